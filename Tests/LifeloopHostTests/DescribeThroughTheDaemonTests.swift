import Foundation
@testable import LifeloopHost
import Testing

/// `app.describe` and the MCP tools over a real `lifeloopd` and a real app process, with
/// view trees as deep as real screens have (a table, its cell, the cell's content view, a
/// stack, a label: ten levels are common).
@Suite struct DescribeThroughTheDaemonTests {
    /// A `.xib` whose root view holds `levels` nested views, the innermost a label.
    static func deepXib(levels: Int, in directory: String) throws -> String {
        func nest(_ level: Int) -> String {
            if level == 0 {
                return #"<label text="deep" id="innermost" userLabel="innermost"><rect key="frame" x="0" y="0" width="100" height="20"/>"#
                    + #"<accessibility key="accessibilityConfiguration" identifier="deepLabel"/></label>"#
            }
            return #"<view id="v\#(level)"><rect key="frame" x="1" y="1" width="300" height="300"/><subviews>\#(nest(level - 1))</subviews></view>"#
        }
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects><view id="root"><rect key="frame" x="0" y="0" width="390" height="844"/><subviews>\(nest(levels))</subviews></view></objects>
            </document>
            """
        let path = directory + "/deep.xib"
        try xib.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The daemon read an app's reply with a nesting limit of 16, so the reply to a
    /// describe of a tree more than a few views deep was dropped as "not a protocol
    /// message" and the client waited for the deadline.
    @Test func aDeepTreeIsDescribedThroughTheDaemon() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let path = try Self.deepXib(levels: 30, in: daemon.directory)
        let app = try #require(try client.call("app.launch", ["storyboard": .string(path)], timeout: 30)["app"]?.string)
        for detail in [false, true] {
            let reply = try client.call("app.describe", ["app": .string(app), "detail": .bool(detail)], timeout: 20)
            var view = try #require(reply["windows"]?.array?.first?["views"]?.array?.first)
            var depth = 0
            while let next = view["subviews"]?.array?.first {
                view = next
                depth += 1
            }
            #expect(depth == 31, "detail \(detail): the innermost view is \(depth) levels down")
            if detail { #expect(view["text"] == "deep" && view["accessibilityIdentifier"] == "deepLabel") }
        }
    }

    /// The MCP server over a real daemon: describe lists the innermost label with its ref,
    /// and a tap by identifier reaches it (one request to the daemon when the server's tree
    /// is current).
    @Test func theMCPServerDescribesAndTapsADeepTree() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let path = try Self.deepXib(levels: 30, in: daemon.directory)
        let server = MCPServer(daemon: client)
        _ = server.handle(line: RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        func tool(_ name: String, _ arguments: JSON) throws -> JSON {
            let line = RPCMessage.request(id: 2, method: "tools/call", params: ["name": .string(name), "arguments": arguments]).line
            let reply = try #require(server.handle(line: line))
            return try #require(try JSON.parse(reply)["result"])
        }
        let launched = try tool("launch", ["storyboard": .string(path)])
        let app = try #require(launched["structuredContent"]?["app"]?.string, "\(launched)")
        let described = try tool("describe", ["app": .string(app)])
        #expect(described["isError"] == false, "\(described)")
        // Described again at the same digest: the same text, from the tree the server holds.
        let again0 = try tool("describe", ["app": .string(app)])
        #expect(again0["content"] == described["content"] && again0["structuredContent"] == described["structuredContent"])
        #expect(described["structuredContent"]?["views"] == 32)
        let text = described["content"]?.array?.first?["text"]?.string ?? ""
        #expect(text.contains(" staticText innermost \"deep\" #deepLabel"), "\(text.suffix(400))")
        let full = try tool("describe", ["app": .string(app), "full": true])
        let innermost = try #require(full["structuredContent"]?["elements"]?.array?.last)
        let ref = try #require(innermost["ref"]?.string)
        #expect(innermost["depth"] == 31 && innermost["accessibilityLabel"] == "deep" && innermost["type"] == "staticText")
        #expect(innermost["frame"] == [30, 30, 100, 20])
        let served = try client.call("daemon.status")["requestsServed"]?.int ?? 0
        let tapped = try tool("tap", ["app": .string(app), "id": "deepLabel"])
        // The server held the tree the describe read: the tap, its settle and the tree after
        // it went as one request (and the status call is the other).
        #expect(try client.call("daemon.status")["requestsServed"]?.int == served + 2)
        #expect(tapped["isError"] == false, "\(tapped)")
        #expect(tapped["structuredContent"]?["tapped"]?["ref"]?.string == ref)
        #expect(tapped["structuredContent"]?["settled"] == true)

        // Any acting tool: one request while the held tree is the app's.
        let before = try client.call("daemon.status")["requestsServed"]?.int ?? 0
        let warned = try tool("memory_warning", ["app": .string(app)])
        #expect(warned["isError"] == false, "\(warned)")
        #expect(try client.call("daemon.status")["requestsServed"]?.int == before + 2)

        // Another client moves the app on: the held tree is refused by digest (nothing
        // runs), the tree is read again, and the tap goes to the view as it is now.
        _ = try client.call("app.memoryWarning", ["app": .string(app)])
        let moved = try client.call("daemon.status")["requestsServed"]?.int ?? 0
        let again = try tool("tap", ["app": .string(app), "id": "deepLabel"])
        #expect(again["isError"] == false, "\(again)")
        #expect(again["structuredContent"]?["tapped"]?["ref"]?.string == ref, "the same element, the same ref")
        #expect(try client.call("daemon.status")["requestsServed"]?.int == moved + 4)
    }

    /// `app.batch`: calls run in order and stop at the first failure unless its code is in
    /// `continueOn`; a malformed batch and one whose `ifDigest` is not the app's run nothing.
    @Test func aBatchRunsItsCallsInOrderAndStopsAtAFailure() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let launched = try client.call("app.launch", ["sample": "MultiWindow", "seed": 3], timeout: 30)
        let app = try #require(launched["app"]?.string)
        let digest = try #require(launched["digest"]?.string)

        let ran = try client.call("app.batch", ["app": .string(app), "ifDigest": .string(digest), "calls": [
            ["method": "app.memoryWarning"],
            ["method": "clock.advance", "params": ["ms": 100]],
            ["method": "app.describe", "params": ["rows": true]],
        ]])
        let results = try #require(ran["results"]?.array)
        #expect(results.count == 3)
        let warned = try #require(results[0]["result"]?["toSeq"]?.int)
        #expect(results[1]["result"]?["fromSeq"]?.int == warned)
        let rows = try #require(results[2]["result"]?["rows"]?.array)
        #expect(rows.count > 3 && rows.allSatisfy { $0.array?.count == 18 })
        #expect(results[2]["result"]?["digest"] == ran["digest"] && ran["digest"]?.string != digest)

        // Stale: nothing runs, and the error names the digest the app is at.
        let now = try #require(ran["digest"]?.string)
        do {
            try client.call("app.batch", ["app": .string(app), "ifDigest": .string(digest), "calls": [["method": "app.memoryWarning"]]])
            Issue.record("a batch for another digest ran")
        } catch let error as RPCError {
            #expect(error.code == -32012 && error.message.contains(now), "\(error)")
        }
        #expect(try client.call("app.describe", ["app": .string(app)])["digest"]?.string == now)

        // A failure ends the batch, unless the call lets it pass.
        let stopped = try client.call("app.batch", ["app": .string(app), "calls": [
            ["method": "app.tap", "params": ["view": "NoSuchView"]],
            ["method": "app.memoryWarning"],
        ]])
        #expect(stopped["results"]?.array?.count == 1 && stopped["results"]?.array?.first?["error"]?["code"] == -32010)
        let passed = try client.call("app.batch", ["app": .string(app), "calls": [
            ["method": "app.tap", "params": ["view": "NoSuchView"], "continueOn": [-32010]],
            ["method": "app.memoryWarning"],
        ]])
        #expect(passed["results"]?.array?.count == 2 && passed["results"]?.array?.last?["result"]?["toSeq"] != nil)

        // Malformed: nothing runs, and the error names the call.
        let before = try #require(try client.call("app.describe", ["app": .string(app)])["digest"]?.string)
        let bad: [(JSON, String)] = [
            ([["method": "app.memoryWarning"], ["method": "app.launch"]], "calls[1].method 'app.launch' is not an app verb"),
            ([["method": "app.memoryWarning"], ["method": "app.batch"]], "calls[1].method 'app.batch' is not an app verb"),
            ([["method": "app.memoryWarning"], 7], "calls[1] must be an object"),
            ([["method": "app.memoryWarning", "params": [1]]], "calls[0].params must be an object"),
            ([["method": "app.memoryWarning", "then": 1]], "calls[0]: unknown member 'then'"),
            ([], "'calls' must be an array of 1 to 64 calls"),
        ]
        for (calls, message) in bad {
            do {
                try client.call("app.batch", ["app": .string(app), "calls": calls])
                Issue.record("\(calls) ran")
            } catch let error as RPCError {
                #expect(error.code == -32602 && error.message.contains(message), "\(error)")
            }
        }
        #expect(try client.call("app.describe", ["app": .string(app)])["digest"]?.string == before)
    }

    /// The rows form gives the MCP server the app's element tree: one row an element below
    /// the windows, ids that stay the same from one describe to the next, the windows and
    /// the controllers, in an app of three windows, in the deep tree, and in a scrolled
    /// table (whose cells' frames in the window move with the table's bounds); and the
    /// compact text written straight from the rows is the text written from the elements.
    @Test func rowsGiveTheAppsElementTree() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let multi = try #require(try client.call("app.launch", ["sample": "MultiWindow", "seed": 3], timeout: 30)["app"]?.string)
        let deep = try #require(try client.call("app.launch", ["storyboard": .string(try Self.deepXib(levels: 40, in: daemon.directory))], timeout: 30)["app"]?.string)
        _ = try client.call("app.push", ["app": .string(multi), "scene": "Message", "window": "phone", "animated": false])
        let contacts = try #require(try client.call("app.launch", ["sample": "Contacts"], timeout: 30)["app"]?.string)
        _ = try client.call("app.scroll", ["app": .string(contacts), "view": "contactsTable", "to": [0, 333.3]])
        _ = try client.call("app.settle", ["app": .string(contacts)])
        for app in [multi, deep, contacts] {
            let rows = try ViewTree(rows: try client.call("app.describe", ["app": .string(app), "rows": true]).text)
            let again = try ViewTree(rows: try client.call("app.describe", ["app": .string(app), "rows": true]).text)
            let straight = rows.compact()
            #expect(rows.rows?.builtElements == nil)
            #expect(rows.viewCount >= 5)
            #expect(rows.viewCount == rows.elements.count)
            #expect(rows.compact() == straight, "the text from the elements is the text from the rows")
            #expect(rows.elements.map(\.ref) == again.elements.map(\.ref), "the same elements, the same ids")
            #expect(Set(rows.elements.map(\.ref)).count == rows.elements.count, "ids are unique")
            #expect(rows.elements.allSatisfy { $0.key == $0.ref })
            #expect(rows.digest == again.digest && rows.windows == again.windows && rows.controllerLines == again.controllerLines)
            #expect(!rows.controllerLines.isEmpty)
            if app == multi { #expect(rows.windows.count == 3 && rows.elements.contains { $0.type == "backButton" }) }
            if app == deep { #expect(rows.elements.contains { $0.depth > 30 && $0.accessibilityIdentifier == "deepLabel" }) }
            if app == contacts {
                let index = try #require(rows.elements.firstIndex { $0.label == "contactsTable" })
                let table = rows.elements[index]
                #expect(table.contentOffset == [0, 333.3] && table.type == "table")
                let below = rows.elements[(index + 1)...].prefix { $0.depth > table.depth }
                #expect(below.contains { $0.frame[1] < table.frame[1] }, "a cell scrolled above the table's top")
                #expect(below.contains { $0.type == "cell" && $0.indexPath != nil })
            }
        }
        do {
            _ = try client.call("app.describe", ["app": .string(multi), "rows": true, "detail": true])
            Issue.record("rows and detail together were accepted")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("give 'rows' or 'detail'"))
        }
        #expect(throws: JSONError.self) { try ViewTree(rows: "{\"rows\": [") }

        // The same digest, the same tree: the app says so instead of sending it again.
        let current = try #require(try client.call("app.describe", ["app": .string(multi)])["digest"]?.string)
        let same = try client.call("app.describe", ["app": .string(multi), "rows": true, "ifDigest": .string(current)])
        #expect(same["unchanged"] == true && same["digest"]?.string == current && same["rows"] == nil)
        let other = try client.call("app.describe", ["app": .string(multi), "rows": true, "ifDigest": "0000"])
        #expect(other["unchanged"] == nil && (other["rows"]?.array?.count ?? 0) >= 5)
        do {
            _ = try client.call("app.describe", ["app": .string(multi), "ifDigest": .string(current)])
            Issue.record("ifDigest without rows was accepted")
        } catch let error as RPCError {
            #expect(error.code == -32602 && error.message.contains("'ifDigest' goes with 'rows'"))
        }
    }
}
