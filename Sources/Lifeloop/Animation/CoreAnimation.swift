import Foundation

/// How an animation shows outside its active time: Core Animation's
/// `CAMediaTimingFillMode`.
public struct FillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Its effect ends when it ends, and starts when it starts (the default).
    public static let removed = FillMode(rawValue: "removed")
    /// Its last value stays after it ends (while it is not removed).
    public static let forwards = FillMode(rawValue: "forwards")
    /// Its first value shows before it begins.
    public static let backwards = FillMode(rawValue: "backwards")
    /// Both.
    public static let both = FillMode(rawValue: "both")
}

/// A timing curve, a cubic Bézier from (0, 0) to (1, 1): Core Animation's
/// `CAMediaTimingFunction`.
public final class MediaTimingFunction: Equatable, @unchecked Sendable {
    // Immutable after init, so it is safe to share across threads.

    /// The named curves: Core Animation's `CAMediaTimingFunctionName`.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Constant speed.
        public static let linear = Name(rawValue: "linear")
        /// Slow at the start: (0.42, 0), (1, 1).
        public static let easeIn = Name(rawValue: "easeIn")
        /// Slow at the end: (0, 0), (0.58, 1).
        public static let easeOut = Name(rawValue: "easeOut")
        /// Slow at both ends: (0.42, 0), (0.58, 1).
        public static let easeInEaseOut = Name(rawValue: "easeInEaseOut")
        /// Core Animation's default curve: (0.25, 0.1), (0.25, 1).
        public static let `default` = Name(rawValue: "default")
    }

    let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// A curve with two control points (x values clamped to 0...1).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = min(1, max(0, Double(c1x)))
        self.c1y = Double(c1y)
        self.c2x = min(1, max(0, Double(c2x)))
        self.c2y = Double(c2y)
    }

    /// A named curve.
    public convenience init(name: Name) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `index` (0 and 3 are the ends).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points: [(Double, Double)] = [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]
        let point = points[min(3, max(0, index))]
        values[0] = Float(point.0)
        values[1] = Float(point.1)
    }

    /// The eased progress at linear time `t` in 0...1.
    public func value(at t: Double) -> Double {
        if c1x == c1y && c2x == c2y { return min(1, max(0, t)) }
        return AnimationCurve.bezier(c1x, c1y, c2x, c2y, min(1, max(0, t)))
    }

    public static func == (a: MediaTimingFunction, b: MediaTimingFunction) -> Bool {
        (a.c1x, a.c1y, a.c2x, a.c2y) == (b.c1x, b.c1y, b.c2x, b.c2y)
    }
}

/// What an animation tells its delegate: Core Animation's `CAAnimationDelegate`.
public protocol AnimationDelegate: AnyObject {
    /// The animation began (at its begin time, on a frame).
    func animationDidStart(_ anim: LayerAnimation)
    /// The animation ended: `flag` is true when it ran to its end, false when it was
    /// removed first.
    func animationDidStop(_ anim: LayerAnimation, finished flag: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ anim: LayerAnimation) {}
    public func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) {}
}

/// An animation of layer properties on the frame clock: Core Animation's `CAAnimation`,
/// with its `CAMediaTiming` (begin time, duration, speed, time offset, repeats,
/// autoreverse, fill mode).
///
/// Time is the app's loop clock in seconds (``Layer/currentMediaTime()``): virtual in
/// tests, so every value mid-animation is the same on every run.
open class LayerAnimation {
    /// When it begins, in media time; 0 means when it is added.
    public var beginTime: Double = 0
    /// Seconds per cycle; 0 means 0.25 s, as in Core Animation.
    public var duration: Double = 0
    /// Time scale (2 runs twice as fast; 0 holds it still).
    public var speed: Float = 1
    /// Seconds added to its local time.
    public var timeOffset: Double = 0
    /// How many cycles (fractions allowed; `.infinity` for ever); 0 means 1.
    public var repeatCount: Float = 0
    /// Seconds to repeat for, instead of `repeatCount`.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forward then backward.
    public var autoreverses = false
    /// How it shows outside its active time.
    public var fillMode: FillMode = .removed
    /// Whether the layer drops it when it ends (true by default).
    public var isRemovedOnCompletion = true
    /// Its pacing; nil is linear.
    public var timingFunction: MediaTimingFunction?
    /// Told when it starts and stops (retained, as in Core Animation).
    public var delegate: AnimationDelegate?

