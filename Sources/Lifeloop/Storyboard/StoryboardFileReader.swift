import Foundation

// MARK: - Keys

enum NibFileKeys {
    static let view = "view"
    static let all = [view]
}

enum StoryboardFileKeys {
    static let initialScene = "initialScene"
    static let scenes = "scenes"
    static let all = [initialScene, scenes]
}

enum SceneFileKeys {
    static let id = "id"
    static let className = "class"
    static let label = "label"
    static let view = "view"
    static let segues = "segues"
    static let presentationStyle = "presentationStyle"
    static let all = [id, className, label, view, segues, presentationStyle]
}

enum SegueFileKeys {
    static let identifier = "identifier"
    static let kind = "kind"
    static let destination = "destination"
    static let animated = "animated"
    static let all = [identifier, kind, destination, animated]
}

enum ViewFileKeys {
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
let storyboardAutoresizingNames: [(String, AutoresizingMask)] = [
    ("flexibleLeftMargin", .flexibleLeftMargin),
    ("flexibleWidth", .flexibleWidth),
    ("flexibleRightMargin", .flexibleRightMargin),
    ("flexibleTopMargin", .flexibleTopMargin),
    ("flexibleHeight", .flexibleHeight),
    ("flexibleBottomMargin", .flexibleBottomMargin),
]

// MARK: - Reading

func storyboardQuoted(_ text: String) -> String {
    "\"\(text)\""
}

/// The file name of `path` less the first of `extensions` it ends with.
func storyboardDocumentName(_ path: String, extensions: [String]) -> String {
    let fileName = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    for suffix in extensions where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
        return String(fileName.dropLast(suffix.count))
    }
    return fileName
}

/// The dynamic class JSONSerialization uses for JSON `true` and `false`.
///
/// JSONSerialization returns booleans as NSNumber too, and `is Bool` / `as? Int` succeed for
/// both; only the boolean subclass tells them apart (on Linux and on Darwin alike).
let storyboardBooleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

func storyboardIsBoolean(_ number: NSNumber) -> Bool {
    ObjectIdentifier(type(of: number)) == storyboardBooleanClass
}

/// "a string", "a number", … for "expected …, found …" messages.
func storyboardKindDescription(_ value: Any) -> String {
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
struct StoryboardFileReader {
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
struct StoryboardFileObject {
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
