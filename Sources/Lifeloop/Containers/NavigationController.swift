/// Hears which controller a navigation controller shows (L30): UIKit's
/// `UINavigationControllerDelegate`, its two showing methods. Both have defaults that do
/// nothing. Each call is traced on the navigation controller as
/// `navigationControllerWillShow` or `navigationControllerDidShow`, with the shown
/// controller's label as detail.
public protocol NavigationControllerDelegate: AnyObject {
    /// Right after the incoming controller's `viewWillAppear` in a push or pop (a
    /// cancelled interactive pop included), and after the root's when the navigation
    /// controller first appears.
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// Right after the incoming controller's `viewDidAppear` in a finished push or pop;
    /// when the navigation controller first appears, right after its own `viewDidAppear`
    /// and before the root's.
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
    /// The animator of an animated push or pop; nil (the default) for the runtime's slide.
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The interaction controller of a pop with `animationController`; nil (the default)
    /// for none. Given one, `popViewController(animated: true)` starts an interactive pop
    /// that the interaction controller finishes or cancels (L18).
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
}

/// A stack of controllers showing the top one: UIKit's `UINavigationController`.
///
/// Every change of the stack (push, pop, pop to root or to a controller,
/// `setViewControllers`) is one transition from the old top to the new top, in L16's
/// order: `old viewWillDisappear`, `new viewWillAppear` (its view loads first if needed),
/// the new top's layout, then, when the transition ends (on the frame clock when
/// animated), `old viewDidDisappear`, `new viewDidAppear`; controllers that left the stack
/// get `didMove(toParent: nil)` and are released (`dealloc`).
open class NavigationController: ViewController {
    /// Whether a transition of the stack is under way.
    private var activeTransition = false
    /// Whether that transition animates: changes requested during a non-animated one are
    /// queued (back-to-back pushes, as deep links do), during an animated one refused.
    private var activeTransitionAnimates = false
    /// Stack changes waiting for the current non-animated transition to end.
    private var queuedChanges: [() -> Void] = []
    private weak var storedDelegate: NavigationControllerDelegate?
    /// Whether the first appearance's `didShow` was delivered (L30).
    private var hasShownFirstTop = false
    /// The top the first appearance's `willShow` named, until its `didShow`.
    private var firstShowPending: ViewController?

    /// Hears `willShow` and `didShow` (L30). Held weakly, as in UIKit.
    public var delegate: NavigationControllerDelegate? {
        get { storedDelegate }
        set { if onLoop("delegate") { storedDelegate = newValue } }
    }

    /// How long an animated push or pop takes, in seconds.
    public static let transitionDuration = 0.35

    /// What a stack change does, for a delegate's animator: UIKit's
    /// `UINavigationController.Operation`.
    public enum Operation: Int, Sendable {
        /// Nothing.
        case none
        /// A controller is pushed.
        case push
        /// A controller is popped.
        case pop
    }

    /// Creates a navigation controller showing `rootViewController`.
    public convenience init(rootViewController: ViewController, label: String?) {
        Self.useLabel(label)
        self.init(rootViewController: rootViewController)
    }

