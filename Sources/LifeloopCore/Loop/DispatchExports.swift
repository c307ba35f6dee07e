import Dispatch
import Glibc

// Dispatch's C entry points, exported by every executable that links Lifeloop: Dispatch's
// Swift overlay and Foundation call them by name, so these run first. Each one is
// libdispatch's own except in two places:
// - the main queue, on every thread: its blocks are wrapped so the loop draining it knows
//   when one really runs, and its delayed blocks wait on the owning loop's timers;
// - the loop's thread of the app that owns the main thread under the virtual clock (and
//   the blocks that run there): blocks for every other queue become jobs of that loop's
//   ``DispatchScheduler``.
// Every other thread, and every process without such an app, gets libdispatch's own.

@inline(__always) private func address(_ object: OpaquePointer?) -> UInt {
    object.map { UInt(bitPattern: UnsafeRawPointer($0)) } ?? 0
}

/// A `dispatch_time_t` as nanoseconds from now on the monotonic clock; nil for "forever"
/// or a wall-clock time.
private func nanosecondsFromNow(_ when: UInt64) -> UInt64? {
    if when == DispatchTime.distantFuture.rawValue || when >> 63 != 0 { return nil }
    let now = DispatchTime.now().rawValue
    return when > now ? when - now : 0
}

/// A delay as the scheduler takes it: to the next whole millisecond, as sleeps are (the
/// caller computed its deadline from the real clock a moment ago).
private func virtualDelay(_ nanoseconds: UInt64) -> UInt64 {
    UInt64(loopDelay(Duration.nanoseconds(Int64(clamping: nanoseconds)), virtual: true).nanosecondsClamped)
}

// MARK: async

/// `dispatch_async`, which `DispatchQueue.async` calls.
@_cdecl("dispatch_async")
public func lifeloopDispatchAsync(_ queue: OpaquePointer?, _ block: @escaping @convention(block) () -> Void) {
    if address(queue) == LibDispatch.mainQueue {
        if let scheduler = SchedulerSlot.active {
            scheduler.loop.ownMainQueue.append { block() }
            return
        }
        LibDispatch.async(queue) {
            MainThread.mainQueueBlockWillRun()
            block()
        }
        return
    }
    if let queue, let scheduler = SchedulerSlot.active {
        scheduler.submit(queue, kind: "async") { block() }
        return
    }
    LibDispatch.async(queue, block)
}

