import Foundation
import Testing
@testable import Lifeloop

/// L01–L03: loading a controller's view.
@Suite("Conformance: loading")
struct LoadingConformance {
    /// L01: `init` never loads the view; the first read of `view` calls `loadView` then
    /// `viewDidLoad` (seeds 000, 003, 004).
    @Test
    func L01_lazyView() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(app.trace.lines == ["A initWithNibName"])
        let view = controller.view
        #expect(view != nil)
        #expect(controller.isViewLoaded)
        #expect(controller.viewIfLoaded === view)
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(app.trace.lines == ["A initWithNibName", "A loadView", "A viewDidLoad"])
    }

    final class MyViewController: ViewController {}
    final class OnlyClassNameController: ViewController {}

    static func nib(_ name: String, label: String) -> NibDefinition {
        NibDefinition(name: name, root: ViewNode(label: label, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    }

    /// L02: the default `loadView` looks for the nib named at init, then the class name
    /// without `Controller`, then the class name (seeds 000, 003, 004).
    @Test
    func L02_defaultLoadViewFindsTheNibByNameThenByClassName() throws {
        let app = try Application()
        app.registerNib(Self.nib("Explicit", label: "fromExplicit"))
        app.registerNib(Self.nib("MyView", label: "fromMyView"))
        app.registerNib(Self.nib("MyViewController", label: "fromClassName"))
        app.registerNib(Self.nib("OnlyClassNameController", label: "fromOnlyClassName"))
        #expect(MyViewController(nibName: "Explicit").view.traceLabel == "fromExplicit")
        #expect(MyViewController().view.traceLabel == "fromMyView", "MyViewController → MyView (seed 004, 3a)")
        #expect(OnlyClassNameController().view.traceLabel == "fromOnlyClassName", "then the class name itself (3b)")
        #expect(app.diagnostics.isEmpty)
    }

    /// L02: with no nib, a blank view the size of the screen's application frame; the
    /// legacy 320×480 screen gives `{0,20,320,460}` (seed 000).
    @Test
    func L02_defaultLoadViewMakesABlankViewOfTheApplicationFrame() throws {
        let app = try Application(screen: .legacy)
        let controller = ViewController(label: "A")
        #expect(controller.application === app, "the app's main screen sizes the blank view")
        #expect(controller.view.frame == Rect(x: 0, y: 20, width: 320, height: 460))
        #expect(controller.view.subviews.isEmpty)
    }

    /// L02: a nib named at init that does not exist is a diagnostic, and a blank view.
    @Test
    func L02_missingExplicitNibIsADiagnostic() throws {
        let app = try Application()
        let controller = ViewController(nibName: "Nowhere", label: "A")
        #expect(controller.view != nil)
        #expect(app.diagnostics.map(\.kind) == [.nibNotFound])
        #expect(app.diagnostics.first?.message.contains("Nowhere") == true)
    }

    /// L02: objects loaded from a nib get `awakeFromNib` after all of them exist.
    @Test
    func L02_awakeFromNibComesAfterEveryObjectExists() throws {
        let app = try Application()
        let leaf = ViewNode(label: "leaf", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let middle = ViewNode(label: "middle", frame: Rect(x: 0, y: 0, width: 50, height: 50), subviews: [leaf])
        app.registerNib(NibDefinition(name: "Tree", root: ViewNode(label: "top", frame: Rect(x: 0, y: 0, width: 100, height: 100), subviews: [middle])))
        _ = ViewController(nibName: "Tree", label: "A").view
        let lines = app.trace.lines
        let firstAwake = try #require(lines.firstIndex { $0.hasSuffix("awakeFromNib") })
        let lastAdd = try #require(lines.lastIndex { $0.hasSuffix("didAddSubview") })
        #expect(lastAdd < firstAwake)
        #expect(app.trace.projected(events: ["awakeFromNib"]) == ["top awakeFromNib", "middle awakeFromNib", "leaf awakeFromNib"])
    }

    /// L02: nibs are also found as `<name>.json` in the app's bundle folder.
    @Test
    func L02_nibFromTheBundleFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-bundle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"view": {"label": "bundled", "frame": [0, 0, 320, 480]}}"#.write(
            to: folder.appendingPathComponent("MyView.json"), atomically: true, encoding: .utf8)
        let app = try Application()
        app.bundlePath = folder.path
        #expect(MyViewController().view.traceLabel == "bundled")
    }

    final class NoViewController: ViewController {
        var readInViewDidLoad = false
        override func loadView() {}
        override func viewDidLoad() {
            if readInViewDidLoad { _ = view }
        }
    }

    /// L03: an override that leaves `view` nil still gets `viewDidLoad`; every read tries
    /// again (seed 003's second output) and records `loadViewDidNotAssignView`.
    @Test
    func L03_loadViewThatAssignsNothingIsRetriedOnEveryRead() throws {
        let app = try Application()
        let controller = NoViewController(label: "A")
        #expect(controller.view == nil)
        #expect(controller.view == nil)
        #expect(app.trace.projected(events: ["loadView", "viewDidLoad"])
                == ["A loadView", "A viewDidLoad", "A loadView", "A viewDidLoad"])
        #expect(app.diagnostics.map(\.kind) == [.loadViewDidNotAssignView, .loadViewDidNotAssignView])
    }

    /// L03: reading `view` in `viewDidLoad` while it is nil would recurse forever in UIKit
    /// (seed 003's dead loop); Lifeloop stops at the first re-entry and returns nil.
    @Test
    func L03_viewAccessInViewDidLoadStopsAtTheFirstReentry() throws {
        let app = try Application()
        let controller = NoViewController(label: "A")
        controller.readInViewDidLoad = true
        #expect(controller.view == nil)
        #expect(app.trace.projected(events: ["loadView", "viewDidLoad"]) == ["A loadView", "A viewDidLoad"])
        #expect(app.diagnostics.map(\.kind) == [.loadViewDidNotAssignView, .viewAccessRecursion])
    }

    /// L03: at launch, a root controller with no view: `loadView` tried three times (seed
    /// 004), then `noRootViewAtLaunch` with UIKit's text. Nothing hangs.
    @Test
    func L03_windowWithoutRootViewAtLaunch() throws {
        let app = try Application()
        let window = Window(label: "main")
        window.rootViewController = NoViewController(label: "A")
        window.makeKeyAndVisible()
        try app.settle()
        #expect(app.trace.projected(labels: ["A"], events: ["loadView"]) == ["A loadView", "A loadView", "A loadView"])
        let last = try #require(app.diagnostics.last)
        #expect(last.kind == .noRootViewAtLaunch)
        #expect(last.message == "Application windows are expected to have a root view controller at the end of application launch")
        #expect(app.trace.projected(labels: ["A"], events: ["viewWillAppear", "viewDidAppear"]).isEmpty)
    }

    /// L03 in strict mode: the diagnostics become a failure of `settle()`.
    @Test
    func strictModeTurnsDiagnosticsIntoFailures() throws {
        let app = try Application()
        app.isStrict = true
        _ = NoViewController(label: "A").view
        #expect(throws: DiagnosticsError.self) { try app.settle() }
        try app.settle()
    }
}
