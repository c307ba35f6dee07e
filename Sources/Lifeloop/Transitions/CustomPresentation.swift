// Presentations and dismissals run by a transitioning delegate: a custom presentation
// controller, an animator, an interaction controller.
//
// The order (L17, L29, and Apple's UIPresentationController and
// UIViewControllerContextTransitioning documentation): the delegate is asked for the
// presentation controller (custom style only), the animator, the interaction controller;
// then the will-appearance callbacks (the presenter's only if its view leaves the window),
// `presentationTransitionWillBegin`, the animator's `animateTransition` (through the
// interaction controller's `startInteractiveTransition` when there is one); once the
// animator calls `completeTransition`, `presentationTransitionDidEnd`, the did-callbacks,
// the animator's `animationEnded` and the completion.

extension ViewController {
    /// Runs a presentation through the presented controller's transitioning delegate.
    /// - Returns: false when it did not start (nothing was changed; the caller goes on
    ///   with the default presentation).
    func presentCustom(_ controller: ViewController, by presenter: ViewController, style: ResolvedPresentation,
                       in window: Window, app: Application, animated: Bool, completion: (() -> Void)?) -> Bool {
        let delegate = controller.transitioningDelegate
        let presentationController: PresentationController
        if style == .custom {
            let made = delegate?.presentationController(forPresented: controller, presenting: presenter, source: self)
            let previous = controller.storedPresentationController
            presentationController = made ?? previous ?? PresentationController(presented: controller)
            if presentationController !== previous, let adaptive = previous?.delegate, presentationController.delegate == nil {
                presentationController.delegate = adaptive
            }
            controller.storedPresentationController = presentationController
        } else {
            presentationController = controller.presentationController ?? PresentationController(presented: controller)
        }
        let animator = animated ? delegate?.animationController(forPresented: controller, presenting: presenter, source: self) : nil
        // An animator is what a non-custom style comes here for.
        if style != .custom && animator == nil { return false }
        let interactor = animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        controller.loadViewIfNeeded()
        guard let presentedView = controller.viewIfLoaded, let presenterView = presenter.viewIfLoaded,
              let host = presenterView.superview else { return true }
        window.transitionInFlight = true
        presenter.storedPresentedViewController = controller
        controller.storedPresentingViewController = presenter
        controller.hostWindow = window
        controller.presentation = style
        let hidesPresenter = style == .custom ? presentationController.shouldRemovePresentersView : style.hidesPresenter
        let interactive = interactor.map { $0.wantsInteractiveStart } ?? false
        let duration = animator.map { Self.clampedDuration($0.transitionDuration(using: nil)) } ?? Self.modalTransitionDuration
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: duration, isInteractive: interactive)
        controller.ownTransitionCoordinator = coordinator
        if hidesPresenter { presenter.ownTransitionCoordinator = coordinator }
        let presenterTicket = hidesPresenter ? presenter.beginAppearance(false, animated: animated) : nil
        let presentedTicket = window.isShown ? controller.beginAppearance(true, animated: animated, cause: .beingPresented) : nil
        if hidesPresenter { controller.coveredSlot = CoveredSlot(superview: host, frame: presenterView.frame) }
        let container = TransitionContainerView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = presentationController
        controller.customContainer = container
        presentationController.containerView = container
        window.addSubview(container)
        let shownView = presentationController.presentedView ?? presentedView
        let placement = style.placement(in: window, covering: presenterView.frame)
        let finalFrame = style == .custom ? presentationController.frameOfPresentedViewInContainerView : placement.frame
        // A built-in style's view follows the window's size (L27); a custom one is placed
        // by its presentation controller when the container lays out.
        if style != .custom { shownView.autoresizingMask = placement.mask }
        controller.trace("presentationTransitionWillBegin")
        presentationController.presentationTransitionWillBegin()
        let context = TransitionContext(
            app: app, container: container, coordinator: coordinator, animator: animator,
            style: controller.modalPresentationStyle, from: presenter, to: controller,
            fromView: hidesPresenter ? presenterView : nil, toView: shownView,
            frames: [ObjectIdentifier(controller): (.zero, finalFrame),
                     ObjectIdentifier(presenter): (presenterView.frame, hidesPresenter ? .zero : presenterView.frame)]
        ) { didComplete in
            controller.ownTransitionCoordinator = nil
            presenter.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            window.runCompletion {
                for block in coordinator.completions { block(coordinator) }
                coordinator.releaseBlocks()
                controller.trace("presentationTransitionDidEnd", detail: didComplete ? "completed" : "cancelled")
                presentationController.presentationTransitionDidEnd(didComplete)
                if didComplete {
                    controller.endAppearance(presentedTicket, animated: animated)
                    if hidesPresenter {
                        presenter.viewIfLoaded?.removeFromSuperview()
                        presenter.endAppearance(presenterTicket, animated: animated)
                        presenter.settleDisappearance(animated: animated)
                    }
                    animator?.animationEnded(true)
                    completion?()
                    return
                }
                // A cancelled presentation: the presented controller turns back and leaves
                // (L18's cancel edge); a presenter that began to disappear returns.
                let back = controller.beginAppearance(false, animated: animated, cause: .beingDismissed)
                container.removeFromSuperview()
                controller.endAppearance(back ?? presentedTicket, animated: animated)
                controller.settleDisappearance(animated: animated)
                if hidesPresenter {
                    if presenterView.superview == nil { host.addSubview(presenterView) }
                    if let ticket = presenter.beginAppearance(true, animated: animated) {
                        presenter.endAppearance(ticket, animated: animated)
                    } else {
                        presenter.endAppearance(presenterTicket, animated: animated)
                    }
                }
                presenter.storedPresentedViewController = nil
                controller.leavePresentation()
                animator?.animationEnded(false)
            }
        }
        let height = window.bounds.height
        start(context, animator: animator, interactor: interactor, name: "present", in: window, slide: { progress in
            shownView.setTransitionOffset(Point(x: 0, y: height * (1 - progress)))
        }) {
            shownView.frame = finalFrame
            container.addSubview(shownView)
        }
        return true
    }

    /// Dismisses `presented`, shown with a custom transition, through its transitioning
    /// delegate (L17's order, with `dismissalTransitionWillBegin`/`DidEnd` around it); a
    /// cancelled interactive dismissal gives the presented controller `viewWillAppear`,
    /// `viewDidAppear` back (L29's cancelled swipe).
    func dismissCustom(_ presented: ViewController, base: ViewController, in window: Window, app: Application,
                       animated: Bool, completion: (() -> Void)?) {
        guard let container = presented.customContainer else { return }
        if window.transitionInFlight {
            diagnose(.presentWhilePresenting, "Attempt to dismiss from \(traceLabel) while a presentation or dismiss is in progress")
            return
        }
        let delegate = presented.transitioningDelegate
        let presentationController = presented.storedPresentationController ?? PresentationController(presented: presented)
        let animator = animated ? delegate?.animationController(forDismissed: presented) : nil
        let interactor = animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let interactive = interactor.map { $0.wantsInteractiveStart } ?? false
        let duration = animator.map { Self.clampedDuration($0.transitionDuration(using: nil)) } ?? Self.modalTransitionDuration
        window.transitionInFlight = true
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: duration, isInteractive: interactive)
        presented.ownTransitionCoordinator = coordinator
        let leavingTicket = presented.isAppearingOrAppeared
            ? presented.beginAppearance(false, animated: animated, cause: .beingDismissed) : nil
        // The presenter's view comes back under the container if the presentation took it out.
        base.loadViewIfNeeded()
        var baseTicket: AppearanceTicket?
        var revealedView: View?
        if !base.isViewInWindow, let baseView = base.viewIfLoaded {
            base.ownTransitionCoordinator = coordinator
            baseTicket = window.isShown ? base.beginAppearance(true, animated: animated) : nil
            let slot = presented.coveredSlot
            let host = slot?.superview ?? window
            baseView.frame = host === window ? window.bounds : slot?.frame ?? baseView.frame
            if host === window {
                window.insertSubview(baseView, belowSubview: container)
            } else {
                host.addSubview(baseView)
            }
            revealedView = baseView
        }
        base.storedPresentedViewController = nil
        let presentedView = presentationController.presentedView ?? presented.viewIfLoaded
        presented.trace("dismissalTransitionWillBegin")
        presentationController.dismissalTransitionWillBegin()
        var frames: [ObjectIdentifier: (initial: Rect, final: Rect)] = [:]
        if let presentedView { frames[ObjectIdentifier(presented)] = (presentedView.frame, .zero) }
        if let baseView = base.viewIfLoaded { frames[ObjectIdentifier(base)] = (baseView.frame, baseView.frame) }
        let context = TransitionContext(
            app: app, container: container, coordinator: coordinator, animator: animator,
            style: presented.modalPresentationStyle, from: presented, to: base,
            fromView: presentedView, toView: revealedView, frames: frames
        ) { didComplete in
            presentedView?.setTransitionOffset(.zero)
            presented.ownTransitionCoordinator = nil
            base.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            window.runCompletion {
                for block in coordinator.completions { block(coordinator) }
                coordinator.releaseBlocks()
                presented.trace("dismissalTransitionDidEnd", detail: didComplete ? "completed" : "cancelled")
                presentationController.dismissalTransitionDidEnd(didComplete)
                if didComplete {
                    // An animator may have moved the revealed view into the container: it
                    // goes back to the window before the container leaves.
                    if let revealedView, revealedView.superview === container {
                        window.insertSubview(revealedView, belowSubview: container)
                    }
                    container.removeFromSuperview()
                    base.endAppearance(baseTicket, animated: animated)
                    presented.endAppearance(leavingTicket, animated: animated)
                    presented.settleDisappearance(animated: animated)
                    presented.leavePresentation()
                    animator?.animationEnded(true)
                    completion?()
                    return
                }
                // Cancelled (L18, L29): the revealed presenter turns back and leaves, then
                // the presented controller returns.
                base.storedPresentedViewController = presented
                if let revealedView {
                    let back = base.beginAppearance(false, animated: animated)
                    revealedView.removeFromSuperview()
                    base.endAppearance(back ?? baseTicket, animated: animated)
                    base.settleDisappearance(animated: animated)
                }
                if leavingTicket != nil {
                    if window.isShown, let back = presented.beginAppearance(true, animated: animated) {
                        presented.endAppearance(back, animated: animated)
                    } else {
                        presented.endAppearance(leavingTicket, animated: animated)
                    }
                }
                animator?.animationEnded(false)
            }
        }
        let height = window.bounds.height
        start(context, animator: animator, interactor: interactor, name: "dismiss", in: window, slide: { progress in
            presentedView?.setTransitionOffset(Point(x: 0, y: height * progress))
        }) {}
    }

    /// Runs a custom transition's animation: the interaction controller's
    /// `startInteractiveTransition`, the animator's `animateTransition`, or, with neither,
    /// `noAnimator` and the runtime's own slide (`slide`, on the frame clock when
    /// animated), at whose end the transition completes.
    private func start(_ context: TransitionContext, animator: ViewControllerAnimatedTransitioning?,
                       interactor: ViewControllerInteractiveTransitioning?, name: String, in window: Window,
                       slide: @escaping (Double) -> Void, noAnimator: () -> Void) {
        guard animator != nil else {
            noAnimator()
            let coordinator = context.coordinator
            context.app.runTransition(name, in: window, coordinator: coordinator, apply: slide) { _ in
                // The runtime's transition ran the coordinator's completions already.
                coordinator.completions.removeAll()
                context.completeTransition(true)
            }
            return
        }
        if let interactor {
            interactor.startInteractiveTransition(context)
        } else {
            context.startAnimations()
        }
    }

    /// An animator's duration in seconds, clamped to what the clock takes (NaN counts as 0).
    static func clampedDuration(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(View.maximumAnimationDuration, max(0, seconds))
    }
}
