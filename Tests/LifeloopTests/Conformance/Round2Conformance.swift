import Testing
@testable import Lifeloop

/// Round 2 of the rules (L23, L25–L29): what public logs of running UIKit apps and
/// Apple's documentation show beyond the seeds. Animated and not where a transition is
/// involved.
@Suite("Conformance: round 2 (L23, L25–L29)")
struct Round2Conformance {
    static let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]

    /// A controller that runs a closure from its appearance callbacks and records the
    /// movement flags it saw in each (L28).
    final class Actor: ViewController {
        var onDidAppear: ((Actor) -> Void)?
        var onDidDisappear: ((Actor) -> Void)?
        var flags: [String] = []

        override func viewDidLoad() { note("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { note("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) {
            note("viewDidAppear")
            let action = onDidAppear
            onDidAppear = nil
            action?(self)
        }
        override func viewWillDisappear(_ animated: Bool) { note("viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) {
            note("viewDidDisappear")
            let action = onDidDisappear
            onDidDisappear = nil
            action?(self)
        }
        override func viewWillLayoutSubviews() { note("viewWillLayoutSubviews") }

        /// `event:flags`, the flags that were true, in the order L28 lists them.
        private func note(_ event: String) {
            var on: [String] = []
            if isMovingToParent { on.append("toParent") }
            if isMovingFromParent { on.append("fromParent") }
            if isBeingPresented { on.append("presented") }
            if isBeingDismissed { on.append("dismissed") }
            flags.append("\(event):" + on.joined(separator: ","))
        }

        func flags(for event: String) -> [String] {
            flags.filter { $0.hasPrefix(event + ":") }.map { String($0.dropFirst(event.count + 1)) }
        }
    }

    // MARK: L23

    /// L23: A presents B, B presents C from its `viewDidAppear`: L17's order twice, and no
    /// `presentWhilePresenting` (today's UIKit; Lifeloop refused the second one before).
    @Test(arguments: [false, true])
    func L23_presentingFromViewDidAppearGivesL17Twice(animated: Bool) throws {
        let app = try Application()
        let a = Actor(label: "A")
        _ = try showInWindow(a, app: app)
        let b = Actor(label: "B")
        b.onDidAppear = { $0.present(Actor(label: "C"), animated: animated) }
        let mark = app.trace.count
        a.present(b, animated: animated)
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line) == [
            "A viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "A viewDidDisappear",
            "B viewWillDisappear", "C viewWillAppear", "C viewDidAppear", "B viewDidDisappear",
        ])
        #expect(b.presentedViewController?.traceLabel == "C")
    }

    /// L23: a push from the pushed controller's `viewDidAppear`, a pop from
    /// `viewDidDisappear`, and a presentation from a dismissal's completion all start.
    @Test(arguments: [false, true])
    func L23_pushPopAndPresentFromDidCallbacksAndCompletions(animated: Bool) throws {
        let app = try Application()
        let a = Actor(label: "A")
        let nav = NavigationController(rootViewController: a, label: "Nav")
        _ = try showInWindow(nav, app: app)
        let b = Actor(label: "B")
        let c = Actor(label: "C")
        b.onDidAppear = { _ in nav.pushViewController(c, animated: animated) }
        var mark = app.trace.count
        nav.pushViewController(b, animated: animated)
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(nav.viewControllers.map(\.traceLabel) == ["A", "B", "C"])
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line) == [
            "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
            "B viewWillDisappear", "C viewWillAppear", "B viewDidDisappear", "C viewDidAppear",
        ])
        // A popped controller's viewDidDisappear pops again.
        c.onDidDisappear = { _ in nav.popViewController(animated: animated) }
        nav.popViewController(animated: animated)
        try app.settle()
        #expect(nav.viewControllers.map(\.traceLabel) == ["A"])
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")

        // Present D, then from the dismissal's completion present E.
        let d = Actor(label: "D")
        a.present(d, animated: animated)
        try app.settle()
        mark = app.trace.count
        d.dismiss(animated: animated) { nav.present(Actor(label: "E"), animated: animated) }
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(nav.presentedViewController?.traceLabel == "E")
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line) == [
            "D viewWillDisappear", "Nav viewWillAppear", "A viewWillAppear", "Nav viewDidAppear", "A viewDidAppear",
            "D viewDidDisappear", "Nav viewWillDisappear", "A viewWillDisappear", "E viewWillAppear", "E viewDidAppear",
            "Nav viewDidDisappear", "A viewDidDisappear",
        ])
    }

    /// L22 still holds under L23: a second presentation while the first is animating is
    /// refused.
    @Test
    func L23_aPresentationStillInFlightRefusesAnother() throws {
        let app = try Application()
        let a = Actor(label: "A")
        _ = try showInWindow(a, app: app)
        let b = Actor(label: "B")
        a.present(b, animated: true)
        try app.advance(by: .milliseconds(100))
        b.present(Actor(label: "C"), animated: true)
        try app.settle()
        #expect(app.diagnostics.map(\.kind) == [.presentWhilePresenting])
        #expect(b.presentedViewController == nil)
    }

    // MARK: L25

    /// A controller whose view its host adds as a plain subview in `viewDidLoad`, without
    /// `addChild`.
    final class Host: ViewController {
        let guest: ViewController
        init(guest: ViewController) {
            self.guest = guest
            Self.useLabel("Parent")
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
        override func viewDidLoad() { view.addSubview(guest.view) }
    }

    /// L25: the guest's callbacks nest inside its host's when added before the host
    /// appears, come on their own when added to a view on screen, and it disappears when
    /// its view leaves the window (Lifeloop gave it none before).
    @Test
    func L25_aControllerWhoseViewIsAPlainSubviewAppearsNestedInItsHost() throws {
        let app = try Application()
        let host = Host(guest: ViewController(label: "Child"))
        _ = try showInWindow(host, app: app)
        #expect(app.trace.projected(labels: ["Parent", "Child"], events: Self.appearance) == [
            "Parent viewWillAppear", "Child viewWillAppear", "Child viewDidAppear", "Parent viewDidAppear",
        ])
        var mark = app.trace.count
        let late = ViewController(label: "Late")
        host.view.addSubview(late.view)
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line)
                == ["Late viewWillAppear", "Late viewDidAppear"])
        #expect(late.isAppearingOrAppeared)
        mark = app.trace.count
        late.view.removeFromSuperview()
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line)
                == ["Late viewWillDisappear", "Late viewDidDisappear"])
        // The host leaving the screen takes its guest along, nested the same way.
        mark = app.trace.count
        host.present(ViewController(label: "Cover"), animated: false)
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line) == [
            "Parent viewWillDisappear", "Cover viewWillAppear", "Cover viewDidAppear",
            "Child viewWillDisappear", "Child viewDidDisappear", "Parent viewDidDisappear",
        ])
        #expect(app.diagnostics.isEmpty)
    }

    /// L25: a guest view added to a hidden window gets nothing.
    @Test
    func L25_noCallbacksInAHiddenWindow() throws {
        let app = try Application()
        let window = try showInWindow(ViewController(label: "Root"), app: app)
        window.isHidden = true
        try app.settle()
        let guest = ViewController(label: "Guest")
        window.rootViewController?.view.addSubview(guest.view)
        try app.settle()
        #expect(app.trace.projected(labels: ["Guest"], events: Self.appearance).isEmpty)
        window.isHidden = false
        try app.settle()
        #expect(!app.trace.lines.contains("Guest viewDidDisappear"))
    }

    // MARK: L26

    /// L26: a bounds-size change lays out the view and its superview; a move alone, none;
    /// adding or removing a subview lays out the superview (Lifeloop laid out only the
    /// resized view before).
    @Test
    func L26_layoutTriggers() throws {
        let app = try Application()
        let window = try showInWindow(SeedTreeController(label: "VC"), app: app)
        let view11 = try #require(window.viewWithLabel("view11"))
        let events: Set = ["layoutSubviews", "viewWillLayoutSubviews"]
        func laidOut(_ change: () -> Void) throws -> [String] {
            let mark = app.trace.count
            change()
            try app.settle()
            return app.trace.events.filter { $0.sequence >= mark && events.contains($0.name) }.map(\.line)
        }
        #expect(try laidOut { view11.bounds = Rect(x: 0, y: 0, width: 90, height: 90) }
                == ["view1 layoutSubviews", "view11 layoutSubviews"])
        #expect(try laidOut { view11.frame = Rect(x: 3, y: 3, width: 60, height: 60) }
                == ["view1 layoutSubviews", "view11 layoutSubviews"])
        #expect(try laidOut { view11.center = Point(x: 80, y: 80) } == [])
        #expect(try laidOut { view11.frame = Rect(x: 9, y: 9, width: 60, height: 60) } == [])
        let extra = View(frame: .zero)
        extra.traceLabel = "extra"
        #expect(try laidOut { view11.addSubview(extra) } == ["view11 layoutSubviews", "extra layoutSubviews"])
        #expect(try laidOut { extra.removeFromSuperview() } == ["view11 layoutSubviews"])
    }

    // MARK: L27

    /// L27: a rotation reaches a presented full-screen controller: `viewWillTransition`,
    /// its view takes the new size, and it lays out again (it kept its old frame and got no
    /// layout before); children get it after their parents.
    @Test
    func L27_rotationReachesPresentedControllersAndChildren() throws {
        let app = try Application()
        let child = Actor(label: "Child")
        let root = TransitionConformance.Container(child: child)
        let window = try showInWindow(root, app: app)
        let presented = Actor(label: "B")
        presented.modalPresentationStyle = .fullScreen
        root.present(presented, animated: false)
        try app.settle()
        let mark = app.trace.count
        window.rotate()
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && $0.name == "viewWillTransitionToSize" }.map(\.label)
                == ["Parent", "Child", "B"])
        #expect(presented.view.frame.size == Size(width: 736, height: 414))
        #expect(app.trace.events.contains { $0.sequence >= mark && $0.line == "B viewWillLayoutSubviews" })
        #expect(app.trace.events.contains { $0.sequence >= mark && $0.line == "B viewDidLayoutSubviews" })
        // Dismissed, the root comes back at the window's new size.
        presented.dismiss(animated: false)
        try app.settle()
        #expect(root.view.frame.size == Size(width: 736, height: 414))
    }

    /// L27: a default `loadView` view has a flexible width and height, as UIKit's.
    @Test
    func L27_aDefaultViewIsFlexible() throws {
        let app = try Application()
        let controller = ViewController(label: "Plain")
        _ = try showInWindow(controller, app: app)
        #expect(controller.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    }

    /// L27: a rotation in the middle of an animated push or interactive pop keeps the
    /// transition's coordinator for the rest of it (it was set to nil before).
    @Test
    func L27_aSizeChangeKeepsTheRunningTransitionsCoordinator() throws {
        let app = try Application()
        let a = Actor(label: "A")
        let nav = NavigationController(rootViewController: a, label: "Nav")
        let window = try showInWindow(nav, app: app)
        let b = Actor(label: "B")
        nav.pushViewController(b, animated: true)
        try app.advance(by: .milliseconds(100))
        let coordinator = try #require(b.transitionCoordinator)
        window.rotate()
        try app.advance(by: .milliseconds(50))
        #expect(b.transitionCoordinator === coordinator)
        #expect(a.transitionCoordinator === coordinator)
        try app.settle()
        #expect(b.transitionCoordinator == nil)

        let pop = try #require(nav.beginInteractivePop())
        pop.update(0.3)
        let popCoordinator = try #require(b.transitionCoordinator)
        window.rotate()
        try app.settle()
        #expect(b.transitionCoordinator === popCoordinator)
        pop.cancel()
        try app.settle()
        #expect(b.transitionCoordinator == nil && nav.topViewController === b)
    }

    // MARK: L28

    /// L28: the movement flags are true exactly in the appearance callbacks of a push, pop,
    /// child addition, presentation and dismissal (they did not exist before).
    @Test(arguments: [false, true])
    func L28_movementFlags(animated: Bool) throws {
        let app = try Application()
        let root = Actor(label: "A")
        let nav = NavigationController(rootViewController: root, label: "Nav")
        _ = try showInWindow(nav, app: app)
        // The root was added as a child: its first appearance moves it to its parent.
        #expect(root.flags(for: "viewWillAppear") == ["toParent"] && root.flags(for: "viewDidAppear") == ["toParent"])
        #expect(root.flags(for: "viewDidLoad") == [""])
        let b = Actor(label: "B")
        nav.pushViewController(b, animated: animated)
        try app.settle()
        #expect(b.flags(for: "viewWillAppear") == ["toParent"] && b.flags(for: "viewDidAppear") == ["toParent"])
        #expect(b.flags(for: "viewWillLayoutSubviews").allSatisfy { $0.isEmpty })
        #expect(root.flags(for: "viewWillDisappear") == [""] && root.flags(for: "viewDidDisappear") == [""])
        nav.popViewController(animated: animated)
        try app.settle()
        #expect(b.flags(for: "viewWillDisappear") == ["fromParent"] && b.flags(for: "viewDidDisappear") == ["fromParent"])
        #expect(root.flags(for: "viewWillAppear") == ["toParent", ""])

        let c = Actor(label: "C")
        nav.present(c, animated: animated)
        try app.settle()
        #expect(c.flags(for: "viewWillAppear") == ["presented"] && c.flags(for: "viewDidAppear") == ["presented"])
        c.dismiss(animated: animated)
        try app.settle()
        #expect(c.flags(for: "viewWillDisappear") == ["dismissed"] && c.flags(for: "viewDidDisappear") == ["dismissed"])
        #expect(!c.isBeingDismissed && !root.isMovingToParent, "false outside the callbacks")

        // A child added to a container on screen, then removed.
        let child = Actor(label: "Child")
        root.addChild(child)
        root.view.addSubview(child.view)
        child.notifyDidMove(toParent: root)
        try app.settle()
        #expect(child.flags(for: "viewWillAppear") == ["toParent"] && child.flags(for: "viewDidAppear") == ["toParent"])
        child.notifyWillMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(child.flags(for: "viewWillDisappear") == ["fromParent"] && child.flags(for: "viewDidDisappear") == ["fromParent"])
        #expect(app.diagnostics.isEmpty)
    }

    // MARK: L29

    /// A delegate that records what it heard and answers `shouldDismiss` as told.
    final class SheetDelegate: AdaptivePresentationControllerDelegate {
        var allows = true
        var heard: [String] = []
        func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
            heard.append("shouldDismiss")
            return allows
        }
        func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
            heard.append("didAttemptToDismiss")
        }
        func presentationControllerWillDismiss(_ presentationController: PresentationController) {
            heard.append("willDismiss")
        }
        func presentationControllerDidDismiss(_ presentationController: PresentationController) {
            heard.append("didDismiss")
        }
    }

    static let sheetEvents = appearance.union([
        "presentationControllerWillDismiss", "presentationControllerDidDismiss",
        "presentationControllerDidAttemptToDismiss", "dealloc",
    ])

    /// L29: a sheet swiped down and released past the end: `presentationControllerWillDismiss`,
    /// L17's dismiss order (the presenter, still in the window, gets nothing), then
    /// `presentationControllerDidDismiss`; released short of it, the sheet returns with
    /// `viewWillAppear`, `viewDidAppear` (L18).
    @Test(arguments: [true, false])
    func L29_swipingASheetDown(finish: Bool) throws {
        let app = try Application()
        let a = Actor(label: "A")
        _ = try showInWindow(a, app: app)
        weak var weakSheet: Actor?
        let delegate = SheetDelegate()
        do {
            let sheet = Actor(label: "B")
            weakSheet = sheet
            sheet.modalPresentationStyle = .pageSheet
            sheet.presentationController?.delegate = delegate
            a.present(sheet, animated: true)
        }
        try app.settle()
        let mark = app.trace.count
        let swipe = try #require(weakSheet?.beginInteractiveDismissal())
        swipe.update(0.4)
        try app.advance(by: .milliseconds(100))
        #expect(weakSheet?.transitionCoordinator?.isInteractive == true)
        if finish { swipe.finish() } else { swipe.cancel() }
        try app.settle()
        let lines = app.trace.events.filter { $0.sequence >= mark && Self.sheetEvents.contains($0.name) }.map(\.line)
        if finish {
            #expect(lines == ["B presentationControllerWillDismiss", "B viewWillDisappear", "B viewDidDisappear",
                              "B presentationControllerDidDismiss", "B dealloc"])
            #expect(delegate.heard == ["shouldDismiss", "willDismiss", "didDismiss"])
            #expect(a.presentedViewController == nil && weakSheet == nil)
        } else {
            #expect(lines == ["B presentationControllerWillDismiss", "B viewWillDisappear", "B viewWillAppear",
                              "B viewDidAppear"])
            #expect(delegate.heard == ["shouldDismiss", "willDismiss"])
            #expect(a.presentedViewController === weakSheet && weakSheet?.isAppearingOrAppeared == true)
            #expect(weakSheet?.flags(for: "viewWillDisappear") == ["dismissed"])
        }
        #expect(app.diagnostics.isEmpty)
    }

    /// L29: `isModalInPresentation`, or a delegate that says no, refuses the swipe with
    /// `presentationControllerDidAttemptToDismiss`; nothing disappears.
    @Test(arguments: [true, false])
    func L29_aRefusedSwipe(modal: Bool) throws {
        let app = try Application()
        let a = Actor(label: "A")
        _ = try showInWindow(a, app: app)
        let sheet = Actor(label: "B")
        sheet.modalPresentationStyle = .formSheet
        let delegate = SheetDelegate()
        delegate.allows = false
        sheet.presentationController?.delegate = delegate
        sheet.isModalInPresentation = modal
        a.present(sheet, animated: false)
        try app.settle()
        let mark = app.trace.count
        #expect(sheet.beginInteractiveDismissal() == nil)
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.sheetEvents.contains($0.name) }.map(\.line)
                == ["B presentationControllerDidAttemptToDismiss"])
        #expect(delegate.heard == (modal ? ["didAttemptToDismiss"] : ["shouldDismiss", "didAttemptToDismiss"]))
        #expect(a.presentedViewController === sheet && sheet.isAppearingOrAppeared)
        // A full-screen presentation is no sheet: nothing to swipe, said so.
        sheet.dismiss(animated: false)
        try app.settle()
        let cover = Actor(label: "C")
        cover.modalPresentationStyle = .fullScreen
        a.present(cover, animated: false)
        try app.settle()
        #expect(cover.beginInteractiveDismissal() == nil)
        #expect(app.diagnostics.last?.message.contains("not presented as a sheet") == true)
    }

    /// L29: `currentContext` covers the nearest controller that defines a presentation
    /// context and makes only it disappear; `overCurrentContext` covers it and nothing
    /// disappears; dismissing puts the covered view back where it was.
    @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext], [false, true])
    func L29_currentContextCoversOnlyTheContext(style: ModalPresentationStyle, animated: Bool) throws {
        let app = try Application()
        let child = Actor(label: "Child")
        let root = TransitionConformance.Container(child: child)
        _ = try showInWindow(root, app: app)
        child.view.frame = Rect(x: 10, y: 100, width: 200, height: 300)
        child.definesPresentationContext = true
        let presented = Actor(label: "P")
        presented.modalPresentationStyle = style
        let mark = app.trace.count
        child.present(presented, animated: animated)
        try app.settle()
        let hides = style == .currentContext
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line)
                == (hides ? ["Child viewWillDisappear", "P viewWillAppear", "P viewDidAppear", "Child viewDidDisappear"]
                          : ["P viewWillAppear", "P viewDidAppear"]))
        #expect(presented.presentingViewController === child)
        #expect(presented.view.superview === root.view && presented.view.frame == child.view.frame)
        #expect(root.isAppearingOrAppeared, "the rest of the window stays")
        #expect((child.view.window == nil) == hides)
        presented.dismiss(animated: animated)
        try app.settle()
        #expect(child.view.superview === root.view && child.view.frame == Rect(x: 10, y: 100, width: 200, height: 300))
        #expect(child.isAppearingOrAppeared && root.view.subviews.count == 1)
        #expect(app.diagnostics.isEmpty)
    }

    /// L29: `automatic` is a page sheet (and the default from iOS 13); a popover adapts to
    /// a sheet in a compact-width window and stays a popover in a regular one.
    @Test
    func L29_automaticAndPopover() throws {
        let app = try Application()
        #expect(ViewController(label: "Default12").modalPresentationStyle == .fullScreen)
        app.uikitVersion = .iOS13
        #expect(ViewController(label: "Default13").modalPresentationStyle == .automatic)
        let phoneRoot = Actor(label: "A1"), tabletRoot = Actor(label: "A2")
        let (phone, tablet) = try AnimatedTransitionConformance.showInTwoWindows(phoneRoot, tabletRoot, app: app)
        #expect(phone.isCompactWidth && !tablet.isCompactWidth)
        let sheet = Actor(label: "Sheet")
        phoneRoot.present(sheet, animated: false)
        let popover = Actor(label: "Pop")
        popover.modalPresentationStyle = .popover
        tabletRoot.present(popover, animated: false)
        try app.settle()
        #expect(sheet.presentation == .sheet && phoneRoot.isAppearingOrAppeared)
        #expect(popover.presentation == .popover && tabletRoot.isAppearingOrAppeared)
        #expect(popover.view.frame.size == Size(width: 320, height: 480))
        let swipe = sheet.beginInteractiveDismissal()
        #expect(swipe != nil)
        swipe?.cancel()
        try app.settle()
        #expect(popover.beginInteractiveDismissal() == nil, "a popover is no sheet")
        sheet.dismiss(animated: false)
        try app.settle()
        let adapted = Actor(label: "Adapted")
        adapted.modalPresentationStyle = .popover
        phoneRoot.present(adapted, animated: false)
        try app.settle()
        #expect(adapted.presentation == .sheet)
    }
}
