#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the lock for state that several threads touch (a
/// loop's mailbox, the worker pool, diagnostics, test recorders).
///
/// Why not `Synchronization.Mutex`: on Linux it locks with a raw futex, which
/// ThreadSanitizer cannot see, so every access under it is reported as a race (about a
/// hundred false reports in the suite). ThreadSanitizer intercepts `pthread_mutex_*`, so
/// with this lock `make tsan` is clean and a report means a real race.
///
/// `@unchecked Sendable`: `value` is only read or written between `pthread_mutex_lock`
/// and `pthread_mutex_unlock` on `mutex`.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates the lock, holding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the value, read under the lock.
    package var current: Value {
        withLock { $0 }
    }
}
