import DequeModule
import Foundation
import LifeloopCore
import LifeloopScenario

#if canImport(Glibc)
import Glibc
#endif

/// How a daemon runs: where it listens, what it starts for an app, and its limits.
public struct DaemonConfiguration: Sendable {
    /// The Unix socket's path (see ``SocketPath``).
    public var socketPath: String
    /// The program an app process runs (`lifeloop`), and its arguments before none:
    /// `host-app` puts it in its host mode.
    public var appExecutable: String
    /// The arguments before the app's own (`host-app`).
    public var appArguments: [String] = ["host-app"]
    /// Whether apps are forked by a fork server (a pre-initialised app process, started
    /// with the daemon, that forks one app per launch) instead of each starting the app
    /// executable: a launch then costs a fork, not a program's start.
    public var forkServer = true
    /// The arguments that make the app executable a fork server (`host-zygote`).
    public var forkServerArguments: [String] = ["host-zygote"]
    /// Most clients connected at once; one more is told so and closed.
    public var maxClients = 64
    /// Most apps running at once; one more `app.launch` is refused.
    public var maxApps = 256
    /// The longest message accepted from a client (1 MiB); a longer one gets an error
    /// reply and the connection goes on.
    public var maxMessageBytes = 1 << 20
    /// The deadline of a request that gives none (`deadlineMs`).
    public var defaultDeadline: Duration = .seconds(10)
    /// Trace events kept per app for `trace.get` and late subscribers.
    public var traceBufferEvents = 100_000
    /// Bytes a client may leave unread before its trace stream skips events (and then
    /// says which, with `trace.dataLoss`).
    public var subscriberBufferBytes = 4 << 20
    /// Bytes a client may leave unread before it is dropped.
    public var clientBufferLimit = 64 << 20
    /// How long `app.terminate` waits after SIGTERM before SIGKILL.
    public var terminateGrace: Duration = .seconds(2)
    /// Lines of each app's stdout/stderr kept for `app.log`.
    public var logLines = 1000
    /// The samples the app executable has, if known: an `app.launch` of another is refused
    /// before a process starts (nil: the app decides).
    public var sampleNames: [String]?

    /// A configuration with the defaults `lifeloopd` documents, listening on `socketPath` and
    /// running `appExecutable` for each app.
    public init(socketPath: String = SocketPath.defaultPath(), appExecutable: String) {
        self.socketPath = socketPath
        self.appExecutable = appExecutable
    }
}

/// `lifeloopd`: hosts simulated apps, one child process each, and serves JSON-RPC 2.0 on
/// a Unix socket, one message per line. Its own loop is a host-clock Lifeloop loop on
/// the calling thread (libuv: the socket, the children's pipes, the signals).
///
/// Every request gets exactly one reply, by its deadline at the latest; every verb that
/// runs an app replies with `{fromSeq, toSeq, turn, digest}`. See README, "The daemon".
///
/// - Warning: Confined to the thread that made it.
public final class Daemon {
    /// The limits and paths the daemon runs with.
    public let configuration: DaemonConfiguration
    let loop: EventLoop
    private var server: LineServer?
    private var clients: [Int: Client] = [:]
    private var apps: [String: HostedApp] = [:]
    /// The `app.explore` crawls running, by their process's pid.
    var explorations: [Int32: ExploreRun] = [:]
    private var appOrder: [String] = []
    private var exitedApps: [String: String] = [:]
    private var nextClientID = 1
    private var nextAppNumber = 1
    private var signalWatchers: [SignalWatcher] = []
    private var shuttingDown = false
    private var shutdownReplies: [(Client, JSON)] = []
    private let started = Date()
    private var lossTimer: TimerHandle?
    /// Requests answered, for `daemon.status`.
    private var requestsServed = 0
    /// The fork server apps are forked from (``DaemonConfiguration/forkServer``), restarted
    /// when a launch finds it gone.
    private var forkServer: ForkServer?
    /// Fork servers started, the first included.
    private var forkServerStarts = 0
    /// Called once the daemon listens (tests and `lifeloopd` print the path).
    public var onReady: ((String) -> Void)?
    /// Where the daemon writes what it does (stderr by default).
    // Not FileHandle.write, which traps when stderr fails (a closed pipe, a full disk).
    public var log: (String) -> Void = { FileOutput.writeStandardError("lifeloopd: " + $0 + "\n") }

    /// The verbs that act on an app, forwarded to its process under their own name: the
    /// app host turns each into a scenario step: the catalogue's verbs (``VerbCatalogue``)
    /// and `app.step` (a scenario's own step, by index).
    static let actionMethods = VerbCatalogue.verbs.map(\.daemonMethod) + ["app.step"]

    /// The methods clients may call.
    public static let methods = [
        "hello", "daemon.status", "daemon.methods", "daemon.shutdown",
        "app.launch", "app.list", "app.describe", "app.terminate", "app.log", "app.metrics", "app.snapshot", "app.settle",
        "app.network", "app.session", "clock.advance", "app.explore",
    ] + actionMethods + [
        "trace.subscribe", "trace.unsubscribe", "trace.get", "log.subscribe",
        "record.start", "record.stop", "app.batch",
    ]

    /// The deadline of an `app.launch` with `sources` that gives none.
    static let sourcesLaunchDeadline: Duration = .seconds(300)

