import Lifeloop

/// UIKit's `UISplitViewController`: Lifeloop's `SplitViewController`.
public typealias UISplitViewController = SplitViewController
/// UIKit's `UISplitViewControllerDelegate`: Lifeloop's `SplitViewControllerDelegate`.
public typealias UISplitViewControllerDelegate = SplitViewControllerDelegate
/// UIKit's `UITabBarControllerDelegate`: Lifeloop's `TabBarControllerDelegate`.
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
/// UIKit's `UINavigationBarDelegate`: Lifeloop's `NavigationBarDelegate`.
public typealias UINavigationBarDelegate = NavigationBarDelegate
/// UIKit's `UIBarPosition`: Lifeloop's `BarPosition`.
public typealias UIBarPosition = BarPosition
/// UIKit's `UIBarPositioning`: Lifeloop's `BarPositioning`.
public typealias UIBarPositioning = BarPositioning
/// UIKit's `UIUserNotificationType`: Lifeloop's `UserNotificationType`.
public typealias UIUserNotificationType = UserNotificationType
/// UIKit's `UIUserNotificationSettings`: Lifeloop's `UserNotificationSettings`.
public typealias UIUserNotificationSettings = UserNotificationSettings
/// UIKit's `UIApplicationBackgroundFetchIntervalMinimum`: zero seconds.
public let UIApplicationBackgroundFetchIntervalMinimum = applicationBackgroundFetchIntervalMinimum
/// UIKit's `UIApplicationBackgroundFetchIntervalNever`.
public let UIApplicationBackgroundFetchIntervalNever = applicationBackgroundFetchIntervalNever
/// UIKit's `UIStatusBarAnimation`: Lifeloop's `StatusBarAnimation`.
public typealias UIStatusBarAnimation = StatusBarAnimation
/// UIKit's `UIKeyModifierFlags`: Lifeloop's `KeyModifierFlags`.
public typealias UIKeyModifierFlags = KeyModifierFlags
/// UIKit's `UIKeyCommand`: Lifeloop's `KeyCommand`.
public typealias UIKeyCommand = KeyCommand
