import ArgumentParser
import LifeloopCore
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
        let trace = try sample.run()
        switch format {
        case .lines: print(trace.renderLines(), terminator: "")
        case .jsonl: print(trace.renderJSONLines(), terminator: "")
        }
    }
}
