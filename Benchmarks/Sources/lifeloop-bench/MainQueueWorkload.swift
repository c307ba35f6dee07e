import Dispatch
import Foundation
import Lifeloop
import LifeloopCore

#if canImport(Glibc)
import Glibc
#endif

/// Issue 14's rows: the cost of `DispatchQueue.main.async` and of a main-actor hop when an
/// app's loop drains the main thread, against Foundation's `RunLoop.main` draining the same
/// work. `BENCH_ONLY=mainqueue make bench` runs only these.
///
/// Lifeloop's executors are process-wide and must be installed before any task exists, so
/// each side runs in a child process of its own: this binary again (`/proc/self/exe`) with
/// `LIFELOOP_BENCH_CHILD` set, which `LifeloopBench.main` checks before anything else.
///
/// - `mainqueue-lifeloop`: `MainThread.installExecutors()`, then an `Application(clock:
///   .host, traceMode: .digestOnly)` on the main thread (it owns the main thread: its turns
///   drain the main queue and run the main actor's jobs); drained by `app.loop.run()`, which
///   the last operation stops (a 60 s timer stops it otherwise).
/// - `mainqueue-lifeloop-virtual`: the same under the virtual clock, drained by
///   `runUntilIdle` (unstructured tasks run on the loop too).
/// - `mainqueue-runloop`: no executors installed (the main actor is the main dispatch
///   queue, as on Linux by default), drained by `RunLoop.main.run(mode: .default, before:)`
///   until the count is reached.
///
/// The operations, each measured from the first post to the last one run, on the main thread:
/// - `main.async`: N `DispatchQueue.main.async` blocks posted, then drained (post + drain).
/// - `Task { @MainActor }`: N tasks created from the main thread, each one main-actor job.
/// - `Task { @MainActor } chain`: N such tasks one after another, each started by the
///   previous one's job: N sequential hops (`await MainActor.run` from the main actor does
///   not hop at all, so a chain of those would measure nothing).
/// - `MainActor.run round trip`: a `Task.detached` awaiting `MainActor.run` N/5 times: a hop
///   to the main thread and back to the default executor each time (under the virtual
///   clock the default executor is the loop too, so no thread is crossed).
/// - `Task.yield() on the main actor`: one `@MainActor` task awaiting `Task.yield()` N/5
///   times. Swift enqueues a yielding task on the global (default) executor, and the task
///   hops back to the main actor from there: a round trip too, not a main-actor job alone.
///
/// Each figure is the median of 3 repetitions after a warm-up run of a tenth, with the
/// min–max; ns per operation. "of which posting" is the time spent in the posting loop alone
/// (every `DispatchQueue.main.async` writes the main queue's eventfd on Linux, on both
/// sides; under the host clock Lifeloop keeps that eventfd in its loop's epoll set, so each
/// write also runs the kernel's epoll wakeup). The round trips and yields cross threads:
/// on a loaded machine their figures vary more than the others.
///
/// To profile one child alone: `LIFELOOP_BENCH_CHILD=mainqueue-lifeloop
/// LIFELOOP_BENCH_OPS=taskChain,roundTrip lifeloop-bench` prints its lines.
enum MainQueueWorkload {
    static let childVariable = "LIFELOOP_BENCH_CHILD"
    static let n = 100_000
    static let roundTrips = 20_000
    static let repetitions = 3
    /// A child taking longer is killed, and whatever it did not print is FAILED.
    static let childTimeoutSeconds = 180.0
    /// One drain taking longer gives up, FAILED.
    static let drainTimeoutSeconds = 60.0

    enum Side: String, CaseIterable {
        case lifeloop = "mainqueue-lifeloop"
        case lifeloopVirtual = "mainqueue-lifeloop-virtual"
        case runLoop = "mainqueue-runloop"

        var title: String {
            switch self {
            case .lifeloop: "Lifeloop (host)"
            case .lifeloopVirtual: "Lifeloop (virtual)"
            case .runLoop: "RunLoop.main"
            }
        }
    }

    enum Operation: String, CaseIterable {
        case mainAsync
        case taskHop
        case taskChain
        case roundTrip
        case yieldChain
        case globalHop

        var title: String {
            switch self {
            case .mainAsync: "main.async (post+drain)"
            case .taskHop: "Task { @MainActor }"
            case .taskChain: "Task { @MainActor } chain"
            case .roundTrip: "MainActor.run round trip"
            case .yieldChain: "Task.yield() on main actor"
            case .globalHop: "global().async → main.async"
            }
        }

        var count: Int { self == .roundTrip || self == .yieldChain ? MainQueueWorkload.roundTrips : MainQueueWorkload.n }
    }

    // MARK: The child

