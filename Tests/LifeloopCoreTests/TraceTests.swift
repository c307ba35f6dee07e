import Foundation
import Testing
@testable import LifeloopCore

@Suite("Trace")
struct TraceTests {
    static func sample(_ configuration: LoopConfiguration) throws -> EventLoop {
        let loop = try EventLoop(configuration)
        loop.record(label: "A", event: "viewDidLoad")
        loop.schedule(after: .milliseconds(16)) {
            loop.record(label: "A", event: "viewWillAppear", detail: "animated=\"no\"\n", window: "main")
        }
        loop.schedule(after: .milliseconds(32)) { loop.record(label: "B", event: "dealloc") }
        try loop.runUntilIdle()
        return loop
    }

    @Test
    func plainLinesAreLabelAndEvent() throws {
        let loop = try Self.sample(LoopConfiguration(clock: .virtual))
        #expect(loop.trace.lines == ["A viewDidLoad", "A viewWillAppear", "B dealloc"])
        #expect(loop.trace.renderLines() == "A viewDidLoad\nA viewWillAppear\nB dealloc\n")
    }

    @Test
    func jsonLinesCarryEveryFieldAndEscapeText() throws {
        let loop = try Self.sample(LoopConfiguration(clock: .virtual))
        let lines = loop.trace.renderJSONLines().split(separator: "\n").map(String.init)
        #expect(lines[0] == #"{"seq":0,"time":0,"turn":0,"label":"A","event":"viewDidLoad"}"#)
        #expect(lines[1] == #"{"seq":1,"time":16000000,"turn":2,"window":"main","label":"A","event":"viewWillAppear","detail":"animated=\"no\"\n"}"#)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] != nil)
        }
    }

    /// The digest is a function of the events alone: a constant computed once, which a
    /// per-process hash seed or a machine difference would break.
    @Test
    func digestIsStableAcrossProcesses() throws {
        let loop = try Self.sample(LoopConfiguration(clock: .virtual))
        #expect(loop.trace.digest.description == Self.expectedDigest)
        #expect(loop.trace.digest.description.count == 16)
    }

    /// Computed independently, by a 20-line Python implementation of the canonical form
    /// documented on ``TraceDigest`` (version 2), for the three events of `sample`.
    /// Version 1 (FNV-1a a byte at a time) gave a70169577ddd68d7.
    static let expectedDigest = "81b6b3e639b33ae1"

    @Test
    func digestChangesWhenAnyFieldChanges() {
        let base = TraceEvent(sequence: 1, time: 2, turn: 3, window: "w", label: "l", name: "n", detail: "d")
        var variants = [base]
        variants.append(TraceEvent(sequence: 9, time: 2, turn: 3, window: "w", label: "l", name: "n", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 9, turn: 3, window: "w", label: "l", name: "n", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 9, window: "w", label: "l", name: "n", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 3, window: "x", label: "l", name: "n", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 3, window: "w", label: "x", name: "n", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 3, window: "w", label: "l", name: "x", detail: "d"))
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 3, window: "w", label: "l", name: "n", detail: "x"))
        // Moving a byte across a field boundary must change it too.
        variants.append(TraceEvent(sequence: 1, time: 2, turn: 3, window: "w", label: "ln", name: "", detail: "d"))
        let digests = Set(variants.map { event -> TraceDigest in
            var digest = TraceDigest()
            digest.combine(event)
            return digest
        })
        #expect(digests.count == variants.count)
    }

    @Test
    func perTurnDigestsCoverEachTurnsEvents() throws {
        let loop = try Self.sample(LoopConfiguration(clock: .virtual))
        #expect(loop.trace.turnDigests.map(\.turn) == [0, 2, 3])
        var expected = TraceDigest()
        expected.combine(loop.trace.events[2])
        #expect(loop.trace.digest(ofTurn: 3) == expected)
        #expect(loop.trace.digest(ofTurn: 1) == nil)
    }

    @Test
    func boundedTraceKeepsTheLatestEventsAndTheSameDigest() throws {
        let bounded = try EventLoop(LoopConfiguration(clock: .virtual, traceCapacity: 100))
        let unbounded = try EventLoop(LoopConfiguration(clock: .virtual))
        for loop in [bounded, unbounded] {
            for index in 0..<10_000 {
                loop.schedule(after: .microseconds(index % 250)) { loop.record(label: "v\(index)", event: "tick") }
            }
            try loop.runUntilIdle()
        }
        #expect(bounded.trace.count == 10_000)
        #expect(bounded.trace.events.count == 100)
        #expect(bounded.trace.events == Array(unbounded.trace.events.suffix(100)))
        #expect(bounded.trace.digest == unbounded.trace.digest)
        #expect(bounded.trace.turnDigests.count == 100)
        #expect(bounded.trace.turnDigests.map(\.digest) == Array(unbounded.trace.turnDigests.suffix(100).map(\.digest)))
    }

    @Test
    func streamWritesEveryEventAsJSONLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceCapacity: 10))
        try loop.trace.stream(toFileAtPath: path)
        for index in 0..<1000 { loop.record(label: "e\(index)", event: "x") }
        try loop.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1000)
        #expect(lines.last == #"{"seq":999,"time":0,"turn":0,"label":"e999","event":"x"}"#)
    }

    @Test
    func streamToAnUnwritablePathNamesThePath() throws {
        let loop = try EventLoop(clock: .virtual)
        do {
            try loop.trace.stream(toFileAtPath: "/nonexistent-dir/trace.jsonl")
            Issue.record("expected an error")
        } catch let error as LoopError {
            #expect("\(error)".contains("/nonexistent-dir/trace.jsonl"))
        }
    }

    @Test
    func disabledTraceRecordsNothing() throws {
        let loop = try Self.sample(LoopConfiguration(clock: .virtual, traceEnabled: false))
        #expect(loop.trace.count == 0)
        #expect(loop.trace.events.isEmpty)
    }

    @Test func streamedBytesAreTheJSONLineOfEachEvent() {
        let events = [
            TraceEvent(sequence: 0, time: 0, turn: 1, label: "A", name: "viewDidLoad"),
            TraceEvent(sequence: 18_446_744_073_709_551_615, time: 1_234_567_890, turn: 42, window: "phone",
                       label: "quote\"back\\slash", name: "tab\tnew\nline\rret", detail: "bell\u{07} é 🙂 \u{1F}"),
        ]
        for event in events {
            var bytes: [UInt8] = []
            event.appendJSONLine(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == event.jsonLine + "\n")
        }
    }
}