/// `dispatch_async_f`, as ``lifeloopDispatchAsync(_:_:)``.
@_cdecl("dispatch_async_f")
public func lifeloopDispatchAsyncF(_ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                   _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    let contextAddress = UInt(bitPattern: context)
    if address(queue) == LibDispatch.mainQueue {
        if let scheduler = SchedulerSlot.active {
            scheduler.loop.ownMainQueue.append { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
            return
        }
        LibDispatch.async(queue) {
            MainThread.mainQueueBlockWillRun()
            work(UnsafeMutableRawPointer(bitPattern: contextAddress))
        }
        return
    }
    if let queue, let scheduler = SchedulerSlot.active {
        scheduler.submit(queue, kind: "async") { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
        return
    }
    LibDispatch.asyncF(queue, context, work)
}

/// `dispatch_barrier_async`: on the scheduler, a barrier in virtual time.
@_cdecl("dispatch_barrier_async")
public func lifeloopDispatchBarrierAsync(_ queue: OpaquePointer?, _ block: @escaping @convention(block) () -> Void) {
    if address(queue) == LibDispatch.mainQueue {
        lifeloopDispatchAsync(queue, block)
        return
    }
    if let queue, let scheduler = SchedulerSlot.active {
        scheduler.submit(queue, barrier: true, kind: "barrier") { block() }
        return
    }
    LibDispatch.barrierAsync(queue, block)
}

/// `dispatch_barrier_async_f`, as ``lifeloopDispatchBarrierAsync(_:_:)``.
@_cdecl("dispatch_barrier_async_f")
public func lifeloopDispatchBarrierAsyncF(_ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                          _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    let contextAddress = UInt(bitPattern: context)
    if address(queue) == LibDispatch.mainQueue || SchedulerSlot.active != nil {
        lifeloopDispatchBarrierAsync(queue) { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
        return
    }
    LibDispatch.barrierAsyncF(queue, context, work)
}

// MARK: after

/// `dispatch_after`, which `DispatchQueue.asyncAfter(deadline:)` calls. The main queue of
/// the app that owns the main thread: its delayed blocks wait on a loop timer (virtual
/// time, to the next whole millisecond as sleeps do; or host time, where a settle then
/// knows they are pending) and then join the main queue, drained in that turn. Other
/// queues, on the scheduler: a job after that virtual delay.
@_cdecl("dispatch_after")
public func lifeloopDispatchAfter(_ when: UInt64, _ queue: OpaquePointer?, _ block: @escaping @convention(block) () -> Void) {
    // Wall-clock deadlines (the high bit) and "forever" keep Dispatch's own timers.
    if address(queue) == LibDispatch.mainQueue, let delay = nanosecondsFromNow(when), let (loop, poster) = MainThread.owner {
        let target = loop.takeUnretainedValue()
        let wait = loopDelay(Duration.nanoseconds(Int64(clamping: delay)), virtual: target.clock == .virtual)
        // A Swift closure around the block: generic metadata over a block type is not
        // available without Objective-C.
        let work = UncheckedBox<() -> Void>({ block() })
        target.enqueueConcurrencyJob({ [unowned target] in
            _ = target.schedule(after: wait) {
                target.record(label: "mainQueue", event: "asyncAfter")
                let block = work.value
                lifeloopDispatchAsync(OpaquePointer(bitPattern: LibDispatch.mainQueue)) { block() }
            }
        }, from: poster)
        return
    }
    if let queue, address(queue) != LibDispatch.mainQueue, let scheduler = SchedulerSlot.active {
        if let delay = nanosecondsFromNow(when) {
            scheduler.submit(queue, delay: virtualDelay(delay), kind: "after") { block() }
        } else {
            scheduler.diagnose?("realTime", LibDispatch.label(queue), "asyncAfter with a wall-clock deadline or none: it keeps libdispatch's own timer, on real time")
            LibDispatch.after(when, queue, block)
        }
        return
    }
    LibDispatch.after(when, queue, block)
}

/// `dispatch_after_f`, as ``lifeloopDispatchAfter(_:_:_:)``.
@_cdecl("dispatch_after_f")
public func lifeloopDispatchAfterF(_ when: UInt64, _ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                   _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    let contextAddress = UInt(bitPattern: context)
    if address(queue) == LibDispatch.mainQueue || SchedulerSlot.active != nil {
        lifeloopDispatchAfter(when, queue) { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
        return
    }
    LibDispatch.afterF(when, queue, context, work)
}

// MARK: Groups

/// `dispatch_group_enter`: libdispatch's count, and the scheduler's.
@_cdecl("dispatch_group_enter")
public func lifeloopDispatchGroupEnter(_ group: OpaquePointer?) {
    LibDispatch.groupEnter(group)
    if let group, let scheduler = SchedulerSlot.active { scheduler.enter(group) }
}

/// `dispatch_group_leave`: libdispatch's count, and the scheduler's; a leave from another
/// thread reaches the scheduler as a post.
@_cdecl("dispatch_group_leave")
public func lifeloopDispatchGroupLeave(_ group: OpaquePointer?) {
    guard let group else { return LibDispatch.groupLeave(group) }
    if let scheduler = SchedulerSlot.active {
        scheduler.leave(group)
        LibDispatch.groupLeave(group)
        return
    }
    LibDispatch.groupLeave(group)
    if SchedulerSlot.installed == nil, MainThread.schedulerActive, MainThread.tracksGroup(address(group)),
       let (_, poster) = MainThread.owner {
        LibDispatch.retain(group)
        let groupAddress = address(group)
        _ = poster.post {
            let group = OpaquePointer(bitPattern: groupAddress)!
            SchedulerSlot.installed?.leave(group)
            LibDispatch.release(group)
        }
    }
}

/// `dispatch_group_async`: enter, the block on its queue, leave.
@_cdecl("dispatch_group_async")
public func lifeloopDispatchGroupAsync(_ group: OpaquePointer?, _ queue: OpaquePointer?,
                                       _ block: @escaping @convention(block) () -> Void) {
    guard let group, let queue, SchedulerSlot.active != nil else {
        if address(queue) == LibDispatch.mainQueue, let group {
            // The main queue's blocks are wrapped: enter, the block, leave.
            lifeloopDispatchGroupEnter(group)
            let groupAddress = address(group)
            lifeloopDispatchAsync(queue) {
                block()
                lifeloopDispatchGroupLeave(OpaquePointer(bitPattern: groupAddress))
            }
            return
        }
        return LibDispatch.groupAsync(group, queue, block)
    }
    lifeloopDispatchGroupEnter(group)
    let groupAddress = address(group)
    LibDispatch.retain(group)
    let run: () -> Void = {
        block()
        let group = OpaquePointer(bitPattern: groupAddress)
        lifeloopDispatchGroupLeave(group)
        LibDispatch.release(group)
    }
    SchedulerSlot.active!.submitAnywhere(queue, kind: "groupAsync", run)
}

/// `dispatch_group_async_f`, as ``lifeloopDispatchGroupAsync(_:_:_:)``.
@_cdecl("dispatch_group_async_f")
public func lifeloopDispatchGroupAsyncF(_ group: OpaquePointer?, _ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                        _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    let contextAddress = UInt(bitPattern: context)
    lifeloopDispatchGroupAsync(group, queue) { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
}

/// `dispatch_group_notify`: on the scheduler, the block goes to its queue when the
/// group's count is back to zero, at that virtual instant.
@_cdecl("dispatch_group_notify")
public func lifeloopDispatchGroupNotify(_ group: OpaquePointer?, _ queue: OpaquePointer?,
                                        _ block: @escaping @convention(block) () -> Void) {
    guard let group, let queue, let scheduler = SchedulerSlot.active else {
        return LibDispatch.groupNotify(group, queue, block)
    }
    if scheduler.isTracked(group) || LibDispatch.groupWait(group, 0) == 0 {
        scheduler.notify(group, queue: queue) { block() }
    } else {
        // Entered only by threads of the app's own: libdispatch tells when it is done.
        scheduler.diagnose?("realTime", LibDispatch.label(queue), "DispatchGroup.notify on a group entered only outside the app's loop: it fires on real time")
        LibDispatch.groupNotify(group, queue, block)
    }
}

/// `dispatch_group_notify_f`, as ``lifeloopDispatchGroupNotify(_:_:_:)``.
@_cdecl("dispatch_group_notify_f")
public func lifeloopDispatchGroupNotifyF(_ group: OpaquePointer?, _ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                         _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    let contextAddress = UInt(bitPattern: context)
    lifeloopDispatchGroupNotify(group, queue) { work(UnsafeMutableRawPointer(bitPattern: contextAddress)) }
}

/// `dispatch_group_wait`: on the scheduler, runs the waiting blocks until the group is
/// done (virtual time passes), never blocking the loop's thread.
@_cdecl("dispatch_group_wait")
public func lifeloopDispatchGroupWait(_ group: OpaquePointer?, _ timeout: UInt64) -> Int {
    guard let group, let scheduler = SchedulerSlot.active, scheduler.isTracked(group) else {
        return LibDispatch.groupWait(group, timeout)
    }
    let limit: UInt64? = timeout == DispatchTime.distantFuture.rawValue ? nil : (nanosecondsFromNow(timeout) ?? 0)
    let done = scheduler.wait(what: "DispatchGroup", timeout: limit) { !scheduler.isTracked(group) }
    return done ? LibDispatch.groupWait(group, 0) : 1
}

// MARK: Semaphores

/// `dispatch_semaphore_wait`: on the scheduler, runs the waiting blocks until the
/// semaphore can be taken (virtual time passes), never blocking the loop's thread.
@_cdecl("dispatch_semaphore_wait")
public func lifeloopDispatchSemaphoreWait(_ semaphore: OpaquePointer?, _ timeout: UInt64) -> Int {
    guard let scheduler = SchedulerSlot.active else { return LibDispatch.semaphoreWait(semaphore, timeout) }
    if LibDispatch.semaphoreWait(semaphore, 0) == 0 { return 0 }
    let limit: UInt64? = timeout == DispatchTime.distantFuture.rawValue ? nil : (nanosecondsFromNow(timeout) ?? 0)
    let done = scheduler.wait(what: "DispatchSemaphore", timeout: limit) { LibDispatch.semaphoreWait(semaphore, 0) == 0 }
    return done ? 0 : 1
}

// MARK: sync

/// `dispatch_sync`: on the scheduler, the queue's earlier blocks first, then this one, on
/// the loop's thread; a sync that would deadlock is a diagnostic.
@_cdecl("dispatch_sync")
public func lifeloopDispatchSync(_ queue: OpaquePointer?, _ block: @convention(block) () -> Void) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.sync(queue, block) }
    scheduler.sync(queue, barrier: false) { block() }
}

/// `dispatch_sync_f`, as ``lifeloopDispatchSync(_:_:)``.
@_cdecl("dispatch_sync_f")
public func lifeloopDispatchSyncF(_ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                  _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.syncF(queue, context, work) }
    scheduler.sync(queue, barrier: false) { work(context) }
}

/// `dispatch_barrier_sync`, as ``lifeloopDispatchSync(_:_:)``, waiting for every earlier
/// block of the queue.
@_cdecl("dispatch_barrier_sync")
public func lifeloopDispatchBarrierSync(_ queue: OpaquePointer?, _ block: @convention(block) () -> Void) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.barrierSync(queue, block) }
    scheduler.sync(queue, barrier: true) { block() }
}

