import Foundation
import Testing
import LifeloopScenario

/// A fresh folder per test, so tests running in parallel never share files.
private func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("lifeloop-perfetto-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// Writes a trace with `body` to a fresh file and returns its text.
private func writtenTrace(_ body: (PerfettoTraceWriter) -> Void) throws -> String {
    try withTemporaryFolder { folder in
        let path = folder.appendingPathComponent("trace.json").path
        let writer = try PerfettoTraceWriter(path: path)
        body(writer)
        try writer.close()
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}

private func validate(_ json: String) -> PerfettoValidation {
    PerfettoValidator.validate(data: Data(json.utf8))
}

/// Events of every kind, on two processes and three threads, properly nested.
private func writeEveryKind(_ writer: PerfettoTraceWriter) {
    writer.processName(pid: 1, name: "App")
    writer.processName(pid: 2, name: "Helper")
    writer.threadName(pid: 1, tid: 1, name: "main", sortIndex: 0)
    writer.threadName(pid: 1, tid: 2, name: "worker 1", sortIndex: 1)
    writer.threadName(pid: 2, tid: 7, name: "helper main")
    // Children before their parent, as a runtime writes slices when they finish.
    writer.complete(pid: 1, tid: 1, name: "loadView", category: "lifecycle", start: 1_000_000, duration: 250_000,
                    args: [("controller", "A"), ("window", "main")])
    writer.complete(pid: 1, tid: 1, name: "viewDidLoad", category: "lifecycle", start: 1_250_000, duration: 0)
    writer.instant(pid: 1, tid: 1, name: "setNeedsLayout", category: "layout", at: 1_100_000, args: [("view", "V1")])
    writer.flowStart(pid: 1, tid: 1, name: "dispatch", id: 1, at: 1_200_000)
    writer.complete(pid: 1, tid: 1, name: "turn", category: "loop", start: 1_000_000, duration: 500_000)
    writer.complete(pid: 1, tid: 2, name: "job", category: "worker", start: 1_300_000, duration: 400_000)
    writer.flowEnd(pid: 1, tid: 2, name: "dispatch", id: 1, at: 1_300_000)
    writer.counter(pid: 1, name: "queue", at: 1_000_000, values: [("depth", 3), ("load", 0.25), ("bad", .nan)])
    writer.asyncBegin(pid: 1, tid: 1, name: "transition", category: "ui", id: 0xBEEF, at: 1_000_000,
                      args: [("from", "A"), ("to", "B")])
    writer.asyncBegin(pid: 1, tid: 1, name: "animation", category: "ui", id: 0xBEEF, at: 1_100_000)
    writer.asyncEnd(pid: 1, tid: 1, name: "animation", category: "ui", id: 0xBEEF, at: 1_400_000)
    writer.asyncEnd(pid: 1, tid: 1, name: "transition", category: "ui", id: 0xBEEF, at: 1_500_000)
    // The same local id in another process is another track.
    writer.asyncBegin(pid: 2, tid: 7, name: "fetch", category: "ui", id: 0xBEEF, at: 2_000_000)
    writer.asyncEnd(pid: 2, tid: 7, name: "fetch", category: "ui", id: 0xBEEF, at: 2_000_000)
    writer.complete(pid: 2, tid: 7, name: "idle", category: "loop", start: 0, duration: 5_000_000)
}

@Suite struct PerfettoWriterTests {
    @Test func everyMethodValidatesCleanAndParsesAsJSON() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("every.json").path
            let writer = try PerfettoTraceWriter(path: path)
            writeEveryKind(writer)
            try writer.close()

            let validation = try PerfettoValidator.validate(path: path)
            #expect(validation.problems == [])
            #expect(validation.isValid)
            #expect(validation.events == writer.eventCount)
            #expect(validation.events == 22)

            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(root["displayTimeUnit"] as? String == "ms")
            let events = try #require(root["traceEvents"] as? [[String: Any]])
            #expect(events.count == 22)
            #expect(Set(events.compactMap { $0["ph"] as? String }) == ["M", "X", "i", "s", "f", "C", "b", "e"])
            // One event a line, between the opening and closing lines.
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 22 + 2)
        }
    }

    @Test func tinyTraceHasExactBytes() throws {
        let text = try writtenTrace { writer in
            writer.processName(pid: 1, name: "App")
            writer.threadName(pid: 1, tid: 1, name: "main", sortIndex: 0)
            writer.complete(pid: 1, tid: 1, name: "layout", category: "ui", start: 1_234_567, duration: 1000,
                            args: [("view", "A \"x\"")])
            writer.instant(pid: 1, tid: 1, name: "mark", category: "ui", at: 1_500_000)
            writer.counter(pid: 1, name: "memory", at: 2_000_000,
                           values: [("bytes", 1024), ("ratio", 0.5), ("third", 1.0 / 3), ("nan", .nan)])
            writer.asyncBegin(pid: 1, tid: 1, name: "load", category: "net", id: 42, at: 0)
            writer.asyncEnd(pid: 1, tid: 1, name: "load", category: "net", id: 42, at: 3_000_000)
            writer.flowStart(pid: 1, tid: 1, name: "tap", id: 7, at: 1_234_567)
            writer.flowEnd(pid: 1, tid: 1, name: "tap", id: 7, at: 1_235_000)
        }
        let golden = """
            {"traceEvents":[
            {"name":"process_name","ph":"M","pid":1,"args":{"name":"App"}},
            {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"main"}},
            {"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":0}},
            {"name":"layout","cat":"ui","ph":"X","ts":1234.567,"dur":1.000,"pid":1,"tid":1,"args":{"view":"A \\"x\\""}},
            {"name":"mark","cat":"ui","ph":"i","ts":1500.000,"pid":1,"tid":1,"s":"t"},
            {"name":"memory","ph":"C","ts":2000.000,"pid":1,"args":{"bytes":1024,"ratio":0.5,"third":0.333333,"nan":0}},
            {"name":"load","cat":"net","ph":"b","ts":0.000,"pid":1,"tid":1,"id2":{"local":"0x2a"}},
            {"name":"load","cat":"net","ph":"e","ts":3000.000,"pid":1,"tid":1,"id2":{"local":"0x2a"}},
            {"name":"tap","cat":"flow","ph":"s","ts":1234.567,"pid":1,"tid":1,"id":"0x7"},
            {"name":"tap","cat":"flow","ph":"f","ts":1235.000,"pid":1,"tid":1,"id":"0x7","bp":"e"}
            ],"displayTimeUnit":"ms"}

            """
        #expect(text == golden)
        #expect(validate(text).problems == [])
    }

    @Test func emptyTraceIsValid() throws {
        let text = try writtenTrace { _ in }
        #expect(text == "{\"traceEvents\":[\n],\"displayTimeUnit\":\"ms\"}\n")
        let validation = validate(text)
        #expect(validation.isValid)
        #expect(validation.events == 0)
    }

    @Test func countersAreWrittenWithoutExponentsOrNonFiniteValues() throws {
        let values: [(Double, String)] = [
            (3, "3"), (-2.5, "-2.5"), (0.1, "0.1"), (123456.789, "123456.789"),
            (1e-7, "0"), (-1e-7, "0"), (-0.0, "0"), (1.9999996, "2"), (-1.9999996, "-2"),
            (0x1p52 - 0.5, "4503599627370495.5"), (1e20, "100000000000000000000"),
            (0x1p63, "9223372036854775808"), (-0x1p64, "-18446744073709551616"),
            (.nan, "0"), (.infinity, "0"), (-.infinity, "0"),
            (.greatestFiniteMagnitude, "1797693134862315708145274237317043567980705675258449965989174768031572607800285"
                + "3876058955863276687817154045895351438246423432132688946418276846754670353751698604991057655128207"
                + "6245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738"
                + "177180919299881250404026184124858368"),
        ]
        let text = try writtenTrace { writer in
            for (index, (value, _)) in values.enumerated() {
                writer.counter(pid: 1, name: "c\(index)", at: 0, values: [("v", value)])
            }
        }
        for (index, (value, expected)) in values.enumerated() {
            #expect(text.contains("{\"name\":\"c\(index)\",\"ph\":\"C\",\"ts\":0.000,\"pid\":1,\"args\":{\"v\":\(expected)}}"),
                    "counter value \(value)")
        }
        #expect(validate(text).problems == [])
    }

    @Test func stringsAreEscapedAndNonASCIIStaysUTF8() throws {
        let name = "quote\" back\\ nl\n cr\r tab\t bs\u{8} ff\u{C} ctl\u{1}\u{1F} del\u{7F} é 日本 🎉"
        let text = try writtenTrace { writer in
            writer.instant(pid: 1, tid: 1, name: name, category: "c", at: 0, args: [(name, name)])
        }
        let escaped = #"quote\" back\\ nl\n cr\r tab\t bs\b ff\f ctl\u0001\u001f del"# + "\u{7F} é 日本 🎉"
        #expect(text.contains("\"name\":\"\(escaped)\""))
        let events = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])["traceEvents"]
        let event = try #require((events as? [[String: Any]])?.first)
        #expect(event["name"] as? String == name)
        #expect((event["args"] as? [String: String])?[name] == name)
    }

    @Test func sameEventsGiveIdenticalBytes() throws {
        try withTemporaryFolder { folder in
            var files: [Data] = []
            for run in 0..<2 {
                let path = folder.appendingPathComponent("run\(run).json").path
                let writer = try PerfettoTraceWriter(path: path)
                writeEveryKind(writer)
                try writer.close()
                files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(files[0] == files[1])
            #expect(!files[0].isEmpty)
        }
    }

    @Test func largeTraceStreamsInChunksAndValidates() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("large.json").path
            let writer = try PerfettoTraceWriter(path: path)
            writer.threadName(pid: 1, tid: 1, name: "main")
            for turn in 0..<5000 {
                let start = UInt64(turn) * 1_000_000
                writer.complete(pid: 1, tid: 1, name: "layout", category: "ui", start: start + 100, duration: 500,
                                args: [("turn", String(turn))])
                writer.complete(pid: 1, tid: 1, name: "turn", category: "loop", start: start, duration: 999_999)
            }
            try writer.close()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(size > 4 * 64 * 1024)
            let validation = try PerfettoValidator.validate(path: path)
            #expect(validation.problems == [])
            #expect(validation.events == 10_001)
        }
    }

    @Test func closeIsIdempotentAndLaterEventsAreDropped() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("closed.json").path
            let writer = try PerfettoTraceWriter(path: path)
            writer.instant(pid: 1, tid: 1, name: "only", category: "c", at: 0)
            try writer.close()
            let first = try Data(contentsOf: URL(fileURLWithPath: path))
            try writer.close()
            writer.instant(pid: 1, tid: 1, name: "late", category: "c", at: 1)
            try writer.close()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
            #expect(writer.eventCount == 1)
        }
    }

    @Test func pathInMissingFolderGivesErrorNamingIt() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("no-such-folder/trace.json").path
            let error = #expect(throws: PerfettoTraceError.self) {
                _ = try PerfettoTraceWriter(path: path)
            }
            #expect(error?.path == path)
            #expect(error?.description.contains(path) == true)

            let readError = #expect(throws: PerfettoTraceError.self) {
                _ = try PerfettoValidator.validate(path: path)
            }
            #expect(readError?.description.contains(path) == true)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func writeErrorIsThrownByCloseNamingThePath() throws {
        // Every write to /dev/full fails with "No space left on device".
        let writer = try PerfettoTraceWriter(path: "/dev/full")
        writer.instant(pid: 1, tid: 1, name: "lost", category: "c", at: 0)
        let error = #expect(throws: PerfettoTraceError.self) { try writer.close() }
        #expect(error == .writeFailed(path: "/dev/full", reason: String(cString: strerror(ENOSPC))))
        try writer.close()
    }
}

