import Foundation
@testable import Lifeloop
@testable import LifeloopPictures
import Testing

/// The phone style's lists, sheets and alerts: grouped and inset grouped tables with their
/// headers and footers, a collection view, an action sheet and a two-action alert, each
/// pinned as an SVG golden (their PNGs were looked at when recorded).
@Suite("Phone pictures of lists and alerts")
struct PhoneListPictureTests {
    /// Two sections of settings rows, with headers and footers, in each cell style.
    final class Settings: NSObject, TableViewDataSource {
        let rows: [[(String, String?, TableViewCell.CellStyle, TableViewCell.AccessoryType)]] = [
            [("Wi-Fi", "Home", .value1, .disclosureIndicator), ("Bluetooth", "On", .value1, .disclosureIndicator),
             ("Airplane Mode", nil, .default, .none)],
            [("Ada Lovelace", "ada@example.com", .subtitle, .detailButton), ("Phone", "+44 20 7946 0000", .value2, .none),
             ("Notifications", nil, .default, .checkmark)],
        ]
        func numberOfSections(in tableView: TableView) -> Int { rows.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Network" : "Account" }
        func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
            section == 0 ? "Airplane Mode turns off every radio." : nil
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let row = rows[indexPath.section][indexPath.row]
            let cell = TableViewCell(style: row.2, reuseIdentifier: nil)
            cell.textLabel?.text = row.0
            cell.detailTextLabel?.text = row.1
            cell.accessoryType = row.3
            return cell
        }
    }

