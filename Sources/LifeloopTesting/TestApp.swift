import Foundation
import Lifeloop

/// A Lifeloop app set up for a test: the virtual clock, strict mode on, and failures that
/// land in the test (Swift Testing or XCTest) at the caller's line instead of throwing.
///
/// Make one with ``withTestApp(screen:uikitVersion:strict:reporter:fileID:filePath:line:column:_:)``, which
/// closes it when the body returns or throws, or in XCTest with
/// `XCTestCase.makeTestApp(screen:uikitVersion:strict:fileID:filePath:line:column:)`, which closes it in the
/// test's teardown. An app that is released unclosed closes itself.
///
/// ```swift
/// @Test func detailAppears() throws {
///     try withTestApp { app in
///         let home = HomeViewController()
///         app.show(home)
///         let mark = app.mark()
///         home.showDetail()
///         app.settle()
///         app.expectTrace(contains: ["Detail viewWillAppear", "Detail viewDidAppear"], since: mark)
///     }
/// }
/// ```
///
/// Like Lifeloop's `Application`, a test app belongs to the thread that made it.
public final class TestApp {
    /// The app under test: use it for anything the helpers do not cover.
    public let app: Application
    /// Where failures go.
    public let reporter: FailureReporter
    /// The most turns ``settle(maxTurns:fileID:filePath:line:column:)`` runs before it reports the pending work.
    public var maxSettleTurns = 100_000
    /// How many of the app's diagnostics have been reported already.
    private var reportedDiagnostics = 0

    /// Makes an app on the calling thread on the virtual clock.
    /// - Parameters:
    ///   - screen: The main screen.
    ///   - uikitVersion: The UIKit release whose behaviour the app follows; the runtime's
    ///     default when nil.
    ///   - strict: Whether diagnostics (UIKit misuse the runtime caught) fail the test:
    ///     they are reported by ``settle(maxTurns:fileID:filePath:line:column:)``, ``advance(by:fileID:filePath:line:column:)``,
    ///     ``step(fileID:filePath:line:column:)`` and ``finish(fileID:filePath:line:column:)``.
    ///   - reporter: Where failures go; ``FailureReporter/automatic`` by default.
    /// - Throws: What `Application.init` throws (another app alive on this thread, or a
    ///   libuv failure).
    public init(screen: Screen = .phone, uikitVersion: UIKitVersion? = nil, strict: Bool = true,
                reporter: FailureReporter = .automatic) throws {
        app = try Application(clock: .virtual, screen: screen)
        if let uikitVersion { app.uikitVersion = uikitVersion }
        app.isStrict = strict
        self.reporter = reporter
    }

    deinit {
        if !app.isClosed { try? app.close() }
    }

    /// The app's trace.
    public var trace: Trace { app.trace }

    /// The virtual time, in nanoseconds since launch.
    public var now: UInt64 { app.now.nanoseconds }

    /// A mark after every event recorded so far, for expectations about what comes next.
    public func mark() -> TraceMark { TraceMark(app.trace) }