@Suite struct PerfettoValidatorTests {
    /// A valid X event on pid 1; `ts` and `dur` are JSON number text in microseconds.
    private func x(_ name: String, ts: String, dur: String, tid: Int = 1) -> String {
        #"{"name":"\#(name)","cat":"c","ph":"X","ts":\#(ts),"dur":\#(dur),"pid":1,"tid":\#(tid)}"#
    }

    private func trace(_ events: String...) -> String {
        "{\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}"
    }

    private func expectProblem(_ json: String, event index: Int, containing text: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let validation = validate(json)
        #expect(!validation.isValid, sourceLocation: sourceLocation)
        #expect(validation.problems.contains { $0.hasPrefix("event \(index)") && $0.contains(text) },
                "\(validation.problems)", sourceLocation: sourceLocation)
    }

    @Test func partialOverlapOnOneTrackIsCaught() {
        let json = trace(x("a", ts: "0.000", dur: "10.000"), x("b", ts: "5.000", dur: "10.000"))
        expectProblem(json, event: 1, containing: "overlaps event 0")
        #expect(validate(json).problems.count == 1)
        // The same slices on two threads are fine.
        #expect(validate(trace(x("a", ts: "0.000", dur: "10.000"), x("b", ts: "5.000", dur: "10.000", tid: 2))).isValid)
    }

    @Test func overlapOfOneNanosecondIsCaughtAtLargeTimes() {
        // 1000 s into a run: the child ends 1 ns after its parent.
        let parent = x("parent", ts: "1000000000.000", dur: "1.000")
        #expect(validate(trace(parent, x("child", ts: "1000000000.999", dur: "0.001"))).isValid)
        expectProblem(trace(parent, x("child", ts: "1000000000.999", dur: "0.002")), event: 1, containing: "overlaps")
    }

    @Test func equalStartsAndZeroDurationsNestCleanly() {
        let json = trace(
            x("zero1", ts: "5.000", dur: "0.000"),
            x("zero2", ts: "5.000", dur: "0.000"),
            x("child", ts: "5.000", dur: "10.000"),
            x("twin", ts: "5.000", dur: "10.000"),
            x("parent", ts: "5.000", dur: "20.000"),
            x("atParentEnd", ts: "25.000", dur: "0.000"),
            x("afterZero", ts: "5.000", dur: "3.000"))
        #expect(validate(json).problems == [])
    }

    @Test func durationEventsBalanceAndNestWithCompleteEvents() {
        let begin = #"{"name":"frame","ph":"B","ts":0,"pid":1,"tid":1}"#
        let end = #"{"ph":"E","ts":20,"pid":1,"tid":1}"#
        #expect(validate(trace(begin, x("draw", ts: "5", dur: "10"), end)).problems == [])
        expectProblem(trace(begin, x("draw", ts: "15", dur: "10"), end), event: 1, containing: "overlaps event 0")
        expectProblem(trace(begin), event: 0, containing: "never ends")
        expectProblem(trace(end), event: 0, containing: "no open B")
        let wrongEnd = #"{"name":"other","ph":"E","ts":20,"pid":1,"tid":1}"#
        expectProblem(trace(begin, wrongEnd), event: 1, containing: "does not match")
    }

    @Test func unmatchedAsyncBeginIsCaught() {
        let begin = #"{"name":"load","cat":"net","ph":"b","ts":0,"pid":1,"id2":{"local":"0x1"}}"#
        expectProblem(trace(begin), event: 0, containing: "never ends")
        // An end in another process does not match a process-local id.
        let elsewhere = #"{"name":"load","cat":"net","ph":"e","ts":1,"pid":2,"id2":{"local":"0x1"}}"#
        expectProblem(trace(begin, elsewhere), event: 1, containing: "no open begin")
        // An end before its begin does not match it either.
        let early = #"{"name":"load","cat":"net","ph":"e","ts":0,"pid":1,"id2":{"local":"0x1"}}"#
        let late = #"{"name":"load","cat":"net","ph":"b","ts":1,"pid":1,"id2":{"local":"0x1"}}"#
        expectProblem(trace(early, late), event: 0, containing: "no open begin")
    }

    @Test func asyncEventsNeedIdAndCategory() {
        expectProblem(trace(#"{"name":"load","cat":"net","ph":"b","ts":0,"pid":1}"#), event: 0, containing: "need an id")
        expectProblem(trace(#"{"name":"load","ph":"b","ts":0,"pid":1,"id":"0x1"}"#), event: 0, containing: "need a cat")
        let crossed = trace(
            #"{"name":"a","cat":"c","ph":"b","ts":0,"pid":1,"id":1}"#,
            #"{"name":"b","cat":"c","ph":"b","ts":1,"pid":1,"id":1}"#,
            #"{"name":"a","cat":"c","ph":"e","ts":2,"pid":1,"id":1}"#,
            #"{"name":"b","cat":"c","ph":"e","ts":3,"pid":1,"id":1}"#)
        expectProblem(crossed, event: 2, containing: "does not match the innermost open begin")
    }

    @Test func flowStartWithoutEndIsCaught() {
        let slice = x("work", ts: "0.000", dur: "10.000")
        let start = #"{"name":"hop","cat":"flow","ph":"s","ts":1,"pid":1,"tid":1,"id":"0x5"}"#
        expectProblem(trace(slice, start), event: 1, containing: "never ends")
        // An end under another name is another flow.
        let otherName = #"{"name":"skip","cat":"flow","ph":"f","ts":2,"pid":1,"tid":1,"id":"0x5","bp":"e"}"#
        expectProblem(trace(slice, start, otherName), event: 2, containing: "no start")
        // A numeric id is the same flow as its hex string.
        let numeric = #"{"name":"hop","cat":"flow","ph":"f","ts":2,"pid":1,"tid":1,"id":5,"bp":"e"}"#
        #expect(validate(trace(slice, start, numeric)).problems == [])
        let early = #"{"name":"hop","cat":"flow","ph":"f","ts":0.5,"pid":1,"tid":1,"id":"0x5","bp":"e"}"#
        expectProblem(trace(slice, start, early), event: 2, containing: "no start")
        expectProblem(trace(slice, start, start, numeric), event: 2, containing: "already started")
    }

    @Test func flowOutsideEverySliceIsCaught() {
        let start = #"{"name":"hop","cat":"flow","ph":"s","ts":20,"pid":1,"tid":1,"id":"0x5"}"#
        let end = #"{"name":"hop","cat":"flow","ph":"f","ts":30,"pid":1,"tid":2,"id":"0x5","bp":"e"}"#
        let json = trace(x("work", ts: "0.000", dur: "10.000"), x("job", ts: "30.000", dur: "1.000", tid: 2), start, end)
        expectProblem(json, event: 2, containing: "lies in no slice")
        #expect(validate(json).problems.count == 1)
    }

    @Test func missingFieldsAreCaught() {
        expectProblem(trace(#"{"name":"a","cat":"c","ph":"X","ts":0,"dur":1,"tid":1}"#), event: 0, containing: "pid is missing")
        expectProblem(trace(#"{"name":"a","cat":"c","ph":"X","dur":1,"pid":1,"tid":1}"#), event: 0, containing: "ts is missing")
        expectProblem(trace(#"{"name":"a","cat":"c","ph":"X","ts":0,"pid":1,"tid":1}"#), event: 0, containing: "dur is missing")
        expectProblem(trace(#"{"name":"a","cat":"c","ph":"X","ts":0,"dur":1,"pid":1}"#), event: 0, containing: "tid is missing")
        expectProblem(trace(#"{"name":"a","ph":"X","ts":-1,"dur":1,"pid":1,"tid":1}"#), event: 0, containing: "ts is negative")
        expectProblem(trace(#"{"name":"a","ph":"X","ts":"0","dur":1,"pid":1,"tid":1}"#), event: 0, containing: "ts is not a number")
        expectProblem(trace(#"{"name":"a","ph":"X","ts":0,"dur":1,"pid":true,"tid":1}"#), event: 0, containing: "pid is missing or not an integer")
        expectProblem(trace(#"{"ph":"i","ts":0,"pid":1,"tid":1,"s":"t"}"#), event: 0, containing: "name is missing")
        expectProblem(trace(#"{"name":"a","ph":"Q","ts":0,"pid":1}"#), event: 0, containing: "unknown phase")
        expectProblem(trace(#"{"name":"q","ph":"C","ts":0,"pid":1,"args":{"depth":"3"}}"#), event: 0, containing: "not a number")
        expectProblem(trace(#"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{}}"#), event: 0, containing: "args.name")
        expectProblem(trace("42"), event: 0, containing: "not an object")
    }

    @Test func badJSONAndWrongShapesAreCaught() {
        let truncated = validate("{\"traceEvents\":[\n{\"name\":\"a\",")
        #expect(truncated.events == 0)
        #expect(truncated.problems.count == 1)
        #expect(truncated.problems.first?.hasPrefix("not valid JSON") == true)
        #expect(validate("{\"events\":[]}").problems == ["the top-level object has no traceEvents array"])
        // The bare-array form is accepted.
        let bare = validate("[" + x("a", ts: "0", dur: "1") + "]")
        #expect(bare.isValid)
        #expect(bare.events == 1)
    }

    @Test func problemsAreCappedWithACount() {
        let broken = Array(repeating: #"{"ph":"X"}"#, count: PerfettoValidator.problemLimit)
        let validation = validate("[" + broken.joined(separator: ",") + "]")
        #expect(validation.problems.count == PerfettoValidator.problemLimit + 1)
        #expect(validation.problems.last?.hasPrefix("… and ") == true)
    }
}
