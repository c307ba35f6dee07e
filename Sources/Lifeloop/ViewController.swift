import Glibc

/// Manages a view hierarchy and its lifecycle: UIKit's `UIViewController`.
///
/// The view loads lazily on first access of ``view`` (`loadView` then `viewDidLoad`),
/// appears and disappears through balanced appearance callbacks, and is laid out by the
/// update cycle. Override the callbacks as in UIKit; the runtime records each one in the
/// trace as `label event` (`viewWillAppear`, `initWithCoder`, `dealloc`).
///
/// - Warning: A controller belongs to the app whose loop thread created it. Calls from
///   another thread are recorded as `offLoopAccess` diagnostics and ignored.
open class ViewController: Responder {
    /// The controller's name in the trace; by default `TypeName#n`, or the scene's label.
    public final var traceLabel: String {
        get { storedLabel }
        set { if onLoop("traceLabel") { storedLabel = newValue } }
    }
    /// The nib `loadView` loads by default, if given at init.
    public let nibName: String?
    /// The storyboard the controller came from, if any.
    public internal(set) var storyboard: Storyboard?
    /// How the controller appears when presented. Until set, the default of its app's
    /// ``Application/uikitVersion``: `fullScreen` before iOS 13, `automatic` from iOS 13.
    public final var modalPresentationStyle: ModalPresentationStyle {
        get { storedModalPresentationStyle ?? app?.uikitVersion.defaultPresentationStyle ?? UIKitVersion.default.defaultPresentationStyle }
        set { if onLoop("modalPresentationStyle") { storedModalPresentationStyle = newValue } }
    }

    /// The child controllers, in the order they were added.
    public internal(set) var children: [ViewController] = []
    /// The container this controller is a child of.
    public internal(set) var parent: ViewController? {
        get { storedParent }
        set {
            storedParent = newValue
            // From the new value, not by loading the weak reference back; containers set
            // the parent of their whole stack on every change, so an unchanged one is kept.
            if !anchorLeads(to: newValue) { parentAnchor = newValue?.anchor }
        }
    }
    /// Whether `parentAnchor` leads to `controller` (compared without a retain).
    private func anchorLeads(to controller: ViewController?) -> Bool {
        let current = parentAnchorRef?._withUnsafeGuaranteedRef { $0.controller?.toOpaque() }
        return current == controller.map { Unmanaged.passUnretained($0).toOpaque() }
    }
    private weak var storedParent: ViewController?
    /// The parent's anchor, which the trace reads to reach the parent without loading the
    /// weak `parent` (a weak load retains through the parent's side table and checks
    /// exclusivity at run time: most of what a controller's event cost when traced).
    private var parentAnchor: ControllerAnchor? {
        didSet { parentAnchorRef = parentAnchor.map { Unmanaged.passUnretained($0) } }
    }
    /// `parentAnchor`, unretained (the controller keeps it alive through `parentAnchor`).
    @exclusivity(unchecked) private var parentAnchorRef: Unmanaged<ControllerAnchor>?
    /// This controller's anchor, for its children; made when the first child asks.
    private var anchorStorage: ControllerAnchor?
    private var anchor: ControllerAnchor {
        if let anchorStorage { return anchorStorage }
        let made = ControllerAnchor(self)
        anchorStorage = made
        return made
    }
    /// The controller presented by this one or by its nearest ancestor (L32, as UIKit's
    /// `UIViewController.h` says): a controller inside a navigation or tab controller, or
    /// a child, sees its container's presentation as its own.
    public var presentedViewController: ViewController? {
        var current: ViewController? = self
        while let controller = current {
            if let presented = controller.storedPresentedViewController { return presented }
            current = controller.parent
        }
        return nil
    }
    /// The controller that presented this one, or its farthest ancestor (L32).
    public var presentingViewController: ViewController? {
        if let presenting = storedPresentingViewController { return presenting }
        var farthest = self
        while let parent = farthest.parent { farthest = parent }
        return farthest.storedPresentingViewController
    }
    /// The controller this one itself presents.
    package internal(set) var storedPresentedViewController: ViewController?
    /// The controller that itself presented this one.
    package internal(set) weak var storedPresentingViewController: ViewController?