    /// An animation with the default settings.
    public required init() {}

    /// The seconds one cycle takes.
    var cycleDuration: Double { duration > 0 && duration.isFinite ? duration : 0.25 }

    /// The time scale used: 1 when `speed` is not a number or infinite.
    var rate: Double { speed.isFinite ? Double(speed) : 1 }

    /// The time offset used: 0 when `timeOffset` is not finite.
    var offset: Double { timeOffset.isFinite ? timeOffset : 0 }

    /// The local seconds of the whole active time (infinite for endless repeats).
    var activeDuration: Double {
        if repeatDuration > 0, repeatDuration.isFinite { return repeatDuration }
        let count = repeatCount > 0 && !repeatCount.isNaN ? Double(repeatCount) : 1
        return cycleDuration * count * (autoreverses ? 2 : 1)
    }

    /// The parent time it ends at, given when it began.
    func endTime(begin: Double) -> Double {
        guard rate > 0 else { return .infinity }
        return begin + max(0, activeDuration - offset) / rate
    }

    /// The progress through one cycle (0...1, after autoreverse, before easing) at
    /// `parentTime`, or nil when it has no effect then.
    func cycleProgress(parentTime: Double, begin: Double, removedAfterEnd: Bool) -> Double? {
        let local = (parentTime - begin) * rate + offset
        let d = cycleDuration
        let active = activeDuration
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return 0
        }
        if local >= active {
            guard fillMode == .forwards || fillMode == .both, !removedAfterEnd else { return nil }
            // The value at the very end of the last cycle.
            let cycles = active / d
            if autoreverses { return cycles.truncatingRemainder(dividingBy: 2) == 0 ? 0 : min(1, cycles.truncatingRemainder(dividingBy: 2)) }
            let partial = cycles - cycles.rounded(.down)
            return partial == 0 ? 1 : partial
        }
        var within = local.truncatingRemainder(dividingBy: autoreverses ? 2 * d : d)
        if autoreverses, within > d { within = 2 * d - within }
        return within / d
    }

    /// Sets its values at `parentTime` on `presentation` (a copy of the layer).
    func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {}

    /// The key paths it animates (for traces and summaries).
    var animatedKeyPaths: [String] { [] }
}

/// An animation of one property: Core Animation's `CAPropertyAnimation`.
open class PropertyLayerAnimation: LayerAnimation {
    /// The property (`"position"`, `"opacity"`, `"transform.rotation.z"`, ...).
    public var keyPath: String?
    /// Whether its value is added to the property's current value.
    public var isAdditive = false
    /// Whether repeats build on the previous cycle's end (data).
    public var isCumulative = false

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override var animatedKeyPaths: [String] { keyPath.map { [$0] } ?? [] }

    /// Sets `value` for the key path on `presentation`, added to the value there when
    /// additive.
    func set(_ value: LayerValue, on presentation: Layer) {
        guard let keyPath else { return }
        if isAdditive, let base = presentation.layerValue(forKeyPath: keyPath), let sum = base.adding(value) {
            presentation.setLayerValue(sum, forKeyPath: keyPath)
        } else {
            presentation.setLayerValue(value, forKeyPath: keyPath)
        }
    }
}

/// An animation from one value to another: Core Animation's `CABasicAnimation`.
///
/// With `fromValue` and `toValue` it runs between them; with `byValue` it runs from
/// `fromValue` (or the current value) by that much, or to `toValue` from `toValue -
/// byValue`; with only one of `fromValue`/`toValue` the other end is the current value.
open class BasicAnimation: PropertyLayerAnimation {
    /// The start value.
    public var fromValue: Any?
    /// The end value.
    public var toValue: Any?
    /// The change.
    public var byValue: Any?

