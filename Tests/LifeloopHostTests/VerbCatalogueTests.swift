import Foundation
@testable import LifeloopHost
import LifeloopScenario
import Testing

/// The verb catalogue's verbs (doubleTap, longPress, keyPress, back) through every door:
/// a scenario file, the daemon, the MCP server and the session exporter read them from
/// the one declaration; a refused verb runs nothing and uses no turn; the session they
/// make exports and replays to its digest.
@Suite struct VerbCatalogueTests {
    static func call(_ client: DaemonClient, _ app: String, _ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
        var all = params
        all["app"] = .string(app)
        return try client.call(method, .object(all), timeout: 30)
    }

    /// The counter label's text in the app's element tree.
    static func counter(_ client: DaemonClient, _ app: String) throws -> String? {
        let rows = try ViewTree(rows: try call(client, app, "app.describe", ["rows": true]).text)
        return rows.elements.first { $0.accessibilityIdentifier == "counter" }?.accessibilityLabel
    }

    @Test func everyVerbIsInEveryDoorUnderOneName() throws {
        let tools = Set(MCPTools.all.map(\.name))
        for verb in VerbCatalogue.verbs {
            #expect(Daemon.methods.contains(verb.daemonMethod), "\(verb.daemonMethod) is not a daemon method")
            #expect(Daemon.forwarded[verb.daemonMethod] == verb.daemonMethod)
            if let tool = verb.mcpTool {
                #expect(tools.contains(tool), "\(tool) is not an MCP tool")
            }
            #expect(MCPServer.toolOfVerb[verb.daemonMethod] == verb.mcpTool)
        }
        #expect(tools.contains("batch"))
        #expect(Daemon.methods.count == Set(Daemon.methods).count, "no method is listed twice")
    }

    @Test func aVerbsArgumentsAreCheckedByTheVerbWithClearErrors() throws {
        let longPress = try #require(VerbCatalogue.verb(scenarioKey: "longPress"))
        let cases: [(JSON, String)] = [
            (.object(["durationMs": .number(500)]), "longPress needs target (@e12, #identifier or a view's label) or at ([x, y])"),
            (.object(["target": "#a", "at": .array([.number(1), .number(2)])]), "longPress takes target or at, not both"),
            (.object(["target": "#a", "durationMs": .number(-3)]), "'durationMs' must be a number of milliseconds from 1 to 60000"),
            (.object(["target": "#a", "speed": .number(1)]), "longPress has no parameter 'speed'; its parameters are target, at, durationMs"),
            (.object(["at": .array([.number(1)])]), "'at' must be a point [x, y]"),
            (.number(3), "'target' must be an element"),
        ]
        for (value, message) in cases {
            let error = try #require(throws: VerbError.self) { try longPress.action(value) }
            #expect(error.message.contains(message), "\(value.text): \(error.message)")
        }
        #expect(try longPress.action("@e12") == .gesture(.longPress(.element("@e12"), milliseconds: 1000)))
        let key = try #require(VerbCatalogue.verb(mcpTool: "key_press"))
        #expect(try key.action("return") == .gesture(.keyPress(.return)))
        #expect(throws: VerbError.self) { try key.action("enter") }
        #expect(try VerbCatalogue.verb(daemonMethod: "app.back")?.action(.bool(true)) == .gesture(.back))
        #expect(try VerbCatalogue.verb(daemonMethod: "app.back")?.action(.object([:])) == .gesture(.back))
        #expect(key.scenarioStep(["key": "return", "app": "app-1"]) == #"keyPress: {"key": "return"}"#)
    }

