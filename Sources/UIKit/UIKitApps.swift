// UIKit's names for the app, its bars and its events beyond touches.

/// UIKit's `UINavigationBar`: Lifeloop's `NavigationBar`.
public typealias UINavigationBar = NavigationBar
/// UIKit's `UIBarStyle`: Lifeloop's `BarStyle`.
public typealias UIBarStyle = BarStyle
/// UIKit's `UIBarMetrics`: Lifeloop's `BarMetrics`.
public typealias UIBarMetrics = BarMetrics
/// UIKit's `UIBarAppearance`: Lifeloop's `BarAppearance`.
public typealias UIBarAppearance = BarAppearance
/// UIKit's `UINavigationBarAppearance`: Lifeloop's `NavigationBarAppearance`.
public typealias UINavigationBarAppearance = NavigationBarAppearance
