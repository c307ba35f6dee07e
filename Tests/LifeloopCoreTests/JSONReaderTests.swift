import Testing
import LifeloopCore

/// The JSON reader: RFC 8259 exactly, every rejection with its place, and no input that traps.
@Suite("JSON reader")
struct JSONReaderTests {
    static func read(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) throws -> JSONValue {
        try JSONReader(maxDepth: maxDepth).read(text).root
    }

    static func read(bytes: [UInt8]) throws -> JSONValue {
        try JSONReader().read(bytes).root
    }

    /// The error reading `text` gives; records an issue if it reads.
    static func failure(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth,
                        sourceLocation: SourceLocation = #_sourceLocation) -> JSONReaderError? {
        do {
            let document = try JSONReader(maxDepth: maxDepth).read(bytes)
            Issue.record("expected an error, read a \(document.root.kind)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.description == "\(error.message) at line \(error.line), column \(error.column)",
                    sourceLocation: sourceLocation)
            return error
        }
    }

    static func failure(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth,
                        sourceLocation: SourceLocation = #_sourceLocation) -> JSONReaderError? {
        failure(Array(text.utf8), maxDepth: maxDepth, sourceLocation: sourceLocation)
    }

    // MARK: Valid text

    @Test func anyValueMayBeTheWholeText() throws {
        #expect(try Self.read("1").int == 1)
        #expect(try Self.read(#""a""#).string == "a")
        #expect(try Self.read("true").bool == true)
        #expect(try Self.read("false").bool == false)
        #expect(try Self.read("null").isNull)
        #expect(try Self.read(" \t\r\n[ ] \n").kind == .array)
        #expect(try Self.read("{}").kind == .object)
    }

