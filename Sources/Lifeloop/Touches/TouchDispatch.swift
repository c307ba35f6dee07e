// Touch delivery in a window (L35). Each input (a finger goes down, moves, lifts) is one
// event, handled at once, in this order:
//
//   1. down: hit test from the window (last-added subviews first; hidden, non-interactive
//      and alpha <= 0.01 views skipped with their subtrees), then the touch's recognizers:
//      those of the hit view and of each superview up to the window, in that order;
//   2. the touch's recognizers get it (`touchesBegan`... of each), and may change state;
//   3. the hit view gets it, unless a recognizer holds it back (`delaysTouchesBegan`,
//      `delaysTouchesEnded`) or took it (`cancelsTouchesInView`: the view got
//      `touchesCancelled` when the recognizer recognized, and nothing after).
//
// Recognizer actions are sent in the next loop turn (see GestureRecognizer.swift).

/// The fingers down in one window, and for each what its view has been told.
final class TouchDispatch {
    /// What the hit view has been told about a touch.
    enum ViewDelivery {
        /// Nothing yet: `touchesBegan` is held back.
        case notBegun
        /// `touchesBegan` was delivered.
        case delivered
        /// The touch was cancelled in the view, or ended: no more deliveries.
        case finished
    }

    final class Record {
        let touch: Touch
        var delivery: ViewDelivery = .notBegun
        /// Phases held back from the view, in order (with the location each had).
        var held: [(phase: Touch.Phase, location: Point, previous: Point)] = []
        var isDown = true
        init(touch: Touch) { self.touch = touch }
    }

    unowned(unsafe) let window: Window
    /// The fingers down, in the order they went down, then lifted ones still holding phases.
    var records: [Record] = []
    /// The recognizers that received touches since their last reset, in the order they did.
    var engaged: [GestureRecognizer] = []
    /// The last tap: where and when it lifted, for `tapCount`.
    var lastTap: (point: Point, time: Double, count: Int)?
    /// When the last scheduled gesture in this window ends (loop nanoseconds): the next
    /// one starts then (see ScheduledGestures.swift).
    var scheduledInputEnd: UInt64 = 0
    /// Fingers down on a bar item, tab or key (elements, not views), with the element's
    /// id and frame (see BarItemTouches.swift).
    var barItemDowns: [Int: (ElementID, Rect)] = [:]

    init(window: Window) {
        self.window = window
    }

    var downRecords: [Record] { records.filter(\.isDown) }

    func record(finger: Int) -> Record? {
        records.first { $0.isDown && $0.touch.finger == finger }
    }

    func record(for touch: Touch) -> Record? {
        records.first { $0.touch === touch }
    }

    // MARK: Input

    /// Handles one input for `finger` at `point` (window coordinates) at `time` seconds.
    /// - Returns: An error message if the input does not fit the fingers' state.
    func handle(_ input: TouchInput, finger: Int, at point: Point, time: Double) -> String? {
        switch input {
        case .down:
            if record(finger: finger) != nil { return "finger \(finger) is already down" }
            let touch = Touch(finger: finger, at: point, window: window, timestamp: time)
            if let last = lastTap, time - last.time <= TouchDispatch.multipleTapInterval,
               abs(last.point.x - point.x) <= TouchDispatch.multipleTapDistance,
               abs(last.point.y - point.y) <= TouchDispatch.multipleTapDistance {
                touch.tapCount = last.count + 1
            }
            let event = Event(timestamp: time, touches: downRecords.map(\.touch) + [touch])
            touch.view = window.hitTest(point, with: event)
            touch.gestureRecognizers = recognizers(for: touch)
            let record = Record(touch: touch)
            records.append(record)
            deliver(.began, of: record, event: event)
        case .move, .up, .cancel:
            guard let record = record(finger: finger) else { return "finger \(finger) is not down" }
            let touch = record.touch
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = point
            touch.timestamp = time
            let phase: Touch.Phase = input == .move ? .moved : input == .up ? .ended : .cancelled
            if phase == .ended { lastTap = (point, time, touch.tapCount) }
            deliver(phase, of: record, event: Event(timestamp: time, touches: downRecords.map(\.touch)))
        }
        return nil
    }

    /// The maximum time between the lift of one tap and the next down for `tapCount` to grow.
    static let multipleTapInterval = 0.35
    /// The maximum distance between taps for `tapCount` to grow.
    static let multipleTapDistance: CGFloat = 45

