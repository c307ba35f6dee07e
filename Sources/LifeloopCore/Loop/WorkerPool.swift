import Glibc
import DequeModule
import Dispatch
import Synchronization

/// Set when a job is cancelled, so that work not yet started is skipped.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}

/// One job as the workers see it: only `Sendable` parts. The completion stays on the loop.
struct WorkItem: Sendable {
    let id: UInt64
    let cancelled: CancelFlag
    let work: @Sendable () -> Result<any Sendable, any Error>
    let mailbox: Mailbox
}

/// Runs jobs on Dispatch, at most `width` at a time, and posts each result to its loop.
///
/// Pending items wait in a locked queue; while fewer than `width` drainers are active, a
/// submission starts one on a concurrent Dispatch queue, and a drainer runs items until
/// the queue is empty. No thread ever blocks waiting for a slot.
final class WorkerPool: Sendable {
    private struct State {
        var pending = Deque<WorkItem>()
        var active = 0
        /// Made by the first submission: most apps (a UI test's) never run a job, and a
        /// Dispatch queue is a tenth of what making an app costs.
        var queue: DispatchQueue?
    }

    let width: Int
    private let state = Locked(State())
    private let label: String
    /// The most real microseconds slept before each job's work (0: none).
    private let jitterMicroseconds: UInt32

    init(width: Int, label: String, jitter: Duration? = nil) {
        self.width = max(1, width)
        self.label = label
        let micros = jitter.map { max(0, $0.components.seconds * 1_000_000 + $0.components.attoseconds / 1_000_000_000_000) } ?? 0
        jitterMicroseconds = UInt32(clamping: micros)
    }

    func submit(_ item: WorkItem) {
        let drainerQueue = state.withLock { state -> DispatchQueue? in
            state.pending.append(item)
            guard state.active < width else { return nil }
            state.active += 1
            if state.queue == nil { state.queue = DispatchQueue(label: label, attributes: .concurrent) }
            return state.queue
        }
        if let queue = drainerQueue {
            // Lifeloop's own threads: libdispatch's, not the app's scheduler.
            SchedulerSlot.bypassing { queue.async { [self] in drain() } }
        }
    }

    private func drain() {
        while let item = state.withLock({ state -> WorkItem? in
            if let next = state.pending.popFirst() { return next }
            state.active -= 1
            return nil
        }) {
            // Real timing must not matter: a determinism check makes it vary on purpose.
            if jitterMicroseconds > 0 { usleep(UInt32.random(in: 0...jitterMicroseconds)) }
            let result: Result<any Sendable, any Error> =
                item.cancelled.isSet ? .failure(CancellationError()) : item.work()
            _ = item.mailbox.post(JobResult(id: item.id, result: result))
        }
    }
}

/// Identifies a submitted job, for cancelling it.
public struct JobHandle: Hashable, Sendable {
    /// The job's number, unique within its loop and in submission order.
    public let id: UInt64
}
