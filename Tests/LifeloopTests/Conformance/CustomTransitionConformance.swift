import Foundation
import Lifeloop
import Testing

/// Custom presentations (a transitioning delegate, a presentation controller, animators,
/// percent-driven interaction) and page view controllers, in UIKit's orders.
///
/// Sources for the orders: L17 (presenter callbacks of a full-screen presentation; none
/// for styles that keep the presenter's view), Apple's `UIPresentationController`
/// documentation (`shouldRemovePresentersView`: a custom presentation keeps the
/// presenter's view, so it gets no appearance callbacks; a public write-up of the same
/// behaviour: mo4tech.com, "UIModalPresentationStyleCustom don't invoke viewWillDisappear"),
/// L18 and L29 (a cancelled interactive transition: the revealed controller turns back,
/// then the leaving one gets `viewWillAppear`, `viewDidAppear` again), and the public log
/// A1 of research round 3 (a page view controller's `setViewControllers`: the page's
/// `viewWillAppear` and `viewDidAppear` come before its first layout, then `didMove`).
@Suite("Custom transitions")
struct CustomTransitionConformance {
    static let appearance: Set = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
    static let presentationEvents = appearance.union([
        "presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd", "dealloc",
    ])

    final class Plain: ViewController {}

    /// An animator that slides the presented view up (or down on dismissal) with
    /// `View.animate`, recording what it was asked.
    final class SlideAnimator: ViewControllerAnimatedTransitioning {
        let presenting: Bool
        var heard: [String] = []
        init(presenting: Bool) { self.presenting = presenting }

        func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.3 }

