import Foundation
@testable import LifeloopScenario
import Testing

/// `lifeloop merge` on results that are not what `lifeloop experiment` wrote: real shard
/// files, altered one figure at a time. Each must be refused with exit status 2 and a
/// message naming the file, the field and its line:column: never a trap, never a merge.
@Suite struct MergeInputTests {
    /// Two real shards (seeds 0..3 in halves) and the whole run, as text; made once.
    static let shards: Result<(a: String, b: String), Error> = Result {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var texts: [String] = []
        for index in 0..<2 {
            let path = folder + "/shard-\(index).json"
            let run = try CLI.run(["experiment", Fixtures.samples + "/seed-segue-jitter.yaml", "--seeds", "0..3",
                                   "--shard", "\(index)/2", "--format", "json", "--quiet", "--out", path])
            guard run.status == 0 else { throw MergeTestError(description: "experiment failed: \(run.stderr)") }
            texts.append(try String(contentsOfFile: path, encoding: .utf8))
        }
        return (texts[0], texts[1])
    }

    struct MergeTestError: Error, CustomStringConvertible {
        var description: String
    }

    /// `text` with `old` replaced by `new`, which must occur.
    static func replacing(_ text: String, _ old: String, _ new: String) throws -> String {
        guard text.contains(old) else { throw MergeTestError(description: "\(old) is not in the shard") }
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Merges `texts` written as files; returns the run and the first file's path.
    static func merge(_ texts: [String], arguments: [String] = []) throws -> (output: CLI.Output, paths: [String]) {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let path = folder + "/result-\(index).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        return (try CLI.run(["merge"] + paths + arguments), paths)
    }

    /// Expects exit status 2 and a message naming the file (with a line:column when
    /// `located`) and containing each of `parts`.
    static func expectRefused(_ texts: [String], file: Int = 0, located: Bool = true, _ parts: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (output, paths) = try merge(texts)
        #expect(output.status == 2, "status \(output.status): \(output.stderr)", sourceLocation: sourceLocation)
        let prefix = located ? paths[file] + ":" : paths[file]
        #expect(output.stderr.contains(prefix), "\(output.stderr)", sourceLocation: sourceLocation)
        if located {
            #expect(output.stderr.range(of: #"\.json:\d+:\d+: "#, options: .regularExpression) != nil,
                    "no line:column in \(output.stderr)", sourceLocation: sourceLocation)
        }
        for part in parts {
            #expect(output.stderr.contains(part), "\(part) not in \(output.stderr)", sourceLocation: sourceLocation)
        }
        #expect(output.stdout.isEmpty, "nothing merged is written", sourceLocation: sourceLocation)
    }

    @Test func theRealShardsMergeAndTheResultMergesAgain() throws {
        let (a, b) = try Self.shards.get()
        let first = try Self.merge([a, b], arguments: ["--seeds", "0..3"])
        #expect(first.output.status == 0, "\(first.output.stderr)")
        #expect(first.output.stderr.contains("merged 2 results: 4 runs, 0 failed"))
        let again = try Self.merge([first.output.stdout])
        #expect(again.output.status == 0, "\(again.output.stderr)")
        #expect(again.output.stderr.contains("merged 1 result: 4 runs"))
    }

    @Test(arguments: ["-1", "1e308", "18446744073709551616", "2.5", "\"2\"", "null"])
    func runsThatAreNotACountAreRefused(_ runs: String) throws {
        let (a, b) = try Self.shards.get()
        // A lone shard too: -1 must not merge as 18446744073709551615 runs.
        try Self.expectRefused([try Self.replacing(a, "\"runs\": 2,", "\"runs\": \(runs),")], ["runs"])
        try Self.expectRefused([b, try Self.replacing(a, "\"runs\": 2,", "\"runs\": \(runs),")], file: 1, ["runs"])
    }

