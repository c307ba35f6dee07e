import Foundation
import Testing
@testable import Lifeloop

/// L15–L17, L20–L22, non-animated.
@Suite("Conformance: transitions between controllers")
struct TransitionConformance {
    static let controllerEvents: Set = [
        "initWithCoder", "loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "viewDidAppear", "prepareForSegue", "viewWillDisappear", "viewDidDisappear", "dealloc",
    ]

    /// L15: storyboard launch, a modal segue from A to B, and B dismissing (seed 004 IV).
    @Test
    func L15_storyboardLaunchAndModalSegue() throws {
        let app = try Application()
        // Samples/SeedSegue/Main.storyboard.json: A's button segues to B, B's dismisses.
        app.launch(storyboard: try app.loadStoryboard(path: SeedSegue.storyboardPath))
        try app.settle()
        app.tap(try #require(app.view(labelled: "A.button")))
        try app.settle()
        app.tap(try #require(app.view(labelled: "B.button")))
        try app.settle()
        #expect(app.trace.projected(labels: ["A", "B"], events: Self.controllerEvents) == [
            "A initWithCoder", "A loadView", "A viewDidLoad", "A viewWillAppear",
            "A viewWillLayoutSubviews", "A viewDidLayoutSubviews", "A viewDidAppear",
            "B initWithCoder", "A prepareForSegue", "B loadView", "B viewDidLoad",
            "A viewWillDisappear", "B viewWillAppear", "B viewWillLayoutSubviews",
            "B viewDidLayoutSubviews", "B viewDidAppear", "A viewDidDisappear",
            "B viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "B viewDidDisappear", "B dealloc",
        ])
        #expect(app.diagnostics.isEmpty)
    }

