// Implementation-only, not `internal import`: without library evolution an internal
// import is still loaded by every client, and sources compiled against Lifeloop (a
// project's, in the port step) have no libuv headers. The compiler's warning about it is
// expected; the compiler checks that no type of CLibUV appears in a public declaration.
@_implementationOnly import CLibUV
import DequeModule
import Glibc

/// A run loop on libuv: the main thread of one simulated app.
///
/// A loop belongs to the thread that creates it and runs there. Each turn reads:
///
/// ```
/// turn += 1
/// 1. timers due now, in (deadline, sequence) order; then the afterTimers observers
/// 2. posted tasks, FIFO: same-thread `execute`s queued before the turn, then what
///    arrived through the mailbox: host-clock worker results, then cross-thread posts,
///    each in arrival order
/// 3. beforeWaiting observers: the commit point (libuv's prepare phase)
/// 4. wait: host clock, poll in libuv until the next deadline or a wakeup;
///    virtual clock, jump `now` to the next deadline; then the afterWaiting observers
/// ```
///
/// Under the host clock the turn runs inside a `uv_prepare` callback, right before libuv
/// polls; a `uv_timer_t` armed for the next deadline and a `uv_idle_t` (while work is
/// queued) only shape that poll, and one `uv_async_t` rings when the mailbox fills.
/// Under the virtual clock the loop drives the same turn itself and enters libuv only
/// to wait for a worker result that the virtual clock has reached before the real work
/// finished; virtual time stands still meanwhile, so the trace never depends on thread
/// timing.
///
/// Timers scheduled during the timer phase run on a later turn, even when already due:
/// a 0 ms timer that re-arms itself runs once per turn instead of spinning.
///
/// - Warning: `EventLoop` is not `Sendable`. Every method must be called on the thread
///   that created the loop; other threads use ``makePoster()``. The methods that throw
///   (``run()``, ``runUntilIdle(maxTurns:maxTime:)``, ``advance(by:maxTurns:)``,
///   ``advance(to:maxTurns:)``, ``close()``, ``scheduleRepeating(every:startingAt:label:_:)``)
///   throw ``LoopError/wrongThread(operation:owner:caller:)`` from another thread; the
///   others cannot report an error, and ignoring them would lose work without a trace,
///   so they stop the process with a precondition failure that names the call and the
///   loop's thread.
public final class EventLoop {
    /// How the loop was set up.
    public let configuration: LoopConfiguration
    /// Everything the runtime recorded.
    public let trace: Trace
    /// The current turn, from 1 once the loop has run.
    @inlinable public var turn: UInt64 { storedTurn }
    // Read by every trace event (`record`); only ever loaded and stored whole, on the
    // loop's thread, so the run-time exclusivity check on each read bought nothing.
    // Public state that other modules read every frame is kept this way, an unchecked
    // stored property behind an inlinable getter: another module that reads a public
    // stored property itself checks each access, whatever its `@exclusivity`.
    @exclusivity(unchecked) @usableFromInline private(set) var storedTurn: UInt64 = 0

    /// The loop's clock. Under the host clock it is read at the start of each turn (and
    /// after ``consume(_:)``), as libuv caches its loop time.
    public var now: LoopInstant { LoopInstant(nanoseconds: nowNs) }

    /// The clock that drives the loop.
    public var clock: ClockMode { configuration.clock }

    /// The status `uv_loop_close` returned when the loop closed; 0 means every handle was gone.
    public private(set) var loopCloseStatus: Int32?

    /// libuv's types stay out of stored properties (raw pointers here, typed views below):
    /// CLibUV is imported implementation-only, so clients never need libuv's headers.
    private let uvLoopRaw: UnsafeMutableRawPointer
    var uvLoop: UnsafeMutablePointer<uv_loop_t> { uvLoopRaw.assumingMemoryBound(to: uv_loop_t.self) }
    /// Closers of the handles that outlive a run (servers, connections, children, signal
    /// watchers) still open, by id: the loop's close closes them too.
    private var streamClosers: [UInt64: () -> Void] = [:]
    private var nextStreamID: UInt64 = 0

    /// Registers the closer of such a handle; returns its id for ``removeCloser(_:)``.
    func addCloser(_ close: @escaping () -> Void) -> UInt64 {
        defer { nextStreamID += 1 }
        streamClosers[nextStreamID] = close
        return nextStreamID
    }

    /// The handle closed on its own: the loop's close has nothing to do for it.
    func removeCloser(_ id: UInt64?) {
        if let id { streamClosers[id] = nil }
    }
    private let prepareHandleRaw = UnsafeMutableRawPointer(allocateHandle(UV_PREPARE, as: uv_prepare_t.self))
    private var prepareHandle: UnsafeMutablePointer<uv_prepare_t> { prepareHandleRaw.assumingMemoryBound(to: uv_prepare_t.self) }
    private let checkHandleRaw = UnsafeMutableRawPointer(allocateHandle(UV_CHECK, as: uv_check_t.self))
    private var checkHandle: UnsafeMutablePointer<uv_check_t> { checkHandleRaw.assumingMemoryBound(to: uv_check_t.self) }
    private let idleHandleRaw = UnsafeMutableRawPointer(allocateHandle(UV_IDLE, as: uv_idle_t.self))
    private var idleHandle: UnsafeMutablePointer<uv_idle_t> { idleHandleRaw.assumingMemoryBound(to: uv_idle_t.self) }
    private let wakeHandleRaw = UnsafeMutableRawPointer(allocateHandle(UV_TIMER, as: uv_timer_t.self))
    private var wakeHandle: UnsafeMutablePointer<uv_timer_t> { wakeHandleRaw.assumingMemoryBound(to: uv_timer_t.self) }
    private let bellHandleRaw = UnsafeMutableRawPointer(allocateHandle(UV_ASYNC, as: uv_async_t.self))
    private var bellHandle: UnsafeMutablePointer<uv_async_t> { bellHandleRaw.assumingMemoryBound(to: uv_async_t.self) }
    /// Handles that were initialized and are not yet closed.
    private var openHandles: [UnsafeMutableRawPointer] = []

    private let mailbox: Mailbox
    @exclusivity(unchecked) private var postedBuffer = Deque<PostedTask>()
    @exclusivity(unchecked) private var resultBuffer = Deque<JobResult>()
    private let workers: WorkerPool
    let owner: pthread_t
    /// The owner thread's name, read once at creation (another thread's name can only be
    /// read while that thread lives); error messages name the thread with it.
    private let ownerName: String
    private let origin: UInt64

