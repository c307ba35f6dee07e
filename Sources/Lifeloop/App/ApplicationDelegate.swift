import Foundation

/// The methods an app's delegate may implement: UIKit's `UIApplicationDelegate`. Every
/// method is optional (each has a default that does what UIKit does when the delegate
/// lacks it), and `window` is the window a main storyboard's initial controller is
/// shown in.
///
/// Lifeloop calls them in UIKit's order (L36 for launch, L37 for later state changes);
/// each call is traced as `<delegate> <event>`, the event being the method's name as
/// UIKit logs it (`didFinishLaunchingWithOptions`, `applicationDidBecomeActive`).
public protocol ApplicationDelegate: AnyObject {
    /// The app's main window: a main storyboard's window is put here before
    /// `application(_:willFinishLaunchingWithOptions:)`.
    var window: Window? { get set }
    /// Launch has begun; the main storyboard (if any) is loaded. Return value ignored.
    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    /// Launch is nearly done: the place most apps make their window.
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool
    /// The app became active (apps without scenes).
    func applicationDidBecomeActive(_ application: Application)
    /// The app is about to stop being active: an interruption, or the way to the background.
    func applicationWillResignActive(_ application: Application)
    /// The app went to the background (apps without scenes).
    func applicationDidEnterBackground(_ application: Application)
    /// The app is about to come back from the background (apps without scenes).
    func applicationWillEnterForeground(_ application: Application)
    /// The app is about to end.
    func applicationWillTerminate(_ application: Application)
    /// The system is short of memory; comes before the controllers hear of it.
    func applicationDidReceiveMemoryWarning(_ application: Application)
    /// The configuration of a scene about to connect; by default the Info.plist's first
    /// configuration for the session's role.
    func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                     options: Scene.ConnectionOptions) -> SceneConfiguration
    /// Scene sessions the user discarded.
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>)
    /// A URL to open; false by default.
    func application(_ app: Application, open url: URL, options: [Application.OpenURLOptionsKey: Any]) -> Bool
    /// The orientations a window may take; all but upside-down by default.
    func application(_ application: Application, supportedInterfaceOrientationsFor window: Window?) -> InterfaceOrientationMask
    /// Registration for remote notifications succeeded (never, in Lifeloop).
    func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    /// Registration for remote notifications failed.
    func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: Error)
    /// The app is asked to continue a user activity (a universal link, Handoff):
    /// ``Application/continueUserActivity(_:)``. False by default.
    func application(_ application: Application, continue userActivity: UserActivity,
                     restorationHandler: @escaping ([UserActivityRestoring]?) -> Void) -> Bool
    /// The user chose one of the app's Home-screen quick actions:
    /// ``Application/performShortcutItem(_:completion:)``. By default the handler gets false.
    func application(_ application: Application, performActionFor shortcutItem: ApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
    /// A remote notification arrived: ``Application/receiveRemoteNotification(_:completion:)``.
    /// By default the handler gets ``BackgroundFetchResult/noData``.
    func application(_ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                     fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void)
}

extension ApplicationDelegate {
    /// No window: the app keeps a main storyboard's window itself.
    public var window: Window? {
        get { nil }
        set {}
    }
    /// True.
    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    /// True.
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Nothing.
    public func applicationDidBecomeActive(_ application: Application) {}
    /// Nothing.
    public func applicationWillResignActive(_ application: Application) {}
    /// Nothing.
    public func applicationDidEnterBackground(_ application: Application) {}
    /// Nothing.
    public func applicationWillEnterForeground(_ application: Application) {}
    /// Nothing.
    public func applicationWillTerminate(_ application: Application) {}
    /// Nothing.
    public func applicationDidReceiveMemoryWarning(_ application: Application) {}
    /// The session's role with no name: the app fills it from Info.plist's first
    /// configuration for the role.
    public func application(_ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
                            options: Scene.ConnectionOptions) -> SceneConfiguration {
        SceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    /// Nothing.
    public func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {}
    /// False: the URL is not handled.
    public func application(_ app: Application, open url: URL, options: [Application.OpenURLOptionsKey: Any]) -> Bool { false }
    /// All but upside-down.
    public func application(_ application: Application, supportedInterfaceOrientationsFor window: Window?) -> InterfaceOrientationMask {
        .allButUpsideDown
    }
    /// Nothing.
    public func application(_ application: Application, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    /// Nothing.
    public func application(_ application: Application, didFailToRegisterForRemoteNotificationsWithError error: Error) {}
}

extension Application {
    /// Where the app is in its life: UIKit's `UIApplication.State`.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// In the foreground and receiving events.
        case active
        /// In the foreground but not receiving events: launching, or interrupted.
        case inactive
        /// In the background.
        case background

        /// `active`, `inactive` or `background`.
        public var description: String {
            switch self {
            case .active: "active"
            case .inactive: "inactive"
            case .background: "background"
            }
        }
    }

    /// A key of the launch options: UIKit's `UIApplication.LaunchOptionsKey`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Makes a key.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey("UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked for the launch.
        public static let sourceApplication = LaunchOptionsKey("UIApplicationLaunchOptionsSourceApplicationKey")
        /// A remote notification's payload.
        public static let remoteNotification = LaunchOptionsKey("UIApplicationLaunchOptionsRemoteNotificationKey")
        /// A local notification.
        public static let localNotification = LaunchOptionsKey("UIApplicationLaunchOptionsLocalNotificationKey")
        /// A Home-screen quick action.
        public static let shortcutItem = LaunchOptionsKey("UIApplicationLaunchOptionsShortcutItemKey")
        /// A user activity to continue.
        public static let userActivityDictionary = LaunchOptionsKey("UIApplicationLaunchOptionsUserActivityDictionaryKey")
        /// A location event.
        public static let location = LaunchOptionsKey("UIApplicationLaunchOptionsLocationKey")
        /// Annotation from the app that asked for the launch.
        public static let annotation = LaunchOptionsKey("UIApplicationLaunchOptionsAnnotationKey")
    }

    /// A key of `application(_:open:options:)`'s options: UIKit's `UIApplication.OpenURLOptionsKey`.
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that opened the URL.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        /// Annotation from the app that opened the URL.
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        /// Whether the file must be copied before use.
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    /// A key of `open(_:options:completionHandler:)`'s options: UIKit's
    /// `UIApplication.OpenExternalURLOptionsKey`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public let rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Open only a universal link an installed app handles.
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// A background task's number: UIKit's `UIBackgroundTaskIdentifier`.
    public struct BackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
        /// The number.
        public let rawValue: Int
        /// Makes an identifier.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// No task: what a task that could not begin gets.
        public static let invalid = BackgroundTaskIdentifier(rawValue: 0)
    }

    /// Posted at the end of launch, after `application(_:didFinishLaunchingWithOptions:)`.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app becomes active.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to stop being active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app went to the background.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to come back from the background.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app is about to end.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted on a memory warning.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
