import Foundation

// MARK: Tab bar controller delegate

/// What a tab bar controller asks and tells its delegate: UIKit's
/// `UITabBarControllerDelegate`. Every method is optional. Lifeloop calls them when the
/// user selects a tab (the tab bar's `selectedItem` set, as a tap does), not when code
/// sets `selectedIndex` or `selectedViewController`, as UIKit does.
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the user may select `viewController`'s tab; true by default.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The user selected `viewController`'s tab.
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    /// True: every tab may be selected.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    /// Nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}

extension TabBarController {
    /// The controller's delegate (held weakly), asked and told when the user selects a tab.
    public var delegate: TabBarControllerDelegate? {
        get { storedTabDelegate }
        set { storedTabDelegate = newValue }
    }

    /// The user selected `tab` through the bar: the delegate may refuse, then the tab is
    /// selected, `tabBar(_:didSelect:)` runs and the delegate hears of it.
    func userSelected(_ tab: ViewController, item: TabBarItem, in bar: TabBar) {
        if let delegate = storedTabDelegate, !delegate.tabBarController(self, shouldSelect: tab) { return }
        selectedViewController = tab
        tabBar(bar, didSelect: item)
        storedTabDelegate?.tabBarController(self, didSelect: tab)
    }
}

// MARK: Navigation bar delegate

/// Where a bar sits: UIKit's `UIBarPosition`.
public enum BarPosition: Int, Sendable {
    /// Not known.
    case any
    /// At the bottom of its view.
    case bottom
    /// At the top of its view.
    case top
    /// At the top of the screen, its background going under the status bar.
    case topAttached
}

/// What a navigation bar asks its delegate: UIKit's `UINavigationBarDelegate`. Every
/// method is optional.
public protocol NavigationBarDelegate: AnyObject {
    /// Whether the bar may pop `item`; true by default. A navigation controller's bar
    /// pops with its controllers, so Lifeloop does not ask this of it.
    func navigationBar(_ navigationBar: NavigationBar, shouldPop item: NavigationItem) -> Bool
    /// Where the bar sits; `.any` by default.
    func position(for bar: BarPositioning) -> BarPosition
}

/// A bar that has a position: UIKit's `UIBarPositioning`.
public protocol BarPositioning: AnyObject {}

extension NavigationBar: BarPositioning {}
extension TabBar: BarPositioning {}

extension NavigationBarDelegate {
    /// True.
    public func navigationBar(_ navigationBar: NavigationBar, shouldPop item: NavigationItem) -> Bool { true }
    /// `.any`.
    public func position(for bar: BarPositioning) -> BarPosition { .any }
}

extension NavigationBar {
    /// The bar's delegate (held weakly).
    public var delegate: NavigationBarDelegate? {
        get { storedBarDelegate }
        set { storedBarDelegate = newValue }
    }
    /// Where the bar sits: what the delegate says, else `.top`.
    public var barPosition: BarPosition {
        let position = storedBarDelegate?.position(for: self) ?? .any
        return position == .any ? .top : position
    }
}

// MARK: Appearance proxies

extension Application {
    /// This app's shared object for `key`, made by `make` on first use.
    func controllersMoreObject<T: AnyObject>(_ key: String, _ make: () -> T) -> T {
        if let existing = lifecycle.controllersMore[key] as? T { return existing }
        let made = make()
        lifecycle.controllersMore[key] = made
        return made
    }
}

extension NavigationBar {
    /// The app's appearance proxy for navigation bars: UIKit's `appearance()`. What you
    /// set on it (bar tint, tint, translucency, style, title attributes, prefers large
    /// titles, shadow and back images, the four appearances) is given to the navigation
    /// bars of navigation controllers made afterwards. It is a bar of its own, shown
    /// nowhere; each app has one. Without a current app a fresh proxy is returned.
    public static func appearance() -> NavigationBar {
        let make = { ThreadContext.detached { NavigationBar(frame: .zero) } }
        guard let app = ThreadContext.application else { return make() }
        return app.controllersMoreObject("NavigationBar.appearance", make)
    }

