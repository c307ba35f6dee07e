import Foundation
import Testing
@testable import LifeloopScenario

/// A clock the test moves by hand, and a record of everything written: one per test, shared
/// only with that test's reporter, so a lock is all the safety it needs.
private final class Harness: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 0.0
    private var chunks: [String] = []

    var now: Double {
        get { lock.withLock { time } }
        set { lock.withLock { time = newValue } }
    }

    /// Everything written so far, in order.
    var output: [String] { lock.withLock { chunks } }

    /// What has been written since the last call.
    func take() -> [String] {
        lock.withLock {
            defer { chunks = [] }
            return chunks
        }
    }

    func reporter(total: Int, label: String = "", isTerminal: Bool, plainInterval: Double = 5) -> ProgressReporter {
        ProgressReporter(
            total: total, label: label, isTerminal: isTerminal,
            write: { text in self.lock.withLock { self.chunks.append(text) } },
            clock: { self.now }, plainInterval: plainInterval)
    }
}

@Suite struct ProgressPlainTests {
    @Test func printsAtTheIntervalAndNotBefore() {
        let harness = Harness()
        let progress = harness.reporter(total: 100, isTerminal: false)
        for second in 1...4 {
            harness.now = Double(second)
            progress.seedFinished(failed: false)
        }
        harness.now = 4.99
        progress.seedFinished(failed: false)
        #expect(harness.take().isEmpty)

        harness.now = 5
        progress.seedFinished(failed: true)
        // 6 seeds in 5 s: 1.2 a second, 94 left take 78.3 s.
        #expect(harness.take() == ["6/100 seeds, 1.2 seeds/s, ETA 1m18s, 1 failure\n"])

        // The next line waits a full interval after the last one, not after the start.
        harness.now = 9.9
        progress.seedFinished(failed: false)
        #expect(harness.take().isEmpty)
        harness.now = 10
        progress.seedFinished(failed: true)
        #expect(harness.take() == ["8/100 seeds, 0.8 seeds/s, ETA 1m55s, 2 failures\n"])
    }

    @Test func honoursAShorterInterval() {
        let harness = Harness()
        let progress = harness.reporter(total: 10, label: "seed-segue", isTerminal: false, plainInterval: 1)
        harness.now = 1
        progress.seedFinished(failed: false)
        #expect(harness.take() == ["seed-segue 1/10 seeds, 1.0 seeds/s, ETA 9s, 0 failures\n"])
    }

    @Test func lastSeedLeavesTheLineToFinish() {
        let harness = Harness()
        let progress = harness.reporter(total: 2, isTerminal: false)
        harness.now = 10
        progress.seedFinished(failed: false)
        progress.seedFinished(failed: false)
        #expect(harness.take() == ["1/2 seeds, 0.1 seeds/s, ETA 10s, 0 failures\n"])
    }

    @Test func finishPrintsANewlineTerminatedSummaryOnce() {
        let harness = Harness()
        let progress = harness.reporter(total: 100, label: "jitter", isTerminal: false)
        for _ in 0..<100 { progress.seedFinished(failed: false) }
        harness.now = 12.34
        progress.finish()
        #expect(harness.take() == ["jitter 100/100 seeds in 12.3s, 8.1 seeds/s, 0 failures\n"])
        progress.finish()
        progress.seedFinished(failed: true)
        #expect(harness.take().isEmpty)
    }

    @Test func finishGivesLongTimesInMinutes() {
        let harness = Harness()
        let progress = harness.reporter(total: 1000, isTerminal: false, plainInterval: 1e9)
        for index in 0..<400 { progress.seedFinished(failed: index % 100 == 0) }
        harness.now = 200
        progress.finish()
        #expect(harness.take() == ["400/1000 seeds in 3m20s, 2.0 seeds/s, 4 failures\n"])
    }
}

