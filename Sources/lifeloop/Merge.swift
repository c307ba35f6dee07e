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
            Each result carries a digest per seed: a seed two results both ran with the same digest (a \
            shard that ran twice, as a retried Kubernetes index does) is counted once; the same seed with \
            two digests stops the merge, naming the seed, both digests and both files (the runs are not \
            deterministic). --missing prints the command that runs exactly the missing shards on the \
            engine the results came from (Slurm, GNU parallel, Kubernetes…, recorded in each result). \
            Exit status: 0 merged and complete, 1 seeds missing, run twice or not deterministic, 2 bad input.
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

    @Flag(help: "Print the command that runs exactly the missing shards on the engine the results came from.")
    var missing = false

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
        var loaded: [(path: String, report: ExperimentReport)] = []
        var deduplicated = 0
        for path in paths {
            let report: ExperimentReport
            do { report = try ExperimentReport.load(path: path) } catch { throw inputError("\(error)") }
            if let total = merged, report.seedRanges.contains(where: { range in total.seedRanges.contains { $0.overlaps(range) } }) {
                if try sameRuns(report, path: path, as: loaded) {
                    log("\(path): the same seeds with the same digests as a result before it (a shard that ran twice): counted once")
                    deduplicated += 1
                    continue
                }
            }
            loaded.append((path, report))
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
        log("merged \(paths.count) result\(paths.count == 1 ? "" : "s"): \(report.runs) runs, \(report.failed) failed"
            + (deduplicated > 0 ? " (\(deduplicated) run twice, counted once)" : ""))
        if self.missing {
            let requested = try seeds.map { text in
                do { return try SeedRange.parse(text) } catch { throw inputError("--seeds \(text): \(error)") }
            }
            printMissing(report: report, requested: requested, fallback: expected, paths: loaded.map(\.path))
        }
        let text = format == .text ? report.text() : report.json(context: [("mergedFrom", "\(loaded.count)")])
        if let out {
            do { try AtomicFile.write(text, to: out) } catch { throw inputError("\(error)") }
        } else if !self.missing {
            print(text, terminator: "")
        }
        if !complete { throw ExitCode(1) }
    }

    /// Whether `report`'s seeds were all run before with the same digests, in which case it
    /// is a repeat and is skipped. Throws (exit status 1) when a seed has two digests.
    private func sameRuns(_ report: ExperimentReport, path: String,
                          as earlier: [(path: String, report: ExperimentReport)]) throws -> Bool {
        var compared: UInt64 = 0
        var unknown = false
        for (earlierPath, other) in earlier {
            for mine in report.seedRanges {
                for theirs in other.seedRanges where theirs.overlaps(mine) {
                    var seed = max(mine.lowerBound, theirs.lowerBound)
                    let last = min(mine.upperBound, theirs.upperBound)
                    while true {
                        if let a = other.digest(ofSeed: seed), let b = report.digest(ofSeed: seed) {
                            if a != b {
                                writeStandardError("lifeloop: seed \(seed) ran twice with different results: digest \(hex(a)) in \(earlierPath), "
                                                   + "digest \(hex(b)) in \(path): the runs are not deterministic "
                                                   + "(lifeloop check FILE --seeds \(seed) finds where they part)\n")
                                throw ExitCode(1)
                            }
                            compared += 1
                        } else {
                            unknown = true
                        }
                        if seed == last { break }
                        seed += 1
                    }
                }
            }
        }
        return !unknown && UInt128(compared) == report.seedRanges.reduce(UInt128(0)) { $0 + UInt128($1.upperBound - $1.lowerBound) + 1 }
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Prints, to stdout, the command that runs exactly the shards whose seeds are missing,
    /// on the engine the results record.
    private func printMissing(report: ExperimentReport, requested: ClosedRange<UInt64>?, fallback: ClosedRange<UInt64>?, paths: [String]) {
        var count: Int?
        var engine: SweepEngine?
        var asked = requested
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let context = object["context"] as? [String: Any] else { continue }
            if asked == nil, let range = context["seeds"] as? [Any], range.count == 2,
               let low = (range[0] as? NSNumber)?.uint64Value, let high = (range[1] as? NSNumber)?.uint64Value, low <= high {
                asked = low...high
            }
            if count == nil, let shard = context["shard"] as? [String: Any], let n = shard["count"] as? Int { count = n }
            if engine == nil, let recorded = context["engine"] as? [String: Any], let name = recorded["name"] as? String {
                let variables = (recorded["variables"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                engine = SweepEngine(name: name, variables: variables, command: recorded["command"] as? [String] ?? [])
            }
        }
        guard let expected = asked ?? fallback else { return }
        let shards = count ?? 1
        var missingShards: [Int] = []
        for index in 0..<shards {
            guard let block = ShardResolver.seeds(of: expected, shard: Shard(index: index, count: shards)) else { continue }
            if !report.missingRanges(of: block).isEmpty { missingShards.append(index) }
        }
        if missingShards.isEmpty {
            log("no shard is missing")
            return
        }
        let resolved = engine ?? SweepEngine(name: "shell", variables: [], command: [])
        log("missing shards (of \(shards), engine \(resolved.name)): \(missingShards.map(String.init).joined(separator: ","))")
        print(resolved.resubmission(missing: missingShards, count: shards))
    }

    private func log(_ message: String) {
        writeStandardError(message + "\n")
    }
}
