@_implementationOnly import CLibUV
import Glibc

/// A fork server: one pre-initialised process that forks a child per request, as
/// Android's zygote does, so that a child starts with everything the server loaded and
/// warmed already in its memory (shared, copy-on-write) instead of starting a program.
///
/// The server is a child of this loop's process (``EventLoop/startForkServer(_:arguments:environment:logFolder:)``),
/// running ``serve(descriptor:child:)`` on its descriptor 3. For each ``fork(maxLineBytes:)``
/// this side makes a socket pair (the child's control channel, a ``LineConnection``) and two
/// files in the server's ``LogFolder`` (the child's stdout and stderr, read as they grow:
/// one descriptor per child here, so a host of ten thousand stays under a 20,000-descriptor
/// limit), and hands the child's ends to the server (`SCM_RIGHTS`). The server forks; the child puts them on its descriptors 1, 2 and 3,
/// `/dev/null` on 0, closes every other descriptor it inherited, and runs the server's
/// child closure. The server is the children's parent: it reaps them and says how each
/// ended, and it sends the signals this side asks for, so a pid is never signalled after
/// its child has been reaped.
///
/// What a child must not share with the others is not shared: descriptors (closed; the
/// main dispatch queue's eventfd is made anew at its number), the server's own control
/// channel, its signal mask and handlers (reset), and random state
/// (the system generator reads the kernel's on every call; the children's own generators
/// are made after the fork). Swift's hashing seed is the server's in every child: it is
/// chosen when a process starts and the server's dictionaries were hashed with it.
///
/// - Warning: Confined to the loop's thread.
public final class ForkServer {
    /// The server's process.
    public let process: ChildProcess
    /// Children forked so far.
    public private(set) var forks = 0
    /// Whether the server said it is ready (its warm-up is done).
    public private(set) var isReady = false
    /// Why the server refuses to fork, if it said so (it started threads while warming up).
    public private(set) var refusal: String?
    /// The pid of the child forked ahead, waiting for the next request (0 while none).
    public private(set) var sparePID: Int32 = 0
    /// Called with the server's lines that are not part of the protocol (its own log).
    public var onLog: ((String) -> Void)?
    private unowned(unsafe) let loop: EventLoop
    private var children: [UInt64: ChildProcess] = [:]
    private var nextID: UInt64 = 1

    /// The folder the children's stdout and stderr files are in.
    public let logFolder: LogFolder

    init(loop: EventLoop, executable: String, arguments: [String], environment: [String: String]?, logFolder: String) throws {
        self.loop = loop
        self.logFolder = try LogFolder(loop: loop, path: logFolder)
        process = try ChildProcess(loop: loop, executable: executable, arguments: arguments, environment: environment,
                                   controlPipe: true, maxLineBytes: 1 << 16)
        process.control?.onLine = { [unowned self] line in received(line) }
        process.stdout.onLine = { [unowned self] line in onLog?(line) }
        process.stderr.onLine = { [unowned self] line in onLog?(line) }
        process.onExit = { [weak self] _, _ in self?.serverExited() }
    }

    /// Whether the server can take a request: it runs and has not refused.
    public var isUsable: Bool { !process.hasExited && refusal == nil && process.control?.isClosed == false }

