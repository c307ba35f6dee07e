import Foundation
import Testing
@testable import Lifeloop

/// Smuggles a UI object to another thread on purpose, to prove the runtime catches it.
final class Smuggled<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("Confinement")
struct ConfinementTests {
    /// A UI call from another thread is an `offLoopAccess` diagnostic and is ignored:
    /// never a trap, never a data race on the tree.
    @Test
    func uiCallFromAnotherThreadIsADiagnosticAndIgnored() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        _ = try showInWindow(controller, app: app)
        let stray = View(frame: .zero)
        let root = Smuggled(controller.view!)
        let child = Smuggled(stray)
        let done = DispatchSemaphore(value: 0)
        Thread {
            root.value.addSubview(child.value)
            root.value.setNeedsLayout()
            done.signal()
        }.start()
        done.wait()
        try app.settle()
        #expect(controller.view.subviews.isEmpty)
        #expect(app.diagnostics.map(\.kind) == [.offLoopAccess, .offLoopAccess])
        #expect(app.trace.lines.filter { $0.hasSuffix("offLoopAccess") }.count == 2, "recorded in the trace, on the loop")
    }

    /// Two apps on two threads of one process share nothing: each gives the trace it gives
    /// alone.
    @Test
    func twoAppsOnTwoThreadsRunIndependently() throws {
        @Sendable func run(_ name: String) -> String {
            (try? SampleCatalog.named(name)?.run().digest.description) ?? "failed"
        }
        let results = Locked<[String: Set<String>]>([:])
        let group = DispatchGroup()
        for name in ["SeedSegue", "ViewTree"] {
            group.enter()
            Thread {
                for _ in 0..<20 {
                    let digest = run(name)
                    results.withLock { _ = $0[name, default: []].insert(digest) }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(results.withLock { $0 } == ["SeedSegue": [run("SeedSegue")], "ViewTree": [run("ViewTree")]])
    }

    /// Labels are numbered per app: two apps each start at `View#1`. (One thread runs one
    /// live app at a time, so the first is released before the second is made.)
    @Test
    func defaultLabelsAreNumberedPerApp() throws {
        let a: View
        do {
            let first = try Application()
            a = View(frame: .zero)
            _ = View(frame: .zero)
            #expect(a.application === first)
        }
        let second = try Application()
        let b = View(frame: .zero)
        #expect(a.traceLabel == "View#1")
        #expect(b.traceLabel == "View#1")
        #expect(a.application == nil, "its app is gone")
        #expect(b.application === second)
    }
}

/// Labels of many classes: the app's table of classes changes how it looks them up past 16,
/// and every class keeps counting where it was.
@Suite("Labels of many classes")
struct ManyClassLabelTests {
    final class V1: View {}
    final class V2: View {}
    final class V3: View {}
    final class V4: View {}
    final class V5: View {}
    final class V6: View {}
    final class V7: View {}
    final class V8: View {}
    final class V9: View {}
    final class V10: View {}
    final class V11: View {}
    final class V12: View {}
    final class V13: View {}
    final class V14: View {}
    final class V15: View {}
    final class V16: View {}
    final class V17: View {}
    final class V18: View {}
    final class V19: View {}
    final class V20: View {}

    @Test
    func eachClassCountsItsOwnLabelsPastSixteenClasses() throws {
        let app = try Application()
        let classes: [() -> View] = [{ V1(frame: .zero) }, { V2(frame: .zero) }, { V3(frame: .zero) }, { V4(frame: .zero) },
                                     { V5(frame: .zero) }, { V6(frame: .zero) }, { V7(frame: .zero) }, { V8(frame: .zero) },
                                     { V9(frame: .zero) }, { V10(frame: .zero) }, { V11(frame: .zero) }, { V12(frame: .zero) },
                                     { V13(frame: .zero) }, { V14(frame: .zero) }, { V15(frame: .zero) }, { V16(frame: .zero) },
                                     { V17(frame: .zero) }, { V18(frame: .zero) }, { V19(frame: .zero) }, { V20(frame: .zero) }]
        var views: [View] = []
        // Three rounds: the first adds the classes one by one (crossing 16), the next two
        // find each one again, before and after the switch.
        for _ in 0..<3 {
            for make in classes { views.append(make()) }
        }
        for (index, view) in views.enumerated() {
            #expect(view.traceLabel == "V\(index % 20 + 1)#\(index / 20 + 1)")
        }
        // A label with more digits than any before it.
        for _ in 0..<997 { _ = V7(frame: .zero) }
        #expect(V7(frame: .zero).traceLabel == "V7#1001")
        withExtendedLifetime(app) {}
    }
}

@Suite("Application lifetime")
struct ApplicationLifetimeTests {
    /// A loop kept after its app is gone is closed: running it is an error, not a call
    /// into freed display links.
    @Test
    func theLoopClosesWithItsApp() throws {
        var loop: EventLoop?
        do {
            let app = try Application()
            let controller = ViewController(label: "A")
            _ = try showInWindow(controller, app: app)
            let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(box)
            View.animate(withDuration: 1, animations: { box.alpha = 0 })
            loop = app.loop
        }
        #expect(loop?.loopCloseStatus == 0)
        #expect(throws: LoopError.self) { try loop?.runUntilIdle() }
    }
}

/// Runs `body` on a thread of its own, started and joined with pthreads: once this
/// returns the thread has ended and let go of `body`, so what `body` captured (an app) is
/// released on the caller's thread, not later on the other one.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeUnretainedValue().body()
        return nil
    }, work.toOpaque())
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_join(thread, nil)
    work.release()
}

