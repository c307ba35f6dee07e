import Foundation

extension Image {
    /// The image as PNG data, as UIKit's `pngData()`; nil for an empty image
    /// (`UIImage()` or a 0×0 size).
    ///
    /// A drawn image (an image context, a renderer) is rasterized by Lifeloop's own
    /// deterministic rasterizer at its size times its scale in pixels, turned by its
    /// orientation, in its tint: fills, strokes, dashes, clips, gradients and alpha are
    /// painted; text is not (Lifeloop draws no glyphs). The PNG is 8-bit RGBA, or RGB for
    /// an opaque image; the same drawing gives the same bytes on every machine.
    ///
    /// An image read from PNG bytes (`UIImage(data:)`, `UIImage(contentsOfFile:)`) gives
    /// those bytes back. Other images (by name, symbols, read from JPEG bytes) have no
    /// pixels here: their PNG is transparent, of their size in pixels.
    public func pngData() -> Data? {
        if content.drawing == nil, let data = content.data, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return data }
        guard let raster = rasterized() else { return nil }
        let png = content.isOpaque
            ? ImageEncoding.png(width: raster.width, height: raster.height, channels: 3, pixels: raster.rgb8OverBlack())
            : ImageEncoding.png(width: raster.width, height: raster.height, channels: 4, pixels: raster.rgba8())
        return Data(png)
    }

    /// The PNG bytes the image was read from (`UIImage(data:)`, `UIImage(contentsOfFile:)`),
    /// when it was read from PNG bytes and not drawn; nil for other images. Snapshots draw
    /// these pixels.
    public var sourcePNGData: Data? {
        guard content.drawing == nil, let data = content.data, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        return data
    }

    /// The image as JPEG data at `compressionQuality`, from 0 (smallest) to 1 (best), as
    /// UIKit's `jpegData(compressionQuality:)`; nil for an empty image.
    ///
    /// A drawn image is rasterized as for ``pngData()`` and encoded as a baseline JPEG
    /// by Lifeloop's own encoder (deterministic; transparent parts come out black, as
    /// JPEG has no transparency). An image read from JPEG bytes gives those bytes back,
    /// whatever the quality. Other images have no pixels here: their JPEG is black, of
    /// their size in pixels.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        if content.drawing == nil, let data = content.data, data.starts(with: [0xFF, 0xD8]) { return data }
        guard let raster = rasterized() else { return nil }
        return Data(ImageEncoding.jpeg(width: raster.width, height: raster.height, rgb: raster.rgb8OverBlack(),
                                       quality: compressionQuality))
    }

    /// The largest image rasterized, in pixels (8192×8192).
    static let largestRaster = 8192 * 8192

    /// The image's pixels, drawn by ``Rasterizer``; nil for an empty image or one too large.
    func rasterized() -> Rasterizer? {
        guard !content.isEmpty, size.width > 0, size.height > 0, scale > 0,
              (size.width * scale).isFinite, (size.height * scale).isFinite else { return nil }
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        guard width > 0, height > 0, width * height <= Self.largestRaster else { return nil }
        var raster = Rasterizer(width: width, height: height, base: CGAffineTransform(scaleX: scale, y: scale))
        raster.run(drawCommands(in: CGRect(origin: .zero, size: size)))
        return raster
    }
}
