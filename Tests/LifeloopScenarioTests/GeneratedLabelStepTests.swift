import Foundation
import Lifeloop
import LifeloopSamples
import Testing
@testable import LifeloopScenario

/// A scenario's `tap:` takes the label the app gives a view its storyboard leaves
/// unlabelled (`View#2`), as `lifeloop launch --tap` and the daemon do; a label of no
/// such form that the storyboard does not have is still an error at its line.
@Suite struct GeneratedLabelStepTests {
    static let storyboard = """
        {"initialScene": "A", "scenes": [
         {"id": "A", "view": {"label": "A.root", "frame": [0, 0, 414, 736],
                              "subviews": [{"frame": [20, 100, 120, 44], "action": "segue:showB"}]},
          "segues": [{"identifier": "showB", "kind": "present", "destination": "B"}]},
         {"id": "B", "view": {"label": "B.root", "frame": [0, 0, 414, 736]}}]}
        """

    static func runner(tap label: String) throws -> ScenarioRunner {
        let dir = try Fixtures.temporaryDirectory()
        try storyboard.write(toFile: dir + "/Main.storyboard.json", atomically: true, encoding: .utf8)
        let yaml = """
            lifeloop: 1
            app: {storyboard: Main.storyboard.json}
            script:
              - tap: \(label)
              - settle: true
            """
        return try ScenarioRunner(scenario: ScenarioFile.parse(yaml, file: "tap.yaml", directory: dir), catalog: SampleCatalog.apps)
    }

    @Test func aGeneratedLabelIsTappedWhenTheStepRuns() throws {
        // The root is labelled, so the unlabelled button is the app's second View.
        let result = try Self.runner(tap: "View#2").run(seed: 0)
        #expect(result.status == .passed, "\(result.status)")
    }

    @Test func aGeneratedLabelNoViewHasFailsTheRunNotTheFile() throws {
        let result = try Self.runner(tap: "View#9").run(seed: 0)
        guard case .failed(let message) = result.status else {
            Issue.record("expected a failure, got \(result.status)")
            return
        }
        #expect(message.contains("View#9"), "\(message)")
    }

    @Test func anElementReferenceIsLookedUpWhenTheStepRuns() throws {
        for reference in ["'#nothing'", "'@e999'"] {
            let result = try Self.runner(tap: reference).run(seed: 0)
            guard case .failed(let message) = result.status else {
                Issue.record("expected a failure, got \(result.status)")
                continue
            }
            #expect(message.contains(reference.dropFirst().dropLast()), "\(message)")
        }
    }

    @Test func otherUnknownLabelsAreStillErrorsAtTheirLine() throws {
        // (`#2` is not among them: `#name` names an accessibility identifier, looked up
        // when the step runs, as `@e12` names an element.)
        for label in ["A.buton", "View#", "View#02", "View#x"] {
            do {
                _ = try Self.runner(tap: "'\(label)'")
                Issue.record("no error for \(label)")
            } catch {
                #expect("\(error)".hasPrefix("tap.yaml:4:"), "\(error)")
                #expect("\(error)".contains("unknown view label '\(label)'"), "\(error)")
            }
        }
    }

    @Test func generatedLabelForm() {
        for name in ["Button#2", "View#1", "IBHomeController#10", "Box<Int>#3"] {
            #expect(ScenarioNames.isGeneratedLabel(name), "\(name)")
        }
        for name in ["Button", "Button#", "#1", "Button#0", "Button#01", "Button#-1", "Big Button#2", "Button#2a"] {
            #expect(!ScenarioNames.isGeneratedLabel(name), "\(name)")
        }
    }
}
