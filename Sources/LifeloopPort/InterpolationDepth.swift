/// How deep string literals nest inside string interpolations (`"a\("b\("c")")"` is 3
/// deep), found with a small lexical scan before a file is parsed.
///
/// swift-syntax's lexer copies its whole stack of string states each time it enters a
/// string or an interpolation, and keeps every copy until the parse ends: memory grows
/// with the square of the nesting (a 30 KB file of nested interpolations took 1.75 GB).
/// The port step does not parse a file nested deeper than ``limit``; no written code
/// comes close.
enum InterpolationDepth {
    /// The deepest nesting the port step parses.
    static let limit = 32

    private enum Frame {
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// The first place where string literals nest deeper than `limit`: the depth there and
    /// its 1-based line and column (in UTF-8 bytes); nil when the text never does.
    static func firstExcess(in text: String, limit: Int = limit) -> (depth: Int, line: Int, column: Int)? {
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        let open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        var bytes = Array(text.utf8)
        bytes.append(0)
        let end = bytes.count - 1
        var stack: [Frame] = [.code(parentheses: 0)]
        var depth = 0
        var line = 1
        var lineStart = 0
        var index = 0
        /// The number of `#` from `start`.
        func hashes(from start: Int) -> Int {
            var count = 0
            while start + count < end, bytes[start + count] == hash { count += 1 }
            return count
        }
        func isTripleQuote(_ at: Int) -> Bool { at + 2 < end && bytes[at + 1] == quote && bytes[at + 2] == quote }
        while index < end {
            let byte = bytes[index]
            if byte == newline { line += 1; lineStart = index + 1 }
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                if byte == slash, bytes[index + 1] == slash {
                    while index < end, bytes[index] != newline { index += 1 }
                    continue
                }
                if byte == slash, bytes[index + 1] == star {
                    var nesting = 1
                    index += 2
                    while index < end, nesting > 0 {
                        if bytes[index] == newline { line += 1; lineStart = index + 1 }
                        if bytes[index] == slash, bytes[index + 1] == star { nesting += 1; index += 1 }
                        else if bytes[index] == star, bytes[index + 1] == slash { nesting -= 1; index += 1 }
                        index += 1
                    }
                    continue
                }
                if byte == quote || byte == hash {
                    let count = byte == hash ? hashes(from: index) : 0
                    let quoteAt = index + count
                    guard quoteAt < end, bytes[quoteAt] == quote else { index += max(count, 1); continue }
                    let multiline = isTripleQuote(quoteAt)
                    stack.append(.string(multiline: multiline, hashes: count))
                    depth += 1
                    if depth > limit { return (depth, line, index - lineStart + 1) }
                    index = quoteAt + (multiline ? 3 : 1)
                    continue
                }
                if byte == open {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                } else if byte == close {
                    if parentheses == 0, stack.count > 1 {
                        stack.removeLast()   // the interpolation's end: back in its string
                    } else {
                        stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1))
                    }
                }
                index += 1
            case .string(let multiline, let count):
                if byte == backslash {
                    if hashes(from: index + 1) >= count {
                        let after = index + 1 + count
                        if after < end, bytes[after] == open {
                            stack.append(.code(parentheses: 0))
                            index = after + 1
                        } else {
                            index = after + 1   // an escaped character (or a line continuation)
                            if after < end, bytes[after] == newline { line += 1; lineStart = after + 1 }
                        }
                        continue
                    }
                    index += 1
                    continue
                }
                if byte == quote, !multiline || isTripleQuote(index) {
                    let closingHashes = index + (multiline ? 3 : 1)
                    if hashes(from: closingHashes) >= count {
                        stack.removeLast()
                        depth -= 1
                        index = closingHashes + count
                        continue
                    }
                }
                if byte == newline, !multiline {
                    // An unterminated single-line string ends at its line, as the lexer recovers.
                    stack.removeLast()
                    depth -= 1
                }
                index += 1
            }
        }
        return nil
    }
}
