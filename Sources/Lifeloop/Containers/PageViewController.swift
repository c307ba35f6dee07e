/// Gives a page view controller its pages: UIKit's `UIPageViewControllerDataSource`.
public protocol PageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the first page.
    func pageViewController(_ pageViewController: PageViewController,
                            viewControllerBefore viewController: ViewController) -> ViewController?
    /// The page after `viewController`, or nil at the last page.
    func pageViewController(_ pageViewController: PageViewController,
                            viewControllerAfter viewController: ViewController) -> ViewController?
    /// How many pages the page indicator shows (0 by default: no indicator).
    func presentationCount(for pageViewController: PageViewController) -> Int
    /// Which dot the page indicator selects (0 by default).
    func presentationIndex(for pageViewController: PageViewController) -> Int
}

extension PageViewControllerDataSource {
    public func presentationCount(for pageViewController: PageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: PageViewController) -> Int { 0 }
}

/// Hears about page turns a gesture makes: UIKit's `UIPageViewControllerDelegate`. Both
/// methods default to nothing. Not called for ``PageViewController/setViewControllers(_:direction:animated:completion:)``.
public protocol PageViewControllerDelegate: AnyObject {
    /// A gesture began to turn the page to `pendingViewControllers`.
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController])
    /// The turn ended: `completed` is false when it went back to `previousViewControllers`.
    func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [ViewController], transitionCompleted completed: Bool)
}

extension PageViewControllerDelegate {
    public func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]) {}
    public func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [ViewController], transitionCompleted completed: Bool) {}
}

/// Pages through controllers: UIKit's `UIPageViewController`.
///
/// The pages are its children. ``setViewControllers(_:direction:animated:completion:)``
/// adds them (`willMove(toParent:)`), and, when the page view controller is on screen,
/// gives the new pages `viewWillAppear` and `viewDidAppear` at once (animated: when the
/// slide ends) and then `didMove(toParent:)`, before any layout of theirs, as UIKit does
/// (public logs of `setViewControllers`); set before the page view controller appears,
/// the pages appear with it in the same way (both callbacks inside its `viewWillAppear`,
/// then `didMove`). The pages it replaces get `viewWillDisappear`, `viewDidDisappear` and
/// leave.
///
/// A horizontal (vertical) drag on its view turns the page as a finger does: the data
/// source gives the page before or after, the delegate hears `willTransitionTo`, the
/// current page gets `viewWillDisappear` and the new one `viewWillAppear`; let go past
/// half way or flung (faster than 300 points per second) the turn finishes (the old
/// page's `viewDidDisappear`, the new one's `viewDidAppear`, as a push); otherwise it goes
/// back: the new page `viewWillDisappear`, `viewDidDisappear`, the old one
/// `viewWillAppear`, `viewDidAppear` (as a cancelled interactive pop, L18). Either way the
/// delegate hears `didFinishAnimating` with `transitionCompleted`.
open class PageViewController: ViewController {
    /// How pages turn: UIKit's `UIPageViewController.TransitionStyle`.
    public enum TransitionStyle: Int, Sendable {
        /// A page curls over (the pages slide here).
        case pageCurl
        /// Pages scroll side by side.
        case scroll
    }

    /// Which way pages go: UIKit's `UIPageViewController.NavigationOrientation`.
    public enum NavigationOrientation: Int, Sendable {
        /// Left and right.
        case horizontal
        /// Up and down.
        case vertical
    }

    /// Which way a turn goes: UIKit's `UIPageViewController.NavigationDirection`.
    public enum NavigationDirection: Int, Sendable {
        /// To the next page.
        case forward
        /// To the previous page.
        case reverse
    }

    /// Where the spine of a page curl is: UIKit's `UIPageViewController.SpineLocation`.
    public enum SpineLocation: Int, Sendable {
        /// No spine: the scroll style.
        case none
        /// At the left or top edge: one page shows.
        case min
        /// In the middle: two pages show.
        case mid
        /// At the right or bottom edge: one page shows.
        case max
    }

