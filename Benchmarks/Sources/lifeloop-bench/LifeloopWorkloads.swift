import Dispatch
import LifeloopCore

/// Lifeloop itself. Tracing is off: the peers record nothing either.
enum LifeloopWorkloads {
    static func run(_ harness: Harness, virtualOffsets: [UInt64]) throws -> [Measurement] {
        [try post(harness), try timers(harness), try hop(harness), try virtual(harness, offsets: virtualOffsets)]
    }

    /// The same loop serves the warm-up and the timed runs, so its task queue has
    /// already grown: what is counted is the steady state.
    private static func post(_ harness: Harness) throws -> Measurement {
        let loop = try EventLoop(LoopConfiguration(traceEnabled: false))
        defer { try? loop.close() }
        let counter = Counter()
        let body = { _ = counter.bump() }
        return try harness.measure(.post, .lifeloop) { n in
            counter.reset(target: n)
            for _ in 0..<n {
                loop.execute(body)
            }
            try loop.runUntilIdle()
            precondition(counter.value == n)
        }
    }

    private static func timers(_ harness: Harness) throws -> Measurement {
        let loop = try EventLoop(LoopConfiguration(traceEnabled: false))
        defer { try? loop.close() }
        let counter = Counter()
        let body = { _ = counter.bump() }
        return try harness.measure(.timers, .lifeloop) { n in
            counter.reset(target: n)
            let deadline = loop.now + .milliseconds(1)
            for _ in 0..<n {
                loop.schedule(at: deadline, body)
            }
            try loop.runUntilIdle()
            precondition(counter.value == n)
        }
    }

    /// A loop belongs to the thread that created it, so the loop is created and
    /// run on a thread of its own while two Dispatch threads post to it.
    private static func hop(_ harness: Harness) throws -> Measurement {
        try onDedicatedThread {
            let loop = try EventLoop(LoopConfiguration(traceEnabled: false))
            defer { try? loop.close() }
            let poster = loop.makePoster()
            let counter = Counter()
            let owner = LoopOwner(loop)
            let body: @Sendable () -> Void = {
                if counter.bump() {
                    owner.loop.stop()
                }
            }
            return try harness.measure(.hop, .lifeloop) { n in
                counter.reset(target: n)
                for share in [n / 2, n - n / 2] {
                    DispatchQueue.global().async {
                        for _ in 0..<share {
                            poster.post(body)
                        }
                    }
                }
                try loop.run()
                precondition(counter.value == n)
            }
        }
    }

    private static func virtual(_ harness: Harness, offsets: [UInt64]) throws -> Measurement {
        let loop = try EventLoop(LoopConfiguration(clock: .virtual, traceEnabled: false))
        defer { try? loop.close() }
        let counter = Counter()
        let body = { _ = counter.bump() }
        return try harness.measure(.virtual, .lifeloop) { n in
            precondition(n == offsets.count)
            counter.reset(target: n)
            // Relative to `now`, because each run leaves the clock a second later.
            let start = loop.now
            for offset in offsets {
                loop.schedule(at: start + .nanoseconds(Int64(offset)), body)
            }
            try loop.advance(by: .seconds(1))
            precondition(counter.value == n)
        }
    }

    /// Lets the posted body, which runs only on the loop's thread, stop the loop.
    /// `@unchecked Sendable` is backed by `EventLoop`'s own thread precondition.
    private final class LoopOwner: @unchecked Sendable {
        let loop: EventLoop
        init(_ loop: EventLoop) {
            self.loop = loop
        }
    }
}
