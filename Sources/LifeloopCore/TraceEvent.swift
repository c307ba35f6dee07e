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

    static func jsonString(_ text: String) -> String {
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
}

/// A 64-bit FNV-1a digest over a trace's canonical form.
///
/// The canonical form of an event is its fields (sequence, time, turn, window, label,
/// name, detail) as decimal numbers and UTF-8 text, separated by 0x1F and ended by 0x1E.
/// It depends on nothing but the events: not the process, the machine or Swift's
/// per-process hash seed.
public struct TraceDigest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's value.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Creates a digest from a value, as printed by ``description``.
    public init(value: UInt64) { self.value = value }

    mutating func combine(_ event: TraceEvent) {
        combineNumber(event.sequence)
        combineNumber(event.time)
        combineNumber(event.turn)
        combineText(event.window)
        combineText(event.label)
        combineText(event.name)
        combineText(event.detail)
        combineByte(0x1E)
    }

    @inline(__always)
    private mutating func combineByte(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private mutating func combineNumber(_ number: UInt64) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                combineByte(buffer[index])
            }
        }
        combineByte(0x1F)
    }

    private mutating func combineText(_ text: String) {
        for byte in text.utf8 { combineByte(byte) }
        combineByte(0x1F)
    }

    /// Sixteen lowercase hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
