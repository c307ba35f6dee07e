import Foundation
import Testing
@testable import LifeloopCore

/// The byte writers and the allocation-free digest produce what the String-based code
/// they replaced produced: that code is kept here, as it was, as the reference; the
/// digest's reference is its documented form (version 2) written plainly.
@Suite("Trace bytes: renderings and digest against the String-based reference")
struct TraceBytesTests {
    /// The renderings and digest as they were written with strings.
    enum Reference {
        static func renderLines(_ events: [TraceEvent]) -> String {
            events.map { "\($0.label) \($0.name)" + "\n" }.joined()
        }

        static func renderJSONLines(_ events: [TraceEvent]) -> String {
            events.map { jsonLine($0) + "\n" }.joined()
        }

        static func jsonLine(_ event: TraceEvent) -> String {
            var out = "{\"seq\":\(event.sequence),\"time\":\(event.time),\"turn\":\(event.turn)"
            if !event.window.isEmpty { out += ",\"window\":" + quoted(event.window) }
            out += ",\"label\":" + quoted(event.label)
            out += ",\"event\":" + quoted(event.name)
            if !event.detail.isEmpty { out += ",\"detail\":" + quoted(event.detail) }
            out += "}"
            return out
        }

        static func quoted(_ text: String) -> String {
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

        /// The digest (version 2) written plainly from its documentation: the canonical form's
        /// words gathered in an array first, each string's bytes padded one by one.
        static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
        static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

        static func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word).multipliedFullWidth(by: multiplier)
            return product.high ^ product.low
        }

        static func words(of event: TraceEvent) -> [UInt64] {
            var words = [event.sequence, event.time, event.turn]
            for text in [event.window, event.label, event.name, event.detail] {
                var bytes = Array(text.utf8)
                let count = bytes.count
                while bytes.count % 8 != 0 { bytes.append(0) }
                for start in stride(from: 0, to: bytes.count, by: 8) {
                    words.append(bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                }
                words.append(UInt64(count))
            }
            return words
        }

        static func hash(of event: TraceEvent) -> UInt64 {
            words(of: event).reduce(seed, step)
        }

        static func digest(_ events: [TraceEvent]) -> UInt64 {
            events.reduce(seed) { step($0, hash(of: $1)) }
        }
    }

    /// Text that exercises every escape and none: quotes, backslashes, named and unnamed
    /// control characters, DEL, multi-byte UTF-8, empty and long strings.
    static let texts: [String] = [
        "", "A", "viewWillAppear", "View#3", "16666666ns", "quote\"back\\slash", "tab\tnew\nline\rret",
        "bell\u{07} unit\u{1F} nul\u{00} esc\u{1B} del\u{7F}", "é 🙂 日本語 \u{200B}", "\u{01}", "\"", "\\\\\"\"",
        "a long label that is well past the fifteen bytes a small string holds inline",
        String(repeating: "ü\u{08}x", count: 200), "trailing\n", "\nleading", "mixed \u{1F} é \"q\" \\ end",
    ] + wordEdges

    /// Each byte that needs escaping (and its neighbours that do not: 0x20, `!`, `#`, `[`,
    /// `]`, 0x7F, 0x80) at every position of the first three 8-byte words, in texts of
    /// 1 to 24 bytes: the escaping reads eight bytes at a time.
    static let wordEdges: [String] = {
        var texts: [String] = []
        for special in ["\"", "\\", "\n", "\u{00}", "\u{01}", "\u{1F}", " ", "!", "#", "[", "]", "\u{7F}", "\u{80}"] {
            for length in [1, 7, 8, 9, 15, 16, 17, 24] {
                for position in 0..<length {
                    var text = String(repeating: "a", count: position) + special
                    text += String(repeating: "z", count: length - position - 1)
                    texts.append(text)
                }
            }
        }
        return texts
    }()

    /// Numbers of every byte length, and the edges.
    static let numbers: [UInt64] = [
        0, 1, 9, 10, 99, 100, 255, 256, 65_535, 65_536, 1_234_567, 16_777_216, 3_600_000_000_000,
        1 << 40, (1 << 56) - 1, 1 << 56, 10_000_000_000_000_000_000, .max - 1, .max,
    ]

    /// Events that combine the texts and numbers in many ways, deterministically.
    static let events: [TraceEvent] = {
        var generator = SplitMix(state: 42)
        var events: [TraceEvent] = []
        for index in 0..<2_000 {
            func text() -> String { texts[Int(generator.next() % UInt64(texts.count))] }
            func number() -> UInt64 {
                let pick = generator.next()
                return pick % 3 == 0 ? pick : numbers[Int(pick % UInt64(numbers.count))]
            }
            events.append(TraceEvent(sequence: index < 100 ? UInt64(index) : number(), time: number(), turn: number(),
                                     window: index % 4 == 0 ? "" : text(), label: text(), name: text(),
                                     detail: index % 3 == 0 ? "" : text()))
        }
        return events
    }()

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A trace holding `events` as recorded: its own sequence, time and turn numbers.
    static func recorded(_ mode: TraceMode) -> Trace {
        let trace = Trace(mode: mode)
        for event in events {
            trace.record(time: event.time, turn: event.turn, window: event.window, label: event.label, name: event.name,
                         detail: event.detail)
        }
        return trace
    }

