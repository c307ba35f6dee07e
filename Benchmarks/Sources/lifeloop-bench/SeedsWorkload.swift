import Foundation
import Lifeloop
import LifeloopCore
import LifeloopSamples
import LifeloopScenario

/// Seeds per second per core for three reference scenarios (each seed a fresh app, run on
/// one thread one after another, as one `--jobs 1` experiment thread runs them), with the
/// P50 and P99 wall time of one seed; and the time to load a failure capsule of 10^6
/// recorded events. `BENCH_ONLY=seeds make bench` runs only these.
enum SeedsWorkload {
    static let scenarios = ScenarioWorkloads.scenarios

    /// The reference scenarios, written out so the rows do not move when a sample does.
    static func references() -> [(name: String, text: String)] {
        var pushes = ""
        for _ in 0..<10 { pushes += "  - push: Detail\n  - pop: true\n" }
        return [
            ("launch and settle", """
                lifeloop: 1
                app: {storyboard: \(scenarios)/Launch.storyboard.json}

                """),
            ("ten pushes and pops", """
                lifeloop: 1
                app: {storyboard: \(scenarios)/Feed.storyboard.json}
                windows: [{label: main, screen: phone, container: navigation}]
                script:
                \(pushes)
                """),
            ("three windows with workers", """
                lifeloop: 1
                app: {sample: MultiWindow}
                workers: 2
                windows:
                  - {label: phone, screen: phone}
                  - {label: tablet, screen: tablet}
                  - {label: pro, size: [390, 844], refreshRate: 120}
                jobs:
                  - {label: fetch, cost: {uniform: [20ms, 80ms]}}
                  - {label: decode, cost: {lognormal: {median: 10ms, p99: 40ms}}}
                script:
                  - {at: 50ms, job: fetch}
                  - {at: 100ms, push: Message, window: phone}
                  - {at: 120ms, job: decode}
                  - {at: 150ms, selectTab: 1, window: tablet}
                  - {at: 700ms, pop: true, window: phone}

                """),
        ]
    }

    static func run() throws {
        print("\nseeds per second (one thread, each seed a fresh app; release; best of 3 rounds of 2,000 seeds)")
        print("  " + pad("scenario", 28) + pad("seeds/s/core", 14) + pad("P50 µs/seed", 13) + "P99 µs/seed")
        var launchRate = 0.0
        for (name, text) in references() {
            let scenario = try ScenarioFile.parse(text, file: name + ".yaml", directory: scenarios)
            let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
            let (rate, p50, p99) = try measure(runner, seeds: 2_000)
            if name == "launch and settle" { launchRate = rate }
            print("  " + pad(name, 28) + pad(String(format: "%.0f", rate), 14) + pad(String(format: "%.1f", p50 / 1e3), 13)
                  + String(format: "%.1f", p99 / 1e3))
        }
        print(String(format: "  goal: launch and settle ≥ 5000 seeds/s/core: %.0f, %@", launchRate, launchRate >= 5_000 ? "met" : "NOT met"))
        try capsuleLoad()
    }

    /// Seeds per second and the P50/P99 wall nanoseconds of one seed, on a thread of its own.
    static func measure(_ runner: ScenarioRunner, seeds: UInt64) throws -> (Double, Double, Double) {
        final class Box: @unchecked Sendable {
            // @unchecked: written by the thread before it signals, read after the wait.
            var result: Result<(Double, Double, Double), any Error> = .success((0, 0, 0))
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result {
                for seed in 0..<UInt64(50) { _ = try runner.run(seed: seed) }   // warm-up
                var best = (0.0, 0.0, 0.0)
                for round in 0..<3 {
                    var walls: [UInt64] = []
                    walls.reserveCapacity(Int(seeds))
                    let start = DispatchTime.now().uptimeNanoseconds
                    for seed in 0..<seeds {
                        let before = DispatchTime.now().uptimeNanoseconds
                        _ = try runner.run(seed: seed + UInt64(round) * seeds)
                        walls.append(DispatchTime.now().uptimeNanoseconds - before)
                    }
                    let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    walls.sort()
                    let rate = Double(seeds) / total
                    if rate > best.0 {
                        best = (rate, Double(walls[walls.count / 2]), Double(walls[min(walls.count - 1, walls.count * 99 / 100)]))
                    }
                }
                return best
            }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        return try box.result.get()
    }

    /// A capsule holding a host-clock recording of at least 10^6 lines: the time to unpack
    /// it and open its recording (which reads and checks every line).
    static func capsuleLoad() throws {
        let directory = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
            + "/lifeloop-bench-capsule-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/run.llrec"
        try record(turns: 1_000_000, to: recording)
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").count
        let capsule = Capsule(header: .init(scenario: "bench", scenarioHash: "0", seed: 0, mode: "run", perturbation: nil,
                                            failureKey: "bench", message: "bench", clock: "host"),
                              files: [(Capsule.scenarioPath, Array("lifeloop: 1\napp: {sample: MultiWindow}\n".utf8))])
        let path = directory + "/big.llcap"
        try capsule.write(to: path, recordingPath: recording)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var best = Double.infinity
        for round in 0..<3 {
            let out = directory + "/out-\(round)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let seconds = try ScenarioWorkloads.wall {
                let (_, extracted) = try Capsule.extract(path, into: out)
                _ = try RecordingReader(path: extracted!)
            }
            best = min(best, seconds)
        }
        print(String(format: "\ncapsule load: %d recorded lines (%.1f MB) unpacked and its recording opened in %.3f s (best of 3); goal < 2 s for 10^6: %@",
                     lines, Double(size) / 1e6, best, lines >= 1_000_000 && best < 2 ? "met" : lines < 1_000_000 ? "too few lines" : "NOT met"))
    }

    /// A host-clock run of `turns` turns (a task queueing the next, a worker job every 50)
    /// recorded to `path`.
    static func record(turns: Int, to path: String) throws {
        final class Box: @unchecked Sendable {
            // @unchecked: written by the run's thread before it signals, read after.
            var result: Result<Void, any Error> = .success(())
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result {
                let app = try Application(clock: .host, workerWidth: 2, traceMode: .digestOnly)
                let writer = try app.startRecording(to: path, program: "bench")
                var remaining = turns
                func step() {
                    remaining -= 1
                    if remaining % 50 == 0 { let value = remaining; app.loop.submit(label: "job", work: { value }, completion: { _ in }) }
                    if remaining > 0 { app.loop.execute(step) }
                }
                app.loop.execute(step)
                try app.loop.runUntilIdle(maxTurns: turns * 4)
                try app.finishRecording(writer)
                try app.close()
            }
            done.signal()
        }
        thread.start()
        done.wait()
        try box.result.get()
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
