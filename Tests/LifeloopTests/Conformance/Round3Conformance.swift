import Testing
@testable import Lifeloop

/// Round 3 of the rules (L31, L32): a launch lays out twice from iOS 11, and a controller
/// inside a container sees its container's presentation as its own.
@Suite("Conformance: round 3 (L31, L32)")
struct Round3Conformance {
    static let layoutRound: Set = ["viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"]

    /// Two rounds, as the public logs show: `viewWillAppear`, will/did-layout twice,
    /// `viewDidAppear`.
    static func twoRounds(_ label: String) -> [String] {
        ["viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
         "viewDidAppear"].map { "\(label) \($0)" }
    }

    static func oneRound(_ label: String) -> [String] {
        ["viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"].map { "\(label) \($0)" }
    }

    // MARK: L31

    /// L31: at launch (iOS 11 on; Lifeloop's default is iOS 12) the root controller's view
    /// and the view of a child it added in `viewDidLoad` are laid out in two rounds before
    /// `viewDidAppear`, in the same commit, and drawn once, after both.
    @Test
    func L31_launchLaysTheRootAndItsChildrenOutTwiceBeforeViewDidAppear() throws {
        let app = try Application()
        #expect(app.uikitVersion.laysOutTwiceAtLaunch)
        let child = ViewController(label: "Child")
        _ = try showInWindow(TransitionConformance.Container(child: child), app: app)
        #expect(app.trace.projected(labels: ["Parent"], events: Self.layoutRound) == Self.twoRounds("Parent"))
        #expect(app.trace.projected(labels: ["Child"], events: Self.layoutRound) == Self.twoRounds("Child"))
        // Both rounds in one commit (one turn), the child's inside its parent's, and each
        // round's layoutSubviews inside its controller's will/did.
        let rounds = app.trace.events(labels: ["Parent", "Child"], names: ["viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(Set(rounds.map(\.turn)).count == 1)
        #expect(app.trace.projected(labels: ["Parent", "Child"], events: ["viewWillLayoutSubviews", "viewDidLayoutSubviews"]) == [
            "Parent viewWillLayoutSubviews", "Parent viewDidLayoutSubviews", "Child viewWillLayoutSubviews", "Child viewDidLayoutSubviews",
            "Parent viewWillLayoutSubviews", "Parent viewDidLayoutSubviews", "Child viewWillLayoutSubviews", "Child viewDidLayoutSubviews",
        ])
        let lines = app.trace.lines
        let secondDidLayout = try #require(lines.lastIndex(of: "Parent viewDidLayoutSubviews"))
        let drawn = try #require(lines.firstIndex { $0.hasSuffix(" drawRect") })
        #expect(secondDidLayout < drawn, "the display pass follows both rounds")
        #expect(app.diagnostics.isEmpty)
    }

    /// L31: behaviour versions before iOS 11 keep the seeds' one round (seed 004).
    @Test
    func L31_beforeIOS11ALaunchLaysOutOnce() throws {
        let app = try Application()
        app.uikitVersion = .iOS10
        #expect(!app.uikitVersion.laysOutTwiceAtLaunch)
        let child = ViewController(label: "Child")
        _ = try showInWindow(TransitionConformance.Container(child: child), app: app)
        #expect(app.trace.projected(labels: ["Parent"], events: Self.layoutRound) == Self.oneRound("Parent"))
        #expect(app.trace.projected(labels: ["Child"], events: Self.layoutRound) == Self.oneRound("Child"))
    }

