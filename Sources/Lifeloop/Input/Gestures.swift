// Taps, presses, swipes, drags and pinches at points, as a finger makes them: each goes
// through hit testing, touches and gesture recognizers, and takes loop time. The inputs
// are scheduled on the loop (ScheduledGestures.swift); run the loop for the returned
// duration (`advance(by:)`) or until it is idle (`settle()`) to play them.

extension Application {
    /// A quick tap's time on the glass: 0.1 s, each tap of ``doubleTap(at:in:)``'s (and a
    /// duration for ``tap(at:duration:in:)``).
    public static let tapDuration = Duration.milliseconds(100)

    /// Taps at `point` as a finger does: down, then up `duration` later on the loop's clock.
    ///
    /// Unlike ``tap(at:in:)``, which puts the finger down and lifts it at the same instant,
    /// this tap takes time, so a scroll view's content sees it as on a device (its
    /// `touchesBegan` waits for the lift, as a scroll view's does when a tap is shorter
    /// than 0.15 s) and a long `duration` is a press.
    /// - Parameters:
    ///   - point: Where, in `window`'s coordinates; without a window, in the key window's
    ///     screen's, on the topmost visible window there.
    ///   - duration: How long the finger stays down; ``tapDuration`` is a quick tap.
    ///   - window: The window, or nil for the one at the point.
    /// - Returns: The loop time from now to the lift.
    /// - Throws: ``InputRefusal`` when the point is outside the window (or every window),
    ///   or the call is not on the loop's thread.
    @discardableResult
    public func tap(at point: Point, duration: Duration, in window: Window? = nil) throws(InputRefusal) -> Duration {
        let (target, points) = try windowForGesture("tap", at: [point], in: window)
        let hold = Self.gestureNanoseconds(duration)
        return scheduleGesture("tap", detail: "\(Self.describe(point)) \(Self.describe(hold))", [
            FingerStep(offset: 0, input: .down, finger: 0, point: points[0]),
            FingerStep(offset: hold, input: .up, finger: 0, point: points[0]),
        ], in: target)
    }

    /// Taps twice at `point`: two taps of ``tapDuration``, 0.1 s apart, so the second
    /// touch has a `tapCount` of 2 and a `TapGestureRecognizer` with
    /// `numberOfTapsRequired` 2 recognizes (a single-tap recognizer that requires its
    /// failure then fails).
    /// - Parameters:
    ///   - point: Where, as ``tap(at:duration:in:)`` takes it.
    ///   - window: The window, or nil for the one at the point.
    /// - Returns: The loop time from now to the second lift.
    /// - Throws: ``InputRefusal`` as ``tap(at:duration:in:)``.
    @discardableResult
    public func doubleTap(at point: Point, in window: Window? = nil) throws(InputRefusal) -> Duration {
        let (target, points) = try windowForGesture("doubleTap", at: [point], in: window)
        let tap = Self.gestureNanoseconds(Self.tapDuration)
        return scheduleGesture("doubleTap", detail: Self.describe(point), [
            FingerStep(offset: 0, input: .down, finger: 0, point: points[0]),
            FingerStep(offset: tap, input: .up, finger: 0, point: points[0]),
            FingerStep(offset: 2 * tap, input: .down, finger: 0, point: points[0]),
            FingerStep(offset: 3 * tap, input: .up, finger: 0, point: points[0]),
        ], in: target)
    }

    /// Presses at `point` and holds still for `duration`, then lifts: a
    /// `LongPressGestureRecognizer` begins once its `minimumPressDuration` has passed on
    /// the loop's clock and ends at the lift. A button pressed this long still sends
    /// `touchUpInside` at the lift, as UIKit's does when the finger stays on it.
    /// - Parameters:
    ///   - point: Where, as ``tap(at:duration:in:)`` takes it.
    ///   - duration: How long the finger stays down; 1 s by default (UIKit's long press
    ///     needs 0.5 s).
    ///   - window: The window, or nil for the one at the point.
    /// - Returns: The loop time from now to the lift.
    /// - Throws: ``InputRefusal`` as ``tap(at:duration:in:)``.
    @discardableResult
    public func longPress(at point: Point, duration: Duration = .seconds(1), in window: Window? = nil) throws(InputRefusal) -> Duration {
        let (target, points) = try windowForGesture("longPress", at: [point], in: window)
        let hold = Self.gestureNanoseconds(duration)
        return scheduleGesture("longPress", detail: "\(Self.describe(point)) \(Self.describe(hold))", [
            FingerStep(offset: 0, input: .down, finger: 0, point: points[0]),
            FingerStep(offset: hold, input: .up, finger: 0, point: points[0]),
        ], in: target)
    }

