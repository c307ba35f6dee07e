/// What every workload's body bumps, and the count at which a run is done.
///
/// A plain class rather than an atomic, so the measured cost is the loop's and
/// not a locked instruction per operation. It is `@unchecked Sendable` because
/// cross-thread bodies (`hop`, NIO) must be `@Sendable`: the body only ever runs
/// on the loop's thread, and the loop's queue lock (when posting) and the
/// run's completion semaphore or join (when reading the result) order every
/// access.
final class Counter: @unchecked Sendable {
    var value = 0
    var target = 0

    func reset(target: Int) {
        value = 0
        self.target = target
    }

    /// Counts one operation; true when it was the last one of the run.
    @inline(__always)
    func bump() -> Bool {
        value &+= 1
        return value == target
    }
}
