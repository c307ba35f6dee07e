import Foundation
import LifeloopCore
import LifeloopPictures
import LifeloopScenario

#if canImport(Glibc)
import Glibc
#endif

/// What the MCP server sends requests to: a `lifeloopd` connection (``DaemonClient``), or
/// a stand-in in tests.
public protocol DaemonConnection: AnyObject {
    /// Sends a request and waits for its reply, at most `timeout` seconds.
    func call(_ method: String, _ params: JSON, timeout: Double?) throws -> JSON
    /// The daemon's `app.exited` notice for an app (crash message, last events, log),
    /// waiting at most `seconds` for it; nil if none came.
    func exitNotice(app: String, within seconds: Double) -> JSON?
}

extension DaemonConnection {
    public func exitNotice(app: String, within seconds: Double) -> JSON? { nil }
}

extension DaemonClient: DaemonConnection {
    public func exitNotice(app: String, within seconds: Double) -> JSON? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let (method, params) = try? nextNotification(timeout: left) else { return nil }
            if method == "app.exited", params["app"]?.string == app { return params }
        }
    }
}

/// An MCP server (Model Context Protocol, versions 2025-06-18 and 2025-03-26) in front of
/// `lifeloopd`: tools that launch, describe, tap, navigate, settle, snapshot, trace and
/// export simulated apps, and resources for the app list and each app's trace.
///
/// Messages are JSON-RPC 2.0, one per line (MCP's stdio transport); ``handle(line:)``
/// answers one, ``serve(input:output:)`` runs the transport. Every acting tool settles
/// the app by default (exactly: the daemon knows when it is idle) within a budget and
/// returns what it caused: the turn, virtual time, digest, trace range and the settled
/// diff of the view tree. Every tool call ends within ``Options/callSeconds`` of wall time.
///
/// - Warning: Not for sharing between threads; requests are handled one at a time.
public final class MCPServer {
    /// Limits and defaults.
    public struct Options: Sendable {
        /// The wall time a tool call may take (10 s).
        public var callSeconds = 10.0
        /// The default virtual-time budget of a settle, in ms.
        public var settleBudgetMs = 5_000.0
        /// The default size of a settled diff, in bytes.
        public var diffBytes = 2_048
        /// The longest request line accepted (bytes).
        public var maxMessageBytes = 4 << 20
        /// Where snapshots asked for as files go (a fresh temporary directory if nil).
        public var fileDirectory: String?
        /// The defaults.
        public init() {}
    }

    /// The protocol versions this server speaks, newest first.
    public static let protocolVersions = ["2025-06-18", "2025-03-26"]

    let daemon: DaemonConnection
    /// Limits and defaults (the file directory is made on first use).
    public var options: Options
    /// The version agreed at `initialize` (the newest until then).
    public private(set) var protocolVersion = MCPServer.protocolVersions[0]
    /// The latest tree read of each app: its refs are the ones tools accept.
    var trees: [String: ViewTree] = [:]
    /// Apps launched through this server, oldest first (the default app is the last).
    public private(set) var launchedApps: [String] = []
    /// Called with each app this server launches or terminates (the process ends them
    /// when its client goes).
    public var onLaunched: ((String) -> Void)?
    var deadline = Date.distantFuture

    /// A server whose tools send their requests to `daemon`.
    public init(daemon: DaemonConnection, options: Options = Options()) {
        self.daemon = daemon
        self.options = options
    }

    // MARK: Transport

