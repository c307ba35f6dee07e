/// JSON-RPC 2.0, one message per line: the protocol between clients and `lifeloopd`, and
/// between the daemon and each app process.

/// The protocol's version, sent in `hello`. A client whose major version differs is
/// refused with ``RPCError/versionMismatch(_:)``; minor versions add verbs and fields only.
public enum ProtocolVersion {
    /// The major version: clients of another major version are refused.
    public static let major = 1
    /// The minor version: a higher one adds verbs and fields only.
    public static let minor = 1
    /// The version as `hello` sends it, `major.minor`.
    public static var string: String { "\(major).\(minor)" }
}

/// A JSON-RPC error: a code and a message naming what was wrong, and optional data.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON-RPC error code: -32700 to -32600 for JSON-RPC's own errors, -32001 to -32012
    /// for the daemon's.
    public var code: Int
    /// What was wrong, naming the method, parameter or app.
    public var message: String
    /// Structured detail, such as the pending work of a settle that ran out of budget.
    public var data: JSON?

    /// An error with this code, message and data.
    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// `error CODE: message`.
    public var description: String { "error \(code): \(message)" }

    /// The error object of a JSON-RPC reply: `code`, `message` and `data` when there is some.
    public var json: JSON {
        var members: [String: JSON] = ["code": .int(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    // The standard codes (jsonrpc.org/specification).
    /// -32700: the message is not JSON.
    public static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// -32600: the message is JSON but not a request.
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    /// -32601: no such method.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "unknown method '\(method)'; daemon.methods lists them")
    }
    /// -32602: a parameter is missing, unknown or of the wrong type; the message names it.
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    /// -32603: the daemon failed on its side.
    public static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message: message) }

    // The daemon's own codes (-32000 ... -32099).
    /// The request's deadline passed before it was done.
    public static func deadlineExceeded(_ message: String) -> RPCError { RPCError(code: -32001, message: message) }
    /// No app with that id (never launched, or exited).
    public static func noSuchApp(_ id: String) -> RPCError {
        RPCError(code: -32002, message: "no app '\(id)'; app.list lists the running apps")
    }
    /// The app exited while the request was in flight, or before it.
    public static func appExited(_ message: String, data: JSON? = nil) -> RPCError { RPCError(code: -32003, message: message, data: data) }
    /// A limit (clients, apps, message size, buffered bytes) was reached.
    public static func limitReached(_ message: String) -> RPCError { RPCError(code: -32004, message: message) }
    /// `hello` was not the first request, or named another major version.
    public static func versionMismatch(_ message: String) -> RPCError { RPCError(code: -32005, message: message) }
    /// -32005: a request came before `hello`.
    public static func helloFirst(_ method: String) -> RPCError {
        RPCError(code: -32005, message: "send hello first (protocol \(ProtocolVersion.string)); got '\(method)'")
    }
    /// The app could not do what was asked (no such view, nothing to pop, did not settle).
    public static func actionFailed(_ message: String, data: JSON? = nil) -> RPCError { RPCError(code: -32010, message: message, data: data) }
    /// The daemon is shutting down.
    public static func shuttingDown() -> RPCError { RPCError(code: -32011, message: "the daemon is shutting down") }
    /// `app.batch` with `ifDigest`: the app is at another digest, and nothing ran.
    public static func digestChanged(_ message: String, data: JSON? = nil) -> RPCError { RPCError(code: -32012, message: message, data: data) }
}

/// One decoded message.
public enum RPCMessage: Sendable, Equatable {
    /// A request: it has an id and gets exactly one reply.
    case request(id: JSON, method: String, params: JSON)
    /// A notification: no id, no reply.
    case notification(method: String, params: JSON)
    /// A reply to one of ours.
    case response(id: JSON, result: Result<JSON, RPCError>)

    /// The deepest nesting a reply or an app's message may have: a described view tree is
    /// two levels a view, 64 views deep at most.
    static let replyDepth = 200

    /// Decodes one line. A failure comes with the id to answer (null when none could be
    /// read), as JSON-RPC asks.
    public static func decode(_ line: String, maxDepth: Int = 64) -> Result<RPCMessage, DecodeFailure> {
        let json: JSON
        do {
            json = try JSON.parse(line, maxDepth: maxDepth)
        } catch {
            return .failure(DecodeFailure(id: .null, error: .parseError("not JSON: \(error.message)")))
        }
        return decode(json)
    }

