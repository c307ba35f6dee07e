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
    /// The verb's name: the scenario-file key (`doubleTap`) unless ``spelling`` says another.
    public let name: String
    /// What it does, for the MCP tool's description and the docs.
    public let summary: String
    /// Its parameters.
    public let parameters: [VerbParameter]
    /// The parameter a bare value gives (`keyPress: return`), if any.
    public let primary: String?
    /// The MCP tool that serves it, if any.
    public let tool: VerbTool
    /// Where a door spells it otherwise than by ``name`` and its parameters.
    public let spelling: VerbSpelling
    /// Builds the action from checked arguments.
    let make: @Sendable (VerbArguments) throws(VerbError) -> StepAction

    /// A verb; `make` builds its action from arguments its parameters have checked.
    init(name: String, summary: String, parameters: [VerbParameter], primary: String? = nil, tool: VerbTool,
         spelling: VerbSpelling = VerbSpelling(), make: @escaping @Sendable (VerbArguments) throws(VerbError) -> StepAction) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.primary = primary
        self.tool = tool
        self.spelling = spelling
        self.make = make
    }

    /// The scenario file's key.
    public var scenarioKey: String { spelling.scenarioKey ?? name }
    /// The daemon's method (`app.doubleTap`).
    public var daemonMethod: String { spelling.daemonMethod ?? "app." + name }
    /// The MCP tool's name (`double_tap`), if a tool serves the verb.
    public var mcpTool: String? {
        switch tool {
        case .none: nil
        case .own(let name), .adapted(let name): name
        }
    }

    /// The parameters `value` gives: an object's members, a bare value for the ``primary``
    /// one (or the pair ``VerbSpelling/bare`` names), nothing for `true` when no parameter
    /// is required.
    /// - Throws: ``VerbError`` when a bare value is not one the verb takes.
    public func members(_ value: JSON) throws(VerbError) -> [String: JSON] {
        switch value {
        case .object(let given): return given
        case .bool(true) where parameters.allSatisfy({ !$0.isRequired }): return [:]
        default:
            if case .pair(let first, let second) = spelling.bare {
                guard case .array(let items) = value, items.count == 2 else {
                    let count = if case .array(let items) = value { "\(items.count)" } else { String(value.flowText.prefix(60)) }
                    throw VerbError("\(name) is [\(first), \(second)], two numbers; found \(count)")
                }
                return [first: items[0], second: items[1]]
            }
            guard let primary else {
                if parameters.isEmpty {
                    throw VerbError("\(name) takes no argument: write `\(scenarioKey): true`, not \(value.flowText.prefix(60))")
                }
                throw VerbError("\(name) takes a map of \(parameters.map(\.name).joined(separator: ", ")), not \(value.flowText.prefix(60))")
            }
            return [primary: value]
        }
    }

    /// The action `value` asks for: an object of parameters, or a bare value for the
    /// ``primary`` one (`true` for a verb without parameters).
    /// - Parameters:
    ///   - value: The arguments as the door gives them.
    ///   - animated: The step's `animated` (a door's own modifier), for the verbs whose
    ///     action holds it.
    /// - Throws: ``VerbError`` naming the parameter: unknown, missing, of the wrong type
    ///   or out of bounds.
    public func action(_ value: JSON, animated: Bool = true) throws(VerbError) -> StepAction {
        let members = try members(value)
        let names = Set(parameters.map(\.name))
        if let unknown = members.keys.sorted().first(where: { !names.contains($0) }) {
            throw VerbError("\(name) has no parameter '\(unknown.prefix(40))'"
                                + (parameters.isEmpty ? "" : "; its parameters are \(parameters.map(\.name).joined(separator: ", "))"),
                            parameter: unknown)
        }
        var arguments = VerbArguments(verb: name)
        arguments.animated = animated
        for parameter in parameters {
            guard let given = members[parameter.name], given != .null else {
                if parameter.isRequired {
                    throw VerbError("\(name): '\(parameter.name)' is required: \(parameter.summary)", parameter: parameter.name, isMissing: true)
                }
                continue
            }
            arguments.values[parameter.name] = try parameter.check(given, verb: name)
        }
        return try make(arguments)
    }

    /// The scenario step for these arguments, as the scenario file writes it: one line
    /// (`doubleTap: {target: "@e12"}`), and the step fields that are parameters on the
    /// lines after it (`style:` of `present`).
    public func scenarioStep(_ arguments: [String: JSON]) -> String {
        var known = arguments.filter { key, value in value != .null && parameters.contains { $0.name == key } }
        var after = ""
        for field in spelling.stepFields {
            if let value = known.removeValue(forKey: field) { after += "\n    \(field): \(value.flowText)" }
        }
        let line: String
        switch spelling.written {
        case .object:
            line = known.isEmpty ? "true" : JSON.object(known).flowText
        case .bare:
            if known.isEmpty { line = "true" }
            else if known.count == 1, let primary, let value = known[primary] {
                let isChoice = parameters.first { $0.name == primary }.map { if case .choice = $0.kind { true } else { false } } ?? false
                line = isChoice ? (value.plainText ?? value.flowText) : value.flowText
            } else {
                line = JSON.object(known).flowText
            }
        case .pair(let first, let second):
            line = "[" + [first, second].map { (known[$0] ?? .number(0)).flowText }.joined(separator: ", ") + "]"
        case .fields:
            line = "{" + parameters.compactMap { parameter in
                (known[parameter.name] ?? parameter.writtenDefault).map { "\(parameter.scenarioKey): " + parameter.scenarioText($0) }
            }.joined(separator: ", ") + "}"
        case .custom(let write):
            line = write(known)
        }
        return "\(scenarioKey): " + line + after
    }
}

