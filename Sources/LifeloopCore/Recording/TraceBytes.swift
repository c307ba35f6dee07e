/// The byte writers behind the renderings and the stream: an event's line is written
/// through a pointer into room made for it once, each field's UTF-8 copied as a run, JSON
/// escapes written only where a byte needs one, numbers two digits at a time.
package enum TraceBytes {
    /// `label event` and a newline.
    @inline(__always)
    static func appendLine(label: String, name: String, to out: inout [UInt8]) {
        let room = label.utf8.count &+ name.utf8.count &+ 2
        out.append(addingCapacity: room) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                var cursor = buffer.baseAddress! + count
                cursor = writeRaw(label, to: cursor)
                cursor.pointee = UInt8(ascii: " ")
                cursor = writeRaw(name, to: cursor + 1)
                cursor.pointee = UInt8(ascii: "\n")
                count = cursor + 1 - buffer.baseAddress!
            }
        }
    }

    /// The JSON Lines form of an event and a newline: `seq`, `time`, `turn`, then
    /// `window` if not empty, `label`, `event`, then `detail` if not empty.
    @inline(__always)
    static func appendJSONLine(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String,
                               name: String, detail: String, to out: inout [UInt8]) {
        let room = jsonLineRoom(window: window, label: label, name: name, detail: detail)
        out.append(addingCapacity: room) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                let start = buffer.baseAddress! + count
                let end = writeJSONLine(sequence: sequence, time: time, turn: turn, window: window, label: label,
                                        name: name, detail: detail, to: start)
                count = end - buffer.baseAddress!
            }
        }
    }

    /// The most bytes an event's JSON line can take: the keys, three 20-digit numbers,
    /// and 6 bytes (`\u001f`) for every byte of text.
    @inline(__always)
    static func jsonLineRoom(window: String, label: String, name: String, detail: String) -> Int {
        136 &+ 6 &* (window.utf8.count &+ label.utf8.count &+ name.utf8.count &+ detail.utf8.count)
    }

    /// Writes an event's JSON line and newline at `out`, which has ``jsonLineRoom`` bytes
    /// of room; returns where it ends.
    static func writeJSONLine(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String,
                              name: String, detail: String, to out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8> {
        var cursor = literal("{\"seq\":", to: out)
        cursor = writeNumber(sequence, to: cursor)
        cursor = literal(",\"time\":", to: cursor)
        cursor = writeNumber(time, to: cursor)
        cursor = literal(",\"turn\":", to: cursor)
        cursor = writeNumber(turn, to: cursor)
        if !window.isEmpty {
            cursor = literal(",\"window\":\"", to: cursor)
            cursor = writeEscaped(window, to: cursor)
            cursor = literal("\",\"label\":\"", to: cursor)
        } else {
            cursor = literal(",\"label\":\"", to: cursor)
        }
        cursor = writeEscaped(label, to: cursor)
        cursor = literal("\",\"event\":\"", to: cursor)
        cursor = writeEscaped(name, to: cursor)
        if !detail.isEmpty {
            cursor = literal("\",\"detail\":\"", to: cursor)
            cursor = writeEscaped(detail, to: cursor)
        }
        return literal("\"}\n", to: cursor)
    }

    @inline(__always)
    private static func literal(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        copy(text.utf8Start, count: text.utf8CodeUnitCount, to: out)
    }

    /// Copies bytes; short runs (most labels and names) without a call.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8> {
        let target = UnsafeMutableRawPointer(out)
        let from = UnsafeRawPointer(source)
        if count > 16 {
            target.copyMemory(from: from, byteCount: count)
        } else if count >= 8 {
            // Two words that overlap in the middle cover 8 to 16 bytes.
            target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self),
                              toByteOffset: count &- 8, as: UInt64.self)
        } else {
            for index in 0..<count { out[index] = source[index] }
        }
        return out + count
    }

    /// A string's UTF-8 as it is.
    @inline(__always)
    private static func writeRaw(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let end = text.utf8.withContiguousStorageIfAvailable({ bytes in
            copy(bytes.baseAddress ?? UnsafePointer(out), count: bytes.count, to: out)
        }) {
            return end
        }
        var cursor = out
        for byte in text.utf8 {
            cursor.pointee = byte
            cursor += 1
        }
        return cursor
    }

    /// A string's UTF-8 inside JSON quotes (the quotes not written): `"` and `\` escaped,
    /// `\n`, `\r` and `\t` by name, other control characters as `\u00xx` in lowercase
    /// hex, everything else as it is, as ``JSONText/quoted(_:)`` writes it.
    @inline(__always)
    private static func writeEscaped(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let end = text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: out) }) {
            return end
        }
        return Array(text.utf8).withUnsafeBufferPointer { writeEscaped($0, to: out) }
    }

    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8> {
        guard let base = bytes.baseAddress else { return out }
        var cursor = out
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while none of them needs escaping (most of a trace's
            // text): then the bytes one by one.
            if index &+ 8 <= count, !Self.anyNeedsEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index &+= 8
                continue
            }
            let byte = base[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index &+= 1
                continue
            }
            cursor = copy(base + runStart, count: index &- runStart, to: cursor)
            switch byte {
            case UInt8(ascii: "\""): cursor = literal("\\\"", to: cursor)
            case UInt8(ascii: "\\"): cursor = literal("\\\\", to: cursor)
            case UInt8(ascii: "\n"): cursor = literal("\\n", to: cursor)
            case UInt8(ascii: "\r"): cursor = literal("\\r", to: cursor)
            case UInt8(ascii: "\t"): cursor = literal("\\t", to: cursor)
            default:
                let hex: StaticString = "0123456789abcdef"
                cursor = literal("\\u00", to: cursor)
                cursor[0] = hex.utf8Start[Int(byte >> 4)]
                cursor[1] = hex.utf8Start[Int(byte & 0xF)]
                cursor += 2
            }
            index &+= 1
            runStart = index
        }
        return copy(base + runStart, count: count &- runStart, to: cursor)
    }

    /// Whether any of a word's eight bytes is a control character (below 0x20), `"` or `\`.
    /// Each test is exact as a yes or no: a byte's borrow reaches the next byte only from a
    /// byte the test has already found.
    @inline(__always)
    private static func anyNeedsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = word ^ (0x22 &* ones)
        let backslash = word ^ (0x5C &* ones)
        return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }

    /// Appends `value`'s decimal digits (no sign, no leading zeros) to `out`.
    @inline(__always)
    package static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        // One digit (depths, flags, most indices) without reserving room for twenty.
        if value < 10 { return out.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0")) }
        out.append(addingCapacity: 20) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                count = writeNumber(value, to: buffer.baseAddress! + count) - buffer.baseAddress!
            }
        }
    }

    /// Decimal digits, no sign, no leading zeros (at most 20).
    @inline(__always)
    package static func writeNumber(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        // Two digits per division, from a table of "00" to "99".
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20 && value >= bound {
            digits &+= 1
            bound = bound &* 10
        }
        var position = digits
        var rest = value
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            position &-= 2
            out[position] = pairs.utf8Start[pair]
            out[position &+ 1] = pairs.utf8Start[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(rest) &* 2
            out[position &- 2] = pairs.utf8Start[pair]
            out[position &- 1] = pairs.utf8Start[pair &+ 1]
        } else {
            out[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        return out + digits
    }
}
