import Foundation

/// Something that must not change a run's trace: the worker pool's width, random real
/// delays before worker jobs, the app thread's scheduling priority. A determinism check
/// runs the same program under several and compares every turn's digest.
public struct Perturbation: Sendable, Hashable, CustomStringConvertible {
    /// Run with this many workers (nil: the program's own).
    public var workerWidth: Int?
    /// Sleep up to this long, at random, before each worker job's work.
    public var workerJitter: Duration?
    /// Run the app's thread at this nice value (higher is lower priority).
    public var niceness: Int32?

    /// A perturbation that changes any of these; nil leaves it as the baseline has it.
    public init(workerWidth: Int? = nil, workerJitter: Duration? = nil, niceness: Int32? = nil) {
        self.workerWidth = workerWidth
        self.workerJitter = workerJitter
        self.niceness = niceness
    }

    /// None: the baseline run.
    public static let none = Perturbation()

    /// What `check` runs after the baseline: worker widths 1, 2 and 8, then random real
    /// delays in worker work at widths 1 and 8, then a lower thread priority with delays.
    public static let standard: [Perturbation] = [
        Perturbation(workerWidth: 1), Perturbation(workerWidth: 2), Perturbation(workerWidth: 8),
        Perturbation(workerWidth: 1, workerJitter: .milliseconds(2)), Perturbation(workerWidth: 8, workerJitter: .milliseconds(2)),
        Perturbation(workerWidth: 2, workerJitter: .milliseconds(1), niceness: 10),
    ]

    public var description: String {
        var parts: [String] = []
        if let workerWidth { parts.append("worker width \(workerWidth)") }
        if let workerJitter { parts.append("random real delays up to \(Self.milliseconds(workerJitter))ms in worker work") }
        if let niceness { parts.append("app thread at nice \(niceness)") }
        return parts.isEmpty ? "no perturbation" : parts.joined(separator: ", ")
    }

    /// The perturbation as `--perturb` takes it: `width=8,jitter=2ms,nice=10`.
    public var argument: String {
        var parts: [String] = []
        if let workerWidth { parts.append("width=\(workerWidth)") }
        if let workerJitter { parts.append("jitter=\(Self.milliseconds(workerJitter))ms") }
        if let niceness { parts.append("nice=\(niceness)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ",")
    }

    /// Parses ``argument``'s form.
    public static func parse(_ text: String) throws -> Perturbation {
        struct Problem: Error, CustomStringConvertible { let description: String }
        var result = Perturbation()
        if text == "none" { return result }
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw Problem(description: "'\(part)': expected key=value (width=8, jitter=2ms, nice=10)") }
            switch pair[0] {
            case "width":
                guard let width = Int(pair[1]), width >= 1 else { throw Problem(description: "width=\(pair[1]): expected a whole number ≥ 1") }
                result.workerWidth = width
            case "jitter":
                guard pair[1].hasSuffix("ms"), let ms = Double(pair[1].dropLast(2)), ms >= 0, ms <= 1000 else {
                    throw Problem(description: "jitter=\(pair[1]): expected milliseconds, 0ms to 1000ms")
                }
                result.workerJitter = .microseconds(Int64((ms * 1000).rounded()))
            case "nice":
                guard let nice = Int32(pair[1]), (-20...19).contains(nice) else { throw Problem(description: "nice=\(pair[1]): expected -20 to 19") }
                result.niceness = nice
            default:
                throw Problem(description: "'\(pair[0])': unknown (width, jitter, nice)")
            }
        }
        return result
    }

    /// Applies the perturbation to a loop configuration.
    public func apply(to configuration: inout LoopConfiguration) {
        if let workerWidth { configuration.workerWidth = workerWidth }
        if let workerJitter { configuration.workerJitter = workerJitter }
    }

    /// Lowers the calling thread's priority when asked (a no-op where not permitted).
    /// On Linux a nice value belongs to a thread, and `setpriority(PRIO_PROCESS, 0, n)`
    /// sets the calling thread's.
    public func applyToCurrentThread() {
        guard let niceness else { return }
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return micros % 1000 == 0 ? "\(micros / 1000)" : String(format: "%.3f", Double(micros) / 1000)
    }
}

