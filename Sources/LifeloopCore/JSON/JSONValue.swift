/// The kind of a JSON value.
package enum JSONKind: Hashable, Sendable {
    case object, array, string, number, bool, null
}

/// One value of a ``JSONDocument``: the document and a position on its tape.
///
/// Cheap to copy and to pass around; every accessor answers nil (or empty) when the value
/// is of another kind, never traps.
package struct JSONValue: Sendable {
    /// The document the value belongs to.
    package let document: JSONDocument
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    private var word: UInt64 { document.word(at: index) }

    /// What the value is.
    package var kind: JSONKind {
        switch JSONTape.kind(word) {
        case JSONTape.object: return .object
        case JSONTape.array: return .array
        case JSONTape.string: return .string
        case JSONTape.smallInteger, JSONTape.number: return .number
        case JSONTape.true, JSONTape.false: return .bool
        default: return .null
        }
    }

    /// Where the value starts in the input, from 0.
    package var byteOffset: Int { JSONTape.offset(word) }

    /// The line and column where the value starts.
    package var location: JSONLocation { document.location(ofByte: byteOffset) }

    /// Where the value's text ends in the input: one past its last byte (a container's
    /// closing bracket, a string's closing quote). With ``byteOffset``, the value's exact
    /// text, which can be passed on without building values from it.
    package var byteEnd: Int {
        let kind = JSONTape.kind(word)
        let start = byteOffset
        return document.bytes.withUnsafeBufferPointer { bytes in
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            func endOfString(_ from: Int) -> Int {
                var index = from &+ 1
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == backslash { index &+= 2; continue }
                    if byte == quote { return index &+ 1 }
                    index &+= 1
                }
                return bytes.count
            }
            switch kind {
            case JSONTape.string:
                return endOfString(start)
            case JSONTape.array, JSONTape.object:
                // The document is valid JSON: brackets outside strings balance.
                var depth = 0
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case quote:
                        index = endOfString(index)
                        continue
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        depth &+= 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        depth &-= 1
                        if depth == 0 { return index &+ 1 }
                    default:
                        break
                    }
                    index &+= 1
                }
                return bytes.count
            default:
                // A number or a literal: up to the first byte that cannot be part of one.
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return index
                    default: index &+= 1
                    }
                }
                return index
            }
        }
    }

    /// The value's text as it is in the input (see ``byteEnd``).
    package var text: String {
        let start = byteOffset, end = byteEnd
        return document.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    // MARK: Scalars

    /// The text of a string, escapes decoded; nil for other kinds.
    package var string: String? {
        let word = self.word
        guard JSONTape.kind(word) == JSONTape.string else { return nil }
        return document.bytes.withUnsafeBufferPointer { JSONStringText.string(word, in: $0) }
    }

    /// Whether the value is a string spelled `text` (escapes decoded), without making a String.
    package func isString(_ text: String) -> Bool {
        let word = self.word
        guard JSONTape.kind(word) == JSONTape.string else { return false }
        return document.bytes.withUnsafeBufferPointer { JSONStringText.equals(word, in: $0, text) }
    }

    /// A number as the nearest double (always finite); nil for other kinds.
    package var double: Double? {
        let word = self.word
        switch JSONTape.kind(word) {
        case JSONTape.smallInteger:
            return Double(JSONTape.smallInteger(word))
        case JSONTape.number:
            let second = document.word(at: index &+ 1)
            return word & JSONTape.flagBit != 0 ? Double(Int64(bitPattern: second)) : Double(bitPattern: second)
        default:
            return nil
        }
    }

    /// A number as an Int when its exact value is an integer in range: `3`, `-0`, `3.0` and
    /// `3e2` are, `3.5`, `1e30` and `9223372036854775808` are not; nil for other kinds.
    package var int: Int? {
        let word = self.word
        switch JSONTape.kind(word) {
        case JSONTape.smallInteger:
            return JSONTape.smallInteger(word)
        case JSONTape.number:
            if word & JSONTape.flagBit != 0 { return Int(exactly: Int64(bitPattern: document.word(at: index &+ 1))) }
            // Decided from the digits, not the rounded double: 9007199254740993.0 is exact.
            return document.bytes.withUnsafeBufferPointer { JSONNumberText.exactInteger(at: JSONTape.offset(word), in: $0) }
        default:
            return nil
        }
    }

    /// A number as a UInt64 when its exact value is a non-negative integer in range: `0`,
    /// `-0`, `18446744073709551615` and `1e19` are, `-1`, `2.5` and `18446744073709551616`
    /// are not; nil for other kinds.
    package var uint64: UInt64? {
        let word = self.word
        switch JSONTape.kind(word) {
        case JSONTape.smallInteger:
            return UInt64(exactly: JSONTape.smallInteger(word))
        case JSONTape.number:
            if word & JSONTape.flagBit != 0 { return UInt64(exactly: Int64(bitPattern: document.word(at: index &+ 1))) }
            guard let (negative, magnitude) = document.bytes.withUnsafeBufferPointer({
                JSONNumberText.exactMagnitude(at: JSONTape.offset(word), in: $0)
            }) else { return nil }
            return negative && magnitude != 0 ? nil : magnitude
        default:
            return nil
        }
    }

    /// A number as an Int64 when its exact value is an integer in range, as ``int``.
    package var int64: Int64? { int.flatMap { Int64(exactly: $0) } }

    /// `true` or `false`; nil for other kinds.
    package var bool: Bool? {
        switch JSONTape.kind(word) {
        case JSONTape.true: return true
        case JSONTape.false: return false
        default: return nil
        }
    }

    /// Whether the value is `null`.
    package var isNull: Bool { JSONTape.kind(word) == JSONTape.null }

    // MARK: Containers

    /// The number of elements of an array or members of an object; 0 for other kinds.
    package var count: Int {
        let word = self.word
        let kind = JSONTape.kind(word)
        guard kind == JSONTape.array || kind == JSONTape.object else { return 0 }
        let stored = JSONTape.payload(word)
        if stored < JSONTape.payloadMask { return Int(stored) }
        // Saturated: count them.
        var total = 0
        var position = index &+ 2
        let end = document.next(after: index)
        while position < end {
            total &+= 1
            position = document.next(after: position)
            if kind == JSONTape.object { position = document.next(after: position) }
        }
        return total
    }

    /// The elements of an array, in order; empty for other kinds.
    package var elements: JSONElements {
        guard JSONTape.kind(word) == JSONTape.array else { return JSONElements(document: document, start: 0, end: 0) }
        return JSONElements(document: document, start: index &+ 2, end: document.next(after: index))
    }

    /// The members of an object, in file order; empty for other kinds.
    package var members: JSONMembers {
        guard JSONTape.kind(word) == JSONTape.object else { return JSONMembers(document: document, start: 0, end: 0) }
        return JSONMembers(document: document, start: index &+ 2, end: document.next(after: index))
    }

    /// The value of an object's member named `key` (keys are unique); nil when there is none
    /// or this is not an object. Linear in the number of members.
    package func member(_ key: String) -> JSONValue? {
        for member in members where member.key.isString(key) { return member.value }
        return nil
    }

    /// The value of an object's member named `key`, as ``member(_:)``.
    package subscript(key: String) -> JSONValue? { member(key) }
}

