import Foundation
@testable import LifeloopHost
import Testing

/// The MCP tools over a real `lifeloopd` and real app processes, as an agent's client
/// drives them: what a new user hit with the Python SDK.
@Suite struct MCPAgentSessionTests {
    final class Session {
        let daemon: DaemonHarness
        let client: DaemonClient
        let server: MCPServer
        var id = 1

        init(callSeconds: Double = 10) throws {
            daemon = try DaemonHarness()
            client = try daemon.client()
            var options = MCPServer.Options()
            options.callSeconds = callSeconds
            options.fileDirectory = daemon.directory
            options.samples = [.init(name: "AgentTour", summary: "an app to drive"), .init(name: "Faults", summary: "faults"),
                               .init(name: "Contacts", summary: "a contacts table")]
            server = MCPServer(daemon: client, options: options)
            _ = try request("initialize", ["protocolVersion": "2025-06-18"])
        }

        func request(_ method: String, _ params: JSON = [:]) throws -> JSON {
            id += 1
            return try JSON.parse(try #require(server.handle(line: RPCMessage.request(id: .int(id), method: method, params: params).line)))
        }

        func tool(_ name: String, _ arguments: JSON = [:]) throws -> JSON {
            try #require(try request("tools/call", ["name": .string(name), "arguments": arguments])["result"])
        }

        deinit { daemon.stop() }
    }

    static func text(_ result: JSON) -> String { result["content"]?.array?.first?["text"]?.string ?? "" }

    /// An agent launches an Xcode project, taps, and moves the app to the background and
    /// back with app_state: the scene delegate's calls show in the trace, and the text
    /// says the app changed nothing on screen.
    @Test func anAgentLaunchesAProjectAndMovesItThroughItsLifecycle() throws {
        let session = try Session(callSeconds: 300)
        let project = DaemonHarness.checkout + "/Samples/HelloApp/HelloApp.xcodeproj"
        let launched = try session.tool("launch", ["project": .string(project)])
        #expect(launched["isError"] == false, "\(launched)")
        let tapped = try session.tool("tap", ["accessibilityLabel": "Greet"])
        #expect(tapped["isError"] == false && Self.text(tapped).contains("Tapped once"), "\(Self.text(tapped))")
        let background = try session.tool("app_state", ["to": "background"])
        #expect(background["isError"] == false, "\(background)")
        let foreground = try session.tool("app_state", ["to": "foreground"])
        #expect(foreground["isError"] == false, "\(foreground)")
        let traced = try session.tool("trace", ["limit": 2000])
        let events = (traced["structuredContent"]?["events"]?.array ?? []).compactMap { event -> String? in
            guard let label = event["label"]?.string, label.hasPrefix("SceneDelegate"), let name = event["event"]?.string else { return nil }
            return name
        }
        #expect(Array(events.suffix(4)) == ["sceneWillResignActive", "sceneDidEnterBackground", "sceneWillEnterForeground", "sceneDidBecomeActive"],
                "\(events)")
        let refused = try session.tool("app_state", ["to": "asleep"])
        #expect(refused["isError"] == true && Self.text(refused).contains("'to' is one of"), "\(refused)")
        let missing = try session.tool("launch", ["project": "/nowhere/App.xcodeproj"])
        #expect(missing["isError"] == true && Self.text(missing).contains("does not exist"), "\(missing)")
    }

    /// trace with its defaults asked the daemon for `limit: 0`, which it refuses.
    @Test func traceWithItsDefaultsReadsTheLastEvents() throws {
        let session = try Session()
        _ = try session.tool("launch", ["sample": "AgentTour"])
        let traced = try session.tool("trace")
        #expect(traced["isError"] == false, "\(traced)")
        #expect((traced["structuredContent"]?["events"]?.array?.count ?? 0) > 10, "\(traced)")
    }

    /// navigate back at the root answered success with nothing changed.
    @Test func backAtTheRootIsAnErrorAndNothingRuns() throws {
        let session = try Session()
        let launched = try session.tool("launch", ["sample": "AgentTour"])
        let back = try session.tool("navigate", ["action": "back"])
        #expect(back["isError"] == true && Self.text(back).contains("nothing to pop"), "\(back)")
        #expect(!Self.text(back).contains("app.pop"), "\(Self.text(back))")
        let apps = try session.tool("apps")
        #expect(apps["structuredContent"]?["apps"]?.array?.first?["digest"] == launched["structuredContent"]?["digest"])
    }

