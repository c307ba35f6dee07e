import Glibc

/// Which controllers a memory warning unloads (L14).
public enum UnloadPolicy: String, Hashable, Sendable {
    /// iOS 6 and later: nothing is unloaded.
    case modern
    /// iOS 3 to 5: a loaded view that is not in a window is released, between
    /// `viewWillUnload` and `viewDidUnload`.
    case legacy
}

/// One simulated app: its loop (the app's main thread), clock, windows, trace,
/// diagnostics and workers. UIKit's `UIApplication`, without the singleton.
///
/// Create it on the thread that will run it; a thread runs one app at a time. Views,
/// controllers and windows created on that thread belong to it. At the end of every loop
/// turn, before the loop waits, the app commits: `viewIsAppearing` for controllers that
/// just entered a window, the layout pass and then the display pass over every window with
/// marked views, in window order, then the callbacks that wait for the commit (such as
/// `viewDidAppear`).
///
/// - Warning: Not `Sendable`: use it on its loop thread; post to it with
///   `loop.makePoster()`. From another thread, a setter or method records an
///   `offLoopAccess` diagnostic and is ignored; ``settle(maxTurns:)`` and
///   ``advance(by:)`` throw `LoopError.wrongThread`.
public final class Application: Responder {
    /// The app's run loop.
    public let loop: EventLoop
    /// Everything the runtime recorded.
    public var trace: Trace { loop.trace }
    /// The app's windows, in creation order.
    @exclusivity(unchecked) public private(set) var windows: [Window] = []
    /// The key window.
    // `unowned(unsafe)`: always one of `windows`, which holds it, and cleared on close; a
    // weak reference would give windows a side table (slow retains on every frame).
    public private(set) unowned(unsafe) var keyWindow: Window?
    /// The screen a default `loadView` sizes a blank view for.
    public var mainScreen: Screen {
        get { storedMainScreen }
        set { if checkLoopThread(label: "app", operation: "mainScreen") { storedMainScreen = newValue } }
    }
    /// The UIKit release whose behaviour the app follows where UIKit changed: view
    /// unloading, the default presentation style, `viewIsAppearing`. iOS 12 by default
    /// (``UIKitVersion/default``). ``unloadPolicy`` and ``callsViewIsAppearing`` follow it
    /// until set, and so does a controller's `modalPresentationStyle`.
    public var uikitVersion: UIKitVersion {
        get { storedUIKitVersion }
        set { if checkLoopThread(label: "app", operation: "uikitVersion") { storedUIKitVersion = newValue } }
    }
    /// What a memory warning unloads: the ``uikitVersion``'s policy (modern, nothing, from
    /// iOS 6) until set.
    public var unloadPolicy: UnloadPolicy {
        get { storedUnloadPolicy ?? storedUIKitVersion.unloadPolicy }
        set { if checkLoopThread(label: "app", operation: "unloadPolicy") { storedUnloadPolicy = newValue } }
    }
    /// Whether controllers get iOS 17's `viewIsAppearing` (L05): as the ``uikitVersion``
    /// says (from iOS 17) until set.
    public var callsViewIsAppearing: Bool {
        get { storedCallsViewIsAppearing ?? storedUIKitVersion.callsViewIsAppearing }
        set {
            if checkLoopThread(label: "app", operation: "callsViewIsAppearing") { storedCallsViewIsAppearing = newValue }
        }
    }
    /// Whether lists tell their prefetch data sources about rows and items ahead of showing
    /// them (iOS 10's prefetching; ``TableView/prefetchDataSource``,
    /// ``CollectionView/prefetchDataSource``). Off by default at every ``uikitVersion``:
    /// iOS prefetches on internal timing, which Lifeloop replaces by a fixed rule (one
    /// visible length ahead in the scroll direction) that an app turns on; before iOS 10 it
    /// has no effect (the API did not exist).
    public var prefetchesListContent: Bool {
        get { storedPrefetchesListContent }
        set {
            if checkLoopThread(label: "app", operation: "prefetchesListContent") { storedPrefetchesListContent = newValue }
        }
    }
    /// In strict mode, ``settle(maxTurns:)`` and ``advance(by:)`` throw
    /// ``DiagnosticsError`` when diagnostics were recorded.
    public var isStrict: Bool {
        get { storedIsStrict }
        set { if checkLoopThread(label: "app", operation: "isStrict") { storedIsStrict = newValue } }
    }
    /// The app's bundle folder (its `Bundle.main` for resources): where `loadView` looks
    /// for nibs as `<name>.xib` or `<name>.json` after the registered ones, and where
    /// `UIStoryboard(name:bundle:)`, `UINib(nibName:bundle:)` and `loadNibNamed` look.
    /// Each app has its own. Launching from an Xcode storyboard file sets it to the
    /// file's folder when it is nil.
    public var bundlePath: String? {
        get { storedBundlePath }
        set { if checkLoopThread(label: "app", operation: "bundlePath") { storedBundlePath = newValue } }
    }
    /// The Swift modules in which an Xcode file's custom classes are looked up when the file
    /// names none (`customModuleProvider="target"`, or no module): `["MyApp"]` makes
    /// `customClass="Cell"` the class `MyApp.Cell`. Classes registered with
    /// ``registerController(_:as:)`` or ``registerView(_:make:)`` under the bare name are
    /// found first. Empty by default.
    public var moduleNames: [String] {
        get { storedModuleNames }
        set { if checkLoopThread(label: "app", operation: "moduleNames") { storedModuleNames = newValue } }
    }
    /// How many events an unbounded trace may hold before the app warns, once, with a
    /// ``Diagnostic/Kind/traceGrowth`` diagnostic. The default, a million events, is a few
    /// hundred megabytes: about 40 simulated minutes of a 4-window animating app. A bounded
    /// or digest-only trace (`traceCapacity`, `traceMode`) never warns.
    public var traceWarningEvents: UInt64 {
        get { storedTraceWarningEvents }
        set { if checkLoopThread(label: "app", operation: "traceWarningEvents") { storedTraceWarningEvents = newValue } }
    }
    /// Watches callbacks, passes, frames, transitions and animations for measurement
    /// tools; nil (the default) costs one check per callback and pass.
    public var probe: RuntimeProbe? {
        get { storedProbe }
        set { if checkLoopThread(label: "app", operation: "probe") { storedProbe = newValue } }
    }

