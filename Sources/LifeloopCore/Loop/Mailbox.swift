@_implementationOnly import CLibUV
import DequeModule
import Synchronization

/// A closure posted from another thread. Wrapped in a struct so a generic container
/// stores it without a per-item reabstraction thunk.
struct PostedTask {
    let body: @Sendable () -> Void
    /// Who posted it, and its number among that poster's posts: its identity in a
    /// recording.
    var poster: UInt32 = 0
    var sequence: UInt64 = 0
}

/// A worker's result on its way back to the loop.
struct JobResult {
    let id: UInt64
    let result: Result<any Sendable, any Error>
    /// Its place among the results that reached this mailbox, from 1, set under the lock.
    var arrival: UInt64 = 0
}

/// The loop's one cross-thread door: a locked queue that carries the payloads, and a
/// single `uv_async_t` that only rings the bell (libuv coalesces `uv_async_send`, so it
/// cannot carry them).
///
/// `@unchecked Sendable`: `state` is behind a lock (``Locked``); the async handle is only touched while
/// holding that lock and while `open` is true, and the loop sets `open` to false under
/// the same lock before it closes the handle.
final class Mailbox: @unchecked Sendable {
    private struct State {
        // Two queues: posts stay small (16 bytes each) and cheap to move; job results are
        // rare and larger. A ring is only needed when both were empty.
        var tasks = Deque<PostedTask>()
        var results = Deque<JobResult>()
        var resultsPosted: UInt64 = 0
        var open = true

        var isEmpty: Bool { tasks.isEmpty && results.isEmpty }
    }

    private let state = Locked(State())
    /// Set under the lock by every post, cleared under it by `takeAll`: lets the loop skip
    /// the lock on the many turns when nothing arrived. A post racing with a check is
    /// never lost: it rings the bell, and the loop looks again after waking.
    private let hasMail = Atomic<Bool>(false)
    private let bellRaw: UnsafeMutableRawPointer
    private var bell: UnsafeMutablePointer<uv_async_t> { bellRaw.assumingMemoryBound(to: uv_async_t.self) }

    init(bell: UnsafeMutablePointer<uv_async_t>) {
        self.bellRaw = UnsafeMutableRawPointer(bell)
    }

    /// Enqueues a closure and rings the bell if the mailbox was empty (a non-empty mailbox
    /// has already rung it, and the loop drains everything at once). Returns false once
    /// the loop is closed.
    func post(_ task: PostedTask) -> Bool {
        enqueue { $0.tasks.append(task) }
    }

    /// Enqueues a worker's result, ringing as `post` does.
    func post(_ result: JobResult) -> Bool {
        enqueue { state in
            state.resultsPosted += 1
            var numbered = result
            numbered.arrival = state.resultsPosted
            state.results.append(numbered)
        }
    }

    private func enqueue(_ append: (inout State) -> Void) -> Bool {
        state.withLock { state in
            guard state.open else { return false }
            let ring = state.isEmpty
            append(&state)
            if ring {
                hasMail.store(true, ordering: .releasing)
                _ = uv_async_send(bell)
            }
            return true
        }
    }

    /// Wakes the loop without posting anything (it looks again at what is pending).
    func ring() {
        state.withLock { state in
            guard state.open else { return }
            _ = uv_async_send(bell)
        }
    }

    /// Swaps the queued items into the buffers, which must be empty; reusing buffers
    /// keeps the steady state free of allocations.
    func takeAll(tasks: inout Deque<PostedTask>, results: inout Deque<JobResult>) {
        guard hasMail.load(ordering: .acquiring) else { return }
        state.withLock { state in
            hasMail.store(false, ordering: .relaxed)
            if !state.tasks.isEmpty { swap(&state.tasks, &tasks) }
            if !state.results.isEmpty { swap(&state.results, &results) }
        }
    }

    var isEmpty: Bool { !hasMail.load(ordering: .acquiring) }

    /// Refuses further posts; what was queued is discarded.
    func close() {
        state.withLock { state in
            state.open = false
            hasMail.store(false, ordering: .relaxed)
            state.tasks.removeAll()
            state.results.removeAll()
        }
    }
}

/// A `Sendable` handle for posting work to a loop from any thread.
///
/// Posted closures run on the loop's thread, in the order each posting thread posted
/// them, during the loop's task phase.
public struct LoopPoster: Sendable {
    let mailbox: Mailbox
    let counter: PosterCounter

    /// Posts a closure to run on the loop's thread.
    /// - Parameter task: The work; it runs once, on the loop.
    /// - Returns: `false` if the loop is closed and the task will never run.
    @discardableResult
    public func post(_ task: @escaping @Sendable () -> Void) -> Bool {
        mailbox.post(PostedTask(body: task, poster: counter.id, sequence: counter.next()))
    }

    /// Wakes the loop without posting (no task, nothing a recording keeps).
    func wake() {
        mailbox.ring()
    }
}
