import Dispatch
import Foundation
import XCTest
@testable import LifeloopCore

/// The main queue's bell (an eventfd libdispatch rings after it enqueues a block) can ring
/// for a block an earlier drain already ran. A drain must tell that from real work: a
/// recording that noted such a drain waited, in its replay, for work that never came.
/// XCTest runs this on the process's main thread, where main-queue blocks run.
final class MainQueueBellTests: XCTestCase {
    func testABellThatRangForNothingRunsNothingAndCallsNoBefore() {
        XCTAssertTrue(Thread.isMainThread)
        var one: UInt64 = 1
        XCTAssertEqual(write(MainThread.mainQueueDescriptor, &one, 8), 8)
        var before = 0
        XCTAssertFalse(MainThread.drainMainQueue { before += 1 })
        XCTAssertEqual(before, 0, "no block ran, so nothing is noted")
    }

    func testARealBlockCallsBeforeOnceRightBeforeItRuns() {
        XCTAssertTrue(Thread.isMainThread)
        let order = Locked<[String]>([])
        let posted = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            DispatchQueue.main.async { order.withLock { $0.append("first block") } }
            DispatchQueue.main.async { order.withLock { $0.append("second block") } }
            posted.signal()
        }
        posted.wait()
        var ran = false
        for _ in 0..<10_000 where !ran {
            if MainThread.mainQueueHasWork { ran = MainThread.drainMainQueue { order.withLock { $0.append("before") } } }
            if !ran { usleep(100) }
        }
        XCTAssertTrue(ran)
        XCTAssertEqual(order.withLock { $0 }, ["before", "first block", "second block"])
    }
}
