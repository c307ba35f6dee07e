import Foundation

/// The app's delegate, scenes and state (``Application/lifecycle``).
final class AppLifecycle {
    /// The delegate, held strongly when the app launched with it (UIKit's
    /// `UIApplicationMain` keeps the delegate it makes).
    var delegate: ApplicationDelegate?
    var delegateLabel = "delegate"
    var state: Application.State = .active
    var scenes: [Scene] = []
    var sceneDelegateLabels: [ObjectIdentifier: String] = [:]
    var info: [String: Any] = [:]
    var usesScenes = false
    var terminated = false
    var idleTimerDisabled = false
    var badgeNumber = 0
    var backgroundTasks = 0
    var remoteNotifications = false
    lazy var notificationCenter = NotificationCenter()
    /// The device, pasteboards, accessibility settings and the like (System/).
    lazy var system = SystemServicesState()
    /// Per-app state of the controllers-and-extras additions (UIKitState/ControllersMore.swift): appearance proxies, settings.
    var controllersMore: [String: AnyObject] = [:]
}

/// Why an app could not launch: a main storyboard or a delegate class that is missing.
public struct AppLaunchError: Error, CustomStringConvertible {
    /// What went wrong, naming the Info.plist key and its value.
    public let description: String
}

extension Application {
    /// The application of the current thread: UIKit's `UIApplication.shared`.
    ///
    /// Each app runs on its own thread (several may share a process), so this is the app
    /// whose loop runs here. Reading it on a thread with no app stops the program with a
    /// message saying so: there is no application to give.
    public static var shared: Application {
        guard let app = ThreadContext.application else {
            preconditionFailure("UIApplication.shared was read on a thread where no Lifeloop app runs; read it on an app's loop thread")
        }
        return app
    }

    /// The app's delegate. ``launch(delegate:info:options:)`` sets it and keeps it alive;
    /// set here, it is held strongly too (Lifeloop has no process to own it).
    public var delegate: ApplicationDelegate? {
        get { lifecycle.delegate }
        set {
            guard checkLoopThread(label: "app", operation: "delegate") else { return }
            lifecycle.delegate = newValue
            if let newValue { lifecycle.delegateLabel = nextLabel(for: type(of: newValue)) }
        }
    }

    /// Where the app is in its life: active unless launched through a delegate (inactive
    /// until launch ends, L36) or moved by ``enterBackground()`` and the like (L37).
    public var applicationState: State { lifecycle.state }

    /// The connected scenes, in the order they connected (UIKit's is a set).
    public var connectedScenes: Set<Scene> { Set(lifecycle.scenes) }
    /// The connected scenes, in the order they connected.
    public var orderedScenes: [Scene] { lifecycle.scenes }
    /// The sessions of the connected scenes.
    public var openSessions: Set<SceneSession> { Set(lifecycle.scenes.map(\.session)) }
    /// Whether the app may show several scenes at once: its manifest's
    /// `UIApplicationSupportsMultipleScenes`.
    public var supportsMultipleScenes: Bool {
        (lifecycle.info["UIApplicationSceneManifest"] as? [String: Any])?["UIApplicationSupportsMultipleScenes"] as? Bool ?? false
    }
    /// The Info.plist the app launched with (empty for an app launched from a storyboard).
    public var infoDictionary: [String: Any] { lifecycle.info }

    /// The app's own notification center: the application and scene notifications are
    /// posted here (each app has its own, so apps sharing a process never hear each
    /// other's).
    public var notificationCenter: NotificationCenter { lifecycle.notificationCenter }

    /// Whether the screen may not dim; recorded, with no other effect.
    public var isIdleTimerDisabled: Bool {
        get { lifecycle.idleTimerDisabled }
        set {
            guard checkLoopThread(label: "app", operation: "isIdleTimerDisabled") else { return }
            lifecycle.idleTimerDisabled = newValue
            loop.record(label: "app", event: "idleTimerDisabled", detail: "\(newValue)")
        }
    }

    /// The number on the app's icon; recorded, with no other effect.
    public var applicationIconBadgeNumber: Int {
        get { lifecycle.badgeNumber }
        set {
            guard checkLoopThread(label: "app", operation: "applicationIconBadgeNumber") else { return }
            lifecycle.badgeNumber = newValue
            loop.record(label: "app", event: "applicationIconBadgeNumber", detail: "\(newValue)")
        }
    }