    /// The ends for a property whose value (without this animation) is `current`.
    func ends(current: LayerValue?) -> (LayerValue, LayerValue)? {
        let from = fromValue.flatMap { LayerValue($0) }
        let to = toValue.flatMap { LayerValue($0) }
        let by = byValue.flatMap { LayerValue($0) }
        switch (from, to, by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return from.adding(by).map { (from, $0) }
        case let (nil, to?, by?): return to.subtracting(by).map { ($0, to) }
        case let (from?, nil, nil): return current.map { (from, $0) }
        case let (nil, to?, nil): return current.map { ($0, to) }
        case let (nil, nil, by?):
            guard let current, let end = current.adding(by) else { return nil }
            return (current, end)
        default: return nil
        }
    }

    /// The eased progress for a cycle progress.
    func eased(_ progress: Double) -> Double {
        timingFunction?.value(at: progress) ?? progress
    }

    override func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {
        guard let keyPath, let progress = cycleProgress(parentTime: parentTime, begin: begin, removedAfterEnd: removedAfterEnd),
              let (from, to) = ends(current: presentation.layerValue(forKeyPath: keyPath)) else { return }
        set(from.interpolated(to: to, eased(progress)), on: presentation)
    }
}

/// A damped spring from one value to another: Core Animation's `CASpringAnimation`.
///
/// The value follows a mass on a spring, `m x'' + c x' + k (x - 1) = 0` from x = 0 with
/// velocity `initialVelocity` (in units of the whole distance per second), in local
/// seconds: the `duration` only bounds how long it runs (``settlingDuration`` is how long
/// it takes to come to rest).
open class SpringAnimation: BasicAnimation {
    /// The mass (1).
    public var mass: Double = 1
    /// The spring's stiffness (100).
    public var stiffness: Double = 100
    /// The damping (10).
    public var damping: Double = 10
    /// The starting velocity, in distances per second (0).
    public var initialVelocity: Double = 0
    /// Whether it may overshoot (data: the spring's damping decides).
    public var allowsOverdamping = false

    /// A spring with a damping ratio and a response (the period of the undamped spring),
    /// as iOS 17's `init(perceptualDuration:bounce:)` derives them: bounce 0 is critical
    /// damping.
    public convenience init(perceptualDuration: Double, bounce: Double) {
        self.init()
        let response = max(0.01, perceptualDuration)
        stiffness = pow(2 * .pi / response, 2) * mass
        let ratio = 1 - min(1, max(-1, bounce))
        damping = 4 * .pi * ratio * mass / response
        duration = settlingDuration
    }

    /// The progress (1 at rest) `t` seconds in.
    public func springValue(at t: Double) -> Double {
        let m = max(mass, 1e-6), k = max(stiffness, 1e-6), c = max(damping, 0)
        let omega0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let v0 = initialVelocity
        let y: Double
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega0) / omegaD
            y = exp(-zeta * omega0 * t) * (-cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta == 1 {
            y = (-1 + (v0 - omega0) * t) * exp(-omega0 * t)
        } else {
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + root, r2 = -zeta * omega0 - root
            // y(0) = -1, y'(0) = v0.
            let a2 = (v0 + r1) / (r2 - r1)
            let a1 = -1 - a2
            y = a1 * exp(r1 * t) + a2 * exp(r2 * t)
        }
        return 1 + y
    }

    /// How long the spring takes to stay within 0.1% of its target: the first 1/60 s
    /// step after which it never leaves that band again (searched up to 60 s).
    public var settlingDuration: Double {
        let step = 1.0 / 60
        var lastOutside = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(springValue(at: t) - 1) > 0.001 { lastOutside = t }
            t += step
        }
        return (lastOutside + step).rounded(toPlaces: 6)
    }

    override func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {
        guard let keyPath, let progress = cycleProgress(parentTime: parentTime, begin: begin, removedAfterEnd: removedAfterEnd),
              let (from, to) = ends(current: presentation.layerValue(forKeyPath: keyPath)) else { return }
        // Past the end of a forward fill the spring rests at its target.
        let local = progress * cycleDuration
        set(from.interpolated(to: to, springValue(at: local)), on: presentation)
    }
}

