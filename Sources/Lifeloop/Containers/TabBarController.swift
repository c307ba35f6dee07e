/// A row of tabs showing one child controller at a time: UIKit's `UITabBarController`.
///
/// Only the selected child's view is in the container, so when the tab bar controller
/// appears or disappears only that child gets the callbacks (L21's automatic forwarding).
/// A tab switch from A to B while visible follows L19: `B viewWillAppear`,
/// `A viewWillDisappear`, B's view replaces A's, then at the end of the turn, after
/// layout, `A viewDidDisappear`, `B viewDidAppear`.
open class TabBarController: ViewController {
    /// The tabs, in order. Kept apart from `children` because a removed selected child
    /// stays a child until its disappearance ends (L21).
    private var tabs: [ViewController] = []
    private var selected: ViewController?
    /// Set while a visible switch waits for its did-callbacks; a second switch then would
    /// leave a controller unbalanced (L20).
    private var isSwitching = false
    /// The tab bar, once read (Bars/TabBar.swift).
    var storedTabBar: TabBar?
    /// The delegate behind the public `delegate` (ControllersMore).
    weak var storedTabDelegate: TabBarControllerDelegate?

    /// Creates a tab bar controller showing `viewControllers`, the first one selected.
    /// - Parameters:
    ///   - viewControllers: The tabs, in order; each becomes a child.
    ///   - label: The controller's name in the trace.
    public convenience init(viewControllers: [ViewController], label: String? = nil) {
        Self.useLabel(label)
        self.init(nibName: nil, bundle: nil)
        setViewControllers(viewControllers, animated: false)
    }

    /// Creates a tab bar controller with no tabs.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a tab bar controller from a storyboard scene, with no tabs.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Tabs

    /// The tabs, in order. Setting replaces them as
    /// ``setViewControllers(_:animated:)`` does, without animation.
    open var viewControllers: [ViewController] {
        get { tabs }
        set { if onLoop("viewControllers") { setViewControllers(newValue, animated: false) } }
    }

    /// Replaces the tabs (L21).
    ///
    /// Removed controllers get `willMove(toParent: nil)` and leave; added ones become
    /// children and get `didMove(toParent:)` once the change ends. As in UIKit, the
    /// selected controller stays selected if it is still a tab; else the tab at the same
    /// index is selected, else the first. If the selection changes while the tab bar
    /// controller is visible, the switch follows L19, and a removed selected controller
    /// leaves its parent after its `viewDidDisappear`. Duplicates and the tab bar
    /// controller itself are dropped with an `invalidHierarchy` diagnostic.
    /// - Parameters:
    ///   - viewControllers: The new tabs, in order.
    ///   - animated: Passed to the appearance callbacks; the change is immediate for now.
    open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        guard onLoop("setViewControllers(_:animated:)") else { return }
        guard !isSwitching else {
            diagnose(.presentWhilePresenting, "tab replacement while a tab switch is in progress")
            return
        }
        var incoming: [ViewController] = []
        for controller in viewControllers {
            if controller === self || incoming.contains(where: { $0 === controller }) {
                diagnose(.invalidHierarchy, "\(controller.traceLabel) can't be a tab of \(traceLabel) twice or of itself")
                continue
            }
            incoming.append(controller)
        }
        let previous = selected
        let previousIndex = previous.flatMap { old in tabs.firstIndex { $0 === old } } ?? 0
        let removed = tabs.filter { old in !incoming.contains { $0 === old } }
        let added = incoming.filter { new in !tabs.contains { $0 === new } }
        let next: ViewController?
        if let previous, incoming.contains(where: { $0 === previous }) {
            next = previous
        } else if incoming.indices.contains(previousIndex) {
            next = incoming[previousIndex]
        } else {
            next = incoming.first
        }

        for controller in removed { controller.notifyWillMove(toParent: nil) }
        for controller in added { addChild(controller) }
        // The selected controller, if removed, leaves only once it is off screen.
        let leavingSelected = removed.first { $0 === previous && next !== previous }
        for controller in removed where controller !== leavingSelected { controller.removeFromParent() }
        tabs = incoming
        children = incoming + (leavingSelected.map { [$0] } ?? [])