    /// Swipes from `start` to `end` in `duration` and lifts while still moving: a fling.
    /// The finger moves once per frame of the window's screen; a scroll view under it
    /// scrolls with it and, released at the swipe's speed, decelerates on the frame clock
    /// (`scrollViewDidEndDecelerating` when it stops); a `SwipeGestureRecognizer`
    /// recognizes it when it is fast and long enough.
    /// - Parameters:
    ///   - start: Where the finger goes down, as ``tap(at:duration:in:)`` takes it.
    ///   - end: Where it lifts, in the same coordinates.
    ///   - duration: How long the stroke takes; 0.2 s by default.
    ///   - window: The window, or nil for the one at `start`.
    /// - Returns: The loop time from now to the lift (a deceleration runs on after it).
    /// - Throws: ``InputRefusal`` when either point is outside the window, as
    ///   ``tap(at:duration:in:)``.
    @discardableResult
    public func swipe(from start: Point, to end: Point, duration: Duration = .milliseconds(200),
                      in window: Window? = nil) throws(InputRefusal) -> Duration {
        let (target, points) = try windowForGesture("swipe", at: [start, end], in: window)
        let steps = Self.strokeSteps(along: points, duration: Self.gestureNanoseconds(duration), frame: Self.frameInterval(of: target),
                                     restsAtEnd: false)
        return scheduleGesture("swipe", detail: "\(Self.describe(start)) → \(Self.describe(end)) \(Self.describe(Self.gestureNanoseconds(duration)))",
                               steps, in: target)
    }

    /// Drags along `path` in `duration`, then holds still for one frame and lifts: the
    /// finger stops before it lifts, so a scroll view under it stays where the finger left
    /// it (no deceleration), as XCUITest's press-and-drag does. The finger moves once per
    /// frame of the window's screen, at an even speed along the path.
    /// - Parameters:
    ///   - path: Two or more points, as ``tap(at:duration:in:)`` takes them.
    ///   - duration: How long the finger takes from the first point to the last; 0.5 s by
    ///     default.
    ///   - window: The window, or nil for the one at the first point.
    /// - Returns: The loop time from now to the lift.
    /// - Throws: ``InputRefusal`` when the path has fewer than two points or leaves the
    ///   window, as ``tap(at:duration:in:)``.
    @discardableResult
    public func drag(along path: [Point], duration: Duration = .milliseconds(500),
                     in window: Window? = nil) throws(InputRefusal) -> Duration {
        guard path.count >= 2 else { throw InputRefusal("drag: a path needs two or more points, not \(path.count)") }
        let (target, points) = try windowForGesture("drag", at: path, in: window)
        let steps = Self.strokeSteps(along: points, duration: Self.gestureNanoseconds(duration), frame: Self.frameInterval(of: target),
                                     restsAtEnd: true)
        let through = path.map(Self.describe).joined(separator: " → ")
        return scheduleGesture("drag", detail: "\(through) \(Self.describe(Self.gestureNanoseconds(duration)))", steps, in: target)
    }

    /// Drags from `start` to `end`: ``drag(along:duration:in:)`` along the straight line.
    @discardableResult
    public func drag(from start: Point, to end: Point, duration: Duration = .milliseconds(500),
                     in window: Window? = nil) throws(InputRefusal) -> Duration {
        try drag(along: [start, end], duration: duration, in: window)
    }

