/// Strings, numbers and literals: each read and checked where it stands, one tape word
/// (two for most numbers) written.
extension JSONParser {
    // MARK: Literals

    mutating func literal(at start: Int, _ text: StaticString, _ kind: UInt64,
                          tape: inout JSONTapeBuffer) throws(JSONReaderError) -> Int {
        let length = text.utf8CodeUnitCount
        var matches = start &+ length <= input.count
        if matches {
            let expected = text.utf8Start
            for offset in 0..<length where input[start &+ offset] != expected[offset] {
                matches = false
                break
            }
        }
        guard matches else { throw fail(start, "invalid literal: expected true, false or null") }
        guard tape.append(JSONTape.word(kind, offset: start)) else { throw outOfMemory(start) }
        return start &+ length
    }

    // MARK: Strings

    /// Reads the string whose opening quote is at `start`; returns the index after its
    /// closing quote.
    mutating func string(at start: Int, tape: inout JSONTapeBuffer) throws(JSONReaderError) -> Int {
        let count = input.count
        let first = start &+ 1
        var index = first
        var escaped = false
        scan: while true {
            // Eight plain bytes at a time: none is '"', '\\', a control character or non-ASCII.
            while index &+ 8 <= count {
                let special = JSONParser.specialBytes(load8(index))
                if special != 0 {
                    index &+= special.trailingZeroBitCount >> 3
                    break
                }
                index &+= 8
            }
            guard index < count else { throw fail(start, "unterminated string") }
            let byte = input[index]
            switch byte {
            case 0x22:
                break scan
            case 0x5C:
                escaped = true
                index = try escape(at: index, stringStart: start)
            case 0x00..<0x20:
                throw fail(index, "unescaped control character \(JSONParser.scalarName(UInt32(byte))) in a string")
            case 0x80...:
                index = try utf8Sequence(at: index)
            default:
                index &+= 1
            }
        }
        let length = UInt64(index &- first)
        let flags = escaped ? JSONTape.flagBit : 0
        let word = JSONTape.word(JSONTape.string, offset: start) | flags
            | min(length, JSONTape.lengthMask) << JSONTape.payloadShift
        guard tape.append(word) else { throw outOfMemory(start) }
        return index &+ 1
    }

