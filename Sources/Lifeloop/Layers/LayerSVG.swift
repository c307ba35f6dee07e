import Foundation

/// SVG markup for a layer and its sublayers as they show now (their presentation:
/// mid-animation values included), in the coordinates of the layer's superlayer.
///
/// Per layer, in Core Animation's order: the shadow (a blurred copy of `shadowPath`, or
/// of the layer's rounded bounds, through an SVG `feGaussianBlur` filter with a standard
/// deviation of half the shadow radius); then, inside `mask` when there is one (drawn as
/// an SVG luminance mask whose content is painted white at its alpha), the background
/// (the bounds with `cornerRadius` on the `maskedCorners`), the contents (an image's
/// name in a placeholder), the subclass's drawing (a shape layer's path, a gradient
/// layer's `linearGradient`/`radialGradient`, or a conic gradient approximated by 72
/// wedges of 5°, a text layer's text), the sublayers by `zPosition` (clipped to the
/// rounded bounds with `masksToBounds`), and the border on top. Transforms are drawn by
/// their affine part; `opacity` is a group opacity.
///
/// - Parameters:
///   - layer: The root of the tree to draw.
///   - idPrefix: Prefix of the ids of clip paths, masks, filters and gradients; give each
///     tree in one document its own.
/// - Returns: The markup, one element per line.
public func svgElements(for layer: Layer, idPrefix: String = "layer") -> String {
    var writer = LayerSVGWriter(idPrefix: xmlEscaped(idPrefix))
    writer.draw(layer)
    return writer.lines.joined(separator: "\n")
}

extension Layer {
    /// A standalone SVG document of the layer tree (see ``svgElements(for:idPrefix:)``),
    /// `size` wide and high (by default to the layer frame's far corner), on `background`.
    public func svgDocument(size: CGSize? = nil, background: Color? = .white) -> String {
        let frame = self.frame
        let canvas = size ?? CGSize(width: max(1, frame.maxX), height: max(1, frame.maxY))
        let w = LayerSVGWriter.number(canvas.width), h = LayerSVGWriter.number(canvas.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        if let background { out += "<rect width=\"\(w)\" height=\"\(h)\"\(LayerSVGWriter.paint("fill", background, white: false))/>\n" }
        let body = svgElements(for: self)
        if !body.isEmpty { out += body + "\n" }
        return out + "</svg>\n"
    }
}

struct LayerSVGWriter {
    let idPrefix: String
    var lines: [String] = []
    var nextID = 1
    /// Inside a mask: every color is white, keeping its alpha.
    var maskMode = false

    init(idPrefix: String) {
        self.idPrefix = idPrefix
    }

    mutating func newID(_ kind: String) -> String {
        defer { nextID += 1 }
        return "\(idPrefix)-\(kind)\(nextID)"
    }

    static func number(_ value: CGFloat) -> String { DisplayListSVG.number(value) }

    /// `fill="rgb(...)"` (or stroke) with its opacity; white in a mask.
    static func paint(_ kind: String, _ color: Color, white: Bool, opacity: Double = 1) -> String {
        let alpha = min(1, max(0, color.alpha.isFinite ? color.alpha : 0)) * opacity
        var out = " \(kind)=\"\(white ? "rgb(255,255,255)" : DisplayListSVG.rgb(color))\""
        if alpha < 1 { out += " \(kind)-opacity=\"\(number(alpha))\"" }
        return out
    }

    func paint(_ kind: String, _ color: Color, opacity: Double = 1) -> String {
        Self.paint(kind, color, white: maskMode, opacity: opacity)
    }

    /// Path data of a rectangle with circular corners of `radius` on `corners`.
    static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CornerMask) -> String {
        let r = rect.standardized
        let radius = max(0, min(radius.isFinite ? radius : 0, min(r.width, r.height) / 2))
        func n(_ v: CGFloat) -> String { number(v) }
        guard radius > 0, !corners.isEmpty else {
            return "M\(n(r.minX)) \(n(r.minY)) H\(n(r.maxX)) V\(n(r.maxY)) H\(n(r.minX)) Z"
        }
        let tl = corners.contains(.layerMinXMinYCorner) ? radius : 0
        let tr = corners.contains(.layerMaxXMinYCorner) ? radius : 0
        let bl = corners.contains(.layerMinXMaxYCorner) ? radius : 0
        let br = corners.contains(.layerMaxXMaxYCorner) ? radius : 0
        func arc(_ rr: CGFloat, _ x: CGFloat, _ y: CGFloat) -> String { rr > 0 ? " A\(n(rr)) \(n(rr)) 0 0 1 \(n(x)) \(n(y))" : "" }
        return "M\(n(r.minX + tl)) \(n(r.minY)) H\(n(r.maxX - tr))" + arc(tr, r.maxX, r.minY + tr)
            + " V\(n(r.maxY - br))" + arc(br, r.maxX - br, r.maxY)
            + " H\(n(r.minX + bl))" + arc(bl, r.minX, r.maxY - bl)
            + " V\(n(r.minY + tl))" + arc(tl, r.minX + tl, r.minY) + " Z"
    }

