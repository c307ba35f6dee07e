import Foundation

/// A drawing destination that records, as CoreGraphics' `CGContext` with its Swift
/// names: every call appends ``DrawCommand``s to ``commands`` in call order, and
/// nothing is rasterized (``svgElements(for:size:idPrefix:)`` renders a list as SVG).
///
/// Calls that CoreGraphics defines through others are recorded as those others:
/// `addLines(between:)` as a move and lines, `fillEllipse(in:)` as `beginPath`, an
/// ellipse and a fill, `stroke(_:width:)` inside a save and restore, and so on.
///
/// Colors are ``Color`` values (UIKit's `CGColor` and `UIColor` are the same type here).
/// `addArc`'s `clockwise` has CoreGraphics' sense: in UIKit's y-down space `true` draws
/// counterclockwise on screen, and the arc is recorded with the flag negated (see
/// ``DrawCommand/arc(center:radius:startAngle:endAngle:clockwise:)``).
///
/// A context belongs to the thread that draws into it; it is not `Sendable`.
public final class CGContext {
    /// The commands recorded so far, in call order.
    public private(set) var commands: [DrawCommand] = []

    /// The area being drawn (the view's bounds for a `draw(_:)` pass); for information
    /// only, nothing is clipped to it.
    public let bounds: CGRect

    /// How the context makes an image, when it is an image context (see `ImageContext.swift`).
    var imageFormat: ImageContextFormat?

    /// An empty recording context for drawing into `bounds`.
    public init(bounds: CGRect = .zero) {
        self.bounds = bounds
    }

    /// Appends commands as they are (for drawing code that builds its own lists).
    public func record(_ newCommands: [DrawCommand]) {
        commands += newCommands
    }

    /// Removes every recorded command.
    public func removeAllCommands() {
        commands.removeAll()
    }

    // MARK: Graphics state

    /// Sets the fill color.
    public func setFillColor(_ color: Color) { commands.append(.setFillColor(color)) }