    @Test func runsMustMatchTheSeedRanges() throws {
        let (a, _) = try Self.shards.get()
        try Self.expectRefused([try Self.replacing(a, "\"runs\": 2,", "\"runs\": 3,")], ["runs", "seedRanges hold 2 seeds"])
        try Self.expectRefused([try Self.replacing(a, "\"failed\": 0,", "\"failed\": 3,")], ["failed", "more than the 2 runs"])
        // The shard's own seeds say which block it ran.
        try Self.expectRefused([try Self.replacing(a, "\"seedRanges\": [[0, 1]]", "\"seedRanges\": [[0, 0]]")], ["runs"])
        let moved = try Self.replacing(a, "\"seedRanges\": [[0, 1]]", "\"seedRanges\": [[1, 2]]")
        try Self.expectRefused([moved], ["context.shard", "shard 0/2 of seeds 0..3 runs seeds 0..1"])
        try Self.expectRefused([try Self.replacing(a, "\"seedRanges\": [[0, 1]]", "\"seedRanges\": [[1, 0]]")],
                               ["seedRanges[0]", "ends before it starts"])
        try Self.expectRefused([try Self.replacing(a, "\"duplicateSeedRanges\": []", "\"duplicateSeedRanges\": [[7, 8]]")],
                               ["duplicateSeedRanges[0]", "not all in seedRanges"])
    }

