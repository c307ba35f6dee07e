/// Custom transitions, as UIKit's `UIViewControllerTransitioningDelegate` and animators:
/// a presented controller's ``ViewController/transitioningDelegate`` can give a
/// presentation controller (for ``ModalPresentationStyle/custom``), an animator that moves
/// the views, and an interaction controller that a gesture drives. Everything runs on the
/// app's frame clock.

/// Which controller of a transition: UIKit's `UITransitionContextViewControllerKey`.
public struct TransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// Makes a key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller on screen when the transition starts.
    public static let from = TransitionContextViewControllerKey(rawValue: "from")
    /// The controller on screen when the transition ends.
    public static let to = TransitionContextViewControllerKey(rawValue: "to")
}

/// Which view of a transition: UIKit's `UITransitionContextViewKey`.
public struct TransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// Makes a key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view leaving the screen (nil when it stays, as a presenter under a custom
    /// presentation that keeps its view).
    public static let from = TransitionContextViewKey(rawValue: "from")
    /// The view entering the screen (nil when it is already there).
    public static let to = TransitionContextViewKey(rawValue: "to")
}

/// What an animator and an interaction controller get to run a transition: UIKit's
/// `UIViewControllerContextTransitioning`. The runtime's ``TransitionContext`` is the one
/// implementation.
public protocol ViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in: the animator adds the incoming view to it.
    var containerView: View { get }
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// Whether a gesture drives the transition right now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (known once interaction ends).
    var transitionWasCancelled: Bool { get }
    /// The presentation style of the controller presented or dismissed.
    var presentationStyle: ModalPresentationStyle { get }
    /// Reports the progress of an interactive transition, from 0 to 1.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The gesture ended and the transition completes.
    func finishInteractiveTransition()
    /// The gesture ended and the transition goes back.
    func cancelInteractiveTransition()
    /// The gesture paused the transition (nothing to do here: it stands still anyway).
    func pauseInteractiveTransition()
    /// Tells the runtime the animations are over: `true` if the transition completed,
    /// `false` if it was cancelled. The did-callbacks follow.
    func completeTransition(_ didComplete: Bool)
    /// The controller for `key`.
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?
    /// The view for `key`, nil for a view that is not moved by this transition.
    func view(forKey key: TransitionContextViewKey) -> View?
    /// The rotation applied during the transition (always the identity here).
    var targetTransform: CGAffineTransform { get }
    /// Where a controller's view is when the transition starts (`.zero` if unknown).
    func initialFrame(for viewController: ViewController) -> Rect
    /// Where a controller's view should be when the transition ends (`.zero` if it
    /// leaves the screen).
    func finalFrame(for viewController: ViewController) -> Rect
}

/// An object that animates a transition: UIKit's `UIViewControllerAnimatedTransitioning`.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition takes, in seconds.
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
    /// Adds the incoming view to the container and animates; calls
    /// ``ViewControllerContextTransitioning/completeTransition(_:)`` when done.
    func animateTransition(using transitionContext: ViewControllerContextTransitioning)
    /// Called after the transition completed or was cancelled; does nothing by default.
    func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An object that drives a transition from a gesture: UIKit's
/// `UIViewControllerInteractiveTransitioning`.
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    /// The transition starts: keep the context and report progress to it.
    func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
    /// How fast the rest runs after the gesture lets go (1 by default).
    var completionSpeed: CGFloat { get }
    /// Whether the transition starts interactive (true by default).
    var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var wantsInteractiveStart: Bool { true }
}

/// Gives the objects of a custom presentation and dismissal: UIKit's
/// `UIViewControllerTransitioningDelegate`. Every method defaults to nil (the runtime's
/// own transition).
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator for a presentation; nil for the default slide.
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The animator for a dismissal; nil for the default slide.
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The interaction controller for a presentation with `animator`; nil for none.
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    /// The interaction controller for a dismissal with `animator`; nil for none.
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    /// The presentation controller of a ``ModalPresentationStyle/custom`` presentation;
    /// nil for a plain ``PresentationController``.
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? { nil }
}

