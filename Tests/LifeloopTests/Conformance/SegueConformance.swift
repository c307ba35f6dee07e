import Testing
@testable import Lifeloop

/// Round 2, storyboard segues and the navigation delegate (L24, L30), from storyboard files
/// read by the validating reader, animated and not.
@Suite("Conformance: segue kinds and the navigation delegate (L24, L30)")
struct SegueConformance {
    static let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]

    /// Parses `json`, launches it in a fresh app and settles.
    static func launch(_ json: String, app: Application) throws -> Window {
        let definition = try StoryboardDefinition.parse(Array(json.utf8), name: "Main", file: "Main.storyboard.json")
        let window = app.launch(storyboard: app.storyboard(definition))
        try app.settle()
        return window
    }

    /// The trace lines from `mark` on whose event is in `names`.
    static func lines(_ app: Application, from mark: Int, _ names: Set<String>) -> [String] {
        app.trace.events.filter { $0.sequence >= UInt64(mark) && names.contains($0.name) }.map(\.line)
    }

    static func index(of line: String, in app: Application) -> Int? {
        app.trace.events.firstIndex { $0.line == line }
    }

    /// A navigation controller whose root is Feed; Feed shows Detail; Detail has a back
    /// button and an unwind to Feed.
    static func feedStoryboard(animated: Bool) -> String {
        """
        {"initialScene": "Nav",
         "scenes": [
          {"id": "Nav", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "Feed"}]},
          {"id": "Feed", "view": {"label": "Feed.root", "frame": [0, 0, 414, 736],
                                  "subviews": [{"label": "Feed.row", "frame": [0, 64, 414, 88], "action": "segue:showDetail"}]},
           "segues": [{"identifier": "showDetail", "kind": "show", "destination": "Detail", "animated": \(animated)}]},
          {"id": "Detail", "view": {"label": "Detail.root", "frame": [0, 0, 414, 736],
                                    "subviews": [{"label": "Detail.back", "frame": [0, 20, 80, 44], "action": "back"},
                                                 {"label": "Detail.done", "frame": [0, 90, 80, 44], "action": "segue:backToFeed"}]},
           "segues": [{"identifier": "backToFeed", "kind": "unwind", "destination": "Feed", "animated": \(animated)}]}
         ]}
        """
    }

    // MARK: L24 show

    /// L24: a `show` segue inside a navigation controller pushes, in L16's order (the public
    /// log of a show segue: "B viewDidLoad, A viewWillDisappear, B viewWillAppear,
    /// A viewDidDisappear, B viewDidAppear"); `prepareForSegue` comes after the destination
    /// is created and before its view loads; a back tap then pops, in L16's pop order.
    @Test(arguments: [false, true])
    func L24_showPushesInsideANavigationControllerAndBackPops(animated: Bool) throws {
        let app = try Application()
        let window = try Self.launch(Self.feedStoryboard(animated: animated), app: app)
        let nav = try #require(window.rootViewController as? NavigationController)
        #expect(nav.viewControllers.map(\.traceLabel) == ["Feed"])

        let mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "Feed.row")))
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(nav.viewControllers.map(\.traceLabel) == ["Feed", "Detail"])
        #expect(app.trace.events.filter { $0.sequence >= UInt64(mark) && $0.label != "Feed.row" }.prefix(4).map(\.line) == [
            "Detail initWithCoder", "Detail awakeFromNib", "Feed prepareForSegue", "Detail willMoveToParentViewController",
        ])
        #expect(Self.lines(app, from: mark, Self.appearance.union(["viewDidLoad"])) == [
            "Detail viewDidLoad", "Feed viewWillDisappear", "Detail viewWillAppear", "Feed viewDidDisappear", "Detail viewDidAppear",
        ])
        #expect(nav.presentedViewController == nil)

        let back = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "Detail.back")))
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(nav.viewControllers.map(\.traceLabel) == ["Feed"])
        #expect(Self.lines(app, from: back, Self.appearance.union(["dealloc"])) == [
            "Detail viewWillDisappear", "Feed viewWillAppear", "Detail viewDidDisappear", "Feed viewDidAppear", "Detail dealloc",
        ])
    }

    /// L24: outside a navigation controller `show` presents modally (L15).
    @Test
    func L24_showWithoutANavigationControllerPresents() throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"subviews": [{"label": "A.go", "action": "segue:go"}]},
           "segues": [{"identifier": "go", "kind": "show", "destination": "B"}]},
          {"id": "B"}]}
        """
        let window = try Self.launch(json, app: app)
        let mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "A.go")))
        try app.settle()
        #expect(window.rootViewController?.presentedViewController?.traceLabel == "B")
        #expect(Self.lines(app, from: mark, Self.appearance) == [
            "A viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "A viewDidDisappear",
        ])
    }

    /// The back tap with nothing to pop is a diagnostic, not a crash.
    @Test
    func L24_aBackTapWithNothingToPopIsADiagnostic() throws {
        let app = try Application()
        _ = try Self.launch(#"{"initialScene": "A", "scenes": [{"id": "A", "view": {"subviews": [{"label": "A.back", "action": "back"}]}}]}"#, app: app)
        app.tap(try #require(app.view(labelled: "A.back")))
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.nothingToDismiss])
        #expect(app.diagnostics.first?.message.contains("A.back") == true)
    }

    // MARK: L24 present

    /// L24: `present` uses the segue's presentation style over the destination scene's, and
    /// the scene's when the segue names none (a scene's style was parsed and ignored before).
    @Test(arguments: [false, true])
    func L24_presentUsesTheSeguesOrTheScenesStyle(animated: Bool) throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"subviews": [{"label": "A.over", "action": "segue:over"}, {"label": "A.full", "action": "segue:full"}]},
           "segues": [{"identifier": "over", "kind": "present", "destination": "B", "animated": \(animated)},
                      {"identifier": "full", "kind": "present", "destination": "B", "animated": \(animated), "presentationStyle": "fullScreen"}]},
          {"id": "B", "presentationStyle": "overFullScreen", "view": {"subviews": [{"label": "B.close", "action": "dismiss"}]}}]}
        """
        let window = try Self.launch(json, app: app)
        let a = try #require(window.rootViewController)

        // The scene's overFullScreen: A stays on screen and gets no callbacks.
        var mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "A.over")))
        try app.settle()
        #expect(a.presentedViewController?.modalPresentationStyle == .overFullScreen)
        #expect(Self.lines(app, from: mark, Self.appearance) == ["B viewWillAppear", "B viewDidAppear"])
        app.tap(try #require(app.view(labelled: "B.close")))
        try app.settle()
        #expect(a.presentedViewController == nil)

        // The segue's fullScreen wins over the scene's: A disappears (L15).
        mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "A.full")))
        try app.settle()
        #expect(a.presentedViewController?.modalPresentationStyle == .fullScreen)
        #expect(Self.lines(app, from: mark, Self.appearance) == [
            "A viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "A viewDidDisappear",
        ])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    // MARK: L24 embed

    /// L24: an `embed` segue makes the destination a child whose view fills the container
    /// view, all while the parent's view loads (the child's `viewDidLoad` before the
    /// parent's, as in UIKit); the child then appears inside its parent (L21).
    @Test
    func L24_embedMakesAChildInsideTheContainerView() throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"label": "A.root", "frame": [0, 0, 414, 736],
                               "subviews": [{"label": "A.box", "frame": [10, 100, 300, 200]}]},
           "segues": [{"identifier": "inner", "kind": "embed", "destination": "B", "container": "A.box"}]},
          {"id": "B", "view": {"label": "B.root", "frame": [0, 0, 50, 50]}}]}
        """
        let window = try Self.launch(json, app: app)
        let a = try #require(window.rootViewController)
        let b = try #require(a.children.first)
        #expect(b.traceLabel == "B")
        #expect(b.view.superview?.traceLabel == "A.box")
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 300, height: 200))
        let loading = app.trace.events.filter {
            ["A", "B"].contains($0.label) && !Self.appearance.contains($0.name) && $0.name != "viewWillLayoutSubviews"
                && $0.name != "viewDidLayoutSubviews"
        }.map(\.line)
        #expect(Array(loading.prefix(10)) == [
            "A initWithCoder", "A awakeFromNib", "A loadView", "B initWithCoder", "B awakeFromNib", "A prepareForSegue",
            "B willMoveToParentViewController", "B loadView", "B viewDidLoad", "B didMoveToParentViewController",
        ])
        #expect(loading.dropFirst(10).first == "A viewDidLoad")
        #expect(Self.lines(app, from: 0, Self.appearance) == [
            "A viewWillAppear", "B viewWillAppear", "A viewDidAppear", "B viewDidAppear",
        ])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    // MARK: L24 relationship

    /// L24: relationship segues set a navigation controller's root and a tab bar
    /// controller's tabs in segue order; `prepareForSegue` runs on the container after each
    /// destination is created and before its view loads.
    @Test
    func L24_relationshipSetsTheRootAndTheTabs() throws {
        let app = try Application()
        let json = """
        {"initialScene": "Tabs", "scenes": [
          {"id": "Tabs", "class": "TabBarController",
           "segues": [{"kind": "relationship", "destination": "Nav"}, {"identifier": "second", "kind": "relationship", "destination": "Settings"}]},
          {"id": "Nav", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "Feed"}]},
          {"id": "Feed"}, {"id": "Settings"}]}
        """
        let window = try Self.launch(json, app: app)
        let tabs = try #require(window.rootViewController as? TabBarController)
        #expect(tabs.viewControllers.map(\.traceLabel) == ["Nav", "Settings"])
        let nav = try #require(tabs.viewControllers.first as? NavigationController)
        #expect(nav.viewControllers.map(\.traceLabel) == ["Feed"])
        #expect(tabs.selectedViewController === nav)
        #expect(Self.lines(app, from: 0, ["prepareForSegue"]) == ["Nav prepareForSegue", "Tabs prepareForSegue", "Tabs prepareForSegue"])
        #expect(app.trace.events.filter { $0.name == "prepareForSegue" }.map(\.detail) == ["(relationship)", "(relationship)", "second"])
        let feedCreated = try #require(Self.index(of: "Feed initWithCoder", in: app))
        let navPrepares = try #require(Self.index(of: "Nav prepareForSegue", in: app))
        let feedLoads = try #require(Self.index(of: "Feed loadView", in: app))
        #expect(feedCreated < navPrepares && navPrepares < feedLoads)
        #expect(Self.lines(app, from: 0, Self.appearance) == [
            "Tabs viewWillAppear", "Nav viewWillAppear", "Feed viewWillAppear",
            "Tabs viewDidAppear", "Nav viewDidAppear", "Feed viewDidAppear",
        ])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    // MARK: L24 unwind

    /// L24: an unwind segue inside a navigation stack pops back to the nearest controller of
    /// its destination scene, in L16's order, after `prepareForSegue` on the source.
    @Test(arguments: [false, true])
    func L24_unwindPopsBackToTheScene(animated: Bool) throws {
        let app = try Application()
        let window = try Self.launch(Self.feedStoryboard(animated: animated), app: app)
        let nav = try #require(window.rootViewController as? NavigationController)
        app.tap(try #require(app.view(labelled: "Feed.row")))
        try app.settle()
        let mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "Detail.done")))
        try app.settle()
        #expect(nav.viewControllers.map(\.traceLabel) == ["Feed"])
        #expect(Self.lines(app, from: mark, Self.appearance.union(["prepareForSegue"])) == [
            "Detail prepareForSegue", "Detail viewWillDisappear", "Feed viewWillAppear", "Detail viewDidDisappear", "Feed viewDidAppear",
        ])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
    }

    /// L24: an unwind from a presented controller dismisses back to the presenter of its
    /// destination scene (L17); one with nowhere to go is a diagnostic naming the scene.
    @Test(arguments: [false, true])
    func L24_unwindDismissesBackToThePresenter(animated: Bool) throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"subviews": [{"label": "A.go", "action": "segue:go"}]},
           "segues": [{"identifier": "go", "kind": "present", "destination": "B", "animated": \(animated)}]},
          {"id": "B", "view": {"subviews": [{"label": "B.go", "action": "segue:go"}]},
           "segues": [{"identifier": "go", "kind": "present", "destination": "C", "animated": \(animated)}]},
          {"id": "C", "view": {"subviews": [{"label": "C.home", "action": "segue:home"}, {"label": "C.lost", "action": "segue:lost"}]},
           "segues": [{"identifier": "home", "kind": "unwind", "destination": "A", "animated": \(animated)},
                      {"identifier": "lost", "kind": "unwind", "destination": "D"}]},
          {"id": "D"}]}
        """
        let window = try Self.launch(json, app: app)
        let a = try #require(window.rootViewController)
        app.tap(try #require(app.view(labelled: "A.go")))
        try app.settle()
        app.tap(try #require(app.view(labelled: "B.go")))
        try app.settle()
        #expect(a.presentedViewController?.presentedViewController?.traceLabel == "C")

        app.tap(try #require(app.view(labelled: "C.lost")))
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.unknownSegue])
        #expect(app.diagnostics.first?.message.contains("scene 'D'") == true)

        let mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "C.home")))
        try app.settle()
        #expect(a.presentedViewController == nil)
        // L17's dismiss order for the chain: the top one goes, the presenter comes back
        // ("B viewWillDisappear, A viewWillAppear, A viewDidAppear, B viewDidDisappear").
        #expect(Self.lines(app, from: mark, Self.appearance.union(["prepareForSegue"])) == [
            "C prepareForSegue", "C viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "C viewDidDisappear",
        ])
    }

    /// L24: embed and relationship segues run by themselves; `performSegue` with one is a
    /// diagnostic naming its kind.
    @Test
    func L24_performingAnEmbedSegueIsADiagnostic() throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "scenes": [
          {"id": "A", "view": {"subviews": [{"label": "A.box"}]},
           "segues": [{"identifier": "inner", "kind": "embed", "destination": "B", "container": "A.box"}]},
          {"id": "B"}]}
        """
        let window = try Self.launch(json, app: app)
        window.rootViewController?.performSegue(withIdentifier: "inner", sender: nil)
        #expect(app.diagnostics.map(\.kind) == [.unknownSegue])
        #expect(app.diagnostics.first?.message.contains("embed segue") == true)
        #expect(window.rootViewController?.children.count == 1)
    }

    /// A storyboard's `uikitVersion` sets the app's when it launches: iOS 13's default
    /// presentation (a page sheet) for a present segue without a style.
    @Test
    func theStoryboardsUIKitVersionSetsTheAppsDefaults() throws {
        let app = try Application()
        let json = """
        {"initialScene": "A", "uikitVersion": "iOS 13", "scenes": [
          {"id": "A", "view": {"subviews": [{"label": "A.go", "action": "segue:go"}]},
           "segues": [{"identifier": "go", "kind": "present", "destination": "B"}]},
          {"id": "B"}]}
        """
        let window = try Self.launch(json, app: app)
        #expect(app.uikitVersion == .iOS13)
        let mark = Int(app.trace.count)
        app.tap(try #require(app.view(labelled: "A.go")))
        try app.settle()
        #expect(window.rootViewController?.presentedViewController?.modalPresentationStyle == .automatic)
        #expect(Self.lines(app, from: mark, Self.appearance) == ["B viewWillAppear", "B viewDidAppear"])
    }

    // MARK: L30

    final class ShowLog: NavigationControllerDelegate {
        var shown: [String] = []
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            shown.append("willShow \(viewController.traceLabel)")
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            shown.append("didShow \(viewController.traceLabel)")
        }
    }

    static let withDelegate = appearance.union(["navigationControllerWillShow", "navigationControllerDidShow"])

    /// L30: `willShow` right after the incoming controller's `viewWillAppear`, `didShow`
    /// right after its `viewDidAppear` in a push and a pop; on the first appearance `didShow`
    /// comes before the root's `viewDidAppear`.
    @Test(arguments: [false, true])
    func L30_navigationDelegateWillShowAndDidShow(animated: Bool) throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let nav = NavigationController(rootViewController: a, label: "Nav")
        let log = ShowLog()
        nav.delegate = log
        _ = try showInWindow(nav, app: app)
        #expect(Self.lines(app, from: 0, Self.withDelegate) == [
            "Nav viewWillAppear", "A viewWillAppear", "Nav navigationControllerWillShow",
            "Nav viewDidAppear", "Nav navigationControllerDidShow", "A viewDidAppear",
        ])

        var mark = Int(app.trace.count)
        nav.pushViewController(ViewController(label: "B"), animated: animated)
        try app.settle()
        #expect(Self.lines(app, from: mark, Self.withDelegate) == [
            "A viewWillDisappear", "B viewWillAppear", "Nav navigationControllerWillShow",
            "A viewDidDisappear", "B viewDidAppear", "Nav navigationControllerDidShow",
        ])
        mark = Int(app.trace.count)
        nav.popViewController(animated: animated)
        try app.settle()
        #expect(Self.lines(app, from: mark, Self.withDelegate) == [
            "B viewWillDisappear", "A viewWillAppear", "Nav navigationControllerWillShow",
            "B viewDidDisappear", "A viewDidAppear", "Nav navigationControllerDidShow",
        ])
        #expect(app.trace.events.filter { $0.name.hasPrefix("navigationController") }.map(\.detail) == ["A", "A", "B", "B", "A", "A"])
        #expect(log.shown == ["willShow A", "didShow A", "willShow B", "didShow B", "willShow A", "didShow A"])
    }

    /// L30 with L18: an interactive pop tells `willShow` when it starts; finished, `didShow`;
    /// cancelled, no `didShow` (the revealed controller never showed).
    @Test(arguments: [true, false])
    func L30_interactivePop(finish: Bool) throws {
        let app = try Application()
        let nav = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(nav, app: app)
        nav.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        let log = ShowLog()
        nav.delegate = log
        let pop = try #require(nav.beginInteractivePop())
        pop.update(0.5)
        if finish { pop.finish() } else { pop.cancel() }
        try app.settle()
        #expect(log.shown == (finish ? ["willShow A", "didShow A"] : ["willShow A"]))
        #expect(nav.viewControllers.count == (finish ? 1 : 2))
    }

    /// Without a delegate nothing extra is traced: existing traces do not change.
    @Test
    func L30_noDelegateNoEvents() throws {
        let app = try Application()
        let nav = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(nav, app: app)
        nav.pushViewController(ViewController(label: "B"), animated: true)
        try app.settle()
        #expect(!app.trace.events.contains { $0.name.hasPrefix("navigationController") })
    }

    /// Bad input (issue 10): a sheet in a window with no room below the status bar is a
    /// diagnostic naming the style and the window, and the controller is presented full
    /// screen (L17's order) rather than with a negative height.
    @Test
    func aSheetTheWindowCannotShowIsPresentedFullScreen() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        _ = try showInWindow(a, app: app, screen: Screen(size: Size(width: 300, height: 24), statusBarInset: 20))
        let b = ViewController(label: "B")
        b.modalPresentationStyle = .pageSheet
        let mark = Int(app.trace.count)
        a.present(b, animated: false)
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.unsupportedPresentationStyle])
        #expect(app.diagnostics.first?.message.contains("B's pageSheet cannot be shown in window main") == true)
        #expect(b.view.frame.height >= 0)
        #expect(Self.lines(app, from: mark, Self.appearance) == [
            "A viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "A viewDidDisappear",
        ])
    }
}
