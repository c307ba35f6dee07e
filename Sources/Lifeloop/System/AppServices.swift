import Foundation

/// What a background fetch or a remote notification's handling brought: UIKit's
/// `UIBackgroundFetchResult`, with its raw values.
public enum BackgroundFetchResult: UInt, Hashable, Sendable, CustomStringConvertible {
    /// New data was downloaded.
    case newData = 0
    /// There was nothing new.
    case noData = 1
    /// The download failed.
    case failed = 2

    /// The case's name, as the trace writes it.
    public var description: String {
        switch self {
        case .newData: "newData"
        case .noData: "noData"
        case .failed: "failed"
        }
    }
}

/// The picture of a Home-screen quick action: UIKit's `UIApplicationShortcutIcon`, kept as
/// data (there is no Home screen to show it on).
public final class ApplicationShortcutIcon {
    /// The system's quick-action pictures: UIKit's `UIApplicationShortcutIcon.IconType`, with
    /// its raw values.
    public enum IconType: Int, Hashable, Sendable {
        /// UIKit's icon types of these names, kept as data.
        case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite,
             love, cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task,
             taskCompleted, alarm, bookmark, shuffle, audio, update
    }

    /// The system picture, for an icon made with ``init(type:)``.
    public let type: IconType?
    /// The SF Symbol's name, for an icon made with ``init(systemImageName:)``.
    public let systemImageName: String?
    /// The app's image's name, for an icon made with ``init(templateImageName:)``.
    public let templateImageName: String?

    /// An icon of one of the system's pictures.
    public init(type: IconType) {
        self.type = type
        systemImageName = nil
        templateImageName = nil
    }

    /// An icon of an SF Symbol.
    public init(systemImageName: String) {
        type = nil
        self.systemImageName = systemImageName
        templateImageName = nil
    }

    /// An icon of an image of the app's asset catalog, drawn as a template.
    public init(templateImageName: String) {
        type = nil
        systemImageName = nil
        self.templateImageName = templateImageName
    }
}

/// A Home-screen quick action (3D Touch, a long press on the icon): UIKit's
/// `UIApplicationShortcutItem`, immutable. The app lists its own in
/// ``Application/shortcutItems``; a test chooses one with
/// ``Application/performShortcutItem(_:completion:)``.
public class ApplicationShortcutItem {
    var storedType: String
    var storedTitle: String
    var storedSubtitle: String?
    var storedIcon: ApplicationShortcutIcon?
    var storedUserInfo: [String: any NSSecureCoding]?
    var storedTargetContentIdentifier: Any?

    /// A quick action of `type` (the app's string for telling actions apart), titled
    /// `localizedTitle`.
    public init(type: String, localizedTitle: String, localizedSubtitle: String? = nil,
                icon: ApplicationShortcutIcon? = nil, userInfo: [String: any NSSecureCoding]? = nil) {
        storedType = type
        storedTitle = localizedTitle
        storedSubtitle = localizedSubtitle
        storedIcon = icon
        storedUserInfo = userInfo
    }

    /// The app's string for telling actions apart.
    public var type: String { storedType }
    /// The title shown.
    public var localizedTitle: String { storedTitle }
    /// The line under the title.
    public var localizedSubtitle: String? { storedSubtitle }
    /// The picture.
    public var icon: ApplicationShortcutIcon? { storedIcon }
    /// The app's data for the action.
    public var userInfo: [String: any NSSecureCoding]? { storedUserInfo }
    /// An identifier of the content, for choosing a scene to handle the action in.
    public var targetContentIdentifier: Any? { storedTargetContentIdentifier }
}

/// A quick action whose properties can change: UIKit's `UIMutableApplicationShortcutItem`.
public final class MutableApplicationShortcutItem: ApplicationShortcutItem {
    /// The app's string for telling actions apart.
    public override var type: String {
        get { storedType }
        set { storedType = newValue }
    }
    /// The title shown.
    public override var localizedTitle: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    /// The line under the title.
    public override var localizedSubtitle: String? {
        get { storedSubtitle }
        set { storedSubtitle = newValue }
    }
    /// The picture.
    public override var icon: ApplicationShortcutIcon? {
        get { storedIcon }
        set { storedIcon = newValue }
    }
    /// The app's data for the action.
    public override var userInfo: [String: any NSSecureCoding]? {
        get { storedUserInfo }
        set { storedUserInfo = newValue }
    }
    /// An identifier of the content, for choosing a scene to handle the action in.
    public override var targetContentIdentifier: Any? {
        get { storedTargetContentIdentifier }
        set { storedTargetContentIdentifier = newValue }
    }
}

extension Application {
    /// The URL of the app's page in the Settings app, for `open(_:options:completionHandler:)`
    /// (which opens nothing in Lifeloop; the request is traced).
    public static let openSettingsURLString = "app-settings:"

    /// The app's dynamic Home-screen quick actions (nil until set); setting them is traced
    /// (`app shortcutItems <count>`).
    public var shortcutItems: [ApplicationShortcutItem]? {
        get { systemServices.shortcutItems }
        set {
            guard checkLoopThread(label: "app", operation: "shortcutItems") else { return }
            systemServices.shortcutItems = newValue
            loop.record(label: "app", event: "shortcutItems", detail: "\(newValue?.count ?? 0)")
        }
    }

    /// How long the app may still run in the background: unlimited
    /// (`.greatestFiniteMagnitude`, as UIKit gives) in the foreground; in the background a
    /// fixed 30 seconds, since Lifeloop never expires background tasks.
    public var backgroundTimeRemaining: TimeInterval {
        applicationState == .background ? 30 : .greatestFiniteMagnitude
    }

