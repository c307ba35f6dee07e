import Foundation
import Testing
@testable import Lifeloop

// The delegates are top-level and internal: a scene manifest names its delegate class by
// module and name (`$(PRODUCT_MODULE_NAME).L36StoryboardSceneDelegate`), as an app's
// Info.plist does.

/// An app delegate that makes its own window in `didFinishLaunching` when asked to.
final class L36AppDelegate: Responder, ApplicationDelegate {
    var window: Window?
    var makesWindow = false
    var configuration: SceneConfiguration?

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
        if makesWindow {
            let window = Window(frame: application.mainScreen.bounds)
            window.rootViewController = ViewController(label: "Root")
            window.makeKeyAndVisible()
            self.window = window
        }
        return true
    }

    func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                     options: Scene.ConnectionOptions) -> SceneConfiguration {
        configuration ?? SceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

/// A scene delegate whose window comes from the configuration's storyboard.
final class L36StoryboardSceneDelegate: Responder, WindowSceneDelegate, LifeloopInstantiable {
    var window: Window?
    static func lifeloopMake() -> AnyObject { L36StoryboardSceneDelegate() }
}

/// A scene delegate that makes its window in `willConnectTo`, as apps without a
/// storyboard do.
final class L36CodeSceneDelegate: Responder, WindowSceneDelegate, LifeloopInstantiable {
    var window: Window?
    static func lifeloopMake() -> AnyObject { L36CodeSceneDelegate() }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        guard let windowScene = scene as? WindowScene else { return }
        let window = Window(windowScene: windowScene)
        window.rootViewController = ViewController(label: "Root")
        self.window = window
        window.makeKeyAndVisible()
    }
}

/// L36 (launch) and L37 (state changes after launch), the rules of `spec/LIFECYCLE.md`.
@Suite("Conformance: apps (L36, L37)")
struct AppConformance {
    static let rootEvents: Set = ["initWithCoder", "initWithNibName", "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear",
                                  "viewWillDisappear", "viewDidDisappear"]
    static let appEvents: Set = [
        "willFinishLaunchingWithOptions", "didFinishLaunchingWithOptions", "configurationForConnecting", "willConnectTo",
        "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
        "applicationWillEnterForeground", "applicationWillTerminate", "applicationDidReceiveMemoryWarning",
        "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
        "sceneDidDisconnect", "didReceiveMemoryWarning",
    ]

