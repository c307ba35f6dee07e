import Foundation

/// SVG markup for a display list, in the view's own coordinates (y down, origin at the
/// bounds' top left): the caller places it (`<g transform="translate(x,y)">`) and clips
/// it to the view.
///
/// The commands run through CoreGraphics' state machine: painting uses the state at
/// that moment (defaults: fill and stroke black, line width 1, miter limit 10), each
/// path is written in the user space current when it is painted (points added under an
/// earlier transform are mapped into it), transforms and clips become nested `<g>`
/// elements closed at the matching `restoreGState`, clips `<clipPath>` definitions.
/// Arcs become SVG `A` commands (a full turn as two halves). `clearRect` and painting in
/// the `clear` or `destinationOut` blend modes erase what was drawn before through a
/// `<mask>` covering `size` (ignored when `size` is empty). Text is placed, never
/// measured.
///
/// - Parameters:
///   - commands: The display list, as recorded by a ``CGContext``.
///   - size: The view's size.
///   - idPrefix: Prefix of the ids of clip paths and masks; give each view in one
///     document its own.
/// - Returns: One element per line; empty for a list that paints nothing.
public func svgElements(for commands: [DrawCommand], size: CGSize, idPrefix: String = "draw") -> String {
    var writer = DisplayListSVG(size: size, idPrefix: idPrefix)
    for command in commands { writer.run(command) }
    return writer.finish()
}

/// The SVG writer behind ``svgElements(for:size:idPrefix:)``.
struct DisplayListSVG {
    /// CoreGraphics' graphics state, with the SVG groups opened at this level.
    struct State {
        var ctm = CGAffineTransform.identity
        var fill = Color(red: 0, green: 0, blue: 0)
        var stroke = Color(red: 0, green: 0, blue: 0)
        var lineWidth: CGFloat = 1
        var cap = CGLineCap.butt
        var join = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dash: [CGFloat] = []
        var alpha: CGFloat = 1
        var blend = CGBlendMode.normal
        /// `<g>` elements opened since this state was saved.
        var groups = 0
    }

    let size: CGSize
    let idPrefix: String
    var state = State()
    var saved: [State] = []
    /// Output lines.
    var lines: [String] = []
    /// Every open `<g>` start tag, outermost first, with the definition line before it.
    var openTags: [(tag: String, definition: String?)] = []
    /// The current path, in runs of elements added under one transform.
    var path: [(ctm: CGAffineTransform, elements: [DrawCommand])] = []
    /// Whether anything was painted (before that, erasing does nothing).
    var painted = false
    var nextID = 1

    init(size: CGSize, idPrefix: String) {
        self.size = size
        self.idPrefix = Self.escaped(idPrefix)
    }

    mutating func run(_ command: DrawCommand) {
        switch command {
        case .beginPath:
            path.removeAll()
        case .moveTo, .lineTo, .quadCurveTo, .curveTo, .arc, .rect, .ellipse, .roundedRect, .closePath:
            if let last = path.last, last.ctm == state.ctm {
                path[path.count - 1].elements.append(command)
            } else {
                path.append((state.ctm, [command]))
            }
        case .saveGState:
            saved.append(state)
            state.groups = 0
        case .restoreGState:
            guard let previous = saved.popLast() else { return }
            closeGroups(state.groups)
            state = previous
        case .concatCTM(let t):
            guard !t.isIdentity else { return }
            state.ctm = t.concatenating(state.ctm)
            openGroup("<g transform=\"matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.number).joined(separator: " ")))\">")
        case .setFillColor(let color): state.fill = color
        case .setStrokeColor(let color): state.stroke = color
        case .setLineWidth(let width): state.lineWidth = width
        case .setLineCap(let cap): state.cap = cap
        case .setLineJoin(let join): state.join = join
        case .setMiterLimit(let limit): state.miterLimit = limit
        case let .setLineDash(phase, lengths): (state.dashPhase, state.dash) = (phase, lengths)
        case .setAlpha(let alpha): state.alpha = min(max(alpha, 0), 1)
        case .setBlendMode(let mode): state.blend = mode
        case .fillPath(let evenOdd): paintPath(fill: true, evenOdd: evenOdd, stroke: false)
        case .strokePath: paintPath(fill: false, evenOdd: false, stroke: true)
        case .fillStrokePath(let evenOdd): paintPath(fill: true, evenOdd: evenOdd, stroke: true)
        case .fillRect(let rect): paint("rect", Self.rectAttributes(rect), fill: true, evenOdd: false, stroke: false)
        case .strokeRect(let rect): paint("rect", Self.rectAttributes(rect), fill: false, evenOdd: false, stroke: true)
        case .clearRect(let rect): erase("<rect\(Self.attributes(Self.rectAttributes(rect) + [("fill", "black")]))/>")
        case .clip(let evenOdd):
            guard let d = currentPathData() else { return }
            path.removeAll()
            let id = newID("clip")
            openGroup("<g clip-path=\"url(#\(id))\">",
                      definition: "<clipPath id=\"\(id)\"><path d=\"\(d)\"\(evenOdd ? " clip-rule=\"evenodd\"" : "")/></clipPath>")
        case .clipToRect(let rect):
            let id = newID("clip")
            openGroup("<g clip-path=\"url(#\(id))\">",
                      definition: "<clipPath id=\"\(id)\"><rect\(Self.attributes(Self.rectAttributes(rect)))/></clipPath>")
        case let .linearGradient(gradient, start, end, options):
            paintLinearGradient(gradient, start: start, end: end, options: options)
        case let .radialGradient(gradient, startCenter, startRadius, endCenter, endRadius, options):
            paintRadialGradient(gradient, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                endRadius: endRadius, options: options)
        case let .drawText(text, point, fontSize, color):
            let fill = state.fill
            state.fill = color
            paint("text", [("x", Self.number(point.x)), ("y", Self.number(point.y)), ("font-size", Self.number(fontSize))],
                  fill: true, evenOdd: false, stroke: false, text: text)
            state.fill = fill
        }
    }

