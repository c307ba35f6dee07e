import Dispatch
import Glibc
import Synchronization

// libdispatch's own entry points, under the ones this process exports (DispatchExports.swift),
// and what Lifeloop knows about the queues and attributes libdispatch made.

/// The entry point this process's own `name` stands in front of: a sanitizer's
/// interceptor when the executable has one (ThreadSanitizer's keeps its happens-before
/// edges through Dispatch), else libdispatch's own (the next definition after ours).
func libdispatchEntry(_ name: String) -> UnsafeMutableRawPointer? {
    for interceptor in ["___interceptor_" + name, "__interceptor_" + name] {
        if let found = dlsym(nil, interceptor) { return found }
    }
    return dlsym(UnsafeMutableRawPointer(bitPattern: -1), name)
}

/// libdispatch's (or a sanitizer's) own function `name`, as `type`; a clear stop if the
/// process has no Dispatch, which cannot happen in a Swift program on Linux.
func systemFunction<F>(_ name: String, as type: F.Type) -> F {
    guard let found = libdispatchEntry(name) else {
        fatalError("Lifeloop: libdispatch's own \(name) was not found (dlsym); Dispatch is not loaded as expected")
    }
    return unsafeBitCast(found, to: type)
}

typealias DispatchBlock = @convention(block) () -> Void
typealias DispatchFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
typealias DispatchApplyBlock = @convention(block) (Int) -> Void

