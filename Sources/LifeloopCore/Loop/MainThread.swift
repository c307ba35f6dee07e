@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
@_implementationOnly import CLibUV
import Dispatch
import Foundation
import Glibc
import Synchronization

// libdispatch's run-loop integration on Linux (what Foundation's RunLoop uses): the main
// queue rings an eventfd when it has work, and the callback drains it on the main thread.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The process's main thread, and Swift concurrency on it.
///
/// The app whose loop runs on the process's main thread owns it: its loop drains the
/// main dispatch queue (`DispatchQueue.main.async`, and on Linux the main actor's jobs
/// when Lifeloop's executors are not installed) in every turn, right after the posted
/// tasks and before the commit.
///
/// ``installExecutors()`` goes further (Swift 6.3's custom executors): the main actor's
/// jobs and every task's default executor become the owning loop's, so `Task { @MainActor
/// in }`, `await MainActor.run`, `Task.detached` and `Task.sleep` run in the loop's turns,
/// in a deterministic order, and `Task.sleep` sleeps on the loop's clock (virtual time
/// under the virtual clock). Call it first thing in `main`, before any task exists; the
/// `lifeloop` command does.
///
/// Process-wide by nature (a process has one main thread and one main actor): an app on
/// another thread never owns it, and a main-actor hop from its callbacks is diagnosed
/// (`mainActorNotOwned`) and held by that app's loop, never run: not on the wrong thread,
/// and not later in another app.
public enum MainThread {
    /// Whether the calling thread is the process's main thread.
    public static var isCurrent: Bool { Thread.isMainThread }

    /// Whether ``installExecutors()`` ran in this process.
    public static var executorsInstalled: Bool { state.withLock { $0.installed } }

    /// Installs Lifeloop's main and default executors for Swift concurrency.
    /// - Returns: false if they were installed before (a second call does nothing).
    @discardableResult
    public static func installExecutors() -> Bool {
        let first = state.withLock { state -> Bool in
            defer { state.installed = true }
            return !state.installed
        }
        if first { _createExecutors(factory: LifeloopExecutorFactory.self) }
        return first
    }

    // MARK: Ownership

    struct State {
        var installed = false
        /// The loop that owns the main thread, with a poster for other threads.
        var owner: Unmanaged<EventLoop>?
        var poster: LoopPoster?
        /// Whether the owner runs every task on its loop (virtual clock, or a host-clock
        /// recording or replay).
        var serializesTasks = false
        /// Called on an app's loop thread when a main-actor job comes from it while it
        /// does not own the main thread (the app records its diagnostic).
        var notOwned: [ObjectIdentifier: @Sendable () -> Void] = [:]
        /// Whether the owner runs Dispatch on its ``DispatchScheduler`` (virtual clock).
        var schedulerActive = false
    }

    static let state = Locked(State())

    /// Jobs of the default executor running on Dispatch for the main thread's host-clock
    /// app: its loop is not idle while one runs (it may resume the app's tasks).
    static let outstandingJobs = Atomic<Int>(0)

    /// The Dispatch groups the owner's scheduler holds entries of, by address, with their
    /// counts: a leave from another thread reaches the scheduler only for these. Groups
    /// entered on other threads (URLSession's and OperationQueue's own, on libdispatch's
    /// threads) stay libdispatch's alone: posting their leaves would put arrivals in a
    /// recording that its replay, which may not run that code, never repeats.
    private static let trackedGroups = Locked<[UInt: Int]>([:])

    static func trackGroup(_ address: UInt, by delta: Int) {
        trackedGroups.withLock { groups in
            let count = (groups[address] ?? 0) + delta
            groups[address] = count > 0 ? count : nil
        }
    }

    static func tracksGroup(_ address: UInt) -> Bool {
        trackedGroups.withLock { $0[address] != nil }
    }

    static func adopt(_ loop: EventLoop) {
        let poster = loop.makePoster()
        state.withLock { state in
            state.owner = Unmanaged.passUnretained(loop)
            state.poster = poster
        }
    }

