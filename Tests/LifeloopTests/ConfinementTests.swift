import Foundation
import Synchronization
import Testing
@testable import Lifeloop

/// Smuggles a UI object to another thread on purpose, to prove the runtime catches it.
final class Smuggled<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("Confinement")
struct ConfinementTests {
    /// A UI call from another thread is an `offLoopAccess` diagnostic and is ignored:
    /// never a trap, never a data race on the tree.
    @Test
    func uiCallFromAnotherThreadIsADiagnosticAndIgnored() throws {
        let app = try Application()
        let controller = ViewController(label: "A")
        _ = try showInWindow(controller, app: app)
        let stray = View(frame: .zero)
        let root = Smuggled(controller.view!)
        let child = Smuggled(stray)
        let done = DispatchSemaphore(value: 0)
        Thread {
            root.value.addSubview(child.value)
            root.value.setNeedsLayout()
            done.signal()
        }.start()
        done.wait()
        try app.settle()
        #expect(controller.view.subviews.isEmpty)
        #expect(app.diagnostics.map(\.kind) == [.offLoopAccess, .offLoopAccess])
        #expect(app.trace.lines.filter { $0.hasSuffix("offLoopAccess") }.count == 2, "recorded in the trace, on the loop")
    }

    /// Two apps on two threads of one process share nothing: each gives the trace it gives
    /// alone.
    @Test
    func twoAppsOnTwoThreadsRunIndependently() throws {
        @Sendable func run(_ name: String) -> String {
            (try? SampleCatalog.named(name)?.run().digest.description) ?? "failed"
        }
        let results = Mutex<[String: Set<String>]>([:])
        let group = DispatchGroup()
        for name in ["SeedSegue", "ViewTree"] {
            group.enter()
            Thread {
                for _ in 0..<20 {
                    let digest = run(name)
                    results.withLock { _ = $0[name, default: []].insert(digest) }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(results.withLock { $0 } == ["SeedSegue": [run("SeedSegue")], "ViewTree": [run("ViewTree")]])
    }

    /// Labels are numbered per app: two apps each start at `View#1`.
    @Test
    func defaultLabelsAreNumberedPerApp() throws {
        let first = try Application()
        let a = View(frame: .zero)
        let second = try Application()
        let b = View(frame: .zero)
        #expect(a.label == "View#1")
        #expect(b.label == "View#1")
        #expect(a.application === first)
        #expect(b.application === second)
    }
}

@Suite("Application lifetime")
struct ApplicationLifetimeTests {
    /// A loop kept after its app is gone is closed: running it is an error, not a call
    /// into freed display links.
    @Test
    func theLoopClosesWithItsApp() throws {
        var loop: EventLoop?
        do {
            let app = try Application()
            let controller = ViewController(label: "A")
            _ = try showInWindow(controller, app: app)
            let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(box)
            View.animate(withDuration: 1, animations: { box.alpha = 0 })
            loop = app.loop
        }
        #expect(loop?.loopCloseStatus == 0)
        #expect(throws: LoopError.self) { try loop?.runUntilIdle() }
    }
}
