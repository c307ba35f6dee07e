import LifeloopSnapshotTesting  // Lifeloop's strategies for swift-snapshot-testing
import LifeloopTesting          // withTestApp, trace expectations, goldens
import SnapshotTesting
import Testing
import UIKit
// Lifeloop's own build compiles these sources as `TestedAppSample`, this package as `TestedApp`.
#if canImport(TestedAppSample)
@testable import TestedAppSample
#else
@testable import TestedApp
#endif

struct LaunchFailed: Error, CustomStringConvertible {
    var description: String
}

/// Launches Main.storyboard as the app does: the navigation controller with the inbox.
/// Used by the Swift Testing and the XCTest tests alike.
func launchInbox(_ app: TestApp) throws -> (UINavigationController, InboxViewController) {
    app.app.bundlePath = AppResources.bundlePath
    app.app.moduleNames = [AppResources.moduleName]
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    guard let navigation = storyboard.instantiateInitialViewController() as? UINavigationController,
          let inbox = navigation.viewControllers.first as? InboxViewController else {
        throw LaunchFailed(description: "Main.storyboard gave no navigation controller with the inbox: \(app.app.diagnostics)")
    }
    app.show(navigation)
    return (navigation, inbox)
}

/// The view-tree and SVG goldens in `__Goldens__` next to this file
/// (`LIFELOOP_ACCEPT_GOLDENS=1 swift test` records them).
let goldens = SnapshotGoldens(folderNextTo: #filePath)

@Suite("Inbox")
struct InboxTests {
    @Test func theInboxCountsItsMessages() throws {
        try withTestApp { app in
            let (_, inbox) = try launchInbox(app)
            #expect(inbox.summaryLabel.text == "2 messages")
            app.tap(labelled: "archive")
            #expect(inbox.summaryLabel.text == "1 message")
            #expect(inbox.openButton.isEnabled)
        }
    }

    @Test func openingPushesTheFirstMessage() throws {
        try withTestApp { app in
            let (navigation, _) = try launchInbox(app)
            let mark = app.mark()
            app.tap(labelled: "open")
            let message = try #require(navigation.topViewController as? MessageViewController)
            #expect(message.bodyLabel.text == "Welcome to the inbox")
            // The push's callbacks in UIKit's order; other events may come between.
            app.expectTrace(contains: ["Message viewDidLoad", "Inbox viewWillDisappear", "Message viewWillAppear",
                                       "Inbox viewDidDisappear", "Message viewDidAppear"], since: mark)
            // And exactly these appearance callbacks for the inbox.
            app.expectTrace(exactly: ["Inbox viewWillDisappear", "Inbox viewDidDisappear"], labels: ["Inbox"],
                            events: ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"],
                            since: mark)
        }
    }

    @Test func theInboxLooksAsItsGoldens() throws {
        try withTestApp { app in
            let (navigation, inbox) = try launchInbox(app)
            goldens.assertSnapshot(of: navigation, as: .tree, named: "inbox")
            goldens.assertSnapshot(of: navigation, as: .svg, named: "inbox")
            goldens.assertSnapshot(of: inbox.summaryLabel, as: .tree, named: "inbox-summary")
        }
    }

    @Test func theMessageAsSwiftSnapshotTestingSeesIt() throws {
        try withTestApp { app in
            let (navigation, _) = try launchInbox(app)
            app.tap(labelled: "open")
            assertSnapshot(of: navigation, as: .lifeloopTree, named: "message")
            assertSnapshot(of: navigation, as: .lifeloopSVG, named: "message")
        }
    }
}
