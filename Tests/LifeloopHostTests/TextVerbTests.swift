import Foundation
import Testing
@testable import LifeloopHost
import LifeloopScenario

/// The text verbs (focus, selectText, dismissKeyboard) through a real daemon: the keyboard
/// shows and hides, a selection is typed over, refusals change nothing, and the exported
/// session replays to its digest.
@Suite("Text verbs through the daemon")
struct TextVerbTests {
    static func call(_ client: DaemonClient, _ app: String, _ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
        try VerbCatalogueTests.call(client, app, method, params)
    }

    static func value(_ client: DaemonClient, _ app: String, _ identifier: String) throws -> String? {
        let rows = try ViewTree(rows: try call(client, app, "app.describe", ["rows": true]).text)
        return rows.elements.first { $0.accessibilityIdentifier == identifier }?.text
    }

    @Test func focusSelectTypeOverAndDismissTheKeyboardThenReplay() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour"], timeout: 30)["app"]?.string)
        _ = try Self.call(client, app, "app.push", ["scene": "Form", "animated": false])
        let before = try Self.call(client, app, "app.settle")
        // No keyboard yet: dismissing is refused and uses no turn.
        do {
            _ = try Self.call(client, app, "app.dismissKeyboard")
            Issue.record("dismissing no keyboard ran")
        } catch let error as RPCError {
            #expect(error.message.contains("no keyboard shows"), "\(error)")
        }
        #expect(try Self.call(client, app, "app.settle")["digest"] == before["digest"])
        _ = try Self.call(client, app, "app.focus", ["target": "#name"])
        _ = try Self.call(client, app, "app.settle")
        let shown = try ViewTree(rows: try Self.call(client, app, "app.describe", ["rows": true]).text)
        #expect(shown.elements.contains { $0.type == "keyboard" }, "the keyboard is an element while the field is focused")
        _ = try Self.call(client, app, "app.type", ["view": "#name", "text": "Grace"])
        _ = try Self.call(client, app, "app.selectText", ["target": "#name", "location": 0, "length": 5])
        _ = try Self.call(client, app, "app.type", ["view": "#name", "text": "Ada"])
        #expect(try Self.value(client, app, "name") == "Ada", "typing replaced the selection")
        do {
            _ = try Self.call(client, app, "app.selectText", ["target": "#name", "location": 2, "length": 9])
            Issue.record("a selection past the text ran")
        } catch let error as RPCError {
            #expect(error.message.contains("outside the 3 characters"), "\(error)")
        }
        do {
            _ = try Self.call(client, app, "app.focus", ["target": "#echo"])
            Issue.record("focusing a label ran")
        } catch let error as RPCError {
            #expect(error.message.contains("takes no typing"), "\(error)")
        }
        _ = try Self.call(client, app, "app.dismissKeyboard")
        let last = try Self.call(client, app, "app.settle")
        let hidden = try ViewTree(rows: try Self.call(client, app, "app.describe", ["rows": true]).text)
        #expect(!hidden.elements.contains { $0.type == "keyboard" })
        let trace = try Self.call(client, app, "trace.get", ["fromSeq": 0])
        let lines = trace["events"]?.array?.compactMap { event -> String? in
            // The keyboard's own timer (its move's end) is labelled "keyboard" too.
            guard event["label"]?.string == "keyboard", event["event"]?.string != "timer" else { return nil }
            return event["event"]?.string
        } ?? []
        #expect(lines == ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow",
                          "keyboardWillChangeFrame", "keyboardWillHide", "keyboardDidChangeFrame", "keyboardDidHide"], "\(lines)")
        // The session replays: focus, selectText and dismissKeyboard are scenario steps.
        let export = try ScenarioExport(session: try Self.call(client, app, "app.session"))
        for step in ["focus:", "selectText:", "dismissKeyboard: true"] {
            #expect(export.text.contains(step), "\(step) is not in\n\(export.text)")
        }
        let path = daemon.directory + "/text.yaml"
        try export.text.write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try DaemonHarness.lifeloop(["run", path, "--seed", String(export.seed), "--format", "json"])
        #expect(status == 0, "\(output)")
        #expect(output.contains(last["digest"]?.string ?? "?"), "the run's digest is not the session's \(last["digest"]?.text ?? "")\n\(export.text)\n\(output.prefix(3000))")
    }
}