    /// Copies the app's appearance proxy's settings, if it has one, to this bar.
    func takeAppearanceProxy() {
        guard let app = ThreadContext.application,
              let proxy = app.lifecycle.controllersMore["NavigationBar.appearance"] as? NavigationBar else { return }
        barTintColor = proxy.barTintColor
        if let tint = proxy.extras?.tintColor { tintColor = tint }
        isTranslucent = proxy.isTranslucent
        prefersLargeTitles = proxy.prefersLargeTitles
        barStyle = proxy.barStyle
        titleTextAttributes = proxy.titleTextAttributes
        largeTitleTextAttributes = proxy.largeTitleTextAttributes
        shadowImage = proxy.shadowImage
        backIndicatorImage = proxy.backIndicatorImage
        backIndicatorTransitionMaskImage = proxy.backIndicatorTransitionMaskImage
        standardAppearance = proxy.standardAppearance
        compactAppearance = proxy.compactAppearance
        scrollEdgeAppearance = proxy.scrollEdgeAppearance
        compactScrollEdgeAppearance = proxy.compactScrollEdgeAppearance
        for metrics in [BarMetrics.default, .compact] {
            if let image = proxy.backgroundImage(for: metrics) { setBackgroundImage(image, for: metrics) }
        }
    }
}

extension TabBar {
    /// The app's appearance proxy for tab bars: UIKit's `appearance()`. What you set on
    /// it (bar tint, tint, unselected item tint, translucency, style, images, the
    /// appearances) is given to the tab bars of tab bar controllers read afterwards. Each
    /// app has one; without a current app a fresh proxy is returned.
    public static func appearance() -> TabBar {
        let make = { ThreadContext.detached { TabBar(frame: .zero) } }
        guard let app = ThreadContext.application else { return make() }
        return app.controllersMoreObject("TabBar.appearance", make)
    }

    /// Copies the app's appearance proxy's settings, if it has one, to this bar.
    func takeAppearanceProxy() {
        guard let app = ThreadContext.application,
              let proxy = app.lifecycle.controllersMore["TabBar.appearance"] as? TabBar else { return }
        barTintColor = proxy.barTintColor
        if let tint = proxy.extras?.tintColor { tintColor = tint }
        unselectedItemTintColor = proxy.unselectedItemTintColor
        isTranslucent = proxy.isTranslucent
        barStyle = proxy.barStyle
        backgroundImage = proxy.backgroundImage
        shadowImage = proxy.shadowImage
        selectionIndicatorImage = proxy.selectionIndicatorImage
        standardAppearance = proxy.standardAppearance
        scrollEdgeAppearance = proxy.scrollEdgeAppearance
        compactAppearance = proxy.compactAppearance
    }
}

extension TabBarItem {
    /// The app's appearance proxy for tab bar items: UIKit's `appearance()`. Kept as
    /// data: items made afterwards do not take its settings in Lifeloop. Each app has one.
    public static func appearance() -> TabBarItem {
        let make = { TabBarItem(title: nil, image: nil, tag: 0) }
        guard let app = ThreadContext.application else { return make() }
        return app.controllersMoreObject("TabBarItem.appearance", make)
    }
}

extension BarButtonItem {
    /// The app's appearance proxy for bar button items: UIKit's `appearance()`. Kept as
    /// data: items made afterwards do not take its settings in Lifeloop. Each app has one.
    public static func appearance() -> BarButtonItem {
        let make = { BarButtonItem(title: nil, style: .plain) }
        guard let app = ThreadContext.application else { return make() }
        return app.controllersMoreObject("BarButtonItem.appearance", make)
    }
}

// MARK: App extras

/// The kinds of alert an app asked to show: UIKit's old `UIUserNotificationType`.
public struct UserNotificationType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The app icon's badge.
    public static let badge = UserNotificationType(rawValue: 1 << 0)
    /// A sound.
    public static let sound = UserNotificationType(rawValue: 1 << 1)
    /// An alert on screen.
    public static let alert = UserNotificationType(rawValue: 1 << 2)
}

