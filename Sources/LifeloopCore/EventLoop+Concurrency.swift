import Dispatch

extension EventLoop {
    /// Runs `work` as a worker job and returns its result to the awaiting code, on the
    /// loop: `let feed = try await loop.result(label: "fetch", cost: .milliseconds(120)) { … }`.
    /// Delivery follows the job's rules (virtual clock: at submission + `cost`).
    /// - Throws: What `work` threw, or ``LoopError/jobCancelled(label:)``.
    /// - Warning: Call on the loop's thread (from a main-actor task of the app on the main
    ///   thread, or a loop callback).
    nonisolated(nonsending)
    public func result<Value: Sendable>(label: String, cost: Duration = .zero,
                                        work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            submit(label: label, cost: cost, work: work) { result in continuation.resume(with: result) }
        }
    }

    /// A worker job whose work is an `async` function: it runs on Dispatch's threads
    /// (never the loop's), and its result comes back as ``submit(label:cost:work:completion:)``'s does.
    @discardableResult
    public func submit<Value: Sendable>(label: String, cost: Duration = .zero,
                                        asyncWork: @escaping @Sendable () async throws -> Value,
                                        completion: @escaping (Result<Value, any Error>) -> Void) -> JobHandle {
        submit(label: label, cost: cost, work: { () throws -> Value in
            let box = AsyncResultBox<Value>()
            let done = DispatchSemaphore(value: 0)
            // On a worker executor of its own: the loop may be waiting for this result.
            Task(executorPreference: WorkerTaskExecutor.shared) {
                do { box.result = .success(try await asyncWork()) } catch { box.result = .failure(error) }
                done.signal()
            }
            done.wait()
            return try box.result!.get()
        }, completion: completion)
    }
}

/// Written by the task before it signals, read after the wait.
final class AsyncResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

/// Runs async worker jobs' tasks on Dispatch's global queue, whatever the default
/// executor is (under the virtual clock on the main thread it is the loop, which may be
/// waiting for the job).
final class WorkerTaskExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = WorkerTaskExecutor()
    private let queue = DispatchQueue(label: "lifeloop.async-workers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}
