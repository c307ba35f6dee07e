/// How a verb names what it acts on: an element's id, an accessibility identifier, a
/// label, or a point of a window.
public enum ElementReference: Hashable, Sendable, CustomStringConvertible {
    /// An element by its id (`@e12`): the same object, or stale.
    case id(ElementID)
    /// The element with this accessibility identifier (refused when several have it).
    case identifier(String)
    /// The element with this label (refused when several have it, with the candidates).
    case label(String)
    /// The topmost element that takes a tap at this point of a window (the key window
    /// when nil).
    case point(Point, window: String?)

    /// Reads `@e12`/`e12` as an id, `#name` as an identifier, anything else as a label.
    public init(parsing text: String) {
        if let id = ElementID(text) {
            self = .id(id)
        } else if text.hasPrefix("#"), text.count > 1 {
            self = .identifier(String(text.dropFirst()))
        } else {
            self = .label(text)
        }
    }

    /// As a user would write it.
    public var description: String {
        switch self {
        case .id(let id): return "@\(id)"
        case .identifier(let name): return "#\(name)"
        case .label(let label): return "\"\(label)\""
        case .point(let point, let window): return "(\(point.x), \(point.y))" + (window.map { " in \($0)" } ?? "")
        }
    }
}

/// Why a verb could not find or act on an element. Nothing changed in the app.
public struct ElementError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// The id names an element that is no longer on screen.
        case stale
        /// No element matches.
        case notFound
        /// Several elements match a label or identifier.
        case ambiguous
        /// The element takes no such action (a static text tapped, a root without back).
        case notActionable
    }

    /// What went wrong.
    public var kind: Kind
    /// The sentence a user reads.
    public var message: String
    /// The elements the reference might have meant: ids with their type and label.
    public var candidates: [String]

    /// The message, then the candidates.
    public var description: String {
        candidates.isEmpty ? message : message + "; candidates: " + candidates.joined(separator: ", ")
    }
}

extension Element {
    /// `@e12 button "Save"`: how an error names a candidate.
    var candidateText: String {
        var text = "\(ref) \(type.rawValue)"
        if !label.isEmpty { text += " \"\(label)\"" }
        if !identifier.isEmpty { text += " #\(identifier)" }
        return text
    }
}

extension Application {
    /// Finds the element a reference names in the current tree.
    /// - Throws: ``ElementError``: a stale id (with the elements now showing what it
    ///   showed), no match, or a label or identifier several elements have.
    public func element(_ reference: ElementReference) throws(ElementError) -> Element {
        let (tree, _) = elementTreeAndTargets()
        return try tree.resolve(reference, previous: lastElementTree, keyWindow: keyWindow?.traceLabel).1
    }

    /// ``element(_:)`` against the tree ``elementTreeForFrontDoor(state:)`` keeps for
    /// `state`: a caller that passes the state it passed last (a host checking an input
    /// before it runs, right after a describe) resolves the reference without walking the
    /// views again. The tree built on a miss is kept for the next call with `state`. The
    /// same caveat holds: only for apps whose views change only in turns.
    /// - Throws: ``ElementError``, as ``element(_:)`` does.
    public func element(_ reference: ElementReference, state: String) throws(ElementError) -> Element {
        try keptTree(state: state).resolve(reference, previous: lastElementTree, keyWindow: keyWindow?.traceLabel).1
    }