/// `dispatch_barrier_sync_f`, as ``lifeloopDispatchBarrierSync(_:_:)``.
@_cdecl("dispatch_barrier_sync_f")
public func lifeloopDispatchBarrierSyncF(_ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                         _ work: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.barrierSyncF(queue, context, work) }
    scheduler.sync(queue, barrier: true) { work(context) }
}

/// `dispatch_apply` (`DispatchQueue.concurrentPerform`): on the scheduler, the iterations
/// in order, on the loop's thread.
@_cdecl("dispatch_apply")
public func lifeloopDispatchApply(_ iterations: Int, _ queue: OpaquePointer?, _ block: @convention(block) (Int) -> Void) {
    guard SchedulerSlot.active != nil else { return LibDispatch.apply(iterations, queue, block) }
    for index in 0..<max(0, iterations) { block(index) }
}

/// `dispatch_apply_f`, as ``lifeloopDispatchApply(_:_:_:)``.
@_cdecl("dispatch_apply_f")
public func lifeloopDispatchApplyF(_ iterations: Int, _ queue: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                   _ work: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void) {
    guard SchedulerSlot.active != nil else { return LibDispatch.applyF(iterations, queue, context, work) }
    for index in 0..<max(0, iterations) { work(context, index) }
}

// MARK: The current queue

