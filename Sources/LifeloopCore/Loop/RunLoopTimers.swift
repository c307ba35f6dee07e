import Foundation
import Glibc

// Foundation's `Timer` on the main run loop. On Linux a `Timer` is a CoreFoundation timer
// that fires only while a thread runs its CFRunLoop, and the main thread runs the app's
// loop instead: `CFRunLoopAddTimer` (which `Timer.scheduledTimer` and `RunLoop.add` call
// by name) puts timers for the main run loop on the loop's timers, on the loop's clock.

private func coreFoundation<F>(_ name: String, as type: F.Type) -> F? {
    dlsym(UnsafeMutableRawPointer(bitPattern: -1), name).map { unsafeBitCast($0, to: type) }
}

private struct RunLoopTimerContext {
    var version: Int = 0
    var info: UnsafeMutableRawPointer?
    var retain: UnsafeRawPointer?
    var release: UnsafeRawPointer?
    var copyDescription: UnsafeRawPointer?
}

private enum CF {
    typealias AddTimer = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Void
    typealias CreateTimer = @convention(c) (OpaquePointer?, Double, Double, UInt, Int, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer?
    typealias TimerCall = @convention(c) (OpaquePointer?) -> Void
    typealias TimerDouble = @convention(c) (OpaquePointer?) -> Double
    typealias TimerBool = @convention(c) (OpaquePointer?) -> UInt8
    typealias Current = @convention(c) () -> Double
    typealias GetMain = @convention(c) () -> OpaquePointer?
    typealias Retain = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias GetContext = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    static let addTimer = coreFoundation("CFRunLoopAddTimer", as: AddTimer.self)
    static let createTimer = coreFoundation("CFRunLoopTimerCreate", as: CreateTimer.self)
    static let invalidate = coreFoundation("CFRunLoopTimerInvalidate", as: TimerCall.self)
    static let nextFireDate = coreFoundation("CFRunLoopTimerGetNextFireDate", as: TimerDouble.self)
    static let interval = coreFoundation("CFRunLoopTimerGetInterval", as: TimerDouble.self)
    static let isValid = coreFoundation("CFRunLoopTimerIsValid", as: TimerBool.self)
    static let absoluteTime = coreFoundation("CFAbsoluteTimeGetCurrent", as: Current.self)
    static let mainRunLoop = coreFoundation("CFRunLoopGetMain", as: GetMain.self)
    static let retain = coreFoundation("CFRetain", as: Retain.self)
    static let release = coreFoundation("CFRelease", as: TimerCall.self)
    static let context = coreFoundation("CFRunLoopTimerGetContext", as: GetContext.self)
}

/// `CFRunLoopTimerCreate`: CoreFoundation's; on the main thread while an app owns it, the
/// timer's first fire is noted as an instant of the app's loop: its fire date less the
/// clock read right now, rounded up to the millisecond on the virtual clock. (`Timer`
/// computes the fire date from the clock a moment before; reading it again later, when
/// the timer is added, would take in whatever happened in between: a run loop made on
/// first use, a loaded machine.)
@_cdecl("CFRunLoopTimerCreate")
public func lifeloopRunLoopTimerCreate(_ allocator: OpaquePointer?, _ fireDate: Double, _ interval: Double, _ flags: UInt,
                                       _ order: Int, _ callout: UnsafeRawPointer?, _ context: UnsafeMutableRawPointer?) -> OpaquePointer? {
    let readAt = CF.absoluteTime?() ?? 0
    guard let createTimer = CF.createTimer else { return nil }
    let timer = createTimer(allocator, fireDate, interval, flags, order, callout, context)
    if let timer, MainThread.isCurrent, let (owner, _) = MainThread.owner {
        let loop = owner.takeUnretainedValue()
        let seconds = min(max(0, fireDate - readAt), 1e9)
        let delay: Duration
        if loop.clock == .virtual {
            // Up, less a microsecond's slack: the clock is read after the fire date was
            // computed, so a stall between the two only ever shortens `seconds`; rounding to
            // the nearest millisecond turned a stall of half a millisecond on a loaded
            // machine into a timer one millisecond early, and rounding up absorbs stalls of
            // up to 0.99 ms.
            let milliseconds = max(0, (seconds * 1000 - 0.001).rounded(.up))
            let intervalNs = interval > 0 ? Int64(min(interval, 1e9) * 1e9) : 0
            // A timer that first fires one interval from now (`scheduledTimer`,
            // `Timer.publish`) does so exactly: its fire date was the clock plus the
            // interval, read a moment before; a stall of up to 50 ms in between (a loaded
            // machine) still lands on the interval.
            let oneInterval = intervalNs > 0 && seconds <= interval + 0.0005 && seconds > interval - 0.05
            delay = oneInterval ? .nanoseconds(intervalNs) : .milliseconds(Int64(milliseconds))
        } else {
            delay = .nanoseconds(Int64(seconds * 1e9))
        }
        loop.runLoopTimerFirstFires[UInt(bitPattern: UnsafeRawPointer(timer))] = loop.now + delay
    }
    return timer
}

/// `CFRunLoopAddTimer`: a timer for the main run loop, added on the main thread while an
/// app owns it, fires on that app's loop: at the instant noted when it was made (or, for
/// one made elsewhere, its fire date from now), then every interval from there (no
/// drift), until it is invalidated. Any other run loop or thread: CoreFoundation's own.
@_cdecl("CFRunLoopAddTimer")
public func lifeloopRunLoopAddTimer(_ runLoop: OpaquePointer?, _ timer: OpaquePointer?, _ mode: OpaquePointer?) {
    let readAt = CF.absoluteTime?() ?? 0
    guard let timer, MainThread.isCurrent, let (owner, _) = MainThread.owner,
          let mainRunLoop = CF.mainRunLoop, runLoop == mainRunLoop(),
          let nextFireDate = CF.nextFireDate, let intervalOf = CF.interval, let retain = CF.retain else {
        CF.addTimer?(runLoop, timer, mode)
        return
    }
    let loop = owner.takeUnretainedValue()
    let key = UInt(bitPattern: UnsafeRawPointer(timer))
    guard loop.runLoopTimers[key] == nil else { return }
    let interval = intervalOf(timer)
    let intervalNs = interval > 0 ? Int64(min(interval, 1e9) * 1e9) : 0
    let first: LoopInstant
    if let noted = loop.runLoopTimerFirstFires.removeValue(forKey: key) {
        first = max(noted, loop.now)
    } else {
        let seconds = min(max(0, nextFireDate(timer) - readAt), 1e9)
        let delay = Duration.nanoseconds(Int64(seconds * 1e9))
        first = loop.now + (loop.clock == .virtual ? loopDelay(delay, virtual: true) : delay)
    }
    _ = retain(timer)
    let fire = { [unowned loop] in loop.fireRunLoopTimer(key) }
    if intervalNs > 0, let handle = try? loop.scheduleRepeating(every: .nanoseconds(intervalNs), startingAt: first, fire) {
        loop.runLoopTimers[key] = handle
    } else {
        loop.runLoopTimers[key] = loop.schedule(at: first, fire)
    }
}

/// `CFRunLoopTimerInvalidate`: CoreFoundation's, and the loop forgets the timer.
@_cdecl("CFRunLoopTimerInvalidate")
public func lifeloopRunLoopTimerInvalidate(_ timer: OpaquePointer?) {
    CF.invalidate?(timer)
    guard let timer, MainThread.isCurrent, let (owner, _) = MainThread.owner else { return }
    owner.takeUnretainedValue().forgetRunLoopTimer(UInt(bitPattern: UnsafeRawPointer(timer)))
}

extension EventLoop {
    func fireRunLoopTimer(_ key: UInt) {
        guard let timer = OpaquePointer(bitPattern: key), let isValid = CF.isValid, isValid(timer) != 0,
              let context = CF.context else {
            forgetRunLoopTimer(key)
            return
        }
        var info = RunLoopTimerContext()
        withUnsafeMutablePointer(to: &info) { context(timer, UnsafeMutableRawPointer($0)) }
        guard let object = info.info else { return forgetRunLoopTimer(key) }
        let foundationTimer = Unmanaged<Timer>.fromOpaque(object).takeUnretainedValue()
        record(label: "Timer", event: "fire")
        foundationTimer.fire()
        if isValid(timer) == 0 { forgetRunLoopTimer(key) }
    }

    func forgetRunLoopTimer(_ key: UInt) {
        guard let handle = runLoopTimers.removeValue(forKey: key) else { return }
        _ = cancel(handle)
        CF.release?(OpaquePointer(bitPattern: key))
    }

    func closeRunLoopTimers() {
        for key in runLoopTimers.keys { CF.release?(OpaquePointer(bitPattern: key)) }
        runLoopTimers.removeAll()
        runLoopTimerFirstFires.removeAll()
    }
}
