import Foundation

/// Corners of a rectangle, as UIKit's `UIRectCorner`.
public struct RectCorner: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt

    /// Corners from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The top-left corner (minimum x and y).
    public static let topLeft = RectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = RectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = RectCorner(rawValue: ~0)
}

/// A path with its stroke settings, as UIKit's `UIBezierPath` (which the UIKit layer
/// names this type).
///
/// Coordinates are UIKit's, y down: `clockwise` means clockwise on screen (angles
/// increasing), the opposite of CoreGraphics' `addArc` flag there. ``fill()`` and
/// ``stroke()`` draw into the current graphics context of the thread
/// (``GraphicsContextStack``); without one they do nothing, where UIKit logs
/// "invalid context 0x0".
public final class BezierPath {
    /// The path's elements.
    private var path = CGMutablePath()
    /// The dash pattern and phase, if any.
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    /// The stroke width (default 1).
    public var lineWidth: CGFloat = 1
    /// How stroked open ends are drawn (default `.butt`).
    public var lineCapStyle: CGLineCap = .butt
    /// How stroked corners are drawn (default `.miter`).
    public var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit of stroked corners (default 10).
    public var miterLimit: CGFloat = 10
    /// The curve flatness (default 0.6); kept, not used: nothing is rasterized.
    public var flatness: CGFloat = 0.6
    /// Whether ``fill()`` and ``addClip()`` use the even-odd rule instead of nonzero winding.
    public var usesEvenOddFillRule = false

    /// An empty path.
    public init() {}

    /// A closed rectangle path, clockwise from the rectangle's origin.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse path fitting `rect`, clockwise.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rounded-rectangle path, clockwise; the radius is at most half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let standard = rect.standardized
        let radius = min(max(cornerRadius, 0), min(standard.width, standard.height) / 2)
        path.addRoundedRect(in: standard, cornerWidth: radius, cornerHeight: radius)
    }

    /// A closed rectangle path with only `corners` rounded, clockwise from the top edge.
    /// As in UIKit, the radius is `cornerRadii.width`, at most half the shorter side.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = min(max(cornerRadii.width, 0), min(r.width, r.height) / 2)
        func corner(_ which: RectCorner) -> CGFloat { corners.contains(which) ? radius : 0 }
        let topLeft = corner(.topLeft), topRight = corner(.topRight)
        let bottomLeft = corner(.bottomLeft), bottomRight = corner(.bottomRight)
        let quarter = CGFloat.pi / 2
        func arc(_ x: CGFloat, _ y: CGFloat, _ radius: CGFloat, _ from: CGFloat) {
            guard radius > 0 else { return }
            addArc(withCenter: CGPoint(x: x, y: y), radius: radius, startAngle: from, endAngle: from + quarter, clockwise: true)
        }
        move(to: CGPoint(x: r.minX + topLeft, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - topRight, y: r.minY))
        arc(r.maxX - topRight, r.minY + topRight, topRight, -quarter)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - bottomRight))
        arc(r.maxX - bottomRight, r.maxY - bottomRight, bottomRight, 0)
        addLine(to: CGPoint(x: r.minX + bottomLeft, y: r.maxY))
        arc(r.minX + bottomLeft, r.maxY - bottomLeft, bottomLeft, quarter)
        addLine(to: CGPoint(x: r.minX, y: r.minY + topLeft))
        arc(r.minX + topLeft, r.minY + topLeft, topLeft, 2 * quarter)
        close()
    }

    /// An open arc path; `clockwise` as seen on screen (angles increasing).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with `cgPath`'s elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as an immutable `CGPath`; setting it replaces the elements.
    public var cgPath: CGPath {
        get { CGPath(elements: path.storage) }
        set { path = CGMutablePath(); path.addPath(newValue) }
    }

    /// The point where the next line would start; `.zero` when there is none.
    public var currentPoint: CGPoint {
        path.currentPoint
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool {
        path.isEmpty
    }

    /// The smallest rectangle holding the path, curves' control points included;
    /// `CGRect.null` when empty.
    public var bounds: CGRect {
        path.boundingBox
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// Adds a straight line from the current point (ignored without one).
    public func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// Adds an arc of a circle, after a line from the current point to its start if
    /// there is one; `clockwise` as seen on screen (angles increasing).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.append([.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)])
    }

    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: end, control: controlPoint)
    }

    /// Closes the current subpath with a line back to its start.
    public func close() {
        path.closeSubpath()
    }

    /// Removes every element (the stroke settings stay).
    public func removeAllPoints() {
        path = CGMutablePath()
    }

    /// Appends another path's elements.
    public func append(_ other: BezierPath) {
        path.addPath(other.path)
    }

    /// Maps every point of the path by `transform`.
    public func apply(_ transform: CGAffineTransform) {
        let mapped = PathGeometry.transformed(path.storage, by: transform, hasCurrentPoint: false)
        path = CGMutablePath()
        path.append(mapped)
    }

    /// Sets the stroke's dash pattern: the first `count` lengths of `pattern` (nil or
    /// zero for solid lines), started `phase` into it.
    public func setLineDash(_ pattern: [CGFloat]?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dash = nil
            return
        }
        dash = (Array(pattern.prefix(count)), phase)
    }

    /// Fills the path in the current context's fill color (saving and restoring its
    /// state around the fill, as UIKit does).
    public func fill() {
        GraphicsContextStack.current?.record([.saveGState] + path.storage + [.fillPath(evenOdd: usesEvenOddFillRule), .restoreGState])
    }

    /// Fills the path with a blend mode and an alpha for this fill only.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        GraphicsContextStack.current?.record([.saveGState, .setBlendMode(blendMode), .setAlpha(alpha)] + path.storage
            + [.fillPath(evenOdd: usesEvenOddFillRule), .restoreGState])
    }

    /// Strokes the path in the current context's stroke color with this path's width,
    /// caps, joins, miter limit and dash (saving and restoring the context's state).
    public func stroke() {
        GraphicsContextStack.current?.record(strokeCommands([]))
    }

    /// Strokes the path with a blend mode and an alpha for this stroke only.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        GraphicsContextStack.current?.record(strokeCommands([.setBlendMode(blendMode), .setAlpha(alpha)]))
    }

    /// Intersects the current context's clip with the path (by ``usesEvenOddFillRule``).
    public func addClip() {
        GraphicsContextStack.current?.record(path.storage + [.clip(evenOdd: usesEvenOddFillRule)])
    }

    /// The commands of a stroke, `extra` state set before the path.
    private func strokeCommands(_ extra: [DrawCommand]) -> [DrawCommand] {
        var commands: [DrawCommand] = [.saveGState, .setLineWidth(lineWidth), .setLineJoin(lineJoinStyle),
                                       .setLineCap(lineCapStyle), .setMiterLimit(miterLimit)]
        if let dash { commands.append(.setLineDash(phase: dash.phase, lengths: dash.pattern)) }
        return commands + extra + path.storage + [.strokePath, .restoreGState]
    }
}
