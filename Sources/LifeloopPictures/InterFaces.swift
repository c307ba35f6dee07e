import Foundation
import Lifeloop
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The cairo font faces of the Inter files that Lifeloop measures text with, opened with
/// FreeType from the same paths (`cairo_ft_font_face_create_for_ft_face`), so the glyphs
/// drawn are the glyphs measured, whatever fontconfig would pick for the name "Inter".
///
/// `@unchecked Sendable`: the faces are created once and never released or changed (cairo
/// locks a FreeType face while it uses it); drawing with them is serialized by
/// ``SVGRasterizer``.
struct InterFaces: @unchecked Sendable {
    /// The faces for plain and bold text.
    let regular: UnsafeMutableRawPointer
    let bold: UnsafeMutableRawPointer

    /// Opens FreeType and the faces; nil when the Inter files were not read
    /// (`FontFaces.installed`) or FreeType or cairo-ft is missing.
    init?(cairo: UnsafeMutableRawPointer, freetypeName: String) {
        guard let faces = FontFaces.installed, let freetype = dlopen(freetypeName, RTLD_NOW | RTLD_LOCAL),
              let initAddress = dlsym(freetype, "FT_Init_FreeType"), let newFaceAddress = dlsym(freetype, "FT_New_Face"),
              let createAddress = dlsym(cairo, "cairo_ft_font_face_create_for_ft_face")
        else { return nil }
        let initialize = unsafeBitCast(initAddress, to: RasterLibraries.FTInit.self)
        let newFace = unsafeBitCast(newFaceAddress, to: RasterLibraries.FTNewFace.self)
        let create = unsafeBitCast(createAddress, to: RasterLibraries.FTFontFaceCreate.self)
        var library: UnsafeMutableRawPointer?
        guard initialize(&library) == 0, let library else { return nil }
        func open(_ face: FontFace) -> UnsafeMutableRawPointer? {
            var ftFace: UnsafeMutableRawPointer?
            guard newFace(library, face.file, 0, &ftFace) == 0, let ftFace else { return nil }
            return create(ftFace, 0)
        }
        guard let regular = open(faces.regular), let bold = open(faces.bold) else { return nil }
        self.regular = regular
        self.bold = bold
    }
}
