/// How a presented controller covers its presenter (L17).
public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
    /// Covers the window; the presenter's view leaves it and gets disappear callbacks.
    case fullScreen
    /// Covers the window; the presenter's view stays and gets no appearance callbacks.
    case overFullScreen
    /// An inset card; the presenter's view stays and gets no appearance callbacks.
    case pageSheet
}

/// A segue being performed from a storyboard, as passed to `prepare(for:sender:)`.
public final class StoryboardSegue {
    /// The segue's identifier in the storyboard.
    public let identifier: String
    /// The controller the segue starts from.
    public let source: ViewController
    /// The controller the segue shows; its view is not loaded yet.
    public let destination: ViewController

    init(identifier: String, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }
}

extension ViewController {
    /// Presents a controller modally over this one's context (L15, L17).
    ///
    /// The presented view loads, then `viewWillDisappear` (full screen only) on the
    /// presenter, `viewWillAppear` on the presented, its view enters the window, and when
    /// the transition ends (after its last frame when animated, else at the end of the
    /// turn, after layout and display) `viewDidAppear`, the presenter's view leaves the
    /// window, `viewDidDisappear`, then `completion`. Presenting from a
    /// controller whose view is not in a window, or while another presentation is in
    /// flight, records a diagnostic and presents nothing (L22).
    /// - Parameters:
    ///   - controller: The controller to present.
    ///   - animated: Whether the transition runs on the frame clock (0.4 s) or at once.
    ///   - completion: Runs after the presentation finishes.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard onLoop("present(_:animated:completion:)") else { return }
        guard let window = storedView?.window, let app else {
            diagnose(.presentingViewNotInWindow,
                     "Attempt to present \(controller.label) on \(label) whose view is not in the window hierarchy")
            return
        }
        if window.transitionInFlight {
            diagnose(.presentWhilePresenting,
                     "Attempt to present \(controller.label) on \(label) while a presentation is in progress")
            return
        }
        let presenter = presentationContext
        if let current = presenter.presentedViewController {
            diagnose(.alreadyPresenting,
                     "Attempt to present \(controller.label) on \(presenter.label) which is already presenting \(current.label)")
            return
        }
        controller.loadViewIfNeeded()
        guard let presentedView = controller.viewIfLoaded else { return }
        window.transitionInFlight = true
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        controller.hostWindow = window
        let hidesPresenter = controller.modalPresentationStyle == .fullScreen
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: Self.modalTransitionDuration,
                                                isInteractive: false)
        controller.ownTransitionCoordinator = coordinator
        if hidesPresenter { presenter.ownTransitionCoordinator = coordinator }
        // Only a shown window's controllers change appearance; showing it later makes the
        // presented controller appear with the rest (Window.hiddenDidChange).
        let presenterTicket = hidesPresenter ? presenter.beginAppearance(false, animated: animated) : nil
        let presentedTicket = window.isShown ? controller.beginAppearance(true, animated: animated) : nil
        presentedView.frame = controller.modalPresentationStyle.frame(in: window)
        window.addSubview(presentedView)
        app.queueIsAppearing(controller)
        let height = window.bounds.height
        app.runTransition("present", in: window, coordinator: coordinator, apply: { progress in
            presentedView.setTransitionOffset(Point(x: 0, y: height * (1 - progress)))
        }) { _ in
            presentedView.setTransitionOffset(.zero)
            controller.endAppearance(presentedTicket, animated: animated)
            if hidesPresenter {
                presenter.viewIfLoaded?.removeFromSuperview()
                presenter.endAppearance(presenterTicket, animated: animated)
                presenter.settleDisappearance(animated: animated)
            }
            controller.ownTransitionCoordinator = nil
            presenter.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            completion?()
        }
    }

    /// How long an animated presentation or dismissal takes, in seconds.
    static let modalTransitionDuration = 0.4

    /// Dismisses the controllers presented above this one, or this one if it is presented
    /// and presents nothing (L15, L17): `viewWillDisappear` on the top controller,
    /// `viewWillAppear` on the one revealed (if its view had left the window), and when the
    /// transition ends `viewDidAppear`, the dismissed views leave the window,
    /// `viewDidDisappear`, then `completion`. The dismissed controllers are released, so
    /// `dealloc` follows unless something else holds them.
    /// - Parameters:
    ///   - animated: Whether the transition runs on the frame clock (0.4 s) or at once.
    ///   - completion: Runs after the dismissal finishes.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard onLoop("dismiss(animated:completion:)") else { return }
        let base: ViewController
        if presentedViewController != nil {
            base = self
        } else if let presenting = presentingViewController {
            base = presenting
        } else {
            diagnose(.nothingToDismiss, "\(label) neither presents nor is presented")
            return
        }
        var stack: [ViewController] = []
        var next = base.presentedViewController
        while let controller = next {
            stack.append(controller)
            next = controller.presentedViewController
        }
        guard let window = stack.first?.hostWindow, let app else { return }
        if window.transitionInFlight {
            diagnose(.presentWhilePresenting,
                     "Attempt to dismiss from \(label) while a presentation or dismiss is in progress")
            return
        }
        window.transitionInFlight = true
        let top = stack[stack.count - 1]
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: Self.modalTransitionDuration,
                                                isInteractive: false)
        let leaving = stack.reversed().filter(\.isAppearingOrAppeared)
        for controller in leaving { controller.ownTransitionCoordinator = coordinator }
        let leavingTickets = leaving.map { $0.beginAppearance(false, animated: animated) }
        // A view unloaded by a memory warning loads again before any appearance callback.
        base.loadViewIfNeeded()
        let baseReappears = !base.isViewInWindow && base.isViewLoaded
        var baseTicket: AppearanceTicket?
        if baseReappears, let baseView = base.viewIfLoaded {
            base.ownTransitionCoordinator = coordinator
            baseTicket = window.isShown ? base.beginAppearance(true, animated: animated) : nil
            let index = stack.first?.viewIfLoaded.flatMap { view in window.subviews.firstIndex { $0 === view } } ?? 0
            baseView.frame = window.bounds
            window.insertSubview(baseView, at: index)
            app.queueIsAppearing(base)
        }
        base.presentedViewController = nil
        let topView = top.viewIfLoaded
        let height = window.bounds.height
        app.runTransition("dismiss", in: window, coordinator: coordinator, apply: { progress in
            topView?.setTransitionOffset(Point(x: 0, y: height * progress))
        }) { _ in
            topView?.setTransitionOffset(.zero)
            base.endAppearance(baseTicket, animated: animated)
            for controller in stack.reversed() {
                controller.viewIfLoaded?.removeFromSuperview()
            }
            for (controller, ticket) in zip(leaving, leavingTickets) { controller.endAppearance(ticket, animated: animated) }
            for controller in stack.reversed() { controller.settleDisappearance(animated: animated) }
            for controller in stack {
                controller.presentedViewController = nil
                controller.presentingViewController = nil
                controller.hostWindow = nil
                controller.ownTransitionCoordinator = nil
            }
            base.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            completion?()
        }
    }

    /// Performs a segue from this controller's storyboard scene: the destination is
    /// created (`initWithCoder`), `prepareForSegue` runs, then it is presented (L15).
    /// - Parameters:
    ///   - identifier: The segue's identifier in the scene.
    ///   - sender: Passed to `prepare(for:sender:)`.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard onLoop("performSegue(withIdentifier:sender:)") else { return }
        guard let storyboard, let segue = scene?.segues.first(where: { $0.identifier == identifier }) else {
            diagnose(.unknownSegue, "Receiver (\(label)) has no segue with identifier '\(identifier)'")
            return
        }
        guard let destination = storyboard.instantiateViewController(withIdentifier: segue.destination) else { return }
        let performed = StoryboardSegue(identifier: identifier, source: self, destination: destination)
        deliver("prepareForSegue", detail: identifier) { $0.prepare(for: performed, sender: sender) }
        present(destination, animated: segue.animated)
    }

    /// The controller a presentation from this one is made over: the ancestor whose view
    /// sits directly in the window (a root or a presented controller).
    var presentationContext: ViewController {
        var context = self
        while let parent = context.parent { context = parent }
        return context
    }
}

extension ModalPresentationStyle {
    func frame(in window: Window) -> Rect {
        switch self {
        case .fullScreen, .overFullScreen:
            return window.bounds
        case .pageSheet:
            let top = window.screen.statusBarInset + 10
            return Rect(x: 0, y: top, width: window.bounds.width, height: window.bounds.height - top)
        }
    }
}
