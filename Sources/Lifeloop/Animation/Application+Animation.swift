import Foundation

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
        probe?.animationDidBegin(animation.property.rawValue, of: animation.view, id: ObjectIdentifier(animation), in: window)
    }

    func animationEnded(_ animation: PropertyAnimation, finished: Bool) {
        probe?.animationDidEnd(id: ObjectIdentifier(animation), finished: finished)
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

    /// Each window's frame metrics, in window order.
    public var frameMetrics: [(window: String, metrics: FrameMetrics)] {
        windows.map { ($0.traceLabel, $0.frameMetrics) }
    }

    /// Records each window's frame metrics in the trace as `window frameMetrics`, with
    /// frames produced and dropped, p50/p90/p99 in milliseconds and hitch ms per second.
    public func recordFrameMetrics() {
        guard checkLoopThread(label: "app", operation: "recordFrameMetrics()") else { return }
        for window in windows where window.frameMetrics.framesProduced > 0 {
            let metrics = window.frameMetrics
            func ms(_ duration: Duration) -> String {
                let (seconds, attoseconds) = duration.components
                return String(format: "%.2f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
            }
            loop.record(label: window.traceLabel, event: "frameMetrics",
                        detail: "produced=\(metrics.framesProduced) dropped=\(metrics.framesDropped) "
                            + "p50=\(ms(metrics.p50))ms p90=\(ms(metrics.p90))ms p99=\(ms(metrics.p99))ms "
                            + "hitch=\(String(format: "%.1f", metrics.hitchMillisecondsPerSecond))ms/s",
                        window: window.traceLabel)
        }
    }

    /// The animations running now, by owner: the animated view's label, the property,
    /// and when the animation ends (nanoseconds of the loop's clock), in view label order.
    /// What a settle that runs out of budget names (the daemon's `app.settle`).
    public var runningAnimationSummary: [(view: String, property: String, endNanoseconds: UInt64)] {
        guard checkLoopThread(label: "app", operation: "runningAnimationSummary") else { return [] }
        var summary: [(view: String, property: String, endNanoseconds: UInt64)] = []
        for animations in runningAnimations.values {
            for animation in animations where !animation.isCancelled {
                let (end, overflow) = animation.start.addingReportingOverflow(animation.duration)
                summary.append((animation.view.traceLabel, animation.property.rawValue, overflow ? .max : end))
            }
        }
        return summary.sorted { ($0.view, $0.property) < ($1.view, $1.property) }
    }

    /// Whether anything animates: a display link that will tick again.
    public var isAnimating: Bool { displayLinks.contains { $0.isRunning } }
}