    // `@exclusivity(unchecked)` on the loop's state read or changed every turn: the loop
    // is confined to its thread, and every access is a whole load or store, or a mutating
    // call on a value type that calls out to nothing (a callback runs only after its
    // payload or task has been taken out), so no access can overlap another; the run-time
    // check on each cost 6–10% of a frame.
    @exclusivity(unchecked) @usableFromInline internal private(set) var nowNs: UInt64 = 0
    @exclusivity(unchecked) private var timers = TimerQueue()
    @exclusivity(unchecked) private var tasks = Deque<LoopTask>()
    /// The tasks of the running turn, swapped out of `tasks` so the turn iterates a buffer
    /// of its own; kept between turns so its storage is reused.
    @exclusivity(unchecked) private var runningTasks = Deque<LoopTask>()
    @exclusivity(unchecked) private var jobs: [UInt64: JobRecord] = [:]
    /// Whether this loop owns the process's main thread (``adoptMainThread()``).
    var ownsMainThread = false
    /// A replay's recording drained the main queue in this turn.
    private var replayMainQueueDue = false
    /// Under the virtual clock on the main thread, worker work starts at its delivery
    /// instant, one job at a time: what it posts to the main queue then lands while no
    /// other work runs, so the trace cannot depend on thread timing.
    private var deferredWork: [UInt64: WorkItem] = [:]
    /// Called when a main-actor hop comes from this loop's thread while it does not own
    /// the main thread (the app records `mainActorNotOwned`).
    public var onMainActorNotOwned: (() -> Void)?
    /// Main-actor jobs that came from this loop's thread while it does not own the main
    /// thread: held here, never run (they belong on the process's main thread, which may
    /// run another app), and dropped when the loop closes.
    var heldMainActorJobs: [UnownedJob] = []
    /// Dispatch under the virtual clock, when this loop owns the main thread.
    var dispatchScheduler: DispatchScheduler?
    /// Main-queue blocks sent from this loop's thread while its Dispatch scheduler runs
    /// (the app's callbacks and its queues' blocks): kept here in order and run at the main
    /// queue's point of the turn, ahead of what other threads sent to libdispatch's main
    /// queue. They need no eventfd and no libdispatch queue: only this thread sends them.
    @exclusivity(unchecked) var ownMainQueue = Deque<() -> Void>()
    @exclusivity(unchecked) private var runningMainQueue = Deque<() -> Void>()
    /// Foundation timers on the main run loop, on this loop's timers (the main thread's app).
    var runLoopTimers: [UInt: TimerHandle] = [:]
    /// Foundation timers made on this loop's thread and not added yet: their first fire.
    var runLoopTimerFirstFires: [UInt: LoopInstant] = [:]
    /// The virtual cost of a Dispatch block on a queue with this label (the main thread's
    /// app under the virtual clock; nil: zero).
    public var dispatchCost: ((String) -> Duration)? {
        didSet { dispatchScheduler?.cost = dispatchCost }
    }
    /// Called with a Dispatch misuse the scheduler saw: a diagnostic's name, a label, a
    /// message (the app records it).
    public var onDispatchDiagnostic: ((String, String, String) -> Void)? {
        didSet { dispatchScheduler?.diagnose = onDispatchDiagnostic }
    }
    private var nextJobID: UInt64 = 0
    @exclusivity(unchecked) private var observers: [[(id: UInt64, body: () -> Void)]] = Array(repeating: [], count: LoopPhase.allCases.count)
    private var nextObserverID: UInt64 = 0
    private var idleRunning = false

    /// Whether the current turn is in its timer or task phase, so it will still reach
    /// its commit point (the beforeWaiting observers).
    @inlinable public var isBeforeCommitPoint: Bool { storedIsBeforeCommitPoint }
    @exclusivity(unchecked) @usableFromInline private(set) var storedIsBeforeCommitPoint = false

    @exclusivity(unchecked) private var state: State = .ready
    @exclusivity(unchecked) private var activeRun: RunRequest?

    private enum State {
        /// Not running; may be run.
        case ready
        /// Inside `run`, `runUntilIdle` or `advance`.
        case running
        /// Closed: every handle is gone.
        case closed
    }

    /// What the current call to a run method is for, and its budget.
    private struct RunRequest {
        enum Goal {
            case untilStopped
            case untilIdle
            case until(UInt64)
        }

        // Plain data only: the drive loops copy it every turn.
        var goal: Goal
        var maxTurns: Int
        var maxTime: UInt64?
        var startTurn: UInt64
        var startNs: UInt64
        var stopRequested = false
    }

    /// Why the current run ended early, if it did.
    private var runFailure: LoopError?

    /// A worker job as the loop keeps it: the completion never leaves this thread.
    private struct JobRecord {
        let label: String
        let cancelled: CancelFlag
        let delivery: TimerHandle?
        var result: Result<any Sendable, any Error>?
        let completion: (Result<any Sendable, any Error>) -> Void
        /// How a recording writes the result down (nil: not `Codable`).
        var codec: JobCodec? = nil
    }

    /// Creates a loop on the calling thread.
    /// - Parameter configuration: The clock, worker width and trace mode.
    /// - Throws: ``LibUVError`` if libuv cannot create the loop or its handles.
    public init(_ configuration: LoopConfiguration = LoopConfiguration()) throws {
        self.configuration = configuration
        self.trace = Trace(isEnabled: configuration.traceEnabled, capacity: configuration.traceCapacity,
                           keepsEvents: configuration.traceMode != .digestOnly)
        self.owner = pthread_self()
        self.ownerName = currentThreadName()
        let loopMemory = UnsafeMutableRawPointer.allocate(byteCount: uv_loop_size(), alignment: 16)
        self.uvLoopRaw = UnsafeMutableRawPointer(loopMemory.bindMemory(to: uv_loop_t.self, capacity: 1))
        let status = uv_loop_init(loopMemory.assumingMemoryBound(to: uv_loop_t.self))
        if status < 0 {
            loopMemory.deallocate()
            for handle in [prepareHandleRaw, checkHandleRaw, idleHandleRaw, wakeHandleRaw, bellHandleRaw] {
                handle.deallocate()
            }
            throw LibUVError(operation: "uv_loop_init", code: status)
        }
        self.origin = RealClock.monotonicNanoseconds()
        self.mailbox = Mailbox(bell: bellHandleRaw.assumingMemoryBound(to: uv_async_t.self))
        self.workers = WorkerPool(width: configuration.workerWidth, label: "lifeloop.workers", jitter: configuration.workerJitter)
        self.state = .ready

        // From here on `self` exists: a failure throws and deinit closes what was opened.
        // Handles not yet initialized are never passed to uv_close.
        try uvCheck(uv_async_init(uvLoop, bellHandle, bellCallback), "uv_async_init")
        openHandles.append(UnsafeMutableRawPointer(attach(bellHandle, to: self)))
        try uvCheck(uv_prepare_init(uvLoop, prepareHandle), "uv_prepare_init")
        openHandles.append(UnsafeMutableRawPointer(attach(prepareHandle, to: self)))
        try uvCheck(uv_check_init(uvLoop, checkHandle), "uv_check_init")
        openHandles.append(UnsafeMutableRawPointer(attach(checkHandle, to: self)))
        try uvCheck(uv_idle_init(uvLoop, idleHandle), "uv_idle_init")
        openHandles.append(UnsafeMutableRawPointer(attach(idleHandle, to: self)))
        try uvCheck(uv_timer_init(uvLoop, wakeHandle), "uv_timer_init")
        openHandles.append(UnsafeMutableRawPointer(attach(wakeHandle, to: self)))
        // The thread's loop, for code that asks which app it runs in (main-actor hops).
        RunningLoop.current = Unmanaged.passUnretained(self)
    }

    /// Keeps a handle to close with the loop.
    func registerHandle(_ handle: UnsafeMutablePointer<uv_handle_t>) {
        openHandles.append(UnsafeMutableRawPointer(handle))
    }

    /// Creates a loop on the calling thread with the given clock.
    public convenience init(clock: ClockMode) throws {
        try self.init(LoopConfiguration(clock: clock))
    }

    deinit {
        closeNow()
    }

    // MARK: Scheduling

