import Foundation
import Lifeloop

/// A window snapshot drawn straight onto a cairo context: rectangles, lines, circles and the
/// status bar's hatch as cairo paths, text as Inter's glyphs at the positions Lifeloop
/// measured them at (`Font.glyphPositions(of:)`, the font files opened through
/// cairo-ft), and the SVG fragments Lifeloop's layers and display lists make
/// (shadows, sublayers, `draw(_:)`) by librsvg onto the same context, in their place in the
/// drawing order.
///
/// It draws what the snapshot's SVG draws, without writing the SVG and without librsvg
/// turning each glyph into a path (most of the time librsvg spends on a snapshot). Text is
/// placed as the SVG places it, and is exactly as wide as Lifeloop measures it. A line with
/// a character Inter lacks, or any line when Inter or FreeType is missing, is drawn with
/// cairo's toy font API in DejaVu Sans instead.
///
/// Used only under ``SVGRasterizer``'s lock: cairo contexts and fontconfig are not shared
/// between threads here.
struct CairoCanvas: SnapshotCanvas {
    private let c: RasterLibraries
    private let context: UnsafeMutableRawPointer?
    /// The document's size, in its units.
    private let documentWidth: Double, documentHeight: Double
    /// Where the document lies on the surface, in pixels: its origin and scale.
    private let offsetX: Double, offsetY: Double, scale: Double
    /// The open groups, outermost first, as SVG transforms (fragments are drawn inside the
    /// same groups), and whether each one draws nothing (a singular transform).
    private var groups: [(svg: String, invisible: Bool)] = []
    private var invisibleGroups = 0
    private var idCount = 0
    private var font: (size: Double, bold: Bool, inter: Bool)?
    /// The first fragment librsvg could not read or draw.
    private(set) var failure: String?

    init(libraries: RasterLibraries, context: UnsafeMutableRawPointer?, documentWidth: Double, documentHeight: Double,
         offsetX: Double, offsetY: Double, scale: Double) {
        c = libraries
        self.context = context
        self.documentWidth = documentWidth
        self.documentHeight = documentHeight
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
        c.cairoTranslate(context, offsetX, offsetY)
        c.cairoScale(context, scale, scale)
        // Unhinted outlines at their exact advances, as librsvg sets text: the same glyph
        // positions at every scale. Grey antialiasing, pinned rather than left to the
        // machine's fontconfig settings, so the pixels are the same on every machine.
        let options = c.cairoFontOptionsCreate()
        c.cairoFontOptionsSetHintStyle(options, 1 /* CAIRO_HINT_STYLE_NONE */)
        c.cairoFontOptionsSetHintMetrics(options, 1 /* CAIRO_HINT_METRICS_OFF */)
        c.cairoFontOptionsSetAntialias(options, 2 /* CAIRO_ANTIALIAS_GRAY */)
        c.cairoSetFontOptions(context, options)
        c.cairoFontOptionsDestroy(options)
    }

    private var drawing: Bool { invisibleGroups == 0 }

