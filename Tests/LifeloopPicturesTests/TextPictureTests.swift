import Foundation
import Lifeloop
@testable import LifeloopPictures
import Testing

/// Text in pictures is drawn with the font it is measured with (Inter): a label's drawn ink
/// lies where its measured width says, and the SVG names the same family.
@Suite("Text in pictures")
struct TextPictureTests {
    /// A window with one label at (20, 100), sized to its text.
    static func labelWindow(_ text: String, font: Font) throws -> (Application, Window, Label) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Text")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let label = Label()
        label.font = font
        label.text = text
        label.frame = Rect(origin: Point(x: 20, y: 100), size: label.intrinsicContentSize)
        root.view.addSubview(label)
        try app.settle()
        return (app, window, label)
    }

    @Test func aLabelsInkEndsWhereItsMeasuredWidthSays() throws {
        guard SVGRasterizer.shared.isAvailable, FontFaces.installed != nil else { return }
        let font = Font.systemFont(ofSize: 17)
        let (app, window, label) = try Self.labelWindow("Hello, World", font: font)
        _ = app
        let width = Double(font.width(of: "Hello, World"))
        #expect(label.intrinsicContentSize.width == CGFloat(width.rounded(.up)))
        let snapshot = WindowSnapshot(window)
        let png = try DecodedPNG(try snapshot.png(longestEdge: Int(max(snapshot.documentWidth, snapshot.documentHeight) * 2)))
        let scale = Double(png.width) / snapshot.documentWidth
        // The window's origin in the document: right of the margin, below the header's.
        let (originX, originY) = snapshot.style == .phone ? (0.0, 0.0)
            : (WindowSnapshot.margin, WindowSnapshot.margin + WindowSnapshot.headerHeight)
        var inked: [Double] = []
        for row in Int((originY + label.frame.minY) * scale)..<Int((originY + label.frame.maxY) * scale) {
            for column in Int((originX + label.frame.minX - 4) * scale)..<Int((originX + label.frame.maxX + 4) * scale) {
                let index = (row * png.width + column) * 4
                if png.rgba[index] < 160 { inked.append(Double(column) / scale - originX) }
            }
        }
        let left = try #require(inked.min()), right = try #require(inked.max()) + 1 / scale
        // Inter-Regular at 17 points: H's left side bearing and d's right one are both
        // 248 units of 2816 (fontTools' BoundsPen on the glyph outlines), 1.497 points.
        let bearing = 248.0 * 17 / 2816
        #expect(abs(left - (label.frame.minX + bearing)) <= 0.5, "ink starts at \(left)")
        #expect(abs(right - (label.frame.minX + width - bearing)) <= 0.5, "ink ends at \(right)")
    }

    @Test func theSnapshotsSVGNamesInter() throws {
        let (app, window, _) = try Self.labelWindow("Hello", font: .systemFont(ofSize: 17))
        _ = app
        #expect(WindowSnapshot(window).svg().contains("font-family=\"Inter, sans-serif\""))
    }

    @Test func aLabelsPNGIsTheSameOnEveryDrawing() throws {
        guard SVGRasterizer.shared.isAvailable else { return }
        let (app, window, _) = try Self.labelWindow("AVATAR Type 1/2", font: .boldSystemFont(ofSize: 20))
        _ = app
        #expect(try WindowSnapshot(window).png() == (try WindowSnapshot(window).png()))
    }
}