/// The MCP tool that serves a verb.
public enum VerbTool: Sendable, Equatable {
    /// No tool does.
    case none
    /// A tool made from the verb: its schema from the verb's parameters.
    case own(String)
    /// A tool of its own shape (elements by ref, points as `{x, y}`, several verbs in one)
    /// that sends the verb's method.
    case adapted(String)
}

/// How the doors spell a verb where they differ from its name and parameters: what every
/// form accepted is read as, and how the session exporter writes it back.
public struct VerbSpelling: Sendable {
    /// How a scenario file writes a bare (not a map) value.
    public enum Bare: Sendable, Equatable {
        /// The verb's ``Verb/primary`` parameter.
        case primary
        /// Two numbers, `[a, b]`, for these two parameters (`resize: [390, 844]`).
        case pair(String, String)
    }

    /// How the exporter writes the step's value.
    public enum Written: Sendable {
        /// A map of the parameters (`true` for none).
        case object
        /// The primary parameter's value alone when it is the only one (`push: "Detail"`;
        /// a choice unquoted: `appState: background`).
        case bare
        /// `[a, b]` of these two parameters.
        case pair(String, String)
        /// `{name: value, ...}` in the parameters' order, by their scenario names, each given
        /// one (or its written default).
        case fields
        /// Text of the verb's own shape, from the parameters given (`touch: {down: [x, y]}`).
        case custom(@Sendable ([String: JSON]) -> String)
    }

    /// The daemon's method, when it is not `app.` and the name (`app.state`).
    public var daemonMethod: String?
    /// The scenario file's key, when it is not the name.
    public var scenarioKey: String?
    /// How a scenario file's bare value reads.
    public var bare: Bare
    /// How the exporter writes the step.
    public var written: Written
    /// Parameters a scenario step writes as fields of its own beside the verb (`style:`
    /// of `present`).
    public var stepFields: [String]

