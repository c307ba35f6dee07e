import Foundation
import Testing
import UIKit

/// iOS code for custom presentations and page view controllers, written as for UIKit,
/// compiled against the UIKit module and run in an app.
@Suite("UIKit presentations")
struct PresentationsCompatibilityTests {
    // MARK: A half-sheet presentation, as apps write it

    final class HalfSheetPresentationController: UIPresentationController {
        private let dimmingView: UIView = {
            let view = UIView()
            view.backgroundColor = UIColor.black.withAlphaComponent(0.4)
            view.alpha = 0
            return view
        }()

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let containerView = containerView else { return .zero }
            let height = containerView.bounds.height * 0.5
            return CGRect(x: 0, y: containerView.bounds.height - height, width: containerView.bounds.width, height: height)
        }

        override func presentationTransitionWillBegin() {
            guard let containerView = containerView else { return }
            dimmingView.frame = containerView.bounds
            containerView.insertSubview(dimmingView, at: 0)
            guard let coordinator = presentedViewController.transitionCoordinator else {
                dimmingView.alpha = 1
                return
            }
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
        }

        override func dismissalTransitionWillBegin() {
            guard let coordinator = presentedViewController.transitionCoordinator else {
                dimmingView.alpha = 0
                return
            }
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) {
            if !completed { dimmingView.removeFromSuperview() }
        }

        override func containerViewWillLayoutSubviews() {
            super.containerViewWillLayoutSubviews()
            presentedView?.frame = frameOfPresentedViewInContainerView
        }

        var dimmingAlpha: CGFloat { dimmingView.alpha }
    }

    final class SlideUpAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let isPresenting: Bool
        init(isPresenting: Bool) { self.isPresenting = isPresenting }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            if isPresenting {
                guard let toVC = transitionContext.viewController(forKey: .to),
                      let toView = transitionContext.view(forKey: .to) else { return }
                let finalFrame = transitionContext.finalFrame(for: toVC)
                toView.frame = finalFrame.offsetBy(dx: 0, dy: finalFrame.height)
                container.addSubview(toView)
                UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut],
                               animations: { toView.frame = finalFrame },
                               completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            } else {
                guard let fromView = transitionContext.view(forKey: .from) else { return }
                UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                    fromView.frame.origin.y = container.bounds.height
                }, completion: { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                })
            }
        }
    }

    final class HalfSheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
        var presentationController: HalfSheetPresentationController?

        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            let controller = HalfSheetPresentationController(presentedViewController: presented, presenting: presenting)
            presentationController = controller
            return controller
        }

        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SlideUpAnimator(isPresenting: true)
        }

        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SlideUpAnimator(isPresenting: false)
        }
    }

    final class FilterSheetViewController: UIViewController {
        var events: [String] = []
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); events.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); events.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); events.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); events.append("didDisappear") }
    }

    final class HomeViewController: UIViewController {
        let sheetDelegate = HalfSheetTransitioningDelegate()
        var events: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
        }

        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); events.append("willDisappear") }

        func showFilters() -> FilterSheetViewController {
            let filters = FilterSheetViewController()
            filters.modalPresentationStyle = .custom
            filters.transitioningDelegate = sheetDelegate
            present(filters, animated: true)
            return filters
        }
    }

    @Test
    func aHalfSheetWithADimmingViewAndAnAnimator() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let home = HomeViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        try app.settle()

        let filters = home.showFilters()
        try app.settle()
        let sheet = try #require(home.sheetDelegate.presentationController)
        #expect(filters.events == ["willAppear", "didAppear"])
        #expect(home.events.isEmpty, "a custom presentation keeps the presenter's view: no callbacks")
        #expect(filters.view.frame == CGRect(x: 0, y: window.bounds.height / 2, width: window.bounds.width, height: window.bounds.height / 2))
        #expect(sheet.dimmingAlpha == 1 && home.presentedViewController === filters)

        filters.dismiss(animated: true)
        try app.advance(by: .milliseconds(100))
        #expect(filters.events.last == "willDisappear" && home.presentedViewController == nil)
        try app.settle()
        #expect(filters.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(sheet.dimmingAlpha == 0 && window.subviews.count == 1)
        #expect(app.diagnostics.isEmpty)
    }

    // MARK: An onboarding flow in a page view controller

    final class OnboardingPageViewController: UIViewController {
        let index: Int
        let titleLabel = UILabel()
        init(index: Int) {
            self.index = index
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            titleLabel.text = "Step \(index + 1)"
            titleLabel.frame = CGRect(x: 20, y: 100, width: 300, height: 40)
            view.addSubview(titleLabel)
        }
    }

    final class OnboardingViewController: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        lazy var pages: [UIViewController] = (0..<3).map { OnboardingPageViewController(index: $0) }
        var currentIndex = 0
        var finished: [Bool] = []

        init() {
            super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.interPageSpacing: 8])
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            dataSource = self
            delegate = self
            setViewControllers([pages[0]], direction: .forward, animated: false, completion: nil)
        }

        func pageViewController(_ pageViewController: UIPageViewController,
                                viewControllerBefore viewController: UIViewController) -> UIViewController? {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
            return pages[index - 1]
        }

        func pageViewController(_ pageViewController: UIPageViewController,
                                viewControllerAfter viewController: UIViewController) -> UIViewController? {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count else { return nil }
            return pages[index + 1]
        }

        func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
        func presentationIndex(for pageViewController: UIPageViewController) -> Int { currentIndex }

        func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            self.finished.append(completed)
            if completed, let current = viewControllers?.first, let index = pages.firstIndex(where: { $0 === current }) {
                currentIndex = index
            }
        }

        func skip() {
            setViewControllers([pages[pages.count - 1]], direction: .forward, animated: true) { [weak self] _ in
                self?.currentIndex = 2
            }
        }
    }

    @Test
    func anOnboardingFlowSwipedAndSkipped() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let onboarding = OnboardingViewController()
        window.rootViewController = onboarding
        window.makeKeyAndVisible()
        try app.settle()
        #expect(onboarding.viewControllers?.first === onboarding.pages[0])

        // A swipe to the left turns to the next page.
        var x = window.bounds.width - 30
        _ = app.touch(.down, at: CGPoint(x: x, y: 300))
        for _ in 0..<6 {
            try app.advance(by: .milliseconds(16))
            x -= 50
            _ = app.touch(.move, at: CGPoint(x: x, y: 300))
        }
        _ = app.touch(.up, at: CGPoint(x: x, y: 300))
        try app.settle()
        #expect(onboarding.finished == [true] && onboarding.currentIndex == 1)
        #expect(onboarding.viewControllers?.first === onboarding.pages[1] && onboarding.children.count == 1)

        onboarding.skip()
        try app.settle()
        #expect(onboarding.currentIndex == 2 && onboarding.viewControllers?.first === onboarding.pages[2])
        #expect(onboarding.pageIndicator?.count == 3 && onboarding.pageIndicator?.index == 2)
        #expect(app.diagnostics.isEmpty)
    }
}