    /// Keys of the `options` of ``init(transitionStyle:navigationOrientation:options:)``:
    /// UIKit's `UIPageViewController.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Makes a key from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A ``SpineLocation`` (page curl only).
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The space between pages, in points (scroll only; data).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// How pages turn.
    public let transitionStyle: TransitionStyle
    /// Which way pages go.
    public let navigationOrientation: NavigationOrientation
    /// Where the spine is: `none` for the scroll style, `min` by default for a page curl.
    public let spineLocation: SpineLocation
    /// The space between pages (scroll; data).
    public let interPageSpacing: CGFloat
    /// Whether pages have a back (page curl; data).
    public var isDoubleSided = false

    private weak var storedDataSource: PageViewControllerDataSource?
    private weak var storedDelegate: PageViewControllerDelegate?
    private var pages: [ViewController] = []
    /// Pages added before the page view controller appeared: their `didMove` waits for
    /// their appearance.
    private var pagesAwaitingAppearance: [ViewController] = []
    private var pageTickets: [(page: ViewController, ticket: AppearanceTicket)] = []
    private var turning = false
    private var turnPan: PageTurnPanRecognizer?

    /// Gives the pages. Held weakly, as in UIKit.
    public var dataSource: PageViewControllerDataSource? {
        get { storedDataSource }
        set { if onLoop("dataSource") { storedDataSource = newValue } }
    }

    /// Hears about page turns. Held weakly, as in UIKit.
    public var delegate: PageViewControllerDelegate? {
        get { storedDelegate }
        set { if onLoop("delegate") { storedDelegate = newValue } }
    }

    /// The pages shown: one, or two with a page curl's spine in the middle; nil before
    /// ``setViewControllers(_:direction:animated:completion:)``.
    public var viewControllers: [ViewController]? { pages.isEmpty ? nil : pages }

    /// The recognizers that turn pages (the drag on its view).
    public var gestureRecognizers: [GestureRecognizer] { turnPan.map { [$0] } ?? [] }

    /// Whether a turn or an animated change runs.
    public var isTransitioning: Bool { turning }

    /// The page indicator's dots and selection, from the data source, when it gives a
    /// count (scroll style only, as in UIKit).
    public var pageIndicator: (count: Int, index: Int)? {
        guard transitionStyle == .scroll, let source = storedDataSource else { return nil }
        let count = source.presentationCount(for: self)
        return count > 0 ? (count, source.presentationIndex(for: self)) : nil
    }

