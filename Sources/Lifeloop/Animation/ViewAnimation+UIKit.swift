extension View {
    /// Animates `animations` over `duration` seconds, then calls `completion`.
    public static func animate(withDuration duration: Double, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates along a damped spring (`AnimationCurve/spring(damping:)`) that settles
    /// at the end of `duration`; the initial velocity is kept as data.
    public static func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping damping: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        guard let app = ThreadContext.application else {
            if !ThreadContext.runOffLoop("animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)", animations) {
                completion?(true)
            }
            return
        }
        app.animate(duration: duration, delay: delay, curve: .spring(damping: Double(damping)), animations: animations,
                    completion: completion)
    }

    /// A transition of `view`'s content: the changes in `animations` animate over
    /// `duration` (Lifeloop has no pixels to cross-dissolve; the option is data).
    public static func transition(with view: View, duration: Double, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
    }

    /// Replaces `fromView` with `toView` in its superview (unless `showHideTransitionViews`
    /// hides one and shows the other), then calls `completion` after `duration`.
    public static func transition(from fromView: View, to toView: View, duration: Double, options: AnimationOptions = [],
                                  completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let superview = fromView.superview {
                superview.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// Keyframe animations: each `addKeyframe` block's changes animate over the whole
    /// duration (the keyframes' relative times are data).
    public static func animateKeyframes(withDuration duration: Double, delay: Double,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: delay, options: [], animations: animations, completion: completion)
    }

    /// A keyframe inside ``animateKeyframes(withDuration:delay:options:animations:completion:)``.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double,
                                   animations: @escaping () -> Void) {
        animations()
    }

    /// Runs `actions` with no animation, even inside an `animations` block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        guard let app = ThreadContext.application else {
            actions()
            return
        }
        let capture = app.animationCapture
        app.animationCapture = nil
        app.withoutAnimationDepth += 1
        defer {
            app.animationCapture = capture
            app.withoutAnimationDepth -= 1
        }
        actions()
    }

    /// Whether animations are on in the app of the calling thread: true unless
    /// ``setAnimationsEnabled(_:)`` turned them off (true where no app runs).
    public static var areAnimationsEnabled: Bool { !(ThreadContext.application?.animationsDisabled ?? false) }

    /// Turns animations on or off in the app of the calling thread, as UIKit's
    /// `UIView.setAnimationsEnabled(_:)`: while off, `animate` blocks and list updates
    /// apply their changes at once (completions still run, with `true`).
    public static func setAnimationsEnabled(_ enabled: Bool) {
        ThreadContext.application?.animationsDisabled = !enabled
    }

    /// UIKit's `UIView.KeyframeAnimationOptions` (data).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Keyframe values interpolated linearly (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each keyframe value held until the next.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Keyframes paced evenly.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Keyframe values on a smooth curve.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Start from the current presentation values.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Let the view take touches while it animates.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    }
}

extension Application {
    /// The app whose loop runs on the calling thread: UIKit's `UIApplication.shared`
    /// (each thread has its own, so two apps in one process never meet).
    public static var current: Application? { ThreadContext.application }
}
