// UIKit's names for the system services: the device, the pasteboard, accessibility,
// haptics, quick actions and user activities, Dynamic Type's metrics, and the Foundation
// and Core Graphics names that Linux's Foundation lacks and UIKit code uses.

// MARK: Device

/// UIKit's `UIDevice`: Lifeloop's `Device`.
public typealias UIDevice = Device
/// UIKit's `UIDeviceOrientation`: Lifeloop's `DeviceOrientation`.
public typealias UIDeviceOrientation = DeviceOrientation
/// UIKit's older name for `UIDevice.BatteryState`: Lifeloop's `Device.BatteryState`.
public typealias UIDeviceBatteryState = Device.BatteryState

/// The kind of interface of the calling thread's app's device (`UIDevice.current`'s
/// `userInterfaceIdiom`): UIKit's `UI_USER_INTERFACE_IDIOM()`.
public func UI_USER_INTERFACE_IDIOM() -> UIUserInterfaceIdiom {
    UIDevice.current.userInterfaceIdiom
}

// MARK: Pasteboard

/// UIKit's `UIPasteboard`: Lifeloop's `Pasteboard`.
public typealias UIPasteboard = Pasteboard

// MARK: Accessibility

/// UIKit's `UIAccessibility`: Lifeloop's `Accessibility`.
public typealias UIAccessibility = Accessibility
/// UIKit's `UIAccessibilityTraits`: Lifeloop's `AccessibilityTraits`.
public typealias UIAccessibilityTraits = AccessibilityTraits
/// UIKit's `UIAccessibilityElement`: Lifeloop's `AccessibilityElement`.
public typealias UIAccessibilityElement = AccessibilityElement

// MARK: Haptics

/// UIKit's `UIFeedbackGenerator`: Lifeloop's `FeedbackGenerator`.
public typealias UIFeedbackGenerator = FeedbackGenerator
/// UIKit's `UIImpactFeedbackGenerator`: Lifeloop's `ImpactFeedbackGenerator`.
public typealias UIImpactFeedbackGenerator = ImpactFeedbackGenerator
/// UIKit's older name for `UIImpactFeedbackGenerator.FeedbackStyle`.
public typealias UIImpactFeedbackStyle = ImpactFeedbackGenerator.FeedbackStyle
/// UIKit's `UISelectionFeedbackGenerator`: Lifeloop's `SelectionFeedbackGenerator`.
public typealias UISelectionFeedbackGenerator = SelectionFeedbackGenerator
/// UIKit's `UINotificationFeedbackGenerator`: Lifeloop's `NotificationFeedbackGenerator`.
public typealias UINotificationFeedbackGenerator = NotificationFeedbackGenerator
/// UIKit's older name for `UINotificationFeedbackGenerator.FeedbackType`.
public typealias UINotificationFeedbackType = NotificationFeedbackGenerator.FeedbackType

// MARK: The app

/// UIKit's `UIBackgroundFetchResult`: Lifeloop's `BackgroundFetchResult`.
public typealias UIBackgroundFetchResult = BackgroundFetchResult
/// UIKit's `UIApplicationShortcutItem`: Lifeloop's `ApplicationShortcutItem`.
public typealias UIApplicationShortcutItem = ApplicationShortcutItem
/// UIKit's `UIMutableApplicationShortcutItem`: Lifeloop's `MutableApplicationShortcutItem`.
public typealias UIMutableApplicationShortcutItem = MutableApplicationShortcutItem
/// UIKit's `UIApplicationShortcutIcon`: Lifeloop's `ApplicationShortcutIcon`.
public typealias UIApplicationShortcutIcon = ApplicationShortcutIcon
/// UIKit's older name for `UIApplicationShortcutIcon.IconType`.
public typealias UIApplicationShortcutIconType = ApplicationShortcutIcon.IconType
/// Foundation's `NSUserActivity` (missing from Foundation on Linux): Lifeloop's `UserActivity`.
public typealias NSUserActivity = UserActivity
/// UIKit's `UIUserActivityRestoring`: Lifeloop's `UserActivityRestoring`.
public typealias UIUserActivityRestoring = UserActivityRestoring
/// Foundation's activity type of a web page being viewed, the type a universal link
/// arrives with.
public let NSUserActivityTypeBrowsingWeb = UserActivity.browsingWebType