    static func release(_ loop: EventLoop) {
        state.withLock { state in
            if state.owner?.toOpaque() == Unmanaged.passUnretained(loop).toOpaque() {
                state.owner = nil
                state.poster = nil
                state.schedulerActive = false
                trackedGroups.withLock { $0.removeAll() }
            }
        }
    }

    static var serializesTasks: Bool { state.withLock { $0.serializesTasks } }

    /// Whether the owner runs Dispatch on its scheduler.
    static var schedulerActive: Bool { state.withLock { $0.schedulerActive } }

    /// Called by the owner when its clock, recorder or replay source is known or changes.
    static func update(_ loop: EventLoop, serializesTasks: Bool) {
        state.withLock { state in
            if state.owner?.toOpaque() == Unmanaged.passUnretained(loop).toOpaque() { state.serializesTasks = serializesTasks }
        }
    }

    static var owner: (loop: Unmanaged<EventLoop>, poster: LoopPoster)? {
        state.withLock { state in state.owner.map { ($0, state.poster!) } }
    }

    /// The main queue's eventfd (libdispatch makes it on first use).
    static let mainQueueDescriptor: Int32 = dispatchMainQueueHandle()

    /// Runs the blocks waiting on the main dispatch queue, calling `before` right before
    /// the first of them runs; false if none ran. The main queue's bell (an eventfd) can
    /// ring for a block that an earlier drain already ran (the enqueuer rings after the
    /// block is in the queue, and the drain may take it first): such a drain runs nothing,
    /// calls no `before`, and so records nothing in a trace or a recording.
    static func drainMainQueue(_ before: () -> Void) -> Bool {
        var count: UInt64 = 0
        let got = read(mainQueueDescriptor, &count, 8)
        guard got == 8 else { return false }
        return withoutActuallyEscaping(before) { before in
            let drain = MainQueueDrain.current
            drain.pendingBefore = before
            drain.blocksRun = 0
            dispatchMainQueueCallback(nil)
            drain.pendingBefore = nil
            return drain.blocksRun > 0
        }
    }

    /// Called on the main thread right before each main-queue block runs (the blocks are
    /// wrapped when they are submitted, see `dispatch_async` below).
    static func mainQueueBlockWillRun() {
        let drain = MainQueueDrain.current
        drain.blocksRun &+= 1
        if let before = drain.pendingBefore {
            drain.pendingBefore = nil
            before()
        }
    }

    /// Whether the main dispatch queue has rung and not been drained.
    static var mainQueueHasWork: Bool {
        var poller = pollfd(fd: mainQueueDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }
}

extension EventLoop {
    /// Makes this loop the owner of the process's main thread (the calling thread must be
    /// it): its turns drain the main dispatch queue and, with Lifeloop's executors
    /// installed, run the main actor's and the default executor's jobs.
    /// - Throws: ``LoopError/invalidArgument(_:)`` off the main thread.
    public func adoptMainThread() throws {
        try verifyOwnerThread("adoptMainThread()")
        guard MainThread.isCurrent else {
            throw LoopError.invalidArgument("adoptMainThread(): this loop runs on another thread than the process's main thread; only an app on the main thread can own the main queue and the main actor")
        }
        MainThread.adopt(self)
        ownsMainThread = true
        updateTaskSerialization()
        if clock == .host { try watchMainQueue() }
    }

    /// Tells the executors whether tasks must run on this loop (see ``MainThread``).
    func updateTaskSerialization() {
        guard ownsMainThread else { return }
        let serial = clock == .virtual || recorder != nil || replaySource != nil
        MainThread.update(self, serializesTasks: serial)
        // Dispatch goes the same way: on the loop under the virtual clock, and while a
        // host-clock run is recorded or replayed (so that only what the recording keeps
        // arrives at real times).
        if serial, dispatchScheduler == nil, isOwnerThreadCurrent {
            let scheduler = DispatchScheduler(loop: self)
            scheduler.cost = dispatchCost
            scheduler.diagnose = onDispatchDiagnostic
            dispatchScheduler = scheduler
            SchedulerSlot.set(scheduler)
            MainThread.state.withLock { $0.schedulerActive = true }
        }
    }