    @Test(arguments: ["-1", "1e308", "18446744073709551616", "0.5", "0"])
    func bucketCountsThatAreNotCountsAreRefused(_ count: String) throws {
        let (a, b) = try Self.shards.get()
        let altered = a
        let bucket = try #require(altered.range(of: #""run.turns": \{.*?"buckets": \[\[(-?\d+), (\d+)\]"#, options: .regularExpression))
        let text = String(altered[bucket])
        let rewritten = text.replacingOccurrences(of: #", \d+\]$"#, with: ", \(count)]", options: .regularExpression)
        try Self.expectRefused([b, altered.replacingCharacters(in: bucket, with: rewritten)], file: 1,
                               ["metrics.run.turns.histogram.buckets[0][1]"])
    }

    @Test func histogramFiguresMustAgreeWithTheBuckets() throws {
        let (a, b) = try Self.shards.get()
        // A minimum of -9.2e12 ms beside buckets that start far above it.
        let histogram = try #require(a.range(of: #""run.turns": \{.*?"histogram": \{"unit": "count", "count": 2, "min": (\d+)"#,
                                             options: .regularExpression))
        let minimum = String(a[histogram]).replacingOccurrences(of: #""min": \d+$"#, with: "\"min\": -9200000000000000000",
                                                                 options: .regularExpression)
        try Self.expectRefused([b, a.replacingCharacters(in: histogram, with: minimum)], file: 1,
                               ["metrics.run.turns.histogram.min", "is not the smallest value"])
        // A bucket value of 2^63 is not a 64-bit value at all.
        let bucket = try #require(a.range(of: #""run.turns": \{.*?"buckets": \[\[\d+"#, options: .regularExpression))
        let huge = String(a[bucket]).replacingOccurrences(of: #"\[\[\d+$"#, with: "[[9223372036854775808", options: .regularExpression)
        try Self.expectRefused([a.replacingCharacters(in: bucket, with: huge), b],
                               ["metrics.run.turns.histogram.buckets[0][0]", "expected a whole number"])
        // A sum that is not the sum of the exact values.
        let sum = try #require(a.range(of: #""run.turns": \{.*?"sum": -?\d+"#, options: .regularExpression))
        let wrong = String(a[sum]).replacingOccurrences(of: #""sum": -?\d+$"#, with: "\"sum\": 1", options: .regularExpression)
        try Self.expectRefused([a.replacingCharacters(in: sum, with: wrong)], ["metrics.run.turns.histogram.sum"])
    }

    @Test func duplicateAndUnknownFieldsAreRefusedWithTheirPosition() throws {
        let (a, _) = try Self.shards.get()
        try Self.expectRefused([try Self.replacing(a, "\"failed\": 0,", "\"failed\": 0, \"failed\": 0,")],
                               ["duplicate key \"failed\""])
        try Self.expectRefused([try Self.replacing(a, "\"failed\": 0,", "\"failed\": 0, \"passed\": 2,")],
                               ["passed", "unknown field"])
        try Self.expectRefused([try Self.replacing(a, "\"failed\": 0,", "\"failed\": 0, // a comment\n")], ["not a JSON report"])
        try Self.expectRefused([try Self.replacing(a, "\"scope\": \"seed\"", "\"scope\": \"seed\", \"colour\": 1")],
                               ["unknown field \"colour\""])
    }

    @Test func resultsOfAnotherClockOrScenarioNameDoNotMerge() throws {
        let (a, b) = try Self.shards.get()
        let host = try Self.merge([a, try Self.replacing(b, "\"clock\": \"virtual\"", "\"clock\": \"host\"")])
        #expect(host.output.status == 2)
        #expect(host.output.stderr.contains("host clock"), "\(host.output.stderr)")
        try Self.expectRefused([try Self.replacing(a, "\"clock\": \"virtual\"", "\"clock\": \"sundial\"")], ["context.clock"])
    }

    /// Totals of many valid results that pass 64 bits: a clear error, not a trap or a wrap.
    @Test func totalsPastSixtyFourBitsAreRefused() throws {
        func report(runs: String, seeds: String, metrics: String = "") -> String {
            """
            {"schemaVersion": 1, "context": {"lifeloopVersion": "0.4.0", "scenario": "s", "scenarioHash": "h", "clock": "virtual"},
             "runs": \(runs), "failed": 0, "seedRanges": [\(seeds)], "duplicateSeedRanges": [], "failures": [],
             "slowestSeeds": [], "metrics": {\(metrics)}}
            """
        }
        let most = report(runs: "18446744073709551615", seeds: "[0, 18446744073709551614]")
        let one = report(runs: "1", seeds: "[18446744073709551615, 18446744073709551615]")
        let runs = try Self.merge([most, one])
        #expect(runs.output.status == 2, "\(runs.output.stderr)")
        #expect(runs.output.stderr.contains(runs.paths[1] + ": runs: cannot merge"), "\(runs.output.stderr)")

        let big = "5000000000000000000"
        let metric = """
            "x": {"unit": "count", "scope": "seed", "count": 1, "min": \(big), "median": \(big), "max": \(big), "p50": \(big), \
            "p90": \(big), "p95": \(big), "p99": \(big), "histogram": {"unit": "count", "count": 1, "min": \(big), \
            "max": \(big), "sum": \(big), "buckets": [[\(big), 1]]}}
            """
        let first = report(runs: "1", seeds: "[0, 0]", metrics: metric)
        let second = report(runs: "1", seeds: "[1, 1]", metrics: metric)
        let alone = try Self.merge([first])
        #expect(alone.output.status == 0, "each is valid: \(alone.output.stderr)")
        let sums = try Self.merge([first, second])
        #expect(sums.output.status == 2, "\(sums.output.stderr)")
        #expect(sums.output.stderr.contains("metrics.x.histogram: cannot merge"), "\(sums.output.stderr)")
        #expect(sums.output.stderr.contains("sum"), "\(sums.output.stderr)")
    }
}

/// `lifeloop merge` of a large shard takes at most ten times the file's size in memory above
/// the process's baseline (twenty under AddressSanitizer), measured as ``ParseMemoryTests``
/// measures the storyboard reader: the child's peak RSS from `wait4`.
///
/// What makes a shard large is its histograms: many metrics (`mark.NAME`, `callback.C.EVENT`,
/// `pass.layout@W`), each past 512 values spread over many HdrHistogram buckets, one
/// `[value, count]` pair per bucket. Read through JSONSerialization (an object per number)
/// such a file peaked at about fifteen times its size.
@Suite(.serialized) struct MergeMemoryTests {
    /// A shard of `seeds` seeds whose runs each record `samples` values, spread
    /// log-uniformly from 1 µs to 10 s, into each of `metrics` sample metrics.
    static func shard(metrics: Int, seeds: UInt64, samples: Int) -> String {
        var report = ExperimentReport(scenarioName: "big", scenarioHash: "0123456789abcdef", clock: "virtual")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for seed in 0..<seeds {
            var set = MetricSet()
            for metric in 0..<metrics {
                for _ in 0..<samples {
                    let exponent = 3 + 7 * Double(next() >> 11) / Double(1 << 53)
                    set.record("mark.step-\(metric)", Int64(pow(10, exponent)), unit: .nanoseconds, scope: .sample)
                }
            }
            report.add(RunResult(seed: seed, status: .passed, digest: nil, endTime: 0, turns: 0, windows: [], metrics: set),
                       rerun: "lifeloop run big.yaml --seed \(seed)")
        }
        report.cover(0...(seeds - 1))
        return report.json(context: [("seeds", "[0, \(seeds - 1)]"), ("shard", "{\"index\": 0, \"count\": 1}")])
    }

