import Lifeloop
import LifeloopCore

/// `app.describe` without `rows` or `format`: each window's elements of the app's element
/// tree (Lifeloop's `ElementTree`, the one tree every front door reads), nested as the
/// tree nests them, as the window's `views`. So the nested form shows what the rows and
/// the exports show: navigation bars with their back buttons, bar button items and
/// titles, tab bars and tabs, segments; hidden views are left out.
///
/// Each element is an object with `id` (`e12`, `e12.3` for a part), `type` (XCUITest's
/// element type), `frame` (in its parent's coordinates: where it lies in its parent's
/// content, for a scroll view's child where it lies in the content), `label` (the view's
/// trace label, which verbs name; absent for a part, which its id names), `contentOffset`
/// for a scroll view, `indexPath` for a shown cell, and `subviews` (its children) when it
/// has any. With `detail`, also its `class`, `windowFrame`, `hittable`, `visible`,
/// `accessibilityIdentifier`, `accessibilityLabel`, `value` and `placeholder` (UIKit's
/// defaults where the app set none, as the tree has them), `selected`, `enabled` (false
/// only), `focused` (true only), and what only its view says: `alpha`, `interactive`, the
/// `text` it shows, an image view's `image` and a switch's `on`. Frames are in points,
/// rounded to 0.01.
enum NestedDescribe {
    /// The deepest element nesting written: deeper elements are left out, as the reply's
    /// JSON has two levels an element (see `RPCMessage.replyDepth`).
    static let maxDepth = 64

    /// The app's elements, by window: the nested `views` of each shown window in the tree,
    /// found by its view.
    struct Tree {
        let tree: ElementTree
        let views: [View?]
        /// Each element's children, in tree order.
        let children: [[Int]]

        init(_ app: Application) {
            (tree, views) = app.elementTreeAndViews(frontDoor: true)
            var children = [[Int]](repeating: [], count: tree.elements.count)
            for (index, element) in tree.elements.enumerated() {
                if let parent = element.parent { children[parent].append(index) }
            }
            self.children = children
        }

        /// The nested elements under `window`'s element: empty for a window not in the tree
        /// (a hidden one).
        func views(of window: Window, detail: Bool) -> [JSON] {
            guard let index = tree.elements.indices.first(where: { tree.elements[$0].type == .window && views[$0] === window }) else {
                return []
            }
            return children[index].map { describe($0, depth: 0, detail: detail) }
        }

        private func describe(_ index: Int, depth: Int, detail: Bool) -> JSON {
            let element = tree.elements[index]
            var members: [String: JSON] = ["id": .string(element.id.description), "type": .string(element.type.rawValue),
                                           "frame": NestedDescribe.frame(relativeFrame(index))]
            if let label = element.viewLabel { members["label"] = .string(label) }
            if let offset = element.contentOffset { members["contentOffset"] = [.double(Double(offset.x)), .double(Double(offset.y))] }
            if let path = element.indexPath { members["indexPath"] = .array(path.map { .int($0) }) }
            if detail { addDetail(of: index, to: &members) }
            if depth < NestedDescribe.maxDepth, !children[index].isEmpty {
                members["subviews"] = .array(children[index].map { describe($0, depth: depth + 1, detail: detail) })
            }
            return .object(members)
        }

        /// What an agent needs to find and tap it: its class, where it is in its window,
        /// whether a tap reaches it, what it says, and the state a tap changes.
        private func addDetail(of index: Int, to members: inout [String: JSON]) {
            let element = tree.elements[index]
            members["class"] = .string(element.className)
            members["windowFrame"] = NestedDescribe.frame(element.frame)
            members["hittable"] = .bool(element.isHittable)
            members["visible"] = .bool(element.isVisible)
            if !element.identifier.isEmpty { members["accessibilityIdentifier"] = .string(element.identifier) }
            if !element.label.isEmpty { members["accessibilityLabel"] = .string(element.label) }
            if let value = element.value { members["value"] = .string(value) }
            if let placeholder = element.placeholder { members["placeholder"] = .string(placeholder) }
            if element.isSelected { members["selected"] = true }
            if !element.isEnabled { members["enabled"] = false }
            if element.isFocused { members["focused"] = true }
            // What the element does not carry: the view's own state.
            guard let view = views[index] else { return }
            members["alpha"] = .double(Double(view.alpha))
            members["interactive"] = .bool(view.isUserInteractionEnabled)
            if let text = NestedDescribe.text(of: view) { members["text"] = .string(text) }
            if let imageView = view as? ImageView, let name = imageView.image?.name, !name.isEmpty { members["image"] = .string(name) }
            if let toggle = view as? Switch { members["on"] = .bool(toggle.isOn) }
        }

        /// An element's frame in its parent's coordinates: its window frame less its
        /// parent's, plus the parent's content offset when the parent scrolls (so a view's
        /// is its `frame`, as its superview places it).
        private func relativeFrame(_ index: Int) -> Rect {
            let element = tree.elements[index]
            guard let parentIndex = element.parent else { return element.frame }
            let parent = tree.elements[parentIndex]
            let offset = parent.contentOffset ?? .zero
            return Rect(x: element.frame.minX - parent.frame.minX + offset.x, y: element.frame.minY - parent.frame.minY + offset.y,
                        width: element.frame.width, height: element.frame.height)
        }
    }

    /// A frame as `[x, y, width, height]`, rounded to 0.01 (as the rows round theirs).
    static func frame(_ rect: Rect) -> JSON {
        func rounded(_ value: CGFloat) -> JSON {
            let double = Double(value)
            return .double(double.isFinite ? (double * 100).rounded() / 100 : 0)
        }
        return [rounded(rect.minX), rounded(rect.minY), rounded(rect.width), rounded(rect.height)]
    }

    /// The text a view shows: a label's or a text field's text, a button's title.
    static func text(of view: View) -> String? {
        if let label = view as? Label { return label.text }
        if let field = view as? TextField { return field.text }
        if let button = view as? Button { return button.currentTitle }
        return nil
    }
}
