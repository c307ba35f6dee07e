import Foundation

/// A JSON file Lifeloop loads: a nib or a storyboard.
public protocol StoryboardDocument {
    /// The extensions a file name loses to become the document's name, longest first.
    static var fileExtensions: [String] { get }

    /// Parses and validates a document from JSON data.
    /// - Parameters:
    ///   - data: The UTF-8 JSON text.
    ///   - name: The name the document gets.
    ///   - file: The file name used in error messages.
    /// - Throws: ``StoryboardError`` naming the bad field.
    static func parse(_ data: Data, name: String, file: String) throws(StoryboardError) -> Self

    /// Parses and validates a document from JSON bytes.
    /// - Throws: ``StoryboardError`` naming the bad field.
    static func parse(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> Self

    /// The extension of the Xcode file this document is read from (`.storyboard`, `.xib`).
    static var xcodeExtension: String { get }

    /// Parses and validates a document from Xcode's XML format.
    /// - Throws: ``StoryboardError`` with the line and column of the problem.
    static func parseXcode(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> Self
}

extension StoryboardDocument {
    /// Parses and validates a document from JSON bytes, through ``parse(_:name:file:)-(Data,_,_)``
    /// for documents that only read `Data`.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> Self {
        try parse(Data(bytes), name: name, file: file)
    }

    /// Reads, parses and validates the file at `path`. The document is named after the
    /// file, less one of ``fileExtensions``; errors name the file by `path` as given.
    ///
    /// Only a regular file of at most `maxBytes` bytes is read (see `InputFile`): a FIFO,
    /// a device or a directory is refused before it is opened, so this never blocks or
    /// reads forever.
    /// - Throws: ``StoryboardError``; a file that is refused or unreadable has the field
    ///   `(file)`.
    public static func load(path: String, maxBytes: Int = InputFile.defaultMaxBytes) throws(StoryboardError) -> Self {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: path, maxBytes: maxBytes)
        } catch {
            throw StoryboardError(file: path, field: "(file)", problem: error.reason)
        }
        if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") {
            guard path.hasSuffix(xcodeExtension) else {
                let other = xcodeExtension == ".xib" ? "a storyboard (.storyboard)" : "a nib (.xib)"
                throw StoryboardError(file: path, field: "(file)", problem: "this is \(other), expected a \(xcodeExtension) file")
            }
            return try parseXcode(bytes, name: storyboardDocumentName(path, extensions: [xcodeExtension]), file: path)
        }
        return try parse(bytes, name: storyboardDocumentName(path, extensions: fileExtensions), file: path)
    }
}

extension NibDefinition: StoryboardDocument {
    /// `Name.nib.json` or `Name.json` loads as the nib `Name`.
    public static var fileExtensions: [String] { [".nib.json", ".json"] }
    /// Xcode's nibs are `.xib` files.
    public static var xcodeExtension: String { ".xib" }
    /// Reads an Xcode `.xib` (see ``InterfaceBuilderReader``).
    /// - Throws: ``StoryboardError`` with the line and column of the problem.
    public static func parseXcode(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> NibDefinition {
        try InterfaceBuilderReader(file: file).nib(bytes, name: name)
    }
}

extension StoryboardDefinition: StoryboardDocument {
    /// `Name.storyboard.json` or `Name.json` loads as the storyboard `Name`.
    public static var fileExtensions: [String] { [".storyboard.json", ".json"] }
    /// Xcode's storyboards are `.storyboard` files.
    public static var xcodeExtension: String { ".storyboard" }
    /// Reads an Xcode `.storyboard` (see ``InterfaceBuilderReader``).
    /// - Throws: ``StoryboardError`` with the line and column of the problem.
    public static func parseXcode(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> StoryboardDefinition {
        try InterfaceBuilderReader(file: file).storyboard(bytes, name: name)
    }
}
