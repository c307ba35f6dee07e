import ArgumentParser
import Foundation
import LifeloopSamples
import LifeloopScenario

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

    @OptionGroup var formatOptions: TraceFormatOptions

    @Option(help: "Keep only events of these labels (comma-separated), as the spec projects traces.")
    var labels: String?

    @Flag(help: "List the samples and exit.")
    var list = false

    func run() throws {
        if list {
            for sample in SampleCatalog.all {
                print("\(sample.name)\t\(sample.summary)")
            }
            // The apps the daemon and scenarios launch by name: demo runs each to its first settle.
            for app in SampleCatalog.apps.apps where SampleCatalog.named(app.name) == nil {
                print("\(app.name)\t\(app.summary)")
            }
            return
        }
        guard let sample = SampleCatalog.named(name) else {
            if let app = SampleCatalog.apps.app(named: name) { return try runApp(app) }
            let names = (SampleCatalog.all.map(\.name) + SampleCatalog.apps.apps.map(\.name).filter { SampleCatalog.named($0) == nil })
                .joined(separator: ", ")
            throw ValidationError("no sample named '\(name)'; the samples are: \(names)")
        }
        // Samples are small and fixed and build their app inside `run`, so their trace is
        // printed once they are done; `launch` is the one that streams.
        let trace = try sample.run()
        let output = TraceOutput(format: formatOptions.format, labels: labels)
        output.write(trace)
        try output.finish()
    }

    /// A sample app (one `app.launch` and scenarios name): launched on the virtual clock
    /// and settled, its trace printed.
    private func runApp(_ app: AppDefinition) throws {
        let windows = app.windows.isEmpty ? "[{label: main, screen: phone}]" : "[" + app.windows.map { "{label: \($0)}" }.joined(separator: ", ") + "]"
        let text = """
            lifeloop: 1
            name: \(app.name)
            app: {sample: \(app.name)}
            windows: \(windows)
            clock: virtual
            script:
              - settle: true

            """
        let scenario = try ScenarioFile.parse(text, file: "demo \(app.name)", directory: FileManager.default.currentDirectoryPath)
        let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
        let (_, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        let output = TraceOutput(format: formatOptions.format, labels: labels)
        for event in events { output.write(event) }
        try output.finish()
    }
}
