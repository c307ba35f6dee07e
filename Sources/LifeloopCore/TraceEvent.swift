/// One thing the runtime saw happen: a callback, a pass, a frame, a job, an input.
public struct TraceEvent: Hashable, Sendable, Codable {
    /// Position in the trace, from 0, counting every event ever recorded.
    public var sequence: UInt64
    /// The loop's clock when the event was recorded, in nanoseconds.
    public var time: UInt64
    /// The loop turn the event happened in, from 1.
    public var turn: UInt64
    /// The window the event belongs to, or empty for app- and loop-level events.
    public var window: String
    /// The object's label, such as `A` or `View#3`.
    public var label: String
    /// The event's name; for UIKit callbacks the selector's base name (`viewWillAppear`).
    public var name: String
    /// Free-form detail, such as a cost or a frame.
    public var detail: String

    public init(sequence: UInt64, time: UInt64, turn: UInt64, window: String = "", label: String, name: String, detail: String = "") {
        self.sequence = sequence
        self.time = time
        self.turn = turn
        self.window = window
        self.label = label
        self.name = name
        self.detail = detail
    }

    /// The plain rendering: `label event`.
    public var line: String { "\(label) \(name)" }

    /// One JSON object on one line, keys in a fixed order.
    public var jsonLine: String {
        var out = "{\"seq\":\(sequence),\"time\":\(time),\"turn\":\(turn)"
        if !window.isEmpty { out += ",\"window\":" + Self.jsonString(window) }
        out += ",\"label\":" + Self.jsonString(label)
        out += ",\"event\":" + Self.jsonString(name)
        if !detail.isEmpty { out += ",\"detail\":" + Self.jsonString(detail) }
        out += "}"
        return out
    }

    /// Appends ``jsonLine`` and a newline as UTF-8 bytes, without building strings: the
    /// same bytes, for streaming.
    func appendJSONLine(to out: inout [UInt8]) {
        func literal(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func number(_ value: UInt64) {
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            var rest = value
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
                out.append(contentsOf: buffer[(20 - count)...])
            }
        }
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): literal("\\\"")
                case UInt8(ascii: "\\"): literal("\\\\")
                case UInt8(ascii: "\n"): literal("\\n")
                case UInt8(ascii: "\r"): literal("\\r")
                case UInt8(ascii: "\t"): literal("\\t")
                case 0..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    literal("\\u00")
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        literal("{\"seq\":")
        number(sequence)
        literal(",\"time\":")
        number(time)
        literal(",\"turn\":")
        number(turn)
        if !window.isEmpty {
            literal(",\"window\":")
            string(window)
        }
        literal(",\"label\":")
        string(label)
        literal(",\"event\":")
        string(name)
        if !detail.isEmpty {
            literal(",\"detail\":")
            string(detail)
        }
        literal("}\n")
    }

    static func jsonString(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

/// A 64-bit FNV-1a digest over a trace's canonical form.
///
/// Each event is hashed once, over its fields in a fixed form: sequence, time and turn as
/// 8 little-endian bytes each, then window, label, name and detail as UTF-8, each ended by
/// 0x1F. The trace digest (and each turn's) folds those event hashes in order, as 8
/// little-endian bytes each. Nothing depends on the process, the machine or Swift's
/// per-process hash seed.
public struct TraceDigest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's value.
    public private(set) var value: UInt64 = TraceDigest.offsetBasis

    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public init() {}

    /// Creates a digest from a value, as printed by ``description``.
    public init(value: UInt64) { self.value = value }

    /// Folds in one event.
    mutating func combine(_ event: TraceEvent) {
        combine(eventHash: Self.hash(of: event))
    }

    /// Folds in an event's hash, as computed by ``hash(of:)``.
    @inline(__always)
    mutating func combine(eventHash: UInt64) {
        value = Self.fold(eventHash, into: value)
    }

    /// The FNV-1a hash of one event's canonical form.
    static func hash(of event: TraceEvent) -> UInt64 {
        var hash = offsetBasis
        hash = fold(event.sequence, into: hash)
        hash = fold(event.time, into: hash)
        hash = fold(event.turn, into: hash)
        for text in [event.window, event.label, event.name, event.detail] {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
            hash = (hash ^ 0x1F) &* prime
        }
        return hash
    }

    /// FNV-1a over the 8 little-endian bytes of `word`.
    @inline(__always)
    private static func fold(_ word: UInt64, into hash: UInt64) -> UInt64 {
        var hash = hash
        var rest = word
        for _ in 0..<8 {
            hash = (hash ^ (rest & 0xFF)) &* prime
            rest >>= 8
        }
        return hash
    }

    /// Sixteen lowercase hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