    /// A window showing a table of `style` under a navigation bar.
    static func table(_ style: TableView.Style, dark: Bool = false) throws -> (Application, Window, Settings) {
        let app = try Application(clock: .virtual)
        if dark { app.userInterfaceStyle = .dark }
        let window = Window(screen: .phone, label: "main")
        let page = TableViewController(style: style)
        page.title = "Settings"
        let settings = Settings()
        page.tableView.dataSource = settings
        window.rootViewController = NavigationController(rootViewController: page, label: "nav")
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, settings)
    }

    @Test(arguments: [(TableView.Style.grouped, "grouped"), (.insetGrouped, "inset-grouped")])
    func groupedTablesHaveGreyGroundsHeadersAndFooters(_ style: TableView.Style, _ name: String) throws {
        for dark in [false, true] {
            let (app, window, settings) = try Self.table(style, dark: dark)
            let svg = WindowSnapshot(window).svg()
            #expect(svg.contains(">NETWORK</text>") || svg.contains(">Network</text>"), "the header")
            #expect(svg.contains(">Airplane Mode turns off every radio.</text>"), "the footer")
            for text in ["Wi-Fi", "Home", "Ada Lovelace", "ada@example.com", "+44 20 7946 0000"] {
                #expect(svg.contains(">\(text)</text>"), "\(text)")
            }
            for role in ["separator", "disclosure", "checkmark", "detail-button"] where role != "detail-button" || svg.contains("detail") {
                #expect(svg.contains("data-role=\"\(role)\""), "draws \(role)")
            }
            // The grouped background: systemGroupedBackground, light or dark.
            #expect(svg.contains(dark ? "fill=\"#000000\"" : "fill=\"#f2f2f7\""), "the grouped ground")
            #expect(!svg.contains("data-label="), "no debugging ink")
            try expectGolden(svg, "phone-\(name)-\(dark ? "dark" : "light").svg")
            _ = (app, settings)
        }
    }

    final class Swatches: NSObject, CollectionViewDataSource {
        let colors: [Color] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo,
                               .systemPurple, .systemPink]
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { colors.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
            cell.contentView.backgroundColor = colors[indexPath.item]
            cell.contentView.layer.cornerRadius = 12
            return cell
        }
    }

    @Test func aCollectionViewDrawsItsCellsInAGrid() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 120, height: 120)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
        let page = CollectionViewController(collectionViewLayout: layout)
        page.title = "Colours"
        let swatches = Swatches()
        page.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
        page.collectionView.dataSource = swatches
        page.collectionView.backgroundColor = .systemBackground
        window.rootViewController = NavigationController(rootViewController: page, label: "nav")
        window.makeKeyAndVisible()
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains(">Colours</text>"))
        #expect(svg.contains("fill=\"#ff3b30\""), "the first swatch, systemRed in the light")
        #expect(svg.components(separatedBy: "rx=\"12\"").count - 1 >= 9, "nine rounded swatches")
        try expectGolden(svg, "phone-collection.svg")
        _ = (app, swatches)
    }

    @Test func twoActionsShareARowCancelOnTheLeftInSemibold() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Root")
        root.view.backgroundColor = .systemBackground
        window.rootViewController = root
        window.makeKeyAndVisible()
        let alert = AlertController(title: "Sign out?", message: "You can sign in again at any time.", preferredStyle: .alert)
        let signOut = AlertAction(title: "Sign Out", style: .destructive)
        alert.addAction(signOut)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(alert, animated: false)
        try app.settle()
        let cancel = try #require(alert.actions[1].button)
        let destructive = try #require(signOut.button)
        #expect(cancel.frame.minX == 0 && destructive.frame.minX == 135, "cancel on the left, though added last")
        #expect(cancel.frame.minY == destructive.frame.minY, "one row")
        #expect(cancel.titleLabel?.font.weight == .semibold && destructive.titleLabel?.font.weight == .regular)
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("font-weight=\"bold\">Cancel</text>"), "the cancel title is drawn bold")
        #expect(svg.contains("fill-opacity=\"0.2\"") || svg.contains("rgba(0,0,0,0.2)") || svg.contains("#000000"), "the dimming")
        try expectGolden(svg, "phone-alert-two-actions.svg")
        // Three actions stack, cancel last.
        let three = AlertController(title: "Photo", message: nil, preferredStyle: .alert)
        for title in ["Take Photo", "Choose Photo"] { three.addAction(AlertAction(title: title, style: .default)) }
        three.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.dismiss(animated: false)
        try app.settle()
        root.present(three, animated: false)
        try app.settle()
        let frames = three.actions.compactMap { $0.button?.frame }
        #expect(frames.allSatisfy { $0.minX == 0 && $0.width == 270 })
        #expect(frames[2].minY > frames[1].minY && frames[1].minY > frames[0].minY)
        // A title too wide for half the panel stacks the two.
        let wide = AlertController(title: "Wide", message: nil, preferredStyle: .alert)
        wide.addAction(AlertAction(title: "Remove From This Device Only", style: .destructive))
        wide.addAction(AlertAction(title: "Cancel", style: .cancel))
        three.dismiss(animated: false)
        try app.settle()
        root.present(wide, animated: false)
        try app.settle()
        #expect(wide.actions.compactMap { $0.button?.frame.width } == [270, 270])
    }

    @Test func anActionSheetSitsAtTheBottomWithItsCancel() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47), label: "main")
        let root = ViewController(label: "Root")
        root.view.backgroundColor = .systemBackground
        window.rootViewController = root
        window.makeKeyAndVisible()
        let sheet = AlertController(title: nil, message: "Share this photo?", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Messages", style: .default))
        sheet.addAction(AlertAction(title: "Mail", style: .default))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        try app.settle()
        let frames = sheet.actions.compactMap { $0.button?.frame }
        #expect(frames.count == 3 && frames[1].minY > frames[0].minY && frames.allSatisfy { $0.height == 57 }, "stacked rows of 57 points")
        let panel = try #require(sheet.actions[0].button?.superview)
        let cancelPanel = try #require(sheet.actions[2].button?.superview)
        #expect(panel !== cancelPanel && cancelPanel.frame.minY == panel.frame.maxY + 8, "the cancel in its own panel, 8 points below")
        #expect(sheet.actions[2].button?.titleLabel?.font.weight == .semibold)
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains(">Messages</text>") && svg.contains(">Share this photo?</text>"))
        #expect(svg.contains("data-role=\"home-indicator\""))
        try expectGolden(svg, "phone-action-sheet.svg")
    }

    @Test func anAlertDimsTheTintBehindItAndItsTextFieldTakesTheKeyboard() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: Screen(size: Size(width: 375, height: 667), scale: 2, statusBarInset: 20), label: "main")
        let root = ViewController(label: "Root")
        root.title = "To do List"
        root.view.backgroundColor = .systemBackground
        root.navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .add)
        let navigation = NavigationController(rootViewController: root, label: "nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        let alert = AlertController(title: "Create new item", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "New item name" }
        alert.addAction(AlertAction(title: "Create", style: .cancel))
        alert.addAction(AlertAction(title: "Cancel", style: .default))
        navigation.present(alert, animated: true)
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(root.view.tintAdjustmentMode == .dimmed, "the views behind dim")
        #expect(root.view.tintColor == Color.systemGray)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder, "the alert's field takes the keyboard")
        let keyboard = try #require(window.keyboardFrameInWindow)
        let panel = try #require(field.superview)
        #expect(panel.frame.maxY < keyboard.minY, "the alert sits above the keyboard")
        #expect(abs(panel.frame.midY - keyboard.minY / 2) <= 1, "centred in the room the keyboard leaves")
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("data-role=\"keyboard\""))
        #expect(svg.contains("stroke=\"#8e8e93\"") || svg.contains("fill=\"#8e8e93\""), "the bar's plus in grey")
        try expectGolden(svg, "phone-alert-keyboard.svg")
        alert.dismiss(animated: false)
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(root.view.tintAdjustmentMode == .normal && root.view.tintColor == Color.systemBlue, "the tint comes back")
        #expect(window.keyboardFrameInWindow == nil, "the keyboard went with the alert")
    }

    /// `count` rows titled "Row N".
    final class NumberedRows: NSObject, TableViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    /// A plain table controller of `count` numbered rows, shown and settled.
    static func plainTable(rows count: Int) throws -> (Application, Window, TableViewController, NumberedRows) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let page = TableViewController(style: .plain)
        let rows = NumberedRows(count)
        page.tableView.dataSource = rows
        window.rootViewController = page
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, page, rows)
    }

    @Test func aPlainTableDrawsSeparatorsDownItsEmptyRowsUnlessItHasAFooterView() throws {
        let (app, window, page, rows) = try Self.plainTable(rows: 2)
        let svg = WindowSnapshot(window).svg()
        let empty = svg.components(separatedBy: "data-role=\"empty-row-separator\"").count - 1
        // 736 points less the status bar and two rows, in rows of 44.
        #expect(empty == Int((736 - 20 - 88) / 44), "\(empty) separators under the rows")
        page.tableView.tableFooterView = View(frame: .zero)
        try app.settle()
        #expect(!WindowSnapshot(window).svg().contains("empty-row-separator"), "a footer view ends the rows, as in UIKit")
        _ = rows
    }

    @Test func textFieldsInEachBorderStyleWithPlaceholderSecureDotsClearButtonAndCaret() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let page = ViewController(label: "Fields")
        page.view.backgroundColor = .systemBackground
        window.rootViewController = page
        window.makeKeyAndVisible()
        var fields: [TextField] = []
        for (index, style) in [TextField.BorderStyle.none, .line, .bezel, .roundedRect].enumerated() {
            let field = TextField(frame: Rect(x: 20, y: 60 + Double(index) * 50, width: 374, height: 34))
            field.borderStyle = style
            field.placeholder = "Placeholder"
            fields.append(field)
        }
        fields[1].text = "Line"
        fields[2].text = "secret"
        fields[2].isSecureTextEntry = true
        fields[3].text = "ada@example.com"
        fields[3].clearButtonMode = .whileEditing
        for field in fields { page.view.addSubview(field) }
        try app.settle()
        #expect(fields[3].becomeFirstResponder())
        try app.settle()
        try app.advance(by: .seconds(1))
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains(">Placeholder</text>"), "the empty field's placeholder")
        #expect(svg.contains("••••••"), "secure text as dots")
        #expect(svg.contains("data-role=\"caret\""), "the caret in the focused field")
        #expect(svg.contains("data-role=\"keyboard\""))
        try expectGolden(svg, "phone-text-fields.svg")
    }

    @Test func aScrollingTableShowsItsIndicatorWhileTheFingerDrags() throws {
        let (app, window, page, rows) = try Self.plainTable(rows: 60)
        #expect(!WindowSnapshot(window).svg().contains("scroll-indicator"), "no indicator at rest")
        #expect(app.touch(.down, at: Point(x: 200, y: 600)))
        for step in 1...10 {
            try app.advance(by: .milliseconds(16))
            #expect(app.touch(.move, at: Point(x: 200, y: 600 - Double(step) * 30)))
        }
        #expect(page.tableView.isDragging)
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("data-role=\"scroll-indicator\""), "the indicator while dragging")
        try expectGolden(svg, "phone-scrolling.svg")
        #expect(app.touch(.up, at: Point(x: 200, y: 300)))
        // The table decelerates; once it rests the app holds nothing scheduled and goes.
        try app.settle()
        _ = rows
    }
}
