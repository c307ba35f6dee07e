import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario

/// The finger-input steps: `tap: {at:}`, `touch`, `drag: {path:}` and `pinch`.
@Suite struct TouchStepTests {
    @Test func aTapAtAPointReachesTheViewThereAndRunsItsTapAction() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - at: 100ms
                tap: {at: [80, 122]}
            """)
        let (result, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed)
        let lines = events.map { "\($0.line) \($0.detail)" }
        #expect(lines.contains("A.button touch began 80,122"))
        #expect(lines.contains("A.button touch ended 80,122"))
        #expect(lines.contains("B viewDidAppear "), "the button's segue ran")
    }

    @Test func touchStepsHoldAFingerDownAcrossSteps() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - at: 100ms
                touch: {down: [80, 122]}
              - after: 300ms
                touch: {move: [80, 400], finger: 0}
              - after: 16ms
                touch: {up: [80, 400]}
            """)
        let (result, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed)
        let touches = events.filter { $0.name == "touch" }
        #expect(touches.map { "\($0.line) \($0.detail)" } == ["A.button touch began 80,122", "A.button touch moved 80,400", "A.button touch ended 80,400"])
        #expect(touches.map(\.time) == [100_000_000, 400_000_000, 416_000_000])
        #expect(!events.map(\.line).contains("B viewDidAppear"), "lifted outside the view: no tap action")
    }

    @Test func aDragFromTheLeftEdgePopsTheNavigationStack() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {sample: MultiWindow}
            windows: [{label: phone}]
            script:
              - at: 10ms
                push: Message
                window: phone
              - after: 600ms
                drag: {path: [[4, 300], [40, 300], [150, 300], [300, 300]], every: 16ms}
                window: phone
              - settle: true
            """)
        let (result, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed)
        let message = events.filter { $0.label == "Message" }.map(\.name)
        #expect(message.contains("viewDidDisappear"))
        #expect(events.contains { $0.name == "state" && $0.detail == "began" })
    }

    @Test func theSameDragGivesTheSameTrace() throws {
        let yaml = """
            lifeloop: 1
            app: {sample: MultiWindow}
            windows: [{label: phone}]
            script:
              - at: 10ms
                push: Message
                window: phone
              - after: 600ms
                drag: {path: [[4, 300], [40, 300], [100, 300]], every: 16ms}
                window: phone
              - pinch: {center: [195, 400], from: 100, to: 200}
                window: phone
            """
        let (first, firstEvents) = try Fixtures.runner(yaml: yaml).runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        let (_, secondEvents) = try Fixtures.runner(yaml: yaml).runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(first.status == .passed)
        #expect(firstEvents.contains { $0.name == "touch" && $0.detail.hasPrefix("moved") })
        #expect(firstEvents == secondEvents)
    }

    @Test func badTouchStepsAreErrorsNamingTheField() throws {
        for (step, expected) in [
            ("tap: {at: [1]}", "tap: 'at' must be a point [x, y]"),
            ("tap: {at: [1, 2], when: 3}", "when"),
            ("touch: {down: [1, 2], up: [1, 2]}", "touch needs exactly one of down, move, up, cancel"),
            ("touch: {down: [1e9, 2]}", "touch: 'down' must be a point [x, y] (or {x, y}) within ±100000"),
            ("touch: {down: [1, 2], finger: 12}", "'finger' must be a whole number from 0 to 9, not 12"),
            ("drag: {path: [[1, 2]]}", "'path' needs 2 to 10000 points [x, y], not 1"),
            ("drag: {velocity: 100}", "velocity"),
            ("pinch: {center: [1, 2], from: 0, to: 10}", "pinch: 'from' must be above 0"),
            ("pinch: {center: [1, 2], from: 10, to: 20, steps: 0}", "'steps' must be a whole number from 1 to 1000, not 0"),
        ] {
            #expect(throws: ScenarioError.self, "\(step)") {
                _ = try Fixtures.runner(yaml: """
                    lifeloop: 1
                    app: {storyboard: ../SeedSegue/Main.storyboard.json}
                    script:
                      - \(step)
                    """)
            }
            do {
                _ = try Fixtures.runner(yaml: """
                    lifeloop: 1
                    app: {storyboard: ../SeedSegue/Main.storyboard.json}
                    script:
                      - \(step)
                    """)
            } catch let error as ScenarioError {
                #expect(error.description.contains(expected), "\(error)")
                #expect(error.description.hasPrefix("test.yaml:4:"), "\(error)")
            }
        }
    }

    @Test func aTouchThatDoesNotFitFailsTheRunByName() throws {
        let runner = try Fixtures.runner(yaml: """
            lifeloop: 1
            app: {storyboard: ../SeedSegue/Main.storyboard.json}
            script:
              - touch: {up: [10, 10]}
            """)
        let result = try runner.run(seed: 0)
        guard case .failed(let message) = result.status else {
            Issue.record("no failure")
            return
        }
        #expect(message.contains("finger 0 is not down"), "\(message)")
        #expect(message.hasPrefix("test.yaml:4:"), "\(message)")
    }
}
