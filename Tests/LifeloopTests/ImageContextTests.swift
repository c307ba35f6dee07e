import Foundation
import Testing
@testable import Lifeloop

/// Images made by drawing, as apps make them: image contexts, image renderers, drawn
/// images drawn again (in `draw(_:)`, image views, PNG and JPEG data), and the UIImage
/// variants (orientation, tint, template, caps, symbol configurations, frames, assets).
@Suite struct ImageContextTests {
    // MARK: Helpers, written as apps write them

    /// A circle image, the way countless apps make one.
    static func circleImage(diameter: CGFloat, color: Color) -> Image? {
        let size = CGSize(width: diameter, height: diameter)
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        color.setFill()
        BezierPath(ovalIn: CGRect(origin: .zero, size: size)).fill()
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }

    /// A view that draws an image in `draw(_:)`.
    final class ImageDrawingView: View {
        var image: Image?
        var imageRect = CGRect.zero
        override func draw(_ rect: CGRect) {
            image?.draw(in: imageRect)
        }
    }

    /// The pixel at the point (`x`, `y`) of an image's rasterization (at its scale),
    /// straight RGBA bytes.
    static func pixel(_ image: Image, _ x: CGFloat, _ y: CGFloat) throws -> [UInt8] {
        let raster = try #require(image.rasterized())
        let index = (Int(y * image.scale) * raster.width + Int(x * image.scale)) * 4
        return Array(raster.rgba8()[index..<(index + 4)])
    }

    /// The main screen's scale, which a scale of 0 means (the phone's 3 outside an app).
    static var screenScale: CGFloat { ImageContextFormat.screenScale }

    static let red: [UInt8] = [255, 0, 0, 255]
    static let transparent: [UInt8] = [0, 0, 0, 0]

    // MARK: Image contexts

    @Test func circleHelperMakesAnImageOfTheOval() throws {
        let image = try #require(Self.circleImage(diameter: 20, color: .red))
        #expect(image.size == CGSize(width: 20, height: 20))
        // Scale 0 is the main screen's.
        #expect(image.scale == Self.screenScale)
        #expect(image.cgImage?.width == Int(20 * Self.screenScale) && image.cgImage?.height == Int(20 * Self.screenScale))
        let drawing = try #require(image.content.drawing)
        #expect(drawing.commands.contains(.ellipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))))
        #expect(drawing.commands.contains(.setFillColor(.red)))
        // The context is gone: nothing is current, no image is made.
        #expect(GraphicsContextStack.depth == 0)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        // Its pixels: red in the middle, transparent in the corner.
        #expect(try Self.pixel(image, 10, 10) == Self.red)
        #expect(try Self.pixel(image, 1, 1) == Self.transparent)
    }

    @Test func imageContextsNestOverOtherContextsAndEndOnlyThemselves() throws {
        let outer = CGContext(bounds: CGRect(x: 0, y: 0, width: 5, height: 5))
        UIGraphicsPushContext(outer)
        defer { UIGraphicsPopContext() }
        // No image context: nothing to make, and ending pops nothing.
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)

