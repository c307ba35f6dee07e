/// Reads JSON text (RFC 8259, strictly) into a ``JSONDocument`` in one pass.
///
/// How data flows through it:
///
/// ```
/// [UInt8] ──JSONReader.read──▶ JSONDocument ──root──▶ JSONValue ──▶ kind, string, double,
///           one pass, checks      the input bytes       a handle:     int, bool, elements,
///           everything            + a flat tape         document +    members, member(_:)
///                                  (see JSONTape)        tape index
/// ```
///
/// The pass checks the whole text, so a document that reads is valid JSON and accessing it
/// cannot fail: strings are well-formed UTF-8 with valid escapes (no lone surrogates), numbers
/// are finite doubles, objects have no duplicate keys. It allocates no object per value: the
/// tape takes one word per string, literal or small integer and two per other number or
/// container, and strings are decoded only when asked for. Nesting is bounded
/// (``maxDepth``) and the reader keeps its own stack, so no input can overflow the call
/// stack, and no input traps: every problem is a ``JSONReaderError`` with the byte offset,
/// line and column where it was found.
///
/// Strict means: one value with only whitespace (space, tab, line feed, carriage return)
/// around it; no trailing commas, comments, single quotes, leading zeros, `NaN`,
/// `Infinity` or unescaped control characters; numbers that overflow a double are errors.
/// A UTF-8 byte order mark at the very start is skipped, as RFC 8259 allows.
package struct JSONReader: Sendable {
    /// The nesting depth used unless told otherwise.
    package static let defaultMaxDepth = 512

    /// The deepest nesting of arrays and objects accepted: `[[1]]` has depth 2, a scalar 0.
    package var maxDepth: Int

    /// A reader that accepts nesting up to `maxDepth` levels (negative counts as 0).
    package init(maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.maxDepth = max(0, maxDepth)
    }

    /// Parses and checks `bytes`, which must be UTF-8.
    /// - Returns: The document; it keeps `bytes` (shared, not copied).
    /// - Throws: ``JSONReaderError`` at the first problem.
    package func read(_ bytes: [UInt8]) throws(JSONReaderError) -> JSONDocument {
        try JSONDocument(parsing: bytes, maxDepth: maxDepth)
    }

    /// Parses and checks the UTF-8 of `text`.
    package func read(_ text: String) throws(JSONReaderError) -> JSONDocument {
        try read(Array(text.utf8))
    }
}

/// Why a text is not valid JSON, and where.
package struct JSONReaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the input, from 0.
    package var offset: Int
    /// The line, from 1; lines end at line feeds.
    package var line: Int
    /// The column, from 1, in Unicode scalars (characters for most text).
    package var column: Int
    /// What is wrong, in a plain sentence fragment: "expected ',' or '}' after an object
    /// member, found ']'".
    package var message: String

    package init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// `<message> at line L, column C`.
    package var description: String { "\(message) at line \(line), column \(column)" }
}

/// The line and column of a byte in a text.
package struct JSONLocation: Hashable, Sendable {
    /// From 1; lines end at line feeds.
    package var line: Int
    /// From 1, in Unicode scalars.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Where the byte at `offset` of `bytes` is; an offset past the end is placed just after
    /// the last byte.
    package init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line &+= 1
            lineStart = index &+ 1
        }
        var column = 1
        // Count the first byte of each UTF-8 sequence, not continuation bytes.
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column &+= 1
        }
        self.line = line
        self.column = column
    }
}