    /// Sets the fill color from RGBA components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(Color(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the fill color to a gray level.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        setFillColor(Color(red: gray, green: gray, blue: gray, alpha: alpha))
    }

    /// Sets the stroke color.
    public func setStrokeColor(_ color: Color) { commands.append(.setStrokeColor(color)) }

    /// Sets the stroke color from RGBA components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(Color(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the stroke color to a gray level.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        setStrokeColor(Color(red: gray, green: gray, blue: gray, alpha: alpha))
    }

    /// Sets the stroke width (default 1).
    public func setLineWidth(_ width: CGFloat) { commands.append(.setLineWidth(width)) }

    /// Sets how line ends are drawn (default `.butt`).
    public func setLineCap(_ cap: CGLineCap) { commands.append(.setLineCap(cap)) }

    /// Sets how line corners are drawn (default `.miter`).
    public func setLineJoin(_ join: CGLineJoin) { commands.append(.setLineJoin(join)) }

    /// Sets the miter limit (default 10).
    public func setMiterLimit(_ limit: CGFloat) { commands.append(.setMiterLimit(limit)) }

    /// Sets the dash pattern: alternating painted and unpainted lengths, started
    /// `phase` into the pattern; empty lengths draw solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        commands.append(.setLineDash(phase: phase, lengths: lengths))
    }

    /// Sets the global alpha, multiplied into every color painted (default 1).
    public func setAlpha(_ alpha: CGFloat) { commands.append(.setAlpha(alpha)) }

    /// Sets how painting combines with what is drawn (default `.normal`).
    public func setBlendMode(_ mode: CGBlendMode) { commands.append(.setBlendMode(mode)) }

    /// Pushes a copy of the graphics state (not the current path).
    public func saveGState() { commands.append(.saveGState) }

    /// Pops the graphics state saved last.
    public func restoreGState() { commands.append(.restoreGState) }

    /// Moves the user space origin: later coordinates are translated first.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        commands.append(.concatCTM(CGAffineTransform(translationX: tx, y: ty)))
    }

    /// Scales the user space: later coordinates are scaled first.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        commands.append(.concatCTM(CGAffineTransform(scaleX: sx, y: sy)))
    }

    /// Rotates the user space by `angle` radians (clockwise on screen in a y-down space).
    public func rotate(by angle: CGFloat) {
        commands.append(.concatCTM(CGAffineTransform(rotationAngle: angle)))
    }

    /// Prepends `transform` to the current transformation matrix.
    public func concatenate(_ transform: CGAffineTransform) {
        commands.append(.concatCTM(transform))
    }

    // MARK: Path construction

    /// Discards the current path.
    public func beginPath() { commands.append(.beginPath) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { commands.append(.moveTo(point)) }

    /// Adds a straight line from the current point.
    public func addLine(to point: CGPoint) { commands.append(.lineTo(point)) }

    /// Starts a subpath at the first point and adds lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        commands.append(.moveTo(first))
        commands += points.dropFirst().map { .lineTo($0) }
    }

    /// Adds a closed rectangle subpath.
    public func addRect(_ rect: CGRect) { commands.append(.rect(rect)) }

    /// Adds a closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect]) { commands += rects.map { .rect($0) } }

    /// Adds a closed ellipse subpath fitting `rect`.
    public func addEllipse(in rect: CGRect) { commands.append(.ellipse(in: rect)) }

    /// Adds an arc of a circle, after a line from the current point to its start if
    /// there is one. `clockwise` in CoreGraphics' sense (see the type's discussion).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        commands.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                             clockwise: !clockwise))
    }

    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        commands.append(.curveTo(end, control1: control1, control2: control2))
    }

    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        commands.append(.quadCurveTo(end, control: control))
    }

    /// Appends a path's elements to the current path.
    public func addPath(_ path: CGPath) { commands += path.elements }

    /// Closes the current subpath.
    public func closePath() { commands.append(.closePath) }

    // MARK: Painting

    /// Fills the current path by `rule`, then discards it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        commands.append(.fillPath(evenOdd: rule == .evenOdd))
    }

    /// Strokes the current path, then discards it.
    public func strokePath() { commands.append(.strokePath) }

    /// Paints the current path as `mode` says, then discards it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: commands.append(.fillPath(evenOdd: false))
        case .eoFill: commands.append(.fillPath(evenOdd: true))
        case .stroke: commands.append(.strokePath)
        case .fillStroke: commands.append(.fillStrokePath(evenOdd: false))
        case .eoFillStroke: commands.append(.fillStrokePath(evenOdd: true))
        }
    }

    /// Fills a rectangle with the fill color; the current path is untouched.
    public func fill(_ rect: CGRect) { commands.append(.fillRect(rect)) }

    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) { commands += rects.map { .fillRect($0) } }

    /// Strokes a rectangle with the current line width; the current path is untouched.
    public func stroke(_ rect: CGRect) { commands.append(.strokeRect(rect)) }

    /// Strokes a rectangle with `width`, leaving the line width as it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        commands += [.saveGState, .setLineWidth(width), .strokeRect(rect), .restoreGState]
    }

    /// Fills an ellipse fitting `rect` (discarding the current path, as CoreGraphics does).
    public func fillEllipse(in rect: CGRect) {
        commands += [.beginPath, .ellipse(in: rect), .fillPath(evenOdd: false)]
    }

    /// Strokes an ellipse fitting `rect` (discarding the current path, as CoreGraphics does).
    public func strokeEllipse(in rect: CGRect) {
        commands += [.beginPath, .ellipse(in: rect), .strokePath]
    }

    /// Strokes separate segments between each pair of points (an odd last point is
    /// ignored), discarding the current path.
    public func strokeLineSegments(between points: [CGPoint]) {
        commands.append(.beginPath)
        var index = 0
        while index + 1 < points.count {
            commands += [.moveTo(points[index]), .lineTo(points[index + 1])]
            index += 2
        }
        commands.append(.strokePath)
    }

    /// Makes a rectangle transparent, erasing what was drawn there.
    public func clear(_ rect: CGRect) { commands.append(.clearRect(rect)) }

    /// Intersects the clip with the current path filled by `rule`, then discards the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        commands.append(.clip(evenOdd: rule == .evenOdd))
    }

    /// Intersects the clip with a rectangle; the current path is untouched.
    public func clip(to rect: CGRect) { commands.append(.clipToRect(rect)) }

    // MARK: Text

    /// Draws one line of text with its baseline starting at `point`, in `color`
    /// (Lifeloop's own call; UIKit's string drawing records through it).
    public func drawText(_ text: String, at point: CGPoint, fontSize: CGFloat, color: Color) {
        commands.append(.drawText(text, at: point, fontSize: fontSize, color: color))
    }
}
