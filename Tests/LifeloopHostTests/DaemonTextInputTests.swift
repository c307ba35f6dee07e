import Foundation
import LifeloopHost
import Testing

/// `app.type` and the list verbs through a real daemon and app process: text goes in key
/// by key through the delegate, a field that cannot take it is refused with the reason,
/// and a session that typed and scrolled exports as a scenario that replays to its digest.
@Suite struct DaemonTextInputTests {
    @Test func typingScrollingAndTheirExportReplayToTheSameDigest() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "seed": 3])["app"]?.string)
        func call(_ method: String, _ params: [String: JSON]) throws -> JSON {
            var all = params
            all["app"] = .string(app)
            return try client.call(method, .object(all))
        }
        func view(_ label: String) throws -> JSON? {
            let tree = try call("app.describe", ["detail": true])
            func find(_ views: [JSON]) -> JSON? {
                for view in views {
                    if view["label"]?.string == label { return view }
                    if let found = find(view["subviews"]?.array ?? []) { return found }
                }
                return nil
            }
            return find(tree["windows"]?.array?.flatMap { $0["views"]?.array ?? [] } ?? [])
        }
        _ = try call("app.settle", [:])
        _ = try call("app.push", ["scene": "Form", "animated": false])
        _ = try call("app.settle", [:])
        _ = try call("app.type", ["view": "Form.name", "text": "Ada"])
        #expect(try view("Form.name")?["text"] == "Ada")
        #expect(try view("Form.echo")?["text"] == "Hello, Ada")
        _ = try call("app.type", ["view": "Form.name", "text": "Grace", "clear": true, "submit": true])
        #expect(try view("Form.name")?["text"] == "Grace")
        #expect(try view("Form.echo")?["text"] == "Submitted Grace")
        // The delegate refuses what is not a digit: those keys are dropped.
        _ = try call("app.type", ["view": "Form.digits", "text": "a1b2"])
        #expect(try view("Form.digits")?["text"] == "12")
        _ = try call("app.scroll", ["view": "Form.scroll", "by": [0, 300], "animated": false])
        _ = try call("app.drag", ["view": "Form.scroll", "by": [0, -50], "velocity": [0, 0]])
        _ = try call("app.settle", [:])
        #expect(try view("Form.scroll")?["contentOffset"] == [0, 350])
        let session = try call("app.session", [:])

        let file = daemon.directory + "/typed.yaml"
        let export = Process()
        export.executableURL = URL(fileURLWithPath: DaemonHarness.appExecutable)
        export.arguments = ["ctl", "--socket", daemon.socketPath, "export-scenario", app, file]
        export.standardError = FileHandle.nullDevice
        try export.run()
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("  - type: {view: \"Form.name\", text: \"Grace\", clear: true, submit: true}\n"), "\(text)")
        #expect(text.contains("  - scroll: {view: \"Form.scroll\", by: [0, 300]}\n    animated: false\n"), "\(text)")
        #expect(text.contains("  - drag: {view: \"Form.scroll\", by: [0, -50], velocity: [0, 0]}\n"), "\(text)")
        let run = Process()
        run.executableURL = URL(fileURLWithPath: DaemonHarness.appExecutable)
        run.arguments = ["run", file, "--seed", "3"]
        let output = Pipe()
        run.standardOutput = output
        run.standardError = output
        try run.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(printed.contains("digest \(session["digest"]?.string ?? "?")"), "\(printed.prefix(600))\n\(text)")
        // What cannot take text is refused, naming why (after the export: a failed input is left out of it).
        for (label, reason) in [("Form.disabled", "is disabled"), ("Form.hidden", "is hidden"), ("Form.echo", "not a text field")] {
            do {
                _ = try call("app.type", ["view": .string(label), "text": "x"])
                Issue.record("\(label) took text")
            } catch let error as RPCError {
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
        do {
            _ = try call("app.type", ["view": "Form.name", "text": .string(String(repeating: "x", count: 10_001))])
            Issue.record("10001 characters were typed")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("at most 10000"), "\(error.message)")
        }
    }
}