    /// Taps the element a reference names, as a finger on it would: a view through
    /// ``tap(_:)`` (touches, recognizers, a control's actions); a back button pops its
    /// navigation controller; a bar button item runs its action; a tab selects its
    /// controller (the delegate may refuse); a segment or a stepper's button changes the
    /// control's value and sends `valueChanged`. Returns the element tapped.
    /// - Throws: ``ElementError`` when the reference names nothing, several elements, or
    ///   an element that takes no tap (a navigation bar, a title); nothing changes then.
    @discardableResult
    public func tapElement(_ reference: ElementReference) throws(ElementError) -> Element {
        let (tree, targets) = elementTreeAndTargets()
        let (index, element) = try tree.resolve(reference, previous: lastElementTree, keyWindow: keyWindow?.traceLabel)
        lastElementTree = tree
        guard element.isEnabled else {
            throw ElementError(kind: .notActionable, message: "\(element.candidateText) is disabled", candidates: [])
        }
        switch targets[index] {
        case .view(let view):
            tap(view)
        case .accessibilityElement(let accessible):
            let point = accessible.accessibilityActivationPoint
            let window = windows.first { $0.traceLabel == element.window }
            _ = tap(at: Point(x: point.x - (window?.frame.minX ?? 0), y: point.y - (window?.frame.minY ?? 0)), in: window)
        case .backButton(let navigation):
            loop.record(label: navigation.traceLabel, event: "tapBackButton", detail: element.label,
                        window: element.window)
            navigation.popViewController(animated: true)
        case .barButtonItem(let item, let controller):
            tap(barButtonItem: item, in: controller)
        case .tab(let tabs, let position):
            let children = tabs.viewControllers
            guard position < children.count else { break }
            let child = children[position]
            loop.record(label: tabs.traceLabel, event: "tapTab", detail: element.label, window: element.window)
            tabs.userSelected(child, item: child.tabBarItem, in: tabs.tabBar)
        case .segment(let control, let position):
            loop.record(label: control.traceLabel, event: "tap", detail: element.label, window: element.window)
            if control.selectedSegmentIndex != position {
                control.selectedSegmentIndex = position
                control.sendActions(for: .valueChanged)
            }
        case .stepperButton(let stepper, let increment):
            loop.record(label: stepper.traceLabel, event: "tap", detail: element.label, window: element.window)
            let before = stepper.value
            var next = before + (increment ? stepper.stepValue : -stepper.stepValue)
            if stepper.wraps {
                if next > stepper.maximumValue { next = stepper.minimumValue } else if next < stepper.minimumValue { next = stepper.maximumValue }
            }
            stepper.value = min(max(next, stepper.minimumValue), stepper.maximumValue)
            if stepper.value != before { stepper.sendActions(for: .valueChanged) }
        case .clearButton(let field):
            loop.record(label: field.traceLabel, event: "tap", detail: element.label, window: element.window)
            field.tapClearButton()
        case .keyboardKey(let window, let key):
            loop.record(label: "keyboard", event: "tap", detail: key, window: element.window)
            window.tapKeyboardKey(key)
        case .application, .navigationBar, .barTitle, .tabBar, .keyboard:
            throw ElementError(kind: .notActionable, message: "\(element.candidateText) takes no tap", candidates: [])
        }
        return element
    }

    /// Taps the back button of the key window's innermost shown navigation controller, as
    /// a user going back does. Returns the back button.
    /// - Throws: ``ElementError`` when no back button shows (no navigation controller, or
    ///   its top controller is the root, or hides the button).
    @discardableResult
    public func goBack() throws(ElementError) -> Element {
        let tree = elementTree()
        let window = keyWindow?.traceLabel
        guard let back = tree.elements.last(where: { $0.type == .backButton && (window == nil || $0.window == window) }) else {
            let bars = tree.elements.filter { $0.type == .navigationBar && (window == nil || $0.window == window) }
            let message = bars.isEmpty ? "back: the key window shows no navigation bar"
                : "back: \(bars.map { $0.identifier.isEmpty ? $0.ref : "\"\($0.identifier)\"" }.joined(separator: ", ")) shows no back button (its top controller is the root of its stack)"
            throw ElementError(kind: .notActionable, message: message, candidates: [])
        }
        return try tapElement(.id(back.id))
    }

    /// The tree a front door last showed or acted on: what a stale id's candidates are
    /// found from.
    var lastElementTree: ElementTree? {
        get { storedLastElementTree }
        set { storedLastElementTree = newValue }
    }

    /// The element tree, remembered as the one a front door showed (so that an id from it
    /// that goes stale is reported with what it was).
    public func elementTreeForFrontDoor() -> ElementTree {
        let tree = elementTree()
        lastElementTree = tree
        return tree
    }

    /// ``elementTreeForFrontDoor()``, built once per state of the app: a caller that
    /// passes the `state` it passed last (a host passes its turn and trace digest, which
    /// change whenever a turn runs or anything is recorded) gets the tree it got then,
    /// without walking the views again. Only for apps whose views change only in turns (a
    /// hosted app): code that changes views between two calls without a turn would read
    /// the old tree.
    public func elementTreeForFrontDoor(state: String) -> ElementTree {
        let tree = keptTree(state: state)
        lastElementTree = tree
        return tree
    }

    /// The tree kept for `state`, or one built now and kept for it.
    private func keptTree(state: String) -> ElementTree {
        if let cached = frontDoorTreeCache, cached.state == state { return cached.tree }
        let tree = elementTree()
        frontDoorTreeCache = (state, tree)
        return tree
    }
}

