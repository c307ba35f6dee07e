import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Definitions

/// What a view in a file does when tapped.
///
/// Written in JSON as the `"action"` field of a view: `"segue:<identifier>"` or `"dismiss"`.
public enum TapAction: Hashable, Sendable {
    /// Perform the owning scene's segue with this identifier (`"segue:<identifier>"`).
    case segue(String)
    /// Dismiss the presented controller that owns the view (`"dismiss"`).
    case dismiss
}

/// One view in a nib or a scene's view tree.
///
/// JSON form, every field optional:
///
/// ```json
/// {"class": "Button", "label": "next", "frame": [20, 40, 100, 44],
///  "autoresizing": ["flexibleWidth"], "tag": 3, "hidden": false,
///  "backgroundColor": "#FF8800", "action": "segue:showB", "subviews": []}
/// ```
public struct ViewNode: Hashable, Sendable {
    /// The view class to instantiate (`"class"`, default `"View"`).
    public var className: String
    /// A name for traces and lookups (`"label"`, default none).
    public var label: String?
    /// The frame in the superview's coordinates (`"frame"`: `[x, y, width, height]`, default all zero).
    public var frame: Rect
    /// How the view follows its superview's size changes (`"autoresizing"`: a list of mask names, default empty).
    public var autoresizingMask: AutoresizingMask
    /// An integer tag (`"tag"`, default 0).
    public var tag: Int
    /// Whether the view starts hidden (`"hidden"`, default `false`).
    public var isHidden: Bool
    /// The background color (`"backgroundColor"`: `"#RRGGBB"` or `"#RRGGBBAA"`, default none).
    public var backgroundColor: Color?
    /// What a tap on the view does (`"action"`, default none).
    public var tapAction: TapAction?
    /// The child views, back to front (`"subviews"`, default empty).
    public var subviews: [ViewNode]

    /// Creates a view node; every parameter defaults to the value a missing JSON field gets.
    public init(
        className: String = "View",
        label: String? = nil,
        frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0),
        autoresizingMask: AutoresizingMask = [],
        tag: Int = 0,
        isHidden: Bool = false,
        backgroundColor: Color? = nil,
        tapAction: TapAction? = nil,
        subviews: [ViewNode] = []
    ) {
        self.className = className
        self.label = label
        self.frame = frame
        self.autoresizingMask = autoresizingMask
        self.tag = tag
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.tapAction = tapAction
        self.subviews = subviews
    }
}

/// A nib: a view tree, loaded by a controller's default loadView.
///
/// JSON form: `{"view": <view>}`, where `"view"` is required.
public struct NibDefinition: Hashable, Sendable {
    /// The nib's name, by which controllers refer to it.
    public var name: String
    /// The root of the view tree.
    public var root: ViewNode

    /// Creates a nib definition from its parts.
    public init(name: String, root: ViewNode) {
        self.name = name
        self.root = root
    }

    /// Parses and validates a nib from JSON bytes.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 JSON text.
    ///   - name: The name the nib gets.
    ///   - file: The file name used in error messages.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ data: Data, name: String, file: String) throws(StoryboardError) -> NibDefinition {
        let reader = StoryboardFileReader(file: file)
        let top = try reader.topLevelObject(data)
        try top.checkKeys(NibFileKeys.all)
        let root = try reader.viewNode(top.requiredValue("view"), at: top.path("view"))
        return NibDefinition(name: name, root: root)
    }
}

/// How a segue shows its destination.
public enum SegueKind: String, Hashable, Sendable, CaseIterable {
    /// Push onto the source's navigation stack (`"show"`).
    case show
    /// Present modally over the source (`"present"`).
    case present
}

/// A named transition from one scene to another.
///
/// JSON form: `{"identifier": "showB", "kind": "present", "destination": "B", "animated": true}`;
/// all but `"animated"` (default `false`) are required.
public struct SegueDefinition: Hashable, Sendable {
    /// The name a tap action or `performSegue` uses; unique within its scene.
    public var identifier: String
    /// How the destination is shown.
    public var kind: SegueKind
    /// The id of the destination scene.
    public var destination: String
    /// Whether the transition is animated.
    public var animated: Bool

    /// Creates a segue definition from its parts.
    public init(identifier: String, kind: SegueKind, destination: String, animated: Bool = false) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.animated = animated
    }
}

