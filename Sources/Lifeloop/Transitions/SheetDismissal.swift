/// What a presentation tells its delegate about a sheet the user swipes down (L29):
/// UIKit's `UIAdaptivePresentationControllerDelegate`. Every method has a default that
/// does nothing (and allows the swipe).
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// Asked when a swipe starts, unless the controller ``ViewController/isModalInPresentation``;
    /// false refuses it.
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool
    /// A swipe was refused: by ``ViewController/isModalInPresentation`` or by
    /// ``presentationControllerShouldDismiss(_:)``.
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
    /// A swipe began; it may still be cancelled.
    func presentationControllerWillDismiss(_ presentationController: PresentationController)
    /// A swipe finished: the sheet is gone. Not called for `dismiss(animated:)` from code.
    func presentationControllerDidDismiss(_ presentationController: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
}

/// The object that manages a controller's presentation: UIKit's `UIPresentationController`.
/// Every controller has one (``ViewController/presentationController``), so a delegate can
/// be set before presenting. For a ``ModalPresentationStyle/custom`` presentation the
/// presented controller's ``ViewController/transitioningDelegate`` can give a subclass,
/// which places the presented view (``frameOfPresentedViewInContainerView``), adds views
/// of its own to ``containerView`` (a dimming view) and hears the transition's steps.
///
/// During a custom presentation the runtime calls, and records on the presented
/// controller: `presentationTransitionWillBegin` (after the will-appearance callbacks),
/// `presentationTransitionDidEnd` (before the did-callbacks), and for the dismissal
/// `dismissalTransitionWillBegin`, `dismissalTransitionDidEnd`. The detail of a did-end
/// is `completed` or `cancelled`.
open class PresentationController {
    /// The controller it presents.
    public unowned let presentedViewController: ViewController
    private weak var storedDelegate: AdaptivePresentationControllerDelegate?
    private weak var storedPresenting: ViewController?
    /// The view the presentation happens in, while a custom presentation is on screen: it
    /// fills the window, above the presenter's view.
    public internal(set) weak var containerView: View?

    /// Makes a presentation controller for `presentedViewController`, presented by
    /// `presentingViewController`: for a transitioning delegate's
    /// `presentationController(forPresented:presenting:source:)`.
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        self.presentedViewController = presentedViewController
        self.storedPresenting = presentingViewController
    }

    convenience init(presented: ViewController) {
        self.init(presentedViewController: presented, presenting: nil)
    }

    /// The controller presenting it, while it is presented.
    public var presentingViewController: ViewController? {
        presentedViewController.storedPresentingViewController ?? storedPresenting
    }

    /// Hears about swipes on the sheet (L29). Held weakly, as in UIKit.
    public var delegate: AdaptivePresentationControllerDelegate? {
        get { storedDelegate }
        set { if presentedViewController.onLoop("presentationController.delegate") { storedDelegate = newValue } }
    }

    /// The view that is presented: the presented controller's view by default.
    open var presentedView: View? { presentedViewController.viewIfLoaded }

    /// Where the presented view goes in ``containerView``: the whole container by default
    /// (the window's bounds before there is one).
    open var frameOfPresentedViewInContainerView: Rect {
        containerView?.bounds ?? presentedViewController.hostWindow?.bounds ?? .zero
    }

    /// Whether the presenter's view leaves the window once the presentation ends (and the
    /// presenter gets `viewWillDisappear`/`viewDidDisappear`); false by default, as for a
    /// custom presentation in UIKit.
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole window; true by default.
    open var shouldPresentInFullscreen: Bool { true }

    /// The presentation is about to start: add decoration views to ``containerView`` and
    /// animate them with the presented controller's `transitionCoordinator`.
    open func presentationTransitionWillBegin() {}
    /// The presentation ended; `completed` is false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to start.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended; `completed` is false when it was cancelled (the presented
    /// controller stays).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// ``containerView`` is about to lay out its subviews: place the presented view here.
    open func containerViewWillLayoutSubviews() {}
    /// ``containerView`` laid out its subviews.
    open func containerViewDidLayoutSubviews() {}
}