/// Where two runs that should be identical first differ, and what the loop consumed there.
public struct DivergenceReport: Error, Sendable, CustomStringConvertible {
    /// The seed, for scenario runs.
    public var seed: UInt64?
    /// The first turn whose digest differs.
    public var turn: UInt64
    /// The perturbation of the run that differed.
    public var perturbation: String
    /// The first differing event, as the baseline run had it and as the other run did
    /// (nil where one run had no event there).
    public var expected: TraceEvent?
    /// The first differing event as the perturbed run had it (nil where it had none).
    public var got: TraceEvent?
    /// Up to ten events before it (the same in both runs).
    public var before: [TraceEvent]
    /// The inputs and job results the differing run consumed in that turn.
    public var consumed: [String]
    /// A one-line command (or call) that replays the divergence.
    public var replay: String

    /// A report of a divergence, with everything its description prints.
    public init(seed: UInt64?, turn: UInt64, perturbation: String, expected: TraceEvent?, got: TraceEvent?,
                before: [TraceEvent], consumed: [String], replay: String) {
        self.seed = seed
        self.turn = turn
        self.perturbation = perturbation
        self.expected = expected
        self.got = got
        self.before = before
        self.consumed = consumed
        self.replay = replay
    }

    public var description: String {
        var out = "not deterministic: "
        if let seed { out += "seed \(seed), " }
        out += "the runs differ from turn \(turn) (the differing run: \(perturbation))\n"
        if expected == nil && got == nil {
            out += "  (the runs agreed again in twenty tries with every event kept: the turn's digest is all there is)\n"
        }
        out += "  first differing event:\n"
        out += "    expected: \(expected.map(Self.show) ?? "(no event)")\n"
        out += "    got:      \(got.map(Self.show) ?? "(no event)")\n"
        out += "  the \(before.count) events before it:\n"
        for event in before { out += "    \(Self.show(event))\n" }
        out += "  consumed in turn \(turn): \(consumed.isEmpty ? "no inputs or job results" : consumed.joined(separator: "; "))\n"
        out += "  replay: \(replay)\n"
        return out
    }

    static func show(_ event: TraceEvent) -> String {
        var text = "turn \(event.turn) at \(event.time)ns: \(event.label) \(event.name)"
        if !event.detail.isEmpty { text += " \(event.detail)" }
        if !event.window.isEmpty { text += " [\(event.window)]" }
        return text
    }
}

/// Comparing runs that should be identical.
public enum Determinism {
    /// The first turn whose digest differs between two runs' turn digests, or nil when
    /// they agree (a turn one run has and the other lacks differs).
    public static func firstDifferingTurn(_ expected: [(turn: UInt64, digest: TraceDigest)],
                                          _ got: [(turn: UInt64, digest: TraceDigest)]) -> UInt64? {
        for index in 0..<max(expected.count, got.count) {
            guard index < expected.count else { return got[index].turn }
            guard index < got.count else { return expected[index].turn }
            if expected[index].turn != got[index].turn { return min(expected[index].turn, got[index].turn) }
            if expected[index].digest != got[index].digest { return expected[index].turn }
        }
        return nil
    }

    /// The index of the first event that differs between two traces (sequence numbers
    /// aside), or nil when they are the same.
    public static func firstDifferingEvent(_ expected: [TraceEvent], _ got: [TraceEvent]) -> Int? {
        var index = 0
        while index < expected.count, index < got.count, same(expected[index], got[index]) { index += 1 }
        return index == expected.count && index == got.count ? nil : index
    }

    private static func same(_ a: TraceEvent, _ b: TraceEvent) -> Bool {
        a.time == b.time && a.turn == b.turn && a.window == b.window && a.label == b.label && a.name == b.name && a.detail == b.detail
    }

