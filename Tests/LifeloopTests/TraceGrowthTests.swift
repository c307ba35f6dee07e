import Testing
@testable import Lifeloop

/// An unbounded trace grew about 395 MB per simulated hour on a 4-window animating app,
/// with nothing said. Now the app warns once when it passes `traceWarningEvents`.
@Suite("Trace growth: one warning when an unbounded trace gets large")
struct TraceGrowthTests {
    /// An app whose controller's view gets a layout pass per tick: a steady stream of events.
    private func tickingApp(traceCapacity: Int?) throws -> (Application, ViewController) {
        let app = try Application(traceCapacity: traceCapacity)
        app.traceWarningEvents = 200
        let controller = ViewController(label: "A")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        return (app, controller)
    }

    private func tick(_ app: Application, _ controller: ViewController, times: Int) throws {
        for _ in 0..<times {
            controller.view.setNeedsLayout()
            try app.settle()
        }
    }

    @Test func anUnboundedTraceWarnsOnceWhenItPassesTheThreshold() throws {
        let (app, controller) = try tickingApp(traceCapacity: nil)
        #expect(app.trace.count < 200)
        #expect(!app.diagnostics.contains { $0.kind == .traceGrowth })
        try tick(app, controller, times: 200)
        #expect(app.trace.count > 400)
        let warnings = app.diagnostics.filter { $0.kind == .traceGrowth }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("bound it (Application(traceCapacity:)) or stream it") == true)
        // It is in the trace too, as every diagnostic is.
        #expect(app.trace.events.contains { $0.name == "traceGrowth" })
    }

    @Test func aDigestOnlyTraceNeverWarnsAndKeepsTheDigest() throws {
        let unbounded = try Self.ticked(traceMode: .unbounded)
        let digestOnly = try Self.ticked(traceMode: .digestOnly)
        #expect(digestOnly.trace.count > 400)
        #expect(digestOnly.trace.events.isEmpty)
        #expect(!digestOnly.diagnostics.contains { $0.kind == .traceGrowth })
        // The unbounded app warned, and the warning is an event of its trace: its digest
        // is the digest-only one plus that event.
        #expect(unbounded.diagnostics.contains { $0.kind == .traceGrowth })
        #expect(unbounded.trace.count == digestOnly.trace.count + 1)
    }

    /// An app in `traceMode` ticked 200 times with a warning threshold of 200, closed.
    private static func ticked(traceMode: TraceMode) throws -> Application {
        let app = try Application(traceMode: traceMode)
        app.traceWarningEvents = 200
        let controller = ViewController(label: "A")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        try app.settle()
        for _ in 0..<200 {
            controller.view.setNeedsLayout()
            try app.settle()
        }
        try app.close()
        return app
    }

    @Test func aBoundedTraceNeverWarns() throws {
        let (app, controller) = try tickingApp(traceCapacity: 50)
        try tick(app, controller, times: 200)
        #expect(app.trace.count > 400)
        #expect(!app.diagnostics.contains { $0.kind == .traceGrowth })
    }
}