        let finish = { [self] in
            leavingSelected?.removeFromParent()
            for controller in added { controller.notifyDidMove(toParent: self) }
        }
        if next === previous {
            finish()
        } else {
            show(next, replacing: previous, animated: animated, then: finish)
        }
    }

    // MARK: Selection

    /// The index of the selected tab; `Int.max` (UIKit's `NSNotFound`) when there are no
    /// tabs. Setting an index out of range records `invalidHierarchy` and changes nothing.
    open var selectedIndex: Int {
        get { selected.flatMap { current in tabs.firstIndex { $0 === current } } ?? Int.max }
        set {
            guard onLoop("selectedIndex") else { return }
            guard tabs.indices.contains(newValue) else {
                diagnose(.invalidHierarchy, "selectedIndex \(newValue) is out of range for \(tabs.count) tab(s)")
                return
            }
            select(tabs[newValue])
        }
    }

    /// The selected tab. Setting a controller that is not a tab (or nil while there are
    /// tabs) records `invalidHierarchy` and changes nothing.
    open var selectedViewController: ViewController? {
        get { selected }
        set {
            guard onLoop("selectedViewController") else { return }
            guard let newValue, tabs.contains(where: { $0 === newValue }) else {
                diagnose(.invalidHierarchy, "\(newValue?.traceLabel ?? "nil") is not a tab of \(traceLabel)")
                return
            }
            select(newValue)
        }
    }

    /// The user selected `item` in the controller's tab bar: UIKit's `UITabBarDelegate`
    /// method, an override point. Called after the tab is selected, before the delegate's
    /// `tabBarController(_:didSelect:)`. Does nothing by default.
    /// - Parameters:
    ///   - tabBar: The controller's tab bar.
    ///   - item: The selected tab's item.
    open func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {}

    // MARK: The view

    /// A container the size of the main screen, holding the selected tab's view.
    open override func loadView() {
        let container = View(frame: app?.mainScreen.bounds ?? .zero)
        view = container
        if let selectedView = selected?.view {
            place(selectedView, in: container)
        }
    }

    // MARK: Switching

    private func select(_ controller: ViewController) {
        guard controller !== selected else { return }
        guard !isSwitching else {
            diagnose(.presentWhilePresenting, "tab switch to \(controller.traceLabel) while a tab switch is in progress")
            return
        }
        show(controller, replacing: selected, animated: false) {}
    }

    /// Makes `next` the selected tab (L19). While visible: `next viewWillAppear`,
    /// `previous viewWillDisappear`, the views swap, and the did-callbacks and `then` wait
    /// for the end of the turn; otherwise only the views swap and `then` runs at once.
    private func show(_ next: ViewController?, replacing previous: ViewController?, animated: Bool,
                      then completion: @escaping () -> Void) {
        selected = next
        guard let container = viewIfLoaded else {
            completion()
            return
        }
        // The incoming view loads before any appearance callback, as in L16.
        next?.loadViewIfNeeded()
        let visible = container.window != nil && isAppearingOrAppeared
        // A begin toward where a tab already is returns no ticket, so a switch during the
        // tab bar controller's own appearance stays balanced (L20).
        let nextTicket = visible ? next?.beginAppearance(true, animated: animated) : nil
        let previousTicket = visible ? previous?.beginAppearance(false, animated: animated) : nil
        if let previousView = previous?.viewIfLoaded, previousView.superview === container {
            previousView.removeFromSuperview()
        }
        if let nextView = next?.viewIfLoaded {
            place(nextView, in: container)
        }
        guard visible, let app else {
            completion()
            return
        }
        isSwitching = true
        app.afterCommit { [self] in
            // Tickets make ends that were overtaken (by the tab bar controller's own
            // forwarding in the same turn) do nothing.
            previous?.endAppearance(previousTicket, animated: animated)
            next?.endAppearance(nextTicket, animated: animated)
            isSwitching = false
            completion()
        }
    }

    private func place(_ childView: View, in container: View) {
        childView.frame = container.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(childView)
    }
}