    /// Asks the system to open a URL in another app: there is none, so nothing opens. The
    /// request is traced (`app open <url>`) and the completion, if any, gets false in a
    /// later turn, as UIKit calls it asynchronously.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        guard checkLoopThread(label: "app", operation: "open(_:options:completionHandler:)") else { return }
        loop.record(label: "app", event: "open", detail: url.absoluteString)
        if let completionHandler { loop.execute { completionHandler(false) } }
    }

    /// Whether an app could open the URL: false, there are no other apps.
    public func canOpenURL(_ url: URL) -> Bool { false }

    /// Begins a background task: traced; the number is never invalid. Nothing expires.
    public func beginBackgroundTask(withName taskName: String? = nil, expirationHandler handler: (() -> Void)? = nil) -> BackgroundTaskIdentifier {
        lifecycle.backgroundTasks += 1
        loop.record(label: "app", event: "beginBackgroundTask", detail: taskName ?? "")
        return BackgroundTaskIdentifier(rawValue: lifecycle.backgroundTasks)
    }

    /// As ``beginBackgroundTask(withName:expirationHandler:)`` with no name.
    public func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> BackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// Ends a background task: traced.
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {
        loop.record(label: "app", event: "endBackgroundTask", detail: "\(identifier.rawValue)")
    }

    /// Registers for remote notifications: traced; no token ever comes.
    public func registerForRemoteNotifications() {
        lifecycle.remoteNotifications = true
        loop.record(label: "app", event: "registerForRemoteNotifications")
    }

    /// Unregisters from remote notifications: traced.
    public func unregisterForRemoteNotifications() {
        lifecycle.remoteNotifications = false
        loop.record(label: "app", event: "unregisterForRemoteNotifications")
    }

    /// Whether ``registerForRemoteNotifications()`` was called (and not undone).
    public var isRegisteredForRemoteNotifications: Bool { lifecycle.remoteNotifications }

    // MARK: Launch (L36)

    /// Launches the app as UIKit's `UIApplicationMain` does (L36): the main storyboard,
    /// the delegate's launch calls, a scene when Info.plist has a scene manifest, the
    /// window made key and visible, then the app (or scene) becoming active.
    ///
    /// - Parameters:
    ///   - delegate: The app delegate (kept alive by the app).
    ///   - info: The app's Info.plist: `UIMainStoryboardFile`,
    ///     `UIApplicationSceneManifest` (its configurations' `UISceneDelegateClassName`,
    ///     `UISceneStoryboardFile`, `UISceneConfigurationName`), looked up by name in the
    ///     ``bundlePath`` and ``moduleNames``.
    ///   - options: The launch options the delegate is given.
    /// - Throws: ``AppLaunchError`` for a storyboard that cannot be loaded or a scene
    ///   delegate class that cannot be found or made, naming the key and the value.
    public func launch(delegate: ApplicationDelegate, info: [String: Any] = [:], options: [LaunchOptionsKey: Any]? = nil) throws {
        guard checkLoopThread(label: "app", operation: "launch(delegate:info:options:)") else { return }
        // As a turn does: the clocks stand still while the delegate runs, so a deadline it
        // computes from now (`asyncAfter(deadline: .now() + 3)`) lies exactly that far in
        // the app's time however long the host takes between reading and scheduling.
        try loop.asInATurn {
            self.delegate = delegate
            lifecycle.info = info
            lifecycle.state = .inactive
            let manifest = info["UIApplicationSceneManifest"] as? [String: Any]
            lifecycle.usesScenes = manifest != nil
            loop.record(label: "app", event: "launch", detail: lifecycle.delegateLabel)
            var delegate = delegate
            // The main storyboard comes first, before the delegate hears anything (Apple's
            // "About the app launch sequence"); with scenes it is the configuration's.
            var storyboardWindow: Window?
            if !lifecycle.usesScenes, let name = info["UIMainStoryboardFile"] as? String {
                let window = Window(screen: mainScreen)
                window.rootViewController = try mainStoryboard(name, key: "UIMainStoryboardFile").instantiateInitialViewController()
                delegate.window = window
                storyboardWindow = window
            }
            let label = lifecycle.delegateLabel
            loop.record(label: label, event: "willFinishLaunchingWithOptions")
            _ = delegate.application(self, willFinishLaunchingWithOptions: options)
            loop.record(label: label, event: "didFinishLaunchingWithOptions")
            _ = delegate.application(self, didFinishLaunchingWithOptions: options)
            notificationCenter.post(name: Self.didFinishLaunchingNotification, object: self)
            if let manifest {
                try connectScene(manifest: manifest, delegate: delegate)
            } else {
                if storyboardWindow != nil, let window = delegate.window ?? storyboardWindow, !window.isVisibleWindow {
                    window.makeKeyAndVisible()
                }
                // Active once the root controller has appeared (after its viewDidAppear).
                afterCommit { [weak self] in self?.becomeActiveAtLaunch() }
            }
        }
    }

    /// The storyboard `name` of the app's bundle; throws if it is missing or unreadable.
    private func mainStoryboard(_ name: String, key: String) throws -> Storyboard {
        let storyboard = Storyboard(name: name, bundle: nil)
        if storyboard.definition.initialScene.isEmpty && storyboard.definition.scenes.isEmpty {
            throw AppLaunchError(description: "Info.plist's \(key) is '\(name)', and no storyboard of that name can be loaded from \(bundlePath ?? "the app's bundle (none is set)")")
        }
        return storyboard
    }

    /// Connects the one scene a launch makes: its configuration (the delegate's, filled
    /// from the manifest), its delegate, its storyboard window, `willConnectTo`, then the
    /// foreground and active calls before the root's `viewDidAppear`.
    private func connectScene(manifest: [String: Any], delegate: ApplicationDelegate) throws {
        let session = SceneSession(role: .windowApplication, persistentIdentifier: "session-\(lifecycle.scenes.count + 1)")
        let options = Scene.ConnectionOptions()
        loop.record(label: lifecycle.delegateLabel, event: "configurationForConnecting")
        let configuration = delegate.application(self, configurationForConnecting: session, options: options)
        fill(configuration, from: manifest)
        session.configuration = configuration
        let sceneType = (configuration.sceneClass as? WindowScene.Type) ?? WindowScene.self
        let scene = sceneType.init(session: session, connectionOptions: options)
        if let type = configuration.delegateClass {
            guard let made = (type as? LifeloopInstantiable.Type)?.lifeloopMake() as? SceneDelegate else {
                throw AppLaunchError(description: "the scene configuration's delegate class \(type) is not a scene delegate Lifeloop can make (a SceneDelegate conforming to LifeloopInstantiable)")
            }
            scene.delegate = made
        } else if let name = configuration.delegateClassName {
            scene.delegate = try sceneDelegate(named: name)
        }
        lifecycle.scenes.append(scene)
        let sceneLabel = scene.delegate.map { nextLabel(for: type(of: $0)) } ?? scene.traceLabel
        lifecycle.sceneDelegateLabels[ObjectIdentifier(scene)] = sceneLabel
        scene.activationState = .foregroundInactive
        var storyboardWindow: Window?
        let storyboard = try configuration.storyboard ?? configuration.storyboardName.map { try mainStoryboard($0, key: "UISceneStoryboardFile") }
        if let storyboard {
            let window = Window(windowScene: scene)
            window.rootViewController = storyboard.instantiateInitialViewController()
            if var windowDelegate = scene.delegate as? WindowSceneDelegate { windowDelegate.window = window }
            storyboardWindow = window
        }
        // Registered before the delegate can show a window: the scene comes to the
        // foreground and becomes active after the root's first layout, before its
        // viewDidAppear.
        afterCommit { [weak self, weak scene] in
            guard let self, let scene else { return }
            self.sceneToForeground(scene)
            self.activate(scene)
            self.lifecycle.state = .active
            self.notificationCenter.post(name: Self.didBecomeActiveNotification, object: self)
        }
        loop.record(label: sceneLabel, event: "willConnectTo")
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        notificationCenter.post(name: Scene.willConnectNotification, object: scene)
        if let storyboardWindow {
            let window = (scene.delegate as? WindowSceneDelegate)?.window ?? storyboardWindow
            if !window.isVisibleWindow { window.makeKeyAndVisible() }
        }
    }

    /// Fills what `configuration` leaves unset from the manifest's configuration of the
    /// same name, else the first for its role.
    private func fill(_ configuration: SceneConfiguration, from manifest: [String: Any]) {
        let all = (manifest["UISceneConfigurations"] as? [String: Any])?[configuration.role.rawValue] as? [[String: Any]] ?? []
        let entry = all.first { configuration.name != nil && $0["UISceneConfigurationName"] as? String == configuration.name } ?? all.first
        guard let entry else { return }
        if configuration.delegateClass == nil, configuration.delegateClassName == nil {
            configuration.delegateClassName = entry["UISceneDelegateClassName"] as? String
        }
        if configuration.storyboard == nil, configuration.storyboardName == nil {
            configuration.storyboardName = entry["UISceneStoryboardFile"] as? String
        }
    }

    /// A scene delegate made from a class name (`$(PRODUCT_MODULE_NAME).SceneDelegate`,
    /// `MyApp.SceneDelegate`, or a bare name looked up in ``moduleNames``).
    private func sceneDelegate(named written: String) throws -> SceneDelegate {
        var name = written
        if name.hasPrefix("$(PRODUCT_MODULE_NAME).") || name.hasPrefix("${PRODUCT_MODULE_NAME}.") {
            name = String(name.drop { $0 != "." }.dropFirst())
        }
        let bare = name.split(separator: ".").last.map(String.init) ?? name
        let module = name.contains(".") ? String(name.prefix { $0 != "." }) : nil
        guard let type = interfaceBuilderType(bare, module: module, as: AnyObject.Type.self) else {
            throw AppLaunchError(description: "Info.plist's UISceneDelegateClassName is '\(written)', and no class of that name is in the app (looked in \(([module].compactMap { $0 } + moduleNames).joined(separator: ", ")))")
        }
        guard let made = (type as? LifeloopInstantiable.Type)?.lifeloopMake() as? SceneDelegate else {
            throw AppLaunchError(description: "Info.plist's UISceneDelegateClassName is '\(written)', and \(type) is not a scene delegate Lifeloop can make (a class conforming to UISceneDelegate, built through the port step)")
        }
        return made
    }

    private func becomeActiveAtLaunch() {
        guard !lifecycle.terminated, lifecycle.state == .inactive else { return }
        lifecycle.state = .active
        loop.record(label: lifecycle.delegateLabel, event: "applicationDidBecomeActive")
        delegate?.applicationDidBecomeActive(self)
        notificationCenter.post(name: Self.didBecomeActiveNotification, object: self)
    }

    // MARK: State changes (L37)

    /// An interruption begins (a call, Control Center): the active scenes, or the app
    /// without scenes, resign active (L37). Nothing happens when the app is not active.
    public func resignActive() {
        guard checkLoopThread(label: "app", operation: "resignActive()"), !lifecycle.terminated,
              lifecycle.state == .active else { return }
        loop.record(label: "app", event: "resignActive")
        deactivate()
    }

    /// The interruption ends: the app becomes active again (L37). Nothing happens when the
    /// app is not inactive in the foreground.
    public func becomeActive() {
        guard checkLoopThread(label: "app", operation: "becomeActive()"), !lifecycle.terminated,
              lifecycle.state == .inactive else { return }
        loop.record(label: "app", event: "becomeActive")
        reactivate()
    }

    /// The user leaves the app: it resigns active if it was, then goes to the background
    /// (L37). Nothing happens when it is in the background already.
    public func enterBackground() {
        guard checkLoopThread(label: "app", operation: "enterBackground()"), !lifecycle.terminated,
              lifecycle.state != .background else { return }
        loop.record(label: "app", event: "enterBackground")
        if lifecycle.state == .active { deactivate() }
        lifecycle.state = .background
        for scene in lifecycle.scenes where scene.activationState != .background {
            tell(scene, .background, "sceneDidEnterBackground", Scene.didEnterBackgroundNotification) { $0.sceneDidEnterBackground($1) }
        }
        if !lifecycle.usesScenes { tellDelegate("applicationDidEnterBackground") { $0.applicationDidEnterBackground($1) } }
        notificationCenter.post(name: Self.didEnterBackgroundNotification, object: self)
    }

    /// The user comes back: the app comes to the foreground, then becomes active (L37).
    /// Nothing happens unless it is in the background.
    public func enterForeground() {
        guard checkLoopThread(label: "app", operation: "enterForeground()"), !lifecycle.terminated,
              lifecycle.state == .background else { return }
        loop.record(label: "app", event: "enterForeground")
        lifecycle.state = .inactive
        for scene in lifecycle.scenes { sceneToForeground(scene) }
        if !lifecycle.usesScenes { tellDelegate("applicationWillEnterForeground") { $0.applicationWillEnterForeground($1) } }
        notificationCenter.post(name: Self.willEnterForegroundNotification, object: self)
        reactivate()
    }

    /// The app ends (the user swipes it away): an active app resigns active; then each
    /// scene disconnects, or an app without scenes goes to the background; then
    /// `applicationWillTerminate` (L37). Later state changes do nothing. Windows and
    /// controllers get no callbacks, as in UIKit.
    public func terminate() {
        guard checkLoopThread(label: "app", operation: "terminate()"), !lifecycle.terminated else { return }
        loop.record(label: "app", event: "terminate")
        if lifecycle.state == .active { deactivate() }
        if lifecycle.usesScenes {
            for scene in lifecycle.scenes {
                tell(scene, .unattached, "sceneDidDisconnect", Scene.didDisconnectNotification) { $0.sceneDidDisconnect($1) }
            }
            lifecycle.scenes.removeAll()
        } else if lifecycle.state != .background {
            lifecycle.state = .background
            tellDelegate("applicationDidEnterBackground") { $0.applicationDidEnterBackground($1) }
            notificationCenter.post(name: Self.didEnterBackgroundNotification, object: self)
        }
        lifecycle.state = .background
        lifecycle.terminated = true
        tellDelegate("applicationWillTerminate") { $0.applicationWillTerminate($1) }
        notificationCenter.post(name: Self.willTerminateNotification, object: self)
    }

    /// Whether ``terminate()`` ended the app's life.
    public var isTerminated: Bool { lifecycle.terminated }

    private func sceneLabel(_ scene: Scene) -> String {
        lifecycle.sceneDelegateLabels[ObjectIdentifier(scene)] ?? scene.traceLabel
    }

    /// Moves a scene to `state` and tells its delegate (traced as `event`), then posts
    /// `notification` for it.
    private func tell(_ scene: Scene, _ state: Scene.ActivationState, _ event: String, _ notification: Notification.Name,
                      _ call: (SceneDelegate, Scene) -> Void) {
        scene.activationState = state
        loop.record(label: sceneLabel(scene), event: event)
        if let delegate = scene.delegate { call(delegate, scene) }
        notificationCenter.post(name: notification, object: scene)
    }

    /// Tells the app delegate, if there is one (traced as `event`).
    private func tellDelegate(_ event: String, _ call: (ApplicationDelegate, Application) -> Void) {
        guard let delegate else { return }
        loop.record(label: lifecycle.delegateLabel, event: event)
        call(delegate, self)
    }

    private func deactivate() {
        for scene in lifecycle.scenes where scene.activationState == .foregroundActive {
            tell(scene, .foregroundInactive, "sceneWillResignActive", Scene.willDeactivateNotification) { $0.sceneWillResignActive($1) }
        }
        if !lifecycle.usesScenes { tellDelegate("applicationWillResignActive") { $0.applicationWillResignActive($1) } }
        notificationCenter.post(name: Self.willResignActiveNotification, object: self)
        lifecycle.state = .inactive
    }

    private func reactivate() {
        lifecycle.state = .active
        for scene in lifecycle.scenes where scene.activationState == .foregroundInactive { activate(scene) }
        if !lifecycle.usesScenes { tellDelegate("applicationDidBecomeActive") { $0.applicationDidBecomeActive($1) } }
        notificationCenter.post(name: Self.didBecomeActiveNotification, object: self)
    }

    private func sceneToForeground(_ scene: Scene) {
        tell(scene, .foregroundInactive, "sceneWillEnterForeground", Scene.willEnterForegroundNotification) { $0.sceneWillEnterForeground($1) }
    }

    private func activate(_ scene: Scene) {
        tell(scene, .foregroundActive, "sceneDidBecomeActive", Scene.didActivateNotification) { $0.sceneDidBecomeActive($1) }
    }
}

