extension Application {
    /// The display link of a screen, made on first use.
    func displayLink(for screen: Screen) -> DisplayLink {
        if let link = displayLinks.first(where: { $0.screen == screen }) { return link }
        let link = DisplayLink(screen: screen, app: self)
        displayLinks.append(link)
        return link
    }

    /// Starts an animation, interrupting one of the same view and property.
    func startAnimation(_ animation: PropertyAnimation, in window: Window) {
        let key = ObjectIdentifier(animation.view)
        if let running = runningAnimations[key]?.first(where: { $0.property == animation.property }) {
            running.cancel()
        }
        runningAnimations[key, default: []].append(animation)
        // As in Core Animation, the presentation shows the animation from the moment it is
        // added, not from its first frame.
        animation.view.presentationState().values[animation.property] = animation.from
        displayLink(for: window.screen).add(animation)
    }

    func animationEnded(_ animation: PropertyAnimation) {
        let key = ObjectIdentifier(animation.view)
        runningAnimations[key]?.removeAll { $0 === animation }
        if runningAnimations[key]?.isEmpty == true {
            runningAnimations[key] = nil
            if animation.view.presentation?.values.isEmpty == true, animation.view.presentation?.offset == .zero {
                animation.view.presentation = nil
            }
        }
    }

    /// Stops every animation of a subtree that leaves its window.
    func cancelAnimations(inSubtreeOf root: View) {
        var stack: [View] = [root]
        while let view = stack.popLast() {
            if let animations = runningAnimations[ObjectIdentifier(view)] {
                for animation in animations { animation.cancel() }
            }
            stack.append(contentsOf: view.subviews)
        }
    }

    /// Whether anything animates: a display link that will tick again.
    public var isAnimating: Bool { displayLinks.contains { $0.isRunning } }
}