    /// The report for two full traces that differ: the first differing event (ignoring
    /// sequence numbers), the ten before it, and what the differing run consumed in its turn.
    public static func report(expected: [TraceEvent], got: [TraceEvent], turn: UInt64, seed: UInt64?,
                              perturbation: String, inputs: [String] = [], replay: String) -> DivergenceReport {
        let index = firstDifferingEvent(expected, got) ?? min(expected.count, got.count)
        let differing = index < got.count ? got[index] : (index < expected.count ? expected[index] : nil)
        let reportTurn = differing?.turn ?? turn
        var consumed = inputs
        for event in got where event.turn == reportTurn && (event.name == "jobComplete" || event.name == "jobFail") {
            consumed.append("job result \(event.label) (\(event.name))")
        }
        return DivergenceReport(seed: seed, turn: reportTurn, perturbation: perturbation,
                                expected: index < expected.count ? expected[index] : nil,
                                got: index < got.count ? got[index] : nil,
                                before: Array(got[max(0, index - 10)..<min(index, got.count)]),
                                consumed: consumed, replay: replay)
    }

    /// Runs `body` once as a baseline and once under each perturbation, each time on a
    /// fresh thread with a fresh app on the virtual clock, and compares every turn's
    /// digest with the baseline's. `body` builds the app's windows and drives its loop
    /// (for example `try app.loop.runUntilIdle()`).
    ///
    /// From Swift Testing: `try Determinism.check { app in ... }` fails the test with the
    /// report when the runs differ.
    /// - Throws: ``DivergenceReport`` naming the first differing turn and event, what was
    ///   consumed there and the call that replays it; or the first error `body` threw.
    public static func check(workerWidth: Int = 2, perturbations: [Perturbation] = Perturbation.standard,
                             _ body: @escaping @Sendable (Application) throws -> Void) throws {
        let baseline = try run(.none, workerWidth: workerWidth, traceMode: .digestOnly, body).turns
        for perturbation in perturbations {
            let turns = try run(perturbation, workerWidth: workerWidth, traceMode: .digestOnly, body).turns
            guard let turn = firstDifferingTurn(baseline, turns) else { continue }
            // Run again with every event kept; a program that is not deterministic may agree
            // with itself this time, so up to twenty tries for traces that differ.
            var expected: [TraceEvent] = []
            var got: [TraceEvent] = []
            for _ in 0..<20 {
                expected = try run(.none, workerWidth: workerWidth, traceMode: .unbounded, body).events
                got = try run(perturbation, workerWidth: workerWidth, traceMode: .unbounded, body).events
                if firstDifferingEvent(expected, got) != nil { break }
            }
            throw report(expected: expected, got: got, turn: turn, seed: nil, perturbation: perturbation.description,
                         replay: "Determinism.check(perturbations: [try .parse(\"\(perturbation.argument)\")]) { … }")
        }
    }

    private struct Outcome: @unchecked Sendable {
        // @unchecked: written by the run's thread before it signals, read after the wait.
        var turns: [(turn: UInt64, digest: TraceDigest)] = []
        var events: [TraceEvent] = []
        var error: (any Error)?
    }

    private final class Box: @unchecked Sendable {
        // @unchecked: see Outcome.
        var outcome = Outcome()
    }

    private static func run(_ perturbation: Perturbation, workerWidth: Int, traceMode: TraceMode,
                            _ body: @escaping @Sendable (Application) throws -> Void) throws -> Outcome {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            perturbation.applyToCurrentThread()
            do {
                var configuration = LoopConfiguration(clock: .virtual, workerWidth: workerWidth, traceMode: traceMode)
                perturbation.apply(to: &configuration)
                let app = try Application(configuration: configuration)
                do { try body(app) } catch { box.outcome.error = error }
                box.outcome.turns = app.trace.turnDigests
                if traceMode == .unbounded { box.outcome.events = app.trace.events }
                try app.close()
            } catch {
                if box.outcome.error == nil { box.outcome.error = error }
            }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        if let error = box.outcome.error { throw error }
        return box.outcome
    }
}
