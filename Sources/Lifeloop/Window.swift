/// A window on a simulated screen: the root of a view hierarchy, UIKit's `UIWindow`.
///
/// An app may have several windows, each on its own ``Screen``; they share the app's loop,
/// and the update cycle visits them in the order they were created.
open class Window: View {
    /// The screen the window is on.
    public let screen: Screen
    /// Whether this is the app's key window.
    public internal(set) var isKeyWindow = false
    /// Whether a presentation or dismissal is under way in this window (L22).
    var transitionInFlight = false
    /// What this window's display link produced while it animated.
    public internal(set) var frameMetrics = FrameMetrics()
    /// The serial of the last display-link frame this window took part in (see
    /// ``Application/nextFrameSerial()``): lets a frame list its windows in linear time.
    var frameSerial: UInt64 = 0
    /// Whether the window has been made visible and shows its root.
    var isVisibleWindow = false
    private var storedRoot: ViewController?

    /// Creates a window filling `screen`, registered with the app of the current thread.
    /// - Parameters:
    ///   - screen: The screen the window is on.
    ///   - label: Its name in the trace; by default `Window#n`.
    public init(screen: Screen = .phone, label: String? = nil) {
        self.screen = screen
        super.init(frame: screen.bounds)
        if let label { storedLabel = label }
        // Windows start hidden, as in UIKit, until made visible.
        storedHidden = true
        storedWindow = self
        app?.register(self)
    }

    /// A hidden window that belongs to no app: what a refused `launch` returns.
    init(detachedOn screen: Screen) {
        self.screen = screen
        super.init(detachedFrame: screen.bounds)
        storedHidden = true
        storedWindow = self
    }

    deinit {
        // Descendants may outlive the window; they must not point at it.
        var stack = subviews
        while let view = stack.popLast() {
            if view.storedWindow === self { view.storedWindow = nil }
            stack.append(contentsOf: view.subviews)
        }
    }

    /// The controller whose view fills the window. Setting it on a visible window makes
    /// the old root disappear and the new one appear.
    public var rootViewController: ViewController? {
        get { storedRoot }
        set {
            guard onLoop("rootViewController") else { return }
            guard newValue !== storedRoot else { return }
            if let old = storedRoot, isVisibleWindow { hide(old) }
            storedRoot = newValue
            if let newValue, isVisibleWindow { show(newValue) }
        }
    }

    /// Called after the window became the key window.
    open func becomeKey() {}
    /// Called after the window stopped being the key window.
    open func resignKey() {}

    /// The controllers whose views sit directly in the window: the root and the
    /// presented ones, bottom first.
    var hostedControllers: [ViewController] {
        subviews.compactMap { view in view.owningController.flatMap { $0.viewIfLoaded === view ? $0 : nil } }
    }

    /// Whether the window is on screen: made visible and not hidden. Controllers appear
    /// only in a shown window.
    var isShown: Bool { isVisibleWindow && !isHidden }

    /// Hiding a shown window makes its controllers disappear; showing it again makes them
    /// appear; the did-callbacks come after the commit. Showing a window for the first time
    /// (`isHidden = false`, as in UIKit) makes it visible without making it key.
    override func hiddenDidChange() {
        if !isVisibleWindow {
            if !isHidden { becomeVisible() }
            return
        }
        guard let app else { return }
        let appearing = !isHidden
        var begun: [(ViewController, AppearanceTicket)] = []
        for controller in hostedControllers {
            if let ticket = controller.beginAppearance(appearing, animated: false) { begun.append((controller, ticket)) }
        }
        if appearing { for (controller, _) in begun { app.queueIsAppearing(controller) } }
        app.afterCommit {
            for (controller, ticket) in begun { controller.endAppearance(ticket, animated: false) }
        }
    }

    /// A resize or rotation: `viewWillTransition(to:with:)` for every controller in the
    /// window (children after their parents) before the new size applies; the layout pass
    /// follows at the end of the turn (L10).
    override func sizeWillChange(to size: Size) {
        guard isVisibleWindow, let app else { return }
        let coordinator = TransitionCoordinator(app: app, isAnimated: false, duration: 0,
                                                isInteractive: false)
        let controllers = allControllers
        for controller in controllers {
            controller.ownTransitionCoordinator = coordinator
            controller.deliver("viewWillTransitionToSize", detail: "\(size)") { $0.viewWillTransition(to: size, with: coordinator) }
        }
        app.afterCommit {
            coordinator.percentComplete = 1
            for completion in coordinator.completions { completion(coordinator) }
            for controller in controllers { controller.ownTransitionCoordinator = nil }
            coordinator.releaseBlocks()
        }
        let alongside = coordinator.alongside
        coordinator.alongside.removeAll()
        coordinator.hasStarted = true
        for block in alongside { block(coordinator) }
    }

    /// Every controller hosted in the window and their descendants, pre-order: each
    /// controller before its children, siblings in order.
    private var allControllers: [ViewController] {
        var result: [ViewController] = []
        var pending = Array(hostedControllers.reversed())
        while let controller = pending.popLast() {
            result.append(controller)
            pending.append(contentsOf: controller.children.reversed())
        }
        return result
    }

    /// Turns the window a quarter: width and height swap (a rotation).
    public func rotate() {
        guard onLoop("rotate()") else { return }
        frame = Rect(x: frame.minX, y: frame.minY, width: frame.height, height: frame.width)
    }

    /// Makes this the key window and shows it with its root controller (L05). A root whose
    /// view stays nil after three tries records `noRootViewAtLaunch` (L03).
    public func makeKeyAndVisible() {
        guard onLoop("makeKeyAndVisible()") else { return }
        app?.makeKey(self)
        isHidden = false
    }

    /// The first showing: the window shows its root controller (L05).
    private func becomeVisible() {
        isVisibleWindow = true
        setNeedsLayout()
        if let storedRoot {
            show(storedRoot)
        } else {
            app?.diagnose(.noRootViewAtLaunch, label: label,
                          message: "Application windows are expected to have a root view controller at the end of application launch")
        }
    }

    /// The root appears: `viewWillAppear`, its view enters the window, layout and display
    /// at the end of the turn, then `viewDidAppear` (L05).
    private func show(_ root: ViewController) {
        var rootView = root.view
        var attempts = 1
        while rootView == nil && attempts < 3 {
            rootView = root.view
            attempts += 1
        }
        guard let rootView else {
            app?.diagnose(.noRootViewAtLaunch, label: label,
                          message: "Application windows are expected to have a root view controller at the end of application launch")
            return
        }
        root.hostWindow = self
        let ticket = isShown ? root.beginAppearance(true, animated: false) : nil
        rootView.frame = bounds
        rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(rootView)
        app?.queueIsAppearing(root)
        app?.afterCommit { root.endAppearance(ticket, animated: false) }
    }

    private func hide(_ root: ViewController) {
        let ticket = root.beginAppearance(false, animated: false)
        root.viewIfLoaded?.removeFromSuperview()
        root.endAppearance(ticket, animated: false)
        root.hostWindow = nil
    }
}