    /// Queues a closure to run on this loop's next task phase.
    /// - Parameter task: The work. It runs once, in FIFO order with other executes.
    /// - Warning: Call only on the loop's thread; other threads use ``makePoster()``.
    ///   Elsewhere it traps: it cannot throw, and a task dropped in silence would be lost.
    public func execute(_ task: @escaping () -> Void) {
        checkThread("execute(_:)")
        tasks.append(LoopTask(body: task))
    }

    /// Schedules a closure at an absolute deadline.
    /// - Parameters:
    ///   - deadline: When it is due. A deadline in the past is due at once (next turn).
    ///   - label: If given, each firing is recorded in the trace as `label timer`.
    ///   - body: The work.
    /// - Returns: A handle for ``cancel(_:)-(TimerHandle)``.
    /// - Warning: Traps off the loop's thread: it cannot throw, and it must return a handle.
    @discardableResult
    public func schedule(at deadline: LoopInstant, label: String? = nil, _ body: @escaping () -> Void) -> TimerHandle {
        checkThread("schedule(at:label:_:)")
        return timers.insert(deadline: deadline.nanoseconds, payload: .once(body, label: label))
    }

    /// Schedules a closure after a delay from ``now``.
    /// - Parameters:
    ///   - delay: How long from now; zero or negative means the next turn. A deadline past
    ///     the clock's range (about 584 years) is clamped to its end.
    ///   - label: If given, the firing is recorded in the trace as `label timer`.
    ///   - body: The work.
    /// - Returns: A handle for ``cancel(_:)-(TimerHandle)``.
    /// - Warning: Traps off the loop's thread: it cannot throw, and it must return a handle.
    @discardableResult
    public func schedule(after delay: Duration, label: String? = nil, _ body: @escaping () -> Void) -> TimerHandle {
        // Checked before `now` is read: off the loop's thread that read is itself a race.
        checkThread("schedule(after:label:_:)")
        return schedule(at: now + delay, label: label, body)
    }

    /// Schedules a closure at `first` and then every `interval`, on absolute deadlines
    /// (`first + k × interval`), so it never drifts. A firing that comes late does not
    /// shift later ones; periods missed entirely are skipped.
    /// - Parameters:
    ///   - interval: The period; must be positive.
    ///   - first: The first deadline; by default one interval from now.
    ///   - label: If given, each firing is recorded in the trace as `label timer`.
    ///   - body: The work.
    /// - Returns: A handle for ``cancel(_:)-(TimerHandle)``; it stays valid across firings.
    /// - Throws: ``LoopError/invalidArgument(_:)`` if `interval` is not positive;
    ///   ``LoopError/wrongThread(operation:owner:caller:)`` off the loop's thread.
    @discardableResult
    public func scheduleRepeating(every interval: Duration, startingAt first: LoopInstant? = nil, label: String? = nil,
                                  _ body: @escaping () -> Void) throws -> TimerHandle {
        try verifyOwnerThread("scheduleRepeating(every:startingAt:label:_:)")
        let period = interval.nanosecondsClamped
        guard period > 0 else {
            throw LoopError.invalidArgument("scheduleRepeating(every:): interval must be positive, got \(interval)")
        }
        let start = first ?? (now + interval)
        return timers.insert(deadline: start.nanoseconds, payload: .repeating(body, interval: UInt64(period), label: label))
    }

    /// Cancels a timer.
    /// - Returns: `false` if the timer already fired (one-shot) or was cancelled.
    /// - Warning: Traps off the loop's thread: it cannot throw, and `false` would claim the
    ///   timer already fired.
    @discardableResult
    public func cancel(_ timer: TimerHandle) -> Bool {
        checkThread("cancel(_: TimerHandle)")
        return timers.cancel(timer)
    }

    /// The `Sendable` door into this loop from other threads.
    public func makePoster() -> LoopPoster {
        defer { nextPosterID += 1 }
        return LoopPoster(mailbox: mailbox, counter: PosterCounter(id: nextPosterID))
    }

    // MARK: Recording and replay (host clock)

    /// Told what a host-clock run consumes, for a recording that replays it. Set it
    /// before the first run; the trace must be on (its turn digests are checkpoints).
    public var recorder: LoopRecorder? {
        didSet { updateTaskSerialization() }
    }
    /// Makes a host-clock loop replay a recording instead of reading the clock and the
    /// mailbox as they come (see ``LoopReplaySource``). Set it before the first run.
    public var replaySource: LoopReplaySource? {
        didSet { updateTaskSerialization() }
    }
    /// How long a replay waits for a recomputed job result, a re-sent post or the main
    /// dispatch queue's work that its recording has in the current turn before it stops
    /// with ``LoopError/replayDiverged(_:)``: 60 s unless set. Measured on the monotonic
    /// clock.
    public var replayWaitLimit: Duration = .seconds(60)
    private var nextPosterID: UInt32 = 0
    /// The job codecs found so far, by result type: finding one is a dynamic cast to a
    /// protocol, which costs more than a loop turn.
    private var codecs: [ObjectIdentifier: JobCodec?] = [:]
    /// Arrivals taken from the mailbox that the replay has not reached yet.
    private var heldResults: [UInt64: JobResult] = [:]
    private var heldPosts: [Arrival: PostedTask] = [:]
    private var arrivalBuffer: [Arrival] = []

    /// The host clock, as the program sees it: recorded, or replayed from a recording.
    private func readClock() -> UInt64 {
        if let replaySource {
            do { return try replaySource.nextClockRead() } catch {
                replayFailed(error)
                return nowNs
            }
        }
        let value = RealClock.monotonicNanoseconds() &- origin
        recorder?.clockRead(value)
        return value
    }

    private func replayFailed(_ error: any Error) {
        if runFailure == nil { runFailure = error as? LoopError ?? .replayDiverged("\(error)") }
        activeRun?.stopRequested = true
    }

    /// The turn before this one is over: its digest is a checkpoint.
    private func checkpoint(_ finished: UInt64) {
        do { try deliverCheckpoint(finished) } catch { replayFailed(error) }
    }

    /// The checkpoint of the last turn, for the end of a recording or a replay.
    /// - Throws: ``LoopError/replayDiverged(_:)`` when a replay's last turn differs.
    public func checkpointLastTurn() throws {
        try deliverCheckpoint(turn)
    }

    /// Hands a finished turn's digest (if the turn recorded events) to the recorder, or
    /// checks it against the recording.
    private func deliverCheckpoint(_ finished: UInt64) throws {
        guard recorder != nil || replaySource != nil, let digest = trace.latestDigest(ifTurn: finished) else { return }
        if let replaySource {
            try replaySource.turnEnded(finished, digest: digest)
        } else {
            recorder?.turnEnded(finished, digest: digest)
        }
    }

