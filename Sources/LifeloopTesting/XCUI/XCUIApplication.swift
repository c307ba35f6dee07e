import Foundation
import Lifeloop

/// The app under test, as XCUITest's `XCUIApplication`: launched in-process as a Lifeloop
/// app on the virtual clock, on the calling thread, and driven through its element tree.
///
/// ```swift
/// final class ChecklistUITests: XCTestCase {
///     func testAddingAnItem() {
///         let app = XCUIApplication()
///         app.launch()
///         app.navigationBars["Checklist"].buttons["Add"].tap()
///         XCTAssertTrue(app.staticTexts["1 item"].exists)
///     }
/// }
/// ```
///
/// `launch()` makes a Lifeloop `Application` on the calling thread (XCTest runs test
/// methods on the main thread, which the app then owns, with Lifeloop's executors
/// installed) and launches the app into it: the app whose ported target the test binary
/// links (see <doc:UITests>), or what `init(screen:reporter:launching:)` was
/// given. Every `XCUIApplication` made on that thread drives the same app, as in
/// XCUITest. After each action the app runs until it is idle; time passes only on the
/// app's virtual clock, so a test runs in milliseconds and never sleeps. An app launched in
/// an XCTest test is terminated when the test case finishes, as XCUITest does.
public final class XCUIApplication: XCUIElement {
    /// How the app is started.
    private enum Launcher {
        /// The app the port step made launchable (its `@main` delegate).
        case ported
        /// A closure given by a test written for Lifeloop.
        case closure((Application) throws -> Void)
    }

    /// Arguments the app is launched with: `-key value` pairs reach `UserDefaults.standard`
    /// (its argument domain, as on iOS). `ProcessInfo.processInfo.arguments` stays the test
    /// program's: Foundation on Linux reads it once from the process and has no way to
    /// change it.
    public var launchArguments: [String] = []
    /// Environment variables the app is launched with: set in the process while the app
    /// runs, so `ProcessInfo.processInfo.environment` shows them, and put back when it ends.
    public var launchEnvironment: [String: String] = [:]
    /// The bundle identifier given to `init(bundleIdentifier:)`, else nil.
    public let bundleIdentifier: String?
    /// Where failures go.
    let reporter: FailureReporter
    private let launcher: Launcher
    private let screen: Screen
    /// The session this handle launched or last used.
    private var ownSession: XCUIAppSession?

