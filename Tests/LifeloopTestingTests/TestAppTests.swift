import Foundation
import Lifeloop
import LifeloopTesting
import Testing

/// A screen with a label and a button that pushes nothing: enough to drive.
final class CounterScreen: ViewController {
    let valueLabel = Label(frame: Rect(x: 20, y: 120, width: 200, height: 30))
    let plus = Button(frame: Rect(x: 20, y: 170, width: 100, height: 44))
    private(set) var value = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        valueLabel.traceLabel = "value"
        valueLabel.text = "0"
        plus.traceLabel = "plus"
        plus.setTitle("+", for: .normal)
        plus.addAction(Action { [unowned self] _ in
            value += 1
            valueLabel.text = "\(value)"
        }, for: .touchUpInside)
        view.addSubview(valueLabel)
        view.addSubview(plus)
    }
}

@Suite("TestApp")
struct TestAppTests {
    @Test func withTestAppClosesTheAppWhenTheBodyThrows() throws {
        struct Stop: Error {}
        var kept: TestApp?
        #expect(throws: Stop.self) {
            try withTestApp { app in
                kept = app
                app.show(CounterScreen(label: "Counter"))
                throw Stop()
            }
        }
        #expect(kept?.app.isClosed == true)
        #expect(kept?.app.isStrict == true)
        #expect(kept?.app.loop.clock == .virtual)
    }

    @Test func tapByLabelDrivesTheScreen() throws {
        try withTestApp { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            #expect(app.tap(labelled: "plus"))
            #expect(app.tap(labelled: "plus"))
            #expect(counter.value == 2)
            #expect(counter.valueLabel.text == "2")
        }
    }

    @Test func aMissingLabelFailsNamingTheLabelsThere() throws {
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            app.show(CounterScreen(label: "Counter"))
            #expect(!app.tap(labelled: "minus"))
        }
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("no view labelled \"minus\"") == true)
        #expect(log.messages.first?.contains("plus") == true)
    }

    @Test func settleThatCannotFinishNamesThePendingWork() throws {
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            app.show(CounterScreen(label: "Counter"))
            _ = try app.app.loop.scheduleRepeating(every: .milliseconds(250), label: "poll server") {}
            #expect(!app.settle(maxTurns: 20))
        }
        let message = try #require(log.messages.first)
        #expect(message.contains("settle did not finish: the app was still busy after 20 turns"))
        #expect(message.contains("\"poll server\" due at"))
        #expect(message.contains("every 250ms"))
        #expect(log.messages.count == 1)
        #expect(log.sites.first?.line ?? 0 > 0)
    }

    @Test func strictModeReportsDiagnosticsAtTheSettleThatSawThem() throws {
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            counter.dismiss(animated: false)
            #expect(!app.settle())
        }
        #expect(log.messages.count == 1, "reported once: finish does not report it again")
        #expect(log.messages.first?.contains("nothingToDismiss") == true)
    }

    @Test func diagnosticsAfterTheLastSettleFailAtTheEnd() throws {
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            counter.dismiss(animated: false)
        }
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("recorded after the last settle") == true)
    }

    @Test func nonStrictAppsLetDiagnosticsPass() throws {
        let log = FailureLog()
        try withTestApp(strict: false, reporter: .capturing(log)) { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            counter.dismiss(animated: false)
            #expect(app.settle())
            #expect(app.app.diagnostics.map(\.kind) == [.nothingToDismiss])
        }
        #expect(log.messages.isEmpty)
    }

    @Test func stepRunsOneTurnAndAdvanceMovesTheClock() throws {
        try withTestApp { app in
            app.show(CounterScreen(label: "Counter"))
            var fired: [String] = []
            _ = app.app.loop.schedule(after: .milliseconds(100), label: "first") { fired.append("first") }
            _ = app.app.loop.schedule(after: .milliseconds(300), label: "second") { fired.append("second") }
            let turn = app.app.loop.turn
            #expect(app.step())
            #expect(fired == ["first"], "one turn: the clock moves to the next timer only")
            #expect(app.app.loop.turn > turn)
            #expect(app.pendingWorkDescription().contains("\"second\" due at"))
            #expect(app.advance(by: .milliseconds(500)))
            #expect(fired == ["first", "second"])
            #expect(app.pendingWorkDescription().hasSuffix("nothing"))
        }
    }

    @Test func failuresGoToSwiftTestingAtTheCallersLine() throws {
        try withKnownIssue {
            try withTestApp { app in
                app.show(CounterScreen(label: "Counter"))
                app.expectTrace(contains: ["Counter viewDidAppear", "Counter viewDidLoad"])
            }
        } matching: { issue in
            issue.sourceLocation?.fileName == "TestAppTests.swift"
                && issue.comments.contains { $0.rawValue.contains("it came earlier") }
        }
    }
}
