import Foundation
import Testing
@testable import Lifeloop
@testable import LifeloopCore

/// An app on the virtual clock showing controller "A" in window "main" on `screen`, with a
/// box in its view.
private func boxOnScreen(_ screen: Screen) throws -> (Application, Window, View) {
    let app = try Application()
    let controller = ViewController(label: "A")
    let window = try showInWindow(controller, app: app, screen: screen)
    let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    controller.view.addSubview(box)
    try app.settle()
    return (app, window, box)
}

/// One simulated year, the longest animation duration or delay, in nanoseconds.
private let yearNs = UInt64(View.maximumAnimationDuration) * 1_000_000_000

/// Numbers a caller gives (durations, delays, rates, budgets, instants) never trap: each
/// case here trapped before (a Double or UInt64 conversion or product out of range), or
/// wrapped silently; now it is clamped to a documented range, with an `invalidArgument`
/// diagnostic where the caller surely meant something else. The exit tests run the call
/// that used to trap in a child process, so a regression fails the test instead of
/// killing the test run.
@Suite("No traps on user-given numbers")
struct NoTrapTests {
    // MARK: animate

    @Test
    func animateWithAnEnormousOrInfiniteDurationReturns() async throws {
        await #expect(processExitsWith: .success) {
            // The app must stay alive: without it `animate` applies the changes at once.
            let (app, _, box) = try! boxOnScreen(.phone)
            View.animate(withDuration: 1e12, animations: { box.alpha = 0 })
            View.animate(withDuration: .infinity, animations: { box.backgroundColor = Color(red: 1, green: 0, blue: 0) })
            precondition(app.runningAnimations.count == 1 && app.diagnostics.count == 2)
        }
        for duration in [1e12, .infinity, 1e300] {
            let (app, _, box) = try boxOnScreen(.phone)
            View.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: { box.alpha = 0 }, completion: nil)
            let animation = try #require(app.runningAnimations[ObjectIdentifier(box)]?.first)
            #expect(animation.duration == yearNs, "clamped to one simulated year")
            #expect(app.diagnostics.map(\.kind) == [.invalidArgument])
            #expect(app.diagnostics.first?.message.contains("duration \(duration) s is out of range") == true)
            // A year of frames is too many to run here: one second of them.
            try app.advance(by: .seconds(1))
            let expected = 1 - 1 / View.maximumAnimationDuration
            #expect(abs(box.presentationAlpha - expected) < 1e-9, "a second into a year-long fade")
            #expect(app.isAnimating)
        }
    }

    @Test
    func animateWithANaNOrNegativeDurationAppliesAtOnce() throws {
        let cases: [(duration: Double, diagnosed: Bool)] = [(.nan, true), (-5, false), (-.infinity, true), (0, false)]
        for (duration, diagnosed) in cases {
            let (app, _, box) = try boxOnScreen(.phone)
            var finished: Bool?
            View.animate(withDuration: duration, delay: 0, options: [], animations: { box.alpha = 0.5 },
                         completion: { finished = $0 })
            #expect(app.runningAnimations.isEmpty, "\(duration): no animation")
            #expect(box.presentationAlpha == 0.5)
            try app.settle()
            #expect(finished == true)
            #expect(app.diagnostics.map(\.kind) == (diagnosed ? [.invalidArgument] : []), "\(duration)")
        }
    }

    @Test
    func animateWithAnEnormousInfiniteNaNOrNegativeDelayReturns() async throws {
        await #expect(processExitsWith: .success) {
            let (app, _, box) = try! boxOnScreen(.phone)
            View.animate(withDuration: 1, delay: 1e12, options: [], animations: { box.alpha = 0 }, completion: nil)
            View.animate(withDuration: 1, delay: .infinity, options: [], animations: { box.alpha = 1 }, completion: nil)
            precondition(app.runningAnimations.count == 1 && app.diagnostics.count == 2)
        }
        let cases: [(delay: Double, start: UInt64, diagnosed: Bool)] = [
            (1e12, yearNs, true), (.infinity, yearNs, true), (.nan, 0, true), (-5, 0, false),
        ]
        for (delay, start, diagnosed) in cases {
            let (app, _, box) = try boxOnScreen(.phone)
            let now = app.loop.now.nanoseconds
            View.animate(withDuration: 1, delay: delay, options: [], animations: { box.alpha = 0 }, completion: nil)
            let animation = try #require(app.runningAnimations[ObjectIdentifier(box)]?.first)
            #expect(animation.start == now + start, "\(delay)")
            #expect(animation.duration == 1_000_000_000)
            #expect(app.diagnostics.map(\.kind) == (diagnosed ? [.invalidArgument] : []), "\(delay)")
        }
    }

    /// A delay that reaches past the end of the clock's range starts the animation at its
    /// end, and an animation at the end of time ends: time can go no further.
    @Test
    func anAnimationAtTheEndOfTheClocksRangeEnds() async throws {
        await #expect(processExitsWith: .success) {
            let (app, _, box) = try! boxOnScreen(.tablet)
            app.loop.schedule(at: LoopInstant(nanoseconds: .max - 1)) {
                View.animate(withDuration: 1, animations: { box.alpha = 0 })
            }
            try! app.settle()
        }
        let (app, _, box) = try boxOnScreen(.tablet)
        var finished: Bool?
        app.loop.schedule(at: LoopInstant(nanoseconds: .max - 1)) {
            View.animate(withDuration: 1, delay: 1, options: [], animations: { box.alpha = 0 }, completion: { finished = $0 })
        }
        try app.settle()
        #expect(app.loop.now.nanoseconds == .max)
        #expect(finished == true)
        #expect(box.presentationAlpha == 0)
    }

    // MARK: The display link

    /// After about 4.9 simulated years `instant × 120` passes 64 bits: the vsync grid is
    /// computed in 128 bits, so an animation five years in runs as on the first day.
    @Test
    func anAnimationFiveYearsIntoTheClockRunsAt120Hz() async throws {
        await #expect(processExitsWith: .success) {
            let (app, _, box) = try! boxOnScreen(.tablet)
            try! app.advance(by: .seconds(5 * 365 * 86_400))
            View.animate(withDuration: 0.1, animations: { box.alpha = 0 })
            try! app.settle()
        }
        let (app, window, box) = try boxOnScreen(.tablet)
        try app.advance(by: .seconds(5 * 365 * 86_400))
        let start = app.loop.now.nanoseconds
        var finished: Bool?
        View.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { box.alpha = 0 }, completion: { finished = $0 })
        try app.settle()
        #expect(finished == true)
        #expect(window.frameMetrics.framesProduced >= 12 && window.frameMetrics.framesProduced <= 14)
        #expect(window.frameMetrics.framesDropped == 0)
        #expect(window.frameMetrics.p50 == .microseconds(8_333))
        #expect(app.loop.now.nanoseconds - start < 120_000_000)
    }

    @Test
    func vsyncsAreExactAcrossTheWholeClock() {
        let fiveYears: UInt64 = 5 * 365 * 86_400 * 1_000_000_000
        #expect(DisplayLink.vsync(atOrAfter: fiveYears, rate: 120) == fiveYears)
        #expect(DisplayLink.vsync(atOrAfter: fiveYears + 1, rate: 120) == fiveYears + 8_333_333)
        #expect(DisplayLink.vsync(atOrAfter: 1, rate: 60) == 16_666_666)
        #expect(DisplayLink.vsync(atOrAfter: .max, rate: 120) == .max, "past the last vsync: the end of the range")
        // The oracle, in 128 bits: vsync k is at ⌊k × 1 s / rate⌋, and the first one at or
        // after `instant` is k = ⌈instant × rate / 1 s⌉ (past the range: UInt64.max).
        func expected(_ instant: UInt64, _ rate: UInt64) -> UInt64 {
            let second: UInt128 = 1_000_000_000
            let index = (UInt128(instant) * UInt128(rate) + second - 1) / second
            return UInt64(exactly: index * second / UInt128(rate)) ?? .max
        }
        for rate: UInt64 in [1, 60, 120, 1_000, 999_999_937, 1_000_000_000] {
            for instant: UInt64 in [0, 1, 999_999_999, 1_000_000_001, fiveYears, fiveYears + 1, .max / 2,
                                    .max - 20_000_000_000, .max - 1, .max,
                                    // Where instant × rate leaves 64 bits (the narrow path ends).
                                    .max / rate - 1, .max / rate, (.max / rate) &+ 1] {
                let vsync = DisplayLink.vsync(atOrAfter: instant, rate: rate)
                #expect(vsync == expected(instant, rate), "rate \(rate), instant \(instant)")
                #expect(vsync >= instant)
            }
        }
    }

    /// Zero, negative and enormous refresh rates: clamped to 1 Hz...1 GHz.
    @Test(arguments: [0, -60, Int.max, Int.min])
    func anyRefreshRateAnimates(rate: Int) throws {
        var screen = Screen.phone
        screen.refreshRate = rate
        let (app, window, box) = try boxOnScreen(screen)
        var finished: Bool?
        // A microsecond: at 1 GHz a frame per nanosecond, a thousand of them.
        View.animate(withDuration: 1e-6, delay: 0, options: [], animations: { box.alpha = 0 }, completion: { finished = $0 })
        try app.settle()
        #expect(finished == true)
        #expect(window.frameMetrics.framesProduced >= 1)
    }

    // MARK: The loop

    /// A timer after `Duration.seconds(Int64.max)` lands at the end of the clock's range;
    /// under the host clock the poll's timeout is rounded up without overflow.
    @Test
    func aTimerAtTheEndOfTimeNeverTraps() async throws {
        await #expect(processExitsWith: .success) {
            let loop = try! EventLoop(clock: .host)
            loop.schedule(after: .seconds(Int64.max)) {}
            _ = try? loop.runUntilIdle(maxTime: .milliseconds(10))
        }
        let host = try EventLoop(clock: .host)
        host.schedule(after: .seconds(Int64.max)) {}
        #expect(throws: LoopError.self) { try host.runUntilIdle(maxTime: .milliseconds(10)) }
        #expect(host.pendingTimerCount == 1)

        let virtual = try EventLoop(clock: .virtual)
        var fired = false
        virtual.schedule(after: .seconds(Int64.max)) { fired = true }
        try virtual.runUntilIdle()
        #expect(fired && virtual.now.nanoseconds == UInt64(Int64.max), "a Duration holds at most Int64.max ns")
    }

    /// `consume` and a job's cost stop at the end of the clock's range instead of wrapping
    /// around to the past.
    @Test
    func consumeAndJobCostsSaturate() throws {
        let loop = try EventLoop(clock: .virtual)
        loop.consume(.seconds(Int64.max))
        loop.consume(.seconds(Int64.max))
        loop.consume(.seconds(Int64.max))
        #expect(loop.now.nanoseconds == .max)
        var delivered: UInt64?
        loop.submit(label: "late", cost: .seconds(Int64.max), work: { 1 }, completion: { _ in delivered = loop.now.nanoseconds })
        try loop.runUntilIdle()
        #expect(delivered == .max)

        let app = try Application()
        for _ in 0..<3 { try app.advance(by: .seconds(Int64.max)) }
        #expect(app.loop.now.nanoseconds == .max)
    }

    /// A negative turn budget used to trap converting it to UInt64; it is an error now.
    @Test
    func aNegativeTurnBudgetIsAnError() async throws {
        await #expect(processExitsWith: .success) {
            let loop = try! EventLoop(clock: .virtual)
            _ = try? loop.runUntilIdle(maxTurns: -1)
        }
        let loop = try EventLoop(clock: .virtual)
        #expect(throws: LoopError.invalidArgument("runUntilIdle(): maxTurns must not be negative, got -1")) {
            try loop.runUntilIdle(maxTurns: -1)
        }
        #expect(throws: LoopError.self) { try loop.advance(by: .seconds(1), maxTurns: -5) }
        let app = try Application()
        #expect(throws: LoopError.self) { try app.settle(maxTurns: Int.min) }
        try app.settle()
    }

    // MARK: Metrics and transitions

    @Test
    func framePercentilesClampTheirFraction() async throws {
        await #expect(processExitsWith: .success) {
            var metrics = FrameMetrics()
            metrics.record(frameTime: 16_666_666, dropped: 0, period: 16_666_666)
            _ = metrics.frameTime(percentile: .nan)
            _ = metrics.frameTime(percentile: .infinity)
            _ = metrics.frameTime(percentile: 1e300)
        }
        var metrics = FrameMetrics()
        metrics.record(frameTime: 10_000_000, dropped: 0, period: 16_666_666)
        metrics.record(frameTime: 40_000_000, dropped: 2, period: 16_666_666)
        #expect(metrics.frameTime(percentile: .nan) == .milliseconds(10))
        #expect(metrics.frameTime(percentile: -3) == .milliseconds(10))
        #expect(metrics.frameTime(percentile: .infinity) == .milliseconds(40))
        #expect(metrics.frameTime(percentile: 1e300) == .milliseconds(40))
        // Sums saturate instead of trapping.
        metrics.record(frameTime: .max, dropped: .max, period: 1)
        metrics.record(frameTime: .max, dropped: .max, period: 1)
        #expect(metrics.framesDropped == .max && metrics.totalFrameTime == .max)
    }

    @Test
    func anInteractiveTransitionTakesAnyFraction() throws {
        let app = try Application()
        let nav = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(nav, app: app)
        nav.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        let pop = try #require(nav.beginInteractivePop())
        pop.update(.nan)
        #expect(pop.percentComplete == 0)
        pop.update(.infinity)
        #expect(pop.percentComplete == 1)
        pop.update(-.infinity)
        #expect(pop.percentComplete == 0)
        pop.finish()
        try app.settle()
        #expect(nav.viewControllers.map(\.traceLabel) == ["A"])
    }
}