    /// The status bar's frame: the main screen's width, its status-bar inset tall.
    public var statusBarFrame: CGRect {
        let screen = mainScreen
        return CGRect(x: 0, y: 0, width: screen.size.width, height: screen.statusBarInset)
    }

    /// Sends an action message, as a control does: to `target`, or, when it is nil, up the
    /// responder chain from the key window's first responder (or the key window), to the
    /// application and its delegate. The method takes none, the sender, or the sender and
    /// the event, as named by `action`. Traced (`app sendAction <selector>`).
    ///
    /// Every responder has `resignFirstResponder` and `becomeFirstResponder`: sent with a nil
    /// target, as apps do to dismiss the keyboard, they reach the first responder (else the
    /// key window) unless something in the chain wired a method of that name.
    /// - Returns: Whether some object ran the method. A target without the method records
    ///   an `unrecognizedSelector` diagnostic, where iOS would crash.
    @discardableResult
    public func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: Event?) -> Bool {
        guard checkLoopThread(label: "app", operation: "sendAction(_:to:from:for:)") else { return false }
        loop.record(label: "app", event: "sendAction", detail: action.name)
        let arguments: [Any?] = [sender, event ?? Event()]
        if let target {
            let object = target as AnyObject
            if let responder = object as? Responder, !responder.lifeloopResponds(to: action),
               Self.performResponderMethod(action, on: responder) {
                return true
            }
            if case .performed = SelectorDispatch.send(action, to: object, arguments: arguments, app: self) { return true }
            return false
        }
        let start: View? = keyWindow?.firstResponder ?? keyWindow
        var responder = SelectorDispatch.responder(for: action, from: start, controller: nil)
        if responder == nil, lifeloopResponds(to: action) { responder = self }
        if responder == nil, let delegate = lifecycle.delegate, SelectorDispatch.responds(delegate, to: action) {
            responder = delegate
        }
        guard let responder else { return Self.performResponderMethod(action, on: start ?? self) }
        if case .performed = SelectorDispatch.send(action, to: responder, arguments: arguments, app: self) { return true }
        return false
    }

    /// Runs the responder method `action` names on `responder`, if it is one every
    /// responder has.
    /// - Returns: Whether it was one.
    private static func performResponderMethod(_ action: Selector, on responder: Responder) -> Bool {
        switch action.name {
        case "resignFirstResponder": responder.resignFirstResponder()
        case "becomeFirstResponder": responder.becomeFirstResponder()
        default: return false
        }
        return true
    }

    // MARK: Driving the app as the system would

    /// Chooses one of the app's Home-screen quick actions, as the user would: the delegate's
    /// `application(_:performActionFor:completionHandler:)` is called (traced as
    /// `<delegate> performActionFor`) and `completion` gets what it hands its handler.
    public func performShortcutItem(_ shortcutItem: ApplicationShortcutItem, completion: ((Bool) -> Void)? = nil) {
        guard checkLoopThread(label: "app", operation: "performShortcutItem(_:completion:)") else { return }
        guard let delegate else {
            completion?(false)
            return
        }
        loop.record(label: lifecycle.delegateLabel, event: "performActionFor", detail: shortcutItem.type)
        delegate.application(self, performActionFor: shortcutItem) { handled in completion?(handled) }
    }

    /// Asks the app to continue `userActivity` (a universal link, Handoff), as the system
    /// would: the delegate's `application(_:continue:restorationHandler:)` is called (traced
    /// as `<delegate> continueUserActivity`), and each object it hands the restoration
    /// handler gets `restoreUserActivityState(_:)`.
    /// - Returns: What the delegate returned: whether it continued the activity.
    @discardableResult
    public func continueUserActivity(_ userActivity: UserActivity) -> Bool {
        guard checkLoopThread(label: "app", operation: "continueUserActivity(_:)"), let delegate else { return false }
        loop.record(label: lifecycle.delegateLabel, event: "continueUserActivity", detail: userActivity.activityType)
        return delegate.application(self, continue: userActivity) { objects in
            for object in objects ?? [] { object.restoreUserActivityState(userActivity) }
        }
    }

    /// Delivers a remote notification's payload, as the system would: the delegate's
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` is called
    /// (traced as `<delegate> didReceiveRemoteNotification`) and `completion` gets the
    /// result it hands its handler.
    public func receiveRemoteNotification(_ userInfo: [AnyHashable: Any],
                                          completion: ((BackgroundFetchResult) -> Void)? = nil) {
        guard checkLoopThread(label: "app", operation: "receiveRemoteNotification(_:completion:)") else { return }
        guard let delegate else {
            completion?(.noData)
            return
        }
        loop.record(label: lifecycle.delegateLabel, event: "didReceiveRemoteNotification")
        delegate.application(self, didReceiveRemoteNotification: userInfo) { result in completion?(result) }
    }
}

extension ApplicationDelegate {
    /// False: the activity is not continued.
    public func application(_ application: Application, continue userActivity: UserActivity,
                            restorationHandler: @escaping ([UserActivityRestoring]?) -> Void) -> Bool { false }
    /// Hands false to the handler: the action is not handled.
    public func application(_ application: Application, performActionFor shortcutItem: ApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) { completionHandler(false) }
    /// Hands ``BackgroundFetchResult/noData`` to the handler.
    public func application(_ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                            fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void) {
        completionHandler(.noData)
    }
}