    /// A spelling; the defaults are the verb's name and parameters.
    public init(daemonMethod: String? = nil, scenarioKey: String? = nil, bare: Bare = .primary, written: Written = .object,
                stepFields: [String] = []) {
        self.daemonMethod = daemonMethod
        self.scenarioKey = scenarioKey
        self.bare = bare
        self.written = written
        self.stepFields = stepFields
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
        /// Text, not empty, of at most 4096 bytes (a scene's name, a view's label).
        case text
        /// A whole number within bounds.
        case integer(ClosedRange<Int>)
        /// A number above 0 and at most this (a side of a size, a distance), in points.
        case positive(Double)
        /// A list of numbers, each within the bounds, as many as `count` says.
        case numbers(ClosedRange<Double>, count: ClosedRange<Int>)
        /// `true` or `false`.
        case bool
        /// Text that may be empty, of at most this many characters (what is typed).
        case string(Int)
        /// A coordinate in window points, within ±100000.
        case coordinate
        /// A time between inputs: a number of milliseconds (0 to 1e12), or a duration
        /// such as `16ms` or `1.5s` (above 0).
        case interval
        /// A finger's path: 2 to 10000 points `[x, y]`, each within ±100000.
        case path
    }

    /// Its name in every door.
    public let name: String
    /// What it takes.
    public let kind: Kind
    /// Whether it must be given.
    public let isRequired: Bool
    /// What it is, for errors, the MCP schema and the docs.
    public let summary: String

    /// The name a scenario file writes it by, when not ``name`` (`every` for `intervalMs`).
    public let scenarioName: String?
    /// The two words a scenario file writes a `.bool` parameter as, true's first
    /// (`finish`, `cancel`).
    public let words: [String]?
    /// Whether a scenario file must write it, though the daemon need not.
    public let isRequiredInScenario: Bool
    /// What the exporter writes when it was not given (what the verb takes then).
    public let writtenDefault: JSON?

    /// A parameter; `scenario` is the name a scenario file writes it by (as `words` for a
    /// Boolean), when it differs.
    public init(_ name: String, _ kind: Kind, required: Bool = false, _ summary: String, scenario: String? = nil, words: [String]? = nil,
                requiredInScenario: Bool = false, written: JSON? = nil) {
        self.name = name
        self.kind = kind
        isRequired = required
        self.summary = summary
        scenarioName = scenario
        self.words = words
        isRequiredInScenario = requiredInScenario
        writtenDefault = written
    }

    /// The name a scenario file writes it by.
    public var scenarioKey: String { scenarioName ?? name }

    /// The value as a scenario file writes it (`16ms` for an interval, a word for a
    /// Boolean that has words).
    func scenarioText(_ value: JSON) -> String {
        if let words, case .bool(let flag) = value { return flag ? words[0] : words[1] }
        if kind == .interval, let number = value.double { return writtenNumber(number) + "ms" }
        if kind == .interval, case .string(let text) = value { return text }
        return value.flowText
    }