    static func matrix(_ t: CGAffineTransform) -> String {
        "matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: " ")))"
    }

    /// Draws `model` (as it shows now) in its superlayer's coordinates.
    mutating func draw(_ model: Layer) {
        let layer = model.presentationLayer()
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let bounds = layer.bounds
        let anchor = layer.anchorPoint
        let position = layer.position
        let placement = CGAffineTransform(translationX: -(bounds.minX + anchor.x * bounds.width),
                                          y: -(bounds.minY + anchor.y * bounds.height))
            .concatenating(layer.transform.affine)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        var group = "<g data-layer=\"\(xmlEscaped(model.name ?? String(describing: type(of: model))))\""
        if !placement.isIdentity { group += " transform=\"\(Self.matrix(placement))\"" }
        if layer.opacity < 1 { group += " opacity=\"\(Self.number(CGFloat(layer.opacity)))\"" }
        lines.append(group + ">")
        let shape = Self.roundedRect(bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
        drawShadow(layer, shape: shape)
        var maskOpen = false
        if let mask = model.mask {
            let id = newID("mask")
            var inner = LayerSVGWriter(idPrefix: id)
            inner.maskMode = true
            inner.draw(mask)
            let far = 1e5
            lines.append("<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"\(-far)\" y=\"\(-far)\" width=\"\(2 * far)\" height=\"\(2 * far)\">")
            lines += inner.lines
            lines.append("</mask>")
            lines.append("<g mask=\"url(#\(id))\">")
            maskOpen = true
        }
        if let color = layer.backgroundColor, color.alpha > 0 {
            lines.append("<path d=\"\(shape)\"\(paint("fill", color)) data-role=\"background\"/>")
        }
        var clipOpen = false
        if layer.masksToBounds {
            let id = newID("clip")
            lines.append("<clipPath id=\"\(id)\"><path d=\"\(shape)\"/></clipPath>")
            lines.append("<g clip-path=\"url(#\(id))\">")
            clipOpen = true
        }
        drawContents(layer, bounds: bounds)
        switch layer {
        case let shapeLayer as ShapeLayer: drawShape(shapeLayer)
        case let gradient as GradientLayer: drawGradient(gradient, bounds: bounds, shape: shape)
        case let text as TextLayer: drawText(text, bounds: bounds)
        default: break
        }
        for sublayer in model.sublayersInDrawingOrder { draw(sublayer) }
        if clipOpen { lines.append("</g>") }
        drawBorder(layer, bounds: bounds)
        if maskOpen { lines.append("</g>") }
        lines.append("</g>")
    }

    mutating func drawShadow(_ layer: Layer, shape: String) {
        guard !maskMode, layer.shadowOpacity > 0, let color = layer.shadowColor, color.alpha > 0 else { return }
        var d = shape
        if let path = layer.shadowPath {
            d = DisplayListSVG.pathData(path.elements)
        } else if let shapeLayer = layer as? ShapeLayer, layer.backgroundColor == nil, let path = shapeLayer.path {
            d = DisplayListSVG.pathData(path.elements)
        }
        guard !d.isEmpty else { return }
        let id = newID("shadow")
        let deviation = Self.number(max(0, layer.shadowRadius) / 2)
        lines.append("<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(deviation)\"/></filter>")
        let offset = layer.shadowOffset
        lines.append("<path d=\"\(d)\" transform=\"translate(\(Self.number(offset.width)) \(Self.number(offset.height)))\""
            + "\(paint("fill", color, opacity: Double(min(1, max(0, layer.shadowOpacity)))))"
            + " filter=\"url(#\(id))\" data-role=\"shadow\"/>")
    }

    mutating func drawContents(_ layer: Layer, bounds: CGRect) {
        guard let contents = layer.contents else { return }
        let name = (contents as? Image)?.name ?? String(describing: contents)
        let r = bounds
        lines.append("<rect x=\"\(Self.number(r.minX))\" y=\"\(Self.number(r.minY))\" width=\"\(Self.number(r.width))\" "
            + "height=\"\(Self.number(r.height))\"\(paint("fill", Color(red: 0.91, green: 0.933, blue: 0.969)))"
            + "\(maskMode ? "" : " stroke=\"#8aa4c8\" stroke-dasharray=\"3 2\"") data-role=\"contents\"/>")
        if !maskMode {
            lines.append("<text x=\"\(Self.number(r.midX))\" y=\"\(Self.number(r.midY + 3))\" font-size=\"9\" fill=\"#45617f\" "
                + "text-anchor=\"middle\">\(xmlEscaped("▣ " + name))</text>")
        }
    }