    /// Runs a job of Swift concurrency; under the virtual clock, or in a recorded or
    /// replayed host-clock run, with the monotonic clocks standing still on this thread
    /// (``StillClock``), so a sleep's delay is exact.
    func runConcurrencyJob(_ body: () -> Void) {
        if clock == .virtual || dispatchScheduler != nil { StillClock.during(body) } else { body() }
    }

    /// Whether the calling thread is this loop's.
    var isOwnerThreadCurrent: Bool { pthread_equal(owner, pthread_self()) != 0 }

    /// Whether the calling thread is this loop's: for modules of this package that are
    /// called on any thread and must choose between running here and posting.
    package var isLoopThreadCurrent: Bool { isOwnerThreadCurrent }

    /// Whether this loop owns the process's main thread (``adoptMainThread()``).
    package var ownsProcessMainThread: Bool { ownsMainThread }

    /// Whether Dispatch blocks submitted from this loop's thread run on its scheduler (then
    /// URLSession's own queue hops run there too, in order, after the current job).
    package var runsDispatch: Bool { dispatchScheduler != nil }

    /// Wakes the host-clock loop when the main dispatch queue rings.
    func watchMainQueue() throws {
        let handle = UnsafeMutablePointer<uv_poll_t>.allocate(capacity: 1)
        UnsafeMutableRawPointer(handle).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<uv_poll_t>.size)
        try uvCheck(uv_poll_init(uvLoop, handle, MainThread.mainQueueDescriptor), "uv_poll_init")
        registerHandle(attach(handle, to: self))
        // The callback does nothing: waking the loop is enough, the turn drains the queue.
        try uvCheck(uv_poll_start(handle, Int32(UV_READABLE.rawValue)) { _, _, _ in }, "uv_poll_start")
    }

    /// Runs a job of Swift concurrency in this turn's task phase (or, from another thread,
    /// as a post).
    func enqueueConcurrencyJob(_ run: @escaping () -> Void, from poster: LoopPoster) {
        if isOwnerThreadCurrent {
            execute(run)
        } else {
            let box = UncheckedBox(run)
            poster.post { box.value() }
        }
    }
}

/// The loop running on the current thread, if any (a pthread key: per thread).
enum RunningLoop {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: Unmanaged<EventLoop>? {
        get { pthread_getspecific(key).map { Unmanaged<EventLoop>.fromOpaque($0) } }
        set { pthread_setspecific(key, newValue?.toOpaque()) }
    }
}

extension EventLoop {
    /// A main-actor job from the thread of a loop that does not own the main thread: the
    /// loop reports it and holds the job, which never runs (on the real main thread it
    /// would run outside this app's loop, perhaps while another app owns it). False when
    /// the current thread runs no such loop.
    static func holdIfNotOwned(_ job: UnownedJob) -> Bool {
        guard let loop = RunningLoop.current?.takeUnretainedValue(), !loop.ownsMainThread else { return false }
        loop.onMainActorNotOwned?()
        loop.heldMainActorJobs.append(job)
        return true
    }
}

/// Carries a closure to the loop's thread, which alone runs it.
final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: Executors

struct LifeloopExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { LoopMainExecutor.shared }
    static var defaultExecutor: any TaskExecutor { LoopDefaultExecutor.shared }
}

/// The delay of a sleep on the loop's clock. Under the virtual clock a sleep's deadline
/// (computed by Swift from the real clock a moment before it reaches the executor) is
/// taken to the next whole millisecond, so sleeps of whole milliseconds are exact.
func loopDelay(_ delay: some DurationProtocol, virtual: Bool) -> Duration {
    guard let duration = delay as? Duration else { return .zero }
    let nanoseconds = max(0, duration.nanosecondsClamped)
    guard virtual else { return .nanoseconds(nanoseconds) }
    // Rounded up without overflow at the clamp's end.
    let milliseconds = nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1)
    return .milliseconds(milliseconds)
}

