import Foundation

/// A `.strings` file as Xcode writes it: `"key" = "value";` entries, `/* */` and `//`
/// comments, backslash escapes, in UTF-8 or UTF-16 (with a byte-order mark, or guessed).
public enum StringsFile {
    /// What went wrong reading a file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// Where and what.
        public let description: String
    }

    /// The entries of a file's bytes.
    /// - Throws: ``Failure`` naming the line for text that is not a strings table.
    public static func entries(data: Data) throws -> [String: String] {
        try entries(text: decode(data))
    }

    /// The entries of a file; nil for a missing or malformed one.
    public static func entries(path: String) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? entries(data: data)
    }

    /// The text of a file's bytes: UTF-16 after a byte-order mark (or when every other
    /// byte of the start is zero), else UTF-8 (a mark skipped).
    public static func decode(_ data: Data) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return String(decoding: utf16(bytes.dropFirst(2), little: true), as: UTF16.self) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(decoding: utf16(bytes.dropFirst(2), little: false), as: UTF16.self) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[1] == 0, bytes[0] != 0 { return String(decoding: utf16(bytes[...], little: true), as: UTF16.self) }
            if bytes[0] == 0, bytes[1] != 0 { return String(decoding: utf16(bytes[...], little: false), as: UTF16.self) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, little: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(little ? second << 8 | first : first << 8 | second)
            index += 2
        }
        return units
    }

    /// The entries of a file's text.
    /// - Throws: ``Failure`` naming the line for text that is not a strings table.
    public static func entries(text: String) throws -> [String: String] {
        var reader = Reader(characters: Array(text.unicodeScalars))
        var result: [String: String] = [:]
        while true {
            try reader.skipSpaceAndComments()
            guard !reader.atEnd else { break }
            let key = try reader.word()
            try reader.skipSpaceAndComments()
            if reader.peek == ";" {
                reader.index += 1
                result[key] = key
                continue
            }
            try reader.expect("=")
            try reader.skipSpaceAndComments()
            let value = try reader.word()
            try reader.skipSpaceAndComments()
            try reader.expect(";")
            result[key] = value
        }
        return result
    }

    private struct Reader {
        let characters: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= characters.count }
        var peek: Unicode.Scalar? { atEnd ? nil : characters[index] }

        var line: Int { characters[..<min(index, characters.count)].filter { $0 == "\n" }.count + 1 }

        func failure(_ problem: String) -> Failure { Failure(description: "line \(line): \(problem)") }

        mutating func skipSpaceAndComments() throws {
            while let character = peek {
                if character.properties.isWhitespace {
                    index += 1
                } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                    while let next = peek, next != "\n" { index += 1 }
                } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                    index += 2
                    while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                    guard index + 1 < characters.count else { throw failure("a comment is not closed") }
                    index += 2
                } else {
                    return
                }
            }
        }

        mutating func expect(_ character: Unicode.Scalar) throws {
            guard peek == character else { throw failure("expected '\(character)'") }
            index += 1
        }

        /// A quoted string with its escapes, or an unquoted word.
        mutating func word() throws -> String {
            guard let first = peek else { throw failure("expected a string") }
            var text = String.UnicodeScalarView()
            if first != "\"" {
                while let character = peek, character.properties.isAlphabetic || ("0"..."9").contains(character)
                        || "_$:./-".unicodeScalars.contains(character) {
                    text.append(character)
                    index += 1
                }
                guard !text.isEmpty else { throw failure("expected a string, found '\(first)'") }
                return String(text)
            }
            index += 1
            while true {
                guard let character = peek else { throw failure("a string is not closed") }
                index += 1
                if character == "\"" { return String(text) }
                guard character == "\\" else { text.append(character); continue }
                guard let escaped = peek else { throw failure("a string is not closed") }
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "a": text.append("\u{07}")
                case "b": text.append("\u{08}")
                case "f": text.append("\u{0C}")
                case "v": text.append("\u{0B}")
                case "U", "u":
                    var digits = ""
                    while digits.count < 4, let digit = peek, digit.properties.isASCIIHexDigit {
                        digits.unicodeScalars.append(digit)
                        index += 1
                    }
                    var code = UInt32(digits, radix: 16) ?? 0xFFFD
                    // A surrogate pair written as two escapes.
                    if (0xD800..<0xDC00).contains(code), index + 5 < characters.count, characters[index] == "\\",
                       characters[index + 1] == "U" || characters[index + 1] == "u",
                       let low = UInt32(String(String.UnicodeScalarView(characters[(index + 2)..<(index + 6)])), radix: 16),
                       (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    text.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                case "0"..."7":
                    var value = escaped.value - 48
                    var count = 1
                    while count < 3, let digit = peek, ("0"..."7").contains(digit) {
                        value = value * 8 + digit.value - 48
                        index += 1
                        count += 1
                    }
                    text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default: text.append(escaped)
                }
            }
        }
    }
}