    /// Decodes a message already parsed as JSON. A failure comes with the id to answer (null
    /// when none could be read).
    public static func decode(_ json: JSON) -> Result<RPCMessage, DecodeFailure> {
        guard let members = json.object else {
            let what = json.array != nil ? "a batch (an array); send one message per line" : "a \(json.kindName)"
            return .failure(DecodeFailure(id: .null, error: .invalidRequest("a message is a JSON object, not \(what)")))
        }
        var id = members["id"] ?? .null
        let hasID = members["id"] != nil
        switch id {
        case .string, .int, .null: break
        case .double(let value) where Int(exactly: value) != nil: id = .int(Int(exactly: value)!)
        default:
            return .failure(DecodeFailure(id: .null, error: .invalidRequest("'id' must be a string or an integer, not a \(id.kindName)")))
        }
        guard members["jsonrpc"]?.string == "2.0" else {
            return .failure(DecodeFailure(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\"")))
        }
        if let method = members["method"] {
            guard let name = method.string, !name.isEmpty else {
                return .failure(DecodeFailure(id: id, error: .invalidRequest("'method' must be a non-empty string, not a \(method.kindName)")))
            }
            let params = members["params"] ?? .object([:])
            guard params.object != nil || params.array != nil else {
                return .failure(DecodeFailure(id: id, error: .invalidRequest("'params' must be an object or an array, not a \(params.kindName)")))
            }
            return .success(hasID ? .request(id: id, method: name, params: params) : .notification(method: name, params: params))
        }
        if hasID, let result = members["result"] { return .success(.response(id: id, result: .success(result))) }
        if hasID, let error = members["error"], let code = error["code"]?.int {
            return .success(.response(id: id, result: .failure(RPCError(code: code, message: error["message"]?.string ?? "", data: error["data"]))))
        }
        return .failure(DecodeFailure(id: id, error: .invalidRequest("a message needs 'method' (a request or notification) or 'result'/'error' (a reply)")))
    }

    /// The message as one line of JSON, without its newline.
    public var line: String {
        switch self {
        case .request(let id, let method, let params):
            return JSON.object(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]).text
        case .notification(let method, let params):
            return JSON.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).text
        case .response(let id, .success(let result)):
            return JSON.object(["jsonrpc": "2.0", "id": id, "result": result]).text
        case .response(let id, .failure(let error)):
            return JSON.object(["jsonrpc": "2.0", "id": id, "error": error.json]).text
        }
    }
}

/// A message that could not be decoded, and the id to answer it with.
public struct DecodeFailure: Error, Sendable, Equatable {
    /// The id to answer with: the message's, or null when none could be read.
    public var id: JSON
    /// What was wrong with the message.
    public var error: RPCError
}

/// Reads typed parameters, each failure an `invalidParams` error naming the parameter.
public struct Params: Sendable {
    /// The request's `params`.
    public let json: JSON
    /// The method the parameters are for, named in every error.
    public let method: String

    /// Parameters of a request to `method`.
    public init(_ json: JSON, method: String) {
        self.json = json
        self.method = method
    }

    private func value(_ name: String) -> JSON? {
        guard let value = json[name], !value.isNull else { return nil }
        return value
    }

    private func wrongType(_ name: String, _ expected: String, _ got: JSON) -> RPCError {
        .invalidParams("\(method): '\(name)' must be \(expected), not a \(got.kindName) (\(got.text.prefix(60)))")
    }

    /// The string parameter `name`, or nil when it is absent or null.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is not a string.
    public func string(_ name: String) throws(RPCError) -> String? {
        guard let value = value(name) else { return nil }
        guard let text = value.string else { throw wrongType(name, "a string", value) }
        return text
    }

    /// The string parameter `name`.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is absent or not a string.
    public func requiredString(_ name: String) throws(RPCError) -> String {
        guard let text = try string(name) else { throw .invalidParams("\(method): '\(name)' is required") }
        return text
    }

    /// The integer parameter `name`, or nil when it is absent or null.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is not an integer, or outside `range`.
    public func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(RPCError) -> Int? {
        guard let value = value(name) else { return nil }
        guard let number = value.int else { throw wrongType(name, "an integer", value) }
        if let range, !range.contains(number) {
            throw .invalidParams("\(method): '\(name)' is \(number), outside \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// The number parameter `name`, or nil when it is absent or null.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is not a finite number.
    public func double(_ name: String) throws(RPCError) -> Double? {
        guard let value = value(name) else { return nil }
        guard let number = value.double, number.isFinite else { throw wrongType(name, "a number", value) }
        return number
    }

    /// The Boolean parameter `name`, or nil when it is absent or null.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is not `true` or `false`.
    public func bool(_ name: String) throws(RPCError) -> Bool? {
        guard let value = value(name) else { return nil }
        guard let flag = value.bool else { throw wrongType(name, "true or false", value) }
        return flag
    }

    /// A duration in milliseconds (a number, ≥ 0).
    public func milliseconds(_ name: String) throws(RPCError) -> Double? {
        guard let value = try double(name) else { return nil }
        guard value >= 0, value <= 1e12 else { throw .invalidParams("\(method): '\(name)' is \(value) ms, outside 0...1e12") }
        return value
    }

    /// The array parameter `name`, or nil when it is absent or null.
    /// - Throws: ``RPCError/invalidParams(_:)`` when it is not an array.
    public func array(_ name: String) throws(RPCError) -> [JSON]? {
        guard let value = value(name) else { return nil }
        guard let values = value.array else { throw wrongType(name, "an array", value) }
        return values
    }

    /// Fails on a parameter the method does not know, so a misspelt one is never ignored.
    public func allowOnly(_ names: Set<String>) throws(RPCError) {
        guard let members = json.object else {
            if json.array?.isEmpty == false { throw .invalidParams("\(method): parameters are named (an object), not positional") }
            return
        }
        for key in members.keys.sorted() where !names.contains(key) {
            let known = names.sorted().joined(separator: ", ")
            throw .invalidParams("\(method): unknown parameter '\(key)'" + (known.isEmpty ? " (it takes none)" : "; it takes \(known)"))
        }
    }
}
