/// A window on a simulated screen: the root of a view hierarchy, UIKit's `UIWindow`.
///
/// An app may have several windows, each on its own ``Screen``; they share the app's loop,
/// and the update cycle visits them in the order they were created.
open class Window: View {
    /// The screen the window is on.
    public let screen: Screen
    /// The scene the window belongs to, if any (UIKit's `windowScene`).
    public internal(set) weak var windowScene: WindowScene?
    /// The next responder: the window's scene, else the application.
    open override var next: Responder? { windowScene ?? app }
    /// Whether this is the app's key window.
    public internal(set) var isKeyWindow = false
    // The flags and counters the frame path reads are `@exclusivity(unchecked)`: a window
    // is confined to its app's loop thread and each access is a whole load or store (or a
    // `FrameMetrics` call that calls out to nothing).
    /// Whether a presentation or dismissal is under way in this window (L22). It is over
    /// once the did-callbacks begin (L23).
    @exclusivity(unchecked) var transitionInFlight = false
    /// How many transition completions (their did-callbacks) are running in this window.
    private var completionDepth = 0
    /// Transitions requested during a completion, started right after it (L23).
    private var requestsAfterCompletion: [() -> Void] = []
    /// What this window's display link produced while it animated.
    @exclusivity(unchecked) public internal(set) var frameMetrics = FrameMetrics()
    /// The serial of the last display-link frame this window took part in (see
    /// ``Application/nextFrameSerial()``): lets a frame list its windows in linear time.
    @exclusivity(unchecked) var frameSerial: UInt64 = 0
    /// Whether the window has been made visible and shows its root.
    @exclusivity(unchecked) var isVisibleWindow = false
    private var storedRoot: ViewController?
    /// The window's Auto Layout engine, once a constraint or a constraint-based view is in it.
    var layoutEngine: LayoutEngine?
    /// The view that takes typing (a text field being edited).
    weak var firstResponder: View?
    /// While a responder becomes first and the one before it resigns: the keyboard stays.
    var isHandingOffFirstResponder = false
    /// The window's software keyboard (see Keyboard/).
    var keyboard = SoftwareKeyboard()
    /// UIKit's `windowLevel`, as a raw value (see `Window.Level`).
    var storedWindowLevel: CGFloat = 0
    /// The fingers down in this window and what they were delivered to (see Touches/).
    var touchDispatch: TouchDispatch?

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

    /// Creates a window on the phone screen, as ``init(screen:label:)`` with its defaults.
    public convenience init() {
        self.init(screen: .phone, label: nil)
    }

    /// Creates a window with a frame, as UIKit's `UIWindow(frame:)`: on the app's main
    /// screen, with `frame` (apps pass `UIScreen.main.bounds`).
    public override convenience init(frame: Rect) {
        self.init(screen: Application.current?.mainScreen ?? .phone, label: nil)
        if frame != self.frame { self.frame = frame }
    }

    /// Creates a window in a scene, as UIKit's `UIWindow(windowScene:)`: on the scene's
    /// screen, filling it.
    public convenience init(windowScene: WindowScene) {
        self.init(screen: windowScene.screen, label: nil)
        self.windowScene = windowScene
        windowScene.add(self)
    }

    /// Creates a window from an archive, as UIKit's `init?(coder:)`: a window on the
    /// phone screen (Lifeloop reads no archives).
    public required init?(coder: NSCoder) {
        self.screen = .phone
        super.init(frame: screen.bounds)
        storedHidden = true
        storedWindow = self
        app?.register(self)
    }


