/// How a presented controller covers its presenter (L17, L29).
public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
    /// The system's choice: a page sheet, as from iOS 13 (the default from
    /// ``UIKitVersion/iOS13``).
    case automatic
    /// Covers the window; the presenter's view leaves it and gets disappear callbacks.
    case fullScreen
    /// Covers the window; the presenter's view stays and gets no appearance callbacks.
    case overFullScreen
    /// An inset card; the presenter's view stays and gets no appearance callbacks. It can
    /// be swiped down (``ViewController/beginInteractiveDismissal()``).
    case pageSheet
    /// Behaves as ``pageSheet``.
    case formSheet
    /// Covers only the presenting context (the nearest ancestor of the presenter that
    /// ``ViewController/definesPresentationContext``, else the root): that controller
    /// disappears, the rest of the window stays.
    case currentContext
    /// Covers the presenting context as ``currentContext`` does; nothing disappears.
    case overCurrentContext
    /// A popover: nothing disappears. In a compact-width window (narrower than 736
    /// points, as a phone held upright) it adapts to a page sheet.
    case popover
    /// Placed and animated by the controller's ``ViewController/transitioningDelegate``:
    /// its ``PresentationController`` (by default the whole window, the presenter's view
    /// staying in it with no appearance callbacks) and its animators.
    case custom
}

/// Where the view a presentation covered was, to put it back on dismissal.
struct CoveredSlot {
    /// The view it was a subview of: the window, or a container for a current-context
    /// presentation. Weak: the presented controller holds the slot, and the window holds
    /// the presenting controller, so a strong reference here made a cycle that kept the
    /// window, both controllers and their views alive after the app was gone.
    weak var superview: View?
    /// Its frame there.
    let frame: Rect
}

/// A presentation style as it behaves in a given window.
enum ResolvedPresentation: Equatable {
    case fullScreen
    case overFullScreen
    /// `pageSheet`, `formSheet`, `automatic`, and a popover in a compact-width window.
    case sheet
    case currentContext
    case overCurrentContext
    /// A popover in a regular-width window.
    case popover
    /// Managed by a presentation controller (`custom`).
    case custom

    /// Whether the presenting context leaves the window (and gets disappear callbacks).
    var hidesPresenter: Bool { self == .fullScreen || self == .currentContext }

    /// Whether it covers the presenting context rather than the window.
    var coversContext: Bool { self == .currentContext || self == .overCurrentContext }
}

extension ModalPresentationStyle {
    /// How the style behaves in `window` (L29).
    func resolved(in window: Window) -> ResolvedPresentation {
        switch self {
        case .fullScreen: .fullScreen
        case .overFullScreen: .overFullScreen
        case .automatic, .pageSheet, .formSheet: .sheet
        case .currentContext: .currentContext
        case .overCurrentContext: .overCurrentContext
        case .popover: window.isCompactWidth ? .sheet : .popover
        case .custom: .custom
        }
    }
}

extension ResolvedPresentation {
    /// Whether a sheet, which starts 10 points below the status bar, has any height left
    /// in `window`.
    static func windowFitsASheet(_ window: Window) -> Bool {
        window.bounds.height > window.screen.statusBarInset + 10
    }

    /// Where the presented view goes, in the coordinates of the view it is added to; the
    /// mask makes it follow that view's size changes (L27).
    func placement(in window: Window, covering area: Rect) -> (frame: Rect, mask: AutoresizingMask) {
        switch self {
        case .fullScreen, .overFullScreen, .custom:
            return (window.bounds, [.flexibleWidth, .flexibleHeight])
        case .currentContext, .overCurrentContext:
            return (area, [.flexibleWidth, .flexibleHeight])
        case .sheet:
            let top = window.screen.statusBarInset + 10
            return (Rect(x: 0, y: top, width: window.bounds.width, height: window.bounds.height - top),
                    [.flexibleWidth, .flexibleHeight, .flexibleTopMargin])
        case .popover:
            let width = min(320, window.bounds.width), height = min(480, window.bounds.height)
            return (Rect(x: (window.bounds.width - width) / 2, y: (window.bounds.height - height) / 2, width: width, height: height),
                    [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin])
        }
    }
}

/// A segue being performed from a storyboard, as passed to `prepare(for:sender:)`.
public final class StoryboardSegue {
    /// The segue's identifier in the storyboard; empty for an embed or relationship segue
    /// the file gives none.
    public let identifier: String
    /// The controller the segue starts from.
    public let source: ViewController
    /// The controller the segue shows; its view is not loaded yet (for an unwind segue,
    /// the controller returned to, which has one).
    public let destination: ViewController

