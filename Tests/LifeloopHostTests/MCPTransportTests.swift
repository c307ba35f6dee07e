import Foundation
@testable import LifeloopHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A daemon stand-in that knows no verb: the transport tests need none.
private final class NoDaemon: DaemonConnection {
    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON { throw RPCError.methodNotFound(method) }
}

/// A server handed to the thread that serves it (and used only there).
private final class ServerBox: @unchecked Sendable {
    let server: MCPServer
    init(_ server: MCPServer) { self.server = server }
}

/// The MCP server's stdio transport: the lifecycle, a client that writes before it reads,
/// over-long lines and bytes that are not UTF-8.
@Suite struct MCPTransportTests {
    /// A server serving one pipe pair on a thread of its own.
    final class Served: @unchecked Sendable {
        let toServer: Int32, fromServer: Int32
        let finished = DispatchSemaphore(value: 0)

        init(options: MCPServer.Options = MCPServer.Options()) {
            var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
            _ = pipe(&input)
            _ = pipe(&output)
            toServer = input[1]
            fromServer = output[0]
            let server = ServerBox(MCPServer(daemon: NoDaemon(), options: options))
            let (read, write) = (input[0], output[1])
            let finished = self.finished
            Thread {
                server.server.serve(input: read, output: write)
                close(read)
                close(write)
                finished.signal()
            }.start()
        }

        func send(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(toServer, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { return }
                    offset += written
                }
            }
        }

        func send(_ line: String) { send(Array((line + "\n").utf8)) }

        func endInput() { close(toServer) }

        /// Every line the server wrote, once it is done.
        func lines() -> [String] {
            var all: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                all.append(contentsOf: chunk[0..<count])
            }
            close(fromServer)
            return String(decoding: all, as: UTF8.self).split(separator: "\n").map(String.init)
        }

        /// The next line the server writes.
        func nextLine() -> String {
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(fromServer, &byte, 1) == 1, byte != 10 { line.append(byte) }
            return String(decoding: line, as: UTF8.self)
        }
    }

    static let initialize = RPCMessage.request(id: 1, method: "initialize", params: ["protocolVersion": "2025-06-18"]).line

    /// A tool call before initialize was answered; the lifecycle says a session begins
    /// with initialize, and until then only ping is.
    @Test func nothingButPingIsAnsweredBeforeInitialize() throws {
        let server = MCPServer(daemon: NoDaemon())
        func reply(_ method: String, _ params: JSON = [:]) throws -> JSON {
            try JSON.parse(try #require(server.handle(line: RPCMessage.request(id: 2, method: method, params: params).line)))
        }
        let early = try reply("tools/call", ["name": "apps", "arguments": [:]])
        #expect(early["error"]?["code"] == -32600, "\(early)")
        #expect(early["error"]?["message"]?.string?.contains("before 'initialize'") == true, "\(early)")
        #expect(try reply("tools/list")["error"] != nil)
        #expect(try reply("ping")["result"] == [:])
        #expect(try reply("initialize", ["protocolVersion": "2025-06-18"])["result"]?["protocolVersion"] == "2025-06-18")
        #expect(try reply("tools/list")["result"]?["tools"]?.array?.isEmpty == false)
    }

    /// The lines a served server writes to a client that sends initialize and a ping for
    /// each id, and only then reads; nil (an issue recorded) when the client's writes
    /// blocked because the server stopped reading.
    static func repliesToPingsSentBeforeReading(_ ids: [JSON]) -> [String]? {
        let served = Served()
        served.send(initialize)
        let wrote = DispatchSemaphore(value: 0)
        Thread {
            for id in ids { served.send(RPCMessage.request(id: id, method: "ping", params: [:]).line) }
            served.endInput()
            wrote.signal()
        }.start()
        let done = wrote.wait(timeout: .now() + 60) == .success
        #expect(done, "the client's writes blocked: the server stopped reading")
        return done ? served.lines() : nil
    }

    /// A client that writes all its requests before it reads a reply: the server stopped
    /// reading while its output was full, the client's writes blocked, and both waited
    /// for ever. It goes on reading now, and every reply comes.
    @Test func aClientThatWritesBeforeItReadsGetsEveryReply() throws {
        // 100 pings whose ids are 10 KB: 1 MB each way, far past a pipe's 64 KB.
        let id = String(repeating: "x", count: 10_000)
        guard let lines = Self.repliesToPingsSentBeforeReading((0..<100).map { .string("\(id)\($0)") }) else { return }
        #expect(lines.count == 101)
        #expect(lines.last?.contains("\(id)99") == true)
    }

    /// Short replies are written at once while the output has room, and queued for the
    /// writer thread once it is full: a client that writes 20,000 pings (about 1 MB of
    /// replies) before it reads still gets every reply, in order.
    @Test func shortRepliesToAClientThatDoesNotReadYetAllComeInOrder() throws {
        guard let lines = Self.repliesToPingsSentBeforeReading((0..<20_000).map { .int($0) }) else { return }
        #expect(lines.count == 20_001)
        let ids = lines.dropFirst().compactMap { (try? JSON.parse($0))?["id"]?.int }
        #expect(ids == Array(0..<20_000), "every ping answered once, in the order asked")
    }

    /// Bytes that are not UTF-8 are named as they are: the server decoded the line with
    /// replacement characters first, so the error named bytes the client never sent (or
    /// the request went through).
    @Test func invalidUTF8IsNamedByItsOwnByteAndPlace() throws {
        let served = Served()
        served.send(Self.initialize)
        _ = served.nextLine()
        let prefix = Array(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":""#.utf8)
        served.send(prefix + [0xC3, 0x28] + Array(#""}}"#.utf8) + [10])
        let reply = try JSON.parse(served.nextLine())
        let message = reply["error"]?["message"]?.string ?? ""
        #expect(reply["error"]?["code"] == -32700, "\(reply)")
        #expect(message.contains("byte 0x28 cannot follow 0xC3") && message.contains("at byte \(prefix.count + 2) "), "\(message)")
        served.endInput()
        _ = served.lines()
    }

    /// A line past the limit is refused once it passes it, before it ends, and the rest of
    /// it is skipped; the next line is answered.
    @Test func anOverlongLineIsRefusedBeforeItEnds() throws {
        var options = MCPServer.Options()
        options.maxMessageBytes = 1000
        let served = Served(options: options)
        served.send(Self.initialize)
        _ = served.nextLine()
        served.send(Array(repeating: UInt8(ascii: "a"), count: 5000))
        let refused = try JSON.parse(served.nextLine())
        #expect(refused["error"]?["message"]?.string?.contains("longer than 1000 bytes") == true, "\(refused)")
        served.send(Array(repeating: UInt8(ascii: "a"), count: 200_000) + [10])
        served.send(RPCMessage.request(id: 3, method: "ping", params: [:]).line)
        served.endInput()
        let lines = served.lines()
        #expect(lines.count == 1 && lines.first?.contains("\"id\":3") == true, "\(lines)")
    }
}