    /// App methods the daemon forwards, and the name the app process knows them by.
    static let forwarded: [String: String] = {
        var table = ["app.describe": "describe", "app.metrics": "metrics", "app.settle": "settle", "clock.advance": "advance",
                     "app.snapshot": "snapshot", "record.start": "record.start", "record.stop": "record.stop",
                     "app.network": "app.network", "app.session": "session", "app.batch": "batch"]
        for action in actionMethods { table[action] = action }
        return table
    }()

    /// Prepares the socket's directory and listens.
    /// - Throws: ``SocketPathError`` when the socket cannot be used (another daemon
    ///   serves it, an unsafe directory), or a loop error.
    public init(configuration: DaemonConfiguration) throws {
        self.configuration = configuration
        loop = try EventLoop(LoopConfiguration(clock: .host, workerWidth: 1, traceMode: .off))
        try SocketPath.prepare(configuration.socketPath)
        let server = try loop.listen(onUnixSocket: configuration.socketPath)
        server.maxLineBytes = configuration.maxMessageBytes
        self.server = server
        server.onConnection = { [unowned self] connection in accept(connection) }
        raiseDescriptorLimit()
        removeStaleOutputFolders()
        if configuration.forkServer { startForkServer() }
        for signal in [SIGTERM, SIGINT] {
            signalWatchers.append(try loop.onSignal(signal) { [unowned self] number in
                log("signal \(number): shutting down")
                shutdown()
            })
        }
        // A client that goes away mid-write must not kill the daemon.
        Glibc.signal(SIGPIPE, SIG_IGN)
        // A parent may start the daemon with signals blocked (a test runner's thread does):
        // libuv hears of children through SIGCHLD, and shutdown comes by SIGTERM.
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGCHLD, SIGTERM, SIGINT] { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Serves until `daemon.shutdown`, SIGTERM or SIGINT; then the apps are stopped, the
    /// recordings finished and the socket removed.
    public func run() throws {
        onReady?(configuration.socketPath)
        try loop.run()
        for watcher in signalWatchers { watcher.close() }
        try loop.close()
        unlink(configuration.socketPath)
    }

    // MARK: Clients

    private func accept(_ connection: LineConnection) {
        guard connection.peerUID == geteuid() else {
            connection.send(RPCMessage.response(id: .null, result: .failure(.invalidRequest("refused: this daemon serves uid \(geteuid()) only"))).line)
            connection.close()
            return
        }
        guard !shuttingDown else {
            connection.send(RPCMessage.response(id: .null, result: .failure(.shuttingDown())).line)
            connection.close()
            return
        }
        guard clients.count < configuration.maxClients else {
            connection.send(RPCMessage.response(id: .null, result: .failure(.limitReached("too many clients: the daemon serves at most \(configuration.maxClients) at once (--max-clients)"))).line)
            connection.close()
            return
        }
        let client = Client(id: nextClientID, connection: connection)
        nextClientID += 1
        clients[client.id] = client
        // The connection drops its handlers when it closes, so they may hold the client.
        connection.onLine = { [unowned self] line in received(line, from: client) }
        connection.onOversized = { [unowned self] length in
            send(RPCMessage.response(id: .null, result: .failure(.invalidRequest("message too large: more than \(configuration.maxMessageBytes) bytes (\(length) read before it was dropped); the limit is --max-message-bytes"))).line, to: client)
        }
        connection.onClose = { [unowned self] in
            client.isClosed = true
            clients[client.id] = nil
            for app in apps.values {
                app.logSubscribers.remove(client.id)
                app.subscribers[client.id] = nil
                // An app whose launch this client was waiting for would belong to nobody.
                if app.launchingClient == client.id {
                    app.launchingClient = nil
                    app.stop(reason: "the client that launched the app disconnected during app.launch", grace: configuration.terminateGrace)
                }
            }
        }
    }

    private func send(_ line: String, to client: Client) {
        guard !client.isClosed else { return }
        client.connection.send(line)
        if client.connection.queuedBytes > configuration.clientBufferLimit {
            log("client \(client.id) left \(client.connection.queuedBytes) bytes unread: dropped")
            client.connection.close()
        }
    }

    func reply(_ client: Client, _ id: JSON, _ result: Result<JSON, RPCError>) {
        requestsServed += 1
        send(RPCMessage.response(id: id, result: result).line, to: client)
    }

    private func received(_ line: String, from client: Client) {
        if line.isEmpty || line == "\r" { return }
        switch RPCMessage.decode(line) {
        case .failure(let failure):
            reply(client, failure.id, .failure(failure.error))
        case .success(.request(let id, let method, let params)):
            handle(client, id: id, method: method, params: params)
        case .success(.notification(let method, _)):
            // Notifications get no reply, by the protocol; an unknown one is ignored.
            _ = method
        case .success(.response):
            reply(client, .null, .failure(.invalidRequest("the daemon sends no requests, so it expects no replies")))
        }
    }

    private func handle(_ client: Client, id: JSON, method: String, params json: JSON) {
        guard client.helloDone || method == "hello" else {
            return reply(client, id, .failure(Self.methods.contains(method) ? .helloFirst(method) : .methodNotFound(method)))
        }
        var arguments = json.object ?? [:]
        if json.array != nil {
            return reply(client, id, .failure(.invalidParams("\(method): parameters are named (an object), not positional")))
        }
        let params = Params(json, method: method)
        let deadline: Duration
        do {
            if let ms = try params.milliseconds("deadlineMs") {
                deadline = .nanoseconds(Int64(ms * 1e6))
            } else if method == "app.launch", json["sources"] != nil || json["project"] != nil {
                // A launch with sources compiles the project's Swift files first: that takes
                // the compiler's time, well over the default on a busy machine.
                deadline = max(configuration.defaultDeadline, Self.sourcesLaunchDeadline)
            } else {
                deadline = configuration.defaultDeadline
            }
        } catch {
            return reply(client, id, .failure(error))
        }
        arguments["deadlineMs"] = nil
        let stripped = Params(.object(arguments), method: method)
        if shuttingDown, method != "daemon.status", method != "hello" {
            return reply(client, id, .failure(.shuttingDown()))
        }
        do {
            switch method {
            case "hello": try hello(client, id: id, stripped)
            case "daemon.status":
                try stripped.allowOnly([])
                reply(client, id, .success(status()))
            case "daemon.methods":
                try stripped.allowOnly([])
                reply(client, id, .success(["methods": .array(Self.methods.map { .string($0) })]))
            case "daemon.shutdown":
                try stripped.allowOnly([])
                shutdownReplies.append((client, id))
                shutdown()
            case "app.launch": try launch(client, id: id, stripped, deadline: deadline)
            case "app.explore": try explore(client, id: id, stripped, deadline: json["deadlineMs"] != nil ? deadline : nil)
            case "app.list":
                try stripped.allowOnly([])
                reply(client, id, .success(["apps": .array(appOrder.compactMap { apps[$0]?.summary })]))
            case "app.terminate": try terminate(client, id: id, stripped)
            case "app.log": try appLog(client, id: id, stripped)
            case "log.subscribe":
                try stripped.allowOnly(["app"])
                let app = try self.app(stripped)
                app.logSubscribers.insert(client.id)
                reply(client, id, .success(["app": .string(app.id), "lines": .int(app.log.count)]))
            case "trace.subscribe": try subscribe(client, id: id, stripped)
            case "trace.unsubscribe":
                try stripped.allowOnly(["app"])
                let app = try self.app(stripped)
                let was = app.subscribers.removeValue(forKey: client.id) != nil
                reply(client, id, .success(["app": .string(app.id), "subscribed": .bool(was)]))
            case "trace.get": try traceGet(client, id: id, stripped)
            default:
                guard let name = Self.forwarded[method] else { throw RPCError.methodNotFound(method) }
                let app = try self.app(stripped)
                // The app learns the deadline: a settle or an advance that would pass it stops
                // at a turn boundary and answers in time.
                var forwarded = arguments
                forwarded["deadlineMs"] = .double(Double(deadline.components.seconds) * 1000 + Double(deadline.components.attoseconds) / 1e15)
                // The reply is passed on as the app wrote it (checked, not rebuilt).
                app.call(name, params: .object(forwarded), deadline: deadline, clientMethod: method, relay: true) { [weak client, unowned self] result in
                    guard let client else { return }
                    reply(client, id, result)
                }
            }
        } catch {
            reply(client, id, .failure(error as? RPCError ?? .internalError("\(error)")))
        }
    }

    private func hello(_ client: Client, id: JSON, _ params: Params) throws(RPCError) {
        try params.allowOnly(["protocol", "client"])
        let version = try params.string("protocol") ?? ProtocolVersion.string
        let major = Int(version.split(separator: ".").first ?? "") ?? -1
        guard major == ProtocolVersion.major else {
            throw .versionMismatch("protocol \(version) is not supported: this daemon speaks \(ProtocolVersion.string) (major \(ProtocolVersion.major)); use a client of the same major version. Nothing was stopped.")
        }
        client.helloDone = true
        // The client's name is accepted (and type-checked) for its own logs; the daemon keeps none.
        _ = try params.string("client")
        reply(client, id, .success(["protocol": .string(ProtocolVersion.string), "daemon": "lifeloopd",
                                    "pid": .int(Int(getpid())), "methods": .array(Self.methods.map { .string($0) })]))
    }

    private func status() -> JSON {
        ["protocol": .string(ProtocolVersion.string), "pid": .int(Int(getpid())), "socket": .string(configuration.socketPath),
         "uptimeMs": .int(Int(Date().timeIntervalSince(started) * 1000)), "clients": .int(clients.count),
         "apps": .int(apps.count), "maxApps": .int(configuration.maxApps), "maxClients": .int(configuration.maxClients),
         "requestsServed": .int(requestsServed), "shuttingDown": .bool(shuttingDown),
         "forkServer": forkServer.map { server in
             ["pid": .int(Int(server.process.pid)), "spare": .int(Int(server.sparePID)), "ready": .bool(server.isReady), "running": .bool(!server.process.hasExited),
              "forks": .int(server.forks), "starts": .int(forkServerStarts), "refusal": server.refusal.map { .string($0) } ?? .null]
         } ?? .null]
    }

    func app(_ params: Params) throws(RPCError) -> HostedApp {
        let id = try params.requiredString("app")
        guard let app = apps[id] else {
            if let note = exitedApps[id] { throw .appExited("app '\(id)' has exited (\(note))") }
            throw .noSuchApp(id)
        }
        return app
    }

    // MARK: Apps

    private func launch(_ client: Client, id: JSON, _ params: Params, deadline: Duration) throws {
        guard apps.count < configuration.maxApps else {
            throw RPCError.limitReached("too many apps: the daemon hosts at most \(configuration.maxApps) at once (--max-apps); app.terminate one first")
        }
        // Checked here as well as in the app, so a bad request costs no process.
        try AppHost.checkLaunchSource(params)
        _ = try NetworkParameters.launchRules(params)
        for key in ["scenario", "storyboard"] {
            guard let path = try params.string(key) else { continue }
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || isFolder.boolValue {
                throw RPCError.invalidParams("app.launch: '\(key)' \(path) is not a file\(path.hasPrefix("/") ? "" : " (relative to the daemon's folder, \(FileManager.default.currentDirectoryPath))")")
            }
        }
        if let path = try params.string("project"), !FileManager.default.fileExists(atPath: path) {
            throw RPCError.invalidParams("app.launch: 'project' \(path) does not exist\(path.hasPrefix("/") ? "" : " (relative to the daemon's folder, \(FileManager.default.currentDirectoryPath))")")
        }
        if let names = configuration.sampleNames, let sample = try params.string("sample"), !names.contains(sample) {
            throw RPCError.invalidParams("app.launch: no sample '\(sample.prefix(60))'; the samples are \(names.joined(separator: ", "))")
        }
        let appID = "app-\(nextAppNumber)"
        nextAppNumber += 1
        let process: ChildProcess
        do {
            if let server = forkServer, !server.isUsable, server.refusal == nil {
                // Gone (killed, crashed): a new one, once per launch that finds it so.
                log("the fork server has exited; starting another")
                server.stop()
                startForkServer()
            }
            if let forkServer, forkServer.isUsable {
                process = try forkServer.fork(maxLineBytes: 64 << 20)
            } else {
                process = try loop.spawn(configuration.appExecutable, arguments: configuration.appArguments,
                                         environment: appEnvironment(), controlPipe: true, maxLineBytes: 64 << 20)
            }
        } catch {
            throw RPCError.internalError("app.launch: cannot start the app process: \(error)")
        }
        let app = HostedApp(id: appID, process: process, daemon: self)
        app.launchingClient = client.id
        app.launchParams = params.json
        apps[appID] = app
        appOrder.append(appID)
        app.call("open", params: params.json, deadline: deadline, clientMethod: "app.launch") { [weak client, unowned self] result in
            app.launchingClient = nil
            switch result {
            case .success(var reply):
                // Its client left before hearing of it: nobody knows the app, so it goes.
                guard let client, !client.isClosed else {
                    app.stop(reason: "the client that launched the app disconnected during app.launch", grace: configuration.terminateGrace)
                    return
                }
                app.state = .ready
                if case .object(var members) = reply {
                    members["app"] = .string(appID)
                    app.scenario = members["scenario"]?.string ?? ""
                    reply = .object(members)
                }
                self.reply(client, id, .success(reply))
            case .failure(let error):
                // A launch that failed leaves no process behind.
                app.process.kill(SIGKILL)
                if let client { self.reply(client, id, .failure(error)) }
            }
        }
    }

    /// The environment of every app process (and of the fork server, whose children
    /// inherit it).
    private func appEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LIFELOOP_DAEMON_PID"] = String(getpid())
        // A crash is reported when the app's process has exited, and Swift's backtracer keeps
        // a crashing process alive while it symbolicates: seconds for a debug build, over the
        // 10 s a request may take on a loaded machine. Without symbols it takes a tenth of a
        // second; the report still has the crash message (file and line) and the last events.
        // A SWIFT_BACKTRACE of the daemon's own environment is kept as it is.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "symbolicate=off" }
        return environment
    }

    /// Removes the apps' output folders that daemons killed before they could remove
    /// theirs left beside the socket (those of a pid that no longer runs).
    private func removeStaleOutputFolders() {
        let directory = (configuration.socketPath as NSString).deletingLastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("lifeloopd-") {
            let parts = name.split(separator: "-")
            guard parts.count == 4, let pid = Int32(parts[1]), let start = Int(parts[3]), pid != getpid(),
                  name == Self.outputFolderName(pid: pid, start: start) else { continue }
            // Alive (or someone else's): kept.
            if kill(pid, 0) == 0 || errno != ESRCH { continue }
            do {
                try FileManager.default.removeItem(atPath: directory + "/" + name)
                log("removed \(name), the output folder of a daemon that is gone (pid \(pid))")
            } catch {
                log("cannot remove \(name), the output folder of a daemon that is gone: \(error)")
            }
        }
    }

    /// The folder of the apps' output files of a daemon's `start`th fork server.
    static func outputFolderName(pid: Int32, start: Int) -> String {
        "lifeloopd-\(pid)-output-\(start)"
    }

    /// Starts the fork server; without one, apps start as programs of their own.
    private func startForkServer() {
        do {
            // The apps' output files, beside the socket (its folder is private to the user).
            let folder = (configuration.socketPath as NSString).deletingLastPathComponent
                + "/" + Self.outputFolderName(pid: getpid(), start: forkServerStarts + 1)
            let server = try loop.startForkServer(configuration.appExecutable, arguments: configuration.forkServerArguments,
                                                  environment: appEnvironment(), logFolder: folder)
            server.onLog = { [unowned self] line in log("fork server: \(line)") }
            forkServer = server
            forkServerStarts += 1
        } catch {
            log("no fork server (\(error)): each app starts its own process")
            forkServer = nil
        }
    }

    /// A forked app holds one descriptor here (its control channel; its output goes to
    /// files), an app started as a program four: a daemon allowed to (CAP_SYS_RESOURCE)
    /// raises the hard limit to what `maxApps` needs, and the soft limit goes up to the
    /// hard one.
    private func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(configuration.maxApps * 4 + configuration.maxClients * 2 + 256)
        if limit.rlim_max < wanted {
            var raised = rlimit(rlim_cur: wanted, rlim_max: wanted)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
        }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    private func terminate(_ client: Client, id: JSON, _ params: Params) throws {
        try params.allowOnly(["app", "graceMs"])
        let app = try self.app(params)
        let grace = try params.milliseconds("graceMs").map { Duration.nanoseconds(Int64($0 * 1e6)) } ?? configuration.terminateGrace
        app.exitWaiters.append { [weak client, unowned self] status, signal in
            guard let client else { return }
            reply(client, id, .success(["app": .string(app.id), "status": .int(Int(status)), "signal": .int(Int(signal))]))
        }
        // Not SIGTERM: it would end the app with its recording unwritten. The app is asked
        // to stop (finishing its recording), and killed only when the grace is over.
        app.stop(reason: "the app was terminated (app.terminate) before record.stop", grace: grace)
    }

    private func appLog(_ client: Client, id: JSON, _ params: Params) throws {
        try params.allowOnly(["app", "limit"])
        let app = try self.app(params)
        let limit = try params.int("limit", in: 1...100_000) ?? app.log.count
        let lines = app.log.suffix(limit).map { JSON.object(["stream": .string($0.stream), "line": .string($0.line)]) }
        reply(client, id, .success(["app": .string(app.id), "lines": .array(Array(lines))]))
    }

    fileprivate func appExited(_ app: HostedApp, status: Int64, signal: Int32) {
        apps[app.id] = nil
        appOrder.removeAll { $0 == app.id }
        let how = signal != 0 ? "killed by signal \(signal)" : "exit status \(status)"
        exitedApps[app.id] = how
        if exitedApps.count > 10_000 { exitedApps.removeAll() }
        if !shuttingDown || app.state != .stopping { log("\(app.id) (pid \(app.process.pid)) exited: \(how)") }
        let notice = RPCMessage.notification(method: "app.exited", params: [
            "app": .string(app.id), "pid": .int(Int(app.process.pid)), "status": .int(Int(status)), "signal": .int(Int(signal)),
            "expected": .bool(app.state == .stopping),
            "lastEvents": .array(app.events.suffix(20).map { .raw($0.line) }),
            "log": .array(app.log.suffix(20).map { .string("\($0.stream): \($0.line)") }),
            // Swift's own words on a trap, which its backtrace pushes out of the log's tail.
            "crashMessage": app.log.last(where: { $0.stream == "stderr" && $0.line.contains("Fatal error") }).map { .string($0.line) } ?? .null,
            "crashFrame": Self.crashFrame(app.log.map(\.line)).map { .string($0) } ?? .null,
            "crashReport": Self.crashReport(app.log).map { .string($0) } ?? .null,
        ]).line
        // An app whose launch failed was never listed: its launch's error reply says it all.
        if app.state != .starting {
            for client in clients.values where client.helloDone { send(notice, to: client) }
        }
        if shuttingDown, apps.isEmpty { finishShutdown() }
    }

    /// The frame a crash happened in, from Swift's backtrace in the app's log: the first
    /// symbolicated frame of the crashed thread outside the Swift runtime and the C
    /// library (nil when the frames have no symbols).
    static func crashFrame(_ lines: [String]) -> String? {
        guard let crashed = lines.firstIndex(where: { $0.contains(" crashed:") }) else { return nil }
        var first: String?
        for line in lines[(crashed + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { if first == nil { continue } else { break } }
            guard let number = trimmed.split(separator: " ").first, Int(number) != nil else { break }
            // A frame without its symbol (SWIFT_BACKTRACE symbolicate=off) says nothing.
            guard trimmed.contains(" in ") else { continue }
            first = first ?? trimmed
            if !trimmed.contains("libswiftCore") && !trimmed.contains("libc.so") && !trimmed.contains("fatalError") { return trimmed }
        }
        return first
    }

    /// The app's crash report, from its first line of Swift's crash output (or the last
    /// 200 lines of stderr), at most 256 KB.
    static func crashReport(_ log: some Collection<(stream: String, line: String)>) -> String? {
        let lines = log.filter { $0.stream == "stderr" }.map(\.line)
        guard !lines.isEmpty else { return nil }
        let start = lines.firstIndex { $0.contains("Fatal error") || $0.contains("Program crashed") || $0.contains(" crashed:") }
            ?? max(0, lines.count - 200)
        return String(lines[start...].joined(separator: "\n").prefix(256 << 10))
    }

    // MARK: Trace

    private func subscribe(_ client: Client, id: JSON, _ params: Params) throws {
        try params.allowOnly(["app", "fromSeq"])
        let app = try self.app(params)
        let from = UInt64(try params.int("fromSeq", in: 0...Int.max) ?? Int(app.nextSeq))
        var subscription = Subscription(nextSeq: max(from, app.firstSeq))
        if from < app.firstSeq { subscription.lostFrom = from }
        app.subscribers[client.id] = subscription
        reply(client, id, .success(["app": .string(app.id), "fromSeq": .int(Int(from)), "nextSeq": .int(Int(app.nextSeq)),
                                    "oldestSeq": .int(Int(app.firstSeq))]))
        deliver(app)
    }

    private func traceGet(_ client: Client, id: JSON, _ params: Params) throws {
        try params.allowOnly(["app", "fromSeq", "toSeq", "limit"])
        let app = try self.app(params)
        let from = UInt64(try params.int("fromSeq", in: 0...Int.max) ?? Int(app.firstSeq))
        let to = min(UInt64(try params.int("toSeq", in: 0...Int.max) ?? Int(app.nextSeq)), app.nextSeq)
        let limit = try params.int("limit", in: 1...1_000_000) ?? 10_000
        var result: [String: JSON] = ["app": .string(app.id)]
        let start = max(from, app.firstSeq)
        if from < app.firstSeq { result["lost"] = ["fromSeq": .int(Int(from)), "toSeq": .int(Int(min(app.firstSeq, to)))] }
        var events: [JSON] = []
        var next = start
        if start < to {
            let offset = Int(start - app.firstSeq)
            for index in offset..<min(app.events.count, offset + Int(min(to - start, UInt64(limit)))) {
                events.append(.raw(app.events[index].line))
                next = app.events[index].seq + 1
            }
        }
        result["events"] = .array(events)
        result["fromSeq"] = .int(Int(start))
        result["toSeq"] = .int(Int(max(next, start)))
        result["nextSeq"] = .int(Int(app.nextSeq))
        reply(client, id, .success(.object(result)))
    }

    /// Sends each subscriber of `app` what it has not had, unless it is behind on reading:
    /// then those events are skipped and, once it catches up, a `trace.dataLoss` notice
    /// names the range it missed.
    fileprivate func deliver(_ app: HostedApp) {
        var behind = false
        for (clientID, var subscription) in app.subscribers {
            guard let client = clients[clientID], !client.isClosed else {
                app.subscribers[clientID] = nil
                continue
            }
            if client.connection.queuedBytes > configuration.subscriberBufferBytes {
                if subscription.lostFrom == nil { subscription.lostFrom = subscription.nextSeq }
                subscription.nextSeq = app.nextSeq
                app.subscribers[clientID] = subscription
                behind = true
                continue
            }
            if let lost = subscription.lostFrom {
                let toSeq = max(lost, subscription.nextSeq)
                send(RPCMessage.notification(method: "trace.dataLoss", params: [
                    "app": .string(app.id), "fromSeq": .int(Int(lost)), "toSeq": .int(Int(toSeq)),
                    "reason": .string(lost < app.firstSeq ? "older than the daemon's buffer" : "the client read too slowly"),
                ]).line, to: client)
                subscription.lostFrom = nil
            }
            if subscription.nextSeq < app.nextSeq {
                let offset = Int(subscription.nextSeq - app.firstSeq)
                var batch: [UInt8] = []
                var count = 0
                func flush() {
                    guard count > 0 else { return }
                    batch.append(contentsOf: "]}}".utf8)
                    send(String(decoding: batch, as: UTF8.self), to: client)
                    batch.removeAll(keepingCapacity: true)
                    count = 0
                }
                for index in offset..<app.events.count {
                    if count == 0 {
                        batch.append(contentsOf: #"{"jsonrpc":"2.0","method":"trace.events","params":{"app":"#.utf8)
                        JSON.writeString(app.id, into: &batch)
                        batch.append(contentsOf: #","events":["#.utf8)
                    } else {
                        batch.append(UInt8(ascii: ","))
                    }
                    batch.append(contentsOf: app.events[index].line.utf8)
                    count += 1
                    if batch.count > 256 << 10 { flush() }
                }
                flush()
                subscription.nextSeq = app.nextSeq
            }
            app.subscribers[clientID] = subscription
        }
        // A subscriber that is behind hears of its loss when it catches up, even if the
        // app records nothing more.
        if behind, lossTimer == nil {
            lossTimer = loop.schedule(after: .milliseconds(50)) { [unowned self] in
                lossTimer = nil
                for app in apps.values where app.subscribers.values.contains(where: { $0.lostFrom != nil }) { deliver(app) }
            }
        }
    }

    fileprivate func deliverLog(_ app: HostedApp, stream: String, line: String) {
        guard !app.logSubscribers.isEmpty else { return }
        let notice = RPCMessage.notification(method: "app.log", params: ["app": .string(app.id), "stream": .string(stream), "line": .string(line)]).line
        for clientID in app.logSubscribers {
            if let client = clients[clientID] { send(notice, to: client) }
        }
    }

    // MARK: Shutdown

    /// Stops accepting, fails what cannot finish, stops every app (their recordings get
    /// their trailers), then ends the loop: within about 4 s even with hung apps.
    public func shutdown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        server?.close()
        server = nil
        unlink(configuration.socketPath)
        stopExplorations()
        for app in apps.values {
            app.state = .stopping
            app.call("stop", params: [:], deadline: .seconds(2), clientMethod: "stop") { _ in }
            app.terminate(grace: .seconds(1), after: .seconds(2))
        }
        // Whatever happens, the loop ends within 4 s.
        _ = loop.schedule(after: .milliseconds(3500)) { [unowned self] in
            for app in apps.values { app.process.kill(SIGKILL) }
            finishShutdown()
        }
        if apps.isEmpty { finishShutdown() }
    }

    private var finished = false

    private func finishShutdown() {
        guard !finished else { return }
        finished = true
        for (client, id) in shutdownReplies { reply(client, id, .success(["stopped": true])) }
        shutdownReplies.removeAll()
        // Let replies reach their clients (up to 400 ms), then end.
        var waited = 0
        func drain() {
            let unsent = clients.values.reduce(0) { $0 + $1.connection.queuedBytes }
            if unsent == 0 || waited >= 8 {
                for client in clients.values { client.connection.close() }
                forkServer?.stop()
                loop.stop()
                return
            }
            waited += 1
            _ = loop.schedule(after: .milliseconds(50)) { drain() }
        }
        drain()
    }
}

/// One connected client.
final class Client {
    let id: Int
    let connection: LineConnection
    var helloDone = false
    var isClosed = false

    init(id: Int, connection: LineConnection) {
        self.id = id
        self.connection = connection
    }
}

/// Where a subscriber is in an app's trace.
struct Subscription {
    /// The next event to send.
    var nextSeq: UInt64
    /// The first event it missed and has not been told of.
    var lostFrom: UInt64?
}

/// One hosted app, from the daemon's side: its process, its calls in flight, its trace
/// buffer and subscribers, its captured log.
final class HostedApp {
    enum State { case starting, ready, stopping }

    let id: String
    let process: ChildProcess
    unowned let daemon: Daemon
    var state = State.starting
    var scenario = ""
    /// What `app.launch` was given, for an `app.explore` of the same app.
    var launchParams: JSON = .null
    /// The last events, oldest first; `firstSeq` is the first one's sequence number.
    var events = Deque<(seq: UInt64, line: String)>()
    var firstSeq: UInt64 = 0
    var nextSeq: UInt64 = 0
    var subscribers: [Int: Subscription] = [:]
    var logSubscribers: Set<Int> = []
    var log = Deque<(stream: String, line: String)>()
    var exitWaiters: [(Int64, Int32) -> Void] = []
    /// The client whose `app.launch` has not been answered yet: if it disconnects first,
    /// the app is stopped.
    var launchingClient: Int?
    private var calls: [Int: Call] = [:]
    private var nextCallID = 1
    private var turn = 0
    private var digest = ""
    private var exited = false
    private var killTimer: TimerHandle?

    struct Call {
        let method: String
        let timer: TimerHandle
        /// The result goes to a client as it is: its text, not values built from it.
        let relay: Bool
        let completion: (Result<JSON, RPCError>) -> Void
    }


    init(id: String, process: ChildProcess, daemon: Daemon) {
        self.id = id
        self.process = process
        self.daemon = daemon
        // Weak: the daemon lets the app go when it has exited, at most 300 ms after its exit,
        // and its pipes may outlive it (a child holding them, a crash's backtracer): their
        // late lines and their end then find nothing.
        process.control?.onLine = { [weak self] line in self?.received(line) }
        process.stdout.onLine = { [weak self] line in self?.captured("stdout", line) }
        process.stderr.onLine = { [weak self] line in self?.captured("stderr", line) }
        process.onExit = { [weak self] status, signal in
            guard let self else { return }
            exitStatus = (status, signal)
            // Its last output and trace may still be in the pipes: report the exit once
            // they have ended, or 300 ms later at most.
            if openStreams == 0 { return exitedWith(status: status, signal: signal) }
            _ = daemon.loop.schedule(after: .milliseconds(300)) { [weak self] in self?.exitedWith(status: status, signal: signal) }
        }
        let sources: [any LineSource] = [process.stdout, process.stderr] + (process.control.map { [$0] } ?? [])
        for connection in sources {
            connection.onClose = { [weak self] in
                guard let self else { return }
                openStreams -= 1
                if openStreams == 0, let (status, signal) = exitStatus { exitedWith(status: status, signal: signal) }
            }
        }
    }

    private var openStreams = 3
    private var exitStatus: (Int64, Int32)?

    var summary: JSON {
        ["app": .string(id), "pid": .int(Int(process.pid)), "scenario": .string(scenario),
         "state": .string(state == .ready ? "ready" : state == .starting ? "starting" : "stopping"),
         "turn": .int(turn), "digest": .string(digest), "nextSeq": .int(Int(nextSeq)), "inFlight": .int(calls.count)]
    }

    /// Sends a request to the app process; `completion` runs exactly once: with its reply,
    /// at the deadline, or when the app exits.
    func call(_ method: String, params: JSON, deadline: Duration, clientMethod: String, relay: Bool = false,
              completion: @escaping (Result<JSON, RPCError>) -> Void) {
        guard !exited, let control = process.control else {
            return completion(.failure(.appExited("\(clientMethod): app '\(id)' has exited")))
        }
        let callID = nextCallID
        nextCallID += 1
        let milliseconds = Double(deadline.components.seconds) * 1000 + Double(deadline.components.attoseconds) / 1e15
        let timer = daemon.loop.schedule(after: deadline) { [unowned self] in
            guard let call = calls.removeValue(forKey: callID) else { return }
            call.completion(.failure(.deadlineExceeded("\(clientMethod) on \(id): no reply within \(formatMilliseconds(milliseconds.rounded())) ms; the app may be hung in a callback (app.terminate stops it)")))
        }
        calls[callID] = Call(method: clientMethod, timer: timer, relay: relay, completion: completion)
        control.send(RPCMessage.request(id: .int(callID), method: method, params: params).line)
    }

    private func received(_ line: String) {
        // A reply whose result goes to a client as it is: skimmed for its id, turn and
        // digest, its result not parsed (the client parses it).
        if !calls.isEmpty, let skim = AppReplySkim.read(line), let call = calls[skim.id], call.relay {
            calls[skim.id] = nil
            _ = daemon.loop.cancel(call.timer)
            if let turn = skim.turn { self.turn = turn }
            if let digest = skim.digest { self.digest = digest }
            let utf8 = line.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: skim.result.lowerBound)
            let end = utf8.index(start, offsetBy: skim.result.count)
            return call.completion(.success(.raw(String(line[start..<end]))))
        }
        // Read on the reader's tape, without building a JSON tree: trace batches are the
        // bulk, and a reply is passed on as its text.
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: RPCMessage.replyDepth).read(line)
        } catch {
            return captured("control", "not a protocol message (\(error)): \(line.prefix(200))")
        }
        let message = document.root
        if let method = message["method"] {
            guard method.isString("trace"), let events = message["params"]?["events"], events.kind == .array else {
                return captured("control", "not a protocol message: \(line.prefix(200))")
            }
            for event in events.elements {
                // The app's events come in order; anything else from its pipe is dropped.
                guard let seq = event["seq"]?.int, let time = event["time"]?.int, let turn = event["turn"]?.int,
                      seq >= 0, time >= 0, turn >= 0, UInt64(seq) >= nextSeq else { continue }
                let rendered = TraceEvent(sequence: UInt64(seq), time: UInt64(time), turn: UInt64(turn),
                                          window: event["window"]?.string ?? "", label: event["label"]?.string ?? "",
                                          name: event["event"]?.string ?? "", detail: event["detail"]?.string ?? "").jsonLine
                if self.events.isEmpty { firstSeq = UInt64(seq) }
                self.events.append((UInt64(seq), rendered))
                nextSeq = UInt64(seq) + 1
                self.turn = turn
            }
            while self.events.count > daemon.configuration.traceBufferEvents {
                self.events.removeFirst()
                firstSeq = self.events.first?.seq ?? nextSeq
            }
            daemon.deliver(self)
            return
        }
        guard let callID = message["id"]?.int else { return captured("control", "not a protocol message: \(line.prefix(200))") }
        guard let call = calls.removeValue(forKey: callID) else { return }
        _ = daemon.loop.cancel(call.timer)
        if let result = message["result"] {
            if let turn = result["turn"]?.int { self.turn = turn }
            if let digest = result["digest"]?.string { self.digest = digest }
            call.completion(.success(call.relay ? .raw(result.text) : JSON(result)))
        } else if let error = message["error"], let code = error["code"]?.int {
            call.completion(.failure(RPCError(code: code, message: error["message"]?.string ?? "", data: error["data"].map { JSON($0) })))
        } else {
            call.completion(.failure(.internalError("\(call.method): the app's reply has neither a result nor an error")))
        }
    }

    private func captured(_ stream: String, _ line: String) {
        log.append((stream, line))
        if log.count > daemon.configuration.logLines { log.removeFirst() }
        daemon.deliverLog(self, stream: stream, line: line)
    }

    /// Asks the app to stop (it finishes its recording with `ok: false` and `reason`, then
    /// exits), and kills it with SIGKILL `grace` later if it is still running: only a hung
    /// app loses the end of its recording.
    func stop(reason: String, grace: Duration) {
        guard !exited else { return }
        if killTimer != nil { return }
        call("stop", params: ["reason": .string(reason)], deadline: grace, clientMethod: "stop") { _ in }
        killTimer = daemon.loop.schedule(after: grace) { [weak self] in
            guard let self, !exited else { return }
            process.kill(SIGKILL)
        }
    }

    /// SIGTERM now (or after `after`), SIGKILL `grace` later if it is still running.
    func terminate(grace: Duration, after delay: Duration = .zero) {
        guard !exited else { return }
        let loop = daemon.loop
        _ = loop.schedule(after: delay) { [weak self] in
            guard let self, !exited else { return }
            process.kill(SIGTERM)
            killTimer = loop.schedule(after: grace) { [weak self] in
                guard let self, !exited else { return }
                process.kill(SIGKILL)
            }
        }
    }

    private func exitedWith(status: Int64, signal: Int32) {
        guard !exited else { return }
        exited = true
        if let killTimer { _ = daemon.loop.cancel(killTimer) }
        let how = signal != 0 ? "killed by signal \(signal)" : "exit status \(status)"
        let data: JSON = ["status": .int(Int(status)), "signal": .int(Int(signal)),
                          "lastEvents": .array(events.suffix(10).map { .raw($0.line) }),
                          "log": .array(log.suffix(10).map { .string("\($0.stream): \($0.line)") })]
        let pending = calls.sorted { $0.key < $1.key }
        calls.removeAll()
        for (_, call) in pending {
            _ = daemon.loop.cancel(call.timer)
            call.completion(.failure(.appExited("\(call.method) on \(id): the app exited (\(how)) before replying", data: data)))
        }
        let waiters = exitWaiters
        exitWaiters.removeAll()
        // The daemon drops its reference here: keep this object until the end.
        withExtendedLifetime(self) {
            daemon.appExited(self, status: status, signal: signal)
            for waiter in waiters { waiter(status, signal) }
        }
    }
}
