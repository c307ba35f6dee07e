// UIKit's concrete recognizers. Distances are in points, times on the loop's clock, so a
// scripted gesture is recognized the same way on every run.

/// Recognizes taps: UIKit's `UITapGestureRecognizer` (discrete). Fails if a finger moves
/// more than 10 points, if more fingers come down than required, or if the next tap does
/// not come within 0.35 s.
open class TapGestureRecognizer: GestureRecognizer {
    /// The taps needed; 1 by default.
    open var numberOfTapsRequired = 1
    /// The fingers each tap needs; 1 by default.
    open var numberOfTouchesRequired = 1

    private var taps = 0
    private var fingersThisTap = 0
    private var start: Point = .zero
    private var timer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        cancelTimer()
        if numberOfTouches == 1 { fingersThisTap = 0; start = location(in: nil) }
        fingersThisTap += touches.count
        if fingersThisTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where touchDistance(touch.location(in: nil), start) > 10 + CGFloat(numberOfTouchesRequired - 1) * 60 {
            state = .failed
            return
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == touches.count else { return }  // the last finger of this tap
        guard fingersThisTap == numberOfTouchesRequired else { state = .failed; return }
        taps += 1
        if taps >= numberOfTapsRequired {
            state = .ended
        } else if let app {
            timer = app.loop.schedule(after: .milliseconds(350)) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.timer = nil
                self.state = .failed
            }
        }
    }

    open override func reset() {
        cancelTimer()
        taps = 0
        fingersThisTap = 0
    }

    private func cancelTimer() {
        if let timer { app?.loop.cancel(timer) }
        timer = nil
    }
}

/// Recognizes a press held still: UIKit's `UILongPressGestureRecognizer` (continuous).
/// Begins when the fingers have been down `minimumPressDuration` (a timer on the loop's
/// clock) without moving more than `allowableMovement`; changes as they move; ends when
/// they lift.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must stay down; 0.5 s by default.
    open var minimumPressDuration: Double = 0.5
    /// The fingers needed; 1 by default.
    open var numberOfTouchesRequired = 1
    /// Taps before the press (data; Lifeloop counts only the press); 0 by default.
    open var numberOfTapsRequired = 0
    /// How far the fingers may move before the press begins; 10 points by default.
    open var allowableMovement: CGFloat = 10

    private var start: Point = .zero
    private var timer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired, let app else { return }
        start = location(in: nil)
        if let timer { app.loop.cancel(timer) }
        let delay = Duration.nanoseconds(Int64(max(0, min(minimumPressDuration, 1e9)) * 1e9))
        timer = app.loop.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.timer = nil
            if self.state == .possible { self.state = .began }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible: if touchDistance(location(in: nil), start) > allowableMovement { state = .failed }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func reset() {
        if let timer { app?.loop.cancel(timer) }
        timer = nil
    }
}

