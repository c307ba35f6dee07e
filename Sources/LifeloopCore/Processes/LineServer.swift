@_implementationOnly import CLibUV
import Glibc

/// A Unix-socket server on a host-clock loop whose messages are lines: the transport of
/// JSON-RPC one message per line (the daemon's). libuv does the I/O; every callback runs
/// inside a loop turn (in its task phase), like any other arrival. The loop keeps it
/// listening until ``close()`` or the loop's close.
///
/// - Warning: Confined to the loop's thread, like the loop.
public final class LineServer {
    /// The socket's path.
    public let path: String
    /// The longest line accepted, newline excluded (1 MiB); a longer one is dropped and
    /// reported with ``LineConnection/onOversized``, and the connection goes on.
    public var maxLineBytes = 1 << 20
    /// Called with each new connection.
    public var onConnection: ((LineConnection) -> Void)?
    unowned(unsafe) let loop: EventLoop
    private let handleRaw: UnsafeMutableRawPointer
    private var handle: UnsafeMutablePointer<uv_pipe_t> { handleRaw.assumingMemoryBound(to: uv_pipe_t.self) }
    /// Its entry in the loop's closers, once registered.
    private var closerID: UInt64?
    private var isClosed = false

    init(loop: EventLoop, path: String) throws {
        self.loop = loop
        self.path = path
        handleRaw = UnsafeMutableRawPointer(allocateHandle(UV_NAMED_PIPE, as: uv_pipe_t.self))
        try uvCheck(uv_pipe_init(loop.uvLoop, handle, 0), "uv_pipe_init")
        // The loop keeps the server while it listens: the handle holds it until its close
        // callback, so dropping the server does not leave libuv a dangling pointer.
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { $0.pointee.data = Unmanaged.passRetained(self).toOpaque() }
        let bound = uv_pipe_bind(handle, path)
        guard bound == 0 else {
            closeHandle()
            throw LoopError.invalidArgument("\(path): cannot listen there: \(String(cString: uv_strerror(bound)))")
        }
        let listening = handle.withMemoryRebound(to: uv_stream_t.self, capacity: 1) { uv_listen($0, 128, serverConnectionCallback) }
        guard listening == 0 else {
            closeHandle()
            throw LoopError.invalidArgument("\(path): cannot listen there: \(String(cString: uv_strerror(listening)))")
        }
        closerID = loop.addCloser { [unowned(unsafe) self] in self.closeHandle() }
    }

    /// Stops listening (the socket file stays; remove it if you own it). Connections
    /// already accepted stay open.
    public func close() {
        loop.removeCloser(closerID)
        closeHandle()
    }

    private func closeHandle() {
        guard !isClosed else { return }
        isClosed = true
        // Handlers often capture the server or the loop: dropping them breaks the cycle.
        onConnection = nil
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, serverCloseCallback) }
    }

    fileprivate func accept() {
        let client = allocateHandle(UV_NAMED_PIPE, as: uv_pipe_t.self)
        guard uv_pipe_init(loop.uvLoop, client, 0) == 0 else {
            UnsafeMutableRawPointer(client).deallocate()
            return
        }
        let accepted = handle.withMemoryRebound(to: uv_stream_t.self, capacity: 1) { server in
            client.withMemoryRebound(to: uv_stream_t.self, capacity: 1) { uv_accept(server, $0) }
        }
        guard accepted == 0 else {
            client.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, freeHandleCallback) }
            return
        }
        let connection = LineConnection(loop: loop, handle: client, maxLineBytes: maxLineBytes)
        loop.execute { [self] in
            onConnection?(connection)
            connection.startReading()
        }
    }
}

/// One accepted connection of a ``LineServer``: lines in, lines out.
public final class LineConnection {
    /// The uid of the connected process (`SO_PEERCRED`), when the system tells it.
    public let peerUID: UInt32?
    /// Called with each line received, without its newline (a `\r` before it is kept).
    public var onLine: ((String) -> Void)?
    /// Called when a line longer than the limit was dropped, with its length so far.
    public var onOversized: ((Int) -> Void)?
    /// Called once when the connection ends (the peer closed, an error, or ``close()``).
    /// Once closed, a connection drops all its handlers, so they may capture it.
    public var onClose: (() -> Void)?
    /// Bytes handed to ``send(_:)`` and not yet written: a peer that does not read makes
    /// it grow, and a server drops such a peer past its own limit.
    public private(set) var queuedBytes = 0
    /// Whether the connection has ended.
    public private(set) var isClosed = false

