/// The animatable properties of a view.
enum AnimatedProperty: String, Hashable {
    case frame
    case alpha
    case backgroundColor
    case transform
}

/// A property's value, for interpolation.
enum AnimatedValue {
    case rect(Rect)
    case number(Double)
    case color(Color?)
    case transform(CGAffineTransform)

    func interpolated(to end: AnimatedValue, _ fraction: Double) -> AnimatedValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        switch (self, end) {
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY),
                              width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case (.number(let a), .number(let b)):
            return .number(mix(a, b))
        case (.transform(let a), .transform(let b)):
            return .transform(CGAffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d),
                                                tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case (.color(let a?), .color(let b?)):
            return .color(Color(red: mix(a.red, b.red), green: mix(a.green, b.green),
                                blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha)))
        default:
            return fraction < 1 ? self : end
        }
    }
}

/// What a view shows while it animates: the in-flight values (Core Animation's
/// presentation layer). Absent for a view that does not animate.
final class PresentationState {
    var values: [AnimatedProperty: AnimatedValue] = [:]
    /// An offset a transition slides the view by.
    var offset = Point.zero
}

/// The changes made inside an `animations` block, with the values they started from.
final class AnimationCapture {
    var changes: [(view: View, property: AnimatedProperty, from: AnimatedValue)] = []

    func record(_ view: View, _ property: AnimatedProperty, from value: AnimatedValue) {
        if !changes.contains(where: { $0.view === view && $0.property == property }) {
            changes.append((view, property, value))
        }
    }
}

/// One `animate` call: its completion runs once all of its property animations end, with
/// `true` unless one was interrupted or its view left the window.
final class AnimationGroup {
    private var pending = 0
    private var finished = true
    private let completion: ((Bool) -> Void)?
    unowned(unsafe) let app: Application

    init(app: Application, completion: ((Bool) -> Void)?) {
        self.app = app
        self.completion = completion
    }

    func retain() { pending += 1 }

    func release(finished: Bool) {
        if !finished { self.finished = false }
        pending -= 1
        if pending == 0, let completion {
            let result = self.finished
            app.afterCommit { completion(result) }
        }
    }
}

/// One property of one view moving from a value to another on the frame clock.
final class PropertyAnimation: FrameClient {
    unowned(unsafe) let view: View
    let property: AnimatedProperty
    let from: AnimatedValue
    let to: AnimatedValue
    let start: UInt64
    let duration: UInt64
    let curve: AnimationCurve
    let group: AnimationGroup
    private(set) var isCancelled = false

    init(view: View, property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue, start: UInt64,
         duration: UInt64, curve: AnimationCurve, group: AnimationGroup) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
        self.group = group
        group.retain()
    }

    override var frameWindow: Unmanaged<Window>? { view.window.map { Unmanaged.passUnretained($0) } }

    override func advanceFrame(to now: UInt64) -> Bool {
        if isCancelled { return false }
        // At the end of the clock's range time can go no further: the animation ends
        // instead of waiting for a frame that never comes.
        let linear = now == .max ? 1 : now <= start ? 0 : Double(now - start) / Double(max(1, duration))
        if linear >= 1 {
            end(finished: true)
            return false
        }
        view.presentationState().values[property] = from.interpolated(to: to, curve.value(at: linear))
        return true
    }

    /// Stops the animation where it is; its group learns it did not finish.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        end(finished: false)
    }

    private func end(finished: Bool) {
        view.presentation?.values[property] = nil
        view.application?.animationEnded(self, finished: finished)
        group.release(finished: finished)
    }
}

extension View {
    /// The longest animation duration or delay, in seconds: one simulated year. Longer
    /// values are clamped to it.
    public static let maximumAnimationDuration: Double = 365 * 24 * 3600

