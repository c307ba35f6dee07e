import Foundation

// Selectors sent to objects, as the Objective-C runtime sends them on iOS: target-action,
// bar button items, timers, notifications and `perform(_:)`. Each goes through
// ``NameWirable/lifeloopPerform(_:with:)``, which the port step writes into the app's
// classes. A selector the target has no method for is recorded as an
// `unrecognizedSelector` diagnostic, where iOS would crash.

/// A target that is not retained (UIKit's controls and bar items do not retain theirs).
final class WeakTarget {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

/// A value carried into a `@Sendable` closure that runs on the thread the value belongs to.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}

/// Sending selectors.
enum SelectorDispatch {
    /// Calls `selector` on `target`; a target without the method records
    /// `unrecognizedSelector` on `app` (or the calling thread's app).
    @discardableResult
    static func send(_ selector: Selector, to target: AnyObject, arguments: [Any?], app: Application? = nil) -> SelectorOutcome {
        let outcome = (target as? NameWirable)?.lifeloopPerform(selector, with: arguments) ?? .notFound
        if case .notFound = outcome { reportUnrecognized(selector, target: target, app: app) }
        return outcome
    }

    static func reportUnrecognized(_ selector: Selector, target: AnyObject, app: Application?) {
        let label = (target as? View)?.traceLabel ?? (target as? ViewController)?.traceLabel ?? String(describing: type(of: target))
        let app = app ?? (target as? View)?.app ?? (target as? ViewController)?.app ?? Application.current
        app?.diagnose(.unrecognizedSelector, label: label,
                      message: "-[\(type(of: target)) \(selector.name)]: unrecognized selector sent to instance")
    }

    /// Whether `object` has a method `selector` names.
    static func responds(_ object: AnyObject, to selector: Selector) -> Bool {
        (object as? NameWirable)?.lifeloopResponds(to: selector) ?? false
    }

    /// The first object of the responder chain that has the method: `controller` (and its
    /// parents), then `view`, its superviews and the controllers whose root views they
    /// are. Lifeloop's chain stops at the window: there is no first responder to start
    /// from, nor an app delegate to end at.
    static func responder(for selector: Selector, from view: View?, controller: ViewController?) -> AnyObject? {
        var current = controller
        while let candidate = current {
            if candidate.lifeloopResponds(to: selector) { return candidate }
            current = candidate.parent
        }
        var next = view
        while let candidate = next {
            if candidate.lifeloopResponds(to: selector) { return candidate }
            if let owner = candidate.owningController, owner.viewIfLoaded === candidate, owner.lifeloopResponds(to: selector) {
                return owner
            }
            next = candidate.superview
        }
        return nil
    }

    /// An action from a control or bar item: to `target`, or up the responder chain when
    /// it is nil. The method takes none, the sender, or the sender and the event.
    static func sendAction(_ selector: Selector, to target: AnyObject?, sender: AnyObject, event: Event?,
                           chainFrom view: View?, controller: ViewController?, app: Application?) {
        let arguments: [Any?] = [sender, event ?? Event()]
        if let target {
            send(selector, to: target, arguments: arguments, app: app)
        } else if let responder = responder(for: selector, from: view, controller: controller) {
            send(selector, to: responder, arguments: arguments, app: app)
        } else {
            let label = (sender as? View)?.traceLabel ?? controller?.traceLabel ?? String(describing: type(of: sender))
            (app ?? Application.current)?.diagnose(
                .unrecognizedSelector, label: label,
                message: "\(selector.name) sent with a nil target: nothing in the responder chain has the method")
        }
    }
}

// MARK: Controls

extension Control {
    /// UIKit's target-action: when any of `controlEvents` happens, calls the method
    /// `action` names on `target` (not retained), with none, the control, or the control
    /// and the event as arguments. A nil target sends it up the responder chain: the
    /// control, its superviews and their controllers.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let box = WeakTarget(target.map { $0 as AnyObject })
        // Only whether there was a target: the closure must not hold the target itself.
        let hadTarget = target != nil
        let registration = Action(title: action.name) { [weak self] _ in
            guard let self else { return }
            if hadTarget, box.object == nil { return }
            SelectorDispatch.sendAction(action, to: box.object, sender: self, event: nil,
                                        chainFrom: self, controller: nil, app: self.app)
        }
        registration.targetAction = (box, action)
        addAction(registration, for: controlEvents)
    }