    unowned(unsafe) let loop: EventLoop
    let handleRaw: UnsafeMutableRawPointer
    var handle: UnsafeMutablePointer<uv_pipe_t> { handleRaw.assumingMemoryBound(to: uv_pipe_t.self) }
    private var splitter: LineSplitter
    /// Its entry in the loop's closers, once registered.
    private var closerID: UInt64?

    init(loop: EventLoop, handle: UnsafeMutablePointer<uv_pipe_t>, maxLineBytes: Int) {
        self.loop = loop
        self.handleRaw = UnsafeMutableRawPointer(handle)
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
        var fd: uv_os_fd_t = -1
        let hasFD = handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_fileno($0, &fd) } == 0
        let uid = hasFD ? lifeloop_peer_uid(fd) : -1
        peerUID = uid >= 0 ? UInt32(uid) : nil
        // Retained while the handle is open; released by the close callback.
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { $0.pointee.data = Unmanaged.passRetained(self).toOpaque() }
        closerID = loop.addCloser { [unowned(unsafe) self] in self.closeHandle(notify: false) }
    }

    func startReading() {
        guard !isClosed else { return }
        _ = handle.withMemoryRebound(to: uv_stream_t.self, capacity: 1) { uv_read_start($0, allocateCallback, connectionReadCallback) }
    }

    /// Queues `line` and a newline for writing. libuv writes what it can now and the rest
    /// when the socket drains; ``queuedBytes`` counts what waits.
    public func send(_ line: String) {
        guard !isClosed else { return }
        var bytes = Array(line.utf8)
        bytes.append(10)
        let count = bytes.count
        // The write's bytes after an 8-byte header holding their count, for the callback.
        let storage = UnsafeMutableRawPointer.allocate(byteCount: count + 8, alignment: 8)
        storage.storeBytes(of: count, as: Int.self)
        bytes.withUnsafeBytes { (storage + 8).copyMemory(from: $0.baseAddress!, byteCount: count) }
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.initialize(to: uv_write_t())
        request.pointee.data = storage
        var buffer = uv_buf_init((storage + 8).assumingMemoryBound(to: CChar.self), UInt32(count))
        queuedBytes += count
        let status = handle.withMemoryRebound(to: uv_stream_t.self, capacity: 1) { uv_write(request, $0, &buffer, 1, writeCallback) }
        if status != 0 {
            queuedBytes -= count
            storage.deallocate()
            request.deallocate()
            closeHandle(notify: true)
        }
    }

    fileprivate func wrote(_ count: Int, status: Int32) {
        queuedBytes -= count
        if status != 0 { closeHandle(notify: true) }
    }

    /// Ends the connection; queued lines that were not written are dropped.
    public func close() {
        closeHandle(notify: true)
    }

    fileprivate func closeHandle(notify: Bool) {
        guard !isClosed else { return }
        isClosed = true
        loop.removeCloser(closerID)
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, connectionCloseCallback) }
        // A handler that captures its own connection (the usual way to reply) would keep it
        // alive for ever: a closed connection lets go of its handlers, once the lines that
        // arrived before the end (queued as tasks, in order) have been handed over.
        if notify {
            loop.execute { [self] in
                let onClose = self.onClose
                dropHandlers()
                onClose?()
            }
        } else {
            // The loop is closing: nothing queued will run.
            dropHandlers()
        }
    }

    private func dropHandlers() {
        onLine = nil
        onOversized = nil
        onClose = nil
    }

    /// Bytes arrived: split into lines, each handed to `onLine` in a loop turn.
    fileprivate func received(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lines: [String] = []
        var dropped: [Int] = []
        splitter.split(bytes, into: &lines, dropped: &dropped)
        guard !lines.isEmpty || !dropped.isEmpty else { return }
        loop.execute { [self] in
            for size in dropped { onOversized?(size) }
            for line in lines { onLine?(line) }
        }
    }
}

