import Dispatch
import Glibc

/// Dispatch under the virtual clock, for the app that owns the process's main thread.
///
/// Every block the app submits from its loop's thread (its callbacks, and blocks that
/// already run here) to a global queue or a queue of its own runs as a job of this
/// scheduler, on the loop's thread, one at a time, at a virtual instant: its queue's
/// earliest free instant plus the cost the scenario gives that queue's label (zero by
/// default). Serial queues (and serial target queues) stay serial in virtual time;
/// barriers wait for the queue's earlier blocks and hold back later ones. What a block
/// posts to the main queue lands in that turn's main-queue drain. `sync`, group and
/// semaphore waits run the queue's earlier blocks first (virtual time passes as the
/// waiting code would have waited), so nothing blocks the loop's thread.
final class DispatchScheduler {
    unowned(unsafe) let loop: EventLoop

    /// The cost of a block on a queue with this label (the scenario's `queue:LABEL`).
    var cost: ((String) -> Duration)?
    /// Reports a misuse: kind (a diagnostic's name), label, message.
    var diagnose: ((String, String, String) -> Void)?
    /// While above zero, the loop's thread uses libdispatch's own functions (Lifeloop's
    /// own use of Dispatch).
    var bypass = 0

    struct Entry {
        let queue: OpaquePointer
        let label: String
        let deadline: UInt64
        let serialChain: [UInt]
        let barrier: Bool
        let kind: String
        let work: () -> Void
        var timer: TimerHandle?
    }

    /// Blocks waiting for their instant, by id (ids grow with submission).
    private var pending: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 0
    /// Per serial queue: the virtual instant its last block ends.
    private var serialFree: [UInt: UInt64] = [:]
    /// Per concurrent queue: when all its blocks so far end, and when its last barrier ends.
    private var concurrentEnds: [UInt: (all: UInt64, barrier: UInt64)] = [:]

    /// A queue whose block runs now on this thread (innermost last).
    struct Frame {
        let queue: UInt
        let serialChain: [UInt]
    }
    private(set) var frames: [Frame] = []
    /// Whether the running code started from this scheduler's timer (then the main queue is
    /// free, as it is while a background block runs on another thread); loop callbacks and
    /// main-queue blocks hold the main queue.
    private var mainFree = false

    struct Group {
        var count = 0
        var notifications: [(queue: OpaquePointer, work: () -> Void)] = []
    }
    private var groups: [UInt: Group] = [:]

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Queue facts and serial chains, by queue address, while no queue is made or
    /// retargeted anywhere in the process.
    private var factsCache: [UInt: (facts: DispatchObjects.QueueFacts, chain: [UInt])] = [:]
    private var cacheGeneration: UInt64 = .max

    private func factsAndChain(_ queue: OpaquePointer) -> (facts: DispatchObjects.QueueFacts, chain: [UInt]) {
        let generation = DispatchObjects.generation.load(ordering: .acquiring)
        if generation != cacheGeneration {
            factsCache.removeAll(keepingCapacity: true)
            cacheGeneration = generation
        }
        let address = UInt(bitPattern: UnsafeRawPointer(queue))
        if let cached = factsCache[address] { return cached }
        let facts = DispatchObjects.facts(queue)
        let found = (facts, serialChain(of: queue, facts: facts))
        factsCache[address] = found
        return found
    }

    /// Drops every waiting block (the loop is closing): none runs.
    func close() {
        for entry in pending.values {
            if let timer = entry.timer { _ = loop.cancel(timer) }
            LibDispatch.release(entry.queue)
        }
        pending.removeAll()
        groups.removeAll()
    }

    var pendingCount: Int { pending.count }

    // MARK: Submitting

    private func serialChain(of queue: OpaquePointer, facts: DispatchObjects.QueueFacts) -> [UInt] {
        var chain: [UInt] = facts.serial ? [UInt(bitPattern: UnsafeRawPointer(queue))] : []
        var target = facts.target
        var hops = 0
        while target != 0, hops < 64, let pointer = OpaquePointer(bitPattern: target) {
            let next = DispatchObjects.facts(pointer)
            if LibDispatch.rootQueues.contains(target) { break }
            if next.serial { chain.append(target) }
            target = next.target
            hops += 1
        }
        return chain
    }

