import Dispatch
import NIOCore
import NIOPosix

/// SwiftNIO's production loop: a one-thread `MultiThreadedEventLoopGroup`.
enum NIOWorkloads {
    static func run(_ harness: Harness) throws -> [Measurement] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        let body: @Sendable () -> Void = {
            if counter.bump() {
                done.signal()
            }
        }

        // Posted from inside the loop, so this is NIO's same-thread path.
        let post = harness.measure(.post, .nio) { n in
            counter.reset(target: n)
            loop.execute {
                for _ in 0..<n {
                    loop.execute(body)
                }
            }
            done.wait()
        }

        let timers = harness.measure(.timers, .nio) { n in
            counter.reset(target: n)
            loop.execute {
                let deadline = NIODeadline.now() + .milliseconds(1)
                for _ in 0..<n {
                    loop.scheduleTask(deadline: deadline, body)
                }
            }
            done.wait()
        }

        let hop = harness.measure(.hop, .nio) { n in
            counter.reset(target: n)
            for share in [n / 2, n - n / 2] {
                DispatchQueue.global().async {
                    for _ in 0..<share {
                        loop.execute(body)
                    }
                }
            }
            done.wait()
        }
        return [post, timers, hop]
    }
}
