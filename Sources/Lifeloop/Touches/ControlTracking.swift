// UIControl's touch tracking: a touch that begins in an enabled control is tracked until it
// lifts or is cancelled. The control is highlighted while the finger is inside, which
// for touches means within 70 points of the bounds (UIKit's slop), and sends:
//
//   down:  touchDown (touchDownRepeat too for a second tap)
//   move:  touchDragInside / touchDragOutside, with touchDragEnter / touchDragExit on
//          crossing the line
//   up:    touchUpInside (and the control's own action: a switch flips) or touchUpOutside
//   cancel: touchCancel

extension Control {
    /// UIKit's tracking slop: how far outside the bounds a finger still counts as inside.
    static let touchSlop: CGFloat = 70

    func isInsideForTracking(_ touch: Touch) -> Bool {
        bounds.inset(by: EdgeInsets(top: -Control.touchSlop, left: -Control.touchSlop, bottom: -Control.touchSlop, right: -Control.touchSlop)).contains(touch.location(in: self))
    }

    func trackBegan(_ touches: Set<Touch>, _ event: Lifeloop.Event?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        guard beginTracking(touch, with: event) else { return }
        trackedTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    func trackMoved(_ touches: Set<Touch>, _ event: Lifeloop.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch)
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if !continueTracking(touch, with: event) {
            isTracking = false
            trackedTouch = nil
            isHighlighted = false
            endTracking(nil, with: event)
            return
        }
        if inside != wasInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }

    func trackEnded(_ touches: Set<Touch>, _ event: Lifeloop.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch)
        isTouchInside = inside
        isTracking = false
        isHighlighted = false
        trackedTouch = nil
        endTracking(touch, with: event)
        if inside { trackedTouchUpInside() } else { sendActions(for: .touchUpOutside) }
    }

    func trackCancelled(_ touches: Set<Touch>, _ event: Lifeloop.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        trackedTouch = nil
        cancelTracking(with: event)
        sendActions(for: .touchCancel)
    }
}
