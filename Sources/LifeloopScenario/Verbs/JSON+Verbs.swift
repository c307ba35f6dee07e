import LifeloopCore

// What the verb catalogue reads of a value and writes of it. A number is a number whether
// it came as `.int` or `.double` (``JSON/double`` reads both); a scenario file writes it
// as `3`, not `3.0`.
extension JSON {
    /// A number as a verb's checked parameter holds it: `.int` when it is whole and within
    /// ±1e15, `.double` otherwise, whichever form it was given in.
    public static func number(_ value: Double) -> JSON {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }

    /// A string's text as a plain YAML word writes it (letters and digits only), if it
    /// can be written so.
    public var plainText: String? {
        guard case .string(let text) = self, let first = text.unicodeScalars.first, first.properties.isAlphabetic,
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }),
              !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) else { return nil }
        return text
    }

    /// The value as a scenario file writes it, and as a verb's errors quote it: JSON (which
    /// YAML reads too) with keys sorted and a space after each comma and colon
    /// (`{"at": [1, 2.5]}`). Unlike ``text``, a number that is not finite is written as
    /// Swift writes it (`inf`).
    public var flowText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        // Through Double, as every door's numbers have always been written here: a whole
        // number beyond ±1e15 is written as the double it stands for.
        case .int(let value): return writtenNumber(Double(value))
        case .double(let value): return writtenNumber(value)
        case .string(let value): return JSONText.quoted(value)
        case .array(let items): return "[" + items.map(\.flowText).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { JSONText.quoted($0) + ": " + members[$0]!.flowText }.joined(separator: ", ") + "}"
        case .raw(let text): return text
        }
    }
}
