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

    /// Appends ``line`` and a newline as UTF-8 bytes, without building strings.
    /// - Parameter out: The buffer to append to; reuse one to write many events.
    public func appendLine(to out: inout [UInt8]) {
        TraceBytes.appendLine(label: label, name: name, to: &out)
    }

    /// Appends ``jsonLine`` and a newline as UTF-8 bytes, without building strings: the
    /// same bytes, for streaming.
    /// - Parameter out: The buffer to append to; reuse one to write many events.
    public func appendJSONLine(to out: inout [UInt8]) {
        TraceBytes.appendJSONLine(sequence: sequence, time: time, turn: turn, window: window, label: label, name: name,
                                  detail: detail, to: &out)
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

    /// Folds in one event, as a trace does when it records it: for tools that compute a
    /// digest over events read back from a stream.
    /// - Parameter event: The next event, in trace order.
    public mutating func combine(_ event: TraceEvent) {
        combine(eventHash: Self.hash(of: event))
    }

    /// Folds in an event's hash, as computed by ``hash(of:)``.
    @inline(__always)
    mutating func combine(eventHash: UInt64) {
        value = Self.fold(eventHash, into: value)
    }

    /// The FNV-1a hash of one event's canonical form.
    static func hash(of event: TraceEvent) -> UInt64 {
        hash(sequence: event.sequence, time: event.time, turn: event.turn, window: event.window, label: event.label,
             name: event.name, detail: event.detail)
    }

    /// The FNV-1a hash of the canonical form of an event with these fields, over their
    /// bytes where they lie: nothing is allocated.
    @inline(__always)
    static func hash(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String, name: String,
                     detail: String) -> UInt64 {
        var hash = offsetBasis
        hash = foldSignificant(sequence, into: hash)
        hash = foldSignificant(time, into: hash)
        hash = foldSignificant(turn, into: hash)
        hash = fold(window, into: hash)
        hash = fold(label, into: hash)
        hash = fold(name, into: hash)
        hash = fold(detail, into: hash)
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

    /// The same as ``fold(_:into:)-(UInt64,_)``, faster for small words: a zero byte
    /// folds as a plain multiply by the prime, so the run of zero bytes at the top of
    /// `word` is one multiply by a power of it.
    @inline(__always)
    private static func foldSignificant(_ word: UInt64, into hash: UInt64) -> UInt64 {
        var hash = hash
        var rest = word
        let significant = (71 &- word.leadingZeroBitCount) &>> 3
        for _ in 0..<significant {
            hash = (hash ^ (rest & 0xFF)) &* prime
            rest &>>= 8
        }
        return hash &* primePower(8 &- significant)
    }

    /// The prime to the power `exponent`, 0 through 8, wrapping.
    @inline(__always)
    private static func primePower(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 0x1
        case 1: 0x0000_0100_0000_01b3
        case 2: 0x0003_6600_0002_e329
        case 3: 0x08a9_7b00_04e7_feab
        case 4: 0x9ffa_ac08_5635_bc91
        case 5: 0x0cae_e32a_7d4f_6a63
        case 6: 0xdc96_6432_edf1_c639
        case 7: 0xc552_7b8a_51d3_d2db
        default: 0x1efa_c709_0aef_4a21
        }
    }

    /// FNV-1a over a string's UTF-8 bytes, then the 0x1F that ends a field.
    @inline(__always)
    private static func fold(_ text: String, into hash: UInt64) -> UInt64 {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes in
            fnv(UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!, count: bytes.count, from: hash)
        }
        var hash = hash
        if let contiguous {
            hash = contiguous
        } else {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        }
        return (hash ^ 0x1F) &* prime
    }

    /// FNV-1a over `count` bytes from `hash`, read eight at a time: the multiplies still go
    /// one byte after another, but the loads and the loop do not stand between them.
    @inline(__always)
    static func fnv(_ bytes: UnsafeRawPointer, count: Int, from hash: UInt64) -> UInt64 {
        var hash = hash
        var offset = 0
        while offset &+ 8 <= count {
            var word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            for _ in 0..<8 {
                hash = (hash ^ (word & 0xFF)) &* prime
                word &>>= 8
            }
            offset &+= 8
        }
        while offset < count {
            hash = (hash ^ UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))) &* prime
            offset &+= 1
        }
        return hash
    }

    /// Sixteen lowercase hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
