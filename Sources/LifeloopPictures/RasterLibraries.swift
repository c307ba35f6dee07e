import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C functions the in-process rasterizer calls: librsvg (parse and draw SVG), cairo
/// (the pixel surface, and the paths, text and groups a window snapshot is drawn with,
/// see ``CairoCanvas``), GObject/GLib (release a handle, free an error) and zlib (deflate and
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
    typealias ContextCall = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ContextDouble = @convention(c) (UnsafeMutableRawPointer?, Double) -> Void
    typealias ContextPoint = @convention(c) (UnsafeMutableRawPointer?, Double, Double) -> Void
    typealias ContextFour = @convention(c) (UnsafeMutableRawPointer?, Double, Double, Double, Double) -> Void
    typealias ContextArc = @convention(c) (UnsafeMutableRawPointer?, Double, Double, Double, Double, Double) -> Void
    typealias ContextMatrix = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    typealias ContextInt = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void
    typealias SetDash = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<Double>?, Int32, Double) -> Void
    typealias SelectFontFace = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, Int32) -> Void
    typealias TextExtents = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    typealias ShowText = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    typealias FontOptionsCreate = @convention(c) () -> UnsafeMutableRawPointer?
    typealias FontOptionsInt = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void
    typealias SetFontOptions = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    typealias ShowGlyphs = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int32) -> Void
    typealias FTInit = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias FTNewFace = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias FTFontFaceCreate = @convention(c) (UnsafeMutableRawPointer?, Int32) -> UnsafeMutableRawPointer?

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
        var freetype = "libfreetype.so.6"

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
    // Drawing a window snapshot straight onto a context (``CairoCanvas``).
    let cairoSave: ContextCall
    let cairoRestore: ContextCall
    let cairoTranslate: ContextPoint
    let cairoScale: ContextPoint
    let cairoRotate: ContextDouble
    let cairoTransform: ContextMatrix
    let cairoIdentityMatrix: ContextCall
    let cairoSetSourceRGBA: ContextFour
    let cairoNewPath: ContextCall
    let cairoMoveTo: ContextPoint
    let cairoLineTo: ContextPoint
    let cairoRectangle: ContextFour
    let cairoArc: ContextArc
    let cairoClosePath: ContextCall
    let cairoFill: ContextCall
    let cairoFillPreserve: ContextCall
    let cairoStroke: ContextCall
    let cairoClip: ContextCall
    let cairoSetLineWidth: ContextDouble
    let cairoSetLineCap: ContextInt
    let cairoSetDash: SetDash
    let cairoPushGroup: ContextCall
    let cairoPopGroupToSource: ContextCall
    let cairoPaintWithAlpha: ContextDouble
    let cairoSelectFontFace: SelectFontFace
    let cairoSetFontSize: ContextDouble
    let cairoTextExtents: TextExtents
    let cairoShowText: ShowText
    let cairoFontOptionsCreate: FontOptionsCreate
    let cairoFontOptionsDestroy: ContextCall
    let cairoFontOptionsSetHintStyle: FontOptionsInt
    let cairoFontOptionsSetHintMetrics: FontOptionsInt
    let cairoSetFontOptions: SetFontOptions
    let cairoFontOptionsSetAntialias: FontOptionsInt
    let cairoSetFontFace: SetFontOptions
    let cairoShowGlyphs: ShowGlyphs
    /// cairo font faces of the Inter files Lifeloop measures text with (Lifeloop's `FontFaces`),
    /// loaded through FreeType from those exact files; nil when the font or FreeType is
    /// missing (text is then drawn with cairo's toy font API).
    let interFaces: InterFaces?
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
        func draw<Function>(_ name: String, as type: Function.Type) throws(LoadFailure) -> Function {
            try symbol(cairo, names.cairo, name, as: type)
        }
        cairoSave = try draw("cairo_save", as: ContextCall.self)
        cairoRestore = try draw("cairo_restore", as: ContextCall.self)
        cairoTranslate = try draw("cairo_translate", as: ContextPoint.self)
        cairoScale = try draw("cairo_scale", as: ContextPoint.self)
        cairoRotate = try draw("cairo_rotate", as: ContextDouble.self)
        cairoTransform = try draw("cairo_transform", as: ContextMatrix.self)
        cairoIdentityMatrix = try draw("cairo_identity_matrix", as: ContextCall.self)
        cairoSetSourceRGBA = try draw("cairo_set_source_rgba", as: ContextFour.self)
        cairoNewPath = try draw("cairo_new_path", as: ContextCall.self)
        cairoMoveTo = try draw("cairo_move_to", as: ContextPoint.self)
        cairoLineTo = try draw("cairo_line_to", as: ContextPoint.self)
        cairoRectangle = try draw("cairo_rectangle", as: ContextFour.self)
        cairoArc = try draw("cairo_arc", as: ContextArc.self)
        cairoClosePath = try draw("cairo_close_path", as: ContextCall.self)
        cairoFill = try draw("cairo_fill", as: ContextCall.self)
        cairoFillPreserve = try draw("cairo_fill_preserve", as: ContextCall.self)
        cairoStroke = try draw("cairo_stroke", as: ContextCall.self)
        cairoClip = try draw("cairo_clip", as: ContextCall.self)
        cairoSetLineWidth = try draw("cairo_set_line_width", as: ContextDouble.self)
        cairoSetLineCap = try draw("cairo_set_line_cap", as: ContextInt.self)
        cairoSetDash = try draw("cairo_set_dash", as: SetDash.self)
        cairoPushGroup = try draw("cairo_push_group", as: ContextCall.self)
        cairoPopGroupToSource = try draw("cairo_pop_group_to_source", as: ContextCall.self)
        cairoPaintWithAlpha = try draw("cairo_paint_with_alpha", as: ContextDouble.self)
        cairoSelectFontFace = try draw("cairo_select_font_face", as: SelectFontFace.self)
        cairoSetFontSize = try draw("cairo_set_font_size", as: ContextDouble.self)
        cairoTextExtents = try draw("cairo_text_extents", as: TextExtents.self)
        cairoShowText = try draw("cairo_show_text", as: ShowText.self)
        cairoFontOptionsCreate = try draw("cairo_font_options_create", as: FontOptionsCreate.self)
        cairoFontOptionsDestroy = try draw("cairo_font_options_destroy", as: ContextCall.self)
        cairoFontOptionsSetHintStyle = try draw("cairo_font_options_set_hint_style", as: FontOptionsInt.self)
        cairoFontOptionsSetHintMetrics = try draw("cairo_font_options_set_hint_metrics", as: FontOptionsInt.self)
        cairoSetFontOptions = try draw("cairo_set_font_options", as: SetFontOptions.self)
        cairoFontOptionsSetAntialias = try draw("cairo_font_options_set_antialias", as: FontOptionsInt.self)
        cairoSetFontFace = try draw("cairo_set_font_face", as: SetFontOptions.self)
        cairoShowGlyphs = try draw("cairo_show_glyphs", as: ShowGlyphs.self)
        interFaces = InterFaces(cairo: cairo, freetypeName: names.freetype)
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
