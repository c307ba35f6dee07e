import ArgumentParser
import Foundation
import LifeloopScenario

/// `lifeloop merge FILES...`: shard results into one report.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge experiment results (shards) into one report; histograms merge, percentiles are recomputed.",
        discussion: """
            Each result is read strictly: valid JSON without duplicate or unknown fields, whole numbers in range, \
            and figures that agree (runs with the seed ranges, a histogram's buckets with its count, min, max and sum). \
            A result that does not, or results that do not merge (another scenario or clock, a total past 64 bits), \
            are named with the field and line:column. \
            Exit status: 0 merged and complete, 1 seeds missing or run twice, 2 bad input.
            """
    )

    @Argument(help: "The JSON results of `lifeloop experiment --format json`, or directories holding them.")
    var files: [String]

    @Option(help: "Write the merged report here (atomically) instead of stdout.")
    var out: String?

    @Option(help: "text or json (default json, mergeable again).")
    var format: ReportFormat = .json

    @Option(help: "The seeds the shards should cover together, A..B; default: the span of the results.")
    var seeds: String?

    func run() throws {
        var paths: [String] = []
        for file in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: file)) ?? []
                paths += names.filter { $0.hasSuffix(".json") }.sorted().map { file + "/" + $0 }
            } else {
                paths.append(file)
            }
        }
        guard !paths.isEmpty else { throw inputError("merge: no result files given") }
        if let out { do { try AtomicFile.checkTarget(out) } catch { throw inputError("--out \(error)") } }
        var merged: ExperimentReport?
        var first = ""
        for path in paths {
            let report: ExperimentReport
            do { report = try ExperimentReport.load(path: path) } catch { throw inputError("\(error)") }
            if var total = merged {
                guard report.scenarioHash == total.scenarioHash, report.scenarioName == total.scenarioName else {
                    throw inputError("\(path) is of scenario \(report.scenarioName) (hash \(report.scenarioHash)), "
                                     + "but \(first) is of \(total.scenarioName) (hash \(total.scenarioHash)): they cannot merge")
                }
                guard report.clock == total.clock else {
                    throw inputError("\(path) ran on the \(report.clock) clock, but \(first) on the \(total.clock) clock: they cannot merge")
                }
                do {
                    try total.merge(report)
                } catch {
                    throw inputError("\(path): \(error.field): cannot merge into the results before it (from \(first) on): \(error.message)")
                }
                merged = total
            } else {
                merged = report
                first = path
            }
        }
        guard let report = merged else { return }
        var complete = true
        let expected: ClosedRange<UInt64>?
        if let seeds {
            do { expected = try SeedRange.parse(seeds) } catch { throw inputError("--seeds \(seeds): \(error)") }
        } else if let low = report.seedRanges.first?.lowerBound, let high = report.seedRanges.last?.upperBound {
            expected = low...high
        } else {
            expected = nil
        }
        if let expected {
            let missing = report.missingRanges(of: expected)
            if !missing.isEmpty {
                complete = false
                log("missing seeds: \(missing.map { "\($0.lowerBound)..\($0.upperBound)" }.joined(separator: ", "))")
            }
        }
        if !report.duplicateRanges.isEmpty {
            complete = false
            log("seeds in more than one result: \(report.duplicateRanges.map { "\($0.lowerBound)..\($0.upperBound)" }.joined(separator: ", "))")
        }
        log("merged \(paths.count) result\(paths.count == 1 ? "" : "s"): \(report.runs) runs, \(report.failed) failed")
        let text = format == .text ? report.text() : report.json(context: [("mergedFrom", "\(paths.count)")])
        if let out {
            do { try AtomicFile.write(text, to: out) } catch { throw inputError("\(error)") }
        } else {
            print(text, terminator: "")
        }
        if !complete { throw ExitCode(1) }
    }

    private func log(_ message: String) {
        writeStandardError(message + "\n")
    }
}