/// libdispatch's own entry points, for Lifeloop's own use and for calls Lifeloop does not
/// take over.
enum LibDispatch {
    typealias Async = @convention(c) (OpaquePointer?, @escaping DispatchBlock) -> Void
    typealias AsyncF = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, DispatchFunction) -> Void
    typealias After = @convention(c) (UInt64, OpaquePointer?, @escaping DispatchBlock) -> Void
    typealias AfterF = @convention(c) (UInt64, OpaquePointer?, UnsafeMutableRawPointer?, DispatchFunction) -> Void
    typealias GroupAsync = @convention(c) (OpaquePointer?, OpaquePointer?, @escaping DispatchBlock) -> Void
    typealias GroupAsyncF = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?, DispatchFunction) -> Void
    typealias ObjectCall = @convention(c) (OpaquePointer?) -> Void
    typealias Wait = @convention(c) (OpaquePointer?, UInt64) -> Int
    typealias Sync = @convention(c) (OpaquePointer?, DispatchBlock) -> Void
    typealias SyncF = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, DispatchFunction) -> Void
    typealias QueueCreate = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?) -> OpaquePointer?
    typealias QueueCreateWithTarget = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias SetTarget = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias AttrQoS = @convention(c) (OpaquePointer?, UInt32, Int32) -> OpaquePointer?
    typealias AttrUnary = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias AttrFrequency = @convention(c) (OpaquePointer?, UInt) -> OpaquePointer?
    typealias GetSpecific = @convention(c) (UnsafeRawPointer?) -> UnsafeMutableRawPointer?
    typealias QueueGetSpecific = @convention(c) (OpaquePointer?, UnsafeRawPointer?) -> UnsafeMutableRawPointer?
    typealias QueueLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Apply = @convention(c) (Int, OpaquePointer?, DispatchApplyBlock) -> Void
    typealias ApplyF = @convention(c) (Int, OpaquePointer?, UnsafeMutableRawPointer?, @convention(c) (UnsafeMutableRawPointer?, Int) -> Void) -> Void
    typealias SourceCreate = @convention(c) (OpaquePointer?, UInt, UInt, OpaquePointer?) -> OpaquePointer?
    typealias GlobalQueue = @convention(c) (Int, UInt) -> OpaquePointer?

    static let async = systemFunction("dispatch_async", as: Async.self)
    static let asyncF = systemFunction("dispatch_async_f", as: AsyncF.self)
    static let after = systemFunction("dispatch_after", as: After.self)
    static let afterF = systemFunction("dispatch_after_f", as: AfterF.self)
    static let barrierAsync = systemFunction("dispatch_barrier_async", as: Async.self)
    static let barrierAsyncF = systemFunction("dispatch_barrier_async_f", as: AsyncF.self)
    static let groupAsync = systemFunction("dispatch_group_async", as: GroupAsync.self)
    static let groupAsyncF = systemFunction("dispatch_group_async_f", as: GroupAsyncF.self)
    static let groupEnter = systemFunction("dispatch_group_enter", as: ObjectCall.self)
    static let groupLeave = systemFunction("dispatch_group_leave", as: ObjectCall.self)
    static let groupNotify = systemFunction("dispatch_group_notify", as: GroupAsync.self)
    static let groupNotifyF = systemFunction("dispatch_group_notify_f", as: GroupAsyncF.self)
    static let groupWait = systemFunction("dispatch_group_wait", as: Wait.self)
    static let semaphoreWait = systemFunction("dispatch_semaphore_wait", as: Wait.self)
    static let sync = systemFunction("dispatch_sync", as: Sync.self)
    static let syncF = systemFunction("dispatch_sync_f", as: SyncF.self)
    static let barrierSync = systemFunction("dispatch_barrier_sync", as: Sync.self)
    static let barrierSyncF = systemFunction("dispatch_barrier_sync_f", as: SyncF.self)
    static let queueCreate = systemFunction("dispatch_queue_create", as: QueueCreate.self)
    static let queueCreateWithTarget = systemFunction("dispatch_queue_create_with_target", as: QueueCreateWithTarget.self)
    static let setTargetQueue = systemFunction("dispatch_set_target_queue", as: SetTarget.self)
    static let attrWithQoS = systemFunction("dispatch_queue_attr_make_with_qos_class", as: AttrQoS.self)
    static let attrInactive = systemFunction("dispatch_queue_attr_make_initially_inactive", as: AttrUnary.self)
    static let attrFrequency = systemFunction("dispatch_queue_attr_make_with_autorelease_frequency", as: AttrFrequency.self)
    static let getSpecific = systemFunction("dispatch_get_specific", as: GetSpecific.self)
    static let queueGetSpecific = systemFunction("dispatch_queue_get_specific", as: QueueGetSpecific.self)
    static let queueLabel = systemFunction("dispatch_queue_get_label", as: QueueLabel.self)
    static let assertQueue = systemFunction("dispatch_assert_queue", as: ObjectCall.self)
    static let assertQueueNot = systemFunction("dispatch_assert_queue_not", as: ObjectCall.self)
    static let assertQueueBarrier = systemFunction("dispatch_assert_queue_barrier", as: ObjectCall.self)
    static let apply = systemFunction("dispatch_apply", as: Apply.self)
    static let applyF = systemFunction("dispatch_apply_f", as: ApplyF.self)
    static let sourceCreate = systemFunction("dispatch_source_create", as: SourceCreate.self)
    static let retain = systemFunction("dispatch_retain", as: ObjectCall.self)
    static let release = systemFunction("dispatch_release", as: ObjectCall.self)
    static let globalQueue = systemFunction("dispatch_get_global_queue", as: GlobalQueue.self)

    /// The main queue's address (a constant).
    static let mainQueue: UInt = dlsym(nil, "_dispatch_main_q").map { UInt(bitPattern: $0) } ?? 0
    /// `DISPATCH_QUEUE_CONCURRENT`'s address.
    static let concurrentAttribute: UInt = dlsym(nil, "_dispatch_queue_attr_concurrent").map { UInt(bitPattern: $0) } ?? 0

    /// The global (root) queues, every quality of service, with and without overcommit.
    static let rootQueues: Set<UInt> = {
        var found = Set<UInt>()
        for identifier in [0x21, 0x19, 0x15, 0x11, 0x09, 0x05, 0x00, 2, 0, -2, -32768] {
            for flags: UInt in [0, 2] {
                if let queue = globalQueue(identifier, flags) { found.insert(UInt(bitPattern: UnsafeRawPointer(queue))) }
            }
        }
        return found
    }()

    /// A queue's label, as libdispatch has it, with memory addresses (as in Foundation's
    /// `NSOperationQueue 0x…` labels) taken out: a trace must not depend on where the
    /// process put an object.
    static func label(_ queue: OpaquePointer?) -> String {
        guard let text = queueLabel(queue) else { return "" }
        return withoutAddresses(String(cString: text))
    }

    static func withoutAddresses(_ label: String) -> String {
        guard label.contains("0x") else { return label }
        var result = ""
        var rest = Substring(label)
        while let range = rest.range(of: "0x") {
            result += rest[..<range.lowerBound]
            var end = range.upperBound
            while end < rest.endIndex, rest[end].isHexDigit { end = rest.index(after: end) }
            if end == range.upperBound { result += "0x" } else { result = String(result.reversed().drop { $0 == " " }.reversed()) }
            rest = rest[end...]
        }
        return result + rest
    }
}

