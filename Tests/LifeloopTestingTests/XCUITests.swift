import Foundation
import Lifeloop
@testable import LifeloopTesting
import Testing
import XCTest

/// XCUITest's API over the element tree: queries by identifier, label, type and index that
/// resolve lazily, failures for missing and ambiguous elements, taps, typing, waiting on
/// the virtual clock, swipes and predicates.
@Suite struct XCUITests {
    // MARK: Screens

    /// A list in a navigation controller: Add appends a row, a row pushes its detail.
    final class Items: TableViewController {
        var rows: [String] = []
        let summary = Label(frame: Rect(x: 0, y: 0, width: 390, height: 44))
        var deleted = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Items"
            let add = BarButtonItem(title: "Add", style: .plain, primaryAction: Lifeloop.Action { [unowned self] _ in
                rows.append("Item \(rows.count + 1)")
                showSummary()
                tableView.reloadData()
            })
            add.accessibilityIdentifier = "addItem"
            navigationItem.rightBarButtonItem = add
            summary.accessibilityIdentifier = "summary"
            tableView.tableHeaderView = summary
            showSummary()
        }

        func showSummary() { summary.text = rows.count == 1 ? "1 item" : "\(rows.count) items" }

        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = rows[indexPath.row]
            cell.accessibilityIdentifier = "row\(indexPath.row)"
            return cell
        }
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            let detail = Detail(label: "Detail")
            detail.title = rows[indexPath.row]
            navigationController?.pushViewController(detail, animated: true)
        }
    }

    /// A form: a name field, Save, a delayed load, a delete that asks first, a slider.
    final class Detail: ViewController {
        let name = TextField(frame: Rect(x: 20, y: 120, width: 300, height: 34))
        let save = Button(type: .system)
        let status = Label(frame: Rect(x: 20, y: 210, width: 300, height: 20))
        let load = Button(type: .system)
        let delete = Button(type: .system)
        let volume = Slider(frame: Rect(x: 20, y: 400, width: 300, height: 31))
        var answer: String?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            name.placeholder = "Name"
            name.accessibilityIdentifier = "name"
            save.setTitle("Save", for: .normal)
            save.frame = Rect(x: 20, y: 160, width: 100, height: 44)
            save.addAction(Lifeloop.Action { [unowned self] _ in status.text = "Saved \(name.text ?? "")" }, for: .touchUpInside)
            status.accessibilityIdentifier = "status"
            status.text = "Not saved"
            load.setTitle("Load", for: .normal)
            load.frame = Rect(x: 20, y: 240, width: 100, height: 44)
            load.addAction(Lifeloop.Action { [unowned self] _ in
                // Data that comes two seconds later, on the loop's clock.
                _ = application?.loop.schedule(after: .seconds(2)) { [weak self] in
                    guard let self else { return }
                    let loaded = Label(frame: Rect(x: 20, y: 300, width: 200, height: 20))
                    loaded.text = "Loaded"
                    view.addSubview(loaded)
                }
            }, for: .touchUpInside)
            delete.setTitle("Delete", for: .normal)
            delete.frame = Rect(x: 20, y: 340, width: 100, height: 44)
            delete.addAction(Lifeloop.Action { [unowned self] _ in
                let alert = AlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
                alert.addAction(AlertAction(title: "Cancel", style: .cancel) { [unowned self] in answer = $0.title })
                alert.addAction(AlertAction(title: "Delete", style: .destructive) { [unowned self] in answer = $0.title })
                present(alert, animated: true)
            }, for: .touchUpInside)
            volume.accessibilityIdentifier = "volume"
            for subview in [name, save, status, load, delete, volume] { view.addSubview(subview) }
        }
    }

    /// Fifty rows: more than a screen.
    final class Long: TableViewController {
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 50 }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    /// An app that shows `root` in a key window when launched.
    /// Rows whose trailing swipe shows a Delete that removes them.
    final class Swipeable: TableViewController {
        var rows = ["Milk", "Bread", "Eggs"]
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = rows[indexPath.row]
            return cell
        }
        override func tableView(_ tableView: TableView,
                                trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                rows.remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .automatic)
                done(true)
            }])
        }
    }

    private func app(_ root: @escaping () -> ViewController, reporter: FailureReporter = .automatic) -> XCUIApplication {
        XCUIApplication(reporter: reporter) { app in
            let window = Window(screen: app.mainScreen, label: "main")
            window.rootViewController = root()
            window.makeKeyAndVisible()
        }
    }

    /// The list in a navigation controller, with `rows` in it.
    private func listApp(rows: [String] = [], reporter: FailureReporter = .automatic) -> XCUIApplication {
        app({
            let items = Items(label: "Items")
            items.rows = rows
            return NavigationController(rootViewController: items, label: "Nav")
        }, reporter: reporter)
    }

    @Test func swipeLeftOnACellShowsItsDeleteButtonAndATapDeletesTheRow() {
        let screen = Swipeable(style: .plain)
        let app = app({ screen })
        app.launch()
        defer { app.terminate() }
        #expect(!app.buttons["Delete"].exists, "no button before the swipe")
        app.staticTexts["Bread"].swipeLeft()
        #expect(app.buttons["Delete"].exists, "the swipe shows the row's action")
        app.buttons["Delete"].tap()
        #expect(screen.rows == ["Milk", "Eggs"])
        #expect(!app.staticTexts["Bread"].waitForExistence(timeout: 0) && !app.buttons["Delete"].exists)
    }

    // MARK: Queries

    @Test func queriesFindElementsByIdentifierLabelTypeAndIndex() {
        let app = listApp(rows: ["Item 1", "Item 2", "Item 3"])
        app.launch()
        defer { app.terminate() }
        #expect(app.state == .runningForeground)
        #expect(app.navigationBars["Items"].exists, "a navigation bar is identified by its title")
        #expect(app.buttons["Add"].exists, "by label")
        #expect(app.buttons["addItem"].exists, "by identifier")
        #expect(app.navigationBars["Items"].buttons["Add"].identifier == "addItem")
        #expect(app.staticTexts["summary"].label == "3 items")
        #expect(app.tables.count == 1)
        #expect(app.tables.cells.count == 3)
        #expect(app.cells.element(boundBy: 1).label == "Item 2")
        #expect(app.cells.element(boundBy: 1).identifier == "row1")
        #expect(app.cells.firstMatch.label == "Item 1")
        #expect(app.cells["row2"].staticTexts.element.label == "Item 3")
        #expect(app.tables.element.children(matching: .cell).count == 3)
        #expect(app.cells.matching(identifier: "row0").count == 1)
        #expect(app.descendants(matching: .any).matching(.cell, identifier: "Item 2").count == 1)
        #expect(app.cells.containing(.staticText, identifier: "Item 3").element.identifier == "row2")
        #expect(app.cells.allElementsBoundByIndex.map(\.label) == ["Item 1", "Item 2", "Item 3"])
        #expect(app.cells["row0"].elementType == .cell)
        #expect(app.windows.count == 1)
        #expect(!app.cells.element(boundBy: 7).exists)
        #expect(app.buttons["Add"].isHittable && app.buttons["Add"].isEnabled)
        let frame = app.buttons["Add"].frame
        #expect(frame.width > 0 && frame.minY > 0, "in screen coordinates: \(frame)")
    }

    @Test func queriesAreLazyAndSeeTheAppAsItIsWhenUsed() {
        let app = listApp()
        app.launch()
        defer { app.terminate() }
        // Made before the change, used after it.
        let summary = app.staticTexts["summary"]
        let cells = app.tables.cells
        let firstRow = app.cells["Item 1"]
        #expect(summary.label == "0 items")
        #expect(cells.count == 0)
        #expect(!firstRow.exists)
        app.buttons["Add"].tap()
        #expect(summary.label == "1 item")
        #expect(cells.count == 1)
        #expect(firstRow.exists)
        app.buttons["Add"].tap()
        #expect(cells.count == 2)
        #expect(app.staticTexts["2 items"].exists)
        #expect(!app.staticTexts["1 item"].exists)
    }

    @Test func aMissingElementDoesNotExistAndActingOnItFailsTheTest() {
        let log = FailureLog()
        let app = listApp(reporter: .capturing(log))
        app.launch()
        defer { app.terminate() }
        let missing = app.buttons["Nope"]
        #expect(!missing.exists)
        #expect(log.messages.isEmpty, "exists is not a failure")
        missing.tap(); let tapLine = #line
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("No matches found for \"Nope\" Button") == true, "\(log.messages)")
        #expect(log.messages.first?.contains("Button 'Add'") == true, "the buttons there are named: \(log.messages)")
        #expect(log.sites.first?.line == UInt(tapLine), "reported at the caller's line")
        _ = missing.label
        #expect(log.messages.count == 2 && log.messages[1].contains("No matches found"))
        #expect(app.staticTexts["0 items"].exists, "nothing changed")
    }

    @Test func anAmbiguousElementExistsAndActingOnItFails() {
        let log = FailureLog()
        let app = listApp(rows: ["Same", "Same"], reporter: .capturing(log))
        app.launch()
        defer { app.terminate() }
        let same = app.cells["Same"]
        #expect(same.exists, "several matches exist")
        same.tap()
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("Multiple matching elements found for \"Same\" Cell") == true, "\(log.messages)")
        #expect(!app.navigationBars["Same"].exists, "nothing was tapped")
        app.cells.element(boundBy: 1).tap()
        #expect(app.navigationBars["Same"].exists, "an index picks one")
    }

    // MARK: Actions

    @Test func tapsReachButtonsCellsBackButtonsAndAlertActions() {
        let app = listApp(rows: ["Item 1", "Item 2"])
        app.launch()
        defer { app.terminate() }
        app.cells["Item 2"].tap()
        #expect(app.navigationBars["Item 2"].exists, "the cell's row was selected and pushed its detail")
        #expect(!app.tables.element.exists, "the list is gone once the push ends")
        app.buttons["Save"].tap()
        #expect(app.staticTexts["status"].label == "Saved ")
        app.buttons["Delete"].tap()
        #expect(app.alerts["Delete?"].exists)
        #expect(app.alerts.buttons.count == 2)
        app.alerts["Delete?"].buttons["Delete"].tap()
        #expect(!app.alerts.element.exists)
        let detail = (app.lifeloopApplication?.keyWindow?.rootViewController as? NavigationController)?.topViewController as? Detail
        #expect(detail?.answer == "Delete")
        // The back button is labelled with the previous screen's title.
        app.navigationBars.buttons["Items"].tap()
        #expect(app.navigationBars["Items"].exists)
        #expect(app.cells.count == 2)
        // A label in a cell: the tap lands on the cell, as a finger's would.
        app.staticTexts["Item 1"].tap()
        #expect(app.navigationBars["Item 1"].exists)
    }

    @Test func tapsSelectTabs() {
        let app = app({
            let first = ViewController(label: "First")
            first.title = "Home"
            let second = ViewController(label: "Second")
            second.title = "Settings"
            let tabs = TabBarController(label: "Tabs")
            tabs.viewControllers = [first, second]
            return tabs
        })
        app.launch()
        defer { app.terminate() }
        #expect(app.tabBars.buttons["Home"].isSelected)
        app.tabBars.buttons["Settings"].tap()
        #expect(app.tabBars.buttons["Settings"].isSelected)
        #expect(!app.tabBars.buttons["Home"].isSelected)
    }

    @Test func typeTextTypesIntoTheFocusedFieldAndRefusesAnUnfocusedOne() {
        let log = FailureLog()
        let app = app({ Detail(label: "Detail") }, reporter: .capturing(log))
        app.launch()
        defer { app.terminate() }
        let name = app.textFields["name"]
        #expect(name.value as? String == "Name", "an empty field's value is its placeholder")
        #expect(name.placeholderValue == "Name")
        name.typeText("Ada")
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("Neither element nor any descendant has keyboard focus") == true, "\(log.messages)")
        #expect(name.value as? String == "Name", "nothing was typed")
        name.tap()
        #expect(name.hasFocus)
        name.typeText("Adx")
        name.typeText(XCUIKeyboardKey.delete.rawValue + "a")
        #expect(name.value as? String == "Ada")
        app.typeText("!")
        #expect(name.value as? String == "Ada!", "the application types into whatever has focus")
        app.buttons["Save"].tap()
        #expect(app.staticTexts["Saved Ada!"].exists)
        #expect(log.messages.count == 1)
    }

    @Test func waitForExistenceRunsTheVirtualClockToTheChangeWithoutSleeping() throws {
        let app = app({ Detail(label: "Detail") })
        app.launch()
        defer { app.terminate() }
        let loop = try #require(app.lifeloopApplication)
        let loaded = app.staticTexts["Loaded"]
        app.buttons["Load"].tap()
        let tapped = loop.now.nanoseconds
        #expect(!loaded.exists, "the data comes two seconds after the tap")
        #expect(!loaded.waitForExistence(timeout: 1))
        #expect(loop.now.nanoseconds == tapped + 1_000_000_000, "a wait that times out moves the clock by its timeout")
        #expect(loaded.waitForExistence(timeout: 5))
        #expect(loop.now.nanoseconds == tapped + 2_000_000_000, "the wait ends when the label appears, in virtual time")
        #expect(app.staticTexts["Not saved"].waitForNonExistence(timeout: 0) == false)
    }

    @Test func swipeUpScrollsATable() throws {
        let app = app({ Long(label: "Long") })
        app.launch()
        defer { app.terminate() }
        let table = try #require(app.lifeloopApplication?.keyWindow?.rootViewController as? Long)
        #expect(app.cells.firstMatch.label == "Row 0")
        #expect(!app.cells["Row 40"].exists, "rows out of sight are not loaded")
        app.tables.element.swipeUp()
        #expect(table.tableView.contentOffset.y > 100, "the table scrolled: \(table.tableView.contentOffset)")
        #expect(app.cells.firstMatch.label != "Row 0")
        app.tables.element.swipeDown()
        app.tables.element.swipeDown()
        #expect(table.tableView.contentOffset.y < 1)
    }

    @Test func aSliderAdjustsAndACoordinateTaps() {
        let app = app({ Detail(label: "Detail") })
        app.launch()
        defer { app.terminate() }
        let volume = app.sliders["volume"]
        #expect(volume.value as? String == "0%")
        volume.adjust(toNormalizedSliderPosition: 0.75)
        #expect(volume.value as? String == "75%")
        #expect(abs(volume.normalizedSliderPosition - 0.75) < 0.001)
        // The Save button's centre, as a point relative to the app's screen.
        let save = app.buttons["Save"].frame
        let screen = app.frame
        app.coordinate(withNormalizedOffset: CGVector(dx: save.midX / screen.width, dy: save.midY / screen.height)).tap()
        #expect(app.staticTexts["Saved "].exists)
    }

    // MARK: Predicates

    @Test func predicatesFilterQueries() {
        let log = FailureLog()
        let app = listApp(rows: ["Apple pie", "apple tart", "Banana", "Cherry"], reporter: .capturing(log))
        app.launch()
        defer { app.terminate() }
        let cells = app.cells
        #expect(cells.matching(NSPredicate(format: "label BEGINSWITH 'Apple'")).count == 1)
        #expect(cells.matching(NSPredicate(format: "label BEGINSWITH[c] 'apple'")).count == 2)
        #expect(cells.matching(NSPredicate(format: "label CONTAINS[c] %@", "AN")).count == 1)
        #expect(cells.matching(NSPredicate(format: "label ENDSWITH 'y' OR label == 'Banana'")).count == 2)
        #expect(cells.matching(NSPredicate(format: "identifier IN {'row0', 'row3'} AND NOT label LIKE 'C*'")).count == 1)
        #expect(cells.matching(NSPredicate(format: "label MATCHES '[A-Z][a-z]+'")).count == 2)
        #expect(app.descendants(matching: .any).matching(NSPredicate(format: "elementType == %d", XCUIElement.ElementType.cell.rawValue)).count == 4)
        #expect(app.buttons.matching(NSPredicate(format: "%K == 'addItem' && isEnabled == true", "identifier")).count == 1)
        #expect(cells.containing(NSPredicate(format: "label == 'Cherry'")).element.identifier == "row3")
        #expect(app.staticTexts.element(matching: NSPredicate(format: "identifier == 'summary'")).label == "4 items")
        #expect(log.messages.isEmpty, "\(log.messages)")
        // A format the evaluator cannot read fails the query that uses it.
        #expect(cells.matching(NSPredicate(format: "label ~~ 'x'")).count == 0)
        _ = cells.matching(NSPredicate(format: "label ~~ 'x'")).element.label
        #expect(log.messages.last?.contains("Unable to parse the format string") == true, "\(log.messages)")
    }

    @Test func predicatesEvaluateOnDictionariesAsOnElements() {
        let predicate = NSPredicate(format: "label CONTAINS[cd] 'cafe' AND count > 2")
        #expect(predicate.evaluate(with: ["label": "Le Café", "count": 3]))
        #expect(!predicate.evaluate(with: ["label": "Le Café", "count": 1]))
        #expect(NSPredicate(format: "value == nil").evaluate(with: ["label": "x"]))
        #expect(NSPredicate(format: "TRUEPREDICATE").evaluate(with: nil))
    }

    @Test func theAppsBundleIsTheNamedFolderOrTheModulesResourceBundle() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcui-bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // `.copy("Resources")` in a SwiftPM bundle: the Info.plist is one folder down.
        let resources = root.appendingPathComponent("Lifeloop_MyApp.resources/Resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let info: [String: Any] = [
            "CFBundleName": "$(PRODUCT_NAME)",
            "UIApplicationSceneManifest": ["UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [
                ["UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneDelegate"],
            ]]],
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: resources.appendingPathComponent("Info.plist"))
        let found = XCUIAppLaunch.bundleFolder(module: "MyApp", environment: [:], programFolders: [root])
        #expect(found == resources.path)
        #expect(XCUIAppLaunch.bundleFolder(module: "Other", environment: [:], programFolders: [root]) == nil)
        let named = XCUIAppLaunch.bundleFolder(module: "Other", environment: ["LIFELOOP_APP_BUNDLE": resources.path],
                                               programFolders: [root])
        #expect(named == resources.path, "the environment variable names the bundle first")
        let read = XCUIAppLaunch.readInfo(in: resources.path, module: "MyApp")
        #expect(read["CFBundleName"] as? String == "MyApp")
        let manifest = read["UIApplicationSceneManifest"] as? [String: Any]
        let roles = manifest?["UISceneConfigurations"] as? [String: Any]
        let configuration = (roles?["UIWindowSceneSessionRoleApplication"] as? [[String: Any]])?.first
        #expect(configuration?["UISceneDelegateClassName"] as? String == "MyApp.SceneDelegate")
    }

    @Test func debugDescriptionShowsTheElementItsSubtreeAndThePathToIt() {
        let app = listApp(rows: ["Item 1"])
        app.launch()
        defer { app.terminate() }
        let text = app.cells["row0"].debugDescription
        #expect(text.contains("Attributes: Cell"), "\(text)")
        #expect(text.contains("StaticText") && text.contains("label: 'Item 1'"), "the subtree: \(text)")
        #expect(text.contains("Path to element:") && text.contains("Application"), "\(text)")
        #expect(text.contains("Find: Descendants matching type Cell"), "\(text)")
        #expect(app.cells.debugDescription.contains("Output: {"))
    }
}

