import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopScenario

/// `lifeloop experiment FILE --seeds A..B`: every seed as its own app, on `--jobs` threads.
struct ExperimentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "experiment",
        abstract: "Run a scenario over many seeds and report frame, latency and callback figures.",
        discussion: """
            Shards: --shard i/n (0-based), or from the environment: Bazel (TEST_SHARD_INDEX, \
            TEST_TOTAL_SHARDS), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX with --shards n), Slurm \
            arrays (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT or --shards), GitLab (CI_NODE_INDEX, \
            CI_NODE_TOTAL, 1-based). Each shard runs a contiguous block of the seeds. \
            Exit status: 0 every seed passed, 1 some seed failed, 2 bad input.
            """
    )

    @OptionGroup var scenario: ScenarioFileArgument

    @Option(help: "The seeds, A..B inclusive (or A..<B); default: the scenario's `seeds`.")
    var seeds: String?

    @Option(parsing: .unconditional, help: "Threads running seeds at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "This process's shard, i/n with i from 0.")
    var shard: String?

    @Option(parsing: .unconditional, help: "The number of shards, for engines that give only an index (Kubernetes, Slurm).")
    var shards: Int?

    @Option(help: "Where the result goes: a file, or a directory for <hash>-shard-IIII-of-NNNN.<ext>. Written atomically.")
    var out: String?

    @Option(help: "text (a table), json (the mergeable report) or csv (a row per seed and window).")
    var format: ReportFormat = .text

    @Option(help: "Also stream per-seed rows as JSON Lines to this file.")
    var rows: String?

    @Flag(help: "Record each seed's trace digest (slower: the trace is on).")
    var digests = false

    @Option(help: "Also write the report page: one self-contained HTML file (inline SVG, no script) with frame charts, histograms, latencies, the slowest seeds' timelines and failing seeds.")
    var html: String?

    @Option(help: "Also draw each window's histogram of frame work across the seeds (P50/P95/P99 marked) to this .svg or .png (NAME-WINDOW.svg when several windows animated).")
    var frames: String?

    @Option(help: "Where seeds run: auto (a process per seed for an app that needs the main thread, threads of this process otherwise), threads, or processes.")
    var isolation: IsolationChoice = .auto

    @OptionGroup var quietOptions: QuietOptions

    @OptionGroup var appearanceOptions: AppearanceOptions

    @Option(help: "Write a failure capsule per failing seed into this directory (listed once `lifeloop replay` reproduced it twice).")
    var capsules: String?

    /// Plants an unseeded delay in every run, for tests of `merge`'s digest comparison.
    @Flag(help: .hidden)
    var injectUnseededDelay = false

    /// A seed's process: run the one seed of --seeds here, on the main thread, and write
    /// its result to this path.
    @Option(help: .hidden)
    var seedResult: String?

    enum IsolationChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, threads, processes
    }

    func run() throws {
        if let seedResult { return try runSeedProcess(resultPath: seedResult) }
        guard jobs >= 1 else { throw inputError("--jobs must be at least 1, not \(jobs)") }
        if let html, !html.lowercased().hasSuffix(".html") && !html.lowercased().hasSuffix(".htm") {
            throw inputError("--html \(html): the report page is written as .html")
        }
        if let html { do { try AtomicFile.checkTarget(html) } catch { throw inputError("--html \(error)") } }
        if let frames { try checkPicturePath(frames, option: "--frames") }
        let runner = try loadRunner(scenario.file, appearance: appearanceOptions)
        let requested: ClosedRange<UInt64>
        if let seeds {
            do { requested = try SeedRange.parse(seeds) } catch { throw inputError("--seeds \(seeds): \(error)") }
        } else if let range = runner.scenario.seeds {
            requested = range
        } else {
            throw inputError("\(scenario.file) has no `seeds:`; pass --seeds A..B")
        }
        let resolution: ShardResolution
        do {
            resolution = try ShardResolver.resolve(flag: shard, shards: shards, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw inputError("\(error)")
        }
        if let status = resolution.statusFile {
            do { try ShardResolver.touch(status) } catch { throw inputError("\(error)") }
        }
        guard let block = ShardResolver.seeds(of: requested, shard: resolution.shard) else {
            log("\(resolution.explanation): no seeds for this shard (\(requested.count) seeds over \(resolution.shard.count) shards)")
            return
        }
        log("\(resolution.explanation): seeds \(block.lowerBound)..\(block.upperBound)")

        let destination = try outputPath(runner: runner, shard: resolution.shard)
        if let destination { do { try AtomicFile.checkTarget(destination) } catch { throw inputError("--out \(error)") } }
        var experiment = Experiment(runner: runner, seeds: block, jobs: jobs, rerunCommand: rerunCommand(scenario.file, flags: appearanceOptions.flags))
        experiment.digests = digests
        experiment.injectUnseededDelay = injectUnseededDelay
        let inProcesses = isolation == .processes || (isolation == .auto && runner.threading == .mainThread)
        if inProcesses {
            let (file, digests, flags) = (self.scenario.file, self.digests, appearanceOptions.flags)
            experiment.isolation = .processes(SeedProcess(executable: Self.executablePath) { seed, path in
                ["experiment", file, "--seeds", "\(seed)", "--seed-result", path, "--quiet"] + (digests ? ["--digests"] : []) + flags
            })
        }
        let streams = try RowStreams(csvPath: format == .csv ? (destination ?? "-") : nil, jsonlPath: rows)
        let progress = quietOptions.quiet ? nil : ProgressReporter.stderr(total: Int(clamping: block.count), label: runner.scenario.name)
        var sink: (@Sendable (RunResult) -> Void)?
        let failures = Locked<[Capsules.Failure]>([])
        let collect = capsules != nil
        if !streams.isEmpty || collect {
            sink = { @Sendable result in
                if !streams.isEmpty { streams.write(result) }
                if collect, case .failed(let message) = result.status {
                    failures.withLock {
                        $0.append(Capsules.Failure(seed: result.seed, mode: "run", perturbation: nil, key: result.failureKey, message: message))
                    }
                }
            }
        }
        var report = experiment.run(rows: sink, progress: progress)
        try streams.close()
        if let capsules {
            let listed = try Capsules.write(failures.withLock { $0 }, scenarioFile: scenario.file, scenario: runner.scenario, directory: capsules)
            log("\(listed.count) capsule\(listed.count == 1 ? "" : "s") in \(capsules)")
            report.noteCapsules(listed)
        }

        let context: [(String, String)] = [
            ("seeds", "[\(requested.lowerBound), \(requested.upperBound)]"),
            ("shard", "{\"index\": \(resolution.shard.index), \"count\": \(resolution.shard.count)}"),
            ("jobs", "\(jobs)"),
            ("machine", "{\"cpuCoreCount\": \(ProcessInfo.processInfo.activeProcessorCount), \"os\": \"Linux\"}"),
            ("engine", SweepEngine.detect(environment: ProcessInfo.processInfo.environment, command: CommandLine.arguments).json),
        ]
        switch format {
        case .csv:
            break
        case .json:
            try emit(report.json(context: context), to: destination)
        case .text:
            try emit(report.text(), to: destination)
        }
        if let html { try writePage(report, runner: runner, onMainThread: inProcesses, to: html) }
        if let frames {
            let histograms = ReportPage.frameHistograms(report: report, scenario: runner.scenario)
            if histograms.isEmpty { log("--frames \(frames): no window presented a frame; nothing drawn") }
            for (window, svg) in histograms {
                var path = frames
                if histograms.count > 1, let dot = frames.lastIndex(of: ".") {
                    path = String(frames[..<dot]) + "-" + window + String(frames[dot...])
                }
                try writePicture(svg, to: path)
                log("wrote \(path)")
            }
        }
        if report.failed > 0 { throw ExitCode(1) }
    }

    /// The seed's process: one seed on this process's main thread (which its app owns, as
    /// under `lifeloop run`), its result written for the experiment that started it.
    private func runSeedProcess(resultPath: String) throws {
        let runner = try loadRunner(scenario.file, appearance: appearanceOptions)
        guard let seeds, let range = try? SeedRange.parse(seeds), range.count == 1 else {
            throw inputError("--seed-result needs --seeds N, one seed")
        }
        let result: RunResult
        do { result = try runner.run(seed: range.lowerBound, options: RunOptions(digest: digests)) } catch {
            throw inputError("\(scenario.file): seed \(range.lowerBound): \(error)")
        }
        do { try SeedProcess.write(result, to: resultPath) } catch { throw inputError("\(error)") }
        if !result.status.isPassed { throw ExitCode(1) }
    }

    /// This executable, for the seeds' processes.
    static var executablePath: String {
        if let path = Bundle.main.executablePath { return path }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Re-runs the slowest seeds (three at most) with the timeline and frames on, then
    /// writes the page. An app that needs the main thread re-runs on it (no app has run in
    /// this process before: its seeds ran in processes of their own); any other on a
    /// thread, as its seeds ran.
    private func writePage(_ report: ExperimentReport, runner: ScenarioRunner, onMainThread: Bool, to path: String) throws {
        var options = RunOptions()
        options.timeline = true
        options.keepFrames = true
        var slowRuns: [RunResult] = []
        for slow in report.slowest.prefix(3) {
            let rerun = { try runner.run(seed: slow.seed, options: options) }
            do { slowRuns.append(try onMainThread ? rerun() : runOnThread(rerun)) } catch {
                log("seed \(slow.seed) could not be re-run for its timeline: \(error)")
            }
        }
        let rerun = rerunCommand(scenario.file, flags: appearanceOptions.flags)
        let page = ReportPage.html(report: report, scenario: runner.scenario, slowRuns: slowRuns, rerun: { rerun($0) })
        do { try AtomicFile.write(page, to: path) } catch { throw inputError("--html \(error)") }
        log("wrote \(path)")
    }

    private func outputPath(runner: ScenarioRunner, shard: Shard) throws -> String? {
        guard let out else { return nil }
        var isDirectory: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue) {
            if !FileManager.default.fileExists(atPath: out) {
                do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
                    throw inputError("--out \(out): cannot create the directory: \(error.localizedDescription)")
                }
            }
            let name = "\(runner.scenario.hash)-shard-\(pad(shard.index))-of-\(pad(shard.count)).\(format.rawValue == "text" ? "txt" : format.rawValue)"
            return (out.hasSuffix("/") ? out : out + "/") + name
        }
        return out
    }

    private func pad(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    private func emit(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        do { try AtomicFile.write(text, to: path) } catch { throw inputError("\(error)") }
        log("wrote \(path)")
    }

    private func log(_ message: String) {
        writeStandardError(message + "\n")
    }
}

