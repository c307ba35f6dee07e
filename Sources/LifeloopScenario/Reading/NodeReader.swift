import Lifeloop
import Yams

/// A YAML node and the field path that led to it (`script[2].after`), so every error can
/// name both the place in the file and the field.
struct FieldValue {
    let node: Node
    let field: String

    /// The value under `key` of this one's map.
    func child(_ key: String, _ node: Node) -> FieldValue {
        FieldValue(node: node, field: field.isEmpty ? key : field + "." + key)
    }

    /// The `index`th item of this one's list.
    func item(_ index: Int, _ node: Node) -> FieldValue {
        FieldValue(node: node, field: "\(field)[\(index)]")
    }
}

/// One key of a map, with the key's node (where unknown-key errors point) and its value.
struct FieldEntry {
    let key: String
    let keyNode: Node
    let value: FieldValue
}

/// A map's entries in file order.
struct FieldMap {
    let map: FieldValue
    let entries: [FieldEntry]

    subscript(key: String) -> FieldEntry? { entries.first { $0.key == key } }
}

/// Reads typed values out of YAML nodes and builds errors that point at them.
///
/// Numbers and booleans are read from the node's text rather than through Yams' tag
/// resolution, which would accept YAML 1.1 forms (`010` as octal, `yes`, `1:30`) that a
/// scenario writer does not mean.
struct NodeReader {
    let file: String

    func error(_ node: Node, _ field: String, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: node.mark?.line, column: node.mark?.column, field: field, message: message)
    }

    func error(_ value: FieldValue, _ message: String) -> ScenarioError {
        error(value.node, value.field, message)
    }

    func location(_ value: FieldValue) -> ScenarioLocation {
        location(value.node, value.field)
    }

    func location(_ node: Node, _ field: String) -> ScenarioLocation {
        ScenarioLocation(line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, field: field)
    }

    // MARK: Maps and lists

    /// The entries of a map; any key outside `allowed` is an error that lists them.
    func fields(_ value: FieldValue, allowed: [String], what: String) throws(ScenarioError) -> FieldMap {
        let fields = try fields(value, what: what)
        try checkKeys(fields, allowed: allowed, what: what)
        return fields
    }

    /// Fails on the first key outside `allowed`, pointing at the key.
    func checkKeys(_ fields: FieldMap, allowed: [String], what: String) throws(ScenarioError) {
        for entry in fields.entries where !allowed.contains(entry.key) {
            throw error(entry.keyNode, entry.value.field,
                        "unknown key '\(entry.key)' in \(what)\(suggestion(entry.key, allowed)); the keys are: "
                            + allowed.joined(separator: ", "))
        }
    }

    /// The entries of a map, whatever their keys.
    func fields(_ value: FieldValue, what: String) throws(ScenarioError) -> FieldMap {
        guard case .mapping(let mapping) = value.node else {
            throw error(value, "\(what) is a map of keys, found \(describe(value.node))")
        }
        var entries: [FieldEntry] = []
        entries.reserveCapacity(mapping.count)
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let key) = keyNode else {
                throw error(keyNode, value.field, "a key in \(what) is a name, found \(describe(keyNode))")
            }
            entries.append(FieldEntry(key: key.string, keyNode: keyNode, value: value.child(key.string, valueNode)))
        }
        return FieldMap(map: value, entries: entries)
    }

    /// The items of a list, each with its indexed field path.
    func list(_ value: FieldValue, expected: String) throws(ScenarioError) -> [FieldValue] {
        guard case .sequence(let sequence) = value.node else {
            throw error(value, "expected \(expected), found \(describe(value.node))")
        }
        return sequence.enumerated().map { value.item($0.offset, $0.element) }
    }

    /// The largest width or height a size may have, in points: far past any screen, and
    /// small enough that layout and pictures of it stay finite.
    static let maxSizeSide = 100_000.0

    /// A list of exactly two numbers above 0 and at most ``maxSizeSide``: a size.
    func size(_ value: FieldValue, what: String) throws(ScenarioError) -> Size {
        let items = try list(value, expected: "\(what) as [WIDTH, HEIGHT]")
        guard items.count == 2 else {
            throw error(value, "\(what) is [WIDTH, HEIGHT], two numbers; found \(items.count)")
        }
        var sides: [Double] = []
        for (item, side) in zip(items, ["width", "height"]) {
            let number = try number(item, expected: "a \(side) above 0")
            guard number > 0, number <= Self.maxSizeSide else {
                throw error(item, "\(what) \(side) must be above 0 and at most \(writtenNumber(Self.maxSizeSide)) points, "
                                + "found \(writtenNumber(number))")
            }
            sides.append(number)
        }
        return Size(width: sides[0], height: sides[1])
    }

    // MARK: Scalars

    /// A non-empty scalar's text.
    func text(_ value: FieldValue, expected: String) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = value.node, !scalar.string.isEmpty else {
            throw error(value, "expected \(expected), found \(describe(value.node))")
        }
        return scalar.string
    }

    /// One of a fixed set of words; `noun` names the set in the error (`clock`).
    func choice(_ value: FieldValue, _ options: [String], noun: String) throws(ScenarioError) -> String {
        let word = try text(value, expected: "a \(noun): " + options.joined(separator: ", "))
        guard options.contains(word) else {
            throw error(value, "unknown \(noun) '\(word)'\(suggestion(word, options)); the choices are: "
                            + options.joined(separator: ", "))
        }
        return word
    }

    /// One of a fixed set of words, as the value it stands for.
    func pick<T>(_ value: FieldValue, _ options: [(word: String, value: T)], noun: String) throws(ScenarioError) -> T {
        let word = try choice(value, options.map(\.word), noun: noun)
        guard let match = options.first(where: { $0.word == word }) else {
            throw error(value, "unknown \(noun) '\(word)'")
        }
        return match.value
    }

    /// A declared window's label.
    func window(_ value: FieldValue, labels: DeclaredLabels) throws(ScenarioError) -> String {
        let label = try text(value, expected: "a window label: " + labels.listed)
        guard labels.contains(label) else {
            throw error(value, "unknown window '\(label)'\(suggestion(label, labels.ordered)); the windows are: "
                            + labels.listed)
        }
        return label
    }

    /// A modal presentation style: one of `ModalPresentationStyle`'s cases, by name.
    func presentationStyle(_ value: FieldValue) throws(ScenarioError) -> ModalPresentationStyle {
        try pick(value, ModalPresentationStyle.allCases.map { ($0.rawValue, $0) }, noun: "presentation style")
    }

    /// `true` or `false`, unquoted.
    func bool(_ value: FieldValue) throws(ScenarioError) -> Bool {
        if case .scalar(let scalar) = value.node, isPlain(scalar) {
            if scalar.string == "true" { return true }
            if scalar.string == "false" { return false }
        }
        throw error(value, "expected true or false, found \(describe(value.node))")
    }

    /// `true`: the value of actions that take no argument (`pop: true`).
    func flag(_ value: FieldValue, action: String) throws(ScenarioError) {
        if case .scalar(let scalar) = value.node, isPlain(scalar), scalar.string == "true" { return }
        throw error(value, "\(action) takes no argument: write `\(action): true`, found \(describe(value.node))")
    }

    /// A whole number written in decimal, unquoted; too large for `Int` is an error.
    func integer(_ value: FieldValue, expected: String) throws(ScenarioError) -> Int {
        guard case .scalar(let scalar) = value.node, isPlain(scalar), isDecimalInteger(scalar.string) else {
            throw error(value, "expected \(expected), found \(describe(value.node))")
        }
        guard let number = Int(scalar.string) else {
            throw error(value, "\(scalar.string) is too large; expected \(expected)")
        }
        return number
    }

    /// A finite decimal number (`3`, `0.5`, `1e-3`), unquoted.
    func number(_ value: FieldValue, expected: String) throws(ScenarioError) -> Double {
        guard case .scalar(let scalar) = value.node, isPlain(scalar), isDecimalNumber(scalar.string),
              let number = Double(scalar.string), number.isFinite else {
            throw error(value, "expected \(expected), found \(describe(value.node))")
        }
        return number
    }

    // MARK: Describing what was found

    /// How a node reads in an error: `'pusj'`, `a list`, `a map`, `nothing`.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if scalar.string.isEmpty { return isPlain(scalar) ? "nothing" : "an empty string" }
            let text = scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string
            return "'\(text)'"
        }
    }

    /// ` (did you mean 'push'?)` when a known word is one or two edits away.
    func suggestion(_ word: String, _ known: [String]) -> String {
        let lowered = word.lowercased()
        let scored = known.prefix(1000).map { (word: $0, distance: editDistance(lowered, $0.lowercased())) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2, best.distance < word.count {
            return " (did you mean '\(best.word)'?)"
        }
        // A shortened key (`refresh` for `refreshRate`) is too many edits away but obvious.
        if word.count >= 3, let whole = known.first(where: { $0.lowercased().hasPrefix(lowered) }) {
            return " (did you mean '\(whole)'?)"
        }
        return ""
    }

    private func isPlain(_ scalar: Node.Scalar) -> Bool {
        scalar.style == .plain || scalar.style == .any
    }
}