    /// Reads requests from `input` (one JSON message per line) and writes replies to
    /// `output` until `input` ends or `output` cannot be written.
    public func serve(input: Int32 = 0, output: Int32 = 1) {
        var buffer: [UInt8] = []
        var discarding = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            while let newline = buffer.firstIndex(of: 10) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                if discarding {
                    discarding = false
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                if let reply = handle(line: text), !write(reply, to: output) { return }
            }
            if buffer.count > options.maxMessageBytes {
                buffer.removeAll()
                if !discarding {
                    discarding = true
                    let error = RPCMessage.response(id: .null, result: .failure(.invalidRequest("a message is longer than \(options.maxMessageBytes) bytes; it is dropped")))
                    if !write(error.line, to: output) { return }
                }
            }
        }
    }

    private func write(_ line: String, to descriptor: Int32) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(10)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    // MARK: Messages

    /// Answers one message: the reply line, or nil for a notification or a reply.
    public func handle(line: String) -> String? {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        switch RPCMessage.decode(line) {
        case .failure(let failure):
            return RPCMessage.response(id: failure.id, result: .failure(failure.error)).line
        case .success(.notification), .success(.response):
            return nil
        case .success(.request(let id, let method, let params)):
            let result: Result<JSON, RPCError>
            do {
                result = .success(try handle(method: method, params: params))
            } catch let error as RPCError {
                result = .failure(error)
            } catch {
                result = .failure(.internalError("\(method): \(error)"))
            }
            return RPCMessage.response(id: id, result: result).line
        }
    }

    func handle(method: String, params: JSON) throws -> JSON {
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.string ?? ""
            protocolVersion = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
            return ["protocolVersion": .string(protocolVersion),
                    "capabilities": ["tools": ["listChanged": false], "resources": ["listChanged": false, "subscribe": false]],
                    "serverInfo": ["name": "lifeloop", "title": "Lifeloop", "version": .string(LifeloopVersion.string)],
                    "instructions": .string(Self.instructions)]
        case "ping":
            return [:]
        case "tools/list":
            return ["tools": .array(MCPTools.all.map { $0.listing(structured: structured) })]
        case "tools/call":
            guard let name = params["name"]?.string else { throw RPCError.invalidParams("tools/call: 'name' (a string) is required") }
            guard let tool = MCPTools.all.first(where: { $0.name == name }) else {
                throw RPCError.invalidParams("unknown tool '\(name.prefix(100))'; the tools are \(MCPTools.all.map(\.name).joined(separator: ", "))")
            }
            let arguments = params["arguments"] ?? [:]
            guard arguments.object != nil else {
                throw RPCError.invalidParams("\(name): 'arguments' must be an object, not a \(arguments.kindName)")
            }
            return call(tool, arguments)
        case "resources/list":
            var resources: [JSON] = [["uri": "lifeloop://apps", "name": "apps", "title": "Running apps", "mimeType": "application/json",
                                      "description": "The daemon's apps: id, pid, scenario, state, turn, digest"]]
            for app in (try? daemon.call("app.list", [:], timeout: 5))?["apps"]?.array ?? [] {
                guard let id = app["app"]?.string else { continue }
                resources.append(["uri": .string("lifeloop://apps/\(id)/trace"), "name": .string("\(id) trace"), "mimeType": "application/x-ndjson",
                                  "description": .string("The last 500 trace events of \(id) (\(app["scenario"]?.string ?? "")), one JSON object a line")])
            }
            return ["resources": .array(resources)]
        case "resources/templates/list":
            return ["resourceTemplates": [["uriTemplate": "lifeloop://apps/{app}/trace", "name": "trace", "mimeType": "application/x-ndjson",
                                           "description": "An app's last 500 trace events, one JSON object a line"]]]
        case "resources/read":
            guard let uri = params["uri"]?.string else { throw RPCError.invalidParams("resources/read: 'uri' (a string) is required") }
            return try readResource(uri)
        default:
            throw RPCError.methodNotFound(method)
        }
    }

    /// Whether results carry `structuredContent` and tools `outputSchema` (2025-06-18).
    var structured: Bool { protocolVersion >= "2025-06-18" }

    static let instructions = """
        Lifeloop runs simulated UIKit-style apps headless and deterministically. Launch one (launch), \
        read its view tree (describe: one line per view, each with a ref @eN), act (tap by ref, \
        accessibility id, label or point; type_text into a text field; scroll, drag, swipe, touch, \
        pinch; navigate; rotate; advance_clock). Every action settles the \
        app exactly (the runtime knows when nothing is pending) and returns the settled diff of the \
        view tree: never sleep or poll. Refs are valid for the digest they came with; after an \
        action use the refs in its diff or describe again. export_scenario turns the session into a \
        scenario file that `lifeloop run` replays to the same digests.
        """

    private func readResource(_ uri: String) throws -> JSON {
        deadline = Date().addingTimeInterval(options.callSeconds)
        if uri == "lifeloop://apps" {
            let list = try request("app.list", [:])
            return ["contents": [["uri": .string(uri), "mimeType": "application/json", "text": .string(list.text)]]]
        }
        let prefix = "lifeloop://apps/", suffix = "/trace"
        guard uri.hasPrefix(prefix), uri.hasSuffix(suffix), uri.count > prefix.count + suffix.count else {
            throw RPCError(code: -32002, message: "unknown resource '\(uri.prefix(200))'; the resources are lifeloop://apps and lifeloop://apps/{app}/trace")
        }
        let app = String(uri.dropFirst(prefix.count).dropLast(suffix.count))
        let next = try request("trace.get", ["app": .string(app), "limit": 1])["nextSeq"]?.int ?? 0
        let events = try request("trace.get", ["app": .string(app), "fromSeq": .int(max(0, next - 500)), "limit": 500])
        let text = (events["events"]?.array ?? []).map(\.text).joined(separator: "\n")
        return ["contents": [["uri": .string(uri), "mimeType": "application/x-ndjson", "text": .string(text)]]]
    }

    // MARK: Tool calls

    /// Runs a tool: its result, or a result with `isError` saying why it failed.
    func call(_ tool: MCPTool, _ arguments: JSON) -> JSON {
        deadline = Date().addingTimeInterval(options.callSeconds)
        do {
            let output = try tool.run(self, Params(arguments, method: tool.name))
            return result(text: output.text, structured: output.structured, extra: output.extra)
        } catch let failure as ToolFailure {
            return errorResult(failure.message, data: failure.data)
        } catch let error as RPCError {
            return errorResult("\(tool.name): \(error.message) (error \(error.code))", data: error.data)
        } catch {
            return errorResult("\(tool.name): \(error)", data: nil)
        }
    }

    func result(text: String, structured value: JSON, extra: [JSON] = []) -> JSON {
        var members: [String: JSON] = ["content": .array([["type": "text", "text": .string(text)]] + extra), "isError": false]
        if structured { members["structuredContent"] = value }
        return .object(members)
    }

    func errorResult(_ message: String, data: JSON?) -> JSON {
        var text = message
        if let data, !data.isNull { text += "\n" + String(data.text.prefix(4_000)) }
        return ["content": [["type": "text", "text": .string(text)]], "isError": true]
    }

    /// Whether the current tool call has sent its action to the app (see
    /// ``withCurrentTree(_:_:)``).
    var actionSent = false

    /// Seconds left of the current call.
    var secondsLeft: Double { max(0.05, deadline.timeIntervalSinceNow) }

    /// A daemon request within the call's deadline (the daemon's own deadline first).
    func request(_ method: String, _ params: JSON, deadlineMs: Double? = nil) throws -> JSON {
        try withDeadline(method, params, deadlineMs: deadlineMs) { members, timeout in
            try daemon.call(method, members, timeout: timeout)
        }
    }

    /// ``request(_:_:deadlineMs:)`` whose result is read on the JSON reader's tape, not
    /// built as values: for the large replies (trees as rows, batches).
    func requestReading(_ method: String, _ params: JSON, deadlineMs: Double? = nil) throws -> JSONValue {
        guard let client = daemon as? DaemonClient else { throw ToolFailure("\(method): needs a lifeloopd connection") }
        return try withDeadline(method, params, deadlineMs: deadlineMs) { members, timeout in
            try client.callReading(method, members, timeout: timeout)
        }
    }

    /// Sends with `deadlineMs` set (a margin left for the reads that explain a failure, so
    /// the call ends in its time), and turns the daemon's errors into tool failures.
    private func withDeadline<Value>(_ method: String, _ params: JSON, deadlineMs: Double?,
                                     _ send: (JSON, Double) throws -> Value) throws -> Value {
        var members = params.object ?? [:]
        let ms = deadlineMs ?? max(50, secondsLeft * 1000 - 300)
        members["deadlineMs"] = .int(max(1, Int(ms)))
        do {
            return try send(.object(members), ms / 1000 + 1)
        } catch let error as RPCError {
            throw explain(error, method: method, app: params["app"]?.string)
        } catch let error as ClientError {
            throw ToolFailure("\(method): the daemon connection failed: \(error.message)")
        }
    }

    /// A daemon error as a tool failure: an exited app's crash message and last events,
    /// a hung app's last events.
    private func explain(_ error: RPCError, method: String, app: String?) -> Error {
        switch error.code {
        case -32003:
            trees[app ?? ""] = nil
            var data = error.data?.object ?? [:]
            if let app {
                data["app"] = .string(app)
                // The exit notice comes once the app's pipes end: it has the crash message.
                if let notice = daemon.exitNotice(app: app, within: min(2, secondsLeft)) {
                    for key in ["crashMessage", "lastEvents", "log", "signal", "status"] where notice[key] != nil && notice[key]?.isNull == false {
                        data[key] = notice[key]
                    }
                }
                launchedApps.removeAll { $0 == app }
            }
            let crash = data["crashMessage"]?.string.map { ": " + $0 } ?? ""
            return ToolFailure("\(error.message)\(crash)", data: .object(data))
        case -32001:
            var data: [String: JSON] = [:]
            if let app, let events = try? daemon.call("trace.get", ["app": .string(app), "fromSeq": 0, "limit": 0], timeout: 2),
               let next = events["nextSeq"]?.int,
               let last = try? daemon.call("trace.get", ["app": .string(app), "fromSeq": .int(max(0, next - 20))], timeout: 2) {
                data["lastEvents"] = last["events"] ?? []
            }
            return ToolFailure("\(error.message): the app did not answer in time (a callback that never returns?); terminate it with the terminate tool",
                               data: .object(data))
        default:
            return error
        }
    }

    /// The app a tool names, or the one launched last.
    func appID(_ params: Params) throws -> String {
        if let app = try params.string("app") { return app }
        guard let last = launchedApps.last else {
            throw ToolFailure("\(params.method): no app: give 'app' (the apps tool lists them) or launch one first")
        }
        return last
    }

    func noteLaunched(_ app: String) {
        launchedApps.append(app)
        onLaunched?(app)
    }

    func noteTerminated(_ app: String) {
        launchedApps.removeAll { $0 == app }
        trees[app] = nil
    }

    /// Reads the app's tree now (and keeps it: its refs become the current ones).
    @discardableResult
    func readTree(_ app: String) throws -> ViewTree {
        let tree = try peekTree(app)
        trees[app] = tree
        return tree
    }

    /// Reads the app's tree now without handing its refs out: the refs an agent holds
    /// stay those of the last describe or diff, so a stale ref stays refused however
    /// often it is tried.
    func peekTree(_ app: String) throws -> ViewTree {
        if daemon is DaemonClient {
            var request: [String: JSON] = ["app": .string(app), "rows": true]
            // The same digest, the same tree: the app says so instead of sending it again.
            let held = trees[app]
            if let held { request["ifDigest"] = .string(held.digest) }
            let reply = try requestReading("app.describe", .object(request))
            if var held, reply["unchanged"]?.bool == true, reply["digest"]?.isString(held.digest) == true {
                held.turn = reply["turn"]?.int ?? held.turn
                held.nowMs = Double(reply["now"]?.int ?? 0) / 1e6
                return held
            }
            return DescribeRows.tree(reply)
        }
        return ViewTree(describe: try request("app.describe", ["app": .string(app), "detail": true]))
    }
}

/// A tool's failure, told to the client as an error result (`isError`).
struct ToolFailure: Error {
    var message: String
    var data: JSON?
    init(_ message: String, data: JSON? = nil) {
        self.message = message
        self.data = data
    }
}
