import Dispatch
import Foundation
import Testing
@testable import LifeloopCore

@Suite("Posting")
struct PostTests {
    @Test
    func executeRunsTasksInFIFOOrder() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        var order: [Int] = []
        for index in 0..<1000 { loop.execute { order.append(index) } }
        try loop.runUntilIdle()
        #expect(order == Array(0..<1000))
    }

    /// 1,000,000 posts from 4 threads arrive exactly once each, each thread's in its order.
    @Test
    func millionCrossThreadPostsArriveOnceEachInPerThreadOrder() throws {
        let threads = 4
        let perThread = 250_000
        let loop = try EventLoop(clock: .host)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        let poster = loop.makePoster()
        let inbox = PostInbox(threads: threads)
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for index in 0..<perThread {
                    poster.post { inbox.receive(thread: thread, index: index) }
                }
            }
        }
        group.notify(queue: .global()) {
            poster.post { inbox.done = true }
        }
        // The loop stops itself once the last post (sent after all others) has run.
        loop.addObserver(.beforeWaiting) { if inbox.done { loop.stop() } }
        try loop.run()
        #expect(inbox.outOfOrder == 0)
        #expect(inbox.next == Array(repeating: perThread, count: threads))
    }

    @Test
    func postToAClosedLoopReturnsFalse() throws {
        let loop = try EventLoop(clock: .host)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        let poster = loop.makePoster()
        #expect(poster.post {})
        try loop.close()
        #expect(!poster.post {})
    }

    @Test
    func virtualRunWaitsForAPostFromAnotherThread() throws {
        let loop = try EventLoop(clock: .virtual)
        defer { try? loop.close() }  // its observers capture it: closing breaks the cycle
        let poster = loop.makePoster()
        let received = Locked<[String]>([])
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            poster.post { received.withLock { $0.append("hello") } }
        }
        loop.addObserver(.beforeWaiting) { if !received.withLock({ $0.isEmpty }) { loop.stop() } }
        try loop.run()
        #expect(received.withLock { $0 } == ["hello"])
        #expect(loop.now == .zero, "waiting for a post does not move the virtual clock")
    }
}

/// Counts what arrives on the loop thread. `@unchecked Sendable`: only the loop's thread
/// touches it, since posted closures run there.
final class PostInbox: @unchecked Sendable {
    var next: [Int]
    var outOfOrder = 0
    var done = false

    init(threads: Int) { next = Array(repeating: 0, count: threads) }

    func receive(thread: Int, index: Int) {
        if next[thread] != index { outOfOrder += 1 }
        next[thread] = index + 1
    }
}