    /// Schedules `work` on `queue` (not the main queue) after `delay` nanoseconds.
    func submit(_ queue: OpaquePointer, delay: UInt64 = 0, barrier: Bool = false, kind: String, _ work: @escaping () -> Void) {
        let (facts, chain) = factsAndChain(queue)
        let address = UInt(bitPattern: UnsafeRawPointer(queue))
        let costNs = cost.map { UInt64(max(0, $0(facts.label).nanosecondsClamped)) } ?? 0
        var start = EventLoop.saturatingSum(loop.nowNs, delay)
        for member in chain { start = max(start, serialFree[member] ?? 0) }
        if !facts.serial {
            let ends = concurrentEnds[address] ?? (0, 0)
            start = max(start, barrier ? max(ends.all, ends.barrier) : ends.barrier)
        }
        let end = EventLoop.saturatingSum(start, costNs)
        for member in chain { serialFree[member] = end }
        if !facts.serial {
            var ends = concurrentEnds[address] ?? (0, 0)
            ends.all = max(ends.all, end)
            if barrier { ends.barrier = end }
            concurrentEnds[address] = ends
        }
        LibDispatch.retain(queue)
        let id = nextID
        nextID += 1
        var entry = Entry(queue: queue, label: facts.label, deadline: end, serialChain: chain, barrier: barrier, kind: kind, work: work)
        entry.timer = loop.schedule(at: LoopInstant(nanoseconds: end)) { [unowned(unsafe) self] in self.runFromTimer(id) }
        pending[id] = entry
    }

    /// Sends `work` to the main queue now (it runs in this turn's drain, or the next's).
    func submitMain(_ work: @escaping () -> Void) {
        lifeloopDispatchAsync(OpaquePointer(bitPattern: LibDispatch.mainQueue)) { work() }
    }

    /// Sends `work` to `queue`, the main queue included.
    func submitAnywhere(_ queue: OpaquePointer, kind: String, _ work: @escaping () -> Void) {
        if UInt(bitPattern: UnsafeRawPointer(queue)) == LibDispatch.mainQueue { submitMain(work) } else { submit(queue, kind: kind, work) }
    }

    // MARK: Running

    private func runFromTimer(_ id: UInt64) {
        let saved = (frames, mainFree)
        frames = []
        mainFree = true
        run(id)
        (frames, mainFree) = saved
    }

    private func run(_ id: UInt64) {
        guard let entry = pending.removeValue(forKey: id) else { return }
        loop.record(label: entry.label, event: "dispatch", detail: entry.kind)
        frames.append(Frame(queue: UInt(bitPattern: UnsafeRawPointer(entry.queue)), serialChain: entry.serialChain))
        entry.work()
        frames.removeLast()
        LibDispatch.release(entry.queue)
    }

    /// Runs a waiting block now, ahead of its timer: virtual time moves on to its instant
    /// first (the waiting code waited that long).
    private func runEarly(_ id: UInt64) {
        guard let entry = pending[id] else { return }
        if let timer = entry.timer { _ = loop.cancel(timer) }
        if entry.deadline > loop.nowNs { loop.consume(.nanoseconds(Int64(clamping: entry.deadline - loop.nowNs))) }
        run(id)
    }

    /// The earliest waiting block (by instant, then submission) matching `filter`.
    private func earliest(where filter: (Entry) -> Bool) -> UInt64? {
        var best: (id: UInt64, deadline: UInt64)?
        for (id, entry) in pending where filter(entry) {
            if let current = best, (current.deadline, current.id) < (entry.deadline, id) { continue }
            best = (id, entry.deadline)
        }
        return best?.id
    }

    // MARK: The current queue

    /// Whether the main queue is held by the running code (a `sync` onto it would deadlock).
    private var mainHeld: Bool { !mainFree || frames.contains { $0.queue == LibDispatch.mainQueue } }

    /// Whether code runs now on `queue` (or on a queue that targets it).
    func isCurrent(_ queue: OpaquePointer) -> Bool {
        let address = UInt(bitPattern: UnsafeRawPointer(queue))
        if address == LibDispatch.mainQueue { return mainHeld }
        return frames.contains { $0.queue == address || $0.serialChain.contains(address) }
    }

    /// The innermost queue whose block runs now, if one of this scheduler's does.
    var currentQueue: OpaquePointer? { frames.last.flatMap { OpaquePointer(bitPattern: $0.queue) } }

    // MARK: sync

    /// `dispatch_sync` (and the barrier form): runs the queue's earlier blocks that this
    /// one must wait for, then `work`, here. A `sync` onto a serial queue the running code
    /// already holds would deadlock in libdispatch: it is a diagnostic, and `work` does not
    /// run.
    func sync(_ queue: OpaquePointer, barrier: Bool, _ work: () -> Void) {
        let address = UInt(bitPattern: UnsafeRawPointer(queue))
        if address == LibDispatch.mainQueue {
            if mainHeld {
                diagnose?("dispatchDeadlock", "main", "DispatchQueue.main.sync from code that runs on the main queue (a callback or a main-queue block): libdispatch would deadlock here; the block did not run")
                return
            }
            frames.append(Frame(queue: address, serialChain: [address]))
            work()
            frames.removeLast()
            return
        }
        let (facts, chain) = factsAndChain(queue)
        if let held = chain.first(where: { member in frames.contains { $0.serialChain.contains(member) } }) {
            let heldLabel = OpaquePointer(bitPattern: held).map(LibDispatch.label) ?? facts.label
            diagnose?("dispatchDeadlock", facts.label, "sync onto '\(facts.label)' from a block that already runs on serial queue '\(heldLabel)': libdispatch would deadlock here; the block did not run")
            return
        }
        // Earlier blocks this one waits for: on its serial chain; on a concurrent queue,
        // its barriers (every block, for a barrier).
        let concurrent = !facts.serial
        while let id = earliest(where: { entry in
            if chain.contains(where: { entry.serialChain.contains($0) }) { return true }
            guard concurrent, UInt(bitPattern: UnsafeRawPointer(entry.queue)) == address else { return false }
            return barrier || entry.barrier
        }) {
            runEarly(id)
        }
        for member in chain { serialFree[member] = max(serialFree[member] ?? 0, loop.nowNs) }
        loop.record(label: facts.label, event: "dispatch", detail: barrier ? "barrierSync" : "sync")
        frames.append(Frame(queue: address, serialChain: chain))
        work()
        frames.removeLast()
    }

