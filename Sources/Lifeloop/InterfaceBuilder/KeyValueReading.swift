import Foundation

/// Reads `key` of `object` by name: what the port step lowers `object.value(forKey: key)`
/// to, since Linux has no Objective-C runtime to do key-value coding.
///
/// - `UserDefaults`: its `object(forKey:)`.
/// - A dictionary keyed by strings (`[String: Any]`, `NSDictionary`): the value at `key`.
/// - Anything else: the stored property named `key`, found through `Mirror`, the class's
///   own properties first, then each superclass's. A nil optional reads as nil.
///
/// A property that is not stored (a computed one) or not there at all reads as nil, and
/// the app on this thread records an ``Diagnostic/Kind/undefinedKey`` diagnostic naming
/// the key and the class, where UIKit would raise `valueForUndefinedKey:`. A nil object
/// reads as nil (an optional chain's receiver).
public func lifeloopValue(of object: Any?, forKey key: String) -> Any? {
    guard let object = flattened(object) else { return nil }
    switch object {
    case let defaults as UserDefaults:
        return defaults.object(forKey: key)
    case let dictionary as [String: Any]:
        return dictionary[key].flatMap(flattened)
    case let dictionary as NSDictionary:
        return dictionary.object(forKey: key).flatMap(flattened)
    default:
        break
    }
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
        // A lazy property's storage and a property wrapper's are named after the property.
        if let child = current.children.first(where: { [key, "_" + key, "$__lazy_storage_$_" + key].contains($0.label) }) {
            return flattened(child.value)
        }
        mirror = current.superclassMirror
    }
    let typeName = String(describing: type(of: object))
    ThreadContext.application?.diagnose(
        .undefinedKey, label: (object as? View)?.traceLabel ?? (object as? ViewController)?.traceLabel ?? typeName,
        message: "value(forKey: \"\(key)\"): \(typeName) has no stored property named '\(key)' (UIKit would raise "
            + "valueForUndefinedKey:); it reads as nil")
    return nil
}

/// Reads a dotted key path (`"a.b.c"`) one key at a time with ``lifeloopValue(of:forKey:)``:
/// what the port step lowers `object.value(forKeyPath: path)` to.
public func lifeloopValue(of object: Any?, forKeyPath keyPath: String) -> Any? {
    var current = object
    for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
        guard let value = lifeloopValue(of: current, forKey: String(key)) else { return nil }
        current = value
    }
    return current
}

/// `value` without optional wrapping: nil for a nil optional, the wrapped value otherwise.
private func flattened(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.flatMap { flattened($0.value) }
}
