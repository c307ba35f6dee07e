import Foundation

/// Runs every workload against Lifeloop and its peers in one process, prints
/// the table and the goals, and writes JSON when `BENCH_JSON` names a file.
@main
struct LifeloopBench {
    static func main() throws {
        // A child of the main-queue rows: first, before any task exists (it installs
        // Lifeloop's process-wide executors).
        if MainQueueWorkload.runChildIfAsked() { return }
        // A child run of the memory row: one experiment, then its peak RSS on stdout.
        let arguments = CommandLine.arguments
        if arguments.count == 3, arguments[1] == "--experiment-peak-rss", let seeds = UInt64(arguments[2]) {
            try ScenarioWorkloads.childPeakRSS(seeds: seeds)
            return
        }
        if try ParseWorkloads.runIfSelected(arguments) { return }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "layers" {
            try LayerWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "port" {
            try PortWorkload.run()
            try StoryboardLoadWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "scenarios" {
            try ScenarioWorkloads.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "explore" {
            try ExploreWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "seeds" {
            try SeedsWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "uitest" {
            try UITestWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "autolayout-screen" {
            // One first layout of the 1,000-view screen and one relayout, alone: what
            // `valgrind --tool=callgrind` profiles.
            let relayouts = Int(ProcessInfo.processInfo.environment["BENCH_RELAYOUTS"] ?? "") ?? 1
            let run = try AutoLayoutWorkload.screen(count: 1_000, constraints: true, relayouts: relayouts)
            print(String(format: "first layout %.3f ms, relayout %.3f ms, its solver alone %.3f ms", run.first * 1000, run.relayout * 1000, (run.solver ?? 0) * 1000))
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "autolayout" {
            try AutoLayoutWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "lists" {
            try ListsWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "windows" {
            try WindowScaleWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "daemon" {
            try DaemonWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "project" {
            try ProjectLaunchWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "mcp" {
            try MCPWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "mcp-taps" {
            try MCPWorkload.run(tapsOnly: true)
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "elements" {
            try ElementTreeWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "xcui" {
            try XCUITestWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "mainqueue" {
            MainQueueWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "network" {
            try NetworkWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "touches" {
            try TouchWorkload.run()
            return
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "recording" {
            try RecordingWorkload.run()
            return
        }
        let allocationCheck = try AllocCounter.verify()
        let harness = Harness()
        // The simulation rows alone: for profiling the frame path.
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "simulation" {
            let measurements = try SimulationWorkload.run(harness)
            Report.printTable(measurements, defaultN: harness.n, allocationCheck: allocationCheck)
            return
        }
        // The trace rows and the simulation rows they are judged with.
        if ProcessInfo.processInfo.environment["BENCH_ONLY"] == "trace" {
            var measurements = try TraceWorkloads.run(harness)
            measurements += try SimulationWorkload.run(harness)
            Report.printTable(measurements, defaultN: harness.n, allocationCheck: allocationCheck)
            Report.printGoals(Goal.all.compactMap { goal in
                let verdict = goal.judge(measurements)
                return verdict.measured == nil ? nil : verdict
            })
            print("\nexperiment costs (three-windows.yaml, 500 seeds one after another, best of 3)")
            let costs = try ScenarioWorkloads.traceCosts(ScenarioWorkloads.runner("three-windows.yaml"))
            ScenarioWorkloads.costGoals(costs)
            return
        }
        let virtualOffsets = virtualTimerOffsets(count: harness.n)
        var measurements: [Measurement] = []
        measurements += try LifeloopWorkloads.run(harness, virtualOffsets: virtualOffsets)
        measurements += try NIOWorkloads.run(harness)
        measurements += try EmbeddedWorkloads.run(harness, virtualOffsets: virtualOffsets)
        measurements += LibUVWorkloads.run(harness)
        measurements += try FoundationWorkloads.run(harness)
        measurements += try ViewWorkloads.run(harness)
        measurements += try SimulationWorkload.run(harness)
        measurements += try TraceWorkloads.run(harness)

        Report.printTable(measurements, defaultN: harness.n, allocationCheck: allocationCheck)
        Report.printGoals(Goal.all.map { $0.judge(measurements) })
        try RecordingWorkload.run()
        MainQueueWorkload.run()
        if let path = ProcessInfo.processInfo.environment["BENCH_JSON"], !path.isEmpty {
            try Report.writeJSON(measurements, to: path)
            print("\nwrote \(path)")
        }
        try WindowScaleWorkload.run()
        try PortWorkload.run()
        try StoryboardLoadWorkload.run()
        try LayerWorkload.run()
        try ScenarioWorkloads.run()
        try SeedsWorkload.run()
        try DaemonWorkload.run()
        try ElementTreeWorkload.run()
        try MCPWorkload.run()
        try XCUITestWorkload.run()
        try UITestWorkload.run()
        try AutoLayoutWorkload.run()
        try ProjectLaunchWorkload.run()
    }
}
