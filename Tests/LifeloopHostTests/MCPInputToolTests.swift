import Foundation
@testable import LifeloopHost
import Testing

/// A daemon stand-in with a form: a text field, a hidden one, a scroll view; every request
/// kept, and the verbs change the tree as the app would.
private final class FormDaemon: DaemonConnection {
    var digest = "d1"
    var name = ""
    var offset: [Double] = [0, 0]
    var calls: [(String, JSON)] = []
    var typeError: RPCError?

    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
        calls.append((method, params))
        switch method {
        case "app.launch": return ["app": "app-1", "pid": 1, "scenario": "Fake", "windows": ["main"], "fromSeq": 0, "toSeq": 5, "turn": 2, "digest": .string(digest)]
        case "app.describe": return describe()
        case "app.settle": return ["fromSeq": 5, "toSeq": 6, "turn": 3, "digest": .string(digest)]
        case "app.type":
            if let typeError { throw typeError }
            name += params["text"]?.string ?? ""
            digest = "d2"
            return ["fromSeq": 6, "toSeq": 9, "turn": 4, "digest": .string(digest)]
        case "app.scroll":
            let by = params["by"]?.array?.compactMap(\.double) ?? [0, 0]
            offset = [offset[0] + by[0], offset[1] + by[1]]
            digest = "d3"
            return ["fromSeq": 9, "toSeq": 12, "turn": 5, "digest": .string(digest)]
        case "app.drag", "app.touch", "app.pinch":
            digest = "d4"
            return ["fromSeq": 12, "toSeq": 20, "turn": 6, "digest": .string(digest)]
        default: throw RPCError.methodNotFound(method)
        }
    }

    /// The ids of the field and the scroll view: a new view gets a new one.
    var nameID = "e3"
    var scrollID = "e2"

    /// `app.describe` with `rows: true`, as the app host writes it: the hidden field is
    /// scrolled out of sight (not visible, not hittable).
    func describe() -> JSON {
        // [window, depth, id, type, class, viewLabel, label, identifier, value, placeholder,
        //  x, y, w, h, flags, contentOffset, indexPath, controller]
        let rows: JSON = [
            [0, 0, "e1", "other", "View", "Form.view", "", "", .null, .null, 0, 0, 400, 800, 25, .null, .null, "Form"],
            [0, 1, .string(scrollID), "scrollView", "ScrollView", "Form.scroll", "", "scroll", .null, .null, 0, 64, 400, 700, 25,
             .array(offset.map { .double($0) }), .null, "Form"],
            [0, 2, .string(nameID), "textField", "TextField", "Form.name", "", "name", name.isEmpty ? .null : .string(name), .null,
             20, .double(100 - offset[1]), 300, 34, 57, .null, .null, "Form"],
            [0, 2, "e4", "textField", "TextField", "Form.hidden", "", "hiddenField", .null, .null, 20, .double(150 - offset[1]), 300, 34, 33,
             .null, .null, "Form"],
        ]
        return ["windows": [["label": "main", "frame": [0, 0, 400, 800], "key": true, "hidden": false,
                             "rootController": ["label": "Form", "type": "Page", "viewLoaded": true, "appeared": true]]],
                "rows": rows, "turn": 3, "now": 0, "digest": .string(digest)]
    }
}

private func numbers(_ value: JSON?) -> [Double] { value?.array?.compactMap(\.double) ?? [] }

extension JSON {
    fileprivate var firstText: String { self["content"]?.array?.first?["text"]?.string ?? "" }
}

@Suite struct MCPInputToolTests {
    private func tool(_ server: MCPServer, _ name: String, _ arguments: JSON) throws -> JSON {
        let line = RPCMessage.request(id: 9, method: "tools/call", params: ["name": .string(name), "arguments": arguments]).line
        let reply = try #require(server.handle(line: line))
        return try #require(try JSON.parse(reply)["result"])
    }

    private func launched() throws -> (FormDaemon, MCPServer) {
        let daemon = FormDaemon()
        let server = MCPServer(daemon: daemon)
        let line = RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line
        _ = server.handle(line: line)
        _ = try tool(server, "launch", ["sample": "Fake"])
        return (daemon, server)
    }

    @Test func theNewToolsAreListedWithSchemasAndAnnotations() throws {
        let (_, server) = try launched()
        let line = RPCMessage.request(id: 2, method: "tools/list", params: [:]).line
        let reply = try #require(server.handle(line: line))
        let tools = try #require(try JSON.parse(reply)["result"]?["tools"]?.array)
        for name in ["type_text", "scroll", "drag", "swipe", "touch", "pinch"] {
            let tool = try #require(tools.first { $0["name"]?.string == name }, "\(name) is missing")
            #expect(tool["inputSchema"]?["type"] == "object" && tool["outputSchema"]?["type"] == "object")
            #expect(tool["annotations"]?["readOnlyHint"] == false && tool["annotations"]?["destructiveHint"] == false)
        }
        #expect(tools.first { $0["name"] == "describe" }?["inputSchema"]?["properties"]?["hit"] != nil)
    }

