import Testing
@testable import Lifeloop

/// L19–L21 for `TabBarController`, non-animated.
@Suite("Conformance: tab bar")
struct TabBarConformance {
    static let appearanceEvents: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
    static let switchEvents = appearanceEvents.union(["loadView", "viewDidLoad"])

    /// The `label event` lines recorded since `mark`, for `labels` and `events`.
    static func lines(_ app: Application, since mark: UInt64, labels: Set<String>,
                      events: Set<String> = switchEvents) -> [String] {
        app.trace.events.filter { $0.sequence >= mark && labels.contains($0.label) && events.contains($0.name) }.map(\.line)
    }

    /// Per label, the appearance events must walk `disappeared → appearing → appeared →
    /// disappearing → disappeared` (L20, without the cancel edges, which a tab switch never
    /// takes). Returns the first offending line, or nil.
    static func firstUnbalancedLine(in app: Application) -> String? {
        var appearing: [String: String] = [:]  // label → the last appearance event
        let allowedAfter: [String: String] = [
            "viewWillAppear": "viewDidDisappear", "viewDidAppear": "viewWillAppear",
            "viewWillDisappear": "viewDidAppear", "viewDidDisappear": "viewWillDisappear",
        ]
        for event in app.trace.events(names: appearanceEvents) {
            let last = appearing[event.label] ?? "viewDidDisappear"
            guard allowedAfter[event.name] == last else { return event.line }
            appearing[event.label] = event.name
        }
        return nil
    }