/// A probe that watches nothing, to try setting one.
final class SilentProbe: RuntimeProbe {}

/// One public mutator called from the wrong thread: the name its `offLoopAccess`
/// diagnostic must give, the call, and a check that it changed nothing.
struct OffLoopCall {
    let operation: String
    let call: () -> Void
    let unchanged: () -> Bool

    init(_ operation: String, _ call: @escaping () -> Void, unchanged: @escaping () -> Bool) {
        self.operation = operation
        self.call = call
        self.unchanged = unchanged
    }

    /// The base name of the member it exercises, as the source declares it (the last part
    /// of `presentationController.delegate`).
    var member: String { String(operation.prefix { $0 != "(" }.split(separator: ".").last ?? "") }
}

@Suite("Confinement of every mutator")
struct CompleteConfinementTests {
    /// Every public setter and mutating method of View, Window, ViewController (and its
    /// containers), Application, TransitionCoordinator and InteractiveTransition, called
    /// from another thread: each one records exactly one `offLoopAccess` that names it, in
    /// call order, and changes nothing.
    @Test
    func everyPublicMutatorIsRefusedOffTheLoopThread() throws {
        let app = try Application()
        let a = ViewController(label: "A")
        let nav = NavigationController(rootViewController: a, label: "Nav")
        let window = try showInWindow(nav, app: app)
        let other = Window(screen: .tablet, label: "other")
        let b = ViewController(label: "B")
        nav.pushViewController(b, animated: false)
        let view = View(frame: Rect(x: 1, y: 2, width: 30, height: 40))
        view.traceLabel = "V"
        let marked = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.view.addSubview(view)
        a.view.addSubview(marked)
        let stray = View(frame: .zero)
        let unloaded = ViewController(label: "Unloaded")
        let parent = ViewController(label: "Parent"), child = ViewController(label: "Child")
        parent.addChild(child)
        let presented = ViewController(label: "P")
        let t1 = ViewController(label: "T1"), t2 = ViewController(label: "T2")
        let tabs = TabBarController(viewControllers: [t1, t2], label: "Tabs")
        let storyboard = app.storyboard(StoryboardDefinition(name: "S", initialScene: "S1", scenes: [SceneDefinition(id: "S1")]))
        let navigationDelegate = Self.NavigationDelegate()
        try app.settle()
        // A held interactive pop: B leaves, A is revealed; its driver and coordinator.
        let pop = try #require(nav.beginInteractivePop())
        let coordinator = try #require(a.transitionCoordinator)
        marked.setNeedsLayout()
        #expect(app.diagnostics.isEmpty)

        let frame = view.frame, windowFrame = window.frame
        let traceLines = app.trace.lines
        func count(_ line: String) -> Int { app.trace.lines.filter { $0 == line }.count }
        let before = (willMove: count("Child willMoveToParentViewController"), didMove: count("Child didMoveToParentViewController"))
        var completed = false
        var launched: Window?
        var fromStoryboard: ViewController?
        let animateName = "animate(withDuration:delay:options:animations:completion:)"
        let sheetDelegate = SheetDelegate()
        let transitionDelegate = TransitionDelegate()
        _ = b.presentationController

        let calls: [OffLoopCall] = [
            // View
            OffLoopCall("traceLabel", { view.traceLabel = "X" }, unchanged: { view.traceLabel == "V" }),
            OffLoopCall("tag", { view.tag = 7 }, unchanged: { view.tag == 0 }),
            OffLoopCall("isHidden", { view.isHidden = true }, unchanged: { !view.isHidden }),
            OffLoopCall("backgroundColor", { view.backgroundColor = Color(red: 1, green: 0, blue: 0) },
                        unchanged: { view.backgroundColor == nil }),
            OffLoopCall("alpha", { view.alpha = 0.5 }, unchanged: { view.alpha == 1 }),
            OffLoopCall("autoresizingMask", { view.autoresizingMask = [.flexibleWidth] },
                        unchanged: { view.autoresizingMask.isEmpty }),
            OffLoopCall("autoresizesSubviews", { view.autoresizesSubviews = false }, unchanged: { view.autoresizesSubviews }),
            OffLoopCall("tapAction", { view.tapAction = .dismiss }, unchanged: { view.tapAction == nil }),
            OffLoopCall("frame", { view.frame = Rect(x: 9, y: 9, width: 9, height: 9) }, unchanged: { view.frame == frame }),
            OffLoopCall("bounds", { view.bounds = Rect(x: 5, y: 5, width: 1, height: 1) },
                        unchanged: { view.bounds == Rect(origin: .zero, size: frame.size) && view.frame == frame }),
            OffLoopCall("center", { view.center = Point(x: 100, y: 100) }, unchanged: { view.frame == frame }),
            OffLoopCall("addSubview(_:)", { view.addSubview(stray) }, unchanged: { stray.superview == nil }),
            OffLoopCall("insertSubview(_:at:)", { view.insertSubview(stray, at: 0) }, unchanged: { stray.superview == nil }),
            OffLoopCall("removeFromSuperview()", { view.removeFromSuperview() }, unchanged: { view.superview === a.view }),
            OffLoopCall("setNeedsLayout()", { view.setNeedsLayout() }, unchanged: { !view.needsLayout }),
            OffLoopCall("setNeedsDisplay()", { view.setNeedsDisplay() }, unchanged: { !view.flags.contains(.needsDisplay) }),
            OffLoopCall("setNeedsDisplay(_:)", { view.setNeedsDisplay(Rect(x: 0, y: 0, width: 1, height: 1)) },
                        unchanged: { !view.flags.contains(.needsDisplay) }),
            OffLoopCall("layoutIfNeeded()", { marked.layoutIfNeeded() }, unchanged: { marked.needsLayout }),
            OffLoopCall(animateName, {
                View.animate(withDuration: 1, delay: 0, options: [], animations: { view.alpha = 0.25 },
                             completion: { _ in completed = true })
            }, unchanged: { view.alpha == 1 && !completed }),
            OffLoopCall(animateName, { View.animate(withDuration: 1, animations: { view.backgroundColor = Color(red: 0, green: 1, blue: 0) }) },
                        unchanged: { view.backgroundColor == nil }),
            // Window
            OffLoopCall("rootViewController", { other.rootViewController = unloaded },
                        unchanged: { other.rootViewController == nil && !unloaded.isViewLoaded }),
            OffLoopCall("makeKeyAndVisible()", { other.makeKeyAndVisible() },
                        unchanged: { app.keyWindow === window && other.isHidden && !other.isVisibleWindow }),
            OffLoopCall("rotate()", { window.rotate() }, unchanged: { window.frame == windowFrame }),
            OffLoopCall("isHidden", { window.isHidden = true }, unchanged: { !window.isHidden && a.isAppearingOrAppeared }),
            // ViewController
            OffLoopCall("traceLabel", { a.traceLabel = "Z" }, unchanged: { a.traceLabel == "A" }),
            OffLoopCall("modalPresentationStyle", { presented.modalPresentationStyle = .pageSheet },
                        unchanged: { presented.modalPresentationStyle == .fullScreen }),
            OffLoopCall("definesPresentationContext", { a.definesPresentationContext = true },
                        unchanged: { !a.definesPresentationContext }),
            OffLoopCall("isModalInPresentation", { presented.isModalInPresentation = true },
                        unchanged: { !presented.isModalInPresentation }),
            OffLoopCall("presentationController", { _ = unloaded.presentationController },
                        unchanged: { unloaded.storedPresentationController == nil }),
            OffLoopCall("presentationController.delegate", { b.presentationController?.delegate = sheetDelegate },
                        unchanged: { b.presentationController?.delegate == nil }),
            OffLoopCall("transitioningDelegate", { presented.transitioningDelegate = transitionDelegate },
                        unchanged: { presented.transitioningDelegate == nil }),
            OffLoopCall("beginInteractiveDismissal()", { _ = unloaded.beginInteractiveDismissal() },
                        unchanged: { !unloaded.isViewLoaded && unloaded.storedPresentationController == nil }),
            OffLoopCall("view", { unloaded.view = View(frame: .zero) }, unchanged: { !unloaded.isViewLoaded }),
            OffLoopCall("view", { _ = unloaded.view }, unchanged: { !unloaded.isViewLoaded }),
            OffLoopCall("loadViewIfNeeded()", { unloaded.loadViewIfNeeded() }, unchanged: { !unloaded.isViewLoaded }),
            OffLoopCall("loadView()", { unloaded.loadView() }, unchanged: { !unloaded.isViewLoaded }),
            OffLoopCall("addChild(_:)", { parent.addChild(presented) }, unchanged: { presented.parent == nil && parent.children.count == 1 }),
            OffLoopCall("removeFromParent()", { child.removeFromParent() }, unchanged: { child.parent === parent }),
            OffLoopCall("notifyWillMove(toParent:)", { child.notifyWillMove(toParent: nil) },
                        unchanged: { count("Child willMoveToParentViewController") == before.willMove }),
            OffLoopCall("notifyDidMove(toParent:)", { child.notifyDidMove(toParent: parent) },
                        unchanged: { count("Child didMoveToParentViewController") == before.didMove }),
            OffLoopCall("beginAppearanceTransition(_:animated:)", { a.beginAppearanceTransition(false, animated: false) },
                        unchanged: { a.appearance == .appearing }),
            OffLoopCall("endAppearanceTransition()", { a.endAppearanceTransition() }, unchanged: { a.appearance == .appearing }),
            OffLoopCall("present(_:animated:completion:)", { b.present(presented, animated: false) },
                        unchanged: { b.presentedViewController == nil && !presented.isViewLoaded }),
            OffLoopCall("dismiss(animated:completion:)", { b.dismiss(animated: false) }, unchanged: { b.presentedViewController == nil }),
            OffLoopCall("performSegue(withIdentifier:sender:)", { a.performSegue(withIdentifier: "go", sender: nil) },
                        unchanged: { b.presentedViewController == nil }),
            OffLoopCall("instantiateViewController(withIdentifier:)", { fromStoryboard = storyboard.instantiateViewController(withIdentifier: "S1") },
                        unchanged: { fromStoryboard?.application == nil && !app.liveControllers.contains { $0.traceLabel == "S1" } }),
            OffLoopCall("show(_:sender:)", { b.show(presented, sender: nil) },
                        unchanged: { b.presentedViewController == nil && !presented.isViewLoaded }),
            // UIKit's state (issue 15)
            OffLoopCall("title", { a.title = "T" }, unchanged: { a.title == nil }),
            OffLoopCall("navigationItem", { unloaded.navigationItem.title = "N" },
                        unchanged: { unloaded.navigationItemIfMade == nil }),
            OffLoopCall("tabBarItem", { unloaded.tabBarItem = TabBarItem() }, unchanged: { true }),
            OffLoopCall("additionalSafeAreaInsets", { a.additionalSafeAreaInsets = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0) },
                        unchanged: { a.additionalSafeAreaInsets == .zero }),
            OffLoopCall("setEditing(_:animated:)", { a.setEditing(true, animated: false) }, unchanged: { !a.isEditing }),
            OffLoopCall("isEditing", { a.isEditing = true }, unchanged: { !a.isEditing }),
            OffLoopCall("preferredContentSize", { a.preferredContentSize = Size(width: 1, height: 1) },
                        unchanged: { a.preferredContentSize == .zero }),
            OffLoopCall("modalTransitionStyle", { a.modalTransitionStyle = .crossDissolve },
                        unchanged: { a.modalTransitionStyle == .coverVertical }),
            OffLoopCall("setNeedsStatusBarAppearanceUpdate()", { a.setNeedsStatusBarAppearanceUpdate() }, unchanged: { true }),
            OffLoopCall("showDetailViewController(_:sender:)", { b.showDetailViewController(presented, sender: nil) },
                        unchanged: { b.presentedViewController == nil && !presented.isViewLoaded }),
            OffLoopCall("tintColor", { view.tintColor = .systemRed }, unchanged: { view.extras?.tintColor == nil }),
            OffLoopCall("bringSubviewToFront(_:)", { a.view.bringSubviewToFront(view) },
                        unchanged: { a.view.subviews.first === view }),
            OffLoopCall("sendSubviewToBack(_:)", { a.view.sendSubviewToBack(marked) },
                        unchanged: { a.view.subviews.last === marked }),
            OffLoopCall("becomeFirstResponder()", { view.becomeFirstResponder() }, unchanged: { window.firstResponder == nil }),
            OffLoopCall("resignFirstResponder()", { view.resignFirstResponder() }, unchanged: { window.firstResponder == nil }),
            OffLoopCall("endEditing(_:)", { a.view.endEditing(true) }, unchanged: { window.firstResponder == nil }),
            OffLoopCall("sizeToFit()", { marked.sizeToFit() }, unchanged: { marked.frame.size == Size(width: 10, height: 10) }),
            // NavigationController
            OffLoopCall("setNavigationBarHidden(_:animated:)", { nav.setNavigationBarHidden(true, animated: false) },
                        unchanged: { !nav.isNavigationBarHidden }),
            OffLoopCall("isNavigationBarHidden", { nav.isNavigationBarHidden = true }, unchanged: { !nav.isNavigationBarHidden }),
            OffLoopCall("hidesBarsOnTap", { nav.hidesBarsOnTap = true }, unchanged: { !nav.hidesBarsOnTap }),
            OffLoopCall("hidesBarsOnSwipe", { nav.hidesBarsOnSwipe = true }, unchanged: { !nav.hidesBarsOnSwipe }),
            OffLoopCall("hidesBarsWhenKeyboardAppears", { nav.hidesBarsWhenKeyboardAppears = true }, unchanged: { !nav.hidesBarsWhenKeyboardAppears }),
            OffLoopCall("hidesBarsWhenVerticallyCompact", { nav.hidesBarsWhenVerticallyCompact = true }, unchanged: { !nav.hidesBarsWhenVerticallyCompact }),
            OffLoopCall("isToolbarHidden", { nav.isToolbarHidden = false }, unchanged: { nav.isToolbarHidden }),
            OffLoopCall("setToolbarHidden(_:animated:)", { nav.setToolbarHidden(false, animated: false) },
                        unchanged: { nav.isToolbarHidden }),
            OffLoopCall("toolbarItems", { a.toolbarItems = [BarButtonItem.flexibleSpace()] }, unchanged: { a.toolbarItems == nil }),
            OffLoopCall("delegate", { nav.delegate = navigationDelegate }, unchanged: { nav.delegate == nil }),
            OffLoopCall("pushViewController(_:animated:)", { nav.pushViewController(presented, animated: false) },
                        unchanged: { nav.viewControllers.count == 2 }),
            OffLoopCall("popViewController(animated:)", { _ = nav.popViewController(animated: false) },
                        unchanged: { nav.viewControllers.count == 2 }),
            OffLoopCall("popToRootViewController(animated:)", { _ = nav.popToRootViewController(animated: false) },
                        unchanged: { nav.viewControllers.count == 2 }),
            OffLoopCall("popToViewController(_:animated:)", { _ = nav.popToViewController(a, animated: false) },
                        unchanged: { nav.viewControllers.count == 2 }),
            OffLoopCall("setViewControllers(_:animated:)", { nav.setViewControllers([a], animated: false) },
                        unchanged: { nav.viewControllers.count == 2 }),
            OffLoopCall("beginInteractivePop()", { _ = nav.beginInteractivePop() }, unchanged: { nav.isTransitioning }),
            // InteractiveTransition and TransitionCoordinator
            OffLoopCall("update(_:)", { pop.update(0.5) }, unchanged: { pop.percentComplete == 0 }),
            OffLoopCall("finish()", { pop.finish() }, unchanged: { coordinator.isInteractive && !coordinator.isCancelled }),
            OffLoopCall("cancel()", { pop.cancel() }, unchanged: { coordinator.isInteractive && !coordinator.isCancelled }),
            OffLoopCall("animate(alongsideTransition:completion:)",
                        { _ = coordinator.animate(alongsideTransition: { _ in }, completion: { _ in }) },
                        unchanged: { coordinator.alongside.isEmpty && coordinator.completions.isEmpty }),
            OffLoopCall("notifyWhenInteractionChanges(_:)", { coordinator.notifyWhenInteractionChanges { _ in } },
                        unchanged: { coordinator.interactionHandlers.isEmpty }),
            // TabBarController
            OffLoopCall("viewControllers", { tabs.viewControllers = [t2] }, unchanged: { tabs.viewControllers.count == 2 }),
            OffLoopCall("setViewControllers(_:animated:)", { tabs.setViewControllers([t1], animated: false) },
                        unchanged: { tabs.viewControllers.count == 2 }),
            OffLoopCall("selectedIndex", { tabs.selectedIndex = 1 }, unchanged: { tabs.selectedIndex == 0 }),
            OffLoopCall("selectedViewController", { tabs.selectedViewController = t2 }, unchanged: { tabs.selectedViewController === t1 }),
            // Application
            OffLoopCall("mainScreen", { app.mainScreen = .tablet }, unchanged: { app.mainScreen == .phone }),
            OffLoopCall("uikitVersion", { app.uikitVersion = .iOS17 }, unchanged: { app.uikitVersion == .iOS12 }),
            OffLoopCall("unloadPolicy", { app.unloadPolicy = .legacy }, unchanged: { app.unloadPolicy == .modern }),
            OffLoopCall("callsViewIsAppearing", { app.callsViewIsAppearing = true }, unchanged: { !app.callsViewIsAppearing }),
            OffLoopCall("prefetchesListContent", { app.prefetchesListContent = true }, unchanged: { !app.prefetchesListContent }),
            OffLoopCall("isStrict", { app.isStrict = true }, unchanged: { !app.isStrict }),
            OffLoopCall("traceWarningEvents", { app.traceWarningEvents = 1 }, unchanged: { app.traceWarningEvents == 1_000_000 }),
            OffLoopCall("bundlePath", { app.bundlePath = "/tmp" }, unchanged: { app.bundlePath == nil }),
            OffLoopCall("moduleNames", { app.moduleNames = ["Other"] }, unchanged: { app.moduleNames.isEmpty }),
            OffLoopCall("probe", { app.probe = SilentProbe() }, unchanged: { app.probe == nil }),
            OffLoopCall("registerNib(_:)", { app.registerNib(NibDefinition(name: "N", root: ViewNode())) },
                        unchanged: { app.nib(named: "N") == nil }),
            OffLoopCall("registerController(_:as:)", { app.registerController(ViewController.self, as: "Custom") },
                        unchanged: { app.controllerFactory(named: "Custom") == nil }),
            OffLoopCall("registerView(_:make:)", { app.registerView("CustomView") { View(frame: $0) } }, unchanged: {
                // An unregistered class is an unknownClass diagnostic when instantiated.
                let count = app.diagnostics.count
                _ = app.instantiate(ViewNode(className: "CustomView"))
                return app.diagnostics.count == count + 1 && app.diagnostics.last?.kind == .unknownClass
            }),
            OffLoopCall("launch(storyboard:screen:)", { launched = app.launch(storyboard: storyboard) },
                        unchanged: { app.windows.count == 2 && launched?.application == nil && launched?.isHidden == true }),
            OffLoopCall("tap(_:)", { app.tap(view) }, unchanged: { !app.trace.lines.contains("V tap") }),
            OffLoopCall("simulateMemoryWarning()", { app.simulateMemoryWarning() },
                        unchanged: { !app.trace.lines.contains("app memoryWarning") }),
            OffLoopCall("recordFrameMetrics()", { app.recordFrameMetrics() }, unchanged: { !app.trace.lines.contains { $0.hasSuffix(" frameMetrics") } }),
        ]

