import Dispatch
import LifeloopCore
import Lifeloop
import LifeloopScenario

/// Real app code's hops to the main thread, on the app's loop: `Feed`'s `viewDidLoad`
/// starts `Task { @MainActor in … }`, which awaits two worker results and a
/// `Task.sleep`, runs a `Task.detached` computation and `await MainActor.run`; a worker
/// job's own work posts `DispatchQueue.main.async`; and `DispatchQueue.main.asyncAfter`. Every step is traced, so the trace
/// shows where each ran. Under `lifeloop run` (executors installed, the app on the main
/// thread) the trace is the same on every run, at any worker width and timing.
public enum Concurrency {
    /// Carries the app to code that Swift runs elsewhere; only the loop thread uses it.
    final class AppBox: @unchecked Sendable {
        unowned let app: Application
        unowned let feed: Feed
        init(_ app: Application, _ feed: Feed) {
            self.app = app
            self.feed = feed
        }
        func trace(_ event: String, _ detail: String = "") { app.loop.record(label: "Feed", event: event, detail: detail) }
    }

    final class Feed: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.traceLabel = "Feed.view"
            guard let app = application else { return }
            let box = AppBox(app, self)
            box.trace("taskStart")
            Task { @MainActor in
                box.trace("taskRunning")
                let items = try await box.app.loop.result(label: "fetchFeed", cost: .milliseconds(120)) { (0..<12).map { $0 * 3 } }
                box.trace("feedArrived", "\(items.count) items")
                try await Task.sleep(for: .milliseconds(200))
                box.trace("slept", "200ms")
                let sum = await Task.detached { items.reduce(0, +) }.value
                box.trace("detachedDone", "sum \(sum)")
                let thumbs = try await box.app.loop.result(label: "thumbnails", cost: .milliseconds(40)) { () -> Int in
                    // From a worker thread, as real code does.
                    DispatchQueue.main.async { box.trace("mainAsyncFromWorker") }
                    return 4
                }
                box.trace("thumbnailsArrived", "\(thumbs)")
                await MainActor.run { box.trace("mainActorRun") }
                box.feed.view.setNeedsLayout()
            }
            DispatchQueue.main.async { box.trace("mainAsyncFromLoop") }
            // Code that knows it is on the main actor (the main thread's app only).
            if MainThread.isCurrent { MainActor.assumeIsolated { box.trace("assumeIsolated") } }
            // A worker job whose work is an async function (it sleeps on real time, on the
            // workers), its result delivered at its cost like any job's.
            app.loop.submit(label: "asyncJob", cost: .milliseconds(30), asyncWork: { () async throws -> Int in
                try await Task.sleep(for: .milliseconds(2))
                return await withTaskGroup(of: Int.self) { group in
                    for part in 1...3 { group.addTask { part * 10 } }
                    return await group.reduce(0, +)
                }
            }) { result in box.trace("asyncJobDone", "\((try? result.get()) ?? -1)") }
            // A timer and a cross-thread post, for where main-queue work runs among them.
            _ = app.loop.schedule(after: .milliseconds(10)) {
                box.trace("timerFired")
                DispatchQueue.main.async { box.trace("mainAsyncFromTimer") }
                // Posted from a worker job's work: on the main thread's loop under the
                // virtual clock that work runs at its delivery instant, so the post lands
                // in a known turn (a thread of the app's own would post at real times).
                let poster = box.app.loop.makePoster()
                box.app.loop.submit(label: "poster", cost: .milliseconds(5), work: { () -> Int in
                    poster.post { box.trace("crossThreadPost") }
                    return 0
                }, completion: { _ in box.trace("posterDone") })
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) { box.trace("mainAsyncAfter", "250ms") }
        }
    }

    static let definition = AppDefinition(
        name: "Concurrency", summary: "Task { @MainActor }, awaits on worker results, Task.sleep, Task.detached, DispatchQueue.main.async from a worker",
        scenes: []
    ) { context in
        let spec = context.windows[0]
        let window = Window(screen: spec.screen, label: spec.label)
        window.rootViewController = Feed(label: "Feed")
        window.makeKeyAndVisible()
    }
}
