import Testing
@testable import Lifeloop

/// L35: hit testing, touch delivery and the gesture-recognizer state machine, with the
/// public logs of research round 3, §4.2 (G1–G5).
@Suite("Conformance: touches and gesture recognizers (L35)")
struct TouchConformance {
    /// A shared log the views and recognizers of one test write to.
    final class Log {
        var lines: [String] = []
    }

    /// A view that logs its touch callbacks and its `point(inside:)` probes.
    final class LoggingView: View {
        var log: Log?
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(traceLabel) touchesBegan") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(traceLabel) touchesMoved") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(traceLabel) touchesEnded") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            log?.lines.append("\(traceLabel) touchesCancelled")
        }
        var logsPointInside = false
        override func point(inside point: Point, with event: Event?) -> Bool {
            let inside = super.point(inside: point, with: event)
            if logsPointInside { log?.lines.append("\(traceLabel) pointInside \(inside ? "yes" : "no")") }
            return inside
        }
    }

    /// A recognizer that logs the touches it gets.
    final class LoggingRecognizer: GestureRecognizer {
        var log: Log?
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { log?.lines.append("recognizer touchesBegan") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            log?.lines.append("recognizer touchesEnded")
            state = .failed
        }
    }

    /// An app with a visible window whose root view is 390×844 at the origin.
    static func makeWindow() throws -> (Application, Window, View) {
        let app = try Application()
        let root = ViewController(label: "Root")
        let window = try showInWindow(root, app: app)
        return (app, window, root.view)
    }

    static func view(_ label: String, _ frame: Rect, in parent: View, log: Log? = nil) -> LoggingView {
        let view = LoggingView(frame: frame)
        view.traceLabel = label
        view.log = log
        parent.addSubview(view)
        return view
    }

    // MARK: Hit testing

    /// L35, G3: "The subview order is the reverse of the order that you add them": of two
    /// overlapping siblings, the one added last is hit.
    @Test
    func L35_hitTestTriesTheLastAddedSubviewFirst() throws {
        let (app, _, root) = try Self.makeWindow()
        _ = Self.view("First", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let second = Self.view("Second", Rect(x: 50, y: 50, width: 100, height: 100), in: root)
        #expect(app.hitView(at: Point(x: 75, y: 75)) === second)
        #expect(app.hitView(at: Point(x: 25, y: 25))?.traceLabel == "First")
    }

    /// L35, G2: "A contains B and C; C contains D; touch in D. hitTest on A → pointInside A
    /// yes → B no → C yes → D yes → D is the hit-test view", with C probed before B as it
    /// was added later.
    @Test
    func L35_hitTestProbesPointInsideDownToTheFarthestDescendant() throws {
        let (app, _, root) = try Self.makeWindow()
        let log = Log()
        let a = Self.view("A", Rect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
        let b = Self.view("B", Rect(x: 0, y: 0, width: 100, height: 100), in: a, log: log)
        let c = Self.view("C", Rect(x: 100, y: 100, width: 200, height: 200), in: a, log: log)
        let d = Self.view("D", Rect(x: 10, y: 10, width: 50, height: 50), in: c, log: log)
        for view in [a, b, c, d] { view.logsPointInside = true }
        #expect(app.hitView(at: Point(x: 120, y: 120)) === d)
        #expect(log.lines == ["A pointInside yes", "C pointInside yes", "D pointInside yes"])
        log.lines.removeAll()
        a.bringSubviewToFront(b)
        #expect(app.hitView(at: Point(x: 120, y: 120)) === d)
        #expect(log.lines == ["A pointInside yes", "B pointInside no", "C pointInside yes", "D pointInside yes"])
    }

    /// L35, G3: "`userInteractionEnabled = NO` → `hitTest` nil for the whole subtree";
    /// hidden views and views with alpha ≤ 0.01 are skipped with theirs too.
    @Test
    func L35_hitTestSkipsHiddenNonInteractiveAndTransparentSubtrees() throws {
        let (app, _, root) = try Self.makeWindow()
        let hidden = Self.view("Hidden", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        _ = Self.view("InHidden", Rect(x: 0, y: 0, width: 50, height: 50), in: hidden)
        hidden.isHidden = true
        let inert = Self.view("Inert", Rect(x: 100, y: 0, width: 100, height: 100), in: root)
        _ = Self.view("InInert", Rect(x: 0, y: 0, width: 50, height: 50), in: inert)
        inert.isUserInteractionEnabled = false
        let clear = Self.view("Clear", Rect(x: 200, y: 0, width: 100, height: 100), in: root)
        _ = Self.view("InClear", Rect(x: 0, y: 0, width: 50, height: 50), in: clear)
        clear.alpha = 0.01
        let faint = Self.view("Faint", Rect(x: 300, y: 0, width: 90, height: 100), in: root)
        faint.alpha = 0.02
        #expect(app.hitView(at: Point(x: 10, y: 10)) === root)
        #expect(app.hitView(at: Point(x: 110, y: 10)) === root)
        #expect(app.hitView(at: Point(x: 210, y: 10)) === root)
        #expect(app.hitView(at: Point(x: 310, y: 10)) === faint)
    }

    /// L35, G3: "A point outside a view's bounds stops the descent, so a subview sticking
    /// out of its superview gets no touches there."
    @Test
    func L35_aPointOutsideAViewsBoundsStopsTheDescent() throws {
        let (app, _, root) = try Self.makeWindow()
        let parent = Self.view("Parent", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let child = Self.view("Child", Rect(x: 50, y: 50, width: 100, height: 100), in: parent)
        #expect(app.hitView(at: Point(x: 75, y: 75)) === child)
        #expect(app.hitView(at: Point(x: 125, y: 125)) === root, "the part outside the parent is not hit")
    }

    /// L35: the bounds origin and the transform are honoured on the way down.
    @Test
    func L35_hitTestHonoursBoundsOriginsAndTransforms() throws {
        let (app, _, root) = try Self.makeWindow()
        let scrolled = Self.view("Scrolled", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        scrolled.bounds = Rect(x: 0, y: 200, width: 100, height: 100)
        let content = Self.view("Content", Rect(x: 0, y: 220, width: 100, height: 20), in: scrolled)
        #expect(app.hitView(at: Point(x: 50, y: 30)) === content)
        let scaled = Self.view("Scaled", Rect(x: 200, y: 200, width: 100, height: 100), in: root)
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Scaled about its center (250, 250): it now covers 150…350.
        #expect(app.hitView(at: Point(x: 160, y: 160)) === scaled)
        let inner = Self.view("Inner", Rect(x: 0, y: 0, width: 10, height: 10), in: scaled)
        #expect(app.hitView(at: Point(x: 165, y: 165)) === inner)
        #expect(app.hitView(at: Point(x: 175, y: 175)) === scaled, "(175,175) is (12.5,12.5) inside: past Inner")
    }

    // MARK: Delivery

    /// L35, G5: the touch goes to the recognizers of the hit view and its superviews before
    /// the view's own `touchesBegan`.
    @Test
    func L35_recognizersGetATouchBeforeTheView() throws {
        let (app, _, root) = try Self.makeWindow()
        let log = Log()
        let parent = Self.view("Parent", Rect(x: 0, y: 0, width: 200, height: 200), in: root, log: log)
        let child = Self.view("Child", Rect(x: 0, y: 0, width: 100, height: 100), in: parent, log: log)
        let recognizer = LoggingRecognizer()
        recognizer.log = log
        parent.addGestureRecognizer(recognizer)
        app.touch(.down, at: Point(x: 10, y: 10))
        app.touch(.up, at: Point(x: 10, y: 10))
        #expect(log.lines == ["recognizer touchesBegan", "Child touchesBegan", "recognizer touchesEnded", "Child touchesEnded"])
        #expect(app.trace.events(labels: ["Child"], names: ["touch"]).map(\.detail) == ["began 10,10", "ended 10,10"])
        _ = child
    }

    /// L35: a view that does not override the touch methods passes them up the responder
    /// chain: superview, then the controller whose root view it is.
    @Test
    func L35_unhandledTouchesTravelUpTheResponderChain() throws {
        final class Controller: ViewController {
            var got: [String] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { got.append("began") }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { got.append("ended") }
        }
        let app = try Application()
        let controller = Controller(label: "C")
        _ = try showInWindow(controller, app: app)
        let plain = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        controller.view.addSubview(plain)
        app.touch(.down, at: Point(x: 5, y: 5))
        app.touch(.up, at: Point(x: 5, y: 5))
        #expect(controller.got == ["began", "ended"])
    }

    /// L35, G1 with `cancelsTouchesInView = YES`: "`touchesBegan`, `touchesMoved` (one or
    /// more), `touchesCancelled`, `panGesture`, `panGesture`…. The cancel comes before the
    /// first action, and the view gets no further touch messages."
    @Test
    func L35_aRecognizedPanCancelsTheViewsTouchesBeforeItsFirstAction() throws {
        let (app, _, root) = try Self.makeWindow()
        let log = Log()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
        let pan = PanGestureRecognizer { log.lines.append("panGesture \($0.state)") }
        view.addGestureRecognizer(pan)
        try Self.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 104, y: 100), Point(x: 120, y: 100), Point(x: 140, y: 100)])
        #expect(log.lines == ["V touchesBegan", "V touchesMoved", "V touchesCancelled",
                              "panGesture began", "panGesture changed", "panGesture ended"])
    }

    /// L35, G1 with `cancelsTouchesInView = NO`: "`touchesBegan`, `touchesMoved`,
    /// `panGesture`, `touchesMoved`, `panGesture`, … `panGesture`, `touchesEnded`". Each
    /// action comes in the loop turn after its touch (Apple: "at the next cycle of the run
    /// loop"), so the last one follows `touchesEnded` here.
    @Test
    func L35_withoutCancelsTouchesInViewTheViewGetsEveryTouch() throws {
        let (app, _, root) = try Self.makeWindow()
        let log = Log()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
        let pan = PanGestureRecognizer { log.lines.append("panGesture \($0.state)") }
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        try Self.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 104, y: 100), Point(x: 120, y: 100), Point(x: 140, y: 100)])
        #expect(log.lines == ["V touchesBegan", "V touchesMoved", "V touchesMoved", "panGesture began", "V touchesMoved",
                              "panGesture changed", "V touchesEnded", "panGesture ended"])
    }

    /// Down, a move per turn (16 ms apart), and up at the last point.
    static func drag(_ app: Application, from start: Point, steps: [Point]) throws {
        app.touch(.down, at: start)
        try app.settle()
        for point in steps {
            try app.advance(by: .milliseconds(16))
            app.touch(.move, at: point)
            try app.settle()
        }
        app.touch(.up, at: steps.last ?? start)
        try app.settle()
    }

    /// L35: discrete recognizers go `possible` → `ended` and never report `began`; the
    /// action comes in a later loop turn than the change of state.
    @Test
    func L35_aTapIsDiscreteAndItsActionComesInTheNextTurn() throws {
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        var actionTurns: [UInt64] = []
        let loop = app.loop
        let tap = TapGestureRecognizer { _ in actionTurns.append(loop.turn) }
        tap.traceLabel = "Tap"
        view.addGestureRecognizer(tap)
        app.tap(at: Point(x: 10, y: 10))
        #expect(actionTurns.isEmpty, "not sent synchronously")
        try app.settle()
        #expect(app.trace.projected(labels: ["Tap"], events: ["state"]).count == 1)
        let stateEvent = try #require(app.trace.events(labels: ["Tap"], names: ["state"]).first)
        #expect(stateEvent.detail == "ended")
        #expect(actionTurns.count == 1)
        #expect(actionTurns[0] > stateEvent.turn)
        #expect(tap.state == .possible, "reset after the action")
    }

    /// L35: continuous recognizers go `possible` → `began` → `changed`… → `ended`.
    @Test
    func L35_aPanGoesThroughBeganChangedEnded() throws {
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        var translations: [Point] = []
        // Unowned: the view owns the recognizer, which owns this closure.
        let pan = PanGestureRecognizer { [unowned view] in translations.append(($0 as! PanGestureRecognizer).translation(in: view)) }
        pan.traceLabel = "Pan"
        view.addGestureRecognizer(pan)
        try Self.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 120, y: 100), Point(x: 140, y: 110), Point(x: 150, y: 110)])
        #expect(app.trace.events(labels: ["Pan"], names: ["state"]).map(\.detail) == ["began", "changed", "changed", "ended"])
        #expect(translations == [Point(x: 20, y: 0), Point(x: 40, y: 10), Point(x: 50, y: 10), Point(x: 50, y: 10)])
    }

    /// L35: `require(toFail:)` holds a recognizer until the other fails: a single tap that
    /// requires a double tap to fail is recognized only once the double tap timed out, and
    /// not at all when the double tap succeeds.
    @Test
    func L35_requireToFailHoldsARecognizerUntilTheOtherFails() throws {
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        var fired: [String] = []
        let single = TapGestureRecognizer { _ in fired.append("single") }
        let double = TapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        app.tap(at: Point(x: 10, y: 10))
        try app.advance(by: .milliseconds(100))
        #expect(fired.isEmpty, "the single tap waits for the double tap")
        try app.advance(by: .milliseconds(400))
        #expect(fired == ["single"])
        fired.removeAll()
        app.tap(at: Point(x: 10, y: 10))
        try app.advance(by: .milliseconds(100))
        app.tap(at: Point(x: 10, y: 10))
        try app.advance(by: .milliseconds(600))
        #expect(fired == ["double"])
    }

    /// L35: a recognizer that recognizes makes the others of the same touches fail, unless
    /// a delegate lets them recognize simultaneously.
    @Test(arguments: [false, true])
    func L35_recognizingExcludesTheOthersUnlessSimultaneous(simultaneous: Bool) throws {
        final class Delegate: GestureRecognizerDelegate {
            let answer: Bool
            init(_ answer: Bool) { self.answer = answer }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { answer }
        }
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        var fired: [String] = []
        let outer = PanGestureRecognizer { fired.append("outer \($0.state)") }
        let inner = PanGestureRecognizer { fired.append("inner \($0.state)") }
        let delegate = Delegate(simultaneous)
        inner.delegate = delegate
        view.addGestureRecognizer(inner)
        root.addGestureRecognizer(outer)
        try Self.drag(app, from: Point(x: 100, y: 100), steps: [Point(x: 130, y: 100)])
        if simultaneous {
            #expect(fired == ["inner began", "outer began", "inner ended", "outer ended"])
        } else {
            #expect(fired == ["inner began", "inner ended"])
        }
    }

    /// L35: `delaysTouchesBegan` withholds `touchesBegan` from the view until the recognizer
    /// fails.
    @Test
    func L35_delaysTouchesBeganHoldsTheTouchUntilTheRecognizerFails() throws {
        let (app, _, root) = try Self.makeWindow()
        let log = Log()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)
        app.touch(.down, at: Point(x: 10, y: 10))
        #expect(log.lines.isEmpty)
        app.touch(.up, at: Point(x: 10, y: 10))
        #expect(log.lines == ["V touchesBegan", "V touchesEnded"])
    }

    /// L35: `gestureRecognizerShouldBegin` (delegate or view) answering false fails the
    /// recognizer; `shouldReceive` answering false keeps the touch from it.
    @Test
    func L35_theDelegateCanStopARecognizer() throws {
        final class Delegate: GestureRecognizerDelegate {
            var begin = true, receive = true
            func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
        }
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        var fired = 0
        let tap = TapGestureRecognizer { _ in fired += 1 }
        tap.traceLabel = "Tap"
        let delegate = Delegate()
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        delegate.begin = false
        app.tap(at: Point(x: 10, y: 10))
        try app.settle()
        #expect(fired == 0)
        #expect(app.trace.events(labels: ["Tap"], names: ["state"]).map(\.detail) == ["failed"])
        delegate.begin = true
        delegate.receive = false
        app.tap(at: Point(x: 10, y: 10))
        try app.settle()
        #expect(fired == 0)
        #expect(app.trace.events(labels: ["Tap"], names: ["state"]).count == 1, "no touch reached it")
        delegate.receive = true
        app.tap(at: Point(x: 10, y: 10))
        try app.settle()
        #expect(fired == 1)
    }

    /// L35: a subclass drives the state machine; an illegal step is a diagnostic, not a
    /// silent change.
    @Test
    func L35_anIllegalStateStepIsADiagnostic() throws {
        final class Jumpy: GestureRecognizer {
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { state = .changed }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .failed }
        }
        let (app, _, root) = try Self.makeWindow()
        let view = Self.view("V", Rect(x: 0, y: 0, width: 300, height: 300), in: root)
        let jumpy = Jumpy()
        view.addGestureRecognizer(jumpy)
        app.tap(at: Point(x: 10, y: 10))
        #expect(app.diagnostics.contains { $0.kind == .invalidArgument && $0.message.contains("possible to changed") })
    }

    /// Input that does not fit the fingers is a diagnostic naming it, never a trap.
    @Test
    func L35_touchInputOutOfOrderIsADiagnostic() throws {
        let (app, _, _) = try Self.makeWindow()
        #expect(!app.touch(.move, at: Point(x: 1, y: 1)))
        #expect(app.touch(.down, at: Point(x: 1, y: 1)))
        #expect(!app.touch(.down, at: Point(x: 1, y: 1)))
        #expect(!app.touch(.down, at: Point(x: CGFloat.nan, y: 1), finger: 2))
        #expect(app.diagnostics.filter { $0.kind == .invalidArgument }.map(\.message) == [
            "touch move: finger 0 is not down", "touch down: finger 0 is already down", "touch down: the point is not finite",
        ])
    }
}
