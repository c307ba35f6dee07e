import Foundation

/// A layer that draws a path, filled and stroked: Core Animation's `CAShapeLayer`.
///
/// The shape is drawn above the background and below the sublayers, in the layer's
/// coordinates. Defaults as in Core Animation: fill opaque black, no stroke, line width
/// 1, butt caps, miter joins (limit 10), nonzero fill rule, stroke from 0 to 1.
/// `strokeStart` and `strokeEnd` trim the stroke (not the fill) to that part of the
/// path's length.
open class ShapeLayer: Layer {
    /// The line cap: Core Animation's `CAShapeLayerLineCap`.
    public struct LineCap: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Lines end flat at the endpoint.
        public static let butt = LineCap(rawValue: "butt")
        /// Lines end with a half circle past the endpoint.
        public static let round = LineCap(rawValue: "round")
        /// Lines end with a half square past the endpoint.
        public static let square = LineCap(rawValue: "square")
    }

    /// The line join: Core Animation's `CAShapeLayerLineJoin`.
    public struct LineJoin: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Corners are sharp (up to the miter limit).
        public static let miter = LineJoin(rawValue: "miter")
        /// Corners are rounded.
        public static let round = LineJoin(rawValue: "round")
        /// Corners are cut off flat.
        public static let bevel = LineJoin(rawValue: "bevel")
    }

    /// The fill rule: Core Animation's `CAShapeLayerFillRule`.
    public struct FillRule: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A point is inside if the path winds around it a nonzero number of times.
        public static let nonZero = FillRule(rawValue: "non-zero")
        /// A point is inside if a ray from it crosses the path an odd number of times.
        public static let evenOdd = FillRule(rawValue: "even-odd")
    }

    /// The path, in the layer's coordinates.
    public var path: CGPath?
    /// The fill color; nil fills nothing.
    public var fillColor: Color? = .black { willSet { changed("fillColor", from: .color(fillColor)) } }
    /// The stroke color; nil strokes nothing.
    public var strokeColor: Color? { willSet { changed("strokeColor", from: .color(strokeColor)) } }
    /// The stroke's width.
    public var lineWidth: CGFloat = 1 { willSet { changed("lineWidth", from: .number(Double(lineWidth))) } }
    /// Where the stroke starts, as a fraction of the path's length.
    public var strokeStart: CGFloat = 0 { willSet { changed("strokeStart", from: .number(Double(strokeStart))) } }
    /// Where the stroke ends, as a fraction of the path's length.
    public var strokeEnd: CGFloat = 1 { willSet { changed("strokeEnd", from: .number(Double(strokeEnd))) } }
    /// Dash lengths, alternately painted and skipped; nil for a solid line.
    public var lineDashPattern: [NSNumber]?
    /// How far into the dash pattern the line starts.
    public var lineDashPhase: CGFloat = 0 { willSet { changed("lineDashPhase", from: .number(Double(lineDashPhase))) } }
    /// The ends of open lines.
    public var lineCap: LineCap = .butt
    /// The corners of lines.
    public var lineJoin: LineJoin = .miter
    /// The miter limit.
    public var miterLimit: CGFloat = 10 { willSet { changed("miterLimit", from: .number(Double(miterLimit))) } }
    /// The fill rule.
    public var fillRule: FillRule = .nonZero

    public required init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let shape = other as? ShapeLayer else { return }
        path = shape.path
        fillColor = shape.fillColor
        strokeColor = shape.strokeColor
        lineWidth = shape.lineWidth
        strokeStart = shape.strokeStart
        strokeEnd = shape.strokeEnd
        lineDashPattern = shape.lineDashPattern
        lineDashPhase = shape.lineDashPhase
        lineCap = shape.lineCap
        lineJoin = shape.lineJoin
        miterLimit = shape.miterLimit
        fillRule = shape.fillRule
    }

    override func layerValue(forKey key: String) -> LayerValue? {
        switch key {
        case "path": .other(path)
        case "fillColor": .color(fillColor)
        case "strokeColor": .color(strokeColor)
        case "lineWidth": .number(Double(lineWidth))
        case "strokeStart": .number(Double(strokeStart))
        case "strokeEnd": .number(Double(strokeEnd))
        case "lineDashPhase": .number(Double(lineDashPhase))
        case "miterLimit": .number(Double(miterLimit))
        default: super.layerValue(forKey: key)
        }
    }

    override func setLayerValue(_ value: LayerValue, forKey key: String) {
        switch (key, value) {
        case ("path", .other(let p)): path = p as? CGPath
        case ("fillColor", .color(let c)): fillColor = c
        case ("strokeColor", .color(let c)): strokeColor = c
        case ("lineWidth", .number(let n)): lineWidth = CGFloat(n)
        case ("strokeStart", .number(let n)): strokeStart = CGFloat(n)
        case ("strokeEnd", .number(let n)): strokeEnd = CGFloat(n)
        case ("lineDashPhase", .number(let n)): lineDashPhase = CGFloat(n)
        case ("miterLimit", .number(let n)): miterLimit = CGFloat(n)
        default: super.setLayerValue(value, forKey: key)
        }
    }
}