extension ElementTree {
    /// The index and element a reference names.
    func resolve(_ reference: ElementReference, previous: ElementTree?, keyWindow: String?) throws(ElementError) -> (Int, Element) {
        switch reference {
        case .id(let id):
            if let index = index(of: id) { return (index, elements[index]) }
            var candidates: [String] = []
            var message = "@\(id) is stale: it is no longer on screen"
            if let old = previous?[id] {
                message = "@\(id) (\(old.type.rawValue)\(old.label.isEmpty ? "" : " \"\(old.label)\"")) is stale: it is no longer on screen"
                candidates = elements.filter {
                    $0.type.matches(old.type) && (($0.label == old.label && !old.label.isEmpty)
                        || ($0.identifier == old.identifier && !old.identifier.isEmpty))
                }.map(\.candidateText)
            }
            throw ElementError(kind: .stale, message: message, candidates: candidates)
        case .identifier(let name):
            return try unique(name: "#\(name)", elements.indices.filter { elements[$0].identifier == name })
        case .label(let label):
            var matches = elements.indices.filter { elements[$0].label == label }
            if matches.isEmpty { matches = elements.indices.filter { elements[$0].viewLabel == label } }
            if matches.isEmpty { matches = elements.indices.filter { elements[$0].identifier == label } }
            if matches.count > 1 {
                // A cell's label joins its labels': the label itself is the one meant.
                let leaves = matches.filter { index in !matches.contains { $0 != index && isDescendant($0, of: index) } }
                if leaves.count == 1 { matches = leaves }
            }
            return try unique(name: "\"\(label)\"", matches)
        case .point(let point, let window):
            guard let windowLabel = window ?? keyWindow ?? elements.first(where: { $0.type == .window })?.window else {
                throw ElementError(kind: .notFound, message: "no window shows", candidates: [])
            }
            guard let found = elements.lastIndex(where: {
                $0.window == windowLabel && $0.isHittable && $0.type != .window && $0.frame.contains(point)
            }) else {
                throw ElementError(kind: .notFound, message: "nothing at (\(point.x), \(point.y)) in \(windowLabel) takes a tap",
                                   candidates: [])
            }
            return (found, elements[found])
        }
    }

    private func unique(name: String, _ matches: [Int]) throws(ElementError) -> (Int, Element) {
        if matches.count == 1 { return (matches[0], elements[matches[0]]) }
        if matches.isEmpty {
            let near = elements.filter { !$0.label.isEmpty && $0.isHittable }.prefix(12).map(\.candidateText)
            throw ElementError(kind: .notFound, message: "no element is \(name)", candidates: Array(near))
        }
        throw ElementError(kind: .ambiguous, message: "\(matches.count) elements are \(name); name one by its id",
                           candidates: matches.map { elements[$0].candidateText })
    }
}

extension Application {
    /// The view a verb's target text names: `@e12` (an element's id), `#name` (an
    /// accessibility identifier) or a view's trace label; nil when it names none (or an
    /// element that is not a view, such as a back button: tap those with
    /// ``tapElement(_:)``).
    public func view(referencedBy text: String) -> View? {
        guard ElementReference.isReference(text) else { return view(labelled: text) }
        let (tree, targets) = elementTreeAndTargets()
        guard let (index, _) = try? tree.resolve(ElementReference(parsing: text), previous: nil, keyWindow: keyWindow?.traceLabel),
              case .view(let view) = targets[index] else { return nil }
        return view
    }
}

extension ElementReference {
    /// Whether a verb's target text is an element reference (`@e12`, `e12`, `#name`)
    /// rather than a view's trace label.
    public static func isReference(_ text: String) -> Bool {
        ElementID(text) != nil || (text.hasPrefix("#") && text.count > 1)
    }
}