    /// L31: only at launch. A pushed and a presented controller appear with one round
    /// (L16, L17), and the launched root is not laid out again by them.
    @Test(arguments: [false, true])
    func L31_onlyALaunchLaysOutTwice(animated: Bool) throws {
        let app = try Application()
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        #expect(app.trace.projected(labels: ["A"], events: Self.layoutRound) == Self.twoRounds("A"))
        var mark = app.trace.count
        navigation.pushViewController(ViewController(label: "B"), animated: animated)
        try app.settle()
        #expect(Array(app.trace.lines[Int(mark)...]).filter { Self.layoutRound.contains(String($0.split(separator: " ")[1])) && $0.hasPrefix("B ") }
                == Self.oneRound("B"))
        mark = app.trace.count
        navigation.present(ViewController(label: "C"), animated: animated)
        try app.settle()
        #expect(Array(app.trace.lines[Int(mark)...]).filter { Self.layoutRound.contains(String($0.split(separator: " ")[1])) && $0.hasPrefix("C ") }
                == Self.oneRound("C"))
    }

    /// L31: a second window shown later also launches (its first appearance) with two
    /// rounds; each window's rounds stay in its own commit.
    @Test
    func L31_eachWindowsFirstAppearanceLaysOutTwice() throws {
        let app = try Application()
        _ = try showInWindow(ViewController(label: "First"), app: app)
        let second = Window(screen: .tablet, label: "second")
        second.rootViewController = ViewController(label: "Second")
        second.isHidden = false
        try app.settle()
        #expect(app.trace.projected(labels: ["First"], events: Self.layoutRound) == Self.twoRounds("First"))
        #expect(app.trace.projected(labels: ["Second"], events: Self.layoutRound) == Self.twoRounds("Second"))
    }

    // MARK: L32

    /// An app showing `Nav`, a navigation controller whose root is `A`.
    static func navigationWithRootA() throws -> (Application, ViewController, NavigationController) {
        let app = try Application()
        let a = ViewController(label: "A")
        let navigation = NavigationController(rootViewController: a, label: "Nav")
        _ = try showInWindow(navigation, app: app)
        return (app, a, navigation)
    }

    /// L32: a controller inside a navigation controller sees the presentation its
    /// container made: `presentedViewController` through the nearest ancestor,
    /// `presentingViewController` through the farthest.
    @Test
    func L32_aControllerInsideAContainerSeesItsPresentation() throws {
        let (app, a, navigation) = try Self.navigationWithRootA()
        let inner = ViewController(label: "Inner")
        let presented = NavigationController(rootViewController: inner, label: "Sheet")
        navigation.present(presented, animated: false)
        try app.settle()
        #expect(navigation.presentedViewController === presented)
        #expect(a.presentedViewController === presented, "through its nearest ancestor")
        #expect(presented.presentingViewController === navigation)
        #expect(inner.presentingViewController === navigation, "through its farthest ancestor")
        #expect(inner.presentedViewController == nil)
        #expect(a.presentingViewController == nil)
    }

    /// L32: `dismiss` on the root of a navigation controller that presented dismisses that
    /// presentation (it used to be refused: "A neither presents nor is presented"), with
    /// L17's order, and the dismissed controller goes.
    @Test(arguments: [false, true])
    func L32_dismissFromInsideTheContainerThatPresented(animated: Bool) throws {
        let (app, a, navigation) = try Self.navigationWithRootA()
        weak var gone: ViewController?
        do {
            let b = ViewController(label: "B")
            gone = b
            navigation.present(b, animated: false)
            try app.settle()
        }
        let mark = app.trace.count
        a.dismiss(animated: animated)
        try app.settle()
        #expect(!app.diagnostics.contains { $0.kind == .nothingToDismiss })
        #expect(navigation.presentedViewController == nil && a.presentedViewController == nil)
        let lines = Array(app.trace.lines[Int(mark)...]).filter {
            ["viewWillAppear", "viewWillDisappear", "viewDidAppear", "viewDidDisappear", "dealloc"].contains(String($0.split(separator: " ")[1]))
                && ["A", "Nav", "B"].contains(String($0.split(separator: " ")[0]))
        }
        #expect(lines == ["B viewWillDisappear", "Nav viewWillAppear", "A viewWillAppear", "Nav viewDidAppear", "A viewDidAppear",
                          "B viewDidDisappear", "B dealloc"])
        #expect(gone == nil)
    }

    /// L32: called lower in a stack of presentations, a dismissal dismisses everything
    /// above; called from a child of the presenting container, the same.
    @Test
    func L32_dismissLowerInAStackDismissesEverythingAbove() throws {
        let (app, a, navigation) = try Self.navigationWithRootA()
        let b = ViewController(label: "B")
        navigation.present(b, animated: false)
        try app.settle()
        let c = ViewController(label: "C")
        b.present(c, animated: false)
        try app.settle()
        #expect(a.presentedViewController === b && b.presentedViewController === c)
        a.dismiss(animated: true)
        try app.settle()
        #expect(navigation.presentedViewController == nil && b.presentedViewController == nil)
        #expect(!c.isViewInWindow && !b.isViewInWindow && a.isViewInWindow)
        #expect(app.diagnostics.isEmpty)
    }

    /// L32: `nothingToDismiss` is for a controller with no presentation above it or its
    /// ancestors, and that is not presented itself.
    @Test
    func L32_nothingToDismissWhenNoAncestorPresents() throws {
        let (app, a, _) = try Self.navigationWithRootA()
        a.dismiss(animated: false)
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.nothingToDismiss])
        #expect(a.isViewInWindow)
    }
}