    /// The app, through the link it clears when it goes (not weak: see ``AppLink``).
    var appLink: AppLink?
    var app: Application? {
        get { appLink?.app }
        set { appLink = newValue?.link }
    }
    /// The app's loop thread (0 with no app): the confinement check compares against it
    /// without loading the weak `app` reference.
    var loopThread: pthread_t = 0
    // The storage behind the public properties, whose setters check the thread first.
    // Not checked at run time, for the reason given at `View.storedLabel`.
    @exclusivity(unchecked) private var storedLabel: String
    /// The controller's element serial (Elements/ElementID.swift): its tab's and its
    /// navigation bar parts' ids derive from it.
    final var elementSerial: UInt64 = 0
    var storedModalPresentationStyle: ModalPresentationStyle?

    /// The app this controller belongs to: the one whose loop thread created it.
    public var application: Application? { app }

    var scene: SceneDefinition?
    /// How many of this controller's callbacks the runtime is delivering now: the base
    /// `willMove`/`didMove(toParent:)` record a call only when the app made it.
    var deliveries = 0
    private var storedTitle: String?
    private var storedNavigationItem: NavigationItem?
    private var storedTabBarItem: TabBarItem?
    private var storedAdditionalSafeAreaInsets = EdgeInsets.zero
    private var storedEditing = false
    /// `registerForTraitChanges` registrations.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// `overrideUserInterfaceStyle` as set (UIKitState/Appearance.swift).
    var storedOverrideStyle = TraitCollection.Style.unspecified
    private var storedPreferredContentSize = Size.zero
    private var storedModalTransitionStyle = ModalTransitionStyle.coverVertical
    var storedView: View? {
        didSet { storedViewRef = storedView.map { Unmanaged.passUnretained($0) } }
    }
    /// `storedView`, unretained, for the trace's window lookup (the controller keeps its
    /// view alive through `storedView`).
    @exclusivity(unchecked) private var storedViewRef: Unmanaged<View>?
    var loadState: LoadState = .idle
    var appearance: AppearanceState = .disappeared
    /// Bumped by every appearance begin: an end must present the ticket of the begin it
    /// closes, so an end whose begin was overtaken does nothing.
    var appearanceGeneration: UInt64 = 0
    /// The children a begin forwarded to, with their tickets, for the matching end.
    var forwardedAppearance: [(child: ViewController, ticket: AppearanceTicket)] = []
    /// The `animated` flag of the current appearance transition.
    var appearanceAnimated = false
    /// The last window this controller was seen in, for trace events while it is between
    /// windows (mid-transition, or at dealloc).
    @exclusivity(unchecked) var lastWindowLabel = ""
    /// The window this controller is the root of, or presented in.
    ///
    /// `unowned(unsafe)`, not weak: a weak reference gives the window a side table, and
    /// then every retain and release of the window (each frame, each commit) takes the slow
    /// path. The window clears it when the controller stops being its root or presented
    /// there, and in its `deinit` for the controllers still shown in it.
    /// Kept as `Unmanaged` (what `unowned(unsafe)` holds), so that the trace reads the
    /// window's label without a retain and release of the window.
    @exclusivity(unchecked) var hostWindowRef: Unmanaged<Window>?
    var hostWindow: Window? {
        @inline(__always) get { hostWindowRef?.takeUnretainedValue() }
        @inline(__always) set { hostWindowRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// How this controller's presentation behaves, while it is presented.
    var presentation: ResolvedPresentation?
    /// Where the view this controller's presentation covered was (full screen and
    /// current context), while it is presented.
    var coveredSlot: CoveredSlot?
    /// Made on first use of ``presentationController``.
    var storedPresentationController: PresentationController?
    private weak var storedTransitioningDelegate: ViewControllerTransitioningDelegate?
    /// The container view of the custom transition this controller is presented with.
    var customContainer: TransitionContainerView?

    /// Gives the presentation controller, animators and interaction controllers of this
    /// controller's presentation and dismissal (UIKit's `transitioningDelegate`). Held
    /// weakly, as in UIKit.
    public final var transitioningDelegate: ViewControllerTransitioningDelegate? {
        get { storedTransitioningDelegate }
        set { if onLoop("transitioningDelegate") { storedTransitioningDelegate = newValue } }
    }
    private var storedDefinesPresentationContext = false
    private var storedIsModalInPresentation = false

    /// Whether a `currentContext` or `overCurrentContext` presentation from this
    /// controller or its descendants covers this controller's view (L29); false by default.
    public final var definesPresentationContext: Bool {
        get { storedDefinesPresentationContext }
        set { if onLoop("definesPresentationContext") { storedDefinesPresentationContext = newValue } }
    }

    /// Whether a sheet showing this controller refuses to be swiped down (L29); false by
    /// default.
    public final var isModalInPresentation: Bool {
        get { storedIsModalInPresentation }
        set { if onLoop("isModalInPresentation") { storedIsModalInPresentation = newValue } }
    }
    /// The coordinator of the transition this controller takes part in.
    var ownTransitionCoordinator: TransitionCoordinator?
    /// Why the appearance callback being delivered happens, for the movement flags (L28);
    /// `.none` outside the appearance callbacks.
    var activeCause: AppearanceCause = .none
    /// Added as a child and not yet shown there: its next appearance is a move to its
    /// parent (L28).
    var pendingMovingToParent = false
    /// Told it leaves its parent (`willMove(toParent: nil)`): its next disappearance is a
    /// move from its parent (L28).
    var pendingMovingFromParent = false
    /// Whether `viewIsAppearing` is queued for the next commit (L05).
    var awaitsIsAppearing = false
    /// The appearance a move of the view into or out of a window began on its own (L25),
    /// ended when the move completes.
    var windowMoveTicket: AppearanceTicket?

    /// The coordinator of the transition this controller (or its parent) is part of, while
    /// it runs; nil otherwise.
    public var transitionCoordinator: TransitionCoordinator? {
        ownTransitionCoordinator ?? parent?.transitionCoordinator
    }

    /// Where the lazy view load stands, to catch re-entry (L03).
    enum LoadState {
        /// Not inside `loadView` or `viewDidLoad`.
        case idle
        /// Inside `loadView` or `viewDidLoad` of a load that started with no view.
        case loading
    }

    /// Where a controller stands in its appearance cycle (L20).
    enum AppearanceState {
        /// Not on screen.
        case disappeared
        /// Between `viewWillAppear` and `viewDidAppear`.
        case appearing
        /// On screen.
        case appeared
        /// Between `viewWillDisappear` and `viewDidDisappear`.
        case disappearing
    }

    /// Creates a controller in code, traced as `initWithNibName`. A convenience
    /// initializer, as UIKit's `init()`: the designated ones are ``init(nibName:bundle:)``
    /// and ``init(coder:)``, so subclasses that override those two inherit this one.
    /// - Parameters:
    ///   - nibName: The nib the default `loadView` loads; nil to look it up by class name.
    ///   - label: The controller's name in the trace.
    public convenience init(nibName: String? = nil, label: String? = nil) {
        Self.useLabel(label)
        self.init(nibName: nibName, bundle: nil)
    }

    /// Names the next controller of this class created on this thread: for a subclass's
    /// own initializer, before it calls `super.init(nibName:bundle:)`, so that its
    /// `initWithNibName` event carries the name.
    /// - Parameter label: The name; nil numbers it as usual (`TypeName#n`).
    public static func useLabel(_ label: String?) {
        ThreadContext.pendingLabel = label.map { ($0, ObjectIdentifier(self)) }
    }

    /// Creates a controller in code, as UIKit's designated initializer; traced as
    /// `initWithNibName`. The bundle is not read (nibs are found by name).
    /// - Parameters:
    ///   - nibName: The nib the default `loadView` loads; nil to look it up by class name.
    ///   - bundle: Ignored.
    public init(nibName: String?, bundle: Bundle?) {
        self.nibName = nibName
        let application = ThreadContext.application
        self.appLink = application?.link
        self.loopThread = application?.loopThread ?? 0
        self.storedLabel = ThreadContext.takePendingLabel(for: ObjectIdentifier(Self.self))
            ?? application?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
        super.init()
        elementSerial = application?.nextElementSerial() ?? 0
        application?.register(self)
        trace("initWithNibName")
    }

    /// Creates a controller from a storyboard scene, as UIKit's `init?(coder:)`; traced as
    /// `initWithCoder`. Nil for a coder that is not a storyboard's (Lifeloop reads no
    /// archives). Off the storyboard's app's loop thread it records `offLoopAccess` and
    /// the controller belongs to no app.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? StoryboardCoder else { return nil }
        self.nibName = nil
        self.storedLabel = coder.scene.label
        self.scene = coder.scene
        self.storyboard = coder.storyboard
        super.init()
        let application = coder.storyboard.app
        if let application, !application.checkLoopThread(label: coder.scene.label, operation: "init(coder:)") {
            // Joining the app from here would race with its loop: the controller stays out.
            return
        }
        elementSerial = application?.nextElementSerial() ?? 0
        self.app = application
        self.loopThread = application?.loopThread ?? 0
        application?.register(self)
        trace("initWithCoder")
    }

    /// A plain controller for a scene whose class is unknown.
    convenience init(storyboardCoder coder: StoryboardCoder) {
        self.init(coder: coder)!
    }

    /// Traces `dealloc` when the last reference goes, as ARC does in UIKit, then takes
    /// the view tree apart top-down (L12).
    deinit {
        // Children that outlive this controller must not reach it through its anchor.
        anchorStorage?.controller = nil
        guard let app, app.isOnLoopThread else { return }
        trace("dealloc")
        storedView?.dismantleSubtree()
    }

    // MARK: The view

    /// The root view, loaded on first access: `loadView`, then `viewDidLoad` (L01).
    ///
    /// If `loadView` leaves it nil, the read returns nil, records
    /// `loadViewDidNotAssignView`, and the next read tries again (L03). A read from inside
    /// `loadView` or `viewDidLoad` while it is still nil records `viewAccessRecursion` and
    /// returns nil instead of recursing.
    public var view: View! {
        get {
            if let storedView { return storedView }
            return loadViewForAccess()
        }
        set { if onLoop("view") { setView(newValue) } }
    }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { storedView != nil }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: View? { storedView }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard onLoop("loadViewIfNeeded()") else { return }
        if storedView == nil { _ = loadViewForAccess() }
    }

