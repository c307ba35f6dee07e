#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The layout of a parsed JSON document: one flat array of 64-bit words, values in file
/// order, a container's contents right after it.
///
/// Every value starts with a word whose top three bits say its kind and whose low 32 bits
/// hold the byte offset of the value in the input; bits 32–60 depend on the kind:
///
/// ```
/// null, false, true  1 word    payload unused
/// string             1 word    bit 60: has escapes; bits 32-59: byte length of the text
///                              between the quotes (saturated: then it is found again)
/// small integer      1 word    bits 32-60: the value, 29-bit two's complement
/// number             2 words   bit 60: word 2 is an exact Int64, else Double bits
/// array, object      2 words   bits 32-60: element or member count (saturated);
///                              word 2: the index of the word after the last content word
/// ```
///
/// An object's contents are its members in file order, each a string word for the key
/// followed by the value. Containers hold no pointers and need no end marker, so the tape is
/// a few words per value and skipping a container is one read.
@usableFromInline
enum JSONTape {
    @usableFromInline static let kindShift: UInt64 = 61
    @usableFromInline static let payloadShift: UInt64 = 32
    @usableFromInline static let offsetMask: UInt64 = 0xFFFF_FFFF
    /// Bits 32–60.
    @usableFromInline static let payloadMask: UInt64 = (1 << 29) - 1
    /// A string's length field, bits 32–59.
    static let lengthMask: UInt64 = (1 << 28) - 1
    /// A string with escapes; a number whose second word is an Int64.
    @usableFromInline static let flagBit: UInt64 = 1 << 60

    @usableFromInline static let null: UInt64 = 0
    @usableFromInline static let `false`: UInt64 = 1
    @usableFromInline static let `true`: UInt64 = 2
    @usableFromInline static let string: UInt64 = 3
    @usableFromInline static let smallInteger: UInt64 = 4
    @usableFromInline static let number: UInt64 = 5
    @usableFromInline static let array: UInt64 = 6
    @usableFromInline static let object: UInt64 = 7

    /// The range of integers stored in one word.
    static let smallIntegerRange: ClosedRange<Int64> = -(1 << 28)...((1 << 28) - 1)

    @inlinable @inline(__always)
    static func kind(_ word: UInt64) -> UInt64 { word >> kindShift }

    @inlinable @inline(__always)
    static func offset(_ word: UInt64) -> Int { Int(word & offsetMask) }

    @inlinable @inline(__always)
    static func payload(_ word: UInt64) -> UInt64 { (word >> payloadShift) & payloadMask }

    @inline(__always)
    static func word(_ kind: UInt64, payload: UInt64 = 0, offset: Int) -> UInt64 {
        kind << kindShift | (payload & payloadMask) << payloadShift | UInt64(truncatingIfNeeded: offset) & offsetMask
    }

    /// The small integer a word holds, sign-extended from 29 bits.
    @inlinable @inline(__always)
    static func smallInteger(_ word: UInt64) -> Int {
        Int(Int64(bitPattern: payload(word) << 35) >> 35)
    }

    /// The index of the value after the one at `index`: a container's contents are skipped.
    @inlinable @inline(__always)
    static func next(after index: Int, in tape: UnsafePointer<UInt64>) -> Int {
        switch kind(tape[index]) {
        case number: return index &+ 2
        case array, object: return Int(truncatingIfNeeded: tape[index &+ 1])
        default: return index &+ 1
        }
    }
}

/// The words of a tape being written: grows with `realloc`, which moves large blocks by
/// remapping pages instead of copying them, so growing never holds two copies at once.
struct JSONTapeBuffer {
    private(set) var words: UnsafeMutablePointer<UInt64>?
    private(set) var count = 0
    private var capacity = 0

    /// Reserves room for `capacity` words, or none when that fails (`append` reports it).
    init(capacity: Int) {
        reserve(max(16, capacity))
    }

    /// Whether the tape could grow; false when memory ran out.
    @discardableResult
    private mutating func reserve(_ wanted: Int) -> Bool {
        let (bytes, overflow) = wanted.multipliedReportingOverflow(by: MemoryLayout<UInt64>.stride)
        guard !overflow, let grown = realloc(words, bytes) else { return false }
        words = grown.bindMemory(to: UInt64.self, capacity: wanted)
        capacity = wanted
        return true
    }

    /// Appends a word; false when memory ran out.
    @inline(__always)
    mutating func append(_ word: UInt64) -> Bool {
        if count == capacity, !reserve(max(16, capacity &* 2)) { return false }
        guard let words else { return false }
        words[count] = word
        count &+= 1
        return true
    }

    subscript(index: Int) -> UInt64 {
        get { words?[index] ?? 0 }
        nonmutating set { words?[index] = newValue }
    }

    /// Gives the words away, trimmed to `count`; the buffer is empty afterwards.
    mutating func take() -> (UnsafeMutablePointer<UInt64>?, Int) {
        if count < capacity, count > 0 { reserve(count) }
        defer { words = nil; count = 0; capacity = 0 }
        return (words, count)
    }

    /// Frees the words (after an error).
    mutating func release() {
        free(words)
        words = nil
        count = 0
        capacity = 0
    }
}
