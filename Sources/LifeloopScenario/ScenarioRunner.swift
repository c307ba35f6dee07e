import Foundation
import Lifeloop

/// How one run records what it saw.
public struct RunOptions: Sendable {
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

    /// Loads the scenario's app and checks every name the script uses against it.
    /// - Throws: ``ScenarioError`` naming the file, line, column and field of a name the
    ///   app does not have, or an app that cannot be loaded.
    public init(scenario: Scenario, catalog: AppCatalog = AppCatalog()) throws(ScenarioError) {
        self.scenario = scenario
        switch scenario.app {
        case .storyboard(let path):
            do {
                storyboard = try StoryboardDefinition.load(path: path)
            } catch {
                throw ScenarioError(file: scenario.file, field: "app.storyboard", message: "\(error)")
            }
            definition = nil
        case .registered(let name):
            guard let app = catalog.app(named: name) else {
                let names = catalog.apps.map(\.name).joined(separator: ", ")
                throw ScenarioError(file: scenario.file, field: "app",
                                    message: "no app named '\(name)'; the apps are: \(names.isEmpty ? "(none registered)" : names)")
            }
            storyboard = nil
            definition = app
        }
        try ScenarioNames(scenario: scenario, storyboard: storyboard, definition: definition).check()
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