// MARK: A still clock inside the loop's jobs (virtual time)

private typealias ClockGettime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
/// libc's own `clock_gettime`, under this process's.
private let systemClockGettime: ClockGettime? = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "clock_gettime")
    .map { unsafeBitCast($0, to: ClockGettime.self) }

/// The monotonic clock as libc reads it, past ``StillClock``: the loop's own readings
/// (libuv's `uv_hrtime` would go through the exported `clock_gettime`).
enum RealClock {
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        if let systemClockGettime {
            _ = systemClockGettime(CLOCK_MONOTONIC, &time)
        } else {
            return uv_hrtime()
        }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// While the main thread's loop runs a job of Swift concurrency under the virtual clock
/// (or in a host-clock run that is recorded or replayed),
/// the monotonic clocks stand still on that thread: `Task.sleep(for:)` computes its
/// deadline from `ContinuousClock.now` a moment before the executor reads the clock again,
/// and with both reads the same, the sleep's duration reaches the loop exactly, however
/// loaded the machine. Per thread (a pthread key), off everywhere else.
enum StillClock {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { $0?.deallocate() }
        return key
    }()

    /// The clocks that stand still: three monotonic ones and the real-time clock (which
    /// `Date()` and, through `gettimeofday`, `CFAbsoluteTimeGetCurrent()` read), then a count
    /// of readings (in the last slot's seconds).
    private static let clockCount = 4

    /// Runs `body` with the clocks standing still on this thread (each clock at its first
    /// reading inside `body`).
    static func during(_ body: () -> Void) {
        // Within a still period already (a launch inside a scenario's turn), the clocks keep
        // the readings they have: a nested period would restart them at the time now.
        if pthread_getspecific(key) != nil { return body() }
        _ = hookedEntries
        let state = UnsafeMutablePointer<timespec>.allocate(capacity: clockCount + 1)
        state.initialize(repeating: timespec(tv_sec: -1, tv_nsec: 0), count: clockCount)
        (state + clockCount).initialize(to: timespec(tv_sec: 0, tv_nsec: 0))
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, state)
        body()
        pthread_setspecific(key, previous)
        state.deallocate()
    }

    /// The entries of the runtime's libraries for `clock_gettime` and `gettimeofday` (Swift
    /// concurrency's clocks, `DispatchTime.now()`, `Date()`), pointed at this process's
    /// functions once, before the first still job: each library calls glibc's versioned
    /// symbol through its own entry, which a definition in the executable does not take over.
    /// Elsewhere than a still job those functions answer glibc's, so nothing else changes.
    static let hookedEntries: Int32 = {
        let clock: @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32 = lifeloopClockGettime
        let timeOfDay: @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32 = lifeloopGetTimeOfDay
        let names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("clock_gettime")), UnsafePointer(strdup("gettimeofday"))]
        let replacements: [UnsafeMutableRawPointer?] = [unsafeBitCast(clock, to: UnsafeMutableRawPointer.self),
                                                       unsafeBitCast(timeOfDay, to: UnsafeMutableRawPointer.self)]
        defer { names.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return lifeloop_hook_functions(names, replacements, Int32(names.count))
    }()

    /// Whether the clocks stand still on this thread now.
    static var isActive: Bool { pthread_getspecific(key) != nil }

    /// Readings after which the clocks move again within one job: code that waits on the
    /// real clock by reading it in a loop must not wait forever.
    static let maxStillReadings = 10_000

    /// The slot for a clock while standing still, else nil.
    static func slot(_ clock: clockid_t) -> UnsafeMutablePointer<timespec>? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let count = raw.assumingMemoryBound(to: timespec.self) + clockCount
        count.pointee.tv_sec += 1
        if count.pointee.tv_sec > maxStillReadings { return nil }
        let index: Int
        switch clock {
        case CLOCK_MONOTONIC: index = 0
        case CLOCK_BOOTTIME: index = 1
        case CLOCK_MONOTONIC_RAW: index = 2
        case CLOCK_REALTIME: index = 3
        default: return nil
        }
        return raw.assumingMemoryBound(to: timespec.self) + index
    }
}

