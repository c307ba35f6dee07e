import CoreFoundation
import Dispatch
import Foundation

/// swift-corelibs-foundation's `RunLoop` (CFRunLoop underneath).
enum FoundationWorkloads {
    /// A `Timer` costs about 17 µs to add and fire here, so a million would take
    /// over a minute for four runs; this many keeps the suite in budget.
    static let timerCount = 100_000

    static func run(_ harness: Harness) throws -> [Measurement] {
        [post(harness), timers(harness), try hop(harness)]
    }

    private static func post(_ harness: Harness) -> Measurement {
        let runLoop = RunLoop.current
        let counter = Counter()
        let body: @Sendable () -> Void = { _ = counter.bump() }
        return harness.measure(.post, .foundation) { n in
            counter.reset(target: n)
            for _ in 0..<n {
                runLoop.perform(body)
            }
            // A run loop with nothing but blocks returns once they have run;
            // the deadline only bounds a pass if some source is attached.
            while counter.value < n {
                _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
            }
        }
    }

    private static func timers(_ harness: Harness) -> Measurement {
        let runLoop = RunLoop.current
        let counter = Counter()
        let fire: @Sendable (Timer) -> Void = { _ in _ = counter.bump() }
        return harness.measure(.timers, .foundation, n: timerCount, warmUpN: timerCount / 10) { n in
            counter.reset(target: n)
            let fireDate = Date(timeIntervalSinceNow: 0.001)
            for _ in 0..<n {
                runLoop.add(Timer(fire: fireDate, interval: 0, repeats: false, block: fire), forMode: .default)
            }
            while counter.value < n {
                _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            }
        }
    }

    /// The target run loop runs on a thread of its own; Dispatch threads hand it
    /// blocks with `CFRunLoopPerformBlock` and ring it with `CFRunLoopWakeUp`,
    /// which is what `RunLoop.perform` lacks for cross-thread use.
    private static func hop(_ harness: Harness) throws -> Measurement {
        try onDedicatedThread {
            let runLoop = RunLoop.current
            let target = LoopReference(CFRunLoopGetCurrent())
            // A run loop without a source does not wait; a timer that never
            // fires makes it sleep until woken, as a real app's loop does.
            let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
            runLoop.add(keepAlive, forMode: .default)
            defer { keepAlive.invalidate() }

            let counter = Counter()
            let body: @Sendable () -> Void = {
                if counter.bump() {
                    CFRunLoopStop(target.runLoop)
                }
            }
            return harness.measure(.hop, .foundation) { n in
                counter.reset(target: n)
                for share in [n / 2, n - n / 2] {
                    DispatchQueue.global().async {
                        for _ in 0..<share {
                            CFRunLoopPerformBlock(target.runLoop, kCFRunLoopDefaultMode, body)
                            CFRunLoopWakeUp(target.runLoop)
                        }
                    }
                }
                while counter.value < n {
                    _ = runLoop.run(mode: .default, before: .distantFuture)
                }
            }
        }
    }

    /// CFRunLoop is thread-safe for CFRunLoopPerformBlock, CFRunLoopWakeUp and
    /// CFRunLoopStop, but its Swift import is not marked Sendable.
    private struct LoopReference: @unchecked Sendable {
        let runLoop: CFRunLoop
        init(_ runLoop: CFRunLoop) {
            self.runLoop = runLoop
        }
    }
}
