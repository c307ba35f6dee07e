/// A method named the way Objective-C names it: `"refresh"`, `"tapped:"`,
/// `"handleWithGesture:"`, `"tableView:didSelectRowAtIndexPath:"`. UIKit's `Selector`.
///
/// Linux has no Objective-C runtime to look a method up by name in. Lifeloop's port step
/// turns `#selector(...)` and `Selector("...")` into this value and writes, into every
/// class that declares outlets, actions or `@objc` methods, the members of
/// ``NameWirable`` that reach them by name: so target-action, Interface Builder outlets
/// and actions, and selector-based timers and notifications work as on iOS.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The Objective-C method name, with one colon per argument.
    public let name: String

    /// A selector with the Objective-C method name `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// A selector from a string literal, as `Selector("tapped:")` reads.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The number of arguments the method takes: its colons.
    public var argumentCount: Int {
        name.reduce(0) { $0 + ($1 == ":" ? 1 : 0) }
    }

    public var description: String { name }
}

/// What calling a method by its selector gave.
public enum SelectorOutcome {
    /// The object has the method and ran it; the value is what it returned (nil for Void).
    case performed(Any?)
    /// The object has no method with that selector.
    case notFound
}

/// An object whose outlets and methods are reached by name, as the Objective-C runtime
/// reaches them on iOS: by Interface Builder files (outlets, actions) and by selectors
/// (target-action, timers, notifications, `perform(_:)`).
///
/// ``View``, ``ViewController`` and ``BarItem`` conform with implementations that know no
/// names. The port step writes overrides into each class that declares `@IBOutlet`,
/// `@IBAction` or `@objc` members (each override handles its own class's names and
/// passes every other name to `super`), and adds the conformance to classes outside
/// those hierarchies.
public protocol NameWirable: AnyObject {
    /// Sets the outlet called `name` to `value`.
    /// - Returns: false if the object has no outlet with that name, or `value` is not of
    ///   the outlet's type (an outlet collection takes an array).
    func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool

    /// Calls the method `selector` names with the first `selector.argumentCount` of
    /// `arguments` (missing ones are nil).
    func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome

    /// Whether the object has a method `selector` names.
    func lifeloopResponds(to selector: Selector) -> Bool
}

extension Selector {
    /// Argument `index` of `arguments` as a `T`: nil when it is missing, nil, or of another
    /// type. The members the port step generates read their arguments with it.
    public static func lifeloopArgument<T>(_ arguments: [Any?], _ index: Int, as type: T.Type) -> T? {
        guard index >= 0, index < arguments.count, let value = arguments[index] else { return nil }
        return value as? T
    }
}