    /// Makes a page view controller.
    /// - Parameters:
    ///   - style: How pages turn.
    ///   - navigationOrientation: Which way they go.
    ///   - options: ``OptionsKey/spineLocation`` (a ``SpineLocation``), ``OptionsKey/interPageSpacing``.
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        let spine = options?[.spineLocation] as? SpineLocation
            ?? (options?[.spineLocation] as? Int).flatMap(SpineLocation.init(rawValue:))
        spineLocation = style == .scroll ? .none : (spine == nil || spine == SpineLocation.none ? .min : spine!)
        let spacing = options?[.interPageSpacing]
        interPageSpacing = (spacing as? CGFloat) ?? (spacing as? Double).map { CGFloat($0) } ?? (spacing as? Int).map { CGFloat($0) } ?? 0
        super.init(nibName: nil, bundle: nil)
    }

    /// Makes a scrolling, horizontal page view controller.
    public convenience init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                            options: [OptionsKey: Any]? = nil, label: String?) {
        Self.useLabel(label)
        self.init(transitionStyle: style, navigationOrientation: navigationOrientation, options: options)
    }

    /// A page view controller from a storyboard: scrolling, horizontal.
    public required init?(coder: NSCoder) {
        transitionStyle = .scroll
        navigationOrientation = .horizontal
        spineLocation = .none
        interPageSpacing = 0
        super.init(coder: coder)
    }

    /// Pages get their appearance callbacks from the page view controller, not by
    /// automatic forwarding.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    open override func loadView() {
        let container = View(frame: application?.mainScreen.bounds ?? .zero)
        view = container
        let pan = PageTurnPanRecognizer()
        pan.pages = self
        pan.isSystemRecognizer = true
        pan.addAction { [weak self] gesture in
            guard let self, let gesture = gesture as? PageTurnPanRecognizer else { return }
            driveTurn(gesture)
        }
        container.addGestureRecognizer(pan)
        turnPan = pan
        for page in pages {
            if let pageView = page.view { place(pageView, in: container) }
        }
    }

    /// The number of pages a change must give: two with the spine in the middle, else one.
    private var requiredPageCount: Int { spineLocation == .mid ? 2 : 1 }

    /// Shows `viewControllers` (L21's containment, and the appearance order described on
    /// the class). A wrong number of controllers (one; two with a page curl's spine in
    /// the middle) is an `invalidArgument` diagnostic and changes nothing.
    /// - Parameters:
    ///   - viewControllers: The new pages.
    ///   - direction: Which way the slide goes, when animated.
    ///   - animated: Whether the pages slide on the frame clock (0.35 s).
    ///   - completion: Runs when the change is over, with whether it finished.
    open func setViewControllers(_ viewControllers: [ViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard onLoop("setViewControllers(_:direction:animated:completion:)") else { return }
        let incoming = viewControllers ?? []
        guard incoming.count == requiredPageCount else {
            diagnose(.invalidArgument, "The number of view controllers provided (\(incoming.count)) doesn't match the number "
                     + "required (\(requiredPageCount)) for the requested transition")
            return
        }
        guard !turning else {
            diagnose(.presentWhilePresenting, "setViewControllers on \(traceLabel) while a page turn is in progress")
            return
        }
        if incoming.count == pages.count, zip(incoming, pages).allSatisfy({ $0 === $1 }) {
            completion?(true)
            return
        }
        let outgoing = pages.filter { old in !incoming.contains { $0 === old } }
        let added = incoming.filter { new in !pages.contains { $0 === new } }
        for page in added { addChild(page) }
        pages = incoming
        guard let container = viewIfLoaded else {
            // The view loads later and places the pages then.
            pagesAwaitingAppearance.append(contentsOf: added)
            for page in outgoing { leave(page, animated: false) }
            completion?(true)
            return
        }
        for page in added { if let pageView = page.view { place(pageView, in: container) } }
        let onScreen = isAppearingOrAppeared
        let window = container.window
        let coordinator = TransitionCoordinator(app: app, isAnimated: animated && onScreen && window != nil,
                                                duration: NavigationController.transitionDuration, isInteractive: false)
        guard coordinator.isAnimated, let window, let app else {
            for page in outgoing { leave(page, animated: false) }
            if onScreen {
                for page in added { appearAtOnce(page, animated: false) }
                for page in added { page.notifyDidMove(toParent: self) }
            } else {
                pagesAwaitingAppearance.append(contentsOf: added)
            }
            completion?(true)
            return
        }
        turning = true
        let leavingTickets = outgoing.map { $0.beginAppearance(false, animated: true) }
        let arrivingTickets = added.map { $0.beginAppearance(true, animated: true) }
        let sign: CGFloat = direction == .forward ? 1 : -1
        let extent = navigationOrientation == .horizontal ? container.bounds.width : container.bounds.height
        let outgoingViews = outgoing.compactMap(\.viewIfLoaded)
        let addedViews = added.compactMap(\.viewIfLoaded)
        app.runTransition("pageTurn", in: window, coordinator: coordinator, apply: { [weak self] progress in
            guard let self else { return }
            for view in addedViews { view.setTransitionOffset(self.offset(sign * extent * (1 - progress))) }
            for view in outgoingViews { view.setTransitionOffset(self.offset(-sign * extent * progress)) }
        }) { [self] _ in
            for view in addedViews + outgoingViews { view.setTransitionOffset(.zero) }
            turning = false
            window.runCompletion {
                for (page, ticket) in zip(outgoing, leavingTickets) {
                    page.viewIfLoaded?.removeFromSuperview()
                    page.endAppearance(ticket, animated: true)
                    page.notifyWillMove(toParent: nil)
                    page.removeFromParent()
                }
                for (page, ticket) in zip(added, arrivingTickets) {
                    page.endAppearance(ticket, animated: true)
                    page.notifyDidMove(toParent: self)
                }
                completion?(true)
            }
        }
    }

    /// A point `distance` along the navigation axis.
    private func offset(_ distance: CGFloat) -> Point {
        navigationOrientation == .horizontal ? Point(x: distance, y: 0) : Point(x: 0, y: distance)
    }

    /// Gives a page both appearance callbacks in a row, as UIKit's page view controller
    /// does for pages it shows without a turn.
    private func appearAtOnce(_ page: ViewController, animated: Bool) {
        let ticket = page.beginAppearance(true, animated: animated)
        page.endAppearance(ticket, animated: animated)
    }

    /// A page leaves: its disappearance (if it is on screen), its view, its parent.
    private func leave(_ page: ViewController, animated: Bool) {
        if page.isAppearingOrAppeared {
            let ticket = page.beginAppearance(false, animated: animated)
            page.viewIfLoaded?.removeFromSuperview()
            page.endAppearance(ticket, animated: animated)
        } else {
            page.viewIfLoaded?.removeFromSuperview()
        }
        pagesAwaitingAppearance.removeAll { $0 === page }
        page.notifyWillMove(toParent: nil)
        page.removeFromParent()
    }

    private func place(_ pageView: View, in container: View) {
        pageView.frame = container.bounds
        pageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if pageView.superview !== container { container.addSubview(pageView) }
    }

    /// Called when the page view controller begins to appear or disappear: its pages
    /// follow (appearing: both callbacks at once, then a waiting `didMove`).
    func pagesAppearanceBegan(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            for page in pages { appearAtOnce(page, animated: animated) }
            let waiting = pagesAwaitingAppearance
            pagesAwaitingAppearance.removeAll()
            for page in waiting where pages.contains(where: { $0 === page }) { page.notifyDidMove(toParent: self) }
        } else {
            pageTickets = pages.compactMap { page in page.beginAppearance(false, animated: animated).map { (page, $0) } }
        }
    }

    /// Called when the page view controller's disappearance ends: its pages' too.
    func pagesAppearanceEnded(animated: Bool) {
        let tickets = pageTickets
        pageTickets.removeAll()
        for (page, ticket) in tickets { page.endAppearance(ticket, animated: animated) }
    }

    // MARK: Turning pages with a finger

    /// What the data source gives next to the current page in `direction`.
    private func neighbour(_ direction: NavigationDirection) -> ViewController? {
        guard let current = pages.first, let source = storedDataSource else { return nil }
        let page = direction == .forward ? source.pageViewController(self, viewControllerAfter: current)
            : source.pageViewController(self, viewControllerBefore: current)
        guard let page, page !== current, page.parent == nil || page.parent === self else { return nil }
        return page
    }

    /// Starts a page turn a gesture drives: nil (nothing happens) when there is no page
    /// that way, the pages are not on screen, or a turn runs.
    /// - Parameter direction: Toward the page after (`forward`) or before (`reverse`).
    public func beginInteractiveTurn(_ direction: NavigationDirection) -> InteractiveTransition? {
        guard onLoop("beginInteractiveTurn(_:)"), !turning, requiredPageCount == 1, let current = pages.first,
              let container = viewIfLoaded, let window = container.window, isAppearingOrAppeared, let app,
              let pending = neighbour(direction) else { return nil }
        if let delegate = storedDelegate {
            trace("pageViewControllerWillTransition", detail: pending.traceLabel)
            delegate.pageViewController(self, willTransitionTo: [pending])
        }
        addChild(pending)
        guard let pendingView = pending.view else {
            pending.notifyWillMove(toParent: nil)
            pending.removeFromParent()
            return nil
        }
        turning = true
        let coordinator = TransitionCoordinator(app: app, isAnimated: true, duration: NavigationController.transitionDuration,
                                                isInteractive: true)
        let currentTicket = current.beginAppearance(false, animated: true)
        let pendingTicket = pending.beginAppearance(true, animated: true)
        place(pendingView, in: container)
        let sign: CGFloat = direction == .forward ? 1 : -1
        let extent = navigationOrientation == .horizontal ? container.bounds.width : container.bounds.height
        let currentView = current.viewIfLoaded
        let curl = transitionStyle == .pageCurl
        let transition = app.runTransition("pageTurn", in: window, coordinator: coordinator, interactive: true, apply: {
            [weak self] progress in
            guard let self else { return }
            // A curl uncovers the next page in place; a scroll slides both.
            if !curl { pendingView.setTransitionOffset(self.offset(sign * extent * (1 - progress))) }
            currentView?.setTransitionOffset(self.offset(-sign * extent * progress))
        }) { [self] cancelled in
            pendingView.setTransitionOffset(.zero)
            currentView?.setTransitionOffset(.zero)
            turning = false
            window.runCompletion {
                endTurn(from: current, to: pending, cancelled: cancelled, currentTicket: currentTicket, pendingTicket: pendingTicket)
            }
        }
        return transition.map(InteractiveTransition.init)
    }

    private func endTurn(from current: ViewController, to pending: ViewController, cancelled: Bool,
                         currentTicket: AppearanceTicket?, pendingTicket: AppearanceTicket?) {
        if cancelled {
            // As a cancelled interactive pop (L18): the pending page turns back, then the
            // current one returns.
            let back = pending.beginAppearance(false, animated: true)
            pending.viewIfLoaded?.removeFromSuperview()
            pending.endAppearance(back ?? pendingTicket, animated: true)
            pending.notifyWillMove(toParent: nil)
            pending.removeFromParent()
            if let again = current.beginAppearance(true, animated: true) {
                current.endAppearance(again, animated: true)
            } else {
                current.endAppearance(currentTicket, animated: true)
            }
        } else {
            pages = [pending]
            current.viewIfLoaded?.removeFromSuperview()
            current.endAppearance(currentTicket, animated: true)
            pending.endAppearance(pendingTicket, animated: true)
            current.notifyWillMove(toParent: nil)
            current.removeFromParent()
            pending.notifyDidMove(toParent: self)
        }
        if let delegate = storedDelegate {
            trace("pageViewControllerDidFinishAnimating", detail: cancelled ? "cancelled" : "completed")
            delegate.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current],
                                        transitionCompleted: !cancelled)
        }
    }

    private func driveTurn(_ gesture: PageTurnPanRecognizer) {
        guard let container = viewIfLoaded else { return }
        let translation = gesture.translation(in: container)
        let velocity = gesture.velocity(in: container)
        let along = navigationOrientation == .horizontal ? translation.x : translation.y
        let speed = navigationOrientation == .horizontal ? velocity.x : velocity.y
        let extent = max(1, navigationOrientation == .horizontal ? container.bounds.width : container.bounds.height)
        switch gesture.state {
        case .began:
            // A finger moving left (up) pulls the next page in.
            gesture.direction = along < 0 ? .forward : .reverse
            gesture.transition = beginInteractiveTurn(gesture.direction)
            gesture.transition?.update(Double(max(0, min(1, abs(along) / extent))))
        case .changed:
            let signed = gesture.direction == .forward ? -along : along
            gesture.transition?.update(Double(max(0, min(1, signed / extent))))
        case .ended:
            let signed = gesture.direction == .forward ? -along : along
            let fling = gesture.direction == .forward ? -speed : speed
            if signed / extent > 0.5 || fling > 300 { gesture.transition?.finish() } else { gesture.transition?.cancel() }
            gesture.transition = nil
        case .cancelled, .failed:
            gesture.transition?.cancel()
            gesture.transition = nil
        case .possible:
            break
        }
    }
}

/// The drag that turns a page view controller's pages.
final class PageTurnPanRecognizer: PanGestureRecognizer {
    weak var pages: PageViewController?
    var direction: PageViewController.NavigationDirection = .forward
    var transition: InteractiveTransition?
}
