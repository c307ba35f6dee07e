import Foundation
import Lifeloop
import LifeloopPictures

/// How one run records what it saw.
public struct RunOptions: Sendable {
    /// The app's appearance from launch, over the scenario's `appearance:` (light or dark).
    public var appearanceStyle: TraitCollection.Style?
    /// The app's Dynamic Type text size from launch, over the scenario's `appearance:`.
    public var contentSize: ContentSizeCategory?
    /// Stream every trace event to this file as JSON Lines while running; the trace is
    /// never held whole in memory.
    public var tracePath: String?
    /// Write a Chrome trace-event JSON file for Perfetto while running.
    public var perfettoPath: String?
    /// Keep every event in memory and return it (tests, small runs).
    public var keepEvents = false
    /// Record the trace's digest without keeping its events.
    public var digest = false
    /// The most loop turns any one stretch of the script may take.
    public var maxTurns = 10_000_000
    /// Measure frames, latencies, launch, marks and callback times (on by default); off
    /// leaves only the costs, jobs and script, the baseline the benchmarks compare against.
    public var measures = true
    /// Record the run's `Timeline` (lanes of callbacks, passes, frames, jobs).
    public var timeline = false
    /// Keep every presented frame, for frame charts.
    public var keepFrames = false
    /// Take a window snapshot at this moment.
    public var snapshot: SnapshotRequest?
    /// Run with this many workers instead of the scenario's (a determinism check's
    /// perturbation: the trace must not change).
    public var workerWidth: Int?
    /// Sleep up to this long, at random, before each worker job's work (a perturbation).
    public var workerJitter: Duration?
    /// Keep every turn's digest (``RunResult/turnDigests``).
    public var keepTurnDigests = false
    /// Record the run (host clock: its clock reads and arrivals) to this file.
    public var recordPath: String?
    /// Replay the recording at this path instead of reading the host clock.
    public var replayPath: String?
    /// Run on this clock instead of the scenario's.
    public var clock: ClockMode?
    /// Under the host clock, send requests no network rule matches to the real network
    /// (`--allow-network`; the scenario's `allowNetwork: true` does the same).
    public var allowNetwork = false
    /// Lets a random, unseeded amount of virtual time (1 ns to 1 ms) pass right after
    /// launch: a planted nondeterminism, for testing what catches one (`merge` comparing
    /// seed digests). Never set it otherwise.
    public var injectUnseededDelay = false

    /// Options that stream the trace to `tracePath`, write a Perfetto file to `perfettoPath`,
    /// keep every event in memory, or keep the digest.
    public init(tracePath: String? = nil, perfettoPath: String? = nil, keepEvents: Bool = false, digest: Bool = false) {
        self.tracePath = tracePath
        self.perfettoPath = perfettoPath
        self.keepEvents = keepEvents
        self.digest = digest
    }
}

/// Runs a scenario, one seed at a time, each on a fresh app on the calling thread.
///
/// Made once per scenario (it loads and checks the app), then `run(seed:)` may be called
/// from any number of threads at once: each run builds its own app and loop, and nothing
/// is shared but this immutable value.
public struct ScenarioRunner: Sendable {
    /// The scenario.
    public let scenario: Scenario
    let storyboard: StoryboardDefinition?
    let definition: AppDefinition?
    /// Each job's index in ``Scenario/jobs`` by its label (the first, should two share
    /// one), so that a script step finds its job in constant time: a script that starts
    /// each of thousands of jobs stays linear.
    let jobIndex: [String: Int]

    /// Where the app's seeds may run: a storyboard app runs anywhere; a Swift app says so
    /// in its ``AppDefinition/threading``.
    public var threading: AppThreading { definition?.threading ?? .anyThread }

    /// Loads the scenario's app and checks every name the script uses against it.
    /// - Throws: ``ScenarioError`` naming the file, line, column and field of a name the
    ///   app does not have, or an app that cannot be loaded.
    public init(scenario: Scenario, catalog: AppCatalog = AppCatalog()) throws(ScenarioError) {
        self.scenario = scenario
        var jobIndex: [String: Int] = [:]
        jobIndex.reserveCapacity(scenario.jobs.count)
        for (index, job) in scenario.jobs.enumerated() where jobIndex[job.label] == nil { jobIndex[job.label] = index }
        self.jobIndex = jobIndex
        switch scenario.app {
        case .storyboard(let path):
            do {
                storyboard = try StoryboardDefinition.loadLaunchable(path: path)
            } catch {
                throw Self.error(scenario, "app.storyboard", "\(error)")
            }
            definition = nil
        case .project:
            // Read and checked by the reader; built by each run (once per process).
            storyboard = nil
            definition = nil
        case .registered(let name):
            guard let app = catalog.app(named: name) else {
                let names = catalog.apps.map(\.name).joined(separator: ", ")
                throw Self.error(scenario, "app", "no app named '\(name)'; the apps are: \(names.isEmpty ? "(none registered)" : names)")
            }
            storyboard = nil
            definition = app
        }
        try ScenarioNames(scenario: scenario, storyboard: storyboard, definition: definition).check()
    }

