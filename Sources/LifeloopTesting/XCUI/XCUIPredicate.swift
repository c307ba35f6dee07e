import Foundation

// `NSPredicate(format:)` for UI tests on Linux. swift-corelibs-foundation has no predicate
// strings (its `init(format:)` is unavailable, and NSObject has no key-value coding), so
// this module declares the initializer a UI test calls, which Swift prefers to the
// unavailable one, over a small evaluator of the forms queries use:
//
//   label == 'Add'    label CONTAINS[c] "item"    identifier BEGINSWITH 'row'
//   value ENDSWITH '%'    label LIKE 'Item *'    label MATCHES '[0-9]+ items?'
//   identifier IN {'a', 'b'}    elementType == 9    isEnabled == true    exists == 1
//   label == %@ (arguments: %@ %K %d %i %ld %lu %u %f %lf %s)
//   NOT, !, AND, &&, OR, ||, parentheses, TRUEPREDICATE, FALSEPREDICATE
//
// with [c] (case-insensitive), [d] (diacritic-insensitive) and [cd]; <, <=, >, >=, !=.
// Keys are read from the element (XCUIElementAttributes' names, and exists, isHittable)
// or from a [String: Any] dictionary; any other object evaluates to false.

/// A value a predicate compares.
enum PredicateValue: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([PredicateValue])
    case null

    init(_ any: Any?) {
        switch any {
        case nil: self = .null
        case let value as PredicateValue: self = value
        case let text as String: self = .string(text)
        case let text as Substring: self = .string(String(text))
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .number(Double(number))
        case let number as UInt: self = .number(Double(number))
        case let number as Int32: self = .number(Double(number))
        case let number as UInt32: self = .number(Double(number))
        case let number as Int64: self = .number(Double(number))
        case let number as UInt64: self = .number(Double(number))
        case let number as Double: self = .number(number)
        case let number as Float: self = .number(Double(number))
        case let number as CGFloat: self = .number(Double(number))
        case let number as NSNumber: self = .number(number.doubleValue)
        case let text as NSString: self = .string(text as String)
        case let list as [Any]: self = .list(list.map { PredicateValue($0) })
        default: self = .string(String(describing: any!))
        }
    }

    var number: Double? {
        switch self {
        case .number(let value): return value
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text): return Double(text)
        default: return nil
        }
    }
}

/// An object whose keys a predicate reads.
protocol PredicateSubject {
    func predicateValue(forKey key: String) -> PredicateValue
}

