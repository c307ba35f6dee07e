import NIOCore
import NIOEmbedded

/// SwiftNIO's `EmbeddedEventLoop`: the virtual-time loop NIO code is tested on.
enum EmbeddedWorkloads {
    static func run(_ harness: Harness, virtualOffsets: [UInt64]) throws -> [Measurement] {
        let loop = EmbeddedEventLoop()
        defer { try? loop.syncShutdownGracefully() }
        let counter = Counter()
        let body: @Sendable () -> Void = { _ = counter.bump() }

        let post = harness.measure(.post, .embedded) { n in
            counter.reset(target: n)
            for _ in 0..<n {
                loop.execute(body)
            }
            loop.run()
            precondition(counter.value == n)
        }

        let timers = harness.measure(.timers, .embedded) { n in
            counter.reset(target: n)
            for _ in 0..<n {
                loop.scheduleTask(in: .milliseconds(1), body)
            }
            loop.advanceTime(by: .milliseconds(1))
            precondition(counter.value == n)
        }

        let virtual = harness.measure(.virtual, .embedded) { n in
            precondition(n == virtualOffsets.count)
            counter.reset(target: n)
            for offset in virtualOffsets {
                loop.scheduleTask(in: .nanoseconds(Int64(offset)), body)
            }
            loop.advanceTime(by: .seconds(1))
            precondition(counter.value == n)
        }
        return [post, timers, virtual]
    }
}
