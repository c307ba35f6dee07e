import Foundation
import Testing
@testable import Lifeloop

/// A finger at a point on a navigation bar's items, a tab bar's tabs or the keyboard
/// presses them, as on the phone: they are drawn from the element tree, not views, so the
/// views under the bar never see the touch.
@Suite("Touches on bar items")
struct BarItemTouchTests {
    final class Page: ViewController {
        var log: [String] = []
        override func viewDidLoad() {
            view.backgroundColor = .systemBackground
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", style: .plain,
                                                              primaryAction: Lifeloop.Action(handler: { [unowned self] _ in log.append("add") }))
        }
    }

    static func launch() throws -> (Application, Window, NavigationController, Page, Page, TabBarController) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let first = Page(label: "First")
        first.title = "First"
        let second = Page(label: "Second")
        let navigation = NavigationController(rootViewController: first, label: "nav")
        navigation.tabBarItem.title = "Home"
        let other = ViewController(label: "Other")
        other.tabBarItem.title = "Other"
        let tabs = TabBarController(viewControllers: [navigation, other], label: "tabs")
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        navigation.pushViewController(second, animated: false)
        try app.settle()
        return (app, window, navigation, first, second, tabs)
    }

    @Test func aFingerOnABarButtonItemRunsItsActionOnLift() throws {
        let (app, _, _, _, second, _) = try Self.launch()
        let add = try #require(app.elementTree().elements.first { $0.label == "Add" })
        #expect(app.tap(at: add.center))
        try app.settle()
        #expect(second.log == ["add"])
        // Down on the item, lifted outside it: nothing.
        #expect(app.touch(.down, at: add.center))
        #expect(app.touch(.move, at: Point(x: add.center.x - 150, y: add.center.y + 200)))
        #expect(app.touch(.up, at: Point(x: add.center.x - 150, y: add.center.y + 200)))
        try app.settle()
        #expect(second.log == ["add"], "a lift outside the item does not press it")
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    @Test func aFingerOnTheBackButtonPopsAndOnATabSelectsIt() throws {
        let (app, _, navigation, first, _, tabs) = try Self.launch()
        let back = try #require(app.elementTree().elements.first { $0.type == .backButton })
        #expect(app.tap(at: back.center))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(navigation.viewControllers.count == 1 && navigation.viewControllers.first === first)
        let tab = try #require(app.elementTree().elements.first { $0.type == .tab && $0.label == "Other" })
        #expect(app.tap(at: tab.center))
        try app.settle()
        #expect(tabs.selectedIndex == 1)
        // A point below the bars still reaches the views.
        #expect(app.hitView(at: Point(x: 200, y: 300)) != nil)
    }
}
