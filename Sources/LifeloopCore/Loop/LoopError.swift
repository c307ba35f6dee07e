@_implementationOnly import CLibUV
import Glibc

/// A libuv call that returned a negative status.
public struct LibUVError: Error, Sendable, CustomStringConvertible {
    /// The libuv function that failed, such as `uv_loop_init`.
    public let operation: String
    /// The negative status libuv returned.
    public let code: Int32
    /// libuv's name for the error, from `uv_err_name` (for example `EBUSY`).
    public let name: String
    /// libuv's message for the error, from `uv_strerror`.
    public let message: String

    init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
        self.name = String(cString: uv_err_name(code))
        self.message = String(cString: uv_strerror(code))
    }

    public var description: String { "\(operation) failed: \(name) (\(message))" }
}

/// The one door through which every libuv status passes: a negative return becomes a
/// thrown ``LibUVError`` naming the call.
@inline(__always)
func uvCheck(_ status: Int32, _ operation: @autoclosure () -> String) throws {
    if status < 0 {
        throw LibUVError(operation: operation(), code: status)
    }
}

/// Misuse of a loop that is reported to the caller rather than trapping.
public enum LoopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `advance(by:)` or `advance(to:)` on a loop that runs on the host clock.
    case requiresVirtualClock(operation: String)
    /// A run or advance ran more turns, or more time, than its budget allowed.
    case budgetExceeded(turns: Int, elapsed: Duration, pending: String)
    /// `run`, `runUntilIdle` or `advance` was called from inside one of the loop's callbacks.
    case reentrantRun(operation: String)
    /// The loop has been closed.
    case closed(operation: String)
    /// A parameter is out of range; the message names it.
    case invalidArgument(String)
    /// The job was cancelled before its completion ran.
    case jobCancelled(label: String)
    /// A loop, or the app that owns it, was driven from a thread other than the one that
    /// created it. `owner` describes that thread and `caller` the one that made the call
    /// (each as its pthread id and, if it has one, its name).
    case wrongThread(operation: String, owner: String, caller: String)
    /// A replay did something its recording did not (or ran out of it): the message says
    /// where.
    case replayDiverged(String)

    public var description: String {
        switch self {
        case .requiresVirtualClock(let operation):
            return "\(operation) needs a loop on the virtual clock; this loop runs on the host clock"
        case .budgetExceeded(let turns, let elapsed, let pending):
            return "the loop was still busy after \(turns) turns and \(elapsed) (pending: \(pending)); a repeating timer or a task that re-posts itself keeps it from going idle"
        case .reentrantRun(let operation):
            return "\(operation) was called from inside a callback of the same loop"
        case .closed(let operation):
            return "\(operation) was called on a closed loop"
        case .invalidArgument(let message):
            return message
        case .jobCancelled(let label):
            return "job '\(label)' was cancelled"
        case .replayDiverged(let message):
            return "replay diverged: \(message)"
        case .wrongThread(let operation, let owner, let caller):
            return "\(operation) was called on \(caller), but the loop belongs to \(owner), the thread that created it; call it there, and reach the loop from other threads with makePoster()"
        }
    }
}

/// The calling thread as error messages name it: its pthread id and, when it has one, its
/// name. Read on the thread itself: another thread's name can only be read while it lives.
func currentThreadDescription() -> String {
    threadDescription(pthread_self(), name: currentThreadName())
}

/// A thread as error messages name it: its id, and its name when it has one.
func threadDescription(_ thread: pthread_t, name: String) -> String {
    let id = "thread 0x" + String(thread, radix: 16)
    return name.isEmpty ? id : id + " (\"" + name + "\")"
}

/// The calling thread's name, as the kernel keeps it (15 bytes at most), or "" when it has
/// none. pthread_getname_np is not visible to Swift; this is the same one system call.
func currentThreadName() -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 17) { buffer -> String in
        buffer.initialize(repeating: 0)
        guard let base = buffer.baseAddress, lifeloop_current_thread_name(base) == 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base, count: strnlen(base, 16)), as: UTF8.self)
    }
}

/// What keeps a loop from being idle (``EventLoop/pendingWork(limit:)``).
public struct PendingWork: Sendable, Equatable {
    /// One scheduled timer (or a job's delivery under the virtual clock).
    public struct Timer: Sendable, Equatable {
        /// The timer's label, if it was given one (`job NAME` for a job's delivery).
        public var label: String?
        /// When it is due, in nanoseconds of the loop's clock.
        public var dueNanoseconds: UInt64
        /// Its period, for a repeating timer.
        public var periodNanoseconds: UInt64?
    }

    /// Tasks queued for the next turn.
    public var tasks: Int
    /// All live timers and job deliveries (``timers`` lists the first of them).
    public var timerCount: Int
    /// All jobs whose completion has not run (``jobs`` lists the first of them).
    public var jobCount: Int
    /// Timers, earliest first.
    public var timers: [Timer] = []
    /// Labels of the jobs in flight, in submission order.
    public var jobs: [String] = []

    /// Pending work of these counts; ``timers`` and ``jobs`` start empty.
    public init(tasks: Int, timerCount: Int, jobCount: Int) {
        self.tasks = tasks
        self.timerCount = timerCount
        self.jobCount = jobCount
    }
}