    /// The app under test: the app whose ported target the test binary links (the app
    /// delegate marked `@main`), as Xcode's `XCUIApplication()` is the UI test target's
    /// target application.
    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        bundleIdentifier = nil
        reporter = .automatic
        launcher = .ported
        screen = .phone
        super.init(application: nil, chain: .application,
                   site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The app with this bundle identifier: Lifeloop runs one app per test program, the
    /// one its ported target makes, so the identifier is kept and the app is that one.
    public init(bundleIdentifier: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                line: UInt = #line, column: UInt = #column) {
        self.bundleIdentifier = bundleIdentifier
        reporter = .automatic
        launcher = .ported
        screen = .phone
        super.init(application: nil, chain: .application,
                   site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// An app for tests written for Lifeloop: `launch()` makes a Lifeloop `Application`
    /// on the virtual clock and calls `launching` with it, which shows the app's UI (a
    /// window with a root view controller, or `Application.launch(delegate:info:options:)`).
    /// - Parameters:
    ///   - screen: The app's main screen.
    ///   - reporter: Where failures go; ``FailureReporter/automatic`` by default.
    ///   - fileID: The caller's `#fileID`, where failures of the app's attributes are
    ///     reported (the default).
    ///   - filePath: The caller's `#filePath` (the default).
    ///   - line: The caller's line (the default).
    ///   - column: The caller's column (the default).
    ///   - launching: Starts the app in the `Application` given.
    public init(screen: Screen = .phone, reporter: FailureReporter = .automatic,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                launching: @escaping (Application) throws -> Void) {
        bundleIdentifier = nil
        self.reporter = reporter
        launcher = .closure(launching)
        self.screen = screen
        super.init(application: nil, chain: .application,
                   site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The session this handle drives: its own while it runs, else the thread's.
    var session: XCUIAppSession? {
        if let ownSession, !ownSession.isEnded { return ownSession }
        if let current = XCUISessions.current {
            ownSession = current
            return current
        }
        return ownSession
    }

    /// The app's name in descriptions.
    var appName: String { session?.name ?? bundleIdentifier ?? "App" }

    /// The running Lifeloop app, for what XCUITest has no words for (its trace, its
    /// windows, its controllers); nil when it is not running.
    public var lifeloopApplication: Application? {
        guard let session, session.isRunning else { return nil }
        return session.app
    }

    // MARK: Life

    /// Launches the app, terminating the one running on this thread first (as XCUITest
    /// relaunches): a new Lifeloop `Application` on the calling thread, the launch
    /// arguments and environment applied, the app's launch (its delegate's
    /// `didFinishLaunching`, scenes, the first screen's appearance), then the app run until
    /// it is idle. A launch that fails (no app linked, an app that throws) fails the test.
    public func launch(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ownSession?.end()
        XCUISessions.current?.end()
        if Thread.isMainThread { MainThread.installExecutors() }
        let app: Application
        do {
            app = try Application(clock: .virtual, screen: screen)
        } catch {
            reporter.fail("Failed to launch the app: \(error)", at: site)
            return
        }
        let session = XCUIAppSession(app: app, reporter: reporter, name: bundleIdentifier ?? "App")
        ownSession = session
        XCUISessions.add(session)
        session.applyProcessState(arguments: launchArguments, environment: launchEnvironment)
        do {
            switch launcher {
            case .ported:
                let name = try XCUIAppLaunch.launchPortedApp(into: app)
                if bundleIdentifier == nil { session.name = name }
            case .closure(let body):
                try body(app)
            }
        } catch {
            reporter.fail("Failed to launch the app: \(error)", at: site)
            session.end()
            return
        }
        if let problem = session.quiesce() { reporter.fail("Failed to launch the app: \(problem)", at: site) }
    }

    /// Terminates the app: its delegate hears `applicationWillTerminate` (scenes
    /// disconnect), the Lifeloop app closes, and the launch environment is put back.
    /// Nothing happens when it is not running.
    public func terminate() {
        session?.end()
    }

    /// Brings the app to the foreground: launches it when it is not running, or, when it
    /// is in the background, brings it back (`applicationWillEnterForeground`, active).
    public func activate(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        guard let session, session.isRunning else {
            launch(fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        session.app.enterForeground()
        session.quiesce()
    }

    /// Where the app is in its life, in XCUITest's terms.
    public enum State: UInt, Sendable {
        /// Not known.
        case unknown = 0
        /// Not launched, or terminated.
        case notRunning = 1
        /// In the background and suspended: Lifeloop's apps are never suspended.
        case runningBackgroundSuspended = 2
        /// In the background.
        case runningBackground = 3
        /// In the foreground (active or inactive).
        case runningForeground = 4
    }

    /// Where the app is now.
    public var state: State {
        guard let session, session.isRunning else { return .notRunning }
        return session.app.applicationState == .background ? .runningBackground : .runningForeground
    }

    /// Runs the app on its virtual clock until it is in `state` or `timeout` seconds have
    /// passed there.
    /// - Returns: Whether the app is in `state`.
    public func wait(for state: State, timeout: TimeInterval) -> Bool {
        if self.state == state { return true }
        guard let session, session.isRunning else { return false }
        let deadline = session.app.now.nanoseconds + XCUIElement.nanoseconds(timeout)
        while session.step(until: deadline) {
            if self.state == state { return true }
        }
        return self.state == state
    }

    // MARK: As an element

    /// Whether the app is running.
    public override var exists: Bool { state != .notRunning }

    /// The app's name.
    public override var label: String { session?.isRunning == true ? appName : "" }

    /// `.application`.
    public override var elementType: ElementType { .application }

    /// The main screen's bounds.
    public override var frame: CGRect { session?.app.mainScreen.bounds ?? .zero }
}
