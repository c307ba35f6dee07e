@_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Glibc

extension EventLoop {
    /// Runs `work` as a worker job and returns its result to the awaiting code, on the
    /// loop: `let feed = try await loop.result(label: "fetch", cost: .milliseconds(120)) { … }`.
    /// Delivery follows the job's rules (virtual clock: at submission + `cost`).
    /// - Throws: What `work` threw, or ``LoopError/jobCancelled(label:)``.
    /// - Warning: Call on the loop's thread (from a main-actor task of the app on the main
    ///   thread, or a loop callback).
    /// - Note: A run that ends (the loop closes) before the result is delivered never resumes
    ///   the awaiting task, as an app whose process ends never does: the job and its
    ///   completion are dropped with the loop.
    nonisolated(nonsending)
    public func result<Value: Sendable>(label: String, cost: Duration = .zero,
                                        work: @escaping @Sendable () throws -> Value) async throws -> Value {
        // Unsafe, not checked: every delivered job resumes it exactly once; a job dropped with
        // its loop must not resume it (the app is gone), which a checked continuation would
        // report as misuse on every run that ends while a task waits.
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Error>) in
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
final class WorkerTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    static let shared = WorkerTaskExecutor()
    private let queue = DispatchQueue(label: "lifeloop.async-workers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { Self.run(unowned, on: executor) }
    }

    /// Runs a job with the thread marked as a worker's, so that what it starts (a sleep,
    /// an unstructured task) stays on the workers instead of the loop that waits for it.
    static func run(_ job: UnownedJob, on executor: UnownedTaskExecutor) {
        let previous = WorkerContext.isActive
        WorkerContext.isActive = true
        job.runSynchronously(on: executor)
        WorkerContext.isActive = previous
    }

    /// A sleep inside a job's work sleeps on real time, on the workers: the loop may be
    /// waiting for the job, so the loop's own clock must not hold it.
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let nanoseconds = max(0, ((delay as? Duration) ?? .zero).nanosecondsClamped)
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { Self.run(unowned, on: executor) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }
}

/// Whether the current thread runs an async worker job's work (a pthread key: per thread).
enum WorkerContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isActive: Bool {
        get { pthread_getspecific(key) != nil }
        set { pthread_setspecific(key, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
    }
}