    /// Stops sending `action` (any action when nil) to `target` (any target when nil)
    /// for `controlEvents`.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        registered.removeAll { entry in
            guard let (box, selector) = entry.action.targetAction, !entry.events.isDisjoint(with: controlEvents) else { return false }
            return (object == nil || box.object === object) && (action == nil || selector == action)
        }
    }

    /// The selectors sent to `target` for `controlEvent`, as their names (nil if none).
    public func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registered.compactMap { entry -> String? in
            guard let (box, selector) = entry.action.targetAction, entry.events.contains(controlEvent),
                  box.object === object else { return nil }
            return selector.name
        }
        return names.isEmpty ? nil : names
    }

    /// The targets of the control's target-actions (the nil target as `NSNull`).
    public var allTargets: [AnyObject] {
        registered.compactMap { $0.action.targetAction.map { $0.target.object ?? NSNull() } }
    }

    /// Sends `action` to `target` (up the responder chain when nil) as if this control had.
    public func sendAction(_ action: Selector, to target: Any?, for event: Lifeloop.Event?) {
        SelectorDispatch.sendAction(action, to: target.map { $0 as AnyObject }, sender: self, event: event,
                                    chainFrom: self, controller: nil, app: app)
    }
}

// MARK: Bar button items

extension BarButtonItem {
    /// A button titled `title` whose tap sends `action` to `target`.
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(title: title, style: style, primaryAction: nil)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// A button showing `image` whose tap sends `action` to `target`.
    public convenience init(image: Image?, style: Style, target: Any?, action: Selector?) {
        self.init(image: image, style: style, primaryAction: nil)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// A system item whose tap sends `action` to `target`.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(barButtonSystemItem: systemItem, primaryAction: nil)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }
}

// MARK: perform(_:)

extension NameWirable {
    /// Calls the method `aSelector` names: NSObject's `perform(_:)`. The method's result,
    /// or nil (a missing method records `unrecognizedSelector`).
    @discardableResult
    public func perform(_ aSelector: Selector) -> Any? {
        Self.result(SelectorDispatch.send(aSelector, to: self, arguments: []))
    }

    /// Calls the method `aSelector` names with `object`.
    @discardableResult
    public func perform(_ aSelector: Selector, with object: Any?) -> Any? {
        Self.result(SelectorDispatch.send(aSelector, to: self, arguments: [object]))
    }

    /// Calls the method `aSelector` names with two arguments.
    @discardableResult
    public func perform(_ aSelector: Selector, with object1: Any?, with object2: Any?) -> Any? {
        Self.result(SelectorDispatch.send(aSelector, to: self, arguments: [object1, object2]))
    }

    /// Calls the method `aSelector` names with `anArgument` after `delay` seconds on the
    /// loop's clock of the object's app (the calling thread's app for other objects);
    /// the object and the argument are kept until then, as on iOS.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        let app = (self as? View)?.app ?? (self as? ViewController)?.app ?? Application.current
        guard let app else {
            // No app on this thread: the main queue, as iOS's main run loop.
            let box = UncheckedBox(value: (self, anArgument))
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) {
                SelectorDispatch.send(aSelector, to: box.value.0, arguments: [box.value.1])
            }
            return
        }
        let seconds = delay.isFinite ? min(max(0, delay), 1e9) : 0
        _ = app.loop.schedule(after: .milliseconds(Int64((seconds * 1000).rounded())), label: "perform \(aSelector.name)") {
            SelectorDispatch.send(aSelector, to: self, arguments: [anArgument], app: app)
        }
    }

    /// Calls the method on the main thread: now when this is the main thread, otherwise
    /// through the main queue (waiting for it when `wait`).
    public func performSelector(onMainThread aSelector: Selector, with arg: Any?, waitUntilDone wait: Bool) {
        if Thread.isMainThread {
            SelectorDispatch.send(aSelector, to: self, arguments: [arg])
            return
        }
        let box = UncheckedBox(value: (self as AnyObject, arg))
        if wait {
            DispatchQueue.main.sync { _ = SelectorDispatch.send(aSelector, to: box.value.0, arguments: [box.value.1]) }
        } else {
            DispatchQueue.main.async { SelectorDispatch.send(aSelector, to: box.value.0, arguments: [box.value.1]) }
        }
    }

    /// Calls the method on a background thread (a global queue).
    public func performSelector(inBackground aSelector: Selector, with arg: Any?) {
        let box = UncheckedBox(value: (self as AnyObject, arg))
        DispatchQueue.global().async { SelectorDispatch.send(aSelector, to: box.value.0, arguments: [box.value.1]) }
    }

    /// Whether the object has a method `aSelector` names (the ones the port step made
    /// reachable: `@objc`, `@IBAction`, and methods some `#selector` names).
    public func responds(to aSelector: Selector?) -> Bool {
        guard let aSelector else { return false }
        return lifeloopResponds(to: aSelector)
    }

    private static func result(_ outcome: SelectorOutcome) -> Any? {
        if case .performed(let value) = outcome { return value }
        return nil
    }
}

// MARK: Timers

/// A timer that calls a selector, and keeps its `userInfo`.
final class SelectorTimer: Timer {
    private let storedUserInfo: Any?

