import Foundation
import Glibc
@testable import LifeloopCore
import Testing

/// Child processes and signals on a host-clock loop: the daemon's other two libuv doors.
@Suite struct ProcessTests {
    final class Box: @unchecked Sendable {
        // @unchecked: written on the loop's thread, read after its thread ended.
        var out: [String] = []
        var err: [String] = []
        var exit: (Int64, Int32)?
        var signals: [Int32] = []
        var error: (any Error)?
    }

    /// Runs `body` on a fresh host loop on its own thread until it stops; returns the box.
    static func onLoop(_ body: @escaping @Sendable (EventLoop, Box) throws -> Void) -> Box {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let loop = try EventLoop(LoopConfiguration(clock: .host, workerWidth: 1))
                try body(loop, box)
                // A safety net: a test that never stops fails instead of hanging.
                loop.schedule(after: .seconds(20)) { box.error = LoopError.invalidArgument("timed out"); loop.stop() }
                try loop.run()
                try loop.close()
            } catch {
                box.error = error
            }
            done.signal()
        }
        thread.start()
        done.wait()
        return box
    }

    @Test func aChildsStdioAreLinesAndItsExitIsReported() throws {
        let box = Self.onLoop { loop, box in
            let child = try loop.spawn("/bin/sh", arguments: ["-c", "read line; echo got:$line; echo oops >&2; exit 3"])
            // Done when the child has exited and both its output streams have ended (the
            // last lines may come after the exit).
            var ended = 0
            func end() {
                ended += 1
                if ended == 3 { loop.stop() }
            }
            child.stdout.onLine = { box.out.append($0) }
            child.stderr.onLine = { box.err.append($0) }
            child.stdout.onClose = { end() }
            child.stderr.onClose = { end() }
            child.onExit = { status, signal in
                box.exit = (status, signal)
                end()
            }
            child.stdin?.send("hello")
        }
        #expect(box.error == nil, "\(String(describing: box.error))")
        #expect(box.out == ["got:hello"])
        #expect(box.err == ["oops"], "stderr is its own stream")
        #expect(box.exit?.0 == 3 && box.exit?.1 == 0)
    }

    @Test func killEndsAChildWithTheSignal() throws {
        let box = Self.onLoop { loop, box in
            let child = try loop.spawn("/bin/sleep", arguments: ["30"])
            child.onExit = { status, signal in
                box.exit = (status, signal)
                loop.stop()
            }
            loop.schedule(after: .milliseconds(20)) { #expect(child.kill(SIGTERM)) }
        }
        #expect(box.error == nil, "\(String(describing: box.error))")
        #expect(box.exit?.1 == SIGTERM)
    }

    @Test func aSignalRunsItsHandlerInALoopTurn() throws {
        let box = Self.onLoop { loop, box in
            let watcher = try loop.onSignal(SIGUSR2) { number in
                box.signals.append(number)
                loop.stop()
            }
            _ = watcher
            loop.schedule(after: .milliseconds(10)) { _ = Glibc.kill(getpid(), SIGUSR2) }
        }
        #expect(box.error == nil, "\(String(describing: box.error))")
        #expect(box.signals == [SIGUSR2])
    }

    @Test func aMissingExecutableIsAnErrorNamingIt() throws {
        let loop = try EventLoop(LoopConfiguration(clock: .host))
        do {
            _ = try loop.spawn("/nonexistent/lifeloop-child")
            Issue.record("spawned a file that does not exist")
        } catch let error as LoopError {
            #expect("\(error)".contains("/nonexistent/lifeloop-child"))
        }
        let virtual = try EventLoop(LoopConfiguration(clock: .virtual))
        #expect(throws: LoopError.self) { _ = try virtual.spawn("/bin/true") }
        #expect(throws: LoopError.self) { _ = try virtual.onSignal(SIGUSR2) { _ in } }
        try virtual.close()
        try loop.close()
    }
}