        #expect(Set(calls.map(\.member)).subtracting(["init"]) == Set(Self.exercisedMembers))
        let smuggled = Smuggled(calls)
        onAnotherThread {
            for call in smuggled.value { call.call() }
        }

        // Back on the loop thread: one diagnostic per call, in order, naming it.
        let diagnostics = app.diagnostics
        #expect(diagnostics.count == calls.count)
        for (call, diagnostic) in zip(calls, diagnostics) {
            #expect(diagnostic.kind == .offLoopAccess, "\(call.operation)")
            let named = diagnostic.message.hasPrefix(call.operation + " called on ")
                || diagnostic.message.contains(" inside \(call.operation) from a thread other than")
            #expect(named, "\(call.operation): \(diagnostic.message)")
        }
        // Nothing changed, and nothing was recorded in the trace from the wrong thread.
        #expect(app.trace.lines == traceLines)
        for call in calls {
            #expect(call.unchanged(), "\(call.operation) changed something")
        }
        try app.settle()
        #expect(app.trace.lines.count { $0.hasSuffix(" offLoopAccess") } == calls.count, "posted to the loop's trace")
        #expect(app.diagnostics.filter { $0.kind == .offLoopAccess }.count == calls.count)
        withExtendedLifetime((other, stray)) {}
    }

    /// The list above is complete: every public or open member declared in the files of
    /// View, Window, ViewController, its containers, Application and the transition types
    /// is either exercised there or read-only, a query, a callback or a throwing entry
    /// point (tested in `WrongThreadEntryPointTests`). A new public member fails this test
    /// until it is sorted into one of the two.
    @Test
    func theOffLoopListCoversEveryPublicMember() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Lifeloop")
        let files = [
            "View.swift", "View+Hierarchy.swift", "UpdateCycle.swift", "Window.swift", "ViewController.swift",
            "ViewController+Appearance.swift", "ViewController+Presentation.swift", "Application.swift",
            "Animation/Application+Animation.swift", "Animation/ViewAnimation.swift",
            "Containers/NavigationController.swift", "Containers/TabBarController.swift",
            "Transitions/TransitionCoordinator.swift", "Transitions/SheetDismissal.swift",
        ]
        let declaration = /^\s*(?:public|open)(?:\s+(?:internal|private)\(set\))?(?:\s+(?:static|final|weak|override))*\s+(?:var|let|func)\s+(\w+)/
        var declared: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { declared.insert(String(match.1)) }
            }
        }
        #expect(declared.count > 80, "the scan found the declarations")
        let exercised = Set(Self.exercisedMembers)
        let exempt: Set<String> = [
            // Read-only properties and constants.
            "subviews", "application", "owningViewController", "superview", "window", "needsLayout", "nibName", "storyboard", "children", "parent",
            "presentedViewController", "presentingViewController", "transitionCoordinator", "isViewLoaded",
            "viewIfLoaded", "isAppearingOrAppeared", "screen", "isKeyWindow", "frameMetrics", "loop", "trace", "windows",
            "keyWindow", "diagnostics", "liveControllers", "isAnimating", "runningAnimationSummary", "presentationFrame", "presentationAlpha",
            "maximumAnimationDuration", "topViewController", "isTransitioning", "transitionDuration", "percentComplete",
            "isAnimated", "isInteractive", "isCancelled", "shouldAutomaticallyForwardAppearanceMethods", "description",
            "identifier", "source", "destination", "isMovingToParent", "isMovingFromParent", "isBeingPresented",
            "isBeingDismissed", "isCompactWidth", "navigationController", "tabBarController", "next", "windowScene", "navigationBar",
            // Queries and factories that change nothing.
            "isDescendant", "viewWithTag", "viewWithLabel", "loadStoryboard",
            // Name wiring (NameWirable): the base classes know no names and change nothing;
            // the overrides the port step writes set the app's own properties.
            "lifeloopSetOutlet", "lifeloopPerform", "lifeloopResponds",
            // Callbacks to override: empty in the base classes.
            "willMove", "didMoveToSuperview", "didAddSubview", "willRemoveSubview", "didMoveToWindow", "layoutSubviews",
            "draw", "awakeFromNib", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
            "viewWillDisappear", "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
            "viewWillTransition", "didReceiveMemoryWarning", "viewWillUnload", "viewDidUnload", "prepare", "didMove",
            "becomeKey", "resignKey", "presentationControllerShouldDismiss", "presentationControllerDidAttemptToDismiss",
            "presentationControllerWillDismiss", "presentationControllerDidDismiss",
            "presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
            "dismissalTransitionDidEnd", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
            "layoutMarginsDidChange", "safeAreaInsetsDidChange", "tintColorDidChange", "traitCollectionDidChange",
            "viewLayoutMarginsDidChange", "viewSafeAreaInsetsDidChange", "updateConstraints", "updateViewConstraints",
            "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "pressesBegan", "gestureRecognizerShouldBegin",
            "interactivePopGestureRecognizer", "tabBar",
            // UIKit's read-only state and queries.
            "traitCollection", "screenSafeAreaInsets", "presentationTransform", "noIntrinsicMetric",
            "intrinsicContentSize", "preferredStatusBarStyle", "prefersStatusBarHidden", "prefersHomeIndicatorAutoHidden",
            "childForStatusBarStyle", "childForStatusBarHidden", "childForHomeIndicatorAutoHidden",
            "supportedInterfaceOrientations", "shouldAutorotate", "editButtonItem", "hitTest", "point", "sizeThatFits",
            "shouldPerformSegue", "invalidateIntrinsicContentSize", "prepareForInterfaceBuilder", "isFirstResponder", "canBecomeFirstResponder",
            "navigationItemIfMade", "tabBarItemIfMade", "containerView", "presentedView",
            "frameOfPresentedViewInContainerView", "shouldRemovePresentersView", "shouldPresentInFullscreen",
            // A thread-local setting: nothing shared.
            "useLabel",
            // Entry points that throw LoopError.wrongThread instead.
            "settle", "advance", "close",
            // Read-only state of those entry points.
            "isClosed",
            // The app's time (a read) and its seeded generator: plain data the loop's
            // thread uses, like any stored value of the app's own.
            "now", "random",
        ]
        #expect(declared.subtracting(exercised).subtracting(exempt).sorted() == [], "public members neither exercised nor exempt")
        #expect(exercised.intersection(exempt).sorted() == [])
    }

    /// The members `everyPublicMutatorIsRefusedOffTheLoopThread` exercises, by base name.
    /// (`view(labelled:)`, a query, shares its base name with the exercised `view`;
    /// `storyboard(_:)`, a factory, with the read-only `storyboard`.)
    static let exercisedMembers = [
        "traceLabel", "tag", "isHidden", "backgroundColor", "alpha", "autoresizingMask", "autoresizesSubviews", "tapAction",
        "frame", "bounds", "center", "addSubview", "insertSubview", "removeFromSuperview", "setNeedsLayout",
        "setNeedsDisplay", "layoutIfNeeded", "animate", "rootViewController", "makeKeyAndVisible", "rotate",
        "modalPresentationStyle", "view", "loadViewIfNeeded", "loadView", "addChild", "removeFromParent",
        "notifyWillMove", "notifyDidMove", "beginAppearanceTransition", "endAppearanceTransition", "present", "dismiss",
        "performSegue", "pushViewController", "popViewController", "popToRootViewController", "popToViewController",
        "setViewControllers", "beginInteractivePop", "update", "finish", "cancel", "notifyWhenInteractionChanges",
        "viewControllers", "selectedIndex", "selectedViewController", "mainScreen", "unloadPolicy",
        "callsViewIsAppearing", "prefetchesListContent", "isStrict", "traceWarningEvents", "bundlePath", "moduleNames", "probe", "registerNib", "registerController", "registerView",
        "launch", "tap", "simulateMemoryWarning", "recordFrameMetrics", "definesPresentationContext",
        "isModalInPresentation", "presentationController", "delegate", "beginInteractiveDismissal", "uikitVersion",
        "transitioningDelegate",
        "instantiateViewController", "show", "title", "additionalSafeAreaInsets", "setEditing", "isEditing",
        "setNavigationBarHidden", "isNavigationBarHidden", "isToolbarHidden", "setToolbarHidden", "toolbarItems",
        "hidesBarsOnTap", "hidesBarsOnSwipe", "hidesBarsWhenKeyboardAppears", "hidesBarsWhenVerticallyCompact",
        "tintColor", "bringSubviewToFront",
        "sendSubviewToBack", "sizeToFit", "navigationItem", "tabBarItem", "preferredContentSize",
        "modalTransitionStyle", "setNeedsStatusBarAppearanceUpdate", "showDetailViewController",
        "becomeFirstResponder", "resignFirstResponder", "endEditing",
    ]

    /// A delegate for the off-loop assignment above.
    final class SheetDelegate: AdaptivePresentationControllerDelegate {}
    /// A transitioning delegate for the off-loop assignment above.
    final class TransitionDelegate: ViewControllerTransitioningDelegate {}
    /// A navigation delegate for the off-loop assignment above.
    final class NavigationDelegate: NavigationControllerDelegate {}
}

