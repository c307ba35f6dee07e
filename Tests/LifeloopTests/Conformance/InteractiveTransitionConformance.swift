import Testing
@testable import Lifeloop

/// L18 (and L16, L20 for a finished one): interactive pops driven by
/// `NavigationController.beginInteractivePop()`, in two windows at once.
@Suite("Conformance: interactive transitions in two windows")
struct InteractiveTransitionConformance {
    typealias Support = AnimatedTransitionConformance
    typealias Probe = AnimatedTransitionConformance.Probe

    /// L18 (public report), B on top, A below, cancelled: `B viewWillDisappear,
    /// A viewWillAppear, A viewWillDisappear, A viewDidDisappear, B viewWillAppear,
    /// B viewDidAppear`, and B is still on top. "A finished interactive pop follows L16":
    /// `B viewWillDisappear, A viewWillAppear, (animation), B viewDidDisappear,
    /// A viewDidAppear, B dealloc`. The phone cancels while the tablet finishes; both are
    /// driven `update(0.3)`, `update(0.6)` first, and nothing moves while the gesture holds.
    @Test
    func L18_interactivePopCancelledInOneWindowFinishedInTheOther() throws {
        let app = try Application()
        let nav1 = NavigationController(rootViewController: Probe(label: "A1"), label: "Nav1")
        let nav2 = NavigationController(rootViewController: Probe(label: "A2"), label: "Nav2")
        let (phone, tablet) = try Support.showInTwoWindows(nav1, nav2, app: app)
        weak var b2: ViewController?
        do {
            let pushed = Probe(label: "B2")
            b2 = pushed
            nav1.pushViewController(Probe(label: "B1"), animated: false)
            nav2.pushViewController(pushed, animated: false)
            try app.settle()
        }
        let b1 = try #require(nav1.topViewController)
        let a1 = nav1.viewControllers[0]
        let mark = app.trace.count
        let pop1 = try #require(nav1.beginInteractivePop())
        let pop2 = try #require(nav2.beginInteractivePop())
        for (n, _) in Support.windows {
            #expect(Support.lines(app, since: mark, labels: Support.labels("A", "B", in: n))
                    == Support.tagged(["B viewWillDisappear", "A viewWillAppear"], n))
        }
        #expect(nav1.isTransitioning && nav2.isTransitioning)