    init(identifier: String, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }
}

extension ViewController {
    /// Presents a controller modally over this one's context (L15, L17, L29).
    ///
    /// The presented view loads, then `viewWillDisappear` on the presenting context (full
    /// screen and current context only), `viewWillAppear` on the presented, its view
    /// enters the window, and when the transition ends (after its last frame when
    /// animated, else at the end of the turn, after layout and display) `viewDidAppear`,
    /// the context's view leaves the window, `viewDidDisappear`, then `completion`.
    /// Presenting from a controller whose view is not in a window, or while another
    /// presentation is in flight, records a diagnostic and presents nothing (L22). A
    /// presentation stops being in flight when its did-callbacks begin: one requested from
    /// them, or from a completion, starts right after them (L23).
    /// - Parameters:
    ///   - controller: The controller to present.
    ///   - animated: Whether the transition runs on the frame clock (0.4 s) or at once.
    ///   - completion: Runs after the presentation finishes.
    func performPresent(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard onLoop("present(_:animated:completion:)") else { return }
        guard let window = storedView?.window, let app else {
            diagnose(.presentingViewNotInWindow,
                     "Attempt to present \(controller.traceLabel) on \(traceLabel) whose view is not in the window hierarchy")
            return
        }
        if window.deferDuringCompletion({ [self] in present(controller, animated: animated, completion: completion) }) { return }
        if window.transitionInFlight {
            diagnose(.presentWhilePresenting,
                     "Attempt to present \(controller.traceLabel) on \(traceLabel) while a presentation is in progress")
            return
        }
        var style = controller.modalPresentationStyle.resolved(in: window)
        if style == .sheet, !ResolvedPresentation.windowFitsASheet(window) {
            diagnose(.unsupportedPresentationStyle,
                     "\(controller.traceLabel)'s \(controller.modalPresentationStyle.rawValue) cannot be shown in window \(window.traceLabel) "
                     + "(\(window.bounds.width)×\(window.bounds.height) points leave no room below the status bar); presented full screen")
            style = .fullScreen
        }
        let presenter = style.coversContext ? definedPresentationContext : presentationContext
        if let current = presenter.storedPresentedViewController {
            diagnose(.alreadyPresenting,
                     "Attempt to present \(controller.traceLabel) on \(presenter.traceLabel) which is already presenting \(current.traceLabel)")
            return
        }
        if controller === presenter || controller.parent != nil || controller.storedPresentingViewController != nil {
            diagnose(.invalidHierarchy,
                     "Attempt to present \(controller.traceLabel) on \(presenter.traceLabel): it is already in a hierarchy")
            return
        }
        if style == .custom || (!style.coversContext && animated && controller.transitioningDelegate != nil) {
            if presentCustom(controller, by: presenter, style: style, in: window, app: app, animated: animated,
                             completion: completion) { return }
        }
        controller.loadViewIfNeeded()
        guard let presentedView = controller.viewIfLoaded, let presenterView = presenter.viewIfLoaded,
              let host = presenterView.superview else { return }
        window.transitionInFlight = true
        presenter.storedPresentedViewController = controller
        controller.storedPresentingViewController = presenter
        controller.hostWindow = window
        controller.presentation = style
        let hidesPresenter = style.hidesPresenter
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: Self.modalTransitionDuration,
                                                isInteractive: false)
        controller.ownTransitionCoordinator = coordinator
        if hidesPresenter { presenter.ownTransitionCoordinator = coordinator }
        // Only a shown window's controllers change appearance; showing it later makes the
        // presented controller appear with the rest (Window.hiddenDidChange).
        let presenterTicket = hidesPresenter ? presenter.beginAppearance(false, animated: animated) : nil
        let presentedTicket = window.isShown ? controller.beginAppearance(true, animated: animated, cause: .beingPresented) : nil
        if hidesPresenter { controller.coveredSlot = CoveredSlot(superview: host, frame: presenterView.frame) }
        // A presentation over the whole window goes into the window; one over a context
        // goes just above the context's view, in its superview.
        let container: View = style.coversContext && host !== window ? host : window
        let placement = style.placement(in: window, covering: presenterView.frame)
        presentedView.frame = placement.frame
        presentedView.autoresizingMask = placement.mask
        if container === window {
            window.addSubview(presentedView)
        } else {
            let index = container.subviews.firstIndex { $0 === presenterView }.map { $0 + 1 } ?? container.subviews.count
            container.insertSubview(presentedView, at: index)
        }
        let height = window.bounds.height
        app.runTransition("present", in: window, coordinator: coordinator, apply: { progress in
            presentedView.setTransitionOffset(Point(x: 0, y: height * (1 - progress)))
        }) { _ in
            presentedView.setTransitionOffset(.zero)
            // No longer in flight once the did-callbacks begin (L23).
            controller.ownTransitionCoordinator = nil
            presenter.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            window.runCompletion {
                controller.endAppearance(presentedTicket, animated: animated)
                if hidesPresenter {
                    presenter.viewIfLoaded?.removeFromSuperview()
                    presenter.endAppearance(presenterTicket, animated: animated)
                    presenter.settleDisappearance(animated: animated)
                }
                completion?()
            }
        }
    }

    /// How long an animated presentation or dismissal takes, in seconds.
    static let modalTransitionDuration = 0.4

    /// Dismisses the controllers presented above this one, or this one if it is presented
    /// and presents nothing (L15, L17): `viewWillDisappear` on the top controller,
    /// `viewWillAppear` on the one revealed (if its view had left the window), and when the
    /// transition ends `viewDidAppear`, the dismissed views leave the window,
    /// `viewDidDisappear`, then `completion`. The dismissed controllers are released, so
    /// `dealloc` follows unless something else holds them. Requested from a did-callback
    /// or a completion of another transition, it starts right after them (L23).
    /// - Parameters:
    ///   - animated: Whether the transition runs on the frame clock (0.4 s) or at once.
    ///   - completion: Runs after the dismissal finishes.
    func performDismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard onLoop("dismiss(animated:completion:)") else { return }
        // The presenting controller handles a dismissal (L32): this one or its nearest
        // ancestor if it presents (everything above goes), else the controller that
        // presented this one or its farthest ancestor.
        var presenter: ViewController? = self
        while let candidate = presenter, candidate.storedPresentedViewController == nil { presenter = candidate.parent }
        let base: ViewController
        if let presenter {
            base = presenter
        } else if let presenting = presentingViewController {
            base = presenting
        } else if let presenting = presentationContext.storedPresentingViewController {
            // From a child of a container presented over a context.
            base = presenting
        } else {
            diagnose(.nothingToDismiss, "\(traceLabel) neither presents nor is presented, nor does any controller it is inside")
            return
        }
        var stack: [ViewController] = []
        var next = base.storedPresentedViewController
        while let controller = next {
            stack.append(controller)
            next = controller.storedPresentedViewController
        }
        guard let window = stack.first?.hostWindow, let app else { return }
        if window.deferDuringCompletion({ [self] in dismiss(animated: animated, completion: completion) }) { return }
        if window.transitionInFlight {
            diagnose(.presentWhilePresenting,
                     "Attempt to dismiss from \(traceLabel) while a presentation or dismiss is in progress")
            return
        }
        if stack.count == 1, stack[0].customContainer != nil {
            dismissCustom(stack[0], base: base, in: window, app: app, animated: animated, completion: completion)
            return
        }
        window.transitionInFlight = true
        let top = stack[stack.count - 1]
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated, duration: Self.modalTransitionDuration,
                                                isInteractive: false)
        let leaving = stack.reversed().filter(\.isAppearingOrAppeared)
        for controller in leaving { controller.ownTransitionCoordinator = coordinator }
        let leavingTickets = leaving.map { $0.beginAppearance(false, animated: animated, cause: .beingDismissed) }
        let baseTicket = revealBase(base, under: stack, in: window, coordinator: coordinator, animated: animated)
        base.storedPresentedViewController = nil
        let topView = top.viewIfLoaded
        let height = window.bounds.height
        app.runTransition("dismiss", in: window, coordinator: coordinator, apply: { progress in
            topView?.setTransitionOffset(Point(x: 0, y: height * progress))
        }) { _ in
            topView?.setTransitionOffset(.zero)
            for controller in stack { controller.ownTransitionCoordinator = nil }
            base.ownTransitionCoordinator = nil
            window.transitionInFlight = false
            window.runCompletion {
                base.endAppearance(baseTicket, animated: animated)
                for controller in stack.reversed() {
                    controller.viewIfLoaded?.removeFromSuperview()
                }
                for (controller, ticket) in zip(leaving, leavingTickets) { controller.endAppearance(ticket, animated: animated) }
                for controller in stack.reversed() { controller.settleDisappearance(animated: animated) }
                for controller in stack { controller.leavePresentation() }
                completion?()
            }
        }
    }

    /// Puts back the view of the controller a dismissal reveals, if its presentation had
    /// taken it out of the window: just below the first dismissed view, over the area that
    /// view covers. A view unloaded by a memory warning loads again first.
    /// - Returns: The ticket of its appearance, if it begins one.
    private func revealBase(_ base: ViewController, under stack: [ViewController], in window: Window,
                            coordinator: TransitionCoordinator, animated: Bool) -> AppearanceTicket? {
        base.loadViewIfNeeded()
        guard !base.isViewInWindow, let baseView = base.viewIfLoaded else { return nil }
        base.ownTransitionCoordinator = coordinator
        let ticket = window.isShown ? base.beginAppearance(true, animated: animated) : nil
        let firstView = stack.first?.viewIfLoaded
        let slot = stack.first?.coveredSlot
        let container = slot?.superview ?? firstView?.superview ?? window
        let index = firstView.flatMap { view in container.subviews.firstIndex { $0 === view } } ?? container.subviews.count
        // The window's size may have changed meanwhile (L27): a view that filled it fills it again.
        baseView.frame = container === window ? window.bounds : slot?.frame ?? baseView.frame
        container.insertSubview(baseView, at: index)
        return ticket
    }

    /// Forgets a finished presentation's links.
    func leavePresentation() {
        storedPresentedViewController = nil
        storedPresentingViewController = nil
        hostWindow = nil
        ownTransitionCoordinator = nil
        presentation = nil
        coveredSlot = nil
        customContainer?.removeFromSuperview()
        customContainer = nil
    }

    /// Performs a segue from this controller's storyboard scene (L24): the destination is
    /// created (`initWithCoder`, `awakeFromNib`), `prepareForSegue` runs, then, by the
    /// segue's kind, it is pushed onto this controller's navigation controller (`show`;
    /// presented when there is none), presented with the segue's or the scene's style
    /// (`present`, L15), or, for `unwind`, the nearest controller of the destination scene
    /// below this one is returned to (popped to, or what it presented is dismissed) and no
    /// controller is created. Embed and relationship segues run by themselves: performing
    /// one, or an identifier the scene does not have, is an `unknownSegue` diagnostic.
    /// - Parameters:
    ///   - identifier: The segue's identifier in the scene.
    ///   - sender: Passed to `prepare(for:sender:)`.
    func performSegueNow(withIdentifier identifier: String, sender: Any?) {
        guard onLoop("performSegue(withIdentifier:sender:)") else { return }
        guard let storyboard, !identifier.isEmpty,
              let segue = scene?.segues.first(where: { $0.identifier == identifier })
                ?? scene?.segues.first(where: { $0.objectID == identifier }) else {
            diagnose(.unknownSegue, "Receiver (\(traceLabel)) has no segue with identifier '\(identifier)'")
            return
        }
        guard segue.kind.isPerformable else {
            diagnose(.unknownSegue, "segue '\(identifier)' of \(traceLabel) is an \(segue.kind.rawValue) segue, which runs by itself; only show, present and unwind segues can be performed")
            return
        }
        if segue.kind == .unwind {
            unwind(segue, sender: sender)
            return
        }
        guard let destination = storyboard.instantiateViewController(withIdentifier: segue.destination) else { return }
        if let style = segue.presentationStyle { destination.storedModalPresentationStyle = style }
        prepare(segue, destination: destination, sender: sender)
        if segue.kind == .show {
            show(destination, animated: segue.animated)
        } else {
            present(destination, animated: segue.animated)
        }
    }

    /// Traces and delivers `prepareForSegue` for a segue from this controller.
    func prepare(_ segue: SegueDefinition, destination: ViewController, sender: Any?) {
        let performed = StoryboardSegue(identifier: segue.identifier, source: self, destination: destination)
        deliver("prepareForSegue", detail: segue.identifier.isEmpty ? "(\(segue.kind.rawValue))" : segue.identifier) {
            $0.prepare(for: performed, sender: sender)
        }
    }

    /// Shows a controller the way the context asks, as UIKit's `show(_:sender:)`: pushed
    /// onto this controller's navigation controller when it has one (L16), else presented
    /// modally (L15). Animated, as UIKit's is.
    /// - Parameters:
    ///   - controller: The controller to show.
    ///   - sender: Unused; kept for UIKit's signature.
    func performShow(_ controller: ViewController, sender: Any?) {
        guard onLoop("show(_:sender:)") else { return }
        show(controller, animated: true)
    }

    func show(_ controller: ViewController, animated: Bool) {
        if let navigationController {
            navigationController.pushViewController(controller, animated: animated)
        } else {
            present(controller, animated: animated)
        }
    }

    /// The nearest ancestor that is a navigation controller (UIKit's `navigationController`).
    public var navigationController: NavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    /// The nearest ancestor that is a tab bar controller (UIKit's `tabBarController`).
    public var tabBarController: TabBarController? {
        var current = parent
        while let candidate = current {
            if let tabs = candidate as? TabBarController { return tabs }
            current = candidate.parent
        }
        return nil
    }

    /// An unwind segue (L24): finds the nearest controller of the destination scene, first
    /// in this controller's navigation stacks below it, then in the contexts that presented
    /// it; `prepareForSegue` runs with it as destination, then it is popped to, or (popped
    /// to under the presentation first, if it is below the top of its own stack) what it
    /// presented is dismissed.
    private func unwind(_ segue: SegueDefinition, sender: Any?) {
        let sceneID = segue.destination
        // A storyboard read from Xcode's format names the unwind action instead of a scene:
        // the target is the nearest controller that has that method (as UIKit's
        // `canPerformUnwindSegueAction`), which is then called with the segue.
        let action = segue.unwindAction.map { Selector($0) }
        func isTarget(_ controller: ViewController) -> Bool {
            guard controller !== self else { return false }
            if let action { return controller.lifeloopResponds(to: action) }
            return controller.scene?.id == sceneID
        }
        func prepare(_ segue: SegueDefinition, destination: ViewController, sender: Any?) {
            self.prepare(segue, destination: destination, sender: sender)
            if let action {
                _ = destination.lifeloopPerform(action, with: [StoryboardSegue(identifier: segue.identifier, source: self, destination: destination)])
            }
        }
        // In the navigation stacks this controller is in, nearest first.
        var inner: ViewController = self
        var navigation = navigationController
        while let stack = navigation {
            let entry = stack.viewControllers.firstIndex { $0 === inner || inner.isDescendant(of: $0) } ?? stack.viewControllers.count
            if let target = stack.viewControllers[..<entry].last(where: isTarget) {
                prepare(segue, destination: target, sender: sender)
                stack.popToViewController(target, animated: segue.animated)
                return
            }
            inner = stack
            navigation = stack.navigationController
        }
        // Then in the presentation chain below this one, nearest first.
        var presented: ViewController = presentationContext
        while let presenter = presented.storedPresentingViewController {
            let context = presenter.presentationContext
            if let target = context.firstDescendant(where: isTarget) {
                prepare(segue, destination: target, sender: sender)
                // As UIKit's containers unwind: the stack under the presentation goes back
                // to the target first (covered, so without callbacks), then the
                // presentation is dismissed and the target appears once.
                if let stack = target.navigationController, stack.topViewController !== target,
                   stack.viewControllers.contains(where: { $0 === target }) {
                    stack.popToViewController(target, animated: false)
                }
                presenter.dismiss(animated: segue.animated)
                return
            }
            presented = context
        }
        if let action {
            diagnose(.unknownSegue, "unwind segue '\(segue.identifier)' of \(traceLabel) found no controller with the method '\(action)' to return to")
        } else {
            diagnose(.unknownSegue, "unwind segue '\(segue.identifier)' of \(traceLabel) found no controller of scene '\(sceneID)' to return to")
        }
    }

    /// Whether `ancestor` is this controller's parent, its parent's parent, ….
    func isDescendant(of ancestor: ViewController) -> Bool {
        var current = parent
        while let candidate = current {
            if candidate === ancestor { return true }
            current = candidate.parent
        }
        return false
    }

    /// This controller or the first of its descendants, depth first, that matches.
    func firstDescendant(where matches: (ViewController) -> Bool) -> ViewController? {
        if matches(self) { return self }
        for child in children.reversed() {
            if let found = child.firstDescendant(where: matches) { return found }
        }
        return nil
    }

    /// The controller a presentation from this one is made over: the ancestor whose view
    /// sits directly in the window (a root or a presented controller).
    var presentationContext: ViewController {
        var context = self
        while let parent = context.parent { context = parent }
        return context
    }

    /// The context a `currentContext` or `overCurrentContext` presentation covers: the
    /// nearest of this controller and its ancestors that defines a presentation context,
    /// else ``presentationContext`` (L29).
    var definedPresentationContext: ViewController {
        var context: ViewController? = self
        while let candidate = context {
            if candidate.definesPresentationContext { return candidate }
            context = candidate.parent
        }
        return presentationContext
    }
}
