import Testing
@testable import Lifeloop

/// L11–L14: disappearing, teardown, manual removal, memory warnings.
@Suite("Conformance: disappearing and teardown")
struct TeardownConformance {
    /// Shows a root A, presents seed 001's tree controller T over it, then dismisses T.
    static func presentAndDismissTree() throws -> Application {
        let app = try Application()
        let root = ViewController(label: "A")
        _ = try showInWindow(root, app: app)
        root.present(SeedTreeController(label: "T"), animated: false)
        try app.settle()
        root.dismiss(animated: false)
        try app.settle()
        return app
    }

    /// L11: `viewWillDisappear`, the hierarchy leaves the window (`willMoveToWindow`
    /// pre-order, `didMoveToWindow` post-order), `viewDidDisappear` (seed 001 页面消失).
    @Test
    func L11_disappearing() throws {
        let app = try Self.presentAndDismissTree()
        let lines = app.trace.projected(labels: seedTreeLabels.union(["T"]),
                                        events: ["viewWillDisappear", "willMoveToWindow", "didMoveToWindow", "viewDidDisappear"])
        let start = try #require(lines.firstIndex(of: "T viewWillDisappear"))
        #expect(Array(lines[start...]) == [
            "T viewWillDisappear",
            "root willMoveToWindow", "view1 willMoveToWindow", "view12 willMoveToWindow",
            "view11 willMoveToWindow", "view111 willMoveToWindow", "view2 willMoveToWindow",
            "view12 didMoveToWindow", "view111 didMoveToWindow", "view11 didMoveToWindow",
            "view1 didMoveToWindow", "view2 didMoveToWindow", "root didMoveToWindow",
            "T viewDidDisappear",
        ])
    }

    /// L12: after `dealloc` the tree is dismantled top-down, level by level, each level in
    /// subview order; each view gets `willMoveToSuperview`, `didMoveToSuperview`,
    /// `removeFromSuperview`, its parent `willRemoveSubview` per child (seed 001).
    @Test
    func L12_teardown() throws {
        let app = try Self.presentAndDismissTree()
        let after = app.trace.lines(after: "T dealloc")
        let events: Set = ["willMoveToSuperview", "didMoveToSuperview", "removeFromSuperview", "willRemoveSubview"]
        let projected = after.filter { line in
            let parts = line.split(separator: " ")
            return seedTreeLabels.contains(String(parts[0])) && events.contains(String(parts[1]))
        }
        func removal(_ view: String, from parent: String) -> [String] {
            ["\(parent) willRemoveSubview", "\(view) willMoveToSuperview", "\(view) didMoveToSuperview", "\(view) removeFromSuperview"]
        }
        #expect(projected == removal("view1", from: "root") + removal("view2", from: "root")
                + removal("view12", from: "view1") + removal("view11", from: "view1") + removal("view111", from: "view11"))
        #expect(app.trace.lines.filter { $0 == "T dealloc" }.count == 1)
        #expect(app.trace.lines.last(where: { $0.hasPrefix("T ") }) == "T dealloc", "nothing reaches T after dealloc")
    }

    /// L13: `view1.removeFromSuperview()` in a window; view1 keeps its subviews, which only
    /// leave the window; the controller relays out in the next pass (seed 001 注意 4).
    @Test
    func L13_manualRemoval() throws {
        let app = try Application()
        let controller = SeedTreeController(label: "VC")
        let window = try showInWindow(controller, app: app)
        let view1 = try #require(window.viewWithLabel("view1"))
        let mark = app.trace.count
        view1.removeFromSuperview()
        try app.settle()
        let events: Set = ["willRemoveSubview", "willMoveToSuperview", "willMoveToWindow", "didMoveToWindow",
                           "removeFromSuperview", "viewWillLayoutSubviews", "viewDidLayoutSubviews"]
        let lines = app.trace.events.filter { $0.sequence >= mark && events.contains($0.name) }.map(\.line)
        #expect(lines == [
            "root willRemoveSubview", "view1 willMoveToSuperview",
            "view1 willMoveToWindow", "view12 willMoveToWindow", "view11 willMoveToWindow", "view111 willMoveToWindow",
            "view12 didMoveToWindow", "view111 didMoveToWindow", "view11 didMoveToWindow", "view1 didMoveToWindow",
            "view1 removeFromSuperview",
            "VC viewWillLayoutSubviews", "VC viewDidLayoutSubviews",
        ])
        #expect(view1.superview == nil)
        #expect(view1.subviews.map(\.traceLabel) == ["view12", "view11"])
        #expect(view1.viewWithLabel("view111")?.window == nil)
    }

    /// L14, modern policy (the default): every live controller gets
    /// `didReceiveMemoryWarning` in creation order; nothing is unloaded (seed 000).
    @Test
    func L14_memoryWarningUnderTheModernPolicy() throws {
        let app = try Application()
        let shown = ViewController(label: "A")
        let offscreen = ViewController(label: "B")
        _ = offscreen.view
        _ = try showInWindow(shown, app: app)
        let mark = app.trace.count
        app.simulateMemoryWarning()
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line)
                == ["app memoryWarning", "A didReceiveMemoryWarning", "B didReceiveMemoryWarning"])
        #expect(offscreen.isViewLoaded)
    }

    /// L14, legacy policy (iOS 3–5): a loaded view not in a window is released between
    /// `viewWillUnload` and `viewDidUnload`, and the next read loads it again; a view in a
    /// window is never unloaded (seeds 002, 004).
    @Test
    func L14_memoryWarningUnderTheLegacyPolicy() throws {
        let app = try Application()
        app.unloadPolicy = .legacy
        let shown = ViewController(label: "A")
        let offscreen = ViewController(label: "B")
        let neverLoaded = ViewController(label: "C")
        _ = offscreen.view
        _ = try showInWindow(shown, app: app)
        let mark = app.trace.count
        app.simulateMemoryWarning()
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line) == [
            "app memoryWarning", "A didReceiveMemoryWarning",
            "B didReceiveMemoryWarning", "B viewWillUnload", "B viewDidUnload",
            "C didReceiveMemoryWarning",
        ])
        #expect(shown.isViewLoaded)
        #expect(!offscreen.isViewLoaded)
        #expect(!neverLoaded.isViewLoaded)
        _ = offscreen.view
        #expect(app.trace.lines.suffix(2) == ["B loadView", "B viewDidLoad"])
    }
}

