import Lifeloop

/// A window as drawn at one moment: every view a rectangle at its presentation frame, in
/// window coordinates, in drawing order (a superview before its subviews, a later subview
/// above an earlier one, so presented controllers' views lie above their presenters).
///
/// Built on the window's loop thread; the value is plain data and can go anywhere.
public struct WindowSnapshot: Sendable, Equatable {
    /// One view.
    public struct Node: Sendable, Equatable {
        /// The view's label.
        public var label: String
        /// The label of the controller whose root view it is, if any.
        public var controller: String?
        /// How deep in the window's tree: the window is 0.
        public var depth: Int
        /// Its presentation frame (mid-animation values included) in window coordinates.
        public var rect: Rect
        /// Its background colour, if any.
        public var backgroundColor: Color?
        /// Its presentation alpha.
        public var alpha: Double
        /// Whether it is hidden; its subviews are left out.
        public var isHidden: Bool
    }

    /// The window's label.
    public var window: String
    /// The window's size.
    public var size: Size
    /// Whether it is the app's key window.
    public var isKeyWindow: Bool
    /// The status bar's height at the top of the screen.
    public var statusBarInset: Double
    /// The loop's time when it was taken, in nanoseconds.
    public var time: UInt64
    /// The loop's turn when it was taken.
    public var turn: UInt64
    /// The views, in drawing order.
    public var nodes: [Node]

    /// Takes the snapshot of `window` now.
    public init(_ window: Window) {
        self.window = window.label
        size = window.bounds.size
        isKeyWindow = window.isKeyWindow
        statusBarInset = window.screen.statusBarInset
        time = window.application?.loop.now.nanoseconds ?? 0
        turn = window.application?.loop.turn ?? 0
        var nodes: [Node] = []
        nodes.append(Node(label: window.label, controller: nil, depth: 0, rect: Rect(origin: .zero, size: window.bounds.size),
                          backgroundColor: window.backgroundColor, alpha: window.presentationAlpha, isHidden: window.isHidden))
        if !window.isHidden { Self.collect(window, origin: .zero, depth: 1, into: &nodes) }
        self.nodes = nodes
    }

    /// Adds `parent`'s subviews: `origin` is where `parent`'s bounds origin lies in window
    /// coordinates.
    private static func collect(_ parent: View, origin: Point, depth: Int, into nodes: inout [Node]) {
        let boundsOrigin = parent.bounds.origin
        for view in parent.subviews {
            let frame = view.presentationFrame
            let rect = Rect(x: origin.x + frame.minX - boundsOrigin.x, y: origin.y + frame.minY - boundsOrigin.y,
                            width: frame.width, height: frame.height)
            nodes.append(Node(label: view.label, controller: view.owningViewController?.label, depth: depth, rect: rect,
                              backgroundColor: view.backgroundColor, alpha: view.presentationAlpha, isHidden: view.isHidden))
            if !view.isHidden { collect(view, origin: rect.origin, depth: depth + 1, into: &nodes) }
        }
    }

    /// The snapshot as SVG: one `<rect>` per view (`data-label`, `data-depth`), filled
    /// with its background colour at its alpha; hidden views dashed and unfilled; each
    /// view's label (and its controller's) at its top left; the status bar hatched; a key
    /// window framed in blue with a "key" badge.
    public func svg() -> String {
        let margin = 24.0
        var document = SVGDocument(width: size.width + 2 * margin, height: size.height + 2 * margin + 18)
        document.define("<pattern id=\"statusbar\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#eeeeee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#bbbbbb\" stroke-width=\"2\"/></pattern>")
        document.rect(x: 0, y: 0, width: document.width, height: document.height, fill: "#fafafa")
        let header = "\(window)\(isKeyWindow ? " (key)" : "") at \(formatMilliseconds(time)), turn \(turn)"
        document.text(header, x: margin, y: 16, size: 12, fill: "#333")
        let top = margin + 18
        document.raw("<g transform=\"translate(\(svgNumber(margin)) \(svgNumber(top)))\">")
        // Labels of views sharing a top-left corner are stacked, not overprinted.
        var usedLabelSpots = Set<String>()
        // Labels are drawn after every rectangle, so a subview never covers its superview's.
        var labels: [(text: String, x: Double, y: Double, hidden: Bool)] = []
        for node in nodes {
            let fill = node.isHidden ? "none" : (node.backgroundColor.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) } ?? "none")
            let opacity = (node.backgroundColor?.alpha ?? 1) * node.alpha
            var extra: [(String, String)] = [("data-label", node.label), ("data-depth", String(node.depth))]
            if fill != "none", opacity < 1 { extra.append(("fill-opacity", svgNumber(opacity))) }
            extra.append(("stroke-width", "1"))
            if node.isHidden { extra.append(("stroke-dasharray", "4 3")) }
            if node.alpha < 1 { extra.append(("stroke-opacity", svgNumber(max(0.2, node.alpha)))) }
            let title = node.controller.map { "\(node.label) (view of \($0)) \(node.rect.plainDescription)" } ?? "\(node.label) \(node.rect.plainDescription)"
            document.rect(x: node.rect.minX, y: node.rect.minY, width: node.rect.width, height: node.rect.height, fill: fill,
                          stroke: node.isHidden ? "#999999" : "#555555", extra: extra, title: title)
            let name = node.controller.map { "\(node.label) · \($0)" } ?? node.label
            let shown = fitted(name, width: node.rect.width, size: 9)
            var labelY = node.rect.minY + 11
            while usedLabelSpots.contains("\(svgNumber(node.rect.minX)),\(svgNumber(labelY))") { labelY += 11 }
            if !shown.isEmpty, labelY + 2 <= node.rect.maxY {
                usedLabelSpots.insert("\(svgNumber(node.rect.minX)),\(svgNumber(labelY))")
                labels.append((shown, node.rect.minX + 3, labelY, node.isHidden))
            }
        }
        for label in labels {
            document.text(label.text, x: label.x, y: label.y, size: 9, fill: label.hidden ? "#888" : "#111")
        }
        if statusBarInset > 0 {
            document.rect(x: 0, y: 0, width: size.width, height: statusBarInset, fill: "url(#statusbar)",
                          extra: [("fill-opacity", "0.7"), ("data-role", "status-bar")], title: "status bar, \(svgNumber(statusBarInset)) pt")
        }
        if isKeyWindow {
            document.rect(x: -2, y: -2, width: size.width + 4, height: size.height + 4, fill: "none", stroke: "#1a73e8",
                          extra: [("stroke-width", "3"), ("data-role", "key-window")])
            document.rect(x: size.width - 34, y: -16, width: 34, height: 14, fill: "#1a73e8")
            document.text("key", x: size.width - 17, y: -5, size: 10, fill: "#fff", anchor: "middle")
        }
        document.raw("</g>")
        return document.render(title: "Lifeloop snapshot of \(window)")
    }
}

extension Window {
    /// The window as drawn now, as SVG text (see ``WindowSnapshot/svg()``): every view a
    /// rectangle at its presentation frame. Call it on the app's loop thread.
    public func snapshot() -> String {
        WindowSnapshot(self).svg()
    }
}

/// Nanoseconds as milliseconds with up to three decimals: `1234.5ms`.
func formatMilliseconds(_ nanoseconds: UInt64) -> String {
    let micros = nanoseconds / 1000
    let whole = micros / 1000
    let fraction = micros % 1000
    if fraction == 0 { return "\(whole)ms" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)ms"
}
