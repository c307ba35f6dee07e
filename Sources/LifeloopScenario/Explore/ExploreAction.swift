import Lifeloop

/// One thing the crawler of `lifeloop explore` does to an app: a verb of the catalogue
/// with its arguments, so that every path it walks is a scenario's script.
///
/// It is plain data (it travels between the crawler and its worker process as JSON), and
/// becomes a ``StepAction`` and a scenario step through ``VerbCatalogue``, the way a
/// scenario file's step does.
public struct ExploreAction: Codable, Hashable, Sendable {
    /// The verb's scenario key: `tap`, `type`, `drag` or `back`.
    public var verb: String
    /// The element the verb names: `#identifier`, a view's label or `@e12`; nil for a
    /// point or for `back`.
    public var target: String?
    /// A point in window points, for a tap that names no element.
    public var point: [Double]?
    /// What `type` types.
    public var text: String?
    /// A finger's path, for `drag`.
    public var path: [[Double]]?

    /// An action of `verb` with these arguments.
    public init(verb: String, target: String? = nil, point: [Double]? = nil, text: String? = nil, path: [[Double]]? = nil) {
        self.verb = verb
        self.target = target
        self.point = point
        self.text = text
        self.path = path
    }

    /// The verb's arguments, by its parameter names.
    private var arguments: [String: JSON] {
        func number(_ value: Double) -> JSON { .number(value) }
        switch verb {
        case "tap":
            if let target { return ["view": .string(target)] }
            return ["at": .array((point ?? [0, 0]).map(number))]
        case "type":
            return ["view": .string(target ?? ""), "text": .string(text ?? "")]
        case "drag":
            return ["path": .array((path ?? []).map { .array($0.map(number)) }), "intervalMs": number(16)]
        default:
            return [:]
        }
    }

    /// The catalogue's verb.
    private var catalogueVerb: Verb? { VerbCatalogue.verb(scenarioKey: verb) }

    /// The action a scenario step of this verb runs.
    /// - Throws: ``VerbError`` when the verb refuses the arguments.
    public func stepAction() throws -> StepAction {
        guard let verb = catalogueVerb else { throw VerbError("no verb '\(self.verb)' in the catalogue") }
        return try verb.action(arguments.isEmpty ? .bool(true) : .object(arguments))
    }

    /// The step as a scenario file writes it (`tap: "#save"`).
    public var scenarioStep: String {
        catalogueVerb?.scenarioStep(arguments) ?? "\(verb): true"
    }

    /// One line for maps and summaries.
    public var summary: String { scenarioStep }
}