    /// Replay: the arrivals the recording ran this turn, in its order, waiting for each.
    private func replayMailbox(_ source: LoopReplaySource) {
        let expected: [Arrival]
        do { expected = try source.nextArrivals(turn: turn) } catch {
            replayFailed(error)
            return
        }
        guard !expected.isEmpty else { return }
        let wait = ReplayWait(limit: replayWaitLimit)
        while true {
            mailbox.takeAll(tasks: &postedBuffer, results: &resultBuffer)
            // A job already delivered (its recorded result injected) drops its recomputation.
            while let result = resultBuffer.popFirst() {
                if jobs[result.id] != nil { heldResults[result.id] = result }
            }
            while let posted = postedBuffer.popFirst() { heldPosts[.post(poster: posted.poster, sequence: posted.sequence)] = posted }
            let missing = expected.contains { arrival in
                switch arrival {
                case .job(let id, _):
                    // A result the recording has as JSON is injected: no need to wait.
                    if source.recordedResult(of: id)?.json != nil, jobs[id]?.codec != nil { return false }
                    return heldResults[id] == nil
                case .post: return heldPosts[arrival] == nil
                case .mainQueue: return false
                }
            }
            if !missing { break }
            // A recomputed job or a re-sent post is late: wait for it, up to the limit.
            if let waited = wait.expired() {
                replayFailed(LoopError.replayDiverged("turn \(turn): waited \(waited) for \(expected.map(\.description).joined(separator: ", ")), which never arrived"))
                return
            }
            usleep(100)
        }
        for arrival in expected {
            switch arrival {
            case .job(let id, let arrival):
                // The recorded arrival number: the order results reach the mailbox is real
                // time's, and the trace shows it.
                let recorded = source.recordedResult(of: id)
                if let json = recorded?.json, let codec = jobs[id]?.codec, let value = codec.decode(json) {
                    // Injected: the recomputed result, whenever it comes, is dropped.
                    heldResults[id] = nil
                    receive(.success(value), of: id, arrival: arrival, runNow: true)
                } else if let result = heldResults.removeValue(forKey: id) {
                    if let recorded, case .success(let value) = result.result, String(describing: value) != recorded.description {
                        replayFailed(LoopError.replayDiverged("turn \(turn): job \(id)'s recomputed result \(String(describing: value)) differs from the recorded \(recorded.description)"))
                        return
                    }
                    receive(result.result, of: result.id, arrival: arrival, runNow: true)
                }
            case .post:
                heldPosts.removeValue(forKey: arrival)?.body()
            case .mainQueue:
                replayMainQueueDue = true
            }
        }
    }

    /// Drains the main dispatch queue (the main thread's loop, end of the task phase). A
    /// host-clock recording notes each turn that drained it; its replay drains in those
    /// turns only, waiting for the work to be posted again if it is late.
    private func drainMainQueue() {
        if !ownMainQueue.isEmpty {
            // Blocks sent during this drain run in the next turn's, as libdispatch's main
            // queue drains only what it held when the drain began.
            swap(&ownMainQueue, &runningMainQueue)
            record(label: "mainQueue", event: "drain")
            while let block = runningMainQueue.popFirst() { block() }
        }
        let drainRecord = { [self] in record(label: "mainQueue", event: "drain") }
        if clock == .host, let replaySource {
            if !replayMainQueueDue {
                if let next = try? replaySource.nextArrivals(turn: turn), next.contains(.mainQueue) { replayMainQueueDue = true }
            }
            guard replayMainQueueDue else { return }
            replayMainQueueDue = false
            let wait = ReplayWait(limit: replayWaitLimit)
            // Until a block really runs: a bell that rang for nothing is not the work.
            while !(MainThread.mainQueueHasWork && MainThread.drainMainQueue(drainRecord)) {
                if let waited = wait.expired() {
                    replayFailed(LoopError.replayDiverged("turn \(turn): the recording drained the main dispatch queue here; waited \(waited) for its work, which never came"))
                    return
                }
                usleep(100)
            }
            return
        }
        if clock == .host, let recorder {
            // Noted when the first block runs, before anything it does: a drain that runs
            // nothing (its bell rang for a block an earlier drain took) is not an arrival.
            _ = MainThread.drainMainQueue { [self] in
                recorder.arrivals(turn: turn, [.mainQueue])
                drainRecord()
            }
            return
        }
        _ = MainThread.drainMainQueue(drainRecord)
    }

    private func codec<Value: Sendable>(of type: Value.Type) -> JobCodec? {
        if let known = codecs[ObjectIdentifier(type)] { return known }
        let codec = JobCodec.of(type)
        codecs[ObjectIdentifier(type)] = .some(codec)
        return codec
    }

    /// A replay's wait for what its recording has next, timed on the monotonic clock
    /// from its start (the sleeps between checks last longer than asked on a busy machine).
    struct ReplayWait {
        let start = RealClock.monotonicNanoseconds()
        let limit: UInt64

        init(limit: Duration) {
            self.limit = UInt64(max(0, limit.nanosecondsClamped))
        }

        /// How long it has waited ("60.012 s"), once that is at least the limit; else nil.
        func expired() -> String? {
            let elapsed = RealClock.monotonicNanoseconds() &- start
            guard elapsed >= limit else { return nil }
            let milliseconds = elapsed / 1_000_000
            let fraction = String(milliseconds % 1000)
            return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
        }
    }

    // MARK: Observers

    /// Runs a closure at a phase of every turn, after the observers added before it.
    /// - Returns: A token for ``removeObserver(_:)``.
    /// - Warning: Traps off the loop's thread: it cannot throw, and it must return a token.
    @discardableResult
    public func addObserver(_ phase: LoopPhase, _ body: @escaping () -> Void) -> ObserverToken {
        checkThread("addObserver(_:_:)")
        nextObserverID += 1
        observers[phase.index].append((nextObserverID, body))
        return ObserverToken(phase: phase, id: nextObserverID)
    }

    /// Removes an observer; it does not run again, even later in the current phase.
    /// - Warning: Traps off the loop's thread: it cannot throw, and an observer left in
    ///   place would keep running.
    public func removeObserver(_ token: ObserverToken) {
        checkThread("removeObserver(_:)")
        observers[token.phase.index].removeAll { $0.id == token.id }
    }

    // MARK: Workers

    /// Runs work on a worker and its completion back on this loop.
    ///
    /// Only the result crosses threads; `completion` stays here. Under the virtual clock
    /// the result is delivered at `now + cost`, ordered among timers by (deadline,
    /// sequence); if the real work is not done by then, the loop waits for it with virtual
    /// time standing still. Under the host clock results are delivered in the order they
    /// arrive, and the trace notes the turn each arrived on.
    /// - Parameters:
    ///   - label: The job's name in the trace.
    ///   - cost: The job's virtual duration.
    ///   - work: Runs on a worker thread.
    ///   - completion: Runs on the loop with the result or the error `work` threw, or
    ///     ``LoopError/jobCancelled(label:)`` after ``cancel(_:)-(JobHandle)``.
    /// - Returns: A handle for ``cancel(_:)-(JobHandle)``.
    /// - Warning: Traps off the loop's thread: it cannot throw, and `completion` must run
    ///   on the loop's thread, which it would not reach.
    @discardableResult
    public func submit<Value: Sendable>(label: String, cost: Duration = .zero,
                                        work: @escaping @Sendable () throws -> Value,
                                        completion: @escaping (Result<Value, any Error>) -> Void) -> JobHandle {
        checkThread("submit(label:cost:work:completion:)")
        let id = nextJobID
        nextJobID += 1
        guard state != .closed else {
            completion(.failure(LoopError.closed(operation: "submit(label: \"\(label)\")")))
            return JobHandle(id: id)
        }
        let costNs = UInt64(max(0, cost.nanosecondsClamped))
        let flag = CancelFlag()
        var delivery: TimerHandle?
        if clock == .virtual {
            // Saturating: a cost past the clock's range delivers at its end, never wraps
            // around to the past.
            delivery = timers.insert(deadline: Self.saturatingSum(nowNs, costNs), payload: .job(id))
        }
        jobs[id] = JobRecord(label: label, cancelled: flag, delivery: delivery, result: nil, completion: { result in
            // The record was created with this Value, so the cast cannot fail.
            completion(result.map { $0 as! Value })
        }, codec: recorder != nil || replaySource != nil ? codec(of: Value.self) : nil)
        record(label: label, event: "jobSubmit", detail: "cost=\(costNs)ns")
        let item = WorkItem(id: id, cancelled: flag, work: { Result { try work() as any Sendable } }, mailbox: mailbox)
        if clock == .virtual, ownsMainThread { deferredWork[id] = item } else { workers.submit(item) }
        return JobHandle(id: id)
    }