/// One scene of a storyboard: a controller class, its optional view tree and its segues.
///
/// JSON form: `{"id": "A", "class": "ViewController", "label": "A", "view": <view>,
/// "segues": [<segue>], "presentationStyle": "pageSheet"}`; only `"id"` is required.
public struct SceneDefinition: Hashable, Sendable {
    /// The presentation styles `"presentationStyle"` accepts.
    public static let presentationStyles: [String] = ["fullScreen", "overFullScreen", "pageSheet"]

    /// The scene's id, unique within the storyboard (`"id"`, required).
    public var id: String
    /// The controller class to instantiate (`"class"`, default `"ViewController"`).
    public var className: String
    /// The controller's label for traces (`"label"`, default the id).
    public var label: String
    /// The controller's view tree (`"view"`); `nil` leaves it to the controller's own loadView.
    public var view: ViewNode?
    /// The scene's outgoing segues (`"segues"`, default empty).
    public var segues: [SegueDefinition]
    /// How the scene is presented modally (`"presentationStyle"`: one of ``presentationStyles``), or `nil`.
    public var presentationStyle: String?

    /// Creates a scene definition; the label defaults to the id.
    public init(
        id: String,
        className: String = "ViewController",
        label: String? = nil,
        view: ViewNode? = nil,
        segues: [SegueDefinition] = [],
        presentationStyle: String? = nil
    ) {
        self.id = id
        self.className = className
        self.label = label ?? id
        self.view = view
        self.segues = segues
        self.presentationStyle = presentationStyle
    }

    /// The segue with this identifier, if the scene has one.
    public func segue(withIdentifier identifier: String) -> SegueDefinition? {
        segues.first { $0.identifier == identifier }
    }
}

/// A storyboard: scenes joined by segues, with one initial scene.
///
/// JSON form: `{"initialScene": "A", "scenes": [<scene>, ...]}`; both fields are required and
/// `"scenes"` must not be empty.
public struct StoryboardDefinition: Hashable, Sendable {
    /// The storyboard's name.
    public var name: String
    /// The id of the scene shown first.
    public var initialScene: String
    /// The scenes, in file order.
    public var scenes: [SceneDefinition]

    /// Creates a storyboard definition from its parts, without validating them.
    public init(name: String, initialScene: String, scenes: [SceneDefinition]) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
    }

    /// The scene with this id, if there is one.
    public func scene(withID id: String) -> SceneDefinition? {
        scenes.first { $0.id == id }
    }

    /// Parses and validates a storyboard from JSON bytes.
    ///
    /// Besides the shape of each field, checks that scene ids are unique, that `initialScene`
    /// and every segue destination name a scene, that segue identifiers are unique within
    /// their scene, and that every `"segue:<identifier>"` action in a scene's view names one
    /// of that scene's segues.
    /// - Parameters:
    ///   - data: The UTF-8 JSON text.
    ///   - name: The name the storyboard gets.
    ///   - file: The file name used in error messages.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ data: Data, name: String, file: String) throws(StoryboardError) -> StoryboardDefinition {
        let reader = StoryboardFileReader(file: file)
        let top = try reader.topLevelObject(data)
        try top.checkKeys(StoryboardFileKeys.all)

        let initialScene = try top.requiredString(StoryboardFileKeys.initialScene)
        let sceneValues = try top.requiredArray(StoryboardFileKeys.scenes)
        if sceneValues.isEmpty {
            throw reader.error(top.path(StoryboardFileKeys.scenes), "must list at least one scene")
        }

        var scenes: [SceneDefinition] = []
        var firstPathOfID: [String: String] = [:]
        let scenesPath = top.path(StoryboardFileKeys.scenes)
        for (index, value) in sceneValues.enumerated() {
            let scenePath = "\(scenesPath)[\(index)]"
            let scene = try reader.scene(value, at: scenePath)
            let idPath = "\(scenePath).\(SceneFileKeys.id)"
            if let earlier = firstPathOfID[scene.id] {
                throw reader.error(idPath, "duplicate scene id \(storyboardQuoted(scene.id)); \(earlier) has it too")
            }
            firstPathOfID[scene.id] = idPath
            scenes.append(scene)
        }

        if firstPathOfID[initialScene] == nil {
            throw reader.error(
                top.path(StoryboardFileKeys.initialScene),
                "no scene has the id \(storyboardQuoted(initialScene)); scene ids: \(scenes.map(\.id).joined(separator: ", "))"
            )
        }
        for (sceneIndex, scene) in scenes.enumerated() {
            for (segueIndex, segue) in scene.segues.enumerated() where firstPathOfID[segue.destination] == nil {
                throw reader.error(
                    "\(scenesPath)[\(sceneIndex)].\(SceneFileKeys.segues)[\(segueIndex)].\(SegueFileKeys.destination)",
                    "no scene has the id \(storyboardQuoted(segue.destination)); scene ids: \(scenes.map(\.id).joined(separator: ", "))"
                )
            }
        }
        return StoryboardDefinition(name: name, initialScene: initialScene, scenes: scenes)
    }
}

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
}

