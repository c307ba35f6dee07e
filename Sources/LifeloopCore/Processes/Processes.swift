@_implementationOnly import CLibUV
import Glibc

/// Watches a signal on a host-clock loop (`uv_signal_t`): the handler runs in a loop turn.
/// The loop keeps the watcher until ``close()`` or the loop's close.
/// - Warning: Confined to the loop's thread.
public final class SignalWatcher {
    /// The signal number.
    public let signal: Int32
    fileprivate let handler: (Int32) -> Void
    unowned(unsafe) let loop: EventLoop
    private let handleRaw: UnsafeMutableRawPointer
    private var handle: UnsafeMutablePointer<uv_signal_t> { handleRaw.assumingMemoryBound(to: uv_signal_t.self) }
    /// Its entry in the loop's closers, once registered.
    private var closerID: UInt64?
    private var isClosed = false

    init(loop: EventLoop, signal: Int32, handler: @escaping (Int32) -> Void) throws {
        self.loop = loop
        self.signal = signal
        self.handler = handler
        handleRaw = UnsafeMutableRawPointer(allocateHandle(UV_SIGNAL, as: uv_signal_t.self))
        try uvCheck(uv_signal_init(loop.uvLoop, handle), "uv_signal_init")
        // Kept by the loop while it watches (released by the close callback).
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { $0.pointee.data = Unmanaged.passRetained(self).toOpaque() }
        let started = uv_signal_start(handle, signalCallback, signal)
        guard started == 0 else {
            closeHandle()
            throw LoopError.invalidArgument("signal \(signal): cannot watch it: \(String(cString: uv_strerror(started)))")
        }
        closerID = loop.addCloser { [unowned(unsafe) self] in self.closeHandle() }
    }

    /// Stops watching.
    public func close() {
        loop.removeCloser(closerID)
        closeHandle()
    }

    private func closeHandle() {
        guard !isClosed else { return }
        isClosed = true
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, signalCloseCallback) }
    }

    fileprivate func fired(_ number: Int32) {
        loop.execute { [self] in handler(number) }
    }
}

/// A child process started on a host-clock loop (`uv_spawn`, or forked by a
/// ``ForkServer``), its stdin, stdout and stderr as line connections (its output never
/// mixes with anything of the parent's).
/// - Warning: Confined to the loop's thread.
public final class ChildProcess {
    /// The child's pid; for a child of a ``ForkServer``, 0 until the server has said it
    /// (a turn or so after ``ForkServer/fork(maxLineBytes:)``).
    public internal(set) var pid: Int32
    /// Lines to the child's stdin (``LineConnection/send(_:)``); nil for a child of a
    /// ``ForkServer``, whose stdin is `/dev/null`.
    public let stdin: LineConnection?
    /// Lines from its stdout and stderr: set their `onLine` to read them (a pipe's for a
    /// spawned child, a file's for a child of a ``ForkServer``).
    public let stdout: any LineSource
    /// Lines from the child's stderr.
    public let stderr: any LineSource
    /// A private two-way channel on the child's descriptor 3 (a socket pair), when the
    /// spawn asked for one: a protocol that must never mix with the child's own output.
    public let control: LineConnection?
    /// Called once, in a loop turn, when the child has exited: its exit status and the
    /// signal that ended it (0 if none).
    public var onExit: ((_ status: Int64, _ signal: Int32) -> Void)?
    /// Whether the child has exited.
    public private(set) var hasExited = false
    unowned(unsafe) let loop: EventLoop
    /// The libuv process handle of a spawned child; nil for a forked one.
    private let handleRaw: UnsafeMutableRawPointer?
    private var handle: UnsafeMutablePointer<uv_process_t> { handleRaw!.assumingMemoryBound(to: uv_process_t.self) }
    /// The fork server of a forked child, and the child's number there.
    private let forkedBy: (server: ForkServer, id: UInt64)?
    /// Its entry in the loop's closers, once registered.
    private var closerID: UInt64?

    /// A child forked by `server`: its connections are the daemon's ends of the socket
    /// pairs the server handed on. The server keeps it until it exits.
    init(loop: EventLoop, forkedBy server: ForkServer, id: UInt64, stdout: FileLines, stderr: FileLines,
         control: LineConnection) {
        self.loop = loop
        pid = 0
        handleRaw = nil
        forkedBy = (server, id)
        stdin = nil
        self.stdout = stdout
        self.stderr = stderr
        self.control = control
        loop.execute { control.startReading() }
    }

