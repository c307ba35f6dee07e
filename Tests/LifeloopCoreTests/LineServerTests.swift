import Foundation
import Glibc
@testable import LifeloopCore
import Testing

/// The line transport on a real Unix socket: a loop on its own thread serves, the test
/// talks to it through plain POSIX sockets.
@Suite struct LineServerTests {
    /// A blocking client with a 5 s receive timeout.
    final class Client {
        let fd: Int32
        private var buffered: [UInt8] = []

        init(path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                let bytes = Array(path.utf8)
                raw.copyBytes(from: bytes.prefix(raw.count - 1))
            }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { Glibc.close(fd) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written <= 0 { return }
                offset += written
            }
        }

        /// The next line, or nil at end of stream or after the timeout.
        func line() -> String? {
            while true {
                if let newline = buffered.firstIndex(of: 10) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeSubrange(...newline)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { return nil }
                buffered += chunk[..<count]
            }
        }
    }

    final class Box: @unchecked Sendable {
        // @unchecked: written by the server thread before `ready` is signalled or after the
        // run; read by the test after the matching wait.
        var peerUID: UInt32?
        var oversized: [Int] = []
        var error: (any Error)?
        var closes = 0
    }

    static func serve(at path: String, maxLineBytes: Int, box: Box, ready: DispatchSemaphore, done: DispatchSemaphore) {
        let thread = Thread {
            do {
                let loop = try EventLoop(LoopConfiguration(clock: .host, workerWidth: 1))
                let server = try loop.listen(onUnixSocket: path)
                server.maxLineBytes = maxLineBytes
                server.onConnection = { connection in
                    box.peerUID = connection.peerUID
                    connection.onOversized = { box.oversized.append($0) }
                    connection.onClose = { box.closes += 1 }
                    connection.onLine = { line in
                        switch line {
                        case "stop": loop.stop()
                        case "bye": connection.close()
                        case "flood":
                            for index in 0..<2000 { connection.send(String(repeating: "y", count: 1000) + " \(index)") }
                            connection.send("queued \(connection.queuedBytes > 0)")
                        default: connection.send("echo:" + line)
                        }
                    }
                }
                ready.signal()
                try loop.run()
                server.close()
                try loop.close()
            } catch {
                box.error = error
                ready.signal()
            }
            done.signal()
        }
        thread.start()
    }

    @Test func linesGoBothWaysAndAnOversizedLineIsDroppedAlone() throws {
        let path = NSTemporaryDirectory() + "lifeloop-lines-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(path) }
        let box = Box(), ready = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Self.serve(at: path, maxLineBytes: 1024, box: box, ready: ready, done: done)
        ready.wait()
        #expect(box.error == nil, "\(String(describing: box.error))")
        let client = try Client(path: path)
        client.send("hello\nwor")
        client.send("ld\n")
        #expect(client.line() == "echo:hello")
        #expect(client.line() == "echo:world", "a line split across writes is put together")
        client.send(String(repeating: "x", count: 5000) + "\nafter\n")
        #expect(client.line() == "echo:after", "the connection survives an oversized line")
        // A flood the client does not read yet: libuv queues what the socket refuses.
        client.send("flood\n")
        var last = ""
        for _ in 0..<2001 { last = client.line() ?? "" }
        #expect(last == "queued true", "2 MB written at once waits in the queue: \(last)")
        let second = try Client(path: path)
        second.send("bye\n")
        #expect(second.line() == nil, "closed by the server")
        client.send("stop\n")
        done.wait()
        // Read after the server thread ended (the semaphore orders its writes before).
        #expect(box.error == nil, "\(String(describing: box.error))")
        #expect(box.closes >= 1)
        #expect(box.oversized.count == 1 && box.oversized.first ?? 0 > 1024, "\(box.oversized)")
        #expect(box.peerUID == getuid(), "SO_PEERCRED names this process's user")
    }

    @Test func badPathsAndVirtualLoopsAreErrorsNamingThePath() throws {
        let virtual = try EventLoop(LoopConfiguration(clock: .virtual))
        #expect(throws: LoopError.self) { _ = try virtual.listen(onUnixSocket: "/tmp/x.sock") }
        try virtual.close()
        let host = try EventLoop(LoopConfiguration(clock: .host))
        do {
            _ = try host.listen(onUnixSocket: "/nonexistent-dir/d.sock")
            Issue.record("bound in a folder that does not exist")
        } catch let error as LoopError {
            #expect("\(error)".contains("/nonexistent-dir/d.sock"))
        }
        try host.close()
    }
}