extension StoryboardDocument {
    /// Parses and validates a document from JSON bytes.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> Self {
        try parse(Data(bytes), name: name, file: file)
    }

    /// Reads, parses and validates the file at `path`. The document is named after the
    /// file, less one of ``fileExtensions``; errors name the file by `path` as given.
    /// - Throws: ``StoryboardError``; an unreadable file has the field `(file)`.
    public static func load(path: String) throws(StoryboardError) -> Self {
        let data = try storyboardReadFile(path)
        return try parse(data, name: storyboardDocumentName(path, extensions: fileExtensions), file: path)
    }
}

extension NibDefinition: StoryboardDocument {
    /// `Name.nib.json` or `Name.json` loads as the nib `Name`.
    public static var fileExtensions: [String] { [".nib.json", ".json"] }
}

extension StoryboardDefinition: StoryboardDocument {
    /// `Name.storyboard.json` or `Name.json` loads as the storyboard `Name`.
    public static var fileExtensions: [String] { [".storyboard.json", ".json"] }
}

/// A bad nib or storyboard file: names the file, the field (as a path like `scenes[1].segues[0].destination`) and the problem.
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named to the parser or loader.
    public let file: String
    /// The path of the bad field, such as `scenes[1].segues[0].destination`;
    /// `(root)` for whole-document problems and `(file)` when the file could not be read.
    public let field: String
    /// What is wrong, in a sentence fragment.
    public let problem: String

    /// Creates an error; an empty `field` becomes `(root)`.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field.isEmpty ? "(root)" : field
        self.problem = problem
    }

    /// `<file>: <field>: <problem>`.
    public var description: String { "\(file): \(field): \(problem)" }
}

// MARK: - Keys

private enum NibFileKeys {
    static let view = "view"
    static let all = [view]
}

private enum StoryboardFileKeys {
    static let initialScene = "initialScene"
    static let scenes = "scenes"
    static let all = [initialScene, scenes]
}

private enum SceneFileKeys {
    static let id = "id"
    static let className = "class"
    static let label = "label"
    static let view = "view"
    static let segues = "segues"
    static let presentationStyle = "presentationStyle"
    static let all = [id, className, label, view, segues, presentationStyle]
}

private enum SegueFileKeys {
    static let identifier = "identifier"
    static let kind = "kind"
    static let destination = "destination"
    static let animated = "animated"
    static let all = [identifier, kind, destination, animated]
}

private enum ViewFileKeys {
    static let className = "class"
    static let label = "label"
    static let frame = "frame"
    static let autoresizing = "autoresizing"
    static let tag = "tag"
    static let hidden = "hidden"
    static let backgroundColor = "backgroundColor"
    static let action = "action"
    static let subviews = "subviews"
    static let all = [className, label, frame, autoresizing, tag, hidden, backgroundColor, action, subviews]
}

/// The `"autoresizing"` names, in bit order.
private let storyboardAutoresizingNames: [(String, AutoresizingMask)] = [
    ("flexibleLeftMargin", .flexibleLeftMargin),
    ("flexibleWidth", .flexibleWidth),
    ("flexibleRightMargin", .flexibleRightMargin),
    ("flexibleTopMargin", .flexibleTopMargin),
    ("flexibleHeight", .flexibleHeight),
    ("flexibleBottomMargin", .flexibleBottomMargin),
]

// MARK: - Reading

private func storyboardQuoted(_ text: String) -> String {
    "\"\(text)\""
}

/// The file name of `path` less the first of `extensions` it ends with.
private func storyboardDocumentName(_ path: String, extensions: [String]) -> String {
    let fileName = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    for suffix in extensions where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
        return String(fileName.dropLast(suffix.count))
    }
    return fileName
}

