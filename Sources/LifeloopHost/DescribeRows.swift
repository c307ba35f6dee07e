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
    /// `offset` is what the view's superview adds to a point of its bounds to place it in
    /// the window (zero for a window's subview): each view's frame in the window is found
    /// from its superview's, not by walking up to the window again.
    static func write(_ view: View, window: Int, depth: Int, offset: Point = .zero, into out: inout [UInt8], first: inout Bool,
                      classNames: inout [ObjectIdentifier: String]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        out.append(UInt8(ascii: "["))
        digits(UInt64(window), into: &out)
        out.append(UInt8(ascii: ","))
        digits(UInt64(depth), into: &out)
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
        // As `view.convert(view.bounds, to: nil)`: the bounds moved by each view's frame
        // origin less its bounds origin, up to the window.
        let bounds = view.bounds, frame = view.frame
        let placed = Point(x: offset.x + frame.minX - bounds.minX, y: offset.y + frame.minY - bounds.minY)
        func coordinate(_ value: CGFloat) {
            out.append(UInt8(ascii: ","))
            number(rounded(Double(value)), into: &out)
        }
        coordinate(bounds.origin.x + placed.x)
        coordinate(bounds.origin.y + placed.y)
        coordinate(bounds.size.width)
        coordinate(bounds.size.height)
        out.append(UInt8(ascii: ","))
        number(Double(view.alpha), into: &out)
        out.append(UInt8(ascii: ","))
        digits(UInt64((view.isHidden ? 1 : 0) | (view.isUserInteractionEnabled ? 2 : 0)), into: &out)
        func optional(_ text: String?) {
            out.append(UInt8(ascii: ","))
            if let text { JSON.writeString(text, into: &out) } else { null(into: &out) }
        }
        optional(view.accessibilityIdentifier)
        optional(view.accessibilityLabel)
        optional(AppHost.text(of: view))
        out.append(UInt8(ascii: ","))
        if let scroll = view as? ScrollView {
            out.append(UInt8(ascii: "["))
            number(Double(scroll.contentOffset.x), into: &out)
            out.append(UInt8(ascii: ","))
            number(Double(scroll.contentOffset.y), into: &out)
            out.append(UInt8(ascii: "]"))
        } else {
            null(into: &out)
        }
        out.append(UInt8(ascii: ","))
        if let path = AppHost.indexPath(of: view) {
            out.append(contentsOf: "[\(path.0),\(path.1)]".utf8)
        } else {
            null(into: &out)
        }
        out.append(UInt8(ascii: "]"))
        guard depth < 64 else { return }
        for subview in view.subviews {
            write(subview, window: window, depth: depth + 1, offset: placed, into: &out, first: &first, classNames: &classNames)
        }
    }

    /// A number as the nested form writes it (``JSON/write(into:)`` of a double): an
    /// integer when it is one. The values rows hold (frames rounded to 0.01, alphas,
    /// indices) are written digit by digit, without a String each; others as JSON writes
    /// them.
    static func number(_ value: Double, into out: inout [UInt8]) {
        // Below 1e9 two-decimal values are far apart in doubles, so the double nearest to
        // hundredths/100 prints (shortest round trip) as exactly those digits.
        if abs(value) < 1e9 {
            let hundredths = (value * 100).rounded()
            if hundredths / 100 == value {
                let whole = Int64(hundredths)
                let magnitude = whole.magnitude
                if whole < 0 { out.append(UInt8(ascii: "-")) }
                digits(magnitude / 100, into: &out)
                let fraction = magnitude % 100
                if fraction != 0 {
                    out.append(UInt8(ascii: "."))
                    out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
                    if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
                }
                return
            }
        }
        JSON.double(value).write(into: &out)
    }

    /// The decimal digits of `value`.
    @inline(__always)
    private static func digits(_ value: UInt64, into out: inout [UInt8]) {
        TraceBytes.appendDecimal(value, to: &out)
    }

    /// `null`.
    @inline(__always)
    private static func null(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "n"))
        out.append(UInt8(ascii: "u"))
        out.append(UInt8(ascii: "l"))
        out.append(UInt8(ascii: "l"))
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
        // The ordinal of each label among its siblings so far, by parent (the row index of
        // the parent, or -1 - window for a window's subviews): one table for the whole tree.
        var ordinals: [SiblingLabel: Int] = [:]
        var parents: [Int] = []
        var lastWindow = -1
        guard let rows = reply["rows"] else { return tree }
        tree.elements.reserveCapacity(rows.count)
        ordinals.reserveCapacity(rows.count)
        // Read by tape index: a handle per value would retain the document thousands of
        // times for a large screen.
        rows.document.withTape { tape in
            let all = tape.elements(of: rows.tapeIndex)
            var position = all.lowerBound
            while position < all.upperBound {
                let row = position
                position = tape.next(after: position)
                // The fifteen fields, read in one pass over the row.
                var windowIndex = -1, depth = -1, flags = 2, count = 0
                var label = "", className = "View"
                var frame = [0.0, 0, 0, 0]
                var alpha = 1.0
                var identifier: String?, axLabel: String?, text: String?
                var contentOffset: [Double]?, indexPath: [Int]?
                let fields = tape.elements(of: row)
                var field = fields.lowerBound
                while field < fields.upperBound {
                    switch count {
                    case 0: windowIndex = tape.int(field) ?? -1
                    case 1: depth = tape.int(field) ?? -1
                    case 2: label = tape.string(field) ?? ""
                    case 3: className = tape.string(field) ?? "View"
                    case 4, 5, 6, 7: frame[count - 4] = tape.double(field) ?? 0
                    case 8: alpha = tape.double(field) ?? 1
                    case 9: flags = tape.int(field) ?? 2
                    case 10: identifier = tape.string(field)
                    case 11: axLabel = tape.string(field)
                    case 12: text = tape.string(field)
                    case 13: if tape.isArray(field) { contentOffset = numbers(tape, field) { tape.double($0) } }
                    case 14: if tape.isArray(field) { indexPath = numbers(tape, field) { tape.int($0) } }
                    default: break
                    }
                    count += 1
                    field = tape.next(after: field)
                }
                guard count == width, windowNames.indices.contains(windowIndex), depth >= 0, depth <= keys.count else { continue }
                if windowIndex != lastWindow {
                    guard depth == 0 else { continue }
                    lastWindow = windowIndex
                }
                let window = windowNames[windowIndex]
                // Back to this row's parent (cheap: a row is at most one level deeper).
                if keys.count > depth {
                    keys.removeLast(keys.count - depth)
                    hiddenAbove.removeLast(hiddenAbove.count - depth)
                    parents.removeLast(parents.count - depth)
                }
                // One hash of the label: its ordinal among its siblings of that label.
                let parent = depth == 0 ? -1 - windowIndex : parents[depth - 1]
                let ordinal = takeNext(&ordinals[SiblingLabel(parent: parent, label: label), default: 0])
                let parentKey = depth == 0 ? window : keys[depth - 1]
                let key = joinedKey(parentKey, label, ordinal)
                let hidden = (depth == 0 ? windowHidden[windowIndex] : hiddenAbove[depth - 1]) || flags & 1 != 0
                keys.append(key)
                hiddenAbove.append(hidden)
                parents.append(tree.elements.count)
                tree.elements.append(ViewTree.Element(
                    ref: "@e" + String(tree.elements.count + 1), window: window, depth: depth, label: label,
                    className: className, accessibilityIdentifier: identifier, accessibilityLabel: axLabel, text: text,
                    frame: frame, hidden: hidden, alpha: alpha, interactive: flags & 2 != 0,
                    contentOffset: contentOffset, indexPath: indexPath, key: key))
            }
        }
        return tree
    }

    /// `counter`'s value, counted up by one.
    @inline(__always)
    private static func takeNext(_ counter: inout Int) -> Int {
        defer { counter += 1 }
        return counter
    }

    /// The numbers of the array at `index` that `read` reads.
    private static func numbers<Number>(_ tape: JSONTapeView, _ index: Int, _ read: (Int) -> Number?) -> [Number] {
        var out: [Number] = []
        let elements = tape.elements(of: index)
        var position = elements.lowerBound
        while position < elements.upperBound {
            if let number = read(position) { out.append(number) }
            position = tape.next(after: position)
        }
        return out
    }

    /// A label under one parent.
    struct SiblingLabel: Hashable {
        var parent: Int
        var label: String
    }

    /// `parent/label`, with `#ordinal` past the first sibling of that label, its bytes
    /// copied once into a string of the right size.
    static func joinedKey(_ parent: String, _ label: String, _ ordinal: Int) -> String {
        var parent = parent, label = label
        var suffix: [UInt8] = []
        if ordinal > 0 {
            suffix.append(UInt8(ascii: "#"))
            suffix.append(contentsOf: String(ordinal).utf8)
        }
        let count = parent.utf8.count + 1 + label.utf8.count + suffix.count
        return parent.withUTF8 { parentBytes in
            label.withUTF8 { labelBytes in
                String(unsafeUninitializedCapacity: count) { buffer in
                    var index = buffer.initialize(fromContentsOf: parentBytes)
                    buffer[index] = UInt8(ascii: "/")
                    index += 1
                    index += UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(fromContentsOf: labelBytes)
                    index += UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(fromContentsOf: suffix)
                    return index
                }
            }
        }
    }
}