    /// Cancels a job whose completion has not run yet. Work not yet started is skipped;
    /// the completion runs on the next task phase with ``LoopError/jobCancelled(label:)``.
    /// - Returns: `false` if the completion already ran or the job was cancelled before.
    /// - Warning: Traps off the loop's thread: it cannot throw, and `false` would claim the
    ///   completion already ran.
    @discardableResult
    public func cancel(_ job: JobHandle) -> Bool {
        checkThread("cancel(_: JobHandle)")
        guard let cancelled = jobs.removeValue(forKey: job.id) else { return false }
        cancelled.cancelled.set()
        if let delivery = cancelled.delivery { _ = timers.cancel(delivery) }
        record(label: cancelled.label, event: "jobCancel")
        tasks.append(LoopTask { cancelled.completion(.failure(LoopError.jobCancelled(label: cancelled.label))) })
        return true
    }

    /// How many workers may run jobs at once.
    public var workerWidth: Int { workers.width }

    // MARK: Time

    /// Declares that the current callback spends main-thread time. Under the virtual
    /// clock `now` moves on by `duration`; under the host clock the thread sleeps for it.
    /// Recorded in the trace as `loop consume`. A negative duration counts as zero; under
    /// the virtual clock `now` stops at the end of the clock's range (about 584 years).
    /// - Warning: Traps off the loop's thread: it cannot throw, and it models work of the
    ///   loop's own thread.
    public func consume(_ duration: Duration) {
        checkThread("consume(_:)")
        let ns = UInt64(max(0, duration.nanosecondsClamped))
        record(label: "loop", event: "consume", detail: "\(ns)ns")
        switch clock {
        case .virtual:
            // Saturating: wrapping would move the clock backwards.
            nowNs = Self.saturatingSum(nowNs, ns)
        case .host:
            var request = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR {
                request = remaining
            }
            nowNs = readClock()
        }
    }

    /// Records a trace event at the loop's current time and turn.
    /// - Parameters:
    ///   - label: The object's label.
    ///   - event: The event's name (for callbacks, the UIKit selector's base name).
    ///   - detail: Optional detail.
    ///   - window: The window the event belongs to, if any.
    /// - Warning: Traps off the loop's thread: it cannot throw, and the trace is not
    ///   locked. Other threads post the event with ``makePoster()``.
    @inlinable
    public func record(label: String, event: String, detail: String = "", window: String = "") {
        // Inlined into the trace points of the layers above, which then call the trace
        // directly: an event is the most frequent call on the frame path.
        checkThread("record(label:event:detail:window:)")
        trace.record(time: nowNs, turn: turn, window: window, label: label, name: event, detail: detail)
    }

    /// Records a trace event whose label, detail and window are read where they are
    /// stored, for the trace points of the layers above: the event of
    /// ``record(label:event:detail:window:)`` without a retain and release of each string.
    /// The strings must stay where they are, unchanged, through the call.
    @inlinable
    package func record(labelAt label: UnsafePointer<String>, event: String, detailAt detail: UnsafePointer<String>,
                        windowAt window: UnsafePointer<String>) {
        checkThread("record(label:event:detail:window:)")
        trace.record(time: nowNs, turn: turn, window: window, label: label, name: event, detail: detail)
    }

    // MARK: Running

    /// Runs turns until ``stop()`` is called from one of the loop's callbacks. With
    /// nothing to do, the loop waits (for a post, under the virtual clock).
    /// - Throws: ``LoopError`` on misuse (closed, re-entrant, or
    ///   ``LoopError/wrongThread(operation:owner:caller:)`` off the loop's thread).
    public func run() throws {
        try drive(.untilStopped, "run()", maxTurns: .max, maxTime: nil)
    }

    /// Runs turns until no task, timer or job is pending.
    /// - Parameters:
    ///   - maxTurns: The most turns to run; must not be negative.
    ///   - maxTime: The most time to run: virtual time under the virtual clock, host time
    ///     under the host clock. A negative time counts as zero.
    /// - Throws: ``LoopError/budgetExceeded(turns:elapsed:pending:)`` when a budget runs
    ///   out first, as it does with a repeating timer;
    ///   ``LoopError/invalidArgument(_:)`` for a negative `maxTurns`;
    ///   ``LoopError/wrongThread(operation:owner:caller:)`` off the loop's thread.
    public func runUntilIdle(maxTurns: Int = 10_000_000, maxTime: Duration? = nil) throws {
        let limit = maxTime.map { UInt64(max(0, $0.nanosecondsClamped)) }
        try drive(.untilIdle, "runUntilIdle()", maxTurns: maxTurns, maxTime: limit)
    }

    /// Moves the virtual clock forward by `duration`, running everything due on the way.
    /// A target past the clock's range (about 584 years) is clamped to its end.
    /// - Throws: ``LoopError/requiresVirtualClock(operation:)`` under the host clock;
    ///   ``LoopError/budgetExceeded(turns:elapsed:pending:)`` after `maxTurns` turns;
    ///   ``LoopError/invalidArgument(_:)`` for a negative `maxTurns`;
    ///   ``LoopError/wrongThread(operation:owner:caller:)`` off the loop's thread.
    public func advance(by duration: Duration, maxTurns: Int = 10_000_000) throws {
        // Checked before `now` is read: off the loop's thread that read is itself a race.
        try verifyOwnerThread("advance(by:maxTurns:)")
        try advance(to: now + duration, maxTurns: maxTurns)
    }

    /// Moves the virtual clock to `instant`, running every timer, task and job due up to
    /// it in order; `now` is `instant` afterwards (or stays, if already later).
    /// - Throws: ``LoopError/requiresVirtualClock(operation:)`` under the host clock;
    ///   ``LoopError/budgetExceeded(turns:elapsed:pending:)`` after `maxTurns` turns;
    ///   ``LoopError/invalidArgument(_:)`` for a negative `maxTurns`;
    ///   ``LoopError/wrongThread(operation:owner:caller:)`` off the loop's thread.
    public func advance(to instant: LoopInstant, maxTurns: Int = 10_000_000) throws {
        try verifyOwnerThread("advance(to:maxTurns:)")
        guard clock == .virtual else { throw LoopError.requiresVirtualClock(operation: "advance(to:)") }
        try drive(.until(instant.nanoseconds), "advance(to: \(instant))", maxTurns: maxTurns, maxTime: nil)
    }

    /// Asks the current run to return after this turn. Outside a run it does nothing.
    /// - Warning: Traps off the loop's thread: it cannot throw, and a stop that did not
    ///   happen would leave the run going. Other threads post the stop with ``makePoster()``.
    public func stop() {
        checkThread("stop()")
        guard activeRun != nil else { return }
        activeRun?.stopRequested = true
        // A replay never enters uv_run, which is what clears the stop flag: set there, it
        // would make the close's uv_run return before the close callbacks, and the loop's
        // handles and memory would leak.
        if clock == .host, replaySource == nil { uv_stop(uvLoop) }
    }

