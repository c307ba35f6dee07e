import Foundation
@testable import LifeloopHost
import Testing

/// A daemon stand-in that answers `app.explore` with a small map, every request kept.
private final class MapDaemon: DaemonConnection {
    var calls: [(String, JSON)] = []

    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
        calls.append((method, params))
        guard method == "app.explore" else { throw RPCError.methodNotFound(method) }
        return [
            "name": "Shop",
            "screens": [
                ["id": "aaa", "index": 0, "title": "Home", "signature": "long signature", "controllers": ["Nav", "Home"], "reachedBy": [],
                 "actions": 2, "thumbnail": "screens/000-aaa.png"],
                ["id": "bbb", "index": 1, "title": "Cart", "signature": "another", "controllers": ["Nav", "Cart"],
                 "reachedBy": ["tap: \"#cart\""], "actions": 1, "thumbnail": .null],
            ],
            "edges": [
                ["from": "aaa", "to": "bbb", "action": "tap: \"#cart\"", "outcome": "screen"],
                ["from": "bbb", "to": .null, "action": "tap: \"#pay\"", "outcome": "crash"],
            ],
            "findings": [["kind": "crash", "message": "Fatal error: pay\nmore", "screen": "bbb", "steps": 2, "file": "findings/001-crash.yaml",
                          "scenario": "lifeloop: 1\nscript: []\n"]],
            "coverage": ["controllerClasses": ["Nav", "Home", "Cart"], "targetActionsFired": 2, "targetActionsRegistered": 3],
            "stats": ["explored": 2, "stopped": "done"],
        ]
    }
}

extension JSON {
    fileprivate var firstText: String { self["content"]?.array?.first?["text"]?.string ?? "" }
}

@Suite struct MCPExploreToolTests {
    private func tool(_ server: MCPServer, _ arguments: JSON) throws -> JSON {
        let line = RPCMessage.request(id: 9, method: "tools/call", params: ["name": "explore", "arguments": arguments]).line
        let reply = try #require(server.handle(line: line))
        return try #require(try JSON.parse(reply)["result"])
    }

    private func server() -> (MapDaemon, MCPServer) {
        let daemon = MapDaemon()
        let server = MCPServer(daemon: daemon)
        _ = server.handle(line: RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        return (daemon, server)
    }

    @Test func exploreIsListedReadOnlyWithItsSchemas() throws {
        let (_, server) = server()
        let reply = try JSON.parse(try #require(server.handle(line: RPCMessage.request(id: 2, method: "tools/list", params: [:]).line)))
        let explore = try #require(reply["result"]?["tools"]?.array?.first { $0["name"]?.string == "explore" })
        #expect(explore["inputSchema"]?["properties"]?["maxActions"] != nil)
        #expect(explore["annotations"]?["readOnlyHint"]?.bool == true)
    }

    @Test func exploreSendsAppExploreAndAnswersScreensEdgesAndFindingsAsShortLines() throws {
        let (daemon, server) = server()
        let result = try tool(server, ["sample": "Shop", "maxActions": 40, "seed": 3])
        #expect(result["isError"]?.bool != true)
        let sent = try #require(daemon.calls.last)
        #expect(sent.0 == "app.explore")
        #expect(sent.1["sample"]?.string == "Shop" && sent.1["maxActions"]?.int == 40 && sent.1["seed"]?.int == 3)
        let text = result.firstText
        #expect(text.contains("explored Shop: 2 screens, 2 actions tried (stopped: done)"))
        #expect(text.contains("  s1 Home [Nav, Home] via launch"))
        #expect(text.contains("  s2 Cart [Nav, Cart] via tap: \"#cart\""))
        #expect(text.contains("  s1 -- tap: \"#cart\" --> s2"))
        #expect(text.contains("  s2 -- tap: \"#pay\" --> crash"))
        #expect(text.contains("  crash on s2 after 2 steps: Fatal error: pay"))
        let structured = try #require(result["structuredContent"])
        #expect(structured["screens"]?.array?.first?["signature"] == nil)
        #expect(structured["findings"]?.array?.first?["scenario"]?.string?.hasPrefix("lifeloop: 1") == true)
    }

    @Test(arguments: [
        (["maxActions": 5] as JSON, "give exactly one of app, sample"),
        (["sample": "Shop", "app": "app-1"] as JSON, "got app and sample"),
        (["sample": "Shop", "maxActions": 0] as JSON, "'maxActions'"),
        (["sample": "Shop", "maxSeconds": 0] as JSON, "'maxSeconds'"),
        (["project": "relative/App.xcodeproj"] as JSON, "absolute path"),
        (["sample": "Shop", "depth": 2] as JSON, "'depth'"),
    ])
    func badArgumentsAreAnErrorAndNothingIsSent(arguments: JSON, named: String) throws {
        let (daemon, server) = server()
        let result = try tool(server, arguments)
        #expect(result["isError"]?.bool == true)
        #expect(result.firstText.contains(named), "\(result.firstText)")
        #expect(daemon.calls.isEmpty)
    }
}