/// Reads a whole file, reporting the OS's reason on failure.
private func storyboardReadFile(_ path: String) throws(StoryboardError) -> Data {
    func failure(_ what: String) -> StoryboardError {
        let code = errno
        return StoryboardError(file: path, field: "(file)", problem: "cannot \(what): \(String(cString: strerror(code)))")
    }
    let descriptor = open(path, O_RDONLY)
    if descriptor < 0 { throw failure("open the file") }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw failure("read the file")
        }
        if count == 0 { break }
        data.append(contentsOf: buffer[0..<count])
    }
    return data
}

/// The dynamic class JSONSerialization uses for JSON `true` and `false`.
///
/// JSONSerialization returns booleans as NSNumber too, and `is Bool` / `as? Int` succeed for
/// both; only the boolean subclass tells them apart (on Linux and on Darwin alike).
private let storyboardBooleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

private func storyboardIsBoolean(_ number: NSNumber) -> Bool {
    ObjectIdentifier(type(of: number)) == storyboardBooleanClass
}

/// "a string", "a number", … for "expected …, found …" messages.
private func storyboardKindDescription(_ value: Any) -> String {
    switch value {
    case is String: return "a string"
    case let number as NSNumber: return storyboardIsBoolean(number) ? "a boolean" : "a number"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case is NSNull: return "null"
    default: return "a \(type(of: value))"
    }
}

/// Walks a JSONSerialization tree, turning every problem into a ``StoryboardError``.
private struct StoryboardFileReader {
    let file: String

    func error(_ field: String, _ problem: String) -> StoryboardError {
        StoryboardError(file: file, field: field, problem: problem)
    }

    func mismatch(_ field: String, expected: String, found value: Any) -> StoryboardError {
        error(field, "expected \(expected), found \(storyboardKindDescription(value))")
    }