    // MARK: Groups

    func enter(_ group: OpaquePointer) {
        let address = UInt(bitPattern: UnsafeRawPointer(group))
        groups[address, default: Group()].count += 1
        MainThread.trackGroup(address, by: 1)
    }

    /// Returns false when the group was not entered here (the caller leaves it in
    /// libdispatch only).
    @discardableResult
    func leave(_ group: OpaquePointer) -> Bool {
        let address = UInt(bitPattern: UnsafeRawPointer(group))
        guard var state = groups[address], state.count > 0 else { return false }
        state.count -= 1
        MainThread.trackGroup(address, by: -1)
        if state.count == 0 {
            groups[address] = nil
            for notification in state.notifications {
                submitAnywhere(notification.queue, kind: "notify", notification.work)
                LibDispatch.release(notification.queue)
            }
        } else {
            groups[address] = state
        }
        return true
    }

    func isTracked(_ group: OpaquePointer) -> Bool {
        (groups[UInt(bitPattern: UnsafeRawPointer(group))]?.count ?? 0) > 0
    }

    /// `notify`: `work` goes to `queue` once the group's count is back to zero (now, if it
    /// is).
    func notify(_ group: OpaquePointer, queue: OpaquePointer, _ work: @escaping () -> Void) {
        let address = UInt(bitPattern: UnsafeRawPointer(group))
        guard var state = groups[address], state.count > 0 else {
            submitAnywhere(queue, kind: "notify", work)
            return
        }
        LibDispatch.retain(queue)
        state.notifications.append((queue, work))
        groups[address] = state
    }

    // MARK: Waits

    /// A wait on the loop's thread (a group's or a semaphore's): runs waiting blocks in
    /// their order until `done()` holds, moving virtual time on as it goes, up to
    /// `timeout` nanoseconds of it (nil: forever). Returns whether `done()` held. When no
    /// block is left to run and it still does not, nothing on this thread could make it
    /// hold: a diagnostic, and the wait returns as timed out (after `timeout`, when it has
    /// one), never a hang.
    func wait(what: String, timeout: UInt64?, _ done: () -> Bool) -> Bool {
        let limit = timeout.map { EventLoop.saturatingSum(loop.nowNs, $0) }
        while !done() {
            guard let id = earliest(where: { _ in true }) else {
                if let limit {
                    if limit > loop.nowNs { loop.consume(.nanoseconds(Int64(clamping: limit - loop.nowNs))) }
                } else {
                    diagnose?("blockingWait", what, "\(what).wait() with nothing left that could end it under the virtual clock (the work it waits for is not a block on a queue: a thread of the app's own, a real-time source, or the loop itself): the wait returned as timed out instead of blocking the app's loop forever")
                }
                return false
            }
            if let limit, pending[id]!.deadline > limit {
                if limit > loop.nowNs { loop.consume(.nanoseconds(Int64(clamping: limit - loop.nowNs))) }
                return done()
            }
            runEarly(id)
        }
        return true
    }
}

/// The scheduler of the loop running on this thread, when it takes over Dispatch (the
/// main thread's app, virtual clock), and Lifeloop is not using Dispatch itself.
enum SchedulerSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func set(_ scheduler: DispatchScheduler?) {
        pthread_setspecific(key, scheduler.map { Unmanaged.passUnretained($0).toOpaque() })
    }

    /// The scheduler, or nil if none or bypassed.
    @inline(__always) static var active: DispatchScheduler? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let scheduler = Unmanaged<DispatchScheduler>.fromOpaque(raw).takeUnretainedValue()
        return scheduler.bypass == 0 ? scheduler : nil
    }

    static var installed: DispatchScheduler? {
        pthread_getspecific(key).map { Unmanaged<DispatchScheduler>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with libdispatch's own functions on this thread (Lifeloop's own use).
    static func bypassing<T>(_ body: () throws -> T) rethrows -> T {
        guard let scheduler = installed else { return try body() }
        scheduler.bypass += 1
        defer { scheduler.bypass -= 1 }
        return try body()
    }
}
