import Foundation
import Lifeloop

/// Runs a scenario over a block of seeds on `jobs` threads: each thread runs one seed's
/// app at a time on its own loop, then takes the next seed. Apps on threads share nothing
/// but the immutable ``ScenarioRunner``.
///
/// Memory stays flat in the number of seeds: each thread folds its runs into its own
/// ``ExperimentReport`` (histograms), merged at the end, and per-seed rows go to `rows` as
/// they finish, in seed order, held back only while an earlier seed still runs.
public struct Experiment: Sendable {
    /// The runner that runs each seed.
    public let runner: ScenarioRunner
    /// The seeds to run, inclusive.
    public var seeds: ClosedRange<UInt64>
    /// Threads running seeds at once.
    public var jobs: Int
    /// Record each run's trace digest (a trace is kept, but no events).
    public var digests = false
    /// Threads of this process, or a process per seed (see ``ScenarioRunner/threading``:
    /// an app that needs the main thread must run in processes to be measured as
    /// `lifeloop run` runs it).
    public var isolation: ExperimentIsolation = .threads
    /// Plants an unseeded delay in every run (``RunOptions/injectUnseededDelay``): for tests
    /// of what catches nondeterminism.
    public var injectUnseededDelay = false
    /// The command that re-runs one seed with its trace, for failure lists.
    public var rerunCommand: @Sendable (UInt64) -> String

    /// An experiment over `seeds` on `jobs` threads; `rerunCommand` builds the command listed
    /// for a failing seed.
    public init(runner: ScenarioRunner, seeds: ClosedRange<UInt64>, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                rerunCommand: @escaping @Sendable (UInt64) -> String = { "lifeloop run FILE --seed \($0) --trace seed-\($0).jsonl" }) {
        self.runner = runner
        self.seeds = seeds
        self.jobs = max(1, jobs)
        self.rerunCommand = rerunCommand
    }

    /// Runs every seed.
    /// - Parameters:
    ///   - rows: Hears each run in seed order, on whichever thread finished it (one at a time).
    ///   - progress: Hears each run as it finishes.
    /// - Returns: The report over every seed.
    public func run(rows: (@Sendable (RunResult) -> Void)? = nil, progress: ProgressReporter? = nil) -> ExperimentReport {
        let state = ExperimentState(seeds: seeds, rows: rows)
        // No more threads than seeds; `upper - lower` is the seed count less one, which
        // cannot overflow even for 0...UInt64.max.
        let span = seeds.upperBound - seeds.lowerBound
        let threads = span >= UInt64(jobs - 1) ? jobs : Int(span) + 1
        let group = DispatchGroup()
        let reports = Locked<[ExperimentReport]>([])
        for _ in 0..<threads {
            group.enter()
            let thread = Thread { [self] in
                var report = ExperimentReport(scenario: runner.scenario)
                while let seed = state.nextSeed() {
                    let result = runOne(seed)
                    report.add(result, rerun: rerunCommand(seed))
                    progress?.seedFinished(failed: !result.status.isPassed)
                    state.finished(result)
                }
                reports.withLock { $0.append(report) }
                group.leave()
            }
            // Scenario apps keep little on the stack; 4 MiB leaves room for deep view trees.
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        var total = ExperimentReport(scenario: runner.scenario)
        for report in reports.withLock({ $0 }) { total.absorb(report) }
        total.cover(seeds)
        progress?.finish()
        return total
    }

    private func runOne(_ seed: UInt64) -> RunResult {
        var result: RunResult
        if case .processes(let process) = isolation {
            result = process.run(seed: seed)
        } else {
            do {
                var options = RunOptions(digest: digests)
                options.injectUnseededDelay = injectUnseededDelay
                result = try runner.run(seed: seed, options: options)
            } catch {
                result = RunResult(seed: seed, status: .failed("the run could not start: \(error)"), digest: nil, endTime: 0,
                                   turns: 0, windows: [], metrics: MetricSet())
            }
        }
        // A function of the scenario and the seed: the same whichever process ran it.
        result.appearance = runner.sweptAppearance(seed: seed)
        return result
    }
}

/// The seeds still to hand out and the rows waiting for an earlier seed, behind one lock.
private final class ExperimentState: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var next: UInt64?
    private let last: UInt64
    private var nextRow: UInt64
    private var waiting: [UInt64: RunResult] = [:]
    private let rows: (@Sendable (RunResult) -> Void)?

    init(seeds: ClosedRange<UInt64>, rows: (@Sendable (RunResult) -> Void)?) {
        next = seeds.lowerBound
        last = seeds.upperBound
        nextRow = seeds.lowerBound
        self.rows = rows
    }

    func nextSeed() -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        guard let seed = next else { return nil }
        next = seed == last ? nil : seed + 1
        return seed
    }

    func finished(_ result: RunResult) {
        guard let rows else { return }
        lock.lock()
        defer { lock.unlock() }
        waiting[result.seed] = result
        while let ready = waiting.removeValue(forKey: nextRow) {
            rows(ready)
            if nextRow == last { break }
            nextRow += 1
        }
    }
}