/// `clock_gettime`: libc's, except for the monotonic and real-time clocks on a thread
/// inside `StillClock/during(_:)`, which answer their first reading there again.
@_cdecl("clock_gettime")
public func lifeloopClockGettime(_ clock: clockid_t, _ time: UnsafeMutablePointer<timespec>?) -> Int32 {
    guard let systemClockGettime else { return -1 }
    guard let time, let slot = StillClock.slot(clock) else { return systemClockGettime(clock, time) }
    if slot.pointee.tv_sec < 0 {
        let status = systemClockGettime(clock, slot)
        guard status == 0 else { return status }
    }
    time.pointee = slot.pointee
    return 0
}

private typealias GetTimeOfDay = @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32
/// libc's own `gettimeofday`, under this process's.
private let systemGetTimeOfDay: GetTimeOfDay? = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "gettimeofday")
    .map { unsafeBitCast($0, to: GetTimeOfDay.self) }

/// `gettimeofday` (what `CFAbsoluteTimeGetCurrent()`, and so a `Timer`'s fire date, reads):
/// libc's, except inside `StillClock/during(_:)`, where it answers the real-time clock's
/// still reading, as `Date()` does.
@_cdecl("gettimeofday")
public func lifeloopGetTimeOfDay(_ time: UnsafeMutablePointer<timeval>?, _ zone: UnsafeMutableRawPointer?) -> Int32 {
    guard let systemGetTimeOfDay else { return -1 }
    guard let time, zone == nil, StillClock.isActive else { return systemGetTimeOfDay(time, zone) }
    var now = timespec()
    let status = lifeloopClockGettime(CLOCK_REALTIME, &now)
    guard status == 0 else { return status }
    time.pointee = timeval(tv_sec: now.tv_sec, tv_usec: now.tv_nsec / 1000)
    return 0
}

/// The drain of the main queue in progress on the main thread: read and written only
/// there (main-queue blocks run on the main thread alone).
final class MainQueueDrain: @unchecked Sendable {
    // @unchecked: confined to the process's main thread, where main-queue blocks run.
    var pendingBefore: (() -> Void)?
    var blocksRun = 0

    static let current = MainQueueDrain()
}

/// With no app owning the main thread: the job goes to `executor` after `delay` of real
/// time, as the platform's executors would do it.
private func enqueueAfter(_ job: UnownedJob, _ delay: some DurationProtocol, on queue: DispatchQueue, into executor: any Executor) {
    let work = UncheckedBox(job)
    let wait = loopDelay(delay, virtual: false)
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(wait.nanosecondsClamped))) { executor.enqueue(ExecutorJob(work.value)) }
}

/// The main actor's executor: the owning loop's turns.
final class LoopMainExecutor: MainExecutor, SchedulingExecutor, @unchecked Sendable {
    static let shared = LoopMainExecutor()
    private let platform = PlatformExecutorFactory.mainExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        // A hop from an app on another thread: said, and held by that app's loop.
        if EventLoop.holdIfNotOwned(unowned) { return }
        guard let (loop, poster) = MainThread.owner else {
            platform.enqueue(ExecutorJob(unowned))
            return
        }
        let executor = asUnownedSerialExecutor()
        let target = loop.takeUnretainedValue()
        target.enqueueConcurrencyJob({ [unowned target] in
            target.record(label: "mainActor", event: "job")
            target.runConcurrencyJob { unowned.runSynchronously(on: executor) }
        }, from: poster)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        if EventLoop.holdIfNotOwned(unowned) { return }
        guard let (loop, poster) = MainThread.owner else {
            enqueueAfter(unowned, delay, on: .main, into: platform)
            return
        }
        let executor = asUnownedSerialExecutor()
        let target = loop.takeUnretainedValue()
        let wait = loopDelay(delay, virtual: target.clock == .virtual)
        target.enqueueConcurrencyJob({ [unowned target] in
            _ = target.schedule(after: wait) { [unowned target] in
                target.record(label: "mainActor", event: "wake")
                target.runConcurrencyJob { unowned.runSynchronously(on: executor) }
            }
        }, from: poster)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    func run() throws {
        guard let (loop, _) = MainThread.owner else { return try platform.run() }
        try loop.takeUnretainedValue().run()
    }

