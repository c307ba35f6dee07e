#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed, checked JSON text: the input bytes and the tape ``JSONReader`` wrote for them.
/// Values are read through ``root`` and the ``JSONValue`` handles it leads to.
///
/// Immutable once made, so it is safe to share between threads.
package final class JSONDocument: @unchecked Sendable {
    // @unchecked: the tape is written only by JSONReader before init and never after; the
    // class frees it in deinit.

    /// The UTF-8 text the document was read from.
    package let bytes: [UInt8]
    private let tape: UnsafeMutablePointer<UInt64>?
    /// The number of words on the tape.
    package let tapeCount: Int

    /// Reads `bytes` (the reader's pass; ``JSONReader/read(_:)`` is the front door).
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text; kept, not copied.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted.
    /// - Throws: ``JSONReaderError`` at the first problem.
    package init(parsing bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) throws(JSONReaderError) {
        // Offsets are 32-bit in the tape.
        guard bytes.count <= Int(JSONTape.offsetMask) else {
            throw JSONReaderError(offset: 0, line: 1, column: 1, message: "the input is larger than 4 GiB")
        }
        // A guess that fits most JSON in one allocation; the tape grows if it does not.
        var buffer = JSONTapeBuffer(capacity: bytes.count / 4)
        let failure: JSONReaderError? = bytes.withUnsafeBufferPointer { input in
            var parser = JSONParser(input: input, maxDepth: max(0, maxDepth))
            do throws(JSONReaderError) {
                try parser.parse(into: &buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            buffer.release()
            throw failure
        }
        let (words, count) = buffer.take()
        self.bytes = bytes
        self.tape = words
        self.tapeCount = words == nil ? 0 : count
    }

    deinit {
        free(tape)
    }

    /// The top-level value.
    package var root: JSONValue { JSONValue(document: self, index: 0) }

    /// The bytes the tape takes, for measurements.
    package var tapeByteCount: Int { tapeCount &* MemoryLayout<UInt64>.stride }

    /// The line and column of a byte offset, as in ``JSONReaderError``.
    package func location(ofByte offset: Int) -> JSONLocation {
        bytes.withUnsafeBufferPointer { JSONLocation(of: offset, in: $0) }
    }

    @inline(__always)
    func word(at index: Int) -> UInt64 {
        guard let tape, index >= 0, index < tapeCount else { return 0 }
        return tape[index]
    }

    /// The index of the value after the one at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        guard let tape, index >= 0, index < tapeCount else { return tapeCount }
        return JSONTape.next(after: index, in: tape)
    }
}

extension JSONDocument {
    /// Calls `body` with a view of the tape and bytes that reads values by tape index
    /// without a reference to the document per value: for readers of large documents that
    /// walk thousands of values (``JSONValue`` handles retain the document each).
    package func withTape<Result>(_ body: (JSONTapeView) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { input in
            try body(JSONTapeView(tape: UnsafePointer(tape), count: tapeCount, input: input))
        }
    }
}

extension JSONValue {
    /// The value's index on its document's tape (for ``JSONTapeView``).
    package var tapeIndex: Int { index }
}

/// The tape of a ``JSONDocument`` read by index, valid only inside
/// ``JSONDocument/withTape(_:)``. Every read answers nil (or an empty range) for an index
/// that is not a value of that kind, never traps.
package struct JSONTapeView {
    @usableFromInline let tape: UnsafePointer<UInt64>?
    @usableFromInline let count: Int
    @usableFromInline let input: UnsafeBufferPointer<UInt8>

    @usableFromInline
    init(tape: UnsafePointer<UInt64>?, count: Int, input: UnsafeBufferPointer<UInt8>) {
        self.tape = tape
        self.count = count
        self.input = input
    }

    @inlinable @inline(__always)
    func word(_ index: Int) -> UInt64 {
        guard let tape, index >= 0, index < count else { return 0 }
        return tape[index]
    }

    /// The index of the value after the one at `index` (a container's contents skipped).
    @inlinable @inline(__always)
    package func next(after index: Int) -> Int {
        guard let tape, index >= 0, index < count else { return count }
        return min(count, JSONTape.next(after: index, in: tape))
    }

    /// The indices of an array's elements: from the first to one past the last (walk with
    /// ``next(after:)``); empty when `index` is not an array.
    @inlinable
    package func elements(of index: Int) -> Range<Int> {
        guard JSONTape.kind(word(index)) == JSONTape.array else { return 0..<0 }
        let end = next(after: index)
        return min(index &+ 2, end)..<end
    }

    /// Whether the value is an array.
    @inlinable
    package func isArray(_ index: Int) -> Bool { JSONTape.kind(word(index)) == JSONTape.array }

    /// A string's text, escapes decoded; nil for other kinds.
    @inlinable
    package func string(_ index: Int) -> String? {
        let word = self.word(index)
        guard JSONTape.kind(word) == JSONTape.string else { return nil }
        return JSONStringText.string(word, in: input)
    }

    /// The bytes between a string's quotes when it has no escapes: then they are its
    /// UTF-8, and its JSON text as the writer writes it. Nil for a string with escapes and
    /// for other kinds.
    package func plainString(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let word = self.word(index)
        guard JSONTape.kind(word) == JSONTape.string, !JSONStringText.isEscaped(word) else { return nil }
        return UnsafeBufferPointer(rebasing: input[JSONStringText.rawRange(word, in: input)])
    }

    /// A number as the nearest double; nil for other kinds.
    @inlinable
    package func double(_ index: Int) -> Double? {
        let word = self.word(index)
        switch JSONTape.kind(word) {
        case JSONTape.smallInteger:
            return Double(JSONTape.smallInteger(word))
        case JSONTape.number:
            let second = self.word(index &+ 1)
            return word & JSONTape.flagBit != 0 ? Double(Int64(bitPattern: second)) : Double(bitPattern: second)
        default:
            return nil
        }
    }

    /// A number as an Int when it is an integer in range; nil otherwise (as
    /// ``JSONValue/int``).
    @inlinable
    package func int(_ index: Int) -> Int? {
        let word = self.word(index)
        switch JSONTape.kind(word) {
        case JSONTape.smallInteger:
            return JSONTape.smallInteger(word)
        case JSONTape.number:
            if word & JSONTape.flagBit != 0 { return Int(exactly: Int64(bitPattern: self.word(index &+ 1))) }
            return JSONNumberText.exactInteger(at: JSONTape.offset(word), in: input)
        default:
            return nil
        }
    }
}
