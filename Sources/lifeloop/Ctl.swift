import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopHost
import LifeloopSamples
import LifeloopScenario

/// `lifeloop ctl METHOD [key=value ...|JSON]`: one request to `lifeloopd`, its result
/// printed as one line of JSON; `lifeloop ctl watch APP` streams an app's trace.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send one request to lifeloopd and print its result (JSON), or watch an app's trace.",
        discussion: """
            Parameters are key=value pairs (a value that reads as JSON is taken as JSON: numbers, \
            true, [..], {..}; anything else is a string) or one JSON object. Paths in scenario=, \
            storyboard=, path=, record=, networkDirectory= and bundle= are made absolute against this directory.

              lifeloop ctl app.launch sample=MultiWindow seed=3
              lifeloop ctl app.tap app=app-1 view=A.button
              lifeloop ctl app.settle app=app-1 budgetMs=5000
              lifeloop ctl watch app-1
              lifeloop ctl export-scenario app-1 session.yaml
            """
    )

    @Option(help: "The daemon's socket (default: as lifeloopd's).")
    var socket: String?

    @Option(help: "watch: print events as lines (label event) or jsonl.")
    var format: Demo.Format = .jsonl

    @Option(parsing: .unconditional, help: "watch: start from this sequence number (default: what comes next).")
    var from: Int?

    @Argument(help: "The method (app.launch, app.tap, ..., daemon.status), or `watch`.")
    var method: String

    @Argument(help: "key=value pairs, or one JSON object; for watch, the app.")
    var parameters: [String] = []

    func run() throws {
        let path = socket ?? SocketPath.defaultPath()
        let client: DaemonClient
        do {
            client = try DaemonClient(socketPath: path)
        } catch {
            throw CtlError(message: "\(error)")
        }
        if method == "export-scenario" {
            guard (1...2).contains(parameters.count) else {
                throw ValidationError("export-scenario takes an app id and an optional file: lifeloop ctl export-scenario app-1 session.yaml")
            }
            return try exportScenario(client, app: parameters[0], to: parameters.count == 2 ? Self.absolute(parameters[1]) : nil)
        }
        if method == "watch" {
            guard parameters.count == 1 else { throw ValidationError("watch takes one app id: lifeloop ctl watch app-1") }
            return try watch(client, app: parameters[0])
        }
        let params = try Self.parse(parameters)
        do {
            let result = try client.call(method, params, timeout: nil)
            print(result.text)
        } catch let error as RPCError {
            var message = "lifeloop ctl: \(error.message) (error \(error.code))"
            if let data = error.data { message += "\n" + data.text }
            writeStandardError(message + "\n")
            throw ExitCode(1)
        } catch {
            throw CtlError(message: "\(method): \(error)")
        }
    }

    /// Writes what the session did to the app as a scenario file (or prints it).
    private func exportScenario(_ client: DaemonClient, app: String, to path: String?) throws {
        let export: ScenarioExport
        do {
            let session = try client.call("app.session", ["app": .string(app)], timeout: nil)
            export = try ScenarioExport(session: session)
        } catch {
            writeStandardError("lifeloop ctl export-scenario \(app): \(error)\n")
            throw ExitCode(1)
        }
        for note in export.notes { writeStandardError("lifeloop ctl export-scenario: note: \(note)\n") }
        guard let path else { return print(export.text, terminator: "") }
        do {
            try AtomicFile.write(Array(export.text.utf8), to: path)
        } catch {
            throw inputError("\(path): cannot write the scenario: \(error)")
        }
        writeStandardError("wrote \(path): lifeloop run \(path) --seed \(export.seed) replays it to turn \(export.turn), digest \(export.digest)\n")
    }

    private func watch(_ client: DaemonClient, app: String) throws {
        var params: [String: JSON] = ["app": .string(app)]
        if let from { params["fromSeq"] = .int(from) }
        do {
            try client.call("trace.subscribe", .object(params))
        } catch {
            throw CtlError(message: "watch \(app): \(error)")
        }
        while let (method, params) = try client.nextNotification(timeout: 86_400) {
            switch method {
            case "trace.events" where params["app"]?.string == app:
                for event in params["events"]?.array ?? [] {
                    let rendered = TraceEvent(sequence: UInt64(clamping: event["seq"]?.int ?? 0), time: UInt64(clamping: event["time"]?.int ?? 0),
                                              turn: UInt64(clamping: event["turn"]?.int ?? 0), window: event["window"]?.string ?? "",
                                              label: event["label"]?.string ?? "", name: event["event"]?.string ?? "",
                                              detail: event["detail"]?.string ?? "")
                    // The same bytes as `lifeloop run --format jsonl|lines`.
                    let line = format == .jsonl ? rendered.jsonLine : rendered.line
                    writeStandardOutput(line + "\n")
                }
                // Events are watched live: each batch goes out now, and a stdout that
                // cannot take them ends the watch (exit status 2).
                checkStandardOutput()
            case "trace.dataLoss" where params["app"]?.string == app:
                writeStandardError("lifeloop ctl watch: lost events \(params["fromSeq"]?.int ?? 0)..<\(params["toSeq"]?.int ?? 0) (\(params["reason"]?.string ?? ""))\n")
            case "app.exited" where params["app"]?.string == app:
                writeStandardError("lifeloop ctl watch: \(app) exited (status \(params["status"]?.int ?? 0), signal \(params["signal"]?.int ?? 0))\n")
                return
            default:
                continue
            }
        }
    }

    /// key=value pairs or one JSON object, as request parameters.
    static func parse(_ arguments: [String]) throws -> JSON {
        if arguments.count == 1, arguments[0].hasPrefix("{") {
            guard let json = try? JSON.parse(arguments[0]), var members = json.object else {
                throw ValidationError("'\(arguments[0])' is not a JSON object")
            }
            for key in pathKeys { if let path = members[key]?.string { members[key] = .string(absolute(path)) } }
            return .object(members)
        }
        var members: [String: JSON] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw ValidationError("'\(argument)' is not key=value (or give one JSON object)")
            }
            let key = String(argument[..<equals])
            let text = String(argument[argument.index(after: equals)...])
            var value = (try? JSON.parse(text)) ?? .string(text)
            if pathKeys.contains(key), let path = value.string { value = .string(absolute(path)) }
            members[key] = value
        }
        return .object(members)
    }

    static let pathKeys = ["scenario", "storyboard", "path", "record", "networkDirectory", "bundle"]

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

