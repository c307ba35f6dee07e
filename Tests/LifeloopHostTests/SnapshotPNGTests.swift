import Foundation
import LifeloopHost
import Testing

/// A daemon stand-in whose one app's window snapshot is `svg`.
private final class PictureDaemon: DaemonConnection {
    let svg: String
    init(svg: String) { self.svg = svg }

    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON {
        switch method {
        case "app.launch": return ["app": "app-1", "pid": 1, "scenario": "Fake", "windows": ["main"], "fromSeq": 0, "toSeq": 5, "turn": 2, "digest": "d1"]
        case "app.snapshot": return ["window": "main", "turn": 3, "digest": "d1", "format": "svg", "svg": .string(svg)]
        default: throw RPCError.methodNotFound(method)
        }
    }
}

/// The MCP `snapshot` tool's PNG: its longest edge at most 1024 px (a larger window is
/// scaled down, a smaller one is not scaled up), under 1 MB, a valid PNG.
@Suite struct SnapshotPNGTests {
    static func svg(width: Int, height: Int) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#fafafa\"/>"
        for index in 0..<200 {
            let x = (index % 20) * width / 20, y = (index / 20) * height / 10
            out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"40\" height=\"14\" fill=\"#e9e9eb\" stroke=\"#555555\"/>"
            out += "<text x=\"\(x + 3)\" y=\"\(y + 11)\" font-size=\"9\" fill=\"#111\">Grid.r\(index)</text>"
        }
        return out + "</svg>"
    }

    /// Width and height from a PNG's IHDR, after checking the signature.
    static func size(ofPNG bytes: [UInt8]) throws -> (Int, Int) {
        try #require(bytes.count > 24 && Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try #require(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        func be32(_ at: Int) -> Int { Int(bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        return (be32(16), be32(20))
    }

    /// The PNG, or nil where librsvg is not installed (the reply says so).
    private func pngSnapshot(of svg: String) throws -> [UInt8]? {
        let server = MCPServer(daemon: PictureDaemon(svg: svg))
        func tool(_ name: String, _ arguments: JSON) throws -> JSON {
            let line = RPCMessage.request(id: 1, method: "tools/call", params: ["name": .string(name), "arguments": arguments]).line
            let reply = try #require(server.handle(line: line))
            return try #require(try JSON.parse(reply)["result"])
        }
        _ = try tool("launch", ["sample": "Fake"])
        let reply = try tool("snapshot", ["format": "png"])
        if reply["isError"] == true, "\(reply)".contains("writing PNG needs librsvg") { return nil }
        #expect(reply["isError"] == false, "\(reply)")
        let image = try #require(reply["content"]?.array?.first { $0["type"] == "image" })
        #expect(image["mimeType"] == "image/png")
        let base64 = try #require(image["data"]?.string)
        let bytes = [UInt8](try #require(Data(base64Encoded: base64)))
        #expect(reply["structuredContent"]?["bytes"]?.int == bytes.count)
        return bytes
    }

    @Test(arguments: [(3000, 600, 1024, 204), (600, 2400, 256, 1024), (462, 802, 462, 802)])
    func theLongestEdgeIsAtMost1024(_ width: Int, _ height: Int, _ expectedWidth: Int, _ expectedHeight: Int) throws {
        guard let bytes = try pngSnapshot(of: Self.svg(width: width, height: height)) else { return }
        let (pngWidth, pngHeight) = try Self.size(ofPNG: bytes)
        #expect((pngWidth, pngHeight) == (expectedWidth, expectedHeight))
        #expect(max(pngWidth, pngHeight) <= 1024)
        #expect(bytes.count < 1 << 20)
    }
}
