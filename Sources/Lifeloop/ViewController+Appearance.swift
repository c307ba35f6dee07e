/// A begun appearance transition. Its end must present the same ticket: an end whose
/// begin was overtaken by a newer one (a cancel edge) does nothing.
struct AppearanceTicket: Equatable {
    let generation: UInt64
}

extension ViewController {
    /// Tells the controller its view is about to appear or disappear, for custom
    /// containers that forward appearance themselves (L20, L21). Pair with
    /// ``endAppearanceTransition()``. A begin toward where the controller already is or
    /// is going records `unbalancedAppearance` and makes no callback.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        guard onLoop("beginAppearanceTransition(_:animated:)") else { return }
        if beginAppearance(isAppearing, animated: animated, forward: false) == nil { reportUnbalanced() }
    }

    /// Completes the transition begun with ``beginAppearanceTransition(_:animated:)``; with
    /// none under way it records `unbalancedAppearance` and makes no callback.
    public func endAppearanceTransition() {
        guard onLoop("endAppearanceTransition()") else { return }
        guard appearance == .appearing || appearance == .disappearing else {
            reportUnbalanced()
            return
        }
        endAppearance(AppearanceTicket(generation: appearanceGeneration), animated: appearanceAnimated)
    }

    /// Starts `viewWillAppear` or `viewWillDisappear` along the state machine
    /// `disappeared → appearing → appeared → disappearing → disappeared`, with the cancel
    /// edges `appearing → disappearing` and `disappearing → appearing` (L20). A begin toward
    /// where the controller already is or is going does nothing and returns nil, so the
    /// runtime can never send an unbalanced callback. With `forward`, children whose views
    /// are inside this view get the same begin right after (L21), and the matching end
    /// reaches exactly those.
    /// - Returns: The ticket the matching ``endAppearance(_:animated:)`` needs.
    @discardableResult
    func beginAppearance(_ isAppearing: Bool, animated: Bool, forward: Bool = true) -> AppearanceTicket? {
        switch (appearance, isAppearing) {
        case (.appearing, true), (.appeared, true), (.disappearing, false), (.disappeared, false):
            return nil
        default:
            break
        }
        // A child appears only inside a parent that is on screen or getting there: a
        // container's own transition ending while the container is covered or hidden must
        // not bring a child on screen.
        if isAppearing, let parent, !parent.isAppearingOrAppeared { return nil }
        appearanceGeneration &+= 1
        let ticket = AppearanceTicket(generation: appearanceGeneration)
        appearance = isAppearing ? .appearing : .disappearing
        appearanceAnimated = animated
        if isAppearing {
            deliver("viewWillAppear") { $0.viewWillAppear(animated) }
        } else {
            deliver("viewWillDisappear") { $0.viewWillDisappear(animated) }
        }
        var forwarded: [(child: ViewController, ticket: AppearanceTicket)] = []
        if forward {
            for child in childrenInView {
                if let childTicket = child.beginAppearance(isAppearing, animated: animated) {
                    forwarded.append((child, childTicket))
                }
            }
        }
        // A child forwarded to by the overtaken begin and not begun again (its view left
        // this view meanwhile) still needs its end: this begin's end brings it.
        for (child, childTicket) in forwardedAppearance
        where childTicket.generation == child.appearanceGeneration && !forwarded.contains(where: { $0.child === child }) {
            forwarded.append((child, childTicket))
        }
        forwardedAppearance = forwarded
        return ticket
    }

    /// Ends the transition `ticket` began: `viewDidAppear` or `viewDidDisappear`, then the
    /// same for the children the begin forwarded to. Does nothing for a stale or nil ticket.
    func endAppearance(_ ticket: AppearanceTicket?, animated: Bool) {
        guard let ticket, ticket.generation == appearanceGeneration else { return }
        switch appearance {
        case .appearing:
            appearance = .appeared
            deliver("viewDidAppear") { $0.viewDidAppear(animated) }
        case .disappearing:
            appearance = .disappeared
            deliver("viewDidDisappear") { $0.viewDidDisappear(animated) }
        case .appeared, .disappeared:
            return
        }
        let forwarded = forwardedAppearance
        forwardedAppearance = []
        for (child, childTicket) in forwarded { child.endAppearance(childTicket, animated: animated) }
    }

    /// Brings a controller whose view just left the screen to `disappeared`, if something
    /// (a window shown again, a parent appearing) turned it back toward appearing while its
    /// transition ran.
    func settleDisappearance(animated: Bool) {
        guard isAppearingOrAppeared else { return }
        let ticket = beginAppearance(false, animated: animated)
        endAppearance(ticket, animated: animated)
    }

    /// `viewIsAppearing`, for a controller between `viewWillAppear` and `viewDidAppear`.
    func deliverIsAppearing(animated: Bool) {
        guard appearance == .appearing else { return }
        deliver("viewIsAppearing") { $0.viewIsAppearing(animated) }
        for child in childrenInView { child.deliverIsAppearing(animated: animated) }
    }

    /// The children whose views are inside this controller's view, when appearance is
    /// forwarded automatically (L21).
    var childrenInView: [ViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = storedView, !children.isEmpty else { return [] }
        return children.filter { child in child.storedView.map { $0.isDescendant(of: root) } ?? false }
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
        guard onLoop("notifyWillMove(toParent:)") else { return }
        deliver("willMoveToParentViewController", detail: parent?.label ?? "nil") { $0.willMove(toParent: parent) }
    }

    /// Records and calls `didMove(toParent:)`, for containers once their transition ends.
    public func notifyDidMove(toParent parent: ViewController?) {
        guard onLoop("notifyDidMove(toParent:)") else { return }
        deliver("didMoveToParentViewController", detail: parent?.label ?? "nil") { $0.didMove(toParent: parent) }
    }
}
