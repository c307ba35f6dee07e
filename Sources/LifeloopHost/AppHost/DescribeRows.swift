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
                      classNames: inout [ObjectIdentifier: ViewClass]) {
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
        let viewClass: ViewClass
        if let known = classNames[type] {
            viewClass = known
        } else {
            viewClass = ViewClass(view)
            classNames[type] = viewClass
        }
        out.append(contentsOf: viewClass.name)
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
        optional(viewClass.showsText ? AppHost.text(of: view) : nil)
        out.append(UInt8(ascii: ","))
        if viewClass.scrolls, let scroll = view as? ScrollView {
            out.append(UInt8(ascii: "["))
            number(Double(scroll.contentOffset.x), into: &out)
            out.append(UInt8(ascii: ","))
            number(Double(scroll.contentOffset.y), into: &out)
            out.append(UInt8(ascii: "]"))
        } else {
            null(into: &out)
        }
        out.append(UInt8(ascii: ","))
        if viewClass.isCell, let path = AppHost.indexPath(of: view) {
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

    /// What rows need to know of a view's class, found once per class (a cast's answer
    /// depends on the class alone): its name as JSON text, and which of the casts for
    /// text, content offset and index path can succeed.
    struct ViewClass {
        let name: [UInt8]
        let showsText: Bool
        let scrolls: Bool
        let isCell: Bool

        init(_ view: View) {
            var name: [UInt8] = []
            JSON.writeString(String(describing: Swift.type(of: view)), into: &name)
            self.name = name
            showsText = view is Label || view is TextField || view is Button
            scrolls = view is ScrollView
            isCell = view is TableViewCell || view is CollectionViewCell
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

    /// Builds the tree from the result of `app.describe` with `rows: true`. The windows,
    /// the controllers and the digest are read now; the rows are kept as they came and read
    /// when they are asked for: the compact text is written straight from them, and the
    /// elements (with their keys) are built the first time a ref is resolved or a diff made.
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
        if let rows = reply["rows"] {
            tree.rows = Rows(document: rows.document, index: rows.tapeIndex, windows: windowNames, windowHidden: windowHidden)
        }
        return tree
    }

    /// The rows of one `app.describe` reply, kept on the reader's tape, and the elements
    /// built from them once they are needed.
    final class Rows: @unchecked Sendable {
        let document: JSONDocument
        /// The tape index of the `rows` array.
        let index: Int
        let windows: [String]
        let windowHidden: [Bool]
        /// The elements, once built; the lock makes a tree shared between threads build them once.
        private let built = Locked<[ViewTree.Element]?>(nil)

        init(document: JSONDocument, index: Int, windows: [String], windowHidden: [Bool]) {
            self.document = document
            self.index = index
            self.windows = windows
            self.windowHidden = windowHidden
        }

        /// Every element, in tree order (built on the first call).
        var elements: [ViewTree.Element] {
            built.withLock { elements in
                if let elements { return elements }
                let made = DescribeRows.elements(self)
                elements = made
                return made
            }
        }

        /// The elements if they were built already.
        var builtElements: [ViewTree.Element]? { built.current }
    }

    /// Where a row's fields are on the tape, and what the checks found.
    struct Row {
        /// 1 for the first row that passed the checks: the N of its ref `@eN`.
        var number: Int
        var window: Int
        var depth: Int
        /// Hidden itself or through an ancestor (or its window).
        var hidden: Bool
        var flags: Int
    }

    /// Calls `visit` for each row that is a row of fifteen values, in a window the reply
    /// lists, at most one level below the row before it (a window's first row at depth 0),
    /// with the tape indices of its fields; other rows are skipped, and no ref is spent on
    /// them.
    static func scan(_ rows: Rows, _ tape: JSONTapeView, _ visit: (Row, UnsafeMutableBufferPointer<Int>) -> Void) {
        // Hidden through its ancestors, per depth of the rows above.
        var hiddenAbove: [Bool] = []
        hiddenAbove.reserveCapacity(16)
        var lastWindow = -1
        var number = 0
        withUnsafeTemporaryAllocation(of: Int.self, capacity: width) { fields in
            let all = tape.elements(of: rows.index)
            var position = all.lowerBound
            while position < all.upperBound {
                let row = position
                position = tape.next(after: position)
                var count = 0
                let span = tape.elements(of: row)
                var field = span.lowerBound
                while field < span.upperBound {
                    if count < width { fields[count] = field }
                    count += 1
                    field = tape.next(after: field)
                }
                guard count == width else { continue }
                let windowIndex = tape.int(fields[0]) ?? -1, depth = tape.int(fields[1]) ?? -1
                guard rows.windows.indices.contains(windowIndex), depth >= 0, depth <= hiddenAbove.count else { continue }
                if windowIndex != lastWindow {
                    guard depth == 0 else { continue }
                    lastWindow = windowIndex
                }
                let flags = tape.int(fields[9]) ?? 2
                if hiddenAbove.count > depth { hiddenAbove.removeLast(hiddenAbove.count - depth) }
                let hidden = (depth == 0 ? rows.windowHidden[windowIndex] : hiddenAbove[depth - 1]) || flags & 1 != 0
                hiddenAbove.append(hidden)
                number += 1
                visit(Row(number: number, window: windowIndex, depth: depth, hidden: hidden, flags: flags), fields)
            }
        }
    }

    /// The number of rows that pass the checks of ``scan(_:_:_:)``.
    static func count(_ rows: Rows) -> Int {
        var count = 0
        rows.document.withTape { tape in scan(rows, tape) { _, _ in count += 1 } }
        return count
    }

    /// The elements of the rows, with their keys (as the nested form makes them).
    static func elements(_ rows: Rows) -> [ViewTree.Element] {
        var elements: [ViewTree.Element] = []
        // Per depth: the view's key and its row number.
        var keys: [String] = []
        var parents: [Int] = []
        // The ordinal of each label among its siblings so far, by parent (the row number of
        // the parent, or -1 - window for a window's subviews): one table for the whole tree.
        var ordinals: [SiblingLabel: Int] = [:]
        rows.document.withTape { tape in
            let count = tape.elements(of: rows.index).count
            elements.reserveCapacity(count)
            ordinals.reserveCapacity(count)
            scan(rows, tape) { row, fields in
                let depth = row.depth
                if keys.count > depth {
                    keys.removeLast(keys.count - depth)
                    parents.removeLast(parents.count - depth)
                }
                let label = tape.string(fields[2]) ?? ""
                let window = rows.windows[row.window]
                // One hash of the label: its ordinal among its siblings of that label.
                let parent = depth == 0 ? -1 - row.window : parents[depth - 1]
                let ordinal = takeNext(&ordinals[SiblingLabel(parent: parent, label: label), default: 0])
                let key = joinedKey(depth == 0 ? window : keys[depth - 1], label, ordinal)
                keys.append(key)
                parents.append(row.number)
                elements.append(ViewTree.Element(
                    ref: "@e" + String(row.number), window: window, depth: depth, label: label,
                    className: tape.string(fields[3]) ?? "View", accessibilityIdentifier: tape.string(fields[10]),
                    accessibilityLabel: tape.string(fields[11]), text: tape.string(fields[12]),
                    frame: [tape.double(fields[4]) ?? 0, tape.double(fields[5]) ?? 0, tape.double(fields[6]) ?? 0, tape.double(fields[7]) ?? 0],
                    hidden: row.hidden, alpha: tape.double(fields[8]) ?? 1, interactive: row.flags & 2 != 0,
                    contentOffset: tape.isArray(fields[13]) ? numbers(tape, fields[13]) { tape.double($0) } : nil,
                    indexPath: tape.isArray(fields[14]) ? numbers(tape, fields[14]) { tape.int($0) } : nil, key: key))
            }
        }
        return elements
    }

    /// The compact text of the rows (as ``ViewTree/compact(window:)`` writes it from
    /// elements), written straight from the tape, and the number of views it lists.
    static func compact(_ rows: Rows, window: String?, into out: inout [UInt8]) -> Int {
        var listed = 0
        let shown = rows.windows.map { window == nil || $0 == window }
        guard shown.contains(true) else { return 0 }
        var current: String?
        rows.document.withTape { tape in
            out.reserveCapacity(out.count + tape.elements(of: rows.index).count * 72)
            scan(rows, tape) { row, fields in
                guard shown[row.window] else { return }
                listed += 1
                ViewTree.beginLine(window: rows.windows[row.window], depth: row.depth, current: &current, into: &out)
                // Strings without escapes are copied as they are in the reply.
                func text(_ index: Int) -> ViewTree.Element.LineText? {
                    if let plain = tape.plainString(index) { return .plain(plain) }
                    return tape.string(index).map { .string($0) }
                }
                var contentOffset: [Double]?, indexPath: [Int]?
                if tape.isArray(fields[13]) { contentOffset = numbers(tape, fields[13]) { tape.double($0) } }
                if tape.isArray(fields[14]) { indexPath = numbers(tape, fields[14]) { tape.int($0) } }
                ViewTree.Element.writeLine(
                    ref: .number(row.number), className: text(fields[3]) ?? .string("View"), label: text(fields[2]) ?? .string(""),
                    text: text(fields[12]), accessibilityIdentifier: text(fields[10]), accessibilityLabel: text(fields[11]),
                    frame: (tape.double(fields[4]) ?? 0, tape.double(fields[5]) ?? 0, tape.double(fields[6]) ?? 0, tape.double(fields[7]) ?? 0),
                    contentOffset: contentOffset, indexPath: indexPath, hidden: row.hidden, alpha: tape.double(fields[8]) ?? 1,
                    interactive: row.flags & 2 != 0, into: &out)
                out.append(10)
            }
        }
        return listed
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
