import Foundation
import LifeloopCore

#if canImport(Glibc)
import Glibc
#endif

/// A blocking client of `lifeloopd`: connects to its socket, says `hello`, and sends
/// requests one at a time, each answered by its reply (notifications that arrive in
/// between are kept for ``nextNotification(timeout:)``). For the CLI (`lifeloop ctl`),
/// tests and scripts; not for sharing between threads.
public final class DaemonClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Notifications received while waiting for a reply, oldest first.
    public private(set) var notifications: [(method: String, params: JSON)] = []
    /// What the daemon answered to `hello`.
    public private(set) var helloReply: JSON = .null

    /// Connects and says hello.
    /// - Throws: ``ClientError`` naming the socket when nothing serves it, or the
    ///   daemon's refusal.
    public init(socketPath: String, clientName: String = "lifeloop-ctl", protocolVersion: String = ProtocolVersion.string,
                hello: Bool = true) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError("cannot make a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        guard SocketPath.fill(&address, socketPath) else {
            close(fd)
            throw ClientError("\(socketPath): the path is too long for a socket")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ClientError("\(socketPath): no daemon answers there (\(reason)); start one with `lifeloopd` (or `make demo`)")
        }
        descriptor = fd
        if hello {
            helloReply = try call("hello", ["protocol": .string(protocolVersion), "client": .string(clientName)], timeout: 10)
        }
    }

    deinit { close(descriptor) }

    /// Sends a request and waits for its reply.
    /// - Parameters:
    ///   - method: The verb, such as `app.tap`.
    ///   - params: The verb's parameters, a JSON object.
    ///   - timeout: Seconds to wait for the reply, beyond the daemon's own
    ///     deadline; nil waits as long as the daemon takes.
    /// - Throws: the daemon's ``RPCError``, or ``ClientError`` if the connection ends.
    @discardableResult
    public func call(_ method: String, _ params: JSON = [:], timeout: Double? = 60) throws -> JSON {
        JSON(try callReading(method, params, timeout: timeout))
    }

    /// Sends a request and reads its reply's result on the JSON reader's tape, without
    /// building a ``JSON`` value of it: for large results (a described view tree).
    /// - Throws: as ``call(_:_:timeout:)``.
    package func callReading(_ method: String, _ params: JSON = [:], timeout: Double? = 60) throws -> JSONValue {
        let id = nextID
        nextID += 1
        do {
            try send(RPCMessage.request(id: .int(id), method: method, params: params).line)
        } catch {
            // The daemon may have said why before it closed (too many clients): that reply
            // is the better error.
            while let line = try? readLine(until: Date().addingTimeInterval(1)) {
                if case .success(.response(_, .failure(let refusal))) = RPCMessage.decode(line) { throw refusal }
            }
            throw error
        }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            guard let line = try readLine(until: deadline) else {
                throw ClientError("\(method): no reply" + (timeout.map { " within \($0) s" } ?? ""))
            }
            guard let message = try? JSONReader(maxDepth: RPCMessage.replyDepth).read(line).root else { continue }
            if let replyID = message["id"], replyID.int == id || replyID.isNull {
                if let result = message["result"], replyID.int == id { return result }
                if let error = message["error"], let code = error["code"]?.int {
                    throw RPCError(code: code, message: error["message"]?.string ?? "", data: error["data"].map { JSON($0) })
                }
                continue
            }
            if let name = message["method"]?.string { notifications.append((name, message["params"].map { JSON($0) } ?? .null)) }
        }
    }

    /// Sends raw bytes as they are (tests of malformed input).
    public func send(raw: [UInt8]) throws {
        try raw.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                // MSG_NOSIGNAL: a daemon that closed the connection is an error here, never
                // a SIGPIPE that kills the client.
                let written = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ClientError("the daemon closed the connection (\(String(cString: strerror(errno))))")
                }
                offset += written
            }
        }
    }

    /// Sends one line (a newline is added).
    public func send(_ line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(10)
        try send(raw: bytes)
    }

    /// The next line from the daemon, or nil at the deadline or the connection's end.
    public func readLine(until deadline: Date?) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var waitMs: Int32 = -1
            if let deadline {
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { return nil }
                waitMs = Int32(min(left * 1000, 86_400_000).rounded(.up))
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, waitMs)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if buffer.isEmpty { return nil }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                return line
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// The next notification: one kept while waiting for a reply, or one read now.
    public func nextNotification(timeout: Double) throws -> (method: String, params: JSON)? {
        if !notifications.isEmpty { return notifications.removeFirst() }
        let deadline = Date().addingTimeInterval(timeout)
        while let line = try readLine(until: deadline) {
            if case .success(.notification(let name, let params)) = RPCMessage.decode(line, maxDepth: RPCMessage.replyDepth) { return (name, params) }
        }
        return nil
    }
}

/// A client-side failure: no daemon, a closed connection, no reply in time.
public struct ClientError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as one sentence.
    public var message: String
    /// An error that says `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
