import Foundation
import Testing
@testable import LifeloopCore

@Suite("Loop lifecycle")
struct LoopLifecycleTests {
    @Test(arguments: ClockMode.allCases)
    func closingClosesEveryHandleAndUVLoopCloseReturnsZero(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        loop.schedule(after: .seconds(10)) {}
        loop.execute {}
        _ = try? loop.runUntilIdle(maxTurns: 3)
        try loop.close()
        #expect(loop.loopCloseStatus == 0)
    }

    @Test
    func closingAfterAHostRunWithTimersAndPostsLeavesNoHandle() throws {
        let loop = try EventLoop(clock: .host)
        let poster = loop.makePoster()
        loop.schedule(after: .milliseconds(1)) { poster.post {} }
        try loop.runUntilIdle()
        try loop.close()
        #expect(loop.loopCloseStatus == 0)
    }

    @Test
    func closingTwiceIsHarmlessAndRunningAfterwardsIsAnError() throws {
        let loop = try EventLoop(clock: .virtual)
        try loop.close()
        try loop.close()
        #expect(throws: LoopError.closed(operation: "runUntilIdle()")) { try loop.runUntilIdle() }
    }

    @Test
    func runningFromInsideACallbackIsAnError() throws {
        let loop = try EventLoop(clock: .virtual)
        var caught: LoopError?
        loop.execute {
            do { try loop.runUntilIdle() } catch let error as LoopError { caught = error } catch {}
        }
        try loop.runUntilIdle()
        #expect(caught == .reentrantRun(operation: "runUntilIdle()"))
    }

    @Test
    func aNegativeLibUVStatusBecomesAnErrorNamingTheCall() {
        do {
            try uvCheck(-16, "uv_loop_close")
            Issue.record("expected an error")
        } catch let error as LibUVError {
            #expect(error.operation == "uv_loop_close")
            #expect(error.name == "EBUSY")
            #expect(error.message == "resource busy or locked")
            #expect("\(error)" == "uv_loop_close failed: EBUSY (resource busy or locked)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: Never.self) { try uvCheck(0, "uv_run") }
    }

    /// Two loops on two threads of one process share nothing: each runs its own program
    /// and produces the trace it would alone.
    @Test
    func twoLoopsOnTwoThreadsRunIndependently() throws {
        let digests = Locked<[Int: String]>([:])
        let threads = (0..<2).map { index in
            Thread {
                let digest = try? Self.smallProgramDigest(steps: 200 + index)
                digests.withLock { $0[index] = digest?.description ?? "failed" }
            }
        }
        threads.forEach { $0.start() }
        while digests.withLock({ $0.count }) < 2 { usleep(1000) }
        let alone0 = try Self.smallProgramDigest(steps: 200).description
        let alone1 = try Self.smallProgramDigest(steps: 201).description
        #expect(digests.withLock { $0 } == [0: alone0, 1: alone1])
        #expect(alone0 != alone1)
    }

    static func smallProgramDigest(steps: Int) throws -> TraceDigest {
        let loop = try EventLoop(clock: .virtual)
        for step in 0..<steps {
            loop.schedule(after: .microseconds(step * 7 % 13), label: "t\(step)") {
                loop.execute { loop.record(label: "task", event: "ran", detail: "\(step)") }
            }
        }
        try loop.runUntilIdle()
        return loop.trace.digest
    }

    @Test
    func usingALoopFromAnotherThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            let loop = try! EventLoop(clock: .virtual)
            let box = UncheckedBox(loop)
            let thread = Thread { box.value.execute {} }
            thread.start()
            sleep(5)
        }
    }
}

/// Smuggles a value to another thread on purpose, to prove the loop catches it.
final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
