import Foundation
import Glibc
import Testing
@testable import LifeloopCore

@Suite("Wrong thread")
struct WrongThreadTests {
    /// Every loop method that can throw throws `wrongThread` from another thread, naming
    /// the call, the loop's thread and the caller's; nothing runs, and the loop still works
    /// on its own thread.
    @Test
    func throwingEntryPointsThrowWrongThread() throws {
        let loop = try EventLoop(clock: .virtual)
        var ran = false
        loop.schedule(after: .milliseconds(5)) { ran = true }
        let owner = "thread 0x" + String(pthread_self(), radix: 16)
        let box = UncheckedBox(loop)
        let calls: [(String, @Sendable () throws -> Void)] = [
            ("runUntilIdle()", { try box.value.runUntilIdle() }),
            ("advance(by:maxTurns:)", { try box.value.advance(by: .seconds(1)) }),
            ("advance(to:maxTurns:)", { try box.value.advance(to: LoopInstant(nanoseconds: 1_000_000_000)) }),
            ("run()", { try box.value.run() }),
            ("close()", { try box.value.close() }),
            ("scheduleRepeating(every:startingAt:label:_:)", { _ = try box.value.scheduleRepeating(every: .seconds(1)) {} }),
        ]
        let caught = Locked<[LoopError?]>([])
        joinedThread {
            for (_, call) in calls {
                var thrown: LoopError?
                do {
                    try call()
                } catch {
                    thrown = error as? LoopError
                }
                caught.withLock { [thrown] in $0.append(thrown) }
            }
        }
        let errors = caught.withLock { $0 }
        #expect(errors.count == calls.count)
        for ((operation, _), error) in zip(calls, errors) {
            guard case .wrongThread(let named, let ownerThread, let caller)? = error else {
                Issue.record("\(operation) did not throw wrongThread: \(String(describing: error))")
                continue
            }
            #expect(named == operation)
            #expect(ownerThread.hasPrefix(owner))
            #expect(caller != ownerThread)
            #expect(error!.description.contains("the loop belongs to \(ownerThread), the thread that created it"))
        }
        #expect(!ran && loop.now == .zero && loop.loopCloseStatus == nil && loop.pendingTimerCount == 1)
        try loop.runUntilIdle()
        #expect(ran)
        try loop.close()
    }

    /// The names in messages: the thread's pthread id, and its name when it has one.
    @Test
    func threadDescriptionsNameTheThread() {
        let described = Locked<String>("")
        joinedThread {
            // Named from inside: Linux names the calling thread.
            Thread.current.name = "lifeloop-probe"
            described.withLock { $0 = currentThreadDescription() }
        }
        #expect(described.withLock { $0 }.hasPrefix("thread 0x"))
        #expect(described.withLock { $0 }.hasSuffix(" (\"lifeloop-probe\")"))
    }

    /// The methods that cannot throw still trap off the loop's thread, and the message
    /// names the call (checked in a child process).
    @Test
    func nonThrowingMethodsTrapOffTheLoopThread() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let loop = try! EventLoop(clock: .virtual)
            let box = UncheckedBox(loop)
            let thread = Thread { box.value.record(label: "x", event: "y") }
            thread.start()
            sleep(5)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("record(label:event:detail:window:) was called on thread 0x"), "\(message)")
        #expect(message.contains("but the loop belongs to thread 0x"))
    }
}

/// Runs `body` on a new thread, started and joined with pthreads: once this returns the
/// thread has ended and let go of `body` (and of the loop it captured).
private func joinedThread(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeUnretainedValue().body()
        return nil
    }, work.toOpaque())
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_join(thread, nil)
    work.release()
}
