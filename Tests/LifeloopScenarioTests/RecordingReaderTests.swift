import Foundation
import Lifeloop
import LifeloopScenario
import Testing

/// Recordings as untrusted input: what `lifeloop replay` and `RecordingReader` refuse, and
/// how (an error naming the file, the line and the field; exit status 2; never a trap or a
/// hang), and what a replay needs no more than the recording for.
@Suite struct RecordingReaderTests {
    /// A small recording in the format, by hand: a header, two clock reads, arrivals with a
    /// job result, an input, a checkpoint and the trailer.
    static let lines = [
        #"{"llrec":1,"minReader":1,"lifeloop":"0.4.0","program":"p","programHash":"h","vocabulary":"v","seed":3,"clock":"host","source":""}"#,
        #"{"c":100}"#,
        #"{"c":200}"#,
        #"{"a":[["j",0,1],["p",0,1],["m"]],"t":1}"#,
        #"{"r":0,"v":"[1]"}"#,
        #"{"i":"tap in window main","t":1}"#,
        #"{"d":"0123456789abcdef","t":1}"#,
        #"{"ok":true,"turns":1,"finalDigest":"0123456789abcdef"}"#,
    ]

    /// One way to spoil the recording above: the line replaced (1 is the header), what
    /// it becomes (nil removes it), and what the refusal must say besides the file and line.
    struct Mutation: CustomTestStringConvertible, Sendable {
        let line: Int
        let text: String?
        let says: String
        var testDescription: String { "line \(line) → \(text ?? "(removed)")" }
    }

    static let header = Self.lines[0]

    static func headerWith(_ from: String, _ to: String) -> String {
        header.replacingOccurrences(of: from, with: to)
    }