/// A layer that fills its bounds with a color gradient: Core Animation's
/// `CAGradientLayer`.
///
/// `startPoint` and `endPoint` are in unit coordinates of the bounds ((0.5, 0) to
/// (0.5, 1) by default: top to bottom). An axial gradient runs along that line; a radial
/// one is centered on `startPoint` and reaches the last color at `endPoint` (an ellipse
/// whose radii are the distances in x and y); a conic one turns about `startPoint`,
/// starting towards `endPoint`. `locations` place the colors (evenly spaced when nil).
open class GradientLayer: Layer {
    /// The kind of gradient: Core Animation's `CAGradientLayerType`.
    public struct GradientType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Colors vary along the line from the start point to the end point.
        public static let axial = GradientType(rawValue: "axial")
        /// Colors vary with the distance from the start point (an ellipse reaching the end point).
        public static let radial = GradientType(rawValue: "radial")
        /// Colors vary with the angle around the start point.
        public static let conic = GradientType(rawValue: "conic")
    }

    /// The colors (``Color`` values, which `CGColor` is here).
    public var colors: [Any]?
    /// Where each color lies, 0...1.
    public var locations: [NSNumber]?
    /// Where the gradient starts, in unit coordinates.
    public var startPoint = CGPoint(x: 0.5, y: 0) { willSet { changed("startPoint", from: .point(startPoint)) } }
    /// Where it ends, in unit coordinates.
    public var endPoint = CGPoint(x: 0.5, y: 1) { willSet { changed("endPoint", from: .point(endPoint)) } }
    /// The kind of gradient.
    public var type: GradientType = .axial

    public required init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The colors as ``Color`` values (anything else is left out).
    public var gradientColors: [Color] { (colors ?? []).compactMap { $0 as? Color } }

    /// The stops: each color with its location.
    var stops: [(location: Double, color: Color)] {
        let list = gradientColors
        guard !list.isEmpty else { return [] }
        if let locations, locations.count == list.count {
            return zip(locations, list).map { (min(1, max(0, $0.doubleValue)), $1) }
        }
        guard list.count > 1 else { return [(0, list[0])] }
        return list.enumerated().map { (Double($0.offset) / Double(list.count - 1), $0.element) }
    }

    override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let gradient = other as? GradientLayer else { return }
        colors = gradient.colors
        locations = gradient.locations
        startPoint = gradient.startPoint
        endPoint = gradient.endPoint
        type = gradient.type
    }

    override func layerValue(forKey key: String) -> LayerValue? {
        switch key {
        case "startPoint": .point(startPoint)
        case "endPoint": .point(endPoint)
        case "colors": .other(colors)
        case "locations": .other(locations)
        default: super.layerValue(forKey: key)
        }
    }

    override func setLayerValue(_ value: LayerValue, forKey key: String) {
        switch (key, value) {
        case ("startPoint", .point(let p)): startPoint = p
        case ("endPoint", .point(let p)): endPoint = p
        case ("colors", .other(let c)): colors = c as? [Any]
        case ("locations", .other(let l)): locations = l as? [NSNumber]
        default: super.setLayerValue(value, forKey: key)
        }
    }
}

/// A layer that draws a line of text: Core Animation's `CATextLayer`.
///
/// Defaults as in Core Animation: 36-point text in opaque white, natural alignment. The
/// text is placed at the top of the bounds (one line; `isWrapped` is kept as data) and
/// never measured.
open class TextLayer: Layer {
    /// How the text lines up: Core Animation's `CATextLayerAlignmentMode`.
    public struct AlignmentMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Aligned as the script's direction has it (left for left-to-right text).
        public static let natural = AlignmentMode(rawValue: "natural")
        /// Aligned to the left edge.
        public static let left = AlignmentMode(rawValue: "left")
        /// Aligned to the right edge.
        public static let right = AlignmentMode(rawValue: "right")
        /// Centered.
        public static let center = AlignmentMode(rawValue: "center")
        /// Justified to both edges.
        public static let justified = AlignmentMode(rawValue: "justified")
    }

    /// The text: a `String` (anything else is drawn as its description).
    public var string: Any?
    /// The font: a ``Font`` or a font name (its size is ``fontSize``).
    public var font: Any?
    /// The text's size in points.
    public var fontSize: CGFloat = 36 { willSet { changed("fontSize", from: .number(Double(fontSize))) } }
    /// The text's color.
    public var foregroundColor: Color? = .white { willSet { changed("foregroundColor", from: .color(foregroundColor)) } }
    /// How the text lines up in the bounds.
    public var alignmentMode: AlignmentMode = .natural
    /// Whether the text wraps (data).
    public var isWrapped = false
    /// How text too long for the bounds is cut (data).
    public var truncationMode: String = "none"

    public required init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The text drawn.
    public var text: String? {
        switch string {
        case nil: nil
        case let text as String: text
        case let other?: String(describing: other)
        }
    }

    override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let text = other as? TextLayer else { return }
        string = text.string
        font = text.font
        fontSize = text.fontSize
        foregroundColor = text.foregroundColor
        alignmentMode = text.alignmentMode
        isWrapped = text.isWrapped
    }

    override func layerValue(forKey key: String) -> LayerValue? {
        switch key {
        case "fontSize": .number(Double(fontSize))
        case "foregroundColor": .color(foregroundColor)
        default: super.layerValue(forKey: key)
        }
    }

    override func setLayerValue(_ value: LayerValue, forKey key: String) {
        switch (key, value) {
        case ("fontSize", .number(let n)): fontSize = CGFloat(n)
        case ("foregroundColor", .color(let c)): foregroundColor = c
        default: super.setLayerValue(value, forKey: key)
        }
    }
}
