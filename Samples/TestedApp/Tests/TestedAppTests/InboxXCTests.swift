import LifeloopTesting
import UIKit
import XCTest
#if canImport(TestedAppSample)
@testable import TestedAppSample
#else
@testable import TestedApp
#endif

/// The same app from XCTest: `makeTestApp()` closes the app in the test's teardown.
final class InboxXCTests: XCTestCase {
    func testArchivingEverythingDisablesOpen() throws {
        let app = try makeTestApp()
        let (_, inbox) = try launchInbox(app)
        app.tap(labelled: "archive")
        app.tap(labelled: "archive")
        XCTAssertEqual(inbox.summaryLabel.text, "0 messages")
        XCTAssertFalse(inbox.openButton.isEnabled)
    }
}