/// Recognizes a drag: UIKit's `UIPanGestureRecognizer` (continuous). Begins once the
/// fingers' centroid has moved 10 points, changes as it moves, ends when fewer than
/// `minimumNumberOfTouches` fingers are down.
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers; 1 by default.
    open var minimumNumberOfTouches = 1
    /// The most fingers; more fail the pan; unlimited by default.
    open var maximumNumberOfTouches = Int.max

    /// Where translation is measured from, in window coordinates.
    private var origin: Point = .zero
    private var lastSample: (point: Point, time: Double) = (.zero, 0)
    private var velocityInWindow: Point = .zero
    private var touchCount = 0

    /// How far the pan has gone, in `view`'s coordinate system (the window's when nil).
    open func translation(in view: View?) -> Point {
        let current = location(in: nil)
        return vector(from: origin, to: current, in: view)
    }

    /// Sets the translation: later translations are measured from here.
    open func setTranslation(_ translation: Point, in view: View?) {
        let current = location(in: nil)
        let inWindow = vector(from: .zero, to: translation, in: view, inverse: true)
        origin = Point(x: current.x - inWindow.x, y: current.y - inWindow.y)
    }

    /// The pan's speed, in points per second, in `view`'s coordinate system.
    open func velocity(in view: View?) -> Point {
        vector(from: .zero, to: velocityInWindow, in: view)
    }

    /// Whether the first touch may begin the pan (screen-edge pans check the edge).
    func shouldStart(at point: Point) -> Bool { true }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > maximumNumberOfTouches {
            state = state == .possible ? .failed : .cancelled
            return
        }
        if numberOfTouches == touches.count && state == .possible {
            let start = location(in: nil)
            if !shouldStart(at: start) { state = .failed; return }
            origin = start
            lastSample = (start, event.timestamp)
        } else {
            rebase(event.timestamp)
        }
        touchCount = numberOfTouches
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        let current = location(in: nil)
        let dt = event.timestamp - lastSample.time
        if dt > 0 {
            velocityInWindow = Point(x: (current.x - lastSample.point.x) / CGFloat(dt), y: (current.y - lastSample.point.y) / CGFloat(dt))
        }
        lastSample = (current, event.timestamp)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches, touchDistance(current, origin) >= 10 else { return }
            state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = numberOfTouches - touches.count
        if remaining < minimumNumberOfTouches || remaining == 0 {
            switch state {
            case .possible: state = .failed
            case .began, .changed: state = .ended
            default: break
            }
        } else {
            // A finger lifts and the centroid jumps: keep the translation continuous.
            let before = location(in: nil)
            let rest = trackedTouches.filter { touch in !touches.contains(touch) }
            let after = GestureRecognizer.centroid(rest)
            origin = Point(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
            lastSample = (after, event.timestamp)
        }
    }

    open override func reset() {
        velocityInWindow = .zero
        touchCount = 0
    }

    /// A finger joined: move the origin so the translation does not jump.
    private func rebase(_ time: Double) {
        let others = Array(trackedTouches.dropLast())
        guard !others.isEmpty else { return }
        let before = GestureRecognizer.centroid(others)
        let after = location(in: nil)
        origin = Point(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
        lastSample = (after, time)
    }

    /// A window-space vector in `view`'s coordinate system (its rotation and scale).
    private func vector(from start: Point, to end: Point, in view: View?, inverse: Bool = false) -> Point {
        guard let view else { return Point(x: end.x - start.x, y: end.y - start.y) }
        if inverse {
            let end = view.pointInWindowHonouringTransforms(end), zero = view.pointInWindowHonouringTransforms(start)
            return Point(x: end.x - zero.x, y: end.y - zero.y)
        }
        let a = view.pointFromWindow(start), b = view.pointFromWindow(end)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }
}

/// Recognizes a pan that starts at an edge of the screen: UIKit's
/// `UIScreenEdgePanGestureRecognizer`. The first finger must come down within 20 points of
/// one of `edges` of the window.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges the pan may start from.
    open var edges: RectEdge = []

    override func shouldStart(at point: Point) -> Bool {
        guard let window = storedView?.window else { return false }
        let bounds = window.bounds, margin: CGFloat = 20
        return (edges.contains(.left) && point.x - bounds.minX <= margin)
            || (edges.contains(.right) && bounds.maxX - point.x <= margin)
            || (edges.contains(.top) && point.y - bounds.minY <= margin)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= margin)
    }
}

/// The edges of a rectangle: UIKit's `UIRectEdge`.
public struct RectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// Recognizes a quick stroke in a direction: UIKit's `UISwipeGestureRecognizer`
/// (discrete). Recognized once the fingers have gone 50 points in one of `direction`
/// within 0.5 s, mostly along it; fails otherwise.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Swipe directions: UIKit's `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// To the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// To the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upwards.
        public static let up = Direction(rawValue: 1 << 2)
        /// Downwards.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions recognized; right by default.
    open var direction: Direction = .right
    /// The fingers needed; 1 by default.
    open var numberOfTouchesRequired = 1

    private var start: Point = .zero
    private var startTime: Double = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        start = location(in: nil)
        startTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        let current = location(in: nil)
        let dx = current.x - start.x, dy = current.y - start.y
        if event.timestamp - startTime > 0.5 { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired, max(abs(dx), abs(dy)) >= 50 else { return }
        let moved: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        let along = abs(dx) >= abs(dy) ? abs(dx) : abs(dy), across = abs(dx) >= abs(dy) ? abs(dy) : abs(dx)
        state = direction.contains(moved) && across <= along / 2 ? .ended : .failed
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }
}