    /// The value, checked and normalised (a point as `[x, y]`).
    func check(_ value: JSON, verb: String) throws(VerbError) -> JSON {
        switch kind {
        case .target:
            guard case .string(let text) = value, !text.isEmpty, text.utf8.count <= 4096 else {
                throw VerbError("\(verb): '\(name)' must be an element: @e12, #identifier or a view's label, not \(value.flowText.prefix(60))", parameter: name)
            }
            return value
        case .point:
            var pair: [Double]?
            switch value {
            case .array(let items) where items.count == 2: pair = items.compactMap(\.double)
            case .object(let members) where Set(members.keys) == ["x", "y"]: pair = [members["x"]?.double, members["y"]?.double].compactMap { $0 }
            default: break
            }
            guard let pair, pair.count == 2, pair.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                throw VerbError("\(verb): '\(name)' must be a point [x, y] (or {x, y}) within ±100000, not \(value.flowText.prefix(60))", parameter: name)
            }
            return .array(pair.map(JSON.number))
        case .milliseconds(let bounds):
            guard let number = value.double, number.isFinite, bounds.contains(number) else {
                throw VerbError("\(verb): '\(name)' must be a number of milliseconds from \(writtenNumber(bounds.lowerBound)) to \(writtenNumber(bounds.upperBound)), not \(value.flowText.prefix(60))",
                                parameter: name)
            }
            return .number(number)
        case .choice(let words):
            guard case .string(let word) = value, words.contains(word) else {
                throw VerbError("\(verb): '\(name)' is one of \(words.joined(separator: ", ")), not \(value.flowText.prefix(60))", parameter: name)
            }
            return value
        case .text:
            guard case .string(let text) = value, !text.isEmpty, text.utf8.count <= 4096 else {
                let found = if case .string = value { "\(value.flowText.prefix(60)) (text of 1 to 4096 bytes)" } else { String(value.flowText.prefix(60)) }
                throw VerbError("\(verb): '\(name)' must be a string: \(summary.prefix(1).lowercased() + summary.dropFirst()), not \(found)", parameter: name)
            }
            return value
        case .integer(let bounds):
            guard let number = value.double, number == number.rounded(), abs(number) < 1e15, bounds.contains(Int(number)) else {
                throw VerbError("\(verb): '\(name)' must be a whole number from \(bounds.lowerBound) to \(bounds.upperBound), not \(value.flowText.prefix(60))",
                                parameter: name)
            }
            return .number(number)
        case .positive(let most):
            guard let number = value.double, number.isFinite, number > 0, number <= most else {
                throw VerbError("\(verb): '\(name)' must be above 0 and at most \(writtenNumber(most)) points, not \(value.flowText.prefix(60))", parameter: name)
            }
            return .number(number)
        case .numbers(let bounds, let count):
            let what = "a list of \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") numbers"
                + " from \(writtenNumber(bounds.lowerBound)) to \(writtenNumber(bounds.upperBound))"
            guard case .array(let items) = value else {
                throw VerbError("\(verb): '\(name)' must be \(what), not \(value.flowText.prefix(60))", parameter: name)
            }
            guard count.contains(items.count) else {
                throw VerbError("\(verb): '\(name)' must be \(what); found \(items.count)", parameter: name)
            }
            for (index, item) in items.enumerated() {
                guard let number = item.double, number.isFinite, bounds.contains(number) else {
                    throw VerbError("\(verb): '\(name)' must be \(what); [\(index)] is \(item.flowText.prefix(60))", parameter: name, index: index)
                }
            }
            return value
        case .bool:
            guard case .bool = value else { throw VerbError("\(verb): '\(name)' must be true or false, not \(value.flowText.prefix(60))", parameter: name) }
            return value
        case .string(let most):
            guard case .string(let text) = value else {
                throw VerbError("\(verb): '\(name)' must be a string: \(summary.prefix(1).lowercased() + summary.dropFirst()), not \(value.flowText.prefix(60))",
                                parameter: name)
            }
            // Either count within the bound will do: characters as a user counts them or bytes.
            guard text.utf8.count <= most || text.count <= most else {
                throw VerbError("\(verb): '\(name)' is \(text.count) characters; at most \(most) are typed at once", parameter: name)
            }
            return value
        case .coordinate:
            guard let number = value.double, number.isFinite, abs(number) <= Self.maxCoordinate else {
                throw VerbError("\(verb): '\(name)' must be a number within ±\(writtenNumber(Self.maxCoordinate)) (window points), not \(value.flowText.prefix(60))",
                                parameter: name)
            }
            return .number(number)
        case .interval:
            if let number = value.double, number.isFinite, (0...1e12).contains(number) { return .number(number) }
            if case .string(let text) = value, case .success(let nanoseconds) = parseNanoseconds(text), nanoseconds > 0 { return value }
            throw VerbError("\(verb): '\(scenarioKey)' must be a number of milliseconds from 0 to 1e12 or a duration such as 16ms, not \(value.flowText.prefix(60))",
                            parameter: name)
        case .path:
            guard case .array(let points) = value, (2...10_000).contains(points.count) else {
                let count = if case .array(let points) = value { "\(points.count)" } else { String(value.flowText.prefix(60)) }
                throw VerbError("\(verb): '\(name)' needs 2 to 10000 points [x, y], not \(count)", parameter: name)
            }
            for (index, point) in points.enumerated() {
                guard case .array(let pair) = point, pair.count == 2, let x = pair[0].double, let y = pair[1].double,
                      x.isFinite, y.isFinite, abs(x) <= Self.maxCoordinate, abs(y) <= Self.maxCoordinate else {
                    throw VerbError("\(verb): each path point is [x, y] within ±\(writtenNumber(Self.maxCoordinate)); [\(index)] is \(point.flowText.prefix(60))",
                                    parameter: name, index: index)
                }
            }
            return value
        }
    }

    /// The largest coordinate a point may have, in window points.
    static let maxCoordinate = 100_000.0
}