/// UIKit's older name for `UIApplication.LaunchOptionsKey.url`.
public let UIApplicationLaunchOptionsURLKey = UIApplication.LaunchOptionsKey.url
/// UIKit's older name for `UIApplication.LaunchOptionsKey.sourceApplication`.
public let UIApplicationLaunchOptionsSourceApplicationKey = UIApplication.LaunchOptionsKey.sourceApplication
/// UIKit's older name for `UIApplication.LaunchOptionsKey.remoteNotification`.
public let UIApplicationLaunchOptionsRemoteNotificationKey = UIApplication.LaunchOptionsKey.remoteNotification
/// UIKit's older name for `UIApplication.LaunchOptionsKey.shortcutItem`.
public let UIApplicationLaunchOptionsShortcutItemKey = UIApplication.LaunchOptionsKey.shortcutItem
/// UIKit's older name for `UIApplication.LaunchOptionsKey.userActivityDictionary`.
public let UIApplicationLaunchOptionsUserActivityDictionaryKey = UIApplication.LaunchOptionsKey.userActivityDictionary

/// UIKit's entry point, which on iOS makes the application and its delegate and runs the
/// main run loop for good. It cannot do that here: a Lifeloop app runs on a loop that a
/// test, a scenario or `lifeloop launch` drives, not on the process's main run loop. So the
/// call stops the program with a message that says how to launch the app instead:
/// `lifeloop launch App.xcodeproj` (which makes the `@main` or Info.plist delegate and
/// launches it as iOS does), or, in code, an `Application` and its
/// `launch(delegate:info:options:)`. It never returns.
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    applicationMainUnavailable(delegateClassName)
}

/// UIKit's entry point with the argument vector as Swift 3 code binds it
/// (`UnsafeMutableRawPointer(CommandLine.unsafeArgv).bindMemory(...)`): as the other
/// `UIApplicationMain(_:_:_:_:)`, it stops the program with a message that says to launch
/// the app with `lifeloop launch` instead. It never returns.
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    applicationMainUnavailable(delegateClassName)
}

private func applicationMainUnavailable(_ delegateClassName: String?) -> Never {
    let delegate = delegateClassName.map { "the delegate \($0)" } ?? "the app"
    fatalError("UIApplicationMain cannot launch \(delegate) on Linux: a Lifeloop app runs on a loop that Lifeloop drives, "
               + "not on the process's run loop. Launch it with `lifeloop launch App.xcodeproj` (its @main or Info.plist "
               + "delegate is made and launched as iOS launches it), or make an Application and call "
               + "launch(delegate:info:options:)")
}

// MARK: Dynamic Type

/// UIKit's `UIFontMetrics`: Lifeloop's `FontMetrics`.
public typealias UIFontMetrics = FontMetrics
/// UIKit's `UIContentSizeCategory`: Lifeloop's `ContentSizeCategory`.
public typealias UIContentSizeCategory = ContentSizeCategory

// MARK: Foundation and Core Graphics names Linux lacks

/// A selector from its Objective-C method name: Foundation's `NSSelectorFromString`, here
/// Lifeloop's `Selector` of that name (objects answer it through the methods the port step
/// wires by name).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector {
    Selector(aSelectorName)
}

/// A selector's Objective-C method name: Foundation's `NSStringFromSelector`.
public func NSStringFromSelector(_ aSelector: Selector) -> String {
    aSelector.name
}

/// The largest finite `CGFloat`: Core Graphics' `CGFLOAT_MAX` (Foundation on Linux marks
/// its own unavailable; this one is used instead).
public let CGFLOAT_MAX = CGFloat.greatestFiniteMagnitude
/// The smallest positive normal `CGFloat`: Core Graphics' `CGFLOAT_MIN`.
public let CGFLOAT_MIN = CGFloat.leastNormalMagnitude