    init(loop: EventLoop, executable: String, arguments: [String], environment: [String: String]?, controlPipe: Bool,
         maxLineBytes: Int) throws {
        self.loop = loop
        forkedBy = nil
        let process = allocateHandle(UV_PROCESS, as: uv_process_t.self)
        handleRaw = UnsafeMutableRawPointer(process)
        let uvLoop = loop.uvLoop
        var pipes: [UnsafeMutablePointer<uv_pipe_t>] = []
        for _ in 0..<(controlPipe ? 4 : 3) {
            let pipe = allocateHandle(UV_NAMED_PIPE, as: uv_pipe_t.self)
            try uvCheck(uv_pipe_init(loop.uvLoop, pipe, 0), "uv_pipe_init")
            pipes.append(pipe)
        }
        var containers = [
            uv_stdio_container_t(flags: uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_READABLE_PIPE.rawValue),
                                 data: .init(stream: UnsafeMutableRawPointer(pipes[0]).assumingMemoryBound(to: uv_stream_t.self))),
            uv_stdio_container_t(flags: uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_WRITABLE_PIPE.rawValue),
                                 data: .init(stream: UnsafeMutableRawPointer(pipes[1]).assumingMemoryBound(to: uv_stream_t.self))),
            uv_stdio_container_t(flags: uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_WRITABLE_PIPE.rawValue),
                                 data: .init(stream: UnsafeMutableRawPointer(pipes[2]).assumingMemoryBound(to: uv_stream_t.self))),
        ]
        if controlPipe {
            // Readable and writable from the child's side: libuv makes a socket pair.
            containers.append(uv_stdio_container_t(flags: uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_READABLE_PIPE.rawValue | UV_WRITABLE_PIPE.rawValue),
                                                   data: .init(stream: UnsafeMutableRawPointer(pipes[3]).assumingMemoryBound(to: uv_stream_t.self))))
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var options = uv_process_options_t()
        options.exit_cb = processExitCallback
        var status: Int32 = 0
        argv.withUnsafeBufferPointer { args in
            containers.withUnsafeMutableBufferPointer { stdio in
                options.file = UnsafePointer(args[0])
                options.args = UnsafeMutablePointer(mutating: args.baseAddress)
                options.stdio = stdio.baseAddress
                options.stdio_count = Int32(stdio.count)
                if let envp {
                    envp.withUnsafeBufferPointer { env in
                        options.env = UnsafeMutablePointer(mutating: env.baseAddress)
                        status = uv_spawn(uvLoop, process, &options)
                    }
                } else {
                    status = uv_spawn(uvLoop, process, &options)
                }
            }
        }
        guard status == 0 else {
            for pipe in pipes { pipe.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, freeHandleCallback) } }
            process.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, freeHandleCallback) }
            throw LoopError.invalidArgument("\(executable): cannot start it: \(String(cString: uv_strerror(status)))")
        }
        pid = process.pointee.pid
        stdin = LineConnection(loop: loop, handle: pipes[0], maxLineBytes: maxLineBytes)
        let stdout = LineConnection(loop: loop, handle: pipes[1], maxLineBytes: maxLineBytes)
        let stderr = LineConnection(loop: loop, handle: pipes[2], maxLineBytes: maxLineBytes)
        let control = controlPipe ? LineConnection(loop: loop, handle: pipes[3], maxLineBytes: maxLineBytes) : nil
        self.stdout = stdout
        self.stderr = stderr
        self.control = control
        // Retained until the child exits and its handle closes.
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { $0.pointee.data = Unmanaged.passRetained(self).toOpaque() }
        closerID = loop.addCloser { [unowned(unsafe) self] in self.closeHandle() }
        loop.execute {
            stdout.startReading()
            stderr.startReading()
            control?.startReading()
        }
    }

    /// Sends `signal` to the child (SIGTERM by default); false if it has exited.
    @discardableResult
    public func kill(_ signal: Int32 = 15) -> Bool {
        guard !hasExited else { return false }
        // Through its parent, the server: only it can be sure the pid is still this child's.
        if let forkedBy { return forkedBy.server.kill(forkedBy.id, signal) }
        return uv_process_kill(handle, signal) == 0
    }

    func exited(status: Int64, signal: Int32) {
        hasExited = true
        let handler = onExit
        onExit = nil
        loop.execute { handler?(status, signal) }
        closeHandle()
    }

    private var isClosed = false

    private func closeHandle() {
        guard !isClosed else { return }
        isClosed = true
        loop.removeCloser(closerID)
        stdin?.close()
        guard handleRaw != nil else { return }
        handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, processCloseCallback) }
    }
}

