// Gestures at points, played on the loop's clock: each finger input of a tap, a swipe or a
// pinch is a timer at its offset from the gesture's start, so the phases are spaced in
// loop time as a finger spaces them (a tap's lift 0.1 s after its touch-down, a swipe's
// moves one frame apart). Under the virtual clock the same gesture gives the same trace
// on every run; nothing happens until the loop runs (`advance(by:)`, `settle()`).
//
// Gestures in one window do not overlap: one asked for while an earlier one is still
// playing starts when that one ends, as a person's finger would.

/// Why raw input at a point was refused: UIKit has no way to touch there.
public struct InputRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, naming the point and the window: `swipe: the point (500, 100) is
    /// outside every window (the key window 'Window#1' is 414×736 at (0, 0))`.
    public let message: String

    /// A refusal with `message`.
    public init(_ message: String) { self.message = message }

    /// The reason.
    public var description: String { message }
}

/// One finger input of a scheduled gesture.
struct FingerStep {
    /// Nanoseconds from the gesture's start.
    let offset: UInt64
    let input: TouchInput
    /// The gesture's finger: 0 or 1 (a pinch's second finger).
    let finger: Int
    /// Where, in the window's coordinates.
    let point: Point
}

extension Application {
    /// The window a gesture at `points` plays in, and the points in its coordinates.
    ///
    /// With a window, the points are in its coordinates and must lie in its bounds. Without
    /// one, they are in the coordinates of the key window's screen, and the gesture goes to
    /// the topmost visible window there (highest `windowLevel`, then the one made last)
    /// that holds its first point, as UIKit sends a touch to the window it lands on.
    func windowForGesture(_ verb: String, at points: [Point], in window: Window?) throws(InputRefusal) -> (Window, [Point]) {
        guard checkLoopThread(label: verb, operation: "gestures") else {
            throw InputRefusal("\(verb): input must come from the app's loop thread")
        }
        for point in points where !point.x.isFinite || !point.y.isFinite {
            throw InputRefusal("\(verb): the point \(Self.describe(point)) is not finite")
        }
        if let window {
            guard !window.isHidden else { throw InputRefusal("\(verb): window '\(window.traceLabel)' is hidden and takes no touches") }
            let bounds = window.bounds
            if let outside = points.first(where: { !Self.holds(bounds, $0) }) {
                throw InputRefusal("\(verb): the point \(Self.describe(outside)) is outside window '\(window.traceLabel)' (\(Self.describe(bounds)))")
            }
            return (window, points)
        }
        guard let key = keyWindow ?? windows.last(where: { !$0.isHidden }) else {
            throw InputRefusal("\(verb): the app has no visible window to touch")
        }
        let candidates = windows.enumerated()
            .filter { !$0.element.isHidden && $0.element.screen == key.screen }
            .sorted { ($0.element.storedWindowLevel, $0.offset) > ($1.element.storedWindowLevel, $1.offset) }
            .map(\.element)
        guard let first = points.first,
              let target = candidates.first(where: { Self.holds($0.frame, first) }) else {
            let point = points.first.map(Self.describe) ?? "(none)"
            let shown = candidates.map { "'\($0.traceLabel)' is \(Self.describe($0.frame))" }.joined(separator: ", ")
            throw InputRefusal("\(verb): the point \(point) is outside every window (\(shown.isEmpty ? "none is visible" : shown))")
        }
        let origin = target.frame.origin
        let local = points.map { Point(x: $0.x - origin.x, y: $0.y - origin.y) }
        if let index = local.firstIndex(where: { !Self.holds(target.bounds, $0) }) {
            throw InputRefusal("\(verb): the point \(Self.describe(points[index])) is outside window '\(target.traceLabel)' (\(Self.describe(target.frame))), where the gesture begins")
        }
        return (target, local)
    }

    /// Schedules `steps` in `window`, from the end of the gesture already playing there
    /// (or now), and records `verb` with `detail` on the window when the gesture starts.
    /// - Returns: The time from now to the gesture's last input.
    func scheduleGesture(_ verb: String, detail: String, _ steps: [FingerStep], in window: Window) -> Duration {
        let dispatch = window.touches
        let now = loop.now.nanoseconds
        let start = max(now, dispatch.scheduledInputEnd)
        let length = steps.map(\.offset).max() ?? 0
        dispatch.scheduledInputEnd = start + length
        // Fingers free now: a finger held down by `touch(_:at:finger:in:)` keeps its number.
        let busy = Set(dispatch.downRecords.map(\.touch.finger))
        let fingers = Array((0...).lazy.filter { !busy.contains($0) }.prefix(2))
        var groups: [(offset: UInt64, steps: [FingerStep])] = []
        for step in steps {
            if let last = groups.last, last.offset == step.offset {
                groups[groups.count - 1].steps.append(step)
            } else {
                groups.append((step.offset, [step]))
            }
        }
        for (index, group) in groups.enumerated() {
            let delay = Duration.nanoseconds(Int64(clamping: start - now + group.offset))
            loop.schedule(after: delay) { [weak self, weak window] in
                guard let self, let window else { return }
                if index == 0 { self.loop.record(label: window.traceLabel, event: verb, detail: detail, window: window.traceLabel) }
                let time = Double(self.loop.now.nanoseconds) / 1e9
                for step in group.steps {
                    let finger = fingers[min(step.finger, fingers.count - 1)]
                    if let problem = window.touches.handle(step.input, finger: finger, at: step.point, time: time) {
                        self.diagnose(.invalidArgument, label: window.traceLabel, message: "\(verb) \(step.input.rawValue): \(problem)")
                    }
                }
            }
        }
        return .nanoseconds(Int64(clamping: start - now + length))
    }

    /// One frame of `window`'s screen, in nanoseconds.
    static func frameInterval(of window: Window) -> UInt64 {
        1_000_000_000 / UInt64(max(1, window.screen.refreshRate))
    }

    /// A duration in nanoseconds (negative ones as zero).
    static func gestureNanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(0, duration.nanosecondsClamped))
    }

    /// Whether `rect` holds `point`, its far edges included (a finger can touch the last
    /// row of points).
    static func holds(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
    }

    static func describe(_ point: Point) -> String {
        "(\(TouchDispatch.number(point.x)), \(TouchDispatch.number(point.y)))"
    }

    static func describe(_ rect: Rect) -> String {
        "\(TouchDispatch.number(rect.width))×\(TouchDispatch.number(rect.height)) at \(describe(rect.origin))"
    }

    static func describe(_ duration: UInt64) -> String {
        "\(TouchDispatch.number(CGFloat(Double(duration) / 1e9)))s"
    }
}
