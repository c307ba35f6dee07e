import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopHost

/// `lifeloopd`: hosts simulated apps and serves JSON-RPC 2.0 on a Unix socket (thin; the
/// work is in LifeloopHost).
struct LifeloopDaemon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifeloopd",
        abstract: "Host simulated apps, one process each, driven over a local Unix socket (JSON-RPC 2.0, one message per line)."
    )

    @Option(help: "The socket (default: $XDG_RUNTIME_DIR/lifeloop/lifeloopd.sock, else /tmp/lifeloop-$UID/lifeloopd.sock).")
    var socket: String?

    @Option(help: "The `lifeloop` program each app runs in (default: the one beside lifeloopd).")
    var appExecutable: String?

    @Option(help: "Most clients at once.")
    var maxClients = 64

    @Option(help: "Most apps at once.")
    var maxApps = 256

    @Option(help: "The longest message accepted, in bytes.")
    var maxMessageBytes = 1 << 20

    @Option(help: "The deadline of a request that gives none, in ms.")
    var deadlineMs = 10_000

    @Option(help: "Bytes a client may leave unread before its trace stream skips events (and says so).")
    var subscriberBufferBytes = 4 << 20

    @Option(help: "Trace events kept per app for trace.get and late subscribers.")
    var traceBufferEvents = 100_000

    @Flag(inversion: .prefixedNo, help: "Fork each app from a pre-initialised app process (a fork server) instead of starting the app executable anew.")
    var forkServer = true

    func validate() throws {
        guard traceBufferEvents > 0 else { throw ValidationError("--trace-buffer-events must be at least 1") }
        guard maxClients > 0, maxApps > 0 else { throw ValidationError("--max-clients and --max-apps must be at least 1") }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
        guard deadlineMs > 0 else { throw ValidationError("--deadline-ms must be above 0") }
    }

    func run() throws {
        let executable = appExecutable ?? Self.sibling("lifeloop")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("\(executable): not an executable; build it (swift build --product lifeloop) or give --app-executable")
        }
        var configuration = DaemonConfiguration(socketPath: socket.map(Self.absolute) ?? SocketPath.defaultPath(), appExecutable: executable)
        configuration.maxClients = maxClients
        configuration.maxApps = maxApps
        configuration.maxMessageBytes = maxMessageBytes
        configuration.defaultDeadline = .milliseconds(deadlineMs)
        configuration.subscriberBufferBytes = subscriberBufferBytes
        configuration.traceBufferEvents = traceBufferEvents
        configuration.forkServer = forkServer
        let daemon: Daemon
        do {
            daemon = try Daemon(configuration: configuration)
        } catch let error as SocketPathError {
            FileOutput.writeStandardError("lifeloopd: \(error)\n")
            throw ExitCode(1)
        }
        daemon.onReady = { path in
            FileOutput.writeStandardError("lifeloopd: listening on \(path) (pid \(getpid()))\n")
        }
        try daemon.run()
        FileOutput.writeStandardError("lifeloopd: stopped\n")
    }

    static func sibling(_ name: String) -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

LifeloopDaemon.main()
