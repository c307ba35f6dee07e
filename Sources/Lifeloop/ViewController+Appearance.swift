/// A begun appearance transition. Its end must present the same ticket: an end whose
/// begin was overtaken by a newer one (a cancel edge) does nothing.
struct AppearanceTicket: Equatable {
    let generation: UInt64
    /// Why the controller moves, for the movement flags of its did-callback (L28).
    var cause: AppearanceCause = .none
}

/// Why a controller appears or disappears, as its movement flags tell inside the
/// appearance callbacks (L28).
enum AppearanceCause: Equatable {
    /// Nothing the flags name: a window shown, a tab switch, a controller revealed.
    case none
    /// Pushed, or added as a child: `isMovingToParent`.
    case movingToParent
    /// Popped, or removed from its parent: `isMovingFromParent`.
    case movingFromParent
    /// Presented: `isBeingPresented`.
    case beingPresented
    /// Dismissed: `isBeingDismissed`.
    case beingDismissed
}

extension ViewController {
    /// Tells the controller its view is about to appear or disappear, for custom
    /// containers that forward appearance themselves (L20, L21). Pair with
    /// ``endAppearanceTransition()``. A begin toward where the controller already is or
    /// is going records `unbalancedAppearance` and makes no callback.
    func performBeginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        guard onLoop("beginAppearanceTransition(_:animated:)") else { return }
        if beginAppearance(isAppearing, animated: animated, forward: false) == nil { reportUnbalanced() }
    }

    /// Completes the transition begun with ``beginAppearanceTransition(_:animated:)``; with
    /// none under way it records `unbalancedAppearance` and makes no callback.
    func performEndAppearanceTransition() {
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
    /// - Parameter cause: Why it moves (L28); a controller added as a child and not yet
    ///   shown appears as moving to its parent, one told it leaves its parent disappears as
    ///   moving from it, whatever the caller says.
    @discardableResult
    func beginAppearance(_ isAppearing: Bool, animated: Bool, forward: Bool = true,
                         cause: AppearanceCause = .none) -> AppearanceTicket? {
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
        let ticket = AppearanceTicket(generation: appearanceGeneration,
                                      cause: isAppearing ? (pendingMovingToParent ? .movingToParent : cause)
                                                         : (pendingMovingFromParent ? .movingFromParent : cause))
        appearance = isAppearing ? .appearing : .disappearing
        appearanceAnimated = animated
        let outerCause = activeCause
        activeCause = ticket.cause
        if isAppearing {
            deliver("viewWillAppear") { $0.viewWillAppear(animated) }
        } else {
            deliver("viewWillDisappear") { $0.viewWillDisappear(animated) }
        }
        activeCause = outerCause
        if isAppearing { app?.queueIsAppearing(self) }
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
        if isAppearing, forward, let navigation = self as? NavigationController {
            navigation.firstAppearanceBegan(animated: animated)
        }
        if let pages = self as? PageViewController { pages.pagesAppearanceBegan(isAppearing, animated: animated) }
        return ticket
    }

    /// Ends the transition `ticket` began: `viewDidAppear` or `viewDidDisappear`, then the
    /// same for the children the begin forwarded to. Does nothing for a stale or nil ticket.
    func endAppearance(_ ticket: AppearanceTicket?, animated: Bool) {
        guard let ticket, ticket.generation == appearanceGeneration else { return }
        let outerCause = activeCause
        activeCause = ticket.cause
        switch appearance {
        case .appearing:
            appearance = .appeared
            // The first appearance in the new parent is over.
            if ticket.cause == .movingToParent { pendingMovingToParent = false }
            deliver("viewDidAppear") { $0.viewDidAppear(animated) }
        case .disappearing:
            appearance = .disappeared
            deliver("viewDidDisappear") { $0.viewDidDisappear(animated) }
        case .appeared, .disappeared:
            activeCause = outerCause
            return
        }
        activeCause = outerCause
        if let navigation = self as? NavigationController { navigation.firstAppearanceEnding(animated: animated) }
        let forwarded = forwardedAppearance
        forwardedAppearance = []
        for (child, childTicket) in forwarded { child.endAppearance(childTicket, animated: animated) }
        if let pages = self as? PageViewController { pages.pagesAppearanceEnded(animated: animated) }
    }

    /// Brings a controller whose view just left the screen to `disappeared`, if something
    /// (a window shown again, a parent appearing) turned it back toward appearing while its
    /// transition ran.
    func settleDisappearance(animated: Bool) {
        guard isAppearingOrAppeared else { return }
        let ticket = beginAppearance(false, animated: animated)
        endAppearance(ticket, animated: animated)
    }

    /// `viewIsAppearing`, if it was queued and not yet delivered, for a controller between
    /// `viewWillAppear` and `viewDidAppear` (L05).
    func deliverAwaitedIsAppearing() {
        guard awaitsIsAppearing else { return }
        awaitsIsAppearing = false
        storedView?.flags.remove(.awaitsIsAppearing)
        guard appearance == .appearing else { return }
        let animated = appearanceAnimated
        deliver("viewIsAppearing") { $0.viewIsAppearing(animated) }
    }

    /// The children whose views are inside this controller's view, when appearance is
    /// forwarded automatically (L21).
    var childrenInView: [ViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = storedView, !children.isEmpty else { return [] }
        return children.filter { child in child.storedView.map { $0.isDescendant(of: root) } ?? false }
    }

    private func reportUnbalanced() {
        diagnose(.unbalancedAppearance, "Unbalanced calls to begin/end appearance transitions for \(traceLabel)")
    }

    /// Whether the controller is on screen or on its way there.
    public var isAppearingOrAppeared: Bool { appearance == .appearing || appearance == .appeared }

    // MARK: Movement flags (L28)

    /// Inside `viewWillAppear`/`viewDidAppear`: whether the controller is being pushed or
    /// was added as a child and shows for the first time in that parent. False elsewhere.
    public var isMovingToParent: Bool { activeCause == .movingToParent }

    /// Inside `viewWillDisappear`/`viewDidDisappear`: whether the controller is being
    /// popped or removed from its parent. False elsewhere.
    public var isMovingFromParent: Bool { activeCause == .movingFromParent }

    /// Inside `viewWillAppear`/`viewDidAppear`: whether the controller is being presented.
    /// False elsewhere.
    public var isBeingPresented: Bool { activeCause == .beingPresented }

    /// Inside `viewWillDisappear`/`viewDidDisappear`: whether the controller is being
    /// dismissed. False elsewhere.
    public var isBeingDismissed: Bool { activeCause == .beingDismissed }

    // MARK: Views that enter a window on their own (L25)

    /// The controller's view starts moving to `window` (nil: out of any) outside a
    /// transition of the runtime's: a controller not on screen whose view enters a shown
    /// window begins to appear, one on screen whose view leaves begins to disappear. A
    /// runtime transition has already begun the controller's appearance, so this does
    /// nothing then.
    func viewWillMove(toWindow window: Window?) {
        // A container that forwards appearance itself (L20, L21) decides for its children.
        if let parent, !parent.shouldAutomaticallyForwardAppearanceMethods { return }
        if let window, window.isShown {
            guard appearance == .disappeared else { return }
            windowMoveTicket = beginAppearance(true, animated: false)
        } else if isAppearingOrAppeared {
            windowMoveTicket = beginAppearance(false, animated: false)
        }
    }

    /// The move `viewWillMove(toWindow:)` began is over: the did-callback.
    func viewDidMoveWindow() {
        guard let ticket = windowMoveTicket else { return }
        windowMoveTicket = nil
        endAppearance(ticket, animated: false)
    }
}