/// Runs `body` on a thread of its own (as an experiment's seeds run) and waits for it.
func runOnThread(_ body: @escaping () throws -> RunResult) throws -> RunResult {
    final class Box: @unchecked Sendable {
        // @unchecked: written by the thread before it signals, read after the wait.
        var body: (() throws -> RunResult)?
        var value: Result<RunResult, any Error>?
    }
    let box = Box()
    box.body = body
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = Result { try box.body!() }
        done.signal()
    }
    thread.stackSize = 4 << 20
    thread.start()
    done.wait()
    return try box.value!.get()
}

/// `A..B` (inclusive) or `A..<B`.
enum SeedRange {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws -> ClosedRange<UInt64> {
        let exclusive = text.contains("..<")
        let parts = text.components(separatedBy: exclusive ? "..<" : "..")
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]) else {
            if parts.count == 1, let single = UInt64(text) { return single...single }
            throw Problem(description: "expected A..B (inclusive) or A..<B, with whole numbers ≥ 0")
        }
        if exclusive {
            guard high > low else { throw Problem(description: "A..<B needs B > A") }
            return low...(high - 1)
        }
        guard low <= high else { throw Problem(description: "A..B needs A ≤ B") }
        return low...high
    }
}

/// Per-seed rows streamed to files (or stdout) as they come, in seed order. A file is
/// written under a temporary name next to it, flushed to disk and renamed at the end, so it
/// is never seen half-written; a write that fails (a full disk) is an error at the end,
/// naming the file, and the file is not replaced.
final class RowStreams: @unchecked Sendable {
    // @unchecked: `write` is called by Experiment one row at a time, under its lock.
    private struct Output {
        /// A file written under a temporary name, or nil for stdout.
        var file: UnsafeMutablePointer<FILE>?
        var format: SeedRowFormat
        var temp: String?
        var path: String
        /// The first write that failed (its `errno`).
        var writeError: Int32?
    }

