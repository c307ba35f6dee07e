import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing

/// A window with one view of each kind a snapshot draws: labels (plain, bold centred,
/// right-aligned), a rotated view, a hidden view with a subview, a bordered rounded view, a
/// switch, a text field, an image view, a text view, a shadowed view, a view with a
/// sublayer, a view that draws in `draw(_:)`, a constrained view, under a navigation bar
/// (title and a trailing item) in a tab bar controller, in the key window under the status
/// bar.
enum CanvasFixture {
    final class Drawn: View {
        override func draw(_ rect: Rect) {
            Color(red: 0.85, green: 0.1, blue: 0.1).setFill()
            UIRectFill(CGRect(x: 10, y: 10, width: 40, height: 30))
        }
    }

    final class Home: ViewController {
        override func viewDidLoad() {
            view.backgroundColor = .white
            title = "Home"
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Add", style: .plain)
            func add<V: View>(_ view: V, _ label: String, _ frame: Rect, _ color: Color? = nil) -> V {
                view.frame = frame
                view.traceLabel = label
                view.backgroundColor = color
                self.view.addSubview(view)
                return view
            }
            let plain = add(Label(), "plain", Rect(x: 16, y: 110, width: 200, height: 30), Color(red: 1, green: 0.9, blue: 0.6))
            plain.text = "Hello"
            plain.textColor = Color(red: 0.1, green: 0.2, blue: 0.6)
            let bold = add(Label(), "bold", Rect(x: 16, y: 150, width: 358, height: 40), Color(red: 0.6, green: 0.8, blue: 1, alpha: 0.5))
            bold.text = "Bold centred"
            bold.font = .boldSystemFont(ofSize: 20)
            bold.textAlignment = .center
            let trailing = add(Label(), "trailing", Rect(x: 224, y: 110, width: 150, height: 30))
            trailing.text = "End"
            trailing.textAlignment = .right
            let turned = add(View(), "turned", Rect(x: 200, y: 210, width: 80, height: 80), Color(red: 1, green: 0.55, blue: 0))
            turned.transform = CGAffineTransform(rotationAngle: .pi / 6)
            let hidden = add(View(), "hidden", Rect(x: 16, y: 310, width: 100, height: 40), Color(red: 0, green: 0.7, blue: 0.2))
            hidden.isHidden = true
            let inner = View(frame: Rect(x: 5, y: 5, width: 20, height: 20))
            inner.traceLabel = "insideHidden"
            inner.backgroundColor = .black
            hidden.addSubview(inner)
            let bordered = add(View(), "bordered", Rect(x: 130, y: 310, width: 100, height: 60), .white)
            bordered.layer.borderWidth = 4
            bordered.layer.borderColor = Color(red: 0.1, green: 0.3, blue: 0.9)
            bordered.layer.cornerRadius = 10
            let toggle = add(Switch(), "toggle", Rect(x: 250, y: 310, width: 51, height: 31))
            toggle.isOn = true
            let field = add(TextField(), "field", Rect(x: 16, y: 390, width: 200, height: 34))
            field.placeholder = "Name"
            field.borderStyle = .roundedRect
            let image = add(ImageView(), "image", Rect(x: 230, y: 390, width: 80, height: 80))
            image.image = Image(named: "star")
            let text = add(TextView(), "text", Rect(x: 16, y: 440, width: 200, height: 60))
            text.text = "Two\nlines"
            let shadowed = add(View(), "shadowed", Rect(x: 16, y: 520, width: 100, height: 60), .white)
            shadowed.layer.shadowOpacity = 0.8
            shadowed.layer.shadowRadius = 4
            shadowed.layer.shadowOffset = CGSize(width: 0, height: 8)
            let layered = add(View(), "layered", Rect(x: 140, y: 520, width: 100, height: 60), Color(red: 0.9, green: 0.9, blue: 0.9))
            let sublayer = Layer()
            sublayer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            sublayer.backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.7)
            layered.layer.addSublayer(sublayer)
            _ = add(Drawn(), "drawn", Rect(x: 260, y: 520, width: 100, height: 60))
            let pinned = View(frame: .zero)
            pinned.traceLabel = "pinned"
            pinned.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(pinned)
            let width = pinned.widthAnchor.constraint(equalToConstant: 120)
            width.priority = .defaultHigh
            LayoutConstraint.activate([
                pinned.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                pinned.topAnchor.constraint(equalTo: view.topAnchor, constant: 600),
                width,
                pinned.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
    }

    /// The fixture's snapshot, with its time and turn fixed (they are not what the
    /// pictures test).
    static func snapshot() throws -> WindowSnapshot {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let navigation = NavigationController(rootViewController: Home(label: "Home"))
        navigation.traceLabel = "Nav"
        window.rootViewController = TabBarController(viewControllers: [navigation, ViewController(label: "Other")], label: "Tabs")
        window.makeKeyAndVisible()
        try app.settle()
        var snapshot = WindowSnapshot(window, showingConstraints: true)
        try app.close()
        snapshot.time = 1_500_000_000
        snapshot.turn = 7
        return snapshot
    }

    /// The node labelled `label`.
    static func node(_ label: String, in snapshot: WindowSnapshot) throws -> WindowSnapshot.Node {
        try #require(snapshot.nodes.first { $0.label == label })
    }
}

@Suite("Snapshot canvas")
struct SnapshotCanvasTests {
    /// The SVG of a snapshot with every kind of content is pinned: drawing through a canvas
    /// writes the same bytes as the SVG writer did before it.
    @Test func theSVGOfEveryKindOfContentIsPinned() throws {
        let snapshot = try CanvasFixture.snapshot()
        for label in ["plain", "bold", "trailing", "turned", "hidden", "bordered", "toggle", "field", "image", "text",
                      "shadowed", "layered", "drawn", "navigationBar", "tabBar"] {
            _ = try CanvasFixture.node(label, in: snapshot)
        }
        #expect(!snapshot.nodes.contains { $0.label == "insideHidden" })
        #expect(snapshot.constraints.count == 4)
        try expectGolden(snapshot.svg(), "snapshot-every-content.svg")
    }
}

/// Window snapshots drawn straight with cairo, without SVG text.
@Suite("Snapshot PNG with cairo")
struct CairoSnapshotPNGTests {
    /// The PNG read back, with the colour at a point of the window (in points).
    struct Picture {
        let png: DecodedPNG
        let scale: Double
        let offset: (x: Double, y: Double)