    func setView(_ newView: View?) {
        if let old = storedView, old.owningController === self {
            old.owningController = nil
            old.hostsController = false
        }
        storedView = newView
        newView?.owningController = self
        newView?.hostsController = true
    }

    private func loadViewForAccess() -> View? {
        guard onLoop("view") else { return nil }
        if loadState == .loading {
            diagnose(.viewAccessRecursion,
                     "view read inside loadView or viewDidLoad before it was assigned: UIKit would recurse forever")
            return nil
        }
        loadState = .loading
        defer { loadState = .idle }
        deliver("loadView") { $0.loadView() }
        if storedView == nil {
            diagnose(.loadViewDidNotAssignView, "loadView did not assign view; the next access of view calls it again")
        }
        deliver("viewDidLoad") { $0.viewDidLoad() }
        return storedView
    }

    // MARK: Callbacks to override

    /// Creates the view. The default looks for a nib (L02): the `nibName` given at init,
    /// the class name without `Controller`, the class name; else a blank view the size of
    /// the screen's application frame. An override assigns ``ViewController/view`` and need not call super.
    open func loadView() {
        guard onLoop("loadView()") else { return }
        app?.loadDefaultView(for: self)
    }

    /// Called once the view is loaded.
    open func viewDidLoad() {}

    // MARK: UIKit state and overridable calls