    /// An error about the app, at the place the file names it.
    private static func error(_ scenario: Scenario, _ field: String, _ message: String) -> ScenarioError {
        guard let location = scenario.appLocation else { return ScenarioError(file: scenario.file, field: field, message: message) }
        return ScenarioError(file: scenario.file, at: location, message: message)
    }

    /// The appearance and text size `seed` drew, when the scenario lists several to draw
    /// from (nil when every seed launches alike).
    public func sweptAppearance(seed: UInt64) -> RunAppearance? {
        guard scenario.sweepsAppearance else { return nil }
        let drawn = scenario.appearance(forSeed: seed)
        return RunAppearance(style: drawn.style ?? .light, contentSize: drawn.contentSize ?? .large)
    }

    /// The job a script step starts, by its label.
    func job(labelled label: String) -> JobSpec? {
        jobIndex[label].map { scenario.jobs[$0] }
    }

    /// Runs the scenario with one seed on a fresh app on the calling thread.
    ///
    /// A failing `expect`, a diagnostic in strict mode or a budget that runs out is a
    /// failed ``RunResult``, not an error.
    /// - Throws: an error when the run cannot start or write its files (a trace path that
    ///   cannot be opened, a loop libuv refuses).
    public func run(seed: UInt64, options: RunOptions = RunOptions()) throws -> RunResult {
        try runReturningEvents(seed: seed, options: options).result
    }

    /// As ``run(seed:options:)``, with the events when ``RunOptions/keepEvents`` is set.
    public func runReturningEvents(seed: UInt64, options: RunOptions = RunOptions()) throws
        -> (result: RunResult, events: [TraceEvent]) {
        let run = try ScenarioRun(runner: self, seed: seed, options: options)
        return try run.execute()
    }
}

/// When a snapshot is taken, and of which window.
public struct SnapshotRequest: Sendable, Equatable {
    /// A named moment of a run.
    public enum Moment: Sendable, Equatable, CustomStringConvertible {
        /// Right after script step `n` (1-based, in file order) has run.
        case afterStep(Int)
        /// At the end of the turn at this time after launch (nanoseconds): a turn is
        /// made at that instant, so the picture shows every change made up to it.
        case time(UInt64)
        /// At the end of this loop turn.
        case turn(UInt64)
        /// At the end of the run, once it has settled (or run for the scenario's
        /// `duration`): what the app shows when the script is done.
        case end

        public var description: String {
            switch self {
            case .afterStep(let step): return "after step \(step)"
            case .time(let time): return "at \(time / 1_000_000)ms"
            case .turn(let turn): return "at turn \(turn)"
            case .end: return "at the end of the run"
            }
        }

        /// Parses `3` or `step:3` (after step 3), `250ms`/`1.5s` (a time), `turn:40`, `end`.
        public static func parse(_ text: String) throws -> Moment {
            struct Problem: Error, CustomStringConvertible { let description: String }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == "end" { return .end }
            if trimmed.hasPrefix("turn:") {
                guard let turn = UInt64(trimmed.dropFirst(5)), turn > 0 else {
                    throw Problem(description: "'\(text)': expected turn:N with N ≥ 1")
                }
                return .turn(turn)
            }
            let stepText = trimmed.hasPrefix("step:") ? String(trimmed.dropFirst(5)) : trimmed
            if let step = Int(stepText) {
                guard step >= 1 else { throw Problem(description: "'\(text)': steps count from 1") }
                return .afterStep(step)
            }
            if case .success(let nanoseconds) = parseNanoseconds(trimmed), nanoseconds >= 0 {
                return .time(UInt64(nanoseconds))
            }
            throw Problem(description: "'\(text)': expected a step number (3 or step:3), a time (250ms, 1.5s), turn:N or end")
        }
    }

    /// When the snapshot is taken.
    public var moment: Moment
    /// The window's label; nil for the key window (else the first).
    public var window: String?

    /// A snapshot of `window` (the key window when nil) at `moment`.
    public init(moment: Moment, window: String? = nil) {
        self.moment = moment
        self.window = window
    }
}
