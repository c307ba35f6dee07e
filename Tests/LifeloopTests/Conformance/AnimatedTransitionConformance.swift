import Testing
@testable import Lifeloop

/// L16, L17, L19–L22, animated and not, with two windows at once: `phone` (60 Hz) and
/// `tablet` (120 Hz), each with its own root. Transitions run concurrently in both; each
/// window's trace is checked on its own, by label (`A1`, `B1`… in the phone window, `A2`,
/// `B2`… in the tablet window). L18 lives in InteractiveTransitionConformance.swift.
@Suite("Conformance: animated transitions in two windows")
struct AnimatedTransitionConformance {
    // MARK: Support

    static let appearanceEvents: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
    static let lifecycleEvents = appearanceEvents.union([
        "loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "dealloc",
    ])
    static let containmentEvents: Set = ["willMoveToParentViewController", "didMoveToParentViewController"]

    /// The vsync periods of the two screens, in nanoseconds.
    static let phonePeriod: UInt64 = 1_000_000_000 / 60
    static let tabletPeriod: UInt64 = 1_000_000_000 / 120
    static let navDuration = UInt64(NavigationController.transitionDuration * 1e9)
    static let modalDuration: UInt64 = 400_000_000

    /// The two windows: suffix `1` is the phone (60 Hz), `2` the tablet (120 Hz).
    static let windows: [(suffix: String, period: UInt64)] = [("1", phonePeriod), ("2", tabletPeriod)]

    /// A controller that records, per appearance callback, the `animated` flag and the
    /// transition coordinator it saw; `onWillAppear` lets a test act inside `viewWillAppear`.
    final class Probe: ViewController {
        struct Seen {
            let event: String
            let animated: Bool
            let coordinator: TransitionCoordinator?
        }
        var seen: [Seen] = []
        var onWillAppear: ((Probe) -> Void)?

        override func viewWillAppear(_ animated: Bool) {
            note("viewWillAppear", animated)
            onWillAppear?(self)
        }
        override func viewDidAppear(_ animated: Bool) { note("viewDidAppear", animated) }
        override func viewWillDisappear(_ animated: Bool) { note("viewWillDisappear", animated) }
        override func viewDidDisappear(_ animated: Bool) { note("viewDidDisappear", animated) }

        private func note(_ event: String, _ animated: Bool) {
            seen.append(Seen(event: event, animated: animated, coordinator: transitionCoordinator))
        }

        /// The last time `event` was seen.
        func last(_ event: String) -> Seen? { seen.last { $0.event == event } }
    }

    /// Shows `first` in a visible phone window and `second` in a visible tablet window.
    static func showInTwoWindows(_ first: ViewController, _ second: ViewController,
                                 app: Application) throws -> (phone: Window, tablet: Window) {
        let phone = Window(screen: .phone, label: "phone")
        phone.rootViewController = first
        phone.makeKeyAndVisible()
        let tablet = Window(screen: .tablet, label: "tablet")
        tablet.rootViewController = second
        tablet.makeKeyAndVisible()
        try app.settle()
        return (phone, tablet)
    }

    /// The trace events since `mark` for `labels` and `events`.
    static func events(_ app: Application, since mark: UInt64, labels: Set<String>,
                       events: Set<String> = lifecycleEvents) -> [TraceEvent] {
        app.trace.events.filter { $0.sequence >= mark && labels.contains($0.label) && events.contains($0.name) }
    }

    /// The `label event` lines since `mark` for `labels` and `events`.
    static func lines(_ app: Application, since mark: UInt64, labels: Set<String>,
                      events: Set<String> = lifecycleEvents) -> [String] {
        Self.events(app, since: mark, labels: labels, events: events).map(\.line)
    }

    /// The first event since `mark` whose line is `line`.
    static func event(_ app: Application, since mark: UInt64, _ line: String) throws -> TraceEvent {
        try #require(app.trace.events.first { $0.sequence >= mark && $0.line == line }, "no \(line) in the trace")
    }

