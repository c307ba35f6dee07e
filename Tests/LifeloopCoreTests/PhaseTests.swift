import Testing
@testable import LifeloopCore

@Suite("Loop phases")
struct PhaseTests {
    @Test(arguments: ClockMode.allCases)
    func aTurnRunsTimersThenTasksThenTheCommitPoint(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var log: [String] = []
        loop.addObserver(.afterTimers) { log.append("afterTimers \(loop.turn)") }
        loop.addObserver(.beforeWaiting) { log.append("beforeWaiting \(loop.turn)") }
        loop.addObserver(.afterWaiting) { log.append("afterWaiting \(loop.turn)") }
        loop.execute { log.append("task \(loop.turn)") }
        loop.schedule(after: .zero) { log.append("timer \(loop.turn)") }
        try loop.runUntilIdle()
        // Turn 1 runs the due timer and the task, then commits; the loop then waits once
        // more only if work remains, which it does not.
        #expect(Array(log.prefix(4)) == ["timer 1", "afterTimers 1", "task 1", "beforeWaiting 1"])
    }

    @Test
    func tasksExecutedDuringATurnRunOnTheNextTurn() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var log: [String] = []
        loop.addObserver(.beforeWaiting) { log.append("commit \(loop.turn)") }
        loop.execute {
            log.append("first \(loop.turn)")
            loop.execute { log.append("second \(loop.turn)") }
        }
        try loop.runUntilIdle()
        #expect(log == ["first 1", "commit 1", "second 2", "commit 2"])
    }

    @Test
    func afterWaitingRunsBetweenTurnsOnTheVirtualClock() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var log: [String] = []
        loop.addObserver(.afterWaiting) { log.append("woke at \(loop.now.nanoseconds)") }
        loop.schedule(after: .nanoseconds(7)) { log.append("timer") }
        try loop.runUntilIdle()
        #expect(log == ["woke at 7", "timer"])
    }

    @Test
    func removedObserverNoLongerRuns() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var count = 0
        let token = loop.addObserver(.beforeWaiting) { count += 1 }
        loop.execute {}
        try loop.runUntilIdle()
        loop.removeObserver(token)
        loop.execute {}
        try loop.runUntilIdle()
        #expect(count == 1)
    }

    @Test
    func anObserverRemovedEarlierInThePhaseDoesNotRun() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var ran: [String] = []
        var second: ObserverToken?
        loop.addObserver(.beforeWaiting) {
            ran.append("first")
            if let second { loop.removeObserver(second) }
        }
        second = loop.addObserver(.beforeWaiting) { ran.append("second") }
        try loop.runUntilIdle()
        #expect(ran == ["first"])
    }
}
