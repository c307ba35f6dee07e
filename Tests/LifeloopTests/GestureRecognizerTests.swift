import Testing
@testable import Lifeloop

/// The concrete recognizers and UIControl's touch tracking, driven by scripted touches on
/// the virtual clock.
@Suite("Gesture recognizers and control tracking")
struct GestureRecognizerTests {
    static func makeView() throws -> (Application, View) {
        let (app, _, root) = try TouchConformance.makeWindow()
        let view = View(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        view.traceLabel = "Surface"
        root.addSubview(view)
        return (app, view)
    }

    static func states(_ app: Application, _ label: String) -> [String] {
        app.trace.events(labels: [label], names: ["state"]).map(\.detail)
    }

    @Test
    func aLongPressBeginsAfterItsMinimumDurationOnTheVirtualClock() throws {
        let (app, view) = try Self.makeView()
        let press = LongPressGestureRecognizer()
        press.traceLabel = "Press"
        view.addGestureRecognizer(press)
        app.touch(.down, at: Point(x: 50, y: 50))
        try app.advance(by: .milliseconds(499))
        #expect(press.state == .possible)
        try app.advance(by: .milliseconds(1))
        #expect(press.state == .began)
        app.touch(.move, at: Point(x: 80, y: 50))
        app.touch(.up, at: Point(x: 80, y: 50))
        try app.settle()
        #expect(Self.states(app, "Press") == ["began", "changed", "ended"])
    }

    @Test
    func aLongPressFailsWhenTheFingerMovesTooFarOrLiftsEarly() throws {
        let (app, view) = try Self.makeView()
        let press = LongPressGestureRecognizer()
        press.traceLabel = "Press"
        view.addGestureRecognizer(press)
        app.touch(.down, at: Point(x: 50, y: 50))
        app.touch(.move, at: Point(x: 65, y: 50))
        #expect(press.state == .failed)
        app.touch(.up, at: Point(x: 65, y: 50))
        try app.advance(by: .seconds(1))
        app.touch(.down, at: Point(x: 50, y: 50))
        try app.advance(by: .milliseconds(100))
        app.touch(.up, at: Point(x: 50, y: 50))
        try app.advance(by: .seconds(1))
        #expect(Self.states(app, "Press") == ["failed", "failed"])
    }

    @Test
    func aPanReportsVelocityAndSetTranslationRebasesIt() throws {
        let (app, view) = try Self.makeView()
        var seen: [(Point, Point)] = []
        // Unowned: the view owns the recognizer, which owns this closure.
        let pan = PanGestureRecognizer { [unowned view] recognizer in
            let pan = recognizer as! PanGestureRecognizer
            seen.append((pan.translation(in: view), pan.velocity(in: view)))
            pan.setTranslation(.zero, in: view)
        }
        view.addGestureRecognizer(pan)
        try TouchConformance.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 100, y: 116), Point(x: 100, y: 132)])
        #expect(seen.map(\.0) == [Point(x: 0, y: 16), Point(x: 0, y: 16), .zero])
        #expect(seen[0].1 == Point(x: 0, y: 1000), "16 points in 16 ms")
    }

    @Test
    func aSwipeIsRecognizedOnlyInItsDirection() throws {
        let (app, view) = try Self.makeView()
        let swipe = SwipeGestureRecognizer()
        swipe.traceLabel = "Swipe"
        swipe.direction = .left
        view.addGestureRecognizer(swipe)
        try TouchConformance.drag(app, from: Point(x: 200, y: 100), steps: [Point(x: 170, y: 100), Point(x: 130, y: 105)])
        try TouchConformance.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 130, y: 100), Point(x: 170, y: 105)])
        #expect(Self.states(app, "Swipe") == ["ended", "failed"])
    }

    @Test
    func aPinchAndARotationFollowTwoFingers() throws {
        let (app, view) = try Self.makeView()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { true }
        }
        let both = Both()
        pinch.delegate = both
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        app.touch(.down, at: Point(x: 150, y: 300), finger: 0)
        app.touch(.down, at: Point(x: 250, y: 300), finger: 1)
        app.touch(.move, at: Point(x: 100, y: 300), finger: 0)
        app.touch(.move, at: Point(x: 300, y: 300), finger: 1)
        #expect(pinch.state == .changed || pinch.state == .began)
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(rotation.state == .possible)
        // Turn the pair a quarter turn about its center.
        app.touch(.move, at: Point(x: 200, y: 200), finger: 0)
        app.touch(.move, at: Point(x: 200, y: 400), finger: 1)
        #expect(rotation.state == .began || rotation.state == .changed)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
        app.touch(.up, at: Point(x: 200, y: 200), finger: 0)
        app.touch(.up, at: Point(x: 200, y: 400), finger: 1)
        try app.settle()
        #expect(pinch.state == .possible && rotation.state == .possible)
    }

    @Test
    func aScreenEdgePanStartsOnlyAtItsEdge() throws {
        let (app, view) = try Self.makeView()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.traceLabel = "Edge"
        edge.edges = .left
        view.addGestureRecognizer(edge)
        try TouchConformance.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 150, y: 100)])
        try TouchConformance.drag(app, from: Point(x: 5, y: 100), steps: [Point(x: 50, y: 100)])
        #expect(Self.states(app, "Edge") == ["failed", "began", "ended"])
    }

    @Test
    func aLabelTapOnAViewUnderATapRecognizerIsARealTouch() throws {
        let (app, view) = try Self.makeView()
        var fired = 0
        view.addGestureRecognizer(TapGestureRecognizer { _ in fired += 1 })
        app.tap(view)
        try app.settle()
        #expect(fired == 1)
        #expect(app.trace.events(labels: ["Surface"], names: ["touch"]).map(\.detail) == ["began 195,300", "ended 195,300"])
    }

    @Test
    func targetActionReachesTheTargetBySelector() throws {
        final class Target: NameWirable {
            var calls: [String] = []
            func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
            func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
                guard selector == "handle:" else { return .notFound }
                calls.append((arguments.first as? GestureRecognizer)?.state.description ?? "?")
                return .performed(nil)
            }
            func lifeloopResponds(to selector: Selector) -> Bool { selector == "handle:" }
        }
        let (app, view) = try Self.makeView()
        let target = Target()
        view.addGestureRecognizer(TapGestureRecognizer(target: target, action: "handle:"))
        app.tap(at: Point(x: 20, y: 20))
        try app.settle()
        #expect(target.calls == ["ended"])
    }

    /// The navigation controller's edge pan drives its interactive pop (L18): a long drag
    /// from the left edge pops, a short one turns back.
    @Test(arguments: [true, false])
    func anEdgeDragDrivesTheInteractivePop(far: Bool) throws {
        let app = try Application()
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        navigation.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        let mark = app.trace.count
        // The short drag stops before lifting, so it is no fling.
        let steps = far ? [Point(x: 30, y: 300), Point(x: 300, y: 300)] : [Point(x: 30, y: 300), Point(x: 60, y: 300), Point(x: 60, y: 300)]
        try TouchConformance.drag(app, from: Point(x: 4, y: 300), steps: steps)
        try app.settle()
        let after = Array(app.trace.lines[Int(mark)...]).filter { $0.hasPrefix("A view") || $0.hasPrefix("B view") }
            .filter { !$0.contains("Layout") && !$0.contains("IsAppearing") }
        if far {
            #expect(navigation.viewControllers.map(\.traceLabel) == ["A"])
            #expect(after == ["B viewWillDisappear", "A viewWillAppear", "B viewDidDisappear", "A viewDidAppear"])
        } else {
            #expect(navigation.viewControllers.map(\.traceLabel) == ["A", "B"])
            #expect(after == ["B viewWillDisappear", "A viewWillAppear", "A viewWillDisappear", "A viewDidDisappear",
                              "B viewWillAppear", "B viewDidAppear"])
        }
    }

    // MARK: Controls

    static func makeButton() throws -> (Application, Button, () -> [String]) {
        let (app, view) = try Self.makeView()
        let button = Button(frame: Rect(x: 100, y: 100, width: 100, height: 40))
        button.traceLabel = "Go"
        view.addSubview(button)
        let events: Set = ["touchDown", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
                           "touchUpInside", "touchUpOutside", "touchCancel", "primaryActionTriggered"]
        return (app, button, { app.trace.projected(labels: ["Go"], events: events) })
    }

    @Test
    func aButtonFiresTouchUpInsideOnlyWhenReleasedInside() throws {
        let (app, button, events) = try Self.makeButton()
        var fired = 0
        button.addAction(Lifeloop.Action { _ in fired += 1 }, for: .touchUpInside)
        app.touch(.down, at: Point(x: 150, y: 120))
        #expect(button.isHighlighted && button.isTracking)
        app.touch(.move, at: Point(x: 150, y: 300))
        #expect(!button.isHighlighted && button.isTracking)
        app.touch(.up, at: Point(x: 150, y: 300))
        #expect(fired == 0)
        #expect(!button.isTracking)
        #expect(events() == ["Go touchDown", "Go touchDragExit", "Go touchDragOutside", "Go touchUpOutside"])
    }

    @Test
    func aButtonCountsUpToSeventyPointsOutsideAsInside() throws {
        let (app, button, events) = try Self.makeButton()
        var fired = 0
        button.addAction(Lifeloop.Action { _ in fired += 1 }, for: .touchUpInside)
        app.touch(.down, at: Point(x: 150, y: 120))
        app.touch(.move, at: Point(x: 150, y: 205))
        #expect(button.isHighlighted, "65 points below the bottom edge is inside")
        app.touch(.up, at: Point(x: 150, y: 205))
        #expect(fired == 1)
        #expect(events() == ["Go touchDown", "Go touchDragInside", "Go touchUpInside", "Go primaryActionTriggered"])
    }

    @Test
    func aRecognizerOnAButtonsSuperviewCancelsItsTracking() throws {
        let (app, button, events) = try Self.makeButton()
        button.superview?.addGestureRecognizer(PanGestureRecognizer())
        app.touch(.down, at: Point(x: 150, y: 120))
        app.touch(.move, at: Point(x: 180, y: 120))
        #expect(!button.isTracking)
        app.touch(.up, at: Point(x: 180, y: 120))
        // The pan recognizes on the move itself: the button never sees it, only the cancel.
        #expect(events() == ["Go touchDown", "Go touchCancel"])
    }

    @Test
    func trackingIsOverridable() throws {
        final class Dial: Control {
            var log: [String] = []
            override func beginTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool { log.append("begin"); return true }
            override func continueTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool {
                log.append("continue \(Int(touch.location(in: self).x))")
                return true
            }
            override func endTracking(_ touch: Touch?, with event: Lifeloop.Event?) { log.append("end") }
        }
        let (app, view) = try Self.makeView()
        let dial = Dial(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.addSubview(dial)
        app.touch(.down, at: Point(x: 10, y: 10))
        app.touch(.move, at: Point(x: 40, y: 10))
        app.touch(.up, at: Point(x: 40, y: 10))
        #expect(dial.log == ["begin", "continue 40", "end"])
    }

    @Test
    func aDisabledButtonSendsNothing() throws {
        let (app, button, events) = try Self.makeButton()
        button.isEnabled = false
        app.tap(at: Point(x: 150, y: 120))
        #expect(events().isEmpty)
    }

    @Test
    func theSameTouchesGiveTheSameTrace() throws {
        func run() throws -> [String] {
            let (app, view) = try Self.makeView()
            view.addGestureRecognizer(PanGestureRecognizer())
            view.addGestureRecognizer(TapGestureRecognizer())
            view.addGestureRecognizer(LongPressGestureRecognizer())
            try TouchConformance.drag(app, from: Point(x: 10, y: 10), steps: [Point(x: 40, y: 10), Point(x: 80, y: 30)])
            app.tap(at: Point(x: 20, y: 20))
            try app.advance(by: .seconds(1))
            return app.trace.lines
        }
        #expect(try run() == run())
    }
}
