import Testing
import Lifeloop

/// The `window` field of a controller's events: its own window, its view's, its parent's
/// or its parent's view's, else the last one it named. The trace reaches the parent through
/// an anchor the parent clears when it goes, not through the weak `parent`.
@Suite struct TraceWindowTests {
    @Test func aChildOutsideEveryWindowNamesItsParentsWindow() throws {
        let app = try Application()
        let parent = ViewController(label: "P")
        _ = try showInWindow(parent, app: app)
        let child = ViewController(label: "C")
        parent.addChild(child)
        let mark = app.trace.count
        _ = child.view
        let loaded = app.trace.events.filter { $0.sequence >= mark && $0.label == "C" }
        #expect(loaded.map(\.name) == ["loadView", "viewDidLoad"])
        #expect(loaded.map(\.window) == ["main", "main"])
    }

    @Test func aChildThatOutlivesItsParentNamesTheLastWindowItSaw() throws {
        let app = try Application()
        let child = ViewController(label: "C")
        let window: Window
        do {
            let parent = ViewController(label: "P")
            window = try showInWindow(parent, app: app)
            parent.addChild(child)
            child.willMove(toParent: parent)
            #expect(app.trace.events.last?.window == "main")
            window.rootViewController = ViewController(label: "Other")
            try app.settle()
        }
        // The parent is gone (nothing holds it); the child is not in any window.
        #expect(child.parent == nil)
        let mark = app.trace.count
        _ = child.view
        let loaded = app.trace.events.filter { $0.sequence >= mark && $0.label == "C" }
        #expect(loaded.map(\.name) == ["loadView", "viewDidLoad"])
        #expect(loaded.map(\.window) == ["main", "main"])
        withExtendedLifetime(window) {}
    }
}
