/// JSON written by hand in a fixed form (traces, reports): the same value always gives
/// the same bytes.
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped (`\u001f`,
    /// lowercase hex), everything else as it is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// ``quoted(_:)``'s UTF-8, appended to `out` without making a String: runs that need
    /// no escape are copied at once, found eight bytes at a time.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs that need no escape are copied at once; they are found eight bytes at a
            // time.
            var run = 0
            var index = 0
            let count = bytes.count
            while index < count {
                if let base = bytes.baseAddress {
                    while index &+ 8 <= count, !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                        index &+= 8
                    }
                    guard index < count else { break }
                }
                let byte = bytes[index]
                index &+= 1
                guard byte < 32 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                let at = index &- 1
                if run < at { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<at])) }
                run = index
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
                case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
                case 10: out.append(contentsOf: [92, UInt8(ascii: "n")])
                case 13: out.append(contentsOf: [92, UInt8(ascii: "r")])
                case 9: out.append(contentsOf: [92, UInt8(ascii: "t")])
                default:
                    let hex: StaticString = "0123456789abcdef"
                    let digits = hex.utf8Start
                    out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, digits[Int(byte >> 4)], digits[Int(byte & 15)]])
                }
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes is below 0x20, a quote or a backslash; never false when
    /// one is (it may be true when none is: the bytes are then looked at one by one).
    @inline(__always)
    package static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n <= 128) leaves its high bit set in (x - n) & ~x.
        func below(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &- ones &* n) & ~x & highs }
        return below(word, 0x20) | below(word ^ (ones &* 0x22), 1) | below(word ^ (ones &* 0x5C), 1) != 0
    }
}