        // The gesture holds the transition where it puts it; the clock does not move it.
        for pop in [pop1, pop2] { pop.update(0.3) }
        try app.settle()
        #expect(!app.isAnimating && app.loop.isIdle, "a held interactive transition needs no frames")
        #expect(pop1.percentComplete == 0.3)
        #expect(b1.view.presentationFrame.minX == 0.3 * phone.bounds.width as CGFloat, "B follows the finger")
        #expect(a1.view.presentationFrame.minX < 0 && a1.view.window === phone, "A is revealed from the left")
        try app.advance(by: .seconds(2))
        #expect(pop1.percentComplete == 0.3)
        for pop in [pop1, pop2] { pop.update(0.6) }
        #expect(pop2.percentComplete == 0.6)
        #expect(b1.view.presentationFrame.minX == 0.6 * phone.bounds.width as CGFloat)
        for (n, _) in Support.windows {
            #expect(Support.lines(app, since: mark, labels: Support.labels("A", "B", in: n))
                    == Support.tagged(["B viewWillDisappear", "A viewWillAppear"], n), "no did-callback while held")
        }

        let released = app.loop.now.nanoseconds
        pop1.cancel()
        pop2.finish()
        try app.advance(by: .milliseconds(50))
        #expect(app.isAnimating, "a released transition runs on the frame clock")
        try app.settle()
        #expect(Support.lines(app, since: mark, labels: Support.labels("A", "B", in: "1")) == Support.tagged([
            "B viewWillDisappear", "A viewWillAppear", "A viewWillDisappear", "A viewDidDisappear",
            "B viewWillAppear", "B viewDidAppear",
        ], "1"))
        #expect(Support.lines(app, since: mark, labels: Support.labels("A", "B", in: "2")) == Support.tagged([
            "B viewWillDisappear", "A viewWillAppear", "B viewDidDisappear", "A viewDidAppear", "B dealloc",
        ], "2"), "B dealloc even though the driver is still held")
        // The rest of the way takes the rest of the duration: 0.6 of 0.35 s back, 0.4 on.
        let cancelEnd = try Support.event(app, since: mark, "B1 viewDidAppear").time
        let finishEnd = try Support.event(app, since: mark, "A2 viewDidAppear").time
        #expect(cancelEnd >= released + 209_000_000 && cancelEnd <= released + 210_000_000 + 2 * Support.phonePeriod)
        #expect(finishEnd >= released + 139_000_000 && finishEnd <= released + 140_000_000 + 2 * Support.tabletPeriod)
        #expect(pop1.percentComplete == 0 && pop2.percentComplete == 1)

        // Cancelled: B is still on top, in the window, where it was.
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1"])
        #expect(nav1.topViewController === b1 && b1.view.window === phone && a1.view.window == nil)
        #expect(b1.view.presentationFrame == b1.view.frame && a1.view.presentationFrame == a1.view.frame)
        #expect(Support.lines(app, since: mark, labels: ["B1"], events: Support.containmentEvents)
                == ["B1 willMoveToParentViewController", "B1 didMoveToParentViewController"])
        #expect(try Support.event(app, since: mark, "B1 didMoveToParentViewController").detail == "Nav1")
        // Finished: A on top, B gone.
        #expect(nav2.viewControllers.map(\.traceLabel) == ["A2"])
        #expect(nav2.topViewController?.view.window === tablet)
        #expect(b2 == nil)
        #expect(try Support.event(app, since: mark, "B2 didMoveToParentViewController").detail == "nil")
        #expect(!nav1.isTransitioning && !nav2.isTransitioning)
        #expect(!app.isAnimating && app.loop.isIdle)
        #expect(app.diagnostics.isEmpty)
        Support.expectBalanced(app)

        // A driver that is over does nothing.
        pop1.update(0.5)
        pop2.cancel()
        try app.settle()
        #expect(nav1.viewControllers.count == 2 && nav2.viewControllers.count == 1)
        #expect(app.diagnostics.isEmpty)
    }

    /// The coordinator of an interactive pop: `isInteractive` while the gesture drives it,
    /// false after; `percentComplete` follows `update`; the
    /// `notifyWhenInteractionChanges` handler runs once, at the release, with
    /// `isCancelled` set; alongside blocks run and the completion runs once, before the
    /// did-callbacks; a second change of the stack meanwhile is refused. Both windows,
    /// both ways.
    @Test(arguments: [true, false])
    func L18_interactivePopCoordinator(cancelled: Bool) throws {
        let app = try Application()
        let a1 = Probe(label: "A1"), a2 = Probe(label: "A2")
        let nav1 = NavigationController(rootViewController: a1, label: "Nav1")
        let nav2 = NavigationController(rootViewController: a2, label: "Nav2")
        _ = try Support.showInTwoWindows(nav1, nav2, app: app)
        nav1.pushViewController(Probe(label: "B1"), animated: true)
        nav2.pushViewController(Probe(label: "B2"), animated: true)
        try app.settle()

        var interactionChanges: [(label: String, isInteractive: Bool, isCancelled: Bool)] = []
        // Unowned: A1 and A2 stay in the app's windows, so a strong capture would keep the
        // app alive after the test (and a thread runs one live app at a time).
        let onWillAppear: (Probe) -> Void = { [unowned app] probe in
            guard let coordinator = probe.transitionCoordinator else { return }
            let label = probe.traceLabel
            let view = probe.view!
            coordinator.animate(alongsideTransition: { _ in
                app.loop.record(label: label, event: "alongside")
                view.alpha = 0.9
            }, completion: { context in
                app.loop.record(label: label, event: "coordinatorCompletion", detail: "\(context.isCancelled)")
            })
            coordinator.notifyWhenInteractionChanges { context in
                interactionChanges.append((label, context.isInteractive, context.isCancelled))
                app.loop.record(label: label, event: "interactionChanged")
            }
        }
        a1.onWillAppear = onWillAppear
        a2.onWillAppear = onWillAppear
        let mark = app.trace.count
        let drivers = [try #require(nav1.beginInteractivePop()), try #require(nav2.beginInteractivePop())]
        let coordinators = [try #require(a1.transitionCoordinator), try #require(a2.transitionCoordinator)]
        #expect(a1.last("viewWillAppear")?.coordinator === coordinators[0], "set inside viewWillAppear")
        #expect(nav1.topViewController?.transitionCoordinator === coordinators[0], "shared by both sides")
        #expect(coordinators[0] !== coordinators[1], "one per window's transition")
        for coordinator in coordinators {
            #expect(coordinator.isInteractive && coordinator.isAnimated && !coordinator.isCancelled)
            #expect(coordinator.transitionDuration == NavigationController.transitionDuration)
            #expect(coordinator.percentComplete == 0)
        }
        // Busy: another change of the stack is refused while the gesture drives this one.
        nav1.pushViewController(ViewController(label: "C1"), animated: true)
        #expect(nav2.popViewController(animated: false) == nil)
        #expect(nav1.beginInteractivePop() == nil)
        #expect(app.diagnostics.map(\.kind) == Array(repeating: .presentWhilePresenting, count: 3))

        for (driver, coordinator) in zip(drivers, coordinators) {
            driver.update(0.3)
            #expect(coordinator.percentComplete == 0.3)
            driver.update(1.7)
            #expect(coordinator.percentComplete == 1, "clamped")
            driver.update(0.6)
            #expect(coordinator.percentComplete == 0.6 && driver.percentComplete == 0.6)
            #expect(coordinator.isInteractive)
        }
        try app.settle()
        #expect(interactionChanges.isEmpty, "not before the release")
        for driver in drivers {
            if cancelled { driver.cancel() } else { driver.finish() }
        }
        #expect(interactionChanges.map(\.label) == ["A1", "A2"], "once each, at the release")
        #expect(interactionChanges.allSatisfy { !$0.isInteractive && $0.isCancelled == cancelled })
        for driver in drivers {
            // A second release changes nothing and calls no handler again.
            if cancelled { driver.finish() } else { driver.cancel() }
        }
        #expect(interactionChanges.count == 2)
        try app.settle()
        for (n, _) in Support.windows {
            let lines = Support.lines(app, since: mark, labels: Support.labels("A", "B", in: n),
                                      events: Support.appearanceEvents.union(["alongside", "coordinatorCompletion", "interactionChanged"]))
            let ends = cancelled
                ? ["A viewWillDisappear", "A viewDidDisappear", "B viewWillAppear", "B viewDidAppear"]
                : ["B viewDidDisappear", "A viewDidAppear"]
            #expect(lines == Support.tagged([
                "B viewWillDisappear", "A viewWillAppear", "A alongside", "A interactionChanged", "A coordinatorCompletion",
            ] + ends, n), "the completion comes before the did-callbacks")
            #expect(try Support.event(app, since: mark, "A\(n) coordinatorCompletion").detail == "\(cancelled)")
        }
        for coordinator in coordinators {
            #expect(!coordinator.isInteractive)
            #expect(coordinator.isCancelled == cancelled)
            #expect(coordinator.percentComplete == (cancelled ? 0 : 1))
        }
        #expect(a1.transitionCoordinator == nil && a2.transitionCoordinator == nil)
        #expect(nav1.topViewController?.transitionCoordinator == nil)
        #expect(nav1.viewControllers.count == (cancelled ? 2 : 1))
        #expect(app.diagnostics.count == 3)
        Support.expectBalanced(app)
    }
}
