import Foundation
import Lifeloop
#if canImport(Testing)
import Testing
#endif
import XCTest

/// One launched app: the Lifeloop `Application` an `XCUIApplication` drives on the thread
/// that launched it, with the process state its launch set (environment variables, the
/// argument domain of `UserDefaults`) to put back when it ends.
final class XCUIAppSession {
    /// The app.
    let app: Application
    /// Where failures go.
    let reporter: FailureReporter
    /// The app's name in descriptions (`Application 'Checklist'`).
    var name: String
    /// The most virtual time the app runs after an action while it animates.
    static let quiescenceLimit = Duration.seconds(10)
    /// Environment variables the launch set, with what they were before (nil: unset).
    private var replacedEnvironment: [String: String?] = [:]
    /// The argument domain of `UserDefaults.standard` before the launch set it.
    private var replacedArgumentDomain: [String: Any]?
    private var setArgumentDomain = false
    /// Whether ``end()`` ran.
    private(set) var isEnded = false
    /// The thread the app runs on: the one that launched it.
    let thread = Thread.current

    init(app: Application, reporter: FailureReporter, name: String) {
        self.app = app
        self.reporter = reporter
        self.name = name
    }

    deinit {
        // A session dropped without `end()` (a Swift Testing test that never terminated).
        if !isEnded, Thread.current === thread { end() }
    }

    /// Whether the caller is on the app's thread.
    var isOnThread: Bool { Thread.current === thread }

    /// Whether the app is running: launched, not terminated, not closed.
    var isRunning: Bool { !isEnded && !app.isClosed && !app.isTerminated }

    // MARK: Process state

    /// Sets `environment` in the process (`ProcessInfo.processInfo.environment` reads it)
    /// and `-key value` pairs of `arguments` as `UserDefaults.standard`'s argument domain,
    /// as iOS does for a launched app. Both are process-wide: ``end()`` puts them back.
    func applyProcessState(arguments: [String], environment: [String: String]) {
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            if replacedEnvironment[key] == nil {
                replacedEnvironment[key] = .some(ProcessInfo.processInfo.environment[key])
            }
            setenv(key, value, 1)
        }
        let pairs = Self.argumentDomain(arguments)
        if !pairs.isEmpty {
            let previous = UserDefaults.standard.volatileDomain(forName: UserDefaults.argumentDomain)
            replacedArgumentDomain = previous
            // Foundation on Linux merges into a volatile domain that is set again: remove it
            // first, so that the domain is exactly what is set.
            UserDefaults.standard.removeVolatileDomain(forName: UserDefaults.argumentDomain)
            UserDefaults.standard.setVolatileDomain(previous.merging(pairs) { $1 }, forName: UserDefaults.argumentDomain)
            setArgumentDomain = true
        }
    }

    /// The `-key value` pairs of launch arguments, as iOS reads them into `UserDefaults`.
    static func argumentDomain(_ arguments: [String]) -> [String: Any] {
        var pairs: [String: Any] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument.hasPrefix("-"), argument.count > 1, !argument.hasPrefix("--"), index + 1 < arguments.endIndex,
               !arguments[index + 1].hasPrefix("-") {
                pairs[String(argument.dropFirst())] = arguments[index + 1]
                index += 2
            } else {
                index += 1
            }
        }
        return pairs
    }

    private func restoreProcessState() {
        for (key, previous) in replacedEnvironment {
            if let previous { setenv(key, previous, 1) } else { unsetenv(key) }
        }
        replacedEnvironment = [:]
        if setArgumentDomain {
            UserDefaults.standard.removeVolatileDomain(forName: UserDefaults.argumentDomain)
            if let replacedArgumentDomain, !replacedArgumentDomain.isEmpty {
                UserDefaults.standard.setVolatileDomain(replacedArgumentDomain, forName: UserDefaults.argumentDomain)
            }
            setArgumentDomain = false
        }
    }

    // MARK: Life

    /// Terminates the app (its delegate hears it), closes it and puts the process state
    /// back. Calling it again does nothing.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        if !app.isClosed {
            app.terminate()
            try? app.loop.advance(to: app.now)
            try? app.close()
        }
        restoreProcessState()
        XCUISessions.remove(self)
    }

    // MARK: Running

    /// Runs the app until it is idle as XCUITest waits for it after an action: the work
    /// queued now, and animations and transitions (anything that runs every frame) to their
    /// end.
    /// Timers due later (a delayed reload) wait for the next action's time or for
    /// `waitForExistence(timeout:)`. An app that animates forever is left after
    /// ``quiescenceLimit`` of virtual time, as XCUITest gives up waiting for idle.
    /// - Returns: nil, or why the loop could not run.
    @discardableResult
    func quiesce() -> String? {
        guard !app.isClosed else { return "the app is not running" }
        let limit = app.now.nanoseconds + UInt64(Self.quiescenceLimit.components.seconds) * 1_000_000_000
        do {
            while true {
                try app.loop.advance(to: app.now)
                let next = app.loop.pendingWork(limit: 256).timers.map(\.dueNanoseconds).min()
                // A display link ticks with a timer a frame ahead: something is animating
                // (a transition, a deceleration) while one is due within a frame.
                let animating = !app.runningAnimationSummary.isEmpty
                    || next.map { $0 <= app.now.nanoseconds + Self.framePeriod } ?? false
                guard animating, let next, next <= limit else { return nil }
                try app.loop.advance(to: LoopInstant(nanoseconds: max(next, app.now.nanoseconds)))
            }
        } catch {
            return "the app's loop failed: \(error)"
        }
    }

    /// Moves the virtual clock by `duration`, running what is due, then quiesces.
    @discardableResult
    func run(for duration: Duration) -> String? {
        guard !app.isClosed else { return "the app is not running" }
        do { try app.loop.advance(by: duration) } catch { return "the app's loop failed: \(error)" }
        return quiesce()
    }

    /// Runs the app to its next timer, if one is due by `deadline` (loop nanoseconds), and
    /// quiesces; else moves the clock to the deadline.
    /// - Returns: false when the deadline was reached.
    func step(until deadline: UInt64) -> Bool {
        guard !app.isClosed, app.now.nanoseconds < deadline else { return false }
        let work = app.loop.pendingWork(limit: 256)
        do {
            if let next = work.timers.map(\.dueNanoseconds).min(), next <= deadline {
                try app.loop.advance(to: LoopInstant(nanoseconds: max(next, app.now.nanoseconds)))
                quiesce()
                return true
            }
            try app.loop.advance(to: LoopInstant(nanoseconds: deadline))
        } catch {
            return false
        }
        return false
    }

    /// A frame at 30 Hz, in nanoseconds: a timer due this soon is a display link's tick (an
    /// animation running), which a quiescing app waits for.
    static let framePeriod: UInt64 = 34_000_000
}

