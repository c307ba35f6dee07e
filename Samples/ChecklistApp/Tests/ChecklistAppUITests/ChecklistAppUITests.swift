import XCTest

final class ChecklistAppUITests: XCTestCase {

    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    func testAddItem() throws {
        let app = XCUIApplication()
        app.launch()

        XCTAssertTrue(app.navigationBars["Checklist"].exists)
        XCTAssertTrue(app.staticTexts["0 items"].exists)

        app.navigationBars["Checklist"].buttons["Add"].tap()

        XCTAssertTrue(app.staticTexts["1 item"].exists)
        XCTAssertEqual(app.tables.cells.count, 1)
        XCTAssertEqual(app.tables.cells.element(boundBy: 0).staticTexts.firstMatch.label, "Item 1")
    }

    func testOpenItemAndGoBack() throws {
        let app = XCUIApplication()
        app.launchEnvironment = ["CHECKLIST_SAMPLE_ITEMS": "3"]
        app.launch()

        app.tables.cells.staticTexts["Item 2"].tap()
        XCTAssertTrue(app.navigationBars["Item 2"].exists)
        XCTAssertEqual(app.textFields["nameField"].value as? String, "Item 2")

        app.navigationBars["Item 2"].buttons["Checklist"].tap()
        XCTAssertTrue(app.navigationBars["Checklist"].exists)
        XCTAssertEqual(app.cells.count, 3)
    }

    func testRenameItem() throws {
        let app = XCUIApplication()
        app.launchEnvironment = ["CHECKLIST_SAMPLE_ITEMS": "3"]
        app.launch()

        app.cells.element(boundBy: 1).tap()
        let nameField = app.textFields["nameField"]
        nameField.tap()
        nameField.typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: 6) + "Milk")
        app.navigationBars["Item 2"].buttons["Save"].tap()

        XCTAssertTrue(app.cells.staticTexts["Milk"].exists)
        XCTAssertFalse(app.cells.staticTexts["Item 2"].exists)
        XCTAssertEqual(app.cells.count, 3)
    }

    func testTypingRequiresFocus() throws {
        let app = XCUIApplication()
        app.launchEnvironment = ["CHECKLIST_SAMPLE_ITEMS": "1"]
        app.launch()

        app.cells["Item 1"].tap()
        let nameField = app.textFields["nameField"]
        XCTAssertFalse(nameField.hasFocus)
        nameField.tap()
        XCTAssertTrue(nameField.hasFocus)
        nameField.typeText("!\n")

        XCTAssertTrue(app.navigationBars["Checklist"].waitForExistence(timeout: 2))
        XCTAssertTrue(app.staticTexts["Item 1!"].exists)
    }

    func testSyncShowsAnAlert() throws {
        let app = XCUIApplication()
        app.launch()

        app.buttons["Sync"].tap()
        let alert = app.alerts["Synced"]
        XCTAssertFalse(alert.exists)
        XCTAssertTrue(alert.waitForExistence(timeout: 5))
        XCTAssertTrue(alert.staticTexts["Your checklist is up to date."].exists)

        alert.buttons["OK"].tap()
        XCTAssertFalse(alert.exists)
    }

    func testScrollToALaterItem() throws {
        let app = XCUIApplication()
        app.launchEnvironment = ["CHECKLIST_SAMPLE_ITEMS": "40"]
        app.launch()

        let table = app.tables.firstMatch
        let item = app.cells.staticTexts["Item 30"]
        XCTAssertFalse(item.exists)
        var swipes = 0
        while !item.exists && swipes < 6 {
            table.swipeUp()
            swipes += 1
        }
        XCTAssertTrue(item.exists)
        item.tap()
        XCTAssertTrue(app.navigationBars["Item 30"].exists)
    }

    func testFilterItemsWithAPredicate() throws {
        let app = XCUIApplication()
        app.launchEnvironment = ["CHECKLIST_SAMPLE_ITEMS": "12"]
        app.launch()

        let teens = app.cells.matching(NSPredicate(format: "label BEGINSWITH 'Item 1'"))
        XCTAssertEqual(teens.count, 4)
        XCTAssertEqual(app.cells.containing(NSPredicate(format: "label ENDSWITH '12'")).count, 1)
    }
}
