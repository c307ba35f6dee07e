import Lifeloop
import LifeloopTesting
import XCTest

/// The XCTest door: `makeTestApp()` gives an app that the test's teardown closes.
final class XCTestSupportTests: XCTestCase {
    private var made: TestApp?

    func testMakeTestAppDrivesTheScreenAndIsClosedAtTeardown() throws {
        let app = try makeTestApp()
        made = app
        let counter = CounterScreen(label: "Counter")
        app.show(counter)
        XCTAssertTrue(app.tap(labelled: "plus"))
        XCTAssertEqual(counter.value, 1)
        XCTAssertTrue(app.expectTrace(contains: ["Counter viewWillAppear", "Counter viewDidAppear"]))
        XCTAssertTrue(app.app.isStrict)
        XCTAssertFalse(app.app.isClosed)
    }

    override func tearDown() {
        // Teardown blocks run before tearDown(): the app is closed by now.
        if let made { XCTAssertTrue(made.app.isClosed, "makeTestApp's teardown block closes the app") }
        made = nil
        super.tearDown()
    }

    func testFailuresOutsideSwiftTestingGoToTheReporter() throws {
        // Under XCTest, `Test.current` is nil; a capturing reporter stands in for XCTFail
        // so that the test can read the message.
        let log = FailureLog()
        try withTestApp(reporter: .capturing(log)) { app in
            app.show(CounterScreen(label: "Counter"))
            app.expectTrace(contains: ["Counter viewDidAppear", "Counter viewDidLoad"])
        }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertEqual(log.sites.first.map { "\($0.fileID)" }, "LifeloopTestingTests/XCTestSupportTests.swift")
    }
}
