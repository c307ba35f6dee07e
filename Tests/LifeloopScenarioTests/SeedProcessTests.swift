import Foundation
import Testing
@testable import LifeloopScenario
import LifeloopCore

/// A seed run in a process of its own comes back through a result file: what an
/// experiment keeps of it must come back exactly, and a damaged file must be refused.
@Suite struct SeedProcessTests {
    static func temporaryPath() -> String { NSTemporaryDirectory() + "seed-result-\(UUID().uuidString)" }

    @Test func aResultComesBackExactlyThroughItsFile() throws {
        // A real run with frames (the gallery animates), plus a histogram past the exact
        // limit (its buckets are what travels) and a failure message with spaces and lines.
        let runner = try Fixtures.runner("three-windows.yaml")
        var result = try runner.run(seed: 4, options: RunOptions(digest: true))
        var many = ValueHistogram()
        for value in 0..<5_000 { many.record(Int64(value * 7919 % 100_003) - 20_000) }
        result.metrics.add(Metric(name: "test.spilled", unit: .nanoseconds, scope: .sample, values: many))
        result.status = .failed("expect failed:\n  main.droppedFrames ≤ 0, got 3")
        // The failure key (what a capsule's replay must see again) and the properties the
        // report judges across seeds travel too.
        result.failureKey = "expect metric droppedFrames of main at most 0"
        result.properties = [PropertyOutcome(name: "no drops", kind: .always, held: false),
                             PropertyOutcome(name: "a frame at all", kind: .sometimes, held: true)]
        let path = Self.temporaryPath()
        defer { unlink(path) }
        try SeedProcess.write(result, to: path)
        let back = try SeedProcess.read(path: path, seed: 4)
        #expect(back.seed == result.seed)
        #expect(back.status == result.status)
        #expect(back.digest == result.digest)
        #expect(back.endTime == result.endTime && back.turns == result.turns)
        #expect(back.windows == result.windows)
        #expect(back.metrics == result.metrics)
        #expect(back.failureKey == result.failureKey && back.failureKey != nil)
        #expect(back.properties == result.properties)
        #expect(!result.windows.isEmpty && result.windows.contains { $0.frameCount > 0 })
        // What the report makes of it is the same too.
        var direct = ExperimentReport(scenario: runner.scenario)
        direct.add(result, rerun: "r")
        var read = ExperimentReport(scenario: runner.scenario)
        read.add(back, rerun: "r")
        #expect(direct == read)
    }

    @Test(arguments: [
        ("", "line 1: not a seed result"),
        ("something else\n", "line 1: not a seed result"),
        ("lifeloop-seed-result 1\nseed 5 passed\n", "line 2: expected the result of seed 4"),
        ("lifeloop-seed-result 1\nseed 4 passed\nrun - 10 2\n", "line 4: a field is missing"),
        ("lifeloop-seed-result 1\nseed 4 passed\nrun - -1 2\nend\n", "line 3: '-1' is not a whole number"),
        ("lifeloop-seed-result 1\nseed 4 passed\nrun - 1 2\nmetric eA== ns seed 2 0 0 0 1 0 1\nend\n", "line 4: a histogram's counts do not add up"),
        ("lifeloop-seed-result 1\nseed 4 passed\nrun - 1 2\nmetric eA== ns seed 1 0 0 0 1 9 1\nend\n", "line 4: a bucket does not fit its histogram"),
        ("lifeloop-seed-result 1\nseed 4 maybe\n", "line 2: unknown status 'maybe'"),
        ("lifeloop-seed-result 1\nseed 4 passed\nrun - 1 2\nproperty eA== never 1\nend\n",
         "line 4: a property needs a kind (always, sometimes, reachable) and 0 or 1, found 'never 1'"),
    ])
    func aDamagedResultIsRefusedNamingTheLine(text: String, message: String) throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try SeedProcess.read(path: path, seed: 4)
            Issue.record("read a damaged result")
        } catch {
            #expect("\(error)" == "\(path): \(message)")
        }
    }

    @Test func aChildThatDiesIsAFailedSeedThatSaysSo() {
        let died = SeedProcess(executable: "/bin/sh") { _, _ in ["-c", "kill -SEGV $$"] }.run(seed: 3)
        #expect(died.status == .failed("the seed's process died of signal 11; re-run it alone to see why"))
        let failed = SeedProcess(executable: "/bin/sh") { _, _ in ["-c", "exit 2"] }.run(seed: 3)
        #expect(failed.status == .failed("the seed's process exited with status 2 (its error is above)"))
        let silent = SeedProcess(executable: "/bin/sh") { _, _ in ["-c", "exit 0"] }.run(seed: 3)
        guard case .failed(let message) = silent.status else { Issue.record("a child with no result passed"); return }
        #expect(message.hasPrefix("the seed's process exited without a readable result"))
        let missing = SeedProcess(executable: "/nonexistent/lifeloop") { _, _ in [] }.run(seed: 3)
        guard case .failed(let start) = missing.status else { Issue.record("a missing executable passed"); return }
        #expect(start.hasPrefix("the seed's process could not start (/nonexistent/lifeloop)"))
    }
}
