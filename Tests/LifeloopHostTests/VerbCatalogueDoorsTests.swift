import Lifeloop
@testable import LifeloopHost
@testable import LifeloopScenario
import Testing

/// Each verb the catalogue declares gives the same step through every door: a scenario
/// file's step (in every spelling it takes), the daemon's call (read in this process by
/// the app host) and the step the session exporter writes for that call; every verb has
/// its daemon method and, where it has one, its MCP tool; a bad argument is refused
/// naming the verb and the parameter.
@Suite struct VerbCatalogueDoorsTests {
    /// A daemon that records what it is asked and answers nothing.
    final class RecordingDaemon: DaemonConnection {
        var methods: [String] = []
        func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
            methods.append(method)
            throw RPCError.methodNotFound(method)
        }
        func exitNotice(app: String, within seconds: Double) -> JSON? { nil }
    }

    static let scenario = Scenario(name: "t", file: "t.yaml", app: .storyboard(path: "x"))
    static let header = "lifeloop: 1\napp: {sample: MultiWindow}\njobs:\n  - {label: fetch, cost: 1ms}\n"

    /// A verb through the doors: scenario lines (each a spelling), a daemon call, the step.
    struct Case: Sendable {
        let lines: [String]
        let method: String
        let params: JSON
        let action: StepAction
    }

    static let cases: [Case] = [
        Case(lines: ["push: Detail", "push: {scene: Detail}"], method: "app.push", params: ["scene": "Detail"], action: .push(scene: "Detail")),
        Case(lines: ["push: 404"], method: "app.push", params: ["scene": "404"], action: .push(scene: "404")),
        Case(lines: ["pop: true"], method: "app.pop", params: [:], action: .pop),
        Case(lines: ["popToRoot: true"], method: "app.popToRoot", params: [:], action: .popToRoot),
        Case(lines: ["present: Sheet"], method: "app.present", params: ["scene": "Sheet"], action: .present(scene: "Sheet", style: nil)),
        Case(lines: ["present: Sheet\n    style: formSheet", "present: {scene: Sheet, style: formSheet}"], method: "app.present",
             params: ["scene": "Sheet", "style": "formSheet"], action: .present(scene: "Sheet", style: .formSheet)),
        Case(lines: ["dismiss: true"], method: "app.dismiss", params: [:], action: .dismiss),
        Case(lines: ["selectTab: 2", "selectTab: {index: 2}"], method: "app.selectTab", params: ["index": 2], action: .selectTab(index: 2)),
        Case(lines: ["rotate: true"], method: "app.rotate", params: [:], action: .rotate),
        Case(lines: ["resize: [390, 844.5]", "resize: {width: 390, height: 844.5}"], method: "app.resize",
             params: ["width": 390, "height": 844.5], action: .resize(Size(width: 390, height: 844.5))),
        Case(lines: ["hide: true"], method: "app.hide", params: [:], action: .hide),
        Case(lines: ["show: true"], method: "app.show", params: [:], action: .show),
        Case(lines: ["makeKey: true"], method: "app.makeKey", params: [:], action: .makeKey),
        Case(lines: ["memoryWarning: true"], method: "app.memoryWarning", params: [:], action: .memoryWarning),
        Case(lines: ["appState: background", "appState: {to: background}"], method: "app.state", params: ["to": "background"],
             action: .appState(.background)),
        Case(lines: ["job: fetch", "job: {label: fetch}"], method: "app.job", params: ["label": "fetch"], action: .startJob(label: "fetch")),
        Case(lines: ["tap: A.button", "tap: {view: A.button}"], method: "app.tap", params: ["view": "A.button"], action: .tap(label: "A.button")),
        Case(lines: ["tap: {view: A.button, finger: 0}"], method: "app.tap", params: ["view": "A.button", "finger": 0], action: .tap(label: "A.button")),
        Case(lines: ["tap: {at: [10, 20], finger: 1}", "tap: {x: 10, y: 20, finger: 1}"], method: "app.tap", params: ["x": 10, "y": 20, "finger": 1],
             action: .touches([TouchStep(offset: .zero, input: .down, x: 10, y: 20, finger: 1), TouchStep(offset: .zero, input: .up, x: 10, y: 20, finger: 1)])),
        Case(lines: ["touch: {move: [5, 6], finger: 2}", "touch: {phase: move, x: 5, y: 6, finger: 2}"], method: "app.touch",
             params: ["phase": "move", "x": 5, "y": 6, "finger": 2], action: .touches([TouchStep(offset: .zero, input: .move, x: 5, y: 6, finger: 2)])),
        Case(lines: ["drag: {path: [[0, 0], [0, 10]], every: 10ms}", "drag: {path: [[0, 0], [0, 10]], intervalMs: 10}"], method: "app.drag",
             params: ["path": [[0, 0], [0, 10]], "intervalMs": 10], action: .touches(TouchStep.drag([(0, 0), (0, 10)], every: .milliseconds(10)))),
        Case(lines: ["drag: {view: L, by: [0, -50], velocity: [0, 100]}"], method: "app.drag", params: ["view": "L", "by": [0, -50], "velocity": [0, 100]],
             action: .list(.drag(view: "L", by: [0, -50], velocity: [0, 100], at: nil))),
        Case(lines: ["pinch: {center: [100, 200], from: 50, to: 150, steps: 3, every: 20ms}"], method: "app.pinch",
             params: ["x": 100, "y": 200, "from": 50, "to": 150, "steps": 3, "intervalMs": 20],
             action: .touches(TouchStep.pinch(center: (100, 200), from: 50, to: 150, moves: 3, every: .milliseconds(20)))),
        Case(lines: ["scroll: {view: L, by: [0, 300]}"], method: "app.scroll", params: ["view": "L", "by": [0, 300]],
             action: .list(.scroll(view: "L", to: nil, by: [0, 300], animated: true))),
        Case(lines: ["scroll: {view: L, to: [0, 5]}\n    animated: false"], method: "app.scroll", params: ["view": "L", "to": [0, 5], "animated": false],
             action: .list(.scroll(view: "L", to: [0, 5], by: nil, animated: false))),
        Case(lines: ["tapRow: {view: T, section: 1, row: 4}", "tapRow: {view: T, section: 1, item: 4}"], method: "app.tapRow",
             params: ["view": "T", "section": 1, "row": 4], action: .list(.tapRowAt(view: "T", section: 1, row: 4))),
        Case(lines: ["tapRow: {view: T, text: Milk}"], method: "app.tapRow", params: ["view": "T", "text": "Milk"],
             action: .list(.tapRowWithText(view: "T", text: "Milk"))),
        Case(lines: ["type: {view: F.name, text: \"Ada\", submit: true}", "type: {view: F.name, text: Ada, clear: false, submit: true}"],
             method: "app.type", params: ["view": "F.name", "text": "Ada", "submit": true],
             action: .typeText(view: "F.name", text: "Ada", clear: false, submit: true)),
        Case(lines: ["interactivePop: {progress: [0.2, 0.5], every: 20ms, then: cancel}"], method: "app.interactivePop",
             params: ["progress": [0.2, 0.5], "intervalMs": 20, "finish": false],
             action: .interactivePop(progress: [0.2, 0.5], interval: .milliseconds(20), finish: false)),
        Case(lines: ["keyPress: return"], method: "app.keyPress", params: ["key": "return"], action: .gesture(.keyPress(.return))),
        Case(lines: ["back: true"], method: "app.back", params: [:], action: .gesture(.back)),
        Case(lines: [##"focus: "#email""##, ##"focus: {target: "#email"}"##], method: "app.focus", params: ["target": "#email"],
             action: .gesture(.focus("#email"))),
        Case(lines: ["selectText: {target: F.name, location: 1, length: 2}"], method: "app.selectText",
             params: ["target": "F.name", "location": 1, "length": 2], action: .gesture(.selectText("F.name", location: 1, length: 2))),
        Case(lines: ["dismissKeyboard: true"], method: "app.dismissKeyboard", params: [:], action: .gesture(.dismissKeyboard)),
    ]

    static func scenarioAction(_ line: String) throws -> StepAction {
        let parsed = try ScenarioFile.parse(header + "script:\n  - " + line + "\n", file: "doors.yaml", directory: "/tmp")
        return try #require(parsed.steps.first, "no step from: \(line)").action
    }

    static func daemonAction(_ method: String, _ params: JSON) throws -> StepAction {
        try AppHost.action(method, Params(params, method: method), scenario: scenario).0
    }

    @Test func aVerbGivesTheSameStepThroughTheScenarioFileTheDaemonAndTheExport() throws {
        for check in Self.cases {
            for line in check.lines {
                #expect(try Self.scenarioAction(line) == check.action, "\(line)")
            }
            #expect(try Self.daemonAction(check.method, check.params) == check.action, "\(check.method) \(check.params.text)")
            // The exporter's step for the daemon's call reads back as the same step.
            let exported = try #require(ScenarioExport.step(check.method, check.params.object ?? [:]), "\(check.method)")
            // The exporter writes `animated: false` as the step's own field, as it does for every verb.
            let step = exported + (check.params["animated"] == false ? "\n    animated: false" : "")
            #expect(try Self.scenarioAction(step) == check.action, "\(step)")
        }
    }

    @Test func theExportWritesEachVerbAsTheScenarioFileDoes() {
        let cases: [(String, [String: JSON], String)] = [
            ("app.push", ["scene": "Detail", "app": "app-1"], #"push: "Detail""#),
            ("app.present", ["scene": "Sheet", "style": "pageSheet"], "present: \"Sheet\"\n    style: \"pageSheet\""),
            ("app.pop", ["window": "main"], "pop: true"),
            ("app.selectTab", ["index": 1], "selectTab: 1"),
            ("app.resize", ["width": 390, "height": 844.5], "resize: [390, 844.5]"),
            ("app.state", ["to": "background"], "appState: background"),
            ("app.job", ["label": "fetch"], #"job: "fetch""#),
            ("app.memoryWarning", [:], "memoryWarning: true"),
            ("app.tap", ["view": "A"], #"tap: "A""#),
            ("app.tap", ["x": 10, "y": 20.5, "finger": 1], "tap: {at: [10, 20.5], finger: 1}"),
            ("app.touch", ["phase": "up", "x": 1, "y": 2], "touch: {up: [1, 2]}"),
            ("app.drag", ["path": [[0, 0], [0, 10]]], "drag: {path: [[0, 0], [0, 10]], every: 16ms}"),
            ("app.drag", ["view": "L", "by": [0, -50], "at": [1, 2]], #"drag: {view: "L", by: [0, -50], at: [1, 2]}"#),
            ("app.pinch", ["x": 1, "y": 2, "from": 3, "to": 4], "pinch: {center: [1, 2], from: 3, to: 4, steps: 5, every: 16ms}"),
            ("app.tapRow", ["view": "T", "row": 2], #"tapRow: {view: "T", section: 0, row: 2}"#),
            ("app.interactivePop", ["progress": [0.2, 0.4], "finish": false], "interactivePop: {progress: [0.2, 0.4], every: 16ms, then: cancel}"),
        ]
        for (method, params, step) in cases {
            #expect(ScenarioExport.step(method, params) == step, "\(method)")
        }
    }

    @Test func everyVerbHasItsDaemonMethodAndItsMCPTool() {
        let tools = Set(MCPTools.all.map(\.name))
        for verb in VerbCatalogue.verbs {
            #expect(Daemon.methods.contains(verb.daemonMethod), "\(verb.daemonMethod)")
            #expect(Daemon.forwarded[verb.daemonMethod] == verb.daemonMethod, "\(verb.daemonMethod)")
            #expect(VerbCatalogue.verb(daemonMethod: verb.daemonMethod)?.name == verb.name)
            #expect(VerbCatalogue.verb(scenarioKey: verb.scenarioKey)?.name == verb.name)
            #expect(ScriptReader.actions.contains(verb.scenarioKey), "\(verb.scenarioKey)")
            if let tool = verb.mcpTool {
                #expect(tools.contains(tool), "\(verb.name): \(tool)")
            }
        }
        #expect(Daemon.actionMethods.contains("app.step"), "app.step stays a host method")
        #expect(VerbCatalogue.verb(daemonMethod: "app.step") == nil)
        #expect(Set(VerbCatalogue.verbs.map(\.name)).count == VerbCatalogue.verbs.count, "no verb is declared twice")
    }

    @Test func aBadArgumentIsRefusedNamingTheVerbAndTheParameter() throws {
        let refusals: [(String, JSON, String)] = [
            ("app.selectTab", ["index": -1], "app.selectTab: selectTab: 'index' must be a whole number from 0 to 10000"),
            ("app.selectTab", [:], "app.selectTab: selectTab: 'index' is required"),
            ("app.resize", ["width": 0, "height": 10], "app.resize: resize: 'width' must be above 0"),
            ("app.state", ["to": "asleep"], "app.state: appState: 'to' is one of resignActive"),
            ("app.present", ["scene": "A", "style": "sheet"], "app.present: present: 'style' is one of automatic"),
            ("app.push", ["scene": 42], "app.push: push: 'scene' must be a string"),
            ("app.pop", ["scene": "A"], "app.pop: unknown parameter 'scene'"),
            ("app.tap", ["view": "A", "x": 1, "y": 2], "app.tap: tap: give 'view' or 'x' and 'y', not both"),
            ("app.interactivePop", ["progress": [1.5]], "app.interactivePop: interactivePop: 'progress' must be a list of 1 to 10000 numbers from 0 to 1; [0] is 1.5"),
            ("app.tapRow", ["view": "T", "row": 1, "text": "A"], "app.tapRow: tapRow takes text: or row: (with section:), not both"),
        ]
        for (method, params, expected) in refusals {
            do {
                _ = try Self.daemonAction(method, params)
                Issue.record("\(method) \(params.text) was taken")
            } catch let error as RPCError {
                #expect(error.code == -32602 && error.message.contains(expected), "\(error.message)")
            }
        }
        // A scenario file's error points at the parameter written wrong.
        do {
            _ = try Self.scenarioAction("resize: {width: 390, height: -1}")
            Issue.record("a negative height was taken")
        } catch let error as ScenarioError {
            #expect(error.field == "script[0].resize.height" && error.message.contains("resize: 'height' must be above 0"), "\(error)")
        }
        do {
            _ = try Self.scenarioAction("interactivePop: {progress: [0.5], every: soon, then: finish}")
            Issue.record("an interval without a unit was taken")
        } catch let error as ScenarioError {
            #expect(error.field == "script[0].interactivePop.every" && error.message.contains("interactivePop: 'every' must be"), "\(error)")
        }
        do {
            _ = try Self.scenarioAction("selectTab: {index: 1, tab: 2}")
            Issue.record("an unknown parameter was taken")
        } catch let error as ScenarioError {
            #expect(error.field == "script[0].selectTab.tab" && error.message.contains("selectTab has no parameter 'tab'"), "\(error)")
        }
    }

    /// The MCP tools that send a verb have it checked by the verb: a bad argument is
    /// refused naming the parameter, and nothing is sent.
    @Test func anMCPToolsBadArgumentIsRefusedByTheVerbAndNothingIsSent() throws {
        let daemon = RecordingDaemon()
        let server = MCPServer(daemon: daemon)
        _ = server.handle(line: RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        for (tool, arguments, expected) in [
            ("navigate", ["app": "app-1", "action": "selectTab", "index": -1] as JSON, "navigate: selectTab: 'index' must be a whole number from 0"),
            ("navigate", ["app": "app-1", "action": "present", "scene": "A", "style": "sheet"] as JSON, "navigate: present: 'style' is one of automatic"),
            ("app_state", ["app": "app-1", "to": "asleep"] as JSON, "app_state: appState: 'to' is one of"),
        ] {
            let line = RPCMessage.request(id: 2, method: "tools/call", params: ["name": .string(tool), "arguments": arguments]).line
            let reply = try #require(server.handle(line: line))
            let result = try #require(try JSON.parse(reply)["result"])
            let text = result["content"]?.array?.first?["text"]?.string ?? ""
            #expect(result["isError"] == true && text.contains(expected) && text.contains("nothing ran"), "\(text)")
        }
        #expect(daemon.methods.isEmpty, "sent \(daemon.methods)")
    }
}