    /// Pinches with two fingers either side of `center` on a horizontal line, from
    /// `startDistance` points apart to `endDistance` apart in `duration`, moving once per
    /// frame: a `PinchGestureRecognizer` reports a `scale` of `endDistance / startDistance`
    /// at the end (spreading the fingers zooms in).
    /// - Parameters:
    ///   - center: The point between the fingers, as ``tap(at:duration:in:)`` takes it.
    ///   - startDistance: The fingers' distance when they go down, above 0.
    ///   - endDistance: Their distance when they lift, above 0.
    ///   - duration: How long the fingers move; 0.5 s by default.
    ///   - window: The window, or nil for the one at the center.
    /// - Returns: The loop time from now to the lift.
    /// - Throws: ``InputRefusal`` when a distance is not above 0 or a finger would be
    ///   outside the window, as ``tap(at:duration:in:)``.
    @discardableResult
    public func pinch(at center: Point, from startDistance: CGFloat, to endDistance: CGFloat,
                      duration: Duration = .milliseconds(500), in window: Window? = nil) throws(InputRefusal) -> Duration {
        guard startDistance > 0, endDistance > 0, startDistance.isFinite, endDistance.isFinite else {
            throw InputRefusal("pinch: the fingers' distances must be above 0, not \(TouchDispatch.number(startDistance)) and \(TouchDispatch.number(endDistance))")
        }
        func fingers(_ distance: CGFloat) -> [Point] {
            [Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y)]
        }
        let (target, local) = try windowForGesture("pinch", at: [center] + fingers(startDistance) + fingers(endDistance), in: window)
        let localCenter = local[0]
        let length = Self.gestureNanoseconds(duration)
        let frame = Self.frameInterval(of: target)
        let moves = max(1, Int((Double(length) / Double(frame)).rounded()))
        func step(_ offset: UInt64, _ input: TouchInput, _ distance: CGFloat) -> [FingerStep] {
            [FingerStep(offset: offset, input: input, finger: 0, point: Point(x: localCenter.x - distance / 2, y: localCenter.y)),
             FingerStep(offset: offset, input: input, finger: 1, point: Point(x: localCenter.x + distance / 2, y: localCenter.y))]
        }
        var steps = step(0, .down, startDistance)
        for index in 1...moves {
            let fraction = CGFloat(index) / CGFloat(moves)
            steps += step(length * UInt64(index) / UInt64(moves), .move, startDistance + (endDistance - startDistance) * fraction)
        }
        steps += step(length, .up, endDistance)
        return scheduleGesture("pinch", detail: "\(Self.describe(center)) \(TouchDispatch.number(startDistance)) → \(TouchDispatch.number(endDistance)) \(Self.describe(length))",
                               steps, in: target)
    }

    /// A finger down at the first point, a move per frame along the path at an even speed
    /// (the last one at the end point, `duration` after the start), and the lift: at once
    /// (a fling), or after one more frame held still there.
    static func strokeSteps(along points: [Point], duration: UInt64, frame: UInt64, restsAtEnd: Bool) -> [FingerStep] {
        var lengths: [CGFloat] = [0]
        for index in points.indices.dropFirst() {
            lengths.append(lengths[index - 1] + touchDistance(points[index - 1], points[index]))
        }
        let total = lengths.last ?? 0
        func point(at fraction: CGFloat) -> Point {
            guard total > 0 else { return points.last ?? .zero }
            let along = fraction * total
            var segment = 1
            while segment < points.count - 1 && lengths[segment] < along { segment += 1 }
            let span = lengths[segment] - lengths[segment - 1]
            let t = span > 0 ? (along - lengths[segment - 1]) / span : 1
            let a = points[segment - 1], b = points[segment]
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        let moves = max(1, Int((Double(duration) / Double(frame)).rounded()))
        var steps = [FingerStep(offset: 0, input: .down, finger: 0, point: points[0])]
        for index in 1...moves {
            let fraction = CGFloat(index) / CGFloat(moves)
            steps.append(FingerStep(offset: duration * UInt64(index) / UInt64(moves), input: .move, finger: 0,
                                    point: index == moves ? points[points.count - 1] : point(at: fraction)))
        }
        let end = points[points.count - 1]
        if restsAtEnd {
            steps.append(FingerStep(offset: duration + frame, input: .move, finger: 0, point: end))
            steps.append(FingerStep(offset: duration + frame, input: .up, finger: 0, point: end))
        } else {
            steps.append(FingerStep(offset: duration, input: .up, finger: 0, point: end))
        }
        return steps
    }
}