    /// Timers scheduled and not yet fired or cancelled (job deliveries under the virtual
    /// clock included).
    public var pendingTimerCount: Int { timers.liveCount }

    /// Jobs submitted whose completion has not run yet.
    public var pendingJobCount: Int { jobs.count }

    /// Tasks queued on this thread for the next task phase (posts in the mailbox aside).
    public var pendingTaskCount: Int { tasks.count }

    /// What keeps the loop from being idle, by owner: each timer (its label, when it is
    /// due, and its period when it repeats), each job (its label), and the tasks queued
    /// for the next turn. Budget failures name this work; the daemon's `app.settle`
    /// reports it when an app does not settle.
    /// - Parameter limit: The most timers and jobs listed (the counts cover all of them).
    /// - Warning: Traps off the loop's thread.
    public func pendingWork(limit: Int = 100) -> PendingWork {
        checkThread("pendingWork(limit:)")
        var work = PendingWork(tasks: tasks.count, timerCount: timers.liveCount, jobCount: jobs.count)
        for (deadline, payload) in timers.liveEntries() where work.timers.count < max(0, limit) {
            switch payload {
            case .empty: continue
            case .once(_, let label): work.timers.append(.init(label: label, dueNanoseconds: deadline, periodNanoseconds: nil))
            case .repeating(_, let interval, let label):
                work.timers.append(.init(label: label, dueNanoseconds: deadline, periodNanoseconds: interval))
            case .job(let id):
                work.timers.append(.init(label: jobs[id].map { "job " + $0.label }, dueNanoseconds: deadline, periodNanoseconds: nil))
            }
        }
        for id in jobs.keys.sorted() where work.jobs.count < max(0, limit) {
            if let job = jobs[id] { work.jobs.append(job.label) }
        }
        return work
    }

    /// Whether nothing is pending: no task, timer, job or post.
    /// Idle but for what reached the mailbox (as the replay sees idleness).
    private var isIdleButForMailbox: Bool {
        tasks.isEmpty && timers.isEmpty && jobs.isEmpty && ownMainQueue.isEmpty
            && !(ownsMainThread && (MainThread.mainQueueHasWork || MainThread.outstandingJobs.load(ordering: .acquiring) > 0))
            && !mailbox.isEmpty
    }

    /// Whether nothing is pending: no task, timer, job, main-queue work or mail. `runUntilIdle`
    /// and `settle` run until it is true.
    public var isIdle: Bool {
        // A replay's arrivals come from the recording: what reaches the mailbox in real
        // time (a recomputed result it already injected) must not change when it ends.
        if replaySource != nil, clock == .host { return tasks.isEmpty && timers.isEmpty && jobs.isEmpty && !replayMainQueueDue }
        return tasks.isEmpty && timers.isEmpty && jobs.isEmpty && mailbox.isEmpty && ownMainQueue.isEmpty
            && !(ownsMainThread && (MainThread.mainQueueHasWork || MainThread.outstandingJobs.load(ordering: .acquiring) > 0))
    }

    /// Closes every handle, runs libuv until they are gone and closes the libuv loop: its
    /// descriptors are released now, whoever still holds the loop. Pending tasks, timers,
    /// job completions and observers are dropped (with the closures, so a closure that
    /// captured the loop no longer keeps it alive); later posts return false. Closing twice
    /// does nothing.
    /// - Throws: ``LibUVError`` if `uv_loop_close` fails; ``LoopError/reentrantRun(operation:)``
    ///   from inside a callback; ``LoopError/wrongThread(operation:owner:caller:)`` off the
    ///   loop's thread.
    public func close() throws {
        try verifyOwnerThread("close()")
        if state == .running { throw LoopError.reentrantRun(operation: "close()") }
        closeNow()
        if let status = loopCloseStatus { try uvCheck(status, "uv_loop_close") }
    }

    private func closeNow() {
        guard state != .closed else { return }
        state = .closed
        mailbox.close()
        if ownsMainThread {
            MainThread.release(self)
            ownsMainThread = false
        }
        if isOwnerThreadCurrent, RunningLoop.current?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() {
            RunningLoop.current = nil
        }
        deferredWork.removeAll()
        heldMainActorJobs.removeAll()
        ownMainQueue.removeAll()
        if let scheduler = dispatchScheduler {
            scheduler.close()
            if isOwnerThreadCurrent, SchedulerSlot.installed === scheduler { SchedulerSlot.set(nil) }
            dispatchScheduler = nil
        }
        closeRunLoopTimers()
        for job in jobs.values { job.cancelled.set() }
        jobs.removeAll()
        tasks.removeAll()
        timers = TimerQueue()
        // Observers go too: their closures often capture whatever owns the loop, and that
        // cycle would otherwise keep it (and everything it holds) alive after the close.
        for index in observers.indices { observers[index].removeAll() }
        trace.closeStream()
        for closer in streamClosers.values { closer() }
        streamClosers.removeAll()
        for raw in openHandles {
            let handle = raw.assumingMemoryBound(to: uv_handle_t.self)
            if uv_is_closing(handle) == 0 { uv_close(handle, closeCallback) }
        }
        openHandles.removeAll()
        // Runs only the close callbacks: nothing else is active any more.
        _ = uv_run(uvLoop, UV_RUN_DEFAULT)
        let status = uv_loop_close(uvLoop)
        loopCloseStatus = status
        // A loop that libuv refuses to close still owns memory libuv points into: keep it.
        if status == 0 {
            UnsafeMutableRawPointer(uvLoop).deallocate()
        }
    }

    private func drive(_ goal: RunRequest.Goal, _ operation: @autoclosure () -> String, maxTurns: Int,
                       maxTime: UInt64?) throws {
        try verifyOwnerThread(operation())
        guard maxTurns >= 0 else {
            throw LoopError.invalidArgument("\(operation()): maxTurns must not be negative, got \(maxTurns)")
        }
        switch state {
        case .closed: throw LoopError.closed(operation: operation())
        case .running: throw LoopError.reentrantRun(operation: operation())
        case .ready: break
        }
        state = .running
        runFailure = nil
        activeRun = RunRequest(goal: goal, maxTurns: maxTurns, maxTime: maxTime,
                               startTurn: turn, startNs: clock == .host ? readClock() : nowNs)
        let previousLoop = RunningLoop.current
        RunningLoop.current = Unmanaged.passUnretained(self)
        defer {
            RunningLoop.current = previousLoop
            activeRun = nil
            if state == .running { state = .ready }
        }
        switch clock {
        case .host: if replaySource != nil { replayDrive() } else { try hostDrive() }
        case .virtual: virtualDrive()
        }
        if let failure = runFailure { throw failure }
    }

    // MARK: The turn

    /// A turn; on the virtual clock of the app that runs Dispatch on its loop, with the
    /// platform clocks standing still for the turn (``StillClock``), so that a deadline
    /// computed from `DispatchTime.now()` or a `Timer`'s fire date reaches the loop as the
    /// delay the code asked for, however loaded the machine.
    /// A host-clock run that is recorded or replayed (the only host runs with a
    /// scheduler) stands them still too: a delay computed from two readings of the
    /// platform clock, as `Task.sleep` computes one, is then the delay the code asked for
    /// in the recording and in its replay alike. The loop's own readings bypass it
    /// (``RealClock``).
    private func runTurn() {
        if dispatchScheduler != nil {
            StillClock.during { runTurnBody() }
        } else {
            runTurnBody()
        }
    }

