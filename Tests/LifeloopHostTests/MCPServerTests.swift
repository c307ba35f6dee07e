import Foundation
import LifeloopHost
import Testing

/// A daemon stand-in: one app whose tree and digest the test sets, every request kept.
private final class FakeDaemon: DaemonConnection {
    var digest = "d1"
    var counter = "Tapped 0 times"
    var calls: [(String, JSON)] = []
    var settleError: RPCError?
    var svgRepeats = 10
    var hiddenButton = false

    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
        calls.append((method, params))
        switch method {
        case "app.launch": return ["app": "app-1", "pid": 1, "scenario": "Fake", "windows": ["main"], "fromSeq": 0, "toSeq": 5, "turn": 2, "digest": .string(digest)]
        case "app.describe": return describe()
        case "app.settle":
            if let settleError { throw settleError }
            return ["fromSeq": 5, "toSeq": 6, "turn": 3, "digest": .string(digest)]
        case "app.tap":
            counter = "Tapped 1 times"
            digest = "d2"
            return ["fromSeq": 6, "toSeq": 9, "turn": 4, "digest": .string(digest)]
        case "app.list": return ["apps": []]
        case "app.snapshot":
            return ["window": "main", "turn": 3, "digest": .string(digest), "format": "svg",
                    "svg": .string("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"800\">" + String(repeating: "<g/>", count: svgRepeats) + "</svg>")]
        default: throw RPCError.methodNotFound(method)
        }
    }

    /// The button's id: a new button (with the same label) gets a new one.
    var buttonID = "e3"

    /// `app.describe` with `rows: true`, as the app host writes it.
    func describe() -> JSON {
        // [window, depth, id, type, class, viewLabel, label, identifier, value, placeholder,
        //  x, y, w, h, flags, contentOffset, indexPath, controller]
        let buttonFlags = hiddenButton ? 1 | 32 : 1 | 8 | 16 | 32
        let rows: JSON = [
            [0, 0, "e1", "other", "View", "Home.view", "", "", .null, .null, 0, 0, 400, 800, 25, .null, .null, "Home"],
            [0, 1, "e2", "staticText", "Label", "Home.counter", .string(counter), "", .null, .null, 20, 100, 300, 30, 49, .null, .null, "Home"],
            [0, 1, .string(buttonID), "button", "Button", "Home.count", "Count", "count", .null, .null, 20, 150, 200, 44, .int(buttonFlags), .null, .null, "Home"],
        ]
        return ["windows": [["label": "main", "frame": [0, 0, 400, 800], "key": true, "hidden": false,
                             "rootController": ["label": "Home", "type": "Page", "viewLoaded": true, "appeared": true]]],
                "rows": rows, "turn": 3, "now": 0, "digest": .string(digest)]
    }
}

extension JSON {
    /// A tool result's first text content.
    fileprivate var firstText: String? { self["content"]?.array?.first?["text"]?.string }
}

