import Foundation
import LifeloopSamples
import LifeloopScenario

/// The experiment rows: scenario runs per wall second, the cost of measuring and of
/// streaming the trace, and the peak memory of a long experiment against a short one.
/// `BENCH_ONLY=scenarios make bench` runs only these.
enum ScenarioWorkloads {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/Scenarios").path

    static func runner(_ name: String) throws -> ScenarioRunner {
        try ScenarioRunner(scenario: ScenarioFile.load(path: scenarios + "/" + name), catalog: SampleCatalog.apps)
    }

    static func wall(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func best(of runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try wall(body)) }
        return best
    }

    static func run() throws {
        // `BENCH_TRACE_SEEDS=N`: N seeds of three-windows.yaml streaming their traces to
        // /dev/shm, and nothing else, for `valgrind --tool=callgrind` (with
        // `BENCH_TRACE_SEEDS_UNTRACED=1`, the same seeds untraced, to subtract).
        if let count = environmentCount("BENCH_TRACE_SEEDS") {
            let three = try runner("three-windows.yaml")
            let untraced = ProcessInfo.processInfo.environment["BENCH_TRACE_SEEDS_UNTRACED"] == "1"
            let directory = "/dev/shm/lifeloop-bench-traces-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for seed in 0..<UInt64(count) {
                _ = try three.run(seed: seed, options: untraced ? RunOptions() : RunOptions(tracePath: directory + "/seed-\(seed).jsonl"))
            }
            print("ran \(count) seeds \(untraced ? "untraced" : "streaming their traces")")
            return
        }
        print("\nexperiments (three-windows.yaml: the MultiWindow sample, 10 simulated s per seed; release, best of 3;")
        print("  throughput: `lifeloop experiment` as a whole process, start-up included)")
        let three = try runner("three-windows.yaml")
        let throughput = try experimentThroughput()
        let tenMillion = try tenMillionSeeds()
        try isolationCost()
        let costs = try traceCosts(three)

        // Peak memory: each experiment in a child process of its own, so nothing else in
        // this process (the other benchmarks) sets the peak.
        let small = try childPeak(seeds: 1_000)
        let large = try childPeak(seeds: 100_000)
        print(String(format: "  peak RSS, seed-segue-jitter.yaml: 1,000 seeds %.1f MiB, 100,000 seeds %.1f MiB (%.2f×)",
                     small / 1024, large / 1024, large / small))

        print("\nexperiment goals")
        if let (perCore, scaling) = throughput {
            goal("simulated s per wall s per core", perCore, "≥ 2000", perCore >= 2_000)
            goal("--jobs 2 / --jobs 1 throughput", scaling, "≥ 1.8×", scaling >= 1.8)
        }
        if let minutes = tenMillion {
            goal("10,000,000 seeds, --jobs 2 (minutes)", minutes, "≤ 30", minutes <= 30)
        }
        costGoals(costs)
        goal("peak RSS 100,000 / 1,000 seeds", large / small, "≤ 1.5×", large / small <= 1.5)
    }

    /// The `lifeloop` executable, as users run it: this process's malloc counter (one
    /// shared atomic) would make two threads that allocate contend on one cache line.
    static var lifeloopExecutable: String { scenarios + "/../../.build/release/lifeloop" }

    /// `lifeloop experiment three-windows.yaml` over seeds 0..<seeds with `jobs` jobs, its
    /// output dropped.
    static func threeWindowsExperiment(seeds: UInt64, jobs: Int) throws {
        try experiment("three-windows.yaml", seeds: seeds, jobs: jobs)
    }

    /// `lifeloop experiment FILE` over seeds 0..<seeds with `jobs` jobs and `more`
    /// arguments, its output dropped.
    static func experiment(_ file: String, seeds: UInt64, jobs: Int, _ more: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lifeloopExecutable)
        process.arguments = ["experiment", scenarios + "/" + file, "--seeds", "0..\(seeds - 1)",
                             "--jobs", "\(jobs)", "--quiet", "--format", "json"] + more
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    /// `lifeloop experiment` over 5,000 seeds with one job and with two: simulated seconds
    /// per wall second per core, and the scaling; nil when the executable is not built.
    static func experimentThroughput() throws -> (perCore: Double, scaling: Double)? {
        let seeds: ClosedRange<UInt64> = 0...4_999
        let simulated = Double(seeds.count) * 10
        guard FileManager.default.isExecutableFile(atPath: lifeloopExecutable) else {
            print("  throughput not measured: \(lifeloopExecutable) is missing (`make bench` builds it)")
            return nil
        }
        let one = try best { try threeWindowsExperiment(seeds: seeds.upperBound + 1, jobs: 1) }
        let two = try best { try threeWindowsExperiment(seeds: seeds.upperBound + 1, jobs: 2) }
        let perCore = simulated / one
        let scaling = one / two
        print(String(format: "  --jobs 1: %d seeds in %.3f s wall = %.0f simulated s per wall s per core", seeds.count, one, perCore))
        print(String(format: "  --jobs 2: %d seeds in %.3f s wall = %.0f simulated s per wall s (%.2f× --jobs 1)",
                     seeds.count, two, simulated / two, scaling))
        return (perCore, scaling)
    }

    /// 100,000 seeds of three-windows.yaml with `--jobs 2`, once, as a whole process: the
    /// minutes 10,000,000 seeds would take at that rate; nil when the executable is not built.
    static func tenMillionSeeds() throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: lifeloopExecutable) else { return nil }
        let seconds = try wall { try threeWindowsExperiment(seeds: 100_000, jobs: 2) }
        let minutes = seconds * 100 / 60
        print(String(format: "  --jobs 2: 100000 seeds in %.2f s wall = %.0f seeds/s; 10,000,000 seeds at that rate: %.1f min",
                     seconds, 100_000 / seconds, minutes))
        return minutes
    }

    /// What a process per seed costs (how `lifeloop experiment` runs an app that needs
    /// the main thread): the same 200 seeds of three-windows.yaml (an app that may run on
    /// threads) on threads and in processes, both `--jobs 2`, best of 3 each, taking turns;
    /// and the concurrency sample, which needs its processes, for scale.
    static func isolationCost() throws {
        guard FileManager.default.isExecutableFile(atPath: lifeloopExecutable) else { return }
        let seeds = 200
        func experiment(_ file: String, _ isolation: String) throws {
            try Self.experiment(file, seeds: UInt64(seeds), jobs: 2, ["--isolation", isolation])
        }
        var threads = Double.infinity, processes = Double.infinity, concurrency = Double.infinity
        for _ in 0..<3 {
            threads = min(threads, try wall { try experiment("three-windows.yaml", "threads") })
            processes = min(processes, try wall { try experiment("three-windows.yaml", "processes") })
            concurrency = min(concurrency, try wall { try experiment("concurrency.yaml", "auto") })
        }
        print(String(format: "  isolation, three-windows.yaml, %d seeds, --jobs 2: threads %.3f s, a process per seed %.3f s "
                     + "(%.2f×, %.1f ms more per seed per job)", seeds, threads, processes, processes / threads,
                     (processes - threads) * 2 * 1000 / Double(seeds)))
        print(String(format: "  concurrency.yaml (needs the main thread: a process per seed), %d seeds, --jobs 2: %.3f s, %.1f seeds/s",
                     seeds, concurrency, Double(seeds) / concurrency))
    }

    /// Seconds for 500 seeds, one after another, in each way of running them.
    struct TraceCosts {
        var untraced: Double
        var measured: Double
        var digested: Double
        var streamed: Double
        var streamedOneFile: Double
    }

    /// The cost of measuring, of a digest and of a streamed trace, one seed after another.
    ///
    /// The ways take turns, three rounds, and each keeps its best, so a change in the
    /// machine's load falls on all of them. Streamed, each seed writes a file of its own
    /// (`seed-N.jsonl`, as `lifeloop run`'s replay commands name them) in memory
    /// (`/dev/shm`), so what is timed is the trace's work and the writes, not the disk.
    /// Also shown is the old way: every seed truncating and rewriting one file on the
    /// disk, where ext4 starts writing the old file back at each close, the next
    /// truncation waits for the disk, and a file created where many were deleted makes
    /// ext4 search its inode tables.
    static func traceCosts(_ three: ScenarioRunner) throws -> TraceCosts {
        let costSeeds: ClosedRange<UInt64> = 0...499
        let memory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let directory = memory + "/lifeloop-bench-traces-\(getpid())"
        let diskPath = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-bench-trace.jsonl").path
        var bare = RunOptions()
        bare.measures = false
        let ways: [(UInt64) -> RunOptions] = [
            { _ in bare },
            { _ in RunOptions() },
            { _ in RunOptions(digest: true) },
            { RunOptions(tracePath: directory + "/seed-\($0).jsonl") },
            { _ in RunOptions(tracePath: diskPath) },
        ]
        var best = [Double](repeating: .infinity, count: ways.count)
        for _ in 0..<3 {
            for (index, options) in ways.enumerated() {
                try? FileManager.default.removeItem(atPath: directory)
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                best[index] = min(best[index], try wall {
                    for seed in costSeeds { _ = try three.run(seed: seed, options: options(seed)) }
                })
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: diskPath)
        let costs = TraceCosts(untraced: best[0], measured: best[1], digested: best[2], streamed: best[3],
                               streamedOneFile: best[4])
        let seeds = Double(costSeeds.count)
        let untraced = costs.untraced
        print(String(format: "  untraced (costs and script only): %.1f µs per seed", untraced / seeds * 1e6))
        print(String(format: "  metrics only:                     %.1f µs per seed (%.2f× untraced)",
                     costs.measured / seeds * 1e6, costs.measured / untraced))
        print(String(format: "  metrics + digest only:            %.1f µs per seed (%.2f× untraced)",
                     costs.digested / seeds * 1e6, costs.digested / untraced))
        print(String(format: "  metrics + trace streamed to file: %.1f µs per seed (%.2f× untraced), a file per seed in %@",
                     costs.streamed / seeds * 1e6, costs.streamed / untraced, memory))
        print(String(format: "  the same, one file rewritten:     %.1f µs per seed (%.2f× untraced), %@ on the disk",
                     costs.streamedOneFile / seeds * 1e6, costs.streamedOneFile / untraced, diskPath))
        return costs
    }

    static func costGoals(_ costs: TraceCosts) {
        let measuredRatio = costs.measured / costs.untraced
        let streamedRatio = costs.streamed / costs.untraced
        goal("metrics-only / untraced", measuredRatio, "≤ 1.3×", measuredRatio <= 1.3)
        goal("streamed trace / untraced", streamedRatio, "≤ 1.5×", streamedRatio <= 1.5)
    }

    static func goal(_ name: String, _ value: Double, _ limit: String, _ met: Bool) {
        print("  " + name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.2f", value)
              + "   goal \(limit)  " + (met ? "met" : "NOT met"))
    }

    /// Runs this executable as a child for one experiment; returns its peak RSS in KiB.
    static func childPeak(seeds: UInt64) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--experiment-peak-rss", "\(seeds)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
    }

    /// The child's side: runs the experiment on two threads and prints VmHWM in KiB.
    static func childPeakRSS(seeds: UInt64) throws {
        let jitter = try runner("seed-segue-jitter.yaml")
        let report = Experiment(runner: jitter, seeds: 0...(seeds - 1), jobs: 2).run()
        precondition(report.runs == seeds)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: 0 kB"
        print(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0")
    }
}
