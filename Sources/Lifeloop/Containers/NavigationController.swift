/// A stack of controllers showing the top one: UIKit's `UINavigationController`.
///
/// Push and pop follow L16: push B over A gives `A viewWillDisappear`,
/// `B viewWillAppear`, B's layout, then at the end of the turn `A viewDidDisappear`,
/// `B viewDidAppear`; pop gives `B viewWillDisappear`, `A viewWillAppear`, then
/// `B viewDidDisappear`, `A viewDidAppear`, and B is released (`dealloc`).
open class NavigationController: ViewController {
    private var isTransitioning = false

    /// Creates a navigation controller showing `rootViewController`.
    public init(rootViewController: ViewController, label: String? = nil) {
        super.init(nibName: nil, label: label)
        addChild(rootViewController)
        rootViewController.notifyDidMove(toParent: self)
    }

    public required init(coder: Coder) {
        super.init(coder: coder)
    }

    /// The stack, bottom first.
    public var viewControllers: [ViewController] { children }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { children.last }

    open override func loadView() {
        let container = View(frame: app?.mainScreen.bounds ?? .zero)
        view = container
        if let top = topViewController, let topView = top.view {
            topView.frame = container.bounds
            topView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(topView)
        }
    }

    /// Pushes a controller on the stack and shows it (L16). Its view loads first if needed.
    /// - Parameter animated: Passed to the callbacks; the transition is immediate for now.
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard onLoop("pushViewController(_:animated:)"), let app else { return }
        guard !isTransitioning else {
            diagnose(.presentWhilePresenting, "push of \(controller.label) while a navigation transition is in progress")
            return
        }
        let previous = topViewController
        addChild(controller)
        guard let container = viewIfLoaded else { return }
        controller.loadViewIfNeeded()
        guard let incoming = controller.viewIfLoaded else { return }
        let visible = container.window != nil && isAppearingOrAppeared
        if visible {
            isTransitioning = true
            previous?.beginAppearance(false, animated: animated)
            controller.beginAppearance(true, animated: animated)
        }
        incoming.frame = container.bounds
        incoming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(incoming)
        let finish = { [self] in
            previous?.viewIfLoaded?.removeFromSuperview()
            if visible {
                previous?.endAppearance(animated: animated)
                controller.endAppearance(animated: animated)
                isTransitioning = false
            }
            controller.notifyDidMove(toParent: self)
        }
        if visible { app.afterCommit(finish) } else { finish() }
    }

    /// Pops the top controller and shows the one below (L16).
    /// - Returns: The popped controller, or nil if only the root is left.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard onLoop("popViewController(animated:)"), let app else { return nil }
        guard children.count > 1, let leaving = topViewController else { return nil }
        guard !isTransitioning else {
            diagnose(.presentWhilePresenting, "pop of \(leaving.label) while a navigation transition is in progress")
            return nil
        }
        let revealed = children[children.count - 2]
        // A view unloaded by a memory warning loads again before any appearance callback.
        revealed.loadViewIfNeeded()
        leaving.notifyWillMove(toParent: nil)
        let visible = viewIfLoaded?.window != nil && isAppearingOrAppeared
        if visible {
            isTransitioning = true
            leaving.beginAppearance(false, animated: animated)
            revealed.beginAppearance(true, animated: animated)
        }
        if let container = viewIfLoaded, let revealedView = revealed.viewIfLoaded {
            revealedView.frame = container.bounds
            revealedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.insertSubview(revealedView, at: 0)
        }
        let finish = { [self] in
            leaving.viewIfLoaded?.removeFromSuperview()
            if visible {
                leaving.endAppearance(animated: animated)
                revealed.endAppearance(animated: animated)
                isTransitioning = false
            }
            leaving.removeFromParent()
        }
        if visible { app.afterCommit(finish) } else { finish() }
        return leaving
    }
}