    /// L19: switching from A to B while visible gives `B viewWillAppear,
    /// A viewWillDisappear`, then at the end of the turn `A viewDidDisappear,
    /// B viewDidAppear`; B's view loads first. Switching back does not reload.
    @Test
    func L19_tabSwitch() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let b = ViewController(label: "B")
        let tabBar = TabBarController(viewControllers: [a, b], label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        #expect(tabBar.selectedIndex == 0)

        let mark = app.trace.count
        tabBar.selectedIndex = 1
        // The did-callbacks wait for the end of the turn; the views swap at the call.
        #expect(Self.lines(app, since: mark, labels: ["A", "B"]) == [
            "B loadView", "B viewDidLoad", "B viewWillAppear", "A viewWillDisappear",
        ])
        #expect(tabBar.view.subviews.map(\.traceLabel) == [b.view.traceLabel])
        #expect(a.viewIfLoaded?.window == nil)
        try app.settle()
        #expect(Self.lines(app, since: mark, labels: ["A", "B"]) == [
            "B loadView", "B viewDidLoad", "B viewWillAppear", "A viewWillDisappear",
            "A viewDidDisappear", "B viewDidAppear",
        ])
        #expect(tabBar.selectedViewController === b)

        let backMark = app.trace.count
        tabBar.selectedViewController = a
        try app.settle()
        #expect(Self.lines(app, since: backMark, labels: ["A", "B"]) == [
            "A viewWillAppear", "B viewWillDisappear", "B viewDidDisappear", "A viewDidAppear",
        ])
        #expect(tabBar.selectedIndex == 0)
        #expect(app.diagnostics.isEmpty)
    }

    /// L19: selecting the tab that is already selected does nothing.
    @Test
    func L19_selectingTheSelectedTabDoesNothing() throws {
        let app = try Application()
        let tabBar = TabBarController(viewControllers: [ViewController(label: "A"), ViewController(label: "B")],
                                      label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        let mark = app.trace.count
        tabBar.selectedIndex = 0
        try app.settle()
        #expect(Self.lines(app, since: mark, labels: ["A", "B"]).isEmpty)
        #expect(app.diagnostics.isEmpty)
    }

    /// L21: when the tab bar controller appears or disappears, only the selected child
    /// gets the callbacks, right after the tab bar controller's.
    @Test
    func L21_onlySelectedChildAppearsWithTabBar() throws {
        let app = try Application()
        let tabBar = TabBarController(viewControllers: [ViewController(label: "A"), ViewController(label: "B")],
                                      label: "TabBar")
        let window = try showInWindow(tabBar, app: app)
        let labels: Set = ["TabBar", "A", "B"]
        #expect(Self.lines(app, since: 0, labels: labels, events: Self.appearanceEvents) == [
            "TabBar viewWillAppear", "A viewWillAppear", "TabBar viewDidAppear", "A viewDidAppear",
        ])
        #expect(Self.lines(app, since: 0, labels: ["B"], events: Self.switchEvents).isEmpty)

        let mark = app.trace.count
        window.rootViewController = ViewController(label: "Other")
        try app.settle()
        #expect(Self.lines(app, since: mark, labels: labels, events: Self.appearanceEvents) == [
            "TabBar viewWillDisappear", "A viewWillDisappear", "TabBar viewDidDisappear", "A viewDidDisappear",
        ])
        #expect(app.diagnostics.isEmpty)
    }

    /// L20: fifty seeded random switches among three tabs, settling in between, keep every
    /// controller's appearance balanced.
    @Test
    func L20_balanceAcrossManySwitches() throws {
        let app = try Application()
        let tabs = ["A", "B", "C"].map { ViewController(label: $0) }
        let tabBar = TabBarController(viewControllers: tabs, label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        var generator = SeededGenerator(seed: 19)
        var expected = 0
        for _ in 0..<50 {
            let index = Int.random(in: 0..<tabs.count, using: &generator)
            tabBar.selectedIndex = index
            expected = index
            try app.settle()
            #expect(tabBar.selectedIndex == expected)
        }
        #expect(app.diagnostics.isEmpty)
        #expect(Self.firstUnbalancedLine(in: app) == nil)
        // Exactly the selected tab is on screen at the end.
        for (index, tab) in tabs.enumerated() {
            #expect(tab.isAppearingOrAppeared == (index == expected))
            #expect((tab.viewIfLoaded?.window != nil) == (index == expected))
        }
    }

    /// L20: a switch in the turn the tab bar controller appears (its own did-callbacks
    /// still pending) takes the `appearing → disappearing` edge for A and stays balanced.
    @Test
    func L20_switchWhileTabBarIsAppearing() throws {
        let app = try Application()
        let tabBar = TabBarController(viewControllers: [ViewController(label: "A"), ViewController(label: "B")],
                                      label: "TabBar")
        let window = Window(label: "main")
        window.rootViewController = tabBar
        window.makeKeyAndVisible()
        tabBar.selectedIndex = 1
        try app.settle()
        #expect(Self.lines(app, since: 0, labels: ["TabBar", "A", "B"], events: Self.appearanceEvents) == [
            "TabBar viewWillAppear", "A viewWillAppear", "B viewWillAppear", "A viewWillDisappear",
            // The switch's own did-callbacks, in L19's order: a begin's end reaches only the
            // children it began, and A's appearance was overtaken by the switch.
            "TabBar viewDidAppear", "A viewDidDisappear", "B viewDidAppear",
        ])
        #expect(app.diagnostics.isEmpty)
    }

    /// L19: a switch while the tab bar controller is not visible only swaps the views; the
    /// new tab appears with the tab bar controller later.
    @Test
    func L19_switchWhileNotVisible() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let b = ViewController(label: "B")
        let tabBar = TabBarController(viewControllers: [a, b], label: "TabBar")
        tabBar.loadViewIfNeeded()
        tabBar.selectedIndex = 1
        try app.settle()
        #expect(Self.lines(app, since: 0, labels: ["A", "B"], events: Self.appearanceEvents).isEmpty)
        #expect(tabBar.selectedViewController === b)
        #expect(tabBar.view.subviews.count == 1 && tabBar.view.subviews.first === b.view)

        let mark = app.trace.count
        _ = try showInWindow(tabBar, app: app)
        #expect(Self.lines(app, since: mark, labels: ["TabBar", "A", "B"], events: Self.appearanceEvents) == [
            "TabBar viewWillAppear", "B viewWillAppear", "TabBar viewDidAppear", "B viewDidAppear",
        ])
        #expect(app.diagnostics.isEmpty)
    }

    /// An out-of-range index, or a controller that is not a tab, records
    /// `invalidHierarchy` and changes nothing.
    @Test
    func L19_invalidSelectionIsDiagnosed() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let tabBar = TabBarController(viewControllers: [a, ViewController(label: "B")], label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        let mark = app.trace.count
        tabBar.selectedIndex = 2
        tabBar.selectedIndex = -1
        tabBar.selectedViewController = ViewController(label: "Stranger")
        tabBar.selectedViewController = nil
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == Array(repeating: .invalidHierarchy, count: 4))
        #expect(tabBar.selectedViewController === a)
        #expect(tabBar.selectedIndex == 0)
        #expect(Self.lines(app, since: mark, labels: ["A", "B", "Stranger"]).isEmpty)
        // No tabs: UIKit's NSNotFound.
        #expect(TabBarController(label: "Empty").selectedIndex == Int.max)
    }

    /// L20, L22: a second switch while the first one's did-callbacks are pending records
    /// `presentWhilePresenting` and is ignored; nothing is left unbalanced.
    @Test
    func L20_secondSwitchInSameTurnIsDiagnosed() throws {
        let app = try Application()
        let tabs = ["A", "B", "C"].map { ViewController(label: $0) }
        let tabBar = TabBarController(viewControllers: tabs, label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        let mark = app.trace.count
        tabBar.selectedIndex = 1
        tabBar.selectedIndex = 2
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.presentWhilePresenting])
        #expect(app.diagnostics.first?.message == "tab switch to C while a tab switch is in progress")
        #expect(tabBar.selectedIndex == 1)
        #expect(Self.lines(app, since: mark, labels: ["A", "B", "C"]) == [
            "B loadView", "B viewDidLoad", "B viewWillAppear", "A viewWillDisappear",
            "A viewDidDisappear", "B viewDidAppear",
        ])
        #expect(Self.firstUnbalancedLine(in: app) == nil)
        // Once the turn is over, switching works again.
        tabBar.selectedIndex = 2
        try app.settle()
        #expect(tabBar.selectedIndex == 2)
        #expect(app.diagnostics.count == 1)
        #expect(Self.firstUnbalancedLine(in: app) == nil)
    }

    /// L21: replacing the tabs removes the old children (`willMove(toParent: nil)`, then
    /// `didMove(toParent: nil)`), adds the new ones, and a removed selected tab disappears
    /// before it leaves; the tab at the same index is selected and appears.
    @Test
    func L21_replacingViewControllers() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let b = ViewController(label: "B")
        let c = ViewController(label: "C")
        let d = ViewController(label: "D")
        let tabBar = TabBarController(viewControllers: [a, b, c], label: "TabBar")
        _ = try showInWindow(tabBar, app: app)
        let mark = app.trace.count
        tabBar.viewControllers = [b, d]
        #expect(tabBar.viewControllers.map(\.traceLabel) == ["B", "D"])
        try app.settle()
        #expect(tabBar.children.map(\.traceLabel) == ["B", "D"])
        #expect(tabBar.selectedViewController === b)
        #expect(a.parent == nil && c.parent == nil && d.parent === tabBar)

        let containment: Set = ["willMoveToParentViewController", "didMoveToParentViewController"]
        let events = app.trace.events.filter { $0.sequence >= mark }
        #expect(events.filter { containment.contains($0.name) }.map { "\($0.line) \($0.detail)" } == [
            "A willMoveToParentViewController nil", "C willMoveToParentViewController nil",
            "D willMoveToParentViewController TabBar", "C didMoveToParentViewController nil",
            "A didMoveToParentViewController nil", "D didMoveToParentViewController TabBar",
        ])
        #expect(Self.lines(app, since: mark, labels: ["A", "B", "C", "D"], events: Self.appearanceEvents) == [
            "B viewWillAppear", "A viewWillDisappear", "A viewDidDisappear", "B viewDidAppear",
        ])
        // A leaves its parent only after its viewDidDisappear.
        let lines = events.map(\.line)
        let didDisappear = try #require(lines.firstIndex(of: "A viewDidDisappear"))
        let leftParent = try #require(lines.firstIndex(of: "A didMoveToParentViewController"))
        #expect(didDisappear < leftParent)
        #expect(app.diagnostics.isEmpty)
        #expect(Self.firstUnbalancedLine(in: app) == nil)
    }
}
