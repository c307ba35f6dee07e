import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing

/// The phone style's pictures of images and bars: SF Symbols as glyphs in the tint, app
/// images as their pixels, large titles and toolbars; pinned as SVG goldens (their PNGs
/// were looked at when recorded).
@Suite("Phone chrome pictures")
struct PhoneChromeTests {
    /// The symbols every snapshot must draw as glyphs.
    static let symbols = ["chevron.right", "chevron.left", "chevron.down", "plus", "minus", "xmark", "checkmark", "gear", "gearshape",
                          "house", "person", "person.circle", "magnifyingglass", "star", "star.fill", "heart", "heart.fill", "trash",
                          "square.and.arrow.up", "bell", "envelope", "paperplane", "camera", "photo", "info.circle",
                          "exclamationmark.triangle", "ellipsis", "list.bullet", "calendar", "clock", "lock", "pencil", "folder", "doc",
                          "cart", "map", "mic", "play.fill", "pause.fill"]

    /// A tab bar controller whose tabs have symbol images, its first tab a navigation
    /// stack whose page holds an image view per symbol, one unknown symbol, symbol buttons
    /// and bar items with a symbol, a system `.add` and a `.done`.
    static func symbolScreen(dark: Bool) throws -> (Application, Window) {
        let app = try Application(clock: .virtual)
        if dark { app.userInterfaceStyle = .dark }
        let window = Window(screen: .phone, label: "main")
        let page = ViewController(label: "Symbols")
        page.title = "Symbols"
        page.view.backgroundColor = .systemBackground
        let navigation = NavigationController(rootViewController: page, label: "nav")
        navigation.tabBarItem = TabBarItem(title: "Home", image: Image(systemName: "house"), selectedImage: Image(systemName: "house.fill"))
        let other = ViewController(label: "Inbox")
        other.tabBarItem = TabBarItem(title: "Inbox", image: Image(systemName: "envelope"), selectedImage: nil)
        let third = ViewController(label: "Me")
        third.tabBarItem = TabBarItem(title: "Me", image: Image(systemName: "person.circle"), selectedImage: nil)
        window.rootViewController = TabBarController(viewControllers: [navigation, other, third], label: "tabs")
        window.makeKeyAndVisible()
        page.navigationItem.leftBarButtonItem = BarButtonItem(image: Image(systemName: "gearshape"), style: .plain)
        page.navigationItem.rightBarButtonItems = [BarButtonItem(barButtonSystemItem: .done), BarButtonItem(barButtonSystemItem: .add)]
        for (index, name) in (Self.symbols + ["sparkles.rectangle.stack"]).enumerated() {
            let view = ImageView(image: Image(systemName: name))
            view.contentMode = .scaleAspectFit
            view.frame = Rect(x: 14 + Double(index % 8) * 50, y: 80 + Double(index / 8) * 50, width: 40, height: 40)
            if name == "heart.fill" { view.tintColor = .systemRed }
            page.view.addSubview(view)
        }
        let alone = Button(type: .system)
        alone.setImage(Image(systemName: "trash"), for: .normal)
        alone.frame = Rect(x: 20, y: 400, width: 44, height: 44)
        let titled = Button(type: .system)
        titled.setImage(Image(systemName: "square.and.arrow.up"), for: .normal)
        titled.setTitle("Share", for: .normal)
        titled.frame = Rect(x: 100, y: 400, width: 160, height: 44)
        page.view.addSubview(alone)
        page.view.addSubview(titled)
        try app.settle()
        return (app, window)
    }

