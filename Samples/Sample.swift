import Lifeloop

/// A runnable sample: builds a program on a loop of its own, runs it and returns the
/// loop's trace. `lifeloop demo NAME` runs one and prints the trace.
public struct Sample: Sendable {
    /// The name `lifeloop demo` takes.
    public let name: String
    /// One line on what it shows.
    public let summary: String
    /// Runs the sample on a fresh loop (virtual clock) and returns the trace.
    public let run: @Sendable () throws -> Trace

    /// A sample named `name` that `run` runs.
    public init(name: String, summary: String, run: @escaping @Sendable () throws -> Trace) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}

/// Every sample, in the order `lifeloop demo --list` shows them.
public enum SampleCatalog {
    /// The samples, in `lifeloop demo --list` order.
    public static let all: [Sample] = [
        SeedSegue.sample,
        MultiWindow.sample,
        ViewTree.sample,
        AutoLayoutFrames.sample,
        MemoryWarning.sample,
        CoreTour.sample,
    ]

    /// The sample `make demo` runs.
    public static let defaultName = "SeedSegue"

    /// Looks a sample up by name, ignoring case.
    public static func named(_ name: String) -> Sample? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }
}
