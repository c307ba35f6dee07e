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
open class ViewController {
    /// The controller's name in the trace; by default `TypeName#n`, or the scene's label.
    public final var label: String {
        get { storedLabel }
        set { if onLoop("label") { storedLabel = newValue } }
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
    public internal(set) weak var parent: ViewController?
    /// The controller this one presents.
    public internal(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public internal(set) weak var presentingViewController: ViewController?

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
    private var storedLabel: String
    var storedModalPresentationStyle: ModalPresentationStyle?

    /// The app this controller belongs to: the one whose loop thread created it.
    public var application: Application? { app }

    var scene: SceneDefinition?
    var storedView: View?
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
    var lastWindowLabel = ""
    /// The window this controller is the root of, or presented in.
    ///
    /// `unowned(unsafe)`, not weak: a weak reference gives the window a side table, and
    /// then every retain and release of the window (each frame, each commit) takes the slow
    /// path. The window clears it when the controller stops being its root or presented
    /// there, and in its `deinit` for the controllers still shown in it.
    unowned(unsafe) var hostWindow: Window?
    /// How this controller's presentation behaves, while it is presented.
    var presentation: ResolvedPresentation?
    /// Where the view this controller's presentation covered was (full screen and
    /// current context), while it is presented.
    var coveredSlot: CoveredSlot?
    /// Made on first use of ``presentationController``.
    var storedPresentationController: PresentationController?
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

    /// Creates a controller in code, traced as `initWithNibName`.
    /// - Parameters:
    ///   - nibName: The nib the default `loadView` loads; nil to look it up by class name.
    ///   - label: The controller's name in the trace.
    public init(nibName: String? = nil, label: String? = nil) {
        self.nibName = nibName
        let application = ThreadContext.application
        self.appLink = application?.link
        self.loopThread = application?.loopThread ?? 0
        self.storedLabel = label ?? application?.nextLabel(for: Self.self) ?? String(describing: Self.self)
        application?.register(self)
        trace("initWithNibName")
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
        self.storedLabel = application?.nextLabel(for: Self.self) ?? String(describing: Self.self)
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
        let application = coder.storyboard.app
        if let application, !application.checkLoopThread(label: coder.scene.label, operation: "init(coder:)") {
            // Joining the app from here would race with its loop: the controller stays out.
            return
        }
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
    /// the screen's application frame. An override assigns ``view`` and need not call super.
    open func loadView() {
        guard onLoop("loadView()") else { return }
        app?.loadDefaultView(for: self)
    }

    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called after init from a storyboard, once the scene's objects exist.
    open func awakeFromNib() {}
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
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller moved to a new parent.
    open func didMove(toParent parent: ViewController?) {}

    /// Whether appearance callbacks go to children automatically (L21).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Runtime support

    /// Records a callback in the trace, then runs it.
    func deliver(_ event: String, detail: String = "", _ callback: (ViewController) -> Void) {
        trace(event, detail: detail)
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
        guard let link = appLink.map({ Unmanaged.passUnretained($0) }) else { return }
        link._withUnsafeGuaranteedRef { appLink in
            guard appLink.isTracing else { return }
            appLink.record(label: label, event: event, detail: detail, window: windowLabel)
        }
    }

    /// The label of the window this controller's events belong to: its own, its view's,
    /// its parent's or its parent's view's; else the last one seen.
    var windowLabel: String {
        guard let window = traceWindow else { return lastWindowLabel }
        let label = window._withUnsafeGuaranteedRef { $0.label }
        // Stored only when it changes: most events find the window they found last time.
        if label != lastWindowLabel { lastWindowLabel = label }
        return label
    }

    /// The window ``windowLabel`` names, read unretained (only its label is read, and
    /// nothing runs in between). The weak `parent` is loaded once, and only when the
    /// controller and its view are outside every window: a weak load retains through the
    /// controller's side table, the slow path.
    private var traceWindow: Unmanaged<Window>? {
        if let window = hostWindow ?? storedView?.window { return Unmanaged.passUnretained(window) }
        guard let parent else { return nil }
        return (parent.hostWindow ?? parent.storedView?.window).map { Unmanaged.passUnretained($0) }
    }

    func diagnose(_ kind: Diagnostic.Kind, _ message: String) {
        app?.diagnose(kind, label: label, message: message)
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