extension ViewController {
    /// Adds a child controller: calls its `willMove(toParent:)`; the container adds the
    /// child's view and then calls the child's `didMove(toParent:)` (L21).
    func performAddChild(_ child: ViewController) {
        guard onLoop("addChild(_:)") else { return }
        guard child !== self, child.parent !== self else { return }
        if child.parent != nil { child.removeFromParent() }
        child.deliver("willMoveToParentViewController", detail: traceLabel) { $0.willMove(toParent: self) }
        children.append(child)
        child.parent = self
        child.pendingMovingToParent = true
        child.pendingMovingFromParent = false
    }

    /// Removes the controller from its parent and calls its `didMove(toParent: nil)`; the
    /// container calls `willMove(toParent: nil)` before (L21).
    func performRemoveFromParent() {
        guard onLoop("removeFromParent()") else { return }
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        pendingMovingToParent = false
        pendingMovingFromParent = false
        deliver("didMoveToParentViewController", detail: "nil") { $0.didMove(toParent: nil) }
    }

    /// Records and calls `willMove(toParent:)`, for containers (UIKit's containers call it
    /// themselves; custom ones call this before `removeFromParent()`).
    public func notifyWillMove(toParent parent: ViewController?) {
        guard onLoop("notifyWillMove(toParent:)") else { return }
        if parent == nil, self.parent != nil { pendingMovingFromParent = true }
        deliver("willMoveToParentViewController", detail: parent?.traceLabel ?? "nil") { $0.willMove(toParent: parent) }
    }

    /// Records and calls `didMove(toParent:)`, for containers once their transition ends.
    public func notifyDidMove(toParent parent: ViewController?) {
        guard onLoop("notifyDidMove(toParent:)") else { return }
        // Staying (an interactive pop that was cancelled): no longer leaving.
        if parent != nil { pendingMovingFromParent = false }
        deliver("didMoveToParentViewController", detail: parent?.traceLabel ?? "nil") { $0.didMove(toParent: parent) }
    }
}