/// The view a custom transition happens in (UIKit's `UITransitionView`): it fills the
/// window and tells its presentation controller around each layout.
final class TransitionContainerView: View {
    weak var presentationController: PresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

/// The runtime's transition context: UIKit's `_UIViewControllerTransitionContext`, seen
/// through ``ViewControllerContextTransitioning``. Made for each custom transition.
public final class TransitionContext: ViewControllerContextTransitioning {
    /// The view the transition happens in.
    public let containerView: View
    /// Whether the transition animates.
    public let isAnimated: Bool
    /// The presentation style of the controller presented or dismissed (`fullScreen` for
    /// a push or pop).
    public let presentationStyle: ModalPresentationStyle
    /// Whether the transition was cancelled.
    public private(set) var transitionWasCancelled = false
    /// Whether a gesture drives the transition right now.
    public var isInteractive: Bool { coordinator.isInteractive }
    /// The identity: Lifeloop rotates no transition.
    public var targetTransform: CGAffineTransform { .identity }

    let coordinator: TransitionCoordinator
    /// The animator of the transition, for a percent-driven interaction controller.
    let animator: ViewControllerAnimatedTransitioning?
    private weak var fromController: ViewController?
    private weak var toController: ViewController?
    private weak var fromView: View?
    private weak var toView: View?
    private let frames: [ObjectIdentifier: (initial: Rect, final: Rect)]
    private var onComplete: ((Bool) -> Void)?
    unowned(unsafe) let app: Application

    init(app: Application, container: View, coordinator: TransitionCoordinator, animator: ViewControllerAnimatedTransitioning?,
         style: ModalPresentationStyle, from: ViewController, to: ViewController, fromView: View?, toView: View?,
         frames: [ObjectIdentifier: (initial: Rect, final: Rect)], onComplete: @escaping (Bool) -> Void) {
        self.app = app
        self.containerView = container
        self.coordinator = coordinator
        self.isAnimated = coordinator.isAnimated
        self.animator = animator
        self.presentationStyle = style
        self.fromController = from
        self.toController = to
        self.fromView = fromView
        self.toView = toView
        self.frames = frames
        self.onComplete = onComplete
    }

    /// The controller for `key`.
    public func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
        key == .from ? fromController : key == .to ? toController : nil
    }

    /// The view for `key`: nil for a presenter's view that stays in the window.
    public func view(forKey key: TransitionContextViewKey) -> View? {
        key == .from ? fromView : key == .to ? toView : nil
    }

    /// Where the controller's view starts (`.zero` for one not on screen yet).
    public func initialFrame(for viewController: ViewController) -> Rect {
        frames[ObjectIdentifier(viewController)]?.initial ?? .zero
    }

    /// Where the controller's view ends (`.zero` for one that leaves).
    public func finalFrame(for viewController: ViewController) -> Rect {
        frames[ObjectIdentifier(viewController)]?.final ?? .zero
    }

