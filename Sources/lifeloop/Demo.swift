import ArgumentParser
import Foundation
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
        let trace = try sample.run()
        print(TraceOutput(format: format, labels: labels).render(trace), terminator: "")
    }
}

/// The trace printing options the commands share.
struct TraceOutput {
    let format: Demo.Format
    let labels: String?

    func render(_ trace: Trace) -> String {
        var events = trace.events
        if let labels {
            let keep = Set(labels.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            events = events.filter { keep.contains($0.label) }
        }
        switch format {
        case .lines: return events.map { $0.line + "\n" }.joined()
        case .jsonl: return events.map { $0.jsonLine + "\n" }.joined()
        }
    }
}