/// `dispatch_get_specific`: inside a scheduler's block, the value its queue (or a queue
/// it targets) holds for `key`.
@_cdecl("dispatch_get_specific")
public func lifeloopDispatchGetSpecific(_ key: UnsafeRawPointer?) -> UnsafeMutableRawPointer? {
    guard let scheduler = SchedulerSlot.active, var queue = scheduler.currentQueue else { return LibDispatch.getSpecific(key) }
    for _ in 0..<64 {
        if let value = LibDispatch.queueGetSpecific(queue, key) { return value }
        let target = DispatchObjects.facts(queue).target
        guard target != 0, let next = OpaquePointer(bitPattern: target) else { return nil }
        queue = next
    }
    return nil
}

private func assertionFailure(_ queue: OpaquePointer?, expected: Bool) -> Never {
    let label = LibDispatch.label(queue)
    fatalError("BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was \(expected ? "" : "not ")expected to execute on queue [\(label)]")
}

/// `dispatch_assert_queue` (`dispatchPrecondition(condition: .onQueue(q))`), answered by
/// the scheduler for the code it runs.
@_cdecl("dispatch_assert_queue")
public func lifeloopDispatchAssertQueue(_ queue: OpaquePointer?) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.assertQueue(queue) }
    if !scheduler.isCurrent(queue) { assertionFailure(queue, expected: true) }
}