    init(fire date: Date, interval: TimeInterval, userInfo: Any?, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        storedUserInfo = userInfo
        super.init(fire: date, interval: interval, repeats: repeats, block: block)
    }

    override var userInfo: Any? { storedUserInfo }
}

extension Timer {
    /// A timer that calls the method `selector` names on `target` (retained until the
    /// timer is invalidated, as on iOS) with the timer, every `interval` seconds or once.
    /// Not yet scheduled: add it to a run loop.
    public static func lifeloopTimer(timeInterval interval: TimeInterval, target: Any, selector: Selector,
                                     userInfo: Any?, repeats: Bool) -> Timer {
        let object = target as AnyObject
        let app = (object as? View)?.app ?? (object as? ViewController)?.app ?? Application.current
        // The timer fires on the thread that runs the loop it was added to: the target's.
        let box = UncheckedBox(value: (object, app))
        return SelectorTimer(fire: Date(timeIntervalSinceNow: interval), interval: interval, userInfo: userInfo,
                             repeats: repeats) { timer in
            SelectorDispatch.send(selector, to: box.value.0, arguments: [timer], app: box.value.1)
        }
    }

    /// A timer, scheduled on the current run loop (the app's loop on its main thread),
    /// that calls the method `selector` names on `target` with the timer.
    /// `Timer.userInfo` gives `userInfo`.
    public class func scheduledTimer(timeInterval interval: TimeInterval, target: Any, selector: Selector,
                                     userInfo: Any?, repeats: Bool) -> Timer {
        let timer = lifeloopTimer(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// A timer that calls the method `selector` names on `target`; add it to a run loop.
    /// Its `userInfo` is nil: Foundation's `Timer` has nowhere to keep one. (Ported
    /// sources call ``lifeloopTimer(timeInterval:target:selector:userInfo:repeats:)``
    /// instead, which keeps it.)
    public convenience init(timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool) {
        let box = UncheckedBox(value: target as AnyObject)
        self.init(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: repeats) { timer in
            SelectorDispatch.send(selector, to: box.value, arguments: [timer])
        }
    }
}

// MARK: Notifications

/// A question a center asks its own selector observers: which of you are `observer`'s?
private final class SelectorObserverQuery {
    let observer: AnyObject
    let name: Notification.Name?
    let object: AnyObject?
    var tokens: [NSObjectProtocol] = []

    init(observer: AnyObject, name: Notification.Name?, object: AnyObject?) {
        self.observer = observer
        self.name = name
        self.object = object
    }
}

/// The registry entry's own token. Held strongly: the center may not keep tokens alive.
/// Removing the entry from the center ends the cycle token → closure → box → token.
private final class TokenBox {
    var token: NSObjectProtocol?
}

/// The name of the queries above: a center's selector observers are registered in the
/// center itself, so each center keeps its own and nothing is global.
private let selectorObserverQueryName = Notification.Name("Lifeloop.SelectorObserverQuery")

extension NotificationCenter {
    /// Calls the method `aSelector` names on `observer` (not retained) with each
    /// notification named `aName` (any when nil) from `anObject` (any when nil), on the
    /// posting thread. ``removeObserver(_:)-(NameWirable)`` stops it.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        // Notifications are delivered on the posting thread, which owns what they reach.
        let target = UncheckedBox(value: WeakTarget(observer as AnyObject))
        let token = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            guard notification.name != selectorObserverQueryName, let object = target.value.object else { return }
            SelectorDispatch.send(aSelector, to: object, arguments: [notification])
        }
        let entry = UncheckedBox(value: (TokenBox(), token, anObject.map { $0 as AnyObject }))
        let registration = addObserver(forName: selectorObserverQueryName, object: nil, queue: nil) { query in
            let (box, token, sender) = entry.value
            guard let query = query.object as? SelectorObserverQuery, let registry = box.token else { return }
            // An observer that is gone matches every query: its entries are dropped too.
            let observer = target.value.object
            guard observer == nil || observer === query.observer,
                  query.name == nil || query.name == aName,
                  query.object == nil || query.object === sender else { return }
            query.tokens += [token, registry]
        }
        entry.value.0.token = registration
    }

    /// Stops every observation of `observer`: those added with a selector, and (for a
    /// token) the block one.
    public func removeObserver(_ observer: any NameWirable) {
        removeObserver(observer, name: nil, object: nil)
    }

    /// Stops `observer`'s observations of `aName` (all when nil) from `anObject` (any
    /// when nil).
    public func removeObserver(_ observer: any NameWirable, name aName: NSNotification.Name?, object anObject: Any?) {
        let query = SelectorObserverQuery(observer: observer, name: aName, object: anObject.map { $0 as AnyObject })
        post(name: selectorObserverQueryName, object: query)
        for token in query.tokens { removeObserver(token as Any) }
    }
}
