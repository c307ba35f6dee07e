import Foundation

/// An interruptible, scrubbable animation of view properties: UIKit's
/// `UIViewPropertyAnimator`.
///
/// Its `animations` blocks change views' `frame`, `bounds`, `center`, `alpha`,
/// `backgroundColor` and `transform` as `View.animate` blocks do: the model values
/// change when the animator starts (or is first paused or scrubbed), and the
/// presentation values follow `fractionComplete` on the frame clock. States as in
/// UIKit: `inactive` → `active` (running or paused) → `inactive` at the end, or
/// `stopped` after `stopAnimation(false)` until `finishAnimation(at:)`. A call made in a
/// state UIKit raises for is an `invalidArgument` diagnostic and changes nothing.
public final class PropertyAnimator {
    /// UIKit's `UIViewAnimatingState`.
    public enum State: Int, Sendable {
        /// Not started or finished; started (running or paused); or stopped, waiting for `finishAnimation(at:)`.
        case inactive, active, stopped
    }

    /// Where an animator ended: UIKit's `UIViewAnimatingPosition`.
    public enum Position: Int, Sendable {
        /// At the animations' end values, at their start values, or where they were when stopped.
        case end, start, current
    }

    /// A view's timing curve: UIKit's `UIView.AnimationCurve`.
    public enum Curve: Int, Sendable {
        /// Slow at both ends, slow at the start, slow at the end, or at an even pace.
        case easeInOut, easeIn, easeOut, linear
    }

    private struct Track {
        unowned(unsafe) let view: View
        let property: AnimatedProperty
        let from: AnimatedValue
        let to: AnimatedValue
        /// The fraction at which the track was added (blocks added mid-way run over the rest).
        let start: Double
    }

    /// The seconds the whole animation takes.
    public let duration: Double
    /// The seconds `startAnimation(afterDelay:)` waited.
    public private(set) var delay: Double = 0
    /// The current state.
    public private(set) var state: State = .inactive
    /// Whether it is running (active and not paused).
    public private(set) var isRunning = false
    /// Whether it runs back towards the start.
    public var isReversed = false {
        didSet { if isReversed != oldValue, isRunning { lastTick = nil } }
    }
    /// Whether it can be paused and scrubbed (data: Lifeloop's always can).
    public var isInterruptible = true
    /// Whether views take touches while it runs (data).
    public var isUserInteractionEnabled = true
    /// Whether scrubbing is linear rather than along the curve.
    public var scrubsLinearly = true
    /// Whether it pauses at the end instead of finishing.
    public var pausesOnCompletion = false

    private var curve: (Double) -> Double
    private var blocks: [() -> Void] = []
    private var completions: [(Position) -> Void] = []
    private var tracks: [Track] = []
    private var linear: Double = 0
    /// Linear fraction per second.
    private var rate: Double
    private var client: PropertyAnimatorClient?
    private var lastTick: UInt64?
    private var startTimer: TimerHandle?
    private let appLink: AppLink?

