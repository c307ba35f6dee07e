import Testing
@testable import LifeloopCore

@Suite("Timers")
struct TimerTests {
    @Test(arguments: ClockMode.allCases)
    func timersWithEqualDeadlinesRunInInsertionOrder(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        var order: [Int] = []
        let deadline = loop.now + .milliseconds(2)
        for index in 0..<100 {
            loop.schedule(at: deadline) { order.append(index) }
        }
        try loop.runUntilIdle()
        #expect(order == Array(0..<100))
    }

    @Test(arguments: ClockMode.allCases)
    func timersRunInDeadlineOrderWhateverTheInsertionOrder(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        var order: [Int] = []
        for delay in [5, 1, 3, 2, 4] {
            loop.schedule(after: .milliseconds(delay)) { order.append(delay) }
        }
        try loop.runUntilIdle()
        #expect(order == [1, 2, 3, 4, 5])
    }

    @Test(arguments: ClockMode.allCases)
    func cancelledTimerNeverRuns(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        var fired: [String] = []
        let doomed = loop.schedule(after: .milliseconds(1)) { fired.append("doomed") }
        loop.schedule(after: .milliseconds(2)) { fired.append("kept") }
        #expect(loop.cancel(doomed))
        #expect(!loop.cancel(doomed))
        try loop.runUntilIdle()
        #expect(fired == ["kept"])
    }

    @Test
    func cancellingManyTimersKeepsTheRestInOrder() throws {
        let loop = try EventLoop(clock: .virtual)
        var fired: [Int] = []
        var handles: [TimerHandle] = []
        for index in 0..<5000 {
            handles.append(loop.schedule(at: LoopInstant(nanoseconds: UInt64(5000 - index))) { fired.append(index) })
        }
        for (index, handle) in handles.enumerated() where index % 3 != 0 {
            loop.cancel(handle)
        }
        try loop.runUntilIdle()
        #expect(fired == stride(from: 0, to: 5000, by: 3).reversed())
    }

    /// The heap against a sort: random deadlines with many ties, a random third cancelled
    /// (enough to trigger compaction), fired in (deadline, insertion) order.
    @Test(arguments: [1, 2, 3])
    func timerQueueFiresInDeadlineThenInsertionOrder(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var queue = TimerQueue()
        var expected: [(deadline: UInt64, index: Int)] = []
        var handles: [(TimerHandle, Int, UInt64)] = []
        var fired: [Int] = []
        for index in 0..<10_000 {
            let deadline = generator.next() % 500
            let handle = queue.insert(deadline: deadline, payload: .once({ fired.append(index) }, label: nil))
            handles.append((handle, index, deadline))
        }
        for (handle, index, deadline) in handles {
            if generator.next() % 3 == 0 {
                let cancelled = queue.cancel(handle)
                #expect(cancelled)
            } else {
                expected.append((deadline, index))
            }
        }
        while let entry = queue.peek() {
            if case .once(let body, _) = queue.take(entry, now: entry.deadline) { body() }
        }
        #expect(fired == expected.sorted { ($0.deadline, $0.index) < ($1.deadline, $1.index) }.map(\.index))
        #expect(queue.isEmpty)
    }

    @Test
    func firedOneShotHandleNoLongerCancels() throws {
        let loop = try EventLoop(clock: .virtual)
        let handle = loop.schedule(after: .seconds(1)) {}
        try loop.runUntilIdle()
        #expect(!loop.cancel(handle))
    }

    @Test
    func repeatingTimerKeepsAbsoluteDeadlinesWhenCallbacksRunLate() throws {
        let loop = try EventLoop(clock: .virtual)
        var times: [UInt64] = []
        var handle: TimerHandle?
        handle = try loop.scheduleRepeating(every: .milliseconds(10)) {
            times.append(loop.now.nanoseconds)
            // Each firing spends 3 ms of main-thread time; a relative re-arm would drift.
            loop.consume(.milliseconds(3))
            if times.count == 5, let handle { loop.cancel(handle) }
        }
        try loop.runUntilIdle()
        #expect(times == [10, 20, 30, 40, 50].map { UInt64($0) * 1_000_000 })
    }