/// The sessions running, by thread: every `XCUIApplication` made on a thread drives the
/// app launched there, as every `XCUIApplication()` of an Xcode UI test names the one
/// target app.
///
/// Outside Swift Testing (XCTest's test methods, on the main thread), the thread keeps its
/// session until the test case finishes, when it ends it, as XCUITest terminates the app
/// after each test; in a Swift Testing test the `XCUIApplication`s that use it keep it
/// (the test's thread may run another test next).
enum XCUISessions {
    private static let key = "LifeloopTesting.XCUIApplication.session"

    /// Holds a session strongly or weakly in a thread's dictionary.
    private final class Entry {
        var strong: XCUIAppSession?
        weak var weak: XCUIAppSession?
        init(_ session: XCUIAppSession, strongly: Bool) {
            weak = session
            if strongly { strong = session }
        }
    }

    /// The session running on this thread, if any.
    static var current: XCUIAppSession? {
        guard let entry = Thread.current.threadDictionary[key] as? Entry, let session = entry.weak, !session.isEnded else {
            return nil
        }
        return session
    }

    /// Makes `session` this thread's.
    static func add(_ session: XCUIAppSession) {
        let strongly = !isInSwiftTestingTest
        Thread.current.threadDictionary[key] = Entry(session, strongly: strongly)
        if strongly { XCUITestCaseObserver.install() }
    }

    /// Forgets `session` if it is this thread's.
    static func remove(_ session: XCUIAppSession) {
        guard let entry = Thread.current.threadDictionary[key] as? Entry, entry.weak === session || entry.weak == nil else { return }
        Thread.current.threadDictionary.removeObject(forKey: key)
    }

    /// Whether a Swift Testing test is running on this thread.
    static var isInSwiftTestingTest: Bool {
        #if canImport(Testing)
        return Test.current != nil
        #else
        return false
        #endif
    }
}

/// Ends the app an XCTest test launched when the test case finishes, as XCUITest does.
final class XCUITestCaseObserver: NSObject, XCTestObservation {
    private static let installed = NSLock()
    nonisolated(unsafe) private static var isInstalled = false

    /// Registers the observer once per process.
    static func install() {
        let first = installed.withLock {
            defer { isInstalled = true }
            return !isInstalled
        }
        if first { XCTestObservationCenter.shared.addTestObserver(XCUITestCaseObserver()) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        XCUISessions.current?.end()
    }
}
