import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing

/// The phone style: each kind of element drawn as UIKit draws it, pinned as SVG goldens in
/// light and dark (their PNGs were looked at when recorded), no debugging ink, and the same
/// bytes on every call.
@Suite("Phone pictures")
struct PhonePictureTests {
    /// A table of rows in each cell style, each with an accessory.
    final class Rows: NSObject, TableViewDataSource {
        let accessories: [TableViewCell.AccessoryType] = [.disclosureIndicator, .checkmark, .detailButton, .detailDisclosureButton, .none]
        let styles: [TableViewCell.CellStyle] = [.default, .subtitle, .value1, .value2, .default]

        func numberOfSections(in tableView: TableView) -> Int { 1 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { accessories.count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Rows" }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: styles[indexPath.row], reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            cell.detailTextLabel?.text = "Detail"
            cell.accessoryType = accessories[indexPath.row]
            return cell
        }
    }

    /// Every control on one page, inside a navigation stack two deep, inside a tab bar
    /// controller whose second tab has a badge.
    static func controls(dark: Bool = false) throws -> (Application, Window, Rows) {
        let app = try Application(clock: .virtual)
        if dark { app.userInterfaceStyle = .dark }
        let window = Window(screen: .phone, label: "main")
        let first = ViewController(label: "Settings")
        first.title = "Settings"
        let page = ViewController(label: "Controls")
        page.title = "Controls"
        let navigation = NavigationController(rootViewController: first, label: "nav")
        navigation.tabBarItem.title = "Home"
        let other = ViewController(label: "Inbox")
        other.tabBarItem.title = "Inbox"
        other.tabBarItem.badgeValue = "3"
        let tabs = TabBarController(viewControllers: [navigation, other], label: "tabs")
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        navigation.pushViewController(page, animated: false)
        page.view.backgroundColor = .systemBackground
        page.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        let toggle = Switch(frame: Rect(x: 20, y: 90, width: 51, height: 31))
        toggle.isOn = true
        let off = Switch(frame: Rect(x: 90, y: 90, width: 51, height: 31))
        let slider = Slider(frame: Rect(x: 20, y: 140, width: 250, height: 30))
        slider.value = 0.3
        let stepper = Stepper(frame: Rect(x: 20, y: 185, width: 94, height: 32))
        let segments = SegmentedControl(items: ["One", "Two", "Three"])
        segments.frame = Rect(x: 20, y: 230, width: 280, height: 32)
        segments.selectedSegmentIndex = 1
        let progress = ProgressView(frame: Rect(x: 20, y: 280, width: 250, height: 4))
        progress.progress = 0.6
        let pages = PageControl(frame: Rect(x: 20, y: 295, width: 200, height: 26))
        pages.numberOfPages = 4
        pages.currentPage = 1
        let spinner = ActivityIndicatorView(style: .medium)
        spinner.frame = Rect(x: 240, y: 185, width: 20, height: 20)
        spinner.startAnimating()
        let field = TextField(frame: Rect(x: 20, y: 335, width: 300, height: 34))
        field.borderStyle = .roundedRect
        field.text = "ada@example.com"
        field.clearButtonMode = .always
        let empty = TextField(frame: Rect(x: 20, y: 380, width: 300, height: 34))
        empty.borderStyle = .roundedRect
        empty.placeholder = "Password"
        empty.isSecureTextEntry = true
        let table = TableView(frame: Rect(x: 0, y: 420, width: 414, height: 250), style: .plain)
        let rows = Rows()
        table.dataSource = rows
        for view in [toggle, off, slider, stepper, segments, progress, pages, spinner, field, empty, table] as [View] {
            page.view.addSubview(view)
        }
        try app.settle()
        return (app, window, rows)
    }

    @Test func everyControlIsDrawnAsUIKitDrawsItWithNoDebuggingInk() throws {
        let (app, window, rows) = try Self.controls()
        let snapshot = WindowSnapshot(window)
        #expect(snapshot.style == .phone)
        let svg = snapshot.svg()
        for role in ["status-time", "status-battery", "navigation-bar", "back-chevron", "back-title", "bar-button", "tab-bar",
                     "tab-title", "badge", "switch", "slider", "stepper", "segmented", "segment", "progress", "text-border",
                     "separator", "disclosure", "checkmark"] {
            #expect(svg.contains("data-role=\"\(role)\""), "draws \(role)")
        }
        #expect(!svg.contains("data-label="), "no view outlines or labels")
        #expect(!svg.contains("key-window"), "no key-window frame")
        #expect(svg.contains(">Settings</text>"), "the back button says the previous title")
        #expect(svg.contains(">Controls</text>") && svg.contains(">Edit</text>") && svg.contains(">3</text>"))
        #expect(svg.contains(">Row 0</text>") && svg.contains(">Password</text>"))
        // The picture is the window: no margins or header around it.
        #expect(svg.contains("width=\"414\" height=\"736\""))
        try expectGolden(svg, "phone-controls-light.svg")
        _ = (app, rows)
    }

    @Test func darkAppearanceDrawsDarkChromeAndDarkSystemColours() throws {
        let (app, window, rows) = try Self.controls(dark: true)
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("fill=\"#000000\""), "systemBackground is black in the dark")
        #expect(svg.contains("fill=\"#1d1d1d\""), "bars are dark")
        #expect(svg.contains(">Row 0</text>"))
        #expect(!svg.contains("fill=\"#f9f9f9\""), "no light bar")
        try expectGolden(svg, "phone-controls-dark.svg")
        _ = (app, rows)
    }

    @Test func theDebugStyleIsTheWireframeOfTheSameTree() throws {
        let (app, window, rows) = try Self.controls()
        let debug = WindowSnapshot(window, style: .debug).svg()
        #expect(debug.contains("data-label=\"Controls.view\"") || debug.contains("data-label="))
        #expect(debug.contains("data-role=\"key-window\""))
        #expect(!debug.contains("data-role=\"status-time\""))
        _ = (app, rows)
    }

    @Test func aPhonePNGIsTheSameBytesOnEveryCallAndShowsTheSwitchGreen() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let (app, window, rows) = try Self.controls()
        let snapshot = WindowSnapshot(window)
        let bytes = try snapshot.png()
        #expect(try snapshot.png() == bytes)
        let png = try DecodedPNG(bytes)
        #expect(png.width == 414 && png.height == 736, "one pixel a point, the window alone")
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let index = (y * png.width + x) * 4
            return Array(png.rgba[index..<index + 3])
        }
        // The on switch's track, left of its knob: systemGreen.
        #expect(pixel(24, 106) == [0x34, 0xc7, 0x59])
        _ = (app, rows)
    }

    @Test func aScreenWithANotchHasTheTimeAtItsLeftAndTheHomeIndicator() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47), label: "main")
        window.rootViewController = ViewController(label: "Root")
        window.makeKeyAndVisible()
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("<text x=\"54\""), "the time at the notch's left")
        #expect(svg.contains("data-role=\"home-indicator\""))
        #expect(!WindowSnapshot(Window(screen: .phone, label: "plain")).svg().contains("home-indicator"))
    }

    @Test func anAlertHasItsPanelAndHairlinesAboveItsActions() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let alert = AlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        root.present(alert, animated: false)
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains(">Delete?</text>") && svg.contains(">Cancel</text>"))
        #expect(svg.components(separatedBy: "stroke=\"#c6c6c8\"").count - 1 >= 2, "a hairline above each action")
        try expectGolden(svg, "phone-alert.svg")
    }
}

