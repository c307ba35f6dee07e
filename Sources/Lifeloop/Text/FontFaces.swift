import Foundation

/// The faces of Inter that Lifeloop measures text with (and the pictures draw it with),
/// read once per process from the installed font files.
///
/// Inter is a free font drawn for screens whose proportions are close to Apple's SF Pro,
/// the system font UIKit measures with; Debian installs it (`fonts-inter`) in
/// `/usr/share/fonts/opentype/inter`. `LIFELOOP_FONT_DIR` names another folder holding the
/// same files. Weights below semibold are measured with `Inter-Regular.otf`, semibold and
/// heavier with `Inter-Bold.otf` (the pictures draw two weights, plain and bold), and
/// italic fonts with `Inter-Italic.otf` and `Inter-BoldItalic.otf`.
package struct FontFaces: Sendable {
    /// The file names read, in the folder.
    package static let fileNames = (regular: "Inter-Regular.otf", bold: "Inter-Bold.otf",
                                    italic: "Inter-Italic.otf", boldItalic: "Inter-BoldItalic.otf")
    /// Where Debian's `fonts-inter` puts the files.
    package static let defaultDirectory = "/usr/share/fonts/opentype/inter"

    /// The upright regular face.
    package let regular: FontFace
    /// The upright bold face (semibold and heavier weights).
    package let bold: FontFace
    /// The italic face.
    package let italic: FontFace
    /// The bold italic face.
    package let boldItalic: FontFace

    /// The faces in `directory`.
    /// - Throws: ``FontFileError`` naming the first file that is missing or cannot be read.
    package init(directory: String) throws(FontFileError) {
        func face(_ name: String) throws(FontFileError) -> FontFace {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FontFileError(file: path, reason: "cannot be read (is fonts-inter installed? make pictures-deps installs it)")
            }
            return try FontFace(bytes: [UInt8](data), file: path)
        }
        regular = try face(Self.fileNames.regular)
        bold = try face(Self.fileNames.bold)
        italic = try face(Self.fileNames.italic)
        boldItalic = try face(Self.fileNames.boldItalic)
    }

    /// The face a font is measured with: by its weight (semibold and heavier are bold) and
    /// slant.
    package func face(weight: CGFloat, italic isItalic: Bool) -> FontFace {
        let heavy = weight >= Font.Weight.semibold.rawValue
        return isItalic ? (heavy ? boldItalic : italic) : (heavy ? bold : regular)
    }

    /// The folder the faces are read from: `LIFELOOP_FONT_DIR` when it is set, else
    /// ``defaultDirectory``.
    package static func directory(environment: [String: String]) -> String {
        guard let set = environment["LIFELOOP_FONT_DIR"], !set.isEmpty else { return defaultDirectory }
        return set
    }

    /// The faces in the folder `environment` names, or nil after one line to `warn` saying
    /// why text is measured with the built-in table instead.
    package static func load(environment: [String: String], warn: (String) -> Void) -> FontFaces? {
        let directory = directory(environment: environment)
        do {
            return try FontFaces(directory: directory)
        } catch {
            warn("lifeloop: text is measured with the built-in advance table, not Inter: \(error)")
            return nil
        }
    }

    /// The installed faces, read the first time text is measured; nil when they cannot be
    /// read, which is said once on standard error.
    package static let installed: FontFaces? = load(environment: ProcessInfo.processInfo.environment) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
