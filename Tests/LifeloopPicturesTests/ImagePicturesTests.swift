import Foundation
import Lifeloop
import LifeloopPictures
import Testing

/// Drawn images in pictures: an image view showing an image made in an image context is
/// drawn with the image's drawing in the window's SVG and PNG, and images' own PNG data
/// decodes (with the system's zlib) to the pixels drawn.
@Suite struct ImagePicturesTests {
    /// A red circle image made as apps make one.
    static func circleImage(diameter: CGFloat) -> Image? {
        let size = CGSize(width: diameter, height: diameter)
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        Color.red.setFill()
        BezierPath(ovalIn: CGRect(origin: .zero, size: size)).fill()
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }

    /// The RGBA bytes of the pixel at (`x`, `y`).
    static func pixel(_ png: DecodedPNG, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * png.width + x) * 4
        return Array(png.rgba[index..<(index + 4)])
    }

    @Test func drawnImageInAnImageViewIsDrawnInTheSnapshot() throws {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let host = ViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let imageView = ImageView(frame: CGRect(x: 20, y: 100, width: 120, height: 80))
        imageView.image = try #require(Self.circleImage(diameter: 40))
        imageView.contentMode = .scaleAspectFit
        host.view.addSubview(imageView)
        let named = ImageView(image: Image(name: "logo", size: CGSize(width: 40, height: 40)))
        named.frame.origin = CGPoint(x: 200, y: 100)
        host.view.addSubview(named)
        try app.settle()

        let snapshot = WindowSnapshot(window, style: .debug)
        let node = try #require(snapshot.nodes.first { $0.rect == CGRect(x: 20, y: 100, width: 120, height: 80) })
        #expect(node.content.imageName == nil, "a drawn image is drawn, not named")
        let drawing = try #require(node.content.drawing)
        #expect(drawing.contains(.ellipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))))
        let svg = snapshot.svg()
        #expect(svg.contains("fill=\"rgb(255,0,0)\""))
        #expect(svg.contains("▣ logo"), "an image by name still shows its name")

        // The PNG: the oval fills the middle 80×80 of the image view, centred.
        let png = try DecodedPNG(try snapshot.png())
        // The window lies inside the document's 24-point margin, below its 18-point header.
        let origin = (x: 24, y: 24 + 18)
        #expect(Self.pixel(png, origin.x + 80, origin.y + 140) == [255, 0, 0, 255])
        // Outside the oval, beside it in the image view: not red.
        #expect(Self.pixel(png, origin.x + 30, origin.y + 140) != [255, 0, 0, 255])
        #expect(Self.pixel(png, origin.x + 47, origin.y + 107) != [255, 0, 0, 255])
    }

    @Test func imagePNGDataDecodesToThePixelsDrawn() throws {
        let image = try #require(Self.circleImage(diameter: 10))
        let png = try DecodedPNG([UInt8](try #require(image.pngData())))
        let side = Int(10 * image.scale)
        #expect((png.width, png.height) == (side, side))
        #expect(png.colorType == 6, "transparent corners: RGBA")
        #expect(png.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(Self.pixel(png, side / 2, side / 2) == [255, 0, 0, 255])
        #expect(Self.pixel(png, 0, 0) == [0, 0, 0, 0])

        let format = GraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let opaque = try DecodedPNG([UInt8](GraphicsImageRenderer(size: CGSize(width: 300, height: 200), format: format).pngData { context in
            Color(red: 0, green: 0, blue: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 150, height: 200))
        }))
        #expect(opaque.colorType == 2)
        #expect(Self.pixel(opaque, 10, 10) == [0, 0, 255, 255])
        #expect(Self.pixel(opaque, 290, 190) == [0, 0, 0, 255])
    }
}
