import Lifeloop

/// A small SVG writer: elements appended as text, numbers in one fixed format, so the
/// same picture gives the same bytes on every machine and run.
///
/// Text is placed, never measured: fonts differ between machines, so no layout depends
/// on a string's rendered width (labels are shortened by character count instead).
public struct SVGDocument: Sendable {
    /// The canvas size in pixels.
    public let width: Double
    /// The canvas height in pixels.
    public let height: Double
    private var body: [String] = []
    private var definitions: [String] = []
    private var idCount = 0

    /// A fresh id prefix for this document (`p1-`, `p2-`, …): the ids drawn under it are
    /// unique in the document and the same in every run, whatever the views are called.
    public mutating func nextIDPrefix(_ stem: String) -> String {
        idCount += 1
        return "\(stem)\(idCount)-"
    }

    /// An empty canvas.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The document's text.
    public func render(title: String? = nil) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" "
        out += "viewBox=\"0 0 \(svgNumber(width)) \(svgNumber(height))\" font-family=\"Inter, sans-serif\">\n"
        if let title { out += "<title>\(xmlEscaped(title))</title>\n" }
        if !definitions.isEmpty { out += "<defs>\n" + definitions.joined(separator: "\n") + "\n</defs>\n" }
        out += body.joined(separator: "\n")
        out += body.isEmpty ? "</svg>\n" : "\n</svg>\n"
        return out
    }

    /// Adds raw markup to `<defs>` (markers, patterns).
    public mutating func define(_ markup: String) {
        definitions.append(markup)
    }

    /// Adds one element.
    public mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil, title: String? = nil) {
        var out = "<\(name)"
        for (key, value) in attributes { out += " \(key)=\"\(xmlEscaped(value))\"" }
        if text == nil, title == nil {
            out += "/>"
        } else {
            out += ">"
            if let title { out += "<title>\(xmlEscaped(title))</title>" }
            if let text { out += xmlEscaped(text) }
            out += "</\(name)>"
        }
        body.append(out)
    }

    /// Adds a `<rect>`.
    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
                              extra: [(String, String)] = [], title: String? = nil) {
        var attributes = [("x", svgNumber(x)), ("y", svgNumber(y)), ("width", svgNumber(max(0, width))),
                          ("height", svgNumber(max(0, height))), ("fill", fill)]
        if let stroke { attributes.append(("stroke", stroke)) }
        element("rect", attributes + extra, title: title)
    }

    /// Adds a `<line>`.
    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
                              extra: [(String, String)] = []) {
        element("line", [("x1", svgNumber(x1)), ("y1", svgNumber(y1)), ("x2", svgNumber(x2)), ("y2", svgNumber(y2)),
                         ("stroke", stroke), ("stroke-width", svgNumber(width))] + extra)
    }

    /// Adds a `<text>` at a point (never measured).
    public mutating func text(_ text: String, x: Double, y: Double, size: Double = 10, fill: String = "#222",
                              anchor: String = "start", extra: [(String, String)] = []) {
        element("text", [("x", svgNumber(x)), ("y", svgNumber(y)), ("font-size", svgNumber(size)), ("fill", fill),
                         ("text-anchor", anchor)] + extra, text: text)
    }

    /// Adds markup as it is (a group's opening or closing tag).
    public mutating func raw(_ markup: String) {
        body.append(markup)
    }
}

/// A number as SVG text: at most two decimals, no trailing zeros, no `-0`.
public func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (value * 100).rounded()
    if hundredths == 0 { return "0" }
    let negative = hundredths < 0
    let magnitude = Int64(abs(hundredths))
    var out = negative ? "-" : ""
    out += String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
        out += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
    }
    return out
}

/// A label cut to fit `width` pixels at `size` by a fixed per-character allowance (no font
/// measurement), with an ellipsis; empty when not even two characters fit.
func fitted(_ label: String, width: Double, size: Double) -> String {
    let fits = Int((width - 4) / (size * 0.62))
    if label.count <= fits { return label }
    if fits < 2 { return "" }
    return String(label.prefix(fits - 1)) + "…"
}

/// A colour as `#rrggbb`.
func hexColor(red: Double, green: Double, blue: Double) -> String {
    func byte(_ value: Double) -> String {
        let scaled = Int((min(1, max(0, value.isFinite ? value : 0)) * 255).rounded())
        let text = String(scaled, radix: 16)
        return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue)
}