    // The settings' storage: the public setters check the thread first.
    private var storedMainScreen: Screen
    private var storedUIKitVersion = UIKitVersion.default
    private var storedUnloadPolicy: UnloadPolicy?
    private var storedCallsViewIsAppearing: Bool?
    private var storedPrefetchesListContent = false
    private var storedIsStrict = false
    private var storedBundlePath: String?
    private var storedModuleNames: [String] = []
    @exclusivity(unchecked) private var storedProbe: RuntimeProbe?
    @exclusivity(unchecked) private var storedTraceWarningEvents: UInt64 = 1_000_000
    /// The delegate, the scenes and the state of the app's life (App/).
    let lifecycle = AppLifecycle()
    /// Objects kept until the turn's commit, as UIKit's autorelease pool keeps them until
    /// the run loop's turn ends (a nib's top-level views).
    @exclusivity(unchecked) var autoreleasePool: [AnyObject] = []
    /// The next responder: the delegate, when it is a responder.
    public override var next: Responder? { lifecycle.delegate as? Responder }
    /// Whether the press being delivered came to the end of the responder chain.
    var pressesReachedApplication = false
    /// The end of the chain for presses: what arrives here no responder took (the
    /// delegate still hears it).
    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        pressesReachedApplication = true
        next?.pressesBegan(presses, with: event)
    }
    @exclusivity(unchecked) private var warnedTraceGrowth = false

    /// Whether the app records a trace (its loop's setting).
    var tracing: Bool { loop.trace.isEnabled }
    private let owner: pthread_t
    private let poster: LoopPoster
    private let diagnosticStore = DiagnosticStore()
    private var checkedDiagnostics = 0
    /// Where each class's name and count of labels given are in `labelCounts`, once it holds
    /// more than 16 classes (it is searched in order until then). Unchecked
    /// for exclusive access, as the commit's state below: every view and controller made
    /// reads and bumps them, and no access calls out.
    @exclusivity(unchecked) private var labelPositions: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private var labelCounts: [(key: ObjectIdentifier, prefix: [UInt8], count: Int)] = []
    private var elementSerialCounter: UInt64 = 0
    /// The element tree a front door last showed (Elements/ElementActions.swift).
    var storedLastElementTree: ElementTree?
    /// The front door's tree and the state it was built at (Elements/ElementActions.swift).
    var frontDoorTreeCache: (state: String, tree: ElementTree)?
    /// What element trees found out about each view class (its kind, name and hit testing),
    /// kept from one build to the next (Elements/ElementTreeBuilder.swift).
    var elementClasses = ViewClasses()
    private var controllers: [WeakController] = []
    private var nibs: [String: NibDefinition] = [:]
    private var controllerFactories: [String: (StoryboardCoder) -> ViewController?] = [:]
    private var viewFactories: [String: (Rect) -> View] = [:]
    // The commit's and the frame's state (here and `windows`, `storedProbe`,
    // `displayLinks`, `runningAnimations`, `lastFrameSerial`, `warnedTraceGrowth`) is
    // `@exclusivity(unchecked)`:
    // the app is confined to its loop's thread, and no access spans a callback (lists are
    // copied or swapped out before their callbacks run), so none can overlap another.
    @exclusivity(unchecked) private var postCommit: [CommitCallback] = []
    /// The emptied list of the last commit's callbacks, kept for its storage: every frame
    /// of every display link adds one, and a fresh list per commit was most of a frame's
    /// allocations.
    @exclusivity(unchecked) private var spareCommitList: [CommitCallback] = []
    private var storedLink: AppLink?
    @exclusivity(unchecked) private var appearingControllers: [ViewController] = []
    /// Windows shown for the first time this turn, for their second layout round (L31).
    @exclusivity(unchecked) private var launchRelayouts: [Window] = []
    @exclusivity(unchecked) private var commitRequested = false
    /// Whether any constraint was ever activated in this app: hierarchy changes look for
    /// constraints to drop only then.
    var autoLayoutInUse = false
    /// The `animations` block being run, if any: view setters report changes to it.
    var animationCapture: AnimationCapture?
    /// Whether ``View/setAnimationsEnabled(_:)`` turned animations off in this app.
    var animationsDisabled = false
    /// How deep the calls to ``View/performWithoutAnimation(_:)`` are nested now.
    var withoutAnimationDepth = 0
    /// While a percent-driven transition starts its animator: animations are held by it
    /// instead of running on the clock.
    var animationScrubber: ScrubbedAnimations?
    /// One display link per screen, in the order the screens first animated.
    @exclusivity(unchecked) var displayLinks: [DisplayLink] = []
    @exclusivity(unchecked) private var lastFrameSerial: UInt64 = 0

    /// A number for a display-link frame, unique in this app (across its screens) and
    /// never 0, the serial of a window that never took part in a frame.
    func nextFrameSerial() -> UInt64 {
        lastFrameSerial &+= 1
        if lastFrameSerial == 0 { lastFrameSerial = 1 }
        return lastFrameSerial
    }
    /// Core Animation's transactions (``Transaction``).
    let coreAnimation = CoreAnimationState()
    /// The running property animations, by view.
    @exclusivity(unchecked) var runningAnimations: [ObjectIdentifier: [PropertyAnimation]] = [:]

    private struct WeakController {
        weak var controller: ViewController?
    }

    /// Creates an app on the calling thread, which becomes its main thread.
    ///
    /// A thread runs one app at a time: new views and controllers find their app through
    /// the thread, so a second live app would silently take the first one's objects. An
    /// app whose last reference is gone no longer counts; apps on other threads never do.
    /// - Parameters:
    ///   - clock: Virtual (deterministic, the default) or host time.
    ///   - screen: The main screen.
    ///   - workerWidth: How many worker jobs may run at once.
    ///   - traceCapacity: The most trace events kept in memory; nil keeps all.
    ///   - traceEnabled: Whether to record a trace at all.
    /// - Throws: ``ApplicationError/anotherApplicationOnThread(windows:)`` while another
    ///   app is alive on this thread; `LibUVError` if the loop cannot be created.
    public convenience init(clock: ClockMode = .virtual, screen: Screen = .phone, workerWidth: Int = 2,
                            traceCapacity: Int? = nil, traceEnabled: Bool = true) throws {
        try self.init(screen: screen, loop: LoopConfiguration(clock: clock, workerWidth: workerWidth,
                                                              traceCapacity: traceCapacity, traceEnabled: traceEnabled))
    }

    /// Creates an app on the calling thread, which becomes its main thread, with a trace
    /// mode: `TraceMode/digestOnly` keeps the run's digests and no event, for sweeps
    /// that only compare digests.
    ///
    /// As ``init(clock:screen:workerWidth:traceCapacity:traceEnabled:)`` otherwise.
    /// - Parameters:
    ///   - clock: Virtual (deterministic, the default) or host time.
    ///   - screen: The main screen.
    ///   - workerWidth: How many worker jobs may run at once.
    ///   - traceMode: What the trace records and keeps.
    /// - Throws: ``ApplicationError/anotherApplicationOnThread(windows:)`` while another
    ///   app is alive on this thread; `LibUVError` if the loop cannot be created.
    public convenience init(clock: ClockMode = .virtual, screen: Screen = .phone, workerWidth: Int = 2,
                            traceMode: TraceMode) throws {
        try self.init(screen: screen, loop: LoopConfiguration(clock: clock, workerWidth: workerWidth, traceMode: traceMode))
    }

    /// Creates an app on the calling thread with a full loop configuration (clock, worker
    /// width, trace mode, worker jitter for determinism checks).
    /// - Throws: As ``init(clock:screen:workerWidth:traceMode:)``.
    public convenience init(screen: Screen = .phone, configuration: LoopConfiguration) throws {
        try self.init(screen: screen, loop: configuration)
    }

    private init(screen: Screen, loop configuration: LoopConfiguration) throws {
        if let existing = ThreadContext.application {
            throw ApplicationError.anotherApplicationOnThread(windows: existing.windows.map(\.traceLabel))
        }
        loop = try EventLoop(configuration)
        storedMainScreen = screen
        owner = pthread_self()
        poster = loop.makePoster()
        super.init()
        ThreadContext.application = self
        loop.addObserver(.beforeWaiting) { [unowned self] in self.commit() }
        // Swift concurrency (README, "Swift concurrency on the loop"): with Lifeloop's
        // executors installed, an app on the main thread owns the main queue and the main
        // actor; one elsewhere is told when its code hops to the main actor.
        var realTimeReported = Set<String>()
        let diagnostics = self.link
        loop.onDispatchDiagnostic = { name, label, message in
            guard let kind = Diagnostic.Kind(rawValue: name) else { return }
            if kind == .realTime, !realTimeReported.insert(label).inserted { return }
            diagnostics.app?.diagnose(kind, label: label, message: message)
        }
        if MainThread.executorsInstalled {
            if MainThread.isCurrent {
                try loop.adoptMainThread()
            } else {
                let link = self.link
                var reported = false
                loop.onMainActorNotOwned = {
                    guard !reported else { return }
                    reported = true
                    link.app?.diagnose(.mainActorNotOwned, label: "mainActor",
                                       message: "a main-actor hop from this app's thread: this app runs on another thread than the process's main thread, so it cannot own the main actor (the hop is held and never runs: on the real main thread it would run outside this app's loop, perhaps in another app's); run one app per process on its main thread, as the daemon and lifeloop experiment do")
                }
            }
        }
    }

    /// Whether ``close()`` ended the app.
    public private(set) var isClosed = false

    /// The app's time: its loop's clock, virtual or host. Read this, not the wall clock
    /// (`Date()`), so that a virtual-clock run stays a function of its inputs.
    public var now: LoopInstant { loop.now }

    /// The app's own random numbers, seeded (0 unless set; a scenario run seeds it with
    /// its seed): use it instead of `Int.random(in:)` and friends, whose system
    /// generator gives every run different numbers. Confined to the loop's thread.
    /// `Int.random(in: 0..<6, using: &app.random)`.
    public var random = SeededGenerator(seed: 0)

    /// Ends the app now, whoever still holds it: its loop closes (its libuv descriptors
    /// are released at once; pending timers, tasks, jobs and observers are dropped without
    /// running), and the app lets go of its windows, controllers, factories, nibs, probe,
    /// trace sink and animations. The thread is free for another app straight away.
    ///
    /// Releasing the last reference does the same; `close()` is for apps kept alive by a
    /// cycle, such as a repeating timer, an observer or a controller whose closure captures
    /// the app: closing drops those closures, so the app is freed once the caller lets go.
    /// The trace and diagnostics stay readable. Later runs throw `LoopError.closed`.
    /// Closing twice does nothing. No lifecycle callbacks run: UIKit does not tell view
    /// controllers that their process ends.
    /// - Throws: `LoopError.wrongThread` off the app's loop thread;
    ///   `LoopError.reentrantRun` from inside a callback; `LibUVError` if libuv cannot
    ///   close the loop.
    public func close() throws {
        try loop.verifyOwnerThread("Application.close()")
        guard !isClosed else { return }
        try loop.close()
        isClosed = true
        windows.removeAll()
        keyWindow = nil
        controllers.removeAll()
        nibs.removeAll()
        autoreleasePool.removeAll()
        controllerFactories.removeAll()
        viewFactories.removeAll()
        postCommit.removeAll()
        spareCommitList.removeAll()
        appearingControllers.removeAll()
        animationCapture = nil
        displayLinks.removeAll()
        runningAnimations.removeAll()
        storedProbe = nil
        loop.trace.sink = nil
        if ThreadContext.application === self { ThreadContext.application = nil }
    }

    /// The app's loop closes with the app: its timers and observers point into the app
    /// (display links, the commit), so a loop kept alive alone must not run them.
    deinit {
        // First: from here on, whoever holds the link sees no app, as with a weak reference.
        storedLink?.app = nil
        if isOnLoopThread { try? loop.close() }
    }

    /// The link views and controllers hold to this app (see ``AppLink``), made on first use.
    var link: AppLink {
        if let storedLink { return storedLink }
        let made = AppLink(self)
        storedLink = made
        return made
    }

    // MARK: Running

    /// Runs the loop until nothing is pending: no task, timer, job or commit.
    /// - Parameter maxTurns: The most turns to run before failing.
    /// - Throws: `LoopError.budgetExceeded` if still busy after `maxTurns`; in strict
    ///   mode, ``DiagnosticsError`` for diagnostics recorded since the last check;
    ///   `LoopError.wrongThread` off the app's loop thread.
    public func settle(maxTurns: Int = 1_000_000) throws {
        try loop.verifyOwnerThread("Application.settle(maxTurns:)")
        try loop.runUntilIdle(maxTurns: maxTurns)
        try checkStrict()
    }

    /// Moves the virtual clock forward, running everything due on the way.
    /// - Throws: as ``settle(maxTurns:)``; `LoopError.requiresVirtualClock` on host time.
    public func advance(by duration: Duration) throws {
        try loop.verifyOwnerThread("Application.advance(by:)")
        try loop.advance(by: duration)
        try checkStrict()
    }

    /// The diagnostics recorded so far, oldest first.
    public var diagnostics: [Diagnostic] { diagnosticStore.all }

    private func checkStrict() throws {
        guard isStrict else { return }
        let all = diagnosticStore.all
        guard all.count > checkedDiagnostics else { return }
        let fresh = Array(all[checkedDiagnostics...])
        checkedDiagnostics = all.count
        throw DiagnosticsError(diagnostics: fresh)
    }

    // MARK: The commit

    /// Runs at the loop's commit point, once per turn.
    private func commit() {
        probe?.commitWillBegin()
        commitRequested = false
        // viewIsAppearing comes in the layout pass, right after the superview of each
        // appearing controller's view lays out (L05): the views and their superviews are
        // marked for it here, now that the turn has put them in place.
        let awaitingIsAppearing = !appearingControllers.isEmpty
        if awaitingIsAppearing {
            for controller in appearingControllers { controller.viewIfLoaded?.markAwaitingIsAppearing() }
        }
        // Each pass goes over the windows as they are when it begins: a copy this function
        // holds, so a window opened or closed by a callback neither changes the list being
        // walked nor frees the windows it walks over unretained.
        if let probe {
            var windows = self.windows
            windows.forEachUnretained { window in if window.isVisibleWindow { window.runProbedPass(.layout, probe) } }
            if !launchRelayouts.isEmpty { runLaunchRelayouts { $0.runProbedPass(.layout, probe) } }
            windows = self.windows
            windows.forEachUnretained { window in if window.isVisibleWindow { window.runProbedPass(.display, probe) } }
        } else {
            var windows = self.windows
            windows.forEachUnretained { window in if window.isVisibleWindow { window.runLayoutPass() } }
            if !launchRelayouts.isEmpty { runLaunchRelayouts { $0.runLayoutPass() } }
            windows = self.windows
            windows.forEachUnretained { window in if window.isVisibleWindow { window.runDisplayPass() } }
        }
        if awaitingIsAppearing {
            // Those whose superview did not lay out get it now, in the order they appeared.
            let appearing = appearingControllers
            appearingControllers.removeAll()
            for controller in appearing { controller.deliverAwaitedIsAppearing() }
        }
        if !postCommit.isEmpty {
            // Callbacks added meanwhile go to the (spare) list the next commit runs.
            var callbacks = spareCommitList
            spareCommitList = []
            swap(&callbacks, &postCommit)
            for callback in callbacks { callback.body() }
            callbacks.emptyKeepingCapacity()
            spareCommitList = callbacks
        }
        // The turn's autorelease pool drains (its objects were kept for the turn).
        if !autoreleasePool.isEmpty { autoreleasePool.removeAll() }
        probe?.commitDidEnd()
        if !warnedTraceGrowth, loop.trace.count >= storedTraceWarningEvents, loop.trace.capacity == nil {
            warnTraceGrowth()
        }
    }

    /// Asks for the second layout round of a window's launch in this turn's commit (L31).
    func relayoutAtLaunch(_ window: Window) {
        launchRelayouts.append(window)
        requestCommit()
    }

    /// The second layout round of each window launched this turn, right after the first
    /// and before the display pass, in the order the windows were shown (L31).
    private func runLaunchRelayouts(_ pass: (Window) -> Void) {
        let launched = launchRelayouts
        launchRelayouts.removeAll()
        for window in launched where window.isVisibleWindow {
            window.markLaunchRelayout()
            pass(window)
        }
    }

    /// The once-only warning that an unbounded trace is getting large.
    @inline(never)
    private func warnTraceGrowth() {
        warnedTraceGrowth = true
        guard loop.trace.isEnabled else { return }
        diagnose(.traceGrowth, label: "app",
                 message: "the trace keeps every event in memory and holds \(loop.trace.count) now; for a long run "
                    + "bound it (Application(traceCapacity:)) or stream it (trace.stream(toFileAtPath:)); "
                    + "this is reported once")
    }

    /// Makes sure a commit comes: marks made before this turn's commit point are committed
    /// at its end; a no-op task gives a turn to marks made between runs or after the commit.
    func requestCommit() {
        guard !commitRequested else { return }
        commitRequested = true
        if !loop.isBeforeCommitPoint { loop.execute {} }
    }

    /// Runs `body` after the next commit's layout and display passes.
    func afterCommit(_ body: @escaping () -> Void) {
        postCommit.append(CommitCallback(body: body))
        requestCommit()
    }

    /// A controller that began to appear: with ``callsViewIsAppearing``, its
    /// `viewIsAppearing` comes in the next commit's layout pass (L05).
    func queueIsAppearing(_ controller: ViewController) {
        guard callsViewIsAppearing, !controller.awaitsIsAppearing else { return }
        controller.awaitsIsAppearing = true
        appearingControllers.append(controller)
        requestCommit()
    }

    // MARK: Objects

    /// The next element serial: every view, controller, bar item and accessibility
    /// element of the app gets one when it is made (Elements/ElementID.swift), so an
    /// element's id is the same object's for its whole life and is never given again.
    func nextElementSerial() -> UInt64 {
        elementSerialCounter &+= 1
        return elementSerialCounter
    }

    func nextLabel(for type: AnyObject.Type) -> String {
        let key = ObjectIdentifier(type)
        // An app makes views and controllers of a handful of classes: up to 16 they are
        // looked for in the list, without hashing or a dictionary to grow; past that, in
        // the dictionary, which then holds them all.
        var position = -1
        if labelCounts.count <= 16 {
            for index in labelCounts.indices where labelCounts[index].key == key {
                position = index
                break
            }
        } else if let known = labelPositions[key] {
            position = known
        }
        if position < 0 {
            // The type's name as `String(describing:)` gives it for a class, without its look
            // for conformances (a fifth of a small test's time went there), and the `#` after it.
            position = labelCounts.count
            let name = _typeName(type, qualified: false)
            var prefix: [UInt8] = []
            prefix.reserveCapacity(name.utf8.count + 1)
            prefix.append(contentsOf: name.utf8)
            prefix.append(UInt8(ascii: "#"))
            if labelCounts.isEmpty { labelCounts.reserveCapacity(16) }
            labelCounts.append((key, prefix, 0))
            if labelCounts.count == 17 {
                for (index, entry) in labelCounts.enumerated() { labelPositions[entry.key] = index }
            } else if labelCounts.count > 17 {
                labelPositions[key] = position
            }
        }
        // The count is bumped in place, and the label written in one go: the prefix's bytes,
        // then the count's digits.
        labelCounts[position].count += 1
        return Self.label(prefix: labelCounts[position].prefix, number: labelCounts[position].count)
    }

    /// `prefix` (a class's name and `#`) followed by `number` in decimal, written in one go
    /// (the digits as the trace writes numbers).
    private static func label(prefix: [UInt8], number: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let start = digits.baseAddress!
            // Counts start at 1 and only grow, so `number` is positive.
            let length = TraceBytes.writeNumber(UInt64(number), to: start) - start
            return String(unsafeUninitializedCapacity: prefix.count + length) { bytes in
                _ = bytes.initialize(from: prefix)
                for offset in 0..<length { bytes[prefix.count + offset] = start[offset] }
                return prefix.count + length
            }
        }
    }

    func register(_ controller: ViewController) {
        if controllers.count > 64 && controllers.count.isMultiple(of: 64) {
            controllers.removeAll { $0.controller == nil }
        }
        controllers.append(WeakController(controller: controller))
    }

    func register(_ window: Window) {
        windows.append(window)
    }

    func makeKey(_ window: Window) {
        guard keyWindow !== window else { return }
        if let previous = keyWindow {
            previous.isKeyWindow = false
            previous.trace("resignKeyWindow")
            previous.resignKey()
        }
        keyWindow = window
        window.isKeyWindow = true
        window.trace("becomeKeyWindow")
        window.becomeKey()
    }

    /// The live controllers, in creation order.
    public var liveControllers: [ViewController] { controllers.compactMap(\.controller) }

    // MARK: Diagnostics and confinement

    var isOnLoopThread: Bool { owner == pthread_self() }

    /// The thread that runs the loop; objects keep a copy for their confinement check.
    var loopThread: pthread_t { owner }

    /// Records a diagnostic for a module of this package (the scripted network).
    package func reportDiagnostic(_ kind: Diagnostic.Kind, label: String, message: String) {
        diagnose(kind, label: label, message: message)
    }

    /// Records a diagnostic in the list and in the trace.
    func diagnose(_ kind: Diagnostic.Kind, label: String, message: String) {
        diagnosticStore.append(Diagnostic(kind: kind, label: label, message: message))
        if isOnLoopThread {
            loop.record(label: label, event: kind.rawValue, detail: message)
        } else {
            let loop = UncheckedLoopReference(loop)
            poster.post { loop.value.record(label: label, event: kind.rawValue, detail: message) }
        }
    }

    /// True on the loop thread; otherwise records `offLoopAccess` (like the Main Thread
    /// Checker) so the caller can refuse the call.
    @inline(__always)
    func checkLoopThread(label: String, operation: StaticString) -> Bool {
        if isOnLoopThread { return true }
        refuseOffLoop(label: label, operation: operation)
        return false
    }

    /// The slow path of the check, kept out of line so the check itself stays a compare.
    @inline(never)
    func refuseOffLoop(label: String, operation: StaticString) {
        if let animation = ThreadContext.noteOffLoopRefusal() {
            diagnose(.offLoopAccess, label: label,
                     message: "\(operation) called on \(label) inside \(animation) from a thread other than its app's "
                        + "loop thread; the change was ignored and nothing animates")
        } else {
            diagnose(.offLoopAccess, label: label,
                     message: "\(operation) called on \(label) from a thread other than its app's loop thread; "
                        + "the call was ignored")
        }
    }

    // MARK: Memory warnings

    /// Sends a memory warning (L14): every live controller, in creation order, gets
    /// `didReceiveMemoryWarning`; under the legacy policy one whose view is loaded but not
    /// in a window then gets `viewWillUnload`, loses its view and gets `viewDidUnload`.
    public func simulateMemoryWarning() {
        guard checkLoopThread(label: "app", operation: "simulateMemoryWarning()") else { return }
        loop.record(label: "app", event: "memoryWarning")
        if let delegate {
            loop.record(label: lifecycle.delegateLabel, event: "applicationDidReceiveMemoryWarning")
            delegate.applicationDidReceiveMemoryWarning(self)
        }
        notificationCenter.post(name: Self.didReceiveMemoryWarningNotification, object: self)
        for controller in liveControllers {
            controller.deliver("didReceiveMemoryWarning") { $0.didReceiveMemoryWarning() }
            // Only a controller that has fully disappeared loses its view: one still
            // disappearing would come back to no view at its did-callback.
            guard unloadPolicy == .legacy, let view = controller.viewIfLoaded, view.window == nil,
                  controller.appearance == .disappeared else { continue }
            controller.deliver("viewWillUnload") { $0.viewWillUnload() }
            controller.setView(nil)
            controller.deliver("viewDidUnload") { $0.viewDidUnload() }
        }
    }

    // MARK: Nibs, storyboards and classes

    /// Registers a nib, found by name before the bundle folder.
    public func registerNib(_ nib: NibDefinition) {
        guard checkLoopThread(label: "app", operation: "registerNib(_:)") else { return }
        nibs[nib.name] = nib
    }

    /// Registers a controller class for storyboards, under its type name by default.
    public func registerController<Controller: ViewController>(_ type: Controller.Type, as name: String? = nil) {
        guard checkLoopThread(label: "app", operation: "registerController(_:as:)") else { return }
        controllerFactories[name ?? _typeName(type, qualified: false)] = { Controller(coder: $0) }
    }

    /// Registers a factory for a storyboard class name, as UIKit's
    /// `instantiateViewController(identifier:creator:)` does for one scene: `make` gets the
    /// coder and must call a `init(coder:)`, so the controller is traced as
    /// `initWithCoder`. Use it to give storyboard controllers what their initializer needs.
    public func registerController(_ name: String, make: @escaping (StoryboardCoder) -> ViewController?) {
        guard checkLoopThread(label: "app", operation: "registerController(_:make:)") else { return }
        controllerFactories[name] = make
    }

    /// Registers a view class for nibs and storyboards.
    public func registerView(_ name: String, make: @escaping (Rect) -> View) {
        guard checkLoopThread(label: "app", operation: "registerView(_:make:)") else { return }
        viewFactories[name] = make
    }

    /// The factory registered for a view class name, if any.
    func viewFactory(named name: String) -> ((Rect) -> View)? {
        viewFactories[name]
    }

    /// The factory registered for a controller class name, without the built-in classes.
    func registeredControllerFactory(named name: String) -> ((StoryboardCoder) -> ViewController?)? {
        controllerFactories[name]
    }

    func controllerFactory(named name: String) -> ((StoryboardCoder) -> ViewController?)? {
        if let make = controllerFactories[name] { return make }
        switch name {
        case "ViewController": return { ViewController(coder: $0) }
        case "NavigationController": return { NavigationController(coder: $0) }
        case "TabBarController": return { TabBarController(coder: $0) }
        default: return nil
        }
    }

    /// Loads a storyboard file into this app: Lifeloop's JSON (`*.storyboard.json`,
    /// `*.json`) or Xcode's XML (`*.storyboard`), by the extension; an Xcode nib (`*.xib`)
    /// loads as a storyboard of one scene whose controller is its File's Owner.
    /// - Throws: ``StoryboardError`` naming the file, the field (or line and column) and the problem.
    public func loadStoryboard(path: String) throws -> Storyboard {
        Storyboard(definition: try StoryboardDefinition.loadLaunchable(path: path), app: self)
    }

    /// Wraps a parsed storyboard for this app.
    public func storyboard(_ definition: StoryboardDefinition) -> Storyboard {
        Storyboard(definition: definition, app: self)
    }

    /// Launches from a storyboard: a window on `screen` with the initial scene's controller
    /// as root, made key and visible. A storyboard that names a `uikitVersion` sets
    /// ``uikitVersion`` first.
    /// - Returns: The window; off the loop thread, where the call is ignored, a hidden
    ///   window that belongs to no app.
    @discardableResult
    public func launch(storyboard: Storyboard, screen: Screen? = nil) -> Window {
        guard checkLoopThread(label: "app", operation: "launch(storyboard:screen:)") else {
            // A hidden window that belongs to no app.
            let screen = screen ?? storedMainScreen
            return ThreadContext.detached { Window(screen: screen) }
        }
        loop.record(label: "app", event: "launch", detail: storyboard.definition.name)
        if let version = storyboard.definition.uikitVersion { uikitVersion = version }
        let window = Window(screen: screen ?? mainScreen)
        window.rootViewController = storyboard.instantiateInitialViewController()
        window.makeKeyAndVisible()
        return window
    }

    /// A nib by name: registered first, then `<bundlePath>/<name>.xib`, then
    /// `<bundlePath>/<name>.json`; with `directory`, in that folder instead of the bundle's.
    func nib(named name: String, directory: String? = nil) -> NibDefinition? {
        if directory == nil, let nib = nibs[name] { return nib }
        guard let folder = directory ?? bundlePath else { return nil }
        for suffix in [".xib", ".json"] {
            let path = folder + "/" + name + suffix
            guard access(path, F_OK) == 0 else { continue }
            do {
                let nib = try NibDefinition.load(path: path)
                if directory == nil { nibs[name] = nib }
                reportNotes(nib.interfaceBuilder?.notes ?? [])
                return nib
            } catch {
                diagnose(.invalidFile, label: name, message: "\(error)")
                return nil
            }
        }
        return nil
    }

    /// The default `loadView` (L02): the scene's view tree for storyboard controllers; else
    /// the nib named at init, the class name without `Controller`, the class name; else a
    /// blank view the size of the main screen's application frame.
    func loadDefaultView(for controller: ViewController) {
        if let scene = controller.scene, let node = scene.view {
            if scene.interfaceBuilder != nil {
                loadInterfaceBuilderView(for: controller, scene: scene, root: node)
                return
            }
            let view = instantiate(node)
            controller.setView(view)
            performEmbedSegues(of: controller, scene: scene, in: view)
            return
        }
        let className = _typeName(type(of: controller), qualified: false)
        var candidates: [String] = []
        if let nibName = controller.nibName {
            candidates = [nibName]
        } else {
            if className.hasSuffix("Controller") { candidates.append(String(className.dropLast("Controller".count))) }
            candidates.append(className)
        }
        for name in candidates {
            if let nib = nib(named: name) {
                if nib.interfaceBuilder != nil {
                    loadInterfaceBuilderNib(nib, into: controller)
                } else {
                    controller.setView(instantiate(nib.root))
                }
                return
            }
        }
        if let nibName = controller.nibName {
            diagnose(.nibNotFound, label: controller.traceLabel, message: "Could not load NIB in bundle with name '\(nibName)'")
        }
        // Flexible, as UIKit's: it follows its superview's size changes (L27).
        let blank = View(frame: mainScreen.applicationFrame)
        blank.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.setView(blank)
    }

    /// A scene's embed segues, in order, once its view exists (L24): each destination is
    /// created, the controller's `prepareForSegue` runs, it becomes a child
    /// (`willMoveToParent`), its view loads and fills the container view (following its
    /// size changes), then `didMoveToParent`. All of it before the controller's
    /// `viewDidLoad`, as in UIKit; the child appears inside its parent (L21).
    /// A storyboard read from Xcode's format names the container by object id, found in `objects`.
    func performEmbedSegues(of controller: ViewController, scene: SceneDefinition, in view: View,
                            objects: [String: AnyObject] = [:]) {
        guard let storyboard = controller.storyboard else { return }
        for segue in scene.segues where segue.kind == .embed {
            guard let label = segue.container,
                  let container = objects[label] as? View ?? view.viewWithLabel(label) else {
                controller.diagnose(.invalidHierarchy,
                                    "embed segue to \(segue.destination) needs a container view labelled '\(segue.container ?? "")' in \(controller.traceLabel)'s view")
                continue
            }
            guard let child = storyboard.instantiateViewController(withIdentifier: segue.destination) else { continue }
            controller.prepare(segue, destination: child, sender: nil)
            controller.addChild(child)
            child.loadViewIfNeeded()
            if let childView = child.viewIfLoaded {
                childView.frame = container.bounds
                childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                container.addSubview(childView)
            }
            child.notifyDidMove(toParent: controller)
        }
    }

    /// Builds a view tree from a file's description, then calls `awakeFromNib` on every
    /// view once all of them exist.
    func instantiate(_ root: ViewNode) -> View {
        var created: [View] = []
        func build(_ node: ViewNode) -> View {
            let view: View
            if let make = viewFactories[node.className] {
                view = make(node.frame)
            } else {
                if node.className != "View" {
                    diagnose(.unknownClass, label: node.label ?? node.className,
                             message: "unknown view class '\(node.className)'; register it with registerView")
                }
                view = View(frame: node.frame)
            }
            if let label = node.label { view.traceLabel = label }
            view.frame = node.frame
            view.autoresizingMask = node.autoresizingMask
            view.tag = node.tag
            view.isHidden = node.isHidden
            view.backgroundColor = node.backgroundColor
            view.tapAction = node.tapAction
            created.append(view)
            for child in node.subviews { view.addSubview(build(child)) }
            return view
        }
        let view = build(root)
        for object in created {
            object.trace("awakeFromNib")
            object.awakeFromNib()
        }
        return view
    }

    // MARK: Input

    /// Taps a view: records `tap`; a control in it or around it (the nearest view that
    /// takes taps: a label inside a button reaches the button) then sends its actions (a
    /// button `touchUpInside`, a switch flips, a text field starts editing); then the
    /// view's ``View/tapAction`` runs, from the controller that owns the nearest enclosing
    /// root view.
    public func tap(_ view: View) {
        guard checkLoopThread(label: view.traceLabel, operation: "tap(_:)") else { return }
        loop.record(label: view.traceLabel, event: "tap", window: view.window?.traceLabel ?? "")
        if !tapWithTouches(view) {
            var target: View? = view
            while let candidate = target, !candidate.isUserInteractionEnabled { target = candidate.superview }
            if let target, !target.isHidden { target.receiveTap() }
        }
        runTapAction(of: view)
    }

    /// Runs the view's ``View/tapAction`` (a segue, a dismissal, a back tap) from the
    /// controller that owns the nearest enclosing root view: after a tap, labelled or by
    /// touch. A table or collection cell's action is its selection segue: it runs when its
    /// row or item is selected (`fromSelection`), not on a tap that selected nothing.
    func runTapAction(of view: View, fromSelection: Bool = false) {
        guard let action = view.tapAction else { return }
        if !fromSelection, view is TableViewCell || view is CollectionViewCell { return }
        var current: View? = view
        var owner: ViewController?
        while let candidate = current, owner == nil {
            owner = candidate.owningController
            current = candidate.superview
        }
        guard let owner else { return }
        switch action {
        case .segue(let identifier): owner.performSegue(withIdentifier: identifier, sender: view)
        case .dismiss: owner.dismiss(animated: false)
        case .back:
            guard let navigation = owner.navigationController, navigation.viewControllers.count > 1 else {
                owner.diagnose(.nothingToDismiss, "back tap on \(view.traceLabel): \(owner.traceLabel) is in no navigation stack with something to pop")
                return
            }
            navigation.popViewController(animated: true)
        }
    }

    /// Taps a bar button item: records `tap` (labelled with its title) and runs its
    /// primary action, as a finger on the navigation bar would.
    public func tap(barButtonItem item: BarButtonItem, in controller: ViewController) {
        guard checkLoopThread(label: controller.traceLabel, operation: "tap(barButtonItem:in:)") else { return }
        loop.record(label: controller.traceLabel, event: "tapBarButtonItem", detail: item.title ?? item.image?.name ?? "",
                    window: controller.viewIfLoaded?.window?.traceLabel ?? "")
        guard item.isEnabled else { return }
        if let action = item.primaryAction {
            action.perform(sender: item)
        } else if let selector = item.action {
            SelectorDispatch.sendAction(selector, to: item.target, sender: item, event: nil,
                                        chainFrom: controller.viewIfLoaded, controller: controller, app: self)
        }
    }

    /// The first view with this label in the windows, in window order.
    public func view(labelled label: String) -> View? {
        for window in windows {
            if let view = window.viewWithLabel(label) { return view }
        }
        return nil
    }
}

