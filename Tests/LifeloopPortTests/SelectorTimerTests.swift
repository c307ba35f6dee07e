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
}
