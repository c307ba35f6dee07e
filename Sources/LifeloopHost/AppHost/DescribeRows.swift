import Lifeloop
import LifeloopCore

/// `app.describe` with `rows: true`: the app's element tree (Lifeloop's `ElementTree`,
/// built in the app) as flat rows, one per element below the windows, in tree order,
/// written straight to JSON text by the app and read straight off the reader's tape by
/// the MCP server. The nested form needs two JSON levels an element and a dictionary of
/// members each; rows need neither, so a 500-view screen is described, passed on by the
/// daemon and read back without building a JSON value per field.
///
/// A row is an array of eighteen values:
///
/// ```
/// [window, depth, id, type, class, viewLabel, label, identifier, value, placeholder,
///  x, y, width, height, flags, contentOffset, indexPath, controller]
/// ```
///
/// `window` is the index of the window in `windows`; `depth` is 0 for a window's subview;
/// `id` is the element's id (`e12`, `e12.3`), the same object's for its whole life; `type`
/// is XCUITest's element type (`button`, `staticText`, `backButton`, …); `viewLabel` is the
/// view's trace label (null for a part such as a back button); the frame is in window
/// points, rounded to 0.01; `flags` has bit 1 for enabled, 2 selected, 4 focused, 8
/// hittable (a tap at its centre reaches it), 16 visible (on screen), 32 an accessibility
/// element; `contentOffset` is `[x, y]` for scroll views and `indexPath` `[section, row]`
/// for shown cells; optional values are null when the element has none.
enum DescribeRows {
    /// The number of values in a row.
    static let width = 18

    /// The bits of a row's flags.
    enum Flag {
        static let enabled = 1, selected = 2, focused = 4, hittable = 8, visible = 16, accessible = 32
    }

    // MARK: Writing (the app)

    /// Appends the rows of the tree's elements below its windows. `windows` are the
    /// labels of the app's windows, in order (what the row's window index counts).
    static func write(_ tree: ElementTree, windows: [String], into out: inout [UInt8]) {
        var first = true
        var windowIndex: [String: Int] = [:]
        for (index, label) in windows.enumerated() where windowIndex[label] == nil { windowIndex[label] = index }
        for element in tree.elements where element.depth >= 2 {
            guard let window = windowIndex[element.window] else { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "["))
            digits(UInt64(window), into: &out)
            out.append(UInt8(ascii: ","))
            digits(UInt64(element.depth - 2), into: &out)
            out.append(UInt8(ascii: ","))
            JSON.writeString(element.id.description, into: &out)
            out.append(UInt8(ascii: ","))
            JSON.writeString(element.type.rawValue, into: &out)
            out.append(UInt8(ascii: ","))
            JSON.writeString(element.className, into: &out)
            func optional(_ text: String?) {
                out.append(UInt8(ascii: ","))
                if let text { JSON.writeString(text, into: &out) } else { null(into: &out) }
            }
            optional(element.viewLabel)
            optional(element.label)
            optional(element.identifier)
            optional(element.value)
            optional(element.placeholder)
            let frame = element.frame
            for value in [frame.minX, frame.minY, frame.width, frame.height] {
                out.append(UInt8(ascii: ","))
                number(rounded(Double(value)), into: &out)
            }
            var flags = 0
            if element.isEnabled { flags |= Flag.enabled }
            if element.isSelected { flags |= Flag.selected }
            if element.isFocused { flags |= Flag.focused }
            if element.isHittable { flags |= Flag.hittable }
            if element.isVisible { flags |= Flag.visible }
            if element.isAccessibilityElement { flags |= Flag.accessible }
            out.append(UInt8(ascii: ","))
            digits(UInt64(flags), into: &out)
            out.append(UInt8(ascii: ","))
            if let offset = element.contentOffset {
                out.append(UInt8(ascii: "["))
                number(Double(offset.x), into: &out)
                out.append(UInt8(ascii: ","))
                number(Double(offset.y), into: &out)
                out.append(UInt8(ascii: "]"))
            } else {
                null(into: &out)
            }
            out.append(UInt8(ascii: ","))
            if let path = element.indexPath, path.count == 2 {
                out.append(contentsOf: "[\(path[0]),\(path[1])]".utf8)
            } else {
                null(into: &out)
            }
            optional(element.controller)
            out.append(UInt8(ascii: "]"))
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
        var window: Int
        var depth: Int
        var flags: Int
    }