    private var outputs: [Output] = []

    init(csvPath: String?, jsonlPath: String?) throws {
        if let csvPath { try open(csvPath, .csv) }
        if let jsonlPath { try open(jsonlPath, .jsonl) }
        for index in outputs.indices where outputs[index].format == .csv { put(SeedRows.csvHeader, index) }
    }

    var isEmpty: Bool { outputs.isEmpty }

    private func open(_ path: String, _ format: SeedRowFormat) throws {
        if path == "-" {
            outputs.append(Output(file: nil, format: format, temp: nil, path: path))
            return
        }
        // Checked now, not after the run: a device or a FIFO would be replaced by the rename.
        do { try AtomicFile.checkTarget(path) } catch { throw inputError("\(error)") }
        let temp = path + ".tmp-\(getpid())"
        guard let file = fopen(temp, "wx") else {
            throw inputError("cannot write \(path): cannot create \(temp): \(String(cString: strerror(errno)))")
        }
        outputs.append(Output(file: file, format: format, temp: temp, path: path))
    }

    func write(_ result: RunResult) {
        for index in outputs.indices { put(SeedRows.render(result, format: outputs[index].format), index) }
    }

    private func put(_ text: String, _ index: Int) {
        guard let file = outputs[index].file else { return writeStandardOutput(text) }
        guard outputs[index].writeError == nil else { return }
        var bytes = Array(text.utf8)
        outputs[index].writeError = bytes.withUnsafeMutableBytes { FileOutput.write(file, $0.baseAddress, count: $0.count) }
    }

    /// Closes every file and renames it into place; throws (exit status 2) for the first
    /// that could not be written whole, after removing every temporary file.
    func close() throws {
        var failure: String?
        for output in outputs {
            guard let temp = output.temp, let file = output.file else { continue }
            let closing = FileOutput.syncAndClose(file)
            var problem = output.writeError.map { "cannot write \(output.path): \(FileOutput.reason($0))" }
                ?? closing.map { "cannot write \(output.path): \($0)" }
            if problem == nil, rename(temp, output.path) != 0 {
                problem = "cannot write \(output.path): cannot rename \(temp) over it: \(FileOutput.reason(errno))"
            }
            if problem != nil { unlink(temp) }
            if failure == nil { failure = problem }
        }
        outputs.removeAll()
        if let failure { throw inputError(failure) }
    }
}