    /// Runs app code outside a turn (a launch) as a turn runs it: on the virtual clock of
    /// the app that runs Dispatch on its loop, with the platform clocks standing still.
    package func asInATurn(_ body: () throws -> Void) rethrows {
        guard dispatchScheduler != nil else { return try body() }
        var failure: (any Error)?
        StillClock.during {
            do { try body() } catch { failure = error }
        }
        if let failure { try { throw failure }() }
    }

    private func runTurnBody() {
        if recorder != nil || replaySource != nil, turn > 0 { checkpoint(turn) }
        storedTurn &+= 1
        storedIsBeforeCommitPoint = true
        notify(.beforeTimers)
        runTimers(before: timers.nextSequence)
        notify(.afterTimers)
        runTasks()
        storedIsBeforeCommitPoint = false
        notify(.beforeWaiting)
    }

    /// Phase 1: timers due by `now` that were scheduled before this phase began.
    private func runTimers(before sequenceLimit: UInt64) {
        // A host-clock recording notes each timer it fires, before the timer runs (what the
        // timer reads is recorded after it); the replay fires a timer where the recording
        // has that note, earliest first, and nowhere else: a deadline computed from a real
        // clock reading can land a hair either side of the turn's recorded read.
        let replaying = clock == .host ? replaySource : nil
        let recording = clock == .host ? recorder : nil
        while true {
            let entry: TimerQueue.Entry
            if let replaying {
                let fires: Bool
                do { fires = try replaying.timersFired(turn: turn) > 0 } catch {
                    replayFailed(error)
                    return
                }
                guard fires else { break }
                guard let next = timers.peek(), next.sequence < sequenceLimit else {
                    replayFailed(LoopError.replayDiverged("turn \(turn): the recording fired a timer here; the replay has none to fire"))
                    return
                }
                entry = next
            } else {
                guard let next = timers.peek(), next.deadline <= nowNs, next.sequence < sequenceLimit else { break }
                entry = next
                recording?.timersFired(1, turn: turn)
            }
            switch timers.take(entry, now: max(nowNs, entry.deadline)) {
            case .once(let body, let label), .repeating(let body, _, let label):
                if let label { record(label: label, event: "timer") }
                body()
            case .job(let id):
                if ownsMainThread, let item = deferredWork.removeValue(forKey: id) { SchedulerSlot.bypassing { workers.submit(item) } }
                // Its turn has come: if the real work is late, wait here, in order.
                if let job = jobs[id], job.result == nil { waitForResult(of: id) }
                deliverVirtualResult(of: id)
            case .empty:
                break
            }
        }
    }

    /// Phase 2: tasks queued before the phase began, then the mailbox: worker results,
    /// then posts, each in arrival order.
    private func runTasks() {
        if !tasks.isEmpty {
            // Tasks queued from here on land in the emptied `tasks`: the next turn's.
            swap(&tasks, &runningTasks)
            for task in runningTasks { task.body() }
            runningTasks.removeAll(keepingCapacity: true)
        }
        drainMailbox(runNow: true)
        // The main dispatch queue, on the main thread's loop: after the posted tasks,
        // before the commit (README, "The loop turn").
        if ownsMainThread { drainMainQueue() }
    }

    private func drainMailbox(runNow: Bool) {
        // The clock is tested first: it is a constant, while the replay source and the
        // recorder are settable and checked for exclusive access at each read, and most
        // turns of a virtual-clock loop find the mailbox empty.
        if clock == .host, let replaySource {
            replayMailbox(replaySource)
            return
        }
        guard !mailbox.isEmpty else { return }
        mailbox.takeAll(tasks: &postedBuffer, results: &resultBuffer)
        if clock == .host, let recorder, !(postedBuffer.isEmpty && resultBuffer.isEmpty) {
            arrivalBuffer.removeAll(keepingCapacity: true)
            for result in resultBuffer { arrivalBuffer.append(.job(result.id, arrival: result.arrival)) }
            for posted in postedBuffer { arrivalBuffer.append(.post(poster: posted.poster, sequence: posted.sequence)) }
            recorder.arrivals(turn: turn, arrivalBuffer)
            for result in resultBuffer {
                guard case .success(let value) = result.result else { continue }
                // The description is written only for a result without JSON.
                let json = jobs[result.id]?.codec?.encode(value)
                recorder.jobResult(result.id, json: json, description: json == nil ? String(describing: value) : "")
            }
        }
        while let result = resultBuffer.popFirst() {
            receive(result.result, of: result.id, arrival: result.arrival, runNow: runNow)
        }
        guard !postedBuffer.isEmpty else { return }
        for posted in postedBuffer {
            if runNow { posted.body() } else { tasks.append(LoopTask(body: posted.body)) }
        }
        postedBuffer.removeAll(keepingCapacity: true)
    }

    private func receive(_ result: Result<any Sendable, any Error>, of id: UInt64, arrival: UInt64, runNow: Bool) {
        switch clock {
        case .virtual:
            // Delivered when the virtual clock reaches the job's deadline.
            jobs[id]?.result = result
        case .host:
            guard let job = jobs.removeValue(forKey: id) else { return }
            let deliver = { [self] in
                record(label: job.label, event: Self.completionEvent(result), detail: "arrivedTurn=\(turn) arrival=\(arrival)")
                job.completion(result)
            }
            if runNow { deliver() } else { tasks.append(LoopTask(body: deliver)) }
        }
    }

    private func deliverVirtualResult(of id: UInt64) {
        guard let job = jobs.removeValue(forKey: id), let result = job.result else { return }
        record(label: job.label, event: Self.completionEvent(result))
        job.completion(result)
    }

    private static func completionEvent(_ result: Result<any Sendable, any Error>) -> String {
        if case .success = result { return "jobComplete" }
        return "jobFail"
    }

    /// The virtual clock reached a job whose real work is unfinished: wait in libuv for the
    /// mailbox bell, with virtual time standing still.
    private func waitForResult(of id: UInt64) {
        drainMailbox(runNow: false)
        while let job = jobs[id], job.result == nil {
            _ = uv_run(uvLoop, UV_RUN_ONCE)
            drainMailbox(runNow: false)
        }
    }

    private func notify(_ phase: LoopPhase) {
        let list = observers[phase.index]
        guard !list.isEmpty else { return }
        // One observer (an app's commit): nothing can have removed it before it runs.
        if list.count == 1 {
            list[0].body()
            return
        }
        for observer in list where observers[phase.index].contains(where: { $0.id == observer.id }) {
            observer.body()
        }
    }

    // MARK: Host clock

    private func hostDrive() throws {
        try uvCheck(uv_prepare_start(prepareHandle, prepareCallback), "uv_prepare_start")
        try uvCheck(uv_check_start(checkHandle, checkCallback), "uv_check_start")
        defer {
            uv_prepare_stop(prepareHandle)
            uv_check_stop(checkHandle)
            uv_idle_stop(idleHandle)
            uv_timer_stop(wakeHandle)
            idleRunning = false
        }
        _ = uv_run(uvLoop, UV_RUN_DEFAULT)
    }

