import Foundation
import LifeloopHost
import Testing

/// A daemon stand-in whose one app answers `app.snapshot` with `png` (base64) for a PNG,
/// keeping the requests it got.
private final class PictureDaemon: DaemonConnection, @unchecked Sendable {
    let png: [UInt8]?
    private(set) var snapshotRequests: [JSON] = []
    init(png: [UInt8]?) { self.png = png }

    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
        switch method {
        case "app.launch": return ["app": "app-1", "pid": 1, "scenario": "Fake", "windows": ["main"], "fromSeq": 0, "toSeq": 5, "turn": 2, "digest": "d1"]
        case "app.snapshot":
            snapshotRequests.append(params)
            var reply: JSON = ["window": "main", "turn": 3, "digest": "d1", "format": "png"]
            if let png { reply = .object((reply.object ?? [:]).merging(["pngBase64": .string(Data(png).base64EncodedString())]) { $1 }) }
            return reply
        default: throw RPCError.methodNotFound(method)
        }
    }
}

/// The MCP `snapshot` tool's PNG: the app draws it (longest edge at most 1024 px) and the
/// tool hands it on as an image, under 1 MB.
@Suite struct SnapshotPNGTests {
    private func snapshot(_ daemon: PictureDaemon) throws -> JSON {
        let server = MCPServer(daemon: daemon)
        _ = server.handle(line: RPCMessage.request(id: 0, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line)
        func tool(_ name: String, _ arguments: JSON) throws -> JSON {
            let line = RPCMessage.request(id: 1, method: "tools/call", params: ["name": .string(name), "arguments": arguments]).line
            let reply = try #require(server.handle(line: line))
            return try #require(try JSON.parse(reply)["result"])
        }
        _ = try tool("launch", ["sample": "Fake"])
        return try tool("snapshot", ["format": "png"])
    }

    @Test func theAppDrawsThePNGAtMost1024PixelsOnItsLongestEdge() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
        let daemon = PictureDaemon(png: png)
        let reply = try snapshot(daemon)
        #expect(reply["isError"] == false, "\(reply)")
        #expect(daemon.snapshotRequests.count == 1)
        #expect(daemon.snapshotRequests.first?["format"] == "png")
        #expect(daemon.snapshotRequests.first?["longestEdge"]?.int == 1024)
        let image = try #require(reply["content"]?.array?.first { $0["type"] == "image" })
        #expect(image["mimeType"] == "image/png")
        #expect(image["data"]?.string.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } == png)
        #expect(reply["structuredContent"]?["bytes"]?.int == png.count)
    }

    @Test func aReplyWithoutAPNGIsAClearError() throws {
        let reply = try snapshot(PictureDaemon(png: nil))
        #expect(reply["isError"] == true)
        #expect(reply["content"]?.array?.first?["text"]?.string == "snapshot: the app's reply has no PNG (pngBase64)")
    }

    @Test func aPNGOver1MBIsAClearError() throws {
        let reply = try snapshot(PictureDaemon(png: Array(repeating: 1, count: 1 << 20)))
        #expect(reply["isError"] == true)
        #expect(reply["content"]?.array?.first?["text"]?.string == "snapshot: the PNG is 1048576 bytes, over 1 MB; ask for svg")
    }
}
