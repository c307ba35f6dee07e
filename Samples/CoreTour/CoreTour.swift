import Lifeloop

/// A tour of the loop core on the virtual clock: a one-shot timer, a repeating frame
/// timer on absolute deadlines, main-thread work that makes a frame late, and a worker
/// job whose result comes back at submit time + cost whatever the real work took.
enum CoreTour {
    static let sample = Sample(
        name: "CoreTour",
        summary: "timers, a repeating frame timer, consume, and a worker job on the virtual clock",
        run: run
    )

    static func run() throws -> Trace {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, workerWidth: 2))
        loop.record(label: "app", event: "launch")
        loop.schedule(after: .milliseconds(5), label: "splash") {
            loop.record(label: "app", event: "hideSplash")
        }
        var frames = 0
        var frameTimer: TimerHandle?
        frameTimer = try loop.scheduleRepeating(every: .microseconds(16_667), label: "frame") {
            frames += 1
            if frames == 2 {
                // A heavy callback: 20 ms of main-thread time overruns the frame budget.
                loop.consume(.milliseconds(20))
            }
            if frames == 5, let frameTimer { loop.cancel(frameTimer) }
        }
        loop.submit(label: "decodeImage", cost: .milliseconds(30), work: { () -> Int in
            (1...10_000).reduce(0, &+)
        }) { result in
            loop.record(label: "app", event: "imageReady", detail: "checksum=\((try? result.get()) ?? -1)")
        }
        try loop.runUntilIdle()
        loop.record(label: "app", event: "idle", detail: "digest=\(loop.trace.digest)")
        try loop.close()
        return loop.trace
    }
}