    /// An animator along one of UIKit's curves.
    public init(duration: Double, curve: Curve, animations: (() -> Void)? = nil) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        let shape: AnimationCurve = switch curve {
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        case .easeInOut: .easeInOut
        }
        self.curve = { shape.value(at: $0) }
        rate = self.duration > 0 ? 1 / self.duration : .infinity
        appLink = ThreadContext.application?.link
        if let animations { blocks.append(animations) }
    }

    /// An animator along a cubic Bézier with these control points.
    public init(duration: Double, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        let function = MediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        curve = { function.value(at: $0) }
        rate = self.duration > 0 ? 1 / self.duration : .infinity
        appLink = ThreadContext.application?.link
        if let animations { blocks.append(animations) }
    }

    /// An animator along a damped spring that settles at the end of `duration`.
    public init(duration: Double, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        let shape = AnimationCurve.spring(damping: Double(ratio))
        curve = { shape.value(at: $0) }
        rate = self.duration > 0 ? 1 / self.duration : .infinity
        appLink = ThreadContext.application?.link
        if let animations { blocks.append(animations) }
    }

    /// Makes an animator and starts it after `delay`: UIKit's
    /// `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`.
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double, options: AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((Position) -> Void)? = nil) -> PropertyAnimator {
        let curve: Curve = switch options.curve {
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        default: .easeInOut
        }
        let animator = PropertyAnimator(duration: duration, curve: curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private var app: Application? { appLink?.app }

    /// The linear progress, 0 to 1; setting it while paused (or inactive, which pauses)
    /// moves the views there.
    public var fractionComplete: CGFloat {
        get { CGFloat(linear) }
        set {
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else {
                misuse("fractionComplete can only be set on a paused animator")
                return
            }
            linear = min(1, max(0, Double(newValue.isFinite ? newValue : 0)))
            apply()
        }
    }

    /// Adds animations; on a running animator they run over the time left.
    public func addAnimations(_ animation: @escaping () -> Void) {
        guard state != .stopped else { return misuse("addAnimations on a stopped animator") }
        if state == .inactive { blocks.append(animation) } else { capture(animation, start: linear) }
    }

    /// Adds animations that start `delayFactor` of the way through the time left.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    /// Adds a completion, called with where the animator ended.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    /// Starts or resumes the animation.
    public func startAnimation() {
        guard state != .stopped else { return misuse("startAnimation on a stopped animator") }
        activate()
        isRunning = true
        lastTick = nil
        ensureClient()
    }

    /// Starts the animation after `delay` seconds of the loop clock.
    public func startAnimation(afterDelay delay: Double) {
        guard state == .inactive else { return misuse("startAnimation(afterDelay:) on an animator that is not inactive") }
        self.delay = delay
        guard delay > 0, let app else { return startAnimation() }
        let when = app.loop.now.nanoseconds &+ nanoseconds(clampingSeconds: delay)
        startTimer = app.loop.schedule(at: LoopInstant(nanoseconds: when)) { [weak self] in
            guard let self, self.state == .inactive else { return }
            self.startAnimation()
        }
    }

    /// Pauses the animation where it is (activating an inactive animator).
    public func pauseAnimation() {
        guard state != .stopped else { return misuse("pauseAnimation on a stopped animator") }
        activate()
        isRunning = false
        apply()
    }

    /// Resumes a paused animator with new timing: the rest takes `durationFactor` of
    /// the whole duration times the fraction left.
    public func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else { return misuse("continueAnimation on an animator that is not active") }
        if let parameters { curve = parameters.curveFunction }
        let factor = Double(durationFactor)
        if factor > 0, duration > 0 { rate = 1 / (duration * factor) }
        startAnimation()
    }

    /// Stops the animation: views keep what they show now. With `withoutFinishing` true
    /// the animator becomes inactive (no completion); otherwise it is `stopped` and
    /// waits for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return misuse("stopAnimation on an animator that is not active") }
        isRunning = false
        dropClient()
        settle(at: .current)
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Ends a stopped animator with the views at the end, start or where they are, and
    /// calls the completions with that position.
    public func finishAnimation(at position: Position) {
        guard state == .stopped else { return misuse("finishAnimation(at:) on an animator that is not stopped") }
        settle(at: position)
        finish(position)
    }

    // MARK: Machinery

    private func misuse(_ message: String) {
        app?.diagnose(.invalidArgument, label: "UIViewPropertyAnimator", message: message)
    }

    private func activate() {
        guard state == .inactive else { return }
        state = .active
        if let startTimer, let app { _ = app.loop.cancel(startTimer) }
        startTimer = nil
        linear = 0
        let pending = blocks
        blocks = []
        for block in pending { capture(block, start: 0) }
    }

    /// Runs a block while capturing the view changes it makes.
    private func capture(_ block: () -> Void, start: Double) {
        guard let app else {
            block()
            return
        }
        let capture = AnimationCapture()
        let outer = app.animationCapture
        app.animationCapture = capture
        block()
        app.animationCapture = outer
        for change in capture.changes {
            tracks.removeAll { $0.view === change.view && $0.property == change.property }
            tracks.append(Track(view: change.view, property: change.property, from: change.from,
                                to: change.view.currentValue(of: change.property), start: start))
        }
    }

    private func ensureClient() {
        guard client == nil, let app else { return }
        let made = PropertyAnimatorClient(animator: self)
        client = made
        let window = tracks.lazy.compactMap { $0.view.window }.first
        app.displayLink(for: window?.screen ?? app.mainScreen).add(made)
    }

    private func dropClient() {
        client?.animator = nil
        client = nil
    }

    /// Shows each track at the current fraction.
    private func apply() {
        let eased = curve(linear)
        for track in tracks {
            let span = 1 - track.start
            let local = span > 0 ? max(0, (eased - track.start) / span) : 1
            track.view.presentationState().values[track.property] = track.from.interpolated(to: track.to, local)
        }
    }

    /// Sets the model values for `position` and clears the presentation.
    private func settle(at position: Position) {
        for track in tracks {
            let value: AnimatedValue? = switch position {
            case .end: nil
            case .start: track.from
            case .current: track.view.presentation?.values[track.property]
            }
            track.view.presentation?.values[track.property] = nil
            if let value { track.view.setModelValue(value, of: track.property) }
            if track.view.presentation?.values.isEmpty == true, track.view.presentation?.offset == .zero {
                track.view.presentation = nil
            }
        }
        tracks = []
    }

    private func finish(_ position: Position) {
        state = .inactive
        isRunning = false
        dropClient()
        let list = completions
        completions = []
        guard let app else {
            for completion in list { completion(position) }
            return
        }
        app.afterCommit { for completion in list { completion(position) } }
    }

    /// One frame at `now` (ns); returns whether to keep ticking.
    fileprivate func frame(at now: UInt64) -> Bool {
        guard isRunning, state == .active else {
            client = nil
            return false
        }
        let elapsed = lastTick.map { Double(now &- $0) / 1e9 } ?? 0
        lastTick = now
        linear = min(1, max(0, linear + (isReversed ? -1 : 1) * elapsed * rate))
        let done = isReversed ? linear <= 0 : linear >= 1
        if done {
            if pausesOnCompletion {
                apply()
                isRunning = false
                client = nil
                return false
            }
            client = nil
            settle(at: isReversed ? .start : .end)
            finish(isReversed ? .start : .end)
            return false
        }
        apply()
        return true
    }
}