    func stop() {
        guard let (loop, _) = MainThread.owner else { return platform.stop() }
        loop.takeUnretainedValue().stop()
    }

    func isIsolatingCurrentContext() -> Bool? { MainThread.isCurrent }

    func checkIsolated() {
        precondition(MainThread.isCurrent, "Lifeloop: main-actor code ran off the process's main thread")
    }
}

/// Every task's default executor: the owning loop's turns under the virtual clock (so
/// unstructured tasks run in a deterministic order); Dispatch's global executor otherwise.
final class LoopDefaultExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    static let shared = LoopDefaultExecutor()
    private let platform = PlatformExecutorFactory.defaultExecutor

    /// The owner, when tasks must run on its loop: the virtual clock, or a host-clock run
    /// that is being recorded or replayed (then tasks give up their parallelism, so that
    /// nothing but worker results, posts of the app's own threads and the main queue can
    /// arrive at real times, and those are recorded).
    private func deterministicOwner() -> (Unmanaged<EventLoop>, LoopPoster)? {
        guard let owner = MainThread.owner, MainThread.serializesTasks else { return nil }
        return owner
    }

    private let queue = DispatchQueue(label: "lifeloop.tasks", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        // Started inside an async worker job's work: it stays on the workers (the loop
        // may be waiting for that job).
        if WorkerContext.isActive {
            WorkerTaskExecutor.shared.enqueue(ExecutorJob(unowned))
            return
        }
        guard let (loop, poster) = deterministicOwner() else {
            guard let (_, poster) = MainThread.owner else {
                platform.enqueue(ExecutorJob(unowned))
                return
            }
            // The host-clock app on the main thread: real parallelism, counted, so that a
            // settle does not call the app idle while a task still runs.
            let executor = asUnownedTaskExecutor()
            MainThread.outstandingJobs.add(1, ordering: .acquiringAndReleasing)
            queue.async {
                unowned.runSynchronously(on: executor)
                if MainThread.outstandingJobs.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                    // Wakes the loop to look again (a bell, not a post: nothing to record).
                    poster.wake()
                }
            }
            return
        }
        let executor = asUnownedTaskExecutor()
        let target = loop.takeUnretainedValue()
        target.enqueueConcurrencyJob({ [unowned target] in target.runConcurrencyJob { unowned.runSynchronously(on: executor) } }, from: poster)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        if WorkerContext.isActive {
            WorkerTaskExecutor.shared.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
            return
        }
        let unowned = UnownedJob(job)
        guard let (loop, poster) = MainThread.owner else {
            enqueueAfter(unowned, delay, on: .global(), into: platform)
            return
        }
        let executor = asUnownedTaskExecutor()
        let target = loop.takeUnretainedValue()
        let wait = loopDelay(delay, virtual: target.clock == .virtual)
        let serial = MainThread.serializesTasks
        target.enqueueConcurrencyJob({ [unowned target] in
            _ = target.schedule(after: wait) {
                // Parallel (host): back through this executor, counted, so the loop stays
                // busy while it runs.
                if serial { target.runConcurrencyJob { unowned.runSynchronously(on: executor) } } else { LoopDefaultExecutor.shared.enqueue(ExecutorJob(unowned)) }
            }
        }, from: poster)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }
}