/// The app's life from XCTest, on the main thread as Xcode's UI tests run: the app owns the
/// main thread, `DispatchQueue.main` runs on its virtual clock, and the launch environment is
/// set in the process while the app runs (XCTest's tests run one at a time, so no other
/// test sees it).
final class XCUIApplicationXCTests: XCTestCase {
    final class Delegate: Responder, ApplicationDelegate {
        var window: Window?
        var events: [String] = []
        var environment: String?
        var mode: String?

        func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?) -> Bool {
            environment = ProcessInfo.processInfo.environment["LIFELOOP_XCUI_TEST_FLAG"]
            mode = UserDefaults.standard.string(forKey: "lifeloopXCUITestMode")
            let window = Window(screen: application.mainScreen, label: "main")
            let root = ViewController(label: "Root")
            root.title = "Root"
            window.rootViewController = NavigationController(rootViewController: root, label: "Nav")
            window.makeKeyAndVisible()
            self.window = window
            events.append("launched")
            // A greeting three seconds after launch, through the main queue (whose blocks
            // run on the app's loop, on this thread).
            // The host stalls 5 ms between reading the clock and scheduling (as a loaded
            // machine does): the launch runs as a turn does, with the clocks still, so the
            // block still lies exactly three seconds after launch.
            let shown = MainThreadBox(root)
            let deadline = DispatchTime.now() + 3
            usleep(5_000)
            DispatchQueue.main.asyncAfter(deadline: deadline) {
                let label = Label(frame: Rect(x: 20, y: 200, width: 200, height: 20))
                label.text = "Welcome"
                shown.value.view.addSubview(label)
            }
            return true
        }