    /// Called from the prepare callback: one whole turn, then the shape of the next poll.
    func hostTurn() {
        guard let request = activeRun, !request.stopRequested else { return }
        nowNs = readClock()
        runTurn()
        guard let request = activeRun, !request.stopRequested else { return }
        if case .untilIdle = request.goal, isIdle {
            finish()
            return
        }
        if let recorder, case .untilIdle = request.goal, isIdleButForMailbox { recorder.wentOnForMail(after: turn) }
        // The clock is read for a time budget only: a read is an input a recording keeps.
        if let failure = budgetFailure(request, at: request.maxTime == nil ? nowNs : readClock()) {
            runFailure = failure
            finish()
            return
        }
        armWake()
    }

    /// Replay: the host loop's turns back to back, each on its recorded clock reads, with
    /// the same reads and checks in the same order as ``hostTurn()`` and the check
    /// callback make them, and no waiting.
    private func replayDrive() {
        while let request = activeRun, !request.stopRequested {
            nowNs = readClock()
            guard runFailure == nil else { return }
            runTurn()
            guard let request = activeRun, !request.stopRequested else { return }
            if case .untilIdle = request.goal {
                // The recording says where its run went on only for what had reached its
                // mailbox: the replay's arrivals come from the file, so it cannot see that.
                let wentOn: Bool
                do { wentOn = try replaySource?.wentOnForMail(after: turn) ?? false } catch {
                    replayFailed(error)
                    return
                }
                if isIdle, !wentOn { return }
            }
            if let failure = budgetFailure(request, at: request.maxTime == nil ? nowNs : readClock()) {
                if runFailure == nil { runFailure = failure }
                return
            }
            guard runFailure == nil else { return }
            notify(.afterWaiting)
        }
    }

    /// Called from the check callback, after the poll.
    func hostAfterWaiting() {
        guard let request = activeRun, !request.stopRequested else { return }
        notify(.afterWaiting)
    }

    private func finish() {
        activeRun?.stopRequested = true
        uv_stop(uvLoop)
    }

    /// Lets the poll return at once while tasks are queued or a timer is due, and
    /// otherwise at the next deadline, rounded up to libuv's millisecond.
    private func armWake() {
        let current = RealClock.monotonicNanoseconds() &- origin
        var next = timers.nextDeadline()
        // A time budget ends the run at its limit even when nothing is due before it (a
        // timer scheduled centuries ahead, a job that never returns): wake then to fail,
        // as the virtual clock does, instead of sleeping past the budget.
        if let request = activeRun, let maxTime = request.maxTime {
            let limit = Self.saturatingSum(Self.saturatingSum(request.startNs, maxTime), 1)
            next = min(next ?? .max, limit)
        }
        if !tasks.isEmpty || (next.map { $0 <= current } ?? false) {
            if !idleRunning {
                uv_idle_start(idleHandle, idleCallback)
                idleRunning = true
            }
            return
        }
        if idleRunning {
            uv_idle_stop(idleHandle)
            idleRunning = false
        }
        if let next {
            // Rounded up without overflow: a deadline near the end of the clock's range
            // (a timer scheduled after Duration.seconds(Int64.max)) must not trap here.
            let remaining = next - current
            let milliseconds = remaining / 1_000_000 + (remaining % 1_000_000 == 0 ? 0 : 1)
            uv_update_time(uvLoop)
            uv_timer_start(wakeHandle, wakeCallback, milliseconds, 0)
        } else {
            uv_timer_stop(wakeHandle)
        }
    }

    // MARK: Virtual clock

    private func virtualDrive() {
        while let request = activeRun, !request.stopRequested {
            if let failure = budgetFailure(request, at: nowNs) {
                runFailure = failure
                return
            }
            runTurn()
            guard let request = activeRun, !request.stopRequested else { return }
            // The wait: nothing sleeps; the clock jumps to the next deadline. Worker results
            // that arrived meanwhile only become ready here: when they arrive must not
            // change the turns, or the trace would depend on thread timing.
            drainMailbox(runNow: false)
            if !tasks.isEmpty || !ownMainQueue.isEmpty {
                notify(.afterWaiting)
                continue
            }
            if let next = timers.nextDeadline() {
                if case .until(let target) = request.goal, next > target {
                    nowNs = max(nowNs, target)
                    return
                }
                if let maxTime = request.maxTime, next > Self.saturatingSum(request.startNs, maxTime) {
                    runFailure = budgetError(request, elapsed: next - request.startNs)
                    return
                }
                nowNs = max(nowNs, next)
                notify(.afterWaiting)
                continue
            }
            switch request.goal {
            case .untilIdle:
                return
            case .until(let target):
                nowNs = max(nowNs, target)
                return
            case .untilStopped:
                // Nothing scheduled: wait for a post from another thread.
                _ = uv_run(uvLoop, UV_RUN_ONCE)
                notify(.afterWaiting)
            }
        }
    }

    // MARK: Budgets and checks

    private func budgetFailure(_ request: RunRequest, at current: UInt64) -> LoopError? {
        let turns = turn &- request.startTurn
        if turns >= UInt64(clamping: request.maxTurns) {
            return budgetError(request, elapsed: current &- request.startNs)
        }
        if clock == .host, let maxTime = request.maxTime, current &- request.startNs > maxTime {
            return budgetError(request, elapsed: current &- request.startNs)
        }
        return nil
    }

    private func budgetError(_ request: RunRequest, elapsed: UInt64) -> LoopError {
        let pending = "\(tasks.count) tasks, \(timers.pendingDescription()), \(jobs.count) jobs"
        return .budgetExceeded(turns: Int(clamping: turn &- request.startTurn),
                               elapsed: .nanoseconds(Int64(clamping: elapsed)), pending: pending)
    }

    /// Throws ``LoopError/wrongThread(operation:owner:caller:)`` unless called on the
    /// loop's thread: the check of every entry point that can throw, for the loop and for
    /// the objects built on it (an app's `settle`).
    /// - Parameter operation: The call being checked, as the error names it.
    @inline(__always)
    public func verifyOwnerThread(_ operation: @autoclosure () -> String) throws {
        // pthread_t is an integer on Linux: a compare, not a call to pthread_equal.
        if owner != pthread_self() { throw wrongThread(operation()) }
    }

    /// The check of the methods that cannot throw: they trap, naming the call and the
    /// loop's thread.
    @inlinable @inline(__always)
    func checkThread(_ operation: StaticString) {
        if !ownerIsCurrent { wrongThreadTrap(operation) }
    }

    private func wrongThread(_ operation: String) -> LoopError {
        .wrongThread(operation: operation, owner: threadDescription(owner, name: ownerName), caller: currentThreadDescription())
    }

    /// Whether the calling thread owns the loop. Not inlinable: libuv and the C library
    /// stay out of the bodies that clients inline (CLibUV is imported implementation-only).
    @usableFromInline var ownerIsCurrent: Bool { owner == pthread_self() }

    @inline(never) @usableFromInline
    func wrongThreadTrap(_ operation: StaticString) -> Never {
        // fatalError, not preconditionFailure: its message survives optimized builds.
        fatalError(wrongThread("\(operation)").description)
    }

    /// `a + b`, stopping at the end of the clock's range instead of wrapping to the past.
    @inline(__always)
    static func saturatingSum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}

/// A queued closure. The wrapper matters: a bare closure stored in a generic container
/// needs a reabstraction thunk, one allocation per `execute`.
struct LoopTask {
    let body: () -> Void
}

extension LoopPhase {
    var index: Int {
        switch self {
        case .afterTimers: 0
        case .beforeWaiting: 1
        case .afterWaiting: 2
        case .beforeTimers: 3
        }
    }
}
