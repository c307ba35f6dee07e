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

    /// The eased progress for linear time `t` in 0...1.
    func value(at t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(0.42, 0, 1, 1, t)
        case .easeOut: return Self.bezier(0, 0, 0.58, 1, t)
        case .easeInOut: return Self.bezier(0.42, 0, 0.58, 1, t)
        }
    }

    /// Solves the curve's x(s) = t for s by Newton's method with a bisection fallback,
    /// then returns y(s).
    private static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
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