    /// The markup so far, every group closed.
    mutating func finish() -> String {
        closeGroups(openTags.count)
        return lines.joined(separator: "\n")
    }

    // MARK: Groups

    /// Opens a group, after the definition line it refers to if any.
    mutating func openGroup(_ tag: String, definition: String? = nil) {
        if let definition { lines.append(definition) }
        lines.append(tag)
        openTags.append((tag, definition))
        state.groups += 1
    }

    /// Closes the innermost `count` groups; one left empty is removed, with the clip
    /// path defined for it.
    mutating func closeGroups(_ count: Int) {
        for _ in 0..<count {
            let (tag, definition) = openTags.removeLast()
            guard lines.last == tag else {
                lines.append("</g>")
                continue
            }
            lines.removeLast()
            if let definition, lines.last == definition { lines.removeLast() }
        }
    }

    mutating func newID(_ kind: String) -> String {
        defer { nextID += 1 }
        return "\(idPrefix)-\(kind)\(nextID)"
    }

    // MARK: Painting

    /// Paints the current path, then discards it; nothing without a path.
    mutating func paintPath(fill: Bool, evenOdd: Bool, stroke: Bool) {
        defer { path.removeAll() }
        guard let d = currentPathData() else { return }
        paint("path", [("d", d)], fill: fill, evenOdd: evenOdd, stroke: stroke)
    }

    /// Adds one painted element with the state's colors and stroke settings, or erases
    /// its shape in the `clear` and `destinationOut` blend modes.
    mutating func paint(_ name: String, _ geometry: [(String, String)], fill: Bool, evenOdd: Bool, stroke: Bool,
                        text: String? = nil) {
        let erasing = state.blend == .clear || state.blend == .destinationOut
        let black = Color(red: 0, green: 0, blue: 0)
        func paintAttributes(_ kind: String, _ color: Color) -> [(String, String)] {
            let opacity = state.blend == .clear ? 1 : min(max(color.alpha, 0), 1) * state.alpha
            var out = [(kind, Self.rgb(erasing ? black : color))]
            if opacity < 1 { out.append(("\(kind)-opacity", Self.number(opacity))) }
            return out
        }
        var attributes = geometry
        attributes += fill ? paintAttributes("fill", state.fill) : [("fill", "none")]
        if fill, evenOdd { attributes.append(("fill-rule", "evenodd")) }
        if stroke {
            attributes += paintAttributes("stroke", state.stroke)
            attributes.append(("stroke-width", Self.number(state.lineWidth)))
            if state.cap != .butt { attributes.append(("stroke-linecap", state.cap == .round ? "round" : "square")) }
            if state.join != .miter { attributes.append(("stroke-linejoin", state.join == .round ? "round" : "bevel")) }
            if state.join == .miter, state.miterLimit != 4 {
                attributes.append(("stroke-miterlimit", Self.number(max(state.miterLimit, 1))))
            }
            if !state.dash.isEmpty {
                attributes.append(("stroke-dasharray", state.dash.map { Self.number(max($0, 0)) }.joined(separator: ",")))
                if state.dashPhase != 0 { attributes.append(("stroke-dashoffset", Self.number(state.dashPhase))) }
            }
        }
        if !erasing, let css = Self.cssBlendMode(state.blend) { attributes.append(("style", "mix-blend-mode:\(css)")) }
        let markup = text.map { "<\(name)\(Self.attributes(attributes))>\(Self.escaped($0))</\(name)>" }
            ?? "<\(name)\(Self.attributes(attributes))/>"
        if erasing {
            erase(markup)
        } else {
            lines.append(markup)
            painted = true
        }
    }