/// The digest's fast path for small strings reads their inline bytes; it must give what
/// the byte-wise fold gives, for every length a small string can have and beyond.
@Suite struct SmallStringFoldTests {
    @Test func smallStringFastPathMatchesTheByteWiseFold() {
        #expect(TraceDigest.smallStringsAreInline, "expected on 64-bit little-endian Linux")
        var texts = [""]
        for length in 1...20 {
            texts.append(String(repeating: "a", count: length))
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + $0 % 26))) }))
        }
        texts += ["é", "éé", "window0", "16666666ns", "Nav\u{2192}Detail", "日本語", "🙂🙂🙂", "abcdefghijklmno"]
        var built = "ab"
        built += "cdefgh"
        texts.append(built)
        for text in texts {
            let expected = TraceDigest.foldContiguous(text, into: 0x1234_5678)
            #expect(TraceDigest.fold(text, into: 0x1234_5678) == expected, "\(text.debugDescription)")
            if text.utf8.count <= 15 {
                #expect(TraceDigest.foldSmall(text, into: 0x1234_5678) == expected, "\(text.debugDescription)")
            } else {
                #expect(TraceDigest.foldSmall(text, into: 0x1234_5678) == nil, "\(text.debugDescription)")
            }
        }
    }

    /// Large strings are read where their bytes lie, from their two words: literals and
    /// strings built at run time, every length around a word's edges, ASCII or not.
    @Test func largeStringFastPathMatchesTheByteWiseFold() {
        #expect(TraceDigest.stringLayoutIsKnown, "expected on 64-bit little-endian Linux")
        var texts: [String] = ["willMoveToSuperview", "viewWillLayoutSubviews", "didMoveToParentViewController",
                               "Nav\u{2192}Detail\u{2192}Settings", "日本語の表示テキスト", "🙂🙂🙂🙂🙂"]
        for length in 16...40 {
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) }))
        }
        var built = "viewWill"
        built += "LayoutSubviews"
        texts.append(built)
        texts.append(String("__willMoveToWindow__".dropFirst(2).dropLast(2)))
        texts.append(String(decoding: Array("décomposé et recomposé".utf8), as: UTF8.self))
        for text in texts {
            #expect(text.utf8.count > 15)
            let expected = TraceDigest.foldContiguous(text, into: 0x1234_5678)
            #expect(TraceDigest.isTailAllocated(unsafeBitCast(text, to: (UInt64, UInt64).self)),
                    "\(text.debugDescription)")
            #expect(TraceDigest.fold(text, into: 0x1234_5678, knownLayout: true) == expected, "\(text.debugDescription)")
            #expect(TraceDigest.fold(text, into: 0x1234_5678, knownLayout: false) == expected, "\(text.debugDescription)")
        }
    }
}

