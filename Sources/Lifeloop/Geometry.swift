import Foundation

/// A point in a view's coordinate space: CoreGraphics' `CGPoint` (Foundation's on Linux),
/// so that UIKit code's `CGPoint` values are Lifeloop's. `y` grows downward, as in UIKit.
public typealias Point = CGPoint

/// A width and a height: `CGSize`.
public typealias Size = CGSize

/// A rectangle, an origin and a size: `CGRect`.
public typealias Rect = CGRect

extension CGPoint {
    /// The plain form the seeds print: `(20,40)`.
    public var plainDescription: String { "(\(format(x)),\(format(y)))" }
}

extension CGSize {
    /// The plain form the seeds print: `{560,160}`.
    public var plainDescription: String { "{\(format(width)),\(format(height))}" }
}

extension CGRect {
    /// The rectangle shrunk by `insets` on each side (UIKit's `inset(by:)`).
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }

    /// The plain form the seeds print: `(20,40,560,160)`, from the origin and size as
    /// stored (not standardized).
    public var plainDescription: String {
        "(\(format(origin.x)),\(format(origin.y)),\(format(size.width)),\(format(size.height)))"
    }
}

/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Insets from each edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// An RGBA color, components from 0 to 1.
///
/// A dynamic color (UIKit's system colors such as ``label``, or one made with
/// ``init(dynamicProvider:)``) also carries how it looks in other appearances; its
/// components are its light appearance, and ``resolvedColor(with:)`` gives the one for a
/// trait collection. Setting a component makes the color a plain one.
public struct Color: Hashable, Sendable {
    /// The red component.
    public var red: Double { didSet { appearance = nil } }
    /// The green component.
    public var green: Double { didSet { appearance = nil } }
    /// The blue component.
    public var blue: Double { didSet { appearance = nil } }
    /// The opacity.
    public var alpha: Double { didSet { appearance = nil } }
    /// How the color looks in other appearances (nil for a plain color): kept in a box so
    /// that a color stays a small value.
    var appearance: ColorAppearance?

    /// A color from components, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

extension Color: _ExpressibleByColorLiteral {
    /// The color Xcode's `#colorLiteral(red:green:blue:alpha:)` writes (the UIKit module
    /// makes `Color` the literal's type, as `UIColor` is on iOS).
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}

/// How a view resizes when its superview's bounds change, as UIKit's `UIViewAutoresizing`.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// Whole numbers print without a fraction, so frames read as the seeds print them.
private func format(_ value: CGFloat) -> String {
    let value = Double(value)
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