    /// Animates the changes made in `animations` to `frame`, `bounds`, `center`, `alpha`
    /// and `backgroundColor`: the model values change at once; the presentation values
    /// (``presentationFrame``, ``presentationAlpha``) move on each frame of the window's
    /// display link along the curve in `options`.
    ///
    /// Durations and delays are clamped to 0 through ``maximumAnimationDuration`` (one
    /// simulated year): a negative value counts as 0, a longer one as the maximum. NaN
    /// counts as 0 and an infinity as its end of the range; NaN, infinities and finite
    /// values past the maximum also record an `invalidArgument` diagnostic.
    ///
    /// On a thread where no app runs, changes to views of an app elsewhere are refused
    /// (each one an `offLoopAccess` diagnostic naming this call) and then `completion`
    /// does not run; views of no app change at once and `completion` gets `true`.
    ///
    /// - Parameters:
    ///   - duration: Seconds; zero or less (or NaN) applies the changes with no animation.
    ///   - delay: Seconds before the animation starts.
    ///   - options: The timing curve.
    ///   - animations: The changes to animate.
    ///   - completion: Runs after the last frame's commit with `true`, or `false` when an
    ///     animation was interrupted by a newer one of the same property or its view left
    ///     the window.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        guard let app = ThreadContext.application else {
            if !ThreadContext.runOffLoop("animate(withDuration:delay:options:animations:completion:)", animations) {
                completion?(true)
            }
            return
        }
        app.animate(duration: duration, delay: delay, curve: options.curve, animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` over `duration` seconds.
    public static func animate(withDuration duration: Double, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The frame as it shows now: the model frame, or its in-flight value while animating,
    /// moved by any transition offset.
    public var presentationFrame: Rect {
        if let layer = animatingLayer {
            let shown = layer.presentationLayer()
            return Layer.frame(bounds: shown.bounds, position: shown.position, anchorPoint: shown.anchorPoint, transform: .identity)
        }
        return viewPresentationFrame
    }

    /// The layer of the view when Core Animation animations run on it.
    var animatingLayer: Layer? {
        guard let layer = extras?.layer, !layer.animationRecords.isEmpty else { return nil }
        return layer
    }

    /// The frame as the view's own animations and transitions show it.
    var viewPresentationFrame: Rect {
        guard let presentation else { return frame }
        var shown = frame
        if case .rect(let rect)? = presentation.values[.frame] { shown = rect }
        shown.origin.x += presentation.offset.x
        shown.origin.y += presentation.offset.y
        return shown
    }

    /// The transform as it shows now.
    public var presentationTransform: CGAffineTransform {
        if let layer = animatingLayer { return layer.presentationLayer().transform.affine }
        return viewPresentationTransform
    }

    var viewPresentationTransform: CGAffineTransform {
        if case .transform(let value)? = presentation?.values[.transform] { return value }
        return transform
    }

    /// The opacity as it shows now (animations of the view and of its layer included).
    public var presentationAlpha: Double {
        if let layer = animatingLayer { return Double(layer.presentationLayer().opacity) }
        return viewPresentationAlpha
    }

    var viewPresentationAlpha: Double {
        if case .number(let value)? = presentation?.values[.alpha] { return value }
        return alpha
    }

    func presentationState() -> PresentationState {
        if let presentation { return presentation }
        let fresh = PresentationState()
        presentation = fresh
        return fresh
    }

    /// Notes a change to an animatable property inside an `animations` block.
    @inline(__always)
    func willChange(_ property: AnimatedProperty, from value: @autoclosure () -> AnimatedValue) {
        if let capture = app?.animationCapture { capture.record(self, property, from: value()) }
    }

    func currentValue(of property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .frame: .rect(frame)
        case .alpha: .number(alpha)
        case .backgroundColor: .color(backgroundColor)
        case .transform: .transform(transform)
        }
    }
}

extension Application {
    /// Runs `animations` while capturing changes, then starts an animation per change.
    func animate(duration: Double, delay: Double, curve: AnimationCurve, animations: () -> Void,
                 completion: ((Bool) -> Void)?) {
        let capture = AnimationCapture()
        let outer = animationCapture
        animationCapture = capture
        animations()
        animationCapture = outer
        let group = AnimationGroup(app: self, completion: completion)
        group.retain()
        let durationNs = animationsDisabled ? 0 : animationNanoseconds(duration, parameter: "duration")
        let delayNs = animationNanoseconds(delay, parameter: "delay")
        // Saturating: a delay past the end of the clock's range starts at its end.
        let (sum, overflow) = loop.now.nanoseconds.addingReportingOverflow(delayNs)
        let start = overflow ? UInt64.max : sum
        if durationNs > 0, let scrubber = animationScrubber {
            for change in capture.changes where change.view.window?.isVisibleWindow == true {
                scrubber.add(ScrubbedAnimations.Track(view: change.view, property: change.property, from: change.from,
                                                      to: change.view.currentValue(of: change.property), curve: curve,
                                                      group: group))
            }
        } else if durationNs > 0 {
            for change in capture.changes {
                guard let window = change.view.window, window.isVisibleWindow else { continue }
                let animation = PropertyAnimation(view: change.view, property: change.property, from: change.from,
                                                  to: change.view.currentValue(of: change.property), start: start,
                                                  duration: durationNs, curve: curve, group: group)
                startAnimation(animation, in: window)
            }
        }
        group.release(finished: true)
    }
}

extension Application {
    /// An `animate` duration or delay in nanoseconds, clamped to
    /// `0...View.maximumAnimationDuration`; NaN, infinities and values past the maximum
    /// record an `invalidArgument` diagnostic, since a caller meant something else.
    func animationNanoseconds(_ seconds: Double, parameter: String) -> UInt64 {
        let maximum = View.maximumAnimationDuration
        if !seconds.isFinite || seconds > maximum {
            let used = seconds.isNaN || seconds < 0 ? 0 : maximum
            diagnose(.invalidArgument, label: "app",
                     message: "animate(withDuration:delay:options:animations:completion:): \(parameter) \(seconds) s is "
                        + "out of range; used \(used) s (the range is 0 to \(maximum) s)")
        }
        return nanoseconds(clampingSeconds: seconds)
    }
}

/// Seconds as whole nanoseconds, clamped to `0...View.maximumAnimationDuration` (NaN
/// counts as 0): the one conversion of a duration given in seconds, which could not trap
/// on any `Double`.
func nanoseconds(clampingSeconds seconds: Double) -> UInt64 {
    // `seconds > 0` is false for NaN.
    guard seconds > 0 else { return 0 }
    return UInt64(min(seconds, View.maximumAnimationDuration) * 1e9)
}
