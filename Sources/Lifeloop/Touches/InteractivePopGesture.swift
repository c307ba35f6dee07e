// A navigation controller's interactive pop, driven by a finger as UIKit's is: a
// screen-edge pan from the left edge begins the pop (L18), moves it with the finger's
// translation over the container's width, and on lift finishes it when past half way or
// flung right (faster than 300 points per second), else cancels it.

/// The recognizer behind ``NavigationController/interactivePopGestureRecognizer``.
final class InteractivePopGestureRecognizer: ScreenEdgePanGestureRecognizer {
    weak var navigation: NavigationController?
    var transition: InteractiveTransition?

    override func shouldStart(at point: Point) -> Bool {
        guard super.shouldStart(at: point), let navigation else { return false }
        return navigation.children.count > 1 && !navigation.isTransitioning
    }
}

extension NavigationController {
    func installInteractivePopGesture(on container: View) {
        let recognizer = InteractivePopGestureRecognizer()
        recognizer.edges = .left
        recognizer.navigation = self
        recognizer.isSystemRecognizer = true
        recognizer.addAction { [weak self] gesture in
            guard let self, let gesture = gesture as? InteractivePopGestureRecognizer else { return }
            driveInteractivePop(gesture)
        }
        container.addGestureRecognizer(recognizer)
        interactivePopGestureRecognizer = recognizer
    }

    private func driveInteractivePop(_ gesture: InteractivePopGestureRecognizer) {
        guard let container = viewIfLoaded else { return }
        let progress = Double(max(0, min(1, gesture.translation(in: container).x / max(1, container.bounds.width))))
        switch gesture.state {
        case .began:
            gesture.transition = beginInteractivePop()
            gesture.transition?.update(progress)
        case .changed:
            gesture.transition?.update(progress)
        case .ended:
            if progress > 0.5 || gesture.velocity(in: container).x > 300 { gesture.transition?.finish() } else { gesture.transition?.cancel() }
            gesture.transition = nil
        case .cancelled, .failed:
            gesture.transition?.cancel()
            gesture.transition = nil
        case .possible:
            break
        }
    }
}