    /// L16, non-animated: push B over A, then pop (public reports).
    @Test
    func L16_navigationPushAndPop() throws {
        let app = try Application()
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        let mark = app.trace.count
        navigation.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        let events: Set = ["loadView", "viewDidLoad", "viewWillAppear", "viewWillDisappear", "viewWillLayoutSubviews",
                           "viewDidLayoutSubviews", "viewDidAppear", "viewDidDisappear", "dealloc"]
        func since(_ mark: UInt64) -> [String] {
            app.trace.events.filter { $0.sequence >= mark && ["A", "B"].contains($0.label) && events.contains($0.name) }.map(\.line)
        }
        #expect(since(mark) == [
            "B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear",
            "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "A viewDidDisappear", "B viewDidAppear",
        ])
        let popMark = app.trace.count
        navigation.popViewController(animated: false)
        try app.settle()
        #expect(since(popMark) == [
            "B viewWillDisappear", "A viewWillAppear", "B viewDidDisappear", "A viewDidAppear", "B dealloc",
        ])
        #expect(navigation.viewControllers.map(\.traceLabel) == ["A"])
        #expect(app.diagnostics.isEmpty)
    }

    /// L16: two non-animated pushes in one turn (a deep link) both happen, one after the
    /// other, each in L16's order; the one in between appears and disappears, balanced.
    @Test
    func L16_backToBackNonAnimatedPushes() throws {
        let app = try Application()
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        _ = try showInWindow(navigation, app: app)
        let mark = app.trace.count
        navigation.pushViewController(ViewController(label: "B"), animated: false)
        navigation.pushViewController(ViewController(label: "C"), animated: false)
        try app.settle()
        #expect(navigation.viewControllers.map(\.traceLabel) == ["A", "B", "C"])
        let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        #expect(app.trace.events.filter { $0.sequence >= mark && appearance.contains($0.name) }.map(\.line) == [
            "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
            "B viewWillDisappear", "C viewWillAppear", "B viewDidDisappear", "C viewDidAppear",
        ])
        #expect(navigation.topViewController?.viewIfLoaded?.window != nil)
        #expect(app.diagnostics.isEmpty)
    }

    static func presentAndDismiss(style: ModalPresentationStyle) throws -> Application {
        let app = try Application()
        let presenter = ViewController(label: "A")
        _ = try showInWindow(presenter, app: app)
        let presented = ViewController(label: "B")
        presented.modalPresentationStyle = style
        var completions: [String] = []
        presenter.present(presented, animated: false) { completions.append("presented") }
        try app.settle()
        presenter.dismiss(animated: false) { completions.append("dismissed") }
        try app.settle()
        #expect(completions == ["presented", "dismissed"])
        return app
    }

    /// L17, full screen: present `A viewWillDisappear, B viewWillAppear, (layout),
    /// B viewDidAppear, A viewDidDisappear`; dismiss `B viewWillDisappear, A viewWillAppear,
    /// A viewDidAppear, B viewDidDisappear, B dealloc` (seed 004).
    @Test
    func L17_modalPresentAndDismissFullScreen() throws {
        let app = try Self.presentAndDismiss(style: .fullScreen)
        let lines = app.trace.projected(labels: ["A", "B"], events: Self.controllerEvents)
        let start = try #require(lines.firstIndex(of: "A viewWillDisappear"))
        #expect(Array(lines[start...]) == [
            "A viewWillDisappear", "B viewWillAppear", "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
            "B viewDidAppear", "A viewDidDisappear",
            "B viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "B viewDidDisappear", "B dealloc",
        ])
    }

    /// L17: over-full-screen and page-sheet leave the presenter in the window, with no
    /// appearance callbacks.
    @Test(arguments: [ModalPresentationStyle.overFullScreen, .pageSheet])
    func L17_presenterStaysForOverFullScreenAndPageSheet(style: ModalPresentationStyle) throws {
        let app = try Self.presentAndDismiss(style: style)
        let lines = app.trace.projected(labels: ["A", "B"], events: Self.controllerEvents)
        let start = try #require(lines.firstIndex(of: "B loadView"))
        #expect(Array(lines[start...]) == [
            "B loadView", "B viewDidLoad", "B viewWillAppear", "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
            "B viewDidAppear", "B viewWillDisappear", "B viewDidDisappear", "B dealloc",
        ])
    }

    /// L20: appearance moves through the four states plus the two cancel edges; anything
    /// else records `unbalancedAppearance` with UIKit's text.
    @Test
    func L20_appearanceBalance() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        // Legal, with both cancel edges: appearing → disappearing → appearing.
        controller.beginAppearanceTransition(true, animated: false)
        controller.beginAppearanceTransition(false, animated: false)
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        #expect(app.diagnostics.isEmpty)
        #expect(app.trace.projected(labels: ["A"], events: ["viewWillAppear", "viewWillDisappear", "viewDidAppear", "viewDidDisappear"]) == [
            "A viewWillAppear", "A viewWillDisappear", "A viewWillAppear", "A viewDidAppear",
            "A viewWillDisappear", "A viewDidDisappear",
        ])
        // Illegal: an end with nothing begun, then a second appear while appeared.
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        #expect(app.diagnostics.map(\.kind) == [.unbalancedAppearance, .unbalancedAppearance])
        #expect(app.diagnostics.first?.message == "Unbalanced calls to begin/end appearance transitions for A")
        #expect(app.trace.lines.contains("A unbalancedAppearance"))
    }

    final class Container: ViewController {
        let child: ViewController
        init(child: ViewController) {
            self.child = child
            Self.useLabel("Parent")
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
        override func viewDidLoad() {
            addChild(child)
            view.addSubview(child.view)
            child.notifyDidMove(toParent: self)
        }
    }

    /// L21, non-animated: `addChild` calls `willMove(toParent:)`, the container calls
    /// `didMove(toParent:)`; children whose views are in the parent's view get appearance
    /// callbacks right after the parent's; removal mirrors it.
    @Test
    func L21_containment() throws {
        let app = try Application()
        let child = ViewController(label: "Child")
        let parent = Container(child: child)
        _ = try showInWindow(parent, app: app)
        let events: Set = ["willMoveToParentViewController", "didMoveToParentViewController", "viewWillAppear", "viewDidAppear",
                           "viewWillDisappear", "viewDidDisappear"]
        #expect(app.trace.projected(labels: ["Parent", "Child"], events: events) == [
            "Child willMoveToParentViewController", "Child didMoveToParentViewController",
            "Parent viewWillAppear", "Child viewWillAppear", "Parent viewDidAppear", "Child viewDidAppear",
        ])
        let mark = app.trace.count
        child.notifyWillMove(toParent: nil)
        child.viewIfLoaded?.removeFromSuperview()
        child.removeFromParent()
        // Its view leaving the window makes the child disappear, as being removed (L25, L28).
        #expect(app.trace.events.filter { $0.sequence >= mark && events.contains($0.name) }.map(\.line)
                == ["Child willMoveToParentViewController", "Child viewWillDisappear", "Child viewDidDisappear",
                    "Child didMoveToParentViewController"])
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)
    }

    final class EagerPresenter: ViewController {
        override func viewDidLoad() {
            present(ViewController(label: "B"), animated: false)
        }
    }

    /// L22: presenting from `viewDidLoad` (view not in a window, seed 003) records
    /// `presentingViewNotInWindow` and presents nothing.
    @Test
    func L22_presentingTooEarly() throws {
        let app = try Application()
        let presenter = EagerPresenter(label: "A")
        _ = try showInWindow(presenter, app: app)
        #expect(presenter.presentedViewController == nil)
        #expect(app.diagnostics.map(\.kind) == [.presentingViewNotInWindow])
        #expect(app.trace.projected(labels: ["B"], events: ["loadView", "viewWillAppear"]).isEmpty)
    }

    /// L22: presenting while a presentation is in flight records `presentWhilePresenting`
    /// and presents nothing.
    @Test
    func L22_presentingTwice() throws {
        let app = try Application()
        let presenter = ViewController(label: "A")
        _ = try showInWindow(presenter, app: app)
        presenter.present(ViewController(label: "B"), animated: false)
        presenter.present(ViewController(label: "C"), animated: false)
        try app.settle()
        #expect(presenter.presentedViewController?.traceLabel == "B")
        #expect(app.diagnostics.map(\.kind) == [.presentWhilePresenting])
        #expect(app.trace.projected(labels: ["C"], events: ["loadView", "viewWillAppear"]).isEmpty)
    }
}
