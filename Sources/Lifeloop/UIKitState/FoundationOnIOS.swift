// What UIKit code on iOS takes from NSObject, Foundation and UIKit's smaller corners, and
// Linux's Foundation or Lifeloop's root classes lack: runtime type questions,
// the keyboard's notification names, dynamic colors, the animator protocols.
import Foundation

// MARK: NSObject's type questions

extension NameWirable {
    /// NSObject's `isKind(of:)`: whether the object is an instance of `aClass` or of a
    /// subclass of it.
    public func isKind(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = type(of: self)
        while let candidate = current {
            if candidate == aClass { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    /// NSObject's `isMember(of:)`: whether the object is an instance of exactly `aClass`.
    public func isMember(of aClass: AnyClass) -> Bool {
        type(of: self) == aClass
    }
}

extension ApplicationDelegate {
    /// NSObject's `responds(to:)` on an app delegate: whether it has the method `aSelector`
    /// names (the ones the port step made reachable: `@objc`, `@IBAction`, and methods some
    /// `#selector` names). An app delegate that is not a ``Responder`` answers false.
    public func responds(to aSelector: Selector?) -> Bool {
        guard let aSelector, let wirable = self as? NameWirable else { return false }
        return wirable.lifeloopResponds(to: aSelector)
    }
}

// MARK: The keyboard's notifications

extension Responder {
    /// Posted before the keyboard is shown; its user info carries the frames, duration and curve.
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after the keyboard is shown.
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard is hidden.
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after the keyboard is hidden.
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes.
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after the keyboard's frame changed.
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The user-info key of the keyboard's frame before the change, in screen coordinates (a `CGRect`).
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The user-info key of the keyboard's frame after the change, in screen coordinates (a `CGRect`).
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The user-info key of the keyboard animation's duration in seconds (a `Double`).
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The user-info key of the keyboard animation's curve (an `Int`, an animation curve's raw value).
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// The user-info key of whether the keyboard belongs to this app (a `Bool`).
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

// MARK: The animator protocols

/// UIKit's `UIViewAnimating`: an animation that can be started, paused, scrubbed and
/// stopped. ``PropertyAnimator`` conforms.
public protocol ViewAnimating: AnyObject {
    /// Whether the animation is inactive, active or stopped.
    var state: PropertyAnimator.State { get }
    /// Whether the animation is running.
    var isRunning: Bool { get }
    /// Whether the animation runs backwards.
    var isReversed: Bool { get set }
    /// How far the animation has got, from 0 to 1.
    var fractionComplete: CGFloat { get set }
    /// Starts the animation.
    func startAnimation()
    /// Starts the animation after `delay` seconds.
    func startAnimation(afterDelay delay: Double)
    /// Pauses the animation.
    func pauseAnimation()
    /// Stops the animation; with `withoutFinishing` false it waits for ``finishAnimation(at:)``.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animation at `position`.
    func finishAnimation(at position: PropertyAnimator.Position)
}

/// UIKit's `UIViewImplicitlyAnimating`: an animator that takes more animations and
/// completions while it runs. ``PropertyAnimator`` conforms.
public protocol ViewImplicitlyAnimating: ViewAnimating {
    /// Adds an animation block.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds an animation block that starts `delayFactor` of the remaining time later.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a completion, called with the position the animation ended at.
    func addCompletion(_ completion: @escaping (PropertyAnimator.Position) -> Void)
}

extension PropertyAnimator: ViewImplicitlyAnimating {}

// MARK: Key-value observing

/// Foundation's `NSKeyValueObservingOptions` on Darwin: what an observation reports.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Makes options from their raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Report the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    /// Report the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// Report once at once, when the observation is made.
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// Report before each change as well as after.
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// Foundation's `NSKeyValueChange` on Darwin: the kind of a change.
public enum NSKeyValueChange: UInt, Sendable {
    /// The value was set.
    case setting = 1
    /// Elements were inserted into a collection.
    case insertion = 2
    /// Elements were removed from a collection.
    case removal = 3
    /// Elements of a collection were replaced.
    case replacement = 4
}

/// Foundation's `NSKeyValueObservedChange` on Darwin: one report of an observation.
public struct NSKeyValueObservedChange<Value> {
    /// The kind of change.
    public let kind: NSKeyValueChange
    /// The new value, when the options asked for it.
    public let newValue: Value?
    /// The old value, when the options asked for it.
    public let oldValue: Value?
    /// The changed indexes of a collection, if any.
    public let indexes: IndexSet?
    /// Whether this report comes before the change.
    public let isPrior: Bool
}

/// Foundation's `NSKeyValueObservation` on Darwin: an observation, ended by
/// ``invalidate()`` or when it is released.
///
/// Linux has no Objective-C runtime to watch a property: an observation made with the
/// `.initial` option reports the value once, when it is made, and never reports a later
/// change. Code that relies on later reports should observe in another way (a `didSet`,
/// a notification, a Combine publisher).
public final class NSKeyValueObservation {
    init() {}
    /// Ends the observation.
    public func invalidate() {}
}

/// Foundation's `_KeyValueCodingAndObserving` on Darwin: the types that have
/// `observe(_:options:changeHandler:)`. `NSObject`, ``Responder``, ``Layer`` and
/// ``GestureRecognizer`` conform.
public protocol _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Key-value observing as on Darwin: with `.initial` in `options`, `changeHandler` is
    /// called once at once with the current value; later changes are not reported (Linux
    /// has no Objective-C runtime to watch a property).
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        if options.contains(.initial) {
            let value = self[keyPath: keyPath]
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? value : nil,
                                                         oldValue: nil, indexes: nil, isPrior: false))
        }
        return NSKeyValueObservation()
    }
}

extension NSObject: _KeyValueCodingAndObserving {}
extension Responder: _KeyValueCodingAndObserving {}
extension Layer: _KeyValueCodingAndObserving {}
extension GestureRecognizer: _KeyValueCodingAndObserving {}
