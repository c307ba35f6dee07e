/// The single pass of ``JSONReader``: structure here, scalars in `JSONParser+Scalars.swift`.
///
/// A loop with its own stack of open containers instead of recursion, in two halves: read a
/// value (a scalar, or the opening of a container, which goes on the stack), then, after a
/// value, either close containers or step to the next element or member.
struct JSONParser {
    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// An open container: where it is on the tape, and the elements or members seen so far.
    struct Level {
        var index: Int
        var isObject: Bool
        var count: Int
    }

    /// The innermost open container, kept out of `outer` so that stepping through its
    /// elements touches no array.
    var top = Level(index: 0, isObject: false, count: 0)
    /// Whether `top` is open: false at the top level.
    var inContainer = false
    /// The open containers around `top`, outermost first.
    var outer: [Level] = []
    /// Scratch space for the duplicate-key check, kept across objects.
    var keyIndices: [Int] = []
    var keyHashes: [(hash: UInt64, position: Int)] = []
    var decodedA: [UInt8] = []
    var decodedB: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
        outer.reserveCapacity(min(maxDepth, 64))
    }

    // MARK: Errors

    func fail(_ offset: Int, _ message: String) -> JSONReaderError {
        let location = JSONLocation(of: offset, in: input)
        return JSONReaderError(offset: offset, line: location.line, column: location.column, message: message)
    }

    /// What is at `index`, for "found …": `'}'`, `byte 0xC3`, `the end of the input`.
    func found(_ index: Int) -> String {
        guard index >= 0, index < input.count else { return "the end of the input" }
        let byte = input[index]
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte " + JSONParser.hex(byte)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }

    static func scalarName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Whitespace

    @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        var index = start
        let count = input.count
        while index < count {
            let byte = input[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index &+= 1
            // Indentation comes in runs of spaces: eight at a time.
            while index &+ 8 <= count, load8(index) == 0x2020_2020_2020_2020 {
                index &+= 8
            }
        }
        return index
    }

    /// Eight bytes from `index` as a little-endian word; `index + 8` must be within the input.
    @inline(__always)
    func load8(_ index: Int) -> UInt64 {
        guard let base = input.baseAddress else { return 0 }
        return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    // MARK: The pass

    mutating func parse(into tape: inout JSONTapeBuffer) throws(JSONReaderError) {
        let count = input.count
        var index = 0
        // RFC 8259 lets a parser skip a byte order mark.
        if count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { index = 3 }
        index = skipWhitespace(index)
        if index == count { throw fail(index, "the input is empty: expected a JSON value") }

        value: while true {
            // At the first byte of a value, whitespace skipped.
            guard index < count else { throw fail(index, "expected a value, found the end of the input") }
            switch input[index] {
            case 0x7B: // {
                try openContainer(JSONTape.object, at: index, tape: &tape)
                index = skipWhitespace(index &+ 1)
                if index < count, input[index] == 0x7D {
                    try closeContainer(tape: &tape)
                    index &+= 1
                    break
                }
                top.count = 1
                index = try key(at: index, tape: &tape)
                continue value
            case 0x5B: // [
                try openContainer(JSONTape.array, at: index, tape: &tape)
                index = skipWhitespace(index &+ 1)
                if index < count, input[index] == 0x5D {
                    try closeContainer(tape: &tape)
                    index &+= 1
                    break
                }
                top.count = 1
                continue value
            case 0x22:
                index = try string(at: index, tape: &tape)
            case 0x2D, 0x30...0x39:
                index = try number(at: index, tape: &tape)
            case 0x74:
                index = try literal(at: index, "true", JSONTape.true, tape: &tape)
            case 0x66:
                index = try literal(at: index, "false", JSONTape.false, tape: &tape)
            case 0x6E:
                index = try literal(at: index, "null", JSONTape.null, tape: &tape)
            default:
                throw fail(index, "expected a value, found \(found(index))")
            }

            // After a value: close containers, or go on to the next element or member.
            while true {
                index = skipWhitespace(index)
                guard inContainer else {
                    if index < count {
                        throw fail(index, "expected the end of the input after the JSON value, found \(found(index))")
                    }
                    return
                }
                let isObject = top.isObject
                let byte: UInt8 = index < count ? input[index] : 0
                if byte == 0x2C { // ,
                    top.count &+= 1
                    index = skipWhitespace(index &+ 1)
                    let closer: UInt8 = isObject ? 0x7D : 0x5D
                    if index < count, input[index] == closer {
                        throw fail(index, "a trailing comma is not allowed before \(found(index))")
                    }
                    if isObject { index = try key(at: index, tape: &tape) }
                    continue value
                }
                if byte == (isObject ? 0x7D : 0x5D) {
                    try closeContainer(tape: &tape)
                    index &+= 1
                    continue
                }
                throw fail(index, isObject
                    ? "expected ',' or '}' after an object member, found \(found(index))"
                    : "expected ',' or ']' after an array element, found \(found(index))")
            }
        }
    }

    /// Reads an object key and its colon; returns the index of the member's value.
    mutating func key(at start: Int, tape: inout JSONTapeBuffer) throws(JSONReaderError) -> Int {
        guard start < input.count, input[start] == 0x22 else {
            throw fail(start, "expected a string key for an object member, found \(found(start))")
        }
        let index = skipWhitespace(try string(at: start, tape: &tape))
        guard index < input.count, input[index] == 0x3A else {
            throw fail(index, "expected ':' after an object key, found \(found(index))")
        }
        return skipWhitespace(index &+ 1)
    }

    mutating func openContainer(_ kind: UInt64, at offset: Int, tape: inout JSONTapeBuffer) throws(JSONReaderError) {
        guard (inContainer ? outer.count &+ 1 : 0) < maxDepth else {
            throw fail(offset, "nesting deeper than \(maxDepth) level\(maxDepth == 1 ? "" : "s") of arrays and objects")
        }
        if inContainer { outer.append(top) }
        top = Level(index: tape.count, isObject: kind == JSONTape.object, count: 0)
        inContainer = true
        guard tape.append(JSONTape.word(kind, offset: offset)), tape.append(0) else { throw outOfMemory(offset) }
    }

    mutating func closeContainer(tape: inout JSONTapeBuffer) throws(JSONReaderError) {
        guard inContainer else { return }
        let start = top.index
        let count = top.count
        let isObject = top.isObject
        if let enclosing = outer.popLast() {
            top = enclosing
        } else {
            inContainer = false
        }
        let end = tape.count
        tape[start] |= UInt64(min(count, Int(JSONTape.payloadMask))) << JSONTape.payloadShift
        tape[start &+ 1] = UInt64(end)
        if isObject, count > 1 {
            try checkDuplicateKeys(object: start, end: end, tape: tape)
        }
    }

    func outOfMemory(_ offset: Int) -> JSONReaderError {
        fail(offset, "not enough memory to hold the document")
    }
}