    /// The spec's lines (`A viewWillAppear`) for one window: `A1 viewWillAppear`.
    static func tagged(_ lines: [String], _ suffix: String) -> [String] {
        lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return "\(parts[0])\(suffix) \(parts[1])"
        }
    }

    /// The labels `names` for one window.
    static func labels(_ names: String..., in suffix: String) -> Set<String> {
        Set(names.map { $0 + suffix })
    }

    /// L20 over the whole trace, per label: `disappeared → appearing → appeared →
    /// disappearing → disappeared` plus the cancel edges `appearing → disappearing` and
    /// `disappearing → appearing`. Returns the first line that breaks it, or a label left
    /// half way (a will- without its did-callback), or nil.
    static func firstUnbalanced(in app: Application) -> String? {
        var state: [String: String] = [:]
        for event in app.trace.events where appearanceEvents.contains(event.name) {
            let next: String?
            switch (state[event.label] ?? "disappeared", event.name) {
            case ("disappeared", "viewWillAppear"), ("disappearing", "viewWillAppear"): next = "appearing"
            case ("appeared", "viewWillDisappear"), ("appearing", "viewWillDisappear"): next = "disappearing"
            case ("appearing", "viewDidAppear"): next = "appeared"
            case ("disappearing", "viewDidDisappear"): next = "disappeared"
            default: next = nil
            }
            guard let next else { return event.line }
            state[event.label] = next
        }
        if let open = state.first(where: { $0.value == "appearing" || $0.value == "disappearing" }) {
            return "\(open.key) left \(open.value)"
        }
        return nil
    }

    /// L20 holds: no `unbalancedAppearance`, and the trace walks the state machine.
    static func expectBalanced(_ app: Application, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!app.diagnostics.contains { $0.kind == .unbalancedAppearance }, sourceLocation: sourceLocation)
        #expect(firstUnbalanced(in: app) == nil, sourceLocation: sourceLocation)
    }

    /// A navigation controller showing `labels` (bottom first), the pushes not animated.
    static func stack(_ labels: [String], label: String) -> NavigationController {
        let nav = NavigationController(rootViewController: Probe(label: labels[0]), label: label)
        nav.setViewControllers(labels.map { Probe(label: $0) }, animated: false)
        return nav
    }

    // MARK: L16

    /// L16 (public reports, several agree), push B over A: `A viewWillDisappear,
    /// B viewWillAppear, B viewWillLayoutSubviews, B viewDidLayoutSubviews, (animation),
    /// A viewDidDisappear, B viewDidAppear`, B's `loadView`/`viewDidLoad` first. Pop:
    /// `B viewWillDisappear, A viewWillAppear, (animation), B viewDidDisappear,
    /// A viewDidAppear, B dealloc`. Both windows push and pop at the same instant; the
    /// did-callbacks wait for the 0.35 s animation, ending at each screen's first vsync
    /// after it.
    @Test(arguments: [true, false])
    func L16_pushAndPopInTwoWindows(animated: Bool) throws {
        let app = try Application()
        let a1 = Probe(label: "A1"), a2 = Probe(label: "A2")
        let nav1 = NavigationController(rootViewController: a1, label: "Nav1")
        let nav2 = NavigationController(rootViewController: a2, label: "Nav2")
        let (phone, tablet) = try Self.showInTwoWindows(nav1, nav2, app: app)
        let framesBefore = [phone.frameMetrics.framesProduced, tablet.frameMetrics.framesProduced]

        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        weak var b1: Probe?
        weak var b2: Probe?
        do {
            let pushed1 = Probe(label: "B1"), pushed2 = Probe(label: "B2")
            b1 = pushed1
            b2 = pushed2
            nav1.pushViewController(pushed1, animated: animated)
            nav2.pushViewController(pushed2, animated: animated)
        }
        // The will-callbacks come at the call.
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", in: n))
                    == Self.tagged(["B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear"], n))
        }
        if animated {
            try app.advance(by: .milliseconds(200))
            #expect(app.isAnimating)
            for (n, _) in Self.windows {
                #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", in: n)) == Self.tagged([
                    "B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear",
                    "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
                ], n), "(animation): no did-callback at 0.2 s")
            }
            // B slides in from the right over A, which slides a little to the left.
            let pushedView = try #require(b1?.viewIfLoaded)
            #expect(pushedView.presentationFrame.minX > 0 && pushedView.presentationFrame.minX < phone.bounds.width)
            #expect(a1.view.presentationFrame.minX < 0)
        }
        try app.settle()
        let push = ["B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear", "B viewWillLayoutSubviews",
                    "B viewDidLayoutSubviews", "A viewDidDisappear", "B viewDidAppear"]
        for (n, period) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", in: n)) == Self.tagged(push, n))
            #expect(try Self.event(app, since: mark, "A\(n) viewWillDisappear").time == start)
            let didAppear = try Self.event(app, since: mark, "B\(n) viewDidAppear").time
            #expect(try Self.event(app, since: mark, "A\(n) viewDidDisappear").time == didAppear)
            if animated {
                #expect(didAppear >= start + Self.navDuration, "not before the 0.35 s animation ends")
                #expect(didAppear < start + Self.navDuration + period, "at the first vsync after it")
            } else {
                #expect(didAppear == start, "at the end of the same turn")
            }
        }
        // The callbacks get the `animated` flag of the push.
        #expect(b1?.seen.map(\.animated) == [animated, animated])
        #expect(a1.seen.suffix(2).map(\.animated) == [animated, animated])
        let produced = [phone.frameMetrics.framesProduced - framesBefore[0], tablet.frameMetrics.framesProduced - framesBefore[1]]
        if animated {
            #expect((20...22).contains(produced[0]), "about 21 frames at 60 Hz, got \(produced[0])")
            #expect((41...43).contains(produced[1]), "about 42 frames at 120 Hz, got \(produced[1])")
        } else {
            #expect(produced == [0, 0], "a transition without animation makes no frames")
        }
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1"])
        #expect(nav2.viewControllers.map(\.traceLabel) == ["A2", "B2"])
        #expect(a1.viewIfLoaded?.window == nil)
        #expect(b2?.viewIfLoaded?.window === tablet)

        let popMark = app.trace.count
        let popStart = app.loop.now.nanoseconds
        _ = nav1.popViewController(animated: animated)
        _ = nav2.popViewController(animated: animated)
        #expect(nav1.isTransitioning && nav2.isTransitioning)
        try app.settle()
        for (n, period) in Self.windows {
            #expect(Self.lines(app, since: popMark, labels: Self.labels("A", "B", in: n)) == Self.tagged([
                "B viewWillDisappear", "A viewWillAppear", "B viewDidDisappear", "A viewDidAppear", "B dealloc",
            ], n))
            let dealloc = try Self.event(app, since: popMark, "B\(n) dealloc").time
            if animated {
                #expect(try Self.event(app, since: popMark, "A\(n) viewDidAppear").time >= popStart + Self.navDuration)
                #expect(dealloc >= popStart + Self.navDuration && dealloc < popStart + Self.navDuration + period)
            } else {
                #expect(dealloc == popStart)
            }
        }
        #expect(b1 == nil && b2 == nil)
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1"] && nav2.viewControllers.map(\.traceLabel) == ["A2"])
        #expect(a1.view.window === phone && a2.view.window === tablet)
        #expect(a1.view.presentationFrame == a1.view.frame, "the transition offset is gone")
        #expect(!nav1.isTransitioning && !nav2.isTransitioning)
        #expect(!app.isAnimating)
        #expect(app.loop.isIdle, "an idle app makes no wakeups")
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    /// L16, frames: an animated push ticks each window's display link at its screen's rate
    /// (0.35 s: about 21 frames at 60 Hz, 42 at 120 Hz, frame times of one period) and
    /// stops after it.
    @Test
    func L16_animatedPushFramesAtEachScreensRate() throws {
        let app = try Application()
        let nav1 = NavigationController(rootViewController: ViewController(label: "A1"), label: "Nav1")
        let nav2 = NavigationController(rootViewController: ViewController(label: "A2"), label: "Nav2")
        let (phone, tablet) = try Self.showInTwoWindows(nav1, nav2, app: app)
        #expect(!app.isAnimating && app.loop.isIdle)
        #expect(phone.frameMetrics.framesProduced == 0 && tablet.frameMetrics.framesProduced == 0)
        let mark = app.trace.count
        nav1.pushViewController(ViewController(label: "B1"), animated: true)
        nav2.pushViewController(ViewController(label: "B2"), animated: true)
        try app.advance(by: .milliseconds(175))
        // Half way: each link has ticked about half of its frames.
        #expect((10...11).contains(phone.frameMetrics.framesProduced))
        #expect((20...22).contains(tablet.frameMetrics.framesProduced))
        #expect(app.isAnimating && !app.loop.isIdle)
        try app.settle()
        #expect((20...22).contains(phone.frameMetrics.framesProduced), "got \(phone.frameMetrics.framesProduced)")
        #expect((41...43).contains(tablet.frameMetrics.framesProduced), "got \(tablet.frameMetrics.framesProduced)")
        #expect(phone.frameMetrics.framesDropped == 0 && tablet.frameMetrics.framesDropped == 0)
        #expect(phone.frameMetrics.p50 == .microseconds(16_666))
        #expect(tablet.frameMetrics.p50 == .microseconds(8_333))
        // Each window's frames are traced under its own label.
        #expect(Self.lines(app, since: mark, labels: ["phone"], events: ["frame"]).count == phone.frameMetrics.framesProduced)
        #expect(Self.lines(app, since: mark, labels: ["tablet"], events: ["frame"]).count == tablet.frameMetrics.framesProduced)
        #expect(!app.isAnimating)
        #expect(app.loop.isIdle)
        let settledAt = app.loop.now
        try app.advance(by: .seconds(1))
        #expect(phone.frameMetrics.framesProduced + tablet.frameMetrics.framesProduced <= 22 + 43)
        #expect(app.trace.events.filter { $0.time > settledAt.nanoseconds }.isEmpty, "an idle app records nothing")
        #expect(app.diagnostics.isEmpty)
    }

    /// L16, pop to root: only the old top and the root get appearance callbacks; the
    /// controllers in between (loaded, off screen) get none; every popped controller gets
    /// `willMove(toParent: nil)` at once, `didMove(toParent: nil)` and `dealloc` after the
    /// transition.
    @Test(arguments: [true, false])
    func L16_popToRootInTwoWindows(animated: Bool) throws {
        let app = try Application()
        let nav1 = NavigationController(rootViewController: Probe(label: "A1"), label: "Nav1")
        let nav2 = NavigationController(rootViewController: Probe(label: "A2"), label: "Nav2")
        _ = try Self.showInTwoWindows(nav1, nav2, app: app)
        // Pushed one by one, so B and C appeared once and have loaded views.
        for name in ["B", "C", "D"] {
            nav1.pushViewController(Probe(label: name + "1"), animated: false)
            nav2.pushViewController(Probe(label: name + "2"), animated: false)
            try app.settle()
        }
        #expect(nav1.viewControllers[1].isViewLoaded && nav2.viewControllers[2].isViewLoaded)
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        #expect(nav1.popToRootViewController(animated: animated).map(\.traceLabel) == ["B1", "C1", "D1"])
        #expect(nav2.popToRootViewController(animated: animated).map(\.traceLabel) == ["B2", "C2", "D2"])
        try app.settle()
        let events = Self.lifecycleEvents.union(Self.containmentEvents)
        for (n, _) in Self.windows {
            let lines = Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", "D", in: n), events: events)
            #expect(lines.filter { !$0.hasSuffix("dealloc") } == Self.tagged([
                "B willMoveToParentViewController", "C willMoveToParentViewController", "D willMoveToParentViewController",
                "D viewWillDisappear", "A viewWillAppear", "D viewDidDisappear", "A viewDidAppear",
                "B didMoveToParentViewController", "C didMoveToParentViewController", "D didMoveToParentViewController",
            ], n))
            #expect(Set(lines.filter { $0.hasSuffix("dealloc") }) == Set(Self.tagged(["B dealloc", "C dealloc", "D dealloc"], n)))
            #expect(lines.suffix(3).allSatisfy { $0.hasSuffix("dealloc") }, "popped controllers dealloc after the transition")
            let deallocs = Self.events(app, since: mark, labels: Self.labels("B", "C", "D", in: n), events: ["dealloc"])
            if animated {
                #expect(deallocs.allSatisfy { $0.time >= start + Self.navDuration })
            }
        }
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1"] && nav2.viewControllers.map(\.traceLabel) == ["A2"])
        #expect(nav1.view.subviews.count == 1)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    /// L16, pop to a controller in the middle: `D viewWillDisappear, C … nothing,
    /// B viewWillAppear, (animation), D viewDidDisappear, B viewDidAppear`, then C and D
    /// dealloc. A controller that is not in the stack is refused.
    @Test(arguments: [true, false])
    func L16_popToViewControllerInTwoWindows(animated: Bool) throws {
        let app = try Application()
        let nav1 = Self.stack(["A1", "B1", "C1", "D1"], label: "Nav1")
        let nav2 = Self.stack(["A2", "B2", "C2", "D2"], label: "Nav2")
        _ = try Self.showInTwoWindows(nav1, nav2, app: app)
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        #expect(nav1.popToViewController(nav1.viewControllers[1], animated: animated).map(\.traceLabel) == ["C1", "D1"])
        #expect(nav2.popToViewController(nav2.viewControllers[1], animated: animated).map(\.traceLabel) == ["C2", "D2"])
        try app.settle()
        for (n, period) in Self.windows {
            // B was never shown: its view loads first (L16), before D viewWillDisappear.
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", "D", in: n)).filter { !$0.hasSuffix("dealloc") }
                    == Self.tagged([
                        "B loadView", "B viewDidLoad", "D viewWillDisappear", "B viewWillAppear",
                        "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "D viewDidDisappear", "B viewDidAppear",
                    ], n))
            #expect(Set(Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", "D", in: n), events: ["dealloc"]))
                    == Set(Self.tagged(["C dealloc", "D dealloc"], n)))
            let didAppear = try Self.event(app, since: mark, "B\(n) viewDidAppear").time
            if animated {
                #expect(didAppear >= start + Self.navDuration && didAppear < start + Self.navDuration + period)
            } else {
                #expect(didAppear == start)
            }
        }
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1"])
        #expect(nav2.viewControllers.map(\.traceLabel) == ["A2", "B2"])
        #expect(app.diagnostics.isEmpty)
        // Not in the stack: refused, nothing changes.
        let stranger = ViewController(label: "Stranger")
        #expect(nav1.popToViewController(stranger, animated: animated).isEmpty)
        #expect(app.diagnostics.map(\.kind) == [.invalidHierarchy])
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1"])
        Self.expectBalanced(app)
    }

    /// L16, `setViewControllers`: a new top that was not in the stack comes in as a push
    /// (slides in from the right, on top); a new top that was in the stack as a pop
    /// (revealed from the left, below the old top). Controllers that are not the old or
    /// new top get no appearance callbacks; the ones that left dealloc after.
    @Test(arguments: [true, false])
    func L16_setViewControllersPushLikeAndPopLike(animated: Bool) throws {
        let app = try Application()
        let nav1 = NavigationController(rootViewController: Probe(label: "A1"), label: "Nav1")
        let nav2 = NavigationController(rootViewController: Probe(label: "A2"), label: "Nav2")
        let (phone, _) = try Self.showInTwoWindows(nav1, nav2, app: app)

        // Push-like: [A] → [A, B, C].
        var mark = app.trace.count
        for (nav, n) in [(nav1, "1"), (nav2, "2")] {
            nav.setViewControllers([nav.viewControllers[0], Probe(label: "B" + n), Probe(label: "C" + n)], animated: animated)
        }
        if animated {
            try app.advance(by: .milliseconds(150))
            let incoming = try #require(nav1.viewControllers.last?.viewIfLoaded)
            #expect(nav1.view.subviews.last === incoming, "a push puts the new top above")
            #expect(incoming.presentationFrame.minX > 0, "and slides it in from the right")
        }
        try app.settle()
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", in: n)) == Self.tagged([
                "C loadView", "C viewDidLoad", "A viewWillDisappear", "C viewWillAppear",
                "C viewWillLayoutSubviews", "C viewDidLayoutSubviews", "A viewDidDisappear", "C viewDidAppear",
            ], n))
            #expect(Self.lines(app, since: mark, labels: Self.labels("B", "C", in: n), events: Self.containmentEvents)
                    == Self.tagged([
                        "B willMoveToParentViewController", "C willMoveToParentViewController",
                        "B didMoveToParentViewController", "C didMoveToParentViewController",
                    ], n))
        }
        #expect(nav1.viewControllers[1].isViewLoaded == false, "B, never on top, never loads")
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1", "C1"])

        // Pop-like: [A, B, C] → [B]: B was in the stack.
        mark = app.trace.count
        let start = app.loop.now.nanoseconds
        for nav in [nav1, nav2] { nav.setViewControllers([nav.viewControllers[1]], animated: animated) }
        if animated {
            try app.advance(by: .milliseconds(150))
            let revealed = try #require(nav1.viewControllers.first?.viewIfLoaded)
            #expect(nav1.view.subviews.first === revealed, "a pop puts the new top below")
            #expect(revealed.presentationFrame.minX < 0, "revealed from the left")
            #expect(nav1.view.subviews.last!.presentationFrame.minX > 0, "the old top slides out to the right")
            #expect(nav1.view.subviews.last!.presentationFrame.minX < phone.bounds.width)
        }
        try app.settle()
        for (n, _) in Self.windows {
            let lines = Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", in: n))
            #expect(lines.filter { !$0.hasSuffix("dealloc") } == Self.tagged([
                "B loadView", "B viewDidLoad", "C viewWillDisappear", "B viewWillAppear",
                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "C viewDidDisappear", "B viewDidAppear",
            ], n))
            #expect(Set(lines.suffix(2)) == Set(Self.tagged(["A dealloc", "C dealloc"], n)))
            if animated {
                #expect(try Self.event(app, since: mark, "B\(n) viewDidAppear").time >= start + Self.navDuration)
            }
        }
        #expect(nav1.viewControllers.map(\.traceLabel) == ["B1"] && nav2.viewControllers.map(\.traceLabel) == ["B2"])
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    /// L16 with L22's rule for navigation: a push (or pop) while an animated push is in
    /// flight records `presentWhilePresenting` and changes nothing; the other window's
    /// navigation controller is not affected; after the animation a push works again.
    @Test
    func L16_pushWhilePushInFlightIsRefused() throws {
        let app = try Application()
        let nav1 = NavigationController(rootViewController: ViewController(label: "A1"), label: "Nav1")
        let nav2 = NavigationController(rootViewController: ViewController(label: "A2"), label: "Nav2")
        _ = try Self.showInTwoWindows(nav1, nav2, app: app)
        nav1.pushViewController(ViewController(label: "B1"), animated: true)
        try app.advance(by: .milliseconds(100))
        let mark = app.trace.count
        nav1.pushViewController(Probe(label: "C1"), animated: true)
        #expect(nav1.popViewController(animated: true) == nil)
        #expect(nav1.popToRootViewController(animated: false).isEmpty)
        nav1.setViewControllers([nav1.viewControllers[0]], animated: false)
        #expect(nav1.beginInteractivePop() == nil)
        #expect(app.diagnostics.map(\.kind) == Array(repeating: .presentWhilePresenting, count: 5))
        #expect(app.diagnostics.allSatisfy { $0.label == "Nav1" })
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1"])
        // C1 was not touched at all: no willMove, no load; nothing keeps it.
        #expect(app.trace.events.filter { $0.sequence >= mark && $0.label == "C1" }.map(\.name) == ["initWithNibName", "dealloc"])
        // Meanwhile the tablet pushes freely: its navigation controller is not busy.
        nav2.pushViewController(ViewController(label: "B2"), animated: true)
        #expect(app.diagnostics.count == 5)
        try app.settle()
        #expect(Self.lines(app, since: 0, labels: ["A1", "B1", "C1"], events: Self.appearanceEvents).suffix(4)
                == ["A1 viewWillDisappear", "B1 viewWillAppear", "A1 viewDidDisappear", "B1 viewDidAppear"])
        nav1.pushViewController(ViewController(label: "C1b"), animated: true)
        try app.settle()
        #expect(nav1.viewControllers.map(\.traceLabel) == ["A1", "B1", "C1b"])
        #expect(nav2.viewControllers.map(\.traceLabel) == ["A2", "B2"])
        #expect(app.diagnostics.count == 5)
        Self.expectBalanced(app)
    }

    /// The transition coordinator (L16, L17): set inside the will-callbacks of the
    /// controllers a push, pop, present or dismiss involves (one coordinator for both
    /// sides), animated as the call is; alongside animations run and their completion
    /// comes before the did-callbacks; nil once the transition is over.
    @Test(arguments: [true, false])
    func L16_L17_transitionCoordinatorDuringPushAndPresent(animated: Bool) throws {
        let app = try Application()
        let a1 = Probe(label: "A1")
        let nav1 = NavigationController(rootViewController: a1, label: "Nav1")
        let a2 = Probe(label: "A2")
        let (_, tablet) = try Self.showInTwoWindows(nav1, a2, app: app)
        var alongsideAccepted: [Bool] = []
        var lateAlongsideAccepted: Bool?
        let onWillAppear: (Probe) -> Void = { probe in
            guard let coordinator = probe.transitionCoordinator else { return }
            let label = probe.traceLabel
            let target = probe.view!
            alongsideAccepted.append(coordinator.animate(alongsideTransition: { context in
                app.loop.record(label: label, event: "alongside", detail: "\(context.percentComplete)")
                target.alpha = 0.5
            }, completion: { context in
                app.loop.record(label: label, event: "coordinatorCompletion", detail: "\(context.percentComplete)")
            }))
        }
        let b1 = Probe(label: "B1"), b2 = Probe(label: "B2")
        b1.onWillAppear = onWillAppear
        b2.onWillAppear = onWillAppear
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        nav1.pushViewController(b1, animated: animated)
        a2.present(b2, animated: animated)
        for (incoming, outgoing) in [(b1, a1), (b2, a2)] {
            let coordinator = try #require(incoming.last("viewWillAppear")?.coordinator, "set inside viewWillAppear")
            #expect(outgoing.last("viewWillDisappear")?.coordinator === coordinator, "the same for both sides")
            #expect(incoming.transitionCoordinator === coordinator)
            #expect(coordinator.isAnimated == animated)
            #expect(coordinator.transitionDuration == (animated ? (incoming === b1 ? 0.35 : 0.4) : 0))
            #expect(!coordinator.isInteractive)
            // The transition has started: a new alongside block is refused.
            lateAlongsideAccepted = coordinator.animate(alongsideTransition: { _ in }, completion: nil)
            #expect(lateAlongsideAccepted == false)
        }
        #expect(alongsideAccepted == [true, true])
        try app.settle()
        for (n, _) in Self.windows {
            let lines = Self.lines(app, since: mark, labels: Self.labels("A", "B", in: n),
                                   events: Self.appearanceEvents.union(["alongside", "coordinatorCompletion"]))
            // A push ends `A viewDidDisappear, B viewDidAppear` (L16), a present the other
            // way round (L17).
            let ends = n == "1" ? ["A viewDidDisappear", "B viewDidAppear"] : ["B viewDidAppear", "A viewDidDisappear"]
            #expect(lines == Self.tagged([
                "A viewWillDisappear", "B viewWillAppear", "B alongside", "B coordinatorCompletion",
            ] + ends, n))
            // The completion runs before the did-callbacks, at the end of the transition.
            let completion = try Self.event(app, since: mark, "B\(n) coordinatorCompletion")
            let didAppear = try Self.event(app, since: mark, "B\(n) viewDidAppear")
            #expect(completion.sequence < didAppear.sequence)
            #expect(completion.sequence > (try Self.event(app, since: mark, "B\(n) alongside")).sequence)
            #expect(completion.detail == "1.0", "percentComplete is 1 at the end")
            if animated {
                #expect(completion.time >= start + (n == "1" ? Self.navDuration : Self.modalDuration))
            }
        }
        // The alongside block's changes animate with the transition.
        #expect(b1.view.alpha == 0.5)
        for probe in [a1, b1, a2, b2] {
            #expect(probe.transitionCoordinator == nil, "nil once the transition is over (\(probe.traceLabel))")
        }

        // Pop and dismiss: the revealed controllers see the coordinator in viewWillAppear.
        nav1.popViewController(animated: animated)
        b2.dismiss(animated: animated)
        for (revealed, leaving) in [(a1, b1), (a2, b2)] {
            let coordinator = try #require(revealed.last("viewWillAppear")?.coordinator)
            #expect(leaving.last("viewWillDisappear")?.coordinator === coordinator)
            #expect(coordinator.isAnimated == animated)
        }
        try app.settle()
        #expect(a1.transitionCoordinator == nil && a2.transitionCoordinator == nil)
        #expect(a2.view.window === tablet)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    // MARK: L17

    /// L17 (seed 004 and public reports), full screen, present: `A viewWillDisappear,
    /// B viewWillAppear, (layout), (animation), B viewDidAppear, A viewDidDisappear`;
    /// dismiss: `B viewWillDisappear, A viewWillAppear, (animation), A viewDidAppear,
    /// B viewDidDisappear, B dealloc`. "Over-full-screen and page-sheet styles leave the
    /// presenter in the window: it gets no appearance callbacks." Completion handlers run
    /// after the did-callbacks. Both windows present and dismiss at the same instant.
    @Test(arguments: ModalPresentationStyle.allCases, [true, false])
    func L17_presentAndDismissInTwoWindows(style: ModalPresentationStyle, animated: Bool) throws {
        let app = try Application()
        let a1 = Probe(label: "A1"), a2 = Probe(label: "A2")
        let (phone, tablet) = try Self.showInTwoWindows(a1, a2, app: app)
        let framesBefore = phone.frameMetrics.framesProduced
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        weak var b1: ViewController?
        weak var b2: ViewController?
        do {
            for (presenter, n) in [(a1, "1"), (a2, "2")] {
                let presented = Probe(label: "B" + n)
                presented.modalPresentationStyle = style
                if n == "1" { b1 = presented } else { b2 = presented }
                presenter.present(presented, animated: animated) {
                    app.loop.record(label: "B" + n, event: "presentCompletion")
                }
            }
        }
        // With no controller defining a context, a current-context presentation covers the
        // root, as full screen does (L29).
        let hides = style == .fullScreen || style == .currentContext
        if animated {
            try app.advance(by: .milliseconds(200))
            let shown = try #require(b1?.viewIfLoaded)
            #expect(shown.presentationFrame.minY > shown.frame.minY, "slides up from the bottom")
            #expect(a1.view.window === phone, "the presenter stays during the animation")
            #expect(Self.lines(app, since: mark, labels: ["A1", "B1"], events: ["viewDidAppear", "viewDidDisappear", "presentCompletion"]).isEmpty)
        }
        try app.settle()
        let present = (hides ? ["A viewWillDisappear"] : []) + [
            "B viewWillAppear", "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "B viewDidAppear",
        ] + (hides ? ["A viewDidDisappear"] : []) + ["B presentCompletion"]
        let events = Self.lifecycleEvents.union(["presentCompletion", "dismissCompletion"])
        for (n, period) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", in: n), events: events)
                    == Self.tagged(["B loadView", "B viewDidLoad"] + present, n))
            let didAppear = try Self.event(app, since: mark, "B\(n) viewDidAppear").time
            #expect(try Self.event(app, since: mark, "B\(n) presentCompletion").time == didAppear)
            if animated {
                #expect(didAppear >= start + Self.modalDuration && didAppear < start + Self.modalDuration + period)
            } else {
                #expect(didAppear == start)
            }
        }
        if animated {
            #expect((23...25).contains(phone.frameMetrics.framesProduced - framesBefore), "0.4 s at 60 Hz")
        }
        #expect((a1.view.window == nil) == hides, "only full screen (and current context) takes the presenter out of the window")
        #expect((a2.view.window == nil) == hides)
        let presentedView = try #require(b1?.viewIfLoaded)
        #expect(presentedView.window === phone && b2?.viewIfLoaded?.window === tablet)
        // On the phone (compact width) a popover adapts to a sheet (L29).
        let sheet = [.automatic, .pageSheet, .formSheet, .popover].contains(style)
        #expect(presentedView.frame.minY == CGFloat(sheet ? phone.screen.statusBarInset + 10 : 0))
        #expect(presentedView.presentationFrame == presentedView.frame)
        #expect(a1.presentedViewController === b1 && b1?.presentingViewController === a1)

        let dismissMark = app.trace.count
        let dismissStart = app.loop.now.nanoseconds
        for (presented, n) in [(b1, "1"), (b2, "2")] {
            presented?.dismiss(animated: animated) { app.loop.record(label: "B" + n, event: "dismissCompletion") }
        }
        try app.settle()
        let dismiss = ["B viewWillDisappear"] + (hides ? ["A viewWillAppear", "A viewDidAppear"] : [])
            + ["B viewDidDisappear", "B dismissCompletion", "B dealloc"]
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: dismissMark, labels: Self.labels("A", "B", in: n), events: events)
                    == Self.tagged(dismiss, n))
            if animated {
                #expect(try Self.event(app, since: dismissMark, "B\(n) viewDidDisappear").time >= dismissStart + Self.modalDuration)
            }
        }
        #expect(b1 == nil && b2 == nil)
        #expect(a1.presentedViewController == nil)
        #expect(phone.subviews.count == 1 && tablet.subviews.count == 1)
        #expect(!app.isAnimating && app.loop.isIdle)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    /// L17, dismissing a presented stack A→B→C from A (both full screen): only the top
    /// disappears and only A reappears — `C viewWillDisappear, A viewWillAppear,
    /// (animation), A viewDidAppear, C viewDidDisappear` — B gets nothing, then the
    /// completion, then B and C dealloc.
    @Test(arguments: [true, false])
    func L17_dismissPresentedStackFromTheBottom(animated: Bool) throws {
        let app = try Application()
        let a1 = Probe(label: "A1"), a2 = Probe(label: "A2")
        let (phone, tablet) = try Self.showInTwoWindows(a1, a2, app: app)
        weak var weakB: ViewController?
        weak var weakC: ViewController?
        do {
            for (a, n) in [(a1, "1"), (a2, "2")] {
                let b = Probe(label: "B" + n)
                a.present(b, animated: animated)
                try app.settle()
                let c = Probe(label: "C" + n)
                b.present(c, animated: animated)
                try app.settle()
                if n == "1" {
                    weakB = b
                    weakC = c
                }
            }
        }
        #expect(weakC?.view.window === phone && weakB?.viewIfLoaded?.window == nil)
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        var completions = 0
        a1.dismiss(animated: animated) {
            completions += 1
            app.loop.record(label: "A1", event: "dismissCompletion")
        }
        a2.dismiss(animated: animated) {
            completions += 1
            app.loop.record(label: "A2", event: "dismissCompletion")
        }
        try app.settle()
        for (n, period) in Self.windows {
            let lines = Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", in: n),
                                   events: Self.lifecycleEvents.union(["dismissCompletion"]))
            #expect(lines.filter { !$0.hasSuffix("dealloc") } == Self.tagged([
                "C viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "C viewDidDisappear", "A dismissCompletion",
            ], n))
            #expect(Set(lines.suffix(2)) == Set(Self.tagged(["B dealloc", "C dealloc"], n)), "B and C dealloc last")
            let didAppear = try Self.event(app, since: mark, "A\(n) viewDidAppear").time
            if animated {
                #expect(didAppear >= start + Self.modalDuration && didAppear < start + Self.modalDuration + period)
            }
        }
        #expect(completions == 2)
        #expect(weakB == nil && weakC == nil)
        #expect(a1.presentedViewController == nil && a2.presentedViewController == nil)
        #expect(phone.subviews.count == 1 && phone.subviews.first === a1.view)
        #expect(tablet.subviews.count == 1 && tablet.subviews.first === a2.view)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    // MARK: L22

    /// L22 (seed 003; UIKit's warnings): while an animated presentation or dismissal is in
    /// flight in a window, presenting or dismissing there records `presentWhilePresenting`
    /// and does nothing (the other window is not busy); presenting from a controller whose
    /// view is not in a window records `presentingViewNotInWindow`.
    @Test
    func L22_refusalsWhileAnimatedPresentationInFlight() throws {
        let app = try Application()
        let a1 = ViewController(label: "A1"), a2 = ViewController(label: "A2")
        _ = try Self.showInTwoWindows(a1, a2, app: app)
        let b1 = ViewController(label: "B1")
        var completions: [String] = []
        a1.present(b1, animated: true) { completions.append("B1") }
        try app.advance(by: .milliseconds(100))
        // The tablet is not busy: its presentation starts now, concurrently.
        a2.present(ViewController(label: "B2"), animated: true) { completions.append("B2") }
        #expect(app.diagnostics.isEmpty)
        a1.present(ViewController(label: "C1"), animated: true) { completions.append("C1") }
        b1.present(ViewController(label: "D1"), animated: false) { completions.append("D1") }
        a1.dismiss(animated: true) { completions.append("dismiss") }
        #expect(app.diagnostics.map(\.kind) == [.presentWhilePresenting, .presentWhilePresenting, .presentWhilePresenting])
        #expect(app.diagnostics.map(\.label) == ["A1", "B1", "A1"])
        try app.settle()
        #expect(completions == ["B1", "B2"])
        #expect(a1.presentedViewController === b1 && b1.presentedViewController == nil)
        #expect(app.trace.events.filter { ["C1", "D1"].contains($0.label) }.map(\.name)
                == ["initWithNibName", "dealloc", "initWithNibName", "dealloc"], "refused: never loaded, shown or kept")

        // In flight the other way: a dismissal.
        b1.dismiss(animated: true) { completions.append("dismissed") }
        try app.advance(by: .milliseconds(100))
        a1.present(ViewController(label: "E1"), animated: false)
        #expect(app.diagnostics.count == 4 && app.diagnostics.last?.kind == .presentWhilePresenting)
        try app.settle()
        #expect(completions == ["B1", "B2", "dismissed"])
        #expect(a1.presentedViewController == nil)

        // Not in a window: never loaded, loaded but off screen, in a window not yet shown.
        let loose = ViewController(label: "Loose")
        loose.present(ViewController(label: "X"), animated: true)
        loose.loadViewIfNeeded()
        loose.present(ViewController(label: "X"), animated: true)
        let hiddenWindow = Window(screen: .tablet, label: "hidden")
        let waiting = ViewController(label: "Waiting")
        hiddenWindow.rootViewController = waiting
        waiting.present(ViewController(label: "X"), animated: true)
        #expect(app.diagnostics.suffix(3).map(\.kind) == Array(repeating: .presentingViewNotInWindow, count: 3))
        #expect(app.diagnostics.suffix(3).map(\.label) == ["Loose", "Loose", "Waiting"])
        #expect(loose.presentedViewController == nil && waiting.presentedViewController == nil)
        try app.settle()
        #expect(app.trace.projected(labels: ["X"], events: ["loadView", "viewWillAppear"]).isEmpty)

        // Once idle, presenting works again.
        let countBefore = app.diagnostics.count
        a1.present(ViewController(label: "F1"), animated: true)
        try app.settle()
        #expect(a1.presentedViewController?.traceLabel == "F1")
        #expect(app.diagnostics.count == countBefore)
        Self.expectBalanced(app)
    }

    // MARK: L19

    /// L19 (public report, lower confidence), tab switch from A to B in both windows in the
    /// same turn: `B viewWillAppear, A viewWillDisappear, A viewDidDisappear,
    /// B viewDidAppear` in each, independently.
    @Test
    func L19_tabSwitchInTwoWindows() throws {
        let app = try Application()
        let tabs1 = TabBarController(viewControllers: [Probe(label: "A1"), Probe(label: "B1")], label: "Tabs1")
        let tabs2 = TabBarController(viewControllers: [Probe(label: "A2"), Probe(label: "B2"), Probe(label: "C2")], label: "Tabs2")
        let (phone, tablet) = try Self.showInTwoWindows(tabs1, tabs2, app: app)
        let mark = app.trace.count
        tabs1.selectedIndex = 1
        tabs2.selectedIndex = 1
        try app.settle()
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("A", "B", "C", in: n)) == Self.tagged([
                "B loadView", "B viewDidLoad", "B viewWillAppear", "A viewWillDisappear",
                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "A viewDidDisappear", "B viewDidAppear",
            ], n))
        }
        #expect(tabs1.selectedViewController?.viewIfLoaded?.window === phone)
        #expect(tabs2.selectedViewController?.viewIfLoaded?.window === tablet)
        // Different switches in each window at once: back to A in one, on to C in the other.
        let second = app.trace.count
        tabs1.selectedIndex = 0
        tabs2.selectedIndex = 2
        try app.settle()
        #expect(Self.lines(app, since: second, labels: Self.labels("A", "B", "C", in: "1"), events: Self.appearanceEvents)
                == ["A1 viewWillAppear", "B1 viewWillDisappear", "B1 viewDidDisappear", "A1 viewDidAppear"])
        #expect(Self.lines(app, since: second, labels: Self.labels("A", "B", "C", in: "2"), events: Self.appearanceEvents)
                == ["C2 viewWillAppear", "B2 viewWillDisappear", "B2 viewDidDisappear", "C2 viewDidAppear"])
        #expect(phone.frameMetrics.framesProduced == 0, "a tab switch does not animate")
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    // MARK: L20, L21

    /// A container that forwards appearance itself (`shouldAutomaticallyForwardAppearanceMethods`
    /// is false) and swaps its child with a slide animated by `View.animate`, calling
    /// `endAppearanceTransition` and `didMove(toParent:)` from the animation's completion.
    final class SlidingContainer: ViewController {
        private(set) var current: ViewController
        var isCycling = false

        init(child: ViewController, label: String) {
            current = child
            Self.useLabel(label)
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError("not used") }

        override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

        override func viewDidLoad() {
            addChild(current)
            current.view.frame = view.bounds
            view.addSubview(current.view)
            current.notifyDidMove(toParent: self)
        }

        override func viewWillAppear(_ animated: Bool) { current.beginAppearanceTransition(true, animated: animated) }
        override func viewDidAppear(_ animated: Bool) { current.endAppearanceTransition() }
        override func viewWillDisappear(_ animated: Bool) { current.beginAppearanceTransition(false, animated: animated) }
        override func viewDidDisappear(_ animated: Bool) { current.endAppearanceTransition() }

        /// Slides `next` in over `duration` seconds, replacing the current child.
        func cycle(to next: ViewController, duration: Double) {
            let old = current
            isCycling = true
            old.notifyWillMove(toParent: nil)
            addChild(next)
            old.beginAppearanceTransition(false, animated: true)
            next.beginAppearanceTransition(true, animated: true)
            let width = view.bounds.width
            next.view.frame = Rect(x: width, y: 0, width: width, height: view.bounds.height)
            view.addSubview(next.view)
            View.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                next.view.frame = self.view.bounds
                old.view.frame = Rect(x: -width, y: 0, width: width, height: self.view.bounds.height)
            }, completion: { [self] _ in
                old.view.removeFromSuperview()
                old.endAppearanceTransition()
                next.endAppearanceTransition()
                old.removeFromParent()
                next.notifyDidMove(toParent: self)
                current = next
                isCycling = false
            })
        }
    }

    /// L20 and L21 with a custom container that forwards appearance itself, driven by an
    /// animation, in both windows at once: no automatic forwarding (each child gets each
    /// callback once); the swap gives `New willMove, Old willMove(nil)`, `Old
    /// viewWillDisappear, New viewWillAppear`, then after the animation `Old
    /// viewDidDisappear, New viewDidAppear, Old didMove(nil), New didMove`; balanced.
    @Test
    func L20_manualForwardingContainerDrivenByAnimation() throws {
        let app = try Application()
        let c1 = SlidingContainer(child: ViewController(label: "Old1"), label: "Box1")
        let c2 = SlidingContainer(child: ViewController(label: "Old2"), label: "Box2")
        let events = Self.appearanceEvents.union(Self.containmentEvents)
        let (phone, tablet) = try Self.showInTwoWindows(c1, c2, app: app)
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: 0, labels: Self.labels("Box", "Old", in: n), events: events) == Self.tagged([
                "Old willMoveToParentViewController", "Old didMoveToParentViewController",
                "Box viewWillAppear", "Old viewWillAppear", "Box viewDidAppear", "Old viewDidAppear",
            ], n), "forwarded once, by the container, not twice")
        }
        let mark = app.trace.count
        let start = app.loop.now.nanoseconds
        weak var old1: ViewController?
        do {
            old1 = c1.current
            c1.cycle(to: ViewController(label: "New1"), duration: 0.3)
            c2.cycle(to: ViewController(label: "New2"), duration: 0.3)
        }
        try app.advance(by: .milliseconds(150))
        #expect(c1.isCycling && c2.isCycling)
        #expect(Self.lines(app, since: mark, labels: ["Old1", "New1"], events: ["viewDidAppear", "viewDidDisappear"]).isEmpty)
        try app.settle()
        for (n, period) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: Self.labels("Old", "New", in: n), events: events) == Self.tagged([
                "Old willMoveToParentViewController", "New willMoveToParentViewController",
                "Old viewWillDisappear", "New viewWillAppear",
                "Old viewDidDisappear", "New viewDidAppear",
                "Old didMoveToParentViewController", "New didMoveToParentViewController",
            ], n))
            let didAppear = try Self.event(app, since: mark, "New\(n) viewDidAppear").time
            #expect(didAppear >= start + 300_000_000 && didAppear < start + 300_000_000 + period,
                    "when the 0.3 s animation ends")
        }
        #expect(old1 == nil, "the old child is released")
        #expect(c1.children.map(\.traceLabel) == ["New1"] && c2.children.map(\.traceLabel) == ["New2"])
        // The container's own disappearance reaches only the current child, by hand.
        let hideMark = app.trace.count
        phone.isHidden = true
        try app.settle()
        #expect(Self.lines(app, since: hideMark, labels: ["Box1", "New1", "Old1"], events: Self.appearanceEvents) == [
            "Box1 viewWillDisappear", "New1 viewWillDisappear", "Box1 viewDidDisappear", "New1 viewDidDisappear",
        ])
        #expect(Self.lines(app, since: hideMark, labels: ["Box2", "New2"], events: Self.appearanceEvents).isEmpty)
        #expect(tablet.isKeyWindow)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }

    /// L20: a manual container that ends an appearance transition it never began records
    /// `unbalancedAppearance` with UIKit's text (the check above can fail).
    @Test
    func L20_unbalancedManualForwardingIsDiagnosed() throws {
        let app = try Application()
        let c1 = SlidingContainer(child: ViewController(label: "Old1"), label: "Box1")
        let c2 = SlidingContainer(child: ViewController(label: "Old2"), label: "Box2")
        _ = try Self.showInTwoWindows(c1, c2, app: app)
        let new = ViewController(label: "New2")
        // Box2 adds a child and ends an appearance it never began.
        c2.addChild(new)
        c2.view.addSubview(new.view)
        View.animate(withDuration: 0.2, animations: { new.view.alpha = 0.5 }, completion: { _ in
            new.endAppearanceTransition()
        })
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.unbalancedAppearance])
        #expect(app.diagnostics.first?.message == "Unbalanced calls to begin/end appearance transitions for New2")
        #expect(app.trace.lines.contains("New2 unbalancedAppearance"))
        #expect(Self.lines(app, since: 0, labels: ["New2"], events: Self.appearanceEvents).isEmpty)
    }

    /// A container with automatic forwarding whose child comes and goes with a fade.
    final class FadingContainer: ViewController {
        func add(_ child: ViewController, duration: Double, app: Application) {
            addChild(child)
            child.view.frame = view.bounds
            child.view.alpha = 0
            view.addSubview(child.view)
            View.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
                child.view.alpha = 1
            }, completion: { [self] finished in
                app.loop.record(label: child.traceLabel, event: "fadeInEnded", detail: "\(finished)")
                child.notifyDidMove(toParent: self)
            })
        }

        func remove(_ child: ViewController, duration: Double, app: Application) {
            child.notifyWillMove(toParent: nil)
            View.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
                child.view.alpha = 0
            }, completion: { finished in
                app.loop.record(label: child.traceLabel, event: "fadeOutEnded", detail: "\(finished)")
                child.view.removeFromSuperview()
                child.removeFromParent()
            })
        }
    }

    /// L21 (Apple's documentation): `addChild` calls the child's `willMove(toParent:)` at
    /// once; the container calls `didMove(toParent:)` when its (animated) transition ends.
    /// Before `removeFromParent` the container calls `willMove(toParent: nil)`;
    /// `removeFromParent` calls `didMove(toParent: nil)` — here after a fade-out. Two
    /// windows, different rates, at once.
    @Test
    func L21_containmentWithAnimatedChildTransition() throws {
        let app = try Application()
        let box1 = FadingContainer(label: "Box1"), box2 = FadingContainer(label: "Box2")
        let (phone, tablet) = try Self.showInTwoWindows(box1, box2, app: app)
        let events = Self.containmentEvents.union(["fadeInEnded", "fadeOutEnded"])
        var mark = app.trace.count
        var start = app.loop.now.nanoseconds
        let child1 = ViewController(label: "Child1"), child2 = ViewController(label: "Child2")
        box1.add(child1, duration: 0.25, app: app)
        box2.add(child2, duration: 0.5, app: app)
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: ["Child\(n)"], events: events) == ["Child\(n) willMoveToParentViewController"])
            #expect(try Self.event(app, since: mark, "Child\(n) willMoveToParentViewController").detail == "Box\(n)")
        }
        #expect(child1.parent === box1 && box1.children.map(\.traceLabel) == ["Child1"])
        try app.advance(by: .milliseconds(100))
        #expect(child1.view.presentationAlpha > 0 && child1.view.presentationAlpha < 1)
        try app.settle()
        for (n, duration, period) in [("1", UInt64(250_000_000), Self.phonePeriod), ("2", UInt64(500_000_000), Self.tabletPeriod)] {
            #expect(Self.lines(app, since: mark, labels: ["Child\(n)"], events: events) == [
                "Child\(n) willMoveToParentViewController", "Child\(n) fadeInEnded", "Child\(n) didMoveToParentViewController",
            ])
            let didMove = try Self.event(app, since: mark, "Child\(n) didMoveToParentViewController")
            #expect(didMove.detail == "Box\(n)")
            #expect(didMove.time >= start + duration && didMove.time < start + duration + period)
        }
        #expect(child1.view.window === phone && child2.view.window === tablet)

        mark = app.trace.count
        start = app.loop.now.nanoseconds
        box1.remove(child1, duration: 0.25, app: app)
        box2.remove(child2, duration: 0.25, app: app)
        #expect(Self.lines(app, since: mark, labels: ["Child1", "Child2"], events: events) == [
            "Child1 willMoveToParentViewController", "Child2 willMoveToParentViewController",
        ])
        #expect(child1.parent === box1, "still a child until removeFromParent")
        try app.settle()
        for (n, _) in Self.windows {
            #expect(Self.lines(app, since: mark, labels: ["Child\(n)"], events: events) == [
                "Child\(n) willMoveToParentViewController", "Child\(n) fadeOutEnded", "Child\(n) didMoveToParentViewController",
            ])
            let didMove = try Self.event(app, since: mark, "Child\(n) didMoveToParentViewController")
            #expect(didMove.detail == "nil")
            #expect(didMove.time >= start + 250_000_000)
        }
        #expect(child1.parent == nil && box1.children.isEmpty && box2.children.isEmpty)
        #expect(child2.viewIfLoaded?.window == nil)
        #expect(app.diagnostics.isEmpty)
        Self.expectBalanced(app)
    }
}
