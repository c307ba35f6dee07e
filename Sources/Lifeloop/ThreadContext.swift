import Glibc

/// The application whose loop runs on the current thread.
///
/// UIKit finds its application through a process-wide singleton; Lifeloop cannot, since
/// several apps share a process. Each thread has its own slot instead (a pthread key),
/// so views and controllers created on an app's loop thread find that app, and apps on
/// two threads never see each other.
enum ThreadContext {
    private final class Slot {
        /// Weak: an app the caller released no longer owns the thread, so apps can be
        /// created one after another on it.
        var applicationLink: AppLink?
        var application: Application? {
            get { applicationLink?.app }
            set { applicationLink = newValue?.link }
        }
        /// The `animate` call running its block on this thread for views of an app
        /// elsewhere, if any: refused changes name it.
        var offLoopAnimation: StaticString?
        /// Changes refused during that block.
        var offLoopRefusals = 0
        /// The label the next controller of a class gets (``ViewController/useLabel(_:)``).
        var pendingLabel: (String, ObjectIdentifier)?
        /// Set while objects are made that must belong to no app.
        var detaching = false
    }

    /// Created once; the key itself is immutable and shared, the slots are per thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        return key
    }()

    private static var slot: Slot {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Slot>.fromOpaque(raw).takeUnretainedValue()
        }
        let slot = Slot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }

    static var application: Application? {
        get {
            let slot = slot
            return slot.detaching ? nil : slot.application
        }
        set { slot.application = newValue }
    }

    static var pendingLabel: (String, ObjectIdentifier)? {
        get { slot.pendingLabel }
        set { slot.pendingLabel = newValue }
    }

    /// The pending label if it is for `type`, cleared either way.
    static func takePendingLabel(for type: ObjectIdentifier) -> String? {
        let slot = slot
        guard let (label, owner) = slot.pendingLabel else { return nil }
        slot.pendingLabel = nil
        return owner == type ? label : nil
    }

    /// Runs `body` as if no app ran on this thread: what it makes belongs to no app.
    static func detached<T>(_ body: () -> T) -> T {
        let slot = slot
        let outer = slot.detaching
        slot.detaching = true
        defer { slot.detaching = outer }
        return body()
    }

    /// Runs `body` (an `animations` block called on a thread without an app) marked as
    /// part of `operation`, so the setters it calls on another app's views name that call
    /// when they refuse.
    /// - Returns: Whether any change was refused.
    static func runOffLoop(_ operation: StaticString, _ body: () -> Void) -> Bool {
        let slot = slot
        let outer = (slot.offLoopAnimation, slot.offLoopRefusals)
        slot.offLoopAnimation = operation
        slot.offLoopRefusals = 0
        body()
        let refused = slot.offLoopRefusals > 0
        (slot.offLoopAnimation, slot.offLoopRefusals) = outer
        // A nested call's refusal is one of the enclosing call's too.
        if refused, outer.0 != nil { slot.offLoopRefusals += 1 }
        return refused
    }

    /// Called when a change is refused on this thread: the `animate` call it is part of,
    /// if any, which learns of the refusal.
    static func noteOffLoopRefusal() -> StaticString? {
        let slot = slot
        guard let operation = slot.offLoopAnimation else { return nil }
        slot.offLoopRefusals += 1
        return operation
    }
}
