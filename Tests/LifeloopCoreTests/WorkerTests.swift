import Foundation
import Testing
@testable import LifeloopCore

struct WorkFailed: Error, Equatable {}

@Suite("Workers")
struct WorkerTests {
    @Test
    func virtualResultArrivesAtSubmitPlusCostAmongTimers() throws {
        let loop = try EventLoop(clock: .virtual)
        var log: [String] = []
        loop.schedule(after: .milliseconds(10)) { log.append("timer10 @\(loop.now.nanoseconds / 1_000_000)") }
        loop.submit(label: "square", cost: .milliseconds(10), work: { 7 * 7 }) { result in
            log.append("job \((try? result.get()) ?? -1) @\(loop.now.nanoseconds / 1_000_000)")
        }
        loop.schedule(after: .milliseconds(10)) { log.append("timer10b @\(loop.now.nanoseconds / 1_000_000)") }
        try loop.runUntilIdle()
        // Same deadline: insertion order decides, and the job was submitted between them.
        #expect(log == ["timer10 @10", "job 49 @10", "timer10b @10"])
        #expect(loop.trace.lines == ["square jobSubmit", "square jobComplete"])
    }

    @Test
    func aLateJobMakesTheVirtualClockWaitWithoutMoving() throws {
        let loop = try EventLoop(clock: .virtual)
        var seen: [String] = []
        loop.submit(label: "slow", cost: .milliseconds(1), work: { () -> Int in usleep(50_000); return 1 }) { _ in
            seen.append("slow @\(loop.now.nanoseconds)")
        }
        loop.schedule(after: .milliseconds(2)) { seen.append("timer @\(loop.now.nanoseconds)") }
        try loop.runUntilIdle()
        #expect(seen == ["slow @1000000", "timer @2000000"])
    }

    @Test(arguments: ClockMode.allCases)
    func aThrownErrorComesBackAsAFailure(clock: ClockMode) throws {
        let loop = try EventLoop(clock: clock)
        var outcome: Result<Int, any Error>?
        loop.submit(label: "boom", work: { () throws -> Int in throw WorkFailed() }) { outcome = $0 }
        try loop.runUntilIdle()
        #expect(throws: WorkFailed.self) { try outcome?.get() }
        #expect(loop.trace.lines == ["boom jobSubmit", "boom jobFail"])
    }

    @Test
    func cancelledJobCompletesWithCancellationAndItsWorkIsSkipped() throws {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, workerWidth: 1))
        let ran = Locked<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        // The first job holds the only worker until released, so the second cannot start.
        loop.submit(label: "blocker", cost: .milliseconds(1), work: { gate.wait(); return 0 }) { _ in }
        var outcome: Result<Int, any Error>?
        let doomed = loop.submit(label: "doomed", cost: .milliseconds(5), work: { ran.withLock { $0.append("doomed") }; return 1 }) {
            outcome = $0
        }
        #expect(loop.cancel(doomed))
        #expect(!loop.cancel(doomed))
        gate.signal()
        try loop.runUntilIdle()
        #expect(throws: LoopError.jobCancelled(label: "doomed")) { try outcome?.get() }
        #expect(loop.now == LoopInstant(nanoseconds: 1_000_000), "a cancelled delivery does not move the clock")
        // Give the pool a moment: the skipped work must never run.
        usleep(20_000)
        #expect(ran.withLock { $0 }.isEmpty)
        #expect(loop.trace.lines.contains("doomed jobCancel"))
    }

    /// Under the host clock, completions run in the order the results reached the loop's
    /// mailbox (numbered there, under its lock), and the trace notes the turn of each.
    @Test
    func hostResultsArriveInArrivalOrderWithTheirTurn() throws {
        let loop = try EventLoop(LoopConfiguration(clock: .host, workerWidth: 4))
        var completed: [Int] = []
        for index in 0..<20 {
            loop.submit(label: "job\(index)", work: { () -> Int in
                usleep(UInt32((index * 7919) % 3000))
                return index
            }) { result in completed.append((try? result.get()) ?? -1) }
        }
        try loop.runUntilIdle()
        #expect(completed.sorted() == Array(0..<20))
        let arrivals = loop.trace.events.filter { $0.name == "jobComplete" }
        #expect(arrivals.map(\.detail) == arrivals.enumerated().map { "arrivedTurn=\($1.turn) arrival=\($0 + 1)" })
        #expect(arrivals.map(\.label) == completed.map { "job\($0)" })
    }

    @Test
    func workRunsOffTheLoopThread() throws {
        let loop = try EventLoop(clock: .virtual)
        let loopThread = pthread_self()
        var onLoop: Bool?
        var completionOnLoop: Bool?
        loop.submit(label: "where", work: { pthread_equal(pthread_self(), loopThread) != 0 }) { result in
            onLoop = try? result.get()
            completionOnLoop = pthread_equal(pthread_self(), loopThread) != 0
        }
        try loop.runUntilIdle()
        #expect(onLoop == false)
        #expect(completionOnLoop == true)
    }

    /// 200 runs of a program with 50 jobs whose real work sleeps a random 0–2 ms give one
    /// trace digest, at each worker width.
    @Test(arguments: [1, 2, 8])
    func jobProgramGivesOneDigestWhateverTheThreadTiming(width: Int) throws {
        var digests = Set<TraceDigest>()
        for _ in 0..<200 {
            digests.insert(try Self.jobProgram(width: width))
        }
        #expect(digests.count == 1)
        #expect(digests.first == (try Self.jobProgram(width: 3)))
    }

    static func jobProgram(width: Int) throws -> TraceDigest {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, workerWidth: width))
        var sum = 0
        for index in 0..<50 {
            let cost = Duration.microseconds((index * 7919) % 3000)
            loop.submit(label: "job\(index)", cost: cost, work: { () -> Int in
                usleep(UInt32.random(in: 0...2000))
                return index * index
            }) { result in
                sum += (try? result.get()) ?? 0
                loop.record(label: "sum", event: "update", detail: "\(sum)")
                if index % 10 == 0 {
                    loop.schedule(after: .microseconds(500), label: "followUp\(index)") {}
                }
            }
        }
        try loop.runUntilIdle()
        return loop.trace.digest
    }
}
