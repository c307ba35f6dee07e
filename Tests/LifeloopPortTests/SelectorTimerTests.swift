import Foundation
import LifeloopCore
import UIKit
import XCTest

/// Selector timers on a scheduled run loop: XCTest runs test methods on the process's
/// main thread, whose app owns the main run loop's timers (on its virtual clock).
final class SelectorTimerTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        MainThread.installExecutors()
    }

    func testAScheduledTimerCallsItsSelectorOnTheLoopsClockUntilInvalidated() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let counter = CounterController(label: "Counter")
        let window = UIWindow(screen: .phone, label: "main")
        window.rootViewController = counter
        window.makeKeyAndVisible()
        try app.settle()
        let timer = Timer.scheduledTimer(timeInterval: 1, target: counter, selector: Selector("tick:"), userInfo: 5, repeats: true)
        try app.advance(by: .milliseconds(2500))
        XCTAssertEqual(counter.calls, ["tick 5", "tick 5"])
        timer.invalidate()
        try app.advance(by: .seconds(3))
        XCTAssertEqual(counter.calls.count, 2)
    }

    /// A repeating timer whose fire date was computed one interval ahead a moment before
    /// it was made (as `Timer.publish` and `scheduledTimer` do) fires after exactly one
    /// interval of virtual time, even when the machine stalled in between: the stall must
    /// not move the timer, or two runs of one input would differ.
    func testARepeatingTimerFiresOneIntervalOnAfterAStallBeforeItWasMade() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        try app.settle()
        // The timer fires on this (the main) thread, on the app's loop.
        final class Fired: @unchecked Sendable {
            let app: Application, start: UInt64
            var times: [UInt64] = []
            init(_ app: Application) { self.app = app; start = app.loop.now.nanoseconds }
            func note() { times.append((app.loop.now.nanoseconds - start) / 1_000_000) }
        }
        let fired = Fired(app)
        let fireDate = Date().addingTimeInterval(1)
        usleep(20_000)  // a loaded machine: 20 ms between the clock read and the timer
        let timer = Timer(fire: fireDate, interval: 1, repeats: true) { _ in fired.note() }
        RunLoop.main.add(timer, forMode: .default)
        try app.advance(by: .milliseconds(2500))
        timer.invalidate()
        XCTAssertEqual(fired.times, [1000, 2000])
    }
}