    /// The bytes of `word` that end a run of plain string text, as their high bits: a quote,
    /// a backslash, a control character or a non-ASCII byte. The lowest set bit is exact.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control | word) & highs
    }

    /// Checks the escape whose backslash is at `index`; returns the index after it.
    func escape(at index: Int, stringStart: Int) throws(JSONReaderError) -> Int {
        let count = input.count
        guard index &+ 1 < count else { throw fail(stringStart, "unterminated string") }
        switch input[index &+ 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: // " \ / b f n r t
            return index &+ 2
        case 0x75: // u
            let unit = try hex4(at: index &+ 2, escape: index)
            switch unit {
            case 0xD800...0xDBFF:
                if index &+ 7 < count, input[index &+ 6] == 0x5C, input[index &+ 7] == 0x75 {
                    let low = try hex4(at: index &+ 8, escape: index &+ 6)
                    if (0xDC00...0xDFFF).contains(low) { return index &+ 12 }
                }
                throw fail(index, "unpaired surrogate \\u\(JSONParser.hex4Text(unit)) in a string: a high surrogate must be followed by a \\u escape of a low one")
            case 0xDC00...0xDFFF:
                throw fail(index, "unpaired surrogate \\u\(JSONParser.hex4Text(unit)) in a string: a low surrogate must follow a high one")
            default:
                return index &+ 6
            }
        default:
            let what = index &+ 1 < count && input[index &+ 1] > 0x20 && input[index &+ 1] < 0x7F
                ? "'\\\(Character(Unicode.Scalar(input[index &+ 1])))'" : "\\ followed by \(found(index &+ 1))"
            throw fail(index, "invalid escape \(what) in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    /// The four hexadecimal digits at `index` of a `\u` escape that starts at `escape`.
    func hex4(at index: Int, escape: Int) throws(JSONReaderError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let position = index &+ offset
            guard position < input.count, let digit = JSONParser.hexDigit(input[position]) else {
                throw fail(escape, "invalid \\u escape in a string: expected 4 hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x41...0x46: return byte &- 0x41 &+ 10
        case 0x61...0x66: return byte &- 0x61 &+ 10
        default: return nil
        }
    }

    static func hex4Text(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Checks the UTF-8 sequence that starts at `index` (Unicode's table of well-formed
    /// byte sequences: no overlong forms, no surrogates, nothing above U+10FFFF); returns
    /// the index after it.
    func utf8Sequence(at index: Int) throws(JSONReaderError) -> Int {
        let lead = input[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw fail(index, "invalid UTF-8 in a string: byte \(JSONParser.hex(lead)) cannot start a character")
        }
        guard index &+ length <= input.count else {
            throw fail(index, "invalid UTF-8 in a string: the character starting with byte \(JSONParser.hex(lead)) is cut off")
        }
        for offset in 1..<length {
            let byte = input[index &+ offset]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else {
                throw fail(index &+ offset, "invalid UTF-8 in a string: byte \(JSONParser.hex(byte)) after \(JSONParser.hex(lead))")
            }
        }
        return index &+ length
    }

    // MARK: Numbers

    /// Reads the number that starts at `start`; returns the index after it.
    mutating func number(at start: Int, tape: inout JSONTapeBuffer) throws(JSONReaderError) -> Int {
        let count = input.count
        var index = start
        let negative = input[index] == 0x2D
        if negative { index &+= 1 }
        guard index < count, JSONParser.isDigit(input[index]) else {
            throw fail(index, "expected a digit after '-', found \(found(index))")
        }

        // The value is significand × 10^exponent; digits past 19 only move the exponent.
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var droppedDigits = false
        var isInteger = true

        if input[index] == 0x30 {
            index &+= 1
            if index < count, JSONParser.isDigit(input[index]) {
                throw fail(start, "leading zeros are not allowed in a number")
            }
        } else {
            while index < count, JSONParser.isDigit(input[index]) {
                let digit = UInt64(input[index] &- 0x30)
                if significantDigits < 19 {
                    significand = significand &* 10 &+ digit
                    significantDigits &+= 1
                } else {
                    exponent &+= 1
                    droppedDigits = droppedDigits || digit != 0
                }
                index &+= 1
            }
        }
        if index < count, input[index] == 0x2E { // .
            isInteger = false
            index &+= 1
            guard index < count, JSONParser.isDigit(input[index]) else {
                throw fail(index, "expected a digit after the decimal point, found \(found(index))")
            }
            while index < count, JSONParser.isDigit(input[index]) {
                let digit = UInt64(input[index] &- 0x30)
                if significantDigits < 19 {
                    significand = significand &* 10 &+ digit
                    // Leading zeros of a fraction (0.001) are not significant.
                    if significand != 0 { significantDigits &+= 1 }
                    exponent &-= 1
                } else {
                    droppedDigits = droppedDigits || digit != 0
                }
                index &+= 1
            }
        }
        if index < count, input[index] | 0x20 == 0x65 { // e or E
            isInteger = false
            index &+= 1
            var exponentNegative = false
            if index < count, input[index] == 0x2B || input[index] == 0x2D {
                exponentNegative = input[index] == 0x2D
                index &+= 1
            }
            guard index < count, JSONParser.isDigit(input[index]) else {
                throw fail(index, "expected a digit in the exponent, found \(found(index))")
            }
            var written = 0
            while index < count, JSONParser.isDigit(input[index]) {
                // Capped beyond any digit count an input can have: the value is 0 or infinite.
                if written < 1 << 40 { written = written &* 10 &+ Int(input[index] &- 0x30) }
                index &+= 1
            }
            exponent = exponentNegative ? exponent &- written : exponent &+ written
        }

        // An integer written without fraction or exponent that fits an Int64 is kept exactly.
        if isInteger, !droppedDigits, exponent == 0, !(negative && significand == 0) {
            let exact: Int64?
            if negative {
                exact = significand <= UInt64(Int64.max) ? -Int64(significand)
                    : significand == UInt64(Int64.max) &+ 1 ? Int64.min : nil
            } else {
                exact = significand <= UInt64(Int64.max) ? Int64(significand) : nil
            }
            if let exact {
                if JSONTape.smallIntegerRange.contains(exact) {
                    let word = JSONTape.word(JSONTape.smallInteger, payload: UInt64(bitPattern: exact), offset: start)
                    guard tape.append(word) else { throw outOfMemory(start) }
                } else {
                    let word = JSONTape.word(JSONTape.number, offset: start) | JSONTape.flagBit
                    guard tape.append(word), tape.append(UInt64(bitPattern: exact)) else { throw outOfMemory(start) }
                }
                return index
            }
        }

        var value: Double
        if significand == 0, !droppedDigits {
            value = 0
        } else if !droppedDigits, let fast = JSONParser.fastDouble(significand, exponent) {
            value = fast
        } else {
            // Correctly rounded by the C library; only long or extreme literals come here.
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[(negative ? start &+ 1 : start)..<index]), as: UTF8.self)
            value = Double(text) ?? .infinity
        }
        if negative { value = -value }
        guard value.isFinite else {
            throw fail(start, "number out of range: its magnitude is too large for a 64-bit float")
        }
        guard tape.append(JSONTape.word(JSONTape.number, offset: start)), tape.append(value.bitPattern) else {
            throw outOfMemory(start)
        }
        return index
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Powers of ten that a double holds exactly.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// significand × 10^exponent when one correctly rounded multiplication or division of
    /// two exact doubles gives it (Clinger's fast path), else nil.
    @inline(__always)
    static func fastDouble(_ significand: UInt64, _ exponent: Int) -> Double? {
        guard significand <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let value = Double(significand)
        return exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
    }
}
