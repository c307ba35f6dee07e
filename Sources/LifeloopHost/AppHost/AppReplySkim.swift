/// A successful reply from an app process, read without parsing its result: the daemon
/// passes most results on to a client as they are, and needs only the call's id and the
/// result's `turn` and `digest` (top-level members of the result) to do so.
///
/// The app's replies are written by the JSON writer. The skim checks their framing (one
/// object; strings closed and free of control bytes; brackets matched, at most
/// ``RPCMessage/replyDepth`` deep; the scalars it passes over made of the bytes of
/// literals and numbers) and gives up, leaving the line to the full reader, on anything
/// else: a notification, an error reply, an escape in a key, a member it does not know.
/// The client reads what it is sent with a full reader in any case.
struct AppReplySkim: Equatable {
    /// The reply's id.
    var id: Int
    /// The bytes of the result's text in the line.
    var result: Range<Int>
    /// The result's `turn`, when it is an object with a `turn` (an integer, or the skim
    /// gives up).
    var turn: Int?
    /// The result's `digest`, when it is an object with a `digest` (a string without
    /// escapes, or the skim gives up).
    var digest: String?

    /// Skims `line`; nil when it is not a reply the skim reads (the full reader decides).
    static func read(_ line: String) -> AppReplySkim? {
        var line = line
        return line.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.reply()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func reply() -> AppReplySkim? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var id: Int?
            var skim: AppReplySkim?
            repeat {
                guard let key = key(), take(UInt8(ascii: ":")) else { return nil }
                spaces()
                switch key {
                case "id":
                    guard let value = integer() else { return nil }
                    id = value
                case "jsonrpc":
                    guard skipValue() else { return nil }
                case "result":
                    guard skim == nil else { return nil }
                    let start = index
                    var turn: Int?, digest: String?
                    if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                        guard resultMembers(turn: &turn, digest: &digest) else { return nil }
                    } else {
                        guard skipValue() else { return nil }
                    }
                    skim = AppReplySkim(id: 0, result: start..<index, turn: turn, digest: digest)
                default:
                    // An error reply, a notification, anything else: the full reader's.
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            spaces()
            guard index == bytes.count, let id, var skim else { return nil }
            skim.id = id
            return skim
        }

        /// The members of the result object, its `turn` and `digest` read, the rest skipped.
        mutating func resultMembers(turn: inout Int?, digest: inout String?) -> Bool {
            index += 1
            spaces()
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = key(), take(UInt8(ascii: ":")) else { return false }
                spaces()
                let start = index
                guard skipValue(depth: 1) else { return false }
                // The first of each counts, as for the full reader; one the skim cannot read
                // as the full reader would leaves the line to it.
                if key == "turn", turn == nil {
                    var reader = Reader(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    guard let value = reader.integer(), reader.index == reader.bytes.count else { return false }
                    turn = value
                } else if key == "digest", digest == nil {
                    var end = index
                    while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
                    guard end - start >= 2, bytes[start] == UInt8(ascii: "\""),
                          !bytes[start..<end].contains(UInt8(ascii: "\\")) else { return false }
                    digest = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
                }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// A key without escapes, as a String (keys are short).
        mutating func key() -> String? {
            spaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            index = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// An integer that is the whole value (`-`, digits; not `1.5`, not `1e3`).
        mutating func integer() -> Int? {
            spaces()
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
                guard !overflow, !overflow2 else { return nil }
                value = sum
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
            spaces()
            return negative ? -value : value
        }

        /// Passes over one value; false when its framing is wrong.
        mutating func skipValue(depth: Int = 0) -> Bool {
            spaces()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard skipContainer(depth: depth) else { return false }
            default:
                let start = index
                while index < bytes.count, Self.isScalar(bytes[index]) { index += 1 }
                guard index > start else { return false }
            }
            spaces()
            return true
        }

        /// Passes over a string from its opening quote.
        mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                if byte < 0x20 { return false }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            return false
        }

        /// Passes over an array or object from its opening bracket, each closing bracket
        /// checked against the one it closes.
        mutating func skipContainer(depth: Int) -> Bool {
            let limit = RPCMessage.replyDepth
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit + 1) { open in
                var level = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        guard depth + level < limit else { return false }
                        open[level] = byte
                        level += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        // `[` + 2 is `]`, `{` + 2 is `}`.
                        guard level > 0, open[level - 1] + 2 == byte else { return false }
                        level -= 1
                        if level == 0 {
                            index += 1
                            return true
                        }
                    default:
                        guard Self.isScalar(byte) || Self.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") else { return false }
                    }
                    index += 1
                }
                return false
            }
        }

        /// Skips spaces, tabs, carriage returns and newlines.
        mutating func spaces() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        /// `byte`, after spaces.
        mutating func take(_ byte: UInt8) -> Bool {
            spaces()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A byte of `true`, `false`, `null` or a number.
        @inline(__always)
        static func isScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "E"),
                 UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "f"), UInt8(ascii: "l"), UInt8(ascii: "n"),
                 UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                return true
            default:
                return false
            }
        }

        /// A space, tab, carriage return or newline.
        @inline(__always)
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
        }
    }
}