        func applicationDidEnterBackground(_ application: Application) { events.append("background") }
        func applicationWillEnterForeground(_ application: Application) { events.append("foreground") }
        func applicationWillTerminate(_ application: Application) { events.append("terminate") }
    }

    func testLaunchArgumentsAndEnvironmentReachTheAppAndItsLifeFollowsXCUITest() throws {
        let delegate = Delegate()
        let app = XCUIApplication { try $0.launch(delegate: delegate) }
        app.launchEnvironment = ["LIFELOOP_XCUI_TEST_FLAG": "on"]
        app.launchArguments = ["-lifeloopXCUITestMode", "demo", "--flag"]
        XCTAssertEqual(app.state, .notRunning)
        XCTAssertFalse(app.exists)
        app.launch()
        XCTAssertEqual(app.state, .runningForeground)
        XCTAssertEqual(delegate.environment, "on", "launchEnvironment is in ProcessInfo as the app launches")
        XCTAssertEqual(delegate.mode, "demo", "-key value launch arguments are in UserDefaults' argument domain")
        XCTAssertTrue(app.navigationBars["Root"].exists)
        // The main queue's delayed block runs on the app's virtual clock.
        let loop = try XCTUnwrap(app.lifeloopApplication)
        XCTAssertFalse(app.staticTexts["Welcome"].exists)
        XCTAssertTrue(app.staticTexts["Welcome"].waitForExistence(timeout: 10))
        XCTAssertEqual(loop.now.nanoseconds / 1_000_000, 3000, "found three virtual seconds after launch")
        XCTAssertEqual(XCUIDevice.shared.appearance, .light)
        XCUIDevice.shared.appearance = .dark
        XCTAssertEqual(loop.userInterfaceStyle, .dark, "the device's appearance is the app's")
        XCTAssertEqual(XCUIDevice.shared.appearance, .dark)
        XCUIDevice.shared.appearance = .light
        XCUIDevice.shared.press(.home)
        XCTAssertEqual(app.state, .runningBackground)
        app.activate()
        XCTAssertEqual(app.state, .runningForeground)
        // Another XCUIApplication on this thread drives the same app, as in XCUITest.
        XCTAssertTrue(XCUIApplication().navigationBars["Root"].exists)
        app.terminate()
        XCTAssertEqual(app.state, .notRunning)
        XCTAssertFalse(app.navigationBars["Root"].exists)
        // Terminating a foreground app sends it to the background first, as UIKit does.
        XCTAssertEqual(delegate.events, ["launched", "background", "foreground", "background", "terminate"])
        XCTAssertNil(ProcessInfo.processInfo.environment["LIFELOOP_XCUI_TEST_FLAG"], "the environment is put back")
        XCTAssertNil(UserDefaults.standard.string(forKey: "lifeloopXCUITestMode"))
    }
}

/// A controller carried into a main-queue block, which runs on the app's loop thread.
private struct MainThreadBox: @unchecked Sendable {
    let value: ViewController
    init(_ value: ViewController) { self.value = value }
}