/// An animation through a list of values, or along a path: Core Animation's
/// `CAKeyframeAnimation`.
///
/// `keyTimes` (0...1, one per value) place the values; without them the values are
/// evenly spaced. `timingFunctions` ease each segment. Along a `path` (for `position`)
/// the point moves at an even pace along the path's length; `keyTimes` are not used
/// there.
open class KeyframeAnimation: PropertyLayerAnimation {
    /// How values are reached: Core Animation's `CAAnimationCalculationMode`.
    public struct CalculationMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Straight between values (the default).
        public static let linear = CalculationMode(rawValue: "linear")
        /// Each value held until the next key time.
        public static let discrete = CalculationMode(rawValue: "discrete")
        /// An even pace (for paths; values are treated as linear).
        public static let paced = CalculationMode(rawValue: "paced")
        /// A smooth curve (drawn as linear).
        public static let cubic = CalculationMode(rawValue: "cubic")
        /// A smooth curve at an even pace (drawn as paced).
        public static let cubicPaced = CalculationMode(rawValue: "cubicPaced")
    }

    /// How the layer turns along a path: Core Animation's `CAAnimationRotationMode`.
    public struct RotationMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Turns with the path's direction.
        public static let rotateAuto = RotationMode(rawValue: "auto")
        /// Turns with the path's direction, reversed.
        public static let rotateAutoReverse = RotationMode(rawValue: "autoReverse")
    }

    /// The values, in order.
    public var values: [Any]?
    /// When each value is reached, 0...1 of the duration.
    public var keyTimes: [NSNumber]?
    /// The pacing between consecutive values.
    public var timingFunctions: [MediaTimingFunction]?
    /// A path the point moves along (for point properties); overrides `values`.
    public var path: CGPath?
    /// How values are reached.
    public var calculationMode: CalculationMode = .linear
    /// How the layer turns along a path (data).
    public var rotationMode: RotationMode?

    override func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {
        guard let progress = cycleProgress(parentTime: parentTime, begin: begin, removedAfterEnd: removedAfterEnd) else { return }
        let t = timingFunction?.value(at: progress) ?? progress
        if let path {
            let points = PathFlattening.polyline(path.elements)
            guard let point = PathFlattening.point(along: points, fraction: t) else { return }
            set(.point(point), on: presentation)
            return
        }
        guard let values = values?.compactMap({ LayerValue($0) }), !values.isEmpty else { return }
        guard values.count > 1 else {
            set(values[0], on: presentation)
            return
        }
        let times: [Double]
        if let keyTimes, keyTimes.count == values.count {
            times = keyTimes.map { min(1, max(0, $0.doubleValue)) }
        } else if calculationMode == .discrete {
            times = (0..<values.count).map { Double($0) / Double(values.count) }
        } else {
            times = (0..<values.count).map { Double($0) / Double(values.count - 1) }
        }
        // The segment holding t: the last key time at or before it.
        var index = 0
        while index + 1 < times.count, times[index + 1] <= t { index += 1 }
        if calculationMode == .discrete || index + 1 >= values.count {
            set(values[index], on: presentation)
            return
        }
        let span = times[index + 1] - times[index]
        var local = span > 0 ? (t - times[index]) / span : 1
        if let functions = timingFunctions, index < functions.count { local = functions[index].value(at: local) }
        set(values[index].interpolated(to: values[index + 1], local), on: presentation)
    }
}

/// Animations run together on one timeline: Core Animation's `CAAnimationGroup`.
/// Each child's begin time and duration are in the group's local time; the group's
/// duration cuts them off.
open class LayerAnimationGroup: LayerAnimation {
    /// The animations.
    public var animations: [LayerAnimation]?

    override var animatedKeyPaths: [String] { (animations ?? []).flatMap(\.animatedKeyPaths) }

    override func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {
        guard let progress = cycleProgress(parentTime: parentTime, begin: begin, removedAfterEnd: removedAfterEnd) else { return }
        let eased = timingFunction?.value(at: progress) ?? progress
        let local = eased * cycleDuration
        for child in animations ?? [] {
            // Children without a fill stop at their own end; the group holds them with its own fill.
            child.apply(at: local, begin: child.beginTime, to: presentation, removedAfterEnd: false)
        }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