    // MARK: Shapes

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String?,
                       style: [CanvasStyle], title: String?) {
        // SVG draws no rectangle with an empty side.
        guard drawing, finite(x, y, width, height), width > 0, height > 0 else { return }
        var radius = 0.0
        for case .cornerRadius(let value) in style { radius = value }
        if radius > 0, radius.isFinite {
            roundedRect(x: x, y: y, width: width, height: height, rx: min(radius, width / 2), ry: min(radius, height / 2))
        } else {
            c.cairoRectangle(context, x, y, width, height)
        }
        paint(fill: fill, stroke: stroke, style: style)
    }

    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String?) {
        guard drawing, finite(cx, cy, r), r > 0 else { return }
        c.cairoNewPath(context)
        c.cairoArc(context, cx, cy, r, 0, 2 * .pi)
        c.cairoClosePath(context)
        paint(fill: fill, stroke: stroke, style: [])
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double,
                       style: [CanvasStyle], title: String?) {
        guard drawing, finite(x1, y1, x2, y2) else { return }
        c.cairoNewPath(context)
        c.cairoMoveTo(context, x1, y1)
        c.cairoLineTo(context, x2, y2)
        paint(fill: "none", stroke: stroke, style: [.strokeWidth(width)] + style)
    }

    mutating func polyline(_ points: [Point], closed: Bool, fill: String, stroke: String?, style: [CanvasStyle]) {
        guard drawing, let first = points.first, points.allSatisfy({ finite($0.x, $0.y) }) else { return }
        c.cairoNewPath(context)
        c.cairoMoveTo(context, first.x, first.y)
        for point in points.dropFirst() { c.cairoLineTo(context, point.x, point.y) }
        if closed { c.cairoClosePath(context) }
        paint(fill: fill, stroke: stroke, style: style)
    }

    /// An SVG `rect` with `rx`/`ry` as a path: elliptical corners when they differ.
    private func roundedRect(x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double) {
        c.cairoNewPath(context)
        func corner(_ cx: Double, _ cy: Double, _ from: Double) {
            if rx == ry {
                c.cairoArc(context, cx, cy, rx, from, from + .pi / 2)
            } else {
                c.cairoSave(context)
                c.cairoTranslate(context, cx, cy)
                c.cairoScale(context, rx, ry)
                c.cairoArc(context, 0, 0, 1, from, from + .pi / 2)
                c.cairoRestore(context)
            }
        }
        corner(x + width - rx, y + ry, -.pi / 2)
        corner(x + width - rx, y + height - ry, 0)
        corner(x + rx, y + height - ry, .pi / 2)
        corner(x + rx, y + ry, .pi)
        c.cairoClosePath(context)
    }

    /// Fills the current path (unless `fill` is `none`), then strokes it, with the
    /// style's opacities, width and dashes (SVG's defaults otherwise: width 1, solid).
    private func paint(fill: String, stroke: String?, style: [CanvasStyle]) {
        var fillOpacity = 1.0, strokeOpacity = 1.0, strokeWidth = 1.0, dash: [Double] = [], roundCap = false
        for item in style {
            switch item {
            case .fillOpacity(let value): fillOpacity = value
            case .strokeOpacity(let value): strokeOpacity = value
            case .strokeWidth(let value): strokeWidth = value
            case .dash(let lengths): dash = lengths
            case .roundCap: roundCap = true
            case .cornerRadius, .bold, .note: break
            }
        }
        let stroked = stroke.flatMap(parseColor).map { ($0, strokeOpacity) }
        let strokes = stroked != nil && strokeWidth > 0 && strokeWidth.isFinite
        if let color = parseColor(fill) {
            setSource(color, opacity: fillOpacity)
            if strokes { c.cairoFillPreserve(context) } else { c.cairoFill(context) }
        }
        guard strokes, let (color, opacity) = stroked else {
            c.cairoNewPath(context)
            return
        }
        setSource(color, opacity: opacity)
        c.cairoSetLineWidth(context, strokeWidth)
        c.cairoSetLineCap(context, roundCap ? 1 /* CAIRO_LINE_CAP_ROUND */ : 0 /* BUTT */)
        let usable = dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 }
        if usable {
            // SVG repeats an odd-length dash list to make it even; cairo does the same.
            dash.withUnsafeBufferPointer { c.cairoSetDash(context, $0.baseAddress, Int32($0.count), 0) }
        }
        c.cairoStroke(context)
        if usable { c.cairoSetDash(context, nil, 0, 0) }
    }

    private func setSource(_ color: (Double, Double, Double), opacity: Double) {
        let alpha = opacity.isFinite ? min(1, max(0, opacity)) : 1
        c.cairoSetSourceRGBA(context, color.0, color.1, color.2, alpha)
    }

    // MARK: Text

    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String, anchor: TextAnchor,
                       style: [CanvasStyle]) {
        guard drawing, finite(x, y, size), size > 0, let color = parseColor(fill) else { return }
        let shown = svgCollapsedWhitespace(text)
        guard !shown.isEmpty else { return }
        let bold = style.contains(.bold)
        // The font Lifeloop measured a label with: bold text is a semibold-or-heavier font.
        let measured = bold ? Font.boldSystemFont(ofSize: size) : Font.systemFont(ofSize: size)
        if let faces = c.interFaces, let positions = measured.glyphPositions(of: shown) {
            if font?.size != size || font?.bold != bold || font?.inter != true {
                c.cairoSetFontFace(context, bold ? faces.bold : faces.regular)
                c.cairoSetFontSize(context, size)
                font = (size, bold, true)
            }
            let width = Double(measured.width(of: Substring(shown)))
            let start = x - (anchor == .middle ? width / 2 : anchor == .end ? width : 0)
            // cairo_glyph_t: an unsigned long index and the pen's x and y.
            let glyphs = positions.map { (UInt(truncatingIfNeeded: $0.glyph), start + Double($0.x), y) }
            setSource(color, opacity: 1)
            glyphs.withUnsafeBufferPointer { c.cairoShowGlyphs(context, UnsafeRawPointer($0.baseAddress), Int32($0.count)) }
            c.cairoNewPath(context)
            return
        }
        if font?.size != size || font?.bold != bold || font?.inter != false {
            c.cairoSelectFontFace(context, "DejaVu Sans", 0 /* CAIRO_FONT_SLANT_NORMAL */, bold ? 1 : 0 /* BOLD : NORMAL */)
            c.cairoSetFontSize(context, size)
            font = (size, bold, false)
        }
        var start = x
        if anchor != .start {
            // cairo_text_extents_t: x_bearing, y_bearing, width, height, x_advance, y_advance.
            var extents = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            withUnsafeMutablePointer(to: &extents) { c.cairoTextExtents(context, shown, UnsafeMutableRawPointer($0)) }
            start -= anchor == .middle ? extents.4 / 2 : extents.4
        }
        setSource(color, opacity: 1)
        c.cairoMoveTo(context, start, y)
        c.cairoShowText(context, shown)
        c.cairoNewPath(context)
    }

    // MARK: Groups

    mutating func pushTranslation(x: Double, y: Double) {
        c.cairoSave(context)
        let usable = x.isFinite && y.isFinite
        if usable { c.cairoTranslate(context, x, y) }
        push(translation(x, y), invisible: !usable)
    }

    mutating func pushTransform(_ transform: CGAffineTransform) {
        c.cairoSave(context)
        let t = transform
        // A singular matrix draws nothing in SVG, and would stop a cairo context for good.
        let determinant = t.a * t.d - t.b * t.c
        let usable = finite(t.a, t.b, t.c, t.d) && finite(t.tx, t.ty) && determinant.isFinite && determinant != 0
        if usable {
            var values = (t.a, t.b, t.c, t.d, t.tx, t.ty)  // cairo_matrix_t: xx, yx, xy, yy, x0, y0
            withUnsafePointer(to: &values) { c.cairoTransform(context, UnsafeRawPointer($0)) }
        }
        push(matrix(t), invisible: !usable)
    }

    private mutating func push(_ svg: String, invisible: Bool) {
        groups.append((svg, invisible))
        if invisible { invisibleGroups += 1 }
    }

    mutating func popTransform() {
        guard let group = groups.popLast() else { return }
        if group.invisible { invisibleGroups -= 1 }
        c.cairoRestore(context)
        font = nil
    }

    // MARK: Fragments

    /// librsvg draws `markup` in a document of the snapshot's size, inside the same groups
    /// as in the snapshot's SVG, onto this context: the pixels the full SVG would give there.
    mutating func fragment(_ markup: String, x: Double, y: Double, role: String) {
        guard drawing, !markup.isEmpty else { return }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(svgNumber(documentWidth))\" height=\"\(svgNumber(documentHeight))\" "
        svg += "viewBox=\"0 0 \(svgNumber(documentWidth)) \(svgNumber(documentHeight))\" font-family=\"Inter, sans-serif\">\n"
        for group in groups { svg += "<g transform=\"\(group.svg)\">" }
        svg += "<g transform=\"\(translation(x, y))\">\n" + markup + "\n</g>"
        svg += String(repeating: "</g>", count: groups.count) + "\n</svg>\n"
        var error: UnsafeMutableRawPointer?
        let handle = svg.withCString { text in
            c.rsvgHandleNewFromData(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), strlen(text), &error)
        }
        guard let handle else {
            if failure == nil { failure = "librsvg cannot read a view's \(role) SVG: \(c.consumeError(error))" }
            return
        }
        defer { c.gObjectUnref(handle) }
        c.rsvgHandleSetDPI(handle, 96)
        c.cairoSave(context)
        c.cairoIdentityMatrix(context)
        var viewport = (offsetX, offsetY, documentWidth * scale, documentHeight * scale)
        let drawn = withUnsafePointer(to: &viewport) { c.rsvgHandleRenderDocument(handle, context, UnsafeRawPointer($0), &error) }
        c.cairoRestore(context)
        if drawn == 0, failure == nil { failure = "librsvg cannot draw a view's \(role) SVG: \(c.consumeError(error))" }
    }

    mutating func nextIDPrefix(_ stem: String) -> String {
        idCount += 1
        return "\(stem)\(idCount)-"
    }

    // MARK: Status bar

    /// The SVG's `statusbar` pattern (6-point tiles of #eeeeee with a 1-point #bbbbbb
    /// stripe, turned 45°) at 70 % opacity, drawn as stripes.
    mutating func statusBar(width: Double, height: Double, title: String) {
        guard drawing, finite(width, height), width > 0, height > 0 else { return }
        c.cairoSave(context)
        c.cairoRectangle(context, 0, 0, width, height)
        c.cairoClip(context)
        c.cairoPushGroup(context)
        c.cairoSetSourceRGBA(context, 0xee / 255, 0xee / 255, 0xee / 255, 1)
        c.cairoRectangle(context, 0, 0, width, height)
        c.cairoFill(context)
        // In the pattern's (turned) space the rectangle spans u = (x + y)/√2 and
        // v = (y − x)/√2 over its corners; the stripes are u in [6k, 6k + 1].
        let root = 2.0.squareRoot()
        let us = [0, width / root, height / root, (width + height) / root]
        let vs = [0, -width / root, height / root, (height - width) / root]
        let (vMin, vMax) = (vs.min()!, vs.max()!)
        c.cairoRotate(context, .pi / 4)
        c.cairoSetSourceRGBA(context, 0xbb / 255, 0xbb / 255, 0xbb / 255, 1)
        var u = (us.min()! / 6).rounded(.down) * 6
        let uMax = us.max()!
        while u <= uMax {
            c.cairoRectangle(context, u, vMin, 1, vMax - vMin)
            u += 6
        }
        c.cairoFill(context)
        c.cairoPopGroupToSource(context)
        c.cairoPaintWithAlpha(context, 0.7)
        c.cairoRestore(context)
        font = nil
    }
}

