import LifeloopCore

/// A JSON value, as the daemon's protocol carries it and as a verb's parameters take it
/// (``VerbCatalogue``): from the daemon and the MCP server, and read from a scenario
/// file's YAML.
///
/// Parsed through LifeloopCore's hardened reader (depth-limited, every error with its line
/// and column); written with object keys in sorted order, so the same value is always the
/// same bytes. ``raw(_:)`` splices text that is already JSON (trace events rendered by the
/// app) without parsing it again.
public enum JSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in an `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object; written with its keys sorted.
    case object([String: JSON])
    /// Text that is already one JSON value, written as it is.
    case raw(String)

    // MARK: Reading

    /// Parses one JSON value.
    /// - Throws: ``JSONError`` naming the line and column of the first problem.
    public static func parse(_ text: String, maxDepth: Int = 64) throws(JSONError) -> JSON {
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: maxDepth).read(text)
        } catch {
            throw JSONError(message: error.description)
        }
        return JSON(document.root)
    }

    /// The value LifeloopCore's reader read.
    package init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool: self = .bool(value.bool ?? false)
        case .string: self = .string(value.string ?? "")
        case .number:
            if let int = value.int { self = .int(int) } else { self = .double(value.double ?? 0) }
        case .array: self = .array(value.elements.map(JSON.init))
        case .object:
            var members: [String: JSON] = [:]
            for member in value.members { members[member.name] = JSON(member.value) }
            self = .object(members)
        }
    }

    // MARK: Accessors (nil for another kind, never a trap)

    /// An object's member named `key`; nil for a missing member or another kind of value.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string; nil for another kind.
    public var string: String? { if case .string(let text) = self { return text } else { return nil } }
    /// An integer, or a double with no fraction within ±9e15; nil for another kind.
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil
        default: return nil
        }
    }
    /// A number as a double; nil for another kind.
    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
    /// A Boolean; nil for another kind.
    public var bool: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    /// An array's elements; nil for another kind.
    public var array: [JSON]? { if case .array(let values) = self { return values } else { return nil } }
    /// An object's members; nil for another kind.
    public var object: [String: JSON]? { if case .object(let members) = self { return members } else { return nil } }
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The kind's name, for error messages: `object`, `array`, `string`, ...
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .raw: return "value"
        }
    }

    // MARK: Writing

    /// The value as compact JSON on one line (a newline in a string is escaped).
    public var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value's compact JSON text (object keys sorted) to `out`.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value):
            if !value.isFinite { out.append(contentsOf: "null".utf8) }
            else if value == value.rounded(), abs(value) < 1e15 { out.append(contentsOf: String(Int64(value)).utf8) }
            else { out.append(contentsOf: String(value).utf8) }
        case .string(let text): JSON.writeString(text, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .raw(let text): out.append(contentsOf: text.utf8)
        }
    }

    /// A JSON string literal's text (LifeloopCore's one writer of them).
    package static func writeString(_ text: String, into out: inout [UInt8]) {
        JSONText.appendQuoted(text, to: &out)
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array of these values.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object with these members.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var members: [String: JSON] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

/// Text that is not JSON, with where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as one sentence.
    public var message: String
    /// An error that says `message`.
    package init(message: String) { self.message = message }
    public var description: String { message }
}
