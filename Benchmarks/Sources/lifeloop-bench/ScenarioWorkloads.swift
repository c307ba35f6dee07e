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
        print("\nexperiments (three-windows.yaml: the MultiWindow sample, 10 simulated s per seed; release, best of 3;")
        print("  throughput: `lifeloop experiment` as a whole process, start-up included)")
        let three = try runner("three-windows.yaml")
        let seeds: ClosedRange<UInt64> = 0...4_999
        let simulated = Double(seeds.count) * 10
        // The `lifeloop` executable, as users run it: this process's malloc counter (one
        // shared atomic) would make two threads that allocate contend on one cache line.
        let executable = scenarios + "/../../.build/release/lifeloop"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("  not measured: \(executable) is missing (`make bench` builds it)")
            return
        }
        func experiment(jobs: Int) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["experiment", scenarios + "/three-windows.yaml", "--seeds", "0..\(seeds.upperBound)",
                                 "--jobs", "\(jobs)", "--quiet", "--format", "json"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        let one = try best { try experiment(jobs: 1) }
        let two = try best { try experiment(jobs: 2) }
        let perCore = simulated / one
        let scaling = one / two
        print(String(format: "  --jobs 1: %d seeds in %.3f s wall = %.0f simulated s per wall s per core", seeds.count, one, perCore))
        print(String(format: "  --jobs 2: %d seeds in %.3f s wall = %.0f simulated s per wall s (%.2f× --jobs 1)",
                     seeds.count, two, simulated / two, scaling))

        // The cost of measuring and of a streamed trace, one seed after another.
        let costSeeds: ClosedRange<UInt64> = 0...499
        let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-bench-trace.jsonl").path
        func serial(_ options: RunOptions) throws -> Double {
            try best { for seed in costSeeds { _ = try three.run(seed: seed, options: options) } }
        }
        var bare = RunOptions()
        bare.measures = false
        let untraced = try serial(bare)
        let measured = try serial(RunOptions())
        let streamed = try serial(RunOptions(tracePath: tracePath))
        try? FileManager.default.removeItem(atPath: tracePath)
        print(String(format: "  untraced (costs and script only): %.1f µs per seed", untraced / Double(costSeeds.count) * 1e6))
        print(String(format: "  metrics only:                     %.1f µs per seed (%.2f× untraced)",
                     measured / Double(costSeeds.count) * 1e6, measured / untraced))
        print(String(format: "  metrics + trace streamed to file: %.1f µs per seed (%.2f× untraced)",
                     streamed / Double(costSeeds.count) * 1e6, streamed / untraced))

        // Peak memory: each experiment in a child process of its own, so nothing else in
        // this process (the other benchmarks) sets the peak.
        let small = try childPeak(seeds: 1_000)
        let large = try childPeak(seeds: 100_000)
        print(String(format: "  peak RSS, seed-segue-jitter.yaml: 1,000 seeds %.1f MiB, 100,000 seeds %.1f MiB (%.2f×)",
                     small / 1024, large / 1024, large / small))

        print("\nexperiment goals")
        goal("simulated s per wall s per core", perCore, "≥ 2000", perCore >= 2_000)
        goal("--jobs 2 / --jobs 1 throughput", scaling, "≥ 1.7×", scaling >= 1.7)
        goal("metrics-only / untraced", measured / untraced, "≤ 1.3×", measured / untraced <= 1.3)
        goal("streamed trace / untraced", streamed / untraced, "≤ 3×", streamed / untraced <= 3)
        goal("peak RSS 100,000 / 1,000 seeds", large / small, "≤ 1.5×", large / small <= 1.5)
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