    /// A launch the server can check fails before the daemon starts a process (the next
    /// app is still app-1); the samples are listed by a tool and a resource.
    @Test func aLaunchThatCannotWorkStartsNoProcessAndTheSamplesAreListed() throws {
        let session = try Session()
        let unknown = try session.tool("launch", ["sample": "Nope"])
        #expect(unknown["isError"] == true && Self.text(unknown).contains("AgentTour, Faults, Contacts"), "\(unknown)")
        let missing = try session.tool("launch", ["storyboard": .string(session.daemon.directory + "/none.storyboard")])
        #expect(missing["isError"] == true && Self.text(missing).contains("does not exist"), "\(missing)")
        let relative = try session.tool("launch", ["storyboard": "Main.storyboard"])
        #expect(relative["isError"] == true && Self.text(relative).contains("absolute path"), "\(relative)")
        let launched = try session.tool("launch", ["sample": "AgentTour"])
        #expect(launched["structuredContent"]?["app"] == "app-1", "\(launched)")

        let samples = try session.tool("samples")
        #expect(Self.text(samples).contains("Contacts\ta contacts table"), "\(samples)")
        let listed = try session.request("resources/list")["result"]?["resources"]?.array ?? []
        #expect(listed.contains { $0["uri"] == "lifeloop://samples" })
        let read = try session.request("resources/read", ["uri": "lifeloop://samples"])
        #expect(read["result"]?["contents"]?.array?.first?["text"]?.string?.contains("AgentTour") == true, "\(read)")
    }

    /// A recording to a file that takes nothing was answered "launched" and lost.
    @Test func aRecordingThatCannotBeWrittenFailsTheLaunch() throws {
        let session = try Session()
        let launched = try session.tool("launch", ["sample": "AgentTour", "record": "/dev/full"])
        #expect(launched["isError"] == true && Self.text(launched).contains("/dev/full"), "\(launched)")
    }

    /// export_scenario with a NUL in its path wrote another file than it named; paths are
    /// absolute, as the schema says.
    @Test func anExportPathWithANulOrRelativeIsRefused() throws {
        let session = try Session()
        _ = try session.tool("launch", ["sample": "AgentTour"])
        let nul = session.daemon.directory + "/a.yaml\u{0}b"
        let refused = try session.tool("export_scenario", ["path": .string(nul)])
        #expect(refused["isError"] == true && Self.text(refused).contains("control character"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: session.daemon.directory + "/a.yaml"))
        let relative = try session.tool("export_scenario", ["path": "session.yaml"])
        #expect(relative["isError"] == true && Self.text(relative).contains("absolute path"), "\(relative)")
    }

