import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopHost
import LifeloopSamples

/// `lifeloop mcp`: an MCP server on stdin/stdout in front of `lifeloopd` (thin; the work
/// is in LifeloopHost's ``MCPServer``).
struct MCP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve MCP (Model Context Protocol) on stdin/stdout: tools to launch, describe, tap, settle and export simulated apps.",
        discussion: """
            Connects to the lifeloopd on --socket (or $LIFELOOP_SOCKET, or the default socket when a \
            daemon answers there); otherwise, or with --private, runs a daemon of its own on a socket in \
            a fresh private directory. When the client goes (stdin ends, SIGTERM, SIGINT), the apps this \
            server launched are stopped, and so is its own daemon. A client's configuration:

              {"mcpServers": {"lifeloop": {"command": "lifeloop", "args": ["mcp"]}}}
            """
    )

    @Option(help: "The daemon's socket (default: $LIFELOOP_SOCKET, else the default socket if a daemon answers there).")
    var socket: String?

    @Flag(name: .customLong("private"), help: "Always run a daemon of this server's own, on a private socket.")
    var privateDaemon = false

    @Option(help: "The wall time each tool call may take, in seconds.")
    var callSeconds = 10.0

    func validate() throws {
        guard callSeconds >= 1, callSeconds <= 600 else { throw ValidationError("--call-seconds must be from 1 to 600") }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        var path = privateDaemon ? nil : (socket ?? ProcessInfo.processInfo.environment["LIFELOOP_SOCKET"].flatMap { $0.isEmpty ? nil : $0 })
        if path == nil, !privateDaemon, SocketPath.isServed(SocketPath.defaultPath()) { path = SocketPath.defaultPath() }
        var own: OwnDaemon?
        if path == nil {
            own = try OwnDaemon.start()
            path = own!.socketPath
        } else {
            // A daemon someone else runs: on SIGTERM or SIGINT, stop this server's apps there.
            OwnedApps.shared.watchSignals(socketPath: path!)
        }
        let client: DaemonClient
        do {
            client = try DaemonClient(socketPath: path!, clientName: "lifeloop-mcp")
        } catch {
            writeStandardError("lifeloop mcp: \(error)\n")
            throw ExitCode(1)
        }
        var options = MCPServer.Options()
        options.callSeconds = callSeconds
        options.samples = SampleCatalog.apps.apps.map { MCPServer.Sample(name: $0.name, summary: $0.summary) }
        let server = MCPServer(daemon: client, options: options)
        server.onLaunched = { OwnedApps.shared.add($0) }
        server.serve()
        // The client is gone: end what this server started.
        for app in OwnedApps.shared.all() {
            _ = try? client.call("app.terminate", ["app": .string(app), "graceMs": 1000], timeout: 5)
        }
        if let own {
            _ = try? client.call("daemon.shutdown", [:], timeout: 6)
            own.waitForExit(seconds: 6)
        }
        throw ExitCode(0)
    }
}

/// The apps this server launched, for the signal thread that stops them.
final class OwnedApps: @unchecked Sendable {
    static let shared = OwnedApps()
    private let lock = NSLock()
    private var apps: [String] = []

    func add(_ app: String) { lock.withLock { apps.append(app) } }
    func all() -> [String] { lock.withLock { apps } }

    /// SIGTERM, SIGINT and SIGHUP are taken by a thread of their own: it stops this
    /// server's apps in the daemon and exits.
    func watchSignals(socketPath: String) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread { [set] in
            var waited = set
            var number: Int32 = 0
            sigwait(&waited, &number)
            if let client = try? DaemonClient(socketPath: socketPath, clientName: "lifeloop-mcp-exit") {
                for app in OwnedApps.shared.all() {
                    _ = try? client.call("app.terminate", ["app": .string(app), "graceMs": 1000], timeout: 5)
                }
            }
            exit(0)
        }
        thread.start()
    }
}

/// A `lifeloopd` inside this process, on a socket in a fresh 0700 directory: it cannot
/// outlive the server (its apps die with it, through `PR_SET_PDEATHSIG`), and SIGTERM or
/// SIGINT shut it down as they do lifeloopd, after which the process exits.
final class OwnDaemon: @unchecked Sendable {
    let socketPath: String
    let directory: String
    private let finished = DispatchSemaphore(value: 0)

    private init(directory: String) {
        self.directory = directory
        socketPath = directory + "/lifeloopd.sock"
    }

    static func start() throws -> OwnDaemon {
        var template = Array((NSTemporaryDirectory() + "lifeloop-mcp-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            writeStandardError("lifeloop mcp: cannot make a private directory: \(String(cString: strerror(errno)))\n")
            throw ExitCode(1)
        }
        let own = OwnDaemon(directory: String(cString: made))
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let ready = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        let thread = Thread { [own] in
            do {
                var configuration = DaemonConfiguration(socketPath: own.socketPath, appExecutable: me)
                configuration.sampleNames = SampleCatalog.apps.apps.map(\.name)
                let daemon = try Daemon(configuration: configuration)
                daemon.onReady = { path in
                    FileOutput.writeStandardError("lifeloop mcp: serving its own lifeloopd on \(path) (pid \(getpid()))\n")
                    ready.signal()
                }
                try daemon.run()
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
            try? FileManager.default.removeItem(atPath: own.directory)
            own.finished.signal()
            // SIGTERM or SIGINT ended the daemon: the server ends with it.
            exit(0)
        }
        thread.start()
        ready.wait()
        if let message = failure.withLock({ $0 }) {
            writeStandardError("lifeloop mcp: cannot start a daemon: \(message)\n")
            throw ExitCode(1)
        }
        return own
    }

    func waitForExit(seconds: Double) {
        _ = finished.wait(timeout: .now() + seconds)
    }
}
