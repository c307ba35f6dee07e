import Foundation

/// A color space, as CoreGraphics' `CGColorSpace`: what a gradient's components mean.
///
/// Lifeloop paints in sRGB (its ``Color`` holds sRGB components), so the device RGB and
/// the named RGB spaces are the same space here, and a gray space's single component is
/// repeated into red, green and blue.
public final class CGColorSpace: Hashable, Sendable {
    /// The name of the sRGB space (`CGColorSpace.sRGB`).
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the extended sRGB space.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of the Display P3 space (treated as sRGB).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// The name of the generic gray space.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the linear gray space.
    public static let linearGray = "kCGColorSpaceLinearGray"

    /// The space's model: how many components a color has.
    public let model: CGColorSpaceModel
    /// The name it was made by, if any.
    public let name: String?

    /// The number of color components (without alpha).
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    init(model: CGColorSpaceModel, name: String?) {
        self.model = model
        self.name = name
    }

    /// The space called `name`; nil for a name Lifeloop does not know.
    public convenience init?(name: String) {
        switch name {
        case Self.sRGB, Self.extendedSRGB, Self.displayP3: self.init(model: .rgb, name: name)
        case Self.genericGrayGamma2_2, Self.linearGray: self.init(model: .monochrome, name: name)
        default: return nil
        }
    }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.model == rhs.model }
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
}

/// A color space's model, as CoreGraphics' `CGColorSpaceModel`.
public enum CGColorSpaceModel: Int32, Hashable, Sendable {
    /// An unknown model.
    case unknown = -1
    /// Gray.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Any number of named components (DeviceN).
    case deviceN = 4
    /// Indices into a color table.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}

/// The device RGB space (sRGB here), as CoreGraphics' `CGColorSpaceCreateDeviceRGB()`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(model: .rgb, name: nil) }

/// The device gray space, as CoreGraphics' `CGColorSpaceCreateDeviceGray()`.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(model: .monochrome, name: nil) }

extension Color {
    /// The color's space: sRGB (every ``Color`` holds sRGB components).
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
}

/// Where a gradient paints beyond its ends, as CoreGraphics' `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Paints the first color before the start (behind the start point or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paints the last color after the end (past the end point or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// A color ramp, as CoreGraphics' `CGGradient`: colors at locations from 0 to 1.
///
/// A gradient is a value; drawing one (``CGContext/drawLinearGradient(_:start:end:options:)``,
/// ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``)
/// records it in the display list, and the SVG of the list paints it with an SVG gradient.
public struct CGGradient: Hashable, Sendable {
    /// One color stop.
    public struct Stop: Hashable, Sendable {
        /// Where the stop is along the gradient, from 0 to 1.
        public var location: CGFloat
        /// The color at the stop.
        public var color: Color
    }

    /// The stops, in increasing location.
    public let stops: [Stop]

    /// A gradient through `colors` (``Color`` values, UIKit's `CGColor`s) at `locations`
    /// (spread evenly from 0 to 1 when nil); nil when there are no colors, an element is
    /// not a color, or the locations are not one per color.
    public init?(colorsSpace space: CGColorSpace?, colors: NSArray, locations: [CGFloat]?) {
        var parsed: [Color] = []
        for element in colors {
            guard let color = element as? Color else { return nil }
            parsed.append(color)
        }
        self.init(colorsSpace: space, colors: parsed, locations: locations)
    }

    /// A gradient through `colors` at `locations` (spread evenly when nil).
    public init?(colorsSpace space: CGColorSpace?, colors: [Color], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        let spots: [CGFloat]
        if let locations {
            guard locations.count >= colors.count else { return nil }
            spots = Array(locations.prefix(colors.count))
        } else {
            spots = colors.count == 1 ? [0] : colors.indices.map { CGFloat($0) / CGFloat(colors.count - 1) }
        }
        stops = zip(spots, colors).map { Stop(location: min(max($0, 0), 1), color: $1) }.sorted { $0.location < $1.location }
    }

    /// A gradient of `count` colors given as components in `space` (red, green, blue,
    /// alpha each for RGB; gray, alpha for a gray space) at `locations` (spread evenly
    /// when nil); nil when there are too few components or locations.
    public init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat], locations: [CGFloat]?, count: Int) {
        let width = space.numberOfComponents + 1
        guard count > 0, count <= components.count / width else { return nil }
        let colors = (0..<count).map { index -> Color in
            let c = components[(index * width)..<((index + 1) * width)].map(Double.init)
            return width == 2 ? Color(red: c[0], green: c[0], blue: c[0], alpha: c[1])
                : Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }
}

extension CGContext {
    /// Paints `gradient` along the line from `start` to `end`: each line perpendicular
    /// to it in one color, clipped by the clip; `options` extend the end colors past the
    /// ends. The current path is untouched.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        record([.linearGradient(gradient, start: start, end: end, options: options)])
    }

    /// Paints `gradient` between two circles (the start color on the start circle, the
    /// end color on the end circle); `options` extend the end colors inside the start
    /// circle and outside the end circle. The current path is untouched.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        record([.radialGradient(gradient, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                endRadius: endRadius, options: options)])
    }
}
