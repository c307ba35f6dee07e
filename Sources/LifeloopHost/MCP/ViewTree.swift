import LifeloopCore

/// An app's element tree as an agent sees it (Lifeloop's `ElementTree`, built in the app
/// and sent as rows): every element of every window in tree order, each with its ref
/// (`@e12`), the element's id: the same object's for its whole life and never given to
/// another, so a ref either reaches the element it named or is stale.
public struct ViewTree: Sendable {
    /// One element.
    public struct Element: Sendable, Equatable {
        /// `@e12`: the element's id.
        public var ref: String
        /// The window's label.
        public var window: String
        /// 0 for a window's subview, 1 for its subviews, …
        public var depth: Int
        /// The view's label (what `app.tap` names).
        public var label: String
        /// The view's class (`Button`, `Label`, `View`, an app's own).
        public var className: String
        /// The view's `accessibilityIdentifier`, if it has one.
        public var accessibilityIdentifier: String?
        /// The view's `accessibilityLabel`, if it has one.
        public var accessibilityLabel: String?
        /// What it shows: a label's or a text field's text, a button's title.
        public var text: String?
        /// In the window's points: x, y, width, height.
        public var frame: [Double]
        /// Hidden itself or through an ancestor.
        public var hidden: Bool
        /// The view's own alpha, 0…1.
        public var alpha: Double
        /// Takes touches (`isUserInteractionEnabled`).
        public var interactive: Bool
        /// A scroll view's content offset, [x, y].
        public var contentOffset: [Double]? = nil
        /// A shown table cell's index path, [section, row].
        public var indexPath: [Int]? = nil
        /// What stays the same for this element between trees (its id): how diffs pair
        /// elements.
        public var key: String
        /// XCUITest's element type (`button`, `staticText`, `backButton`, `cell`, …).
        public var type: String = "other"
        /// A text field's placeholder.
        public var placeholder: String? = nil
        /// The row's flags (``DescribeRows/Flag``): enabled, selected, focused, hittable,
        /// visible, accessible.
        var flags: Int = DescribeRows.Flag.enabled | DescribeRows.Flag.hittable | DescribeRows.Flag.visible
        /// Whether it is a part UIKit draws without a view here (a back button, a tab).
        public var isPart: Bool = false
        /// The controller whose view holds it.
        public var controller: String? = nil

        /// Whether it takes input.
        public var enabled: Bool { flags & DescribeRows.Flag.enabled != 0 }
        /// Whether it is selected.
        public var selected: Bool { flags & DescribeRows.Flag.selected != 0 }
        /// Whether it is the first responder.
        public var focused: Bool { flags & DescribeRows.Flag.focused != 0 }

        /// Every field as a JSON object (`describe` with `full`).
        public var json: JSON {
            var members: [String: JSON] = ["ref": .string(ref), "window": .string(window), "depth": .int(depth), "label": .string(label),
                                           "class": .string(className), "frame": .array(frame.map { .double($0) }),
                                           "hidden": .bool(hidden), "alpha": .double(alpha), "interactive": .bool(interactive)]
            if let accessibilityIdentifier { members["accessibilityIdentifier"] = .string(accessibilityIdentifier) }
            if let accessibilityLabel { members["accessibilityLabel"] = .string(accessibilityLabel) }
            if let text { members["text"] = .string(text) }
            if let contentOffset { members["contentOffset"] = .array(contentOffset.map { .double($0) }) }
            if let indexPath { members["indexPath"] = .array(indexPath.map { .int($0) }) }
            members["type"] = .string(type)
            if let placeholder { members["placeholder"] = .string(placeholder) }
            members["enabled"] = .bool(enabled)
            members["selected"] = .bool(selected)
            members["focused"] = .bool(focused)
            members["hittable"] = .bool(interactive)
            members["visible"] = .bool(!hidden)
            if let controller { members["controller"] = .string(controller) }
            return .object(members)
        }