        UIGraphicsBeginImageContext(CGSize(width: 8, height: 4))
        let context = try #require(UIGraphicsGetCurrentContext())
        #expect(context !== outer)
        context.setFillColor(.green)
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        #expect(outer.commands.isEmpty, "the drawing went into the image, not the context below")
        #expect(image.size == CGSize(width: 8, height: 4))
        #expect(image.scale == 1, "UIGraphicsBeginImageContext draws at scale 1")
        #expect(try Self.pixel(image, 4, 2) == [0, 255, 0, 255])
    }

    @Test func emptyImageContextMakesNoImage() {
        UIGraphicsBeginImageContextWithOptions(.zero, false, 2)
        #expect(UIGraphicsGetCurrentContext() != nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()
        #expect(GraphicsContextStack.depth == 0)
    }

    @Test func opaqueContextIsBlackWhereNothingIsDrawn() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), true, 1)
        Color.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 10))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(try Self.pixel(image, 2, 5) == Self.red)
        #expect(try Self.pixel(image, 7, 5) == [0, 0, 0, 255])
    }

    @Test func unbalancedSavesInTheContextDoNotLeakIntoWhereTheImageIsDrawn() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let context = try #require(UIGraphicsGetCurrentContext())
        context.restoreGState()
        context.saveGState()
        context.saveGState()
        context.translateBy(x: 1, y: 1)
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        let commands = image.drawCommands(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let saves = commands.filter { $0 == .saveGState }.count, restores = commands.filter { $0 == .restoreGState }.count
        #expect(saves == 3 && restores == 3)
        #expect(commands.first == .saveGState && commands.last == .restoreGState)
    }

    // MARK: Drawing images

    @Test func drawnImageDrawsInAViewsDrawRect() throws {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let host = ViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let view = ImageDrawingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.image = Self.circleImage(diameter: 20, color: .red)
        view.imageRect = CGRect(x: 10, y: 30, width: 40, height: 40)
        host.view.addSubview(view)
        try app.settle()
        let commands = try #require(view.displayList)
        #expect(commands.contains(.ellipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))))
        #expect(commands.contains(.concatCTM(CGAffineTransform(translationX: 10, y: 30))))
        #expect(commands.contains(.concatCTM(CGAffineTransform(scaleX: 2, y: 2))), "scaled to the destination")
        #expect(commands.contains(.clipToRect(CGRect(x: 0, y: 0, width: 20, height: 20))))
        // The SVG of the view's drawing has the oval at the destination.
        let svg = svgElements(for: commands, size: view.bounds.size)
        #expect(svg.contains("matrix(1 0 0 1 10 30)") && svg.contains("matrix(2 0 0 2 0 0)"))
        #expect(svg.contains("fill=\"rgb(255,0,0)\""))
    }

    @Test func imageContextBegunInsideDrawRectLeavesTheViewsContextBelow() throws {
        final class BadgeView: View {
            var badge: Image?
            override func draw(_ rect: CGRect) {
                // Before the view's own context is asked for.
                UIGraphicsBeginImageContextWithOptions(CGSize(width: 6, height: 6), false, 2)
                Color.red.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 6, height: 6))
                badge = UIGraphicsGetImageFromCurrentImageContext()
                UIGraphicsEndImageContext()
                badge?.draw(at: CGPoint(x: 2, y: 2))
            }
        }
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let host = ViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        host.view.addSubview(view)
        try app.settle()
        #expect(view.badge?.size == CGSize(width: 6, height: 6))
        let commands = try #require(view.displayList)
        #expect(commands.first == .saveGState)
        #expect(commands.contains(.fillRect(CGRect(x: 0, y: 0, width: 6, height: 6))))
        #expect(commands.contains(.concatCTM(CGAffineTransform(translationX: 2, y: 2))))
        #expect(GraphicsContextStack.depth == 0)
    }

    @Test func drawAtBlendModeAlphaAndPattern() throws {
        let square = GraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
            Color.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let commands = recordDrawing(in: CGRect(x: 0, y: 0, width: 10, height: 10)) {
            square.draw(at: CGPoint(x: 3, y: 4), blendMode: .multiply, alpha: 0.5)
        }
        #expect(Array(commands.prefix(3)) == [.saveGState, .setBlendMode(.multiply), .setAlpha(0.5)])
        #expect(commands.contains(.concatCTM(CGAffineTransform(translationX: 3, y: 4))))
        let pattern = recordDrawing(in: CGRect(x: 0, y: 0, width: 10, height: 10)) {
            square.drawAsPattern(in: CGRect(x: 0, y: 0, width: 5, height: 3))
        }
        // 3 × 2 copies, clipped to the rectangle.
        #expect(pattern.filter { $0 == .fillRect(CGRect(x: 0, y: 0, width: 2, height: 2)) }.count == 6)
        #expect(pattern.contains(.clipToRect(CGRect(x: 0, y: 0, width: 5, height: 3))))
        // Images with no drawing draw nothing; no context, no crash.
        let named = Image(name: "logo", size: CGSize(width: 4, height: 4))
        let nothing = recordDrawing(in: .zero) { named.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4)) }
        #expect(nothing.isEmpty)
        square.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    // MARK: Renderers

    @Test func rendererFillsWithTheFillColor() throws {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        var bounds = CGRect.null
        var scale: CGFloat = 0
        let image = GraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { context in
            bounds = context.format.bounds
            scale = context.format.scale
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
            Color.red.setFill()
            context.fill(rect)
        }
        #expect(bounds == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(scale == Self.screenScale)
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == Self.screenScale)
        #expect(GraphicsContextStack.depth == 0)
        #expect(try Self.pixel(image, 5, 5) == Self.red)
        #expect(try Self.pixel(image, 15, 5) == Self.transparent)
    }

    @Test func rendererFormatsScaleOpacityAndBounds() throws {
        let format = GraphicsImageRendererFormat.default()
        #expect(format.scale == Self.screenScale && !format.opaque)
        #expect(GraphicsImageRendererFormat.preferred().scale == Self.screenScale)
        format.scale = 1
        format.opaque = true
        let renderer = GraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format)
        #expect(renderer.format.scale == 1 && renderer.format.opaque)
        #expect(renderer.format.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(format.bounds == .zero, "the renderer keeps its own copy")
        #expect(renderer.allowsImageOutput)
        let image = renderer.image { context in
            Color.red.setStroke()
            context.stroke(CGRect(x: 1.5, y: 1.5, width: 5, height: 5))
        }
        #expect(image.scale == 1)
        #expect(try Self.pixel(image, 1, 4) == Self.red, "the stroke, 1 point wide about the outline")
        #expect(try Self.pixel(image, 4, 4) == [0, 0, 0, 255], "opaque: black where nothing is drawn")
        #expect(try Self.pixel(image, 8, 8) == [0, 0, 0, 255])
        let png = try #require(image.pngData())
        #expect(png[25] == 2, "an opaque image is an RGB PNG")
        let traits = GraphicsImageRendererFormat(for: TraitCollection(displayScale: 2))
        #expect(traits.scale == 2)
    }

    @Test func rendererWithBoundsDrawsTheirOriginAtTheTopLeft() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 1
        let renderer = GraphicsImageRenderer(bounds: CGRect(x: 50, y: 50, width: 10, height: 10), format: format)
        var current: Image?
        let image = renderer.image { context in
            Color.red.setFill()
            context.fill(CGRect(x: 50, y: 50, width: 5, height: 5))
            current = context.currentImage
            context.fill(CGRect(x: 55, y: 55, width: 5, height: 5), blendMode: .normal)
        }
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(try Self.pixel(image, 2, 2) == Self.red)
        #expect(try Self.pixel(image, 7, 7) == Self.red)
        #expect(try Self.pixel(image, 7, 2) == Self.transparent)
        let before = try #require(current)
        #expect(try Self.pixel(before, 7, 7) == Self.transparent, "the image so far, before the second fill")
    }

    @Test func rendererDataIsPNGAndJPEG() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 2
        let renderer = GraphicsImageRenderer(size: CGSize(width: 16, height: 8), format: format)
        func draw(_ context: GraphicsImageRendererContext) {
            Color.red.setFill()
            BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 16, height: 8), cornerRadius: 4).fill()
        }
        let png = renderer.pngData(actions: draw)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png == renderer.pngData(actions: draw), "the same drawing gives the same bytes")
        #expect(Image(data: png)?.size == CGSize(width: 32, height: 16))
        #expect(Image(data: png, scale: 2)?.size == CGSize(width: 16, height: 8))
        let jpeg = renderer.jpegData(withCompressionQuality: 0.9, actions: draw)
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == Data([0xFF, 0xD9]))
        #expect(Image(data: jpeg)?.size == CGSize(width: 32, height: 16))
        #expect(jpeg == renderer.jpegData(withCompressionQuality: 0.9, actions: draw))
        let small = renderer.jpegData(withCompressionQuality: 0.1, actions: draw)
        #expect(small.count < jpeg.count, "lower quality, fewer bytes")
    }

    // MARK: UIImage

    @Test func emptyImageHasNothing() {
        let image = Image()
        #expect(image.size == .zero)
        #expect(image.cgImage == nil)
        #expect(image.pngData() == nil && image.jpegData(compressionQuality: 1) == nil)
        #expect(image.images == nil && image.duration == 0)
    }

    @Test func cgImageRoundTripsAndOrientationTurnsTheImage() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 2
        // 20×10 points: the left half red.
        let wide = GraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { context in
            Color.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let cgImage = try #require(wide.cgImage)
        #expect((cgImage.width, cgImage.height) == (40, 20))
        let plain = Image(cgImage: cgImage)
        #expect(plain.size == CGSize(width: 40, height: 20) && plain.scale == 1 && plain.imageOrientation == .up)
        let turned = Image(cgImage: cgImage, scale: 2, orientation: .right)
        #expect(turned.size == CGSize(width: 10, height: 20) && turned.imageOrientation == .right)
        #expect((turned.width, turned.height) == (40, 20), "the pixels as stored")
        // Turned a quarter clockwise, the left half is on top.
        #expect(try Self.pixel(turned, 5, 2.5) == Self.red)
        #expect(try Self.pixel(turned, 5, 17.5) == Self.transparent)
        let upright = try #require(turned.cgImage)
        #expect(upright.imageOrientation == .up && upright.size == CGSize(width: 20, height: 10))
        let left = Image(cgImage: cgImage, scale: 2, orientation: .left)
        #expect(try Self.pixel(left, 5, 17.5) == Self.red, "turned counterclockwise, the left half is below")
        let mirrored = wide.withHorizontallyFlippedOrientation()
        #expect(mirrored.imageOrientation == .upMirrored)
        #expect(try Self.pixel(mirrored, 17.5, 5) == Self.red)
        #expect(try Self.pixel(mirrored, 2.5, 5) == Self.transparent)
    }

    @Test func templateImageInAnImageViewTakesTheViewsTint() throws {
        let image = try #require(Self.circleImage(diameter: 10, color: .red))
        let template = image.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate)
        #expect(template.size == image.size && template.content.drawing == image.content.drawing)
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let host = ViewController()
        window.rootViewController = host
        window.makeKeyAndVisible()
        let imageView = ImageView(image: template)
        imageView.tintColor = .green
        host.view.addSubview(imageView)
        try app.settle()
        #expect(imageView.frame.size == CGSize(width: 10, height: 10))
        let shown = try #require(imageView.imageContentDrawing)
        #expect(shown.contains(.setFillColor(.green)) && !shown.contains(.setFillColor(.red)))
        // The original image keeps its colors.
        imageView.image = image
        #expect(try #require(imageView.imageContentDrawing).contains(.setFillColor(.red)))
        // An image by name has no drawing: snapshots show its name instead.
        imageView.image = Image(systemName: "star")
        #expect(imageView.imageContentDrawing == nil)
    }

    @Test func imageViewPlacesTheImageByContentMode() throws {
        let image = try #require(Self.circleImage(diameter: 10, color: .red))
        let imageView = ImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        imageView.image = image
        imageView.contentMode = .scaleAspectFit
        let fit = try #require(imageView.imageContentDrawing)
        #expect(fit.contains(.concatCTM(CGAffineTransform(translationX: 10, y: 0))))
        #expect(fit.contains(.concatCTM(CGAffineTransform(scaleX: 2, y: 2))))
        imageView.contentMode = .bottomRight
        let corner = try #require(imageView.imageContentDrawing)
        #expect(corner.contains(.concatCTM(CGAffineTransform(translationX: 30, y: 10))))
        #expect(!corner.contains { if case .concatCTM(let t) = $0 { return t.a != 1 }; return false })
    }

    @Test func tintColorRecolorsWhatTheImagePaints() throws {
        let image = try #require(Self.circleImage(diameter: 10, color: .red))
        let tinted = image.withTintColor(.green)
        #expect(tinted.tintColor == .green)
        #expect(try Self.pixel(tinted, 5, 5) == [0, 255, 0, 255])
        let commands = recordDrawing(in: CGRect(x: 0, y: 0, width: 10, height: 10)) { tinted.draw(in: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        #expect(commands.contains(.setFillColor(.green)) && !commands.contains(.setFillColor(.red)))
        let both = image.withTintColor(.green, renderingMode: .alwaysOriginal)
        #expect(both.tintColor == .green && both.renderingMode == .alwaysOriginal)
    }

    @Test func resizableImageKeepsItsCaps() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 1
        // A 10×10 image: a red frame 2 points wide around a transparent middle.
        let frame = GraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
            Color.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
            context.fill(CGRect(x: 0, y: 8, width: 10, height: 2))
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 10))
            context.fill(CGRect(x: 8, y: 0, width: 2, height: 10))
        }
        let caps = EdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        let resizable = frame.resizableImage(withCapInsets: caps, resizingMode: .stretch)
        #expect(resizable.capInsets == caps && resizable.resizingMode == .stretch)
        #expect(frame.resizableImage(withCapInsets: caps).resizingMode == .tile)
        let wide = GraphicsImageRenderer(size: CGSize(width: 100, height: 10), format: format).image { _ in
            resizable.draw(in: CGRect(x: 0, y: 0, width: 100, height: 10))
        }
        // The frame stays 2 points wide on the right; the middle stays clear.
        #expect(try Self.pixel(wide, 98, 5) == Self.red)
        #expect(try Self.pixel(wide, 96, 5) == Self.transparent)
        #expect(try Self.pixel(wide, 50, 5) == Self.transparent)
        #expect(try Self.pixel(wide, 50, 1) == Self.red)
        // Without caps the frame is stretched: 20 points wide on each side.
        let stretched = GraphicsImageRenderer(size: CGSize(width: 100, height: 10), format: format).image { _ in
            frame.draw(in: CGRect(x: 0, y: 0, width: 100, height: 10))
        }
        #expect(try Self.pixel(stretched, 85, 5) == Self.red)
    }

    @Test func symbolConfigurationsSizeSymbols() throws {
        let large = Image.SymbolConfiguration(pointSize: 30, weight: .bold, scale: .large)
        let symbol = try #require(Image(systemName: "star.fill", withConfiguration: large))
        #expect(symbol.isSymbolImage)
        #expect(symbol.size == CGSize(width: 39, height: 39))
        #expect(symbol.symbolConfiguration == large)
        let body = Image.SymbolConfiguration(textStyle: .body)
        let small = Image.SymbolConfiguration(scale: .small)
        let merged = body.applying(small)
        let bodySize = Font.preferredFont(forTextStyle: .body).pointSize
        let smallSymbol = try #require(Image(systemName: "star", withConfiguration: merged))
        #expect(smallSymbol.size.width == bodySize * 0.8)
        let heavier = smallSymbol.withConfiguration(Image.SymbolConfiguration(weight: .heavy))
        #expect(heavier.size == smallSymbol.size)
        #expect(heavier.symbolConfiguration?.applying(nil) == merged.applying(Image.SymbolConfiguration(weight: .heavy)))
        #expect(Image(systemName: "star")?.symbolConfiguration == .unspecified)
        #expect(Image(systemName: "star")?.applyingSymbolConfiguration(large)?.size.width == 39)
        let drawn = try #require(Self.circleImage(diameter: 4, color: .red))
        #expect(!drawn.isSymbolImage && drawn.symbolConfiguration == nil)
        #expect(drawn.applyingSymbolConfiguration(large) == nil)
        #expect(drawn.withConfiguration(large).size == drawn.size, "only symbols take the size")
        #expect(drawn.withConfiguration(large).configuration == large)
    }

    @Test func contentsOfFileGivesItsBytesBack() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 1
        let png = GraphicsImageRenderer(size: CGSize(width: 3, height: 5), format: format).pngData { context in
            Color.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 5))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-image-\(UUID().uuidString).png").path
        #expect(FileManager.default.createFile(atPath: path, contents: png))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try #require(Image(contentsOfFile: path))
        #expect(loaded.size == CGSize(width: 3, height: 5))
        #expect(loaded.pngData() == png)
        #expect(Image(contentsOfFile: path + ".missing") == nil)
        // An image known by name has no pixels: a transparent PNG of its size.
        let named = Image(name: "logo", size: CGSize(width: 2, height: 2), scale: 2)
        #expect(Image(data: try #require(named.pngData()))?.size == CGSize(width: 4, height: 4))
    }

    @Test func animatedImagesKeepTheirFrames() throws {
        let first = try #require(Self.circleImage(diameter: 8, color: .red))
        let second = try #require(Self.circleImage(diameter: 8, color: .green))
        let animated = try #require(Image.animatedImage(with: [first, second], duration: 0.5))
        #expect(animated.images == [first, second])
        #expect(animated.duration == 0.5)
        #expect(animated.size == first.size)
        #expect(try Self.pixel(animated, 4, 4) == Self.red, "it draws its first frame")
        #expect(Image.animatedImage(with: [], duration: 1) == nil)
        #expect(first.images == nil)
    }

    @Test func imageAssetsHoldImagesForTraits() throws {
        let named = Image(name: "logo", size: CGSize(width: 2, height: 2))
        let asset = try #require(named.imageAsset)
        #expect(asset.image(with: TraitCollection()) == named)
        let dark = Image(name: "logo-dark", size: CGSize(width: 2, height: 2))
        asset.register(dark, with: TraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: TraitCollection(userInterfaceStyle: .dark)) == dark)
        asset.unregisterImage(with: TraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: TraitCollection(userInterfaceStyle: .dark)) == named)
        #expect(try #require(Self.circleImage(diameter: 2, color: .red)).imageAsset == nil)
        #expect(ImageAsset().image(with: TraitCollection()).size == .zero)
    }

    // MARK: The rasterizer

    @Test func rasterizerStrokesDashesClipsAndGradients() throws {
        let format = GraphicsImageRendererFormat()
        format.scale = 1
        let image = GraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { context in
            let cg = context.cgContext
            // A line 4 wide along y = 5, dashed 10 on 10.
            cg.setStrokeColor(.red)
            cg.setLineWidth(4)
            cg.setLineDash(phase: 0, lengths: [10, 10])
            cg.move(to: CGPoint(x: 0, y: 5))
            cg.addLine(to: CGPoint(x: 40, y: 5))
            cg.strokePath()
            // An even-odd ring: the hole stays clear.
            cg.setFillColor(.green)
            cg.addRect(CGRect(x: 0, y: 10, width: 20, height: 20))
            cg.addRect(CGRect(x: 5, y: 15, width: 10, height: 10))
            cg.fillPath(using: .evenOdd)
            // A gradient from blue to red, clipped to a rectangle.
            cg.saveGState()
            cg.clip(to: CGRect(x: 20, y: 30, width: 20, height: 10))
            let gradient = try! #require(CGGradient(colorsSpace: nil, colors: [Color(red: 0, green: 0, blue: 1), .red],
                                                    locations: [0, 1]))
            cg.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 40, y: 0), options: [])
            cg.restoreGState()
        }
        #expect(try Self.pixel(image, 5, 5) == Self.red)
        #expect(try Self.pixel(image, 15, 5) == Self.transparent, "a gap in the dash")
        #expect(try Self.pixel(image, 5, 8) == Self.transparent, "the line is 4 wide")
        #expect(try Self.pixel(image, 2, 20) == [0, 255, 0, 255])
        #expect(try Self.pixel(image, 10, 20) == Self.transparent, "the even-odd hole")
        let start = try Self.pixel(image, 20, 35), end = try Self.pixel(image, 39, 35)
        #expect(start[2] > 240 && start[0] < 15 && end[0] > 240 && end[2] < 15)
        #expect(try Self.pixel(image, 30, 25) == Self.transparent, "the gradient is clipped")
    }

    // MARK: Threads

    @Test func imageContextsBelongToTheirThread() async {
        let diameters: [CGFloat] = [4, 6, 8, 10, 12, 14, 16, 18]
        let sizes = await withTaskGroup(of: CGSize?.self) { group in
            for diameter in diameters {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let thread = Thread {
                            UIGraphicsBeginImageContextWithOptions(CGSize(width: diameter, height: diameter), false, 1)
                            // Another thread's context never shows here.
                            Thread.sleep(forTimeInterval: 0.001)
                            Color.red.setFill()
                            BezierPath(ovalIn: CGRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
                            let image = UIGraphicsGetImageFromCurrentImageContext()
                            UIGraphicsEndImageContext()
                            let clean = GraphicsContextStack.depth == 0
                            continuation.resume(returning: clean ? image?.size : nil)
                        }
                        thread.start()
                    }
                }
            }
            var sizes: [CGSize?] = []
            for await size in group { sizes.append(size) }
            return sizes
        }
        #expect(Set(sizes.compactMap { $0?.width }) == Set(diameters))
    }
}