@Suite struct MCPServerTests {
    private func request(_ server: MCPServer, _ id: Int, _ method: String, _ params: JSON = [:]) throws -> JSON {
        // A session begins with initialize.
        if !server.initialized, method != "initialize" {
            _ = server.handle(line: RPCMessage.request(id: 0, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        }
        let line = RPCMessage.request(id: .int(id), method: method, params: params).line
        return try JSON.parse(try #require(server.handle(line: line)))
    }

    private func tool(_ server: MCPServer, _ name: String, _ arguments: JSON) throws -> JSON {
        try #require(try request(server, 9, "tools/call", ["name": .string(name), "arguments": arguments])["result"])
    }

    @Test func initializeNegotiatesTheVersionAndToolsCarryTheirSchemas() throws {
        let older = MCPServer(daemon: FakeDaemon())
        #expect(try request(older, 1, "initialize", ["protocolVersion": "2025-03-26"])["result"]?["protocolVersion"] == "2025-03-26")
        let oldTools = try #require(try request(older, 2, "tools/list")["result"]?["tools"]?.array)
        #expect(oldTools.allSatisfy { $0["outputSchema"] == nil && $0["inputSchema"] != nil })

        let server = MCPServer(daemon: FakeDaemon())
        #expect(try request(server, 1, "initialize", ["protocolVersion": "2099-01-01"])["result"]?["protocolVersion"] == "2025-06-18")
        let tools = try #require(try request(server, 2, "tools/list")["result"]?["tools"]?.array)
        #expect(tools.count >= 16)
        for tool in tools {
            #expect(tool["outputSchema"]?["type"] == "object", "\(tool["name"]?.text ?? "")")
            #expect(tool["annotations"]?["readOnlyHint"]?.bool != nil && tool["annotations"]?["destructiveHint"]?.bool != nil
                && tool["annotations"]?["idempotentHint"]?.bool != nil)
        }
        #expect(tools.first { $0["name"] == "terminate" }?["annotations"]?["destructiveHint"] == true)
        #expect(tools.first { $0["name"] == "describe" }?["annotations"]?["readOnlyHint"] == true)
    }

    @Test func badInputGetsAClearErrorAndTheServerGoesOn() throws {
        let server = MCPServer(daemon: FakeDaemon())
        let parse = try JSON.parse(try #require(server.handle(line: "{\"jsonrpc\":\"2.0\",\"id\":1,")))
        #expect(parse["error"]?["code"] == -32700)
        #expect(try request(server, 2, "no/such")["error"]?["code"] == -32601)
        let unknown = try request(server, 3, "tools/call", ["name": "fly", "arguments": [:]])
        #expect(unknown["error"]?["code"] == -32602)
        #expect(unknown["error"]?["message"]?.string?.contains("unknown tool 'fly'") == true)
        #expect(try request(server, 4, "tools/call", ["name": "apps", "arguments": [1]])["error"]?["code"] == -32602)
        let wrongType = try tool(server, "tap", ["app": "app-1", "ref": 5])
        #expect(wrongType["isError"] == true)
        #expect(wrongType.firstText?.contains("'ref' must be a string") == true)
        let misspelt = try tool(server, "describe", ["app": "app-1", "ful": true])
        #expect(misspelt.firstText?.contains("unknown parameter 'ful'") == true)
        // Still serving.
        #expect(try tool(server, "apps", [:])["isError"] == false)
    }

    @Test func anActionSettlesAndReturnsTheSettledDiff() throws {
        let daemon = FakeDaemon()
        let server = MCPServer(daemon: daemon)
        _ = try request(server, 1, "initialize", ["protocolVersion": "2025-06-18"])
        _ = try tool(server, "launch", ["sample": "Fake"])
        let tapped = try tool(server, "tap", ["id": "count"])
        let result = try #require(tapped["structuredContent"])
        #expect(result["settled"] == true && result["digest"] == "d2" && result["fromSeq"] == 6)
        #expect(result["diff"]?["changed"] == 1)
        #expect(result["diff"]?["lines"]?.array?.first?.string?.contains("\"Tapped 0 times\" -> \"Tapped 1 times\"") == true)
        #expect(daemon.calls.contains { $0.0 == "app.tap" && $0.1["view"] == "@e3" }, "the tap names the element by its id")
        #expect(daemon.calls.filter { $0.0 == "app.settle" }.count == 2, "the launch and the tap each settled")
    }

    @Test func aRefHoldsAcrossDigestsUntilItsElementGoesAndNeverReachesAnother() throws {
        let daemon = FakeDaemon()
        let server = MCPServer(daemon: daemon)
        _ = try tool(server, "launch", ["sample": "Fake"])
        let described = try tool(server, "describe", [:])
        #expect(described.firstText?.contains("@e3 button Home.count \"Count\" #count [20,150,200,44]") == true, "\(described.firstText ?? "")")
        // Another client moves the app on: the button is the same object, its ref holds.
        daemon.digest = "d9"
        let held = try tool(server, "tap", ["ref": "@e3"])
        #expect(held["isError"] == false, "\(held.firstText ?? "")")
        #expect(daemon.calls.filter { $0.0 == "app.tap" }.count == 1)
        // The button is replaced by another with the same label: the old ref is stale, names
        // what it was and what shows now, and nothing is tapped.
        daemon.buttonID = "e4"
        daemon.digest = "d10"
        let stale = try tool(server, "tap", ["ref": "@e3"])
        #expect(stale["isError"] == true)
        let text = try #require(stale.firstText)
        #expect(text.contains("stale ref @e3") && text.contains("d10") && text.contains("@e4 button"), "\(text)")
        #expect(daemon.calls.filter { $0.0 == "app.tap" }.count == 1)
        // An element scrolled out of sight is not tapped.
        daemon.hiddenButton = true
        _ = try tool(server, "describe", [:])
        let hidden = try tool(server, "tap", ["ref": "@e4"])
        #expect(hidden["isError"] == true && hidden.firstText?.contains("is off screen") == true, "\(hidden.firstText ?? "")")
        #expect(daemon.calls.filter { $0.0 == "app.tap" }.count == 1)
        // Back on screen, it taps.
        daemon.hiddenButton = false
        #expect(try tool(server, "tap", ["ref": "@e4"])["isError"] == false)
        #expect(daemon.calls.last { $0.0 == "app.tap" }?.1["view"] == "@e4")
    }

    @Test func aPointTapsTheDeepestViewThatTakesTouches() throws {
        let tree = ViewTree(describe: FakeDaemon().describe())
        // The button is hit anywhere in it (its title label is part of it).
        #expect(tree.hit(x: 40, y: 165, window: "main")?.label == "Home.count")
        // The counter label takes none: its superview is hit.
        #expect(tree.hit(x: 30, y: 110, window: "main")?.label == "Home.view")
        #expect(tree.hit(x: 500, y: 10, window: "main") == nil)
    }

    @Test func aSettleThatDoesNotSettleNamesThePendingWorkByOwner() throws {
        let daemon = FakeDaemon()
        daemon.settleError = RPCError.actionFailed("app.settle: not settled", data: [
            "fromSeq": 5, "toSeq": 40, "pending": "0 tasks",
            "pendingWork": ["animations": [["owner": "Spinner.wheel", "property": "alpha", "endsAtMs": 5350]],
                            "timers": [["owner": "Spinner.tick", "dueMs": 5050, "everyMs": 100]], "jobs": [], "tasks": 0],
        ])
        let server = MCPServer(daemon: daemon)
        _ = try tool(server, "launch", ["sample": "Fake", "settle": false])
        let settled = try tool(server, "settle", ["budgetMs": 1000])
        #expect(settled["isError"] == false)
        #expect(settled["structuredContent"]?["settled"] == false)
        let text = try #require(settled.firstText)
        #expect(text.contains("animation of Spinner.wheel.alpha until 5350 ms") && text.contains("timer Spinner.tick due 5050 ms every 100 ms"), "\(text)")
    }

    @Test func aSmallSVGComesInlineAndALargeOneAsALinkToAFile() throws {
        let daemon = FakeDaemon()
        var options = MCPServer.Options()
        var template = Array((NSTemporaryDirectory() + "lifeloop-mcp-test-XXXXXX").utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        options.fileDirectory = directory
        let server = MCPServer(daemon: daemon, options: options)
        _ = try tool(server, "launch", ["sample": "Fake"])
        let small = try tool(server, "snapshot", [:])
        #expect(small.firstText?.hasPrefix("<svg") == true)
        daemon.svgRepeats = 20_000
        let large = try tool(server, "snapshot", [:])
        let link = try #require(large["content"]?.array?.first { $0["type"] == "resource_link" })
        #expect(link["mimeType"] == "image/svg+xml")
        let path = try #require(large["structuredContent"]?["path"]?.string)
        #expect(FileManager.default.fileExists(atPath: path) && path.hasPrefix(directory))
        #expect((large.text.utf8.count) < 2_000, "the picture stayed out of the result")
    }

    @Test func theDiffIsCappedWithACountOfWhatWasLeftOut() throws {
        var before = ViewTree(describe: FakeDaemon().describe())
        before.elements.removeAll()
        let after = ViewTree(describe: FakeDaemon().describe())
        let diff = after.diff(from: before, maxBytes: 120)
        let lines = (diff["lines"]?.array ?? []).compactMap { $0.string }
        #expect(lines.reduce(0) { $0 + $1.utf8.count + 1 } <= 120)
        #expect(diff["added"] == 3)
        #expect(diff["omitted"]?.int == 3 - lines.count && lines.count < 3)
    }

    @Test func theDiffPairsElementsByKeyWhateverTheirOrder() throws {
        let before = ViewTree(describe: FakeDaemon().describe())
        try #require(before.elements.count >= 3)
        var after = before
        // The first two swap places, the last goes, one comes, and the second changes label.
        after.elements.swapAt(0, 1)
        after.elements.removeLast()
        var added = before.elements[0]
        added.key = "new-key"
        added.ref = "@e999"
        after.elements.append(added)
        after.elements[0].accessibilityLabel = "Relabelled"
        let diff = after.diff(from: before, maxBytes: 10_000)
        #expect(diff["added"] == 1)
        #expect(diff["removed"] == 1)
        #expect(diff["changed"] == 1)
        #expect(diff["moved"] == 0)
        let lines = (diff["lines"]?.array ?? []).compactMap(\.string)
        #expect(lines.contains { $0.hasPrefix("- \(before.elements.last!.ref) ") })
        #expect(lines.contains { $0.hasPrefix("~ \(before.elements[1].ref) ") && $0.contains("Relabelled") })
        // The same tree, in the same order, differs in nothing.
        let same = before.diff(from: before, maxBytes: 10_000)
        #expect(same["added"] == 0 && same["removed"] == 0 && same["changed"] == 0 && same["moved"] == 0)
    }

    @Test func aSessionExportsAsScenarioSteps() throws {
        let session: JSON = [
            "document": ["lifeloop": 1, "name": "AgentTour", "app": ["sample": "AgentTour"], "windows": [["label": "main", "screen": "phone"]]],
            "launch": ["sample": "AgentTour", "seed": 4], "clock": "virtual", "scenario": "AgentTour", "turn": 40, "digest": "abc", "now": 900_000_000,
            "inputs": [
                ["input": "app.settle", "params": ["budgetMs": 90_000], "ok": true, "before": 0, "now": 0],
                ["input": "app.tap", "params": ["view": "Home.count"], "ok": true, "before": 0, "now": 0],
                ["input": "app.tap", "params": ["view": "Nope"], "ok": false, "turn": 7, "before": 0, "now": 0],
                ["input": "app.push", "params": ["scene": "Detail", "window": "main", "animated": false], "ok": true, "before": 0, "now": 0],
                ["input": "clock.advance", "params": ["ms": 0.5], "ok": true, "before": 100, "now": 500_100],
                ["input": "app.settle", "params": [:], "ok": false, "before": 500_100, "now": 900_000_000],
            ],
        ]
        let export = try ScenarioExport(session: session)
        #expect(export.seed == 4 && export.digest == "abc" && export.turn == 40)
        #expect(export.text.contains("name: \"AgentTour\"\napp: {\"sample\":\"AgentTour\"}"))
        #expect(export.text.contains("settleBudget: 90000ms\nduration: 900000000ns\nscript:\n  - advance: 0ms\n  - settle: true\n  - tap: \"Home.count\"\n  - push: \"Detail\"\n    window: \"main\"\n    animated: false\n  - advance: 500000ns\n  - advance: 899499900ns\n"),
                "\(export.text)")
        #expect(export.notes.count == 1 && export.notes[0].contains("Nope"))

        var network = session
        if case .object(var members) = network, case .array(var inputs) = members["inputs"]! {
            inputs.append(["input": "app.network", "params": ["remove": 0], "ok": true, "turn": 12])
            members["inputs"] = .array(inputs)
            network = .object(members)
        }
        #expect(throws: ScenarioExportError.self) { try ScenarioExport(session: network) }
        #expect(throws: ScenarioExportError.self) { try ScenarioExport(session: ["launch": ["scenario": "/x.yaml"], "document": nil]) }
    }
}