extension ViewController {
    /// The controller's presentation controller, made on first use (UIKit gives every
    /// controller one).
    public var presentationController: PresentationController? {
        if let controller = storedPresentationController { return controller }
        // Made on the loop thread only: elsewhere the read is refused and gives nil.
        guard onLoop("presentationController") else { return nil }
        let controller = PresentationController(presented: self)
        storedPresentationController = controller
        return controller
    }

    /// Starts a swipe down on the sheet this controller is presented as (L29), as a user's
    /// finger would: a transition the returned driver moves, finishes or cancels.
    ///
    /// With ``isModalInPresentation``, or a delegate whose
    /// `presentationControllerShouldDismiss` says no, the swipe is refused:
    /// `presentationControllerDidAttemptToDismiss` and nil. Otherwise
    /// `presentationControllerWillDismiss`, then `viewWillDisappear` (as being dismissed);
    /// finishing gives L17's dismiss order (the presenter stays in the window, so it gets no
    /// callback), then `presentationControllerDidDismiss`; cancelling brings the sheet back
    /// with `viewWillAppear`, `viewDidAppear`, like L18.
    /// - Returns: The driver, or nil (with a diagnostic when it cannot start) if the
    ///   controller is not a sheet on screen, presents another one, or the window is busy.
    public func beginInteractiveDismissal() -> InteractiveTransition? {
        guard onLoop("beginInteractiveDismissal()") else { return nil }
        guard let presenter = storedPresentingViewController, presentation == .sheet, let window = hostWindow,
              let view = viewIfLoaded, view.window === window, let app else {
            diagnose(.nothingToDismiss, "\(traceLabel) is not presented as a sheet, so it cannot be swiped down")
            return nil
        }
        guard storedPresentedViewController == nil, appearance == .appeared, !window.transitionInFlight,
              !window.isCompletingTransition else {
            diagnose(.presentWhilePresenting, "swipe down on \(traceLabel) while it presents or a transition is in progress")
            return nil
        }
        let controller = presentationController!
        let delegate = controller.delegate
        var refused = isModalInPresentation
        if !refused, let delegate {
            let allowed = delegate.presentationControllerShouldDismiss(controller)
            trace("presentationControllerShouldDismiss", detail: allowed ? "true" : "false")
            refused = !allowed
        }
        if refused {
            trace("presentationControllerDidAttemptToDismiss")
            delegate?.presentationControllerDidAttemptToDismiss(controller)
            return nil
        }
        trace("presentationControllerWillDismiss")
        delegate?.presentationControllerWillDismiss(controller)
        window.transitionInFlight = true
        let coordinator = TransitionCoordinator(app: app, isAnimated: true, duration: Self.modalTransitionDuration,
                                                isInteractive: true)
        ownTransitionCoordinator = coordinator
        let ticket = beginAppearance(false, animated: true, cause: .beingDismissed)
        let height = window.bounds.height
        let transition = app.runTransition("interactiveDismiss", in: window, coordinator: coordinator, interactive: true,
                                           apply: { progress in view.setTransitionOffset(Point(x: 0, y: height * progress)) }) {
            [self] cancelled in
            view.setTransitionOffset(.zero)
            ownTransitionCoordinator = nil
            window.transitionInFlight = false
            window.runCompletion {
                if cancelled {
                    // L18's turn back: the sheet returns, if its window is still shown (a
                    // hidden one brings it back when it shows again).
                    if window.isShown, let back = beginAppearance(true, animated: true) {
                        endAppearance(back, animated: true)
                    } else {
                        endAppearance(ticket, animated: true)
                    }
                    return
                }
                presenter.storedPresentedViewController = nil
                view.removeFromSuperview()
                endAppearance(ticket, animated: true)
                settleDisappearance(animated: true)
                leavePresentation()
                trace("presentationControllerDidDismiss")
                delegate?.presentationControllerDidDismiss(controller)
            }
        }
        return transition.map(InteractiveTransition.init)
    }
}
