import Foundation
import Lifeloop

/// How fast the virtual clock simulates a busy app: four windows on four screens
/// (60, 60, 120 and 120 Hz), each with a navigation controller that pushes and pops a
/// fresh controller, animated, without pause, for one simulated hour. A push starts as
/// soon as the previous pop completes (the root's `viewDidAppear`), a pop as soon as the
/// push completes (the pushed controller's `viewDidAppear`); each waits for the next loop
/// task, since the navigation controller ends its transition just after those callbacks.
///
/// Lifeloop only; the figure is wall ns per push+pop cycle (cycles summed over the
/// windows), and the row also carries simulated seconds per wall second.
enum SimulationWorkload {
    /// The simulated span of a timed run.
    static let span: Duration = .seconds(3_600)
    /// The simulated span of the untimed warm-up.
    static let warmUpSpan: Duration = .seconds(300)

    static let screens: [Screen] = [
        Screen(size: Size(width: 414, height: 736), scale: 3, statusBarInset: 20, refreshRate: 60),
        Screen(size: Size(width: 375, height: 667), scale: 2, statusBarInset: 20, refreshRate: 60),
        Screen(size: Size(width: 1024, height: 768), scale: 2, statusBarInset: 20, refreshRate: 120),
        Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47, refreshRate: 120),
    ]

    static func run(_ harness: Harness) throws -> [Measurement] {
        try onDedicatedThread {
            // The three take turns, hour by hour, so that a change in the machine's load
            // falls on all of them and their ratios hold.
            var rows: [(Workload, TraceMode)] = [
                (.simulation1h, .off), (.simulation1hDigestOnly, .digestOnly),
                (.simulation1hTraced, .bounded(capacity: 4_096)),
            ]
            // `LIFELOOP_BENCH_SIM_ROWS=digest` (or `untraced`, `traced`, comma-separated):
            // only those rows, to profile one alone.
            if let only = getenv("LIFELOOP_BENCH_SIM_ROWS").map({ String(cString: $0).split(separator: ",") }) {
                rows.removeAll { row in !only.contains { row.0.rawValue.hasSuffix("(\($0))") || ($0 == "untraced" && row.0 == .simulation1h) } }
                if rows.isEmpty {
                    FileHandle.standardError.write(Data("lifeloop-bench: LIFELOOP_BENCH_SIM_ROWS=\(only.joined(separator: ",")) names no row; use untraced, digest or traced\n".utf8))
                    exit(2)
                }
            }
            for (_, tracing) in rows { _ = try simulate(span: warmUpSpan, tracing: tracing) }
            var best = [Run?](repeating: nil, count: rows.count)
            for _ in 0..<harness.repetitions {
                for (index, (_, tracing)) in rows.enumerated() {
                    let run = try timed(tracing: tracing)
                    precondition(best[index] == nil || best[index]!.cycles == run.cycles,
                                 "the virtual clock makes the cycle count fixed")
                    if best[index] == nil || run.nanoseconds < best[index]!.nanoseconds { best[index] = run }
                }
            }
            return zip(rows, best).map { row, run in measurement(row.0, run!) }
        }
    }

    /// The root of each stack: pushes a fresh `Detail` whenever it has appeared.
    private final class Root: ViewController {
        var counter = CycleCounter()

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            // The first appearance is the window's; every later one ends a pop.
            if animated { counter.cycles += 1 }
            guard counter.running, let app = application, let navigation = parent as? NavigationController else { return }
            app.loop.execute {
                navigation.pushViewController(Detail(label: "Detail"), animated: true)
            }
        }
    }

    /// The pushed controller: pops itself once it has appeared.
    private final class Detail: ViewController {
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            guard let app = application, let navigation = parent as? NavigationController else { return }
            app.loop.execute {
                navigation.popViewController(animated: true)
            }
        }
    }

    private final class CycleCounter {
        var cycles = 0
        var running = true
    }

    /// The trace of `span` of the simulation, every event kept: the trace benchmarks'
    /// sample of real events.
    static func sampleTrace(span: Duration) throws -> Trace {
        try simulate(span: span, tracing: .unbounded).trace
    }

    /// One app with its four windows, run for `span` of virtual time.
    /// - Returns: the push+pop cycles completed, over all windows, the loop turns run, and
    ///   the app's trace.
    private static func simulate(span: Duration, tracing: TraceMode) throws
        -> (cycles: Int, turns: UInt64, trace: Trace) {
        let app = try Application(clock: .virtual, screen: screens[0], traceMode: tracing)
        let counter = CycleCounter()
        var windows: [Window] = []
        for (index, screen) in screens.enumerated() {
            let root = Root(label: "Root\(index)")
            root.counter = counter
            let window = Window(screen: screen, label: "window\(index)")
            window.rootViewController = NavigationController(rootViewController: root, label: "Nav\(index)")
            window.makeKeyAndVisible()
            windows.append(window)
        }
        // Large enough for an hour: every frame of every screen is a turn.
        try app.loop.advance(by: span, maxTurns: .max)
        // Let the cycles under way finish, uncounted beyond the span.
        let cycles = counter.cycles
        let turns = app.loop.turn
        counter.running = false
        try app.settle()
        precondition(app.diagnostics.isEmpty, "simulation diagnostics: \(app.diagnostics)")
        withExtendedLifetime(windows) {}
        try app.loop.close()
        return (cycles, turns, app.trace)
    }

    /// One timed simulated hour.
    private struct Run {
        var nanoseconds: UInt64
        var allocations: UInt64
        var cycles: Int
        var turns: UInt64
    }

    private static func timed(tracing: TraceMode) throws -> Run {
        let allocationsBefore = AllocCounter.count
        let start = MonotonicClock.nanoseconds
        let (cycles, turns, _) = try simulate(span: span, tracing: tracing)
        let elapsed = MonotonicClock.nanoseconds - start
        return Run(nanoseconds: elapsed, allocations: AllocCounter.count - allocationsBefore, cycles: cycles, turns: turns)
    }

    private static func measurement(_ workload: Workload, _ run: Run) -> Measurement {
        let (nanoseconds, allocations, cycles, turns) = (run.nanoseconds, run.allocations, run.cycles, run.turns)
        let simulatedSeconds = Double(span.components.seconds)
        let wallSeconds = Double(nanoseconds) / 1e9
        var measurement = Measurement(
            workload: workload,
            system: .lifeloop,
            n: cycles,
            nanosecondsPerOperation: Double(nanoseconds) / Double(cycles),
            allocationsPerOperation: Double(allocations) / Double(cycles),
            unit: "ns/cycle"
        )
        measurement.simulation = SimulationFigures(
            simulatedSeconds: simulatedSeconds,
            wallSeconds: wallSeconds,
            cycles: cycles,
            turns: turns
        )
        Report.progress(measurement)
        return measurement
    }
}

/// What a simulation row measured besides ns per cycle.
struct SimulationFigures: Sendable {
    var simulatedSeconds: Double
    var wallSeconds: Double
    var cycles: Int
    /// Loop turns run in the simulated span.
    var turns: UInt64

    var simulatedSecondsPerWallSecond: Double { simulatedSeconds / wallSeconds }
    var cyclesPerWallSecond: Double { Double(cycles) / wallSeconds }
}
