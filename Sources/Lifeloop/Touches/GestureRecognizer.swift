// Gesture recognizers: UIKit's `UIGestureRecognizer` and its state machine (L35).
//
// A recognizer gets the touches hit-tested to its view and the view's subviews before
// the view does. A subclass sets `state` from its touch methods; the setter is the state
// machine:
//
//   possible → ended (recognized)           discrete
//   possible → began → changed… → ended     continuous
//                            └──→ cancelled
//   possible → failed
//
// Leaving `possible` asks the delegate and the view (`gestureRecognizerShouldBegin`),
// waits while a recognizer this one requires to fail is undecided, and then makes the
// other recognizers of the same touches fail (or cancel) unless they may recognize
// simultaneously. Actions for began, changed, ended and cancelled are sent in the next
// loop turn, reporting the state they were sent for. A recognizer in a final state is
// reset to `possible` once its touches have lifted and its actions have been sent.

/// A recognizer's delegate: UIKit's `UIGestureRecognizerDelegate`. Every method has a
/// default (UIKit's).
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible`; true by default.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the recognizer gets `touch` at all; true by default.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether both may recognize at once; false by default.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the recognizer waits for `otherGestureRecognizer` to fail; false by default.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` waits for this recognizer to fail; false by default.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// Recognizes a gesture from touches and sends actions: UIKit's `UIGestureRecognizer`.
/// Subclass it and set ``state`` from the touch methods, or use a concrete one
/// (``TapGestureRecognizer``, ``PanGestureRecognizer``, ...).
///
/// - Warning: Like views, a recognizer belongs to its app's loop thread.
open class GestureRecognizer: NameWirable {
    /// Where a recognizer is in its state machine: UIKit's `UIGestureRecognizer.State`.
    public enum State: Int, Hashable, Sendable, CustomStringConvertible {
        /// Not recognized yet; a continuous gesture began, changed or ended; it was cancelled; or it failed.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete recognizer's success: the same as `ended`.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// The recognizer's name in the trace; by default `TypeName#n`, numbered per app.
    public var traceLabel: String
    /// A name for the recognizer (data), as UIKit's `name`.
    public var name: String?
    /// The recognizer's delegate (not retained).
    public weak var delegate: GestureRecognizerDelegate?
    /// Whether the recognizer takes touches; disabling it mid-gesture cancels it.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if storedState == .began || storedState == .changed { state = .cancelled } else if storedState == .possible && hasSeenTouches { state = .failed }
        }
    }
    /// Whether recognizing cancels the touches in the view (`touchesCancelled`); true by default.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails; false by default.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recognizer is undecided; true by default.
    open var delaysTouchesEnded = true
    /// Whether the recognizer needs the touches to come from a view that takes them alone (data).
    open var requiresExclusiveTouchType = true

    /// The view the recognizer is attached to.
    public var view: View? { storedView }
    weak var storedView: View?

    var storedState: State = .possible
    /// The state an action is being sent for, while it is.
    var reportedState: State?
    /// A recognition held back until the recognizers this one requires to fail fail.
    var pendingState: State?
    /// The touches the recognizer tracks (down, or lifting now), in the order they went down.
    var trackedTouches: [Touch] = []
    /// Every touch since the last reset: recognizers sharing one compete.
    var sequenceTouches: [Touch] = []
    var hasSeenTouches = false
    var ignoredTouches: [Touch] = []
    var pendingActions = 0
    var needsReset = false
    var lastCentroid: Point = .zero
    var failureRequirements: [WeakGesture] = []
    var targets: [(target: WeakTarget, action: Selector)] = []
    var handlers: [(GestureRecognizer) -> Void] = []
    var appLink: AppLink?
    /// Whether the runtime made it (a navigation controller's edge pan): a labelled tap
    /// does not turn into touches for it.
    var isSystemRecognizer = false
    var app: Application? { appLink?.app ?? storedView?.app }

    /// A recognizer that calls `action` on `target` (not retained) when its state changes
    /// to began, changed, ended or cancelled.
    public init(target: Any?, action: Selector?) {
        let application = ThreadContext.application
        appLink = application?.link
        traceLabel = application?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer with no action yet.
    public convenience init() {
        self.init(target: nil, action: nil)
    }

    /// A recognizer that runs `handler` for each action (Lifeloop's closure form).
    public convenience init(handler: @escaping (GestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        handlers.append(handler)
    }

    /// The recognizer's state. Subclasses set it from their touch methods; see the state
    /// machine at the top of this file. An illegal step is an `invalidArgument` diagnostic.
    open var state: State {
        get { reportedState ?? storedState }
        set { transition(to: newValue) }
    }

    /// Adds an action: `action` is called on `target` (not retained) with none or the
    /// recognizer as argument.
    open func addTarget(_ target: Any, action: Selector) {
        targets.append((WeakTarget(target as AnyObject), action))
    }

    /// Adds a closure run for each action.
    public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes actions: `action` (any when nil) of `target` (any when nil).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { (object == nil || $0.target.object === object) && (action == nil || $0.action == action) }
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognizes.
    open func require(toFail otherGestureRecognizer: GestureRecognizer) {
        failureRequirements.append(WeakGesture(otherGestureRecognizer))
    }

    /// The centroid of the recognizer's touches in `view`'s coordinates (the window's when
    /// nil); after they lifted, where they last were.
    open func location(in view: View?) -> Point {
        let centroid = trackedTouches.isEmpty ? lastCentroid : Self.centroid(trackedTouches)
        return view?.pointFromWindow(centroid) ?? centroid
    }

    /// Where touch `touchIndex` is, in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(touchIndex) else {
            app?.diagnose(.invalidArgument, label: traceLabel,
                          message: "location(ofTouch:in:): index \(touchIndex) beyond \(trackedTouches.count) touches")
            return .zero
        }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer tracks.
    open var numberOfTouches: Int { trackedTouches.count }

    // MARK: For subclasses (UIGestureRecognizerSubclass)

    /// A touch of the recognizer's view went down. The base does nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Touches moved. The base does nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Touches lifted. The base does nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Touches were cancelled: the base fails an undecided recognizer and cancels a
    /// running one, as UIKit asks subclasses to.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if storedState == .possible { state = .failed } else if storedState == .began || storedState == .changed { state = .cancelled }
    }
    /// Clears the recognizer's own state; called when it goes back to `possible`.
    open func reset() {}
    /// Stops delivering `touch` to the recognizer (it is not cancelled in the view).
    open func ignore(_ touch: Touch, for event: Event) {
        ignoredTouches.append(touch)
    }
    /// Whether this recognizer, recognizing, makes `preventedGestureRecognizer` fail; true.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, makes this one fail; true.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail; false.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail; false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    // MARK: Reached by name

    /// See ``NameWirable``; a recognizer has no outlets.
    open func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    /// See ``NameWirable``.
    open func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome { .notFound }
    /// See ``NameWirable``.
    open func lifeloopResponds(to selector: Selector) -> Bool { false }

    // MARK: Machinery

    static func centroid(_ touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        return Point(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// Whether the recognizer has not decided yet: it still could, or is waiting to.
    var isUndecided: Bool { storedState == .possible && hasSeenTouches }

    /// Whether the view's `touchesBegan` is held back now: while an undecided recognizer
    /// delays it (a scroll view's pan holds it for a moment only, see ScrollViewPanning.swift).
    var holdsTouchesBegan: Bool { delaysTouchesBegan && isUndecided }

    /// Whether a new touch may join: not while it is in a final state its touches hold.
    var acceptsTouches: Bool { !storedState.isFinal }

    var dispatch: TouchDispatch? { storedView?.window?.touches }

    func receive(_ phase: Touch.Phase, touch: Touch, event: Event, dispatch: TouchDispatch) {
        if phase == .began {
            trackedTouches.append(touch)
            sequenceTouches.append(touch)
            if !hasSeenTouches {
                hasSeenTouches = true
                dispatch.engaged.append(self)
            }
        }
        guard !storedState.isFinal, !ignoredTouches.contains(where: { $0 === touch }),
              trackedTouches.contains(where: { $0 === touch }) else { return }
        lastCentroid = Self.centroid(trackedTouches)
        switch phase {
        case .began: touchesBegan([touch], with: event)
        case .moved, .stationary: touchesMoved([touch], with: event)
        case .ended: touchesEnded([touch], with: event)
        case .cancelled: touchesCancelled([touch], with: event)
        }
    }

    func touchLifted(_ touch: Touch) {
        guard let index = trackedTouches.firstIndex(where: { $0 === touch }) else { return }
        lastCentroid = Self.centroid(trackedTouches)
        trackedTouches.remove(at: index)
        ignoredTouches.removeAll { $0 === touch }
        if trackedTouches.isEmpty && storedState.isFinal { scheduleReset() }
    }

    private func transition(to newState: State) {
        let old = storedState
        if let pending = pendingState {
            // Waiting for another recognizer to fail: a running gesture's later steps are
            // folded into the held one; giving up ends the wait.
            switch newState {
            case .changed, .began, .possible: return
            case .ended: pendingState = pending == .began ? .ended : pending; return
            case .cancelled, .failed:
                pendingState = nil
                setStored(.failed)
                return
            }
        }
        guard Self.isLegal(from: old, to: newState) else {
            if old == newState && old == .possible { return }
            app?.diagnose(.invalidArgument, label: traceLabel,
                          message: "gesture recognizer state cannot go from \(old) to \(newState)")
            return
        }
        if old == .possible && (newState == .began || newState == .ended) {
            let view = storedView
            guard delegate?.gestureRecognizerShouldBegin(self) ?? true, view?.gestureRecognizerShouldBegin(self) ?? true else {
                setStored(.failed)
                return
            }
            if isBlockedByFailureRequirements {
                pendingState = newState
                storedView?.app?.loop.record(label: traceLabel, event: "state", detail: "waitingForFailure")
                return
            }
            recognize(newState)
        } else {
            setStored(newState)
        }
    }

    static func isLegal(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// The recognizers that compete with this one: those engaged in the same window.
    private var competitors: [GestureRecognizer] {
        (dispatch?.engaged ?? []).filter { $0 !== self }
    }

    func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.object === other }
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
    }

    private var isBlockedByFailureRequirements: Bool {
        var candidates = competitors
        for requirement in failureRequirements {
            if let other = requirement.object, !candidates.contains(where: { $0 === other }) { candidates.append(other) }
        }
        return candidates.contains { $0.isUndecided && $0.isEnabled && requiresFailure(of: $0) }
    }

    private func sharesTouches(with other: GestureRecognizer) -> Bool {
        sequenceTouches.contains { touch in other.sequenceTouches.contains { $0 === touch } }
    }

    private func mayRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Leaves `possible` for `newState` (began or ended): the others of the same touches
    /// fail or cancel, and the touches are cancelled in the view.
    private func recognize(_ newState: State) {
        setStored(newState)
        // The touches leave the views first: a competitor's failure below releases the
        // touches it held back, and they must not reach a view this recognizer takes them from.
        if cancelsTouchesInView { dispatch?.cancelInViews(trackedTouches) }
        for other in competitors where other.sharesTouches(with: self) {
            if other.pendingState != nil && other.requiresFailure(of: self) {
                other.pendingState = nil
                other.setStored(.failed)
                continue
            }
            guard !other.storedState.isFinal, !mayRecognizeSimultaneously(with: other),
                  canPrevent(other), other.canBePrevented(by: self) else { continue }
            if other.storedState == .possible {
                other.pendingState = nil
                other.setStored(.failed)
            } else {
                other.setStored(.cancelled)
            }
        }
    }

    /// Sets the state: traces it, queues its action, resets when the gesture is over, and
    /// releases the recognizers and the touches that waited for this one to fail.
    func setStored(_ newState: State) {
        storedState = newState
        storedView?.app?.loop.record(label: traceLabel, event: "state", detail: newState.description,
                                     window: storedView?.window?.traceLabel ?? "")
        if newState != .failed { queueAction(for: newState) }
        if newState.isFinal && trackedTouches.isEmpty { scheduleReset() }
        guard newState == .failed, let dispatch else { return }
        for waiter in dispatch.engaged where waiter !== self && waiter.pendingState != nil && waiter.requiresFailure(of: self) {
            guard !waiter.isBlockedByFailureRequirements, let pending = waiter.pendingState else { continue }
            waiter.pendingState = nil
            waiter.recognize(pending)
        }
        dispatch.flushHeld()
    }

    private func queueAction(for state: State) {
        guard let app, !targets.isEmpty || !handlers.isEmpty else { return }
        pendingActions += 1
        app.loop.execute { [self] in
            reportedState = state
            for (target, action) in targets {
                guard let object = target.object else { continue }
                SelectorDispatch.send(action, to: object, arguments: [self], app: app)
            }
            for handler in handlers { handler(self) }
            reportedState = nil
            pendingActions -= 1
            if pendingActions == 0 && needsReset { performReset() }
        }
    }

    private func scheduleReset() {
        if pendingActions > 0 { needsReset = true } else { performReset() }
    }

    /// Back to `possible`: the subclass's ``reset()``, then the base's state.
    func performReset() {
        needsReset = false
        reset()
        storedState = .possible
        pendingState = nil
        trackedTouches.removeAll()
        sequenceTouches.removeAll()
        ignoredTouches.removeAll()
        if hasSeenTouches {
            hasSeenTouches = false
            dispatch?.engaged.removeAll { $0 === self }
        }
    }
}

/// A recognizer held without keeping it alive (`require(toFail:)`).
final class WeakGesture {
    weak var object: GestureRecognizer?
    init(_ object: GestureRecognizer) { self.object = object }
}

extension View {
    /// The recognizers attached to the view, in the order they were added (nil if none).
    public var gestureRecognizers: [GestureRecognizer]? {
        get { extras?.gestureRecognizers.isEmpty == false ? extras?.gestureRecognizers : nil }
        set {
            guard onLoop("gestureRecognizers") else { return }
            for recognizer in extras?.gestureRecognizers ?? [] { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` (taking it from the view it was on).
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard onLoop("addGestureRecognizer(_:)") else { return }
        if gestureRecognizer.storedView === self { return }
        gestureRecognizer.storedView?.removeGestureRecognizer(gestureRecognizer)
        makeExtras().gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.storedView = self
        if gestureRecognizer.appLink == nil { gestureRecognizer.appLink = appLink }
    }

    /// Detaches `gestureRecognizer`; a gesture under way ends without actions.
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard onLoop("removeGestureRecognizer(_:)"), gestureRecognizer.storedView === self else { return }
        extras?.gestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.performReset()
        gestureRecognizer.storedView = nil
    }
}
