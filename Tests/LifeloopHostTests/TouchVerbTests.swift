import Lifeloop
@testable import LifeloopHost
import LifeloopScenario
import Testing

/// The finger-input verbs map onto the scenario's touch steps, and export back as them.
@Suite struct TouchVerbTests {
    static let scenario = Scenario(name: "t", file: "t.yaml", app: .storyboard(path: "x"))

    static func action(_ method: String, _ params: JSON) throws -> StepAction {
        try AppHost.action(method, Params(params, method: method), scenario: scenario).0
    }

    @Test func tapAtAPointIsADownAndAnUp() throws {
        #expect(try Self.action("app.tap", ["x": 10, "y": 20]) == .touches([
            TouchStep(offset: .zero, input: .down, x: 10, y: 20), TouchStep(offset: .zero, input: .up, x: 10, y: 20),
        ]))
        #expect(try Self.action("app.tap", ["view": "A.button"]) == .tap(label: "A.button"))
    }

    @Test func aDragMovesEveryInterval() throws {
        guard case .touches(let steps) = try Self.action("app.drag", ["path": [[0, 0], [0, 10], [0, 20]], "intervalMs": 10]) else {
            Issue.record("not touches")
            return
        }
        #expect(steps.map(\.input) == [.down, .move, .move, .up])
        #expect(steps.map(\.offset) == [.zero, .milliseconds(10), .milliseconds(20), .milliseconds(20)])
    }

    @Test func badParametersAreInvalidParamsNamingThem() throws {
        for (method, params, expected) in [
            ("app.touch", ["phase": "press", "x": 1, "y": 2] as JSON, "'phase' is one of down, move, up, cancel"),
            ("app.touch", ["phase": "down", "x": 1e9, "y": 2] as JSON, "'x' must be a number within ±100000"),
            ("app.drag", ["path": [[1, 2]]] as JSON, "'path' needs 2 to 10000 points"),
            ("app.drag", ["path": [[1, 2], ["a", 3]]] as JSON, "each path point is [x, y]"),
            ("app.pinch", ["x": 1, "y": 2, "from": 0, "to": 5] as JSON, "'from' must be above 0"),
            ("app.tap", ["view": "A", "x": 1, "y": 2] as JSON, "give 'view' or 'x' and 'y', not both"),
        ] {
            do {
                _ = try Self.action(method, params)
                Issue.record("\(method) \(params.text) was accepted")
            } catch let error as RPCError {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test func typeMapsOntoTheTypeStepAndRefusesBadText() throws {
        #expect(try Self.action("app.type", ["view": "Form.name", "text": "Ada", "submit": true])
            == .typeText(view: "Form.name", text: "Ada", clear: false, submit: true))
        for (params, expected) in [
            (["text": "x"] as JSON, "'view' is required"),
            (["view": "A"] as JSON, "'text' is required"),
            (["view": "A", "text": 3] as JSON, "'text' must be a string"),
            (["view": "A", "text": .string(String(repeating: "x", count: 10_001))] as JSON, "at most 10000"),
            (["view": "A", "text": "x", "into": "B"] as JSON, "unknown parameter 'into'"),
        ] {
            do {
                _ = try Self.action("app.type", params)
                Issue.record("app.type \(params.text.prefix(80)) was accepted")
            } catch let error as RPCError {
                #expect(error.code == -32602 && error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test func typeAndTheListVerbsExportAsScriptSteps() {
        #expect(ScenarioExport.step("app.type", ["view": "F.name", "text": "a \"b\"", "clear": true, "submit": true])
            == #"type: {view: "F.name", text: "a \"b\"", clear: true, submit: true}"#)
        #expect(ScenarioExport.step("app.scroll", ["view": "L", "to": [0, 120.5]]) == #"scroll: {view: "L", to: [0, 120.5]}"#)
        #expect(ScenarioExport.step("app.drag", ["view": "L", "by": [0, -40], "velocity": [0, -900]])
            == #"drag: {view: "L", by: [0, -40], velocity: [0, -900]}"#)
        #expect(ScenarioExport.step("app.tapRow", ["view": "T", "section": 1, "row": 4]) == #"tapRow: {view: "T", section: 1, row: 4}"#)
        #expect(ScenarioExport.step("app.tapRow", ["view": "T", "text": "Ada"]) == #"tapRow: {view: "T", text: "Ada"}"#)
    }

    @Test func theVerbsExportAsScriptSteps() {
        #expect(ScenarioExport.step("app.tap", ["x": 10, "y": 20]) == "tap: {at: [10, 20]}")
        #expect(ScenarioExport.step("app.touch", ["phase": "move", "x": 1, "y": 2, "finger": 1]) == "touch: {move: [1, 2], finger: 1}")
        #expect(ScenarioExport.step("app.drag", ["path": [[0, 0], [5, 5]]]) == "drag: {path: [[0, 0], [5, 5]], every: 16ms}")
    }
}
