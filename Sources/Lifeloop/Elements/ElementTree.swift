/// Everything an app shows, as the elements assistive technologies, UI tests and agents
/// see: the one tree every front door reads (the daemon's `describe`, the MCP server's
/// refs, the XCUITest API of LifeloopTesting, tree goldens).
///
/// Built on the app's loop thread by ``Application/elementTree()``; the value is plain data
/// and can go anywhere. Elements are in tree order (a parent before its children, siblings
/// back to front, so a later sibling lies above an earlier one); the application is the
/// first, then its shown windows. Hidden views are left out, as UIKit leaves them out of
/// the accessibility tree; views scrolled or clipped out of sight are in, with
/// ``Element/isVisible`` false.
public struct ElementTree: Sendable, Equatable {
    /// The elements in tree order.
    public private(set) var elements: [Element]
    /// The loop turn it was built in.
    public var turn: UInt64
    /// The loop's time when it was built, in nanoseconds.
    public var time: UInt64
    private var indexByID: [ElementID: Int]

    init(elements: [Element], turn: UInt64, time: UInt64) {
        self.elements = elements
        self.turn = turn
        self.time = time
        var indexByID: [ElementID: Int] = [:]
        indexByID.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() { indexByID[element.id] = index }
        self.indexByID = indexByID
    }

    /// The element with this id, if it is in the tree.
    public subscript(id: ElementID) -> Element? {
        indexByID[id].map { elements[$0] }
    }

    /// The index of the element with this id, if it is in the tree.
    public func index(of id: ElementID) -> Int? { indexByID[id] }

    /// The indices of an element's children, in order.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var next = index + 1
        let depth = elements[index].depth
        while next < elements.count, elements[next].depth > depth {
            if elements[next].parent == index { result.append(next) }
            next += 1
        }
        return result
    }

    /// The indices of an element's descendants, in tree order.
    public func descendants(of index: Int) -> Range<Int> {
        let depth = elements[index].depth
        var end = index + 1
        while end < elements.count, elements[end].depth > depth { end += 1 }
        return (index + 1)..<end
    }

    /// Whether the element at `index` lies inside the one at `ancestor`.
    public func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
        descendants(of: ancestor).contains(index)
    }

    /// The elements whose label is `label`, or whose identifier is, in tree order.
    public func elements(named name: String) -> [Element] {
        elements.filter { $0.identifier == name || $0.label == name }
    }

    /// The topmost element of `window` at a point of it that takes a tap there (the last
    /// hittable element in tree order whose frame contains it), if any.
    public func element(at point: Point, inWindow window: String) -> Element? {
        elements.last { $0.window == window && $0.isHittable && $0.type != .window && $0.frame.contains(point) }
    }
}

extension Application {
    /// The app's element tree now: every shown window's elements, with navigation bars,
    /// back buttons, bar button items, tab bars and their tabs, alerts and their actions.
    ///
    /// Building it gives a serial to any view made outside an app that it meets, and
    /// changes nothing else.
    public func elementTree() -> ElementTree {
        guard checkLoopThread(label: "app", operation: "elementTree()") else {
            return ElementTree(elements: [], turn: loop.turn, time: loop.now.nanoseconds)
        }
        var builder = ElementTreeBuilder(app: self)
        builder.build()
        return ElementTree(elements: builder.elements, turn: loop.turn, time: loop.now.nanoseconds)
    }

    /// One window's element tree as it is drawn now, with the object each element stands
    /// for: what pictures are made from.
    ///
    /// The same walk as ``elementTree()``, with three differences that drawing needs:
    /// every subview is in, in `subviews` order (a hidden view too, with
    /// ``Element/isVisible`` false and without its subviews; a button's title label is not
    /// folded into the button; `accessibilityElements` lists are not followed); frames are
    /// presentation frames, so a view mid-animation is where it is drawn; and
    /// ``Element/isHittable`` is false throughout (hit testing is not worked out).
    public func drawnElements(of window: Window) -> DrawnElementTree {
        guard checkLoopThread(label: "app", operation: "drawnElements(of:)") else {
            return DrawnElementTree(tree: ElementTree(elements: [], turn: loop.turn, time: loop.now.nanoseconds), targets: [])
        }
        var builder = ElementTreeBuilder(app: self, drawing: window)
        builder.build()
        return DrawnElementTree(tree: ElementTree(elements: builder.elements, turn: loop.turn, time: loop.now.nanoseconds),
                                targets: builder.targets)
    }

    /// The element tree with what each element stands for: what verbs act on.
    func elementTreeAndTargets() -> (ElementTree, [ElementTarget]) {
        var builder = ElementTreeBuilder(app: self)
        builder.build()
        return (ElementTree(elements: builder.elements, turn: loop.turn, time: loop.now.nanoseconds), builder.targets)
    }
}

/// What an element stands for: the object a verb acts on.
enum ElementTarget {
    case application
    case view(View)
    case accessibilityElement(AccessibilityElement)
    case navigationBar(NavigationController)
    case barTitle(NavigationController)
    case backButton(NavigationController)
    case barButtonItem(BarButtonItem, ViewController)
    case tabBar(TabBarController)
    case tab(TabBarController, Int)
    case segment(SegmentedControl, Int)
    case stepperButton(Stepper, increment: Bool)
    case keyboard(Window)
    case clearButton(TextField)
    case keyboardKey(Window, String)
}

/// A window's element tree as drawn (``Application/drawnElements(of:)``), with the object
/// each element stands for.
///
/// - Warning: Not `Sendable`: it holds the app's views; read it on the app's loop thread.
public struct DrawnElementTree {
    /// The elements, in drawing order (a parent before its children, a later sibling above
    /// an earlier one).
    public let tree: ElementTree
    let targets: [ElementTarget]

    /// The object the element at `index` stands for: its view; for a part UIKit draws
    /// without a view here, what draws it (a navigation bar's or back button's
    /// ``NavigationController``, a tab bar's or tab's ``TabBarController``, a bar button
    /// item, a segmented control or stepper, a keyboard's ``Window``); nil for the
    /// application.
    public func object(at index: Int) -> AnyObject? {
        switch targets[index] {
        case .application: nil
        case .view(let view): view
        case .accessibilityElement(let element): element
        case .navigationBar(let navigation), .barTitle(let navigation), .backButton(let navigation): navigation
        case .barButtonItem(let item, _): item
        case .tabBar(let tabs), .tab(let tabs, _): tabs
        case .segment(let control, _): control
        case .stepperButton(let stepper, _): stepper
        case .keyboard(let window), .keyboardKey(let window, _): window
        case .clearButton(let field): field
        }
    }

    /// The view the element at `index` is, if it is a view's (not a part's).
    public func view(at index: Int) -> View? {
        if case .view(let view) = targets[index] { return view }
        return nil
    }
}
