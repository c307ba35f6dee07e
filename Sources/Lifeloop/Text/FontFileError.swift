/// Why a font file could not be read: which file, and what in it is missing or wrong.
///
/// Lifeloop reads font files itself (``FontFace``); a truncated or malformed file is this
/// error, never a crash, and text is then measured with the built-in table instead.
package struct FontFileError: Error, Equatable, CustomStringConvertible {
    /// The file, or a name for bytes that did not come from a file.
    package var file: String
    /// What is wrong, in words.
    package var reason: String

    /// An error about `file`.
    package init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// The file and the reason, as one sentence for a log.
    package var description: String { "\(file): \(reason)" }
}