/// Trace points in the layers above pass their strings where they are stored; the trace
/// must record the same events, digests and stream as when it is given the strings.
@Suite struct RecordInPlaceTests {
    static let fields: [(label: String, event: String, detail: String, window: String)] = {
        var built = "View#"
        built += "12345678901234567890"
        return [
            ("window0", "frame", "16666666ns", "window0"),
            ("Detail", "willMoveToParentViewController", "Nav0", "phone"),
            (built, "didMoveToSuperview", "", ""),
            ("日本語のラベルです", "viewWillAppear", "animated=\"yes\"\n", "écran principal"),
            ("", "", "", ""),
        ]
    }()

    private func run(mode: TraceMode, inPlace: Bool, stream: String? = nil) throws -> Trace {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceMode: mode))
        if let stream { try loop.trace.stream(toFileAtPath: stream) }
        var labels = Self.fields.map(\.label)
        var details = Self.fields.map(\.detail)
        var windows = Self.fields.map(\.window)
        let events = Self.fields.map(\.event)
        for turn in 0..<3 {
            loop.schedule(after: .milliseconds(16 * turn)) {
                for index in events.indices {
                    if inPlace {
                        withUnsafeMutablePointer(to: &labels[index]) { label in
                            withUnsafeMutablePointer(to: &details[index]) { detail in
                                withUnsafeMutablePointer(to: &windows[index]) { window in
                                    loop.record(labelAt: label, event: events[index], detailAt: detail, windowAt: window)
                                }
                            }
                        }
                    } else {
                        loop.record(label: labels[index], event: events[index], detail: details[index], window: windows[index])
                    }
                }
            }
        }
        try loop.runUntilIdle()
        loop.trace.closeStream()
        return loop.trace
    }

    @Test func inPlaceRecordsGiveTheSameTraceAsStrings() throws {
        for mode in [TraceMode.unbounded, .bounded(capacity: 4), .digestOnly] {
            let strings = try run(mode: mode, inPlace: false)
            let inPlace = try run(mode: mode, inPlace: true)
            #expect(strings.count == 15)
            #expect(inPlace.count == strings.count)
            #expect(inPlace.digest == strings.digest, "\(mode)")
            #expect(inPlace.turnDigests.map(\.digest) == strings.turnDigests.map(\.digest), "\(mode)")
            #expect(inPlace.events == strings.events, "\(mode)")
        }
    }

    @Test func inPlaceRecordsStreamTheSameBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inplace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("strings.jsonl").path
        let second = directory.appendingPathComponent("inplace.jsonl").path
        _ = try run(mode: .digestOnly, inPlace: false, stream: first)
        _ = try run(mode: .digestOnly, inPlace: true, stream: second)
        let expected = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(!expected.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == expected)
    }
}