/// A verb's checked arguments, by parameter name.
public struct VerbArguments: Sendable {
    /// The verb they are for.
    public let verb: String
    /// The values given.
    public var values: [String: JSON] = [:]
    /// The step's `animated` (each door's own modifier; true by default).
    public var animated = true

    init(verb: String) { self.verb = verb }

    /// The text of a `.text` (or `.choice`) parameter.
    func text(_ name: String) -> String? {
        if case .string(let text)? = values[name] { return text }
        return nil
    }

    /// The whole number of an `.integer` parameter.
    func integer(_ name: String) -> Int? { values[name]?.double.map { Int($0) } }

    /// The value of a `.bool` parameter.
    func bool(_ name: String) -> Bool? {
        if case .bool(let flag)? = values[name] { return flag }
        return nil
    }

    /// The numbers of a `.numbers` or `.point` parameter.
    func numbers(_ name: String) -> [Double]? {
        if case .array(let items)? = values[name] { return items.compactMap(\.double) }
        return nil
    }

    /// The time of an `.interval` parameter: milliseconds as the daemon has always read
    /// them, a duration's text exactly.
    func interval(_ name: String) -> Duration? {
        if let milliseconds = values[name]?.double { return .nanoseconds(Int64(milliseconds * 1e6)) }
        if case .string(let text)? = values[name], case .success(let nanoseconds) = parseNanoseconds(text) { return .nanoseconds(nanoseconds) }
        return nil
    }

    /// Whether any of these parameters was given.
    func hasAny(_ names: [String]) -> Bool { names.contains { values[$0] != nil } }

    /// An element or point target from `target` or `at`: exactly one.
    func target() throws(VerbError) -> GestureTarget {
        switch (values["target"], values["at"]) {
        case (.string(let reference)?, nil): return .element(reference)
        case (nil, .array(let pair)?):
            return .point(x: pair.first?.double ?? 0, y: pair.last?.double ?? 0)
        case (nil, nil): throw VerbError("\(verb) needs target (@e12, #identifier or a view's label) or at ([x, y])")
        default: throw VerbError("\(verb) takes target or at, not both")
        }
    }
}

/// Why a verb's arguments were refused. Nothing ran.
public struct VerbError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence a user reads.
    public var message: String
    /// The parameter refused, where one is (a door points at where it was written).
    public var parameter: String?
    /// The item of the parameter's list refused, where one is.
    public var index: Int?
    /// Whether the parameter was missing (a door points at the verb's value then).
    public var isMissing: Bool
    /// An error that says `message`, about `parameter` (its item `index`) where given.
    public init(_ message: String, parameter: String? = nil, index: Int? = nil, isMissing: Bool = false) {
        self.message = message
        self.parameter = parameter
        self.index = index
        self.isMissing = isMissing
    }
    public var description: String { message }
}
