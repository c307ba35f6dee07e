import Lifeloop
import LifeloopCore

/// One verb an app is driven by, declared once for every front door: its name and
/// parameters (with types and bounds), what it does (a ``StepAction``), its scenario-file
/// key, its daemon method and its MCP tool. The scenario reader, the daemon's app host,
/// the MCP server and the session exporter are adapters over ``VerbCatalogue``: a verb
/// added there is in every door.
///
/// The same parameter names serve every door: `{target: "@e12"}` in a scenario file,
/// `{"target": "@e12"}` to the daemon and the MCP tool.
public struct Verb: Sendable {
    /// The verb's name: the scenario-file key (`doubleTap`).
    public let name: String
    /// What it does, for the MCP tool's description and the docs.
    public let summary: String
    /// Its parameters.
    public let parameters: [VerbParameter]
    /// The parameter a bare value gives (`keyPress: return`), if any.
    public let primary: String?
    /// The MCP tool's name (`double_tap`).
    public let mcpTool: String
    /// Builds the action from checked arguments.
    let make: @Sendable (VerbArguments) throws(VerbError) -> GestureStep

    /// The scenario file's key.
    public var scenarioKey: String { name }
    /// The daemon's method (`app.doubleTap`).
    public var daemonMethod: String { "app." + name }

    /// The action `value` asks for: an object of parameters, or a bare value for the
    /// ``primary`` one (`true` for a verb without parameters).
    /// - Throws: ``VerbError`` naming the parameter: unknown, missing, of the wrong type
    ///   or out of bounds.
    public func action(_ value: VerbValue) throws(VerbError) -> StepAction {
        var members: [String: VerbValue]
        switch value {
        case .object(let given): members = given
        case .bool(true) where parameters.allSatisfy({ !$0.isRequired }): members = [:]
        default:
            guard let primary else {
                throw VerbError("\(name) takes " + (parameters.isEmpty ? "true" : "a map of \(parameters.map(\.name).joined(separator: ", "))")
                                    + ", not \(value.text)")
            }
            members = [primary: value]
        }
        let names = Set(parameters.map(\.name))
        if let unknown = members.keys.sorted().first(where: { !names.contains($0) }) {
            throw VerbError("\(name) has no parameter '\(unknown.prefix(40))'"
                                + (parameters.isEmpty ? "" : "; its parameters are \(parameters.map(\.name).joined(separator: ", "))"))
        }
        var arguments = VerbArguments(verb: name)
        for parameter in parameters {
            guard let given = members[parameter.name], given != .null else {
                if parameter.isRequired { throw VerbError("\(name): '\(parameter.name)' is required: \(parameter.summary)") }
                continue
            }
            arguments.values[parameter.name] = try parameter.check(given, verb: name)
        }
        return .gesture(try make(arguments))
    }

    /// The scenario step for these arguments, as one line (`doubleTap: {target: "@e12"}`).
    public func scenarioStep(_ arguments: [String: VerbValue]) -> String {
        let known = arguments.filter { key, _ in parameters.contains { $0.name == key } }
        if known.isEmpty { return "\(name): true" }
        return "\(name): " + VerbValue.object(known).text
    }
}

/// A verb's parameter.
public struct VerbParameter: Sendable {
    /// What a parameter takes.
    public enum Kind: Sendable, Equatable {
        /// An element: `@e12` (its id), `#name` (its accessibility identifier) or a view's label.
        case target
        /// A point in window points: `[x, y]` or `{x, y}`.
        case point
        /// A number of milliseconds within bounds.
        case milliseconds(ClosedRange<Double>)
        /// One of these words.
        case choice([String])
    }

    /// Its name in every door.
    public let name: String
    /// What it takes.
    public let kind: Kind
    /// Whether it must be given.
    public let isRequired: Bool
    /// What it is, for errors, the MCP schema and the docs.
    public let summary: String

    /// A parameter.
    public init(_ name: String, _ kind: Kind, required: Bool = false, _ summary: String) {
        self.name = name
        self.kind = kind
        isRequired = required
        self.summary = summary
    }

    /// The value, checked and normalised (a point as `[x, y]`).
    func check(_ value: VerbValue, verb: String) throws(VerbError) -> VerbValue {
        switch kind {
        case .target:
            guard case .string(let text) = value, !text.isEmpty, text.utf8.count <= 4096 else {
                throw VerbError("\(verb): '\(name)' must be an element: @e12, #identifier or a view's label, not \(value.text.prefix(60))")
            }
            return value
        case .point:
            var pair: [Double]?
            switch value {
            case .array(let items) where items.count == 2: pair = items.compactMap(\.number)
            case .object(let members) where Set(members.keys) == ["x", "y"]: pair = [members["x"]?.number, members["y"]?.number].compactMap { $0 }
            default: break
            }
            guard let pair, pair.count == 2, pair.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                throw VerbError("\(verb): '\(name)' must be a point [x, y] (or {x, y}) within ±100000, not \(value.text.prefix(60))")
            }
            return .array(pair.map(VerbValue.number))
        case .milliseconds(let bounds):
            guard let number = value.number, number.isFinite, bounds.contains(number) else {
                throw VerbError("\(verb): '\(name)' must be a number of milliseconds from \(writtenNumber(bounds.lowerBound)) to \(writtenNumber(bounds.upperBound)), not \(value.text.prefix(60))")
            }
            return .number(number)
        case .choice(let words):
            guard case .string(let word) = value, words.contains(word) else {
                throw VerbError("\(verb): '\(name)' is one of \(words.joined(separator: ", ")), not \(value.text.prefix(60))")
            }
            return value
        }
    }
}

/// A verb's checked arguments, by parameter name.
public struct VerbArguments: Sendable {
    /// The verb they are for.
    public let verb: String
    /// The values given.
    public var values: [String: VerbValue] = [:]

    init(verb: String) { self.verb = verb }

    /// An element or point target from `target` or `at`: exactly one.
    func target() throws(VerbError) -> GestureTarget {
        switch (values["target"], values["at"]) {
        case (.string(let reference)?, nil): return .element(reference)
        case (nil, .array(let pair)?):
            return .point(x: pair.first?.number ?? 0, y: pair.last?.number ?? 0)
        case (nil, nil): throw VerbError("\(verb) needs target (@e12, #identifier or a view's label) or at ([x, y])")
        default: throw VerbError("\(verb) takes target or at, not both")
        }
    }
}

/// Why a verb's arguments were refused. Nothing ran.
public struct VerbError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence a user reads.
    public var message: String
    /// An error that says `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A value a verb's parameter takes, as any door gives it: JSON from the daemon and the
/// MCP server, YAML from a scenario file.
public indirect enum VerbValue: Sendable, Equatable {
    /// No value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// A list.
    case array([VerbValue])
    /// A map.
    case object([String: VerbValue])

    /// The number, if it is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// As JSON text (which YAML reads too), keys sorted.
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return writtenNumber(value)
        case .string(let value): return JSONText.quoted(value)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { VerbValue.string($0).text + ": " + members[$0]!.text }.joined(separator: ", ") + "}"
        }
    }
}

extension VerbValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
}