@Suite("Entry points from the wrong thread")
struct WrongThreadEntryPointTests {
    /// `settle` and `advance` from another thread throw `LoopError.wrongThread`, naming the
    /// call and the loop's thread; the app is unharmed and runs on its own thread after.
    @Test
    func settleAndAdvanceFromAnotherThreadThrow() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        _ = try showInWindow(controller, app: app)
        controller.view.setNeedsLayout()
        let owner = "thread 0x" + String(pthread_self(), radix: 16)
        let box = Smuggled(app)
        let errors = Locked<[String: LoopError]>([:])
        onAnotherThread {
            let calls: [(String, () throws -> Void)] = [
                ("settle", { try box.value.settle() }), ("advance", { try box.value.advance(by: .seconds(1)) }),
                ("close", { try box.value.close() }),
            ]
            for (name, call) in calls {
                do {
                    try call()
                } catch let error as LoopError {
                    errors.withLock { $0[name] = error }
                } catch {}
            }
        }
        let caught = errors.withLock { $0 }
        for (name, operation) in [("settle", "Application.settle(maxTurns:)"), ("advance", "Application.advance(by:)"),
                                  ("close", "Application.close()")] {
            guard case .wrongThread(let named, let ownerThread, let caller)? = caught[name] else {
                Issue.record("\(name) did not throw wrongThread: \(String(describing: caught[name]))")
                continue
            }
            #expect(named == operation)
            #expect(ownerThread.hasPrefix(owner))
            #expect(caller.hasPrefix("thread 0x") && !caller.hasPrefix(owner))
            let message = caught[name]!.description
            #expect(message.hasPrefix("\(operation) was called on \(caller), but the loop belongs to \(ownerThread)"))
        }
        #expect(app.loop.now == .zero, "advance did not move the clock")
        #expect(controller.view.needsLayout, "settle ran nothing")
        #expect(!app.isClosed, "close did nothing")
        try app.settle()
        #expect(!controller.view.needsLayout)
    }
}

