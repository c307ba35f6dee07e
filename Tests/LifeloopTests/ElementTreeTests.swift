import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Lifeloop
import Testing

/// The element tree: stable ids that never retarget, UIKit's accessibility defaults, bars,
/// tabs, alerts and control parts as elements, and its three exports.
@Suite struct ElementTreeTests {
    final class Form: ViewController {
        let save = Button(type: .system)
        let total = Label()
        let email = TextField()
        let password = TextField()
        let toggle = Switch()
        let slider = Slider()
        let hiddenLabel = Label()
        let scroll = ScrollView()
        let far = Label()
        var saves = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            view.frame = Rect(x: 0, y: 0, width: 390, height: 844)
            save.setTitle("Save", for: .normal)
            save.frame = Rect(x: 20, y: 100, width: 100, height: 44)
            save.addAction(Lifeloop.Action { [unowned self] _ in saves += 1 }, for: .touchUpInside)
            total.text = "Total"
            total.frame = Rect(x: 20, y: 150, width: 200, height: 20)
            email.placeholder = "Email"
            email.accessibilityIdentifier = "email"
            email.frame = Rect(x: 20, y: 180, width: 300, height: 34)
            password.isSecureTextEntry = true
            password.text = "abc"
            password.frame = Rect(x: 20, y: 220, width: 300, height: 34)
            toggle.isOn = true
            toggle.frame = Rect(x: 20, y: 260, width: 51, height: 31)
            slider.value = 0.25
            slider.frame = Rect(x: 20, y: 300, width: 200, height: 31)
            hiddenLabel.text = "Secret"
            hiddenLabel.isHidden = true
            scroll.frame = Rect(x: 0, y: 400, width: 390, height: 100)
            scroll.contentSize = Size(width: 390, height: 2000)
            far.text = "Far away"
            far.frame = Rect(x: 0, y: 1500, width: 200, height: 20)
            scroll.addSubview(far)
            for subview in [save, total, email, password, toggle, slider, hiddenLabel, scroll] { view.addSubview(subview) }
        }
    }

    private func show(_ root: ViewController, _ app: Application) throws -> Window {
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.settle()
        return window
    }

    @Test func elementsTakeUIKitsDefaultsForLabelsValuesAndTypes() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        let tree = app.elementTree()
        func one(_ type: ElementType) throws -> Element { try #require(tree.elements.first { $0.type == type }) }
        #expect(try one(.application).depth == 0)
        #expect(try one(.window).window == "main")
        let save = try one(.button)
        #expect(save.label == "Save")
        #expect(save.traits.contains(.button))
        #expect(save.isHittable && save.isVisible && save.isEnabled)
        #expect(save.controller == "Form")
        #expect(save.frame == Rect(x: 20, y: 100, width: 100, height: 44))
        // A button's title label is part of the button, not an element of its own.
        #expect(!tree.elements.contains { $0.type == .staticText && $0.label == "Save" })
        #expect(try one(.staticText).label == "Total")
        let email = try #require(tree.elements.first { $0.identifier == "email" })
        #expect(email.type == .textField)
        #expect(email.placeholder == "Email")
        #expect(email.value == "Email", "an empty text field's value is its placeholder, as XCUITest reads it")
        let password = try one(.secureTextField)
        #expect(password.value == "•••")
        #expect(try one(.switch).value == "1")
        #expect(try one(.slider).value == "25%")
        #expect(!tree.elements.contains { $0.label == "Secret" }, "hidden views are not elements")
        let far = try #require(tree.elements.first { $0.label == "Far away" })
        #expect(!far.isVisible && !far.isHittable, "scrolled out of its scroll view")
        #expect(far.frame.minY == 1900)
        #expect(tree.elements.allSatisfy { $0.parent.map { $0 < tree.elements.count } ?? ($0.type == .application) })
    }

    @Test func stateFlagsFollowTheViews() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        form.save.isEnabled = false
        form.save.isSelected = true
        form.toggle.isOn = false
        _ = form.email.becomeFirstResponder()
        try app.settle()
        let tree = app.elementTree()
        let save = try #require(tree.elements.first { $0.label == "Save" })
        #expect(!save.isEnabled && save.isSelected)
        #expect(save.traits.contains(.notEnabled) && save.traits.contains(.selected))
        #expect(tree.elements.first { $0.type == .switch }?.value == "0")
        #expect(tree.elements.first { $0.identifier == "email" }?.isFocused == true)
        #expect(throws: ElementError.self) { try app.tapElement(.label("Save")) }
        #expect(form.saves == 0, "a disabled button's tap is refused and changes nothing")
    }

    @Test func anIdNamesTheSameObjectForItsLifeAndIsNeverGivenAgain() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        let first = app.elementTreeForFrontDoor()
        let saveID = try #require(first.elements.first { $0.label == "Save" }?.id)
        let titleID = try #require(first.elements.first { $0.label == "Total" }?.id)
        // The tree changes around them: views come and go, labels change.
        form.total.text = "Sum"
        let extra = Label()
        extra.text = "Total"
        form.view.insertSubview(extra, at: 0)
        try app.settle()
        let second = app.elementTree()
        #expect(second[saveID]?.label == "Save")
        #expect(second[titleID]?.label == "Sum", "the id follows the object, not the label")
        // A removed view's id goes stale, and a new view never takes it.
        form.total.removeFromSuperview()
        let replacement = Label()
        replacement.text = "Sum"
        form.view.addSubview(replacement)
        try app.settle()
        let third = app.elementTree()
        #expect(third[titleID] == nil)
        let replacementID = try #require(third.elements.first { $0.label == "Sum" }?.id)
        #expect(replacementID != titleID)
        #expect(Set(third.elements.map(\.id)).count == third.elements.count, "ids are unique")
        let error = try #require(throws: ElementError.self) { try app.tapElement(.id(titleID)) }
        #expect(error.kind == .stale)
        #expect(error.message.contains("\"Total\""), "the stale ref says what it was: \(error)")
        #expect(ElementID("@\(titleID)") == titleID)
        #expect(ElementID("e0") == nil && ElementID("x3") == nil && ElementID("e3.0") == nil)
    }

    final class Names: TableViewController {
        var rows = ["Ada Hopper 32", "Barbara Turing 2", "Grace Liskov 7"]
        var selected: [Int] = []
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = rows[indexPath.row]
            return cell
        }
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
    }

    @Test func aRefTakenBeforeTheListChangedNeverTapsAnotherRow() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let names = Names(label: "Names")
        _ = try show(names, app)
        let before = app.elementTreeForFrontDoor()
        let barbara = try #require(before.elements.first { $0.type == .cell && $0.label == "Barbara Turing 2" })
        #expect(barbara.indexPath == [0, 1])
        // The list is filtered: Barbara's row goes, and another name takes its place.
        names.rows = ["Ada Hopper 32"]
        names.tableView.reloadData()
        try app.settle()
        let error = try #require(throws: ElementError.self) { try app.tapElement(.id(barbara.id)) }
        #expect(error.kind == .stale || error.kind == .notFound)
        #expect(names.selected.isEmpty, "no other row was tapped")
    }

    final class Top: ViewController {
        var added = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Detail"
            let add = BarButtonItem(title: "Add", style: .plain, primaryAction: Lifeloop.Action { [unowned self] _ in added += 1 })
            add.accessibilityIdentifier = "add"
            navigationItem.rightBarButtonItem = add
        }
    }

    @Test func navigationBarsBackButtonsAndBarItemsAreElementsThatActWhenTapped() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let root = ViewController(label: "Root")
        root.title = "Inbox"
        let navigation = NavigationController(rootViewController: root, label: "Nav")
        _ = try show(navigation, app)
        #expect(throws: ElementError.self) { try app.goBack() }
        let top = Top(label: "Top")
        navigation.pushViewController(top, animated: false)
        try app.settle()
        let tree = app.elementTree()
        let bar = try #require(tree.elements.first { $0.type == .navigationBar })
        #expect(bar.identifier == "Detail")
        let back = try #require(tree.elements.first { $0.type == .backButton })
        #expect(back.label == "Inbox" && back.isHittable)
        #expect(back.type.matches(.button), "a back button is one of XCUITest's buttons")
        #expect(tree.index(of: back.id).map { tree.isDescendant($0, of: tree.index(of: bar.id)!) } == true)
        #expect(tree.elements.contains { $0.type == .staticText && $0.label == "Detail" })
        let add = try #require(tree.elements.first { $0.identifier == "add" })
        #expect(add.label == "Add" && add.type == .button)
        // A tap at the bar's point reaches the bar's element, not the content under it.
        #expect(tree.element(at: add.center, inWindow: "main")?.id == add.id)
        try app.tapElement(.identifier("add"))
        #expect(top.added == 1)
        try app.goBack()
        try app.settle()
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func tabsAlertsSegmentsAndSteppersAreElements() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let first = ViewController(label: "First")
        first.title = "Home"
        let second = ViewController(label: "Second")
        second.title = "Settings"
        let tabs = TabBarController(label: "Tabs")
        tabs.viewControllers = [first, second]
        _ = try show(tabs, app)
        let segments = SegmentedControl(items: ["Day", "Week"])
        segments.frame = Rect(x: 20, y: 100, width: 200, height: 32)
        segments.selectedSegmentIndex = 0
        var changes = 0
        segments.addAction(Lifeloop.Action { _ in changes += 1 }, for: .valueChanged)
        let stepper = Stepper()
        stepper.frame = Rect(x: 20, y: 150, width: 94, height: 32)
        first.view.addSubview(segments)
        first.view.addSubview(stepper)
        try app.settle()
        var tree = app.elementTree()
        let tab = try #require(tree.elements.first { $0.type == .tab && $0.label == "Settings" })
        #expect(!tab.isSelected)
        #expect(tree.elements.first { $0.type == .tab && $0.label == "Home" }?.isSelected == true)
        let week = try #require(tree.elements.first { $0.label == "Week" })
        #expect(week.type == .button && !week.isSelected)
        try app.tapElement(.id(week.id))
        #expect(segments.selectedSegmentIndex == 1 && changes == 1)
        try app.tapElement(.label("Increment"))
        #expect(stepper.value == 1)
        try app.tapElement(.id(tab.id))
        try app.settle()
        #expect(tabs.selectedIndex == 1)
        let alert = AlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        var chosen: String?
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen = $0.title })
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { chosen = $0.title })
        tabs.present(alert, animated: false)
        try app.settle()
        tree = app.elementTree()
        let shown = try #require(tree.elements.first { $0.type == .alert })
        #expect(shown.label == "Delete?")
        let delete = try #require(tree.elements.first { $0.type == .button && $0.label == "Delete" })
        #expect(tree.isDescendant(tree.index(of: delete.id)!, of: tree.index(of: shown.id)!))
        try app.tapElement(.id(delete.id))
        try app.settle()
        #expect(chosen == "Delete")
    }

    @Test func anAmbiguousLabelIsRefusedWithItsCandidates() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        let twin = Button(type: .system)
        twin.setTitle("Save", for: .normal)
        twin.frame = Rect(x: 200, y: 100, width: 100, height: 44)
        form.view.addSubview(twin)
        try app.settle()
        let error = try #require(throws: ElementError.self) { try app.tapElement(.label("Save")) }
        #expect(error.kind == .ambiguous)
        #expect(error.candidates.count == 2)
        #expect(form.saves == 0)
        let missing = try #require(throws: ElementError.self) { try app.tapElement(.label("Nope")) }
        #expect(missing.kind == .notFound)
    }

    @Test func theTreeExportsAsJSONAppiumPageSourceAndCompactText() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        _ = try show(Form(label: "Form"), app)
        let tree = app.elementTree()
        // JSON: one object per element, nested, with every documented field.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(tree.json().utf8)) as? [String: Any])
        #expect(json["type"] as? String == "application")
        let windows = try #require(json["children"] as? [[String: Any]])
        #expect(windows.first?["type"] as? String == "window")
        #expect(tree.json() == app.elementTree().json(), "the same tree is the same bytes")
        func count(_ object: [String: Any]) -> Int { 1 + ((object["children"] as? [[String: Any]]) ?? []).map(count).reduce(0, +) }
        #expect(count(json) == tree.elements.count)
        // Appium's page source: XML with the driver's documented attributes.
        let xml = tree.appiumPageSource()
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [(String, [String: String])] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                elements.append((name, attributes))
            }
        }
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "well-formed XML")
        #expect(collector.elements.first?.0 == "AppiumAUT")
        #expect(collector.elements.count == tree.elements.count + 1)
        let button = try #require(collector.elements.first { $0.0 == "XCUIElementTypeButton" })
        for attribute in ["type", "name", "label", "enabled", "visible", "accessible", "x", "y", "width", "height", "index"] {
            #expect(button.1[attribute] != nil, "\(attribute) is written")
        }
        #expect(button.1["name"] == "Save" && button.1["type"] == "XCUIElementTypeButton")
        let field = try #require(collector.elements.first { $0.1["name"] == "email" })
        #expect(field.0 == "XCUIElementTypeTextField" && field.1["placeholderValue"] == "Email")
        // Compact text: one line an element, with ids.
        let text = tree.compactText()
        #expect(text.split(separator: "\n").count == tree.elements.count - 1)
        #expect(text.contains("button \"Save\""))
        #expect(text.contains("#email"))
        #expect(text.contains("offscreen"))
        #expect(ElementType(name: "XCUIElementTypeStaticText") == .staticText)
    }

    final class Composer: ViewController {
        var added = 0
        var trashed = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Notes"
            navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .add, primaryAction: Lifeloop.Action { [unowned self] _ in
                added += 1
            })
            navigationItem.leftBarButtonItem = editButtonItem
            toolbarItems = [BarButtonItem(barButtonSystemItem: .trash, primaryAction: Lifeloop.Action { [unowned self] _ in trashed += 1 })]
        }
    }

    /// UIKit labels a system item by its name ("Add"), as XCUITest finds it, in a navigation
    /// bar and in a toolbar; an edit item reads its title, which changes while editing.
    @Test func systemBarItemsAreLabelledAsUIKitLabelsThem() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let composer = Composer(label: "Composer")
        let navigation = NavigationController(rootViewController: composer, label: "Nav")
        navigation.isToolbarHidden = false
        _ = try show(navigation, app)
        let tree = app.elementTree()
        let add = try #require(tree.elements.first { $0.label == "Add" })
        #expect(add.type == .button && add.className == "UIBarButtonItem")
        #expect(!tree.elements.contains { $0.label == "add" }, "no element keeps the drawn title as its label")
        #expect(tree.elements.contains { $0.label == "Edit" && $0.type == .button })
        try app.tapElement(.label("Add"))
        #expect(composer.added == 1)
        try app.tapElement(.label("Trash"))
        #expect(composer.trashed == 1)
        try app.tapElement(.label("Edit"))
        try app.settle()
        #expect(composer.isEditing)
        #expect(app.elementTree().elements.contains { $0.label == "Done" && $0.className == "UIBarButtonItem" })
    }

    @Test func aFrontDoorsTreeIsBuiltOncePerStateAndAgainWhenTheStateMoves() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        let first = app.elementTreeForFrontDoor(state: "turn 1")
        form.total.text = "Changed"
        // The same state: the tree built for it (a host's views change only in turns).
        #expect(app.elementTreeForFrontDoor(state: "turn 1") == first)
        // A new state: walked again, the change seen.
        let second = app.elementTreeForFrontDoor(state: "turn 2")
        #expect(second.elements.contains { $0.label == "Changed" })
        #expect(!first.elements.contains { $0.label == "Changed" })
    }

    @Test func anElementIsFoundInTheTreeKeptForItsState() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        _ = try show(form, app)
        // A miss walks the views and keeps the tree for the state.
        #expect(try app.element(.label("Total"), state: "turn 1").label == "Total")
        form.total.text = "Changed"
        // The same state: found in the kept tree, as a front door's describe would show it.
        #expect(try app.element(.label("Total"), state: "turn 1").label == "Total")
        #expect(throws: ElementError.self) { try app.element(.label("Changed"), state: "turn 1") }
        #expect(app.elementTreeForFrontDoor(state: "turn 1").elements.contains { $0.label == "Total" })
        // A new state: walked again.
        #expect(try app.element(.label("Changed"), state: "turn 2").label == "Changed")
        #expect(throws: ElementError.self) { try app.element(.label("Total"), state: "turn 2") }
    }

    @Test func theDrawnTreeHasEveryViewAtItsPresentationFrameAndHiddenOnesWithoutSubviews() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let form = Form(label: "Form")
        let window = try show(form, app)
        let drawn = app.drawnElements(of: window)
        let elements = drawn.tree.elements
        // The hidden label is drawn (dashed in the wireframe), not visible; the accessibility tree leaves it out.
        let hidden = try #require(elements.indices.first { drawn.view(at: $0) === form.hiddenLabel })
        #expect(!elements[hidden].isVisible)
        #expect(!app.elementTree().elements.contains { $0.label == "Secret" })
        #expect(elements.indices.contains { drawn.view(at: $0) === form.far }, "a scroll view's content")
        // Nothing is worked out as hittable.
        #expect(!elements.contains { $0.isHittable && $0.type != .key })
        #expect(drawn.object(at: 0) == nil, "the application stands for no object")
    }

}