    @Test func typeTextTypesIntoTheNamedFieldSettlesAndReturnsTheDiff() throws {
        let (daemon, server) = try launched()
        let typed = try tool(server, "type_text", ["id": "name", "text": "Ada", "submit": true])
        #expect(typed["isError"] == false, "\(typed.firstText)")
        let result = try #require(typed["structuredContent"])
        #expect(result["settled"] == true && result["digest"] == "d2" && result["typed"]?["label"] == "Form.name")
        #expect(result["diff"]?["lines"]?.array?.first?.string?.contains("Form.name value \"\" -> \"Ada\"") == true, "\(result.text)")
        let sent = try #require(daemon.calls.first { $0.0 == "app.type" }?.1)
        #expect(sent["view"] == "@e3" && sent["text"] == "Ada" && sent["submit"] == true && sent["clear"] == nil)
        #expect(daemon.calls.last?.0 == "app.describe" && daemon.calls.contains { $0.0 == "app.settle" })
    }

    @Test func badInputToTheNewToolsIsAClearErrorAndNothingRuns() throws {
        let (daemon, server) = try launched()
        _ = try tool(server, "describe", [:])
        let cases: [(String, JSON, String)] = [
            ("type_text", ["id": "name", "text": 5], "'text' must be a string"),
            ("type_text", ["id": "name"], "'text' (a string) is required"),
            ("type_text", ["text": "x"], "give exactly one of ref, id, accessibilityLabel or view"),
            ("type_text", ["ref": "@e99", "text": "x"], "no element @e99 is on screen at digest d1"),
            ("type_text", ["id": "nope", "text": "x"], "no view with accessibility identifier 'nope'"),
            ("scroll", ["id": "hiddenField", "by": ["x": 0, "y": 1]], "@e4 Form.hidden is off screen (scrolled or clipped out of sight); nothing was scrolled"),
            ("type_text", ["id": "name", "text": .string(String(repeating: "é", count: 10_001))], "10001 characters; at most 10000"),
            ("type_text", ["id": "name", "text": "x", "clear": "yes"], "'clear' must be"),
            ("scroll", ["id": "scroll"], "give exactly one of to {x, y}"),
            ("scroll", ["id": "scroll", "to": [1, 2]], "'to' must be {\"x\": number, \"y\": number}"),
            ("scroll", ["id": "scroll", "by": ["x": 0, "y": 1e9]], "within ±100000"),
            ("drag", ["by": ["x": 0, "y": 10]], "'by' goes with a scroll view"),
            ("drag", ["id": "scroll", "by": ["x": 0, "y": 10], "path": []], "'path' goes with a finger's path"),
            ("drag", ["path": [["x": 1, "y": 2]]], "'path' needs 2 to 10000 points, not 1"),
            ("drag", ["path": [["x": 1, "y": 2], ["x": "a", "y": 2]]], "path[1] must be {\"x\": number"),
            ("drag", [:], "give a scroll view"),
            ("swipe", ["direction": "sideways", "id": "scroll"], "'direction' is up, down, left or right"),
            ("swipe", ["direction": "up", "point": ["x": 1, "y": 1], "distance": -3], "'distance' is above 0"),
            ("touch", ["phase": "press", "point": ["x": 1, "y": 1]], "'phase' is down, move, up or cancel"),
            ("touch", ["phase": "down"], "'point' is required"),
            ("touch", ["phase": "down", "point": ["x": 1, "y": 1], "finger": 12], "'finger'"),
            ("touch", ["phase": "down", "point": ["x": 1, "y": 1], "window": "side"], "no window 'side'; the windows are main"),
            ("pinch", ["center": ["x": 1, "y": 1], "from": 0, "to": 4], "'from' is a distance above 0"),
            ("describe", ["hit": ["x": "a"]], "'hit' must be {\"x\": number"),
        ]
        for (name, arguments, expected) in cases {
            let result = try tool(server, name, arguments)
            #expect(result["isError"] == true, "\(name) \(arguments.text) was accepted")
            #expect(result.firstText.contains(expected), "\(name) \(arguments.text): \(result.firstText)")
        }
        #expect(!daemon.calls.contains { ["app.type", "app.scroll", "app.drag", "app.touch", "app.pinch"].contains($0.0) })
    }