    @Test
    func repeatingTimerSkipsPeriodsMissedEntirely() throws {
        let loop = try EventLoop(clock: .virtual)
        var times: [UInt64] = []
        var handle: TimerHandle?
        handle = try loop.scheduleRepeating(every: .milliseconds(10)) {
            times.append(loop.now.nanoseconds / 1_000_000)
            if times.count == 1 { loop.consume(.milliseconds(25)) }
            if times.count == 3, let handle { loop.cancel(handle) }
        }
        try loop.runUntilIdle()
        // The period due at 20 fires late, at 35, once the 25 ms of work is done; the one
        // at 30 was missed entirely and is skipped; the grid resumes at 40.
        #expect(times == [10, 35, 40])
    }

    /// Near the end of the clock's range (UInt64.max ns, about 584 years) the next firing
    /// used to wrap around to a deadline in the past, so the timer fired on every turn until
    /// the turn budget ran out. Now its last firing is the last one that fits.
    @Test
    func repeatingTimerStopsAtTheEndOfTheClock() throws {
        let loop = try EventLoop(clock: .virtual)
        let end = UInt64.max
        var times: [UInt64] = []
        try loop.scheduleRepeating(every: .seconds(1), startingAt: LoopInstant(nanoseconds: end - 2_500_000_000)) {
            times.append(end - loop.now.nanoseconds)
        }
        try loop.runUntilIdle(maxTurns: 1_000)
        #expect(times == [2_500_000_000, 1_500_000_000, 500_000_000])
        #expect(loop.pendingTimerCount == 0)
        #expect(TimerQueue.nextDeadline(after: end - 10, every: 10, now: end - 10) == end)
        #expect(TimerQueue.nextDeadline(after: end - 10, every: 11, now: end - 10) == nil)
        #expect(TimerQueue.nextDeadline(after: 0, every: UInt64.max / 2 + 1, now: UInt64.max - 1) == nil)
        #expect(TimerQueue.nextDeadline(after: 5, every: 10, now: 30) == 35)
    }

    @Test
    func repeatingTimerRejectsANonPositiveInterval() throws {
        let loop = try EventLoop(clock: .virtual)
        #expect(throws: LoopError.self) { try loop.scheduleRepeating(every: .zero) {} }
        #expect(throws: LoopError.self) { try loop.scheduleRepeating(every: .milliseconds(-1)) {} }
    }

    @Test(arguments: ClockMode.allCases)
    func zeroDelayTimerReArmedInItsOwnCallbackRunsOncePerTurn(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        var turns: [UInt64] = []
        func rearm() {
            loop.schedule(after: .zero) {
                turns.append(loop.turn)
                if turns.count < 50 { rearm() }
            }
        }
        rearm()
        var taskRan = false
        loop.execute { taskRan = true }
        try loop.runUntilIdle()
        #expect(turns.count == 50)
        #expect(Set(turns).count == 50, "each firing gets its own turn")
        #expect(taskRan)
    }

    @Test
    func hostTimersFireNoEarlierThanTheirDeadline() throws {
        let loop = try EventLoop(clock: .host)
        var firedAt: [UInt64] = []
        let deadlines = [3, 1, 2].map { loop.now + .milliseconds($0) }
        for deadline in deadlines {
            loop.schedule(at: deadline) { firedAt.append(loop.now.nanoseconds) }
        }
        try loop.runUntilIdle()
        #expect(firedAt.count == 3)
        for (fired, deadline) in zip(firedAt, deadlines.sorted()) {
            #expect(fired >= deadline.nanoseconds)
        }
    }

    @Test
    func labelledTimersAreTraced() throws {
        let loop = try EventLoop(clock: .virtual)
        loop.schedule(after: .milliseconds(1), label: "tick") {}
        loop.schedule(after: .milliseconds(2)) {}
        try loop.runUntilIdle()
        #expect(loop.trace.lines == ["tick timer"])
        #expect(loop.trace.events.first?.time == 1_000_000)
    }
}

@Suite("Seeded generator")
struct SeededGeneratorTests {
    /// SplitMix64's published first outputs for seed 0: the sequence is the algorithm's,
    /// not the toolchain's.
    @Test
    func producesSplitMix64sSequence() {
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        var bounded = SeededGenerator(seed: 7)
        #expect((0..<1000).allSatisfy { _ in (0..<6).contains(bounded.below(6)) })
        #expect(bounded.below(0) == 0)
        #expect(bounded.below(-3) == 0)
    }
}