extension EventLoop {
    /// Listens on a Unix socket at `path` for line connections (host clock).
    /// - Throws: ``LoopError/invalidArgument(_:)`` naming the path when it cannot be bound
    ///   (it exists, its folder does not, or permissions); ``LoopError/requiresVirtualClock(operation:)``
    ///   is never thrown: a virtual loop cannot wait for sockets, so this needs the host clock.
    public func listen(onUnixSocket path: String) throws -> LineServer {
        try verifyOwnerThread("listen(onUnixSocket:)")
        guard clock == .host else {
            throw LoopError.invalidArgument("listen(onUnixSocket: \(path)): sockets need a host-clock loop; this one is virtual")
        }
        return try LineServer(loop: self, path: path)
    }
}

let freeHandleCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    if let handle { UnsafeMutableRawPointer(handle).deallocate() }
}

private let serverCloseCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data { Unmanaged<LineServer>.fromOpaque(data).release() }
    UnsafeMutableRawPointer(handle).deallocate()
}

private let connectionCloseCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data { Unmanaged<LineConnection>.fromOpaque(data).release() }
    UnsafeMutableRawPointer(handle).deallocate()
}

private let serverConnectionCallback: @convention(c) (UnsafeMutablePointer<uv_stream_t>?, Int32) -> Void = { stream, status in
    guard let stream, status == 0, let data = stream.pointee.data else { return }
    Unmanaged<LineServer>.fromOpaque(data).takeUnretainedValue().accept()
}

private let allocateCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?, Int, UnsafeMutablePointer<uv_buf_t>?) -> Void = { _, suggested, buffer in
    let size = max(suggested, 4096)
    buffer?.pointee = uv_buf_init(UnsafeMutablePointer<CChar>.allocate(capacity: size), UInt32(size))
}

private let connectionReadCallback: @convention(c) (UnsafeMutablePointer<uv_stream_t>?, Int, UnsafePointer<uv_buf_t>?) -> Void = { stream, count, buffer in
    defer { buffer?.pointee.base?.deallocate() }
    guard let stream, let data = stream.pointee.data else { return }
    let connection = Unmanaged<LineConnection>.fromOpaque(data).takeUnretainedValue()
    if count < 0 {
        connection.closeHandle(notify: true)
        return
    }
    guard count > 0, let base = buffer?.pointee.base else { return }
    base.withMemoryRebound(to: UInt8.self, capacity: count) { connection.received(UnsafeBufferPointer(start: $0, count: count)) }
}

private let writeCallback: @convention(c) (UnsafeMutablePointer<uv_write_t>?, Int32) -> Void = { request, status in
    guard let request else { return }
    let storage = request.pointee.data
    let count = storage?.load(as: Int.self) ?? 0
    if let stream = request.pointee.handle, let data = stream.pointee.data,
       uv_is_closing(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: uv_handle_t.self)) == 0 {
        Unmanaged<LineConnection>.fromOpaque(data).takeUnretainedValue().wrote(count, status: status)
    }
    storage?.deallocate()
    request.deallocate()
}

/// Splits bytes into lines as they arrive, keeping a partial line for the next bytes; a
/// line longer than `maxLineBytes` is dropped, and reported with the length read when it
/// passed the limit.
struct LineSplitter {
    let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Appends the whole lines in `bytes` (and what came before them) to `lines`, and the
    /// lengths of the lines dropped to `dropped`.
    mutating func split(_ bytes: UnsafeBufferPointer<UInt8>, into lines: inout [String], dropped: inout [Int]) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        // Whole runs between newlines are copied at once (memchr finds the newlines).
        while start < bytes.count {
            let found = memchr(base + start, 10, bytes.count - start)
            let end = found.map { $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) } ?? bytes.count
            if !discarding, end > start {
                if pending.count + (end - start) > maxLineBytes {
                    // As many bytes as were read when the line passed the limit.
                    dropped.append(maxLineBytes + 1)
                    pending.removeAll(keepingCapacity: false)
                    discarding = true
                } else {
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
            }
            guard found != nil else { break }
            if discarding {
                discarding = false
            } else {
                lines.append(String(decoding: pending, as: UTF8.self))
            }
            pending.removeAll(keepingCapacity: true)
            start = end + 1
        }
    }

    /// The partial line left (none while one is being dropped), and empties it.
    mutating func takeRest() -> String? {
        defer {
            pending.removeAll()
            discarding = false
        }
        return pending.isEmpty || discarding ? nil : String(decoding: pending, as: UTF8.self)
    }
}
