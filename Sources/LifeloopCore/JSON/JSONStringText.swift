#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a string on the tape: where it lies in the input, and its escapes decoded.
///
/// The reader has checked every string, so decoding cannot meet a bad escape or bad UTF-8;
/// it still never traps, writing U+FFFD where a checked input could not have anything.
@usableFromInline
enum JSONStringText {
    /// The bytes between the quotes of the string whose tape word is `word`.
    static func rawRange(_ word: UInt64, in input: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = min(JSONTape.offset(word) &+ 1, input.count)
        let length = Int((word >> JSONTape.payloadShift) & JSONTape.lengthMask)
        if UInt64(length) < JSONTape.lengthMask {
            return start..<min(start &+ length, input.count)
        }
        // Saturated (a string of 256 MiB or more): find the closing quote again.
        var index = start
        while index < input.count, input[index] != 0x22 {
            index &+= input[index] == 0x5C ? 2 : 1
        }
        return start..<min(index, input.count)
    }

    /// Whether the string has escapes to decode.
    @inline(__always)
    static func isEscaped(_ word: UInt64) -> Bool { word & JSONTape.flagBit != 0 }

    /// Appends the UTF-8 of the string whose raw text is `raw`, escapes decoded, to `out`.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var index = 0
        let count = raw.count
        while index < count {
            let byte = raw[index]
            guard byte == 0x5C, index &+ 1 < count else {
                out.append(byte)
                index &+= 1
                continue
            }
            let kind = raw[index &+ 1]
            index &+= 2
            switch kind {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = hex4(raw, index) ?? 0xFFFD
                index &+= 4
                if (0xD800...0xDBFF).contains(scalar) {
                    if index &+ 6 <= count, raw[index] == 0x5C, raw[index &+ 1] == 0x75,
                       let low = hex4(raw, index &+ 2), (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                        index &+= 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &out)
            default:
                // \" \\ \/ stand for the byte itself.
                out.append(kind)
            }
        }
    }

    static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32? {
        guard index &+ 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = JSONParser.hexDigit(raw[index &+ offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        let value = Unicode.Scalar(scalar)?.value ?? 0xFFFD
        switch value {
        case ..<0x80:
            out.append(UInt8(truncatingIfNeeded: value))
        case ..<0x800:
            out.append(0xC0 | UInt8(truncatingIfNeeded: value >> 6))
            out.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        case ..<0x10000:
            out.append(0xE0 | UInt8(truncatingIfNeeded: value >> 12))
            out.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            out.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        default:
            out.append(0xF0 | UInt8(truncatingIfNeeded: value >> 18))
            out.append(0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F))
            out.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            out.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        }
    }

    /// The string whose tape word is `word`.
    @usableFromInline
    static func string(_ word: UInt64, in input: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: input[rawRange(word, in: input)])
        guard isEscaped(word) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        decode(raw, into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether the string whose tape word is `word` is `text`, without making a String.
    static func equals(_ word: UInt64, in input: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: input[rawRange(word, in: input)])
        func matches(_ expected: UnsafeBufferPointer<UInt8>) -> Bool {
            guard isEscaped(word) else { return bytesEqual(raw, expected) }
            var decoded: [UInt8] = []
            decoded.reserveCapacity(raw.count)
            decode(raw, into: &decoded)
            return decoded.withUnsafeBufferPointer { bytesEqual($0, expected) }
        }
        // Native strings (literals among them) lend their bytes; others are copied once.
        if let result = text.utf8.withContiguousStorageIfAvailable(matches) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(matches)
    }

    @inline(__always)
    static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        // Keys are short: a loop beats a call.
        if a.count <= 16 {
            for index in 0..<a.count where left[index] != right[index] { return false }
            return true
        }
        return memcmp(left, right, a.count) == 0
    }
}