    /// Creates a navigation controller showing `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init(nibName: nil, bundle: nil)
        addChild(rootViewController)
        rootViewController.notifyDidMove(toParent: self)
    }

    /// Creates a navigation controller with an empty stack.
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a navigation controller from a storyboard scene; its relationship segue
    /// gives it its root (L24).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Makes `controller` the root of an empty stack, as a storyboard's relationship
    /// segue does: before the navigation controller's view exists, so no transition.
    func setRoot(_ controller: ViewController) {
        addChild(controller)
        controller.notifyDidMove(toParent: self)
    }

    /// `willShow` to the delegate, traced (L30).
    func notifyWillShow(_ controller: ViewController, animated: Bool) {
        guard let delegate = storedDelegate else { return }
        trace("navigationControllerWillShow", detail: controller.traceLabel)
        delegate.navigationController(self, willShow: controller, animated: animated)
    }

    /// `didShow` to the delegate, traced (L30).
    func notifyDidShow(_ controller: ViewController, animated: Bool) {
        guard let delegate = storedDelegate else { return }
        trace("navigationControllerDidShow", detail: controller.traceLabel)
        delegate.navigationController(self, didShow: controller, animated: animated)
    }

    /// Called by ``beginAppearance(_:animated:forward:cause:)`` once the top got its
    /// `viewWillAppear`: the first appearance's `willShow` (L30).
    func firstAppearanceBegan(animated: Bool) {
        guard !hasShownFirstTop, let top = topViewController, top.isAppearingOrAppeared else { return }
        firstShowPending = top
        notifyWillShow(top, animated: animated)
    }

    /// Called by ``endAppearance(_:animated:)`` after this controller's `viewDidAppear`,
    /// before its top's: the first appearance's `didShow` (L30).
    func firstAppearanceEnding(animated: Bool) {
        guard let top = firstShowPending else { return }
        firstShowPending = nil
        hasShownFirstTop = true
        notifyDidShow(top, animated: animated)
    }

    /// The stack, bottom first.
    open var viewControllers: [ViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Whether the navigation bar is hidden: a shown bar takes 44 points of its
    /// controllers' safe area and shows the top's title in snapshots.
    open var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { if onLoop("isNavigationBarHidden") { setNavigationBarHidden(newValue, animated: false) } }
    }
    private var navigationBarHidden = false

    /// The controller's navigation bar: its appearance settings, kept as data (made on
    /// first use, so a controller whose bar is never styled makes none).
    public var navigationBar: NavigationBar {
        if let bar = storedNavigationBar { return bar }
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: viewIfLoaded?.bounds.width ?? 0, height: 44))
        bar.takeAppearanceProxy()
        bar.navigationController = self
        storedNavigationBar = bar
        return bar
    }
    private var storedNavigationBar: NavigationBar?
    /// Whether a tap hides and shows the bars (data: Lifeloop's bars take no taps).
    open var hidesBarsOnTap: Bool {
        get { barHiding.contains(.onTap) }
        set { if onLoop("hidesBarsOnTap") { barHiding.set(.onTap, newValue) } }
    }
    /// Whether a swipe hides and shows the bars (data).
    open var hidesBarsOnSwipe: Bool {
        get { barHiding.contains(.onSwipe) }
        set { if onLoop("hidesBarsOnSwipe") { barHiding.set(.onSwipe, newValue) } }
    }
    /// Whether the bars hide when the keyboard shows (data).
    open var hidesBarsWhenKeyboardAppears: Bool {
        get { barHiding.contains(.whenKeyboardAppears) }
        set { if onLoop("hidesBarsWhenKeyboardAppears") { barHiding.set(.whenKeyboardAppears, newValue) } }
    }
    /// Whether the bars hide in a compact-height layout (data).
    open var hidesBarsWhenVerticallyCompact: Bool {
        get { barHiding.contains(.whenVerticallyCompact) }
        set { if onLoop("hidesBarsWhenVerticallyCompact") { barHiding.set(.whenVerticallyCompact, newValue) } }
    }
    private var barHiding: BarHiding = []

    /// Hides or shows the navigation bar; `animated` is data.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard onLoop("setNavigationBarHidden(_:animated:)") else { return }
        navigationBarHidden = hidden
        trace("setNavigationBarHidden", detail: hidden ? "yes" : "no")
        for child in children { child.viewIfLoaded?.setNeedsLayout() }
    }

    /// Whether the bottom toolbar is hidden (data).
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { if onLoop("isToolbarHidden") { setToolbarHidden(newValue, animated: false) } }
    }
    private var toolbarHidden = true
    /// The toolbar, once made (Bars/Toolbar.swift).
    var storedToolbar: Toolbar?

    /// Hides or shows the bottom toolbar, which shows the top controller's
    /// `toolbarItems` (data; `animated` is data).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard onLoop("setToolbarHidden(_:animated:)") else { return }
        guard toolbarHidden != hidden else { return }
        toolbarHidden = hidden
        // The toolbar takes the bottom of the top controller's safe area (Bars/Toolbar.swift).
        viewIfLoaded?.setNeedsLayout()
        for child in children { child.viewIfLoaded?.setNeedsLayout() }
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { children.last }

    /// Whether a transition of the stack is under way.
    public var isTransitioning: Bool { activeTransition }

    /// The screen-edge pan that drives an interactive pop (UIKit's): a drag from the left
    /// edge pops the top controller, following the finger (see Touches/).
    public internal(set) var interactivePopGestureRecognizer: GestureRecognizer?

    open override func loadView() {
        let container = View(frame: application?.mainScreen.bounds ?? .zero)
        view = container
        installInteractivePopGesture(on: container)
        if let top = topViewController, let topView = top.view {
            topView.frame = container.bounds
            topView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(topView)
        }
    }

    /// Pushes a controller on the stack and shows it (L16). Requested while a non-animated
    /// change waits for its commit, it runs right after that change; during an animated
    /// transition it is refused with a diagnostic.
    open func pushViewController(_ controller: ViewController, animated: Bool) {
        guard onLoop("pushViewController(_:animated:)") else { return }
        guard admit("push of \(controller.traceLabel)", retry: { [self] in pushViewController(controller, animated: animated) })
                == .proceed else { return }
        guard !children.contains(where: { $0 === controller }) else {
            diagnose(.invalidHierarchy, "\(controller.traceLabel) is already in the navigation stack of \(traceLabel)")
            return
        }
        changeStack(to: children + [controller], animated: animated, operation: "push of \(controller.traceLabel)")
    }

    /// Pops the top controller and shows the one below (L16). Requested while a
    /// non-animated change waits for its commit, it runs right after that change.
    /// - Returns: The popped controller (the one on top now, for a queued pop), or nil if
    ///   only the root is left or the pop was refused.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard onLoop("popViewController(animated:)"), children.count > 1 else { return nil }
        let popped = children[children.count - 1]
        switch admit("pop of \(popped.traceLabel)", retry: { [self] in popViewController(animated: animated) }) {
        case .refused: return nil
        case .queued: return popped
        case .proceed: break
        }
        if animated, let delegate = storedDelegate, isAppearingOrAppeared, viewIfLoaded?.window != nil {
            let animator = delegate.navigationController(self, animationControllerFor: .pop, from: popped,
                                                         to: children[children.count - 2])
            if let animator, let interactor = delegate.navigationController(self, interactionControllerFor: animator) {
                _ = startInteractivePop(custom: (animator, interactor))
                return popped
            }
            // Asked once: the pop below uses this answer.
            return changeStack(to: Array(children.dropLast()), animated: animated, operation: "pop of \(popped.traceLabel)",
                               askedAnimator: .some(animator)).isEmpty ? nil : popped
        }
        return changeStack(to: Array(children.dropLast()), animated: animated, operation: "pop of \(popped.traceLabel)")
            .isEmpty ? nil : popped
    }

    /// Pops every controller above the root.
    /// - Returns: The popped controllers, bottom first.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController] {
        guard onLoop("popToRootViewController(animated:)"), let root = children.first else { return [] }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `controller`.
    /// - Returns: The popped controllers, bottom first; empty if `controller` is not in
    ///   the stack (a diagnostic) or already on top.
    @discardableResult
    open func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController] {
        guard onLoop("popToViewController(_:animated:)") else { return [] }
        guard let index = children.firstIndex(where: { $0 === controller }) else {
            diagnose(.invalidHierarchy, "\(controller.traceLabel) is not in the navigation stack of \(traceLabel)")
            return []
        }
        switch admit("pop to \(controller.traceLabel)", retry: { [self] in popToViewController(controller, animated: animated) }) {
        case .refused: return []
        case .queued: return Array(children[(index + 1)...])
        case .proceed: break
        }
        return changeStack(to: Array(children[...index]), animated: animated, operation: "pop to \(controller.traceLabel)")
    }

    /// Replaces the stack. The top changes with a push-like transition when the new top
    /// was not in the stack, a pop-like one otherwise.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard onLoop("setViewControllers(_:animated:)") else { return }
        guard !controllers.isEmpty else {
            diagnose(.invalidHierarchy, "setViewControllers with an empty stack on \(traceLabel)")
            return
        }
        guard admit("setViewControllers", retry: { [self] in setViewControllers(controllers, animated: animated) })
                == .proceed else { return }
        changeStack(to: controllers, animated: animated, operation: "setViewControllers")
    }

    /// Starts a pop that a gesture drives (L18): `B viewWillDisappear`, `A viewWillAppear`
    /// now; then ``InteractiveTransition/update(_:)`` moves it, and
    /// ``InteractiveTransition/finish()`` completes it as a pop (L16) or
    /// ``InteractiveTransition/cancel()`` ends it with `A viewWillDisappear`,
    /// `A viewDidDisappear`, `B viewWillAppear`, `B viewDidAppear`.
    /// - Returns: nil (with a diagnostic if busy) when there is nothing to pop or the
    ///   stack is not on screen.
    public func beginInteractivePop() -> InteractiveTransition? {
        guard onLoop("beginInteractivePop()") else { return nil }
        return startInteractivePop(custom: nil)
    }

    /// An interactive pop, driven by the returned transition, or by a delegate's
    /// interaction controller running its animator (`custom`; then nil is returned).
    private func startInteractivePop(custom: (animator: ViewControllerAnimatedTransitioning,
                                              interactor: ViewControllerInteractiveTransitioning)?) -> InteractiveTransition? {
        guard children.count > 1 else { return nil }
        guard !activeTransition else {
            diagnose(.presentWhilePresenting, "interactive pop while a navigation transition is in progress")
            return nil
        }
        activeTransitionAnimates = true
        guard let container = viewIfLoaded, let window = container.window, isAppearingOrAppeared,
              let app = application else { return nil }
        let leaving = children[children.count - 1]
        let revealed = children[children.count - 2]
        revealed.loadViewIfNeeded()
        guard let revealedView = revealed.viewIfLoaded else { return nil }
        activeTransition = true
        let duration = custom.map { ViewController.clampedDuration($0.animator.transitionDuration(using: nil)) }
            ?? Self.transitionDuration
        let coordinator = TransitionCoordinator(app: app, isAnimated: true, duration: duration,
                                                isInteractive: custom?.interactor.wantsInteractiveStart ?? true)
        leaving.ownTransitionCoordinator = coordinator
        revealed.ownTransitionCoordinator = coordinator
        leaving.notifyWillMove(toParent: nil)
        let leavingTicket = leaving.beginAppearance(false, animated: true)
        let revealedTicket = revealed.beginAppearance(true, animated: true)
        if revealedTicket != nil { notifyWillShow(revealed, animated: true) }
        place(revealedView, in: container, below: true)
        let width = container.bounds.width
        let leavingView = leaving.viewIfLoaded
        if let custom {
            let context = TransitionContext(
                app: app, container: container, coordinator: coordinator, animator: custom.animator, style: .fullScreen,
                from: leaving, to: revealed, fromView: leavingView, toView: revealedView,
                frames: [ObjectIdentifier(leaving): (container.bounds, .zero), ObjectIdentifier(revealed): (.zero, container.bounds)]
            ) { [self] didComplete in
                leaving.ownTransitionCoordinator = nil
                revealed.ownTransitionCoordinator = nil
                activeTransition = false
                window.runCompletion {
                    for block in coordinator.completions { block(coordinator) }
                    coordinator.releaseBlocks()
                    endInteractivePop(leaving: leaving, revealed: revealed, cancelled: !didComplete,
                                      leavingTicket: leavingTicket, revealedTicket: revealedTicket)
                    custom.animator.animationEnded(didComplete)
                }
            }
            custom.interactor.startInteractiveTransition(context)
            return nil
        }
        let transition = app.runTransition("interactivePop", in: window, coordinator: coordinator, interactive: true, apply: { progress in
            leavingView?.setTransitionOffset(Point(x: width * progress, y: 0))
            revealedView.setTransitionOffset(Point(x: -0.3 * width * (1 - progress), y: 0))
        }) { [self] cancelled in
            leavingView?.setTransitionOffset(.zero)
            revealedView.setTransitionOffset(.zero)
            leaving.ownTransitionCoordinator = nil
            revealed.ownTransitionCoordinator = nil
            activeTransition = false
            window.runCompletion { endInteractivePop(leaving: leaving, revealed: revealed, cancelled: cancelled,
                                                     leavingTicket: leavingTicket, revealedTicket: revealedTicket) }
        }
        return transition.map(InteractiveTransition.init)
    }

    /// The end of an interactive pop: L16's did-callbacks when finished, L18's turn back
    /// when cancelled.
    private func endInteractivePop(leaving: ViewController, revealed: ViewController, cancelled: Bool,
                                   leavingTicket: AppearanceTicket?, revealedTicket: AppearanceTicket?) {
        let leavingView = leaving.viewIfLoaded
        let revealedView = revealed.viewIfLoaded
        if cancelled {
            // L18: the revealed controller turns back, then the leaving one returns.
            let revealedBack = revealed.beginAppearance(false, animated: true)
            revealedView?.removeFromSuperview()
            revealed.endAppearance(revealedBack, animated: true)
            revealed.settleDisappearance(animated: true)
            // If it cannot turn back (the navigation controller left the screen meanwhile),
            // its disappearance simply completes. One that was not on screen when the pop
            // began (covered by a current-context presentation: no ticket) stays as it is.
            if leavingTicket == nil {
            } else if let leavingBack = leaving.beginAppearance(true, animated: true) {
                leaving.endAppearance(leavingBack, animated: true)
            } else {
                leaving.endAppearance(leavingTicket, animated: true)
            }
            leaving.notifyDidMove(toParent: self)
        } else {
            leavingView?.removeFromSuperview()
            leaving.endAppearance(leavingTicket, animated: true)
            leaving.settleDisappearance(animated: true)
            revealed.endAppearance(revealedTicket, animated: true)
            if revealedTicket != nil { notifyDidShow(revealed, animated: true) }
            leaving.removeFromParent()
        }
    }

    /// What becomes of a request that arrives while the stack is changing.
    private enum Admission {
        /// Nothing is under way: go ahead.
        case proceed
        /// A non-animated change waits for its commit: the request runs when it ends, as
        /// deep links push several controllers in a row.
        case queued
        /// An animated or interactive transition runs: refused with a diagnostic.
        case refused
    }

    /// Admits a request now, queues it behind a pending non-animated change (to be
    /// evaluated against the stack as it is then), or refuses it during an animation.
    private func admit(_ operation: String, retry request: @escaping () -> Void) -> Admission {
        // From a did-callback or a completion, the request starts right after them (L23).
        if let window = viewIfLoaded?.window, window.deferDuringCompletion(request) { return .queued }
        guard activeTransition else { return .proceed }
        guard !activeTransitionAnimates else {
            diagnose(.presentWhilePresenting, "\(operation) while a navigation transition is in progress")
            return .refused
        }
        queuedChanges.append(request)
        return .queued
    }

    /// Moves the stack to `stack` with one transition between the old and new tops.
    /// - Returns: The controllers that left the stack.
    @discardableResult
    /// - Parameter askedAnimator: The delegate's answer for this change, when the caller
    ///   asked already (a pop looking for an interaction controller); the delegate is not
    ///   asked twice.
    private func changeStack(to stack: [ViewController], animated: Bool, operation: String,
                             askedAnimator: ViewControllerAnimatedTransitioning?? = nil) -> [ViewController] {
        // Every caller went through `admit`, so nothing is under way here.
        assert(!activeTransition, "\(operation) reached changeStack during a transition")
        let oldTop = topViewController
        let removed = children.filter { old in !stack.contains { $0 === old } }
        let added = stack.filter { new in !children.contains { $0 === new } }
        for controller in added { addChild(controller) }
        for controller in removed where controller !== oldTop { controller.notifyWillMove(toParent: nil) }
        if let oldTop, removed.contains(where: { $0 === oldTop }) { oldTop.notifyWillMove(toParent: nil) }
        children = stack
        for controller in stack { controller.parent = self }
        let newTop = stack[stack.count - 1]
        let finishContainment = { [self] in
            for controller in added { controller.notifyDidMove(toParent: self) }
            for controller in removed {
                controller.parent = self
                controller.removeFromParent()
            }
        }
        guard let container = viewIfLoaded, oldTop !== newTop else {
            if let container = viewIfLoaded, oldTop !== newTop, let newView = newTop.view {
                oldTop?.viewIfLoaded?.removeFromSuperview()
                place(newView, in: container, below: false)
            }
            finishContainment()
            return removed
        }
        newTop.loadViewIfNeeded()
        guard let newView = newTop.viewIfLoaded else {
            finishContainment()
            return removed
        }
        let window = container.window
        let visible = window != nil && isAppearingOrAppeared
        // Push-like exactly when the new top was not in the stack (see setViewControllers).
        // This used to also require the old top to leave the stack, which made every plain
        // push (the old top stays) run as a pop: the new view went below the old one and
        // the old one slid out to the right.
        let isPush = added.contains { $0 === newTop }
        let asked = askedAnimator
        let animator = animated && visible ? oldTop.flatMap { oldTop in
            asked ?? storedDelegate?.navigationController(self, animationControllerFor: isPush ? .push : .pop,
                                                          from: oldTop, to: newTop)
        } : nil
        let coordinator = TransitionCoordinator(
            app: app, isAnimated: animated && visible,
            duration: animator.map { ViewController.clampedDuration($0.transitionDuration(using: nil)) } ?? Self.transitionDuration,
            isInteractive: false)
        activeTransition = true
        activeTransitionAnimates = coordinator.isAnimated
        oldTop?.ownTransitionCoordinator = coordinator
        newTop.ownTransitionCoordinator = coordinator
        let oldTicket = visible ? oldTop?.beginAppearance(false, animated: animated) : nil
        let newTicket = visible ? newTop.beginAppearance(true, animated: animated) : nil
        if newTicket != nil { notifyWillShow(newTop, animated: animated) }
        place(newView, in: container, below: !isPush)
        let oldView = oldTop?.viewIfLoaded
        let width = container.bounds.width
        let finish: (Bool) -> Void = { [self] _ in
            oldView?.setTransitionOffset(.zero)
            newView.setTransitionOffset(.zero)
            oldView?.removeFromSuperview()
            // No longer in flight once the did-callbacks begin (L23).
            oldTop?.ownTransitionCoordinator = nil
            newTop.ownTransitionCoordinator = nil
            activeTransition = false
            let didCallbacks = {
                oldTop?.endAppearance(oldTicket, animated: animated)
                oldTop?.settleDisappearance(animated: animated)
                newTop.endAppearance(newTicket, animated: animated)
                if newTicket != nil { self.notifyDidShow(newTop, animated: animated) }
                finishContainment()
            }
            if let window = container.window { window.runCompletion(didCallbacks) } else { didCallbacks() }
            // Run queued requests until one starts a transition: a request refused when it
            // runs (a push of a controller already in the stack) must not strand the rest.
            while !activeTransition, !queuedChanges.isEmpty { queuedChanges.removeFirst()() }
        }
        guard let window, let app = application else {
            finish(false)
            return removed
        }
        if let animator, let oldTop {
            // The delegate's animator moves the views; it ends the transition.
            let context = TransitionContext(
                app: app, container: container, coordinator: coordinator, animator: animator, style: .fullScreen,
                from: oldTop, to: newTop, fromView: oldView, toView: newView,
                frames: [ObjectIdentifier(oldTop): (container.bounds, isPush ? container.bounds : .zero),
                         ObjectIdentifier(newTop): (isPush ? .zero : container.bounds, container.bounds)]
            ) { didComplete in
                for block in coordinator.completions { block(coordinator) }
                coordinator.releaseBlocks()
                finish(!didComplete)
                animator.animationEnded(true)
            }
            context.startAnimations()
            return removed
        }
        app.runTransition(isPush ? "push" : "pop", in: window, coordinator: coordinator, apply: { progress in
            if isPush {
                newView.setTransitionOffset(Point(x: width * (1 - progress), y: 0))
                oldView?.setTransitionOffset(Point(x: -0.3 * width * progress, y: 0))
            } else {
                oldView?.setTransitionOffset(Point(x: width * progress, y: 0))
                newView.setTransitionOffset(Point(x: -0.3 * width * (1 - progress), y: 0))
            }
        }, complete: finish)
        return removed
    }

    /// Adds a child's view to the container, filling it, on top or at the bottom.
    private func place(_ childView: View, in container: View, below: Bool) {
        childView.frame = container.bounds
        childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(childView, at: below ? 0 : container.subviews.count)
    }
}

/// A transition a gesture drives, such as an interactive pop: UIKit's
/// `UIPercentDrivenInteractiveTransition`, seen from the driver.
public final class InteractiveTransition {
    private let transition: Transition

    init(_ transition: Transition) {
        self.transition = transition
    }

    /// How far the transition has come, from 0 to 1.
    public var percentComplete: Double { transition.progress }

    /// Moves the transition to `percentComplete` (clamped to 0...1; NaN counts as 0).
    public func update(_ percentComplete: Double) {
        guard onLoop("update(_:)") else { return }
        transition.update(percentComplete)
    }

    /// Lets the transition run to its end.
    public func finish() {
        guard onLoop("finish()") else { return }
        transition.finish()
    }

    /// Lets the transition run back to its start; the controllers end where they began.
    public func cancel() {
        guard onLoop("cancel()") else { return }
        transition.cancel()
    }

    /// A driver belongs to its app's loop thread, as the transition it drives.
    private func onLoop(_ operation: StaticString) -> Bool {
        transition.app.checkLoopThread(label: "interactiveTransition", operation: operation)
    }
}