extension EventLoop {
    /// Runs `handler` in a loop turn each time `signal` arrives (host clock).
    /// - Throws: ``LoopError/invalidArgument(_:)`` on a virtual loop or a bad signal.
    public func onSignal(_ signal: Int32, _ handler: @escaping (Int32) -> Void) throws -> SignalWatcher {
        try verifyOwnerThread("onSignal(_:_:)")
        guard clock == .host else { throw LoopError.invalidArgument("onSignal(\(signal)): signals need a host-clock loop") }
        return try SignalWatcher(loop: self, signal: signal, handler: handler)
    }

    /// Starts `executable` (a path) with `arguments`, its stdio as line connections
    /// (host clock). `environment` replaces the parent's when given; `controlPipe` adds a
    /// two-way line connection on the child's descriptor 3 (``ChildProcess/control``);
    /// lines longer than `maxLineBytes` are dropped, each connection going on.
    /// - Throws: ``LoopError/invalidArgument(_:)`` naming the executable when it cannot
    ///   start, or on a virtual loop.
    public func spawn(_ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                      controlPipe: Bool = false, maxLineBytes: Int = 1 << 20) throws -> ChildProcess {
        try verifyOwnerThread("spawn(_:arguments:environment:)")
        guard clock == .host else { throw LoopError.invalidArgument("spawn(\(executable)): child processes need a host-clock loop") }
        return try ChildProcess(loop: self, executable: executable, arguments: arguments, environment: environment,
                                controlPipe: controlPipe, maxLineBytes: maxLineBytes)
    }
}

private let signalCallback: @convention(c) (UnsafeMutablePointer<uv_signal_t>?, Int32) -> Void = { handle, number in
    guard let handle, let data = handle.pointee.data else { return }
    Unmanaged<SignalWatcher>.fromOpaque(data).takeUnretainedValue().fired(number)
}

private let signalCloseCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data { Unmanaged<SignalWatcher>.fromOpaque(data).release() }
    UnsafeMutableRawPointer(handle).deallocate()
}

private let processExitCallback: @convention(c) (UnsafeMutablePointer<uv_process_t>?, Int64, Int32) -> Void = { handle, status, signal in
    guard let handle, let data = handle.pointee.data else { return }
    Unmanaged<ChildProcess>.fromOpaque(data).takeUnretainedValue().exited(status: status, signal: signal)
}

private let processCloseCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data { Unmanaged<ChildProcess>.fromOpaque(data).release() }
    UnsafeMutableRawPointer(handle).deallocate()
}

/// Asks the kernel to send `signal` to this process when the thread that started it exits
/// (`PR_SET_PDEATHSIG`, Linux): a child of the daemon dies with it, even by SIGKILL.
/// - Returns: false when the system refused.
@discardableResult
public func setParentDeathSignal(_ signal: Int32) -> Bool {
    lifeloop_set_parent_death_signal(signal) == 0
}

/// A byte buffer that a fatal signal writes out before the process dies: the daemon's app
/// processes keep their unsent trace notification in it, so a crash still delivers the
/// events recorded up to it. Only the first ``count`` bytes are written, followed by
/// `]}}` and a newline (the notification's end). One per process at a time: the newest
/// one made is the one a crash writes.
public final class CrashFlushBuffer {
    /// The buffer's size in bytes.
    public let capacity: Int
    /// The buffer's storage, ``capacity`` bytes, written on the owning thread only.
    public let bytes: UnsafeMutablePointer<UInt8>
    /// Bytes in use; set ``count`` only after the bytes below it are complete.
    public private(set) var count = 0

    /// Makes the buffer and installs the handler for SIGABRT, SIGILL, SIGTRAP, SIGSEGV,
    /// SIGBUS and SIGFPE, which writes to `descriptor`.
    public init(capacity: Int, descriptor: Int32) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        lifeloop_crash_flush_install(descriptor, bytes)
    }

    deinit {
        lifeloop_crash_flush_forget(bytes)
        bytes.deallocate()
    }

    /// Appends bytes; false (nothing appended) if they do not fit.
    public func append<C: Collection>(_ data: C) -> Bool where C.Element == UInt8 {
        let length = data.count
        guard count + length <= capacity else { return false }
        // Contiguous bytes (an array, a string's UTF-8) in one copy; others byte by byte.
        let copied = data.withContiguousStorageIfAvailable { source -> Bool in
            if let base = source.baseAddress { (bytes + count).update(from: base, count: length) }
            return true
        }
        if copied == nil {
            var position = count
            for byte in data {
                bytes[position] = byte
                position += 1
            }
        }
        count += length
        lifeloop_crash_flush_set_length(count)
        return true
    }

    /// Empties it (after its bytes were sent the ordinary way).
    public func reset() {
        lifeloop_crash_flush_set_length(0)
        count = 0
    }
}
