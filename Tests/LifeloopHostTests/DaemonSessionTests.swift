import Foundation
import LifeloopHost
import Testing

/// What an agent's front door needs from the daemon: a tree with what each view shows,
/// a settle that names its pending work, and the session's inputs for an export.
@Suite struct DaemonSessionTests {
    @Test func describeDetailSettlePendingWorkAndTheSessionExport() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "seed": 2])["app"]?.string)
        _ = try client.call("app.settle", ["app": .string(app)])
        let described = try client.call("app.describe", ["app": .string(app), "detail": true])
        let home = try #require(described["windows"]?.array?.first?["views"]?.array?.first?["subviews"]?.array?.first)
        let count = try #require(home["subviews"]?.array?.first { $0["label"] == "Home.count" })
        #expect(count["class"] == "Button" && count["text"] == "Count" && count["accessibilityIdentifier"] == "count")
        #expect(count["windowFrame"] == [20, 160, 200, 44] && count["interactive"] == true && count["alpha"] == 1)
        // Without detail, the reply is as it was.
        let plain = try client.call("app.describe", ["app": .string(app)])
        #expect(!plain.text.contains("windowFrame"))

        _ = try client.call("app.tap", ["app": .string(app), "view": "Home.count"])
        _ = try client.call("app.settle", ["app": .string(app)])
        _ = try client.call("app.push", ["app": .string(app), "scene": "Spinner"])
        do {
            try client.call("app.settle", ["app": .string(app), "budgetMs": 1000])
            Issue.record("the spinner settled")
        } catch let error as RPCError {
            #expect(error.code == -32010)
            let work = try #require(error.data?["pendingWork"])
            #expect(work["timers"]?.array?.contains { $0["owner"] == "Spinner.tick" && $0["everyMs"] == 100 } == true, "\(work.text)")
            #expect(work["animations"]?.array?.contains { $0["owner"] == "Spinner.wheel" && $0["property"] == "alpha" } == true, "\(work.text)")
        }
        let session = try client.call("app.session", ["app": .string(app)])
        let inputs = try #require(session["inputs"]?.array)
        #expect(inputs.map { $0["input"]?.string ?? "" } == ["app.settle", "app.tap", "app.settle", "app.push", "app.settle"])
        #expect(inputs.last?["ok"] == false && inputs[1]["params"] == ["view": "Home.count"])
        #expect(session["document"]?["app"] == ["sample": "AgentTour"] && session["launch"]?["seed"] == 2)

        // `lifeloop ctl export-scenario` writes it; `lifeloop run` replays it to the same digest.
        let file = daemon.directory + "/session.yaml"
        let export = Process()
        export.executableURL = URL(fileURLWithPath: DaemonHarness.appExecutable)
        export.arguments = ["ctl", "--socket", daemon.socketPath, "export-scenario", app, file]
        export.standardError = FileHandle.nullDevice
        try export.run()
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("  - tap: \"Home.count\"\n  - settle: true\n  - push: \"Spinner\"\n  - advance: "), "\(text)")
        let run = Process()
        run.executableURL = URL(fileURLWithPath: DaemonHarness.appExecutable)
        run.arguments = ["run", file, "--seed", "2"]
        let output = Pipe()
        run.standardOutput = output
        try run.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(printed.contains("digest \(session["digest"]?.string ?? "?")"), "\(printed.prefix(300))")
    }

    @Test func aSessionRecordingReplaysEventForEvent() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let recording = daemon.directory + "/session.jsonl"
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "seed": 6, "record": .string(recording)])["app"]?.string)
        for (method, params) in [("app.settle", [:]), ("app.tap", ["view": "Home.count"]), ("app.push", ["scene": "Detail"]),
                                 ("app.settle", [:]), ("clock.advance", ["ms": 40]), ("app.pop", [:])] as [(String, [String: JSON])] {
            var all = params
            all["app"] = .string(app)
            _ = try client.call(method, .object(all))
        }
        let stopped = try client.call("record.stop", ["app": .string(app)])

        let (status, text) = try DaemonHarness.lifeloop(["replay", recording])
        #expect(status == 0, "\(text)")
        #expect(text.contains("every event as recorded") && text.contains(stopped["digest"]?.string ?? "?"), "\(text)")

        // One recorded event changed: the replay names it and fails.
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        let tap = try #require(lines.firstIndex { $0.contains(#""event":"tap""#) })
        var changed = lines
        changed[tap] = changed[tap].replacingOccurrences(of: #""event":"tap""#, with: #""event":"tab""#)
        let altered = daemon.directory + "/altered.jsonl"
        try changed.joined(separator: "\n").write(toFile: altered, atomically: true, encoding: .utf8)
        let (divergedStatus, diverged) = try DaemonHarness.lifeloop(["replay", altered])
        #expect(divergedStatus == 1 && diverged.contains("diverged at event") && diverged.contains(#""event":"tab""#), "\(diverged)")

        // Cut short (no trailer): bad input, said so.
        let cut = daemon.directory + "/cut.jsonl"
        try lines.dropLast().joined(separator: "\n").write(toFile: cut, atomically: true, encoding: .utf8)
        let (cutStatus, cutText) = try DaemonHarness.lifeloop(["replay", cut])
        #expect(cutStatus == 2 && cutText.contains("no trailer"), "\(cutText)")
    }

    /// `app.launch`'s `bundle`: the app's bundle folder, kept in the session's document (so
    /// an export names it); a path that is not a folder is refused, naming the parameter.
    @Test func launchTakesTheAppsBundleFolder() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let bundle = daemon.directory + "/Resources"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "bundle": .string(bundle)])["app"]?.string)
        let session = try client.call("app.session", ["app": .string(app)])
        #expect(session["document"]?["app"] == ["sample": "AgentTour", "bundle": .string(bundle)], "\(session.text.prefix(300))")
        do {
            try client.call("app.launch", ["sample": "AgentTour", "bundle": .string(daemon.directory + "/nowhere")])
            Issue.record("a bundle that is not a folder was accepted")
        } catch let error as RPCError {
            #expect(error.message.contains("'bundle'") && error.message.contains("nowhere"), "\(error.message)")
        }
    }
}

