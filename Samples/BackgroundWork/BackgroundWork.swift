import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Lifeloop
import LifeloopCore
import LifeloopScenario

/// Background work as real view-controller code writes it, all from one `viewDidLoad`:
/// a global queue hopping back to the main queue, a serial queue of the app's own (with a
/// `sync` read after its writes), a concurrent queue with a barrier, a `DispatchGroup`
/// whose `notify` lands on the main queue, an `OperationQueue` with a dependency and a
/// width of two, a repeating `Timer` on the main run loop, a notification posted from a
/// background queue to a main-queue observer, `asyncAfter` on a queue of the app's own,
/// a cancelled `DispatchWorkItem`, and a semaphore one block waits on and another
/// signals. Under the virtual clock (`lifeloop run`, the app on the main thread) every
/// block runs on the app's loop in a known turn: the trace is the same on every run.
public enum BackgroundWork {
    /// Traces from whatever thread the code runs on: on the loop's thread directly, from
    /// any other (the host clock, where queues run on libdispatch's threads) as a post.
    final class Tracer: @unchecked Sendable {
        // @unchecked: `loop` is only touched on its own thread; other threads use `poster`.
        private let loop: EventLoop
        private let poster: LoopPoster
        private let loopThread = pthread_self()
        private let label: String
        init(_ loop: EventLoop, label: String = "Probe") {
            self.loop = loop
            self.label = label
            poster = loop.makePoster()
        }
        func callAsFunction(_ event: String, _ detail: String = "") {
            if pthread_equal(loopThread, pthread_self()) != 0 {
                loop.record(label: label, event: event, detail: detail)
            } else {
                let loop = UncheckedSendable(loop)
                let label = label
                poster.post { loop.value.record(label: label, event: event, detail: detail) }
            }
        }
    }

    struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// A value shared between blocks, as app code shares one (behind a lock).
    final class Shared<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func update<R>(_ body: (inout Value) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    static let refreshed = Notification.Name("ProbeRefreshed")

    /// The sample's controller: its `viewDidLoad` starts every kind of background work at once
    /// (queues, groups, semaphores, operations, timers, notifications) and traces each result.
    public final class Probe: ViewController {
        var observer: NSObjectProtocol?

        public override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            let trace = Tracer(app.loop)

            // 1. The most common pattern there is.
            DispatchQueue.global().async {
                let sum = (1...1000).reduce(0, +)
                DispatchQueue.main.async { trace("globalToMain", "\(sum)") }
            }

            // 2. A serial queue of the app's own: writes, then a sync read.
            let serial = DispatchQueue(label: "com.probe.serial")
            let log = Shared<[Int]>([])
            for index in 0..<3 { serial.async { log.update { $0.append(index) } } }
            let read = serial.sync { log.update { $0 } }
            trace("serialSyncRead", read.map(String.init).joined(separator: ","))

            // 3. A concurrent queue with a barrier between two batches.
            let concurrent = DispatchQueue(label: "com.probe.concurrent", attributes: .concurrent)
            let batches = Shared<[String]>([])
            for index in 0..<2 { concurrent.async { batches.update { $0.append("a\(index)") } } }
            concurrent.async(flags: .barrier) { batches.update { $0.append("barrier") } }
            for index in 0..<2 { concurrent.async { batches.update { $0.append("b\(index)") } } }
            concurrent.async(flags: .barrier) {
                let seen = batches.update { $0 }
                DispatchQueue.main.async { trace("barrier", seen.joined(separator: ",")) }
            }

            // 4. A group: three blocks, one manual enter/leave, notify on the main queue.
            let group = DispatchGroup()
            let parts = Shared(0)
            for part in 1...3 { DispatchQueue.global().async(group: group) { parts.update { $0 += part } } }
            group.enter()
            serial.asyncAfter(deadline: .now() + .milliseconds(50)) {
                parts.update { $0 += 100 }
                group.leave()
            }
            group.notify(queue: .main) { trace("groupNotify", "\(parts.update { $0 })") }

            // 5. An operation queue, two wide, with a dependency.
            let operations = OperationQueue()
            operations.maxConcurrentOperationCount = 2
            let order = Shared<[String]>([])
            let download = BlockOperation { order.update { $0.append("download") } }
            let decode = BlockOperation { order.update { $0.append("decode") } }
            decode.addDependency(download)
            let finish = BlockOperation {
                let steps = order.update { $0 }
                OperationQueue.main.addOperation { trace("operations", steps.joined(separator: ",")) }
            }
            finish.addDependency(decode)
            operations.addOperations([finish, decode, download], waitUntilFinished: false)

            // 6. A repeating timer on the main run loop, invalidated after three fires.
            let fires = Shared(0)
            _ = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
                let count = fires.update { $0 += 1; return $0 }
                trace("timer", "\(count)")
                if count == 3 { timer.invalidate() }
            }

            // 7. A notification posted from a background queue, observed on the main queue.
            observer = NotificationCenter.default.addObserver(forName: BackgroundWork.refreshed, object: nil, queue: .main) { note in
                trace("notification", "\(note.userInfo?["count"] ?? "?")")
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
                NotificationCenter.default.post(name: BackgroundWork.refreshed, object: nil, userInfo: ["count": 7])
            }

            // 8. A cancelled work item never runs; the other one does.
            let cancelled = DispatchWorkItem { trace("cancelledRan") }
            let kept = DispatchWorkItem { DispatchQueue.main.async { trace("workItem") } }
            serial.asyncAfter(deadline: .now() + .milliseconds(20), execute: cancelled)
            serial.asyncAfter(deadline: .now() + .milliseconds(20), execute: kept)
            cancelled.cancel()

            // 10. A request to the scenario's network, decoded on a global queue, shown on
            // the main queue.
            if let url = URL(string: "https://api.example.com/feed") {
                URLSession.shared.dataTask(with: url) { data, response, error in
                    let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                    DispatchQueue.global().async {
                        let count = (try? JSONSerialization.jsonObject(with: data ?? Data()) as? [Any])?.count ?? -1
                        DispatchQueue.main.async { trace("feed", "status \(status) items \(count)\(error == nil ? "" : " error")") }
                    }
                }.resume()
            }

            // 11. The same request with async/await, from a main-actor task.
            if let url = URL(string: "https://api.example.com/feed") {
                Task { @MainActor in
                    do {
                        let (data, response) = try await URLSession.shared.data(from: url)
                        trace("feedAsync", "status \((response as? HTTPURLResponse)?.statusCode ?? -1) bytes \(data.count)")
                    } catch {
                        trace("feedAsync", "error \(error)")
                    }
                }
            }

            // 9. A semaphore one background block waits on and another signals.
            let ready = DispatchSemaphore(value: 0)
            let value = Shared(0)
            DispatchQueue.global().async {
                ready.wait()
                let got = value.update { $0 }
                DispatchQueue.main.async { trace("semaphore", "\(got)") }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(40)) {
                value.update { $0 = 42 }
                ready.signal()
            }
        }
    }

    /// Dispatch misuse, each caught without a hang: a `sync` onto the serial queue a block
    /// already runs on, `DispatchQueue.main.sync` from a callback, a semaphore nothing will
    /// signal, and a `DispatchSource` timer (real time).
    public final class Misuse: ViewController {
        public override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            let trace = Tracer(app.loop)
            let serial = DispatchQueue(label: "com.probe.misuse")
            serial.async {
                serial.sync { trace("nestedSyncRan") }
                trace("afterNestedSync")
            }
            DispatchQueue.main.sync { trace("mainSyncRan") }
            DispatchQueue.global().async {
                let never = DispatchSemaphore(value: 0)
                let result = never.wait(timeout: .distantFuture)
                trace("waitReturned", result == .timedOut ? "timedOut" : "success")
            }
            let source = DispatchSource.makeTimerSource(queue: serial)
            source.schedule(deadline: .now() + .seconds(3600))
            source.setEventHandler {}
            source.activate()
            source.cancel()
        }
    }

    static let misuse = AppDefinition(
        name: "DispatchMisuse", summary: "Dispatch misuse caught without a hang: deadlocking syncs, an endless wait, a real-time source",
        scenes: []
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = Misuse(label: "Misuse")
        window.makeKeyAndVisible()
    }

    static let definition = AppDefinition(
        name: "BackgroundWork",
        summary: "global→main, serial and concurrent queues, a group, an operation queue, a timer, a notification, a semaphore",
        scenes: []
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = Probe(label: "Probe")
        window.makeKeyAndVisible()
    }
}