    mutating func drawShape(_ layer: ShapeLayer) {
        guard let path = layer.path, !path.isEmpty else { return }
        let d = DisplayListSVG.pathData(path.elements)
        if let fill = layer.fillColor, fill.alpha > 0 {
            lines.append("<path d=\"\(d)\"\(paint("fill", fill))\(layer.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : "") data-role=\"shape-fill\"/>")
        }
        guard let stroke = layer.strokeColor, stroke.alpha > 0, layer.lineWidth > 0 else { return }
        let start = Double(layer.strokeStart), end = Double(layer.strokeEnd)
        var strokeData = d
        if start > 0 || end < 1 {
            let pieces = PathFlattening.trimmed(PathFlattening.polyline(path.elements), start: start, end: end)
            guard !pieces.isEmpty else { return }
            strokeData = pieces.map { points in
                "M" + DisplayListSVG.point(points[0]) + points.dropFirst().map { " L" + DisplayListSVG.point($0) }.joined()
            }.joined(separator: " ")
        }
        var attributes = "\(paint("stroke", stroke)) fill=\"none\" stroke-width=\"\(Self.number(layer.lineWidth))\""
        if layer.lineCap != .butt { attributes += " stroke-linecap=\"\(layer.lineCap.rawValue)\"" }
        if layer.lineJoin != .miter { attributes += " stroke-linejoin=\"\(layer.lineJoin.rawValue)\"" }
        if layer.lineJoin == .miter, layer.miterLimit != 4 { attributes += " stroke-miterlimit=\"\(Self.number(max(1, layer.miterLimit)))\"" }
        if let dashes = layer.lineDashPattern, !dashes.isEmpty, dashes.contains(where: { $0.doubleValue > 0 }) {
            attributes += " stroke-dasharray=\"\(dashes.map { Self.number(max(0, CGFloat($0.doubleValue))) }.joined(separator: ","))\""
            if layer.lineDashPhase != 0 { attributes += " stroke-dashoffset=\"\(Self.number(layer.lineDashPhase))\"" }
        }
        lines.append("<path d=\"\(strokeData)\"\(attributes) data-role=\"shape-stroke\"/>")
    }

    mutating func drawGradient(_ layer: GradientLayer, bounds: CGRect, shape: String) {
        let stops = layer.stops
        guard !stops.isEmpty else { return }
        func unit(_ p: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height)
        }
        let start = unit(layer.startPoint), end = unit(layer.endPoint)
        let stopLines = stops.map { stop in
            "<stop offset=\"\(Self.number(stop.location))\"\(paint("stop-color", stop.color).replacingOccurrences(of: "stop-color-opacity", with: "stop-opacity"))/>"
        }.joined()
        let id = newID("gradient")
        switch layer.type {
        case .radial:
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else {
                lines.append("<path d=\"\(shape)\"\(paint("fill", stops[stops.count - 1].color)) data-role=\"gradient\"/>")
                return
            }
            let squash = ry / rx
            let transform = squash == 1 ? "" : " gradientTransform=\"matrix(1 0 0 \(Self.number(squash)) 0 \(Self.number(start.y * (1 - squash))))\""
            lines.append("<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.number(start.x))\" "
                + "cy=\"\(Self.number(start.y))\" r=\"\(Self.number(rx))\"\(transform)>\(stopLines)</radialGradient>")
            lines.append("<path d=\"\(shape)\" fill=\"url(#\(id))\" data-role=\"gradient\"/>")
        case .conic:
            // SVG has no conic gradient: 72 wedges of 5°, each filled with the color at its
            // middle angle, clipped to the layer's shape.
            let clip = newID("clip")
            lines.append("<clipPath id=\"\(clip)\"><path d=\"\(shape)\"/></clipPath>")
            lines.append("<g clip-path=\"url(#\(clip))\" data-role=\"gradient\" data-approximation=\"conic as 72 wedges\">")
            let startAngle = atan2(end.y - start.y, end.x - start.x)
            let radius = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot() * 2 + 1
            let wedges = 72
            for index in 0..<wedges {
                let a0 = startAngle + 2 * .pi * CGFloat(index) / CGFloat(wedges)
                // A sliver of overlap hides the seams antialiasing would leave.
                let a1 = startAngle + 2 * .pi * (CGFloat(index + 1) + 0.5) / CGFloat(wedges)
                let color = Self.color(in: stops, at: (Double(index) + 0.5) / Double(wedges))
                let p0 = CGPoint(x: start.x + radius * cos(a0), y: start.y + radius * sin(a0))
                let p1 = CGPoint(x: start.x + radius * cos(a1), y: start.y + radius * sin(a1))
                lines.append("<path d=\"M\(DisplayListSVG.point(start)) L\(DisplayListSVG.point(p0)) L\(DisplayListSVG.point(p1)) Z\"\(paint("fill", color))/>")
            }
            lines.append("</g>")
        default:
            lines.append("<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(start.x))\" "
                + "y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">\(stopLines)</linearGradient>")
            lines.append("<path d=\"\(shape)\" fill=\"url(#\(id))\" data-role=\"gradient\"/>")
        }
    }