/// A storyboard with the app's own Swift sources, launched through the daemon: the classes
/// are the project's (built through the port step and loaded into the app's process), and
/// a tap runs the project's own action.
@Suite struct DaemonProjectSourcesTests {
    @Test func launchTakesAStoryboardWithItsSources() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let project = DaemonHarness.checkout + "/Samples/PortedApp/Sources/PortedApp"
        let app = try #require(try client.call("app.launch", ["storyboard": .string(project + "/Resources/Main.storyboard"),
                                                               "sources": .string(project + "/iOS")])["app"]?.string)
        _ = try client.call("app.tap", ["app": .string(app), "view": "plus"])
        _ = try client.call("app.settle", ["app": .string(app)])
        let described = try client.call("app.describe", ["app": .string(app), "detail": true])
        func find(_ label: String, in node: JSON) -> JSON? {
            if node["label"]?.string == label { return node }
            for key in ["windows", "views", "subviews"] {
                for child in node[key]?.array ?? [] { if let found = find(label, in: child) { return found } }
            }
            return nil
        }
        // The project's `increment(_:)` ran: its label shows 1.
        let value = try #require(find("value", in: described), "\(described.text.prefix(2000))")
        #expect(value["text"] == "1", "\(value.text)")
        do {
            try client.call("app.launch", ["sample": "AgentTour", "sources": .string(project + "/iOS")])
            Issue.record("sources were taken with a sample")
        } catch let error as RPCError {
            #expect(error.message.contains("'sources'") && error.message.contains("storyboard"), "\(error.message)")
        }
    }
}