    deinit {
        // Descendants may outlive the window; they must not point at it.
        var stack = subviews
        while let view = stack.popLast() {
            if view.storedWindow === self { view.storedWindow = nil }
            stack.append(contentsOf: view.subviews)
        }
        // Nor may the controllers shown in it (`hostWindow` is not weak: see there).
        var controllers = storedRoot.map { [$0] } ?? []
        while let controller = controllers.popLast() {
            if controller.hostWindow === self { controller.hostWindow = nil }
            controllers.append(contentsOf: controller.children)
            if let presented = controller.storedPresentedViewController { controllers.append(presented) }
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

    /// The controllers that appear and disappear with the window: the root and every
    /// controller presented from it or its descendants, presenters before what they
    /// present, whose views are in this window.
    var hostedControllers: [ViewController] {
        guard let root = storedRoot else { return [] }
        var result: [ViewController] = []
        var pending: [ViewController] = [root]
        while let controller = pending.popLast() {
            if controller.viewIfLoaded?.window === self { result.append(controller) }
            // Presented controllers hang off any controller of the tree (current context).
            var tree: [ViewController] = [controller]
            var presented: [ViewController] = []
            while let node = tree.popLast() {
                if let next = node.storedPresentedViewController { presented.append(next) }
                tree.append(contentsOf: node.children.reversed())
            }
            pending.append(contentsOf: presented.reversed())
        }
        return result
    }

    /// Whether the window is narrow enough for UIKit's compact horizontal size class:
    /// under 736 points, as a phone held upright (a popover adapts to a sheet there, L29).
    public var isCompactWidth: Bool { bounds.width < 736 }

    /// The insets the screen itself takes from the window: the status bar at the top in
    /// portrait; on a screen with a notch (a status bar taller than 20 points), the home
    /// indicator's 34 points at the bottom in portrait, and in landscape the notch's
    /// width at both sides and 21 points at the bottom.
    public var screenSafeAreaInsets: EdgeInsets {
        let notch = screen.statusBarInset > 20
        if bounds.width > bounds.height {
            return notch ? EdgeInsets(top: 0, left: screen.statusBarInset, bottom: 21, right: screen.statusBarInset)
                : .zero
        }
        return EdgeInsets(top: screen.statusBarInset, left: 0, bottom: notch ? 34 : 0, right: 0)
    }

    /// Runs a transition's did-callbacks and completion: transitions requested meanwhile
    /// (from `viewDidAppear`, `viewDidDisappear` or a completion) start right after, in the
    /// order requested (L23).
    func runCompletion(_ body: () -> Void) {
        completionDepth += 1
        body()
        completionDepth -= 1
        guard completionDepth == 0 else { return }
        while !requestsAfterCompletion.isEmpty {
            let requests = requestsAfterCompletion
            requestsAfterCompletion.removeAll()
            for request in requests { request() }
        }
    }

    /// Whether a transition's did-callbacks or completion are running.
    var isCompletingTransition: Bool { completionDepth > 0 }

    /// Inside a completion, keeps `request` for right after it and returns true;
    /// otherwise returns false and the caller goes ahead (L23).
    func deferDuringCompletion(_ request: @escaping () -> Void) -> Bool {
        guard completionDepth > 0 else { return false }
        requestsAfterCompletion.append(request)
        return true
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
        app.afterCommit {
            for (controller, ticket) in begun { controller.endAppearance(ticket, animated: false) }
        }
    }

    /// A resize or rotation: `viewWillTransition(to:with:)` for every controller in the
    /// window, presented ones included (each controller before its children, a presenter
    /// before what it presents), before the new size applies; the layout pass follows at
    /// the end of the turn (L10, L27). A controller in a push, pop or presentation keeps
    /// that transition's coordinator (L27).
    override func sizeWillChange(to size: Size) {
        guard isVisibleWindow, let app else { return }
        let coordinator = TransitionCoordinator(app: app, isAnimated: false, duration: 0,
                                                isInteractive: false)
        let controllers = allControllers
        var lent: [ViewController] = []
        for controller in controllers where controller.ownTransitionCoordinator == nil {
            controller.ownTransitionCoordinator = coordinator
            lent.append(controller)
        }
        for controller in controllers {
            controller.deliver("viewWillTransitionToSize", detail: size.plainDescription) { $0.viewWillTransition(to: size, with: coordinator) }
        }
        // UIKit's traitCollectionDidChange when the size classes change (a rotation of a
        // phone): called, not traced, so the spec's traces (L27) stay as they are.
        let previousTraits = baseTraits(size: bounds.size)
        let traitsChange = previousTraits != baseTraits(size: size)
        // Each object's own previous traits, overrides included (UIKitState/Appearance.swift).
        let before = traitsChange ? TraitDelivery.snapshot(under: [self]) : []
        app.afterCommit { [weak self] in
            guard traitsChange, let self else { return }
            var previous: [ObjectIdentifier: TraitCollection] = [:]
            for (node, traits) in before {
                switch node {
                case .view(let view): previous[ObjectIdentifier(view)] = traits
                case .controller(let controller): previous[ObjectIdentifier(controller)] = traits
                }
            }
            for controller in self.allControllers {
                controller.traitsDidChange(from: previous[ObjectIdentifier(controller)] ?? previousTraits)
            }
            var views: [View] = [self]
            while let view = views.popLast() {
                view.traitsDidChange(from: previous[ObjectIdentifier(view)] ?? previousTraits)
                views.append(contentsOf: view.subviews)
            }
        }
        app.afterCommit {
            coordinator.percentComplete = 1
            for completion in coordinator.completions { completion(coordinator) }
            for controller in lent where controller.ownTransitionCoordinator === coordinator {
                controller.ownTransitionCoordinator = nil
            }
            coordinator.releaseBlocks()
        }
        let alongside = coordinator.alongside
        coordinator.alongside.removeAll()
        coordinator.hasStarted = true
        for block in alongside { block(coordinator) }
    }

    /// Every controller of the window's tree, pre-order: each controller, then its
    /// children, then what it presents.
    private var allControllers: [ViewController] {
        guard let root = storedRoot else { return [] }
        var result: [ViewController] = []
        var pending: [ViewController] = [root]
        while let controller = pending.popLast() {
            result.append(controller)
            if let presented = controller.storedPresentedViewController { pending.append(presented) }
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

    /// The first showing: the window shows its root controller (L05). From iOS 11 the
    /// root's views are laid out a second time in the same commit, before `viewDidAppear`,
    /// as the window's safe-area insets and traits settle (L31).
    private func becomeVisible() {
        isVisibleWindow = true
        setNeedsLayout()
        if let storedRoot {
            if let app, app.uikitVersion.laysOutTwiceAtLaunch { app.relayoutAtLaunch(self) }
            show(storedRoot)
        } else {
            // UIKit checks at the end of launch, not here: an app may make its window
            // visible and give it a root right after (the turn's commit is that end).
            app?.afterCommit { [weak self] in
                guard let self, self.isVisibleWindow, self.storedRoot == nil else { return }
                self.app?.diagnose(.noRootViewAtLaunch, label: self.traceLabel,
                                   message: "Application windows are expected to have a root view controller at the end of application launch")
            }
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
            app?.diagnose(.noRootViewAtLaunch, label: traceLabel,
                          message: "Application windows are expected to have a root view controller at the end of application launch")
            return
        }
        root.hostWindow = self
        let ticket = isShown ? root.beginAppearance(true, animated: false) : nil
        rootView.frame = bounds
        rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(rootView)
        app?.afterCommit { root.endAppearance(ticket, animated: false) }
    }

    /// The second layout round of a launch (L31): the root controller's view and its
    /// children's views (those loaded and in this window) are marked again and laid out.
    func markLaunchRelayout() {
        guard let root = storedRoot else { return }
        var pending = [root]
        while let controller = pending.popLast() {
            if let view = controller.viewIfLoaded, view.window === self { view.markNeedsLayout() }
            pending.append(contentsOf: controller.children.reversed())
        }
    }

    private func hide(_ root: ViewController) {
        let ticket = root.beginAppearance(false, animated: false)
        root.viewIfLoaded?.removeFromSuperview()
        root.endAppearance(ticket, animated: false)
        root.hostWindow = nil
    }
}
