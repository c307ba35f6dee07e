// A scroll view dragged by a finger, as UIKit's is: through its own pan recognizer.
//
// The recognizer is attached to the scroll view the first time a touch reaches it (or
// `panGestureRecognizer` is read), first among its recognizers. It holds the content's
// `touchesBegan` back for 0.15 s (`delaysContentTouches`), so that a drag that starts on a
// cell or a button scrolls instead of pressing it; a quick tap reaches the content when
// the finger lifts, once the pan has failed. Once the finger has moved 10 points along an
// axis the content can scroll on, the pan begins: the content's touches are cancelled and
// the scroll view's drag runs (`scrollViewWillBeginDragging`, `scrollViewDidScroll` per
// move, then `scrollViewWillEndDragging`, `scrollViewDidEndDragging` and the deceleration
// at the lift, with the finger's velocity).

/// The recognizer a scroll view drags its content with (UIKit's `UIScrollViewPanGestureRecognizer`).
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    /// How long the content's `touchesBegan` waits, as UIKit's scroll views.
    static let contentTouchDelay = Duration.milliseconds(150)

    private var delayTimer: TimerHandle?
    private var delayElapsed = false

    var scrollView: ScrollView? { view as? ScrollView }

    override var holdsTouchesBegan: Bool {
        isUndecided && !delayElapsed && (scrollView?.delaysContentTouches ?? false)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        guard delayTimer == nil, !delayElapsed, state == .possible, let app else { return }
        delayTimer = app.loop.schedule(after: Self.contentTouchDelay) { [weak self] in
            guard let self else { return }
            self.delayTimer = nil
            self.delayElapsed = true
            self.dispatch?.flushHeld()
        }
    }

    override func reset() {
        super.reset()
        if let delayTimer { app?.loop.cancel(delayTimer) }
        delayTimer = nil
        delayElapsed = false
    }

    /// The views, other than the scroll view, that were told `touchesBegan` for the
    /// recognizer's touches.
    func viewsHoldingTouches() -> [View] {
        guard let dispatch else { return [] }
        return trackedTouches.compactMap { touch in
            guard dispatch.record(for: touch)?.delivery == .delivered else { return nil }
            return touch.view
        }
    }
}

extension ScrollView {
    /// The recognizer that drags the content, as UIKit's `panGestureRecognizer`: a pan
    /// attached to the scroll view, first among its recognizers. Its delegate, failure
    /// requirements and `isEnabled` work as any recognizer's; the scroll view decides in
    /// ``gestureRecognizerShouldBegin(_:)`` whether it begins.
    public var panGestureRecognizer: PanGestureRecognizer {
        if let stored = storedPanGestureRecognizer { return stored }
        let pan = ScrollViewPanGestureRecognizer()
        pan.traceLabel = traceLabel + ".pan"
        pan.isSystemRecognizer = true
        pan.addAction { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            self.followPan(pan)
        }
        storedPanGestureRecognizer = pan
        addGestureRecognizer(pan)
        // UIKit's scroll view pan comes before recognizers an app adds.
        if let extras, let index = extras.gestureRecognizers.firstIndex(where: { $0 === pan }), index > 0 {
            extras.gestureRecognizers.remove(at: index)
            extras.gestureRecognizers.insert(pan, at: 0)
        }
        return pan
    }

    /// Makes the pan the first time a touch reaches the scroll view (not when an app took
    /// it off with `removeGestureRecognizer`).
    func installPanGestureRecognizerIfNeeded() {
        if storedPanGestureRecognizer == nil { _ = panGestureRecognizer }
    }

    /// The pan's action: the drag follows the finger.
    private func followPan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // The 10 points the finger moved before the pan began do not move the content.
            pan.setTranslation(.zero, in: self)
            beginDrag()
        case .changed:
            drag(by: pan.translation(in: self))
            pan.setTranslation(.zero, in: self)
        case .ended:
            let rest = pan.translation(in: self)
            if rest != .zero { drag(by: rest) }
            endDrag(velocity: pan.velocity(in: self))
        case .cancelled:
            endDrag(velocity: .zero)
        case .possible, .failed:
            break
        }
    }
}
