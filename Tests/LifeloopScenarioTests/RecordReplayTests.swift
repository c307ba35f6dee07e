import Foundation
import Lifeloop
import LifeloopScenario
import Testing

/// Host-clock runs recorded and replayed: same clock reads, same arrivals, same digest
/// turn by turn.
@Suite struct RecordReplayTests {
    /// 100 host-clock runs of the feed (workers whose jobs really sleep 5-40 ms, so their
    /// results land wherever the machine puts them), each recorded and replayed: every
    /// replay ends on its recording's digest, and the recordings differ among themselves.
    @Test func hundredHostRecordingsReplayToTheirDigests() throws {
        let runner = try Fixtures.runner("feed-host.yaml")
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        final class Results: @unchecked Sendable {
            // @unchecked: every field is read and written under `lock` (threads write
            // different indices, but an array element's write is an access to the whole array).
            let lock = NSLock()
            var recorded = [String?](repeating: nil, count: 100)
            var statuses = [(RunStatus, RunStatus)?](repeating: nil, count: 100)
            var replayed = [String?](repeating: nil, count: 100)
            var errors = [String?](repeating: nil, count: 100)
            func update(_ body: (Results) -> Void) { lock.lock(); body(self); lock.unlock() }
        }
        let results = Results()
        let group = DispatchGroup()
        for lane in 0..<4 {
            group.enter()
            let thread = Thread {
                for index in stride(from: lane, to: 100, by: 4) {
                    let path = directory + "/run-\(index).llrec"
                    do {
                        var record = RunOptions()
                        record.recordPath = path
                        let original = try runner.run(seed: UInt64(index % 10), options: record)
                        results.update { $0.recorded[index] = original.digest?.description }
                        var replay = RunOptions()
                        replay.replayPath = path
                        let again = try runner.run(seed: UInt64(index % 10), options: replay)
                        // A run may fail its own checks (a job's layout landing while its view
                        // is off screen); the replay must fail them alike, and nothing else.
                        results.update { results in
                            if case .failed(let message) = again.status, message.contains("replay diverged") {
                                results.errors[index] = message
                            }
                            results.statuses[index] = (original.status, again.status)
                            results.replayed[index] = again.digest?.description
                        }
                    } catch {
                        results.update { $0.errors[index] = "\(error)" }
                    }
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        for index in 0..<100 {
            #expect(results.errors[index] == nil, "run \(index): \(results.errors[index] ?? "")")
            #expect(results.recorded[index] != nil && results.replayed[index] == results.recorded[index], "run \(index)")
            #expect(results.statuses[index].map { $0.0 == $0.1 } == true, "run \(index): \(String(describing: results.statuses[index]))")
        }
        // Real time made the runs differ: replaying is doing something.
        #expect(Set(results.recorded.compactMap { $0 }).count > 10)
    }

    @Test func aTamperedRecordingStopsAtTheFirstDifferingTurn() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = Fixtures.samples + "/feed-host.yaml"
        let path = directory + "/run.llrec"
        let record = try CLI.run(["record", scenario, "--seed", "4", "-o", path])
        #expect(record.status == 0, "\(record.stderr)")
        let replay = try CLI.run(["replay", path, "--scenario", scenario])
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("every turn's digest as recorded"))
        // Push the clock reads after the first turn 5 s ahead: every script step falls due
        // at once, so the turns that follow differ from the recording's.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let firstCheckpoint = try #require(lines.firstIndex { $0.hasPrefix("{\"d\":") })
        for index in lines.indices where index > firstCheckpoint && lines[index].hasPrefix("{\"c\":") {
            let value = UInt64(lines[index].dropFirst(5).dropLast()) ?? 0
            lines[index] = "{\"c\":\(value + 5_000_000_000)}"
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/bad.llrec", atomically: true, encoding: .utf8)
        let bad = try CLI.run(["replay", directory + "/bad.llrec", "--scenario", scenario])
        #expect(bad.status == 1, "\(bad.stdout) \(bad.stderr)")
        #expect(bad.stdout.contains("diverged: "))
        #expect(bad.stdout.contains("the 10 events before that turn"))
        #expect(bad.stdout.contains("replay: lifeloop replay \(directory)/bad.llrec --scenario \(scenario)"))
    }

    /// A virtual-clock recording holds the turn digests only, and its replay checks them;
    /// `--clock host` records a virtual scenario on real time.
    @Test func virtualRecordingsAndClockOverride() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = Fixtures.samples + "/seeded-random.yaml"
        for clock in ["virtual", "host"] {
            let path = directory + "/\(clock).llrec"
            let record = try CLI.run(["record", scenario, "--seed", "5", "--clock", clock, "-o", path])
            #expect(record.status == 0, "\(record.stderr)")
            let header = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0]
            #expect(header.contains("\"clock\":\"\(clock)\""))
            let replay = try CLI.run(["replay", path, "--scenario", scenario])
            #expect(replay.status == 0, "\(clock): \(replay.stdout) \(replay.stderr)")
        }
        let virtualText = try String(contentsOfFile: directory + "/virtual.llrec", encoding: .utf8)
        #expect(!virtualText.contains("{\"c\":"), "no clock reads on the virtual clock")
    }

