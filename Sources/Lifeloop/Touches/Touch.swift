// Touches and the events that carry them: UIKit's `UITouch` and `UIEvent`.
//
// A touch is made by ``Application/touch(_:at:finger:in:)`` (or a scenario step, or the
// daemon) and lives from its `down` to its `up` or cancel. Its times are the loop's
// clock, in seconds, so a run on the virtual clock gives the same touches every time.

/// One finger on the screen: UIKit's `UITouch`.
public final class Touch: Hashable {
    /// Where a touch is in its life: UIKit's `UITouch.Phase`.
    public enum Phase: Int, Hashable, Sendable {
        /// The finger went down, moved, stayed still (while another changed), lifted, or was cancelled.
        case began, moved, stationary, ended, cancelled

        /// The phase's name in the trace.
        var traceName: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase = .began
    /// How many times the finger tapped at about this place in quick succession (1 for a
    /// first tap).
    public internal(set) var tapCount = 1
    /// When the touch last changed, in seconds of the app's loop clock.
    public internal(set) var timestamp: Double = 0
    /// The view the touch was hit-tested to when it began (nil if it hit nothing).
    public internal(set) var view: View?
    /// The window the touch is in (not retained: the window keeps its touches).
    public internal(set) weak var window: Window?
    /// The recognizers that receive this touch, from the hit view outwards.
    public internal(set) var gestureRecognizers: [GestureRecognizer]?
    /// The finger's number, as the input named it.
    public let finger: Int
    /// The radius of the contact (data: Lifeloop's fingers are 20 points wide).
    public var majorRadius: CGFloat { 10 }

    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// The table row or collection item the touch went down on and highlights (see
    /// ListTouchTracking.swift).
    var listTracking: ListTouchTracking?

    init(finger: Int, at point: Point, window: Window, timestamp: Double) {
        self.finger = finger
        self.locationInWindow = point
        self.previousLocationInWindow = point
        self.window = window
        self.timestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.pointFromWindow(locationInWindow)
    }

    /// The touch's previous location in `view`'s coordinates (the window's when nil).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.pointFromWindow(previousLocationInWindow)
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An input event and the touches it carries: UIKit's `UIEvent`.
///
/// Each change of the fingers (one goes down, moves, lifts) is one event; ``allTouches``
/// holds every finger that is down, those that did not change in the `stationary` phase.
public final class Event {
    /// The kind of event: UIKit's `UIEvent.EventType`.
    public enum EventType: Int, Hashable, Sendable {
        /// Touches, motion, remote control, presses, scroll, hover, or transform events.
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// The kind of event (Lifeloop makes only touch events).
    public let type: EventType
    /// When the event happened, in seconds of the app's loop clock.
    public internal(set) var timestamp: Double
    /// The touches down or changing, in the order their fingers went down.
    var orderedTouches: [Touch]

    /// An event carrying no touches (what target-action sends when it has no event).
    public init() {
        type = .touches
        timestamp = 0
        orderedTouches = []
    }

    init(timestamp: Double, touches: [Touch]) {
        type = .touches
        self.timestamp = timestamp
        orderedTouches = touches
    }

    /// Every touch of the event (nil if it has none, as UIKit's).
    public var allTouches: Set<Touch>? { orderedTouches.isEmpty ? nil : Set(orderedTouches) }

    /// The touches that were hit-tested to `view`.
    public func touches(for view: View) -> Set<Touch>? {
        let matching = orderedTouches.filter { $0.view === view }
        return matching.isEmpty ? nil : Set(matching)
    }

    /// The touches in `window`.
    public func touches(for window: Window) -> Set<Touch>? {
        let matching = orderedTouches.filter { $0.window === window }
        return matching.isEmpty ? nil : Set(matching)
    }

    /// The touches that `gesture` receives.
    public func touches(for gesture: GestureRecognizer) -> Set<Touch>? {
        let matching = orderedTouches.filter { touch in touch.gestureRecognizers?.contains { $0 === gesture } ?? false }
        return matching.isEmpty ? nil : Set(matching)
    }
}

/// What a finger does, for ``Application/touch(_:at:finger:in:)``.
public enum TouchInput: String, Hashable, Sendable, CaseIterable {
    /// The finger goes down.
    case down
    /// The finger moves (it must be down).
    case move
    /// The finger lifts (it must be down).
    case up
    /// The system takes the touch away (a call comes in): the finger's touch is cancelled.
    case cancel
}

extension View {
    /// `point`, in the coordinates of the window (or the root of the tree), in this view's
    /// coordinates, through each view's frame, bounds origin and transform.
    func pointFromWindow(_ point: Point) -> Point {
        var chain: [View] = []
        var current: View? = self
        while let view = current, !(view is Window) {
            chain.append(view)
            current = view.storedSuperview
        }
        var result = point
        for view in chain.reversed() { result = view.pointFromSuperview(result) }
        return result
    }

    /// `point`, in the superview's coordinates, in this view's: the inverse of the frame
    /// placement, honouring the transform about the center and the bounds origin.
    func pointFromSuperview(_ point: Point) -> Point {
        let bounds = self.bounds
        let transform = self.transform
        if transform.isIdentity {
            return Point(x: point.x - frame.minX + bounds.minX, y: point.y - frame.minY + bounds.minY)
        }
        // The frame of a transformed view is its transformed bounds around `center`.
        let center = self.center
        let relative = Point(x: point.x - center.x, y: point.y - center.y).applying(transform.inverted())
        return Point(x: relative.x + bounds.midX, y: relative.y + bounds.midY)
    }

    /// `point`, in this view's coordinates, in the window's.
    func pointInWindowHonouringTransforms(_ point: Point) -> Point {
        var result = point
        var current: View? = self
        while let view = current, !(view is Window) {
            let bounds = view.bounds
            let transform = view.transform
            if transform.isIdentity {
                result = Point(x: result.x + view.frame.minX - bounds.minX, y: result.y + view.frame.minY - bounds.minY)
            } else {
                let center = view.center
                let relative = Point(x: result.x - bounds.midX, y: result.y - bounds.midY).applying(transform)
                result = Point(x: relative.x + center.x, y: relative.y + center.y)
            }
            current = view.storedSuperview
        }
        return result
    }
}