    /// Sets the coordinator's `percentComplete` (clamped to 0...1; NaN counts as 0).
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        let value = Double(percentComplete)
        coordinator.percentComplete = value.isNaN ? 0 : min(1, max(0, value))
    }

    /// The interaction ends toward completion: the coordinator's interaction handlers run.
    public func finishInteractiveTransition() { endInteraction(cancelled: false) }

    /// The interaction ends toward cancellation: the coordinator's interaction handlers run.
    public func cancelInteractiveTransition() { endInteraction(cancelled: true) }

    /// Does nothing: an interactive transition stands still between updates.
    public func pauseInteractiveTransition() {}

    private func endInteraction(cancelled: Bool) {
        guard coordinator.isInteractive else { return }
        coordinator.isInteractive = false
        coordinator.isCancelled = cancelled
        transitionWasCancelled = cancelled
        for handler in coordinator.interactionHandlers { handler(coordinator) }
    }

    /// Ends the transition (once; later calls do nothing): the did-callbacks follow,
    /// or, with `false`, the cancelled transition's callbacks.
    public func completeTransition(_ didComplete: Bool) {
        guard let onComplete else { return }
        self.onComplete = nil
        if !didComplete { transitionWasCancelled = true }
        coordinator.isCancelled = !didComplete
        coordinator.percentComplete = didComplete ? 1 : 0
        onComplete(didComplete)
    }

    /// Starts the coordinator's alongside animations, then the animator's: what UIKit does
    /// before (non-interactive) or inside (interactive) `startInteractiveTransition`.
    func startAnimations() {
        coordinator.hasStarted = true
        let alongside = coordinator.alongside
        coordinator.alongside.removeAll()
        if !alongside.isEmpty {
            if isAnimated {
                app.animate(duration: coordinator.transitionDuration, delay: 0, curve: .easeInOut,
                            animations: { for block in alongside { block(coordinator) } }, completion: nil)
            } else {
                for block in alongside { block(coordinator) }
            }
        }
        animator?.animateTransition(using: self)
    }
}

/// An interaction controller that scrubs the animator's animations by a percentage:
/// UIKit's `UIPercentDrivenInteractiveTransition`. Return it from
/// `interactionControllerForPresentation`/`Dismissal` (or a navigation delegate's
/// `interactionControllerFor`) and drive it from a gesture: ``update(_:)`` while the
/// finger moves, ``finish()`` or ``cancel()`` when it lifts.
///
/// The animations the animator starts in `animateTransition` (with `View.animate`) and
/// the coordinator's alongside animations stand still at the percentage; `finish()` runs
/// them to their end over the rest of the duration (divided by ``completionSpeed``),
/// `cancel()` back to their start (their views get back their starting values), and then
/// their completions run, in which the animator calls `completeTransition`.
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    private var context: TransitionContext?
    private var scrubbed: ScrubbedAnimations?
    private var storedPercent = 0.0
    /// How fast the rest runs after ``finish()`` or ``cancel()``; 1 by default.
    open var completionSpeed: CGFloat = 1
    /// Whether the transition starts interactive; true by default.
    open var wantsInteractiveStart = true

    /// Makes an interaction controller.
    public init() {}

    /// The duration of the transition it drives (the animator's), 0 before it starts.
    open var duration: CGFloat { CGFloat(context?.coordinator.transitionDuration ?? 0) }

    /// How far the transition has come, from 0 to 1.
    open var percentComplete: CGFloat { CGFloat(storedPercent) }

    /// Called by the runtime when the transition starts: runs the animator's
    /// `animateTransition` with its animations held at 0.
    open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        self.context = context
        storedPercent = 0
        let scrubbed = ScrubbedAnimations(app: context.app, duration: context.coordinator.transitionDuration)
        self.scrubbed = scrubbed
        let outer = context.app.animationScrubber
        context.app.animationScrubber = scrubbed
        context.startAnimations()
        context.app.animationScrubber = outer
        scrubbed.set(0)
        if !wantsInteractiveStart { finish() }
    }

    /// Moves the transition to `percentComplete` (clamped to 0...1; NaN counts as 0).
    open func update(_ percentComplete: CGFloat) {
        guard let context, let scrubbed, context.isInteractive else { return }
        let value = Double(percentComplete)
        storedPercent = value.isNaN ? 0 : min(1, max(0, value))
        context.updateInteractiveTransition(CGFloat(storedPercent))
        scrubbed.set(storedPercent)
    }

    /// Lets the transition run to its end.
    open func finish() { release(cancelled: false) }

    /// Lets the transition run back to its start.
    open func cancel() { release(cancelled: true) }

    /// Holds the transition where it is (it stands still between updates anyway).
    open func pause() { context?.pauseInteractiveTransition() }

    private func release(cancelled: Bool) {
        guard let context, let scrubbed, !scrubbed.isRunning else { return }
        if context.isInteractive {
            if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        }
        let speed = Double(completionSpeed)
        scrubbed.run(toEnd: !cancelled, speed: speed.isFinite && speed > 0 ? speed : 1, curve: .linear) { [weak self] in
            self?.context = nil
            self?.scrubbed = nil
        }
    }
}

