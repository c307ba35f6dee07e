import LifeloopCore

// MARK: - Keys

enum NibFileKeys {
    static let view = "view"
    static let all = [view]
}

enum StoryboardFileKeys {
    static let initialScene = "initialScene"
    static let scenes = "scenes"
    static let uikitVersion = "uikitVersion"
    static let all = [initialScene, scenes, uikitVersion]
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
    static let presentationStyle = "presentationStyle"
    static let container = "container"
    static let all = [identifier, kind, destination, animated, presentationStyle, container]
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

/// "a string", "a number", … for "expected …, found …" messages.
func storyboardKindDescription(_ value: JSONValue) -> String {
    switch value.kind {
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .array: return "an array"
    case .object: return "an object"
    case .null: return "null"
    }
}

/// One step of a field path: `scenes`, `[1]`, `segues`, …
enum StoryboardPathComponent {
    case key(String)
    case index(Int)
}

/// Walks a ``JSONDocument``, turning every problem into a ``StoryboardError``.
///
/// The reader keeps the path of the field it is in as a stack of components and spells it
/// (`scenes[1].view.subviews[0].frame`) only for an error, so a large file costs no string
/// per field.
final class StoryboardFileReader {
    /// How deep a view tree may be: building views is recursive, so deeper trees are refused
    /// by name rather than left to overflow the stack.
    static let maxViewDepth = 256
    /// Each view level is two JSON levels (the view, its subviews), under a few of the file's
    /// own; deeper text is refused by the JSON reader before the view-depth check.
    static let maxJSONDepth = 2 * maxViewDepth + 8

    let file: String
    // Only this reader's own calls, one at a time, touch the stack: no dynamic exclusivity
    // checks needed (they were a tenth of the time on large files).
    @exclusivity(unchecked) private var components: [StoryboardPathComponent] = []

    init(file: String) {
        self.file = file
        components.reserveCapacity(2 * Self.maxViewDepth + 8)
    }

    /// The path of the current field, as errors name it.
    var path: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Steps into the member `key` of the current field. Hot paths use these pairs instead
    /// of ``at(_:_:)``; after an error the reader is done, so a step left open is harmless.
    @inline(__always)
    func enter(_ key: String) { components.append(.key(key)) }

    /// Steps into the element `index` of the current field.
    @inline(__always)
    func enter(index: Int) { components.append(.index(index)) }

    /// Steps back out.
    @inline(__always)
    func leave() { components.removeLast() }

    /// Runs `body` inside the member `key` of the current field.
    @inline(__always)
    func at<Result>(_ key: String, _ body: () throws(StoryboardError) -> Result) throws(StoryboardError) -> Result {
        components.append(.key(key))
        defer { components.removeLast() }
        return try body()
    }

    /// Runs `body` inside the element `index` of the current field.
    @inline(__always)
    func at<Result>(index: Int, _ body: () throws(StoryboardError) -> Result) throws(StoryboardError) -> Result {
        components.append(.index(index))
        defer { components.removeLast() }
        return try body()
    }

    /// An error about the current field.
    func error(_ problem: String) -> StoryboardError {
        StoryboardError(file: file, field: path, problem: problem)
    }

    /// An error about the member `key` of the current field.
    func error(in key: String, _ problem: String) -> StoryboardError {
        components.append(.key(key))
        defer { components.removeLast() }
        return error(problem)
    }

    /// An error about the element `index` of the current field.
    func error(atIndex index: Int, _ problem: String) -> StoryboardError {
        components.append(.index(index))
        defer { components.removeLast() }
        return error(problem)
    }

    func mismatch(expected: String, found value: JSONValue) -> StoryboardError {
        error("expected \(expected), found \(storyboardKindDescription(value))")
    }

