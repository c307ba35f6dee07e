import Foundation
import Lifeloop

/// Runs a scenario's seed again and again under perturbations that must not change its
/// trace, and compares every turn's digest with the first run's: `lifeloop check`.
public struct ScenarioCheck: Sendable {
    /// The runner whose scenario is checked.
    public let runner: ScenarioRunner
    /// The command that replays one divergence, given the seed and the perturbation's
    /// `Perturbation/argument`.
    public var replayCommand: @Sendable (UInt64, String) -> String

    /// A check of `runner`'s scenario; `replayCommand` builds the command printed for a
    /// divergence.
    public init(runner: ScenarioRunner,
                replayCommand: @escaping @Sendable (UInt64, String) -> String = { "lifeloop check FILE --seeds \($0) --perturb \($1)" }) {
        self.runner = runner
        self.replayCommand = replayCommand
    }

    /// A divergence's failure key: the kind and label of its first differing event, as
    /// `lifeloop shrink --check` keeps it and a check capsule's replay compares it.
    public static func failureKey(_ report: DivergenceReport) -> String {
        guard let event = report.expected ?? report.got else { return "divergence with no differing event" }
        return "divergence at \(event.label) \(event.name)"
    }

    /// The failure key of a report as `lifeloop check` prints it (its `expected:` line, or
    /// `got:` when the baseline had no event there).
    public static func failureKey(printed text: String) -> String {
        for prefix in ["expected: ", "got:      "] {
            guard let line = text.split(separator: "\n").first(where: { $0.contains(prefix) }),
                  let colon = line.range(of: "ns: ") else { continue }
            let words = line[colon.upperBound...].split(separator: " ", maxSplits: 2)
            if words.count >= 2 { return "divergence at \(words[0]) \(words[1])" }
        }
        return "divergence with no differing event"
    }

    /// The baseline run's turn digests (the scenario's own worker width, no delays).
    public func baseline(seed: UInt64) throws -> [(turn: UInt64, digest: TraceDigest)] {
        try run(seed: seed, perturbation: .none, events: false).turnDigests
    }

    /// Compares a run under `perturbation` with `baseline`; nil when every turn agrees,
    /// else the report, built from full traces of both runs. The perturbed run keeps its
    /// events, so a divergence is explained from the very run that diverged, however rare.
    public func compare(seed: UInt64, perturbation: Perturbation,
                        baseline: [(turn: UInt64, digest: TraceDigest)]) throws -> DivergenceReport? {
        let result = try run(seed: seed, perturbation: perturbation, events: true)
        guard let turn = Determinism.firstDifferingTurn(baseline, result.turnDigests) else { return nil }
        return try explain(seed: seed, turn: turn, perturbation: perturbation, got: (result.events, result.inputs))
    }

    /// The report for a divergence at `turn`: both runs again, with every event kept.
    public func explain(seed: UInt64, turn: UInt64, perturbation: Perturbation,
                        got: (events: [TraceEvent], inputs: [(turn: UInt64, input: String)])? = nil,
                        label: String? = nil, argument: String? = nil) throws -> DivergenceReport {
        // A program that is not deterministic may agree with itself when run again: up to
        // twenty tries for a pair of full traces that differ.
        var expected = try run(seed: seed, perturbation: .none, events: true)
        var differing: (events: [TraceEvent], inputs: [(turn: UInt64, input: String)])
        var tries = 1
        while true {
            if let got {
                differing = got
            } else {
                let result = try run(seed: seed, perturbation: perturbation, events: true)
                differing = (result.events, result.inputs)
            }
            if Determinism.firstDifferingEvent(expected.events, differing.events) != nil || tries == 20 { break }
            tries += 1
            expected = try run(seed: seed, perturbation: .none, events: true)
        }
        var report = Determinism.report(expected: expected.events, got: differing.events, turn: turn, seed: seed,
                                        perturbation: label ?? perturbation.description, inputs: [],
                                        replay: replayCommand(seed, argument ?? perturbation.argument))
        let inputs = differing.inputs.filter { $0.turn == report.turn }.map { "input \($0.input)" }
        report.consumed = inputs + report.consumed
        return report
    }

    /// One run on a fresh thread (so a nice value stays with it), its turn digests, and its
    /// events when asked.
    public func run(seed: UInt64, perturbation: Perturbation, events: Bool)
        throws -> (turnDigests: [(turn: UInt64, digest: TraceDigest)], events: [TraceEvent], inputs: [(turn: UInt64, input: String)]) {
        final class Box: @unchecked Sendable {
            // @unchecked: written by the run's thread before it signals, read after the wait.
            var value: Result<(turnDigests: [(turn: UInt64, digest: TraceDigest)], events: [TraceEvent],
                               inputs: [(turn: UInt64, input: String)]), any Error>?
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let runner = self.runner
        @Sendable func runHere() throws -> (turnDigests: [(turn: UInt64, digest: TraceDigest)], events: [TraceEvent], inputs: [(turn: UInt64, input: String)]) {
            perturbation.applyToCurrentThread()
            var options = RunOptions(keepEvents: events)
            options.keepTurnDigests = true
            options.workerWidth = perturbation.workerWidth
            options.workerJitter = perturbation.workerJitter
            let (result, kept) = try runner.runReturningEvents(seed: seed, options: options)
            return (result.turnDigests, kept, result.inputs)
        }
        // On the main thread with Lifeloop's executors, the app must own the main thread
        // (its main-actor tasks, main queue and sleeps run on the loop): run it here, and
        // give the thread its priority back afterwards.
        if MainThread.isCurrent, MainThread.executorsInstalled {
            let previous = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            defer { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, previous) }
            return try runHere()
        }
        let thread = Thread {
            box.value = Result { try runHere() }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        return try box.value!.get()
    }
}
