import Foundation

/// How the ends of stroked open lines are drawn, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Hashable, Sendable {
    /// Squared off at the end point (the default).
    case butt
    /// A half circle past the end point.
    case round
    /// Squared off half the line width past the end point.
    case square
}

/// How the corners of stroked lines are drawn, as CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Hashable, Sendable {
    /// A sharp corner, up to the miter limit (the default).
    case miter
    /// A rounded corner.
    case round
    /// A corner cut off square.
    case bevel
}

/// Which areas a fill paints where subpaths overlap, as CoreGraphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Hashable, Sendable {
    /// The nonzero winding rule (the default).
    case winding
    /// The even-odd rule.
    case evenOdd
}

/// How `CGContext.drawPath(using:)` paints the current path, as CoreGraphics'
/// `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Hashable, Sendable {
    /// Fill with the nonzero winding rule.
    case fill
    /// Fill with the even-odd rule.
    case eoFill
    /// Stroke.
    case stroke
    /// Fill with the nonzero winding rule, then stroke.
    case fillStroke
    /// Fill with the even-odd rule, then stroke.
    case eoFillStroke
}

/// How painted pixels combine with those already drawn, as CoreGraphics' `CGBlendMode`.
///
/// In SVG output, `normal` and `copy` paint normally, the separable and non-separable
/// modes from `multiply` to `luminosity` become CSS `mix-blend-mode`, `clear` and
/// `destinationOut` erase what was drawn before, and the other Porter-Duff modes paint
/// normally (an approximation).
public enum CGBlendMode: Int32, Hashable, Sendable {
    /// Source over destination (the default).
    case normal
    /// Multiplies the colors.
    case multiply
    /// Multiplies the inverses.
    case screen
    /// Multiply or screen, depending on the destination.
    case overlay
    /// The darker of the two.
    case darken
    /// The lighter of the two.
    case lighten
    /// Brightens the destination.
    case colorDodge
    /// Darkens the destination.
    case colorBurn
    /// Darkens or lightens, depending on the source.
    case softLight
    /// Multiply or screen, depending on the source.
    case hardLight
    /// The difference of the two.
    case difference
    /// Like difference, with less contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Clears what is drawn under the painted area.
    case clear
    /// Replaces the destination with the source.
    case copy
    /// The source where the destination is opaque.
    case sourceIn
    /// The source where the destination is transparent.
    case sourceOut
    /// The source over the opaque destination only.
    case sourceAtop
    /// The destination over the source.
    case destinationOver
    /// The destination where the source is opaque.
    case destinationIn
    /// The destination where the source is transparent: the painted area erases.
    case destinationOut
    /// The destination over the opaque source only.
    case destinationAtop
    /// Either, but not both.
    case xor
    /// The sum, darkened.
    case plusDarker
    /// The sum, lightened.
    case plusLighter
}

/// One recorded drawing call: a view's `draw(_:)` leaves a list of these (a display
/// list) instead of pixels.
///
/// Coordinates are in the user space current when the command was recorded (the
/// view's own space, y down, transformed by earlier ``concatCTM(_:)`` commands). As in
/// CoreGraphics, path construction adds to the current path, painting and clipping
/// consume it, and the state commands change the current graphics state, which
/// ``saveGState`` and ``restoreGState`` push and pop (the current path is not part of it).
/// Initial state: fill and stroke black, line width 1, butt caps, miter joins with
/// limit 10, no dash, alpha 1, normal blending, identity transform, no clip.
public enum DrawCommand: Hashable, Sendable {
    // Path construction.

    /// Discards the current path.
    case beginPath
    /// Starts a new subpath at a point.
    case moveTo(CGPoint)
    /// A straight line from the current point.
    case lineTo(CGPoint)
    /// A quadratic Bézier curve from the current point to the first point.
    case quadCurveTo(CGPoint, control: CGPoint)
    /// A cubic Bézier curve from the current point to the first point.
    case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
    /// An arc of a circle, preceded by a line from the current point to its start if
    /// there is one (else it starts a subpath). Angles in radians from the positive x
    /// axis towards the positive y axis.
    ///
    /// `clockwise` is the direction as seen on screen in the view's y-down space, which
    /// is UIKit's sense (`UIBezierPath`): `true` means increasing angles. CoreGraphics'
    /// `addArc(…clockwise:)` flag means the opposite in a y-down space, so `CGContext` and
    /// `CGMutablePath` record its negation. The sweep runs from `startAngle` in that
    /// direction to `endAngle`, less than a full turn when `endAngle` lies behind, so
    /// `0` to `2π` clockwise is a full circle and `0` to `2π` counterclockwise is empty.
    case arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
    /// A closed rectangle subpath: origin, then along the width, then the height.
    case rect(CGRect)
    /// A closed ellipse subpath fitting a rectangle, clockwise on screen from its right end.
    case ellipse(in: CGRect)
    /// A closed rounded-rectangle subpath with elliptical corners (each radius at most
    /// half the side).
    case roundedRect(CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat)
    /// Closes the current subpath with a line to its start.
    case closePath

    // Graphics state.

    /// Pushes a copy of the graphics state.
    case saveGState
    /// Pops the graphics state saved last.
    case restoreGState
    /// Prepends a transform to the current transformation matrix: later coordinates go
    /// through it first.
    case concatCTM(CGAffineTransform)
    /// Sets the fill color.
    case setFillColor(Color)
    /// Sets the stroke color.
    case setStrokeColor(Color)
    /// Sets the stroke width.
    case setLineWidth(CGFloat)
    /// Sets the line caps.
    case setLineCap(CGLineCap)
    /// Sets the line joins.
    case setLineJoin(CGLineJoin)
    /// Sets the miter limit.
    case setMiterLimit(CGFloat)
    /// Sets the dash pattern; empty lengths mean solid lines.
    case setLineDash(phase: CGFloat, lengths: [CGFloat])
    /// Sets the global alpha, multiplied into every color painted.
    case setAlpha(CGFloat)
    /// Sets the blend mode.
    case setBlendMode(CGBlendMode)

    // Painting.

    /// Fills the current path, then discards it.
    case fillPath(evenOdd: Bool)
    /// Strokes the current path, then discards it.
    case strokePath
    /// Fills then strokes the current path, then discards it.
    case fillStrokePath(evenOdd: Bool)
    /// Fills a rectangle; the current path is untouched.
    case fillRect(CGRect)
    /// Strokes a rectangle; the current path is untouched.
    case strokeRect(CGRect)
    /// Makes a rectangle transparent, erasing what was drawn there.
    case clearRect(CGRect)
    /// Intersects the clip with the current path, then discards the path.
    case clip(evenOdd: Bool)
    /// Intersects the clip with a rectangle; the current path is untouched.
    case clipToRect(CGRect)
    /// Paints a gradient along a line, clipped by the clip; the current path is untouched.
    case linearGradient(CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions)
    /// Paints a gradient between two circles, clipped by the clip; the current path is untouched.
    case radialGradient(CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                        options: CGGradientDrawingOptions)

    // Text.

    /// Draws one line of text with its baseline starting at a point, in its own color
    /// (the UIKit layer converts `draw(at:)`'s top-left corner by the font's ascender).
    case drawText(String, at: CGPoint, fontSize: CGFloat, color: Color)

    /// Whether this command builds the current path (rather than setting state or painting).
    public var isPathConstruction: Bool {
        switch self {
        case .beginPath, .moveTo, .lineTo, .quadCurveTo, .curveTo, .arc, .rect, .ellipse, .roundedRect, .closePath:
            return true
        default:
            return false
        }
    }
}
