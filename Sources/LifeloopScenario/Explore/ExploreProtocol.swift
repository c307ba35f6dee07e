import Foundation

/// What the crawler asks its worker process, one JSON line each.
public struct ExploreRequest: Codable, Sendable {
    /// `restart` (a fresh app from launch, the scenario's script run and settled), `act`
    /// (one action, then settle), `thumbnail` (a PNG of the key window now) or `quit`.
    public var op: String
    /// The action of an `act`.
    public var action: ExploreAction?

    /// A request.
    public init(op: String, action: ExploreAction? = nil) {
        self.op = op
        self.action = action
    }
}

/// Something the worker saw that may be a finding: a leak, a diagnostic, or a settle that
/// ran out of budget.
public struct ExploreObservation: Codable, Sendable, Equatable {
    /// `leak`, `diagnostic` or `hang`.
    public var kind: String
    /// The sentence for people.
    public var message: String
    /// What it is about: the leaked controller's trace label, the diagnostic's label.
    public var label: String
    /// The leaked controller's class, or the diagnostic's kind.
    public var detail: String
    /// What holds a leaked controller, where `Mirror` can tell.
    public var retainPath: [String]

    /// An observation.
    public init(kind: String, message: String, label: String = "", detail: String = "", retainPath: [String] = []) {
        self.kind = kind
        self.message = message
        self.label = label
        self.detail = detail
        self.retainPath = retainPath
    }
}

/// What the worker answers, one JSON line each.
public struct ExploreReply: Codable, Sendable {
    /// `start` (an action is about to run: the last word before a crash), `state` (the
    /// screen after a request), `thumbnail` or `error` (the app could not start).
    public var kind: String
    /// The screen now, for `state`.
    public var screen: ExploreScreen?
    /// Why an `act` changed nothing (its element was not there).
    public var refused: String?
    /// What the request made the worker see.
    public var observations: [ExploreObservation]
    /// The PNG, base64, for `thumbnail`.
    public var png: String?
    /// The problem, for `error`.
    public var error: String?
    /// Whether the app can take no more actions (its settle ran out): restart it.
    public var spent: Bool

    /// A reply.
    public init(kind: String, screen: ExploreScreen? = nil, refused: String? = nil, observations: [ExploreObservation] = [],
                png: String? = nil, error: String? = nil, spent: Bool = false) {
        self.kind = kind
        self.screen = screen
        self.refused = refused
        self.observations = observations
        self.png = png
        self.error = error
        self.spent = spent
    }

    /// The reply as one line of JSON.
    public func line() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? #"{"kind":"error","error":"unencodable reply","observations":[],"spent":true}"#
    }
}

extension ExploreRequest {
    /// The request as one line of JSON.
    public func line() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? #"{"op":"quit"}"#
    }
}
