import Testing
@testable import Lifeloop

/// An app showing controller "A" in window "main", with a square `box` in its view.
func showBox(size: Double) throws -> (Application, Window, View) {
    let app = try Application()
    let controller = ViewController(label: "A")
    let window = try showInWindow(controller, app: app)
    let box = View(frame: Rect(x: 0, y: 0, width: size, height: size))
    controller.view.addSubview(box)
    try app.settle()
    return (app, window, box)
}

@Suite("Animations and the frame clock")
struct AnimationTests {
    @Test
    func modelChangesAtOncePresentationMovesPerFrame() throws {
        let (app, window, box) = try showBox(size: 100)
        var finished: Bool?
        let start = app.loop.now
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.frame = Rect(x: 200, y: 0, width: 100, height: 100)
            box.alpha = 0
        }, completion: { finished = $0 })
        #expect(box.frame.minX == 200, "the model value changes at once")
        #expect(box.presentationFrame.minX == 0)
        try app.advance(by: .milliseconds(500))
        let halfway = box.presentationFrame.minX
        #expect(halfway > 90 && halfway < 110, "linear: about half way after 0.5 s (at a vsync), got \(halfway)")
        #expect(finished == nil)
        try app.settle()
        #expect(finished == true)
        #expect(box.presentationFrame.minX == 200)
        #expect(box.presentationAlpha == 0)
        #expect(app.loop.now.nanoseconds - start.nanoseconds >= 1_000_000_000)
        #expect(!app.isAnimating, "the display link stops once nothing animates")
        #expect(window.frameMetrics.framesProduced >= 60)
        #expect(window.frameMetrics.framesDropped == 0)
        #expect(window.frameMetrics.p50 == .microseconds(16_666))
    }

    @Test
    func interruptedAnimationCompletesWithFalse() throws {
        let (app, _, box) = try showBox(size: 10)
        var results: [String] = []
        View.animate(withDuration: 1, animations: { box.alpha = 0.5 }, completion: { results.append("first \($0)") })
        try app.advance(by: .milliseconds(100))
        View.animate(withDuration: 1, animations: { box.alpha = 0 }, completion: { results.append("second \($0)") })
        try app.settle()
        #expect(results == ["first false", "second true"])
    }

    @Test
    func animationOfAViewThatLeavesTheWindowCompletesWithFalse() throws {
        let (app, _, box) = try showBox(size: 10)
        var result: Bool?
        View.animate(withDuration: 1, animations: { box.center = Point(x: 100, y: 100) }, completion: { result = $0 })
        try app.advance(by: .milliseconds(100))
        box.removeFromSuperview()
        try app.settle()
        #expect(result == false)
    }

    @Test
    func heavyMainThreadWorkDropsFrames() throws {
        let (app, window, box) = try showBox(size: 10)
        View.animate(withDuration: 0.5, animations: { box.alpha = 0 })
        app.loop.schedule(after: .milliseconds(100)) { app.loop.consume(.milliseconds(40)) }
        try app.settle()
        #expect(window.frameMetrics.framesDropped >= 2)
        #expect(window.frameMetrics.hitchTime > 0)
        #expect(window.frameMetrics.p99 > .milliseconds(17))
        #expect(app.trace.lines.contains("main droppedFrames"))
    }

    @Test
    func animatedPushRunsDidCallbacksWhenTheAnimationEnds() throws {
        let app = try Application()
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        let pushedAt = app.loop.now
        let b = ViewController(label: "B")
        navigation.pushViewController(b, animated: true)
        #expect(b.transitionCoordinator?.isAnimated == true)
        try app.settle()
        let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        let events = app.trace.events.filter { ["A", "B"].contains($0.label) && appearance.contains($0.name) }
        #expect(events.map(\.line) == ["A viewWillAppear", "A viewDidAppear", "A viewWillDisappear", "B viewWillAppear",
                                       "A viewDidDisappear", "B viewDidAppear"])
        let didAppear = try #require(events.last)
        #expect(didAppear.time - pushedAt.nanoseconds >= 350_000_000, "not before the 0.35 s animation ends")
        #expect(b.transitionCoordinator == nil)
        #expect(!app.isAnimating)
    }
}

@Suite("Frame metrics on the app")
struct AppFrameMetricsTests {
    @Test
    func metricsAreListedPerWindowAndRecordedInTheTrace() throws {
        let (app, _, box) = try showBox(size: 10)
        View.animate(withDuration: 0.5, animations: { box.alpha = 0 })
        try app.settle()
        #expect(app.frameMetrics.map(\.window) == ["main"])
        #expect(app.frameMetrics.first?.metrics.framesProduced == 30)
        app.recordFrameMetrics()
        #expect(app.trace.events.last?.line == "main frameMetrics")
        #expect(app.trace.events.last?.detail == "produced=30 dropped=0 p50=16.67ms p90=16.67ms p99=16.67ms hitch=0.0ms/s")
    }
}

@Suite("Frame metrics counting")
struct FrameMetricsCountingTests {
    /// Frame times are counted in runs of equal values: a run ended by another frame time,
    /// a value that comes back, and a run still open are all counted in the percentiles.
    @Test
    func runsOfEqualFrameTimesAreAllCounted() {
        var metrics = FrameMetrics()
        let period: UInt64 = 16_666_666
        for frameTime in [period, period + 1, period, 4 * period, period, period, 4 * period, 4 * period, 4 * period] {
            metrics.record(frameTime: frameTime, dropped: frameTime > period + 1 ? 3 : 0, period: period)
        }
        // Five frames of 16.666 ms, four of 66.666 ms.
        #expect(metrics.framesProduced == 9)
        #expect(metrics.framesDropped == 12)
        #expect(metrics.frameTime(percentile: 5.0 / 9) == .microseconds(16_666))
        #expect(metrics.frameTime(percentile: 6.0 / 9) == .microseconds(66_666))
        #expect(metrics.p99 == .microseconds(66_666))
    }

    /// Two windows' statistics are equal when their frames are, whatever the order in which
    /// equal frame times came; the same sums over other frame times are not equal.
    @Test
    func equalityComparesTheFramesNotTheOrderOfTheirRuns() {
        let period: UInt64 = 10_000_000
        func metrics(_ frameTimes: [UInt64]) -> FrameMetrics {
            var metrics = FrameMetrics()
            for frameTime in frameTimes { metrics.record(frameTime: frameTime, dropped: 0, period: period) }
            return metrics
        }
        #expect(metrics([period, period, 2 * period]) == metrics([period, 2 * period, period]))
        #expect(metrics([period, 2 * period, period]) == metrics([2 * period, period, period]))
        // 10 + 30 = 20 + 20 ms: the same count and total, other frames.
        #expect(metrics([period, 3 * period]) != metrics([2 * period, 2 * period]))
        #expect(metrics([]) == FrameMetrics())
    }
}

@Suite("Frame clock on host time")
struct HostFrameClockTests {
    /// The display link runs on real time too: a 50 ms animation finishes with `true`,
    /// produces frames, and the link stops afterwards.
    @Test
    func anAnimationCompletesUnderTheHostClock() throws {
        let app = try Application(clock: .host)
        let controller = ViewController(label: "A")
        let window = Window(label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        controller.view.addSubview(box)
        var finished: Bool?
        View.animate(withDuration: 0.05, delay: 0, options: .curveLinear,
                     animations: { box.alpha = 0 }, completion: { finished = $0 })
        try app.settle()
        #expect(finished == true)
        #expect(window.frameMetrics.framesProduced >= 1)
        #expect(box.presentationAlpha == 0)
        #expect(!app.isAnimating)
    }
}