    @Test func sfSymbolsAreDrawnAsGlyphsInTheTintAndAnUnknownOneAsItsName() throws {
        let (app, window) = try Self.symbolScreen(dark: false)
        let svg = WindowSnapshot(window).svg()
        for name in Self.symbols {
            #expect(svg.contains("data-symbol=\"\(name)\""), "draws \(name)")
            #expect(SymbolGlyphs.glyph(named: name) != nil, "\(name) is in the table")
        }
        #expect(svg.contains("data-symbol=\"sparkles.rectangle.stack\"") && svg.contains(">spark…</text>"),
                "an unknown symbol is a placeholder labelled with its name")
        #expect(svg.contains("data-symbol=\"house.fill\""), "the selected tab shows its selected image")
        #expect(svg.contains("data-symbol=\"plus\""), "the system add item is a plus")
        #expect(svg.contains("text-anchor=\"end\" data-role=\"bar-button\" font-weight=\"bold\">Done</text>"), "a done item is bold")
        #expect(svg.contains("fill=\"#ff3b30\" data-role=\"symbol\" data-symbol=\"heart.fill\""), "an image view's own tint colours its symbol")
        #expect(!svg.contains("data-role=\"image\""), "no grey placeholders for symbols")
        try expectGolden(svg, "phone-symbols-light.svg")
        _ = app
    }

    @Test func sfSymbolsTakeTheDarkTint() throws {
        let (app, window) = try Self.symbolScreen(dark: true)
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("stroke=\"#0a84ff\""), "symbols in the dark system blue")
        #expect(!svg.contains("stroke=\"#007aff\""))
        try expectGolden(svg, "phone-symbols-dark.svg")
        _ = app
    }

    @Test func anImageReadFromPNGBytesIsDrawnAsItsPixelsAndADrawnImageAsItsDrawing() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let page = ViewController(label: "Photos")
        page.view.backgroundColor = .systemBackground
        window.rootViewController = page
        window.makeKeyAndVisible()
        let renderer = GraphicsImageRenderer(size: Size(width: 40, height: 20))
        let drawn = renderer.image { context in
            context.cgContext.setFillColor(.systemOrange)
            context.fill(Rect(x: 0, y: 0, width: 40, height: 20))
            context.cgContext.setFillColor(.systemBlue)
            context.cgContext.fillEllipse(in: Rect(x: 10, y: 0, width: 20, height: 20))
        }
        let png = try #require(drawn.pngData())
        let read = try #require(Image(data: png))
        #expect(read.sourcePNGData == png)
        let fromBytes = ImageView(image: read)
        fromBytes.contentMode = .scaleAspectFit
        fromBytes.frame = Rect(x: 20, y: 60, width: 200, height: 200)
        let fromDrawing = ImageView(image: drawn)
        fromDrawing.contentMode = .scaleAspectFit
        fromDrawing.frame = Rect(x: 20, y: 280, width: 200, height: 100)
        page.view.addSubview(fromBytes)
        page.view.addSubview(fromDrawing)
        try app.settle()
        let svg = WindowSnapshot(window).svg()
        #expect(svg.contains("href=\"data:image/png;base64,\(png.base64EncodedString())\""), "the PNG is embedded")
        #expect(svg.contains("width=\"200\" height=\"100\" preserveAspectRatio=\"none\""), "fitted by its content mode")
        #expect(svg.contains("data-role=\"drawing\""), "a drawn image is drawn")
        #expect(!svg.contains("data-role=\"image\""), "no placeholder")
        try expectGolden(svg, "phone-app-images.svg")
    }

    /// A navigation stack whose bar prefers large titles, its top item `mode`.
    static func largeTitleScreen(mode: NavigationItem.LargeTitleDisplayMode, dark: Bool) throws -> (Application, Window, ViewController) {
        let app = try Application(clock: .virtual)
        if dark { app.userInterfaceStyle = .dark }
        let window = Window(screen: Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47), label: "main")
        let page = ViewController(label: "Inbox")
        page.title = "Inbox"
        page.view.backgroundColor = .systemBackground
        page.navigationItem.largeTitleDisplayMode = mode
        page.navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .compose)
        let navigation = NavigationController(rootViewController: page, label: "nav")
        navigation.navigationBar.prefersLargeTitles = true
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, page)
    }

    @Test func aBarThatPrefersLargeTitlesDrawsTheTitleLargeAtTheLeadingEdgeInABandBelowIt() throws {
        for dark in [false, true] {
            let (app, window, _) = try Self.largeTitleScreen(mode: .automatic, dark: dark)
            let snapshot = WindowSnapshot(window)
            let bar = try #require(snapshot.nodes.compactMap(\.content.bar).first)
            #expect(bar.showsLargeTitle)
            let svg = snapshot.svg()
            #expect(svg.contains("x=\"16\" y=\"\(svgNumber(bar.rect.maxY + 41))\" font-size=\"34\""), "34 points at x = 16 in the band")
            #expect(svg.contains("height=\"\(svgNumber(bar.rect.height + 52))\" fill=\"\(dark ? "#1d1d1d" : "#f9f9f9")\""),
                    "the bar's background covers the band")
            #expect(!svg.contains("data-role=\"title\""), "no small title as well")
            try expectGolden(svg, "phone-large-title-\(dark ? "dark" : "light").svg")
            _ = app
        }
    }

    @Test func anItemThatRefusesLargeTitlesKeepsTheSmallTitle() throws {
        let (app, window, _) = try Self.largeTitleScreen(mode: .never, dark: false)
        let svg = WindowSnapshot(window).svg()
        #expect(!svg.contains("data-role=\"large-title\""))
        #expect(svg.contains("data-role=\"title\""))
        _ = app
    }

    /// A navigation stack showing its toolbar, and a standalone toolbar in the page.
    static func toolbarScreen(dark: Bool) throws -> (Application, Window) {
        let app = try Application(clock: .virtual)
        if dark { app.userInterfaceStyle = .dark }
        let window = Window(screen: Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47), label: "main")
        let page = ViewController(label: "Mail")
        page.title = "Mail"
        page.view.backgroundColor = .systemBackground
        page.toolbarItems = [BarButtonItem(image: Image(systemName: "trash"), style: .plain),
                             BarButtonItem(barButtonSystemItem: .flexibleSpace),
                             BarButtonItem(image: Image(systemName: "folder"), style: .plain),
                             BarButtonItem(barButtonSystemItem: .flexibleSpace),
                             BarButtonItem(barButtonSystemItem: .reply),
                             BarButtonItem(barButtonSystemItem: .flexibleSpace),
                             BarButtonItem(barButtonSystemItem: .compose)]
        let navigation = NavigationController(rootViewController: page, label: "nav")
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let standalone = Toolbar(frame: Rect(x: 0, y: 200, width: 390, height: 44))
        standalone.items = [BarButtonItem(title: "Cancel", style: .plain), BarButtonItem(barButtonSystemItem: .flexibleSpace),
                            BarButtonItem(image: Image(systemName: "star"), style: .plain)]
        page.view.addSubview(standalone)
        try app.settle()
        return (app, window)
    }

    @Test func aToolbarDrawsItsItemsInTheTintSpreadByFlexibleSpacesOverTheBarColourDownToTheScreensBottom() throws {
        for dark in [false, true] {
            let (app, window) = try Self.toolbarScreen(dark: dark)
            let svg = WindowSnapshot(window).svg()
            for name in ["trash", "folder", "star"] {
                #expect(svg.contains("data-symbol=\"\(name)\""), "draws \(name)")
            }
            #expect(svg.contains("data-role=\"toolbar\""), "the hairline above the bar")
            #expect(svg.contains("data-role=\"toolbar-safe-area\""), "the bar colour reaches under the home indicator")
            #expect(svg.contains(">Cancel</text>"))
            #expect(svg.contains("stroke=\"\(dark ? "#0a84ff" : "#007aff")\""), "items in the tint")
            try expectGolden(svg, "phone-toolbar-\(dark ? "dark" : "light").svg")
            _ = app
        }
    }
}
