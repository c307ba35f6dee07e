extension ViewController {
    /// Tells the controller its view is about to appear or disappear, for custom
    /// containers that forward appearance themselves (L20, L21). Pair with
    /// ``endAppearanceTransition()``.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        guard onLoop("beginAppearanceTransition(_:animated:)") else { return }
        beginAppearance(isAppearing, animated: animated, forward: false)
    }

    /// Completes the transition begun with ``beginAppearanceTransition(_:animated:)``.
    public func endAppearanceTransition() {
        guard onLoop("endAppearanceTransition()") else { return }
        endAppearance(animated: false, forward: false)
    }

    /// `viewWillAppear` or `viewWillDisappear`, checked against the state machine
    /// `disappeared → appearing → appeared → disappearing → disappeared`, with the cancel
    /// edges `appearing → disappearing` and `disappearing → appearing` (L20).
    func beginAppearance(_ isAppearing: Bool, animated: Bool, forward: Bool = true) {
        let legal: Bool
        switch (appearance, isAppearing) {
        case (.disappeared, true), (.disappearing, true): legal = true
        case (.appeared, false), (.appearing, false): legal = true
        default: legal = false
        }
        if !legal { reportUnbalanced() }
        appearance = isAppearing ? .appearing : .disappearing
        if isAppearing {
            deliver("viewWillAppear") { $0.viewWillAppear(animated) }
        } else {
            deliver("viewWillDisappear") { $0.viewWillDisappear(animated) }
        }
        if forward { forwardToChildren { $0.beginAppearance(isAppearing, animated: animated) } }
    }

    /// `viewDidAppear` or `viewDidDisappear`, whichever the begun transition calls for.
    func endAppearance(animated: Bool, forward: Bool = true) {
        switch appearance {
        case .appearing:
            appearance = .appeared
            deliver("viewDidAppear") { $0.viewDidAppear(animated) }
        case .disappearing:
            appearance = .disappeared
            deliver("viewDidDisappear") { $0.viewDidDisappear(animated) }
        case .appeared, .disappeared:
            reportUnbalanced()
            return
        }
        if forward { forwardToChildren { $0.endAppearance(animated: animated) } }
    }

    /// `viewIsAppearing`, for a controller between `viewWillAppear` and `viewDidAppear`.
    func deliverIsAppearing(animated: Bool) {
        guard appearance == .appearing else { return }
        deliver("viewIsAppearing") { $0.viewIsAppearing(animated) }
        forwardToChildren { $0.deliverIsAppearing(animated: animated) }
    }

    /// Children whose views are inside this controller's view get the same callback right
    /// after this one, when forwarding is automatic (L21).
    func forwardToChildren(_ body: (ViewController) -> Void) {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = storedView else { return }
        for child in children {
            if let childView = child.storedView, childView.isDescendant(of: root) {
                body(child)
            }
        }
    }

    private func reportUnbalanced() {
        diagnose(.unbalancedAppearance, "Unbalanced calls to begin/end appearance transitions for \(label)")
    }

    /// Whether the controller is on screen or on its way there.
    public var isAppearingOrAppeared: Bool { appearance == .appearing || appearance == .appeared }
}

extension ViewController {
    /// Adds a child controller: calls its `willMove(toParent:)`; the container adds the
    /// child's view and then calls the child's `didMove(toParent:)` (L21).
    public func addChild(_ child: ViewController) {
        guard onLoop("addChild(_:)") else { return }
        guard child !== self, child.parent !== self else { return }
        if child.parent != nil { child.removeFromParent() }
        child.deliver("willMoveToParentViewController", detail: label) { $0.willMove(toParent: self) }
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent and calls its `didMove(toParent: nil)`; the
    /// container calls `willMove(toParent: nil)` before (L21).
    public func removeFromParent() {
        guard onLoop("removeFromParent()") else { return }
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        deliver("didMoveToParentViewController", detail: "nil") { $0.didMove(toParent: nil) }
    }

    /// Records and calls `willMove(toParent:)`, for containers (UIKit's containers call it
    /// themselves; custom ones call this before `removeFromParent()`).
    public func notifyWillMove(toParent parent: ViewController?) {
        deliver("willMoveToParentViewController", detail: parent?.label ?? "nil") { $0.willMove(toParent: parent) }
    }

    /// Records and calls `didMove(toParent:)`, for containers once their transition ends.
    public func notifyDidMove(toParent parent: ViewController?) {
        deliver("didMoveToParentViewController", detail: parent?.label ?? "nil") { $0.didMove(toParent: parent) }
    }
}
