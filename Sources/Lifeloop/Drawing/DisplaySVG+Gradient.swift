import Foundation

/// Gradients in SVG: a `<linearGradient>` or `<radialGradient>` in user space, and the
/// area CoreGraphics paints filled with it.
extension DisplayListSVG {
    /// How far past the canvas an "extends forever" area reaches, in the current user space.
    func reach(_ points: [CGPoint]) -> CGFloat {
        let scale = max(abs(state.ctm.a) + abs(state.ctm.b), abs(state.ctm.c) + abs(state.ctm.d), 1e-6)
        let far = points.map { abs($0.x) + abs($0.y) }.max() ?? 0
        return far + 2 * (size.width + size.height) / min(scale, 1)
    }

    /// A clip path of the canvas (the view's bounds, where CoreGraphics' bitmap ends) in
    /// the current user space, for areas that would run past it; its id.
    mutating func canvasClip() -> String {
        let inverse = state.ctm.inverted()
        let corners = [CGPoint.zero, CGPoint(x: size.width, y: 0), CGPoint(x: size.width, y: size.height),
                       CGPoint(x: 0, y: size.height)].map { $0.applying(inverse) }
        let id = newID("canvas")
        lines.append("<clipPath id=\"\(id)\"><path d=\"M \(corners.map(Self.point).joined(separator: " L ")) Z\"/></clipPath>")
        return id
    }

    /// The `<stop>` elements of `gradient`, with the global alpha.
    func stopElements(_ gradient: CGGradient) -> String {
        gradient.stops.map { stop in
            let opacity = min(max(stop.color.alpha, 0), 1) * state.alpha
            return "<stop offset=\"\(Self.number(stop.location))\" stop-color=\"\(Self.rgb(stop.color))\""
                + (opacity < 1 ? " stop-opacity=\"\(Self.number(opacity))\"" : "") + "/>"
        }.joined()
    }

    /// Paints the band of a linear gradient: between the perpendiculars through `start`
    /// and `end`, widened past either end as `options` say.
    mutating func paintLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return }
        let (ux, uy) = (dx / length, dy / length)
        let far = reach([start, end])
        let from = options.contains(.drawsBeforeStartLocation) ? -far : 0
        let to = options.contains(.drawsAfterEndLocation) ? length + far : length
        func corner(_ along: CGFloat, _ across: CGFloat) -> String {
            Self.point(CGPoint(x: start.x + ux * along - uy * across, y: start.y + uy * along + ux * across))
        }
        let clip = canvasClip()
        let id = newID("gradient")
        lines.append("<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(start.x))\" "
                     + "y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">"
                     + stopElements(gradient) + "</linearGradient>")
        lines.append("<path d=\"M \(corner(from, -far)) L \(corner(to, -far)) L \(corner(to, far)) L \(corner(from, far)) Z\" "
                     + "fill=\"url(#\(id))\" clip-path=\"url(#\(clip))\" data-role=\"gradient\"/>")
        painted = true
    }

    /// Paints a radial gradient: inside the end circle (everywhere with
    /// `drawsAfterEndLocation`); SVG pads the start color inside the start circle.
    mutating func paintRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                      endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard endRadius > 0, endRadius.isFinite, startRadius.isFinite else { return }
        let clip = canvasClip()
        let id = newID("gradient")
        lines.append("<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.number(endCenter.x))\" "
                     + "cy=\"\(Self.number(endCenter.y))\" r=\"\(Self.number(endRadius))\" fx=\"\(Self.number(startCenter.x))\" "
                     + "fy=\"\(Self.number(startCenter.y))\" fr=\"\(Self.number(max(startRadius, 0)))\">"
                     + stopElements(gradient) + "</radialGradient>")
        if options.contains(.drawsAfterEndLocation) {
            let far = reach([startCenter, endCenter])
            lines.append("<rect x=\"\(Self.number(-far))\" y=\"\(Self.number(-far))\" width=\"\(Self.number(2 * far))\" "
                         + "height=\"\(Self.number(2 * far))\" fill=\"url(#\(id))\" clip-path=\"url(#\(clip))\" data-role=\"gradient\"/>")
        } else {
            lines.append("<circle cx=\"\(Self.number(endCenter.x))\" cy=\"\(Self.number(endCenter.y))\" "
                         + "r=\"\(Self.number(endRadius))\" fill=\"url(#\(id))\" clip-path=\"url(#\(clip))\" data-role=\"gradient\"/>")
        }
        painted = true
    }
}