    func topLevelObject(_ data: Data) throws(StoryboardError) -> StoryboardFileObject {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw self.error("(root)", "not valid JSON: \(detail ?? error.localizedDescription)")
        }
        return try object(value, at: "")
    }

    func object(_ value: Any, at path: String) throws(StoryboardError) -> StoryboardFileObject {
        guard let values = value as? [String: Any] else {
            throw mismatch(path, expected: "an object", found: value)
        }
        return StoryboardFileObject(reader: self, values: values, prefix: path)
    }

    func string(_ value: Any, at path: String) throws(StoryboardError) -> String {
        guard let text = value as? String else { throw mismatch(path, expected: "a string", found: value) }
        return text
    }

    func nonEmptyString(_ value: Any, at path: String) throws(StoryboardError) -> String {
        let text = try string(value, at: path)
        if text.isEmpty { throw error(path, "must not be empty") }
        return text
    }

    func bool(_ value: Any, at path: String) throws(StoryboardError) -> Bool {
        guard let number = value as? NSNumber, storyboardIsBoolean(number) else {
            throw mismatch(path, expected: "a boolean", found: value)
        }
        return number.boolValue
    }

    func number(_ value: Any, at path: String) throws(StoryboardError) -> Double {
        guard let number = value as? NSNumber, !storyboardIsBoolean(number) else {
            throw mismatch(path, expected: "a number", found: value)
        }
        let double = number.doubleValue
        if !double.isFinite { throw error(path, "expected a finite number, found \(number)") }
        return double
    }

    func integer(_ value: Any, at path: String) throws(StoryboardError) -> Int {
        guard let number = value as? NSNumber, !storyboardIsBoolean(number) else {
            throw mismatch(path, expected: "an integer", found: value)
        }
        // Bridging gives an exact Int for integral values in range, nil for 1.5 or 1e30.
        guard let integer = value as? Int else {
            throw error(path, "expected an integer, found \(number)")
        }
        return integer
    }

    func array(_ value: Any, at path: String) throws(StoryboardError) -> [Any] {
        guard let items = value as? [Any] else { throw mismatch(path, expected: "an array", found: value) }
        return items
    }

    // MARK: View nodes

    func viewNode(_ value: Any, at path: String) throws(StoryboardError) -> ViewNode {
        let fields = try object(value, at: path)
        try fields.checkKeys(ViewFileKeys.all)
        var node = ViewNode()
        if let value = fields[ViewFileKeys.className] {
            node.className = try nonEmptyString(value, at: fields.path(ViewFileKeys.className))
        }
        if let value = fields[ViewFileKeys.label] {
            node.label = try string(value, at: fields.path(ViewFileKeys.label))
        }
        if let value = fields[ViewFileKeys.frame] {
            node.frame = try frame(value, at: fields.path(ViewFileKeys.frame))
        }
        if let value = fields[ViewFileKeys.autoresizing] {
            node.autoresizingMask = try autoresizing(value, at: fields.path(ViewFileKeys.autoresizing))
        }
        if let value = fields[ViewFileKeys.tag] {
            node.tag = try integer(value, at: fields.path(ViewFileKeys.tag))
        }
        if let value = fields[ViewFileKeys.hidden] {
            node.isHidden = try bool(value, at: fields.path(ViewFileKeys.hidden))
        }
        if let value = fields[ViewFileKeys.backgroundColor] {
            node.backgroundColor = try color(value, at: fields.path(ViewFileKeys.backgroundColor))
        }
        if let value = fields[ViewFileKeys.action] {
            node.tapAction = try action(value, at: fields.path(ViewFileKeys.action))
        }
        if let value = fields[ViewFileKeys.subviews] {
            let subviewsPath = fields.path(ViewFileKeys.subviews)
            for (index, item) in try array(value, at: subviewsPath).enumerated() {
                node.subviews.append(try viewNode(item, at: "\(subviewsPath)[\(index)]"))
            }
        }
        return node
    }

    func frame(_ value: Any, at path: String) throws(StoryboardError) -> Rect {
        let items = try array(value, at: path)
        if items.count != 4 {
            throw error(path, "expected 4 numbers [x, y, width, height], found \(items.count) element\(items.count == 1 ? "" : "s")")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            numbers.append(try number(item, at: "\(path)[\(index)]"))
        }
        for (index, dimension) in [(2, "width"), (3, "height")] where numbers[index] < 0 {
            throw error("\(path)[\(index)]", "\(dimension) must not be negative, found \(numbers[index])")
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    func autoresizing(_ value: Any, at path: String) throws(StoryboardError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        for (index, item) in try array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let name = try string(item, at: itemPath)
            guard let flag = storyboardAutoresizingNames.first(where: { $0.0 == name })?.1 else {
                throw error(
                    itemPath,
                    "unknown autoresizing name \(storyboardQuoted(name)); valid names: \(storyboardAutoresizingNames.map(\.0).joined(separator: ", "))"
                )
            }
            mask.insert(flag)
        }
        return mask
    }

    func color(_ value: Any, at path: String) throws(StoryboardError) -> Color {
        let text = try string(value, at: path)
        let digits = Array(text.utf8.dropFirst())
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        let nibbles = digits.compactMap(hexValue)
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, nibbles.count == digits.count else {
            throw error(path, "invalid color \(storyboardQuoted(text)); expected \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal")
        }
        var components: [Double] = stride(from: 0, to: nibbles.count, by: 2).map {
            Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255
        }
        if components.count == 3 { components.append(1) }
        return Color(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    func action(_ value: Any, at path: String) throws(StoryboardError) -> TapAction {
        let text = try string(value, at: path)
        if text == "dismiss" { return .dismiss }
        let prefix = "segue:"
        if text.hasPrefix(prefix), text.count > prefix.count {
            return .segue(String(text.dropFirst(prefix.count)))
        }
        throw error(path, "unknown action \(storyboardQuoted(text)); expected \"dismiss\" or \"segue:<identifier>\"")
    }

    // MARK: Scenes

    func scene(_ value: Any, at path: String) throws(StoryboardError) -> SceneDefinition {
        let fields = try object(value, at: path)
        try fields.checkKeys(SceneFileKeys.all)
        var scene = SceneDefinition(id: try fields.requiredNonEmptyString(SceneFileKeys.id))
        if let value = fields[SceneFileKeys.className] {
            scene.className = try nonEmptyString(value, at: fields.path(SceneFileKeys.className))
        }
        if let value = fields[SceneFileKeys.label] {
            scene.label = try string(value, at: fields.path(SceneFileKeys.label))
        }
        if let value = fields[SceneFileKeys.view] {
            scene.view = try viewNode(value, at: fields.path(SceneFileKeys.view))
        }
        if let value = fields[SceneFileKeys.segues] {
            let seguesPath = fields.path(SceneFileKeys.segues)
            var firstPathOfIdentifier: [String: String] = [:]
            for (index, item) in try array(value, at: seguesPath).enumerated() {
                let seguePath = "\(seguesPath)[\(index)]"
                let segue = try self.segue(item, at: seguePath)
                let identifierPath = "\(seguePath).\(SegueFileKeys.identifier)"
                if let earlier = firstPathOfIdentifier[segue.identifier] {
                    throw error(identifierPath, "duplicate segue identifier \(storyboardQuoted(segue.identifier)) in this scene; \(earlier) has it too")
                }
                firstPathOfIdentifier[segue.identifier] = identifierPath
                scene.segues.append(segue)
            }
        }
        if let value = fields[SceneFileKeys.presentationStyle] {
            let stylePath = fields.path(SceneFileKeys.presentationStyle)
            let style = try string(value, at: stylePath)
            guard SceneDefinition.presentationStyles.contains(style) else {
                throw error(
                    stylePath,
                    "unknown presentation style \(storyboardQuoted(style)); expected one of: \(SceneDefinition.presentationStyles.joined(separator: ", "))"
                )
            }
            scene.presentationStyle = style
        }
        if let view = scene.view {
            try checkSegueActions(view, at: fields.path(SceneFileKeys.view), scene: scene)
        }
        return scene
    }

    /// Checks that every `segue:` action in a scene's view tree names one of the scene's segues.
    func checkSegueActions(_ node: ViewNode, at path: String, scene: SceneDefinition) throws(StoryboardError) {
        if case .segue(let identifier) = node.tapAction, scene.segue(withIdentifier: identifier) == nil {
            let known = scene.segues.isEmpty ? "it has none" : "its segues: \(scene.segues.map(\.identifier).joined(separator: ", "))"
            throw error("\(path).\(ViewFileKeys.action)", "scene \(storyboardQuoted(scene.id)) has no segue \(storyboardQuoted(identifier)); \(known)")
        }
        for (index, subview) in node.subviews.enumerated() {
            try checkSegueActions(subview, at: "\(path).\(ViewFileKeys.subviews)[\(index)]", scene: scene)
        }
    }

    func segue(_ value: Any, at path: String) throws(StoryboardError) -> SegueDefinition {
        let fields = try object(value, at: path)
        try fields.checkKeys(SegueFileKeys.all)
        let identifier = try fields.requiredNonEmptyString(SegueFileKeys.identifier)
        let kindName = try fields.requiredString(SegueFileKeys.kind)
        guard let kind = SegueKind(rawValue: kindName) else {
            throw error(
                fields.path(SegueFileKeys.kind),
                "unknown segue kind \(storyboardQuoted(kindName)); expected one of: \(SegueKind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let destination = try fields.requiredNonEmptyString(SegueFileKeys.destination)
        var animated = false
        if let value = fields[SegueFileKeys.animated] {
            animated = try bool(value, at: fields.path(SegueFileKeys.animated))
        }
        return SegueDefinition(identifier: identifier, kind: kind, destination: destination, animated: animated)
    }
}

/// One JSON object and its path, for field look-ups.
private struct StoryboardFileObject {
    let reader: StoryboardFileReader
    let values: [String: Any]
    /// The object's own path; empty for the top level.
    let prefix: String

    func path(_ key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }

    subscript(key: String) -> Any? { values[key] }

    /// Rejects keys outside `allowed`, reporting the first in sorted order.
    func checkKeys(_ allowed: [String]) throws(StoryboardError) {
        if let unknown = values.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw reader.error(path(unknown), "unknown field \(storyboardQuoted(unknown)); allowed fields: \(allowed.joined(separator: ", "))")
        }
    }

    func requiredValue(_ key: String) throws(StoryboardError) -> Any {
        guard let value = values[key] else { throw reader.error(path(key), "missing required field \(storyboardQuoted(key))") }
        return value
    }

    func requiredString(_ key: String) throws(StoryboardError) -> String {
        try reader.string(requiredValue(key), at: path(key))
    }

    func requiredNonEmptyString(_ key: String) throws(StoryboardError) -> String {
        try reader.nonEmptyString(requiredValue(key), at: path(key))
    }

    func requiredArray(_ key: String) throws(StoryboardError) -> [Any] {
        try reader.array(requiredValue(key), at: path(key))
    }
}