    /// The enabled recognizers of the hit view and its superviews that take `touch`.
    private func recognizers(for touch: Touch) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var current = touch.view
        while let view = current {
            (view as? ScrollView)?.installPanGestureRecognizerIfNeeded()
            (view as? TableView)?.installRowSwipeRecognizerIfNeeded()
            for recognizer in view.extras?.gestureRecognizers ?? [] where recognizer.isEnabled {
                if recognizer.needsReset { recognizer.performReset() }
                guard recognizer.acceptsTouches, recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
                else { continue }
                found.append(recognizer)
            }
            current = view.storedSuperview
        }
        return found
    }

    private func deliver(_ phase: Touch.Phase, of record: Record, event: Event) {
        let touch = record.touch
        for other in event.orderedTouches where other !== touch { other.phase = .stationary }
        touch.phase = phase
        // One compact event per input: `VIEW touch began 120,300` (`WINDOW touch missed ...`
        // when the touch hit nothing).
        let detail = phase.traceName + " " + TouchDispatch.describe(touch.locationInWindow, finger: touch.finger)
        if let view = touch.view { view.trace("touch", detail: detail) } else { window.trace("touch", detail: "missed " + detail) }
        for recognizer in touch.gestureRecognizers ?? [] {
            recognizer.receive(phase, touch: touch, event: event, dispatch: self)
        }
        deliverToView(phase, of: record, event: event)
        if phase == .ended || phase == .cancelled {
            record.isDown = false
            for recognizer in touch.gestureRecognizers ?? [] { recognizer.touchLifted(touch) }
        }
        flushHeld()
        records.removeAll { !$0.isDown && $0.held.isEmpty }
    }

    static func describe(_ point: Point, finger: Int) -> String {
        let place = "\(TouchDispatch.number(point.x)),\(TouchDispatch.number(point.y))"
        return finger == 0 ? place : "\(place) finger \(finger)"
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    // MARK: The view's share

    private func deliverToView(_ phase: Touch.Phase, of record: Record, event: Event) {
        guard record.touch.view != nil else { return }
        switch record.delivery {
        case .finished: return
        case .notBegun:
            if phase == .began && !delaysBegan(record.touch) {
                send(.began, of: record, event: event)
            } else {
                hold(phase, record)
            }
        case .delivered:
            if !record.held.isEmpty || (phase == .ended && delaysEnded(record.touch)) {
                hold(phase, record)
            } else {
                send(phase, of: record, event: event)
            }
        }
    }

    private func hold(_ phase: Touch.Phase, _ record: Record) {
        record.held.append((phase, record.touch.locationInWindow, record.touch.previousLocationInWindow))
    }

    private func send(_ phase: Touch.Phase, of record: Record, event: Event) {
        guard let view = record.touch.view else { return }
        switch phase {
        case .began: record.delivery = .delivered
        case .ended, .cancelled: record.delivery = .finished
        case .moved, .stationary: break
        }
        view.deliverTouches(phase, [record.touch], event)
        // A view's storyboard tap action runs when a touch that began on it lifts inside it.
        if phase == .ended, view.tapAction != nil, view.bounds.contains(record.touch.location(in: view)) {
            view.app?.runTapAction(of: view)
        }
    }

    /// Whether a recognizer of `touch` holds its `touchesBegan` back from the view.
    private func delaysBegan(_ touch: Touch) -> Bool {
        touch.gestureRecognizers?.contains { $0.holdsTouchesBegan } ?? false
    }

    /// Whether a recognizer of `touch` holds its `touchesEnded` back from the view.
    private func delaysEnded(_ touch: Touch) -> Bool {
        touch.gestureRecognizers?.contains { $0.delaysTouchesEnded && $0.isUndecided } ?? false
    }

    /// Delivers the phases held back from views that no recognizer holds any more.
    func flushHeld() {
        for record in records where !record.held.isEmpty {
            let touch = record.touch
            let saved = (touch.phase, touch.locationInWindow, touch.previousLocationInWindow)
            while let next = record.held.first {
                if record.delivery == .finished { record.held.removeAll(); break }
                if record.delivery == .notBegun && delaysBegan(touch) { break }
                if next.phase == .ended && delaysEnded(touch) { break }
                record.held.removeFirst()
                touch.phase = next.phase
                touch.locationInWindow = next.location
                touch.previousLocationInWindow = next.previous
                let event = Event(timestamp: touch.timestamp, touches: downRecords.map(\.touch))
                if record.delivery == .notBegun && next.phase != .began { send(.began, of: record, event: event) }
                send(next.phase, of: record, event: event)
            }
            (touch.phase, touch.locationInWindow, touch.previousLocationInWindow) = saved
        }
        records.removeAll { !$0.isDown && $0.held.isEmpty }
    }

    /// A recognizer recognized with `cancelsTouchesInView`: each of its touches that the
    /// view was told about is cancelled there; the others never reach it.
    func cancelInViews(_ touches: [Touch]) {
        for touch in touches {
            guard let record = record(for: touch) else { continue }
            record.held.removeAll()
            switch record.delivery {
            case .finished: continue
            case .notBegun: record.delivery = .finished
            case .delivered:
                let saved = touch.phase
                touch.phase = .cancelled
                send(.cancelled, of: record, event: Event(timestamp: touch.timestamp, touches: downRecords.map(\.touch)))
                touch.phase = saved
            }
        }
    }
}

