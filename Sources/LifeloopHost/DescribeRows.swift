import Lifeloop
import LifeloopCore

/// `app.describe` with `rows: true`: every view of every window as one flat row, in tree
/// order, written straight to JSON text by the app and read straight off the reader's tape
/// by the MCP server. The nested form needs two JSON levels a view and a dictionary of
/// members each; rows need neither, so a 500-view screen is described, passed on by the
/// daemon and read back without building a JSON value per field.
///
/// A row is an array of fifteen values:
///
/// ```
/// [window, depth, label, class, x, y, width, height, alpha, flags,
///  accessibilityIdentifier, accessibilityLabel, text, contentOffset, indexPath]
/// ```
///
/// `window` is the index of the window in `windows`; `depth` is 0 for a window's subview;
/// the frame is in window points, rounded to 0.01; `flags` has bit 1 for a view hidden
/// itself and bit 2 for one that takes touches; the last five are null when the view has
/// none (`contentOffset` `[x, y]` for scroll views, `indexPath` `[section, row]` for shown
/// cells).
enum DescribeRows {
    /// The number of values in a row.
    static let width = 15

    // MARK: Writing (the app)

    /// Appends the rows of `view` and its subviews (64 levels at most, as the nested form).
    static func write(_ view: View, window: Int, depth: Int, into out: inout [UInt8], first: inout Bool,
                      classNames: inout [ObjectIdentifier: String]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "["))
        number(Double(window), into: &out)
        out.append(UInt8(ascii: ","))
        number(Double(depth), into: &out)
        out.append(UInt8(ascii: ","))
        JSON.writeString(view.traceLabel, into: &out)
        out.append(UInt8(ascii: ","))
        let type = ObjectIdentifier(Swift.type(of: view))
        let className: String
        if let known = classNames[type] {
            className = known
        } else {
            className = String(describing: Swift.type(of: view))
            classNames[type] = className
        }
        JSON.writeString(className, into: &out)
        let frame = view.convert(view.bounds, to: nil)
        for value in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height] {
            out.append(UInt8(ascii: ","))
            number(rounded(Double(value)), into: &out)
        }
        out.append(UInt8(ascii: ","))
        number(Double(view.alpha), into: &out)
        out.append(UInt8(ascii: ","))
        number(Double((view.isHidden ? 1 : 0) | (view.isUserInteractionEnabled ? 2 : 0)), into: &out)
        for text in [view.accessibilityIdentifier, view.accessibilityLabel, AppHost.text(of: view)] {
            out.append(UInt8(ascii: ","))
            if let text { JSON.writeString(text, into: &out) } else { out.append(contentsOf: "null".utf8) }
        }
        out.append(UInt8(ascii: ","))
        if let scroll = view as? ScrollView {
            out.append(UInt8(ascii: "["))
            number(Double(scroll.contentOffset.x), into: &out)
            out.append(UInt8(ascii: ","))
            number(Double(scroll.contentOffset.y), into: &out)
            out.append(UInt8(ascii: "]"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(UInt8(ascii: ","))
        if let path = AppHost.indexPath(of: view) {
            out.append(contentsOf: "[\(path.0),\(path.1)]".utf8)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(UInt8(ascii: "]"))
        guard depth < 64 else { return }
        for subview in view.subviews {
            write(subview, window: window, depth: depth + 1, into: &out, first: &first, classNames: &classNames)
        }
    }

    /// A number as the nested form writes it: an integer when it is one.
    private static func number(_ value: Double, into out: inout [UInt8]) {
        JSON.double(value).write(into: &out)
    }

    /// To 0.01, as the MCP server shows frames.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    // MARK: Reading (the MCP server)

    /// Builds the tree from the result of `app.describe` with `rows: true`.
    static func tree(_ reply: JSONValue) -> ViewTree {
        var tree = ViewTree(digest: reply["digest"]?.string ?? "", turn: reply["turn"]?.int ?? 0,
                            nowMs: Double(reply["now"]?.int ?? 0) / 1e6)
        var windowNames: [String] = []
        var windowHidden: [Bool] = []
        let windows = reply["windows"].map { Array($0.elements) } ?? []
        for window in windows {
            let name = window["label"]?.string ?? ""
            windowNames.append(name)
            windowHidden.append(window["hidden"]?.bool ?? false)
            if let root = window["rootController"] { tree.addController(JSON(root), window: name, depth: 0) }
        }
        tree.windows = windowNames
        // Per depth: the view's key, whether it is hidden through its ancestors, and the
        // ordinals of the labels of its children so far.
        var keys: [String] = []
        var hiddenAbove: [Bool] = []
        var ordinals: [[String: Int]] = [[:]]
        var lastWindow = -1
        guard let rows = reply["rows"] else { return tree }
        tree.elements.reserveCapacity(rows.count)
        for row in rows.elements {
            // The fifteen fields, read in one pass over the row.
            var windowIndex = -1, depth = -1, flags = 2, count = 0
            var label = "", className = "View"
            var frame = [0.0, 0, 0, 0]
            var alpha = 1.0
            var identifier: String?, axLabel: String?, text: String?
            var contentOffset: [Double]?, indexPath: [Int]?
            for value in row.elements {
                switch count {
                case 0: windowIndex = value.int ?? -1
                case 1: depth = value.int ?? -1
                case 2: label = value.string ?? ""
                case 3: className = value.string ?? "View"
                case 4, 5, 6, 7: frame[count - 4] = value.double ?? 0
                case 8: alpha = value.double ?? 1
                case 9: flags = value.int ?? 2
                case 10: identifier = value.string
                case 11: axLabel = value.string
                case 12: text = value.string
                case 13: if value.kind == .array { contentOffset = value.elements.compactMap(\.double) }
                case 14: if value.kind == .array { indexPath = value.elements.compactMap(\.int) }
                default: break
                }
                count += 1
            }
            guard count == width, windowNames.indices.contains(windowIndex), depth >= 0, depth <= keys.count else { continue }
            if windowIndex != lastWindow {
                guard depth == 0 else { continue }
                lastWindow = windowIndex
                ordinals = [[:]]
            }
            let window = windowNames[windowIndex]
            keys.removeSubrange(depth...)
            hiddenAbove.removeSubrange(depth...)
            ordinals.removeSubrange((depth + 1)...)
            let ordinal = ordinals[depth][label, default: 0]
            ordinals[depth][label] = ordinal + 1
            let parentKey = depth == 0 ? window : keys[depth - 1]
            let key = ordinal > 0 ? parentKey + "/" + label + "#" + String(ordinal) : parentKey + "/" + label
            let hidden = (depth == 0 ? windowHidden[windowIndex] : hiddenAbove[depth - 1]) || flags & 1 != 0
            keys.append(key)
            hiddenAbove.append(hidden)
            ordinals.append([:])
            tree.elements.append(ViewTree.Element(
                ref: "@e" + String(tree.elements.count + 1), window: window, depth: depth, label: label,
                className: className, accessibilityIdentifier: identifier, accessibilityLabel: axLabel, text: text,
                frame: frame, hidden: hidden, alpha: alpha, interactive: flags & 2 != 0,
                contentOffset: contentOffset, indexPath: indexPath, key: key))
        }
        return tree
    }
}
