/// What the XCUITest API of LifeloopTesting needs beyond the element verbs: the view behind
/// an element, for the actions XCUITest has and the verbs do not (moving a slider,
/// scrolling an element into view, typing into the focused field).
extension Application {
    /// The view an element of the app's tree stands for: the shown view whose element id
    /// is `id`. Nil for a part UIKit draws without a view of its own here (a back button, a
    /// tab, a segment, a bar button item), for an accessibility element, and for an id no
    /// longer on screen.
    public func view(forElement id: ElementID) -> View? {
        guard checkLoopThread(label: "app", operation: "view(forElement:)"), id.part == 0, id.serial != 0 else { return nil }
        for window in windows where !window.isHidden {
            if let found = Self.shownView(serial: id.serial, in: window) { return found }
        }
        return nil
    }

    /// The element tree with the view each element stands for, index for index: nil for a
    /// part UIKit draws without a view of its own here (a back button, a tab, a segment)
    /// and for an accessibility element. For front doors that show a view's own state
    /// beside its element (a text field's text, a view's alpha, the controller whose root
    /// view it is). With `frontDoor`, the tree is remembered as one a front door showed, as
    /// ``elementTreeForFrontDoor()`` remembers it, so that an id from it that goes stale is
    /// reported with what it was.
    public func elementTreeAndViews(frontDoor: Bool = false) -> (tree: ElementTree, views: [View?]) {
        guard checkLoopThread(label: "app", operation: "elementTreeAndViews()") else {
            return (ElementTree(elements: [], turn: loop.turn, time: loop.now.nanoseconds), [])
        }
        let (tree, targets) = elementTreeAndTargets()
        if frontDoor { lastElementTree = tree }
        return (tree, targets.map { if case .view(let view) = $0 { view } else { nil } })
    }

    /// The first responder among the shown views of the app's windows (the key window's
    /// first): the text field or text view being edited, if any.
    public var focusedView: View? {
        guard checkLoopThread(label: "app", operation: "focusedView") else { return nil }
        let ordered = (keyWindow.map { [$0] } ?? []) + windows.filter { $0 !== keyWindow }
        for window in ordered where !window.isHidden {
            if let view = window.firstResponder, view.window === window { return view }
        }
        return nil
    }

    private static func shownView(serial: UInt64, in view: View) -> View? {
        if view.elementSerial == serial { return view }
        for subview in view.subviews where !subview.isHidden {
            if let found = shownView(serial: serial, in: subview) { return found }
        }
        return nil
    }
}
