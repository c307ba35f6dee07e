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

extension StoryboardDefinition {
    /// A storyboard to launch from a file: a storyboard (`.storyboard`, JSON), or a nib
    /// (`.xib`) as a storyboard of one scene (``init(launching:)``).
    /// - Throws: ``StoryboardError`` naming the file.
    public static func loadLaunchable(path: String) throws(StoryboardError) -> StoryboardDefinition {
        guard path.hasSuffix(".xib") else { return try load(path: path) }
        var storyboard = StoryboardDefinition(launching: try NibDefinition.load(path: path))
        storyboard.directory = (path as NSString).deletingLastPathComponent
        return storyboard
    }

    /// A nib as a storyboard of one scene, as an app that shows the nib gets it: File's
    /// Owner is the scene's controller (its custom class, else a plain controller), the
    /// nib's first top-level view is the controller's view, and File's Owner's outlets and
    /// actions are the controller's. Other top-level objects are not part of the scene.
    /// - Parameter nib: The nib.
    public init(launching nib: NibDefinition) {
        let data = nib.interfaceBuilder
        let owner = data?.owner
        let id = owner?.objectID ?? "nib-owner"
        var scene = SceneDefinition(id: id, label: nib.name, view: nib.root)
        var sceneData = InterfaceBuilderSceneData(element: "viewController", line: 0)
        sceneData.customClass = owner?.customClass
        sceneData.customModule = owner?.customModule
        sceneData.placeholders = data?.placeholders.filter { $0.identifier != "IBFilesOwner" } ?? []
        // The owner's `view` outlet is the scene's view itself.
        let rootID = nib.root.interfaceBuilder?.objectID
        sceneData.connections = (data?.connections ?? []).filter {
            !($0.kind == .outlet && $0.source == id && $0.name == "view" && ($0.destination == rootID || rootID == nil))
        }
        scene.interfaceBuilder = sceneData
        self.init(name: nib.name, initialScene: id, scenes: [scene])
        notes = data?.notes ?? []
    }
}