@Suite("One app per thread")
struct OneAppPerThreadTests {
    /// A second app on a thread whose first app is alive is refused with a message that
    /// says why and what to do; the first app is untouched.
    @Test
    func aSecondLiveAppOnTheSameThreadIsRefused() throws {
        let first = try Application()
        _ = Window(screen: .phone, label: "main")
        #expect(throws: ApplicationError.anotherApplicationOnThread(windows: ["main"])) {
            _ = try Application()
        }
        do {
            _ = try Application()
        } catch {
            #expect("\(error)".hasPrefix("an Application (with windows main) is still alive on this thread"))
            #expect("\(error)".contains("Close the first app (close()) or release it"))
        }
        let view = View(frame: .zero)
        #expect(view.application === first, "new objects still join the first app")
    }

    /// Apps one after another on one thread: a released app does not count.
    @Test
    func anAppAfterTheFirstWasReleasedIsAccepted() throws {
        weak var gone: Application?
        do {
            let first = try Application()
            gone = first
            _ = try showInWindow(ViewController(label: "A"), app: first)
        }
        #expect(gone == nil)
        let second = try Application()
        let controller = ViewController(label: "B")
        #expect(controller.application === second)
        #expect(second.liveControllers.map(\.traceLabel) == ["B"])
    }

    /// An app alive on another thread does not count either.
    @Test
    func anAppOnAnotherThreadDoesNotCount() throws {
        let here = try Application()
        let made = Locked<String?>(nil)
        onAnotherThread {
            do {
                let there = try Application()
                made.withLock { $0 = View(frame: .zero).application === there ? "ok" : "wrong app" }
            } catch {
                made.withLock { $0 = "\(error)" }
            }
        }
        #expect(made.withLock { $0 } == "ok")
        #expect(View(frame: .zero).application === here)
    }
}
