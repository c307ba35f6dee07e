/// The JSON bytes of trace events as ``PerfettoTraceWriter`` writes them: fixed key order,
/// times in microseconds with three decimals, escaped strings, numbers without exponent.
///
/// A struct used through `inout`, so the per-byte appends are plain array writes; the same
/// calls on a class property would each pay a dynamic exclusivity check.
struct PerfettoEventBytes {
    var bytes: [UInt8] = []

    // MARK: - Event fields

    /// `{"name":…,"cat":…,"ph":"…"`, the start every event shares.
    mutating func open(name: String, category: String?, phase: StaticString) {
        raw("{\"name\":")
        string(name)
        if let category {
            raw(",\"cat\":")
            string(category)
        }
        raw(",\"ph\":\"")
        raw(phase)
        raw("\"")
    }

    mutating func timestamp(_ nanoseconds: UInt64) {
        raw(",\"ts\":")
        micros(nanoseconds)
    }

    mutating func ids(pid: Int, tid: Int?) {
        raw(",\"pid\":")
        integer(pid)
        if let tid {
            raw(",\"tid\":")
            integer(tid)
        }
    }

    /// Args as an object of strings; omitted when empty so events stay short.
    mutating func stringArgs(_ pairs: [(String, String)]) {
        guard !pairs.isEmpty else { return }
        raw(",\"args\":{")
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            string(value)
        }
        raw("}")
    }

    // MARK: - Values

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything
    /// else (non-ASCII included) copied as UTF-8.
    mutating func string(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        // Runs of bytes that need no escaping (usually the whole string) are copied at once.
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\r"): raw("\\r")
        case UInt8(ascii: "\t"): raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// An id as a JSON string `"0x…"` in lowercase hex, the form Perfetto parses for both
    /// async `id2` and flow `id`.
    mutating func hexID(_ id: UInt64) {
        raw("\"0x")
        let digits = max(1, (64 - id.leadingZeroBitCount + 3) / 4)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((id >> UInt64(shift)) & 0xF)])
        }
        raw("\"")
    }

    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    mutating func unsigned<T: UnsignedInteger & FixedWidthInteger>(_ value: T) {
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start..<bytes.count].reverse()
    }

    /// Nanoseconds as microseconds with exactly three decimals: 1234567 → `1234.567`.
    mutating func micros(_ nanoseconds: UInt64) {
        unsigned(nanoseconds / 1000)
        let fraction = nanoseconds % 1000
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// A number without exponent, NaN or infinity, and without `printf`, whose decimal
    /// point follows the C locale: integral values as integers, others rounded to six
    /// decimals with trailing zeros dropped; non-finite values as 0.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let magnitude = value.magnitude
        guard magnitude < 0x1p63 else {
            // Doubles this large are integers; UInt64 cannot hold them all.
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bigInteger(magnitude)
            return
        }
        // Subtracting the truncated part is exact, so only the fraction is rounded.
        var whole = UInt64(magnitude)
        var millionths = ((magnitude - Double(whole)) * 1e6).rounded()
        if millionths >= 1e6 {
            whole += 1
            millionths = 0
        }
        let fraction = UInt64(millionths)
        if value < 0, whole > 0 || fraction > 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(whole)
        guard fraction > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = 6
        var trimmed = fraction
        while trimmed % 10 == 0 {
            trimmed /= 10
            digits -= 1
        }
        let start = bytes.count
        for _ in 0..<digits {
            bytes.append(UInt8(ascii: "0") + UInt8(trimmed % 10))
            trimmed /= 10
        }
        bytes[start..<bytes.count].reverse()
    }

    /// Writes an integral double of at least 2^63 exactly: its significand in decimal,
    /// doubled once per binary exponent step.
    private mutating func bigInteger(_ magnitude: Double) {
        var digits: [UInt8] = []  // least significant first, values 0...9
        var significand = (UInt64(1) << 52) | magnitude.significandBitPattern
        while significand > 0 {
            digits.append(UInt8(significand % 10))
            significand /= 10
        }
        for _ in 0..<(Int(magnitude.exponent) - 52) {
            var carry: UInt8 = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        for digit in digits.reversed() {
            bytes.append(UInt8(ascii: "0") + digit)
        }
    }
}
