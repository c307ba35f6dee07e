import Testing
@testable import Lifeloop

@Suite("Several windows")
struct WindowTests {
    @Test
    func keyWindowChangesAreTraced() throws {
        let app = try Application()
        let first = try showInWindow(ViewController(label: "A"), app: app)
        let second = Window(screen: .tablet, label: "second")
        second.rootViewController = ViewController(label: "B")
        second.makeKeyAndVisible()
        try app.settle()
        #expect(!first.isKeyWindow)
        #expect(second.isKeyWindow)
        #expect(app.keyWindow === second)
        #expect(app.trace.projected(events: ["becomeKeyWindow", "resignKeyWindow"])
                == ["main becomeKeyWindow", "main resignKeyWindow", "second becomeKeyWindow"])
    }

    @Test
    func hidingAndShowingAWindowGivesAppearanceCallbacks() throws {
        let app = try Application()
        let window = try showInWindow(ViewController(label: "A"), app: app)
        let mark = app.trace.count
        window.isHidden = true
        try app.settle()
        window.isHidden = false
        try app.settle()
        let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
        #expect(app.trace.events.filter { $0.sequence >= mark && appearance.contains($0.name) }.map(\.line)
                == ["A viewWillDisappear", "A viewDidDisappear", "A viewWillAppear", "A viewDidAppear"])
        #expect(app.diagnostics.isEmpty)
    }

    final class SizeWatcher: ViewController {
        var sizes: [Size] = []
        override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
            sizes.append(size)
            #expect(transitionCoordinator === coordinator)
        }
    }

    @Test
    func rotatingAWindowGivesViewWillTransitionThenLayout() throws {
        let app = try Application()
        let watcher = SizeWatcher(label: "A")
        let window = try showInWindow(watcher, app: app)
        let mark = app.trace.count
        window.rotate()
        try app.settle()
        #expect(watcher.sizes == [Size(width: 736, height: 414)])
        #expect(app.trace.events.filter { $0.sequence >= mark && $0.label == "A" }.map(\.name)
                == ["viewWillTransitionToSize", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(watcher.view.frame.size == Size(width: 736, height: 414))
        #expect(watcher.transitionCoordinator == nil)
    }

    @Test
    func windowsOnScreensOfDifferentRatesTickAtTheirOwnRate() throws {
        let app = try Application()
        let slow = try showInWindow(ViewController(label: "A"), app: app, screen: .phone)
        let fast = Window(screen: .tablet, label: "fast")
        fast.rootViewController = ViewController(label: "B")
        fast.makeKeyAndVisible()
        try app.settle()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        slow.rootViewController?.view.addSubview(a)
        fast.rootViewController?.view.addSubview(b)
        View.animate(withDuration: 1, animations: {
            a.alpha = 0
            b.alpha = 0
        })
        try app.settle()
        #expect((59...61).contains(slow.frameMetrics.framesProduced))
        #expect((119...121).contains(fast.frameMetrics.framesProduced))
        #expect(fast.frameMetrics.p50 == .microseconds(8_333))
    }
}