/// A number as a scenario file would write it: `3`, not `3.0`.
func writtenNumber(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
}

/// Decimal digits with an optional sign: no octal, hex or underscores.
private func isDecimalInteger(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
}

/// `[sign] digits [. digits] [e [sign] digits]`: JSON's numbers, plus a leading `+`.
private func isDecimalNumber(_ text: String) -> Bool {
    var rest = Substring(text)
    func digits() -> Bool {
        let count = rest.prefix { $0.isASCII && $0.isNumber }.count
        rest = rest.dropFirst(count)
        return count > 0
    }
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    guard digits() else { return false }
    if rest.first == "." {
        rest = rest.dropFirst()
        guard digits() else { return false }
    }
    if rest.first == "e" || rest.first == "E" {
        rest = rest.dropFirst()
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        guard digits() else { return false }
    }
    return rest.isEmpty
}

/// Levenshtein distance; the words compared are keys, so short.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b.prefix(64))
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1]
        for (j, cb) in b.enumerated() {
            current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}

/// Labels the file declares (windows, jobs): in file order for messages, hashed for lookups,
/// so checking every step against them stays linear however long the file is.
struct DeclaredLabels {
    let ordered: [String]
    private let members: Set<String>
    /// Whether any label passes: a file without `windows:` leaves them to the app, which
    /// may make its own (the runner checks them against the app's).
    private let isOpen: Bool

    init(_ labels: [String]) {
        ordered = labels
        members = Set(labels)
        isOpen = false
    }

    private init(open: Void) {
        ordered = []
        members = []
        isOpen = true
    }

    /// Labels not declared in the file: every label passes here.
    static let undeclared = DeclaredLabels(open: ())

    func contains(_ label: String) -> Bool { isOpen || members.contains(label) }

    /// The labels for an error message, comma separated; a long list is cut short.
    var listed: String {
        let shown = ordered.prefix(20).joined(separator: ", ")
        return ordered.count > 20 ? shown + ", … (\(ordered.count) in all)" : shown
    }
}