    /// Erases `shape` (black where it erases, in the current user space and clip) from
    /// everything drawn so far: what is there goes into a group masked by `size` in
    /// white minus the shape, and the open groups are reopened after it.
    mutating func erase(_ shape: String) {
        guard painted, size.width > 0, size.height > 0 else { return }
        let id = newID("mask")
        let width = Self.number(size.width), height = Self.number(size.height)
        let reopen = openTags.map(\.tag)
        lines += Array(repeating: "</g>", count: reopen.count)
        let mask = ["<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\">",
                    "<rect width=\"\(width)\" height=\"\(height)\" fill=\"white\"/>"]
            + reopen + [shape] + Array(repeating: "</g>", count: reopen.count) + ["</mask>", "<g mask=\"url(#\(id))\">"]
        lines = mask + lines + ["</g>"] + reopen
    }

    // MARK: Path data

    /// The current path as SVG path data in the current user space; nil when there is
    /// no path or the transform cannot be inverted.
    func currentPathData() -> String? {
        guard !path.isEmpty else { return nil }
        let inverse = state.ctm.inverted()
        guard state.ctm.a * state.ctm.d - state.ctm.b * state.ctm.c != 0 else { return nil }
        var elements: [DrawCommand] = []
        var cursor = PathCursor()
        for run in path {
            let t = run.ctm == state.ctm ? .identity : run.ctm.concatenating(inverse)
            elements += PathGeometry.transformed(run.elements, by: t, hasCurrentPoint: cursor.current != nil)
            for element in run.elements { _ = cursor.advance(element) }
        }
        return Self.pathData(elements)
    }

    /// SVG path data for path elements: absolute commands, one letter each followed by
    /// its numbers, separated by spaces.
    static func pathData(_ elements: [DrawCommand]) -> String {
        var parts: [String] = []
        var cursor = PathCursor()
        for element in elements {
            let hasCurrentPoint = cursor.current != nil
            switch element {
            case .moveTo(let p):
                parts.append("M" + point(p))
            case .lineTo(let p) where hasCurrentPoint:
                parts.append("L" + point(p))
            case let .quadCurveTo(p, control) where hasCurrentPoint:
                parts.append("Q" + point(control) + " " + point(p))
            case let .curveTo(p, c1, c2) where hasCurrentPoint:
                parts.append("C" + point(c1) + " " + point(c2) + " " + point(p))
            case .closePath where cursor.subpathStart != nil:
                parts.append("Z")
            case .rect(let r):
                let (x, y) = (r.origin.x, r.origin.y)
                parts.append("M\(point(r.origin)) H\(number(x + r.width)) V\(number(y + r.height)) H\(number(x)) Z")
            case .ellipse(let r):
                let radii = "\(number(r.width / 2)) \(number(r.height / 2)) 0 0 1 "
                parts.append("M\(number(r.maxX)) \(number(r.midY)) A\(radii)\(number(r.minX)) \(number(r.midY)) "
                    + "A\(radii)\(number(r.maxX)) \(number(r.midY)) Z")
            case let .roundedRect(rect, width, height):
                let (rx, ry) = PathGeometry.cornerRadii(rect, width, height)
                let r = rect.standardized
                guard rx > 0 else {
                    parts.append(pathData([.rect(r)]))
                    break
                }
                let corner = "A\(number(rx)) \(number(ry)) 0 0 1 "
                parts.append("M\(number(r.minX + rx)) \(number(r.minY)) H\(number(r.maxX - rx)) "
                    + "\(corner)\(number(r.maxX)) \(number(r.minY + ry)) V\(number(r.maxY - ry)) "
                    + "\(corner)\(number(r.maxX - rx)) \(number(r.maxY)) H\(number(r.minX + rx)) "
                    + "\(corner)\(number(r.minX)) \(number(r.maxY - ry)) V\(number(r.minY + ry)) "
                    + "\(corner)\(number(r.minX + rx)) \(number(r.minY)) Z")
            case let .arc(center, radius, startAngle, endAngle, clockwise):
                parts += arcData(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                                 clockwise: clockwise, from: cursor.current)
            default:
                break
            }
            _ = cursor.advance(element)
        }
        return parts.joined(separator: " ")
    }

