import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// SVG to PNG inside this process: librsvg draws the SVG on a cairo image surface (the
/// same library and drawing `rsvg-convert` uses, so the pixels are the same), and the PNG
/// is encoded here from the surface's pixels with zlib at a fast level. A window snapshot
/// can skip the SVG: ``png(snapshot:longestEdge:for:)`` draws it straight on the surface
/// with cairo (``CairoCanvas``), under the same lock and with the same encoder.
///
/// One rasterizer serves a process (``shared``): the libraries are opened once, on first
/// use, and conversions are serialized by the rasterizer's own lock. Its stored properties
/// never change after `init`.
///
/// The PNG is a pure function of the pixels: 8-bit RGB when every pixel is opaque, else
/// 8-bit RGBA (straight alpha, as cairo's own PNG writer unpremultiplies), rows filtered
/// with the "Up" filter (the first with "Sub"), one IDAT chunk deflated by zlib at level
/// ``compressionLevel``, no ancillary chunks. So the same SVG gives the same bytes on
/// every call and run with one librsvg and zlib.
///
/// `@unchecked Sendable`: `libraries` and `loadFailure` are set once in `init`; `mutex`
/// is only used through `pthread_mutex_lock`/`unlock`.
package final class SVGRasterizer: @unchecked Sendable {
    /// The process's rasterizer, with the system's libraries (opened on first use).
    package static let shared = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in try RasterLibraries() }

    /// zlib's level: 1 deflates a 500-view snapshot about as small as libpng's default
    /// level 6 in a fraction of the time (window snapshots are mostly flat colour).
    static let compressionLevel: Int32 = 1

    /// The opened libraries, or nil when they could not be opened.
    let libraries: RasterLibraries?
    /// Why the libraries could not be opened.
    package let loadFailure: String?
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A rasterizer over the libraries `load` opens; when it throws, every conversion
    /// answers nil (the caller falls back to the `rsvg-convert` process).
    package init(load: () throws(RasterLibraries.LoadFailure) -> RasterLibraries) {
        do {
            libraries = try load()
            loadFailure = nil
        } catch {
            libraries = nil
            loadFailure = error.description
        }
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Whether conversions run in this process.
    package var isAvailable: Bool { libraries != nil }

    /// `svg` as PNG bytes, or nil when this rasterizer cannot do it (the libraries are
    /// missing, or the SVG has no size in pixels of its own, e.g. a percentage width):
    /// then the caller runs `rsvg-convert`, which has its own rules for those.
    /// - Throws: ``PNGConverter/Failure`` naming `what` when librsvg cannot read the SVG,
    ///   its size is empty or too large, or cairo or zlib fail.
    package func png(svg: String, for what: String) throws(PNGConverter.Failure) -> [UInt8]? {
        guard let libraries else { return nil }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try Self.render(svg: svg, for: what, with: libraries)
    }

    private static func render(svg: String, for what: String, with c: RasterLibraries) throws(PNGConverter.Failure) -> [UInt8]? {
        var error: UnsafeMutableRawPointer?
        var text = svg
        let handle = text.withUTF8 { bytes in c.rsvgHandleNewFromData(bytes.baseAddress, bytes.count, &error) }
        guard let handle else {
            throw PNGConverter.Failure(description: "\(what): the SVG cannot be read: \(c.consumeError(error))")
        }
        defer { c.gObjectUnref(handle) }
        c.rsvgHandleSetDPI(handle, 96)
        var width = 0.0, height = 0.0
        guard c.rsvgHandleIntrinsicSize(handle, &width, &height) != 0 else { return nil }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw PNGConverter.Failure(description: "\(what): the SVG's size is \(width) × \(height) px; a PNG needs a positive width and height")
        }
        let pixelWidth = width.rounded(.up), pixelHeight = height.rounded(.up)
        return try drawing(width: pixelWidth, height: pixelHeight, for: what, with: c) { context throws(PNGConverter.Failure) in
            // The viewport is the SVG's own size, as rsvg-convert draws it.
            var viewport: (Double, Double, Double, Double) = (0, 0, width, height)
            let drawn = withUnsafePointer(to: &viewport) { c.rsvgHandleRenderDocument(handle, context, UnsafeRawPointer($0), &error) }
            guard drawn != 0 else {
                throw PNGConverter.Failure(description: "\(what): librsvg cannot draw the SVG: \(c.consumeError(error))")
            }
        }
    }

    /// `snapshot` as PNG bytes drawn straight with cairo (no SVG text, see
    /// ``CairoCanvas``), at most `longestEdge` pixels on its longer side; nil when the
    /// libraries are missing (the caller draws the SVG another way).
    /// - Throws: ``PNGConverter/Failure`` naming `what` when the size is empty or too
    ///   large, or cairo, librsvg (a layer's SVG) or zlib fail.
    package func png(snapshot: WindowSnapshot, longestEdge: Int?, for what: String) throws(PNGConverter.Failure) -> [UInt8]? {
        guard let libraries else { return nil }
        let placement = try snapshot.pngPlacement(longestEdge: longestEdge, for: what)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try Self.drawing(width: placement.pixelWidth, height: placement.pixelHeight, for: what, with: libraries) {
            context throws(PNGConverter.Failure) in
            var canvas = CairoCanvas(libraries: libraries, context: context, documentWidth: placement.documentWidth,
                                     documentHeight: placement.documentHeight, offsetX: placement.offsetX,
                                     offsetY: placement.offsetY, scale: placement.scale)
            snapshot.draw(on: &canvas)
            if let failure = canvas.failure { throw PNGConverter.Failure(description: "\(what): \(failure)") }
        }
    }

    /// A `width` × `height` pixel ARGB surface, drawn by `draw` on a fresh context, as PNG.
    private static func drawing(width pixelWidth: Double, height pixelHeight: Double, for what: String, with c: RasterLibraries,
                                _ draw: (UnsafeMutableRawPointer?) throws(PNGConverter.Failure) -> Void) throws(PNGConverter.Failure) -> [UInt8] {
        guard pixelWidth <= 32_767, pixelHeight <= 32_767, pixelWidth * pixelHeight <= 256 * 1024 * 1024 else {
            throw PNGConverter.Failure(description: "\(what): the picture is \(Int(pixelWidth)) × \(Int(pixelHeight)) px, larger than a PNG is drawn (at most 32767 px a side and 268 million pixels)")
        }
        let surface = c.cairoImageSurfaceCreate(0 /* CAIRO_FORMAT_ARGB32 */, Int32(pixelWidth), Int32(pixelHeight))
        defer { c.cairoSurfaceDestroy(surface) }
        let surfaceStatus = c.cairoSurfaceStatus(surface)
        guard surfaceStatus == 0 else {
            throw PNGConverter.Failure(description: "\(what): cannot make a \(Int(pixelWidth)) × \(Int(pixelHeight)) px surface: \(c.cairoMessage(surfaceStatus))")
        }
        let context = c.cairoCreate(surface)
        defer { c.cairoDestroy(context) }
        try draw(context)
        let contextStatus = c.cairoStatus(context)
        guard contextStatus == 0 else {
            throw PNGConverter.Failure(description: "\(what): cairo failed drawing: \(c.cairoMessage(contextStatus))")
        }
        c.cairoSurfaceFlush(surface)
        guard let pixels = c.cairoImageSurfaceGetData(surface) else {
            throw PNGConverter.Failure(description: "\(what): cairo gave no pixels")
        }
        let image = PremultipliedImage(pixels: UnsafePointer(pixels), width: Int(pixelWidth), height: Int(pixelHeight),
                                       stride: Int(c.cairoImageSurfaceGetStride(surface)))
        return try PNGEncoder(deflate: { raw throws(PNGConverter.Failure) in
            var bound = c.zlibCompressBound(UInt(raw.count))
            var out = [UInt8](repeating: 0, count: Int(bound))
            let status = out.withUnsafeMutableBufferPointer { target in
                raw.withUnsafeBufferPointer { source in
                    c.zlibCompress2(target.baseAddress, &bound, source.baseAddress, UInt(source.count), compressionLevel)
                }
            }
            guard status == 0 else { throw PNGConverter.Failure(description: "\(what): zlib failed (status \(status))") }
            out.removeSubrange(Int(bound)...)
            return out
        }, crc: { bytes in
            bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: c.zlibCRC32(0, $0.baseAddress, UInt32($0.count))) }
        }).encode(image)
    }
}

