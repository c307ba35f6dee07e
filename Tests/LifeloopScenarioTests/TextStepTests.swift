import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario

/// The text-input step: `type: {view:, text:, clear:, submit:}`.
@Suite struct TextStepTests {
    static let header = """
        lifeloop: 1
        app: {sample: AgentTour}
        script:
        """

    @Test func aTypeStepTypesKeyByKeyThroughTheDelegate() throws {
        let runner = try Fixtures.runner(yaml: Self.header + """

              - push: Form
                animated: false
              - settle: true
              - type: {view: Form.digits, text: "4a2"}
              - type: {view: Form.name, text: "Ada", submit: true}
            """)
        let (result, events) = try runner.runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed, "\(result.status)")
        let digits = events.filter { $0.label == "Form.digits" && ["type", "key", "keyRefused"].contains($0.name) }.map { "\($0.name) \($0.detail)" }
        #expect(digits == ["type 3 characters", "key 4", "keyRefused a", "key 2"])
        let name = events.filter { $0.label == "Form.name" }.map(\.name)
        #expect(name.filter { $0 == "editingChanged" }.count == 3 && name.contains("editingDidEndOnExit"))
    }

    @Test func aTypeStepIntoADisabledFieldFailsTheRunByName() throws {
        let runner = try Fixtures.runner(yaml: Self.header + """

              - push: Form
                animated: false
              - type: {view: Form.disabled, text: "x"}
            """)
        guard case .failed(let message) = try runner.run(seed: 0).status else {
            Issue.record("no failure")
            return
        }
        #expect(message.contains("'Form.disabled' is disabled"), "\(message)")
        #expect(message.hasPrefix("test.yaml:6:"), "\(message)")
    }

    @Test func aBadTypeStepIsAnErrorAtItsPlace() throws {
        for (step, expected) in [
            ("type: {view: Form.name}", "type: 'text' is required"),
            ("type: {text: hi}", "type: 'view' is required"),
            ("type: {view: Form.name, text: [1]}", "type: 'text' must be a string"),
            ("type: {view: Form.name, text: hi, submit: maybe}", "submit"),
            ("type: {view: Form.name, text: hi, into: x}", "into"),
            ("type: {view: Form.name, text: \(String(repeating: "a", count: 10_001))}", "at most 10000"),
        ] {
            do {
                _ = try Fixtures.runner(yaml: Self.header + "\n  - " + step)
                Issue.record("\(step) was accepted")
            } catch let error as ScenarioError {
                #expect(error.description.contains(expected), "\(error)")
                #expect(error.description.hasPrefix("test.yaml:4:"), "\(error)")
            }
        }
    }
}