    /// An arc as a line or move to its start and SVG `A` commands: a full turn as two
    /// halves, and a large arc whose ends print the same split in two, since SVG drops
    /// an arc whose ends coincide.
    static func arcData(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                        from current: CGPoint?) -> [String] {
        func at(_ angle: CGFloat) -> CGPoint {
            PathGeometry.point(center: center, radiusX: radius, radiusY: radius, angle: angle)
        }
        var parts: [String] = []
        let start = at(startAngle)
        if let current {
            if point(current) != point(start) { parts.append("L" + point(start)) }
        } else {
            parts.append("M" + point(start))
        }
        let sweep = PathGeometry.sweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        guard radius != 0, sweep != 0 else { return parts }
        let direction: CGFloat = sweep > 0 ? 1 : -1
        var pieces: [CGFloat] = []
        var remaining = abs(sweep)
        while remaining > PathGeometry.fullTurn - 1e-9 {
            pieces += [.pi, .pi]
            remaining -= PathGeometry.fullTurn
        }
        if remaining > 1e-12 {
            let from = startAngle + direction * abs(sweep) - direction * remaining
            if remaining > .pi, point(at(from)) == point(at(from + direction * remaining)) {
                pieces += [remaining / 2, remaining / 2]
            } else {
                pieces.append(remaining)
            }
        }
        let r = number(abs(radius))
        var angle = startAngle
        for piece in pieces {
            angle += direction * piece
            parts.append("A\(r) \(r) 0 \(piece > .pi ? 1 : 0) \(sweep > 0 ? 1 : 0) \(point(at(angle)))")
        }
        return parts
    }

    // MARK: Formatting

    /// A number with at most three decimals, no trailing zeros, no `-0`; 0 when not finite.
    static func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (Double(value) * 1000).rounded()
        guard thousandths != 0 else { return "0" }
        guard abs(thousandths) < 1e15 else { return String(Int64(Double(value).rounded())) }
        let magnitude = Int64(abs(thousandths))
        var text = (thousandths < 0 ? "-" : "") + String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return text
    }

    /// A point as "x y".
    static func point(_ p: CGPoint) -> String {
        number(p.x) + " " + number(p.y)
    }

    /// A color's components as `rgb(r,g,b)`, 0 to 255.
    static func rgb(_ color: Color) -> String {
        func byte(_ value: Double) -> Int { Int((min(1, max(0, value.isFinite ? value : 0)) * 255).rounded()) }
        return "rgb(\(byte(color.red)),\(byte(color.green)),\(byte(color.blue)))"
    }

    /// A rectangle's `x`, `y`, `width`, `height` attributes (standardized).
    static func rectAttributes(_ rect: CGRect) -> [(String, String)] {
        let r = rect.standardized
        return [("x", number(r.minX)), ("y", number(r.minY)), ("width", number(r.width)), ("height", number(r.height))]
    }

    /// Attributes as markup, each preceded by a space; values escaped.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// CSS `mix-blend-mode` for the blend modes it has.
    static func cssBlendMode(_ mode: CGBlendMode) -> String? {
        switch mode {
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        default: nil
        }
    }

    /// Text escaped for XML content and attribute values; control characters other than
    /// tab and newline (not allowed in XML 1.0) as U+FFFD.
    static func escaped(_ text: String) -> String {
        xmlEscaped(text)
    }
}

/// Text escaped for XML content and attribute values.
public func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        default:
            // Control characters are not allowed in XML 1.0 text; show them as U+FFFD.
            if character.value < 0x20 && character != "\n" && character != "\t" { out += "\u{FFFD}" } else { out.unicodeScalars.append(character) }
        }
    }
    return out
}
