/// An object that takes part in the responder chain: UIKit's `UIResponder`, the base of
/// ``View``, ``ViewController``, ``Application`` and an app's own delegates.
///
/// An app delegate is written as in UIKit:
///
/// ```swift
/// class AppDelegate: UIResponder, UIApplicationDelegate {
///     var window: UIWindow?
/// }
/// ```
///
/// The chain runs from a view to its superview (or to the controller whose root view it
/// is), from a controller to its view's superview, from a window to the application, and
/// from the application to its delegate when the delegate is a responder. Touches nobody
/// handled travel it (L35); ``next`` reads it.
open class Responder: NameWirable {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    /// Whether the responder can become first responder: false by default (text fields
    /// and text views can).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder agrees to give up first-responder status: true by default.
    open var canResignFirstResponder: Bool { true }
    /// Whether the responder is first responder: never, for one that is not a view.
    open var isFirstResponder: Bool { false }
    /// Asks to become first responder; a responder that is not a view never becomes one.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }
    /// Gives up first-responder status; true by default.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    /// The view shown above the keyboard while this responder is first responder: none
    /// unless a subclass overrides it (Lifeloop shows no keyboard, so it is not shown).
    open var inputAccessoryView: View? { nil }
    /// The view shown instead of the keyboard while this responder is first responder:
    /// none unless a subclass overrides it (not shown on Linux).
    open var inputView: View? { nil }

    /// The key commands this responder answers (a hardware keyboard's keys, see
    /// ``KeyCommand``): none by default.
    open var keyCommands: [KeyCommand]? { nil }

    /// A hardware key went down (``Application/keyPress(_:modifierFlags:in:)``, when no
    /// text input or key command took it): passed to ``next`` unless overridden.
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// A press changed: passed to ``next`` unless overridden.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) { next?.pressesChanged(presses, with: event) }
    /// A hardware key came up: passed to ``next`` unless overridden.
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) { next?.pressesEnded(presses, with: event) }
    /// A press was cancelled: passed to ``next`` unless overridden.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) { next?.pressesCancelled(presses, with: event) }

    /// Swaps the input and accessory views of the first responder at once, without the
    /// keyboard's animation; does nothing unless this is the first responder.
    open func reloadInputViews() { (self as? View)?.reloadKeyboardIfFirstResponder() }

    /// A finger went down; by default the next responder gets it.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) { next?.touchesBegan(touches, with: event) }
    /// Fingers moved; by default the next responder gets them.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) { next?.touchesMoved(touches, with: event) }
    /// Fingers lifted; by default the next responder gets them.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled; by default the next responder gets them.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { next?.touchesCancelled(touches, with: event) }

    /// A motion began (a shake); by default the next responder gets it. Lifeloop makes no
    /// motion events of its own.
    open func motionBegan(_ motion: Event.EventSubtype, with event: Event?) { next?.motionBegan(motion, with: event) }
    /// A motion ended; by default the next responder gets it.
    open func motionEnded(_ motion: Event.EventSubtype, with event: Event?) { next?.motionEnded(motion, with: event) }
    /// A motion was cancelled; by default the next responder gets it.
    open func motionCancelled(_ motion: Event.EventSubtype, with event: Event?) { next?.motionCancelled(motion, with: event) }

    /// Brings back the state a user activity describes (``UserActivityRestoring``): called
    /// for the objects an app delegate hands to `application(_:continue:restorationHandler:)`'s
    /// handler; does nothing by default.
    open func restoreUserActivityState(_ userActivity: UserActivity) {}

    /// The object itself, as `NSObject`'s `self()`: in a stored property's initializer,
    /// where the instance does not exist yet, a bare `self` names this method (as on iOS,
    /// where the compiler warns that it "may be unexpected"), so such code compiles here
    /// too. Inside methods `self` is the instance, as always.
    public final func `self`() -> Self { self }

    // MARK: Reached by name (the port step overrides these)

    /// Sets an outlet by name; this class has none. See ``NameWirable``.
    open func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    /// Calls a method by selector; this class has none reachable by name. See ``NameWirable``.
    open func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome { .notFound }
    /// Whether a method is reachable by `selector`; none is here. See ``NameWirable``.
    open func lifeloopResponds(to selector: Selector) -> Bool { false }
}

/// A class an app names by string (an app or scene delegate in Info.plist or a scene
/// configuration) that Lifeloop can make an instance of.
///
/// Swift on Linux has no way to make an instance of a class found by name, which UIKit
/// does for the delegate that `@main` marks and for the delegate classes a scene
/// configuration names. The port step makes every app delegate, scene delegate and
/// `@main` class of an app's sources conform; a test that builds its delegates by hand
/// conforms them itself:
///
/// ```swift
/// extension SceneDelegate: LifeloopInstantiable {
///     static func lifeloopMake() -> AnyObject { SceneDelegate() }
/// }
/// ```
public protocol LifeloopInstantiable: AnyObject {
    /// A new instance, made with the class's `init()`.
    static func lifeloopMake() -> AnyObject
}