/// A change of the app's state after launch (L37), as the front doors name it: scenario
/// steps (`appState: background`), the daemon's `app.state {to}` and MCP's `app_state`.
public enum AppStateChange: String, Sendable, CaseIterable {
    /// An interruption begins: ``Application/resignActive()``.
    case resignActive
    /// The interruption ends: ``Application/becomeActive()``.
    case becomeActive
    /// The user leaves the app: ``Application/enterBackground()``.
    case background
    /// The user comes back: ``Application/enterForeground()``.
    case foreground
    /// The app ends: ``Application/terminate()``.
    case terminate

    /// The names, for messages: `resignActive, becomeActive, background, foreground, terminate`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension Application {
    /// Applies a state change (L37): the method of the same meaning.
    public func change(_ state: AppStateChange) {
        switch state {
        case .resignActive: resignActive()
        case .becomeActive: becomeActive()
        case .background: enterBackground()
        case .foreground: enterForeground()
        case .terminate: terminate()
        }
    }
}

extension NotificationCenter {
    /// The calling thread's app's ``Application/notificationCenter``: what
    /// `NotificationCenter.default` is to an app's own code on iOS, where the application,
    /// scene, keyboard and text notifications are posted. The port step writes this for
    /// `NotificationCenter.default` in an app's sources, so each app in a process hears
    /// its own notifications and no other's. `NotificationCenter.default` (the
    /// process's) on a thread without an app.
    public static var lifeloopDefault: NotificationCenter {
        ThreadContext.application?.notificationCenter ?? .default
    }
}
