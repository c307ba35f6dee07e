import Glibc

/// Options for ``View/animate(withDuration:delay:options:animations:completion:)``, as
/// UIKit's `UIView.AnimationOptions`: the curve lives in bits 16–17.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Slow at both ends (the default, value 0 as in UIKit).
    public static let curveEaseInOut = AnimationOptions([])
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Constant speed.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    // The rest of UIKit's options are accepted and kept as data: Lifeloop animates
    // model changes the same way under each of them.
    /// UIKit's `.layoutSubviews` option.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// UIKit's `.allowUserInteraction` option.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// UIKit's `.beginFromCurrentState` option.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// UIKit's `.repeat` option.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// UIKit's `.autoreverse` option.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// UIKit's `.overrideInheritedDuration` option.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// UIKit's `.overrideInheritedCurve` option.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    /// UIKit's `.allowAnimatedContent` option.
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    /// UIKit's `.showHideTransitionViews` option.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// UIKit's `.overrideInheritedOptions` option.
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    /// UIKit's `.transitionFlipFromLeft`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    /// UIKit's `.transitionFlipFromRight`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    /// UIKit's `.transitionCurlUp`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    /// UIKit's `.transitionCurlDown`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    /// UIKit's `.transitionCrossDissolve`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    /// UIKit's `.transitionFlipFromTop`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    /// UIKit's `.transitionFlipFromBottom`, a kind of `View.transition(with:duration:options:animations:completion:)`.
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    var curve: AnimationCurve {
        switch (rawValue >> 16) & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}

/// A timing curve: Core Animation's cubic Béziers from (0,0) to (1,1).
enum AnimationCurve: Sendable {
    case easeInOut, easeIn, easeOut, linear
    /// A damped spring reaching its target at the end of the duration, with this damping
    /// ratio (1 or more: no overshoot).
    case spring(damping: Double)

    /// The eased progress for linear time `t` in 0...1.
    func value(at t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(0.42, 0, 1, 1, t)
        case .easeOut: return Self.bezier(0, 0, 0.58, 1, t)
        case .easeInOut: return Self.bezier(0.42, 0, 0.58, 1, t)
        case .spring(let damping): return Self.spring(damping, t)
        }
    }

    /// A damped harmonic oscillator from 0 to 1 whose envelope has decayed to 0.1% at
    /// t = 1: `1 - e^(-ζωt)(cos ω_d t + ζω/ω_d sin ω_d t)` with ζω = 6.9 (ζ clamped to
    /// 0.05...1; critically damped at 1).
    private static func spring(_ damping: Double, _ t: Double) -> Double {
        let zeta = min(1, max(0.05, damping.isNaN ? 1 : damping))
        let omega = 6.9 / zeta
        if zeta >= 1 { return 1 - (1 + omega * t) * exp(-omega * t) }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega * t)
        return 1 - envelope * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    /// Solves the curve's x(s) = t for s by Newton's method with a bisection fallback,
    /// then returns y(s).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inverse = 1 - s
            return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let inverse = 1 - s
            return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - t
            if abs(error) < 1e-9 { return coordinate(s, y1, y2) }
            let derivative = slope(s, x1, x2)
            if abs(derivative) < 1e-9 { break }
            s -= error / derivative
        }
        var low = 0.0, high = 1.0
        s = t
        for _ in 0..<40 {
            let x = coordinate(s, x1, x2)
            if abs(x - t) < 1e-9 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }
}