/// cairo's ARGB32 pixels: one native-endian 32-bit word a pixel (alpha in the top byte),
/// colour premultiplied by alpha, rows `stride` bytes apart.
struct PremultipliedImage {
    let pixels: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int
}

/// Writes a PNG from premultiplied ARGB pixels, with the deflate and CRC it is given.
struct PNGEncoder {
    let deflate: ([UInt8]) throws(PNGConverter.Failure) -> [UInt8]
    let crc: ([UInt8]) -> UInt32

    func encode(_ image: PremultipliedImage) throws(PNGConverter.Failure) -> [UInt8] {
        let width = image.width, height = image.height
        var opaque = true
        for y in 0..<height where opaque {
            let row = image.pixels + y * image.stride
            for x in 0..<width where row.withMemoryRebound(to: UInt32.self, capacity: width, { $0[x] }) >> 24 != 255 {
                opaque = false
                break
            }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        raw.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            // Straight RGB(A) rows, each behind its filter byte, unfiltered first.
            for y in 0..<height {
                let words = UnsafeRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
                var target = base + y * (rowBytes + 1) + 1
                if opaque {
                    for x in 0..<width {
                        let word = words[x]
                        target[0] = UInt8(truncatingIfNeeded: word >> 16)
                        target[1] = UInt8(truncatingIfNeeded: word >> 8)
                        target[2] = UInt8(truncatingIfNeeded: word)
                        target += 3
                    }
                } else {
                    for x in 0..<width {
                        let word = words[x]
                        let alpha = word >> 24
                        if alpha == 0 {
                            target[0] = 0; target[1] = 0; target[2] = 0; target[3] = 0
                        } else {
                            // cairo's own unpremultiply: (c × 255 + a / 2) / a.
                            target[0] = UInt8(truncatingIfNeeded: (((word >> 16) & 0xff) * 255 + alpha / 2) / alpha)
                            target[1] = UInt8(truncatingIfNeeded: (((word >> 8) & 0xff) * 255 + alpha / 2) / alpha)
                            target[2] = UInt8(truncatingIfNeeded: ((word & 0xff) * 255 + alpha / 2) / alpha)
                            target[3] = UInt8(truncatingIfNeeded: alpha)
                        }
                        target += 4
                    }
                }
            }
            // Filters, last row first so each "Up" reads the row above unfiltered.
            for y in stride(from: height - 1, through: 0, by: -1) {
                let row = base + y * (rowBytes + 1)
                if y > 0 {
                    row[0] = 2
                    let above = row - (rowBytes + 1)
                    for index in 1...rowBytes { row[index] = row[index] &- above[index] }
                } else {
                    row[0] = 1
                    for index in stride(from: rowBytes, to: channels, by: -1) { row[index] = row[index] &- row[index - channels] }
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try deflate(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        png.appendBigEndian(crc(typed))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