        init(_ bytes: [UInt8], scale: Double = 1, offset: (x: Double, y: Double) = (0, 0)) throws {
            png = try DecodedPNG(bytes)
            self.scale = scale
            self.offset = offset
        }

        /// The pixel under the window's point `(x, y)`.
        func at(_ x: Double, _ y: Double) -> [UInt8] {
            let px = Int(offset.x + (x + 24) * scale), py = Int(offset.y + (y + 42) * scale)
            let index = (py * png.width + px) * 4
            return Array(png.rgba[index..<index + 4])
        }

        /// How many pixels in the window's rectangle are dark (every channel below 100).
        func darkPixels(in rect: Rect) -> Int {
            var count = 0
            for y in stride(from: rect.minY, to: rect.maxY, by: 1 / scale) {
                for x in stride(from: rect.minX, to: rect.maxX, by: 1 / scale) where at(x, y).prefix(3).allSatisfy({ $0 < 100 }) {
                    count += 1
                }
            }
            return count
        }
    }

    static func rgb(_ hex: UInt32) -> [UInt8] {
        [UInt8(hex >> 16), UInt8(hex >> 8 & 0xff), UInt8(hex & 0xff), 255]
    }

    static func close(_ pixel: [UInt8], _ expected: [UInt8], within tolerance: Int = 2) -> Bool {
        zip(pixel, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test func thePNGHasTheSVGsSizeAndOnePixelAPoint() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let snapshot = try CanvasFixture.snapshot()
        let png = try DecodedPNG(try snapshot.png())
        #expect((png.width, png.height) == (462, 802), "the window (414 × 736) with its margins and header")
        #expect(png.colorType == 2, "every pixel is opaque: RGB")
    }

    /// Views' fills, a border, text, a hidden view left unfilled, a rotated view, the
    /// switch, the status bar's hatch, and the SVG fragments (a layer's shadow, a sublayer,
    /// a `draw(_:)` display list) in their places.
    @Test func pixelsAreWhereTheViewsAre() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let picture = try Picture(try CanvasFixture.snapshot().png())
        #expect(picture.at(200, 114) == Self.rgb(0xffe699), "the plain label's background")
        #expect(picture.at(131.5, 340) == Self.rgb(0x1a4de6), "inside the 4-point border")
        #expect(picture.at(180, 340) == Self.rgb(0xffffff), "inside the bordered view")
        #expect(picture.darkPixels(in: Rect(x: 100, y: 158, width: 190, height: 24)) > 100, "the bold label's text")
        #expect(picture.darkPixels(in: Rect(x: 250, y: 124, width: 90, height: 10)) == 0, "no text left of the right-aligned 'End'")
        #expect(picture.darkPixels(in: Rect(x: 340, y: 124, width: 32, height: 10)) > 20, "the right-aligned 'End'")
        #expect(picture.at(60, 340) == Self.rgb(0xffffff), "a hidden view is not filled")
        #expect(picture.at(240, 250) == Self.rgb(0xff8c00), "the rotated view's centre")
        #expect(picture.at(290, 237) == Self.rgb(0xff8c00), "the rotated view reaches past its frame")
        #expect(picture.at(278, 212) == Self.rgb(0xffffff), "the frame's corner is outside the rotated view")
        #expect(picture.at(256, 325) == Self.rgb(0x34c759), "the switch is on")
        #expect(picture.at(285, 325) == Self.rgb(0xffffff), "the switch's knob")
        #expect(picture.at(232, 392) == Self.rgb(0xe8eef7), "the image placeholder")
        let hatch = (0..<12).map { picture.at(Double($0) * 0.5 + 100, 10) }
        #expect(Set(hatch).count > 1 && hatch.allSatisfy { $0[0] < 250 && $0[0] > 150 }, "the status bar's hatch: \(hatch)")
        #expect(picture.at(66, 585)[0] < 200, "the layer's shadow below the view")
        #expect(Self.close(picture.at(170, 550), [128, 26, 179, 255]), "the sublayer")
        #expect(Self.close(picture.at(290, 545), [217, 26, 26, 255]), "the draw(_:) display list")
        #expect(Self.close(picture.at(80, 620), [0xd9, 0x30, 0x25, 255], within: 40), "a constraint's end")
    }

