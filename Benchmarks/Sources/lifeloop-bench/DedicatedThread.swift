import Foundation
import Synchronization

/// Runs `body` on a new thread and waits for its result.
///
/// For loops that belong to the thread that created them: the loop is created,
/// measured and closed inside `body`, on a thread that does nothing else.
func onDedicatedThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
) throws -> Value {
    let outcome = Outcome<Value>()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.result.withLock { $0 = Result(catching: body) }
        finished.signal()
    }
    thread.start()
    finished.wait()
    return try outcome.result.withLock { $0! }.get()
}

private final class Outcome<Value: Sendable>: Sendable {
    let result = Mutex<Result<Value, any Error>?>(nil)
}