    func topLevelObject(_ bytes: [UInt8], allowed: [String]) throws(StoryboardError) -> StoryboardFileObject {
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: Self.maxJSONDepth).read(bytes)
        } catch {
            throw StoryboardError(file: file, field: "(root)", problem: "not valid JSON: \(error)")
        }
        return try object(document.root, allowed: allowed)
    }

    /// The object at the current field, with its members sorted into `allowed`; an unknown
    /// member is an error naming the first in sorted order.
    func object(_ value: JSONValue, allowed: [String]) throws(StoryboardError) -> StoryboardFileObject {
        guard value.kind == .object else { throw mismatch(expected: "an object", found: value) }
        var values = [JSONValue?](repeating: nil, count: allowed.count)
        var unknown: [String] = []
        for member in value.members {
            if let position = allowed.firstIndex(where: { member.key.isString($0) }) {
                values[position] = member.value
            } else {
                unknown.append(member.name)
            }
        }
        if let first = unknown.sorted().first {
            throw error(in: first, "unknown field \(storyboardQuoted(first)); allowed fields: \(allowed.joined(separator: ", "))")
        }
        return StoryboardFileObject(reader: self, keys: allowed, values: values)
    }

    func string(_ value: JSONValue) throws(StoryboardError) -> String {
        guard let text = value.string else { throw mismatch(expected: "a string", found: value) }
        return text
    }

    func nonEmptyString(_ value: JSONValue) throws(StoryboardError) -> String {
        let text = try string(value)
        if text.isEmpty { throw error("must not be empty") }
        return text
    }

    func bool(_ value: JSONValue) throws(StoryboardError) -> Bool {
        guard let flag = value.bool else { throw mismatch(expected: "a boolean", found: value) }
        return flag
    }

    func number(_ value: JSONValue) throws(StoryboardError) -> Double {
        guard let number = value.double else { throw mismatch(expected: "a number", found: value) }
        // The JSON reader refuses numbers that overflow, so this holds; kept as the contract.
        if !number.isFinite { throw error("expected a finite number, found \(number)") }
        return number
    }

    func integer(_ value: JSONValue) throws(StoryboardError) -> Int {
        guard let number = value.double else { throw mismatch(expected: "an integer", found: value) }
        // An exact Int for integral values in range, nil for 1.5 or 1e30.
        guard let integer = value.int else { throw error("expected an integer, found \(number)") }
        return integer
    }

    /// Checks that `value` is an array; returns it.
    func array(_ value: JSONValue) throws(StoryboardError) -> JSONValue {
        guard value.kind == .array else { throw mismatch(expected: "an array", found: value) }
        return value
    }

    // MARK: View nodes

    /// The view at the current field, `depth` levels down its tree (the root view is 1).
    func viewNode(_ value: JSONValue, depth: Int) throws(StoryboardError) -> ViewNode {
        if depth > Self.maxViewDepth {
            throw error("the view tree is nested deeper than \(Self.maxViewDepth) levels")
        }
        let fields = try object(value, allowed: ViewFileKeys.all)
        // Gathered first and stored once: the node keeps its rarely set fields in one box.
        var className = "View"
        var label: String?
        var frame = Rect(x: 0, y: 0, width: 0, height: 0)
        var autoresizingMask: AutoresizingMask = []
        var tag = 0
        var isHidden = false
        var backgroundColor: Color?
        var tapAction: TapAction?
        var subviews: [ViewNode] = []
        if let value = fields[ViewFileKeys.className] {
            enter(ViewFileKeys.className)
            className = try nonEmptyString(value)
            leave()
        }
        if let value = fields[ViewFileKeys.label] {
            enter(ViewFileKeys.label)
            label = try string(value)
            leave()
        }
        if let value = fields[ViewFileKeys.frame] {
            enter(ViewFileKeys.frame)
            frame = try self.frame(value)
            leave()
        }
        if let value = fields[ViewFileKeys.autoresizing] {
            enter(ViewFileKeys.autoresizing)
            autoresizingMask = try autoresizing(value)
            leave()
        }
        if let value = fields[ViewFileKeys.tag] {
            enter(ViewFileKeys.tag)
            tag = try integer(value)
            leave()
        }
        if let value = fields[ViewFileKeys.hidden] {
            enter(ViewFileKeys.hidden)
            isHidden = try bool(value)
            leave()
        }
        if let value = fields[ViewFileKeys.backgroundColor] {
            enter(ViewFileKeys.backgroundColor)
            backgroundColor = try color(value)
            leave()
        }
        if let value = fields[ViewFileKeys.action] {
            enter(ViewFileKeys.action)
            tapAction = try action(value)
            leave()
        }
        if let value = fields[ViewFileKeys.subviews] {
            enter(ViewFileKeys.subviews)
            let items = try array(value)
            subviews.reserveCapacity(items.count)
            for (index, item) in items.elements.enumerated() {
                enter(index: index)
                subviews.append(try viewNode(item, depth: depth &+ 1))
                leave()
            }
            leave()
        }
        return ViewNode(
            className: className, label: label, frame: frame, autoresizingMask: autoresizingMask, tag: tag,
            isHidden: isHidden, backgroundColor: backgroundColor, tapAction: tapAction, subviews: subviews
        )
    }

    func frame(_ value: JSONValue) throws(StoryboardError) -> Rect {
        let items = try array(value)
        let count = items.count
        if count != 4 {
            throw error("expected 4 numbers [x, y, width, height], found \(count) element\(count == 1 ? "" : "s")")
        }
        var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
        for (index, item) in items.elements.enumerated() {
            enter(index: index)
            let number = try self.number(item)
            leave()
            switch index {
            case 0: numbers.0 = number
            case 1: numbers.1 = number
            case 2: numbers.2 = number
            default: numbers.3 = number
            }
        }
        if numbers.2 < 0 { throw error(atIndex: 2, "width must not be negative, found \(numbers.2)") }
        if numbers.3 < 0 { throw error(atIndex: 3, "height must not be negative, found \(numbers.3)") }
        return Rect(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3)
    }

    func autoresizing(_ value: JSONValue) throws(StoryboardError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        for (index, item) in try array(value).elements.enumerated() {
            enter(index: index)
            guard item.kind == .string else { throw mismatch(expected: "a string", found: item) }
            guard let flag = storyboardAutoresizingNames.first(where: { item.isString($0.0) })?.1 else {
                throw error(
                    "unknown autoresizing name \(storyboardQuoted(item.string ?? "")); valid names: \(storyboardAutoresizingNames.map(\.0).joined(separator: ", "))"
                )
            }
            mask.insert(flag)
            leave()
        }
        return mask
    }

    func color(_ value: JSONValue) throws(StoryboardError) -> Color {
        let text = try string(value)
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
            throw error("invalid color \(storyboardQuoted(text)); expected \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal")
        }
        var components: [Double] = stride(from: 0, to: nibbles.count, by: 2).map {
            Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255
        }
        if components.count == 3 { components.append(1) }
        return Color(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    func action(_ value: JSONValue) throws(StoryboardError) -> TapAction {
        let text = try string(value)
        if text == "dismiss" { return .dismiss }
        if text == "back" { return .back }
        let prefix = "segue:"
        if text.hasPrefix(prefix), text.count > prefix.count {
            return .segue(String(text.dropFirst(prefix.count)))
        }
        throw error("unknown action \(storyboardQuoted(text)); expected \"dismiss\", \"back\" or \"segue:<identifier>\"")
    }

    // MARK: Documents

    /// The storyboard at the top of `bytes`.
    func storyboard(_ bytes: [UInt8], name: String) throws(StoryboardError) -> StoryboardDefinition {
        let top = try topLevelObject(bytes, allowed: StoryboardFileKeys.all)

        let initialScene = try top.requiredString(StoryboardFileKeys.initialScene)
        let sceneValues = try top.requiredArray(StoryboardFileKeys.scenes)
        if sceneValues.count == 0 {
            throw error(in: StoryboardFileKeys.scenes, "must list at least one scene")
        }

        var scenes: [SceneDefinition] = []
        scenes.reserveCapacity(sceneValues.count)
        var firstIndexOfID: [String: Int] = [:]
        let scenesKey = StoryboardFileKeys.scenes
        for (index, value) in sceneValues.elements.enumerated() {
            let scene = try at(scenesKey) { () throws(StoryboardError) in
                try at(index: index) { () throws(StoryboardError) in try self.scene(value) }
            }
            if let earlier = firstIndexOfID[scene.id] {
                throw StoryboardError(
                    file: file, field: "\(scenesKey)[\(index)].\(SceneFileKeys.id)",
                    problem: "duplicate scene id \(storyboardQuoted(scene.id)); \(scenesKey)[\(earlier)].\(SceneFileKeys.id) has it too"
                )
            }
            firstIndexOfID[scene.id] = index
            scenes.append(scene)
        }

        if firstIndexOfID[initialScene] == nil {
            throw error(
                in: StoryboardFileKeys.initialScene,
                "no scene has the id \(storyboardQuoted(initialScene)); scene ids: \(scenes.map(\.id).joined(separator: ", "))"
            )
        }
        for (sceneIndex, scene) in scenes.enumerated() {
            for (segueIndex, segue) in scene.segues.enumerated() where firstIndexOfID[segue.destination] == nil {
                throw StoryboardError(
                    file: file,
                    field: "\(scenesKey)[\(sceneIndex)].\(SceneFileKeys.segues)[\(segueIndex)].\(SegueFileKeys.destination)",
                    problem: "no scene has the id \(storyboardQuoted(segue.destination)); scene ids: \(scenes.map(\.id).joined(separator: ", "))"
                )
            }
        }
        try checkContainmentCycles(scenes, indexOfID: firstIndexOfID)
        var uikitVersion: UIKitVersion?
        if let value = top[StoryboardFileKeys.uikitVersion] {
            uikitVersion = try at(StoryboardFileKeys.uikitVersion) { () throws(StoryboardError) in try version(value) }
        }
        return StoryboardDefinition(name: name, initialScene: initialScene, scenes: scenes, uikitVersion: uikitVersion)
    }

    /// The `"uikitVersion"` at the current field: a major version as a number (`13`, `12.4`)
    /// or a string (`"13"`, `"12.4"`, `"iOS 13"`).
    func version(_ value: JSONValue) throws(StoryboardError) -> UIKitVersion {
        let supported = "a major iOS version from \(UIKitVersion.supported.lowerBound) to \(UIKitVersion.supported.upperBound)"
        switch value.kind {
        case .string:
            let text = value.string ?? ""
            guard let version = UIKitVersion(text) else {
                throw error("unknown UIKit version \(storyboardQuoted(text)); expected \(supported), such as 13, \"12.4\" or \"iOS 17\"")
            }
            return version
        case .number:
            let number = try self.number(value)
            guard number >= 0, number < 1000, let version = UIKitVersion(major: Int(number)) else {
                throw error("unknown UIKit version \(number); expected \(supported)")
            }
            return version
        default:
            throw mismatch(expected: "a version (a number or a string)", found: value)
        }
    }

    /// How many controllers embed and relationship segues may nest, counting the outermost
    /// (a navigation controller whose root is a navigation controller whose root is a plain
    /// controller nests 3). Creating a controller, loading its view and forwarding its
    /// appearance follow the nesting recursively, so a deeper chain is refused by name
    /// rather than left to overflow the stack.
    static let maxContainmentDepth = 64

    /// Embed and relationship segues are followed when a controller is created or loads its
    /// view, so a cycle of them (A embeds B, B embeds A) would never end, and a chain of
    /// them deeper than ``maxContainmentDepth`` controllers is refused, naming the segue
    /// that closes the cycle or the chain. The walk is iterative.
    func checkContainmentCycles(_ scenes: [SceneDefinition], indexOfID: [String: Int]) throws(StoryboardError) {
        // 0: not visited, 1: on the current path, 2: done.
        var state = [UInt8](repeating: 0, count: scenes.count)
        // The most controllers a chain from each finished scene nests, and the next scene
        // of that chain (-1: none).
        var depth = [Int](repeating: 1, count: scenes.count)
        var deepest = [Int](repeating: -1, count: scenes.count)
        // The path being walked: a scene and the index of its next segue to follow.
        var path: [(scene: Int, segue: Int)] = []
        func finished(_ child: Int, under parent: Int) {
            if depth[child] + 1 > depth[parent] {
                depth[parent] = depth[child] + 1
                deepest[parent] = child
            }
        }
        for start in scenes.indices where state[start] == 0 {
            state[start] = 1
            path.append((start, 0))
            while let (index, segueIndex) = path.last {
                let segues = scenes[index].segues
                guard segueIndex < segues.count else {
                    path.removeLast()
                    state[index] = 2
                    if let parent = path.last { finished(index, under: parent.scene) }
                    continue
                }
                path[path.count - 1].segue += 1
                let segue = segues[segueIndex]
                guard !segue.kind.isPerformable, let next = indexOfID[segue.destination] else { continue }
                switch state[next] {
                case 0:
                    state[next] = 1
                    path.append((next, 0))
                case 1:
                    let first = path.firstIndex { $0.scene == next } ?? 0
                    let cycle = (path[first...].map { scenes[$0.scene].id } + [scenes[next].id]).joined(separator: " → ")
                    throw error(scenes, at: index, segue: segueIndex, "embed and relationship segues make a cycle: \(cycle)")
                default:
                    finished(next, under: index)
                }
            }
        }
        if let outermost = depth.indices.max(by: { depth[$0] < depth[$1] }), depth[outermost] > Self.maxContainmentDepth {
            throw depthError(scenes, from: outermost, depth: depth[outermost], next: deepest)
        }
    }

    /// The error for a chain of `depth` nested controllers from scene `index`.
    private func depthError(_ scenes: [SceneDefinition], from index: Int, depth: Int, next: [Int]) -> StoryboardError {
        var chain: [String] = []
        var current = index
        while current >= 0 {
            chain.append(scenes[current].id)
            current = next[current]
        }
        let shown = chain.count <= 6 ? chain.joined(separator: " → ")
            : (chain.prefix(3) + ["…"] + chain.suffix(2)).joined(separator: " → ")
        let segueIndex = scenes[index].segues.firstIndex { !$0.kind.isPerformable && $0.destination == scenes[next[index]].id } ?? 0
        return error(scenes, at: index, segue: segueIndex,
                     "embed and relationship segues nest \(depth) controllers (\(shown)); at most \(Self.maxContainmentDepth) may nest")
    }

    /// An error about segue `segue` of scene `index`: at the scene's line in an Xcode file,
    /// else at the segue's field.
    private func error(_ scenes: [SceneDefinition], at index: Int, segue: Int, _ problem: String) -> StoryboardError {
        if let line = scenes[index].interfaceBuilder?.line {
            return StoryboardError(file: file, line: line, column: 1, field: "scene \(scenes[index].id)", problem: problem)
        }
        return StoryboardError(
            file: file,
            field: "\(StoryboardFileKeys.scenes)[\(index)].\(SceneFileKeys.segues)[\(segue)].\(SegueFileKeys.destination)",
            problem: problem
        )
    }

    /// The nib at the top of `bytes`.
    func nib(_ bytes: [UInt8], name: String) throws(StoryboardError) -> NibDefinition {
        let top = try topLevelObject(bytes, allowed: NibFileKeys.all)
        let view = try top.requiredValue(NibFileKeys.view)
        let root = try at(NibFileKeys.view) { () throws(StoryboardError) in try viewNode(view, depth: 1) }
        return NibDefinition(name: name, root: root)
    }

    // MARK: Scenes

    func scene(_ value: JSONValue) throws(StoryboardError) -> SceneDefinition {
        let fields = try object(value, allowed: SceneFileKeys.all)
        var scene = SceneDefinition(id: try fields.requiredNonEmptyString(SceneFileKeys.id))
        if let value = fields[SceneFileKeys.className] {
            scene.className = try at(SceneFileKeys.className) { () throws(StoryboardError) in try nonEmptyString(value) }
        }
        if let value = fields[SceneFileKeys.label] {
            scene.label = try at(SceneFileKeys.label) { () throws(StoryboardError) in try string(value) }
        }
        if let value = fields[SceneFileKeys.view] {
            scene.view = try at(SceneFileKeys.view) { () throws(StoryboardError) in try viewNode(value, depth: 1) }
        }
        if let value = fields[SceneFileKeys.segues] {
            scene.segues = try at(SceneFileKeys.segues) { () throws(StoryboardError) in
                let items = try array(value)
                var segues: [SegueDefinition] = []
                var firstIndexOfIdentifier: [String: Int] = [:]
                for (index, item) in items.elements.enumerated() {
                    try at(index: index) { () throws(StoryboardError) in
                        let segue = try self.segue(item)
                        if !segue.identifier.isEmpty, let earlier = firstIndexOfIdentifier[segue.identifier] {
                            let earlierPath = String(path.dropLast("[\(index)]".count)) + "[\(earlier)].\(SegueFileKeys.identifier)"
                            throw error(
                                in: SegueFileKeys.identifier,
                                "duplicate segue identifier \(storyboardQuoted(segue.identifier)) in this scene; \(earlierPath) has it too"
                            )
                        }
                        if !segue.identifier.isEmpty { firstIndexOfIdentifier[segue.identifier] = index }
                        segues.append(segue)
                    }
                }
                return segues
            }
        }
        if let value = fields[SceneFileKeys.presentationStyle] {
            scene.presentationStyle = try at(SceneFileKeys.presentationStyle) { () throws(StoryboardError) in
                let style = try string(value)
                guard SceneDefinition.presentationStyles.contains(style) else {
                    throw error(
                        "unknown presentation style \(storyboardQuoted(style)); expected one of: \(SceneDefinition.presentationStyles.joined(separator: ", "))"
                    )
                }
                return style
            }
        }
        if let view = scene.view {
            // A set, not the scene's linear look-up: a file may have many segues and actions.
            let identifiers = Set(scene.segues.filter(\.kind.isPerformable).map(\.identifier))
            try at(SceneFileKeys.view) { () throws(StoryboardError) in
                try checkSegueActions(view, scene: scene, identifiers: identifiers)
            }
        }
        try checkContainment(scene)
        return scene
    }

    /// Checks the scene's embed segues against its view tree and its relationship segues
    /// against its class (L24).
    func checkContainment(_ scene: SceneDefinition) throws(StoryboardError) {
        var labels: Set<String>?
        var relationships = 0
        for (index, segue) in scene.segues.enumerated() {
            switch segue.kind {
            case .embed:
                guard let container = segue.container else { continue }
                if labels == nil {
                    var found = Set<String>()
                    func collect(_ node: ViewNode) {
                        if let label = node.label { found.insert(label) }
                        for child in node.subviews { collect(child) }
                    }
                    if let view = scene.view { collect(view) }
                    labels = found
                }
                if labels?.contains(container) != true {
                    let problem = scene.view == nil
                        ? "scene \(storyboardQuoted(scene.id)) has no view, so it has no container view \(storyboardQuoted(container)); give the scene a \"view\" with a subview labelled \(storyboardQuoted(container))"
                        : "scene \(storyboardQuoted(scene.id)) has no view labelled \(storyboardQuoted(container)) to embed into"
                    throw StoryboardError(
                        file: file, field: path + ".\(SceneFileKeys.segues)[\(index)].\(SegueFileKeys.container)", problem: problem)
                }
            case .relationship:
                relationships += 1
                if scene.className == "ViewController" {
                    throw StoryboardError(
                        file: file, field: path + ".\(SceneFileKeys.segues)[\(index)].\(SegueFileKeys.kind)",
                        problem: "a relationship segue sets a navigation controller's root or a tab bar controller's tabs, and scene \(storyboardQuoted(scene.id)) is a plain ViewController; give the scene \"class\": \"NavigationController\" or \"TabBarController\"")
                }
                if scene.className == "NavigationController", relationships > 1 {
                    throw StoryboardError(
                        file: file, field: path + ".\(SceneFileKeys.segues)[\(index)].\(SegueFileKeys.kind)",
                        problem: "a navigation controller has one root; scene \(storyboardQuoted(scene.id)) has a second relationship segue")
                }
            case .show, .present, .unwind:
                continue
            }
        }
    }

    /// Checks that every `segue:` action in a scene's view tree (at the current field) names
    /// one of the scene's segues. Recursive, over a tree no deeper than ``maxViewDepth``.
    func checkSegueActions(_ node: ViewNode, scene: SceneDefinition, identifiers: Set<String>) throws(StoryboardError) {
        if case .segue(let identifier) = node.tapAction, !identifiers.contains(identifier) {
            if let segue = scene.segues.first(where: { $0.identifier == identifier && !$0.kind.isPerformable }) {
                throw error(in: ViewFileKeys.action,
                            "segue \(storyboardQuoted(identifier)) is a\(segue.kind == .embed ? "n" : "") \(segue.kind.rawValue) segue, which runs by itself; a tap performs show, present and unwind segues")
            }
            let performable = scene.segues.filter(\.kind.isPerformable)
            let known = performable.isEmpty ? "it has none" : "its segues: \(performable.map(\.identifier).joined(separator: ", "))"
            throw error(in: ViewFileKeys.action, "scene \(storyboardQuoted(scene.id)) has no segue \(storyboardQuoted(identifier)); \(known)")
        }
        if node.subviews.isEmpty { return }
        enter(ViewFileKeys.subviews)
        for (index, subview) in node.subviews.enumerated() {
            enter(index: index)
            try checkSegueActions(subview, scene: scene, identifiers: identifiers)
            leave()
        }
        leave()
    }

    func segue(_ value: JSONValue) throws(StoryboardError) -> SegueDefinition {
        let fields = try object(value, allowed: SegueFileKeys.all)
        let kindName = try fields.requiredString(SegueFileKeys.kind)
        guard let kind = SegueKind(rawValue: kindName) else {
            throw error(
                in: SegueFileKeys.kind,
                "unknown segue kind \(storyboardQuoted(kindName)); expected one of: \(SegueKind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        // Embed and relationship segues run by themselves: their identifier is optional.
        var identifier = ""
        if kind.isPerformable || fields[SegueFileKeys.identifier] != nil {
            identifier = try fields.requiredNonEmptyString(SegueFileKeys.identifier)
        }
        let destination = try fields.requiredNonEmptyString(SegueFileKeys.destination)
        var animated = false
        if let value = fields[SegueFileKeys.animated] {
            animated = try at(SegueFileKeys.animated) { () throws(StoryboardError) in try bool(value) }
        }
        var style: ModalPresentationStyle?
        if let value = fields[SegueFileKeys.presentationStyle] {
            style = try at(SegueFileKeys.presentationStyle) { () throws(StoryboardError) in
                guard kind == .present || kind == .show else {
                    throw error("only present and show segues have a presentation style; this one is a\(kind == .embed || kind == .unwind ? "n" : "") \(kind.rawValue) segue")
                }
                let name = try string(value)
                guard let style = ModalPresentationStyle(rawValue: name) else {
                    throw error(
                        "unknown presentation style \(storyboardQuoted(name)); expected one of: \(SceneDefinition.presentationStyles.joined(separator: ", "))"
                    )
                }
                return style
            }
        }
        var container: String?
        if let value = fields[SegueFileKeys.container] {
            container = try at(SegueFileKeys.container) { () throws(StoryboardError) in
                guard kind == .embed else {
                    throw error("only embed segues have a container view; this one is a\(kind == .unwind ? "n" : "") \(kind.rawValue) segue")
                }
                return try nonEmptyString(value)
            }
        } else if kind == .embed {
            throw error(in: SegueFileKeys.container,
                        "an embed segue needs \"container\": the label of the view in this scene that holds the child's view")
        }
        return SegueDefinition(identifier: identifier, kind: kind, destination: destination, animated: animated,
                               presentationStyle: style, container: container)
    }
}

/// One JSON object at the reader's current field, its members sorted by key.
struct StoryboardFileObject {
    let reader: StoryboardFileReader
    /// The allowed keys.
    let keys: [String]
    /// The value of each of `keys`, nil where the object does not have it.
    let values: [JSONValue?]

    subscript(key: String) -> JSONValue? {
        guard let position = keys.firstIndex(of: key) else { return nil }
        return values[position]
    }

    func requiredValue(_ key: String) throws(StoryboardError) -> JSONValue {
        guard let value = self[key] else { throw reader.error(in: key, "missing required field \(storyboardQuoted(key))") }
        return value
    }

    func requiredString(_ key: String) throws(StoryboardError) -> String {
        let value = try requiredValue(key)
        return try reader.at(key) { () throws(StoryboardError) in try reader.string(value) }
    }

    func requiredNonEmptyString(_ key: String) throws(StoryboardError) -> String {
        let value = try requiredValue(key)
        return try reader.at(key) { () throws(StoryboardError) in try reader.nonEmptyString(value) }
    }

    func requiredArray(_ key: String) throws(StoryboardError) -> JSONValue {
        let value = try requiredValue(key)
        return try reader.at(key) { () throws(StoryboardError) in try reader.array(value) }
    }
}
