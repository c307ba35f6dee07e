import Foundation
import Testing
@testable import Lifeloop

/// The descriptors this process has open, counted in /proc/self/fd.
private func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// How far the count may move for reasons that are not the apps': the test harness and
/// Dispatch open and close a few descriptors of their own on other threads (a busy
/// machine showed one more at the end). A leak of even one descriptor per app is 2,000.
private let descriptorSlack = 16

/// A controller that keeps its app: the cycle app → window → controller → app.
private final class AppHoldingController: ViewController {
    var heldApp: Application?
}

/// One app doing what apps do: a navigation push, an animation, a worker job, a timer.
/// Nothing in it captures the app strongly.
private func runOrdinaryApp() throws -> Application {
    let app = try Application(clock: .virtual, workerWidth: 1)
    let navigation = NavigationController(rootViewController: ViewController(label: "A"))
    let window = Window(screen: .phone, label: "main")
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    try app.settle()
    navigation.pushViewController(ViewController(label: "B"), animated: true)
    _ = app.loop.submit(label: "fetch", cost: .milliseconds(5), work: { 42 }) { [weak app] _ in
        app?.loop.record(label: "job", event: "done")
    }
    _ = app.loop.schedule(after: .seconds(60)) {}
    try app.settle()
    return app
}

/// An app held by the cycles of everyday code: a repeating timer, an observer, a trace
/// sink, a job completion and a controller, each holding the app. `close()` breaks them
/// all. Returns the app if it outlived the call.
@discardableResult
private func runCyclicAppAndClose() throws -> Application? {
    weak var released: Application?
    do {
        let app = try Application(clock: .virtual, workerWidth: 1)
        released = app
        let controller = AppHoldingController(label: "A")
        controller.heldApp = app
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = try app.loop.scheduleRepeating(every: .milliseconds(16)) { _ = app.windows.count }
        _ = app.loop.addObserver(.afterWaiting) { _ = app.windows.count }
        app.trace.sink = { _ in _ = app.isClosed }
        _ = app.loop.submit(label: "slow", cost: .seconds(1), work: { 1 }) { _ in _ = app.windows }
        try app.advance(by: .milliseconds(50))
        try app.close()
    }
    return released
}

/// Each app owns a libuv loop: an epoll descriptor, an eventfd for its async handle and
/// more. Before `close()` and the observer clean-up, an app kept alive by a closure that
/// captured it kept those descriptors, and a process ran out (`EMFILE`) after about 255
/// apps at `ulimit -n 1024`. Each test makes 2,000 apps in sequence on one thread, in a
/// child process (an exit test), so other tests' loops do not move the count.
@Suite("Descriptors: 2,000 apps in sequence leave the descriptor count flat")
struct DescriptorTests {
    @Test func droppedAppsReleaseTheirDescriptors() async {
        await #expect(processExitsWith: .success) {
            _ = try runOrdinaryApp()  // warms up Dispatch's own descriptors
            let before = openDescriptorCount()
            for _ in 0..<2_000 {
                weak var released: Application?
                do {
                    let app = try runOrdinaryApp()
                    released = app
                }
                if released != nil { print("an app outlived its last reference"); exit(1) }
            }
            let after = openDescriptorCount()
            if after > before + descriptorSlack { print("descriptors: \(before) before, \(after) after"); exit(1) }
        }
    }

    /// The cycles of everyday code: a repeating timer, an observer, a trace sink, a job
    /// completion and a controller, each holding the app. `close()` breaks them all.
    @Test func closedAppsInCyclesReleaseTheirDescriptorsAndMemory() async {
        await #expect(processExitsWith: .success) {
            try runCyclicAppAndClose()  // warms up Dispatch's own descriptors
            let before = openDescriptorCount()
            for _ in 0..<2_000 {
                if try runCyclicAppAndClose() != nil { print("a closed app outlived its last reference"); exit(3) }
            }
            let after = openDescriptorCount()
            if after > before + descriptorSlack { print("descriptors: \(before) before, \(after) after"); exit(4) }
        }
    }

    /// Before `close()` existed, the same cycle kept the first app alive, so the second
    /// `Application()` on the thread was refused; the error now says how to end the first.
    @Test func aClosedAppFreesItsThreadAndRefusesToRun() throws {
        let app = try Application()
        _ = try app.loop.scheduleRepeating(every: .milliseconds(16), label: "tick") { _ = app.windows.count }
        try app.advance(by: .milliseconds(40))
        try app.close()
        try app.close()  // twice does nothing
        #expect(throws: LoopError.self) { try app.settle() }
        #expect(app.loop.pendingTimerCount == 0)
        // The trace stays readable after the close.
        #expect(app.trace.events.filter { $0.label == "tick" }.count == 2)
        let next = try Application()
        #expect(next !== app)
    }
}