private func finite(_ values: Double...) -> Bool {
    values.allSatisfy(\.isFinite)
}

/// `#rgb` or `#rrggbb` as components in 0...1; nil for `none` or anything else.
func parseColor(_ text: String) -> (Double, Double, Double)? {
    let utf8 = Array(text.utf8)
    guard utf8.first == UInt8(ascii: "#") else { return nil }
    func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
    let digits = utf8.dropFirst().compactMap(digit)
    guard digits.count == utf8.count - 1 else { return nil }
    switch digits.count {
    case 3: return (Double(digits[0] * 17) / 255, Double(digits[1] * 17) / 255, Double(digits[2] * 17) / 255)
    case 6: return (Double(digits[0] * 16 + digits[1]) / 255, Double(digits[2] * 16 + digits[3]) / 255,
                    Double(digits[4] * 16 + digits[5]) / 255)
    default: return nil
    }
}

/// Text as SVG shows it by default: tabs and line breaks as spaces, runs of spaces as one,
/// none at either end.
func svgCollapsedWhitespace(_ text: String) -> String {
    var plain = text.utf8.first != 0x20 && text.utf8.last != 0x20
    var previous: UInt8 = 0
    for byte in text.utf8 where plain {
        plain = byte != 0x09 && byte != 0x0A && byte != 0x0D && !(byte == 0x20 && previous == 0x20)
        previous = byte
    }
    if plain { return text }
    var out = ""
    var pendingSpace = false
    for character in text {
        if character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n" {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(character)
        }
    }
    return out
}
