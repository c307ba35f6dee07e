import Lifeloop
import LifeloopCore
import LifeloopPictures

/// The pictures and text dumps that snapshot assertions compare: an SVG (the window as
/// drawn) and the element tree as text (one line an element, what UI tests and assistive
/// technologies see), each with fixed number formatting so that the same app state gives
/// the same bytes on every machine.
public enum LifeloopSnapshot {
    /// The element tree of `window` (its part of the app's `elementTree()`) as text: a line
    /// for the window, then one line an element, indented two spaces a level, with its
    /// XCUITest type, its view's trace label, the controller whose root view it is, its
    /// label (quoted), `#identifier`, `value=`, `placeholder=`, its frame in window
    /// coordinates, and the flags that are not the usual: `disabled`, `selected`,
    /// `focused`, `not-hittable` (a control a tap at its centre would not reach) and
    /// `offscreen`. Element ids are left out: they are serials, and a golden must not
    /// change when an unrelated object is made. Hidden views are not in the tree, as UIKit
    /// leaves them out of the accessibility tree; a button's title label is part of the
    /// button.
    ///
    /// ```
    /// window main (key) 414x736
    ///   other View#1 [view of nav-root] 0,0 414x736
    ///     other inbox [view of Inbox] 0,0 414x736
    ///       staticText summary "2 messages" 20,120 300x30
    ///       button open "Open" 20,170 120x44
    ///     navigationBar #Inbox 0,20 414x44
    ///       staticText "Inbox" 184.5,20 45x44
    /// ```
    public static func tree(of window: Window) -> String {
        let header = "window \(window.traceLabel)\(window.isKeyWindow ? " (key)" : "") "
            + "\(svgNumber(window.bounds.width))x\(svgNumber(window.bounds.height))\n"
        guard let app = window.application else { return header + "  (in no app: not in an element tree)\n" }
        let (tree, views) = app.elementTreeAndViews()
        guard let index = tree.elements.indices.first(where: { tree.elements[$0].type == .window && views[$0] === window }) else {
            return header + "  (hidden: not in the element tree)\n"
        }
        return header + render(tree, views: views, subtree: tree.descendants(of: index), base: tree.elements[index].depth)
    }

    /// The element tree of `view`: its element and the elements under it, as
    /// ``tree(of:)-(Window)`` writes them (frames in window coordinates), the view's line
    /// unindented. A view that is not in the tree (in no window, hidden, or part of the
    /// element of a view above it, as a button's title label is) is one line that says so.
    public static func tree(of view: View) -> String {
        if let window = view as? Window { return tree(of: window) }
        guard let app = view.application, view.window != nil else { return "\(view.traceLabel): in no window, not in the element tree\n" }
        let (tree, views) = app.elementTreeAndViews()
        guard let index = views.firstIndex(where: { $0 === view }) else {
            var current: View? = view
            while let shown = current, !shown.isHidden { current = shown.superview }
            return current != nil ? "\(view.traceLabel): hidden, not in the element tree\n"
                : "\(view.traceLabel): part of the element of a view above it, not an element of its own\n"
        }
        return render(tree, views: views, subtree: index..<tree.descendants(of: index).upperBound, base: tree.elements[index].depth)
    }

    /// The element tree of a controller's view (the whole window when it is the window's root).
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
        let origin = snapshot.windowOrigin
        let x = rect.minX + origin.x - 4, y = rect.minY + origin.y - 4, width = rect.width + 8, height = rect.height + 8
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

    private static func render(_ tree: ElementTree, views: [View?], subtree: Range<Int>, base: Int) -> String {
        var out = ""
        for index in subtree {
            let element = tree.elements[index]
            out += String(repeating: "  ", count: element.depth - base) + element.type.rawValue
            if let label = element.viewLabel { out += " " + label }
            if let view = views[index], let controller = view.owningViewController, controller.viewIfLoaded === view {
                out += " [view of \(controller.traceLabel)]"
            }
            if !element.label.isEmpty { out += " " + quoted(element.label) }
            if !element.identifier.isEmpty { out += " #" + element.identifier }
            // An empty field's value is its placeholder (as XCUITest reads it): said once.
            if let value = element.value, value != element.placeholder { out += " value=" + quoted(value) }
            if let placeholder = element.placeholder, !placeholder.isEmpty { out += " placeholder=" + quoted(placeholder) }
            out += " " + frameText(element.frame)
            if !element.isEnabled { out += " disabled" }
            if element.isSelected { out += " selected" }
            if element.isFocused { out += " focused" }
            if !element.isVisible {
                out += " offscreen"
            } else if !element.isHittable && element.type.takesTaps {
                out += " not-hittable"
            }
            out += "\n"
        }
        return out
    }

    /// Text in double quotes, escaped as a JSON string is, so that an element stays one line.
    private static func quoted(_ text: String) -> String { JSONText.quoted(text) }

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