/// A parsed predicate format.
indirect enum PredicateNode {
    case constant(Bool)
    case not(PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case comparison(PredicateOperand, PredicateOperator, PredicateOperand, PredicateOptions)
}

/// One side of a comparison.
enum PredicateOperand {
    case key(String)
    case value(PredicateValue)
}

/// How two sides compare.
enum PredicateOperator: String {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES"
    case `in` = "IN"
}

/// `[c]`, `[d]`, `[cd]`.
struct PredicateOptions: OptionSet {
    let rawValue: Int
    static let caseInsensitive = PredicateOptions(rawValue: 1)
    static let diacriticInsensitive = PredicateOptions(rawValue: 2)
}

/// Why a format could not be read.
struct PredicateSyntaxError: Error, CustomStringConvertible {
    let description: String
}

extension PredicateNode {
    /// Evaluates the predicate on `object`: an element's attributes, or a dictionary.
    func evaluate(_ object: Any?) -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let inner): return !inner.evaluate(object)
        case .and(let left, let right): return left.evaluate(object) && right.evaluate(object)
        case .or(let left, let right): return left.evaluate(object) || right.evaluate(object)
        case .comparison(let left, let op, let right, let options):
            return Self.compare(Self.value(of: left, in: object), op, Self.value(of: right, in: object), options)
        }
    }

    private static func value(of operand: PredicateOperand, in object: Any?) -> PredicateValue {
        switch operand {
        case .value(let value): return value
        case .key(let key):
            if key == "self" || key == "SELF" { return PredicateValue(object) }
            if let subject = object as? PredicateSubject { return subject.predicateValue(forKey: key) }
            if let dictionary = object as? [String: Any] { return PredicateValue(dictionary[key]) }
            return .null
        }
    }

    private static func fold(_ text: String, _ options: PredicateOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    static func compare(_ left: PredicateValue, _ op: PredicateOperator, _ right: PredicateValue,
                        _ options: PredicateOptions) -> Bool {
        if op == .in {
            switch right {
            case .list(let items): return items.contains { compare(left, .equal, $0, options) }
            case .string(let text):
                guard case .string(let needle) = left else { return false }
                return fold(text, options).contains(fold(needle, options))
            default: return false
            }
        }
        if case .list(let items) = left, op == .contains {
            return items.contains { compare($0, .equal, right, options) }
        }
        switch (left, right) {
        case (.string(let a), .string(let b)):
            let x = fold(a, options), y = fold(b, options)
            switch op {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            case .contains: return y.isEmpty || x.contains(y)
            case .beginsWith: return x.hasPrefix(y)
            case .endsWith: return x.hasSuffix(y)
            case .like: return matches(x, pattern: likePattern(y), options: [])
            case .matches: return matches(a, pattern: b, options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
            case .in: return false
            }
        case (.null, .null):
            return op == .equal || op == .lessOrEqual || op == .greaterOrEqual
        case (.null, _), (_, .null):
            return op == .notEqual
        default:
            guard let a = left.number, let b = right.number else { return op == .notEqual }
            switch op {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            default: return false
            }
        }
    }

    /// LIKE's `*` and `?` as a regular expression.
    private static func likePattern(_ like: String) -> String {
        var pattern = ""
        for character in like {
            switch character {
            case "*": pattern += ".*"
            case "?": pattern += "."
            default: pattern += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return pattern
    }

    private static func matches(_ text: String, pattern: String, options: NSRegularExpression.Options) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: options) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// Reads a predicate format.
struct PredicateParser {
    enum Token: Equatable {
        case word(String)
        case string(String)
        case number(Double)
        case symbol(String)
        case argument(Character)
    }

    private var tokens: [Token] = []
    private var position = 0
    private var arguments: [Any]
    private var argumentIndex = 0

    /// Parses `format` with `arguments` for its `%@`-style specifiers.
    static func parse(_ format: String, arguments: [Any]) throws -> PredicateNode {
        var parser = PredicateParser(arguments: arguments)
        parser.tokens = try tokenize(format)
        let node = try parser.parseOr()
        guard parser.position == parser.tokens.count else {
            throw PredicateSyntaxError(description: "Unable to parse the format string \"\(format)\": unexpected \(parser.tokens[parser.position])")
        }
        return node
    }

    private init(arguments: [Any]) { self.arguments = arguments }

    private static func tokenize(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            if character == "'" || character == "\"" {
                var value = ""
                index += 1
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                        switch characters[index] {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(characters[index])
                        }
                    } else {
                        value.append(characters[index])
                    }
                    index += 1
                }
                guard index < characters.count else {
                    throw PredicateSyntaxError(description: "Unable to parse the format string \"\(text)\": an unterminated string")
                }
                index += 1
                tokens.append(.string(value))
            } else if character == "%" {
                var end = index + 1
                while end < characters.count, "lhq".contains(characters[end]) { end += 1 }
                guard end < characters.count else {
                    throw PredicateSyntaxError(description: "Unable to parse the format string \"\(text)\": a lone %")
                }
                tokens.append(.argument(characters[end]))
                index = end + 1
            } else if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index + 1
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                tokens.append(.number(Double(String(characters[index..<end])) ?? 0))
                index = end
            } else if character.isLetter || character == "_" || character == "$" || character == "#" || character == "@" {
                var end = index + 1
                while end < characters.count,
                      characters[end].isLetter || characters[end].isNumber || "_.$@".contains(characters[end]) { end += 1 }
                var word = String(characters[index..<end])
                if word.hasPrefix("#") { word.removeFirst() }
                tokens.append(.word(word))
                index = end
            } else {
                let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                    tokens.append(.symbol(two))
                    index += 2
                } else if "=<>!(){},[]".contains(character) {
                    tokens.append(.symbol(String(character)))
                    index += 1
                } else {
                    throw PredicateSyntaxError(description: "Unable to parse the format string \"\(text)\": unexpected '\(character)'")
                }
            }
        }
        return tokens
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private func isWord(_ words: String...) -> Bool {
        if case .word(let word) = current { return words.contains(word.uppercased()) }
        return false
    }

    private mutating func parseOr() throws -> PredicateNode {
        var node = try parseAnd()
        while isWord("OR") || current == .symbol("||") {
            position += 1
            node = .or(node, try parseAnd())
        }
        return node
    }

    private mutating func parseAnd() throws -> PredicateNode {
        var node = try parseNot()
        while isWord("AND") || current == .symbol("&&") {
            position += 1
            node = .and(node, try parseNot())
        }
        return node
    }

    private mutating func parseNot() throws -> PredicateNode {
        if isWord("NOT") || current == .symbol("!") {
            position += 1
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws -> PredicateNode {
        if current == .symbol("(") {
            position += 1
            let node = try parseOr()
            guard current == .symbol(")") else { throw PredicateSyntaxError(description: "Unable to parse the format string: a missing )") }
            position += 1
            return node
        }
        if isWord("TRUEPREDICATE") { position += 1; return .constant(true) }
        if isWord("FALSEPREDICATE") { position += 1; return .constant(false) }
        let left = try parseOperand()
        let (op, options) = try parseOperator()
        let right = try parseOperand()
        return .comparison(left, op, right, options)
    }

    private mutating func parseOperator() throws -> (PredicateOperator, PredicateOptions) {
        guard let token = current else { throw PredicateSyntaxError(description: "Unable to parse the format string: a missing operator") }
        position += 1
        var op: PredicateOperator
        switch token {
        case .symbol("=="), .symbol("="): op = .equal
        case .symbol("!="), .symbol("<>"): op = .notEqual
        case .symbol("<"): op = .less
        case .symbol("<="), .symbol("=<"): op = .lessOrEqual
        case .symbol(">"): op = .greater
        case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
        case .word(let word):
            guard let named = PredicateOperator(rawValue: word.uppercased()), named.rawValue.first?.isLetter == true else {
                throw PredicateSyntaxError(description: "Unable to parse the format string: '\(word)' is not an operator")
            }
            op = named
        default:
            throw PredicateSyntaxError(description: "Unable to parse the format string: \(token) is not an operator")
        }
        var options: PredicateOptions = []
        if current == .symbol("[") {
            position += 1
            guard case .word(let letters) = current else { throw PredicateSyntaxError(description: "Unable to parse the format string: options after [") }
            for letter in letters.lowercased() {
                switch letter {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                case "n", "l": break
                default: throw PredicateSyntaxError(description: "Unable to parse the format string: the option [\(letters)]")
                }
            }
            position += 1
            guard current == .symbol("]") else { throw PredicateSyntaxError(description: "Unable to parse the format string: a missing ]") }
            position += 1
        }
        return (op, options)
    }

    private mutating func parseOperand() throws -> PredicateOperand {
        guard let token = current else { throw PredicateSyntaxError(description: "Unable to parse the format string: a missing operand") }
        position += 1
        switch token {
        case .string(let text): return .value(.string(text))
        case .number(let number): return .value(.number(number))
        case .word(let word):
            switch word.uppercased() {
            case "YES", "TRUE": return .value(.bool(true))
            case "NO", "FALSE": return .value(.bool(false))
            case "NIL", "NULL": return .value(.null)
            default: return .key(word)
            }
        case .argument(let specifier):
            guard argumentIndex < arguments.count else {
                throw PredicateSyntaxError(description: "Unable to parse the format string: more specifiers than arguments")
            }
            let argument = arguments[argumentIndex]
            argumentIndex += 1
            if specifier == "K" { return .key(String(describing: argument)) }
            return .value(PredicateValue(argument))
        case .symbol("{"):
            var items: [PredicateValue] = []
            while current != .symbol("}") {
                guard case .value(let value) = try parseOperand() else {
                    throw PredicateSyntaxError(description: "Unable to parse the format string: a key in an aggregate")
                }
                items.append(value)
                if current == .symbol(",") { position += 1 } else if current != .symbol("}") {
                    throw PredicateSyntaxError(description: "Unable to parse the format string: a missing }")
                }
            }
            position += 1
            return .value(.list(items))
        default:
            throw PredicateSyntaxError(description: "Unable to parse the format string: \(token) is not an operand")
        }
    }
}

/// The formats of the predicates this module made, for descriptions and parse errors.
enum PredicateFormats {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: (predicate: Weak, format: String, error: String?)] = [:]

    final class Weak {
        weak var predicate: NSPredicate?
        init(_ predicate: NSPredicate) { self.predicate = predicate }
    }

    static func remember(_ predicate: NSPredicate, format: String, error: String?) {
        lock.withLock {
            entries = entries.filter { $0.value.predicate.predicate != nil }
            entries[ObjectIdentifier(predicate)] = (Weak(predicate), format, error)
        }
    }

    /// The format `predicate` was made from, and why it could not be read (if so).
    static func lookup(_ predicate: NSPredicate) -> (format: String, error: String?)? {
        lock.withLock {
            guard let entry = entries[ObjectIdentifier(predicate)], entry.predicate.predicate === predicate else { return nil }
            return (entry.format, entry.error)
        }
    }
}

extension NSPredicate {
    /// A predicate read from a format string, as Foundation's `NSPredicate(format:)` on
    /// Apple's platforms, for the forms UI tests filter elements with (see the UI tests
    /// article): comparisons of element attributes (`label`, `identifier`, `value`,
    /// `title`, `placeholderValue`, `elementType`, `isEnabled`, `isSelected`, `hasFocus`,
    /// `exists`, `isHittable`) with `==`, `!=`, `<`, `>`, `CONTAINS`, `BEGINSWITH`,
    /// `ENDSWITH`, `LIKE`, `MATCHES`, `IN`, the `[c]` and `[d]` options, `AND`, `OR`, `NOT`
    /// and `%@`/`%K`/`%d` arguments. A format it cannot read evaluates to false, and a
    /// query that uses it fails the test with the reason.
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// `init(format:_:)` with the arguments in an array.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let node: PredicateNode
        var failure: String?
        do {
            node = try PredicateParser.parse(predicateFormat, arguments: arguments ?? [])
        } catch {
            node = .constant(false)
            failure = "\(error)"
        }
        self.init { object, _ in node.evaluate(object) }
        PredicateFormats.remember(self, format: predicateFormat, error: failure)
    }
}