/// The notification settings an app asks for: UIKit's old `UIUserNotificationSettings`.
open class UserNotificationSettings {
    /// The kinds of alert asked for.
    public let types: UserNotificationType
    /// The notification categories (kept as given).
    public let categories: Set<AnyHashable>?
    /// Settings asking for `types`.
    /// - Parameters:
    ///   - types: The kinds of alert.
    ///   - categories: The categories, or nil.
    public init(types: UserNotificationType, categories: Set<AnyHashable>?) {
        self.types = types
        self.categories = categories
    }
}

/// The smallest background fetch interval: UIKit's `UIApplicationBackgroundFetchIntervalMinimum`.
public let applicationBackgroundFetchIntervalMinimum: TimeInterval = 0
/// An interval that turns background fetch off: UIKit's `UIApplicationBackgroundFetchIntervalNever`.
public let applicationBackgroundFetchIntervalNever: TimeInterval = .greatestFiniteMagnitude

/// Per-app settings the extras below keep.
final class ApplicationExtrasState {
    var userNotificationSettings: UserNotificationSettings?
    var receivesRemoteControlEvents = false
    var minimumBackgroundFetchInterval: TimeInterval = applicationBackgroundFetchIntervalNever
}

extension Application {
    var extrasState: ApplicationExtrasState { controllersMoreObject("Application.extras") { ApplicationExtrasState() } }

    /// The smallest background fetch interval: UIKit's `backgroundFetchIntervalMinimum`.
    public static let backgroundFetchIntervalMinimum: TimeInterval = applicationBackgroundFetchIntervalMinimum
    /// An interval that turns background fetch off: UIKit's `backgroundFetchIntervalNever`.
    public static let backgroundFetchIntervalNever: TimeInterval = applicationBackgroundFetchIntervalNever

    /// Whether the app may change its Home-screen icon: false in Lifeloop.
    public var supportsAlternateIcons: Bool { false }
    /// The alternate icon shown: nil (the primary icon) in Lifeloop.
    public var alternateIconName: String? { nil }

    /// Asks to change the app's icon. Lifeloop has no Home screen: `completionHandler`
    /// gets an error saying alternate icons are not supported, at the end of the turn.
    /// - Parameters:
    ///   - alternateIconName: The icon's name, or nil for the primary icon.
    ///   - completionHandler: Called with the error.
    public func setAlternateIconName(_ alternateIconName: String?, completionHandler: ((Error?) -> Void)? = nil) {
        let error = NSError(domain: NSCocoaErrorDomain, code: 3072, userInfo: [
            NSLocalizedDescriptionKey: "Alternate icons are not supported (Lifeloop has no Home screen).",
        ])
        guard let completionHandler else { return }
        afterCommit { completionHandler(error) }
    }

    /// Records the notification settings asked for (UIKit's old API); no permission
    /// prompt is shown. ``currentUserNotificationSettings`` reads them back.
    /// - Parameter notificationSettings: The settings.
    public func registerUserNotificationSettings(_ notificationSettings: UserNotificationSettings) {
        extrasState.userNotificationSettings = notificationSettings
    }

    /// The settings last registered, or nil.
    public var currentUserNotificationSettings: UserNotificationSettings? { extrasState.userNotificationSettings }

    /// Starts receiving remote-control events (headphone buttons): recorded only; no
    /// such events come in Lifeloop.
    public func beginReceivingRemoteControlEvents() { extrasState.receivesRemoteControlEvents = true }
    /// Stops receiving remote-control events: recorded only.
    public func endReceivingRemoteControlEvents() { extrasState.receivesRemoteControlEvents = false }

    /// Sets how often the system may wake the app for a background fetch: recorded only;
    /// Lifeloop never fetches in the background on its own.
    /// - Parameter minimumBackgroundFetchInterval: The interval in seconds.
    public func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval) {
        extrasState.minimumBackgroundFetchInterval = minimumBackgroundFetchInterval
    }
}

// MARK: Small UIKit names

/// How a status bar change animates: UIKit's `UIStatusBarAnimation`. Lifeloop draws no
/// status bar, so the value is only data.
public enum StatusBarAnimation: Int, Sendable {
    /// No animation.
    case none
    /// A fade.
    case fade
    /// A slide.
    case slide
}

/// The modifier keys held with a key: UIKit's `UIKeyModifierFlags`.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Option.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// Command.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// A key on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