    /// Shows `root` in a new key, visible window and settles.
    /// - Parameters:
    ///   - root: The window's root view controller.
    ///   - label: The window's trace label.
    ///   - screen: Its screen; the app's main screen when nil.
    ///   - fileID: The caller's `#fileID`, where a failure is reported (the default).
    ///   - filePath: The caller's `#filePath` (the default).
    ///   - line: The caller's line (the default).
    ///   - column: The caller's column (the default).
    /// - Returns: The window.
    @discardableResult
    public func show(_ root: ViewController, label: String = "main", screen: Screen? = nil,
                     fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Window {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let window = Window(screen: screen ?? app.mainScreen, label: label)
        window.rootViewController = root
        window.makeKeyAndVisible()
        settle(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        return window
    }

    /// Runs the app until nothing is pending (no task, timer, job, animation or commit).
    ///
    /// When it is still busy after `maxTurns` turns (an endless animation, a repeating
    /// timer), the failure names what is pending: each animation, timer and job.
    /// - Returns: Whether it settled with no new diagnostics.
    @discardableResult
    public func settle(maxTurns: Int? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return run("settle", site: site) { try app.settle(maxTurns: maxTurns ?? maxSettleTurns) }
    }

    /// Moves the virtual clock forward by `duration`, running everything due on the way.
    /// - Returns: Whether it ran with no new diagnostics.
    @discardableResult
    public func advance(by duration: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return run("advance(by: \(duration))", site: site) { try app.advance(by: duration) }
    }

    /// Runs the work due next: the tasks queued now (one loop turn), or, when none are,
    /// moves the virtual clock to the next timer and runs what is due then. Nothing
    /// happens when the app is idle.
    /// - Returns: Whether it ran with no new diagnostics.
    @discardableResult
    public func step(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return run("step", site: site) {
            if app.loop.pendingTaskCount > 0 {
                do {
                    try app.loop.runUntilIdle(maxTurns: 1)
                } catch LoopError.budgetExceeded {
                    // One turn ran and more work is waiting: what a step is for.
                }
            } else if let next = app.loop.pendingWork(limit: 1).timers.first {
                try app.loop.advance(to: LoopInstant(nanoseconds: next.dueNanoseconds))
            }
            try checkDiagnostics()
        }
    }

    /// Taps a view, as `Application.tap(_:)` does, then settles.
    @discardableResult
    public func tap(_ view: View, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        app.tap(view)
        return settle(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// Taps the first view labelled `label` in the app's windows, then settles; a missing
    /// view fails the test, naming the labels there are.
    @discardableResult
    public func tap(labelled label: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let view = app.view(labelled: label) else {
            let labels = app.windows.flatMap { window in [window] + window.allSubviews }.map(\.traceLabel)
            reporter.fail("no view labelled \"\(label)\" in the app's windows; the labels there: "
                          + labels.prefix(40).joined(separator: ", ") + (labels.count > 40 ? ", …" : ""), at: site)
            return false
        }
        return tap(view, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// What keeps the app from being idle, one item a line: running animations, timers
    /// (due time and period), jobs and queued tasks, with the virtual time.
    public func pendingWorkDescription(limit: Int = 20) -> String {
        app.pendingWorkDescription(limit: limit)
    }

    /// Checks that `expected` occur in the trace in this order, possibly with other events
    /// between them; a failure shows where the search stopped and the events there.
    /// - Parameters:
    ///   - expected: `"label event"` lines, such as `"Detail viewDidAppear"`.
    ///   - labels: When given, only these labels' events are looked at.
    ///   - since: When given, only events after this mark.
    ///   - fileID: The caller's `#fileID`, where a failure is reported (the default).
    ///   - filePath: The caller's `#filePath` (the default).
    ///   - line: The caller's line (the default).
    ///   - column: The caller's column (the default).
    /// - Returns: Whether they occur.
    @discardableResult
    public func expectTrace(contains expected: [String], labels: Set<String>? = nil, since: TraceMark? = nil,
                            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = since?.events(in: app.trace) ?? app.trace.events
        guard let mismatch = TraceExpectation.checkSubsequence(expected, in: events, labels: labels) else { return true }
        reporter.fail(mismatch.description, at: site)
        return false
    }

    /// Checks that the trace's events for `labels` (and, when given, with these `events`
    /// names) are exactly `expected`; a failure shows the first difference, a diff and the
    /// events around it.
    /// - Returns: Whether they are equal.
    @discardableResult
    public func expectTrace(exactly expected: [String], labels: Set<String>, events: Set<String>? = nil,
                            since: TraceMark? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let all = since?.events(in: app.trace) ?? app.trace.events
        guard let mismatch = TraceExpectation.checkExactly(expected, in: all, labels: labels, names: events) else { return true }
        reporter.fail(mismatch.description, at: site)
        return false
    }

    /// Ends the test's use of the app: in strict mode reports diagnostics that no settle
    /// or advance has reported yet, then closes the app. Calling it again does nothing.
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !app.isClosed else { return }
        if app.isStrict {
            let fresh = Array(app.diagnostics.dropFirst(reportedDiagnostics))
            if !fresh.isEmpty {
                reportedDiagnostics = app.diagnostics.count
                reporter.fail("strict mode: \(fresh.count) diagnostic(s) recorded after the last settle: "
                              + fresh.map(\.description).joined(separator: "; "), at: site)
            }
        }
        do { try app.close() } catch { reporter.fail("closing the app failed: \(error)", at: site) }
    }

    /// In strict mode, throws the diagnostics recorded since the last report.
    private func checkDiagnostics() throws {
        guard app.isStrict, app.diagnostics.count > reportedDiagnostics else { return }
        throw StrictDiagnostics()
    }

    private func run(_ operation: String, site: CallSite, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            reportedDiagnostics = app.diagnostics.count
            return true
        } catch is DiagnosticsError, is StrictDiagnostics {
            // Only those not reported yet (a step reports its own).
            let fresh = Array(app.diagnostics.dropFirst(reportedDiagnostics))
            reportedDiagnostics = app.diagnostics.count
            if fresh.isEmpty { return true }
            reporter.fail("\(operation): strict mode: \(fresh.count) diagnostic(s): "
                          + fresh.map(\.description).joined(separator: "; "), at: site)
        } catch LoopError.budgetExceeded(let turns, _, _) {
            reporter.fail("\(operation) did not finish: the app was still busy after \(turns) turns.\n"
                          + pendingWorkDescription(), at: site)
        } catch {
            reporter.fail("\(operation) failed: \(error)", at: site)
        }
        return false
    }
}

/// New diagnostics in strict mode, found by a step (which runs the loop directly).
private struct StrictDiagnostics: Error {}

/// Runs `body` with a ``TestApp`` (virtual clock, strict mode) and closes the app when the
/// body returns or throws; in strict mode, diagnostics recorded after the body's last
/// settle fail the test at the end.
///
/// ```swift
/// @Test func counts() throws {
///     try withTestApp { app in
///         let counter = CounterViewController()
///         app.show(counter)
///         app.tap(labelled: "plus")
///         #expect(counter.value == 1)
///     }
/// }
/// ```
/// - Throws: What making the app throws, and what `body` throws.
@discardableResult
public func withTestApp<Result>(screen: Screen = .phone, uikitVersion: UIKitVersion? = nil, strict: Bool = true,
                                reporter: FailureReporter = .automatic, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                                _ body: (TestApp) throws -> Result) throws -> Result {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let app = try TestApp(screen: screen, uikitVersion: uikitVersion, strict: strict, reporter: reporter)
    defer { app.finish(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column) }
    return try body(app)
}

extension Application {
    /// What keeps the app from being idle, one item a line: the virtual time, running
    /// animations (view, property, end), timers (label, due time, period), jobs in flight
    /// and queued tasks. Call it on the app's thread.
    public func pendingWorkDescription(limit: Int = 20) -> String {
        let work = loop.pendingWork(limit: limit)
        let animations = runningAnimationSummary
        var lines = ["pending work at \(milliseconds(now.nanoseconds)):"]
        if !animations.isEmpty {
            lines.append("  animations (\(animations.count)):")
            for animation in animations.prefix(limit) {
                lines.append("    \(animation.view).\(animation.property) ends at \(milliseconds(animation.endNanoseconds))")
            }
        }
        if work.timerCount > 0 {
            lines.append("  timers (\(work.timerCount)):")
            for timer in work.timers {
                let owner = timer.label.map { "\"\($0)\"" } ?? (animations.isEmpty ? "unlabelled timer" : "display link (animations)")
                let period = timer.periodNanoseconds.map { " every \(milliseconds($0))" } ?? ""
                lines.append("    \(owner) due at \(milliseconds(timer.dueNanoseconds))\(period)")
            }
        }
        if work.jobCount > 0 {
            lines.append("  jobs (\(work.jobCount)): " + work.jobs.joined(separator: ", "))
        }
        if work.tasks > 0 { lines.append("  tasks queued: \(work.tasks)") }
        if lines.count == 1 { lines.append("  nothing") }
        return lines.joined(separator: "\n")
    }
}

/// `1234.567ms`, with up to three decimals.
func milliseconds(_ nanoseconds: UInt64) -> String {
    let micros = nanoseconds / 1000
    let fraction = micros % 1000
    guard fraction != 0 else { return "\(micros / 1000)ms" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(micros / 1000).\(digits)ms"
}

extension View {
    /// Every view under this one, depth first.
    fileprivate var allSubviews: [View] {
        subviews.flatMap { [$0] + $0.allSubviews }
    }
}
