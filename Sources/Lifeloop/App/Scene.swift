import Foundation

/// One instance of an app's interface: UIKit's `UIScene`. Lifeloop connects one window
/// scene at launch when the app's Info.plist has a scene manifest (L36).
open class Scene: Responder, Hashable {
    /// Where a scene is in its life: UIKit's `UIScene.ActivationState`.
    public enum ActivationState: Int, Sendable, CustomStringConvertible {
        /// Not connected, or connected with nothing shown yet.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events.
        case foregroundInactive = 1
        /// Off screen.
        case background = 2

        /// The case's name.
        public var description: String {
            switch self {
            case .unattached: "unattached"
            case .foregroundActive: "foregroundActive"
            case .foregroundInactive: "foregroundInactive"
            case .background: "background"
            }
        }
    }

    /// What the system passed with a connection: UIKit's `UIScene.ConnectionOptions`.
    /// Lifeloop's launches pass none.
    public final class ConnectionOptions {
        /// URLs to open (none).
        public let urlContexts: Set<OpenURLContext> = []
        /// The app that asked for the connection (none).
        public let sourceApplication: String? = nil
        /// Makes empty options.
        public init() {}
    }

    /// The scene's session.
    public let session: SceneSession
    /// The scene's delegate, held strongly (as UIKit's scene holds it).
    public var delegate: SceneDelegate?
    /// Where the scene is in its life.
    public internal(set) var activationState: ActivationState = .unattached
    /// The scene's title (the app switcher's; not shown).
    public var title: String?
    /// The scene's name in the trace.
    public let traceLabel: String
    weak var application: Application?

    /// Makes a scene for `session`; the app connects it.
    public required init(session: SceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        let app = ThreadContext.application
        self.application = app
        self.traceLabel = app?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
        super.init()
        session.scene = self
    }

    /// The next responder: the application.
    open override var next: Responder? { application }

    /// Identity.
    public static func == (lhs: Scene, rhs: Scene) -> Bool { lhs === rhs }
    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Posted when a scene connects, after its delegate's `scene(_:willConnectTo:options:)`.
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    /// Posted when a scene disconnects.
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// Posted when a scene becomes active.
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    /// Posted when a scene is about to stop being active.
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// Posted when a scene is about to come to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// Posted when a scene went to the background.
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

/// A scene that holds windows: UIKit's `UIWindowScene`.
open class WindowScene: Scene {
    /// The scene's windows, in the order they joined it.
    public var windows: [Window] { storedWindows.compactMap(\.window) }
    /// The scene's key window.
    public var keyWindow: Window? { windows.first { $0.isKeyWindow } }
    /// The screen the scene is on: the app's main screen.
    public var screen: Screen { application?.mainScreen ?? .phone }
    /// The traits of the scene's screen: those of its first window.
    public var traitCollection: TraitCollection { windows.first?.traitCollection ?? .current }
    /// The orientation of the interface.
    public var interfaceOrientation: InterfaceOrientation {
        let bounds = screen.bounds
        return bounds.width > bounds.height ? .landscapeLeft : .portrait
    }

    private struct WeakWindow { weak var window: Window? }
    private var storedWindows: [WeakWindow] = []

    func add(_ window: Window) {
        storedWindows.removeAll { $0.window == nil || $0.window === window }
        storedWindows.append(WeakWindow(window: window))
    }
}

/// The orientation of an interface: UIKit's `UIInterfaceOrientation`.
public enum InterfaceOrientation: Int, Sendable {
    /// Unknown.
    case unknown = 0
    /// Upright.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown = 2
    /// Turned left (home indicator on the right).
    case landscapeLeft = 4
    /// Turned right.
    case landscapeRight = 3