/// Recognizes two fingers pinching: UIKit's `UIPinchGestureRecognizer` (continuous).
/// Begins once their distance has changed by 8 points; `scale` is the distance over the
/// starting one.
open class PinchGestureRecognizer: GestureRecognizer {
    /// The distance between the fingers over the starting one (settable, as UIKit's).
    open var scale: CGFloat = 1
    /// The scale's rate of change, per second.
    open private(set) var velocity: CGFloat = 0

    private var startSpan: CGFloat = 0
    private var lastSample: (scale: CGFloat, time: Double) = (1, 0)

    private var span: CGFloat {
        guard trackedTouches.count >= 2 else { return 0 }
        return touchDistance(trackedTouches[0].locationInWindow, trackedTouches[1].locationInWindow)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2 { state = state == .possible ? .failed : .cancelled; return }
        if numberOfTouches == 2 {
            startSpan = span / max(scale, 0.0001)
            lastSample = (scale, event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == 2, startSpan > 0 else { return }
        let current = span
        stepContinuous(begins: abs(current - startSpan * scale) >= 8) { update(current, event.timestamp) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endContinuous(lifting: touches.count)
    }

    open override func reset() {
        scale = 1
        velocity = 0
        startSpan = 0
    }

    private func update(_ current: CGFloat, _ time: Double) {
        scale = current / startSpan
        let dt = time - lastSample.time
        if dt > 0 { velocity = (scale - lastSample.scale) / CGFloat(dt) }
        lastSample = (scale, time)
    }
}

/// Recognizes two fingers turning: UIKit's `UIRotationGestureRecognizer` (continuous).
/// Begins once the line between them has turned 0.05 radians.
open class RotationGestureRecognizer: GestureRecognizer {
    /// The turn since the start, in radians, clockwise positive (settable, as UIKit's).
    open var rotation: CGFloat = 0
    /// The rotation's rate, in radians per second.
    open private(set) var velocity: CGFloat = 0

    private var startAngle: CGFloat = 0
    private var lastSample: (rotation: CGFloat, time: Double) = (0, 0)

    private var angle: CGFloat {
        guard trackedTouches.count >= 2 else { return 0 }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2 { state = state == .possible ? .failed : .cancelled; return }
        if numberOfTouches == 2 {
            startAngle = angle - rotation
            lastSample = (rotation, event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard numberOfTouches == 2 else { return }
        var turned = angle - startAngle
        while turned > .pi { turned -= 2 * .pi }
        while turned < -.pi { turned += 2 * .pi }
        stepContinuous(begins: abs(turned) >= 0.05) { update(turned, event.timestamp) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endContinuous(lifting: touches.count)
    }

    open override func reset() {
        rotation = 0
        velocity = 0
    }

    private func update(_ turned: CGFloat, _ time: Double) {
        rotation = turned
        let dt = time - lastSample.time
        if dt > 0 { velocity = (rotation - lastSample.rotation) / CGFloat(dt) }
        lastSample = (rotation, time)
    }
}

func touchDistance(_ a: Point, _ b: Point) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension GestureRecognizer {
    /// A continuous recognizer's step on a move: from `possible` it begins (after
    /// `update`) once `begins` holds; once begun, each move updates and changes it.
    func stepContinuous(begins: Bool, _ update: () -> Void) {
        switch state {
        case .possible:
            guard begins else { return }
            update()
            state = .began
        case .began, .changed:
            update()
            state = .changed
        default: break
        }
    }

    /// A continuous recognizer's lift of `count` fingers: one that never began fails when
    /// the last finger lifts; one that began ends.
    func endContinuous(lifting count: Int) {
        switch state {
        case .possible: if numberOfTouches - count == 0 { state = .failed }
        case .began, .changed: state = .ended
        default: break
        }
    }
}