    /// Runs a child's measurements if `LIFELOOP_BENCH_CHILD` names one; false otherwise.
    /// Called first thing in `main`: the Lifeloop child installs the executors before any
    /// task exists.
    static func runChildIfAsked() -> Bool {
        guard let raw = getenv(childVariable), let side = Side(rawValue: String(cString: raw)) else { return false }
        if side != .runLoop { MainThread.installExecutors() }
        do {
            let driver = try Driver(side)
            // `LIFELOOP_BENCH_OPS=yieldChain,roundTrip`: only those (for profiling a child alone).
            let only = getenv("LIFELOOP_BENCH_OPS").map { String(cString: $0).split(separator: ",").map(String.init) }
            for operation in Operation.allCases where only?.contains(operation.rawValue) ?? true {
                print(measure(operation, driver))
                fflush(nil)
            }
            try driver.close()
        } catch {
            print("mainqueue setup FAILED \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        }
        fflush(nil)
        return true
    }

    /// How the main thread's queued work runs: the app's loop, or `RunLoop.main`.
    final class Driver {
        let side: Side
        let app: Application?
        let counter = Counter()

        init(_ side: Side) throws {
            self.side = side
            switch side {
            case .runLoop: app = nil
            case .lifeloop: app = try Application(clock: .host, traceMode: .digestOnly)
            case .lifeloopVirtual: app = try Application(clock: .virtual, traceMode: .digestOnly)
            }
        }

        func close() throws { try app?.close() }

        /// Runs the main thread's queued work until the counter is reached; nil if it was,
        /// else what went wrong.
        func drain() -> String? {
            switch side {
            case .runLoop:
                let deadline = Date(timeIntervalSinceNow: drainTimeoutSeconds)
                while counter.value < counter.target {
                    if Date() > deadline { return "RunLoop.main ran \(Int(drainTimeoutSeconds)) s, count \(counter.value) of \(counter.target)" }
                    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                }
                return nil
            case .lifeloop:
                let loop = app!.loop
                var timedOut = false
                let watchdog = loop.schedule(after: .seconds(Int64(drainTimeoutSeconds))) {
                    timedOut = true
                    loop.stop()
                }
                do { try loop.run() } catch { return "app.loop.run() threw \(error)" }
                _ = loop.cancel(watchdog)
                if counter.value < counter.target {
                    return timedOut ? "app.loop.run() ran \(Int(drainTimeoutSeconds)) s, count \(counter.value) of \(counter.target)"
                        : "app.loop.run() returned, count \(counter.value) of \(counter.target)"
                }
                return nil
            case .lifeloopVirtual:
                do { try app!.loop.runUntilIdle(maxTurns: 50_000_000) } catch { return "runUntilIdle threw \(error)" }
                return counter.value < counter.target ? "runUntilIdle returned, count \(counter.value) of \(counter.target)" : nil
            }
        }

        /// What the last operation of a run calls: the host loop's run ends there.
        var finish: @Sendable () -> Void {
            guard side == .lifeloop, let loop = app?.loop else { return {} }
            let box = LoopBox(loop)
            return { box.loop.stop() }
        }
    }

    /// Carries the loop to the closures Swift runs on the main thread (which is its thread).
    final class LoopBox: @unchecked Sendable {
        let loop: EventLoop
        init(_ loop: EventLoop) { self.loop = loop }
    }

    /// One operation: a warm-up of a tenth, then the repetitions; its line for the parent.
    static func measure(_ operation: Operation, _ driver: Driver) -> String {
        var figures: [Double] = []
        var posts: [Double] = []
        for repetition in 0...repetitions {
            let count = repetition == 0 ? operation.count / 10 : operation.count
            switch once(operation, count: count, driver) {
            case .failure(let reason):
                return "mainqueue \(operation.rawValue) FAILED \(reason)"
            case .success(let (total, post)):
                if repetition > 0 {
                    figures.append(total / Double(count))
                    posts.append(post / Double(count))
                }
            }
        }
        let list = figures.map { String(format: "%.1f", $0) }.joined(separator: ",")
        let postList = posts.map { String(format: "%.1f", $0) }.joined(separator: ",")
        return "mainqueue \(operation.rawValue) ok n=\(operation.count) ns=\(list) post=\(postList)"
    }

    struct Failure: Error { var reason: String }

    /// Times one run: (nanoseconds from the first post to the last operation, nanoseconds
    /// of the posting alone).
    static func once(_ operation: Operation, count: Int, _ driver: Driver) -> Result<(Double, Double), Failure> {
        let counter = driver.counter
        counter.reset(target: count)
        let finish = driver.finish
        let start = MonotonicClock.nanoseconds
        switch operation {
        case .mainAsync:
            for _ in 0..<count {
                DispatchQueue.main.async { if counter.bump() { finish() } }
            }
        case .taskHop:
            for _ in 0..<count {
                Task { @MainActor in if counter.bump() { finish() } }
            }
        case .taskChain:
            Task { @MainActor in chainStep(count, counter, finish) }
        case .yieldChain:
            Task { @MainActor in
                for _ in 0..<count {
                    if counter.bump() { finish() }
                    await Task.yield()
                }
            }
        case .globalHop:
            // The most common pattern there is: under the virtual clock each block is a job
            // of the app's Dispatch scheduler; elsewhere libdispatch's own threads run it.
            for _ in 0..<count {
                DispatchQueue.global().async {
                    DispatchQueue.main.async { if counter.bump() { finish() } }
                }
            }
        case .roundTrip:
            Task.detached {
                for _ in 0..<count {
                    await MainActor.run { if counter.bump() { finish() } }
                }
            }
        }
        let posted = MonotonicClock.nanoseconds
        if let reason = driver.drain() { return .failure(Failure(reason: reason)) }
        let end = MonotonicClock.nanoseconds
        return .success((Double(end - start), Double(posted - start)))
    }

    /// One hop of the chain: counts, and starts the next.
    @MainActor
    static func chainStep(_ remaining: Int, _ counter: Counter, _ finish: @escaping @Sendable () -> Void) {
        if counter.bump() { finish() }
        if remaining > 1 { Task { @MainActor in chainStep(remaining - 1, counter, finish) } }
    }

    // MARK: The parent

    struct Figures {
        var median: Double
        var min: Double
        var max: Double
        var post: Double
    }

    static func run() {
        print("\nmain queue and main actor (issue 14): each side in a child process of its own, on its main thread;")
        print("  N = \(n) (round trips and yields \(roundTrips)); ns per operation from the first post to the last one run,")
        print("  median of \(repetitions) after a warm-up, min–max; Lifeloop: executors installed, digest-only trace")
        var results: [Side: [Operation: Result<Figures, Failure>]] = [:]
        for side in Side.allCases { results[side] = child(side) }
        print("  " + pad("operation", 28) + pad("system", 20) + pad("ns/op", 10) + pad("min–max", 16) + "of which posting")
        for operation in Operation.allCases {
            for side in Side.allCases {
                let line = "  " + pad(operation.title, 28) + pad(side.title, 20)
                switch results[side]?[operation] ?? .failure(Failure(reason: "not measured")) {
                case .success(let figures):
                    print(line + pad(String(format: "%.1f", figures.median), 10)
                        + pad(String(format: "%.1f–%.1f", figures.min, figures.max), 16) + String(format: "%.1f", figures.post))
                case .failure(let failure):
                    print(line + "FAILED: \(failure.reason)")
                }
            }
        }
        print("  ratios (Lifeloop / RunLoop.main; goal for global().async → main.async under the virtual clock: ≤ 2)")
        for operation in Operation.allCases {
            guard case .success(let peer)? = results[.runLoop]?[operation] else { continue }
            for side in [Side.lifeloop, .lifeloopVirtual] {
                guard case .success(let ours)? = results[side]?[operation] else { continue }
                let ratio = ours.median / peer.median
                let goal = operation == .globalHop && side == .lifeloopVirtual ? (ratio <= 2 ? "  goal ≤ 2: met" : "  goal ≤ 2: NOT MET") : ""
                print("    " + pad("\(operation.title): \(side.title)", 52) + String(format: "%.3f", ratio) + goal)
            }
        }
    }

    /// Runs one side's child and reads its lines.
    static func child(_ side: Side) -> [Operation: Result<Figures, Failure>] {
        var results: [Operation: Result<Figures, Failure>] = [:]
        func failAll(_ reason: String) {
            for operation in Operation.allCases where results[operation] == nil { results[operation] = .failure(Failure(reason: reason)) }
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = side.rawValue
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        // The output is a few short lines, read by a thread so that no pipe buffer fills.
        final class Output: @unchecked Sendable { var data = Data() }
        let output = Output()
        let read = DispatchSemaphore(value: 0)
        let reader = Thread {
            output.data = pipe.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }
        do { try process.run() } catch {
            failAll("could not start \(executable): \(error)")
            return results
        }
        reader.start()
        let deadline = Date(timeIntervalSinceNow: childTimeoutSeconds)
        var killed = false
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        read.wait()
        let text = String(decoding: output.data, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard words.count >= 3, words[0] == "mainqueue" else { continue }
            if words[1] == "setup" {
                failAll(words.dropFirst(3).joined(separator: " "))
                continue
            }
            guard let operation = Operation(rawValue: words[1]) else { continue }
            if words[2] == "FAILED" {
                results[operation] = .failure(Failure(reason: words.count > 3 ? words[3] : "no reason given"))
                continue
            }
            var fields: [String: [Double]] = [:]
            for field in (words.count > 3 ? words[3] : "").split(separator: " ") {
                let pair = field.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                fields[String(pair[0])] = pair[1].split(separator: ",").compactMap { Double($0) }
            }
            guard let values = fields["ns"], !values.isEmpty else {
                results[operation] = .failure(Failure(reason: "unreadable line: \(line)"))
                continue
            }
            let sorted = values.sorted()
            let posts = (fields["post"] ?? [0]).sorted()
            results[operation] = .success(Figures(median: sorted[sorted.count / 2], min: sorted.first!, max: sorted.last!,
                                                  post: posts[posts.count / 2]))
        }
        if killed {
            failAll("the child (\(side.rawValue)) was still running after \(Int(childTimeoutSeconds)) s and was killed")
        } else if process.terminationStatus != 0 || process.terminationReason != .exit {
            failAll("the child (\(side.rawValue)) ended with status \(process.terminationStatus) (\(process.terminationReason == .exit ? "exit" : "signal")) before printing this")
        } else {
            failAll("the child (\(side.rawValue)) did not print it")
        }
        return results
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
