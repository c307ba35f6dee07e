import CLibUV
import DequeModule
import Synchronization

/// What crosses into a loop from other threads: closures, and worker results.
enum MailItem {
    case task(@Sendable () -> Void)
    case jobResult(id: UInt64, result: Result<any Sendable, any Error>)
}

/// The loop's one cross-thread door: a locked queue that carries the payloads, and a
/// single `uv_async_t` that only rings the bell (libuv coalesces `uv_async_send`, so it
/// cannot carry them).
///
/// `@unchecked Sendable`: `state` is a `Mutex`; the async handle is only touched while
/// holding that lock and while `open` is true, and the loop sets `open` to false under
/// the same lock before it closes the handle.
final class Mailbox: @unchecked Sendable {
    private struct State {
        var items = Deque<MailItem>()
        var open = true
    }

    private let state = Mutex(State())
    private let bell: UnsafeMutablePointer<uv_async_t>

    init(bell: UnsafeMutablePointer<uv_async_t>) {
        self.bell = bell
    }

    /// Enqueues an item and rings the bell if the queue was empty (a non-empty queue has
    /// already rung it, and the loop drains everything at once). Returns false once the
    /// loop is closed.
    func post(_ item: MailItem) -> Bool {
        state.withLock { state in
            guard state.open else { return false }
            state.items.append(item)
            if state.items.count == 1 {
                _ = uv_async_send(bell)
            }
            return true
        }
    }

    /// Swaps the queued items into `buffer`, which must be empty; reusing two buffers keeps
    /// the steady state free of allocations.
    func takeAll(into buffer: inout Deque<MailItem>) {
        state.withLock { state in
            if !state.items.isEmpty {
                swap(&state.items, &buffer)
            }
        }
    }

    var isEmpty: Bool { state.withLock { $0.items.isEmpty } }

    /// Refuses further posts; what was queued is discarded and its count returned.
    func close() -> Int {
        state.withLock { state in
            state.open = false
            let dropped = state.items.count
            state.items.removeAll()
            return dropped
        }
    }
}

/// A `Sendable` handle for posting work to a loop from any thread.
///
/// Posted closures run on the loop's thread, in the order each posting thread posted
/// them, during the loop's task phase.
public struct LoopPoster: Sendable {
    let mailbox: Mailbox

    /// Posts a closure to run on the loop's thread.
    /// - Parameter task: The work; it runs once, on the loop.
    /// - Returns: `false` if the loop is closed and the task will never run.
    @discardableResult
    public func post(_ task: @escaping @Sendable () -> Void) -> Bool {
        mailbox.post(.task(task))
    }
}
