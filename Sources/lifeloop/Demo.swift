import ArgumentParser
import LifeloopSamples

/// `lifeloop demo [NAME]`: runs a sample on the virtual clock and prints its trace.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a sample on the virtual clock and print its trace."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case lines
        case jsonl
    }

    @Argument(help: "The sample to run (see --list).")
    var name: String = SampleCatalog.defaultName

    @Option(help: "How to print the trace: lines (label event) or jsonl.")
    var format: Format = .lines

    @Option(help: "Keep only events of these labels (comma-separated), as the spec projects traces.")
    var labels: String?

    @Flag(help: "List the samples and exit.")
    var list = false

    func run() throws {
        if list {
            for sample in SampleCatalog.all {
                print("\(sample.name)\t\(sample.summary)")
            }
            return
        }
        guard let sample = SampleCatalog.named(name) else {
            let names = SampleCatalog.all.map(\.name).joined(separator: ", ")
            throw ValidationError("no sample named '\(name)'; the samples are: \(names)")
        }
        // Samples are small and fixed and build their app inside `run`, so their trace is
        // printed once they are done; `launch` is the one that streams.
        let trace = try sample.run()
        let output = TraceOutput(format: format, labels: labels)
        output.write(trace)
        try output.finish()
    }
}