    static let mutations: [Mutation] = [
        // The header.
        Mutation(line: 1, text: headerWith(#""llrec":1"#, #""llrec":0"#), says: "'llrec'"),
        Mutation(line: 1, text: headerWith(#""llrec":1"#, #""llrec":-1"#), says: "'llrec'"),
        Mutation(line: 1, text: headerWith(#""llrec":1"#, #""llrec":99"#), says: "format 99, newer than this reader's format 2"),
        Mutation(line: 1, text: headerWith(#""llrec":1"#, #""llrec":"1""#), says: "'llrec'"),
        Mutation(line: 1, text: headerWith(#""llrec":1"#, #""llrec":1.5"#), says: "'llrec'"),
        Mutation(line: 1, text: headerWith(#""minReader":1"#, #""minReader":"1""#), says: "'minReader'"),
        Mutation(line: 1, text: headerWith(#""minReader":1"#, #""minReader":0"#), says: "'minReader'"),
        Mutation(line: 1, text: headerWith(#""minReader":1,"#, ""), says: "'minReader': missing"),
        Mutation(line: 1, text: headerWith(#""seed":3"#, #""seed":18446744073709551616"#), says: "'seed'"),
        Mutation(line: 1, text: headerWith(#""seed":3"#, #""seed":-1"#), says: "'seed'"),
        Mutation(line: 1, text: headerWith(#""seed":3"#, #""seed":"3""#), says: "'seed'"),
        Mutation(line: 1, text: headerWith(#""seed":3,"#, ""), says: "'seed': missing"),
        Mutation(line: 1, text: headerWith(#""clock":"host""#, #""clock":"sundial""#), says: "'clock'"),
        Mutation(line: 1, text: headerWith(#""program":"p""#, #""program":5"#), says: "'program'"),
        Mutation(line: 1, text: headerWith(#","source":"""#, ""), says: "'source': missing"),
        // Lines that are not recording lines.
        Mutation(line: 2, text: "hello", says: "not a recording line"),
        Mutation(line: 2, text: "", says: "not a recording line"),
        Mutation(line: 2, text: #"{"x":1}"#, says: "not a recording line"),
        Mutation(line: 2, text: #"{"c":1,"t":2}"#, says: "not a recording line"),
        Mutation(line: 2, text: "[1]", says: "not a recording line"),
        // Fields out of their range or of the wrong type.
        Mutation(line: 2, text: #"{"c":-1}"#, says: "'c'"),
        Mutation(line: 2, text: #"{"c":"100"}"#, says: "'c'"),
        Mutation(line: 4, text: #"{"a":[["q",1]],"t":1}"#, says: "'a[0]'"),
        Mutation(line: 4, text: #"{"a":[["p",4294967296,1]],"t":1}"#, says: "'a[0]'"),
        Mutation(line: 4, text: #"{"a":[["j",0,1.5]],"t":1}"#, says: "'a[0]'"),
        Mutation(line: 4, text: #"{"a":{},"t":1}"#, says: "'a'"),
        Mutation(line: 4, text: #"{"a":[],"t":-2}"#, says: "'t'"),
        Mutation(line: 5, text: #"{"r":0,"v":7}"#, says: "'v'"),
        Mutation(line: 6, text: #"{"i":null,"t":1}"#, says: "'i'"),
        Mutation(line: 7, text: #"{"d":"zz","t":1}"#, says: "'d'"),
        Mutation(line: 7, text: #"{"d":"0123456789ABCDEF","t":1}"#, says: "'d'"),
        Mutation(line: 8, text: #"{"ok":"yes","turns":1,"finalDigest":"0123456789abcdef"}"#, says: "'ok'"),
        Mutation(line: 8, text: #"{"ok":true,"turns":1e30,"finalDigest":"0123456789abcdef"}"#, says: "'turns'"),
    ]

    private func write(_ lines: [String], in directory: String, name: String = "run.llrec") throws -> String {
        let path = directory + "/" + name
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theHandMadeRecordingReads() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = try RecordingReader(path: try write(Self.lines, in: directory))
        #expect(reader.header.seed == 3 && reader.header.program == "p" && reader.turns == 1)
        #expect(try reader.nextClockRead() == 100)
        #expect(try reader.nextClockRead() == 200)
        #expect(try reader.nextArrivals(turn: 1) == [.job(0, arrival: 1), .post(poster: 0, sequence: 1), .mainQueue])
        #expect(reader.recordedResult(of: 0)?.json == "[1]")
        #expect(try reader.consumed(inTurn: 1) == ["job 0 result (arrival 1)", "post 1 of poster 0",
                                                   "the main dispatch queue's work", "job 0 result [1]",
                                                   "input tap in window main"])
        // A seed anywhere in UInt64's range reads exactly.
        var lines = Self.lines
        lines[0] = Self.headerWith(#""seed":3"#, #""seed":18446744073709551615"#)
        #expect(try RecordingReader(path: try write(lines, in: directory, name: "max.llrec")).header.seed == .max)
    }

    @Test(arguments: mutations)
    func aMalformedLineIsRefusedNamingFileLineAndField(_ mutation: Mutation) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var lines = Self.lines
        if let text = mutation.text { lines[mutation.line - 1] = text } else { lines.remove(at: mutation.line - 1) }
        let path = try write(lines, in: directory)
        do {
            _ = try RecordingReader(path: path)
            Issue.record("accepted: \(mutation.testDescription)")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix(path + (mutation.line == 1 && mutation.says.hasPrefix("format") ? ":" : ":\(mutation.line)")), "\(message)")
            #expect(message.contains(mutation.says), "\(message)")
        }
    }

    @Test func aLineAfterTheTrailerIsRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try write(Self.lines + [#"{"c":300}"#], in: directory)
        #expect { _ = try RecordingReader(path: path) } throws: { "\($0)".hasPrefix(path + ":9:") && "\($0)".contains("after the trailer") }
    }

    /// Clock reads past the host clock's range (they once trapped the replay) or going
    /// backwards are refused by `lifeloop replay`, exit status 2, naming file and line.
    @Test(arguments: ["18446744073709551615", "1e308", "9223372036854775808", "backwards"])
    func aClockReadOutOfRangeOrBackwardsIsRefused(_ value: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = Fixtures.samples + "/feed-host.yaml"
        let path = directory + "/run.llrec"
        let record = try CLI.run(["record", scenario, "--seed", "3", "-o", path])
        #expect(record.status <= 1, "\(record.stderr)")
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let clocks = lines.indices.filter { lines[$0].hasPrefix("{\"c\":") }
        try #require(clocks.count >= 4)
        // Every read from the third on: whichever of them the run acts on.
        for index in clocks[2...] {
            if value == "backwards" {
                lines[index] = "{\"c\":\(UInt64(lines[clocks[1]].dropFirst(5).dropLast())! - 1)}"
            } else {
                lines[index] = "{\"c\":\(value)}"
            }
        }
        let bad = try write(lines, in: directory, name: "bad.llrec")
        let replay = try CLI.run(["replay", bad, "--scenario", scenario])
        #expect(replay.status == 2, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stderr.contains("\(bad):\(clocks[2] + 1): field 'c'"), "\(replay.stderr)")
        #expect(replay.stderr.contains(value == "backwards" ? "goes backwards" : "the host clock's range"), "\(replay.stderr)")
    }

    /// A FIFO is refused without blocking (opening one waits for a writer): the reader runs
    /// on a thread, and a writer is let in after a long while only so that a reader that
    /// does block ends and the test can fail instead of hanging.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/fifo.llrec"
        try #require(mkfifo(path, 0o600) == 0)
        let outcome = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try RecordingReader(path: path)
                outcome.withLock { $0 = "accepted" }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 30) == .timedOut {
            // Unblock the reader's open and end its read.
            let writer = open(path, O_WRONLY)
            if writer >= 0 { close(writer) }
            done.wait()
            Issue.record("the reader blocked on the FIFO")
        }
        let message = outcome.withLock { $0 } ?? ""
        #expect(message == "\(path): cannot read the recording: it is a FIFO, not a regular file", "\(message)")
    }

    @Test func aDeviceIsRefused() throws {
        let replay = try CLI.run(["replay", "/dev/zero", "--scenario", Fixtures.samples + "/feed-host.yaml"])
        #expect(replay.status == 2)
        #expect(replay.stderr.contains("/dev/zero: cannot read the recording: it is a character device, not a regular file"), "\(replay.stderr)")
    }

    /// A line over the limit (16 MiB) is refused, naming it, before it is all in memory.
    @Test func anOverLongLineIsRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var lines = Self.lines
        lines[4] = #"{"r":0,"s":""# + String(repeating: "x", count: RecordingReader.defaultMaxLineBytes) + #""}"#
        let path = try write(lines, in: directory)
        let replay = try CLI.run(["replay", path, "--scenario", Fixtures.samples + "/feed-host.yaml"])
        #expect(replay.status == 2)
        #expect(replay.stderr.contains("\(path):5: the line is at least"), "\(replay.stderr)")
        #expect(replay.stderr.contains("over the limit of \(RecordingReader.defaultMaxLineBytes) bytes"), "\(replay.stderr)")
        // The limit can be set; a line at it is read.
        #expect(throws: RecordingError.self) { _ = try RecordingReader(path: try write(Self.lines, in: directory, name: "small.llrec"), maxLineBytes: 40) }
        _ = try RecordingReader(path: try write(Self.lines, in: directory, name: "fits.llrec"),
                                maxLineBytes: Self.lines.map(\.utf8.count).max()!)
    }

    /// A replay waiting for an arrival that never comes reports the time it measured, not
    /// a count of its sleeps (which a busy machine stretches): with the limit set to 200 ms,
    /// the figure is at least that.
    @Test func aReplayWaitReportsTheMeasuredTime() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/post.llrec"
        func program(_ app: Application) throws {
            let poster = app.loop.makePoster()
            app.loop.submit(label: "job", work: { poster.post { }; return 1 }) { _ in app.loop.record(label: "app", event: "done") }
            try app.loop.runUntilIdle(maxTime: .seconds(10))
        }
        do {
            let app = try Application(clock: .host, workerWidth: 1)
            let writer = try app.startRecording(to: path, program: "post")
            try program(app)
            try app.finishRecording(writer)
            try app.close()
        }
        // The post is recorded as the first of its poster; make it the second, which never comes.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: #"\["p",\d+,1\]"#, options: .regularExpression), "\(text)")
        let poster = text[range].dropFirst(5).dropLast(3)
        try text.replacingCharacters(in: range, with: "[\"p\",\(poster),2]").write(toFile: path, atomically: true, encoding: .utf8)
        let app = try Application(clock: .host, workerWidth: 1)
        defer { try? app.close() }
        app.loop.replayWaitLimit = .milliseconds(200)
        _ = try app.startReplay(of: path, program: "post")
        do {
            try program(app)
            Issue.record("the replay did not stop")
        } catch let LoopError.replayDiverged(message) {
            #expect(message.contains("post 2 of poster \(poster)") && message.hasSuffix("which never arrived"), "\(message)")
            let figure = try #require(message.range(of: #"waited (\d+\.\d+) s"#, options: .regularExpression)
                .flatMap { Double(message[$0].dropFirst(7).dropLast(2)) }, "\(message)")
            #expect(figure >= 0.2, "\(message)")
        }
    }

    /// Without `--scenario`, the replay runs the scenario text the recording carries: the
    /// file it was recorded from may be gone.
    @Test func aReplayWithoutTheScenarioUsesTheRecordedText() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = directory + "/feed-host.yaml"
        let text = try String(contentsOfFile: Fixtures.samples + "/feed-host.yaml", encoding: .utf8)
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Fixtures.samples + "/Feed.storyboard.json", toPath: directory + "/Feed.storyboard.json")
        let path = directory + "/run.llrec"
        let record = try CLI.run(["record", copy, "--seed", "3", "-o", path])
        #expect(record.status <= 1, "\(record.stderr)")
        let recorded = try #require(record.stdout.range(of: #"digest [0-9a-f]{16}"#, options: .regularExpression).map { String(record.stdout[$0].dropFirst(7)) })
        try FileManager.default.removeItem(atPath: copy)
        let replay = try CLI.run(["replay", path])
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("digest \(recorded) (recorded \(recorded)), every turn's digest as recorded"), "\(replay.stdout)")
        // The storyboard it names changed: refused, saying so.
        try FileManager.default.removeItem(atPath: directory + "/Feed.storyboard.json")
        let storyboard = try String(contentsOfFile: Fixtures.samples + "/Feed.storyboard.json", encoding: .utf8)
        try (storyboard + "\n").write(toFile: directory + "/Feed.storyboard.json", atomically: true, encoding: .utf8)
        let changed = try CLI.run(["replay", path])
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("a file it names (its storyboard) changed"), "\(changed.stderr)")
    }
}