/// What Lifeloop knows about the queues and queue attributes libdispatch made in this
/// process: whether each is serial, its label and its target. These are facts about
/// process-wide libdispatch objects, written where they are made (on any thread) and read
/// by the scheduler of the app that owns the main thread; they hold no app's state.
enum DispatchObjects {
    struct QueueFacts {
        var serial: Bool
        var label: String
        var target: UInt
    }

    private struct State {
        /// Attribute objects seen being made, and whether they make concurrent queues.
        var concurrentAttributes: [UInt: Bool] = [:]
        var queues: [UInt: QueueFacts] = [:]
    }

    private static let state = Locked(State())
    /// Grows with every queue made or retargeted: a scheduler's cache of facts is good
    /// while it stands still (an address can be reused by a new queue).
    static let generation = Atomic<UInt64>(0)
    /// The global queues' facts, made once.
    private static let rootFacts: [UInt: QueueFacts] = {
        var facts: [UInt: QueueFacts] = [:]
        for address in LibDispatch.rootQueues {
            facts[address] = QueueFacts(serial: false, label: LibDispatch.label(OpaquePointer(bitPattern: address)), target: 0)
        }
        return facts
    }()

    static func attribute(_ made: OpaquePointer?, from base: OpaquePointer?) {
        guard let made else { return }
        let concurrent = isConcurrent(base)
        state.withLock { $0.concurrentAttributes[UInt(bitPattern: UnsafeRawPointer(made))] = concurrent }
    }

    static func isConcurrent(_ attribute: OpaquePointer?) -> Bool {
        guard let attribute else { return false }
        let address = UInt(bitPattern: UnsafeRawPointer(attribute))
        if address == LibDispatch.concurrentAttribute { return true }
        return state.withLock { $0.concurrentAttributes[address] } ?? false
    }

    static func queueMade(_ queue: OpaquePointer?, attribute: OpaquePointer?, target: OpaquePointer?) {
        guard let queue else { return }
        let facts = QueueFacts(serial: !isConcurrent(attribute), label: LibDispatch.label(queue),
                               target: target.map { UInt(bitPattern: UnsafeRawPointer($0)) } ?? 0)
        state.withLock { $0.queues[UInt(bitPattern: UnsafeRawPointer(queue))] = facts }
        generation.add(1, ordering: .releasing)
    }

    static func targetChanged(_ object: OpaquePointer?, to target: OpaquePointer?) {
        guard let object else { return }
        let address = UInt(bitPattern: UnsafeRawPointer(object))
        state.withLock { state in
            state.queues[address]?.target = target.map { UInt(bitPattern: UnsafeRawPointer($0)) } ?? 0
        }
        generation.add(1, ordering: .releasing)
    }

    /// A queue's facts: made by a creation Lifeloop saw, a global queue (concurrent), the
    /// main queue (serial), or otherwise taken as serial with libdispatch's label.
    static func facts(_ queue: OpaquePointer) -> QueueFacts {
        let address = UInt(bitPattern: UnsafeRawPointer(queue))
        if let root = rootFacts[address] { return root }
        if let known = state.withLock({ $0.queues[address] }) { return known }
        return QueueFacts(serial: true, label: LibDispatch.label(queue), target: 0)
    }
}
