/// A value of an old-style (OpenStep) property list, the text form Xcode writes its
/// `project.pbxproj` in: `{ key = value; }` dictionaries, `( a, b, )` arrays and strings,
/// quoted or bare, with `/* … */` and `// …` comments.
public indirect enum OldStylePropertyList: Sendable, Equatable {
    /// A string (quoted or bare; the format has no numbers of its own).
    case string(String)
    /// An array, in file order.
    case array([OldStylePropertyList])
    /// A dictionary; keys in file order, as Xcode wrote them.
    case dictionary([(key: String, value: OldStylePropertyList)])
    /// Hexadecimal data, `<0fbd 7777>`.
    case data([UInt8])

    /// Whether two values are the same kind with equal contents (dictionaries: the same
    /// keys in the same order).
    public static func == (lhs: OldStylePropertyList, rhs: OldStylePropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The string; nil for another kind of value.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The array; nil for another kind of value.
    public var array: [OldStylePropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The strings of an array of strings (others left out); nil when not an array.
    public var strings: [String]? { array?.compactMap(\.string) }

    /// A dictionary's value for `key` (the last one when a key repeats); nil when missing
    /// or not a dictionary.
    public subscript(key: String) -> OldStylePropertyList? {
        guard case .dictionary(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// A dictionary's members; nil for another kind of value.
    public var members: [(key: String, value: OldStylePropertyList)]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// Parses a whole file: one value, then only white space and comments.
    /// - Parameters:
    ///   - bytes: The file, UTF-8 (the `// !$*UTF8*$!` Xcode starts with is a comment).
    ///   - maxDepth: The deepest nesting of arrays and dictionaries accepted.
    /// - Throws: ``OldStylePropertyListError`` with the line and column of the problem.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 128) throws(OldStylePropertyListError) -> OldStylePropertyList {
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        return try parser.document()
    }

    /// Parses a whole file from text.
    public static func parse(_ text: String, maxDepth: Int = 128) throws(OldStylePropertyListError) -> OldStylePropertyList {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// Why an old-style property list could not be read: the line and column (from 1) and
/// what was found there.
public struct OldStylePropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, in bytes from 1.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

private struct Parser {
    let bytes: [UInt8]
    let maxDepth: Int
    var position = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func error(_ message: String, at offset: Int? = nil) -> OldStylePropertyListError {
        let end = min(offset ?? position, bytes.count)
        var line = 1, lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return OldStylePropertyListError(line: line, column: end - lineStart + 1, message: message)
    }

    /// What stands at the position, for messages.
    func found() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"): return true
        default: return false
        }
    }

    mutating func skipSpace() throws(OldStylePropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position + 1 < bytes.count else { throw error("a comment /* is never closed", at: start) }
                position += 2
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }

    mutating func document() throws(OldStylePropertyListError) -> OldStylePropertyList {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipSpace()
        guard position < bytes.count else { throw error("the file is empty: expected a dictionary, an array or a string") }
        let root = try value(depth: 0)
        try skipSpace()
        guard position == bytes.count else { throw error("expected the end of the file after the top-level value, found \(found())") }
        return root
    }

    mutating func value(depth: Int) throws(OldStylePropertyListError) -> OldStylePropertyList {
        guard position < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < maxDepth else { throw error("nested deeper than \(maxDepth) levels") }
            return try dictionary(depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < maxDepth else { throw error("nested deeper than \(maxDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try quoted())
        case UInt8(ascii: "<"):
            return .data(try data())
        default:
            return .string(try bare(expected: "a value"))
        }
    }

    mutating func bare(expected: String) throws(OldStylePropertyListError) -> String {
        let start = position
        while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
        guard position > start else { throw error("expected \(expected), found \(found())") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func key() throws(OldStylePropertyListError) -> String {
        guard position < bytes.count else { throw error("expected a key or '}', found the end of the file") }
        if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") { return try quoted() }
        return try bare(expected: "a key or '}'")
    }

    mutating func dictionary(depth: Int) throws(OldStylePropertyListError) -> OldStylePropertyList {
        let open = position
        position += 1
        var members: [(key: String, value: OldStylePropertyList)] = []
        while true {
            try skipSpace()
            guard position < bytes.count else { throw error("the dictionary opened here is never closed", at: open) }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .dictionary(members)
            }
            let name = try key()
            try skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("expected '=' after the key \"\(name)\", found \(found())")
            }
            position += 1
            try skipSpace()
            let member = try value(depth: depth)
            try skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of \"\(name)\", found \(found())")
            }
            position += 1
            members.append((name, member))
        }
    }

    mutating func array(depth: Int) throws(OldStylePropertyListError) -> OldStylePropertyList {
        let open = position
        position += 1
        var elements: [OldStylePropertyList] = []
        while true {
            try skipSpace()
            guard position < bytes.count else { throw error("the array opened here is never closed", at: open) }
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                return .array(elements)
            }
            elements.append(try value(depth: depth))
            try skipSpace()
            guard position < bytes.count else { throw error("the array opened here is never closed", at: open) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' in an array, found \(found())")
            }
        }
    }

    mutating func quoted() throws(OldStylePropertyListError) -> String {
        let open = position
        let quote = bytes[position]
        position += 1
        var out: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("the string opened here is never closed", at: open) }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                break
            }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { throw error("the string opened here is never closed", at: open) }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0, digits = 0
                while digits < 4, position < bytes.count, let digit = Self.hexDigit(bytes[position]) {
                    value = value * 16 + UInt32(digit)
                    position += 1
                    digits += 1
                }
                guard digits > 0, let scalar = Unicode.Scalar(value) else {
                    throw error("\\U must be followed by 1 to 4 hexadecimal digits of a Unicode scalar", at: position - 1)
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - UInt8(ascii: "0")), digits = 1
                while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                    value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                    digits += 1
                }
                guard value <= 0xFF, let scalar = Unicode.Scalar(value) else { throw error("an octal escape above \\377", at: position - 1) }
                // The character of that code (Latin-1 above 127), not a raw byte.
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                out.append(escape)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw error("the string opened here is not valid UTF-8", at: open)
        }
        return text
    }

    mutating func data() throws(OldStylePropertyListError) -> [UInt8] {
        let open = position
        position += 1
        var out: [UInt8] = []
        var high: UInt8?
        while true {
            guard position < bytes.count else { throw error("the data opened here is never closed", at: open) }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { break }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D { continue }
            guard let digit = Self.hexDigit(byte) else { throw error("data holds hexadecimal digits only, found \(byte)", at: position - 1) }
            if let first = high {
                out.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        guard high == nil else { throw error("data has an odd number of hexadecimal digits", at: open) }
        return out
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