    /// A snapshot asked for as a file answered a link that resources/read refused.
    @Test func aSnapshotFileLinkIsReadable() throws {
        let session = try Session()
        _ = try session.tool("launch", ["sample": "AgentTour"])
        let snapshot = try session.tool("snapshot", ["file": true])
        let link = try #require(snapshot["content"]?.array?.first { $0["type"] == "resource_link" }, "\(snapshot)")
        let uri = try #require(link["uri"]?.string)
        let read = try session.request("resources/read", ["uri": .string(uri)])
        let text = read["result"]?["contents"]?.array?.first?["text"]?.string ?? ""
        #expect(text.hasPrefix("<svg") || text.hasPrefix("<?xml"), "\(read.text.prefix(300))")
        let png = try session.tool("snapshot", ["file": true, "format": "png"])
        let pngURI = try #require(png["content"]?.array?.first { $0["type"] == "resource_link" }?["uri"]?.string)
        let blob = try session.request("resources/read", ["uri": .string(pngURI)])["result"]?["contents"]?.array?.first?["blob"]?.string
        #expect(blob.flatMap { Data(base64Encoded: $0) }?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// advance_clock by 1e12 ms with a repeating timer wedged the app for every later
    /// call, blamed on a hung callback; a settle with a budget of 1e12 ms too. Both stop at
    /// a turn boundary within the call's time, and the next call works.
    @Test func aHugeAdvanceOrSettleStopsWithinTheCallsTime() throws {
        // Six seconds a call: the app stops a tenth of it (at least 500 ms) before the
        // deadline to reply, which a sanitizer build on a loaded host needs.
        let session = try Session(callSeconds: 6)
        _ = try session.tool("launch", ["sample": "AgentTour"])
        _ = try session.tool("navigate", ["action": "push", "scene": "Spinner"])
        let advanced = try session.tool("advance_clock", ["ms": 1e12])
        #expect(advanced["isError"] == false, "\(advanced)")
        #expect(advanced["structuredContent"]?["stoppedBy"] == "deadline" && Self.text(advanced).contains("time limit"), "\(advanced)")
        let settled = try session.tool("settle", ["budgetMs": 1e12])
        #expect(settled["isError"] == false && settled["structuredContent"]?["settled"] == false, "\(settled)")
        // Which limit comes first depends on the build's speed (a release build reaches the
        // turn limit within the call's time): either way the text says which one stopped it.
        let stoppedBy = settled["structuredContent"]?["pending"]?["stoppedBy"]?.string
        #expect(stoppedBy == "deadline" || stoppedBy == "turns", "\(settled)")
        // On a loaded host the app may not answer before the server stops waiting: the
        // deadline stopped it then too, and the text says its pending work is not known.
        let named = Self.text(settled).contains("Spinner.tick") || Self.text(settled).contains("pending work is not known")
        #expect(Self.text(settled).contains(stoppedBy == "turns" ? "turn limit" : "time limit") && named, "\(Self.text(settled))")
        let described = try session.tool("describe")
        #expect(described["isError"] == false, "\(described)")
        let apps = try session.tool("apps")
        #expect(apps["structuredContent"]?["apps"]?.array?.first?["digest"] == described["structuredContent"]?["digest"])
    }

    /// Typing into a disabled field is refused, and a field's delegate that refuses some
    /// characters is told.
    @Test func typeTextSaysWhatWasRefused() throws {
        let session = try Session()
        _ = try session.tool("launch", ["sample": "AgentTour"])
        _ = try session.tool("navigate", ["action": "push", "scene": "Form"])
        let disabled = try session.tool("type_text", ["view": "Form.disabled", "text": "abc"])
        #expect(disabled["isError"] == true && Self.text(disabled).contains("disabled") && Self.text(disabled).contains("nothing ran"), "\(disabled)")
        #expect(Self.text(disabled).hasPrefix("type_text: 'Form.disabled'"), "\(Self.text(disabled))")
        let typed = try session.tool("type_text", ["view": "Form.name", "text": "Ada"])
        #expect(typed["structuredContent"]?["refusedCharacters"] == 0, "\(typed)")
    }

    /// A crash's error was 3 KB, mostly registers: the message, the frame and the last
    /// events now, and the whole report as a resource.
    @Test func aCrashIsToldShortlyWithTheReportAsAResource() throws {
        let session = try Session()
        _ = try session.tool("launch", ["sample": "Faults"])
        let crashed = try session.tool("navigate", ["action": "push", "scene": "Crash"])
        let text = Self.text(crashed)
        #expect(crashed["isError"] == true && text.contains("last events") && text.contains("Crash viewDidLoad"), "\(text)")
        #expect(!text.contains("rax 0x") && text.utf8.count < 2_000, "\(text)")
        let uri = "lifeloop://apps/app-1/crash"
        #expect(text.contains(uri), "\(text)")
        let report = try session.request("resources/read", ["uri": .string(uri)])["result"]?["contents"]?.array?.first?["text"]?.string ?? ""
        #expect(report.count > text.count, "\(report.prefix(400))")
        let gone = try session.tool("describe", ["app": "app-9"])
        #expect(Self.text(gone).contains("the apps tool lists") && !Self.text(gone).contains("app.list"), "\(Self.text(gone))")
    }
}

/// Every tool's schemas say what each property is: a description, an array's items, an
/// object's properties (a client's model reads them to call the tool).
@Suite struct MCPSchemaTests {
    static func problems(_ schema: JSON, at path: String) -> [String] {
        var found: [String] = []
        let types = schema["type"]?.array?.compactMap(\.string) ?? schema["type"]?.string.map { [$0] } ?? []
        if types.contains("array") {
            if let items = schema["items"] { found += problems(items, at: path + "[]") } else { found.append("\(path): an array without items") }
        }
        if types.contains("object") {
            if let properties = schema["properties"]?.object {
                for (name, property) in properties {
                    if property["description"] == nil { found.append("\(path).\(name): no description") }
                    found += problems(property, at: path + "." + name)
                }
            } else if schema["additionalProperties"] == nil {
                found.append("\(path): an object without properties")
            }
        }
        return found
    }

    @Test func everyPropertyIsDescribedAndEveryArrayHasItems() throws {
        var found: [String] = []
        for tool in MCPTools.all {
            let listing = tool.listing(structured: true)
            found += Self.problems(listing["inputSchema"] ?? [:], at: "\(tool.name).input")
            found += Self.problems(listing["outputSchema"] ?? [:], at: "\(tool.name).output")
        }
        #expect(found.isEmpty, "\(found.sorted().joined(separator: "\n"))")
    }
}

/// `lifeloop demo --list` listed the six trace demos and none of the apps `launch` takes
/// (AgentTour, Contacts, ...); `demo NAME` runs one of those to its first settle.
@Suite struct DemoListTests {
    static func lifeloop(_ arguments: [String]) throws -> (Int32, String) { try DaemonHarness.lifeloop(arguments) }

    @Test func theListHasEverySampleAndAnAppRuns() throws {
        let (status, list) = try Self.lifeloop(["demo", "--list"])
        #expect(status == 0)
        let names = list.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        for name in ["SeedSegue", "CoreTour", "AgentTour", "Contacts", "UIKitForm", "Faults"] {
            #expect(names.contains(name), "\(name) is missing from\n\(list)")
        }
        #expect(Set(names).count == names.count, "\(names)")
        let (ran, trace) = try Self.lifeloop(["demo", "AgentTour"])
        #expect(ran == 0 && trace.contains("Home viewDidAppear"), "\(trace.prefix(300))")
    }
}
