import Lifeloop
import LifeloopPictures

/// The pictures and text dumps that snapshot assertions compare: an SVG (the window as
/// drawn) and a view tree (one line a view), each with fixed number formatting so that
/// the same app state gives the same bytes on every machine.
public enum LifeloopSnapshot {
    /// The view tree of `window` as text: one line a view, indented by depth, with its
    /// label, the controller whose root view it is, its frame in window coordinates and
    /// what it shows (background, alpha, text, image, switch, bar).
    ///
    /// ```
    /// window main (key) 393x852
    ///   UILayoutContainerView#1 [view of Navigation] 0,0 393x852 bg #ffffff
    ///     value 20,120 200x30 text "3"
    /// ```
    public static func tree(of window: Window) -> String {
        render(WindowSnapshot(window), nodes: nil)
    }

    /// The view tree of `view` and the views under it, as ``tree(of:)-(Window)`` writes it
    /// (frames in window coordinates). A view in no window is only its own line set,
    /// with frames relative to it.
    public static func tree(of view: View) -> String {
        if let window = view as? Window { return tree(of: window) }
        guard let (snapshot, range) = subtree(of: view) else { return detachedTree(of: view) }
        return render(snapshot, nodes: range)
    }

    /// The view tree of a controller's view (the whole window when it is the window's root).
    public static func tree(of controller: ViewController) -> String {
        guard let view = controller.viewIfLoaded else { return "\(controller.traceLabel): view not loaded\n" }
        if let window = view.window, window.rootViewController === controller { return tree(of: window) }
        return tree(of: view)
    }

    /// `window` as drawn now, as SVG (`WindowSnapshot.svg()` of LifeloopPictures).
    public static func svg(of window: Window) -> String {
        WindowSnapshot(window).svg()
    }

    /// `view` and the views under it as drawn now, as SVG: its window's picture with only
    /// those views, cropped to the view's frame. A view in no window has no picture: the
    /// SVG then says so in its text.
    public static func svg(of view: View) -> String {
        if let window = view as? Window { return svg(of: window) }
        guard let (snapshot, range) = subtree(of: view) else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"40\"><text x=\"8\" y=\"24\">\(view.traceLabel) is in no window</text></svg>\n"
        }
        var cropped = snapshot
        cropped.nodes = Array(snapshot.nodes[range])
        let rect = snapshot.nodes[range.lowerBound].rect
        // WindowSnapshot draws the window 24 points in and 42 down (under its header).
        let x = rect.minX + 24 - 4, y = rect.minY + 42 - 4, width = rect.width + 8, height = rect.height + 8
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" "
            + "viewBox=\"\(svgNumber(x)) \(svgNumber(y)) \(svgNumber(width)) \(svgNumber(height))\">\n"
            + cropped.svg() + "</svg>\n"
    }

    /// A controller's view as SVG: the whole window when it is the window's root.
    public static func svg(of controller: ViewController) -> String {
        guard let view = controller.viewIfLoaded else { return svg(of: View(frame: .zero)) }
        if let window = view.window, window.rootViewController === controller { return svg(of: window) }
        return svg(of: view)
    }

    /// The window snapshot holding `view`, and the range of its nodes that are `view`'s
    /// subtree (the view's node first).
    private static func subtree(of view: View) -> (WindowSnapshot, Range<Int>)? {
        guard let window = view.window else { return nil }
        let snapshot = WindowSnapshot(window)
        let target = view.convert(view.bounds, to: window)
        let candidates = snapshot.nodes.indices.filter { snapshot.nodes[$0].label == view.traceLabel }
        func distance(_ index: Int) -> Double {
            let rect = snapshot.nodes[index].rect
            return abs(rect.minX - target.minX) + abs(rect.minY - target.minY) + abs(rect.width - target.width)
                + abs(rect.height - target.height)
        }
        guard let start = candidates.min(by: { distance($0) < distance($1) }) else { return nil }
        let depth = snapshot.nodes[start].depth
        var end = start + 1
        while end < snapshot.nodes.count, snapshot.nodes[end].depth > depth { end += 1 }
        return (snapshot, start..<end)
    }

    private static func detachedTree(of view: View) -> String {
        var lines: [String] = []
        func walk(_ view: View, depth: Int) {
            var line = String(repeating: "  ", count: depth) + view.traceLabel
            if let controller = view.owningViewController { line += " [view of \(controller.traceLabel)]" }
            line += " " + frameText(view.frame)
            if view.isHidden { line += " hidden" }
            lines.append(line)
            if !view.isHidden { for child in view.subviews { walk(child, depth: depth + 1) } }
        }
        walk(view, depth: 0)
        return "(in no window)\n" + lines.joined(separator: "\n") + "\n"
    }

    private static func render(_ snapshot: WindowSnapshot, nodes range: Range<Int>?) -> String {
        var lines: [String] = []
        let base: Int
        if let range {
            base = snapshot.nodes[range.lowerBound].depth
        } else {
            base = 0
            lines.append("window \(snapshot.window)\(snapshot.isKeyWindow ? " (key)" : "") \(svgNumber(snapshot.size.width))x\(svgNumber(snapshot.size.height))")
        }
        for node in snapshot.nodes[(range ?? 1..<snapshot.nodes.count)] {
            var line = String(repeating: "  ", count: node.depth - base) + node.label
            if let controller = node.controller { line += " [view of \(controller)]" }
            line += " " + frameText(node.rect)
            if node.isHidden { line += " hidden" }
            if node.alpha != 1 { line += " alpha \(svgNumber(node.alpha))" }
            if let color = node.backgroundColor { line += " bg " + colorText(color) }
            let content = node.content
            if !content.lines.isEmpty {
                line += (content.isPlaceholder ? " placeholder " : " text ") + content.lines.map { "\"\($0)\"" }.joined(separator: " / ")
            }
            if let image = content.imageName { line += " image \(image)" }
            if let on = content.switchOn { line += on ? " on" : " off" }
            if content.cornerRadius > 0 { line += " corner \(svgNumber(content.cornerRadius))" }
            if content.borderWidth > 0 { line += " border \(svgNumber(content.borderWidth))" }
            if let bar = content.bar {
                if let title = bar.title { line += " title \"\(title)\"" }
                if !bar.leading.isEmpty { line += " leading " + bar.leading.joined(separator: ", ") }
                if !bar.trailing.isEmpty { line += " items " + bar.trailing.joined(separator: ", ") }
                if let selected = bar.selected { line += " selected \(selected)" }
            }
            if !content.transform.isIdentity {
                let t = content.transform
                line += " transform " + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(svgNumber).joined(separator: " ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func frameText(_ rect: Rect) -> String {
        "\(svgNumber(rect.minX)),\(svgNumber(rect.minY)) \(svgNumber(rect.width))x\(svgNumber(rect.height))"
    }

    private static func colorText(_ color: Color) -> String {
        func byte(_ value: Double) -> String {
            let scaled = Int((min(1, max(0, value.isFinite ? value : 0)) * 255).rounded())
            let hex = String(scaled, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        var text = "#" + byte(color.red) + byte(color.green) + byte(color.blue)
        if color.alpha != 1 { text += " alpha \(svgNumber(color.alpha))" }
        return text
    }
}