    /// A value's exact text (what the daemon passes on without building values): brackets
    /// and quotes inside strings, escapes, numbers and literals at the ends of containers.
    @Test func everyValueKnowsWhereItsTextEnds() throws {
        let text = #" {"a": [1, "x]\"}", {"b": null}] , "n": -1.5e3, "t":true,"s":"\\"} "#
        let root = try JSONReader().read(text).root
        #expect(root.text == #"{"a": [1, "x]\"}", {"b": null}] , "n": -1.5e3, "t":true,"s":"\\"}"#)
        #expect(root["a"]?.text == #"[1, "x]\"}", {"b": null}]"#)
        let elements = Array(try #require(root["a"]).elements)
        #expect(elements.map(\.text) == ["1", #""x]\"}""#, #"{"b": null}"#])
        #expect(elements[2]["b"]?.text == "null")
        #expect(root["n"]?.text == "-1.5e3" && root["t"]?.text == "true" && root["s"]?.text == #""\\""#)
    }

    /// Reading by tape index gives what the value handles give, for every element of an
    /// array of mixed values; indices off the tape and values of other kinds read as nil or
    /// empty, never a trap.
    @Test func theTapeViewReadsWhatTheHandlesRead() throws {
        let document = try JSONReader().read(#"[1, -2.5, "é\n", null, [3, 4], {"k": 5}, 9007199254740993, 1e300, true]"#)
        let handles = Array(document.root.elements)
        document.withTape { tape in
            var position = tape.elements(of: 0).lowerBound
            var index = 0
            while position < tape.elements(of: 0).upperBound {
                let handle = handles[index]
                #expect(handle.tapeIndex == position)
                #expect(tape.int(position) == handle.int && tape.double(position) == handle.double)
                #expect(tape.string(position) == handle.string && tape.isArray(position) == (handle.kind == .array))
                position = tape.next(after: position)
                index += 1
            }
            #expect(index == handles.count)
            let inner = handles[4].tapeIndex
            var numbers: [Int] = []
            var element = tape.elements(of: inner).lowerBound
            while element < tape.elements(of: inner).upperBound {
                numbers.append(tape.int(element) ?? -1)
                element = tape.next(after: element)
            }
            #expect(numbers == [3, 4])
            for bad in [-1, 1 << 40, Int.max] {
                #expect(tape.int(bad) == nil && tape.double(bad) == nil && tape.string(bad) == nil)
                #expect(tape.elements(of: bad).isEmpty && !tape.isArray(bad))
                #expect(tape.next(after: bad) >= 0)
            }
            #expect(tape.elements(of: handles[0].tapeIndex).isEmpty, "a number has no elements")
        }
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try Self.read(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).count == 1)
        #expect(Self.failure([0xEF, 0xBB, 0xBF])?.message == "the input is empty: expected a JSON value")
        #expect(Self.failure([0xEF, 0xBB]) != nil)
    }

    @Test func membersKeepFileOrderAndAreFoundByKey() throws {
        let root = try Self.read(#"{"b": 1, "a": [true, null, "x", {"c": 2.5}], "": {}, "z": -3}"#)
        #expect(root.kind == .object)
        #expect(root.count == 4)
        #expect(root.members.map(\.name) == ["b", "a", "", "z"])
        #expect(root["b"]?.int == 1)
        #expect(root["z"]?.int == -3)
        #expect(root[""]?.count == 0)
        #expect(root["missing"] == nil)
        let array = try #require(root["a"])
        #expect(array.count == 4)
        let elements = Array(array.elements)
        #expect(elements.map(\.kind) == [.bool, .null, .string, .object])
        #expect(elements[3]["c"]?.double == 2.5)
        #expect(elements[2].isString("x"))
        #expect(!elements[2].isString("y"))
    }

    @Test func accessorsOfAnotherKindAnswerNil() throws {
        let root = try Self.read(#"["1", 1, true, null, [], {}]"#)
        let values = Array(root.elements)
        #expect(values[0].int == nil && values[0].double == nil && values[0].bool == nil)
        #expect(values[1].string == nil && values[1].bool == nil && !values[1].isString("1"))
        #expect(values[2].int == nil && values[2].string == nil)
        #expect(values[3].isNull && values[3].bool == nil)
        #expect(values[4].members.map(\.name) == [] && values[4]["a"] == nil)
        #expect(Array(values[5].elements).isEmpty)
        #expect(values[1].count == 0 && Array(values[1].elements).isEmpty)
    }

    @Test func valuesKnowWhereTheyStart() throws {
        let root = try Self.read("{\n  \"a\": [1,\n    \"é\", 2]\n}")
        let elements = Array(try #require(root["a"]).elements)
        #expect(elements[0].byteOffset == 10)
        #expect(elements[2].location == JSONLocation(line: 3, column: 10))
    }

    // MARK: Strings

    @Test func escapesAreDecoded() throws {
        let root = try Self.read(#"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u20AC", "\uD83D\uDE00", "a\u0000b", "é€😀"]"#)
        let strings = root.elements.map { $0.string ?? "?" }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "Aé€", "😀", "a\u{0}b", "é€😀"])
        #expect(Array(root.elements)[2].isString("😀"))
    }

    @Test func longStringsWithSpecialBytesAtEveryPosition() throws {
        // The scanner looks at eight bytes at a time: put an escape, a quote and a
        // multi-byte character at each position of a word.
        for position in 0..<17 {
            let prefix = String(repeating: "a", count: position)
            let root = try Self.read("[\"" + prefix + #"\"é"# + "\", \"" + prefix + "\"]")
            #expect(root.elements.map { $0.string ?? "?" } == [prefix + "\"é", prefix])
        }
    }

    @Test func controlCharactersMustBeEscaped() throws {
        for byte: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] {
            let error = try #require(Self.failure([0x22, 0x61, byte, 0x22]))
            #expect(error.message.hasPrefix("unescaped control character U+00"))
            #expect(error.offset == 2)
        }
        #expect(Self.failure("\"tab\there\"")?.message == "unescaped control character U+0009 in a string")
        #expect(try Self.read(#""\u007f""#).string == "\u{7F}")
        #expect(try Self.read(bytes: [0x22, 0x7F, 0x22]).string == "\u{7F}")
    }

    @Test func invalidEscapesAreRejected() throws {
        for text in [#""\x""#, #""\a""#, #""\'""#, #""\U0041""#, #""\ ""#] {
            let error = try #require(Self.failure(text))
            #expect(error.message.hasPrefix("invalid escape"), "\(text): \(error)")
            #expect(error.offset == 1)
        }
        for text in [#""\u12""#, #""\u12G4""#, #""\u""#] {
            #expect(Self.failure(text)?.message == "invalid \\u escape in a string: expected 4 hexadecimal digits", "\(text)")
        }
        #expect(Self.failure(#""\"#)?.message == "unterminated string")
    }

    @Test func loneSurrogatesAreRejected() throws {
        let high = try #require(Self.failure(#"["\uD800"]"#))
        #expect(high.message.hasPrefix("unpaired surrogate \\uD800"))
        #expect(high.offset == 2)
        #expect(Self.failure(#""\uDC00""#)?.message.hasPrefix("unpaired surrogate \\uDC00") == true)
        #expect(Self.failure(#""\uD800\u0041""#)?.message.hasPrefix("unpaired surrogate \\uD800") == true)
        #expect(Self.failure(#""\uD800\uD800""#) != nil)
        #expect(Self.failure(#""\uDBFF x""#) != nil)
        #expect(Self.failure(#""\uD800\n""#) != nil)
        #expect(try Self.read(#""\uDBFF\uDFFF""#).string == "\u{10FFFF}")
    }

    @Test func invalidUTF8IsRejected() throws {
        let cases: [[UInt8]] = [
            [0xC0, 0xAF],             // overlong '/'
            [0xE0, 0x80, 0xAF],       // overlong
            [0xED, 0xA0, 0x80],       // an encoded surrogate
            [0xF4, 0x90, 0x80, 0x80], // above U+10FFFF
            [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82],             // cut off by the quote
            [0x80],                   // a lone continuation byte
            [0xFF],
            [0xC3, 0x28],
        ]
        for bytes in cases {
            let error = try #require(Self.failure([0x22] + bytes + [0x22]))
            #expect(error.message.hasPrefix("invalid UTF-8 in a string"), "\(bytes): \(error)")
        }
        #expect(Self.failure([0x22, 0xE2, 0x82])?.message.hasPrefix("invalid UTF-8") == true)
        #expect(try Self.read(bytes: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]).string == "\u{10FFFF}")
        // Outside strings any non-ASCII byte is simply not JSON.
        #expect(Self.failure([0xC3, 0xA9])?.message == "expected a value, found byte 0xC3")
    }

    @Test func unterminatedStringsPointAtTheirStart() throws {
        let error = try #require(Self.failure("[1,\n \"abc"))
        #expect(error.message == "unterminated string")
        #expect((error.line, error.column) == (2, 2))
        #expect(Self.failure(#"{"a"#)?.message == "unterminated string")
    }

    // MARK: Numbers

    @Test func numbersReadAsDoublesAndExactIntegers() throws {
        let cases: [(String, Double, Int?)] = [
            ("0", 0, 0), ("-1", -1, -1), ("1.5", 1.5, nil), ("1e2", 100, 100), ("1E+2", 100, 100),
            ("1.0", 1, 1), ("2.50e1", 25, 25), ("1e-2", 0.01, nil), ("0.1", 0.1, nil), ("-0.0", -0.0, 0),
            ("268435455", 268_435_455, 268_435_455), ("268435456", 268_435_456, 268_435_456),
            ("-268435456", -268_435_456, -268_435_456), ("-268435457", -268_435_457, -268_435_457),
            ("9007199254740993", 9_007_199_254_740_992, 9_007_199_254_740_993),
            ("9007199254740993.0", 9_007_199_254_740_992, 9_007_199_254_740_993),
            ("9223372036854775807", 9_223_372_036_854_775_808, Int.max),
            ("-9223372036854775808", -9_223_372_036_854_775_808, Int.min),
            ("9223372036854775808", 9_223_372_036_854_775_808, nil),
            ("-9223372036854775809", -9_223_372_036_854_775_808, nil),
            ("12345678901234567890123", 12_345_678_901_234_567_741_440, nil),
            ("1e18", 1e18, 1_000_000_000_000_000_000), ("1e19", 1e19, nil), ("1e30", 1e30, nil),
            ("0.0000000000000000000000000000001e31", 1, 1),
            ("1e-400", 0, nil), ("123456.789e3", 123_456_789, 123_456_789),
            ("2.2250738585072011e-308", Double("2.2250738585072011e-308") ?? 0, nil),
            ("1.7976931348623157e308", .greatestFiniteMagnitude, nil),
            ("0.30000000000000004", 0.30000000000000004, nil),
            ("1" + String(repeating: "0", count: 30) + "e-30", 1, 1),
        ]
        for (text, double, int) in cases {
            let value = try Self.read(text)
            #expect(value.kind == .number, "\(text)")
            #expect(value.double == double, "\(text)")
            #expect(value.int == int, "\(text)")
        }
        #expect(try Self.read("-0").double?.sign == .minus)
        #expect(try Self.read("-0").int == 0)
        #expect(try Self.read("0").double?.sign == .plus)
        #expect(try Self.read("1e-999999999999999").double == 0)
    }

    @Test func unsignedIntegersReadExactlyUpTo2To64() throws {
        let cases: [(String, UInt64?)] = [
            ("0", 0), ("-0", 0), ("-0.0", 0), ("7", 7), ("-1", nil), ("2.5", nil), ("1e2", 100), ("\"1\"", nil),
            ("9223372036854775808", 9_223_372_036_854_775_808), ("18446744073709551615", .max),
            ("18446744073709551615.0", .max), ("1844674407370955161.5e1", .max), ("1e19", 10_000_000_000_000_000_000),
            ("18446744073709551616", nil), ("99999999999999999999", nil), ("1e20", nil), ("1e308", nil),
            ("-18446744073709551615", nil), ("-268435456", nil), ("268435456", 268_435_456),
        ]
        for (text, expected) in cases {
            #expect(try Self.read(text).uint64 == expected, "\(text)")
        }
        #expect(try Self.read("-9223372036854775808").int64 == .min)
        #expect(try Self.read("9223372036854775808").int64 == nil)
    }

    @Test func doublesAreCorrectlyRounded() throws {
        var generator = SeededGenerator(seed: 8259)
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            for text in [value.description, "\(value)".replacingOccurrences("e", "E"), String(Int64(truncatingIfNeeded: generator.next()) >> 10)] {
                #expect(try Self.read(text).double == Double(text), "\(text)")
            }
        }
    }

    @Test func numbersOutOfRangeAreRejected() throws {
        for text in ["1e400", "-1e400", "1e309", "[0, 1.8e308]", "1" + String(repeating: "0", count: 400)] {
            let error = try #require(Self.failure(text))
            #expect(error.message == "number out of range: its magnitude is too large for a 64-bit float", "\(text)")
        }
    }

    @Test func malformedNumbersAreRejected() throws {
        let cases: [(String, String)] = [
            ("01", "leading zeros are not allowed in a number"),
            ("-01", "leading zeros are not allowed in a number"),
            ("[00]", "leading zeros are not allowed in a number"),
            ("-", "expected a digit after '-', found the end of the input"),
            ("-a", "expected a digit after '-', found 'a'"),
            ("1.", "expected a digit after the decimal point, found the end of the input"),
            ("1.e3", "expected a digit after the decimal point, found 'e'"),
            ("1e", "expected a digit in the exponent, found the end of the input"),
            ("1e+", "expected a digit in the exponent, found the end of the input"),
            (".5", "expected a value, found '.'"),
            ("+1", "expected a value, found '+'"),
            ("0x10", "expected the end of the input after the JSON value, found 'x'"),
            ("NaN", "expected a value, found 'N'"),
            ("Infinity", "expected a value, found 'I'"),
            ("-Infinity", "expected a digit after '-', found 'I'"),
            ("[1.5.2]", "expected ',' or ']' after an array element, found '.'"),
        ]
        for (text, message) in cases {
            #expect(Self.failure(text)?.message == message, "\(text)")
        }
    }

    // MARK: Structure

    @Test func structuralErrorsSayWhatWasExpected() throws {
        let cases: [(String, String, Int)] = [
            ("", "the input is empty: expected a JSON value", 0),
            (" \n\t ", "the input is empty: expected a JSON value", 4),
            ("[1,]", "a trailing comma is not allowed before ']'", 3),
            (#"{"a": 1,}"#, "a trailing comma is not allowed before '}'", 8),
            ("[1 2]", "expected ',' or ']' after an array element, found '2'", 3),
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}' after an object member, found '\"'", 8),
            (#"{"a" 1}"#, "expected ':' after an object key, found '1'", 5),
            ("{a: 1}", "expected a string key for an object member, found 'a'", 1),
            ("{'a': 1}", "expected a string key for an object member, found '''", 1),
            (#"{"a": 1, 2: 3}"#, "expected a string key for an object member, found '2'", 9),
            ("{,}", "expected a string key for an object member, found ','", 1),
            ("[,1]", "expected a value, found ','", 1),
            ("[1,,2]", "expected a value, found ','", 3),
            ("[", "expected a value, found the end of the input", 1),
            ("[1", "expected ',' or ']' after an array element, found the end of the input", 2),
            (#"{"a": 1"#, "expected ',' or '}' after an object member, found the end of the input", 7),
            ("[1}", "expected ',' or ']' after an array element, found '}'", 2),
            (#"{"a": 1]"#, "expected ',' or '}' after an object member, found ']'", 7),
            ("[1] 2", "expected the end of the input after the JSON value, found '2'", 4),
            ("{}}", "expected the end of the input after the JSON value, found '}'", 2),
            ("tru", "invalid literal: expected true, false or null", 0),
            ("True", "expected a value, found 'T'", 0),
            ("nul", "invalid literal: expected true, false or null", 0),
            ("[truex]", "expected ',' or ']' after an array element, found 'x'", 5),
            ("// comment\n1", "expected a value, found '/'", 0),
            ("\u{0C}1", "expected a value, found byte 0x0C", 0),
            ("[1]\u{0}", "expected the end of the input after the JSON value, found byte 0x00", 3),
        ]
        for (text, message, offset) in cases {
            let error = Self.failure(text)
            #expect(error?.message == message, "\(text)")
            #expect(error?.offset == offset, "\(text)")
        }
    }

    @Test func errorsGiveLineAndColumn() throws {
        let error = try #require(Self.failure("{\n  \"a\": 1,\n  \"b\": ]\n}"))
        #expect(error.message == "expected a value, found ']'")
        #expect((error.offset, error.line, error.column) == (19, 3, 8))
        #expect(error.description == "expected a value, found ']' at line 3, column 8")
        // Columns count characters, not bytes.
        let wide = try #require(Self.failure("[\"é€😀\", x]"))
        #expect((wide.line, wide.column) == (1, 9))
        let afterCRLF = try #require(Self.failure("\r\n[x]"))
        #expect((afterCRLF.line, afterCRLF.column) == (2, 2))
    }

    @Test func duplicateKeysAreRejectedByName() throws {
        let error = try #require(Self.failure("{\"a\": 1,\n \"b\": 2, \"a\": 3}"))
        #expect(error.message == #"duplicate key "a" in an object"#)
        #expect((error.line, error.column) == (2, 10))
        // Keys compare by their decoded text.
        #expect(Self.failure(#"{"a": 1, "\u0061": 2}"#)?.message == #"duplicate key "a" in an object"#)
        #expect(Self.failure(#"{"é": 1, "\u00e9": 2}"#)?.message == #"duplicate key "é" in an object"#)
        #expect(Self.failure(#"[{"x": {"y": 1, "y": 2}}]"#)?.message == #"duplicate key "y" in an object"#)
        #expect(Self.failure(#"{"": 1, "": 2}"#)?.message == #"duplicate key "" in an object"#)
        #expect(Self.failure(#"{"\n": 1, "\n": 2}"#)?.message == #"duplicate key "\n" in an object"#)
        // The same key in different objects is fine; so are keys that differ only in case.
        #expect(try Self.read(#"[{"a": 1}, {"a": 2}, {"a": 1, "A": 2, "b": {"a": 3}}]"#).count == 3)
    }

    @Test func duplicateKeysInLargeObjectsNameTheFirstDuplicate() throws {
        var members = (0..<300).map { "\"key\($0)\": \($0)" }
        #expect(try Self.read("{" + members.joined(separator: ", ") + "}").count == 300)
        members.append(#""key250": 0"#)
        members.append(#""key7": 0"#)
        members.append(#""\u006bey3": 0"#)
        let error = try #require(Self.failure("{" + members.joined(separator: ", ") + "}"))
        #expect(error.message == #"duplicate key "key250" in an object"#)
    }

    // MARK: Depth

    @Test func nestingIsLimitedAndNeverOverflowsTheStack() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try Self.read(deepest).count == 1)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(Self.failure(tooDeep))
        #expect(error.message == "nesting deeper than 512 levels of arrays and objects")
        #expect(error.offset == 512)
        // A million openings: refused at the limit, without recursion.
        #expect(Self.failure(String(repeating: "[", count: 1_000_000))?.offset == 512)
        #expect(Self.failure(String(repeating: #"{"a":"#, count: 100_000))?.offset == 512 * 5)
    }

    @Test func theDepthLimitIsConfigurable() throws {
        #expect(try Self.read(#"{"a": [1]}"#, maxDepth: 2).count == 1)
        #expect(Self.failure(#"{"a": [[1]]}"#, maxDepth: 2)?.message == "nesting deeper than 2 levels of arrays and objects")
        #expect(try Self.read("7", maxDepth: 0).int == 7)
        #expect(Self.failure("[]", maxDepth: 0)?.message == "nesting deeper than 0 levels of arrays and objects")
        #expect(Self.failure("[]", maxDepth: -5) != nil)
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(try Self.read(deep, maxDepth: 10_000).count == 1)
    }

    // MARK: No input traps

    @Test func everyPrefixAndMutationOfADocumentReadsOrFails() throws {
        let text = #"{"a": [1, -2.5e3, "x\u00e9\"\uD83D\uDE00", true, false, null, {"b": {}}], "é": "€", "n": 0}"#
        let bytes = Array(text.utf8)
        _ = try Self.read(bytes: bytes)
        for end in 0..<bytes.count {
            #expect(throws: JSONReaderError.self) { try JSONReader().read(Array(bytes[..<end])) }
        }
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array(#"{}[],:"\/-+.eE0123456789tfnu "#.utf8) + [0x00, 0x0A, 0x80, 0xBF, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<5_000 {
            var mutated = bytes
            for _ in 0...generator.below(3) {
                let position = generator.below(mutated.count)
                switch generator.below(3) {
                case 0: mutated[position] = alphabet[generator.below(alphabet.count)]
                case 1: mutated.remove(at: position)
                default: mutated.insert(alphabet[generator.below(alphabet.count)], at: position)
                }
            }
            if let document = try? JSONReader().read(mutated) {
                Self.visit(document.root)
            }
        }
    }

    /// Reads every accessor of every value.
    static func visit(_ value: JSONValue) {
        _ = (value.kind, value.string, value.double, value.int, value.bool, value.isNull, value.count, value.location)
        for element in value.elements { visit(element) }
        for member in value.members {
            _ = member.name
            visit(member.value)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