    /// Calls `visit` for each row that is a row of eighteen values, in a window the reply
    /// lists, at most one level below the row before it (a window's first row at depth 0),
    /// with the tape indices of its fields; other rows are skipped.
    static func scan(_ rows: Rows, _ tape: JSONTapeView, _ visit: (Row, UnsafeMutableBufferPointer<Int>) -> Void) {
        var lastWindow = -1
        var lastDepth = -1
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
                guard count == width, tape.string(fields[2]) != nil else { continue }
                let windowIndex = tape.int(fields[0]) ?? -1, depth = tape.int(fields[1]) ?? -1
                guard rows.windows.indices.contains(windowIndex), depth >= 0 else { continue }
                if windowIndex != lastWindow {
                    guard depth == 0 else { continue }
                    lastWindow = windowIndex
                } else {
                    guard depth <= lastDepth + 1 else { continue }
                }
                lastDepth = depth
                visit(Row(window: windowIndex, depth: depth, flags: tape.int(fields[14]) ?? 0), fields)
            }
        }
    }

    /// The number of rows that pass the checks of ``scan(_:_:_:)``.
    static func count(_ rows: Rows) -> Int {
        var count = 0
        rows.document.withTape { tape in scan(rows, tape) { _, _ in count += 1 } }
        return count
    }

    /// The elements of the rows. An element's key is its id: the same object in every
    /// tree, so diffs pair elements by identity.
    static func elements(_ rows: Rows) -> [ViewTree.Element] {
        var elements: [ViewTree.Element] = []
        rows.document.withTape { tape in
            elements.reserveCapacity(tape.elements(of: rows.index).count)
            scan(rows, tape) { row, fields in
                let id = tape.string(fields[2]) ?? ""
                let label = tape.string(fields[6]) ?? ""
                let identifier = tape.string(fields[7]) ?? ""
                let placeholder = tape.string(fields[9])
                // An empty field's value is its placeholder (as XCUITest reads it): no text.
                let value = tape.string(fields[8]).flatMap { $0 == placeholder ? nil : $0 }
                elements.append(ViewTree.Element(
                    ref: "@" + id, window: rows.windows[row.window], depth: row.depth,
                    label: tape.string(fields[5]) ?? label, className: tape.string(fields[4]) ?? "View",
                    accessibilityIdentifier: identifier.isEmpty ? nil : identifier,
                    accessibilityLabel: label.isEmpty ? nil : label, text: value,
                    frame: [tape.double(fields[10]) ?? 0, tape.double(fields[11]) ?? 0, tape.double(fields[12]) ?? 0,
                            tape.double(fields[13]) ?? 0],
                    hidden: row.flags & Flag.visible == 0, alpha: 1, interactive: row.flags & Flag.hittable != 0,
                    contentOffset: tape.isArray(fields[15]) ? numbers(tape, fields[15]) { tape.double($0) } : nil,
                    indexPath: tape.isArray(fields[16]) ? numbers(tape, fields[16]) { tape.int($0) } : nil, key: "@" + id,
                    type: tape.string(fields[3]) ?? "other", placeholder: placeholder, flags: row.flags,
                    isPart: tape.string(fields[5]) == nil, controller: tape.string(fields[17])))
            }
        }
        return elements
    }

    /// The compact text of the rows (as ``ViewTree/compact(window:)`` writes it from
    /// elements), written straight from the tape, and the number of elements it lists.
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
                if tape.isArray(fields[15]) { contentOffset = numbers(tape, fields[15]) { tape.double($0) } }
                if tape.isArray(fields[16]) { indexPath = numbers(tape, fields[16]) { tape.int($0) } }
                ViewTree.Element.writeLine(
                    ref: text(fields[2]) ?? .string(""), type: text(fields[3]) ?? .string("other"),
                    viewLabel: text(fields[5]), label: text(fields[6]), identifier: text(fields[7]), value: text(fields[8]),
                    placeholder: text(fields[9]),
                    frame: (tape.double(fields[10]) ?? 0, tape.double(fields[11]) ?? 0, tape.double(fields[12]) ?? 0, tape.double(fields[13]) ?? 0),
                    contentOffset: contentOffset, indexPath: indexPath, flags: row.flags, into: &out)
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
}
