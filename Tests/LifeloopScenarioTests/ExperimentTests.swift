import Foundation
import Testing
@testable import LifeloopScenario
import LifeloopCore

@Suite struct ExperimentTests {
    @Test func theReportDoesNotDependOnTheNumberOfThreads() throws {
        let runner = try Fixtures.runner("feed-jobs.yaml")
        let one = Experiment(runner: runner, seeds: 0...23, jobs: 1).run()
        let three = Experiment(runner: runner, seeds: 0...23, jobs: 3).run()
        #expect(one == three)
        #expect(one.runs == 24)
        #expect(one.seedRanges == [0...23])
    }

    @Test func mergingShardsGivesExactlyTheFiguresOfTheUnshardedRun() throws {
        let runner = try Fixtures.runner("three-windows.yaml")
        let whole = Experiment(runner: runner, seeds: 0...29, jobs: 2).run()
        var merged: ExperimentReport?
        for index in 0..<4 {
            let block = try #require(ShardResolver.seeds(of: 0...29, shard: Shard(index: index, count: 4)))
            let shard = Experiment(runner: runner, seeds: block, jobs: 2).run()
            // Through the file format, as `lifeloop merge` reads it.
            let parsed = try ExperimentReport.parse(Data(shard.json().utf8), file: "shard-\(index).json")
            #expect(parsed == shard)
            if merged == nil { merged = parsed } else { try merged!.merge(parsed) }
        }
        let total = try #require(merged)
        #expect(total == whole)
        #expect(total.json() == whole.json())
        #expect(total.missingRanges(of: 0...29).isEmpty)
        #expect(total.duplicateRanges.isEmpty)
    }

    @Test func mergeFindsMissingAndDuplicateSeeds() throws {
        var a = ExperimentReport(scenarioName: "s", scenarioHash: "h", clock: "virtual")
        a.cover(0...9)
        var b = ExperimentReport(scenarioName: "s", scenarioHash: "h", clock: "virtual")
        b.cover(5...14)
        var c = ExperimentReport(scenarioName: "s", scenarioHash: "h", clock: "virtual")
        c.cover(20...29)
        try a.merge(b)
        try a.merge(c)
        #expect(a.seedRanges == [0...14, 20...29])
        #expect(a.duplicateRanges == [5...9])
        #expect(a.missingRanges(of: 0...34) == [15...19, 30...34])
    }

    @Test func percentilesComeFromHistogramsNeverAveraged() throws {
        var low = ExperimentReport(scenarioName: "s", scenarioHash: "h", clock: "virtual")
        var high = low
        var lowSet = MetricSet()
        var highSet = MetricSet()
        for value in 1...99 { lowSet.record("x", Int64(value), unit: .count, scope: .sample) }
        highSet.record("x", 1_000_000, unit: .count, scope: .sample)
        low.add(RunResult(seed: 0, status: .passed, digest: nil, endTime: 0, turns: 0, windows: [], metrics: lowSet), rerun: "")
        high.add(RunResult(seed: 1, status: .passed, digest: nil, endTime: 0, turns: 0, windows: [], metrics: highSet), rerun: "")
        try low.merge(high)
        let x = try #require(low.metrics["x"])
        #expect(x.values.count == 100)
        #expect(x.values.median == 50)
        #expect(x.values.max == 1_000_000)
        #expect(x.values.value(atPercentile: 99) == 99)
    }

    @Test func negativeOverrunsKeepTheirOrder() throws {
        var histogram = ValueHistogram()
        for value: Int64 in [-16_667_000, -8_000_000, 0, 4_000_000, 20_000_000] { histogram.record(value) }
        #expect(histogram.min == -16_667_000)
        #expect(histogram.value(atPercentile: 20) < -16_000_000)
        #expect(histogram.value(atPercentile: 40) < -7_900_000 && histogram.value(atPercentile: 40) > -8_100_000)
        #expect(histogram.median == 0)
        #expect(histogram.max == 20_000_000)
        let rebuilt = try ValueHistogram(buckets: histogram.buckets, count: histogram.count, min: histogram.min,
                                     max: histogram.max, sum: histogram.sum)
        #expect(rebuilt == histogram)
    }

    @Test func rowsArriveInSeedOrderWhateverFinishesFirst() throws {
        let runner = try Fixtures.runner("seed-segue-jitter.yaml")
        let seeds = Locked<[UInt64]>([])
        let report = Experiment(runner: runner, seeds: 10...39, jobs: 3).run(rows: { result in
            seeds.withLock { $0.append(result.seed) }
        })
        #expect(seeds.withLock { $0 } == Array(10...39))
        #expect(report.failed == 0)
    }

    @Test func failingSeedsAreListedWithACommandThatRerunsThem() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            costs: {A.viewDidLoad: {uniform: [0ms, 20ms]}}
            script:
              - expect: {metric: frameCount, max: -1}
            """)
        let report = Experiment(runner: runner, seeds: 0...4, jobs: 2,
                                rerunCommand: { "lifeloop run test.yaml --seed \($0) --trace seed-\($0).jsonl" }).run()
        #expect(report.failed == 5)
        #expect(report.failures.map(\.seed) == [0, 1, 2, 3, 4])
        #expect(report.failures[2].rerun == "lifeloop run test.yaml --seed 2 --trace seed-2.jsonl")
        #expect(report.text().contains("re-run: lifeloop run test.yaml --seed 2"))
    }

    @Test func csvRowsHaveAColumnPerHeaderField() throws {
        let result = try Fixtures.runner("three-windows.yaml").run(seed: 4)
        let rows = SeedRows.render(result, format: .csv).split(separator: "\n")
        let columns = SeedRows.csvHeader.split(separator: ",").count
        #expect(rows.count == 3, "one row per window")
        for row in rows { #expect(row.split(separator: ",", omittingEmptySubsequences: false).count == columns) }
        #expect(rows[0].hasPrefix("4,passed,phone,"))
    }

    @Test func reportFilesOfAnotherSchemaOrBrokenShapeAreRefusedByName() {
        for (text, expected) in [
            ("{\"schemaVersion\": 2}", "schema version 2 is not supported"),
            ("[1, 2]", "top level is not an object"),
            ("{\"schemaVersion\": 1, \"context\": {}}", "context.scenario: missing"),
            ("not json", "not a JSON report"),
        ] {
            do {
                _ = try ExperimentReport.parse(Data(text.utf8), file: "r.json")
                Issue.record("no error for \(text)")
            } catch {
                #expect("\(error)".hasPrefix("r.json"))
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
