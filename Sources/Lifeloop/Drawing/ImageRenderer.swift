import Foundation

/// The settings a graphics renderer draws with, as UIKit's `UIGraphicsRendererFormat`.
open class GraphicsRendererFormat {
    /// The area the renderer draws, in its context's coordinates (set by the renderer).
    public internal(set) var bounds: CGRect = .zero

    /// A format with the default settings.
    public required init() {}

    /// The default format for the main screen, as UIKit's `default()`.
    open class func `default`() -> Self { Self() }

    /// The format that suits the main screen best, as UIKit's `preferred()` (the default one).
    open class func preferred() -> Self { Self() }
}

/// The settings an image renderer draws with, as UIKit's `UIGraphicsImageRendererFormat`:
/// the image's scale and whether it is opaque.
open class GraphicsImageRendererFormat: GraphicsRendererFormat {
    /// The range of colors the image holds, as UIKit's `UIGraphicsImageRendererFormat.Range`
    /// (kept as data: Lifeloop's colors are sRGB).
    public enum Range: Int, Hashable, Sendable {
        /// The system picks.
        case unspecified = -1
        /// As the device suits (the default).
        case automatic = 0
        /// Extended range.
        case extended = 1
        /// Standard range.
        case standard = 2
    }

    /// Pixels per point of the image: the main screen's scale unless set.
    open var scale: CGFloat
    /// Whether the image is opaque: what is not drawn is then black, as in UIKit.
    open var opaque: Bool
    /// The color range (data only).
    open var preferredRange: Range = .automatic
    /// Whether extended-range colors are wanted (data only; `preferredRange` says the same).
    open var prefersExtendedRange: Bool {
        get { preferredRange == .extended }
        set { preferredRange = newValue ? .extended : .standard }
    }

    /// A format at the main screen's scale, not opaque.
    public required init() {
        scale = ImageContextFormat.screenScale
        opaque = false
        super.init()
    }

    /// A format for `traitCollection`: its display scale (the main screen's when it has none).
    public convenience init(for traitCollection: TraitCollection) {
        self.init()
        if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
    }

    /// A copy of this format with `bounds`.
    func copy(bounds: CGRect) -> GraphicsImageRendererFormat {
        let copy = GraphicsImageRendererFormat()
        copy.scale = scale
        copy.opaque = opaque
        copy.preferredRange = preferredRange
        copy.bounds = bounds
        return copy
    }
}

/// The context a renderer's drawing closure gets, as UIKit's `UIGraphicsRendererContext`:
/// the CoreGraphics context (also the thread's current one while the closure runs) and
/// shortcuts that fill, stroke and clip rectangles.
open class GraphicsRendererContext {
    /// The context the drawing is recorded in.
    public let cgContext: CGContext
    /// The settings of the renderer.
    public var format: GraphicsRendererFormat { rendererFormat }
    /// The renderer's format, as stored.
    let rendererFormat: GraphicsRendererFormat

    init(cgContext: CGContext, format: GraphicsRendererFormat) {
        self.cgContext = cgContext
        rendererFormat = format
    }

    /// Fills `rect` with the current fill color.
    public func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    /// Fills `rect` with the current fill color combined by `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.record([.saveGState, .setBlendMode(blendMode), .fillRect(rect), .restoreGState])
    }

    /// Strokes the outline of `rect` with the current stroke color and line width.
    public func stroke(_ rect: CGRect) {
        cgContext.stroke(rect)
    }

    /// Strokes the outline of `rect` with the current stroke color and line width,
    /// combined by `blendMode`.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.record([.saveGState, .setBlendMode(blendMode), .strokeRect(rect), .restoreGState])
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}

/// The context an image renderer's drawing closure gets, as UIKit's
/// `UIGraphicsImageRendererContext`: ``GraphicsRendererContext``'s, and the image so far.
public final class GraphicsImageRendererContext: GraphicsRendererContext {
    /// The settings of the renderer.
    public override var format: GraphicsImageRendererFormat { imageFormat }
    private let imageFormat: GraphicsImageRendererFormat

    init(cgContext: CGContext, imageFormat: GraphicsImageRendererFormat) {
        self.imageFormat = imageFormat
        super.init(cgContext: cgContext, format: imageFormat)
    }

    /// An image of what has been drawn so far.
    public var currentImage: Image {
        cgContext.makeImage() ?? Image()
    }
}

/// A renderer of drawing, as UIKit's `UIGraphicsRenderer`: its bounds and format.
open class GraphicsRenderer {
    /// The settings it draws with (its bounds included).
    public var format: GraphicsRendererFormat { rendererFormat }
    let rendererFormat: GraphicsRendererFormat

    /// A renderer of `bounds` with `format`'s settings.
    public init(bounds: CGRect, format: GraphicsRendererFormat) {
        format.bounds = bounds
        rendererFormat = format
    }

    /// Whether the renderer makes images (true: Lifeloop's renderers record drawing).
    open var allowsImageOutput: Bool { true }
}

/// Makes images of drawing, as UIKit's `UIGraphicsImageRenderer`.
///
/// Each call runs its closure with a new image context current on this thread: what the
/// closure draws (through the context it gets, `UIBezierPath`, `UIColor.setFill()`, string
/// and image drawing) is recorded, and the image carries that drawing, so it draws it,
/// scaled, wherever it is drawn. Its PNG and JPEG data are the drawing rasterized by
/// Lifeloop's own deterministic rasterizer (see ``Image/pngData()``).
open class GraphicsImageRenderer: GraphicsRenderer {
    /// The settings it draws with: the scale, whether opaque, and the bounds.
    public override var format: GraphicsImageRendererFormat { imageFormat }
    private let imageFormat: GraphicsImageRendererFormat

    /// A renderer of images of `size`, at the main screen's scale, not opaque.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: GraphicsImageRendererFormat())
    }

    /// A renderer of images of `size` with `format`'s scale and opacity.
    public convenience init(size: CGSize, format: GraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of images of `bounds`: the context's coordinates are those of `bounds`,
    /// and its top left corner is the image's.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: GraphicsImageRendererFormat())
    }

    /// A renderer of images of `bounds` with `format`'s scale and opacity (the renderer
    /// keeps a copy of the format).
    public init(bounds: CGRect, format: GraphicsImageRendererFormat) {
        imageFormat = format.copy(bounds: bounds)
        super.init(bounds: bounds, format: imageFormat)
    }

    /// Runs `actions` with a new image context and returns the image it drew (an empty
    /// image for empty bounds).
    public func image(actions: (GraphicsImageRendererContext) -> Void) -> Image {
        let context = CGContext.imageContext(bounds: imageFormat.bounds, scale: imageFormat.scale, opaque: imageFormat.opaque,
                                             renderer: true)
        GraphicsContextStack.push(context)
        let depth = GraphicsContextStack.depth
        defer {
            // Contexts the actions left pushed go with this one.
            while GraphicsContextStack.depth >= depth, depth > 0 { GraphicsContextStack.pop() }
        }
        actions(GraphicsImageRendererContext(cgContext: context, imageFormat: imageFormat))
        return context.makeImage() ?? Image()
    }

    /// Runs `actions` with a new image context and returns the image it drew as PNG
    /// data (see ``Image/pngData()``).
    public func pngData(actions: (GraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// Runs `actions` with a new image context and returns the image it drew as JPEG
    /// data at `compressionQuality`, from 0 (smallest) to 1 (best) (see
    /// ``Image/jpegData(compressionQuality:)``).
    public func jpegData(withCompressionQuality compressionQuality: CGFloat,
                         actions: (GraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}