    @Test func aRefWhoseElementWentIsRefusedByEveryNewToolNamingTheCurrentDigest() throws {
        let (daemon, server) = try launched()
        _ = try tool(server, "describe", [:])
        // The field and the scroll view are replaced by new ones: their refs go stale.
        daemon.digest = "d7"
        daemon.nameID = "e5"
        daemon.scrollID = "e6"
        for (name, arguments) in [("type_text", ["ref": "@e3", "text": "x"]), ("scroll", ["ref": "@e2", "by": ["x": 0, "y": 10]]),
                                  ("drag", ["ref": "@e2", "by": ["x": 0, "y": 10]]), ("swipe", ["ref": "@e2", "direction": "up"])] as [(String, JSON)] {
            let result = try tool(server, name, arguments)
            #expect(result["isError"] == true && result.firstText.contains("stale ref") && result.firstText.contains("at digest d7"),
                    "\(name): \(result.firstText)")
        }
        #expect(!daemon.calls.contains { ["app.type", "app.scroll", "app.drag"].contains($0.0) })
    }

    @Test func aFieldTheAppRefusesIsAnErrorNamingWhy() throws {
        let (daemon, server) = try launched()
        daemon.typeError = RPCError.actionFailed("app.type: 'Form.name' is disabled (isEnabled is false); nothing was typed")
        let result = try tool(server, "type_text", ["view": "Form.name", "text": "x"])
        #expect(result["isError"] == true && result.firstText.contains("'Form.name' is disabled"), "\(result.firstText)")
    }

    @Test func scrollDragSwipeTouchAndPinchSendTheDaemonsVerbs() throws {
        let (daemon, server) = try launched()
        let scrolled = try tool(server, "scroll", ["id": "scroll", "by": ["x": 0, "y": 120]])
        #expect(scrolled["isError"] == false, "\(scrolled.firstText)")
        #expect(numbers(scrolled["structuredContent"]?["contentOffset"]) == [0, 120])
        #expect(scrolled.firstText.contains("Form.scroll offset (0,0) -> (0,120)"), "\(scrolled.firstText)")
        // The views inside moved with the content: counted, not listed one by one.
        #expect(!scrolled.firstText.contains("Form.name [") && scrolled.firstText.contains("(2 views moved with the scrolled content)"),
                "\(scrolled.firstText)")
        #expect(scrolled["structuredContent"]?["diff"]?["movedWithContent"] == 2 && scrolled["structuredContent"]?["diff"]?["moved"] == 0)
        #expect(numbers(daemon.calls.first { $0.0 == "app.scroll" }?.1["by"]) == [0, 120])

        _ = try tool(server, "drag", ["view": "Form.scroll", "by": ["x": 0, "y": -40], "velocity": ["x": 0, "y": -900]])
        #expect(numbers(daemon.calls.last { $0.0 == "app.drag" }?.1["velocity"]) == [0, -900])
        _ = try tool(server, "drag", ["from": ["x": 10, "y": 400], "to": ["x": 10, "y": 100], "steps": 2])
        #expect(daemon.calls.last { $0.0 == "app.drag" }?.1["path"]?.array?.map(numbers) == [[10, 400], [10, 250], [10, 100]])
        // A swipe up from the field's center (scrolled up by 120): 200 points in 100 ms, a move every 16 ms.
        _ = try tool(server, "swipe", ["id": "name", "direction": "up"])
        let swipe = try #require(daemon.calls.last { $0.0 == "app.drag" }?.1)
        #expect(numbers(swipe["path"]?.array?.first) == [170, -3] && numbers(swipe["path"]?.array?.last) == [170, -203] && swipe["window"] == "main")
        #expect(swipe["path"]?.array?.count == 7 && swipe["intervalMs"]?.double == 16)
        _ = try tool(server, "touch", ["phase": "down", "point": ["x": 5, "y": 6], "finger": 1, "settle": false])
        let touch = try #require(daemon.calls.last { $0.0 == "app.touch" }?.1)
        #expect(touch["phase"] == "down" && touch["x"]?.double == 5 && touch["y"]?.double == 6 && touch["finger"] == 1 && touch["window"] == "main")
        #expect(!daemon.calls.suffix(2).contains { $0.0 == "app.settle" }, "settle: false does not settle")
        _ = try tool(server, "pinch", ["center": ["x": 200, "y": 300], "from": 100, "to": 200])
        #expect(daemon.calls.last { $0.0 == "app.pinch" }?.1["to"]?.double == 200)
    }

    @Test func describeHitSaysWhichViewATouchReaches() throws {
        let (_, server) = try launched()
        let hit = try tool(server, "describe", ["hit": ["x": 30, "y": 110]])
        #expect(hit["structuredContent"]?["hit"]?["label"] == "Form.name", "\(hit.firstText)")
        #expect(hit.firstText.contains("reaches\n@e3 textField Form.name"), "\(hit.firstText)")
        // The field scrolled out of sight takes nothing: its superview is reached.
        #expect(try tool(server, "describe", ["hit": ["x": 30, "y": 160]])["structuredContent"]?["hit"]?["label"] == "Form.scroll")
        let nothing = try tool(server, "describe", ["hit": ["x": 900, "y": 10]])
        #expect(nothing["structuredContent"]?["hit"] == .null && nothing.firstText.contains("nothing that takes touches"))
    }
}
