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
        /// The most bytes of replies the client may leave unread before the server stops.
        public var maxUnreadBytes = 64 << 20
        /// Where snapshots asked for as files go (a fresh temporary directory if nil).
        public var fileDirectory: String?
        /// The samples `launch` takes, each with what it shows (listed by the
        /// `lifeloop://samples` resource; a `sample` not among them is refused before any
        /// process starts). Empty: the daemon decides.
        public var samples: [Sample] = []
        /// The defaults.
        public init() {}
    }

    /// A sample app `launch` can run.
    public struct Sample: Sendable {
        /// Its name, as `launch`'s `sample` takes it.
        public var name: String
        /// One line on what it shows.
        public var summary: String
        /// The sample `name`, which shows `summary`.
        public init(name: String, summary: String) {
            self.name = name
            self.summary = summary
        }
    }

    /// The protocol versions this server speaks, newest first.
    public static let protocolVersions = ["2025-06-18", "2025-03-26"]

    let daemon: DaemonConnection
    /// Limits and defaults (the file directory is made on first use).
    public var options: Options
    /// The version agreed at `initialize` (the newest until then).
    public private(set) var protocolVersion = MCPServer.protocolVersions[0]
    /// Whether `initialize` came: until it does, only `ping` is answered.
    public private(set) var initialized = false
    /// The files this server wrote (snapshots), by their `file://` URI, served by
    /// `resources/read`.
    var files: [String: (path: String, mime: String)] = [:]
    /// Each crashed app's full report (message, backtrace, last events, log).
    var crashes: [String: String] = [:]

    /// The samples, one a line with what each shows.
    var samplesText: String {
        guard !options.samples.isEmpty else { return "(this server was not told the samples; an unknown sample's error from launch names them)" }
        return options.samples.map { "\($0.name)\t\($0.summary)" }.joined(separator: "\n")
    }
    /// The latest tree read of each app: what a tool's target is looked up in first.
    var trees: [String: ViewTree] = [:]
    /// The tree each app had before the latest: a ref from it whose element went is told
    /// as stale with what it named.
    var previousTrees: [String: ViewTree] = [:]

    /// Keeps `tree` as the app's latest tree.
    func hold(_ tree: ViewTree, for app: String) {
        if let held = trees[app], held.digest != tree.digest { previousTrees[app] = held }
        trees[app] = tree
    }
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
    ///
    /// A short reply is written at once when nothing waits before it and the output has
    /// room; any other is written by a thread of its own, so the server goes on reading
    /// while a client that sends several requests before reading has not read yet. At most
    /// ``Options/maxUnreadBytes`` of replies wait unread; past that the server says so on
    /// stderr and stops, as the client is not reading. A line longer than
    /// ``Options/maxMessageBytes`` is refused as soon as it passes the limit, and the rest
    /// of it is skipped as it arrives, never buffered.
    public func serve(input: Int32 = 0, output: Int32 = 1) {
        let writer = ReplyWriter(descriptor: output, limit: options.maxUnreadBytes)
        defer { writer.finish() }
        var buffer: [UInt8] = []
        var scanned = 0
        var discarding = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        func send(_ line: String) -> Bool {
            if writer.enqueue(line) { return true }
            if writer.overflowed {
                FileOutput.writeStandardError("lifeloop mcp: the client left more than \(options.maxUnreadBytes) bytes of replies unread; stopping\n")
            }
            return false
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            var fresh = chunk[0..<count]
            if discarding {
                // The rest of an over-long line: skipped up to its end.
                guard let newline = fresh.firstIndex(of: 10) else { continue }
                discarding = false
                fresh = fresh[(newline + 1)...]
            }
            buffer.append(contentsOf: fresh)
            var lineStart = 0
            while let newline = buffer[scanned...].firstIndex(of: 10) {
                let line = buffer[lineStart..<newline]
                lineStart = newline + 1
                scanned = lineStart
                if let reply = handle(bytes: line), !send(reply) { return }
            }
            if lineStart > 0 { buffer.removeSubrange(..<lineStart) }
            scanned = buffer.count
            if buffer.count > options.maxMessageBytes {
                buffer.removeAll()
                scanned = 0
                discarding = true
                let error = RPCMessage.response(id: .null, result: .failure(.invalidRequest("a message is longer than \(options.maxMessageBytes) bytes; it is dropped")))
                if !send(error.line) { return }
            }
        }
    }

    /// Answers one message given as bytes: invalid UTF-8 is a parse error naming the
    /// first byte that is not UTF-8 and where it is.
    func handle(bytes: ArraySlice<UInt8>) -> String? {
        if let (offset, problem) = Self.invalidUTF8(bytes) {
            return RPCMessage.response(id: .null, result: .failure(.parseError("the message is not UTF-8: \(problem), at byte \(offset + 1) of the line"))).line
        }
        return handle(line: String(decoding: bytes, as: UTF8.self))
    }

    /// The offset (from 0) of the first byte that breaks UTF-8, and what is wrong there.
    static func invalidUTF8(_ bytes: ArraySlice<UInt8>) -> (Int, String)? {
        func hex(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16, uppercase: true)
            return "0x" + (digits.count < 2 ? "0" : "") + digits
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int, low: UInt8, high: UInt8
            switch lead {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return (index - bytes.startIndex, "byte \(hex(lead)) cannot start a character")
            }
            for offset in 1..<length {
                guard index + offset < bytes.endIndex else {
                    return (index - bytes.startIndex, "the character starting with byte \(hex(lead)) is cut off")
                }
                let byte = bytes[index + offset]
                let range: ClosedRange<UInt8> = offset == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else {
                    return (index + offset - bytes.startIndex, "byte \(hex(byte)) cannot follow \(hex(lead))")
                }
            }
            index += length
        }
        return nil
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
        // The MCP lifecycle: nothing but ping before the session is initialized.
        guard initialized || method == "initialize" || method == "ping" else {
            throw RPCError.invalidRequest("'\(method.prefix(60))' before 'initialize': an MCP session begins with an initialize request")
        }
        switch method {
        case "initialize":
            initialized = true
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
                                      "description": "The daemon's apps: id, pid, scenario, state, turn, digest"],
                                     ["uri": "lifeloop://samples", "name": "samples", "title": "Sample apps", "mimeType": "text/plain",
                                      "description": "The samples launch takes (its sample argument), one a line with what it shows"]]
            for (uri, file) in files.sorted(by: { $0.key < $1.key }) {
                resources.append(["uri": .string(uri), "name": .string((file.path as NSString).lastPathComponent), "mimeType": .string(file.mime),
                                  "description": "A file this server wrote (a snapshot)"])
            }
            for (app, crash) in crashes.sorted(by: { $0.key < $1.key }) {
                _ = crash
                resources.append(["uri": .string("lifeloop://apps/\(app)/crash"), "name": .string("\(app) crash"), "mimeType": "text/plain",
                                  "description": .string("The full crash report of \(app): message, backtrace, registers, last events, log")])
            }
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
        if uri == "lifeloop://samples" {
            return ["contents": [["uri": .string(uri), "mimeType": "text/plain", "text": .string(samplesText)]]]
        }
        if let file = files[uri] {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw RPCError(code: -32002, message: "resource '\(uri.prefix(200))': the file \(file.path) cannot be read any more")
            }
            if file.mime.hasPrefix("image/svg") || file.mime.hasPrefix("text/") {
                return ["contents": [["uri": .string(uri), "mimeType": .string(file.mime), "text": .string(String(decoding: data, as: UTF8.self))]]]
            }
            return ["contents": [["uri": .string(uri), "mimeType": .string(file.mime), "blob": .string(data.base64EncodedString())]]]
        }
        if uri.hasPrefix("lifeloop://apps/"), uri.hasSuffix("/crash") {
            let app = String(uri.dropFirst("lifeloop://apps/".count).dropLast("/crash".count))
            guard let crash = crashes[app] else {
                throw RPCError(code: -32002, message: "resource '\(uri.prefix(200))': no crash of '\(app.prefix(60))' is known to this server")
            }
            return ["contents": [["uri": .string(uri), "mimeType": "text/plain", "text": .string(crash)]]]
        }
        let prefix = "lifeloop://apps/", suffix = "/trace"
        guard uri.hasPrefix(prefix), uri.hasSuffix(suffix), uri.count > prefix.count + suffix.count else {
            throw RPCError(code: -32002, message: "unknown resource '\(uri.prefix(200))'; the resources are lifeloop://apps, lifeloop://samples, lifeloop://apps/{app}/trace, an app's crash report and the files resources/list names")
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
            return errorResult(Self.inToolTerms(failure.message, tool: tool.name), data: failure.data)
        } catch let error as RPCError {
            return errorResult(Self.inToolTerms("\(tool.name): \(error.message) (error \(error.code))", tool: tool.name), data: error.data)
        } catch {
            return errorResult("\(tool.name): \(error)", data: nil)
        }
    }

    /// The MCP tool that does what a daemon verb does.
    static let toolOfVerb: [String: String] = [
        "app.launch": "launch", "app.list": "apps", "app.describe": "describe", "app.tap": "tap", "app.push": "navigate",
        "app.pop": "navigate", "app.popToRoot": "navigate", "app.present": "navigate", "app.dismiss": "navigate",
        "app.selectTab": "navigate", "app.rotate": "rotate", "app.memoryWarning": "memory_warning", "app.state": "app_state", "clock.advance": "advance_clock",
        "app.settle": "settle", "app.snapshot": "snapshot", "trace.get": "trace", "app.metrics": "metrics",
        "record.start": "record_start", "record.stop": "record_stop", "app.terminate": "terminate", "app.session": "export_scenario",
        "app.type": "type_text", "app.scroll": "scroll", "app.drag": "drag", "app.touch": "touch", "app.pinch": "pinch",
    ].merging(VerbCatalogue.verbs.compactMap { verb in verb.mcpTool.map { (verb.daemonMethod, $0) } }) { $1 }

    /// A daemon's error as an MCP client reads it: the tool's name, not the daemon verb it
    /// sent, and the tools to use, not daemon verbs.
    static func inToolTerms(_ message: String, tool: String) -> String {
        var text = message
        // "tap: app.tap: no view ..." says the verb twice.
        if text.hasPrefix(tool + ": ") {
            let rest = text.dropFirst(tool.count + 2)
            if let verb = (Array(toolOfVerb.keys) + ["app.batch"]).first(where: { rest.hasPrefix($0 + ": ") }) {
                text = tool + ": " + rest.dropFirst(verb.count + 2)
            }
        }
        // "app.batch on app-1: the app exited": the tool's batch.
        text = text.replacingOccurrences(of: "app.batch on ", with: tool + " on ")
        text = text.replacingOccurrences(of: "app.list lists the running apps", with: "the apps tool lists the running apps")
        text = text.replacingOccurrences(of: "(app.terminate stops it)", with: "(the terminate tool stops it)")
        // Any other verb named: the tool's name.
        for (verb, name) in toolOfVerb where text.contains(verb) {
            text = text.replacingOccurrences(of: verb + " ", with: name + " ").replacingOccurrences(of: verb + ":", with: name + ":")
                .replacingOccurrences(of: verb + ")", with: name + ")").replacingOccurrences(of: verb + ",", with: name + ",")
        }
        return text
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
                    for key in ["crashMessage", "crashFrame", "lastEvents", "signal", "status"] where notice[key] != nil && notice[key]?.isNull == false {
                        data[key] = notice[key]
                    }
                    // The whole report (backtrace, registers, log) is a resource, not the error.
                    var report = notice["crashReport"]?.string ?? ""
                    let log = (notice["log"]?.array ?? []).compactMap(\.string)
                    if !log.isEmpty { report += (report.isEmpty ? "" : "\n\n") + "The log's last lines:\n" + log.joined(separator: "\n") }
                    if !report.isEmpty {
                        crashes[app] = report
                        data["crashReport"] = .string("lifeloop://apps/\(app)/crash")
                    }
                }
                launchedApps.removeAll { $0 == app }
            }
            var text = error.message
            if let crash = data["crashMessage"]?.string { text += ": " + crash }
            if let frame = data["crashFrame"]?.string { text += "\ncrashed in: " + frame }
            let events = (data["lastEvents"]?.array ?? []).suffix(8).map { event in
                "  \(event["seq"]?.int ?? 0) t\(event["turn"]?.int ?? 0) \(event["label"]?.string ?? "") \(event["event"]?.string ?? "") \(event["detail"]?.string ?? "")"
                    .trimmingCharacters(in: .whitespaces)
            }
            if !events.isEmpty { text += "\nlast events:\n  " + events.joined(separator: "\n  ") }
            if let uri = data["crashReport"]?.string { text += "\nthe full crash report: resources/read \(uri)" }
            // The text says it all; the data is not appended again.
            return ToolFailure(text, data: nil)
        case -32001:
            var data: [String: JSON] = [:]
            if let app, let events = try? daemon.call("trace.get", ["app": .string(app), "fromSeq": 0, "limit": 1], timeout: 2),
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
        previousTrees[app] = nil
    }

    /// Reads the app's tree now (and keeps it: its refs become the current ones).
    @discardableResult
    func readTree(_ app: String) throws -> ViewTree {
        let tree = try peekTree(app)
        hold(tree, for: app)
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
        return ViewTree(describe: try request("app.describe", ["app": .string(app), "rows": true]))
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

/// Writes reply lines on a thread of its own, so the reader never waits for the client to
/// read; at most `limit` bytes wait.
final class ReplyWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let limit: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var head = 0
    private var queuedBytes = 0
    private var ended = false
    private var failed = false
    private var _overflowed = false
    /// The thread is writing a line it took from the queue.
    private var writing = false
    private let done = DispatchSemaphore(value: 0)
    /// The longest line written straight from `enqueue`: a pipe with room for one more
    /// buffer takes this much without blocking.
    static let directBytes = 4096

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Whether a line was refused because `limit` bytes already waited.
    var overflowed: Bool { condition.withLock { _overflowed } }

    /// Queues a line: false when the output failed or more than `limit` bytes would wait.
    func enqueue(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(10)
        return condition.withLock {
            guard !failed else { return false }
            // Nothing waits to be written and the output has room now: a short line is
            // written here, without waking the writer thread (for a short reply, the hop
            // between threads was a good part of its way out).
            if head == queue.count, !writing, bytes.count <= Self.directBytes, Self.hasRoom(descriptor) {
                if !Self.write(bytes, to: descriptor) { failed = true }
                return !failed
            }
            guard queuedBytes + bytes.count <= limit || queuedBytes == 0 else {
                _overflowed = true
                return false
            }
            queuedBytes += bytes.count
            queue.append(bytes)
            condition.signal()
            return true
        }
    }

    /// Writes what is queued (unless the client stopped reading), waiting at most
    /// `seconds` for the client to read it, then ends the thread.
    func finish(within seconds: Double = 10) {
        let overflowed = condition.withLock {
            ended = true
            condition.signal()
            return _overflowed
        }
        _ = done.wait(timeout: .now() + (overflowed ? 0 : seconds))
    }

    private func run() {
        defer { done.signal() }
        while true {
            let next: [UInt8]? = condition.withLock {
                while head == queue.count, !ended, !_overflowed { condition.wait() }
                guard head < queue.count, !_overflowed else { return nil }
                let line = queue[head]
                head += 1
                writing = true
                if head > 1024 {
                    queue.removeFirst(head)
                    head = 0
                }
                return line
            }
            guard let next else { return }
            let ok = Self.write(next, to: descriptor)
            condition.withLock {
                writing = false
                queuedBytes -= next.count
                if !ok { failed = true }
            }
            if !ok { return }
        }
    }

    /// Whether a write of up to ``directBytes`` to `descriptor` would not block now.
    private static func hasRoom(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
            && entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
    }

    /// Writes all of `bytes`; false when the output failed.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
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
}
