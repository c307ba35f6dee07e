import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario

@Suite struct ScriptActionTests {
    /// Every kind of step, once, on the MultiWindow sample; each leaves its mark in the trace.
    @Test func everyScriptActionDrivesTheApp() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {sample: MultiWindow}
            unloadPolicy: legacy
            windows: [{label: phone}, {label: tablet}, {label: pro}]
            jobs:
              - {label: refresh, cost: 20ms, then: {display: Inbox.view}}
            script:
              - at: 10ms
                push: Message
                window: phone
              - after: 500ms
                push: Detail
                window: phone
              - after: 500ms
                popToRoot: true
                window: phone
              - after: 500ms
                push: Detail
                window: phone
              - after: 500ms
                interactivePop: {progress: [0.25, 0.5], every: 16ms, then: cancel}
                window: phone
              - after: 500ms
                interactivePop: {progress: [0.4, 0.8], every: 16ms, then: finish}
                window: phone
              - after: 500ms
                selectTab: 2
                window: tablet
              - present: Compose
                style: pageSheet
                window: pro
              - after: 600ms
                dismiss: true
                window: pro
              - after: 500ms
                rotate: true
                window: tablet
              - resize: [500, 700]
                window: pro
              - hide: true
                window: tablet
              - show: true
                window: tablet
              - makeKey: true
                window: pro
              - memoryWarning: true
              - job: refresh
              - advance: 100ms
              - mark: start idle
              - after: 250ms
                mark: end idle
              - settle: true
            """)
        let (result, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed)
        let lines = Set(events.map(\.line))
        for line in ["Message viewDidAppear", "Detail viewDidAppear", "Message viewDidDisappear",
                     "Settings viewDidAppear", "Compose viewDidAppear", "Compose viewDidDisappear",
                     "Tabs viewWillTransitionToSize", "Home viewWillTransitionToSize", "Tabs viewWillDisappear",
                     "pro becomeKeyWindow", "phone resignKeyWindow", "app memoryWarning", "Inbox didReceiveMemoryWarning",
                     "refresh jobSubmit", "Inbox.view drawRect", "mark start", "mark end"] {
            #expect(lines.contains(line), "\(line)")
        }
        // The cancelled interactive pop brings Detail back; the finished one removes it.
        let detail = events.filter { $0.label == "Detail" }.map(\.name)
        #expect(detail.filter { $0 == "viewWillDisappear" }.count == 3)
        #expect(detail.filter { $0 == "viewDidDisappear" }.count == 2)
        #expect(result.metrics["mark.idle"]?.values.max == 250_000_000)
        #expect(result.metrics["latency.selectTab"]?.values.count == 1)
        #expect(result.metrics["latency.rotate"]?.values.count == 1)
    }

    @Test func stepsThatFindNothingToActOnFailTheRunByName() throws {
        for (step, expected) in [
            ("dismiss: true\n    window: pro", "nothing is presented in window 'pro'"),
            ("selectTab: 7\n    window: tablet", "tab 7 is out of range"),
            ("push: Detail\n    window: tablet", "window 'tablet' has no navigation controller"),
            ("selectTab: 0\n    window: phone", "window 'phone' has no tab bar controller"),
        ] {
            let runner = try Fixtures.runner(yaml: """
                lifeloop: 1
                app: {sample: MultiWindow}
                script:
                  - \(step)
                """)
            let result = try runner.run(seed: 0)
            guard case .failed(let message) = result.status else {
                Issue.record("no failure for \(step)")
                continue
            }
            #expect(message.contains(expected), "\(message)")
            #expect(message.hasPrefix("test.yaml:4:"), "\(message)")
        }
    }

    @Test func aTimingDrawnFromTheSeedMovesTheStep() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - at: {uniform: [100ms, 900ms]}
                tap: A.button
            """)
        var times = Set<UInt64>()
        for seed: UInt64 in 0..<8 {
            let (_, events) = try runner.runReturningEvents(seed: seed, options: RunOptions(keepEvents: true))
            let tap = try #require(events.first { $0.name == "tap" })
            #expect(tap.time >= 100_000_000 && tap.time <= 900_000_000)
            times.insert(tap.time)
        }
        #expect(times.count > 4, "eight seeds, different instants")
    }

    @Test func hostClockRunsTheScriptInRealTime() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            clock: host
            costs: {B.viewDidLoad: 5ms}
            script:
              - at: 20ms
                tap: A.button
              - after: 20ms
                tap: B.button
              - settle: true
              - expect: {sequence: ["B viewDidLoad", "B viewDidAppear", "B viewDidDisappear"]}
            """)
        let result = try runner.run(seed: 0)
        #expect(result.status == .passed)
        #expect(result.endTime >= 40_000_000)
        #expect((result.metrics["callback.B.viewDidLoad"]?.values.min ?? 0) >= 5_000_000)
    }
}
