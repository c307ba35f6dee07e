import Foundation

/// How a bitmap's pixels are laid out, as CoreGraphics' `CGBitmapInfo`: the byte order
/// and, in ``alphaInfoMask``'s bits, a ``CGImageAlphaInfo`` raw value.
///
/// Kept as data: Lifeloop's bitmap contexts record drawing rather than fill pixels.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Bitmap info with the bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bits that hold the alpha information (a ``CGImageAlphaInfo`` raw value).
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Components are floating-point numbers.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian components.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian pixels (BGRA in memory with a premultiplied-first alpha).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian components.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// Where a bitmap's alpha is and whether colors are premultiplied by it, as
/// CoreGraphics' `CGImageAlphaInfo` (its raw value goes in a ``CGBitmapInfo``).
public enum CGImageAlphaInfo: UInt32, Hashable, Sendable {
    /// No alpha.
    case none = 0
    /// Alpha last, colors premultiplied (RGBA).
    case premultipliedLast = 1
    /// Alpha first, colors premultiplied (ARGB).
    case premultipliedFirst = 2
    /// Alpha last, colors not premultiplied.
    case last = 3
    /// Alpha first, colors not premultiplied.
    case first = 4
    /// A padding byte last, no alpha (RGBX).
    case noneSkipLast = 5
    /// A padding byte first, no alpha (XRGB).
    case noneSkipFirst = 6
    /// Alpha only, no colors.
    case alphaOnly = 7

    /// Whether pixels of this layout have no alpha (what is not drawn is black).
    var isOpaque: Bool { self == .none || self == .noneSkipLast || self == .noneSkipFirst }
}

/// How colors outside a color space's gamut are mapped, as CoreGraphics'
/// `CGColorRenderingIntent` (kept as data).
public enum CGColorRenderingIntent: Int32, Hashable, Sendable {
    /// The context's default.
    case defaultIntent = 0
    /// Colors outside the gamut are clipped to its nearest colors.
    case absoluteColorimetric = 1
    /// As absolute, relative to the white point.
    case relativeColorimetric = 2
    /// Keeps the relations between colors.
    case perceptual = 3
    /// Keeps saturation.
    case saturation = 4
}

/// A source of bytes for an image, as CoreGraphics' `CGDataProvider`: it keeps the data
/// it was made with.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes, as CoreGraphics' `data`.
    public let data: Data?

    /// A provider of `data`'s bytes.
    public init?(data: Data) {
        self.data = data
    }

    /// A provider of the bytes of the file at `url`; nil when it cannot be read.
    public init?(url: URL) {
        guard let read = try? Data(contentsOf: url) else { return nil }
        data = read
    }
}

extension CGContext {
    /// A bitmap context, as CoreGraphics' `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`:
    /// what is drawn into it is recorded, as in any context, and ``makeImage()`` makes an
    /// image of it, `width` × `height` pixels at scale 1.
    ///
    /// Its coordinates are CoreGraphics': the origin is at the bottom left and y goes up
    /// (the recording starts with that flip). On Linux the `data` buffer is never filled
    /// with pixels: read the drawing through ``makeImage()`` (and the image's PNG data)
    /// instead. Alpha layouts without alpha (`.noneSkipFirst`, `.noneSkipLast`, `.none`)
    /// make an opaque image, black where nothing is drawn.
    ///
    /// - Parameters:
    ///   - data: The pixel buffer to draw into (not written to on Linux), or nil.
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - bitsPerComponent: Bits per color component (kept as data).
    ///   - bytesPerRow: Bytes per row, 0 to compute (kept as data).
    ///   - space: The color space (kept as data: colors are sRGB).
    ///   - bitmapInfo: A ``CGBitmapInfo`` raw value, its alpha bits a ``CGImageAlphaInfo``.
    /// - Returns: Nil for a width or height that is not positive.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard width > 0, height > 0, bitsPerComponent > 0 else { return nil }
        let bounds = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        self.init(bounds: bounds)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue) ?? .premultipliedLast
        imageFormat = ImageContextFormat(scale: 1, isOpaque: alpha.isOpaque, isRenderer: true)
        record([.concatCTM(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))])
    }
}

extension Image {
    /// An image of `width` × `height` pixels from raw pixel bytes, as CoreGraphics'
    /// `CGImage(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`.
    ///
    /// On Linux the pixel bytes are not decoded: the image has the size, at scale 1, and
    /// is transparent. Nil for a size that is not positive, or bytes too few for the rows.
    ///
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - bitsPerComponent: Bits per color component.
    ///   - bitsPerPixel: Bits per pixel.
    ///   - bytesPerRow: Bytes per row of pixels.
    ///   - space: The color space (kept as data).
    ///   - bitmapInfo: The layout (an opaque layout makes an opaque, black image).
    ///   - provider: Where the bytes come from.
    ///   - decode: A decode array (ignored).
    ///   - shouldInterpolate: Whether to smooth when scaled (ignored).
    ///   - intent: The rendering intent (ignored).
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard width > 0, height > 0, bitsPerComponent > 0, bitsPerPixel >= bitsPerComponent,
              bytesPerRow * 8 >= width * bitsPerPixel else { return nil }
        if let data = provider.data, data.count < bytesPerRow * (height - 1) + (width * bitsPerPixel + 7) / 8 { return nil }
        let bounds = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .premultipliedLast
        var content = ImageContent()
        var commands: [DrawCommand] = []
        if alpha.isOpaque {
            commands = [.saveGState, .setFillColor(Color(red: 0, green: 0, blue: 0)), .fillRect(bounds), .restoreGState]
        }
        content.drawing = ImageContent.Drawing(commands: commands, bounds: bounds)
        content.isOpaque = alpha.isOpaque
        self.init(name: "", isSymbol: false, size: bounds.size, scale: 1, renderingMode: .automatic, tintColor: nil,
                  content: content)
    }

    /// The part of the image inside `rect`, in pixels from the top left, as CoreGraphics'
    /// `cropping(to:)`: an image at scale 1 of the part of `rect` that lies in the
    /// image (rounded out to whole pixels) that draws that part of the content. Nil when
    /// `rect` misses the image or the image has no content.
    public func cropping(to rect: CGRect) -> Image? {
        guard !content.isEmpty else { return nil }
        let pixels = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        let part = rect.standardized.integral.intersection(pixels)
        guard !part.isNull, part.width > 0, part.height > 0 else { return nil }
        let upright = cgImage ?? self
        var drawn: [DrawCommand] = [.concatCTM(CGAffineTransform(translationX: -part.minX, y: -part.minY))]
        drawn += upright.drawCommands(in: pixels)
        var cropped = ImageContent()
        cropped.drawing = ImageContent.Drawing(commands: drawn, bounds: CGRect(origin: .zero, size: part.size))
        cropped.isOpaque = content.isOpaque
        return Image(name: name, isSymbol: false, size: part.size, scale: 1, renderingMode: .automatic, tintColor: nil,
                     content: cropped)
    }
}
