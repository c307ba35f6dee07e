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
            [
                try measure(harness, .simulation1h, traceCapacity: nil, traceEnabled: false),
                try measure(harness, .simulation1hTraced, traceCapacity: 4_096, traceEnabled: true),
            ]
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

    /// One app with its four windows, run for `span` of virtual time.
    /// - Returns: the push+pop cycles completed, over all windows, and the loop turns run.
    private static func simulate(span: Duration, traceCapacity: Int?, traceEnabled: Bool) throws
        -> (cycles: Int, turns: UInt64) {
        let app = try Application(clock: .virtual, screen: screens[0], traceCapacity: traceCapacity,
                                  traceEnabled: traceEnabled)
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
        return (cycles, turns)
    }

    private static func measure(_ harness: Harness, _ workload: Workload, traceCapacity: Int?,
                                traceEnabled: Bool) throws -> Measurement {
        _ = try simulate(span: warmUpSpan, traceCapacity: traceCapacity, traceEnabled: traceEnabled)
        var best: (nanoseconds: UInt64, allocations: UInt64, cycles: Int, turns: UInt64)?
        for _ in 0..<harness.repetitions {
            let allocationsBefore = AllocCounter.count
            let start = MonotonicClock.nanoseconds
            let (cycles, turns) = try simulate(span: span, traceCapacity: traceCapacity, traceEnabled: traceEnabled)
            let elapsed = MonotonicClock.nanoseconds - start
            let allocations = AllocCounter.count - allocationsBefore
            precondition(best == nil || best!.cycles == cycles, "the virtual clock makes the cycle count fixed")
            if best == nil || elapsed < best!.nanoseconds {
                best = (elapsed, allocations, cycles, turns)
            }
        }
        let (nanoseconds, allocations, cycles, turns) = best!
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