    /// A scenario file's steps: read by the catalogue, run in the app, with errors at their line.
    @Test func scenarioFilesTakeTheVerbs() throws {
        let yaml = """
            lifeloop: 1
            app: {sample: AgentTour}
            script:
              - doubleTap: "#count"
              - settle: true
              - longPress: {target: "#count", durationMs: 800}
              - settle: true
              - push: Form
                animated: false
              - type: {view: Form.name, text: "Ada"}
              - keyPress: return
              - settle: true
              - back: true
              - settle: true
            """
        let directory = NSTemporaryDirectory() + "lifeloop-verbs-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try yaml.write(toFile: directory + "/verbs.yaml", atomically: true, encoding: .utf8)
        let (status, output) = try DaemonHarness.lifeloop(["run", directory + "/verbs.yaml", "--format", "json"])
        #expect(status == 0, "\(output)")
        // A step the app refuses fails the run, naming the step.
        try yaml.replacingOccurrences(of: "  - back: true\n  - settle: true", with: "  - back: true\n  - settle: true\n  - back: true")
            .write(toFile: directory + "/twice.yaml", atomically: true, encoding: .utf8)
        let (failed, message) = try DaemonHarness.lifeloop(["run", directory + "/twice.yaml", "--format", "json"])
        #expect(failed == 1 && message.contains("no back button"), "\(failed) \(message)")
        let bad = """
            lifeloop: 1
            app: {sample: AgentTour}
            script:
              - keyPress: enter
            """
        do {
            _ = try ScenarioFile.parse(bad, file: "bad.yaml", directory: "/tmp")
            Issue.record("an unknown key was read")
        } catch {
            #expect("\(error)".hasPrefix("bad.yaml:4:"), "\(error)")
            #expect("\(error)".contains("'key' is one of return, delete, tab, escape, up, down, left, right"), "\(error)")
        }
    }

