import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C functions the in-process rasterizer calls: librsvg (parse and draw SVG), cairo
/// (the pixel surface), GObject/GLib (release a handle, free an error) and zlib (deflate and
/// CRC for the PNG), opened with `dlopen` and looked up with `dlsym` once.
///
/// Nothing is linked at build time, so the package builds without any `-dev` package: the
/// libraries are those Debian's `librsvg2-bin` installs (`rsvg-convert` uses the same
/// ones), and when they are missing the caller falls back to running `rsvg-convert` or says
/// what to install.
///
/// `@unchecked Sendable`: every stored property is set once in `init` and never changes;
/// the library handles stay open for the life of the process (never `dlclose`d, so the
/// function pointers stay valid). Calling the functions is serialized by the owner
/// (``SVGRasterizer``).
package final class RasterLibraries: @unchecked Sendable {
    typealias HandleNewFromData = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> UnsafeMutableRawPointer?
    typealias HandleSetDPI = @convention(c) (UnsafeMutableRawPointer?, Double) -> Void
    typealias HandleIntrinsicSize = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32
    typealias HandleRenderDocument = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias ObjectUnref = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ErrorFree = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ImageSurfaceCreate = @convention(c) (Int32, Int32, Int32) -> UnsafeMutableRawPointer?
    typealias SurfacePointer = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias SurfaceStatus = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias ImageSurfaceData = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UInt8>?
    typealias ImageSurfaceInt = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias Create = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    typealias StatusToString = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias Compress2 = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    typealias CompressBound = @convention(c) (UInt) -> UInt
    typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    /// Why the libraries could not be opened: the library or the function missing, and
    /// `dlerror`'s words.
    package struct LoadFailure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The sonames opened: Debian's (librsvg2-2, libcairo2, libglib2.0-0, zlib1g).
    package struct Names: Sendable {
        var rsvg = "librsvg-2.so.2"
        var cairo = "libcairo.so.2"
        var gobject = "libgobject-2.0.so.0"
        var glib = "libglib-2.0.so.0"
        var zlib = "libz.so.1"

        package init(rsvg: String = "librsvg-2.so.2") {
            self.rsvg = rsvg
        }
    }

    let rsvgHandleNewFromData: HandleNewFromData
    let rsvgHandleSetDPI: HandleSetDPI
    let rsvgHandleIntrinsicSize: HandleIntrinsicSize
    let rsvgHandleRenderDocument: HandleRenderDocument
    let gObjectUnref: ObjectUnref
    let gErrorFree: ErrorFree
    let cairoImageSurfaceCreate: ImageSurfaceCreate
    let cairoSurfaceDestroy: SurfacePointer
    let cairoSurfaceFlush: SurfacePointer
    let cairoSurfaceStatus: SurfaceStatus
    let cairoImageSurfaceGetData: ImageSurfaceData
    let cairoImageSurfaceGetStride: ImageSurfaceInt
    let cairoCreate: Create
    let cairoDestroy: SurfacePointer
    let cairoStatus: SurfaceStatus
    let cairoStatusToString: StatusToString
    let zlibCompress2: Compress2
    let zlibCompressBound: CompressBound
    let zlibCRC32: CRC32

    /// Opens the libraries and looks up every function.
    /// - Throws: ``LoadFailure`` naming the first library or function that is missing.
    package init(names: Names = Names()) throws(LoadFailure) {
        func open(_ name: String) throws(LoadFailure) -> UnsafeMutableRawPointer {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                throw LoadFailure(description: "cannot open \(name): \(dlerror().map { String(cString: $0) } ?? "not found")")
            }
            return handle
        }
        func symbol<Function>(_ library: UnsafeMutableRawPointer, _ libraryName: String, _ name: String,
                              as type: Function.Type) throws(LoadFailure) -> Function {
            guard let address = dlsym(library, name) else {
                throw LoadFailure(description: "\(libraryName) has no \(name) (librsvg 2.52 or later is needed)")
            }
            return unsafeBitCast(address, to: type)
        }
        let rsvg = try open(names.rsvg), cairo = try open(names.cairo), gobject = try open(names.gobject)
        let glib = try open(names.glib), zlib = try open(names.zlib)
        rsvgHandleNewFromData = try symbol(rsvg, names.rsvg, "rsvg_handle_new_from_data", as: HandleNewFromData.self)
        rsvgHandleSetDPI = try symbol(rsvg, names.rsvg, "rsvg_handle_set_dpi", as: HandleSetDPI.self)
        rsvgHandleIntrinsicSize = try symbol(rsvg, names.rsvg, "rsvg_handle_get_intrinsic_size_in_pixels", as: HandleIntrinsicSize.self)
        rsvgHandleRenderDocument = try symbol(rsvg, names.rsvg, "rsvg_handle_render_document", as: HandleRenderDocument.self)
        gObjectUnref = try symbol(gobject, names.gobject, "g_object_unref", as: ObjectUnref.self)
        gErrorFree = try symbol(glib, names.glib, "g_error_free", as: ErrorFree.self)
        cairoImageSurfaceCreate = try symbol(cairo, names.cairo, "cairo_image_surface_create", as: ImageSurfaceCreate.self)
        cairoSurfaceDestroy = try symbol(cairo, names.cairo, "cairo_surface_destroy", as: SurfacePointer.self)
        cairoSurfaceFlush = try symbol(cairo, names.cairo, "cairo_surface_flush", as: SurfacePointer.self)
        cairoSurfaceStatus = try symbol(cairo, names.cairo, "cairo_surface_status", as: SurfaceStatus.self)
        cairoImageSurfaceGetData = try symbol(cairo, names.cairo, "cairo_image_surface_get_data", as: ImageSurfaceData.self)
        cairoImageSurfaceGetStride = try symbol(cairo, names.cairo, "cairo_image_surface_get_stride", as: ImageSurfaceInt.self)
        cairoCreate = try symbol(cairo, names.cairo, "cairo_create", as: Create.self)
        cairoDestroy = try symbol(cairo, names.cairo, "cairo_destroy", as: SurfacePointer.self)
        cairoStatus = try symbol(cairo, names.cairo, "cairo_status", as: SurfaceStatus.self)
        cairoStatusToString = try symbol(cairo, names.cairo, "cairo_status_to_string", as: StatusToString.self)
        zlibCompress2 = try symbol(zlib, names.zlib, "compress2", as: Compress2.self)
        zlibCompressBound = try symbol(zlib, names.zlib, "compressBound", as: CompressBound.self)
        zlibCRC32 = try symbol(zlib, names.zlib, "crc32", as: CRC32.self)
    }

    /// A GError's message (its `message` field follows the 32-bit domain and code), freed.
    func consumeError(_ error: UnsafeMutableRawPointer?) -> String {
        guard let error else { return "no reason given" }
        defer { gErrorFree(error) }
        guard let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else { return "no reason given" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// cairo's words for a status.
    func cairoMessage(_ status: Int32) -> String {
        cairoStatusToString(status).map { String(cString: $0) } ?? "cairo status \(status)"
    }
}
