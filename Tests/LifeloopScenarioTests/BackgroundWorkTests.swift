import Foundation
import Testing

/// Dispatch, OperationQueue, Timer and NotificationCenter under the virtual clock, through
/// the real `lifeloop` process (its app owns the main thread): the BackgroundWork probe
/// runs every pattern from one viewDidLoad, and each lands at a known instant and turn.
@Suite("Background work under the virtual clock")
struct BackgroundWorkTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios")
    static let scenario = samples.appendingPathComponent("background-work.yaml").path

    struct Event {
        let turn: Int
        let time: Int
        let line: String
    }

    /// A scenario's trace, run by the CLI, as (turn, time, "label event detail").
    static func trace(_ scenario: String = scenario, status expected: Int32 = 0) throws -> [Event] {
        let path = NSTemporaryDirectory() + "background-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try CLI.run(["run", scenario, "--trace", path])
        #expect(output.status == expected, "\(output.stdout)\(output.stderr)")
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let text = "\(object["label"] as! String) \(object["event"] as! String)" + ((object["detail"] as? String).map { " \($0)" } ?? "")
            return Event(turn: (object["turn"] as! NSNumber).intValue, time: (object["time"] as! NSNumber).intValue, line: text)
        }
    }

    static func scenarioFile(_ text: String) throws -> String {
        let directory = NSTemporaryDirectory() + "background-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/scenario.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyPatternLandsAtItsVirtualInstant() throws {
        let events = try Self.trace()
        func only(_ prefix: String) throws -> Event {
            let found = events.filter { $0.line.hasPrefix(prefix) }
            #expect(found.count == 1, "\(found.count) × '\(prefix)'")
            return try #require(found.first, "no '\(prefix)' in the trace")
        }
        // global → main: the block runs in the next turn's timer phase, its hop in that
        // turn's main-queue drain (after the semaphore's waiting block, below, made the
        // loop wait 40 ms for its signal).
        let hop = try only("Probe globalToMain 500500")
        #expect(hop.turn == 1 && hop.time == 40_000_000)
        #expect(events.contains { $0.turn == 1 && $0.line == "com.apple.root.default-qos dispatch async" })
        // A serial queue's writes run before a sync read of it, in order.
        #expect(try only("Probe serialSyncRead").line == "Probe serialSyncRead 0,1,2")
        // A barrier waits for the blocks before it and holds back the ones after.
        #expect(try only("Probe barrier").line == "Probe barrier a0,a1,barrier,b0,b1")
        // The group's notify waits for its last leave, 50 ms later on a serial queue.
        let notify = try only("Probe groupNotify")
        #expect(notify.line == "Probe groupNotify 106" && notify.time == 50_000_000)
        // An operation queue honours its dependencies.
        #expect(try only("Probe operations").line == "Probe operations download,decode")
        // A notification posted 30 ms later from a global queue reaches the main-queue
        // observer at once.
        let note = try only("Probe notification")
        #expect(note.line == "Probe notification 7" && note.time == 30_000_000)
        // A repeating Timer on the main run loop fires every 100 ms, three times, then is
        // invalidated; a cancelled work item never runs; its sibling does, at 20 ms.
        let fires = events.filter { $0.line.hasPrefix("Probe timer") }
        #expect(fires.map(\.time) == [100_000_000, 200_000_000, 300_000_000])
        #expect(fires.map(\.line) == ["Probe timer 1", "Probe timer 2", "Probe timer 3"])
        #expect(events.filter { $0.line == "Timer fire" }.count == 3)
        #expect(!events.contains { $0.line.hasPrefix("Probe cancelledRan") })
        #expect(try only("Probe workItem").time == 50_000_000, "behind the serial queue's 50 ms asyncAfter")
        // A semaphore: the waiting block runs what it waits for first (the signal at 40 ms).
        #expect(try only("Probe semaphore").line == "Probe semaphore 42")
        // URLSession.shared, unchanged app code, served by the scenario's network at its
        // 80 ms latency; the completion's global → main hops land in known turns.
        let feed = try only("Probe feed status")
        #expect(feed.line == "Probe feed status 200 items 3" && feed.time == 80_000_000)
        // And with async/await (`URLSession.data(from:)` in a main-actor task, which runs
        // after the semaphore's 40 ms wait): 80 ms after it asked.
        let feedAsync = try only("Probe feedAsync")
        #expect(feedAsync.line == "Probe feedAsync status 200 bytes 9" && feedAsync.time == 120_000_000)
        // Foundation's queue labels carry no memory address.
        #expect(!events.contains { $0.line.contains("0x") })
    }

    @Test(arguments: [1, 2, 8])
    func theProbeHasOneDigestAtEveryWorkerWidth(width: Int) throws {
        let output = try CLI.run(["check", Self.scenario, "--runs", "200", "--perturb", "width=\(width),jitter=2ms", "--quiet"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    }

    @Test func separateProcessesGiveTheSameDigest() throws {
        var digests = Set<String>()
        for _ in 0..<5 {
            let output = try CLI.run(["run", Self.scenario])
            #expect(output.status == 0, "\(output.stderr)")
            let words = output.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
            let index = try #require(words.firstIndex(of: "digest"), "no digest in \(output.stdout.prefix(300))")
            digests.insert(String(words[index + 1]))
        }
        #expect(digests.count == 1, "\(digests)")
    }

    @Test func aQueueLabelsCostDelaysItsBlocksInVirtualTime() throws {
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8)
            .replacingOccurrences(of: "workers: 2", with: "workers: 2\ncosts:\n  queue:com.probe.serial: 10ms\n  queue:com.probe.concurrent: 5ms")
        let events = try Self.trace(try Self.scenarioFile(text))
        let serial = events.filter { $0.line == "com.probe.serial dispatch async" }
        #expect(serial.map(\.time) == [10_000_000, 20_000_000, 30_000_000], "a serial queue runs its 10 ms blocks one after another")
        // The sync read waited for the three writes: viewDidLoad's main thread waited 30 ms.
        #expect(events.first { $0.line.hasPrefix("Probe serialSyncRead") }?.time == 30_000_000)
        let concurrent = events.filter { $0.line.hasPrefix("com.probe.concurrent dispatch") }.map { "\($0.line.split(separator: " ").last!)@\($0.time / 1_000_000)" }
        #expect(concurrent == ["async@35", "async@35", "barrier@40", "async@45", "async@45", "barrier@50"])
    }

    @Test func aBadQueueCostKeyIsAnErrorNamingItsLine() throws {
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8)
            .replacingOccurrences(of: "workers: 2", with: "workers: 2\ncosts:\n  'queue:': 10ms")
        let output = try CLI.run(["run", try Self.scenarioFile(text)])
        #expect(output.status == 2)
        #expect(output.stderr.contains("scenario.yaml:14:"), "\(output.stderr)")
        #expect(output.stderr.contains("'queue:' needs a queue's label"), "\(output.stderr)")
    }

    @Test func dispatchMisuseIsADiagnosticNeverAHang() throws {
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8)
            .replacingOccurrences(of: "sample: BackgroundWork", with: "sample: DispatchMisuse")
        let events = try Self.trace(try Self.scenarioFile(text))
        #expect(events.contains { $0.line.hasPrefix("main dispatchDeadlock DispatchQueue.main.sync from code that runs on the main queue") })
        #expect(events.contains { $0.line.hasPrefix("com.probe.misuse dispatchDeadlock sync onto 'com.probe.misuse' from a block that already runs on serial queue") })
        #expect(!events.contains { $0.line.hasPrefix("Probe mainSyncRan") || $0.line.hasPrefix("Probe nestedSyncRan") })
        #expect(events.contains { $0.line == "Probe afterNestedSync" })
        #expect(events.contains { $0.line.hasPrefix("DispatchSemaphore blockingWait") })
        #expect(events.contains { $0.line == "Probe waitReturned timedOut" })
        #expect(events.filter { $0.line.hasPrefix("com.probe.misuse realTime") }.count == 1)
        // Strict mode fails the run on them.
        let strict = try Self.scenarioFile(text.replacingOccurrences(of: "workers: 2", with: "workers: 2\nstrict: true"))
        let output = try CLI.run(["run", strict])
        #expect(output.status != 0, "strict mode passed a run with Dispatch diagnostics: \(output.stdout)")
    }

    @Test func hostClockRecordingsOfTheProbeReplay() throws {
        let directory = NSTemporaryDirectory() + "background-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for index in 0..<5 {
            let recording = directory + "/run-\(index).llrec"
            let recorded = try CLI.run(["record", Self.scenario, "--clock", "host", "-o", recording])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            let replayed = try CLI.run(["replay", recording, "--scenario", Self.scenario])
            #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
            #expect(replayed.stdout.contains("every turn's digest as recorded"), "\(replayed.stdout)")
        }
    }

    @Test func underTheHostClockEveryPatternRunsForReal() throws {
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8).replacingOccurrences(of: "workers: 2", with: "workers: 2\nclock: host")
        let events = try Self.trace(try Self.scenarioFile(text))
        for line in ["Probe globalToMain 500500", "Probe serialSyncRead 0,1,2", "Probe groupNotify 106",
                     "Probe operations download,decode", "Probe notification 7", "Probe timer 3", "Probe workItem", "Probe semaphore 42",
                     "Probe feed status 200 items 3", "Probe feedAsync status 200 bytes 9"] {
            #expect(events.contains { $0.line == line }, "the host-clock run never traced '\(line)'")
        }
        // On libdispatch's own threads the two blocks of a batch run at once, in either
        // order; the barriers still keep the batches apart.
        let barrier = events.first { $0.line.hasPrefix("Probe barrier ") }?.line.dropFirst("Probe barrier ".count)
        let parts = barrier.map { $0.split(separator: ",").map(String.init) } ?? []
        #expect(parts.count == 5 && Set(parts.prefix(2)) == ["a0", "a1"] && parts[2] == "barrier" && Set(parts.suffix(2)) == ["b0", "b1"],
                "the host-clock run traced the barrier as \(barrier.map(String.init) ?? "nothing")")
        // libdispatch's own threads ran the queues: no scheduler events.
        #expect(!events.contains { $0.line.contains(" dispatch ") })
    }
}