struct CtlError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `lifeloop host-zygote`: the daemon's fork server (not for people). It warms up by
/// running the samples the way the daemon does, then forks one `host-app` per launch, each
/// driven on its own descriptor 3.
struct HostZygote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host-zygote",
        abstract: "Fork apps for lifeloopd, one per launch (started by the daemon).",
        shouldDisplay: false
    )

    /// The samples run once before the first fork.
    static let warmUpSamples = ["MultiWindow", "SeedSegue", "UIKitForm"]

    func run() throws {
        try HostApp.joinDaemon("host-zygote")
        AppHost.warmUp(catalog: SampleCatalog.apps, samples: Self.warmUpSamples)
        let status = ForkServer.serve(descriptor: 3) {
            AppHost(controlDescriptor: 3, catalog: SampleCatalog.apps).serve()
        }
        throw ExitCode(status)
    }
}

/// `lifeloop host-app`: one app of the daemon, driven on descriptor 3 (not for people).
struct HostApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host-app",
        abstract: "Run one app for lifeloopd, driven on descriptor 3 (started by the daemon).",
        shouldDisplay: false
    )

    func run() throws {
        try Self.joinDaemon("host-app")
        let status = AppHost(controlDescriptor: 3, catalog: SampleCatalog.apps).serve()
        throw ExitCode(status)
    }

    /// Dies with the daemon, even if it is killed with SIGKILL, and leaves now if it is
    /// already gone (the signal was asked for too late); checks that the daemon's control
    /// channel is on descriptor 3.
    static func joinDaemon(_ command: String) throws {
        setParentDeathSignal(SIGKILL)
        if let expected = ProcessInfo.processInfo.environment["LIFELOOP_DAEMON_PID"].flatMap(Int32.init), getppid() != expected {
            throw ExitCode(0)
        }
        var info = stat()
        guard fstat(3, &info) == 0 else {
            throw ValidationError("\(command) is started by lifeloopd with its control channel on descriptor 3")
        }
    }
}