    /// A shard of `metrics` sample metrics, each a few hundred bytes: 1000 values of 1 ns
    /// and one of about 10^12 ns (every other metric also one of about -10^12): two or three
    /// buckets far apart, which a dense bucket array spans with 250 KB per sign.
    static func sparseShard(metrics: Int) throws -> String {
        let far = ValueHistogram.representative(1_000_000_000_000)
        var report = ExperimentReport(scenarioName: "sparse", scenarioHash: "0123456789abcdef", clock: "virtual")
        var set = MetricSet()
        set.add(Metric(name: "wide", unit: .nanoseconds, scope: .sample,
                       values: try ValueHistogram(buckets: [(1, 1000), (far, 1)], count: 1001, min: 1, max: far, sum: 1000 + far)))
        set.add(Metric(name: "wider", unit: .nanoseconds, scope: .sample,
                       values: try ValueHistogram(buckets: [(-far, 1), (1, 1000), (far, 1)], count: 1002, min: -far, max: far, sum: 1000)))
        report.add(RunResult(seed: 0, status: .passed, digest: nil, endTime: 0, turns: 0, windows: [], metrics: set), rerun: "r")
        report.cover(0...0)
        let text = report.json(context: [("seeds", "[0, 0]")])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let wide = lines.firstIndex(where: { $0.hasPrefix("    \"wide\": ") }),
              let wider = lines.firstIndex(where: { $0.hasPrefix("    \"wider\": ") }) else {
            throw MergeInputTests.MergeTestError(description: "no metric lines in \(text)")
        }
        let templates = [lines[wide].dropFirst(12).drop { $0 == " " }, lines[wider].dropFirst(13).drop { $0 == " " }]
            .map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
        let many = (0..<metrics).map { "    \"mark.step-\($0)\": " + templates[$0 % 2] }.joined(separator: ",\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("  \"metrics\": {") })
        // The metrics close with "  }", or "  }," when seed digests follow.
        let end = try #require(lines[start...].firstIndex { $0 == "  }" || $0 == "  }," })
        return (lines[...start] + [Substring(many)] + lines[end...]).joined(separator: "\n")
    }

    /// A shard of many sparse metrics (two or three buckets each, 10^12 apart) merges within ten
    /// times its size: a dense bucket array per histogram took thousands of times its size.
    @Test func mergingAShardOfSparseWideHistogramsPeaksBelowTenTimesItsSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiny = folder + "/tiny.json"
        let sparse = folder + "/sparse.json"
        try Self.sparseShard(metrics: 2).write(toFile: tiny, atomically: false, encoding: .utf8)
        try Self.sparseShard(metrics: 3000).write(toFile: sparse, atomically: false, encoding: .utf8)
        let size = try #require(FileManager.default.attributesOfItem(atPath: sparse)[.size] as? Int)
        #expect(size > 800_000 && size < 2_000_000, "\(size) bytes")

        func merge(_ file: String) throws -> MeasuredRun {
            let err = folder + "/stderr.txt"
            let arguments = ["merge", file, "--out", folder + "/merged.json"]
            let nice = "/usr/bin/nice"
            let run = FileManager.default.isExecutableFile(atPath: nice)
                ? try MeasuredRun(nice, ["-n", "19", CLI.executable] + arguments, stdout: folder + "/stdout.txt", stderr: err)
                : try MeasuredRun(CLI.executable, arguments, stdout: folder + "/stdout.txt", stderr: err)
            #expect(run.exitStatus == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
            return run
        }
        let baseline = try merge(tiny)
        let measured = try merge(sparse)
        let merged = try String(contentsOfFile: folder + "/merged.json", encoding: .utf8)
        #expect(merged.contains("\"mark.step-2999\""))
        // What was merged is what was read: the far buckets are still there.
        #expect(merged.contains("[[-\(ValueHistogram.representative(1_000_000_000_000)), 1], [1, 1000], ["))

        // The child's peak is at least the parent's size when it started (see MeasuredRun),
        // which other tests may have grown since the baseline: the floor is the larger.
        let sizeKiB = size / 1024
        let limit = Swift.max(baseline.peakKiB, measured.parentKiB) + ParseMemoryTests.allowance * sizeKiB
        #expect(measured.peakKiB <= limit,
                """
                peak RSS \(measured.peakKiB) KiB for a \(sizeKiB) KiB shard: \
                \(Double(measured.peakKiB - baseline.peakKiB) / Double(sizeKiB))× its size above the \
                baseline \(baseline.peakKiB) KiB (parent \(measured.parentKiB) KiB); limit \(limit) KiB
                """)
    }

    @Test func mergingA20MBShardPeaksBelowTenTimesItsSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiny = folder + "/tiny.json"
        let large = folder + "/large.json"
        try Self.shard(metrics: 1, seeds: 1, samples: 1).write(toFile: tiny, atomically: false, encoding: .utf8)
        try Self.shard(metrics: 70, seeds: 64, samples: 400).write(toFile: large, atomically: false, encoding: .utf8)
        let size = try #require(FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        #expect(size > 15_000_000 && size < 30_000_000, "\(size) bytes")

        func merge(_ file: String) throws -> MeasuredRun {
            let out = folder + "/stdout.txt"
            let err = folder + "/stderr.txt"
            let arguments = ["merge", file, "--out", folder + "/merged.json"]
            // At the lowest priority, as ParseMemoryTests does: nice execs lifeloop in the same process.
            let nice = "/usr/bin/nice"
            let run = FileManager.default.isExecutableFile(atPath: nice)
                ? try MeasuredRun(nice, ["-n", "19", CLI.executable] + arguments, stdout: out, stderr: err)
                : try MeasuredRun(CLI.executable, arguments, stdout: out, stderr: err)
            #expect(run.exitStatus == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
            return run
        }
        let baseline = try merge(tiny)
        let measured = try merge(large)
        #expect(try String(contentsOfFile: folder + "/merged.json", encoding: .utf8).contains("\"mark.step-69\""))

        let sizeKiB = size / 1024
        let limit = baseline.peakKiB + ParseMemoryTests.allowance * sizeKiB
        #expect(measured.peakKiB <= limit,
                """
                peak RSS \(measured.peakKiB) KiB for a \(sizeKiB) KiB shard: \
                \(Double(measured.peakKiB - baseline.peakKiB) / Double(sizeKiB))× its size above the \
                baseline \(baseline.peakKiB) KiB (parent \(measured.parentKiB) KiB); limit \(limit) KiB
                """)
    }
}