    /// The title: navigation bars show it (unless the navigation item has its own) and a
    /// tab bar item without a title takes it. Setting it records `setTitle`.
    open var title: String? {
        get { storedTitle }
        set {
            guard onLoop("title"), newValue != storedTitle else { return }
            storedTitle = newValue
            trace("setTitle", detail: newValue ?? "nil")
            if let item = storedTabBarItem, item.title == nil { item.title = newValue }
        }
    }

    /// What a navigation bar shows for this controller, made on first use.
    open var navigationItem: NavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = NavigationItem()
        item.owningController = self
        // Off the loop's thread the item is not kept (and the read is reported).
        if onLoop("navigationItem") { storedNavigationItem = item }
        return item
    }

    /// What a tab bar shows for this controller, made on first use with the title.
    open var tabBarItem: TabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = TabBarItem(title: storedTitle, image: nil, selectedImage: nil)
            if onLoop("tabBarItem") { storedTabBarItem = item }
            return item
        }
        set { if onLoop("tabBarItem") { storedTabBarItem = newValue } }
    }

    /// The items a navigation controller's toolbar shows while this controller is on top (data).
    open var toolbarItems: [BarButtonItem]? {
        get { storedToolbarItems }
        set {
            guard onLoop("toolbarItems") else { return }
            storedToolbarItems = newValue
            // A shown toolbar shows the top controller's items (Bars/Toolbar.swift).
            if let navigation = parent as? NavigationController, !navigation.isToolbarHidden { navigation.viewIfLoaded?.setNeedsLayout() }
        }
    }
    private var storedToolbarItems: [BarButtonItem]?

    /// The navigation item, if one was made (reading it does not make one).
    public var navigationItemIfMade: NavigationItem? { storedNavigationItem }
    /// The tab bar item, if one was made (reading it does not make one).
    public var tabBarItemIfMade: TabBarItem? { storedTabBarItem }

    /// Insets added to the safe area of this controller's view.
    open var additionalSafeAreaInsets: EdgeInsets {
        get { storedAdditionalSafeAreaInsets }
        set {
            guard onLoop("additionalSafeAreaInsets") else { return }
            storedAdditionalSafeAreaInsets = newValue
            storedView?.setNeedsLayout()
        }
    }

    /// Whether the controller is editing.
    open var isEditing: Bool {
        get { storedEditing }
        set { if onLoop("isEditing") { setEditing(newValue, animated: false) } }
    }

    /// Enters or leaves editing; records `setEditing`. Overrides call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard onLoop("setEditing(_:animated:)") else { return }
        storedEditing = editing
        trace("setEditing", detail: editing ? "yes" : "no")
        navigationItem.allBarButtonItems.filter { $0.systemItem == .edit || $0.systemItem == .done }.forEach {
            $0.title = editing ? "Done" : "Edit"
        }
    }

    /// A bar button that toggles editing, as UIKit's.
    open var editButtonItem: BarButtonItem {
        let item = BarButtonItem(barButtonSystemItem: .edit)
        item.title = storedEditing ? "Done" : "Edit"
        item.primaryAction = Action { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        return item
    }

    /// The status bar style the controller asks for (data; snapshots show it).
    open var preferredStatusBarStyle: StatusBarStyle { .default }
    /// Whether the controller hides the status bar (data).
    open var prefersStatusBarHidden: Bool { false }
    /// Whether the home indicator hides (data).
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child whose ``preferredStatusBarStyle`` counts instead of this controller's, as
    /// a container says (nil by default: this one's). Data: Lifeloop draws no status bar text.
    open var childForStatusBarStyle: ViewController? { nil }
    /// The child whose ``prefersStatusBarHidden`` counts instead of this controller's (nil
    /// by default). Data.
    open var childForStatusBarHidden: ViewController? { nil }
    /// The child whose ``prefersHomeIndicatorAutoHidden`` counts instead of this
    /// controller's (nil by default). Data.
    open var childForHomeIndicatorAutoHidden: ViewController? { nil }
    /// The orientations the controller supports (data).
    open var supportedInterfaceOrientations: InterfaceOrientationMask { .allButUpsideDown }
    /// Whether the controller rotates (data).
    open var shouldAutorotate: Bool { true }
    /// The size the controller would like when presented (data).
    open var preferredContentSize: Size {
        get { storedPreferredContentSize }
        set { if onLoop("preferredContentSize") { storedPreferredContentSize = newValue } }
    }
    /// How the controller transitions when presented (data).
    open var modalTransitionStyle: ModalTransitionStyle {
        get { storedModalTransitionStyle }
        set { if onLoop("modalTransitionStyle") { storedModalTransitionStyle = newValue } }
    }
    /// Asks for the status bar to be redrawn: records `setNeedsStatusBarAppearanceUpdate`.
    open func setNeedsStatusBarAppearanceUpdate() {
        guard onLoop("setNeedsStatusBarAppearanceUpdate()") else { return }
        trace("setNeedsStatusBarAppearanceUpdate", detail: preferredStatusBarStyle.name)
    }

    /// Called when the traits change (a rotation or resize across size classes).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// Called when the safe area of the view changes.
    open func viewSafeAreaInsetsDidChange() {}
    /// Called when the view's layout margins change.
    open func viewLayoutMarginsDidChange() {}
    /// Touches its view and the views inside it passed up the responder chain (L35); by
    /// default they go on to the next responder (the view's superview, or the window).
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.began, touches, event) }
    /// See ``touchesBegan(_:with:)``.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.moved, touches, event) }
    /// See ``touchesBegan(_:with:)``.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.ended, touches, event) }
    /// See ``touchesBegan(_:with:)``.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { forwardTouches(.cancelled, touches, event) }
    /// The next responder: the superview of the controller's view.
    open override var next: Responder? { viewIfLoaded?.superview }

    /// Whether the segue may run (always, by default).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Presents `controller` modally; see `performPresent(_:animated:completion:)`.
    open func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        performPresent(controller, animated: animated, completion: completion)
    }

    /// Dismisses the presented controller, or this one; see `performDismiss(animated:completion:)`.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: animated, completion: completion)
    }

    /// Runs a storyboard segue; see `performSegueNow(withIdentifier:sender:)`.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard shouldPerformSegue(withIdentifier: identifier, sender: sender) else { return }
        performSegueNow(withIdentifier: identifier, sender: sender)
    }

    /// Shows `controller`: pushed in a navigation stack, else presented.
    open func show(_ controller: ViewController, sender: Any?) {
        performShow(controller, sender: sender)
    }

    /// Shows `controller` as the detail: the enclosing split view controller shows it
    /// (see `SplitViewController`); without one, as ``show(_:sender:)``.
    open func showDetailViewController(_ controller: ViewController, sender: Any?) {
        guard onLoop("showDetailViewController(_:sender:)") else { return }
        if let split = splitViewController {
            split.showDetailViewController(controller, sender: sender)
            return
        }
        performShow(controller, sender: sender)
    }

    /// Adds a child controller; see `performAddChild(_:)`.
    open func addChild(_ child: ViewController) { performAddChild(child) }

    /// Removes the controller from its parent; see `performRemoveFromParent()`.
    open func removeFromParent() { performRemoveFromParent() }

    /// Starts an appearance transition by hand (containers that forward no appearance).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        performBeginAppearanceTransition(isAppearing, animated: animated)
    }

    /// Ends the appearance transition begun by hand.
    open func endAppearanceTransition() { performEndAppearanceTransition() }

    /// What this controller adds to its view's safe area: a navigation bar (44 points) in
    /// a navigation stack, a tab bar (49) in a tab bar controller, then its own
    /// ``additionalSafeAreaInsets``.
    var safeAreaContribution: EdgeInsets {
        var insets = storedAdditionalSafeAreaInsets
        if let parent = parent as? NavigationController, !parent.isNavigationBarHidden {
            insets.top += 44
            // The search bar under the navigation bar (SearchController.swift).
            if storedNavigationItem?.storedSearchController != nil { insets.top += NavigationController.searchBarHeight }
        }
        if let parent = parent as? NavigationController, !parent.isToolbarHidden { insets.bottom += Toolbar.height }
        if let tabs = parent as? TabBarController, !tabs.isTabBarHidden { insets.bottom += 49 }
        return insets
    }
    /// Called after init from a storyboard, once the scene's objects exist.
    open func awakeFromNib() {}


    // MARK: Reached by name (the port step overrides these)

    /// Sets an outlet by name; this class has none. See ``NameWirable``.
    open override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    /// Calls a method by selector; this class has none reachable by name. See ``NameWirable``.
    open override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome { .notFound }
    /// Whether a method is reachable by `selector`; none is here. See ``NameWirable``.
    open override func lifeloopResponds(to selector: Selector) -> Bool { false }
    /// Called before the view enters the window.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view entered the window, before its first layout (iOS 17; enable
    /// with ``Application/callsViewIsAppearing``).
    open func viewIsAppearing(_ animated: Bool) {}
    /// Called when the view is on screen, after any transition.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the root view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the root view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// Updates the constraints of the controller's view before layout (L33): its root
    /// view's turn in the constraints phase, after `viewWillAppear` (and
    /// `viewIsAppearing`) and before `viewWillLayoutSubviews` in an appearance. Lifeloop
    /// records it as `updateViewConstraints`.
    open func updateViewConstraints() {}
    /// Called before the view's window changes size (a resize or a rotation), with the new
    /// size; layout follows at the end of the turn (L10).
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {}
    /// Called on a memory warning (L14).
    open func didReceiveMemoryWarning() {}
    /// Called before the view is released under the legacy unload policy (L14).
    open func viewWillUnload() {}
    /// Called after the view was released under the legacy unload policy (L14).
    open func viewDidUnload() {}
    /// Called before a segue from this controller, once the destination exists and before
    /// its view loads (L15).
    open func prepare(for segue: StoryboardSegue, sender: Any?) {}
    /// Called before the controller moves to a new parent (nil when removed).
    ///
    /// Containers call it (and Lifeloop records it); an app's own container code may
    /// call it too, as in UIKit (`child.willMove(toParent: nil)` before
    /// `removeFromParent()`): then this implementation, reached through `super`, records it.
    open func willMove(toParent parent: ViewController?) {
        guard deliveries == 0, onLoop("willMove(toParent:)") else { return }
        if parent == nil, self.parent != nil { pendingMovingFromParent = true }
        trace("willMoveToParentViewController", detail: parent?.traceLabel ?? "nil")
    }
    /// Called after the controller moved to a new parent.
    ///
    /// Containers call it (and Lifeloop records it); an app's own container code calls it
    /// after adding the child's view, as in UIKit: then this implementation, reached
    /// through `super`, records it.
    open func didMove(toParent parent: ViewController?) {
        guard deliveries == 0, onLoop("didMove(toParent:)") else { return }
        if parent != nil { pendingMovingFromParent = false }
        trace("didMoveToParentViewController", detail: parent?.traceLabel ?? "nil")
    }

    /// Whether appearance callbacks go to children automatically (L21).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Runtime support

    /// Records a callback in the trace, then runs it.
    func deliver(_ event: String, detail: String = "", _ callback: (ViewController) -> Void) {
        trace(event, detail: detail)
        deliveries += 1
        defer { deliveries -= 1 }
        guard let probe = app?.probe else {
            callback(self)
            return
        }
        probe.callbackWillRun(event, of: self)
        callback(self)
        probe.callbackDidRun(event, of: self)
    }

    func trace(_ event: String, detail: String = "") {
        // The link is read unretained: the controller holds it from its init on, and
        // nothing the record calls changes it.
        guard let loop = appLink?.tracingLoop else { return }
        // The strings are read where they are kept, without a copy.
        loop._withUnsafeGuaranteedRef { loop in
            withUnsafeMutablePointer(to: &storedLabel) { label in
                withUnsafePointer(to: detail) { detail in
                    withWindowLabel { loop.record(labelAt: label, event: event, detailAt: detail, windowAt: $0) }
                }
            }
        }
    }

    /// Calls `body` with the label of the window this controller's events belong to (its
    /// own, its view's, its parent's or its parent's view's; else the last one seen) where
    /// it is kept: in the window, or in `lastWindowLabel`, which is set only when the
    /// window's label is not the one it holds (most events find the window they found last
    /// time).
    @inline(__always)
    private func withWindowLabel(_ body: (UnsafePointer<String>) -> Void) {
        guard let window = traceWindow else {
            withUnsafeMutablePointer(to: &lastWindowLabel) { body($0) }
            return
        }
        window._withUnsafeGuaranteedRef { window in
            withUnsafeMutablePointer(to: &window.storedLabel) { label in
                // The same two words are the same string; other words may still spell it.
                let words = UnsafeRawPointer(label).load(as: (UInt64, UInt64).self)
                let same = withUnsafeMutablePointer(to: &lastWindowLabel) { last in
                    UnsafeRawPointer(last).load(as: (UInt64, UInt64).self) == words
                }
                if !same && label.pointee != lastWindowLabel { lastWindowLabel = label.pointee }
                body(label)
            }
        }
    }

    /// The window `withWindowLabel` names, read unretained (only its label is read, and
    /// nothing runs in between). The parent is reached through its anchor, not the weak
    /// `parent`, and only when the controller and its view are outside every window.
    private var traceWindow: Unmanaged<Window>? {
        if let window = hostWindowRef ?? viewWindowRef { return window }
        guard let anchor = parentAnchorRef, let parent = anchor._withUnsafeGuaranteedRef({ $0.controller }) else {
            return nil
        }
        return parent._withUnsafeGuaranteedRef { $0.hostWindowRef ?? $0.viewWindowRef }
    }

    /// The window of the loaded view, read without retaining the view or the window.
    private var viewWindowRef: Unmanaged<Window>? {
        @inline(__always) get {
            guard let view = storedViewRef else { return nil }
            return view._withUnsafeGuaranteedRef { $0.storedWindowRef }
        }
    }

    func diagnose(_ kind: Diagnostic.Kind, _ message: String) {
        app?.diagnose(kind, label: traceLabel, message: message)
    }

    /// Whether the call may proceed: true on the app's loop thread (or with no app);
    /// otherwise records `offLoopAccess` and returns false.
    @inline(__always)
    func onLoop(_ operation: StaticString) -> Bool {
        if loopThread == 0 || loopThread == pthread_self() { return true }
        return app?.checkLoopThread(label: storedLabel, operation: operation) ?? true
    }

    /// Whether the view is loaded and in a window.
    var isViewInWindow: Bool { storedView?.window != nil }
}

/// What a child controller holds to reach its parent without a weak reference: the
/// parent, unretained, until the parent's `deinit` clears it. Only strongly referenced, so
/// it has no side table; the parent's own counts are not touched.
final class ControllerAnchor {
    @exclusivity(unchecked) var controller: Unmanaged<ViewController>?

    init(_ controller: ViewController) {
        self.controller = Unmanaged.passUnretained(controller)
    }
}