        /// One line: ref, type, the view's label, the element's label, #identifier, value,
        /// placeholder, frame, and the flags that are not the usual.
        public var line: String {
            var out: [UInt8] = []
            out.reserveCapacity(96)
            writeLine(into: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// Appends ``line`` to `out`.
        func writeLine(into out: inout [UInt8]) {
            Self.writeLine(ref: .string(String(ref.dropFirst())), type: .string(type), viewLabel: isPart ? nil : .string(label),
                           label: accessibilityLabel.map(LineText.string), identifier: accessibilityIdentifier.map(LineText.string),
                           value: text.map(LineText.string), placeholder: placeholder.map(LineText.string),
                           frame: frame.count == 4 ? (frame[0], frame[1], frame[2], frame[3]) : (0, 0, 0, 0),
                           contentOffset: contentOffset, indexPath: indexPath, flags: flags, into: &out)
        }

        /// Appends the line of an element with these fields: the one writer of lines, for
        /// elements and for rows read straight off the tape. `ref` is the id without `@`.
        static func writeLine(ref: LineText, type: LineText, viewLabel: LineText?, label: LineText?, identifier: LineText?,
                              value: LineText?, placeholder: LineText?, frame: (Double, Double, Double, Double),
                              contentOffset: [Double]?, indexPath: [Int]?, flags: Int, into out: inout [UInt8]) {
            out.append(UInt8(ascii: "@"))
            ref.append(to: &out)
            out.append(32)
            type.append(to: &out)
            if let viewLabel {
                out.append(32)
                viewLabel.append(to: &out)
            }
            if let label, !label.isEmpty, viewLabel.map({ !label.isSame(as: $0) }) ?? true {
                out.append(32)
                label.appendClippedJSON(to: &out)
            }
            if let identifier, !identifier.isEmpty {
                out.append(UInt8(ascii: " "))
                out.append(UInt8(ascii: "#"))
                identifier.append(to: &out)
            }
            if let value, placeholder.map({ !value.isSame(as: $0) }) ?? true {
                out.append(contentsOf: " value=".utf8)
                value.appendClippedJSON(to: &out)
            }
            if let placeholder, !placeholder.isEmpty {
                out.append(contentsOf: " placeholder=".utf8)
                placeholder.appendClippedJSON(to: &out)
            }
            out.append(contentsOf: " [".utf8)
            number(frame.0, into: &out)
            out.append(UInt8(ascii: ","))
            number(frame.1, into: &out)
            out.append(UInt8(ascii: ","))
            number(frame.2, into: &out)
            out.append(UInt8(ascii: ","))
            number(frame.3, into: &out)
            out.append(UInt8(ascii: "]"))
            if let contentOffset {
                out.append(contentsOf: " offset=(".utf8)
                for (index, value) in contentOffset.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    number(value, into: &out)
                }
                out.append(UInt8(ascii: ")"))
            }
            if let indexPath {
                out.append(contentsOf: " row=".utf8)
                out.append(contentsOf: indexPath.map(String.init).joined(separator: ",").utf8)
            }
            if flags & DescribeRows.Flag.selected != 0 { out.append(contentsOf: " selected".utf8) }
            if flags & DescribeRows.Flag.focused != 0 { out.append(contentsOf: " focused".utf8) }
            if flags & DescribeRows.Flag.enabled == 0 { out.append(contentsOf: " disabled".utf8) }
            if flags & DescribeRows.Flag.visible == 0 {
                out.append(contentsOf: " offscreen".utf8)
            } else if flags & DescribeRows.Flag.hittable == 0 {
                out.append(contentsOf: " noTouch".utf8)
            }
        }

        /// A text field of a line: a String, or the bytes of a JSON string without escapes
        /// as they are in the rows' text (its UTF-8, and its JSON text between the quotes).
        enum LineText {
            case string(String)
            case plain(UnsafeBufferPointer<UInt8>)

            /// Whether it has no text.
            var isEmpty: Bool {
                switch self {
                case .string(let text): return text.isEmpty
                case .plain(let bytes): return bytes.isEmpty
                }
            }

            /// Its UTF-8.
            @inline(__always)
            func append(to out: inout [UInt8]) {
                switch self {
                case .string(let text): out.append(contentsOf: text.utf8)
                case .plain(let bytes): out.append(contentsOf: bytes)
                }
            }

            /// Its JSON text, clipped to 80 characters (``clip(_:)``).
            func appendClippedJSON(to out: inout [UInt8]) {
                switch self {
                case .plain(let bytes) where bytes.count <= 80:
                    // Nothing to escape (the JSON text has no escapes) and nothing to clip.
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: bytes)
                    out.append(UInt8(ascii: "\""))
                default:
                    JSON.writeString(clip(string), into: &out)
                }
            }

            /// The text as a String.
            var string: String {
                switch self {
                case .string(let text): return text
                case .plain(let bytes): return String(decoding: bytes, as: UTF8.self)
                }
            }

            /// Whether the two are the same text (as Strings compare: canonically equivalent).
            func isSame(as other: LineText) -> Bool {
                if case .plain(let mine) = self, case .plain(let theirs) = other {
                    if mine.elementsEqual(theirs) { return true }
                    // ASCII text has no other spelling.
                    if mine.allSatisfy({ $0 < 0x80 }) && theirs.allSatisfy({ $0 < 0x80 }) { return false }
                }
                return string == other.string
            }
        }