@Suite("Conformance: memory warnings and transitions")
struct MemoryWarningTransitionConformance {
    /// L14 with L16: a view unloaded while covered loads again before the controller's
    /// `viewWillAppear` when it is revealed.
    @Test
    func L14_unloadedViewReloadsBeforeItReappearsOnPop() throws {
        let app = try Application()
        app.unloadPolicy = .legacy
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        navigation.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        app.simulateMemoryWarning()
        let mark = app.trace.count
        navigation.popViewController(animated: false)
        try app.settle()
        let lines = app.trace.events.filter { $0.sequence >= mark && $0.label == "A" }.map(\.name)
        #expect(Array(lines.prefix(3)) == ["loadView", "viewDidLoad", "viewWillAppear"])
    }

    /// L14 with L17: the same on dismissal of a full-screen presentation.
    @Test
    func L14_unloadedViewReloadsBeforeItReappearsOnDismiss() throws {
        let app = try Application()
        app.unloadPolicy = .legacy
        let presenter = ViewController(label: "A")
        _ = try showInWindow(presenter, app: app)
        presenter.present(ViewController(label: "B"), animated: false)
        try app.settle()
        app.simulateMemoryWarning()
        #expect(!presenter.isViewLoaded)
        let mark = app.trace.count
        presenter.dismiss(animated: false)
        try app.settle()
        let lines = app.trace.events.filter { $0.sequence >= mark && $0.label == "A" }.map(\.name)
        // A freshly loaded view is laid out once, unlike the view that stayed loaded in L15.
        #expect(lines == ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews",
                          "viewDidLayoutSubviews", "viewDidAppear"])
        #expect(presenter.viewIfLoaded?.window != nil)
    }
}