    /// The gradient's color at `t`, between the stops around it.
    static func color(in stops: [(location: Double, color: Color)], at t: Double) -> Color {
        let sorted = stops.sorted { $0.location < $1.location }
        guard let first = sorted.first, let last = sorted.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(sorted, sorted.dropFirst()) where t >= a.location && t <= b.location {
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            return Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                         blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
        }
        return last.color
    }

    mutating func drawText(_ layer: TextLayer, bounds: CGRect) {
        guard let text = layer.text, !text.isEmpty, let color = layer.foregroundColor else { return }
        let size = layer.fontSize
        let (x, anchor): (CGFloat, String) = switch layer.alignmentMode {
        case .center: (bounds.midX, "middle")
        case .right: (bounds.maxX, "end")
        default: (bounds.minX, "start")
        }
        let y = bounds.minY + size * 0.95
        lines.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\"\(paint("fill", color))"
            + "\(anchor == "start" ? "" : " text-anchor=\"\(anchor)\"") data-role=\"text\">\(xmlEscaped(text))</text>")
    }

    mutating func drawBorder(_ layer: Layer, bounds: CGRect) {
        let width = layer.borderWidth
        guard width > 0, let color = layer.borderColor, color.alpha > 0 else { return }
        let inset = bounds.insetBy(dx: width / 2, dy: width / 2)
        guard inset.width >= 0, inset.height >= 0 else { return }
        let d = Self.roundedRect(inset, radius: max(0, layer.cornerRadius - width / 2), corners: layer.maskedCorners)
        lines.append("<path d=\"\(d)\" fill=\"none\"\(paint("stroke", color)) stroke-width=\"\(Self.number(width))\" data-role=\"border\"/>")
    }
}

extension Layer {
    /// SVG markup for the layer's own shadow alone, in its bounds' coordinates (empty
    /// without one): snapshots draw a view's shadow under the view.
    public func svgShadowElements(idPrefix: String = "shadow") -> String {
        var writer = LayerSVGWriter(idPrefix: xmlEscaped(idPrefix))
        let layer = presentationLayer()
        writer.drawShadow(layer, shape: LayerSVGWriter.roundedRect(layer.bounds, radius: layer.cornerRadius,
                                                                   corners: layer.maskedCorners))
        return writer.lines.joined(separator: "\n")
    }

    /// SVG markup for the sublayers (by `zPosition`), in the layer's bounds' coordinates
    /// (empty without any), clipped to the rounded bounds with `masksToBounds`: snapshots
    /// draw a view's added layers above its own drawing.
    public func svgSublayerElements(idPrefix: String = "sublayers") -> String {
        var writer = LayerSVGWriter(idPrefix: xmlEscaped(idPrefix))
        let sublayers = sublayersInDrawingOrder
        guard !sublayers.isEmpty else { return "" }
        if masksToBounds {
            let id = writer.newID("clip")
            let shape = LayerSVGWriter.roundedRect(bounds, radius: cornerRadius, corners: maskedCorners)
            writer.lines.append("<clipPath id=\"\(id)\"><path d=\"\(shape)\"/></clipPath>")
            writer.lines.append("<g clip-path=\"url(#\(id))\">")
        }
        for sublayer in sublayers { writer.draw(sublayer) }
        if masksToBounds { writer.lines.append("</g>") }
        return writer.lines.joined(separator: "\n")
    }
}
