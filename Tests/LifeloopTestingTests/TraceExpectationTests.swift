import Lifeloop
import LifeloopTesting
import Testing

/// Events as a trace holds them, numbered in order.
func events(_ lines: [String]) -> [TraceEvent] {
    lines.enumerated().map { index, line in
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        return TraceEvent(sequence: UInt64(index), time: 0, turn: 1, label: parts[0], name: parts[1])
    }
}

@Suite("Trace expectations")
struct TraceExpectationTests {
    let push = events([
        "Home viewWillDisappear", "Detail loadView", "Detail viewDidLoad", "Detail viewWillAppear",
        "Detail viewWillLayoutSubviews", "Detail viewDidLayoutSubviews", "Home viewDidDisappear", "Detail viewDidAppear",
    ])

    @Test func aSubsequenceWithOthersBetweenPasses() {
        #expect(TraceExpectation.checkSubsequence(["Home viewWillDisappear", "Detail viewWillAppear", "Detail viewDidAppear"],
                                                  in: push) == nil)
        #expect(TraceExpectation.checkSubsequence([], in: push) == nil)
    }

    @Test func aMissingEventIsNamedWithWhereTheSearchStopped() throws {
        let mismatch = try #require(TraceExpectation.checkSubsequence(
            ["Detail viewWillAppear", "Detail viewIsAppearing", "Detail viewDidAppear"], in: push))
        let text = mismatch.description
        #expect(text.hasPrefix("the trace lacks expected event 2 of 3, \"Detail viewIsAppearing\", after \"Detail viewWillAppear\" (#4)"))
        #expect(text.contains("  ✗ Detail viewIsAppearing"))
        #expect(text.contains("    Detail viewDidAppear  (not looked for)"))
        #expect(text.contains("  > 4  Detail viewWillAppear"))
        #expect(!text.contains("came earlier"))
    }

    @Test func anEventOutOfOrderSaysItCameEarlier() throws {
        let mismatch = try #require(TraceExpectation.checkSubsequence(["Detail viewDidAppear", "Home viewDidDisappear"], in: push))
        #expect(mismatch.description.contains("it came earlier, at #7: the order differs"))
    }

    @Test func labelsNarrowWhatIsLookedAt() throws {
        #expect(TraceExpectation.checkSubsequence(["Home viewWillDisappear", "Home viewDidDisappear"], in: push,
                                                  labels: ["Home"]) == nil)
        let mismatch = try #require(TraceExpectation.checkSubsequence(["Detail viewDidLoad"], in: push, labels: ["Home"]))
        #expect(mismatch.description.contains("(labels Home)"))
        #expect(!mismatch.description.contains("Detail loadView"), "other labels' events are not shown")
    }

    @Test func exactlyTheseEventsForTheseLabelsPasses() {
        #expect(TraceExpectation.checkExactly(["Home viewWillDisappear", "Home viewDidDisappear"], in: push, labels: ["Home"]) == nil)
        #expect(TraceExpectation.checkExactly(["Detail viewWillAppear", "Detail viewDidAppear"], in: push, labels: ["Detail"],
                                              names: ["viewWillAppear", "viewDidAppear"]) == nil)
    }

    @Test func aDifferenceShowsExpectedGotTheDiffAndTheEventsAround() throws {
        let mismatch = try #require(TraceExpectation.checkExactly(
            ["Detail loadView", "Detail viewDidLoad", "Detail viewDidAppear", "Detail viewWillAppear"],
            in: push, labels: ["Detail"], names: ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear"]))
        let text = mismatch.description
        #expect(text.hasPrefix("the events of Detail named loadView, viewDidAppear, viewDidLoad, viewWillAppear differ from the expected ones at #3 (expected 4 events, got 4)"))
        #expect(text.contains("  expected: Detail viewDidAppear\n  got:      Detail viewWillAppear"))
        #expect(text.contains("diff (- expected, + got):"))
        #expect(text.contains("  - Detail viewDidAppear") || text.contains("  + Detail viewDidAppear"))
        #expect(text.contains("  > 3  Detail viewWillAppear"))
    }

    @Test func aShortTraceSaysNothingMoreCame() throws {
        let mismatch = try #require(TraceExpectation.checkExactly(["Home viewWillDisappear", "Home viewDidDisappear", "Home dealloc"],
                                                                  in: push, labels: ["Home"]))
        #expect(mismatch.description.contains("at #3 (expected 3 events, got 2)"))
        #expect(mismatch.description.contains("  got:      (nothing more)"))
        #expect(mismatch.description.contains("  - Home dealloc"))
    }

    @Test func marksLimitTheEventsToWhatCameAfter() throws {
        try withTestApp { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            let mark = app.mark()
            #expect(app.expectTrace(contains: ["Counter viewDidAppear"]))
            let log = FailureLog()
            let quiet = TraceMark(app.trace)
            #expect(quiet == mark)
            #expect(quiet.events(in: app.trace).isEmpty)
            #expect(TraceExpectation.checkSubsequence(["Counter viewDidAppear"], in: mark.events(in: app.trace)) != nil)
            app.tap(labelled: "plus")
            #expect(app.expectTrace(exactly: ["plus tap"], labels: ["plus"], events: ["tap"], since: mark))
            #expect(log.messages.isEmpty)
        }
    }
}

/// The failure shown in LifeloopTesting's article Testing an app: a test that expects the
/// wrong order on purpose, marked as a known issue, whose message is checked here.
@Suite("Readable failures")
struct ReadableFailureTests {
    @Test func aWrongOrderFailsWithAReadableDiff() throws {
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            let counter = CounterScreen(label: "Counter")
            app.show(counter)
            app.expectTrace(exactly: ["Counter viewDidLoad", "Counter viewDidAppear", "Counter viewWillAppear"],
                            labels: ["Counter"], events: ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
        }
        let message = try #require(log.messages.first)
        print("--- the readable failure ---\n" + message + "\n---")
        #expect(message.contains("differ from the expected ones at #2 (expected 3 events, got 3)"))
        #expect(message.contains("  expected: Counter viewDidAppear\n  got:      Counter viewWillAppear"))
        #expect(message.contains("  > 2  Counter viewWillAppear"))
    }

    @Test func theSameFailureIsAnIssueUnderSwiftTesting() throws {
        try withKnownIssue("the expected order is wrong on purpose") {
            try withTestApp { app in
                app.show(CounterScreen(label: "Counter"))
                app.expectTrace(exactly: ["Counter viewDidLoad", "Counter viewDidAppear", "Counter viewWillAppear"],
                                labels: ["Counter"], events: ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("  expected: Counter viewDidAppear") }
        }
    }
}