        func animateTransition(using context: ViewControllerContextTransitioning) {
            heard.append("animateTransition")
            let container = context.containerView
            if presenting {
                guard let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return }
                let final = context.finalFrame(for: to)
                toView.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
                container.addSubview(toView)
                View.animate(withDuration: transitionDuration(using: context), animations: { toView.frame = final }) { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                }
            } else {
                guard let fromView = context.view(forKey: .from) else { return }
                View.animate(withDuration: transitionDuration(using: context), animations: {
                    fromView.frame = fromView.frame.offsetBy(dx: 0, dy: container.bounds.height)
                }) { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                }
            }
        }

        func animationEnded(_ transitionCompleted: Bool) { heard.append("animationEnded \(transitionCompleted)") }
    }

    /// A half-height sheet with a dimming view, as apps write them.
    final class HalfSheet: PresentationController {
        let removesPresenter: Bool
        let dimming = View()
        var heard: [String] = []

        init(presented: ViewController, presenting: ViewController?, removesPresenter: Bool) {
            self.removesPresenter = removesPresenter
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var shouldRemovePresentersView: Bool { removesPresenter }

        override var frameOfPresentedViewInContainerView: Rect {
            guard let bounds = containerView?.bounds else { return .zero }
            return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionWillBegin() {
            heard.append("presentationTransitionWillBegin")
            guard let containerView else { return }
            dimming.frame = containerView.bounds
            dimming.alpha = 0
            containerView.insertSubview(dimming, at: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) { heard.append("presentationTransitionDidEnd \(completed)") }

        override func dismissalTransitionWillBegin() {
            heard.append("dismissalTransitionWillBegin")
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 })
        }

        override func dismissalTransitionDidEnd(_ completed: Bool) { heard.append("dismissalTransitionDidEnd \(completed)") }

        override func containerViewWillLayoutSubviews() {
            heard.append("containerViewWillLayoutSubviews")
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    /// The transitioning delegate: a half sheet (for `.custom`), slide animators, and a
    /// percent-driven interaction controller while `interactive` is set.
    final class Transitions: ViewControllerTransitioningDelegate {
        var removesPresenter = false
        var sheet: HalfSheet?
        var presentAnimator = SlideAnimator(presenting: true)
        var dismissAnimator = SlideAnimator(presenting: false)
        var interaction: PercentDrivenInteractiveTransition?
        var heard: [String] = []

        func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                    source: ViewController) -> PresentationController? {
            heard.append("presentationController")
            let made = HalfSheet(presented: presented, presenting: presenting, removesPresenter: removesPresenter)
            sheet = made
            return made
        }

        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> ViewControllerAnimatedTransitioning? {
            heard.append("animationControllerForPresented")
            return presentAnimator
        }

        func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
            heard.append("animationControllerForDismissed")
            return dismissAnimator
        }

        var presentInteraction: PercentDrivenInteractiveTransition?

        func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
            -> ViewControllerInteractiveTransitioning? { presentInteraction }

        func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
            -> ViewControllerInteractiveTransitioning? {
            heard.append("interactionControllerForDismissal")
            return interaction
        }
    }

    private func presented(_ app: Application, after mark: UInt64) -> [String] {
        app.trace.events.filter { $0.sequence >= mark && Self.presentationEvents.contains($0.name) }.map(\.line)
    }

    /// L17 with an animator: a full-screen presentation whose animator moves the views
    /// still gives the presenter `viewWillDisappear`/`viewDidDisappear` (its view leaves
    /// the window), and the dismissal gives them back.
    @Test
    func L17_fullScreenWithAnAnimator() throws {
        let app = try Application()
        let a = Plain(label: "A")
        let window = try showInWindow(a, app: app)
        let transitions = Transitions()
        let b = Plain(label: "B")
        b.modalPresentationStyle = .fullScreen
        b.transitioningDelegate = transitions
        let mark = app.trace.count
        a.present(b, animated: true)
        try app.advance(by: .milliseconds(100))
        #expect(b.transitionCoordinator?.transitionDuration == 0.3)
        try app.settle()
        #expect(presented(app, after: mark) == [
            "A viewWillDisappear", "B viewWillAppear", "B presentationTransitionWillBegin",
            "B presentationTransitionDidEnd", "B viewDidAppear", "A viewDidDisappear",
        ])
        #expect(transitions.heard == ["animationControllerForPresented"], "no presentation controller for a built-in style")
        #expect(transitions.presentAnimator.heard == ["animateTransition", "animationEnded true"])
        #expect(b.view.frame == window.bounds && a.view.window == nil)
        let back = app.trace.count
        b.dismiss(animated: true)
        try app.settle()
        #expect(presented(app, after: back) == [
            "B viewWillDisappear", "A viewWillAppear", "B dismissalTransitionWillBegin", "B dismissalTransitionDidEnd",
            "A viewDidAppear", "B viewDidDisappear",
        ])
        #expect(transitions.dismissAnimator.heard == ["animateTransition", "animationEnded true"])
        #expect(a.view.window != nil && a.presentedViewController == nil)
        #expect(window.subviews.count == 1, "the transition's container left the window")
        #expect(app.diagnostics.isEmpty)
    }

    /// A `.custom` presentation: the delegate's presentation controller places the view
    /// (half the window), its dimming view animates alongside, the container lays out
    /// through it, and the presenter (its view kept, `shouldRemovePresentersView` false)
    /// gets no appearance callback. With `shouldRemovePresentersView` true it gets L17's.
    @Test(arguments: [false, true])
    func L17_customPresentationController(removesPresenter: Bool) throws {
        let app = try Application()
        let a = Plain(label: "A")
        let window = try showInWindow(a, app: app)
        let transitions = Transitions()
        transitions.removesPresenter = removesPresenter
        weak var weakB: Plain?
        do {
            let b = Plain(label: "B")
            weakB = b
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = transitions
            let mark = app.trace.count
            a.present(b, animated: true)
            #expect(transitions.heard == ["presentationController", "animationControllerForPresented"])
            let sheet = try #require(transitions.sheet)
            #expect(b.presentationController === sheet && sheet.presentingViewController === a)
            try app.advance(by: .milliseconds(150))
            #expect(sheet.dimming.presentationAlpha > 0 && sheet.dimming.presentationAlpha < 1, "the dimming fades in alongside")
            try app.settle()
            let expected = removesPresenter
                ? ["A viewWillDisappear", "B viewWillAppear", "B presentationTransitionWillBegin",
                   "B presentationTransitionDidEnd", "B viewDidAppear", "A viewDidDisappear"]
                : ["B viewWillAppear", "B presentationTransitionWillBegin", "B presentationTransitionDidEnd", "B viewDidAppear"]
            #expect(presented(app, after: mark) == expected)
            #expect(b.view.frame == Rect(x: 0, y: window.bounds.height / 2, width: window.bounds.width, height: window.bounds.height / 2))
            #expect(sheet.containerView?.superview === window && b.view.superview === sheet.containerView)
            #expect(sheet.dimming.alpha == 1)
            #expect(sheet.heard.contains("containerViewWillLayoutSubviews"))
            #expect((a.view.window != nil) == !removesPresenter)
        }
        let back = app.trace.count
        weakB?.dismiss(animated: true)
        try app.settle()
        let expected = removesPresenter
            ? ["B viewWillDisappear", "A viewWillAppear", "B dismissalTransitionWillBegin", "B dismissalTransitionDidEnd",
               "A viewDidAppear", "B viewDidDisappear", "B dealloc"]
            : ["B viewWillDisappear", "B dismissalTransitionWillBegin", "B dismissalTransitionDidEnd", "B viewDidDisappear",
               "B dealloc"]
        #expect(presented(app, after: back) == expected)
        #expect(transitions.sheet?.heard.filter { !$0.hasPrefix("container") } == [
            "presentationTransitionWillBegin", "presentationTransitionDidEnd true", "dismissalTransitionWillBegin",
            "dismissalTransitionDidEnd true",
        ])
        #expect(weakB == nil && a.presentedViewController == nil && window.subviews.count == 1)
        #expect(app.diagnostics.isEmpty)
    }

    /// A controller that dismisses itself interactively from a pan on its view, as apps
    /// do: the pan's `began` calls `dismiss(animated: true)`, the delegate returns the
    /// percent-driven interaction controller, the pan's movement updates it.
    final class Draggable: ViewController {
        let interaction = PercentDrivenInteractiveTransition()
        var transitions: Transitions?

        override func viewDidLoad() {
            let pan = PanGestureRecognizer { [unowned self] gesture in
                guard let pan = gesture as? PanGestureRecognizer, let view = self.view else { return }
                let progress = max(0, min(1, pan.translation(in: view).y / view.bounds.height))
                switch pan.state {
                case .began:
                    self.transitions?.interaction = self.interaction
                    self.dismiss(animated: true)
                    self.interaction.update(progress)
                case .changed:
                    self.interaction.update(progress)
                case .ended:
                    self.transitions?.interaction = nil
                    if progress > 0.5 || pan.velocity(in: view).y > 300 { self.interaction.finish() } else { self.interaction.cancel() }
                default:
                    self.transitions?.interaction = nil
                    self.interaction.cancel()
                }
            }
            view.addGestureRecognizer(pan)
        }
    }

    /// L29 and L18 for a custom dismissal driven by a finger: dragged down past half way
    /// it finishes (L17's dismiss order); released short of it (slowly) it is cancelled,
    /// the presented controller gets `viewWillDisappear`, then `viewWillAppear`,
    /// `viewDidAppear` back, and the presentation controller hears
    /// `dismissalTransitionDidEnd(false)`. While the finger moves, the animator's
    /// animation stands at the finger's fraction.
    @Test(arguments: [true, false])
    func L29_interactiveCustomDismissalByAPan(finish: Bool) throws {
        let app = try Application()
        let a = Plain(label: "A")
        let window = try showInWindow(a, app: app)
        let transitions = Transitions()
        let b = Draggable(label: "B")
        b.transitions = transitions
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = transitions
        a.present(b, animated: true)
        try app.settle()
        let sheetTop = window.bounds.height / 2
        let mark = app.trace.count
        var y = sheetTop + 40
        _ = app.touch(.down, at: Point(x: 200, y: y))
        for _ in 0..<4 {
            try app.advance(by: .milliseconds(200))
            y += 20
            _ = app.touch(.move, at: Point(x: 200, y: y))
        }
        try app.advance(by: .milliseconds(16))
        #expect(b.transitionCoordinator?.isInteractive == true)
        // 80 points of a 368-point view: the animation stands at that fraction of its
        // time, on its curve (ease in-out: behind the linear position).
        let fraction = 80 / b.view.bounds.height
        #expect(abs((b.transitionCoordinator?.percentComplete ?? 0) - fraction) < 0.001)
        #expect(b.view.presentationFrame.minY > sheetTop + 1
                && b.view.presentationFrame.minY < sheetTop + fraction * window.bounds.height)
        if finish {
            for _ in 0..<6 {
                try app.advance(by: .milliseconds(16))
                y += 40
                _ = app.touch(.move, at: Point(x: 200, y: y))
            }
        } else {
            try app.advance(by: .milliseconds(300))
        }
        _ = app.touch(.up, at: Point(x: 200, y: y))
        try app.settle()
        if finish {
            #expect(presented(app, after: mark) == [
                "B viewWillDisappear", "B dismissalTransitionWillBegin", "B dismissalTransitionDidEnd", "B viewDidDisappear",
            ])
            #expect(transitions.sheet?.heard.last == "dismissalTransitionDidEnd true")
            #expect(a.presentedViewController == nil && window.subviews.count == 1)
            #expect(transitions.dismissAnimator.heard == ["animateTransition", "animationEnded true"])
        } else {
            #expect(presented(app, after: mark) == [
                "B viewWillDisappear", "B dismissalTransitionWillBegin", "B dismissalTransitionDidEnd",
                "B viewWillAppear", "B viewDidAppear",
            ])
            let cancelled = app.trace.events.filter { $0.sequence >= mark && $0.name == "dismissalTransitionDidEnd" }.map(\.detail)
            #expect(cancelled == ["cancelled"])
            #expect(transitions.sheet?.heard.last == "dismissalTransitionDidEnd false")
            #expect(a.presentedViewController === b && b.isAppearingOrAppeared)
            #expect(b.view.frame.minY == sheetTop, "a cancelled animation gives the view back its starting frame")
            #expect(b.view.presentationFrame == b.view.frame)
            #expect(transitions.dismissAnimator.heard == ["animateTransition", "animationEnded false"])
            // It can be dismissed again afterwards.
            b.dismiss(animated: false)
            try app.settle()
            #expect(a.presentedViewController == nil)
        }
        #expect(app.diagnostics.isEmpty)
    }

    /// An interactive presentation that is cancelled: the presented controller turns back
    /// (`viewWillDisappear`, `viewDidDisappear`, L18's cancel edge), the presentation
    /// controller hears `presentationTransitionDidEnd(false)`, nothing stays presented.
    @Test
    func L18_aCancelledInteractivePresentation() throws {
        let app = try Application()
        let a = Plain(label: "A")
        let window = try showInWindow(a, app: app)
        let transitions = Transitions()
        let interaction = PercentDrivenInteractiveTransition()
        transitions.presentInteraction = interaction
        let b = Plain(label: "B")
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = transitions
        let mark = app.trace.count
        a.present(b, animated: true)
        interaction.update(0.25)
        try app.advance(by: .milliseconds(50))
        #expect(b.transitionCoordinator?.isInteractive == true && b.transitionCoordinator?.percentComplete == 0.25)
        interaction.cancel()
        try app.settle()
        #expect(presented(app, after: mark) == [
            "B viewWillAppear", "B presentationTransitionWillBegin", "B presentationTransitionDidEnd",
            "B viewWillDisappear", "B viewDidDisappear",
        ])
        #expect(transitions.sheet?.heard.last == "presentationTransitionDidEnd false")
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && window.subviews.count == 1)
        #expect(transitions.presentAnimator.heard == ["animateTransition", "animationEnded false"])
        // The presenter can present again.
        transitions.presentInteraction = nil
        a.present(b, animated: true)
        try app.settle()
        #expect(a.presentedViewController === b && b.isAppearingOrAppeared)
        #expect(app.diagnostics.isEmpty)
    }

    /// `completionSpeed` shortens the rest of a finished percent-driven transition: at
    /// half way with speed 2, the 0.3 s animator's remaining 0.15 s take 0.075 s.
    @Test(arguments: [1.0, 2.0])
    func percentDrivenCompletionSpeed(speed: Double) throws {
        let app = try Application()
        let a = Plain(label: "A")
        _ = try showInWindow(a, app: app)
        let transitions = Transitions()
        let b = Plain(label: "B")
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = transitions
        a.present(b, animated: true)
        try app.settle()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = CGFloat(speed)
        transitions.interaction = interaction
        b.dismiss(animated: true)
        interaction.update(0.5)
        #expect(abs(interaction.duration - 0.3) < 1e-9)
        interaction.finish()
        try app.advance(by: .milliseconds(110))
        #expect(a.presentedViewController == nil)
        #expect(b.isAppearingOrAppeared == false || speed == 1)
        #expect((b.transitionCoordinator != nil) == (speed == 1), "speed 1 still runs at 110 ms of its 150 ms")
        try app.settle()
        #expect(!b.isAppearingOrAppeared && app.diagnostics.isEmpty)
    }

    /// A navigation delegate's animator runs pushes and pops (L16's order is kept), and
    /// its interaction controller makes `popViewController(animated:)` interactive: a
    /// cancelled one gives L18's order.
    final class NavigationAnimations: NavigationControllerDelegate {
        let animator = SlideAnimator(presenting: true)
        var interaction: PercentDrivenInteractiveTransition?
        var operations: [NavigationController.Operation] = []

        func navigationController(_ navigationController: NavigationController,
                                  animationControllerFor operation: NavigationController.Operation,
                                  from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
            operations.append(operation)
            return animator
        }

        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
            -> ViewControllerInteractiveTransitioning? { interaction }
    }

    @Test
    func L18_navigationDelegateAnimatorsAndACancelledInteractivePop() throws {
        let app = try Application()
        let root = Plain(label: "A")
        let navigation = NavigationController(rootViewController: root)
        _ = try showInWindow(navigation, app: app)
        let animations = NavigationAnimations()
        navigation.delegate = animations
        let b = Plain(label: "B")
        let mark = app.trace.count
        navigation.pushViewController(b, animated: true)
        try app.advance(by: .milliseconds(100))
        #expect(navigation.isTransitioning && b.transitionCoordinator?.transitionDuration == 0.3)
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= mark && Self.appearance.contains($0.name) }.map(\.line) == [
            "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
        ])
        #expect(animations.operations == [.push] && animations.animator.heard == ["animateTransition", "animationEnded true"])
        let interaction = PercentDrivenInteractiveTransition()
        animations.interaction = interaction
        let popMark = app.trace.count
        navigation.popViewController(animated: true)
        interaction.update(0.3)
        try app.advance(by: .milliseconds(100))
        #expect(b.transitionCoordinator?.isInteractive == true)
        interaction.cancel()
        try app.settle()
        #expect(app.trace.events.filter { $0.sequence >= popMark && Self.appearance.contains($0.name) }.map(\.line) == [
            "B viewWillDisappear", "A viewWillAppear", "A viewWillDisappear", "A viewDidDisappear",
            "B viewWillAppear", "B viewDidAppear",
        ])
        #expect(navigation.topViewController === b && !navigation.isTransitioning)
        #expect(interaction.percentComplete == 0.3 && animations.animator.heard.last == "animationEnded false")
        // Without an interaction controller the pop runs the animator, asked once.
        animations.interaction = nil
        navigation.popViewController(animated: true)
        try app.settle()
        #expect(animations.operations == [.push, .pop, .pop] && navigation.topViewController === root)
        #expect(app.diagnostics.isEmpty)
    }

    // MARK: Page view controllers

    final class Page: ViewController {
        let index: Int
        init(_ index: Int) {
            self.index = index
            Self.useLabel("P\(index)")
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
    }

    final class Pages: PageViewControllerDataSource, PageViewControllerDelegate {
        let pages = (0..<3).map(Page.init)
        var heard: [String] = []

        func pageViewController(_ pageViewController: PageViewController,
                                viewControllerBefore viewController: ViewController) -> ViewController? {
            guard let page = viewController as? Page, page.index > 0 else { return nil }
            return pages[page.index - 1]
        }

        func pageViewController(_ pageViewController: PageViewController,
                                viewControllerAfter viewController: ViewController) -> ViewController? {
            guard let page = viewController as? Page, page.index < pages.count - 1 else { return nil }
            return pages[page.index + 1]
        }

        func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }
        func presentationIndex(for pageViewController: PageViewController) -> Int {
            (pageViewController.viewControllers?.first as? Page)?.index ?? 0
        }

        func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]) {
            heard.append("willTransitionTo \(pendingViewControllers.map(\.traceLabel))")
        }

        func pageViewController(_ pageViewController: PageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [ViewController], transitionCompleted completed: Bool) {
            heard.append("didFinishAnimating \(previousViewControllers.map(\.traceLabel)) \(completed)")
        }
    }

    final class Onboarding: PageViewController {
        let source = Pages()
        override func viewDidLoad() {
            dataSource = source
            delegate = source
            setViewControllers([source.pages[0]], direction: .forward, animated: false)
        }
    }

    static let pageEvents = appearance.union([
        "viewDidLoad", "viewWillLayoutSubviews", "willMoveToParentViewController", "didMoveToParentViewController",
    ])

    /// A1: pages set in the page view controller's `viewDidLoad` get `viewWillAppear` and
    /// `viewDidAppear` inside its `viewWillAppear`, then `didMove(toParent:)`, before any
    /// layout of theirs.
    @Test
    func A1_setViewControllersAppearsBeforeLayout() throws {
        let app = try Application()
        let onboarding = Onboarding(transitionStyle: .scroll, navigationOrientation: .horizontal)
        onboarding.traceLabel = "PVC"  // its pages, made first, took the label a `label:` init would give
        _ = try showInWindow(onboarding, app: app)
        let lines = app.trace.projected(labels: ["PVC", "P0"], events: Self.pageEvents)
        let start = try #require(lines.firstIndex(of: "PVC viewWillAppear"))
        #expect(Array(lines[start...].prefix(6)) == [
            "PVC viewWillAppear", "P0 viewWillAppear", "P0 viewDidAppear", "P0 didMoveToParentViewController",
            "PVC viewWillLayoutSubviews", "P0 viewWillLayoutSubviews",
        ])
        #expect(lines.contains("P0 willMoveToParentViewController") && lines.last == "PVC viewDidAppear")
        #expect(onboarding.viewControllers?.first === onboarding.source.pages[0] && onboarding.children.count == 1)
        #expect(onboarding.pageIndicator?.count == 3 && onboarding.pageIndicator?.index == 0)
        #expect(app.diagnostics.isEmpty)
    }

    /// A page turned by a finger: the data source gives the next page, the delegate hears
    /// `willTransitionTo`; dragged past half way it finishes as a push (L16), short of it
    /// (slowly) it goes back as a cancelled interactive pop (L18).
    @Test(arguments: [true, false])
    func L18_pageTurnByADrag(finish: Bool) throws {
        let app = try Application()
        let onboarding = Onboarding(transitionStyle: .scroll, navigationOrientation: .horizontal)
        onboarding.traceLabel = "PVC"  // its pages, made first, took the label a `label:` init would give
        let window = try showInWindow(onboarding, app: app)
        let mark = app.trace.count
        var x = window.bounds.width - 20
        _ = app.touch(.down, at: Point(x: x, y: 400))
        let step: CGFloat = finish ? 60 : 15
        for _ in 0..<5 {
            try app.advance(by: .milliseconds(finish ? 16 : 200))
            x -= step
            _ = app.touch(.move, at: Point(x: x, y: 400))
        }
        try app.advance(by: .milliseconds(16))
        #expect(onboarding.isTransitioning)
        #expect(onboarding.source.pages[1].view.presentationFrame.minX < window.bounds.width)
        if !finish { try app.advance(by: .milliseconds(300)) }
        _ = app.touch(.up, at: Point(x: x, y: 400))
        try app.settle()
        let lines = app.trace.events.filter {
            $0.sequence >= mark && ["P0", "P1"].contains($0.label) && Self.pageEvents.contains($0.name) && $0.name != "viewWillLayoutSubviews"
        }.map(\.line)
        if finish {
            #expect(lines == [
                "P1 willMoveToParentViewController", "P1 viewDidLoad", "P0 viewWillDisappear", "P1 viewWillAppear",
                "P0 viewDidDisappear", "P1 viewDidAppear", "P0 willMoveToParentViewController",
                "P0 didMoveToParentViewController", "P1 didMoveToParentViewController",
            ])
            #expect(onboarding.viewControllers?.first === onboarding.source.pages[1])
            #expect(onboarding.source.heard == ["willTransitionTo [\"P1\"]", "didFinishAnimating [\"P0\"] true"])
            #expect(onboarding.pageIndicator?.index == 1)
        } else {
            #expect(lines == [
                "P1 willMoveToParentViewController", "P1 viewDidLoad", "P0 viewWillDisappear", "P1 viewWillAppear",
                "P1 viewWillDisappear", "P1 viewDidDisappear", "P1 willMoveToParentViewController",
                "P1 didMoveToParentViewController", "P0 viewWillAppear", "P0 viewDidAppear",
            ])
            #expect(onboarding.viewControllers?.first === onboarding.source.pages[0] && onboarding.children.count == 1)
            #expect(onboarding.source.heard == ["willTransitionTo [\"P1\"]", "didFinishAnimating [\"P0\"] false"])
        }
        #expect(!onboarding.isTransitioning)
        #expect(app.diagnostics.isEmpty)
    }

    /// No page before the first: a drag that way turns nothing. A wrong number of pages
    /// is a diagnostic, not a crash; an animated `setViewControllers` slides and then
    /// completes, without the delegate.
    @Test
    func pageViewControllerEdgesAndSetViewControllers() throws {
        let app = try Application()
        let onboarding = Onboarding(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
        onboarding.traceLabel = "PVC"  // its pages, made first, took the label a `label:` init would give
        _ = try showInWindow(onboarding, app: app)
        #expect(onboarding.spineLocation == .min)
        #expect(onboarding.beginInteractiveTurn(.reverse) == nil)
        _ = app.touch(.down, at: Point(x: 20, y: 400))
        for step in 1...5 {
            try app.advance(by: .milliseconds(16))
            _ = app.touch(.move, at: Point(x: 20 + CGFloat(step) * 40, y: 400))
        }
        _ = app.touch(.up, at: Point(x: 220, y: 400))
        try app.settle()
        #expect(onboarding.viewControllers?.first === onboarding.source.pages[0] && onboarding.source.heard.isEmpty)
        onboarding.setViewControllers([], direction: .forward, animated: false)
        #expect(app.diagnostics.map(\.kind) == [.invalidArgument])
        var completed: [Bool] = []
        onboarding.setViewControllers([onboarding.source.pages[2]], direction: .forward, animated: true) { completed.append($0) }
        try app.advance(by: .milliseconds(100))
        #expect(completed.isEmpty && onboarding.isTransitioning)
        try app.settle()
        #expect(completed == [true] && onboarding.children.map(\.traceLabel) == ["P2"])
        #expect(onboarding.source.pages[2].isAppearingOrAppeared && !onboarding.source.pages[0].isAppearingOrAppeared)
        #expect(onboarding.source.pages[2].view.superview === onboarding.view)
        #expect(onboarding.source.heard.isEmpty)
    }
}
