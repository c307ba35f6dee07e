import Testing
import Foundation
import Dispatch
@testable import LifeloopCore

@Suite("Clocks")
struct ClockTests {
    @Test
    func virtualClockStartsAtZeroAndJumpsToEachDeadline() throws {
        let loop = try EventLoop(clock: .virtual)
        #expect(loop.now == .zero)
        var seen: [UInt64] = []
        for seconds in [3, 1, 2] {
            loop.schedule(after: .seconds(seconds)) { seen.append(loop.now.nanoseconds) }
        }
        try loop.runUntilIdle()
        #expect(seen == [1, 2, 3].map { UInt64($0) * 1_000_000_000 })
        #expect(loop.now == LoopInstant(nanoseconds: 3_000_000_000))
    }

    @Test
    func advanceByRunsOnlyWhatIsDueAndLandsOnTheTarget() throws {
        let loop = try EventLoop(clock: .virtual)
        var fired: [Int] = []
        loop.schedule(after: .milliseconds(5)) { fired.append(5) }
        loop.schedule(after: .milliseconds(10)) { fired.append(10) }
        loop.schedule(after: .milliseconds(15)) { fired.append(15) }
        try loop.advance(by: .milliseconds(10))
        #expect(fired == [5, 10])
        #expect(loop.now == LoopInstant(nanoseconds: 10_000_000))
        try loop.advance(to: LoopInstant(nanoseconds: 20_000_000))
        #expect(fired == [5, 10, 15])
        #expect(loop.now == LoopInstant(nanoseconds: 20_000_000))
    }

    @Test
    func advanceWithNothingPendingStillMovesTheClock() throws {
        let loop = try EventLoop(clock: .virtual)
        try loop.advance(by: .seconds(2))
        #expect(loop.now == LoopInstant(nanoseconds: 2_000_000_000))
    }

    @Test
    func advanceOnTheHostClockIsAnError() throws {
        let loop = try EventLoop(clock: .host)
        #expect(throws: LoopError.requiresVirtualClock(operation: "advance(to:)")) {
            try loop.advance(by: .seconds(1))
        }
    }

    @Test
    func runUntilIdleWithARepeatingTimerExceedsItsTurnBudget() throws {
        let loop = try EventLoop(clock: .virtual)
        try loop.scheduleRepeating(every: .milliseconds(16)) {}
        do {
            try loop.runUntilIdle(maxTurns: 1000)
            Issue.record("expected a budget error")
        } catch let LoopError.budgetExceeded(turns, _, pending) {
            #expect(turns == 1000)
            #expect(pending.contains("1 repeating timers"))
        }
    }

    @Test
    func runUntilIdleWithARepeatingTimerExceedsItsTimeBudget() throws {
        let loop = try EventLoop(clock: .virtual)
        try loop.scheduleRepeating(every: .milliseconds(10)) {}
        do {
            try loop.runUntilIdle(maxTime: .seconds(1))
            Issue.record("expected a budget error")
        } catch let LoopError.budgetExceeded(turns, elapsed, _) {
            #expect(turns == 101, "an empty first turn at 0, then one turn per firing from 10 ms to 1000 ms")
            #expect(elapsed == .milliseconds(1010))
        }
        #expect(loop.now == LoopInstant(nanoseconds: 1_000_000_000))
    }

    @Test
    func hostRunUntilIdleWithARepeatingTimerExceedsItsTurnBudget() throws {
        let loop = try EventLoop(clock: .host)
        try loop.scheduleRepeating(every: .milliseconds(1)) {}
        #expect(throws: LoopError.self) { try loop.runUntilIdle(maxTurns: 5) }
    }

    @Test
    func consumeMovesTheVirtualClockAndMakesLaterTimersLate() throws {
        let loop = try EventLoop(clock: .virtual)
        var lateBy: UInt64 = 0
        loop.schedule(after: .milliseconds(1)) { loop.consume(.milliseconds(12)) }
        loop.schedule(after: .milliseconds(5)) { lateBy = loop.now.nanoseconds - 5_000_000 }
        try loop.runUntilIdle()
        #expect(lateBy == 8_000_000)
        #expect(loop.trace.lines == ["loop consume"])
        #expect(loop.trace.events.first?.detail == "12000000ns")
    }

    @Test
    func consumeOnTheHostClockReallySpendsTheTime() throws {
        let loop = try EventLoop(clock: .host)
        let before = loop.now
        loop.consume(.milliseconds(20))
        #expect(loop.now.nanoseconds - before.nanoseconds >= 20_000_000)
    }

    @Test
    func instantArithmeticClampsAtTheOrigin() {
        #expect(LoopInstant(nanoseconds: 5) + .nanoseconds(-10) == .zero)
        #expect(LoopInstant(nanoseconds: 5) - LoopInstant(nanoseconds: 8) == .nanoseconds(-3))
        #expect(LoopInstant.zero + .seconds(1) == LoopInstant(nanoseconds: 1_000_000_000))
    }
}

/// Inside a loop's job under the virtual clock the platform clocks stand still on that
/// thread: a deadline computed from one reading and a delay computed from a later one
/// agree exactly, however long the thread was descheduled between them (a loaded machine
/// once turned a 250 ms `asyncAfter` into 234 ms and a 200 ms sleep into 193 ms).
@Suite struct StillClockTests {
    @Test func everyPlatformClockStandsStillInsideAJob() {
        var readings: [String: (first: String, second: String)] = [:]
        StillClock.during {
            let dispatch1 = DispatchTime.now().uptimeNanoseconds
            let continuous1 = ContinuousClock.now
            let suspending1 = SuspendingClock.now
            let date1 = Date().timeIntervalSince1970
            usleep(3_000)
            readings["DispatchTime"] = ("\(dispatch1)", "\(DispatchTime.now().uptimeNanoseconds)")
            readings["ContinuousClock"] = ("\(continuous1)", "\(ContinuousClock.now)")
            readings["SuspendingClock"] = ("\(suspending1)", "\(SuspendingClock.now)")
            readings["Date"] = ("\(date1)", "\(Date().timeIntervalSince1970)")
        }
        for (clock, pair) in readings.sorted(by: { $0.key < $1.key }) {
            #expect(pair.first == pair.second, "\(clock) moved inside a still job: \(pair.first) then \(pair.second)")
        }
        #expect(readings.count == 4)
    }
}
