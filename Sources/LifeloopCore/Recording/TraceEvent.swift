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

    /// An event with these fields, as the loop records it.
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

/// A 64-bit digest over a trace's canonical form.
///
/// The canonical form of an event is a run of 64-bit words: sequence, time and turn, one
/// word each; then window, label, name and detail, each as its UTF-8 bytes in 8-byte
/// little-endian words (the last one padded with zero bytes) followed by a word holding
/// its byte count. The event's hash starts from `seed` and takes each word in with
/// `h = mix(h ^ word)`, where `mix(x)` multiplies `x` by `multiplier` into 128 bits and
/// xors the two halves (the "mum" step of wyhash). The trace digest (and each turn's)
/// starts from `seed` too and takes each event's hash in the same way, in order.
/// Nothing depends on the process, the machine or Swift's per-process hash seed.
///
/// Version 2. Version 1 was FNV-1a over the same fields one byte at a time: about 45
/// dependent multiplies per event, which held the digest at 50–75 ns an event; a word at
/// a time it is about a dozen.
public struct TraceDigest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's value.
    public private(set) var value: UInt64 = TraceDigest.seed

    /// Where every hash starts (FNV's 64-bit offset basis, kept from version 1).
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The odd constant each word is multiplied by (2^64 divided by the golden ratio).
    static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// The digest of an empty trace.
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
        value = Self.step(value, eventHash)
    }

    /// The hash of one event's canonical form.
    static func hash(of event: TraceEvent) -> UInt64 {
        hash(sequence: event.sequence, time: event.time, turn: event.turn, window: event.window, label: event.label,
             name: event.name, detail: event.detail)
    }

    /// The hash of the canonical form of an event with these fields, over their bytes
    /// where they lie: nothing is allocated.
    @inline(__always)
    static func hash(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String, name: String,
                     detail: String) -> UInt64 {
        hash(sequence: sequence, time: time, turn: turn, window: window, label: label, name: name, detail: detail,
             knownLayout: stringLayoutIsKnown)
    }

    /// As above, with ``stringLayoutIsKnown`` read by the caller: a trace reads it once,
    /// not once an event (a lazy global's check is a call on Linux).
    @inline(__always)
    static func hash(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String, name: String,
                     detail: String, knownLayout: Bool) -> UInt64 {
        var hash = step(seed, sequence)
        hash = step(hash, time)
        hash = step(hash, turn)
        hash = fold(window, into: hash, knownLayout: knownLayout)
        hash = fold(label, into: hash, knownLayout: knownLayout)
        hash = fold(name, into: hash, knownLayout: knownLayout)
        return fold(detail, into: hash, knownLayout: knownLayout)
    }

    /// Takes one word in: the xor, then the 128-bit product's halves xored.
    @inline(__always)
    static func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word).multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// A string's UTF-8 in words, then its byte count.
    @inline(__always)
    static func fold(_ text: String, into hash: UInt64) -> UInt64 {
        fold(text, into: hash, knownLayout: stringLayoutIsKnown)
    }

    /// As above, with ``stringLayoutIsKnown`` read by the caller: a small string is read
    /// from its two words, a native string or a literal where its bytes lie, without the
    /// closure that ``foldContiguous(_:into:)`` passes them to (event names such as
    /// `willMoveToSuperview` are large literals).
    @inline(__always)
    static func fold(_ text: String, into hash: UInt64, knownLayout: Bool) -> UInt64 {
        if knownLayout {
            if let folded = foldSmall(text, into: hash) { return folded }
            let raw = unsafeBitCast(text, to: (UInt64, UInt64).self)
            if isTailAllocated(raw) {
                // The caller holds `text`, so its bytes stay where they are through the call.
                return withExtendedLifetime(text) { foldTailAllocated(raw, into: hash) }
            }
        }
        return foldContiguous(text, into: hash)
    }

    /// As ``fold(_:into:knownLayout:)``, for the string at `text`: its two words are read
    /// without a copy of the string, so a trace point passes a label where it is stored,
    /// with no retain and release of its storage.
    @inline(__always)
    static func fold(at text: UnsafePointer<String>, into hash: UInt64, knownLayout: Bool) -> UInt64 {
        if knownLayout {
            let raw = UnsafeRawPointer(text).load(as: (UInt64, UInt64).self)
            if let folded = foldSmall(raw: raw, into: hash) { return folded }
            // The caller keeps the string where it is through the call.
            if isTailAllocated(raw) { return foldTailAllocated(raw, into: hash) }
        }
        return foldContiguous(text.pointee, into: hash)
    }

    /// The hash of an event whose window, label and detail are read where they are stored.
    @inline(__always)
    static func hash(sequence: UInt64, time: UInt64, turn: UInt64, window: UnsafePointer<String>,
                     label: UnsafePointer<String>, name: String, detail: UnsafePointer<String>,
                     knownLayout: Bool) -> UInt64 {
        var hash = step(seed, sequence)
        hash = step(hash, time)
        hash = step(hash, turn)
        hash = fold(at: window, into: hash, knownLayout: knownLayout)
        hash = fold(at: label, into: hash, knownLayout: knownLayout)
        hash = fold(name, into: hash, knownLayout: knownLayout)
        return fold(at: detail, into: hash, knownLayout: knownLayout)
    }

    /// Whether this platform lays out strings as the fast paths of ``fold(_:into:knownLayout:)``
    /// expect: small strings inline (``smallStringsAreInline``), and native strings and
    /// literals with their UTF-8 at their object's address plus 32 (checked once on a
    /// literal and a built string, against where `withContiguousStorageIfAvailable` finds
    /// their bytes).
    static let stringLayoutIsKnown: Bool = {
        guard smallStringsAreInline else { return false }
        var built = "0123456789"
        built += "abcdefghijklmnopqrstuvwxyz"
        for text in [built, "abcdefghijklmnopqrstuvwxyz0123456789"] {
            let raw = unsafeBitCast(text, to: (UInt64, UInt64).self)
            guard isTailAllocated(raw) else { return false }
            let expected = text.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
            guard let expected, expected == UInt(tailAllocatedAddress(raw)), Int(raw.0 & countMask) == text.utf8.count
            else { return false }
        }
        return true
    }()

    /// The low 48 bits of a large string's first word: its UTF-8 count.
    private static let countMask: UInt64 = 0x0000_FFFF_FFFF_FFFF

    /// Whether a string's two words are a large string (the second word's 0x20 bit clear)
    /// with contiguous UTF-8 (its 0x10 bit clear) stored after its object's header (the
    /// first word's 0x10 bit set): a native string or a literal.
    @inline(__always)
    static func isTailAllocated(_ raw: (UInt64, UInt64)) -> Bool {
        raw.1 & 0x3000_0000_0000_0000 == 0 && raw.0 & 0x1000_0000_0000_0000 != 0
    }

    /// Where a tail-allocated string's UTF-8 starts: the address in its second word's low
    /// 60 bits, plus the 32-byte object header.
    @inline(__always)
    private static func tailAllocatedAddress(_ raw: (UInt64, UInt64)) -> UInt64 {
        (raw.1 & 0x0FFF_FFFF_FFFF_FFFF) &+ 32
    }

    /// The fold of a tail-allocated string, from its two words; out of line, since large
    /// strings are the rarer fields.
    @inline(never)
    static func foldTailAllocated(_ raw: (UInt64, UInt64), into hash: UInt64) -> UInt64 {
        let bytes = UnsafeRawPointer(bitPattern: UInt(tailAllocatedAddress(raw)))!
        return fold(bytes, count: Int(raw.0 & countMask), into: hash)
    }

    /// Whether this platform lays out small strings as the fast path of ``foldSmall(_:into:)``
    /// expects (64-bit little-endian, checked once on known strings): the UTF-8 in the two
    /// words, zero-padded, the byte count in the low nibble of the top byte, whose 0x20 bit
    /// marks a small string.
    static let smallStringsAreInline: Bool = {
        guard MemoryLayout<String>.size == 16, 1.littleEndian == 1 else { return false }
        let ascii = unsafeBitCast("abcdefghijklmno", to: (UInt64, UInt64).self)
        let accented = unsafeBitCast("\u{E9}", to: (UInt64, UInt64).self)
        let empty = unsafeBitCast("", to: (UInt64, UInt64).self)
        return ascii == (0x6867_6665_6463_6261, 0xEF6F_6E6D_6C6B_6A69) && accented == (0xA9C3, 0xA2 << 56)
            && empty == (0, 0xE0 << 56)
    }()

    /// The same value as ``foldContiguous(_:into:)`` for a small string (up to 15 UTF-8 bytes,
    /// held in the string's own two words), read from those words without copying them out
    /// through a closure: most trace fields are short labels. Nil for a large string.
    @inline(__always)
    static func foldSmall(_ text: String, into hash: UInt64) -> UInt64? {
        foldSmall(raw: unsafeBitCast(text, to: (UInt64, UInt64).self), into: hash)
    }

    /// As above, from the string's two words.
    @inline(__always)
    static func foldSmall(raw: (UInt64, UInt64), into hash: UInt64) -> UInt64? {
        let discriminator = raw.1 &>> 56
        guard discriminator & 0x20 != 0 else { return nil }
        let count = discriminator & 0x0F
        var hash = hash
        if count > 0 { hash = step(hash, raw.0) }
        if count > 8 { hash = step(hash, raw.1 & ((1 &<< (8 &* (count &- 8))) &- 1)) }
        return step(hash, count)
    }

    /// A string's UTF-8 in words, then its byte count, read where the bytes lie.
    static func foldContiguous(_ text: String, into hash: UInt64) -> UInt64 {
        if let folded = text.utf8.withContiguousStorageIfAvailable({ bytes in
            fold(UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!, count: bytes.count, into: hash)
        }) {
            return folded
        }
        return Array(text.utf8).withUnsafeBytes { bytes in
            fold(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: bytes.count, into: hash)
        }
    }

    /// `count` bytes in 8-byte little-endian words, the last padded with zeros, then the
    /// count: never reading past the bytes.
    @inline(__always)
    static func fold(_ bytes: UnsafeRawPointer, count: Int, into hash: UInt64) -> UInt64 {
        var hash = hash
        var offset = 0
        while offset &+ 8 <= count {
            hash = step(hash, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset &+= 8
        }
        let rest = count &- offset
        if rest > 0 {
            var word: UInt64
            if count >= 8 {
                // The last 8 bytes, shifted so the ones not yet taken sit at the bottom.
                word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                word &>>= UInt64(8 &* (8 &- rest))
            } else {
                word = 0
                for index in 0..<rest {
                    word |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) &<< UInt64(8 &* index)
                }
            }
            hash = step(hash, word)
        }
        return step(hash, UInt64(count))
    }

    /// Sixteen lowercase hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
