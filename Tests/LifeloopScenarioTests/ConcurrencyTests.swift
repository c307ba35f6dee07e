import Foundation
import Testing

/// Swift concurrency on the app's loop (issue 14), through the real `lifeloop` process:
/// it installs Lifeloop's executors, and `run`/`check` put the app on its main thread.
@Suite("Swift concurrency on the loop")
struct ConcurrencyTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios/concurrency.yaml").path

    /// The sample's trace: (turn, label event detail) in order.
    static func trace() throws -> [(turn: Int, time: Int, line: String)] {
        let path = NSTemporaryDirectory() + "concurrency-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try CLI.run(["run", scenario, "--trace", path])
        #expect(output.status == 0, "\(output.stderr)")
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let text = "\(object["label"] as! String) \(object["event"] as! String)" + ((object["detail"] as? String).map { " \($0)" } ?? "")
            return ((object["turn"] as! NSNumber).intValue, (object["time"] as! NSNumber).intValue, text)
        }
    }

    @Test func mainActorTasksSleepsDetachedTasksAndMainQueueHopsAllRunOnTheLoop() throws {
        let events = try Self.trace()
        func first(_ prefix: String) throws -> (index: Int, turn: Int, time: Int) {
            let index = try #require(events.firstIndex { $0.line.hasPrefix(prefix) }, "no '\(prefix)' in the trace")
            return (index, events[index].turn, events[index].time)
        }
        // Every hop ran, in program order, on virtual time: the job's cost, then the sleep.
        let steps = ["Feed taskStart", "Feed taskRunning", "Feed mainAsyncFromLoop", "Feed feedArrived 12 items", "Feed mainAsyncAfter 250ms", "Feed slept 200ms",
                     "Feed detachedDone sum 198", "Feed mainAsyncFromWorker", "Feed thumbnailsArrived 4", "Feed mainActorRun"]
        let found = try steps.map { try first($0) }
        #expect(found.map(\.index) == found.map(\.index).sorted())
        #expect(try first("Feed feedArrived").time == 120_000_000)
        #expect(try first("Feed slept").time == 320_000_000, "Task.sleep(for: 200ms) sleeps 200 ms of virtual time")
        #expect(try first("Feed mainAsyncAfter").time == 250_000_000, "DispatchQueue.main.asyncAfter waits on virtual time")
        #expect(try first("mainQueue asyncAfter").index < first("Feed mainAsyncAfter").index)
        // MainActor.assumeIsolated holds in a callback of the main thread's app; an async
        // worker job (sleeping on real time and using a task group) delivers at its cost.
        #expect(try first("Feed assumeIsolated").index < first("Feed taskRunning").index)
        #expect(try first("Feed asyncJobDone 60").time == 30_000_000)
        #expect(try first("Feed thumbnailsArrived").time == 360_000_000)
    }

    @Test func whereInTheTurnMainActorAndMainQueueWorkRun() throws {
        let events = try Self.trace()
        func index(_ line: String, turn: Int) throws -> Int {
            try #require(events.firstIndex { $0.turn == turn && $0.line.hasPrefix(line) }, "no '\(line)' in turn \(turn)")
        }
        // Turn 1: the main-actor task started in viewDidLoad runs in the task phase, the
        // main queue drains at its end, and the commit (layout, display) comes after both.
        let job = try index("mainActor job", turn: 1)
        let drain = try index("mainQueue drain", turn: 1)
        let fromLoop = try index("Feed mainAsyncFromLoop", turn: 1)
        let layout = try index("Feed viewWillLayoutSubviews", turn: 1)
        #expect(job < drain && drain < fromLoop && fromLoop < layout)
        // A worker result (timer phase, virtual clock) comes before the main queue it
        // filled: the block the job's work posted runs in the turn of its delivery.
        let delivery = try #require(events.first { $0.line.hasPrefix("thumbnails jobComplete") })
        let complete = try index("thumbnails jobComplete", turn: delivery.turn)
        let workerDrain = try index("mainQueue drain", turn: delivery.turn)
        let fromWorker = try index("Feed mainAsyncFromWorker", turn: delivery.turn)
        #expect(complete < workerDrain && workerDrain < fromWorker)
        // A timer's own main.async waits for the end of that turn's task phase.
        let timer = try #require(events.first { $0.line == "Feed timerFired" })
        let fired = try index("Feed timerFired", turn: timer.turn)
        let timerDrain = try index("mainQueue drain", turn: timer.turn)
        let fromTimer = try index("Feed mainAsyncFromTimer", turn: timer.turn)
        #expect(fired < timerDrain && timerDrain < fromTimer)
        // A worker result runs in the timer phase (its completion too), a cross-thread
        // post in the task phase after it.
        let posterTurn = try #require(events.first { $0.line.hasPrefix("poster jobComplete") }).turn
        let posterComplete = try index("poster jobComplete", turn: posterTurn)
        let posterDone = try index("Feed posterDone", turn: posterTurn)
        let posted = try index("Feed crossThreadPost", turn: posterTurn)
        #expect(posterComplete < posterDone && posterDone < posted)
        // A sleep ends on a timer at its virtual deadline; the main-actor task it resumes
        // runs as a main-actor job in the task phase, the first thing of its turn.
        let slept = try #require(events.first { $0.line.hasPrefix("Feed slept") })
        let resumed = try index("mainActor job", turn: slept.turn)
        let sleptIndex = try index("Feed slept", turn: slept.turn)
        #expect(resumed + 1 == sleptIndex)
        #expect(events[resumed].time == 320_000_000)
        #expect(!events.contains { $0.turn == slept.turn && $0.line.hasPrefix("Feed") && $0.time < slept.time })
    }

    @Test(arguments: [1, 2, 8])
    func theTraceIsIdenticalOver200RunsWithRandomRealDelays(width: Int) throws {
        let output = try CLI.run(["check", Self.scenario, "--seeds", "0..0", "--runs", "201", "--perturb", "width=\(width),jitter=3ms", "--quiet"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("1 seed × 201 runs: every turn's digest agrees"))
    }

    @Test func separateProcessesAgreeToo() throws {
        let output = try CLI.run(["check", Self.scenario, "--seeds", "0..1", "--quiet"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("every turn's digest agrees"))
    }

    @Test func anAppOnThreadsIsToldItCannotOwnTheMainActorAndItsSeedsFail() throws {
        // Forced onto threads (the app says it needs the main thread), each seed's app hops
        // to the main actor from a thread that is not the process's main thread: the run
        // measured another program, so it fails rather than give figures.
        let directory = NSTemporaryDirectory() + "concurrency-strict-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The hop this app made never runs in that process (no app there owns the main
        // thread, which is the point): under `make asan` its task still holds the
        // controller at exit, which the leak check would report, so it is off for this run.
        let output = try CLI.run(["experiment", Self.scenario, "--seeds", "0..1", "--isolation", "threads", "--html", directory + "/r.html"],
                                 environment: ["ASAN_OPTIONS": "detect_leaks=0"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("failing seeds (2)"))
        #expect(output.stdout.contains("mainActorNotOwned: the app's code used the main actor on a thread"))
        // The page's re-runs ran on threads too: nothing of theirs ran on this main thread.
        #expect(FileManager.default.fileExists(atPath: directory + "/r.html"))
    }

    @Test func anExperimentGivesEachSeedExactlyWhatRunGives() throws {
        // The app uses the main actor and the main queue: each seed runs in a process of
        // its own, on its main thread, as `lifeloop run --seed N` runs it. (On threads its
        // tasks never ran: another digest, launch.settleMs 30 instead of 360; and the
        // page's re-run on the main thread then ran the tasks of apps that were gone.)
        let directory = NSTemporaryDirectory() + "concurrency-experiment-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["experiment", Self.scenario, "--seeds", "1..3", "--digests", "--rows", directory + "/rows.jsonl",
                                  "--html", directory + "/r.html", "--quiet"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/r.html"))
        let rows = try String(contentsOfFile: directory + "/rows.jsonl", encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(rows.count == 3)
        for row in rows {
            let seed = (row["seed"] as! NSNumber).intValue
            let run = try CLI.run(["run", Self.scenario, "--seed", "\(seed)", "--format", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("\"digest\": \"\(row["digest"] as! String)\""), "seed \(seed): the experiment's digest differs from run's")
            let metrics = row["metrics"] as! [String: Any]
            #expect((metrics["launch.settleMs"] as! NSNumber).doubleValue == 360)
        }
    }

    @Test func aHostClockRunCompletesEveryHop() throws {
        let directory = NSTemporaryDirectory() + "concurrency-host-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = try String(contentsOfFile: Self.scenario, encoding: .utf8).replacingOccurrences(of: "workers: 2", with: "workers: 2\nclock: host")
        try text.write(toFile: directory + "/host.yaml", atomically: true, encoding: .utf8)
        let output = try CLI.run(["run", directory + "/host.yaml", "--trace", directory + "/t.jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let trace = try String(contentsOfFile: directory + "/t.jsonl", encoding: .utf8)
        for event in ["taskRunning", "feedArrived", "mainAsyncAfter", "slept", "detachedDone", "mainAsyncFromWorker", "mainActorRun"] {
            #expect(trace.contains("\"event\":\"\(event)\""), "the host-clock run never reached \(event)")
        }
    }

    @Test func hostClockRecordingsOfConcurrentCodeReplay() throws {
        let directory = NSTemporaryDirectory() + "concurrency-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var digests: Set<String> = []
        for index in 0..<10 {
            let recording = directory + "/run-\(index).llrec"
            let recorded = try CLI.run(["record", Self.scenario, "--clock", "host", "-o", recording])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            // The main queue's drains are arrivals like worker results.
            #expect(text.contains(#"["m"]"#))
            let replayed = try CLI.run(["replay", recording, "--scenario", Self.scenario])
            #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
            #expect(replayed.stdout.contains("every turn's digest as recorded"))
            if let digest = recorded.stdout.split(separator: " ").firstIndex(of: "digest").map({ recorded.stdout.split(separator: " ")[$0 + 1] }) {
                digests.insert(String(digest))
            }
        }
        // Real time differs run to run, and each recording replays its own run.
        #expect(digests.count > 1)
    }
}
