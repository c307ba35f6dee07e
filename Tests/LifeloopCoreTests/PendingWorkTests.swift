import Testing
@testable import LifeloopCore

@Suite("Pending work")
struct PendingWorkTests {
    @Test func pendingWorkNamesEachTimerAndJobByOwner() throws {
        let loop = try EventLoop(clock: .virtual)
        loop.schedule(after: .milliseconds(30), label: "later") {}
        let cancelled = loop.schedule(after: .milliseconds(5), label: "cancelled") {}
        _ = loop.cancel(cancelled)
        _ = try loop.scheduleRepeating(every: .milliseconds(100), label: "tick") {}
        loop.schedule(after: .milliseconds(10)) {}
        loop.submit(label: "thumbnails", cost: .milliseconds(50), work: { 1 }, completion: { _ in })
        let work = loop.pendingWork()
        #expect(work.jobs == ["thumbnails"] && work.jobCount == 1)
        // Earliest first; the cancelled one is gone; a job's delivery names its job.
        let owners = work.timers.map { $0.label ?? "-" }
        #expect(owners == ["-", "later", "job thumbnails", "tick"], "\(owners)")
        #expect(work.timers.first { $0.label == "tick" }?.periodNanoseconds == 100_000_000)
        #expect(work.timers.first { $0.label == "later" }?.dueNanoseconds == 30_000_000)
        #expect(loop.pendingWork(limit: 1).timers.count == 1 && loop.pendingWork(limit: 1).timerCount == work.timerCount)
    }
}