/// One member of an object: its key (a string value) and its value.
package struct JSONMember: Sendable {
    /// The key, as a string value (for its text, offset and comparisons).
    package let key: JSONValue
    /// The value.
    package let value: JSONValue

    /// The key's text.
    package var name: String { key.string ?? "" }
}

/// The elements of an array.
package struct JSONElements: Sequence, Sendable {
    let document: JSONDocument
    let start: Int
    let end: Int

    package struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var position: Int
        let end: Int

        package mutating func next() -> JSONValue? {
            guard position < end else { return nil }
            let value = JSONValue(document: document, index: position)
            position = document.next(after: position)
            return value
        }
    }

    package func makeIterator() -> Iterator { Iterator(document: document, position: start, end: end) }

    package var underestimatedCount: Int { start < end ? 1 : 0 }
}

/// The members of an object, in file order.
package struct JSONMembers: Sequence, Sendable {
    let document: JSONDocument
    let start: Int
    let end: Int

    package struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var position: Int
        let end: Int

        package mutating func next() -> JSONMember? {
            guard position < end else { return nil }
            let key = JSONValue(document: document, index: position)
            let valueIndex = position &+ 1
            position = document.next(after: valueIndex)
            return JSONMember(key: key, value: JSONValue(document: document, index: valueIndex))
        }
    }

    package func makeIterator() -> Iterator { Iterator(document: document, position: start, end: end) }

    package var underestimatedCount: Int { start < end ? 1 : 0 }
}