    /// Forks a child: its stdout, stderr and control connections work at once (what is
    /// sent on `control` waits in the socket until the child reads it); its
    /// ``ChildProcess/pid`` comes a little later, its exit through ``ChildProcess/onExit``.
    /// - Throws: ``LoopError/invalidArgument(_:)`` when the server is gone or refuses, or
    ///   descriptors run out.
    public func fork(maxLineBytes: Int = 1 << 20) throws -> ChildProcess {
        try loop.verifyOwnerThread("ForkServer.fork(maxLineBytes:)")
        if let refusal { throw LoopError.invalidArgument("fork server: \(refusal)") }
        guard isUsable, let control = process.control else { throw LoopError.invalidArgument("fork server: it has exited") }
        let id = nextID
        nextID += 1
        // Its output goes to two files of the log folder (no descriptor held here between
        // reads); its control channel is a socket pair. Until the child's connection is
        // made, a failure closes what was made and removes the files.
        var descriptors: [Int32] = []
        var outputs: [FileLines] = []
        var made = false
        defer {
            if !made {
                for fd in descriptors { Glibc.close(fd) }
                for lines in outputs { lines.close() }
            }
        }
        for name in ["\(id).out", "\(id).err"] {
            let file = try logFolder.makeFile(name, maxLineBytes: maxLineBytes)
            descriptors.append(file.descriptor)
            outputs.append(file.lines)
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw LoopError.invalidArgument("fork server: cannot make a socket pair for a child: \(String(cString: strerror(errno)))")
        }
        // The child's ends (stdout, stderr, control) go to the server, which keeps its copies.
        let theirs = descriptors + [pair[1]]
        let mine = pair[0]
        descriptors = [mine]
        defer { for fd in theirs { Glibc.close(fd) } }
        var fd: uv_os_fd_t = -1
        let hasFD = control.handle.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_fileno($0, &fd) } == 0
        let request = Array("F \(id)\n".utf8)
        let sent = hasFD ? request.withUnsafeBytes { bytes in
            theirs.withUnsafeBufferPointer { lifeloop_send_descriptors(fd, bytes.baseAddress, UInt(bytes.count), $0.baseAddress, 3) }
        } : -Int(EBADF)
        guard sent == request.count else {
            let reason = sent < 0 ? String(cString: strerror(Int32(-sent))) : "a partial write"
            throw LoopError.invalidArgument("fork server: cannot hand it a child's descriptors: \(reason)")
        }
        let pipe = allocateHandle(UV_NAMED_PIPE, as: uv_pipe_t.self)
        var status = uv_pipe_init(loop.uvLoop, pipe, 0)
        if status == 0 { status = uv_pipe_open(pipe, mine) }
        guard status == 0 else {
            pipe.withMemoryRebound(to: uv_handle_t.self, capacity: 1) { uv_close($0, freeHandleCallback) }
            // The server forks it all the same: it goes at once.
            control.send("K \(id) \(SIGKILL)")
            throw LoopError.invalidArgument("fork server: cannot open a child's connection: \(String(cString: uv_strerror(status)))")
        }
        made = true
        let child = ChildProcess(loop: loop, forkedBy: self, id: id, stdout: outputs[0], stderr: outputs[1],
                                 control: LineConnection(loop: loop, handle: pipe, maxLineBytes: maxLineBytes))
        children[id] = child
        forks += 1
        return child
    }

    /// Asks the server to send `signal` to child `id`; false if it is gone.
    func kill(_ id: UInt64, _ signal: Int32) -> Bool {
        guard children[id] != nil, let control = process.control, !control.isClosed else { return false }
        control.send("K \(id) \(signal)")
        return true
    }

    /// Stops the server: its children die with it (their parent-death signal).
    public func stop() {
        process.control?.close()
        process.kill(SIGKILL)
        logFolder.close()
    }

    private func received(_ line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let verb = words.first else { return }
        switch verb {
        case "ready":
            isReady = true
        case "refuse":
            refusal = words.dropFirst().joined(separator: " ")
            onLog?("fork server refuses to fork: \(refusal ?? "")")
        case "spare" where words.count == 2:
            sparePID = Int32(words[1]) ?? 0
        case "forked" where words.count == 3:
            if let id = UInt64(words[1]), let pid = Int32(words[2]), let child = children[id] { child.pid = pid }
            if Int32(words[2]) == sparePID { sparePID = 0 }
        case "failed" where words.count >= 2:
            guard let id = UInt64(words[1]), let child = children.removeValue(forKey: id) else { return }
            onLog?("fork server could not fork: \(words.dropFirst(2).joined(separator: " "))")
            finishOutput(of: child)
            child.control?.close()
            child.exited(status: 127, signal: 0)
        case "exited" where words.count == 4:
            guard let id = UInt64(words[1]), let status = Int64(words[2]), let signal = Int32(words[3]),
                  let child = children.removeValue(forKey: id) else { return }
            // Everything it wrote is in its files by now.
            finishOutput(of: child)
            child.exited(status: status, signal: signal)
        default:
            onLog?(line)
        }
    }

    /// The server is gone, and its children with it (killed by their parent-death signal).
    private func serverExited() {
        let orphans = children.sorted { $0.key < $1.key }
        children.removeAll()
        for (_, child) in orphans {
            finishOutput(of: child)
            child.exited(status: 0, signal: SIGKILL)
        }
    }

    private func finishOutput(of child: ChildProcess) {
        for source in [child.stdout, child.stderr] { (source as? FileLines)?.finish() }
    }

    // MARK: The server's side

    /// Serves fork requests on `descriptor` until it ends (the other side is gone); returns
    /// the server's exit status. In each child, `child` runs with the child's descriptors in
    /// place, and its result is the child's exit status.
    ///
    /// One child is always forked ahead and waits, its descriptors closed, for the next
    /// request's (as Android's pool of unspecialised app processes does): a request then
    /// costs a hand-over, and the fork that replaces the spare happens after the reply.
    ///
    /// Call it on the process's only thread: a process with other threads cannot fork
    /// safely, so then the server says it refuses, and every request fails.
    public static func serve(descriptor: Int32, child: () -> Int32) -> Int32 {
        let serverPID = getpid()
        func say(_ line: String) {
            var bytes = Array(line.utf8)
            bytes.append(10)
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
        lifeloop_fork_server_signals()
        // libdispatch rings the main queue through an eventfd it makes once per process; a
        // child gets one of its own at the same number (made here first if it was not).
        let bell = MainThread.mainQueueDescriptor
        let threads = lifeloop_thread_count()
        // ThreadSanitizer keeps a thread of its own, which it stops before a fork and starts
        // again in the child.
        let sanitizerThreads: Int32 = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil ? 1 : 0
        let refusal: String? = threads <= 1 + sanitizerThreads ? nil
            : "it has \(threads) threads, and only a process with one can fork safely"
        var live: [UInt64: pid_t] = [:]
        var idsByPID: [pid_t: UInt64] = [:]
        var spare: (pid: pid_t, socket: Int32)?

        /// Forks the next child, which waits for its descriptors; nil, or why not.
        func makeSpare() -> String? {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                return "socketpair: \(String(cString: strerror(errno)))"
            }
            fflush(nil)
            let pid = lifeloop_fork()
            if pid == 0 {
                close(pair[0])
                exit(becomeChild(waitingOn: pair[1], server: serverPID, bell: bell, child: child))
            }
            close(pair[1])
            guard pid > 0 else {
                close(pair[0])
                return "fork: \(String(cString: strerror(errno)))"
            }
            spare = (pid, pair[0])
            say("spare \(pid)")
            return nil
        }

        if refusal == nil, let failure = makeSpare() {
            say("refuse cannot fork: \(failure)")
        } else {
            say(refusal.map { "refuse \($0)" } ?? "ready \(serverPID)")
        }
        var buffer: [UInt8] = []
        var descriptors: [Int32] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var ended = false
        while !ended {
            let ready = lifeloop_wait_readable_or_child(descriptor)
            // Reap whatever has ended, whichever woke us.
            while true {
                var status: Int32 = 0
                let pid = waitpid(-1, &status, WNOHANG)
                if pid <= 0 { break }
                if pid == spare?.pid {
                    close(spare!.socket)
                    spare = nil
                }
                guard let id = idsByPID.removeValue(forKey: pid) else { continue }
                live[id] = nil
                let exited = status & 0x7f == 0
                say("exited \(id) \(exited ? Int((status >> 8) & 0xff) : 0) \(exited ? 0 : Int(status & 0x7f))")
            }
            if ready < 0 { break }
            guard ready == 1 else { continue }
            var received: [Int32] = [-1, -1, -1, -1, -1, -1, -1, -1]
            var count: Int32 = 0
            let read = chunk.withUnsafeMutableBytes { bytes in
                lifeloop_receive_descriptors(descriptor, bytes.baseAddress, UInt(bytes.count), &received, 8, &count)
            }
            if read <= 0 {
                ended = true
                continue
            }
            descriptors.append(contentsOf: received[0..<Int(count)])
            buffer.append(contentsOf: chunk[0..<read])
            while let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                let words = line.split(separator: " ")
                if words.first == "K", words.count == 3, let id = UInt64(words[1]), let signal = Int32(words[2]) {
                    if let pid = live[id] { _ = Glibc.kill(pid, signal) }
                    continue
                }
                guard words.first == "F", words.count == 2, let id = UInt64(words[1]) else { continue }
                guard descriptors.count >= 3 else {
                    say("failed \(id) the request came without its three descriptors")
                    continue
                }
                let given = Array(descriptors.prefix(3))
                descriptors.removeFirst(3)
                defer { for fd in given { close(fd) } }
                if let refusal {
                    say("failed \(id) \(refusal)")
                    continue
                }
                // The spare takes the descriptors; one that died meanwhile is replaced.
                var handed: pid_t?
                for _ in 0..<2 {
                    if spare == nil, let failure = makeSpare() {
                        say("failed \(id) \(failure)")
                        break
                    }
                    guard let waiting = spare else { break }
                    let sent = given.withUnsafeBufferPointer { lifeloop_send_descriptors(waiting.socket, "go\n", 3, $0.baseAddress, 3) }
                    close(waiting.socket)
                    spare = nil
                    if sent == 3 {
                        handed = waiting.pid
                        break
                    }
                    _ = Glibc.kill(waiting.pid, SIGKILL)
                }
                guard let pid = handed else { continue }
                live[id] = pid
                idsByPID[pid] = id
                say("forked \(id) \(pid)")
                if let failure = makeSpare() { say("log cannot fork the next spare: \(failure)") }
            }
        }
        // The other side is gone: so are the children (their parent-death signal).
        for pid in live.values { _ = Glibc.kill(pid, SIGKILL) }
        if let spare { _ = Glibc.kill(spare.pid, SIGKILL) }
        return 0
    }

    /// In a spare child: nothing of the server's left open, signals as a fresh process has
    /// them; it waits on `socket` for its three descriptors, puts them in place, and runs
    /// `child`.
    private static func becomeChild(waitingOn socket: Int32, server: pid_t, bell: Int32, child: () -> Int32) -> Int32 {
        lifeloop_fork_child_signals()
        // Die with the server (and so with the daemon); leave if it is already gone.
        _ = lifeloop_set_parent_death_signal(SIGKILL)
        if getppid() != server { return 0 }
        if bell >= 0, lifeloop_renew_eventfd(bell) != 0 { return 71 }
        closeDescriptors(from: 3, keeping: [socket, bell])
        // Wait for the request's descriptors (the end of the socket: the server is gone).
        var given: [Int32] = []
        var received: [Int32] = [-1, -1, -1, -1, -1, -1, -1, -1]
        var chunk = [UInt8](repeating: 0, count: 64)
        while given.count < 3 {
            var count: Int32 = 0
            let read = chunk.withUnsafeMutableBytes { bytes in
                lifeloop_receive_descriptors(socket, bytes.baseAddress, UInt(bytes.count), &received, 8, &count)
            }
            given.append(contentsOf: received[0..<Int(count)])
            if read <= 0, given.count < 3 { return 0 }
        }
        close(socket)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        // Above 3 first, so that no dup2 below overwrites a descriptor still needed.
        var moved: [Int32] = []
        for fd in given.prefix(3) + [null] {
            moved.append(fcntl(fd, F_DUPFD_CLOEXEC, 10))
        }
        guard !moved.contains(where: { $0 < 0 }) else { return 70 }
        dup2(moved[3], 0)
        dup2(moved[0], 1)
        dup2(moved[1], 2)
        dup2(moved[2], 3)
        closeDescriptors(from: 4, keeping: [bell])
        return child()
    }

    /// Closes every descriptor from `lowest` up except `keeping`.
    private static func closeDescriptors(from lowest: Int32, keeping: [Int32]) {
        var start = lowest
        for keep in keeping.filter({ $0 >= lowest }).sorted() {
            if keep > start { lifeloop_close_range(start, keep - 1) }
            start = max(start, keep + 1)
        }
        lifeloop_close_descriptors_from(start)
    }
}

extension EventLoop {
    /// Starts a fork server: `executable` with `arguments`, a program that calls
    /// ``ForkServer/serve(descriptor:child:)`` with descriptor 3 once it has warmed up
    /// (host clock). `environment` replaces this process's for the server and so for
    /// every child; `logFolder` is made (0700) for the children's output files, and
    /// removed by ``ForkServer/stop()``.
    /// - Throws: ``LoopError/invalidArgument(_:)`` naming the executable when it cannot
    ///   start, or on a virtual loop.
    public func startForkServer(_ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                                logFolder: String) throws -> ForkServer {
        try verifyOwnerThread("startForkServer(_:arguments:environment:logFolder:)")
        guard clock == .host else { throw LoopError.invalidArgument("startForkServer(\(executable)): child processes need a host-clock loop") }
        return try ForkServer(loop: self, executable: executable, arguments: arguments, environment: environment, logFolder: logFolder)
    }
}
