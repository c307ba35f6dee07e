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
