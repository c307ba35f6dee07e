import Foundation
import Lifeloop

/// How fast a swipe or pinch moves, as XCUITest's `XCUIGestureVelocity`: points a second.
public struct XCUIGestureVelocity: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Points a second.
    public let rawValue: CGFloat

    /// A velocity of `rawValue` points a second.
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    /// A velocity from a literal, in points a second.
    public init(floatLiteral value: Double) { rawValue = CGFloat(value) }
    /// A velocity from a literal, in points a second.
    public init(integerLiteral value: Int) { rawValue = CGFloat(value) }

    /// 500 points a second.
    public static let slow = XCUIGestureVelocity(500)
    /// 1,500 points a second: a flick.
    public static let `default` = XCUIGestureVelocity(1500)
    /// 3,000 points a second.
    public static let fast = XCUIGestureVelocity(3000)
}

extension XCUIElement {
    // MARK: Taps

    /// Taps the element, as a finger at its centre does, then runs the app until it is
    /// idle. An element out of sight in a scroll view (a table's row) is scrolled into view
    /// first, as XCUITest does. The tap lands on what is at the centre: the element, the
    /// cell around a label, or what covers it; a disabled element takes it and nothing
    /// happens. Fails the test when the element is missing, ambiguous, or cannot be brought
    /// into view.
    public func tap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, element) = hittableElement("Failed to tap", at: site) else { return }
        tap(element, in: session)
        finish(session, "Failed to tap", at: site)
    }

    /// Taps the element twice in quick succession (a `tapCount` of 2, which a double-tap
    /// recognizer takes), 0.1 s a tap on the app's clock.
    public func doubleTap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, element) = hittableElement("Failed to double tap", at: site) else { return }
        if element.id.part != 0 {
            // A part UIKit draws without a view here (a bar button): two taps of the verb.
            tap(element, in: session)
            tap(element, in: session)
        } else {
            gesture("Failed to double tap", session, at: site) { try session.app.doubleTap(at: element.screenFrame.center) }
        }
        finish(session, "Failed to double tap", at: site)
    }

    /// Taps the element `numberOfTaps` times with `numberOfTouches` fingers (1 or 2).
    public func tap(withNumberOfTaps numberOfTaps: Int, numberOfTouches: Int,
                    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard numberOfTouches == 1 || numberOfTouches == 2 else {
            report("Failed to tap \(elementDescription): Lifeloop taps with one or two fingers, not \(numberOfTouches)", at: site)
            return
        }
        guard let (session, element) = hittableElement("Failed to tap", at: site) else { return }
        for _ in 0..<max(0, numberOfTaps) {
            if numberOfTouches == 2 {
                twoFingers(element, in: session, hold: .milliseconds(100), at: site)
            } else {
                gesture("Failed to tap", session, at: site) {
                    try session.app.tap(at: element.screenFrame.center, duration: Application.tapDuration)
                }
            }
        }
        finish(session, "Failed to tap", at: site)
    }

    /// Taps the element with two fingers at once, 20 points apart across its centre.
    public func twoFingerTap(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, element) = hittableElement("Failed to two-finger tap", at: site) else { return }
        twoFingers(element, in: session, hold: .milliseconds(100), at: site)
        finish(session, "Failed to two-finger tap", at: site)
    }

    /// Presses the element for `duration` seconds of the app's clock, then lifts: a long
    /// press recognizer begins once its minimum duration has passed.
    public func press(forDuration duration: TimeInterval,
                      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, element) = hittableElement("Failed to press", at: site) else { return }
        gesture("Failed to press", session, at: site) {
            try session.app.longPress(at: element.screenFrame.center, duration: Self.duration(duration))
        }
        finish(session, "Failed to press", at: site)
    }

    /// Presses the element for `duration` seconds, drags to `otherElement`'s centre in
    /// 0.3 s and lifts there (reordering a row, dragging a handle).
    public func press(forDuration duration: TimeInterval, thenDragTo otherElement: XCUIElement,
                      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, element) = hittableElement("Failed to press and drag", at: site),
              let target = otherElement.resolveOne("Failed to drag to", at: site) else { return }
        drag(in: session, from: element.screenFrame.center, to: target.tree.elements[target.index].screenFrame.center,
             hold: duration, at: site)
        finish(session, "Failed to press and drag", at: site)
    }

    // MARK: Swipes and pinches

    /// Swipes up across the element (content scrolls down), then runs the app until it is
    /// idle (a scroll view's deceleration included).
    public func swipeUp(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.up, velocity: .default, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes up across the element at `velocity`.
    public func swipeUp(velocity: XCUIGestureVelocity,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.up, velocity: velocity, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes down across the element (content scrolls up).
    public func swipeDown(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.down, velocity: .default, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes down across the element at `velocity`.
    public func swipeDown(velocity: XCUIGestureVelocity,
                          fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.down, velocity: velocity, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes left across the element.
    public func swipeLeft(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.left, velocity: .default, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes left across the element at `velocity`.
    public func swipeLeft(velocity: XCUIGestureVelocity,
                          fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.left, velocity: velocity, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes right across the element.
    public func swipeRight(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.right, velocity: .default, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Swipes right across the element at `velocity`.
    public func swipeRight(velocity: XCUIGestureVelocity,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        swipe(.right, velocity: velocity, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Pinches on the element with two fingers: `scale` above 1 spreads them (zooms in),
    /// below 1 closes them; `velocity` is the scale's change a second.
    public func pinch(withScale scale: CGFloat, velocity: CGFloat,
                      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard scale > 0, scale.isFinite else {
            report("Failed to pinch \(elementDescription): the scale must be above 0, not \(scale)", at: site)
            return
        }
        guard let (session, element) = hittableElement("Failed to pinch", at: site) else { return }
        let visible = visibleFrame(of: element, in: session)
        let start = max(20, min(visible.width, visible.height) / (2 * max(1, scale)))
        let seconds = velocity != 0 ? min(2, max(0.1, abs(Double(scale - 1) / Double(velocity)))) : 0.5
        gesture("Failed to pinch", session, at: site) {
            try session.app.pinch(at: visible.center, from: start, to: start * scale, duration: Self.duration(seconds))
        }
        finish(session, "Failed to pinch", at: site)
    }

    // MARK: Text and values

    /// Types `text` into the element, which (or an element inside which) must have
    /// keyboard focus, as in XCUITest: tap a text field first. Each character is a key
    /// (the field's delegate is asked), a newline is the return key and
    /// `XCUIKeyboardKey.delete` deletes backward. Fails the test with XCUITest's "Neither
    /// element nor any descendant has keyboard focus" otherwise.
    public func typeText(_ text: String,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, tree, index) = resolveOne("Failed to type text into", at: site) else { return }
        let focused = tree.elements.indices.filter { tree.elements[$0].isFocused }
        guard focused.contains(where: { $0 == index || tree.isDescendant($0, of: index) }), let view = session.app.focusedView else {
            report("Failed to type text into \(elementDescription): Neither element nor any descendant has keyboard focus."
                   + (focused.isEmpty ? " Nothing has focus: tap a text field first."
                      : " Focus is on \(focused.map { XCUIElement.describe(tree.elements[$0]) }.joined(separator: ", ")).") , at: site)
            return
        }
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            if let refusal = session.app.typeText(pending, into: view) {
                report("Failed to type text into \(elementDescription): \(refusal)", at: site)
            }
            pending = ""
        }
        for character in text {
            if character == "\u{8}" || character == "\u{7F}" {
                flush()
                session.app.keyPress(.delete)
            } else if character == "\u{1B}" {
                flush()
                session.app.keyPress(.escape)
            } else if character == "\u{3}" {
                pending.append("\n")
            } else {
                pending.append(character)
            }
        }
        flush()
        finish(session, "Failed to type text into", at: site)
    }

    /// Moves a slider to `normalizedSliderPosition` (0 at its minimum, 1 at its maximum),
    /// sending `valueChanged` when the value changes.
    public func adjust(toNormalizedSliderPosition normalizedSliderPosition: CGFloat,
                       fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let (session, tree, index) = resolveOne("Failed to adjust", at: site) else { return }
        guard let slider = session.app.view(forElement: tree.elements[index].id) as? Slider else {
            report("Failed to adjust \(elementDescription): it is a \(ElementType(tree.elements[index].type)), not a slider", at: site)
            return
        }
        guard slider.isEnabled else { return }
        let position = Float(min(1, max(0, normalizedSliderPosition)))
        let value = slider.minimumValue + position * (slider.maximumValue - slider.minimumValue)
        if slider.value != value {
            slider.value = value
            slider.sendActions(for: .valueChanged)
        }
        finish(session, "Failed to adjust", at: site)
    }

    /// A slider's position between its minimum (0) and maximum (1).
    public var normalizedSliderPosition: CGFloat {
        guard let (session, tree, index) = resolveOne("Failed to get the slider position of", at: site),
              let slider = session.app.view(forElement: tree.elements[index].id) as? Slider else { return 0 }
        let span = slider.maximumValue - slider.minimumValue
        return span > 0 ? CGFloat((slider.value - slider.minimumValue) / span) : 0
    }

    /// A point in the element: `(0, 0)` its top left corner, `(1, 1)` its bottom right.
    public func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate {
        XCUICoordinate(element: self, normalizedOffset: normalizedOffset, offset: CGVector(dx: 0, dy: 0))
    }

    // MARK: Waiting

    /// Waits for the element to exist, for up to `timeout` seconds of the app's virtual
    /// clock: the app runs to each of its timers in turn (a `DispatchQueue.main.asyncAfter`,
    /// a `Timer`, an animation's end) and the element is looked for after each, so the
    /// wait takes no real time. At the timeout the clock has moved on by `timeout`.
    /// - Returns: Whether the element exists.
    public func waitForExistence(timeout: TimeInterval) -> Bool {
        if exists { return true }
        guard let session = application.session, session.isRunning, session.isOnThread else { return false }
        let deadline = session.app.now.nanoseconds + Self.nanoseconds(timeout)
        while session.step(until: deadline) {
            if exists { return true }
        }
        return exists
    }

    /// Waits, as ``waitForExistence(timeout:)`` does, for the element to be gone.
    /// - Returns: Whether the element no longer exists.
    public func waitForNonExistence(timeout: TimeInterval) -> Bool {
        if !exists { return true }
        guard let session = application.session, session.isRunning, session.isOnThread else { return !exists }
        let deadline = session.app.now.nanoseconds + Self.nanoseconds(timeout)
        while session.step(until: deadline) {
            if !exists { return true }
        }
        return !exists
    }

    // MARK: Helpers

    /// Seconds as loop nanoseconds (negative as zero).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, 1e9) * 1e9)
    }

    /// Seconds as a duration.
    static func duration(_ seconds: TimeInterval) -> Duration {
        .nanoseconds(Int64(clamping: nanoseconds(seconds)))
    }

    /// The element, found and brought into view (scrolled there if it is out of sight in
    /// a scroll view), or nil after a reported failure.
    func hittableElement(_ what: String, at site: CallSite) -> (XCUIAppSession, Element)? {
        guard let (session, tree, index) = resolveOne(what, at: site) else { return nil }
        var element = tree.elements[index]
        if !element.isVisible, let scrolled = scrollIntoView(element, tree: tree, index: index, session: session) {
            element = scrolled
        }
        guard element.isVisible else {
            report("\(what) \(elementDescription): it is not hittable: it is out of sight and no scroll view brings it into view", at: site)
            return nil
        }
        return (session, element)
    }

    /// Scrolls the scroll views around an element so that it shows; returns it as it is
    /// then (nil when it is no longer in the tree).
    private func scrollIntoView(_ element: Element, tree: ElementTree, index: Int, session: XCUIAppSession) -> Element? {
        var ancestors: [Int] = []
        var parent = tree.elements[index].parent
        while let position = parent {
            if [.table, .collectionView, .scrollView, .textView].contains(tree.elements[position].type) { ancestors.append(position) }
            parent = tree.elements[position].parent
        }
        guard !ancestors.isEmpty else { return nil }
        for position in ancestors {
            let current = session.app.elementTree()
            guard let shown = current[element.id], let scroller = current[tree.elements[position].id],
                  let scrollView = session.app.view(forElement: scroller.id) as? ScrollView else { continue }
            let bounds = scrollView.bounds
            let rect = shown.frame.offsetBy(dx: bounds.minX - scroller.frame.minX, dy: bounds.minY - scroller.frame.minY)
            scrollView.scrollRectToVisible(rect, animated: false)
            session.quiesce()
        }
        return session.app.elementTree()[element.id]
    }

    /// Taps a found element: a part through its verb, anything else at its centre.
    private func tap(_ element: Element, in session: XCUIAppSession) {
        do {
            if element.id.part != 0 || element.type == .backButton || element.type == .tab {
                try session.app.tapElement(.id(element.id))
            } else {
                try session.app.tapElement(.point(element.center, window: element.window))
            }
        } catch {
            // A disabled element, or one that takes no tap (a title), takes the touch and
            // nothing happens, as on a device.
            if error.kind == .notFound, let window = session.app.windows.first(where: { $0.traceLabel == element.window }) {
                session.app.tap(at: element.center, in: window)
            }
        }
    }

    /// Puts two fingers down across the element's centre, holds them, and lifts them.
    private func twoFingers(_ element: Element, in session: XCUIAppSession, hold: Duration, at site: CallSite) {
        guard let window = session.app.windows.first(where: { $0.traceLabel == element.window }) else { return }
        let center = element.center
        let left = Point(x: center.x - 10, y: center.y), right = Point(x: center.x + 10, y: center.y)
        let app = session.app
        let fingers = [0, 1].map { 100 + $0 }
        _ = app.touch(.down, at: left, finger: fingers[0], in: window)
        _ = app.touch(.down, at: right, finger: fingers[1], in: window)
        if let problem = session.run(for: hold) { report("Failed to two-finger tap \(elementDescription): \(problem)", at: site) }
        _ = app.touch(.up, at: left, finger: fingers[0], in: window)
        _ = app.touch(.up, at: right, finger: fingers[1], in: window)
    }

    /// Presses at `start` (screen coordinates) for `hold` seconds, moves to `end` a frame at
    /// a time in 0.3 s, and lifts.
    func drag(in session: XCUIAppSession, from start: Point, to end: Point, hold: TimeInterval, at site: CallSite) {
        let app = session.app
        guard let window = app.keyWindow ?? app.windows.last(where: { !$0.isHidden }) else {
            report("Failed to press and drag \(elementDescription): the app shows no window", at: site)
            return
        }
        let origin = window.frame.origin
        let from = Point(x: start.x - origin.x, y: start.y - origin.y), to = Point(x: end.x - origin.x, y: end.y - origin.y)
        let finger = 100
        _ = app.touch(.down, at: from, finger: finger, in: window)
        _ = session.run(for: Self.duration(hold))
        let moves = 18
        for step in 1...moves {
            let fraction = CGFloat(step) / CGFloat(moves)
            let point = Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
            _ = app.touch(.move, at: point, finger: finger, in: window)
            try? app.loop.advance(by: .nanoseconds(16_666_667))
        }
        _ = app.touch(.up, at: to, finger: finger, in: window)
    }

    /// Plays a scheduled gesture to its end.
    private func gesture(_ what: String, _ session: XCUIAppSession, at site: CallSite, _ schedule: () throws -> Duration) {
        do {
            let length = try schedule()
            if let problem = session.run(for: length) { report("\(what) \(elementDescription): \(problem)", at: site) }
        } catch let refusal as InputRefusal {
            report("\(what) \(elementDescription): \(refusal.message)", at: site)
        } catch {
            report("\(what) \(elementDescription): \(error)", at: site)
        }
    }

    /// Runs the app until it is idle after an action.
    private func finish(_ session: XCUIAppSession, _ what: String, at site: CallSite) {
        if let problem = session.quiesce() { report("\(what) \(elementDescription): \(problem)", at: site) }
    }

    /// The part of the element inside its window, in screen coordinates.
    private func visibleFrame(of element: Element, in session: XCUIAppSession) -> Rect {
        guard let window = session.app.windows.first(where: { $0.traceLabel == element.window }) else { return element.screenFrame }
        let visible = element.screenFrame.intersection(window.frame)
        return visible.isNull || visible.isEmpty ? element.screenFrame : visible
    }

    private enum Direction { case up, down, left, right }

    private func swipe(_ direction: Direction, velocity: XCUIGestureVelocity, site: CallSite) {
        let what = "Failed to swipe \(direction) on"
        guard let (session, element) = hittableElement(what, at: site) else { return }
        let frame = visibleFrame(of: element, in: session).insetBy(dx: 1, dy: 1)
        let center = frame.center
        let start: Point, end: Point
        switch direction {
        case .up: (start, end) = (Point(x: center.x, y: frame.minY + frame.height * 0.8), Point(x: center.x, y: frame.minY + frame.height * 0.2))
        case .down: (start, end) = (Point(x: center.x, y: frame.minY + frame.height * 0.2), Point(x: center.x, y: frame.minY + frame.height * 0.8))
        case .left: (start, end) = (Point(x: frame.minX + frame.width * 0.8, y: center.y), Point(x: frame.minX + frame.width * 0.2, y: center.y))
        case .right: (start, end) = (Point(x: frame.minX + frame.width * 0.2, y: center.y), Point(x: frame.minX + frame.width * 0.8, y: center.y))
        }
        let distance = Double(hypot(end.x - start.x, end.y - start.y))
        let seconds = min(1, max(0.05, distance / Double(max(1, velocity.rawValue))))
        gesture(what, session, at: site) { try session.app.swipe(from: start, to: end, duration: Self.duration(seconds)) }
        finish(session, what, at: site)
    }
}

extension Rect {
    /// The centre.
    var center: Point { Point(x: midX, y: midY) }
}
