import Testing
@testable import Lifeloop

/// L04–L13 on seed 001's tree.
@Suite("Conformance: the view tree")
struct ViewTreeConformance {
    /// L04: building the tree off-window gives, per `addSubview`, `child
    /// willMoveToSuperview`, `child didMoveToSuperview`, `parent didAddSubview` (seed 001
    /// steps 5–9).
    @Test
    func L04_buildingATreeOffWindow() throws {
        let app = try Application()
        let controller = SeedTreeController(label: "VC")
        _ = controller.view
        defer { withExtendedLifetime(controller) {} }
        let events: Set = ["willMoveToSuperview", "didMoveToSuperview", "didAddSubview", "willMoveToWindow"]
        #expect(app.trace.projected(labels: seedTreeLabels, events: events) == [
            "view12 willMoveToSuperview", "view12 didMoveToSuperview", "view1 didAddSubview",
            "view111 willMoveToSuperview", "view111 didMoveToSuperview", "view11 didAddSubview",
            "view11 willMoveToSuperview", "view11 didMoveToSuperview", "view1 didAddSubview",
            "view1 willMoveToSuperview", "view1 didMoveToSuperview", "root didAddSubview",
            "view2 willMoveToSuperview", "view2 didMoveToSuperview", "root didAddSubview",
        ])
    }

    /// L04w (revised): adding into a window announces the window move first and mirrors
    /// removal: the subtree's `willMoveToWindow`, `willMoveToSuperview`, the subtree's
    /// `didMoveToWindow`, `didMoveToSuperview`, `didAddSubview`; the parent is marked for
    /// layout. The first version of the rule had `willMoveToSuperview` first.
    @Test
    func L04w_addingIntoAWindow() throws {
        let app = try Application()
        let controller = SeedTreeController(label: "VC")
        _ = try showInWindow(controller, app: app)
        let extra = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        extra.traceLabel = "extra"
        let inner = View(frame: .zero)
        inner.traceLabel = "inner"
        extra.addSubview(inner)
        let mark = app.trace.count
        controller.view.addSubview(extra)
        #expect(controller.view.needsLayout)
        try app.settle()
        let after = app.trace.events.filter { $0.sequence >= mark }.map(\.line)
        #expect(after.filter { !$0.hasSuffix("drawRect") && !$0.hasPrefix("main ") } == [
            "extra willMoveToWindow", "inner willMoveToWindow", "extra willMoveToSuperview",
            "inner didMoveToWindow", "extra didMoveToWindow", "extra didMoveToSuperview", "root didAddSubview",
            "VC viewWillLayoutSubviews", "root layoutSubviews", "VC viewDidLayoutSubviews",
            "extra layoutSubviews", "inner layoutSubviews",
        ])
    }

    static let appearEvents: Set = ["viewWillAppear", "viewIsAppearing", "willMoveToWindow", "didMoveToWindow",
                                    "viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews",
                                    "drawRect", "viewDidAppear"]

    static let appearanceOfSeedTree = [
        "VC viewWillAppear",
        "root willMoveToWindow", "view1 willMoveToWindow", "view12 willMoveToWindow",
        "view11 willMoveToWindow", "view111 willMoveToWindow", "view2 willMoveToWindow",
        "view12 didMoveToWindow", "view111 didMoveToWindow", "view11 didMoveToWindow",
        "view1 didMoveToWindow", "view2 didMoveToWindow", "root didMoveToWindow",
        "VC viewWillLayoutSubviews", "root layoutSubviews", "VC viewDidLayoutSubviews",
        "view2 layoutSubviews", "view1 layoutSubviews", "view11 layoutSubviews",
        "view111 layoutSubviews", "view12 layoutSubviews",
        "root drawRect", "view2 drawRect", "view1 drawRect", "view11 drawRect", "view111 drawRect", "view12 drawRect",
        "VC viewDidAppear",
    ]

    /// L05: the root controller appears: `viewWillAppear`, window moves, layout pass,
    /// display pass, `viewDidAppear` (seed 001 steps 10–16).
    @Test
    func L05_appearanceOfRootController() throws {
        let app = try Application()
        // The seeds' one layout round at launch: a release before iOS 11 (L31).
        app.uikitVersion = .iOS10
        _ = try showInWindow(SeedTreeController(label: "VC"), app: app)
        #expect(app.trace.projected(labels: seedTreeLabels.union(["VC"]), events: Self.appearEvents)
                == Self.appearanceOfSeedTree)
    }

    /// L05 (revised): with iOS 17's callback, `viewIsAppearing` comes in the same commit,
    /// in the layout pass, right after the superview's (here the window's) `layoutSubviews`
    /// and before the controller's `viewWillLayoutSubviews`. The first version of the rule
    /// put it before the layout pass, ahead of the window's `layoutSubviews`.
    @Test(arguments: [false, true])
    func L05_viewIsAppearingComesRightAfterTheSuperviewLaysOut(byVersion: Bool) throws {
        let app = try Application()
        // Seed 001's tree with one launch round (before iOS 11), or iOS 17 itself, whose
        // launch lays the root out a second time before viewDidAppear (L31).
        if byVersion { app.uikitVersion = .iOS17 } else { app.uikitVersion = .iOS10; app.callsViewIsAppearing = true }
        _ = try showInWindow(SeedTreeController(label: "VC"), app: app)
        var expected = Self.appearanceOfSeedTree
        let layout = expected.firstIndex(of: "VC viewWillLayoutSubviews")!
        expected.insert(contentsOf: ["main layoutSubviews", "VC viewIsAppearing"], at: layout)
        if byVersion {
            let drawn = expected.firstIndex(of: "root drawRect")!
            expected.insert(contentsOf: ["VC viewWillLayoutSubviews", "root layoutSubviews", "VC viewDidLayoutSubviews"], at: drawn)
        }
        #expect(app.trace.projected(labels: seedTreeLabels.union(["VC", "main"]), events: Self.appearEvents)
                    .filter { $0 != "main willMoveToWindow" && $0 != "main didMoveToWindow" && $0 != "main drawRect" }
                == expected)
        let events = app.trace.events(labels: ["VC"], names: ["viewIsAppearing", "viewWillLayoutSubviews"])
        #expect(Set(events.map(\.turn)).count == 1, "same commit")
    }

    /// L05: a child inside its parent's view gets `viewIsAppearing` after the parent's, each
    /// right before its own `viewWillLayoutSubviews`; iOS 12's default calls none.
    @Test
    func L05_childrenGetViewIsAppearingBeforeTheirLayout() throws {
        do {
            let app = try Application()
            app.callsViewIsAppearing = true
            let parent = TransitionConformance.Container(child: ViewController(label: "Child"))
            _ = try showInWindow(parent, app: app)
            let lines = app.trace.projected(labels: ["Parent", "Child"],
                                            events: ["viewWillAppear", "viewIsAppearing", "viewWillLayoutSubviews", "viewDidAppear"])
            // viewIsAppearing in the first round only; the launch's second round (L31) after.
            #expect(lines == [
                "Parent viewWillAppear", "Child viewWillAppear", "Parent viewIsAppearing", "Parent viewWillLayoutSubviews",
                "Child viewIsAppearing", "Child viewWillLayoutSubviews", "Parent viewWillLayoutSubviews", "Child viewWillLayoutSubviews",
                "Parent viewDidAppear", "Child viewDidAppear",
            ])
            try app.close()
        }
        let plain = try Application()
        _ = try showInWindow(SeedTreeController(label: "VC"), app: plain)
        #expect(!plain.trace.lines.contains("VC viewIsAppearing"))
    }

    /// L06: `willMoveToWindow` pre-order, `didMoveToWindow` post-order (seed 001).
    @Test
    func L06_windowMoves() throws {
        let app = try Application()
        _ = try showInWindow(SeedTreeController(label: "VC"), app: app)
        #expect(app.trace.projected(labels: seedTreeLabels, events: ["willMoveToWindow"]).map { $0.split(separator: " ")[0] }
                == ["root", "view1", "view12", "view11", "view111", "view2"])
        #expect(app.trace.projected(labels: seedTreeLabels, events: ["didMoveToWindow"]).map { $0.split(separator: " ")[0] }
                == ["view12", "view111", "view11", "view1", "view2", "root"])
    }

    /// L07: parent before children, siblings last-added first; the controller's
    /// will/did-layout wrap the root view's own layout (seed 001).
    @Test
    func L07_layoutPassOrder() throws {
        let app = try Application()
        app.uikitVersion = .iOS10  // seed 001's one launch round (L31)
        _ = try showInWindow(SeedTreeController(label: "VC"), app: app)
        #expect(app.trace.projected(labels: seedTreeLabels.union(["VC"]),
                                    events: ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"]) == [
            "VC viewWillLayoutSubviews", "root layoutSubviews", "VC viewDidLayoutSubviews",
            "view2 layoutSubviews", "view1 layoutSubviews", "view11 layoutSubviews",
            "view111 layoutSubviews", "view12 layoutSubviews",
        ])
    }

    /// L08: `drawRect` after the layout pass, in the same commit and order; afterwards only
    /// marked views are drawn.
    @Test
    func L08_displayPass() throws {
        let app = try Application()
        let controller = SeedTreeController(label: "VC")
        let window = try showInWindow(controller, app: app)
        let draws = app.trace.events(labels: seedTreeLabels, names: ["drawRect"])
        #expect(draws.map(\.label) == ["root", "view2", "view1", "view11", "view111", "view12"])
        let lastLayout = try #require(app.trace.events(labels: seedTreeLabels, names: ["layoutSubviews"]).last)
        #expect(draws.allSatisfy { $0.turn == lastLayout.turn && $0.sequence > lastLayout.sequence })
        let mark = app.trace.count
        window.viewWithLabel("view11")?.setNeedsDisplay()
        window.viewWithLabel("view2")?.setNeedsDisplay(Rect(x: 0, y: 0, width: 1, height: 1))
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line) == ["view2 drawRect", "view11 drawRect"])
    }

    /// L09: marks coalesce; the passes run once at the end of the turn; `layoutIfNeeded`
    /// lays out the marked part now and makes no callback when nothing is marked.
    @Test
    func L09_deferralAndCoalescing() throws {
        let app = try Application()
        let controller = SeedTreeController(label: "VC")
        let window = try showInWindow(controller, app: app)
        let view11 = try #require(window.viewWithLabel("view11"))
        var mark = app.trace.count
        var seenDuringTurn: [String] = []
        app.loop.execute {
            for _ in 0..<1000 { view11.setNeedsLayout() }
            seenDuringTurn = app.trace.events.filter { $0.sequence >= mark }.map(\.line)
        }
        try app.settle()
        #expect(seenDuringTurn.isEmpty, "setNeedsLayout only marks")
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line) == ["view11 layoutSubviews"])

        mark = app.trace.count
        controller.view.layoutIfNeeded()
        #expect(app.trace.count == mark, "nothing marked: no callback at all")

        view11.setNeedsLayout()
        controller.view.layoutIfNeeded()
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line) == ["view11 layoutSubviews"])

        mark = app.trace.count
        view11.frame = Rect(x: 0, y: 0, width: 120, height: 120)
        view11.frame = Rect(x: 5, y: 5, width: 120, height: 120)
        try app.settle()
        // A size change marks the view and its superview (L26); a move alone marks nothing.
        #expect(app.trace.events.filter { $0.sequence >= mark }.map(\.line) == ["view1 layoutSubviews", "view11 layoutSubviews"],
                "a size change marks, a move alone does not")

        mark = app.trace.count
        window.viewWithLabel("view111")?.removeFromSuperview()
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && $0.name == "layoutSubviews" }.map(\.label) == ["view11"],
                "removing a subview marks the superview")
    }

    final class FrameWatcher: ViewController {
        var frames: [String: Rect] = [:]
        var textView: View? { viewIfLoaded?.viewWithLabel("textView") }
        func note(_ callback: String) { frames[callback] = textView?.frame }
        override func viewDidLoad() { note("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { note("viewWillAppear") }
        override func viewWillLayoutSubviews() { note("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { note("viewDidLayoutSubviews") }
        override func viewDidAppear(_ animated: Bool) { note("viewDidAppear") }
    }

    /// L10: a nib designed at 600×600 with a text view at (20,40,560,160), flexible width
    /// and height, shown in a 414×736 window (seed 003).
    @Test
    func L10_framesThroughTheCycle() throws {
        let app = try Application(screen: .phone)
        app.uikitVersion = .iOS10  // seed 003's one launch round (L31)
        let textView = ViewNode(label: "textView", frame: Rect(x: 20, y: 40, width: 560, height: 160),
                                autoresizingMask: [.flexibleWidth, .flexibleHeight])
        app.registerNib(NibDefinition(name: "FrameWatcher", root: ViewNode(
            label: "root", frame: Rect(x: 0, y: 0, width: 600, height: 600), subviews: [textView])))
        let controller = FrameWatcher(label: "VC")
        let window = try showInWindow(controller, app: app)
        let designed = Rect(x: 20, y: 40, width: 560, height: 160)
        let laidOut = Rect(x: 20, y: 40, width: 374, height: 296)
        #expect(controller.frames == [
            "viewDidLoad": designed, "viewWillAppear": designed, "viewWillLayoutSubviews": designed,
            "viewDidLayoutSubviews": laidOut, "viewDidAppear": laidOut,
        ])
        // A later size change (a rotation) gives the layout callbacks again.
        let mark = app.trace.count
        window.frame = Rect(x: 0, y: 0, width: 736, height: 414)
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && $0.label == "VC" }.map(\.name)
                == ["viewWillTransitionToSize", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(controller.textView?.frame.width == 696, "fixed margins, flexible width: 374 + (736 - 414)")
    }
}