    /// A longest edge scales the whole picture down to the size the SVG made for it gets.
    @Test func aLongestEdgeScalesThePictureDown() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let snapshot = try CanvasFixture.snapshot()
        let png = try DecodedPNG(try snapshot.png(longestEdge: 400))
        #expect((png.width, png.height) == (230, 400))
        let scale = min(230.0 / 462, 400.0 / 802)
        let picture = try Picture(try snapshot.png(longestEdge: 400), scale: scale, offset: ((230 - 462 * scale) / 2, 0))
        #expect(Self.close(picture.at(100, 120), Self.rgb(0xffe699)), "the plain label's background")
        #expect(Self.close(picture.at(240, 250), Self.rgb(0xff8c00)), "the rotated view's centre")
        #expect(try DecodedPNG(try snapshot.png(longestEdge: 2000)).width == 462, "a picture that fits is not enlarged")
        if PNGConverter.converterPath() != nil {
            let failing = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in throw RasterLibraries.LoadFailure(description: "test") }
            let process = try DecodedPNG(try snapshot.png(longestEdge: 400, for: "test", rasterizer: failing))
            #expect((process.width, process.height) == (png.width, png.height), "rsvg-convert draws the same size")
        }
    }

    /// The MCP server's longest edge, 1024: a larger picture is scaled down to the size an
    /// SVG sized so gets (rounded down), a smaller one is not scaled up.
    @Test(arguments: [(2952.0, 534.0, 1024, 204), (552, 2334, 256, 1024), (414, 736, 462, 802)])
    func theLongestEdgeIsAtMost1024(_ width: Double, _ height: Double, _ expectedWidth: Int, _ expectedHeight: Int) throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        var snapshot = try CanvasFixture.snapshot()
        snapshot.size = Size(width: width, height: height)
        let bytes = try snapshot.png(longestEdge: 1024)
        let png = try DecodedPNG(bytes)
        #expect((png.width, png.height) == (expectedWidth, expectedHeight))
        #expect(bytes.count < 1 << 20)
    }

    /// cairo's picture and librsvg's picture of the SVG look alike: most pixels match (text
    /// is set by different font code).
    @Test(arguments: [nil, 400]) func cairoAndLibrsvgLookAlike(_ longestEdge: Int?) throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let snapshot = try CanvasFixture.snapshot()
        let cairo = try DecodedPNG(try snapshot.png(longestEdge: longestEdge))
        var svg = snapshot.svg()
        if longestEdge != nil, let root = svg.range(of: " width=\"462\" height=\"802\" ") {
            svg.replaceSubrange(root, with: " width=\"230\" height=\"400\" ")
        }
        let librsvg = try DecodedPNG(try #require(try SVGRasterizer.shared.png(svg: svg, for: "test")))
        #expect((cairo.width, cairo.height) == (librsvg.width, librsvg.height))
        let pixels = cairo.width * cairo.height
        let alike = (0..<pixels).filter { index in
            (0..<4).allSatisfy { abs(Int(cairo.rgba[index * 4 + $0]) - Int(librsvg.rgba[index * 4 + $0])) <= 24 }
        }.count
        #expect(Double(alike) / Double(pixels) > 0.97, "\(pixels - alike) of \(pixels) pixels differ")
    }

    /// The same snapshot gives the same bytes on every call, and from a second rasterizer.
    @Test func theSameSnapshotGivesTheSameBytes() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let snapshot = try CanvasFixture.snapshot()
        let first = try snapshot.png(longestEdge: 300)
        let other = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in try RasterLibraries() }
        #expect(try snapshot.png(longestEdge: 300) == first)
        #expect(try snapshot.png(longestEdge: 300, for: "test", rasterizer: other) == first)
        #expect(try snapshot.png() != first)
    }

    /// Without the libraries, `rsvg-convert` draws the snapshot's SVG; with neither, the
    /// error says what to install.
    @Test func withoutTheLibrariesTheSVGIsDrawnByTheProcess() throws {
        let snapshot = try CanvasFixture.snapshot()
        let failing = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in throw RasterLibraries.LoadFailure(description: "test: no cairo") }
        #expect(try failing.png(snapshot: snapshot, longestEdge: nil, for: "test") == nil)
        if PNGConverter.converterPath() != nil {
            let png = try DecodedPNG(try snapshot.png(longestEdge: nil, for: "test", rasterizer: failing))
            #expect((png.width, png.height) == (462, 802))
        }
        #expect {
            try snapshot.png(longestEdge: 300, for: "out.png", rasterizer: failing, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            "\(error)".hasPrefix("out.png: writing PNG needs librsvg (rsvg-convert), which is not installed; install Debian's librsvg2-bin")
        }
    }

    @Test(arguments: [0, 15, -1, 32_768, Int.max, Int.min]) func aBadLongestEdgeIsAClearError(_ edge: Int) throws {
        let snapshot = try CanvasFixture.snapshot()
        #expect {
            try snapshot.png(longestEdge: edge, for: "out.png")
        } throws: { error in
            "\(error)" == "out.png: longestEdge is \(edge); a PNG's longest edge is 16...32767 pixels"
        }
    }

    /// An empty window has no picture: an error naming it, not a crash.
    @Test func anEmptyWindowIsAClearError() throws {
        var snapshot = try CanvasFixture.snapshot()
        snapshot.size = Size(width: -48, height: 100)
        #expect {
            try snapshot.png(for: "out.png")
        } throws: { error in
            "\(error)".hasPrefix("out.png: the window's size is -48.0 × 100.0 points")
        }
    }
}