    @Test func unusableRecordingsAreRefusedBeforeAnythingRuns() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = Fixtures.samples + "/feed-host.yaml"
        let path = directory + "/run.llrec"
        _ = try CLI.run(["record", scenario, "--seed", "1", "-o", path])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        try (lines.prefix(lines.count / 2).joined(separator: "\n") + "\n").write(toFile: directory + "/cut.llrec", atomically: true, encoding: .utf8)
        let cut = try CLI.run(["replay", directory + "/cut.llrec", "--scenario", scenario])
        #expect(cut.status == 2 && cut.stderr.contains("truncated"))
        try text.replacingOccurrences(of: "\"minReader\":2", with: "\"minReader\":9").write(toFile: directory + "/new.llrec", atomically: true, encoding: .utf8)
        let new = try CLI.run(["replay", directory + "/new.llrec", "--scenario", scenario])
        #expect(new.status == 2 && new.stderr.contains("needs a reader of version 9"))
        let other = try CLI.run(["replay", path, "--scenario", Fixtures.samples + "/feed-jobs.yaml"])
        #expect(other.status == 2 && other.stderr.contains("recorded from scenario 'feed-host'") && other.stderr.contains("changed"))
        // A changed copy of the scenario: the refusal names the line that changed.
        let copy = directory + "/feed-host.yaml"
        let original = try String(contentsOfFile: scenario, encoding: .utf8)
            .replacingOccurrences(of: "storyboard: Feed.storyboard.json", with: "storyboard: \(Fixtures.samples)/Feed.storyboard.json")
        try original.write(toFile: copy, atomically: true, encoding: .utf8)
        let copied = try CLI.run(["record", copy, "--seed", "1", "-o", directory + "/copy.llrec"])
        #expect(copied.status == 0, "\(copied.stderr)")
        try original.replacingOccurrences(of: "{uniform: [1ms, 4ms]}", with: "{uniform: [2ms, 4ms]}")
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let changed = try CLI.run(["replay", directory + "/copy.llrec", "--scenario", copy])
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("was `  Feed.viewWillLayoutSubviews: {uniform: [1ms, 4ms]}`, now `  Feed.viewWillLayoutSubviews: {uniform: [2ms, 4ms]}`"),
                "\(changed.stderr)")
        try "hello\n".write(toFile: directory + "/junk.llrec", atomically: true, encoding: .utf8)
        let junk = try CLI.run(["replay", directory + "/junk.llrec", "--scenario", scenario])
        #expect(junk.status == 2 && junk.stderr.contains("not a Lifeloop recording"))
        let badClock = try CLI.run(["record", scenario, "--clock", "sundial", "-o", directory + "/x.llrec"])
        #expect(badClock.status != 0 && badClock.stderr.contains("sundial"))
    }

    /// Job results: a `Codable` one is recorded and injected (so a random result replays),
    /// another is recomputed and a different recomputation is reported.
    struct Opaque: Sendable, CustomStringConvertible {
        let value: Int
        var description: String { "Opaque(\(value))" }
    }

    @Test func codableResultsAreInjectedAndOthersCompared() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func program(_ app: Application, opaque: Bool) throws {
            for index in 0..<3 {
                if opaque {
                    app.loop.submit(label: "o\(index)", work: { Opaque(value: Int.random(in: 0..<1_000_000)) }) { result in
                        app.loop.record(label: "app", event: "got", detail: "\((try? result.get())?.value ?? -1)")
                    }
                } else {
                    app.loop.submit(label: "c\(index)", work: { Int.random(in: 0..<1_000_000) }) { result in
                        app.loop.record(label: "app", event: "got", detail: "\((try? result.get()) ?? -1)")
                    }
                }
            }
            try app.loop.runUntilIdle(maxTime: .seconds(10))
        }
        for opaque in [false, true] {
            let path = directory + "/\(opaque).llrec"
            let recorded: String
            do {
                let app = try Application(clock: .host, workerWidth: 1)
                let writer = try app.startRecording(to: path, program: "results")
                try program(app, opaque: opaque)
                try app.finishRecording(writer)
                recorded = app.trace.digest.description
                try app.close()
            }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(opaque ? "\"s\":\"Opaque(" : "\"v\":\"["), "\(opaque)")
            let app = try Application(clock: .host, workerWidth: 1)
            let reader = try app.startReplay(of: path, program: "results")
            if opaque {
                // Fresh random values: the replay stops at the first, naming both.
                #expect(throws: LoopError.self) {
                    try program(app, opaque: true)
                    try app.finishReplay(reader)
                }
            } else {
                try program(app, opaque: false)
                try app.finishReplay(reader)
                #expect(app.trace.digest.description == recorded, "the recorded Int results were injected")
            }
            try app.close()
        }
    }

    /// The Swift API: a plain host-clock app with workers and a cross-thread post.
    @Test func aPlainAppRecordsAndReplays() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/plain.llrec"
        func program(_ app: Application) throws {
            let poster = app.loop.makePoster()
            for index in 0..<6 {
                app.loop.submit(label: "job\(index)", work: { usleep(UInt32.random(in: 500...5000)); return index }) { _ in
                    app.loop.record(label: "app", event: "done", detail: "\(index) at \(app.now.nanoseconds / 1_000_000)ms")
                }
            }
            Thread.detachNewThread { usleep(2000); poster.post { } }
            app.loop.schedule(after: .milliseconds(3)) { app.loop.record(label: "app", event: "tick") }
            // A run ended by stop(), as a scenario's steps end theirs: a replay must leave
            // the loop closable (it once left libuv's stop flag set, and the close leaked).
            app.loop.schedule(after: .milliseconds(1)) { app.loop.stop() }
            try app.loop.run()
            try app.loop.runUntilIdle(maxTime: .seconds(10))
        }
        let recorded: String
        do {
            let app = try Application(clock: .host, workerWidth: 3)
            let writer = try app.startRecording(to: path, program: "plain")
            try program(app)
            try app.finishRecording(writer)
            recorded = app.trace.digest.description
            try app.close()
        }
        let app = try Application(clock: .host, workerWidth: 3)
        let reader = try app.startReplay(of: path, program: "plain")
        try program(app)
        try app.finishReplay(reader)
        #expect(app.trace.digest.description == recorded)
        try app.close()
        #expect(app.loop.loopCloseStatus == 0, "libuv closed the replayed loop")
        let other = try Application(clock: .host)
        #expect(throws: RecordingError.self) { _ = try other.startReplay(of: path, program: "other") }
        try other.close()
    }
}
