import Foundation
import LifeloopScenario
import Testing

/// `lifeloop shrink`: ddmin over a scenario's steps, jobs, windows, costs and timings,
/// keeping the failure key, and the block YAML it writes back.
@Suite struct ShrinkTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios").path

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "lifeloop-shrink-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A 100-step script whose failure needs step 17 (a push that animates) and step 57 (an
    /// expect, at 5 s, that at most 5 frames were presented); the other 98 steps let time
    /// pass or settle, and a cost and a job are there to be cut too.
    static func plantedScenario() -> String {
        var lines = [
            "lifeloop: 1",
            "app:",
            "  storyboard: \(samples)/Feed.storyboard.json",
            "windows:",
            "  - {label: main, screen: phone, container: navigation}",
            "costs:",
            "  Feed.viewDidLoad: {uniform: [1ms, 3ms]}",
            "jobs:",
            "  - {label: warm, cost: {lognormal: {median: 5ms, p99: 20ms}}}",
            "script:",
        ]
        for step in 1...100 {
            switch step {
            case 17: lines.append("  - push: Detail")
            case 57: lines.append("  - {at: 5s, expect: {metric: frameCount, max: 5}}")
            case 30: lines.append("  - job: warm")
            default: lines.append(step.isMultiple(of: 3) ? "  - settle: true" : "  - advance: \(step)ms")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aPlantedFailureShrinksToItsTwoStepsInAtMostTwoHundredRuns() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/planted.yaml"
        try Self.plantedScenario().write(toFile: file, atomically: true, encoding: .utf8)
        // The original fails as planted.
        let original = try CLI.run(["run", file, "--seed", "0"])
        #expect(original.status == 1, "\(original.stdout) \(original.stderr)")

        let output = try CLI.run(["shrink", file, "--seed", "0"])
        #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("failure key: expect metric frameCount of all windows at most 5"), "\(output.stdout)")
        let summary = try #require(output.stdout.split(separator: "\n").first { $0.contains("steps 100 → ") })
        #expect(summary.contains("steps 100 → 2,"), "\(summary)")
        let runs = try #require(Int(summary.components(separatedBy: ", in ").last?.components(separatedBy: " runs").first ?? ""))
        #expect(runs <= 200, "\(summary)")
        #expect(output.stdout.contains("failed the same way twice more"))

        // The shrunk file is a scenario: exactly the two planted steps, and it fails alone.
        let shrunk = folder + "/planted.shrunk.yaml"
        #expect(output.stdout.contains("wrote \(shrunk)"))
        let scenario = try ScenarioFile.load(path: shrunk)
        #expect(scenario.steps.count == 2)
        #expect(scenario.steps.first?.action == .push(scene: "Detail"))
        #expect(scenario.steps.last?.action == .expectMetric(metric: .frameCount, window: nil, atMost: 5))
        #expect(scenario.jobs.isEmpty && scenario.costs.isEmpty)
        #expect(scenario.name == "planted", "the shrunk file keeps the original's name")
        let again = try CLI.run(["run", shrunk, "--seed", "0"])
        #expect(again.status == 1)
    }

    /// An app that needs the main thread (main-actor tasks awaiting worker results, the
    /// main queue): every candidate runs on the main thread as `lifeloop run` hosts it, and
    /// a candidate cut short while a task still awaits a job ends quietly.
    @Test func anAppOnTheMainThreadShrinksToo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/concurrency.yaml"
        try """
            lifeloop: 1
            app: {sample: Concurrency}
            windows: [{label: main, screen: phone}]
            script:
              - settle: true
              - advance: 100ms
              - {at: 400ms, expect: {sequence: ["Feed slept", "Feed neverHappens"]}}
              - settle: true
              - advance: 50ms

            """.write(toFile: file, atomically: true, encoding: .utf8)
        // A cut-down script ends while the app's task awaits a worker result: that task never
        // resumes, and its memory stays for the process's life, as an app's does at exit.
        // Under `make asan` the leak check would report it, so it is off for these runs.
        let quiet = ["ASAN_OPTIONS": "detect_leaks=0"]
        let output = try CLI.run(["shrink", file, "--seed", "0", "--out", folder + "/s.yaml"], environment: quiet)
        #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("steps 5 → 1,"), "\(output.stdout)")
        #expect(output.stdout.contains("failed the same way twice more"), "\(output.stdout)")
        #expect(!output.stderr.contains("MISUSE"), "\(output.stderr)")
        let again = try CLI.run(["run", folder + "/s.yaml", "--seed", "0"], environment: quiet)
        #expect(again.status == 1 && again.stdout.contains("neverHappens"), "\(again.stdout)")
        #expect(!again.stderr.contains("MISUSE"), "\(again.stderr)")
    }

    @Test func aDeterminismFailureShrinksKeepingItsFirstDivergentEvent() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["shrink", Self.samples + "/unseeded-random.yaml", "--seed", "0", "--check", "--out", folder + "/s.yaml"])
        #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("failure key: divergence at "), "\(output.stdout)")
        let check = try CLI.run(["check", folder + "/s.yaml", "--quiet"])
        #expect(check.status == 1, "the shrunk scenario still diverges: \(check.stdout)")
    }

    @Test func badInputIsExitStatusTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try CLI.run(["shrink", folder + "/nope.yaml", "--seed", "0"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.yaml"), "\(missing.stderr)")
        // A seed that passes has nothing to shrink.
        let passing = try CLI.run(["shrink", Self.samples + "/seeded-random.yaml", "--seed", "3", "--out", folder + "/x.yaml"])
        #expect(passing.status == 2)
        #expect(passing.stderr.contains("the run passes, so there is no failure to shrink"), "\(passing.stderr)")
        let runs = try CLI.run(["shrink", Self.samples + "/seeded-random.yaml", "--seed", "3", "--max-runs", "0"])
        #expect(runs.status == 2)
        #expect(runs.stderr.contains("--max-runs 0"))
    }

    @Test func theTreeWritesBackTheSameScenario() throws {
        for name in ["feed-jobs.yaml", "three-windows.yaml", "network-feed.yaml", "gallery.yaml"] {
            let path = Self.samples + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let tree = try ScenarioTree.parse(text, file: path)
            let original = try ScenarioFile.parse(text, file: path, directory: Self.samples)
            let written = try ScenarioFile.parse(tree.yaml, file: path, directory: Self.samples)
            #expect(written.steps.map(\.action) == original.steps.map(\.action), "\(name)\n\(tree.yaml)")
            #expect(written.steps.map(\.timing) == original.steps.map(\.timing), "\(name)")
            #expect(written.costs.map(\.cost) == original.costs.map(\.cost), "\(name)")
            #expect(written.jobs.map(\.label) == original.jobs.map(\.label), "\(name)")
            #expect(written.windows == original.windows, "\(name)")
            #expect(written.network?.rules.count == original.network?.rules.count, "\(name)")
        }
    }

    @Test func quotedAndPlainScalarsKeepTheirMeaning() throws {
        let tree = ScenarioTree.map([
            .init(key: "a", value: .scalar("1", plain: false)),
            .init(key: "b", value: .scalar("x: y # z", plain: true)),
            .init(key: "c", value: .list([.scalar("- q", plain: true), .map([.init(key: "d", value: .scalar("line\nbreak", plain: false))])])),
        ])
        let back = try ScenarioTree.parse(tree.yaml, file: "t.yaml")
        #expect(strings(back) == strings(tree), "\(tree.yaml)")
    }

    /// The tree with every scalar's quoting forgotten.
    private func strings(_ tree: ScenarioTree) -> ScenarioTree {
        switch tree {
        case .scalar(let text, _): return .scalar(text, plain: true)
        case .list(let items): return .list(items.map(strings))
        case .map(let entries): return .map(entries.map { .init(key: $0.key, value: strings($0.value)) })
        }
    }
}