@Suite struct ProgressTerminalTests {
    @Test func redrawsInPlaceAtMostTenTimesASecond() throws {
        let harness = Harness()
        let progress = harness.reporter(total: 1000, isTerminal: true)
        // The first seed draws at once; with no time passed there is no rate or ETA yet.
        progress.seedFinished(failed: false)
        #expect(harness.take() == ["\r[....................] 1/1000 seeds  -- seeds/s  ETA --  failures 0"])

        for _ in 0..<409 { progress.seedFinished(failed: false) }
        harness.now = 0.09
        progress.seedFinished(failed: true)
        #expect(harness.take().isEmpty)

        harness.now = 5
        progress.seedFinished(failed: true)
        // 412 seeds in 5 s: 82.4 a second, 588 left take 7.1 s.
        #expect(harness.take() == ["\r[########............] 412/1000 seeds  82.4 seeds/s  ETA 7s  failures 2"])
        harness.now = 5.05
        progress.seedFinished(failed: false)
        #expect(harness.take().isEmpty)
        harness.now = 5.2
        progress.seedFinished(failed: false)
        #expect(harness.take().count == 1)
    }

    @Test func finishOverwritesTheBarAndEndsTheLine() throws {
        let harness = Harness()
        let progress = harness.reporter(total: 4, label: "run", isTerminal: true)
        for _ in 0..<4 { progress.seedFinished(failed: false) }
        let bar = try #require(harness.take().first)
        harness.now = 2
        progress.finish()
        let written = harness.take().joined()
        #expect(written.hasPrefix("\rrun 4/4 seeds in 2.0s, 2.0 seeds/s, 0 failures"))
        #expect(written.hasSuffix("\n"))
        #expect(written.filter { $0 == "\n" }.count == 1)
        // Spaces blank out the rest of the longer bar that was on screen.
        #expect(written.dropLast().count >= bar.count)
        #expect(written.dropLast().hasSuffix(" "))
    }

    @Test func fullBarWhenDone() {
        let harness = Harness()
        let progress = harness.reporter(total: 3, isTerminal: true)
        for _ in 0..<3 {
            harness.now += 1
            progress.seedFinished(failed: false)
        }
        #expect(harness.output.last == "\r[####################] 3/3 seeds  1.0 seeds/s  ETA 0s  failures 0")
    }
}

@Suite struct ProgressCountingTests {
    @Test(arguments: [false, true])
    func concurrentSeedsAreCountedExactly(isTerminal: Bool) throws {
        let harness = Harness()
        let progress = harness.reporter(total: 8000, isTerminal: isTerminal)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for seed in 0..<1000 {
                progress.seedFinished(failed: seed % 10 == thread % 10)
            }
        }
        harness.now = 4
        progress.finish()
        let summary = try #require(harness.output.last(where: { $0.contains(" in ") }))
        #expect(summary.contains("8000/8000 seeds in 4.0s, 2000.0 seeds/s, 800 failures"))
    }
}

@Suite struct ProgressFormatTests {
    @Test func durationsAreHuman() {
        #expect(ProgressReporter.duration(0, decimals: false) == "0s")
        #expect(ProgressReporter.duration(7.2, decimals: false) == "7s")
        #expect(ProgressReporter.duration(59.4, decimals: false) == "59s")
        #expect(ProgressReporter.duration(59.6, decimals: false) == "1m00s")
        #expect(ProgressReporter.duration(192, decimals: false) == "3m12s")
        #expect(ProgressReporter.duration(3840, decimals: false) == "1h04m")
        #expect(ProgressReporter.duration(90_000, decimals: false) == "25h00m")
        #expect(ProgressReporter.duration(12.34, decimals: true) == "12.3s")
        #expect(ProgressReporter.duration(0.04, decimals: true) == "0.0s")
        #expect(ProgressReporter.duration(59.96, decimals: true) == "1m00s")
        #expect(ProgressReporter.duration(.infinity, decimals: false) == "--")
        #expect(ProgressReporter.duration(.nan, decimals: false) == "--")
    }

    @Test func ratesHaveOneDecimal() {
        #expect(ProgressReporter.rate(done: 412, elapsed: 5.0676) == "81.3")
        #expect(ProgressReporter.rate(done: 1, elapsed: 3) == "0.3")
        #expect(ProgressReporter.rate(done: 0, elapsed: 0) == "0.0")
        #expect(ProgressReporter.rate(done: 5, elapsed: 0) == "--")
        #expect(ProgressReporter.fixed(0.05) == "0.1")
        #expect(ProgressReporter.fixed(1234.56) == "1234.6")
        #expect(ProgressReporter.fixed(-2.25) == "-2.3")
    }
}