/// The display link's client for a ``PropertyAnimator``.
final class PropertyAnimatorClient: FrameClient {
    var animator: PropertyAnimator?

    init(animator: PropertyAnimator) {
        self.animator = animator
    }

    override func advanceFrame(to now: UInt64) -> Bool {
        guard let animator else { return false }
        return animator.frame(at: now)
    }
}

/// Timing for ``PropertyAnimator/continueAnimation(withTimingParameters:durationFactor:)``:
/// UIKit's `UITimingCurveProvider`.
public protocol TimingCurveProvider {
    /// The eased progress for a linear one.
    var curveFunction: (Double) -> Double { get }
}

/// A cubic timing curve: UIKit's `UICubicTimingParameters`.
public final class CubicTimingParameters: TimingCurveProvider {
    let function: MediaTimingFunction

    /// UIKit's default curve (ease in and out).
    public init() { function = MediaTimingFunction(name: .easeInEaseOut) }

    /// One of UIKit's curves.
    public init(animationCurve curve: PropertyAnimator.Curve) {
        function = switch curve {
        case .easeIn: MediaTimingFunction(name: .easeIn)
        case .easeOut: MediaTimingFunction(name: .easeOut)
        case .linear: MediaTimingFunction(name: .linear)
        case .easeInOut: MediaTimingFunction(name: .easeInEaseOut)
        }
    }

    /// A curve with two control points.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        function = MediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
    }

    public var curveFunction: (Double) -> Double { { [function] in function.value(at: $0) } }
}

/// A spring timing curve: UIKit's `UISpringTimingParameters`.
public final class SpringTimingParameters: TimingCurveProvider {
    let ratio: Double

    /// A spring with this damping ratio.
    public init(dampingRatio ratio: CGFloat) { self.ratio = Double(ratio) }

    public var curveFunction: (Double) -> Double { { [ratio] in AnimationCurve.spring(damping: ratio).value(at: $0) } }
}

extension View {
    /// Sets a property's model value without capturing it in an animation.
    func setModelValue(_ value: AnimatedValue, of property: AnimatedProperty) {
        switch (property, value) {
        case (.frame, .rect(let rect)): frame = rect
        case (.alpha, .number(let number)): alpha = CGFloat(number)
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.transform, .transform(let transform)): self.transform = transform
        default: break
        }
    }
}