/// `dispatch_assert_queue_barrier`, as ``lifeloopDispatchAssertQueue(_:)`` (the scheduler
/// runs one block at a time).
@_cdecl("dispatch_assert_queue_barrier")
public func lifeloopDispatchAssertQueueBarrier(_ queue: OpaquePointer?) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.assertQueueBarrier(queue) }
    if !scheduler.isCurrent(queue) { assertionFailure(queue, expected: true) }
}

/// `dispatch_assert_queue_not`, answered by the scheduler for the code it runs.
@_cdecl("dispatch_assert_queue_not")
public func lifeloopDispatchAssertQueueNot(_ queue: OpaquePointer?) {
    guard let queue, let scheduler = SchedulerSlot.active else { return LibDispatch.assertQueueNot(queue) }
    if scheduler.isCurrent(queue) { assertionFailure(queue, expected: false) }
}

// MARK: Queues and attributes

/// `dispatch_queue_create`: libdispatch's, noting whether the queue is serial.
@_cdecl("dispatch_queue_create")
public func lifeloopDispatchQueueCreate(_ label: UnsafePointer<CChar>?, _ attribute: OpaquePointer?) -> OpaquePointer? {
    let queue = LibDispatch.queueCreate(label, attribute)
    DispatchObjects.queueMade(queue, attribute: attribute, target: nil)
    return queue
}

/// `dispatch_queue_create_with_target`: libdispatch's, noting whether the queue is serial
/// and its target.
@_cdecl("dispatch_queue_create_with_target")
public func lifeloopDispatchQueueCreateWithTarget(_ label: UnsafePointer<CChar>?, _ attribute: OpaquePointer?,
                                                  _ target: OpaquePointer?) -> OpaquePointer? {
    let queue = LibDispatch.queueCreateWithTarget(label, attribute, target)
    DispatchObjects.queueMade(queue, attribute: attribute, target: target)
    return queue
}

/// `dispatch_set_target_queue`: libdispatch's, noting the new target.
@_cdecl("dispatch_set_target_queue")
public func lifeloopDispatchSetTargetQueue(_ object: OpaquePointer?, _ queue: OpaquePointer?) {
    LibDispatch.setTargetQueue(object, queue)
    DispatchObjects.targetChanged(object, to: queue)
}

/// `dispatch_queue_attr_make_with_qos_class`: libdispatch's, noting concurrency.
@_cdecl("dispatch_queue_attr_make_with_qos_class")
public func lifeloopDispatchAttrWithQoS(_ attribute: OpaquePointer?, _ qos: UInt32, _ priority: Int32) -> OpaquePointer? {
    let made = LibDispatch.attrWithQoS(attribute, qos, priority)
    DispatchObjects.attribute(made, from: attribute)
    return made
}

/// `dispatch_queue_attr_make_initially_inactive`: libdispatch's, noting concurrency.
@_cdecl("dispatch_queue_attr_make_initially_inactive")
public func lifeloopDispatchAttrInactive(_ attribute: OpaquePointer?) -> OpaquePointer? {
    let made = LibDispatch.attrInactive(attribute)
    DispatchObjects.attribute(made, from: attribute)
    return made
}

/// `dispatch_queue_attr_make_with_autorelease_frequency`: libdispatch's, noting
/// concurrency.
@_cdecl("dispatch_queue_attr_make_with_autorelease_frequency")
public func lifeloopDispatchAttrFrequency(_ attribute: OpaquePointer?, _ frequency: UInt) -> OpaquePointer? {
    let made = LibDispatch.attrFrequency(attribute, frequency)
    DispatchObjects.attribute(made, from: attribute)
    return made
}

/// `dispatch_source_create`: libdispatch's; on the scheduler a diagnostic says that the
/// source runs on real time (timers, descriptors, signals).
@_cdecl("dispatch_source_create")
public func lifeloopDispatchSourceCreate(_ type: OpaquePointer?, _ handle: UInt, _ mask: UInt, _ queue: OpaquePointer?) -> OpaquePointer? {
    if let scheduler = SchedulerSlot.active {
        scheduler.diagnose?("realTime", queue.map(LibDispatch.label) ?? "DispatchSource",
                            "a DispatchSource (timer, descriptor or signal) runs on real time, outside the virtual clock: its handler runs on libdispatch's threads at real instants")
    }
    return LibDispatch.sourceCreate(type, handle, mask, queue)
}
