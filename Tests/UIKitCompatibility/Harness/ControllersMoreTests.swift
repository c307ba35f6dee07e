import Foundation
import Testing
import UIKit

/// Controllers and app extras as apps use them: a split view, a tab bar controller's
/// delegate, appearance proxies, the app's icon and notification settings.
@Suite("Controllers, app extras")
struct ControllersMoreTests {
    final class Column: UIViewController {
        var events: [String] = []
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); events.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); events.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); events.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); events.append("didDisappear") }
    }

    final class SplitDelegate: UISplitViewControllerDelegate {
        func splitViewController(_ splitViewController: UISplitViewController,
                                 collapseSecondary secondaryViewController: UIViewController,
                                 onto primaryViewController: UIViewController) -> Bool { true }
    }

    @Test func aSplitViewShowsItsColumnsSideBySideOnATablet() throws {
        let app = try Application()
        let window = UIWindow(screen: .tablet, label: "main")
        let split = UISplitViewController(style: .doubleColumn)
        let list = Column(), detail = Column()
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        split.preferredDisplayMode = .oneBesideSecondary
        split.preferredPrimaryColumnWidthFraction = 0.25
        window.rootViewController = split
        window.makeKeyAndVisible()
        try app.settle()
        #expect(!split.isCollapsed)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(split.viewController(for: .primary) === list && split.viewControllers.count == 2)
        #expect(list.splitViewController === split)
        #expect(list.view.frame.width == 256 && detail.view.frame.minX == 256)
        #expect(list.events == ["willAppear", "didAppear"] && detail.events == ["willAppear", "didAppear"])

        let other = Column()
        list.showDetailViewController(other, sender: nil)
        try app.settle()
        #expect(split.viewController(for: .secondary) === other)
        #expect(detail.events.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(other.events == ["willAppear", "didAppear"] && detail.parent == nil)
        #expect(app.diagnostics.isEmpty)
    }

    @Test func aCollapsedSplitViewPushesTheDetailOntoThePrimary() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let split = UISplitViewController()
        let delegate = SplitDelegate()
        split.delegate = delegate
        let list = Column()
        let navigation = UINavigationController(rootViewController: list)
        split.viewControllers = [navigation, Column()]
        window.rootViewController = split
        window.makeKeyAndVisible()
        try app.settle()
        #expect(split.isCollapsed)
        #expect(navigation.view.frame == window.bounds)
        let detail = Column()
        split.showDetailViewController(detail, sender: nil)
        try app.settle()
        #expect(navigation.viewControllers.last === detail)
    }

    final class TabDelegate: UITabBarControllerDelegate {
        var selected: [UIViewController] = []
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            viewController.title != "locked"
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            selected.append(viewController)
        }
    }

    final class Tabs: UITabBarController {
        var items: [String] = []
        override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { items.append(item.title ?? "") }
    }

    @Test func aTabBarControllerAsksAndTellsItsDelegate() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let first = Column(), second = Column(), locked = Column()
        first.title = "first"; second.title = "second"; locked.title = "locked"
        let tabs = Tabs()
        tabs.viewControllers = [first, second, locked]
        let delegate = TabDelegate()
        tabs.delegate = delegate
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        try app.settle()
        tabs.tabBar.selectedItem = second.tabBarItem
        #expect(tabs.selectedIndex == 1 && delegate.selected.first === second && tabs.items == ["second"])
        tabs.tabBar.selectedItem = locked.tabBarItem
        #expect(tabs.selectedIndex == 1 && delegate.selected.count == 1)
        tabs.selectedIndex = 0
        #expect(delegate.selected.count == 1, "code's selection tells no delegate")
        try app.settle()
    }

    @Test func appearanceProxiesStyleBarsMadeAfterwards() throws {
        let app = try Application()
        _ = app
        UINavigationBar.appearance().barTintColor = .red
        UINavigationBar.appearance().tintColor = .white
        UITabBar.appearance().unselectedItemTintColor = .gray
        UIBarButtonItem.appearance().tintColor = .green
        #expect(UIBarButtonItem.appearance().tintColor == .green)
        #expect(UITabBarItem.appearance() === UITabBarItem.appearance())
        let navigation = UINavigationController(rootViewController: UIViewController())
        #expect(navigation.navigationBar.barTintColor == .red)
        #expect(navigation.navigationBar.tintColor == .white)
        #expect(UITabBarController().tabBar.unselectedItemTintColor == .gray)
    }

    final class BarOwner: UINavigationBarDelegate {
        func position(for bar: UIBarPositioning) -> UIBarPosition { .topAttached }
    }

    @Test func aStandaloneBarAsksItsDelegateForItsPosition() {
        let bar = UINavigationBar()
        #expect(bar.barPosition == .top)
        let owner = BarOwner()
        bar.delegate = owner
        #expect(bar.barPosition == .topAttached)
        #expect(owner.navigationBar(bar, shouldPop: UINavigationItem(title: "x")))
    }

    @Test func appExtrasAnswerAsADeviceWithoutThemWould() throws {
        let app = try Application()
        let application = UIApplication.shared
        #expect(!application.supportsAlternateIcons && application.alternateIconName == nil)
        var failure: Error?
        application.setAlternateIconName("Dark") { error in failure = error }
        try app.settle()
        #expect(failure?.localizedDescription.contains("not supported") == true)
        application.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert, .badge], categories: nil))
        #expect(application.currentUserNotificationSettings?.types == [.alert, .badge])
        application.beginReceivingRemoteControlEvents()
        application.endReceivingRemoteControlEvents()
        application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        #expect(UIApplicationBackgroundFetchIntervalMinimum == 0)
    }

    @Test func smallNamesAreUIKits() {
        let flags: UIKeyModifierFlags = [.command, .shift]
        #expect(flags.contains(.command) && !flags.contains(.control))
        let animation: UIStatusBarAnimation = .fade
        #expect(animation.rawValue == 1)
    }
}
