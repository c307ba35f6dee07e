import Glibc

/// The application whose loop runs on the current thread.
///
/// UIKit finds its application through a process-wide singleton; Lifeloop cannot, since
/// several apps share a process. Each thread has its own slot instead (a pthread key),
/// so views and controllers created on an app's loop thread find that app, and apps on
/// two threads never see each other.
enum ThreadContext {
    private final class Slot {
        weak var application: Application?
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
        get { slot.application }
        set { slot.application = newValue }
    }
}
