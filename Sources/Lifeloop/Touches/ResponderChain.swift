// The responder chain touches travel up (L35): a view, its superviews, the controller
// whose root view each is, then the window; the application ends the chain and drops
// what reaches it.

extension View {
    /// The next responder for touches: the controller whose root view this is, else the
    /// superview (nil for a window: the application takes touches no one handled).
    var nextTouchResponder: TouchResponder? {
        if hostsController, let controller = owningController, controller.viewIfLoaded === self { return .controller(controller) }
        return storedSuperview.map { .view($0) }
    }

    func forwardTouches(_ phase: Touch.Phase, _ touches: Set<Touch>, _ event: Event?) {
        nextTouchResponder?.deliver(phase, touches, event)
    }

    /// Calls the view's override for `phase`.
    func deliverTouches(_ phase: Touch.Phase, _ touches: Set<Touch>, _ event: Event?) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved, .stationary: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        }
    }
}

extension ViewController {
    func forwardTouches(_ phase: Touch.Phase, _ touches: Set<Touch>, _ event: Event?) {
        viewIfLoaded?.superview?.deliverTouches(phase, touches, event)
    }
}

/// A link of the responder chain that takes touches.
enum TouchResponder {
    case view(View)
    case controller(ViewController)

    func deliver(_ phase: Touch.Phase, _ touches: Set<Touch>, _ event: Event?) {
        switch self {
        case .view(let view): view.deliverTouches(phase, touches, event)
        case .controller(let controller):
            switch phase {
            case .began: controller.touchesBegan(touches, with: event)
            case .moved, .stationary: controller.touchesMoved(touches, with: event)
            case .ended: controller.touchesEnded(touches, with: event)
            case .cancelled: controller.touchesCancelled(touches, with: event)
            }
        }
    }
}