        /// A number as ``formatMilliseconds(_:)`` writes it, without a String for the
        /// values a tree holds.
        @inline(__always)
        static func number(_ value: Double, into out: inout [UInt8]) {
            if value.isFinite { DescribeRows.number(value, into: &out) } else { out.append(contentsOf: String(value).utf8) }
        }

        static func clip(_ text: String) -> String {
            // Fewer than 81 bytes are fewer than 81 characters: no count needed.
            text.utf8.count <= 80 || text.count <= 80 ? text : String(text.prefix(79)) + "…"
        }
    }

    /// The digest the tree was read at; its refs are valid while the app is there.
    public var digest: String
    /// The loop turn it was read at.
    public var turn: Int
    /// Virtual (or host) time of the app, in ms.
    public var nowMs: Double
    /// The windows' labels, in the app's order.
    public var windows: [String]
    /// Every view, in tree order (`elements[N-1]` is `@eN`).
    public var elements: [Element] {
        get { rows?.elements ?? storedElements }
        set {
            storedElements = newValue
            rows = nil
        }
    }
    /// The number of views (without building the elements of a tree read from rows).
    var viewCount: Int {
        guard let rows, rows.builtElements == nil else { return elements.count }
        return DescribeRows.count(rows)
    }

    /// The elements, when the tree was not read from rows (or was given its elements).
    private var storedElements: [Element]
    /// The rows the tree was read from, when it was: its elements are built from them
    /// when they are first asked for.
    var rows: DescribeRows.Rows?
    /// The controller tree, one line per controller (indented by depth).
    public var controllerLines: [String]

    /// An empty tree at a digest (its windows, elements and controllers are added after).
    init(digest: String, turn: Int, nowMs: Double) {
        self.digest = digest
        self.turn = turn
        self.nowMs = nowMs
        windows = []
        storedElements = []
        controllerLines = []
    }

