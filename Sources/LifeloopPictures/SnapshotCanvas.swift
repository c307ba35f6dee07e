import Lifeloop

/// One property of a drawn shape or text beyond its geometry and paint. A shape's
/// properties are kept in order: the SVG canvas writes them as attributes in that order,
/// so the snapshot's SVG keeps its bytes; the cairo canvas reads the ones that change
/// pixels and skips the notes.
enum CanvasStyle: Equatable {
    /// The fill's opacity (`fill-opacity`).
    case fillOpacity(Double)
    /// The stroke's width (`stroke-width`).
    case strokeWidth(Double)
    /// The stroke's dash lengths (`stroke-dasharray`).
    case dash([Double])
    /// The stroke's opacity (`stroke-opacity`).
    case strokeOpacity(Double)
    /// A rectangle's corner radius (`rx`; the SVG rule clamps it to half the shorter side).
    case cornerRadius(Double)
    /// Round line ends (`stroke-linecap="round"`).
    case roundCap
    /// Bold text (`font-weight="bold"`).
    case bold
    /// A note for readers of the SVG (`data-label`, `data-role`, …): no pixels.
    case note(String, String)

    /// The SVG attribute.
    var attribute: (String, String) {
        switch self {
        case .fillOpacity(let value): ("fill-opacity", svgNumber(value))
        case .strokeWidth(let value): ("stroke-width", svgNumber(value))
        case .dash(let lengths): ("stroke-dasharray", lengths.map(svgNumber).joined(separator: " "))
        case .strokeOpacity(let value): ("stroke-opacity", svgNumber(value))
        case .cornerRadius(let value): ("rx", svgNumber(value))
        case .roundCap: ("stroke-linecap", "round")
        case .bold: ("font-weight", "bold")
        case .note(let name, let value): (name, value)
        }
    }
}

/// Where text is anchored at its point: its start, middle or end (`text-anchor`).
enum TextAnchor: String {
    case start, middle, end
}

/// What a window snapshot is drawn on: the calls ``WindowSnapshot`` makes, in drawing
/// order. Colours are `#rgb` or `#rrggbb` text, or `none`. Numbers are in the snapshot
/// document's units (points; the document is the window plus its margins and header).
///
/// ``SVGCanvas`` writes the calls as SVG text; ``CairoCanvas`` draws them with cairo.
protocol SnapshotCanvas {
    /// A rectangle, filled and then stroked (`fill` may be `none`, `stroke` nil for none).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String?,
                       style: [CanvasStyle], title: String?)
    /// Text on one line with its baseline at `y`.
    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String, anchor: TextAnchor,
                       style: [CanvasStyle])
    /// A straight line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double,
                       style: [CanvasStyle], title: String?)
    /// A circle, filled and then stroked.
    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String?)
    /// Straight segments through `points` (closed back to the first when `closed`), filled
    /// and then stroked: chevrons, checkmarks, glyphs.
    mutating func polyline(_ points: [Point], closed: Bool, fill: String, stroke: String?, style: [CanvasStyle])
    /// Moves what follows, until the matching ``popTransform()``.
    mutating func pushTranslation(x: Double, y: Double)
    /// Transforms what follows (a view's transform), until the matching ``popTransform()``.
    mutating func pushTransform(_ transform: CGAffineTransform)
    /// Ends the latest ``pushTranslation(x:y:)`` or ``pushTransform(_:)``.
    mutating func popTransform()
    /// SVG markup made by Lifeloop's layers or display lists, moved by `(x, y)`; `role`
    /// names it for readers of the SVG.
    mutating func fragment(_ markup: String, x: Double, y: Double, role: String)
    /// The status bar, hatched, over the top `height` points of a window `width` wide.
    mutating func statusBar(width: Double, height: Double, title: String)
    /// A fresh id prefix for ids drawn in a fragment (`d1-`, `d2-`, …).
    mutating func nextIDPrefix(_ stem: String) -> String
}

extension SnapshotCanvas {
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
                       style: [CanvasStyle] = [], title: String? = nil) {
        rect(x: x, y: y, width: width, height: height, fill: fill, stroke: stroke, style: style, title: title)
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String, anchor: TextAnchor = .start,
                       style: [CanvasStyle] = []) {
        self.text(text, x: x, y: y, size: size, fill: fill, anchor: anchor, style: style)
    }
}

/// The snapshot as SVG text, through ``SVGDocument``.
struct SVGCanvas: SnapshotCanvas {
    var document: SVGDocument

    init(width: Double, height: Double) {
        document = SVGDocument(width: width, height: height)
        document.define("<pattern id=\"statusbar\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#eeeeee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#bbbbbb\" stroke-width=\"2\"/></pattern>")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String?,
                       style: [CanvasStyle], title: String?) {
        document.rect(x: x, y: y, width: width, height: height, fill: fill, stroke: stroke, extra: style.map(\.attribute), title: title)
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, fill: String, anchor: TextAnchor,
                       style: [CanvasStyle]) {
        document.text(text, x: x, y: y, size: size, fill: fill, anchor: anchor.rawValue, extra: style.map(\.attribute))
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double,
                       style: [CanvasStyle], title: String?) {
        document.element("line", [("x1", svgNumber(x1)), ("y1", svgNumber(y1)), ("x2", svgNumber(x2)), ("y2", svgNumber(y2)),
                                  ("stroke", stroke), ("stroke-width", svgNumber(width))] + style.map(\.attribute), title: title)
    }

    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String?) {
        var attributes = [("cx", svgNumber(cx)), ("cy", svgNumber(cy)), ("r", svgNumber(r)), ("fill", fill)]
        if let stroke { attributes.append(("stroke", stroke)) }
        document.element("circle", attributes)
    }

    mutating func polyline(_ points: [Point], closed: Bool, fill: String, stroke: String?, style: [CanvasStyle]) {
        var attributes = [("points", points.map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " ")), ("fill", fill)]
        if let stroke { attributes.append(("stroke", stroke)) }
        document.element(closed ? "polygon" : "polyline", attributes + style.map(\.attribute))
    }

    mutating func pushTranslation(x: Double, y: Double) {
        document.raw("<g transform=\"\(translation(x, y))\">")
    }

    mutating func pushTransform(_ transform: CGAffineTransform) {
        document.raw("<g transform=\"\(matrix(transform))\">")
    }

    mutating func popTransform() {
        document.raw("</g>")
    }

    mutating func fragment(_ markup: String, x: Double, y: Double, role: String) {
        document.raw("<g transform=\"\(translation(x, y))\" data-role=\"\(role)\">")
        document.raw(markup)
        document.raw("</g>")
    }

    mutating func statusBar(width: Double, height: Double, title: String) {
        document.rect(x: 0, y: 0, width: width, height: height, fill: "url(#statusbar)",
                      extra: [("fill-opacity", "0.7"), ("data-role", "status-bar")], title: title)
    }

    mutating func nextIDPrefix(_ stem: String) -> String {
        document.nextIDPrefix(stem)
    }
}

/// An SVG `translate(...)` transform.
func translation(_ x: Double, _ y: Double) -> String {
    "translate(\(svgNumber(x)) \(svgNumber(y)))"
}

/// An SVG `matrix(...)` transform.
func matrix(_ t: CGAffineTransform) -> String {
    "matrix(\(svgNumber(t.a)) \(svgNumber(t.b)) \(svgNumber(t.c)) \(svgNumber(t.d)) \(svgNumber(t.tx)) \(svgNumber(t.ty)))"
}