    /// Through the daemon: each verb acts on the app; a refused one runs nothing (the
    /// digest stays); the session exports with the verbs as steps and replays to its digest.
    @Test func theDaemonRunsTheVerbsAndTheSessionReplays() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour"], timeout: 30)["app"]?.string)
        _ = try Self.call(client, app, "app.settle")
        _ = try Self.call(client, app, "app.doubleTap", ["target": "#count"])
        _ = try Self.call(client, app, "app.settle")
        #expect(try Self.counter(client, app) == "Tapped 2 times", "a double tap is two taps on a button")
        _ = try Self.call(client, app, "app.longPress", ["target": "#count", "durationMs": 700])
        _ = try Self.call(client, app, "app.settle")
        #expect(try Self.counter(client, app) == "Tapped 3 times", "a button takes a long press that ends inside it")
        // At the root: no back button, refused, nothing ran.
        let root = try Self.call(client, app, "app.settle")
        do {
            _ = try Self.call(client, app, "app.back")
            Issue.record("back at the root ran")
        } catch let error as RPCError {
            #expect(error.message.contains("no back button"), "\(error)")
        }
        #expect(try Self.call(client, app, "app.settle")["digest"] == root["digest"], "the refused verb used no turn")
        do {
            _ = try Self.call(client, app, "app.longPress", ["target": "#count", "durationMs": 0])
            Issue.record("a zero-length press ran")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("'durationMs'"), "\(error)")
        }
        _ = try Self.call(client, app, "app.push", ["scene": "Form", "animated": false])
        _ = try Self.call(client, app, "app.type", ["view": "#name", "text": "Ada"])
        _ = try Self.call(client, app, "app.keyPress", ["key": "return"])
        _ = try Self.call(client, app, "app.settle")
        let form = try ViewTree(rows: try Self.call(client, app, "app.describe", ["rows": true]).text)
        #expect(form.elements.first { $0.accessibilityIdentifier == "echo" }?.accessibilityLabel == "Submitted Ada")
        _ = try Self.call(client, app, "app.back")
        let last = try Self.call(client, app, "app.settle")
        #expect(try Self.counter(client, app) == "Tapped 3 times", "back at the Home screen")
        // The session as a scenario file: the verbs are steps, and it replays to the digest.
        let export = try ScenarioExport(session: try Self.call(client, app, "app.session"))
        for step in [##"doubleTap: {"target": "#count"}"##, ##"longPress: {"durationMs": 700, "target": "#count"}"##,
                     ##"keyPress: {"key": "return"}"##, "back: true"] {
            #expect(export.text.contains(step), "\(step) is not in\n\(export.text)")
        }
        let path = daemon.directory + "/verbs.yaml"
        try export.text.write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try DaemonHarness.lifeloop(["run", path, "--seed", String(export.seed), "--format", "json"])
        #expect(status == 0, "\(output)")
        #expect(output.contains(last["digest"]?.string ?? "?"), "the run's digest is not the session's \(last["digest"]?.text ?? "")")
    }

    /// The element tree's exports through the daemon and the MCP server: JSON, Appium's
    /// page source, compact text; a format it does not know is refused.
    @Test func theTreeExportsThroughTheDaemonAndTheMCPServer() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour"], timeout: 30)["app"]?.string)
        let json = try Self.call(client, app, "app.describe", ["format": "json"])
        #expect(json["tree"]?["type"] == "application" && (json["elements"]?.int ?? 0) > 5)
        #expect(json["tree"]?["children"]?.array?.first?["type"] == "window")
        let xml = try #require(try Self.call(client, app, "app.describe", ["format": "appium"])["xml"]?.string)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<AppiumAUT>"))
        #expect(xml.contains(#"<XCUIElementTypeButton type="XCUIElementTypeButton" name="count" label="Count""#), "\(xml.prefix(2000))")
        #expect(xml.contains(#"<XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="Home""#))
        let text = try #require(try Self.call(client, app, "app.describe", ["format": "text"])["text"]?.string)
        #expect(text.contains(#"button "Count" #count"#), "\(text)")
        do {
            _ = try Self.call(client, app, "app.describe", ["format": "yaml"])
            Issue.record("an unknown format was accepted")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("'format' is json, appium or text"), "\(error)")
        }
        let server = MCPServer(daemon: client)
        _ = server.handle(line: RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        let line = RPCMessage.request(id: 2, method: "tools/call", params: ["name": "describe", "arguments": ["app": .string(app), "format": "appium"]]).line
        let reply = try #require(server.handle(line: line))
        let result = try #require(try JSON.parse(reply)["result"])
        #expect(result["isError"] == false && result["content"]?.array?.first?["text"]?.string?.hasPrefix("<?xml") == true, "\(result.text.prefix(400))")
        #expect(result["structuredContent"]?["format"] == "appium")
    }

    /// Through the MCP server: one tool a verb, checked by the verb; batch runs tools in
    /// order and stops at the first failure.
    @Test func theMCPServerHasAToolPerVerbAndABatch() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let server = MCPServer(daemon: try daemon.client())
        _ = server.handle(line: RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        func tool(_ name: String, _ arguments: JSON) throws -> JSON {
            let line = RPCMessage.request(id: 2, method: "tools/call", params: ["name": .string(name), "arguments": arguments]).line
            let reply = try #require(server.handle(line: line))
            return try #require(try JSON.parse(reply)["result"])
        }
        func text(_ result: JSON) -> String { result["content"]?.array?.first?["text"]?.string ?? "" }
        _ = try tool("launch", ["sample": "AgentTour"])
        let tapped = try tool("double_tap", ["target": "#count"])
        #expect(tapped["isError"] == false && text(tapped).contains("Tapped 2 times"), "\(text(tapped))")
        let bad = try tool("long_press", ["target": "#count", "durationMs": 1e9])
        #expect(bad["isError"] == true && text(bad).contains("'durationMs'") && text(bad).contains("nothing ran"), "\(text(bad))")
        let refused = try tool("back", [:])
        #expect(refused["isError"] == true && text(refused).contains("no back button"), "\(text(refused))")
        let batch = try tool("batch", ["calls": [
            ["tool": "navigate", "arguments": ["action": "push", "scene": "Form", "animated": false]],
            ["tool": "type_text", "arguments": ["id": "name", "text": "Ada"]],
            ["tool": "key_press", "arguments": ["key": "return"]],
            ["tool": "back", "arguments": [:]],
            ["tool": "back", "arguments": [:]],
            ["tool": "key_press", "arguments": ["key": "tab"]],
        ]])
        let results = try #require(batch["structuredContent"]?["results"]?.array)
        #expect(results.count == 4, "the calls before the failure ran: \(text(batch))")
        #expect(results[2]["text"]?.string?.contains("Submitted Ada") == true, "\(results[2])")
        #expect(batch["structuredContent"]?["failed"]?["index"] == 4 && text(batch).contains("the batch stopped at call 4"))
        let malformed = try tool("batch", ["calls": [["tool": "back"], ["tool": "launch", "arguments": [:]]]])
        #expect(malformed["isError"] == true && text(malformed).contains("calls[1].tool 'launch' is not a tool a batch runs"))
    }
}