    /// Reads the text of an `app.describe` result made with `rows: true` (the `result`
    /// member of the reply, as JSON text), without building a JSON value per field.
    /// - Throws: `JSONError` naming the line and column when the text is not JSON.
    public init(rows text: String) throws(JSONError) {
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: RPCMessage.replyDepth).read(text)
        } catch {
            throw JSONError(message: error.description)
        }
        self = DescribeRows.tree(document.root)
    }

    /// Reads an `app.describe` reply made with `rows: true`, as a JSON value.
    public init(describe reply: JSON) {
        self = (try? ViewTree(rows: reply.text)) ?? ViewTree(digest: reply["digest"]?.string ?? "", turn: reply["turn"]?.int ?? 0,
                                                               nowMs: Double(reply["now"]?.int ?? 0) / 1e6)
    }

    mutating func addController(_ controller: JSON, window: String, depth: Int) {
        var line = String(repeating: " ", count: depth) + (controller["label"]?.string ?? "") + " (" + (controller["type"]?.string ?? "") + ")"
        if depth == 0 { line += " window=" + window }
        if controller["appeared"]?.bool == true { line += " appeared" } else if controller["viewLoaded"]?.bool == true { line += " loaded" }
        controllerLines.append(line)
        for child in controller["children"]?.array ?? [] { addController(child, window: window, depth: depth + 1) }
        if let presented = controller["presented"] {
            controllerLines.append(String(repeating: " ", count: depth + 1) + "presents:")
            addController(presented, window: window, depth: depth + 2)
        }
    }

    /// The element a ref names (`@e12`), if it is in this tree.
    public func element(ref: String) -> Element? {
        let wanted = ref.hasPrefix("@") ? ref : "@" + ref
        return elements.first { $0.ref == wanted }
    }

    /// The compact text: one line per view, indented by depth, each window introduced.
    public func compact(window: String? = nil) -> String {
        compactText(window: window).text
    }

    /// The compact text and the number of views it lists. A tree read from rows whose
    /// elements were not needed yet is written straight from the rows.
    func compactText(window: String?) -> (text: String, views: Int) {
        var out: [UInt8] = []
        if let rows, rows.builtElements == nil {
            let views = DescribeRows.compact(rows, window: window, into: &out)
            return (String(decoding: out, as: UTF8.self), views)
        }
        let elements = self.elements
        var views = 0
        out.reserveCapacity(elements.count * 72)
        var current: String?
        // Read in place: a copy of each element would retain its strings.
        elements.withUnsafeBufferPointer { elements in
            for index in elements.indices where window == nil || elements[index].window == window {
                views += 1
                Self.beginLine(window: elements[index].window, depth: elements[index].depth, current: &current, into: &out)
                elements[index].writeLine(into: &out)
                out.append(10)
            }
        }
        return (String(decoding: out, as: UTF8.self), views)
    }

    /// Starts a line of the compact text: the window's name first when it is not the
    /// window of the line before, then the indentation of the view's depth.
    static func beginLine(window: String, depth: Int, current: inout String?, into out: inout [UInt8]) {
        if window != current {
            current = window
            out.append(contentsOf: "window ".utf8)
            out.append(contentsOf: window.utf8)
            out.append(10)
        }
        out.append(contentsOf: repeatElement(32, count: depth + 1))
    }

    /// The element a tap at a point in a window's coordinates reaches: the last element
    /// in tree order (the topmost) that a tap at its centre reaches and whose frame holds
    /// the point, as the app's hit testing found when the tree was built.
    public func hit(x: Double, y: Double, window: String) -> Element? {
        // Read once: a tree read from rows gives its elements through a lock.
        let elements = self.elements
        return elements.last { element in
            let f = element.frame
            return element.window == window && element.interactive && !element.hidden && f.count == 4
                && x >= f[0] && y >= f[1] && x < f[0] + f[2] && y < f[1] + f[3]
        }
    }

    /// What changed from `before` to this tree: views added, removed, moved (frame) and
    /// changed (text, hidden, alpha, a scroll view's offset), as lines, cut at `maxBytes` with a count of the rest.
    /// Views that moved only because a scroll view above them scrolled are counted
    /// (`movedWithContent`), not listed.
    public func diff(from before: ViewTree, maxBytes: Int) -> JSON {
        // Elements are paired by key. Most trees keep their order, so the next element of
        // `before` is tried first; a dictionary of keys is built only when that fails.
        let previousElements = before.elements
        var paired = [Bool](repeating: false, count: previousElements.count)
        var nextPrevious = 0
        var positions: [String: Int]?
        func previous(of key: String) -> Element? {
            if nextPrevious < previousElements.count, previousElements[nextPrevious].key == key {
                paired[nextPrevious] = true
                nextPrevious += 1
                return previousElements[nextPrevious - 1]
            }
            if positions == nil {
                var made: [String: Int] = [:]
                made.reserveCapacity(previousElements.count)
                for (position, element) in previousElements.enumerated() { made[element.key] = position }
                positions = made
            }
            guard let position = positions?[key] else { return nil }
            paired[position] = true
            nextPrevious = position + 1
            return previousElements[position]
        }
        var added: [String] = [], removed: [String] = [], moved: [String] = [], changed: [String] = []
        // The scroll views above each view, with how far their content moved: a view that
        // moved exactly with its scroll views' content is not listed (the offset change is).
        var scrolled: [(depth: Int, dx: Double, dy: Double)] = []
        var movedWithContent = 0
        for element in elements {
            while let last = scrolled.last, last.depth >= element.depth { scrolled.removeLast() }
            let shift = scrolled.last.map { ($0.dx, $0.dy) } ?? (0, 0)
            guard let previous = previous(of: element.key) else {
                added.append("+ " + element.line)
                continue
            }
            if let offset = element.contentOffset, let was = previous.contentOffset, offset.count == 2, was.count == 2 {
                scrolled.append((element.depth, shift.0 + offset[0] - was[0], shift.1 + offset[1] - was[1]))
            }
            if previous.frame != element.frame, previous.frame.count == 4, element.frame.count == 4,
               (shift.0 != 0 || shift.1 != 0), abs(element.frame[0] - (previous.frame[0] - shift.0)) < 0.01,
               abs(element.frame[1] - (previous.frame[1] - shift.1)) < 0.01,
               element.frame[2] == previous.frame[2], element.frame[3] == previous.frame[3] {
                movedWithContent += 1
            } else if previous.frame != element.frame {
                moved.append("~ \(element.ref) \(element.label) [\(previous.frame.map(formatMilliseconds).joined(separator: ","))] -> [\(element.frame.map(formatMilliseconds).joined(separator: ","))]")
            }
            var changes: [String] = []
            if previous.accessibilityLabel != element.accessibilityLabel {
                changes.append("label \(JSON.string(Element.clip(previous.accessibilityLabel ?? "")).text) -> \(JSON.string(Element.clip(element.accessibilityLabel ?? "")).text)")
            }
            if previous.text != element.text {
                changes.append("value \(JSON.string(Element.clip(previous.text ?? "")).text) -> \(JSON.string(Element.clip(element.text ?? "")).text)")
            }
            if previous.hidden != element.hidden { changes.append(element.hidden ? "offscreen" : "onscreen") }
            if previous.enabled != element.enabled { changes.append(element.enabled ? "enabled" : "disabled") }
            if previous.selected != element.selected { changes.append(element.selected ? "selected" : "deselected") }
            if previous.focused != element.focused { changes.append(element.focused ? "focused" : "unfocused") }
            if previous.alpha != element.alpha { changes.append("alpha \(formatMilliseconds(previous.alpha)) -> \(formatMilliseconds(element.alpha))") }
            if let offset = element.contentOffset, let was = previous.contentOffset, offset != was {
                changes.append("offset (\(was.map(formatMilliseconds).joined(separator: ","))) -> (\(offset.map(formatMilliseconds).joined(separator: ",")))")
            }
            if !changes.isEmpty { changed.append("~ \(element.ref) \(element.label) " + changes.joined(separator: ", ")) }
        }
        for (position, element) in previousElements.enumerated() where !paired[position] {
            removed.append("- \(element.ref) \(element.type) \(element.label)")
        }
        var lines: [JSON] = []
        var bytes = 0
        var omitted = 0
        for line in changed + added + removed + moved {
            if bytes + line.utf8.count + 1 > maxBytes {
                omitted += 1
                continue
            }
            bytes += line.utf8.count + 1
            lines.append(.string(line))
        }
        var result: [String: JSON] = ["lines": .array(lines), "added": .int(added.count), "removed": .int(removed.count),
                                      "moved": .int(moved.count), "changed": .int(changed.count), "omitted": .int(omitted)]
        if movedWithContent > 0 { result["movedWithContent"] = .int(movedWithContent) }
        return .object(result)
    }
}