/// A reference to an app that the app clears when it goes: what views, controllers,
/// storyboards and coordinators hold instead of a weak reference. A weak reference would
/// give the app a side table, and then every retain and release of it (many per frame)
/// takes the slow path.
final class AppLink {
    @exclusivity(unchecked) private var ref: Unmanaged<Application>?

    /// The app, or nil once it has begun to deinitialize.
    var app: Application? {
        get { ref?.takeUnretainedValue() }
        set { ref = newValue.map { Unmanaged.passUnretained($0) } }
    }

    init(_ app: Application) {
        self.ref = Unmanaged.passUnretained(app)
    }

    /// The app's loop while the app traces, unretained (the app keeps its loop): for trace
    /// points that pass their strings where they are stored.
    var tracingLoop: Unmanaged<EventLoop>? {
        @inline(__always) get {
            guard let ref else { return nil }
            return ref._withUnsafeGuaranteedRef { app in app.tracing ? Unmanaged.passUnretained(app.loop) : nil }
        }
    }
}

/// A callback for after the commit. The wrapper matters: a bare closure stored in an array
/// needs a reabstraction thunk, one allocation per call, and the display links add one
/// every frame.
struct CommitCallback {
    let body: () -> Void
}

/// Carries a loop reference to its own thread inside a posted closure.
/// `@unchecked Sendable`: the closure runs on the loop's thread, the only one that uses it.
struct UncheckedLoopReference: @unchecked Sendable {
    let value: EventLoop
    init(_ value: EventLoop) { self.value = value }
}

/// Misuse of ``Application`` that is reported to the caller.
public enum ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `Application.init` on a thread where another app is still alive. `windows` are the
    /// labels of that app's windows, to tell which one it is.
    case anotherApplicationOnThread(windows: [String])

    public var description: String {
        switch self {
        case .anotherApplicationOnThread(let windows):
            let which = windows.isEmpty ? "with no windows" : "with windows " + windows.joined(separator: ", ")
            return "an Application (\(which)) is still alive on this thread, and a thread runs one app at a time: "
                + "new views and controllers join the app of their thread. Close the first app (close()) or release "
                + "it (drop every reference to it) before creating another here, or create the new one on its own thread"
        }
    }
}