    /// A bundle folder with `Main.storyboard.json`: one scene, "Root", with a blank view.
    static func bundle() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-l36-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"initialScene": "Root", "scenes": [{"id": "Root", "label": "Root"}]}"#
            .write(toFile: folder + "/Main.storyboard.json", atomically: true, encoding: .utf8)
        return folder
    }

    static func manifest(delegate: String?, storyboard: String?) -> [String: Any] {
        var configuration: [String: Any] = ["UISceneConfigurationName": "Default Configuration"]
        configuration["UISceneDelegateClassName"] = delegate
        configuration["UISceneStoryboardFile"] = storyboard
        return ["UIApplicationSceneManifest": [
            "UIApplicationSupportsMultipleScenes": false,
            "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [configuration]],
        ] as [String: Any]]
    }

    /// The names of the notifications the app's center posts, in order.
    final class NotificationLog: @unchecked Sendable {
        var names: [String] = []
        var tokens: [NSObjectProtocol] = []
        init(_ center: NotificationCenter) {
            // Posted on the app's thread, the only one that reads the log.
            tokens.append(center.addObserver(forName: nil, object: nil, queue: nil) { [unowned self] in
                self.names.append($0.name.rawValue)
            })
        }
    }

    // MARK: L36

    /// L36 without scenes: the main storyboard's root is made before the delegate hears
    /// anything and put in its window; the window is shown after `didFinishLaunching`; the
    /// app becomes active after the root's `viewDidAppear`.
    @Test
    func L36_launchWithAMainStoryboardShowsItsRootAfterDidFinishLaunchingAndIsActiveAfterViewDidAppear() throws {
        let app = try Application()
        app.bundlePath = try Self.bundle()
        let notifications = NotificationLog(app.notificationCenter)
        let delegate = L36AppDelegate()
        try app.launch(delegate: delegate, info: ["UIMainStoryboardFile": "Main"])
        #expect(app.applicationState == .inactive)
        let root = try #require(delegate.window?.rootViewController)
        #expect(root.traceLabel == "Root")
        try app.settle()
        #expect(app.applicationState == .active)
        #expect(app.trace.projected(labels: ["L36AppDelegate#1", "Root"], events: Self.appEvents.union(Self.rootEvents)) == [
            "Root initWithCoder", "L36AppDelegate#1 willFinishLaunchingWithOptions", "L36AppDelegate#1 didFinishLaunchingWithOptions",
            "Root loadView", "Root viewDidLoad", "Root viewWillAppear", "Root viewDidAppear",
            "L36AppDelegate#1 applicationDidBecomeActive",
        ])
        #expect(notifications.names == ["UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification"])
        #expect(app.keyWindow === delegate.window)
        #expect(app.connectedScenes.isEmpty)
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    /// L36 without scenes or storyboard: the delegate's own window, shown in
    /// `didFinishLaunching`, appears in that call; the app is active after `viewDidAppear`.
    @Test
    func L36_launchWithTheDelegatesOwnWindowIsActiveAfterViewDidAppear() throws {
        let app = try Application()
        let delegate = L36AppDelegate()
        delegate.makesWindow = true
        try app.launch(delegate: delegate)
        try app.settle()
        #expect(app.trace.projected(labels: ["L36AppDelegate#1", "Root"], events: Self.appEvents.union(Self.rootEvents)) == [
            "L36AppDelegate#1 willFinishLaunchingWithOptions", "L36AppDelegate#1 didFinishLaunchingWithOptions",
            "Root initWithNibName", "Root loadView", "Root viewDidLoad", "Root viewWillAppear", "Root viewDidAppear",
            "L36AppDelegate#1 applicationDidBecomeActive",
        ])
        #expect(app.applicationState == .active)
    }

    /// L36 with a scene manifest naming a storyboard: the app delegate's launch calls,
    /// the configuration, the root made and put in the scene delegate's window before
    /// `willConnectTo`, the root shown after it, and foreground and active between the
    /// root's layout and its `viewDidAppear`; the app delegate is not told of activity.
    @Test
    func L36_launchWithAScenesStoryboardConnectsTheSceneThenComesToTheForegroundBeforeViewDidAppear() throws {
        let app = try Application()
        app.bundlePath = try Self.bundle()
        app.moduleNames = ["LifeloopTests"]
        let notifications = NotificationLog(app.notificationCenter)
        let delegate = L36AppDelegate()
        try app.launch(delegate: delegate, info: Self.manifest(delegate: "$(PRODUCT_MODULE_NAME).L36StoryboardSceneDelegate", storyboard: "Main"))
        try app.settle()
        let scene = try #require(app.orderedScenes.first as? WindowScene)
        let sceneDelegate = try #require(scene.delegate as? L36StoryboardSceneDelegate)
        #expect(sceneDelegate.window?.rootViewController?.traceLabel == "Root")
        #expect(sceneDelegate.window?.windowScene === scene)
        #expect(scene.windows.count == 1 && scene.keyWindow === sceneDelegate.window)
        #expect(scene.activationState == .foregroundActive)
        #expect(app.applicationState == .active)
        #expect(scene.session.configuration.name == "Default Configuration")
        #expect(app.trace.projected(labels: ["L36AppDelegate#1", "L36StoryboardSceneDelegate#1", "Root"],
                                    events: Self.appEvents.union(Self.rootEvents).union(["viewWillLayoutSubviews"])) == [
            "L36AppDelegate#1 willFinishLaunchingWithOptions", "L36AppDelegate#1 didFinishLaunchingWithOptions",
            "L36AppDelegate#1 configurationForConnecting", "Root initWithCoder", "L36StoryboardSceneDelegate#1 willConnectTo",
            "Root loadView", "Root viewDidLoad", "Root viewWillAppear", "Root viewWillLayoutSubviews", "Root viewWillLayoutSubviews",
            "L36StoryboardSceneDelegate#1 sceneWillEnterForeground", "L36StoryboardSceneDelegate#1 sceneDidBecomeActive",
            "Root viewDidAppear",
        ])
        #expect(notifications.names == [
            "UIApplicationDidFinishLaunchingNotification", "UISceneWillConnectNotification",
            "UISceneWillEnterForegroundNotification", "UISceneDidActivateNotification", "UIApplicationDidBecomeActiveNotification",
        ])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    /// L36 with a scene whose delegate makes the window in `willConnectTo`, the delegate
    /// class given by the app delegate's configuration.
    @Test
    func L36_aSceneDelegateThatMakesItsWindowInWillConnectToShowsItBeforeTheForegroundCalls() throws {
        let app = try Application()
        let delegate = L36AppDelegate()
        let configuration = SceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
        configuration.delegateClass = L36CodeSceneDelegate.self
        delegate.configuration = configuration
        try app.launch(delegate: delegate, info: Self.manifest(delegate: nil, storyboard: nil))
        try app.settle()
        #expect(app.trace.projected(labels: ["L36AppDelegate#1", "L36CodeSceneDelegate#1", "Root"], events: Self.appEvents.union(Self.rootEvents)) == [
            "L36AppDelegate#1 willFinishLaunchingWithOptions", "L36AppDelegate#1 didFinishLaunchingWithOptions",
            "L36AppDelegate#1 configurationForConnecting", "L36CodeSceneDelegate#1 willConnectTo",
            "Root initWithNibName", "Root loadView", "Root viewDidLoad", "Root viewWillAppear",
            "L36CodeSceneDelegate#1 sceneWillEnterForeground", "L36CodeSceneDelegate#1 sceneDidBecomeActive", "Root viewDidAppear",
        ])
    }

    /// L36: a main storyboard or a scene delegate class that cannot be found is an error
    /// naming the Info.plist key and its value.
    @Test
    func L36_aMissingStoryboardOrSceneDelegateClassIsAnErrorNamingTheKey() throws {
        let app = try Application()
        app.bundlePath = try Self.bundle()
        #expect {
            try app.launch(delegate: L36AppDelegate(), info: ["UIMainStoryboardFile": "Nowhere"])
        } throws: { "\($0)".contains("UIMainStoryboardFile is 'Nowhere'") }
        try app.close()
        let other: String
        do {
            let app = try Application()
            app.moduleNames = ["LifeloopTests"]
            do {
                try app.launch(delegate: L36AppDelegate(), info: Self.manifest(delegate: "$(PRODUCT_MODULE_NAME).NoSuchDelegate", storyboard: nil))
                other = ""
            } catch {
                other = "\(error)"
            }
        }
        #expect(other.contains("UISceneDelegateClassName is '$(PRODUCT_MODULE_NAME).NoSuchDelegate'"), "\(other)")
    }

    // MARK: L37

    /// L37 without scenes: an interruption, its end, the background, the foreground and
    /// termination, each with the delegate's calls and the notifications in UIKit's order;
    /// the root gets no appearance calls.
    @Test
    func L37_stateChangesWithoutScenesCallTheAppDelegateInUIKitsOrder() throws {
        let app = try Application()
        let delegate = L36AppDelegate()
        delegate.makesWindow = true
        try app.launch(delegate: delegate)
        try app.settle()
        let launched = app.trace.count
        let notifications = NotificationLog(app.notificationCenter)
        app.resignActive()
        #expect(app.applicationState == .inactive)
        app.becomeActive()
        #expect(app.applicationState == .active)
        app.enterBackground()
        #expect(app.applicationState == .background)
        app.enterBackground()
        app.enterForeground()
        #expect(app.applicationState == .active)
        app.simulateMemoryWarning()
        app.terminate()
        app.enterForeground()
        try app.settle()
        #expect(app.isTerminated && app.applicationState == .background)
        let after = Array(app.trace.projected(labels: ["L36AppDelegate#1", "Root"], events: Self.appEvents.union(Self.rootEvents))
            .drop { !$0.hasSuffix("applicationWillResignActive") })
        #expect(after == [
            "L36AppDelegate#1 applicationWillResignActive", "L36AppDelegate#1 applicationDidBecomeActive",
            "L36AppDelegate#1 applicationWillResignActive", "L36AppDelegate#1 applicationDidEnterBackground",
            "L36AppDelegate#1 applicationWillEnterForeground", "L36AppDelegate#1 applicationDidBecomeActive",
            "L36AppDelegate#1 applicationDidReceiveMemoryWarning", "Root didReceiveMemoryWarning",
            "L36AppDelegate#1 applicationWillResignActive", "L36AppDelegate#1 applicationDidEnterBackground",
            "L36AppDelegate#1 applicationWillTerminate",
        ])
        #expect(app.trace.count > launched)
        #expect(notifications.names == [
            "UIApplicationWillResignActiveNotification", "UIApplicationDidBecomeActiveNotification",
            "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
            "UIApplicationDidReceiveMemoryWarningNotification",
            "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            "UIApplicationWillTerminateNotification",
        ])
    }

    /// L37 with scenes: the scene delegate has the state calls, the app delegate only
    /// termination; termination disconnects the scene without a background call.
    @Test
    func L37_stateChangesWithScenesCallTheSceneDelegateAndTerminationDisconnects() throws {
        let app = try Application()
        app.bundlePath = try Self.bundle()
        app.moduleNames = ["LifeloopTests"]
        try app.launch(delegate: L36AppDelegate(), info: Self.manifest(delegate: "L36StoryboardSceneDelegate", storyboard: "Main"))
        try app.settle()
        let scene = try #require(app.orderedScenes.first)
        let notifications = NotificationLog(app.notificationCenter)
        app.enterBackground()
        #expect(scene.activationState == .background)
        app.enterForeground()
        #expect(scene.activationState == .foregroundActive)
        app.resignActive()
        app.becomeActive()
        app.terminate()
        #expect(app.connectedScenes.isEmpty && scene.activationState == .unattached)
        let labels: Set = ["L36AppDelegate#1", "L36StoryboardSceneDelegate#1"]
        let after = Array(app.trace.projected(labels: labels, events: Self.appEvents).drop { !$0.hasSuffix("sceneWillResignActive") })
        #expect(after == [
            "L36StoryboardSceneDelegate#1 sceneWillResignActive", "L36StoryboardSceneDelegate#1 sceneDidEnterBackground",
            "L36StoryboardSceneDelegate#1 sceneWillEnterForeground", "L36StoryboardSceneDelegate#1 sceneDidBecomeActive",
            "L36StoryboardSceneDelegate#1 sceneWillResignActive", "L36StoryboardSceneDelegate#1 sceneDidBecomeActive",
            "L36StoryboardSceneDelegate#1 sceneWillResignActive", "L36StoryboardSceneDelegate#1 sceneDidDisconnect",
            "L36AppDelegate#1 applicationWillTerminate",
        ])
        #expect(notifications.names == [
            "UISceneWillDeactivateNotification", "UIApplicationWillResignActiveNotification",
            "UISceneDidEnterBackgroundNotification", "UIApplicationDidEnterBackgroundNotification",
            "UISceneWillEnterForegroundNotification", "UIApplicationWillEnterForegroundNotification",
            "UISceneDidActivateNotification", "UIApplicationDidBecomeActiveNotification",
            "UISceneWillDeactivateNotification", "UIApplicationWillResignActiveNotification",
            "UISceneDidActivateNotification", "UIApplicationDidBecomeActiveNotification",
            "UISceneWillDeactivateNotification", "UIApplicationWillResignActiveNotification",
            "UISceneDidDisconnectNotification", "UIApplicationWillTerminateNotification",
        ])
    }

    /// The responder chain: view → controller → window → scene or application → delegate.
    @Test
    func theResponderChainRunsFromAViewToTheAppDelegate() throws {
        let app = try Application()
        let delegate = L36AppDelegate()
        delegate.makesWindow = true
        try app.launch(delegate: delegate)
        try app.settle()
        let window = try #require(delegate.window)
        let root = try #require(window.rootViewController)
        let child = View()
        root.view.addSubview(child)
        #expect(child.next === root.view)
        #expect(root.view.next === root)
        #expect(root.next === window)
        #expect(window.next === app)
        #expect(app.next === delegate)
        #expect(delegate.next == nil)
        #expect(Application.shared === app)
    }

    /// What an app asks of the system it runs without: opening a URL (no app takes it:
    /// the completion gets false in a later turn), the idle timer, the badge, background
    /// tasks and remote notifications are traced and change nothing else, with no
    /// diagnostic.
    @Test func systemRequestsAreTracedNoOps() throws {
        let app = try Application()
        let delegate = L36AppDelegate()
        delegate.makesWindow = true
        try app.launch(delegate: delegate)
        try app.settle()
        var opened: Bool?
        let url = try #require(URL(string: "https://example.com/page"))
        app.open(url) { opened = $0 }
        #expect(opened == nil, "the completion comes in a later turn")
        app.isIdleTimerDisabled = true
        app.applicationIconBadgeNumber = 3
        let task = app.beginBackgroundTask(withName: "upload") {}
        app.endBackgroundTask(task)
        app.registerForRemoteNotifications()
        try app.settle()
        #expect(opened == false && !app.canOpenURL(url))
        #expect(app.isIdleTimerDisabled && app.applicationIconBadgeNumber == 3 && app.isRegisteredForRemoteNotifications)
        #expect(task != .invalid)
        let events: Set = ["open", "idleTimerDisabled", "applicationIconBadgeNumber", "beginBackgroundTask", "endBackgroundTask",
                           "registerForRemoteNotifications"]
        #expect(app.trace.projected(labels: ["app"], events: events) == [
            "app open", "app idleTimerDisabled", "app applicationIconBadgeNumber", "app beginBackgroundTask", "app endBackgroundTask",
            "app registerForRemoteNotifications",
        ])
        #expect(app.diagnostics.isEmpty && app.applicationState == .active)
    }
}