extension Window {
    var touches: TouchDispatch {
        if let touchDispatch { return touchDispatch }
        let made = TouchDispatch(window: self)
        touchDispatch = made
        return made
    }
}

extension Application {
    /// Puts a finger down, moves it or lifts it, at `point` in `window`'s coordinates (the
    /// key window's when nil), at the loop clock's current time: the touch is hit-tested
    /// and delivered to gesture recognizers and views by L35. Each input is one event,
    /// recorded in the trace as `touch` with its phase and point (`began 120,300`) on the
    /// view the touch hit (on the window, `missed`, when it hit nothing).
    ///
    /// Advance the clock between inputs (``advance(by:)``) to give a drag its speed or a
    /// long press its duration.
    /// - Parameters:
    ///   - input: What the finger does.
    ///   - point: Where, in the window's coordinates.
    ///   - finger: Which finger (several can be down at once, for pinches).
    ///   - window: The window; the key window when nil.
    /// - Returns: false, with an `invalidArgument` diagnostic, when the input does not fit
    ///   (a finger that is already down goes down, one that is not down moves or lifts,
    ///   or there is no window).
    @discardableResult
    public func touch(_ input: TouchInput, at point: Point, finger: Int = 0, in window: Window? = nil) -> Bool {
        guard checkLoopThread(label: "touch", operation: "touch(_:at:finger:in:)") else { return false }
        guard let target = window ?? keyWindow ?? windows.last(where: { !$0.isHidden }) else {
            diagnose(.invalidArgument, label: "touch", message: "touch \(input.rawValue): no window to touch")
            return false
        }
        guard point.x.isFinite, point.y.isFinite else {
            diagnose(.invalidArgument, label: target.traceLabel, message: "touch \(input.rawValue): the point is not finite")
            return false
        }
        if let handled = touchOnBarItem(input, at: point, finger: finger, in: target) { return handled }
        let time = Double(loop.now.nanoseconds) / 1e9
        if let problem = target.touches.handle(input, finger: finger, at: point, time: time) {
            diagnose(.invalidArgument, label: target.traceLabel, message: "touch \(input.rawValue): \(problem)")
            return false
        }
        return true
    }

    /// Taps at `point` in `window` (the key window when nil): a finger down and up there,
    /// at the same instant of the loop's clock. For a tap that takes time, as a finger's
    /// does, use ``tap(at:duration:in:)``.
    @discardableResult
    public func tap(at point: Point, in window: Window? = nil) -> Bool {
        touch(.down, at: point, in: window) && touch(.up, at: point, in: window)
    }

    /// The view a touch at `point` (in `window`'s coordinates, the key window's when nil)
    /// would hit, by L35's hit test.
    public func hitView(at point: Point, in window: Window? = nil) -> View? {
        guard let target = window ?? keyWindow ?? windows.last(where: { !$0.isHidden }) else { return nil }
        return target.hitTest(point, with: nil)
    }
}

extension Application {
    /// A labelled tap on a view under a gesture recognizer is a real touch: a finger down
    /// and up at the view's center, so the recognizers see it (L35).
    /// - Returns: false when no recognizer is on the view or above it: the tap then takes
    ///   the direct path (the nearest control sends its actions).
    func tapWithTouches(_ view: View) -> Bool {
        guard let window = view.window, !window.isHidden else { return false }
        var current: View? = view
        var found = false
        while let candidate = current, !found {
            found = candidate.extras?.gestureRecognizers.contains { !$0.isSystemRecognizer } ?? false
            current = candidate.storedSuperview
        }
        guard found else { return false }
        let bounds = view.bounds
        let center = view.pointInWindowHonouringTransforms(Point(x: bounds.midX, y: bounds.midY))
        let finger = (window.touchDispatch?.downRecords.map(\.touch.finger).max() ?? -1) + 1
        let time = Double(loop.now.nanoseconds) / 1e9
        for input in [TouchInput.down, .up] {
            if let problem = window.touches.handle(input, finger: finger, at: center, time: time) {
                diagnose(.invalidArgument, label: view.traceLabel, message: "tap: \(problem)")
            }
        }
        return true
    }
}
