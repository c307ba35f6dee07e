import Lifeloop
import LifeloopNetwork

/// A scenario's app driven one input at a time, as the daemon's app processes drive it:
/// launched like a `lifeloop run`, then each action runs as a script step would (in a loop
/// turn at the current instant), and the caller moves the clock and settles between them.
///
/// Every trace event reaches ``onEvent`` as it is recorded (the trace is digest-only, so
/// nothing accumulates here); ``digest`` and ``turn`` say where the app is.
///
/// - Warning: Confined to the thread that made it, like the app.
public final class ScenarioSession {
    /// The scenario, on the clock the session runs.
    public let scenario: Scenario
    /// The seed draws and the app's `random` use.
    public let seed: UInt64
    private let run: ScenarioRun
    private var stepNumber = 1_000_000
    private var launched = false

    /// The app, on this thread's loop.
    public var app: Application { run.app }
    /// The loop's turn count so far.
    public var turn: UInt64 { run.app.loop.turn }
    /// The whole trace's digest so far.
    public var digest: TraceDigest { run.app.trace.digest }
    /// The scripted network the app's requests are served from, if the scenario has one:
    /// its rules may be changed while the app runs (`ScriptedNetwork/updateRules(_:)`).
    public var network: ScriptedNetwork? { run.network }
    /// Called with every trace event, in order, as it is recorded.
    public var onEvent: ((TraceEvent) -> Void)?

    /// Makes the app (nothing runs yet).
    /// - Parameters:
    ///   - runner: The runner whose scenario and catalog the app comes from.
    ///   - seed: The seed costs and timings are drawn from.
    ///   - workerWidth: Overrides the scenario's worker width.
    ///   - clock: Overrides the scenario's clock.
    ///   - recordPath: Records the session (host clock: what the loop consumed) to a
    ///     recording file, finished by ``finishRecording(ok:)``.
    public init(runner: ScenarioRunner, seed: UInt64, clock: ClockMode? = nil, workerWidth: Int? = nil,
                recordPath: String? = nil) throws {
        var options = RunOptions(digest: true)
        options.clock = clock
        options.workerWidth = workerWidth
        options.recordPath = recordPath
        options.measures = true
        run = try ScenarioRun(runner: runner, seed: seed, options: options)
        scenario = run.scenario
        self.seed = seed
        let previous = run.app.trace.sink
        run.app.trace.sink = { [unowned self] event in
            previous?(event)
            onEvent?(event)
        }
    }

    /// Launches the app at the current instant (its windows, root controllers, first
    /// commit) without running the scenario's script.
    public func launch() throws {
        guard !launched else { return }
        launched = true
        run.prepare()
        try run.launch()
        try run.run(Step(action: .advance(.zero), location: ScenarioLocation(line: 0, column: 0, field: "launch")), index: nextStep())
    }

    /// Runs one input (tap, push, pop, present, dismiss, selectTab, rotate, resize, hide,
    /// show, makeKey, memoryWarning, startJob, interactivePop, mark...) as a script step
    /// at the current instant.
    /// - Returns: nil, or what went wrong ("no view labelled 'X' is in a window").
    public func perform(_ action: StepAction, window: String? = nil, animated: Bool = true) throws -> String? {
        _ = run.takeFailure()
        var step = Step(action: action, window: window, animated: animated,
                        location: ScenarioLocation(line: 0, column: 0, field: "request"))
        // At the current instant, not after the previous step: a settle in between moved the
        // clock, and a gesture's touches keep their intervals from where it starts.
        let now = run.app.loop.now.nanoseconds
        step.timing = .at(.fixed(.nanoseconds(Int64(clamping: now &- min(now, run.probe.launchTime)))))
        try run.run(step, index: nextStep())
        return run.takeFailure().map(withoutPlace)
    }

    /// A failure without the script position a request does not have.
    private func withoutPlace(_ message: String) -> String {
        let place = "\(scenario.file):0:0: request: "
        return message.hasPrefix(place) ? String(message.dropFirst(place.count)) : message
    }

    /// The scenario's script step `index` (from 0), at the current instant.
    /// - Returns: nil, or what went wrong.
    public func runScriptStep(_ index: Int) throws -> String? {
        _ = run.takeFailure()
        var step = scenario.steps[index]
        step.timing = .after(.fixed(.zero))
        try run.run(step, index: index)
        return run.takeFailure()
    }

    /// Moves the clock on by `duration` (virtual), running everything due; under the host
    /// clock, runs the loop for that long.
    public func advance(by duration: Duration) throws {
        _ = run.takeFailure()
        try run.run(Step(action: .advance(duration), location: ScenarioLocation(line: 0, column: 0, field: "advance")), index: nextStep())
    }

    /// Runs until nothing is pending (no animation, transition, timer or job), as a
    /// scenario's `settle: true` step does: on the virtual clock a turn at this instant
    /// first, so a session exported as a scenario file replays to the same turns.
    /// - Throws: `LoopError/budgetExceeded(turns:elapsed:pending:)` naming what is still
    ///   pending when the budget runs out.
    public func settle(budget: Duration, maxTurns: Int = 1_000_000) throws {
        let loop = run.app.loop
        if loop.clock == .virtual { try loop.advance(to: loop.now, maxTurns: maxTurns) }
        try loop.runUntilIdle(maxTurns: maxTurns, maxTime: budget)
    }

    /// Frame figures per window so far.
    public var windowFrames: [WindowFrames] { run.probe.windowFrames }

    /// The window's navigation controller, if it has one.
    public func navigation(in window: Window) -> NavigationController? { run.probe.navigation(in: window) }

    /// Finishes the recording started with the session, with its trailer.
    public func finishRecording(ok: Bool) throws { try run.finishRecording(ok: ok) }

    private func nextStep() -> Int {
        stepNumber += 1
        return stepNumber
    }
}