    @Test func eachEventsBytesAreTheReferenceBytes() {
        for event in Self.events {
            var lines: [UInt8] = [0xAA]
            event.appendLine(to: &lines)
            #expect(lines.first == 0xAA)
            #expect(String(decoding: lines.dropFirst(), as: UTF8.self) == Reference.renderLines([event]))
            var json: [UInt8] = []
            event.appendJSONLine(to: &json)
            #expect(String(decoding: json, as: UTF8.self) == Reference.jsonLine(event) + "\n")
            #expect(event.jsonLine == Reference.jsonLine(event))
            #expect(event.line == "\(event.label) \(event.name)")
        }
    }

    /// Every text with a byte to escape (or a neighbour of one) at each position of its
    /// first words, in each of an event's text fields, is escaped as the reference does.
    @Test func eachBytePositionIsEscapedAsTheReferenceDoes() {
        for (index, text) in Self.wordEdges.enumerated() {
            let event = TraceEvent(sequence: UInt64(index), time: 1, turn: 2, window: text, label: text, name: text, detail: text)
            var json: [UInt8] = []
            event.appendJSONLine(to: &json)
            #expect(String(decoding: json, as: UTF8.self) == Reference.jsonLine(event) + "\n", "\(Array(text.utf8))")
        }
    }

    @Test(arguments: [TraceMode.unbounded, .bounded(capacity: 700)])
    func renderingsAreTheReferenceRenderings(_ mode: TraceMode) {
        let trace = Self.recorded(mode)
        let events = trace.events
        #expect(events.count == (mode == .unbounded ? 2_000 : 700))
        #expect(trace.renderLines() == Reference.renderLines(events))
        #expect(trace.renderJSONLines() == Reference.renderJSONLines(events))
        // The byte APIs append to what the buffer holds, and give the same bytes.
        var bytes: [UInt8] = Array("head\n".utf8)
        trace.writeLines(into: &bytes)
        #expect(bytes == Array(("head\n" + Reference.renderLines(events)).utf8))
        bytes.removeAll(keepingCapacity: true)
        trace.writeJSONLines(into: &bytes)
        #expect(bytes == Array(Reference.renderJSONLines(events).utf8))
        // Every JSON line parses, and gives back the text it was given.
        let lines = trace.renderJSONLines().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (line, event) in zip(lines, events) {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["label"] as? String == event.label)
            #expect(object?["event"] as? String == event.name)
        }
    }

    @Test func anEmptyTraceRendersNothing() {
        let trace = Trace(mode: .unbounded)
        #expect(trace.renderLines() == "")
        #expect(trace.renderJSONLines() == "")
        #expect(Trace(mode: .digestOnly).renderJSONLines() == "")
    }

    @Test func theStreamWritesTheReferenceBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let kept = Self.recorded(.unbounded)
        let streamed = Trace(mode: .digestOnly)
        try streamed.stream(toFileAtPath: path)
        for event in Self.events {
            streamed.record(time: event.time, turn: event.turn, window: event.window, label: event.label,
                            name: event.name, detail: event.detail)
        }
        streamed.closeStream()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes == Data(Reference.renderJSONLines(kept.events).utf8))
    }

    /// A line longer than the stream's 64 KiB buffer (with room for every byte escaped)
    /// is written whole, between ordinary ones.
    @Test func aLineLargerThanTheStreamBufferIsWrittenWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let huge = String(repeating: "q\"\u{01}é", count: 20_000)
        let trace = Trace(mode: .unbounded)
        try trace.stream(toFileAtPath: path)
        for index in 0..<3_000 {
            trace.record(time: UInt64(index), turn: 1, window: "w", label: "v\(index)", name: "tick",
                         detail: index % 1_000 == 500 ? huge : "")
        }
        trace.closeStream()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes == Data(Reference.renderJSONLines(trace.events).utf8))
    }

    @Test func theDigestIsTheReferenceDigest() {
        for event in Self.events {
            #expect(TraceDigest.hash(of: event) == Reference.hash(of: event))
        }
        let trace = Self.recorded(.unbounded)
        #expect(trace.digest.value == Reference.digest(trace.events))
        // Per turn: each run of events with one turn number, folded in order.
        var runs: [(turn: UInt64, events: [TraceEvent])] = []
        for event in trace.events {
            if runs.last?.turn == event.turn { runs[runs.count - 1].events.append(event) } else { runs.append((event.turn, [event])) }
        }
        #expect(trace.turnDigests.map(\.turn) == runs.map(\.turn))
        #expect(trace.turnDigests.map(\.digest.value) == runs.map { Reference.digest($0.events) })
    }
}