    /// Whether the orientation is portrait.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is landscape.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// A URL a scene was asked to open: UIKit's `UIOpenURLContext`.
public final class OpenURLContext: Hashable {
    /// The URL.
    public let url: URL
    /// Makes a context.
    public init(url: URL) { self.url = url }
    /// Identity.
    public static func == (lhs: OpenURLContext, rhs: OpenURLContext) -> Bool { lhs === rhs }
    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A scene's saved state and configuration: UIKit's `UISceneSession`.
public final class SceneSession: Hashable {
    /// The kind of scene a session is for: UIKit's `UISceneSession.Role`.
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// The role's Info.plist key.
        public let rawValue: String
        /// Makes a role.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The app's own windows on the device's screen.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// An external display without interaction.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The session's role.
    public let role: Role
    /// A stable identifier: the same in every run of the same launch.
    public let persistentIdentifier: String
    /// The configuration the scene was made with.
    public internal(set) var configuration: SceneConfiguration
    /// The connected scene, if any.
    public internal(set) weak var scene: Scene?
    /// State the app keeps with the session.
    public var userInfo: [String: Any]?

    init(role: Role, persistentIdentifier: String) {
        self.role = role
        self.persistentIdentifier = persistentIdentifier
        self.configuration = SceneConfiguration(name: nil, sessionRole: role)
    }

    /// Identity.
    public static func == (lhs: SceneSession, rhs: SceneSession) -> Bool { lhs === rhs }
    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How to make a scene: UIKit's `UISceneConfiguration`. A configuration whose name
/// matches one in Info.plist's scene manifest takes what the manifest says for what it
/// leaves unset.
public final class SceneConfiguration {
    /// The name, matched against the manifest's `UISceneConfigurationName`.
    public let name: String?
    /// The role of the sessions it is for.
    public let role: SceneSession.Role
    /// The scene delegate's class (it must be ``LifeloopInstantiable``, which the port
    /// step arranges for an app's delegates).
    public var delegateClass: AnyClass?
    /// The scene's class (``WindowScene`` by default).
    public var sceneClass: AnyClass?
    /// The storyboard whose initial controller the scene's window shows.
    public var storyboard: Storyboard?
    /// The delegate class named in the manifest, module-qualified (`MyApp.SceneDelegate`).
    public var delegateClassName: String?
    /// The storyboard named in the manifest.
    public var storyboardName: String?

    /// Makes a configuration, as UIKit's `init(name:sessionRole:)`.
    public init(name: String?, sessionRole: SceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }
}

/// What a scene tells its delegate: UIKit's `UISceneDelegate`. Every method is optional.
public protocol SceneDelegate: AnyObject {
    /// The scene is connecting: the place apps without a storyboard make their window.
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    /// The scene was removed.
    func sceneDidDisconnect(_ scene: Scene)
    /// The scene became active.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene is about to come to the foreground.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene went to the background.
    func sceneDidEnterBackground(_ scene: Scene)
    /// URLs to open.
    func scene(_ scene: Scene, openURLContexts URLContexts: Set<OpenURLContext>)
}

extension SceneDelegate {
    /// Nothing.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {}
    /// Nothing.
    public func sceneDidDisconnect(_ scene: Scene) {}
    /// Nothing.
    public func sceneDidBecomeActive(_ scene: Scene) {}
    /// Nothing.
    public func sceneWillResignActive(_ scene: Scene) {}
    /// Nothing.
    public func sceneWillEnterForeground(_ scene: Scene) {}
    /// Nothing.
    public func sceneDidEnterBackground(_ scene: Scene) {}
    /// Nothing.
    public func scene(_ scene: Scene, openURLContexts URLContexts: Set<OpenURLContext>) {}
}

/// A scene delegate with a window: UIKit's `UIWindowSceneDelegate`.
public protocol WindowSceneDelegate: SceneDelegate {
    /// The scene's main window: a configuration's storyboard window is put here before
    /// `scene(_:willConnectTo:options:)`.
    var window: Window? { get set }
}

extension WindowSceneDelegate {
    /// No window: the app keeps a storyboard's window itself.
    public var window: Window? {
        get { nil }
        set {}
    }
}