/// The animations started while a percent-driven transition begins: held at a fraction
/// rather than run on the clock, then run to their end or back to their start.
final class ScrubbedAnimations: FrameClient {
    struct Track {
        let view: View
        let property: AnimatedProperty
        let from: AnimatedValue
        let to: AnimatedValue
        let curve: AnimationCurve
        let group: AnimationGroup
    }
    unowned(unsafe) let app: Application
    private let duration: Double
    var tracks: [Track] = []
    /// Retained while the views' tracks are scrubbed: the first track's view's window.
    private var windowRef: Unmanaged<Window>?
    private var fraction = 0.0
    private var running: (start: UInt64, from: Double, toEnd: Bool, speed: Double, curve: AnimationCurve)?
    private var whenDone: (() -> Void)?
    /// Whether it runs to its end or start already.
    var isRunning: Bool { running != nil }

    init(app: Application, duration: Double) {
        self.app = app
        self.duration = duration
    }

    override var frameWindow: Unmanaged<Window>? { windowRef }

    func add(_ track: Track) {
        track.group.retain()
        if windowRef == nil, let window = track.view.window { windowRef = Unmanaged.passUnretained(window) }
        tracks.append(track)
    }

    /// Shows every track at `fraction` of its way.
    func set(_ fraction: Double) {
        self.fraction = fraction
        for track in tracks {
            track.view.presentationState().values[track.property] = track.from.interpolated(to: track.to, track.curve.value(at: fraction))
        }
    }

    /// Runs the tracks to their end (or start) on the frame clock, then ends them.
    func run(toEnd: Bool, speed: Double, curve: AnimationCurve, whenDone: @escaping () -> Void) {
        self.whenDone = whenDone
        running = (app.loop.now.nanoseconds, fraction, toEnd, speed, curve)
        if let window = windowRef?.takeUnretainedValue() {
            app.displayLink(for: window.screen).add(self)
        } else {
            finishTracks(toEnd: toEnd)
        }
    }

    override func advanceFrame(to now: UInt64) -> Bool {
        guard let running else { return false }
        let total = max(1e-9, duration / running.speed * (running.toEnd ? 1 - running.from : running.from))
        let elapsed = now == .max ? total : Double(now &- running.start) / 1e9
        let step = min(1, elapsed / total)
        let eased = running.curve.value(at: step)
        let value = running.toEnd ? running.from + (1 - running.from) * eased : running.from * (1 - eased)
        set(value)
        if step >= 1 {
            finishTracks(toEnd: running.toEnd)
            return false
        }
        return true
    }

    private func finishTracks(toEnd: Bool) {
        running = nil
        for track in tracks {
            track.view.presentation?.values[track.property] = nil
            if track.view.presentation?.values.isEmpty == true, track.view.presentation?.offset == .zero {
                track.view.presentation = nil
            }
            // Cancelled: the model goes back to where it started, as a reversed animator's does.
            if !toEnd { track.view.restore(track.property, to: track.from) }
        }
        let groups = tracks.map(\.group)
        tracks.removeAll()
        windowRef = nil
        for group in groups { group.release(finished: true) }
        whenDone?()
        whenDone = nil
    }
}

extension View {
    /// Sets a property's model value back, outside any animation capture.
    func restore(_ property: AnimatedProperty, to value: AnimatedValue) {
        guard let app = application else { return }
        let outer = app.animationCapture
        app.animationCapture = nil
        defer { app.animationCapture = outer }
        switch (property, value) {
        case (.frame, .rect(let rect)): frame = rect
        case (.alpha, .number(let number)): alpha = CGFloat(number)
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.transform, .transform(let transform)): self.transform = transform
        default: break
        }
    }
}