/// An Xcode project launched through the daemon and driven: the app's own delegate,
/// scene delegate and controller run, a tap changes the screen, and `app.state` moves it
/// through its lifecycle (L37) with the scene delegate's calls.
@Suite struct DaemonXcodeProjectTests {
    static func find(_ label: String, in node: JSON) -> JSON? {
        if node["label"]?.string == label { return node }
        for key in ["windows", "views", "subviews"] {
            for child in node[key]?.array ?? [] { if let found = find(label, in: child) { return found } }
        }
        return nil
    }

    @Test func launchTakesAProjectAndStateChangesReachTheSceneDelegate() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let project = DaemonHarness.checkout + "/Samples/HelloApp/HelloApp.xcodeproj"
        let app = try #require(try client.call("app.launch", ["project": .string(project)], timeout: 300)["app"]?.string)
        _ = try client.call("app.settle", ["app": .string(app)])
        var described = try client.call("app.describe", ["app": .string(app), "detail": true])
        // The scene delegate's sceneDidBecomeActive ran the controller's own code.
        #expect(Self.find("greeting", in: described)?["text"] == "Hello, active", "\(described.text.prefix(1500))")
        _ = try client.call("app.tap", ["app": .string(app), "view": "greet"])
        _ = try client.call("app.settle", ["app": .string(app)])
        described = try client.call("app.describe", ["app": .string(app), "detail": true])
        #expect(Self.find("greeting", in: described)?["text"] == "Tapped once", "\(described.text.prefix(1500))")
        for state in ["background", "foreground"] {
            _ = try client.call("app.state", ["app": .string(app), "to": .string(state)])
        }
        // The session exports as a scenario of the same project that replays to its digest.
        let session = try client.call("app.session", ["app": .string(app)])
        let file = daemon.directory + "/project-session.yaml"
        let (exported, exportText) = try DaemonHarness.lifeloop(["ctl", "--socket", daemon.socketPath, "export-scenario", app, file])
        #expect(exported == 0, "\(exportText)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("HelloApp.xcodeproj") && text.contains("- appState: background") && text.contains("- appState: foreground"), "\(text)")
        let (ran, printed) = try DaemonHarness.lifeloop(["run", file])
        #expect(ran == 0 && printed.contains("digest \(session["digest"]?.string ?? "?")"), "\(printed.prefix(500))")
        _ = try client.call("app.state", ["app": .string(app), "to": "terminate"])
        let log = try client.call("trace.get", ["app": .string(app), "limit": 100_000])
        let lines = (log["events"]?.array ?? []).compactMap { event -> String? in
            guard let label = event["label"]?.string, let name = event["event"]?.string, label.hasPrefix("SceneDelegate") else { return nil }
            return "\(label) \(name)"
        }
        #expect(lines == ["SceneDelegate#1 willConnectTo", "SceneDelegate#1 sceneWillEnterForeground", "SceneDelegate#1 sceneDidBecomeActive",
                          "SceneDelegate#1 sceneWillResignActive", "SceneDelegate#1 sceneDidEnterBackground",
                          "SceneDelegate#1 sceneWillEnterForeground", "SceneDelegate#1 sceneDidBecomeActive",
                          "SceneDelegate#1 sceneWillResignActive", "SceneDelegate#1 sceneDidDisconnect"], "\(log.text.prefix(800))")
        do {
            _ = try client.call("app.state", ["app": .string(app), "to": "asleep"])
            Issue.record("an unknown state was taken")
        } catch let error as RPCError {
            #expect(error.message.contains("'to' is one of") && error.message.contains("background"), "\(error.message)")
        }
        do {
            _ = try client.call("app.launch", ["project": .string(daemon.directory + "/Nowhere.xcodeproj")])
            Issue.record("a missing project was taken")
        } catch let error as RPCError {
            #expect(error.message.contains("'project'") && error.message.contains("does not exist"), "\(error.message)")
        }
    }
}
