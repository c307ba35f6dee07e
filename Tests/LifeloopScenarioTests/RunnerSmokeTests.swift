import Foundation
import Testing
@testable import LifeloopScenario

@Suite struct RunnerSmokeTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/Scenarios").path

    @Test func seedSegueJitterRuns() throws {
        let scenario = try ScenarioFile.load(path: Self.samples + "/seed-segue-jitter.yaml")
        let runner = try ScenarioRunner(scenario: scenario)
        let (result, events) = try runner.runReturningEvents(seed: 3, options: RunOptions(keepEvents: true))
        print(result.status, result.digest as Any, result.endTime)
        for metric in result.metrics.sorted { print(metric.name, metric.values.count, metric.display(metric.values.median)) }
        print(events.filter { ["A", "B"].contains($0.label) }.map { "\($0.time) \($0.line)" }.joined(separator: "\n"))
        #expect(result.status == .passed)
    }
}
