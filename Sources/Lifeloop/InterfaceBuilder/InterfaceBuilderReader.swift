import Foundation

/// Reads Xcode's Interface Builder files, `.storyboard` and `.xib` (iOS, document version
/// 3.0), into the same definitions as Lifeloop's JSON files.
///
/// What it reads: scenes, the initial controller, controllers (`viewController`,
/// `navigationController`, `tabBarController`, `tableViewController`,
/// `collectionViewController`, `pageViewController`) with their custom class, module
/// and storyboard identifier; views of the common classes (table and collection views
/// with their prototype cells, stack views with axis, distribution, alignment and
/// spacing) with frame, autoresizing mask,
/// colors, font, text, title, image, tag, hidden, alpha, content mode, clipping, user
/// interaction, accessibility identifier and runtime attributes; outlets, outlet
/// collections and actions; segues (show, showDetail, presentation, embed, relationship,
/// unwind, custom) including those a button or bar button item triggers; navigation items
/// and their bar button items; gesture recognizers with their actions, outlets and
/// delegates; placeholders (File's Owner, First Responder, Exit); and
/// resources (images, named and system colors). Constraints and layout guides are kept as
/// data. An element Lifeloop does not model is skipped with one ``InterfaceBuilderNote``
/// per kind per file; an attribute it does not model is kept, as written, in
/// ``InterfaceBuilderViewData/flags``.
///
/// Malformed XML is an error with the file, line and column. The tree is read without
/// recursion except for view trees, which are refused past ``maxViewDepth`` levels.
public final class InterfaceBuilderReader {
    /// How deep a view tree may be (the same bound as JSON files).
    public static let maxViewDepth = StoryboardFileReader.maxViewDepth

    let file: String
    private var tree = XMLTree(nodes: [])
    private var notes: [InterfaceBuilderNote] = []
    private var notedKinds: Set<String> = []
    private var resources = InterfaceBuilderResources()
    /// Segues found in a view's or bar button item's connections while reading a scene.
    private var pendingSegues: [SegueDefinition] = []
    private var connections: [ConnectionDefinition] = []
    /// The line and column of each segue, by object id, for errors found after reading.
    private var segueLocations: [String: (line: Int, column: Int)] = [:]

    /// A reader whose errors and notes name `file`.
    public init(file: String) {
        self.file = file
    }

    // MARK: Documents

    /// Reads a storyboard.
    /// - Throws: ``StoryboardError`` with the line and column of the problem.
    public func storyboard(_ bytes: [UInt8], name: String) throws(StoryboardError) -> StoryboardDefinition {
        let root = try document(bytes, expectStoryboard: true)
        readResources(root)
        var scenes: [SceneDefinition] = []
        var seen: [String: Int] = [:]
        for scenesIndex in tree.children(of: root, named: "scenes") {
            for sceneIndex in tree.nodes[scenesIndex].children {
                guard tree.nodes[sceneIndex].name == "scene" else {
                    note(sceneIndex, "element <\(tree.nodes[sceneIndex].name)> in <scenes> is skipped")
                    continue
                }
                guard let scene = try scene(sceneIndex) else { continue }
                if let line = seen[scene.id] {
                    throw error(sceneIndex, "duplicate controller id \"\(scene.id)\"; line \(line) has it too")
                }
                seen[scene.id] = tree.nodes[sceneIndex].line
                scenes.append(scene)
            }
        }
        let initial = tree.nodes[root]["initialViewController"] ?? ""
        if !initial.isEmpty, seen[initial] == nil {
            throw error(root, "initialViewController \"\(initial)\" names no controller of this storyboard")
        }
        let ids = Set(scenes.map(\.id))
        for scene in scenes {
            for segue in scene.segues where segue.kind != .unwind && !ids.contains(segue.destination) {
                let location = segue.objectID.flatMap { segueLocations[$0] }
                throw StoryboardError(file: file, line: location?.line ?? scene.interfaceBuilder?.line ?? 1,
                                      column: location?.column ?? 1,
                                      problem: "segue \(segue.objectID.map { "\"\($0)\"" } ?? "") of scene \"\(scene.id)\" goes to \"\(segue.destination)\", which is no controller of this storyboard")
            }
        }
        var indexOfID: [String: Int] = [:]
        for (index, scene) in scenes.enumerated() { indexOfID[scene.id] = index }
        try StoryboardFileReader(file: file).checkContainmentCycles(scenes, indexOfID: indexOfID)
        var definition = StoryboardDefinition(name: name, initialScene: initial, scenes: scenes)
        definition.notes = notes
        definition.directory = directoryOf(file)
        return definition
    }

    /// Reads a xib: its first top-level view is the nib's root.
    /// - Throws: ``StoryboardError`` with the line and column of the problem.
    public func nib(_ bytes: [UInt8], name: String) throws(StoryboardError) -> NibDefinition {
        let root = try document(bytes, expectStoryboard: false)
        readResources(root)
        var data = InterfaceBuilderNibData()
        var views: [ViewNode] = []
        guard let objects = tree.child(of: root, named: "objects") else {
            throw error(root, "the xib has no <objects>")
        }
        for index in tree.nodes[objects].children {
            let element = tree.nodes[index]
            switch element.name {
            case "placeholder":
                let placeholder = PlaceholderDefinition(
                    objectID: element["id"] ?? "", identifier: element["placeholderIdentifier"] ?? "",
                    customClass: element["customClass"], customModule: element["customModule"])
                if placeholder.identifier == "IBFilesOwner" { data.owner = placeholder }
                data.placeholders.append(placeholder)
                connections(of: index, source: placeholder.objectID)
            default:
                if Self.controllerElements.contains(element.name) || element.name.hasSuffix("Controller") {
                    note(index, "top-level <\(element.name)> in a xib is skipped: Lifeloop loads views from xibs")
                    continue
                }
                if element.name.hasSuffix("GestureRecognizer") {
                    data.gestureRecognizers.append(gestureRecognizer(index))
                    continue
                }
                if Self.nonViewObjects.contains(element.name) {
                    note(index, "top-level <\(element.name)> is skipped")
                    continue
                }
                views.append(try view(index, depth: 1))
            }
        }
        guard let first = views.first else {
            throw error(objects, "the xib has no top-level view")
        }
        data.otherRoots = Array(views.dropFirst())
        data.connections = connections
        data.notes = notes
        return NibDefinition(name: name, root: first, interfaceBuilder: data)
    }

    /// Parses the XML and checks it is an iOS Interface Builder document.
    private func document(_ bytes: [UInt8], expectStoryboard: Bool) throws(StoryboardError) -> Int {
        tree = try XMLTree.parse(bytes, file: file)
        let root = 0
        let element = tree.nodes[root]
        guard element.name == "document" else {
            throw error(root, "expected an Interface Builder <document>, found <\(element.name)>")
        }
        let type = element["type"] ?? ""
        if type.contains("Cocoa.") && !type.contains("CocoaTouch") {
            throw error(root, "this is a macOS (AppKit) document (\(type)); Lifeloop reads iOS (CocoaTouch) files")
        }
        let isStoryboard = type.contains("Storyboard")
        if !type.isEmpty && isStoryboard != expectStoryboard {
            throw error(root, expectStoryboard
                        ? "this is a xib (\(type)), not a storyboard; load it as a nib"
                        : "this is a storyboard (\(type)), not a xib; load it as a storyboard")
        }
        if let version = element["version"], version != "3.0" {
            note(root, "document version \(version) is read as version 3.0")
        }
        return root
    }

    private func readResources(_ root: Int) {
        guard let index = tree.child(of: root, named: "resources") else { return }
        for child in tree.nodes[index].children {
            let element = tree.nodes[child]
            switch element.name {
            case "image":
                if let name = element["name"] {
                    resources.images[name] = Size(width: number(element["width"]) ?? 0, height: number(element["height"]) ?? 0)
                }
            case "namedColor", "systemColor":
                if let name = element["name"], let colorIndex = tree.child(of: child, named: "color"),
                   let color = rawColor(tree.nodes[colorIndex]) {
                    if case .named = color {} else if case .system = color {} else { resources.colors[name] = color }
                }
            default:
                note(child, "resource <\(element.name)> is skipped")
            }
        }
    }

    // MARK: Scenes

    static let controllerElements: Set<String> = [
        "viewController", "navigationController", "tabBarController", "tableViewController",
        "collectionViewController", "pageViewController", "splitViewController", "hostingController",
        "avPlayerViewController", "glkViewController",
    ]

    /// Top-level objects of a xib that are not views.
    static let nonViewObjects: Set<String> = [
        "tapGestureRecognizer", "panGestureRecognizer", "swipeGestureRecognizer", "pinchGestureRecognizer",
        "longPressGestureRecognizer", "rotationGestureRecognizer", "screenEdgePanGestureRecognizer",
        "barButtonItem", "navigationItem", "tabBarItem", "customObject", "searchDisplayController",
    ]

    /// Lifeloop's class for a controller element.
    static func controllerClass(for element: String) -> String? {
        switch element {
        case "viewController": return "ViewController"
        case "navigationController": return "NavigationController"
        case "tabBarController": return "TabBarController"
        case "tableViewController": return "TableViewController"
        case "collectionViewController": return "CollectionViewController"
        case "pageViewController": return "PageViewController"
        default: return nil
        }
    }

    /// The UIKit class an element stands for (`tableView` → `UITableView`), for notes.
    static func uikitName(_ element: String) -> String {
        "UI" + element.prefix(1).uppercased() + element.dropFirst()
    }

    private func scene(_ index: Int) throws(StoryboardError) -> SceneDefinition? {
        guard let objects = tree.child(of: index, named: "objects") else {
            note(index, "a <scene> without <objects> is skipped")
            return nil
        }
        pendingSegues = []
        connections = []
        var controllerIndex: Int?
        var placeholders: [PlaceholderDefinition] = []
        var recognizers: [GestureRecognizerDefinition] = []
        for child in tree.nodes[objects].children {
            let element = tree.nodes[child]
            if Self.controllerElements.contains(element.name) || element.name.hasSuffix("Controller") {
                if controllerIndex == nil { controllerIndex = child } else {
                    note(child, "a second controller in one scene is skipped")
                }
            } else if element.name == "placeholder" {
                placeholders.append(PlaceholderDefinition(objectID: element["id"] ?? "",
                                                           identifier: element["placeholderIdentifier"] ?? ""))
            } else if element.name == "exit" {
                placeholders.append(PlaceholderDefinition(objectID: element["id"] ?? "", identifier: "exit"))
            } else if element.name.hasSuffix("GestureRecognizer") {
                recognizers.append(gestureRecognizer(child))
            } else {
                note(child, "scene-level <\(element.name)> is skipped")
            }
        }
        guard let controllerIndex else {
            note(index, "a <scene> with no controller is skipped")
            return nil
        }
        let element = tree.nodes[controllerIndex]
        guard let id = element["id"], !id.isEmpty else {
            throw error(controllerIndex, "<\(element.name)> has no id")
        }
        var data = InterfaceBuilderSceneData(element: element.name, line: element.line)
        data.customClass = element["customClass"]
        data.customModule = element["customModule"]
        data.customModuleProvider = element["customModuleProvider"]
        data.storyboardIdentifier = element["storyboardIdentifier"]
        data.title = element["title"]
        data.modalTransitionStyle = element["modalTransitionStyle"]
        data.placeholders = placeholders
        data.gestureRecognizers = recognizers
        let baseClass: String
        if let known = Self.controllerClass(for: element.name) {
            baseClass = known
        } else {
            baseClass = "ViewController"
            note(controllerIndex, "<\(element.name)> is made as a plain ViewController: Lifeloop has no \(Self.uikitName(element.name))")
        }
        var scene = SceneDefinition(id: id, className: data.customClass ?? baseClass,
                                    label: data.storyboardIdentifier ?? data.customClass ?? id)
        data.baseClass = baseClass
        if let style = element["modalPresentationStyle"] {
            if let known = ModalPresentationStyle(rawValue: style) { scene.presentationStyle = known.rawValue } else {
                note(controllerIndex, "modalPresentationStyle \"\(style)\" is read as the default")
            }
        }
        var ownSegues: [SegueDefinition] = []
        var controllerGuides: [String: String] = [:]
        for child in tree.nodes[controllerIndex].children {
            let node = tree.nodes[child]
            switch node.name {
            case "connections":
                ownSegues += connections(of: child, source: id, in: controllerIndex)
            case "layoutGuides":
                // Before iOS 11: the controller's top and bottom layout guides, which
                // constraints name by id (`topLayoutGuide`'s bottom, `bottomLayoutGuide`'s top).
                for guide in tree.children(of: child, named: "viewControllerLayoutGuide") {
                    guard let type = tree.nodes[guide]["type"], let guideID = tree.nodes[guide]["id"],
                          type == "top" || type == "bottom" else { continue }
                    controllerGuides[type == "top" ? "topLayoutGuide" : "bottomLayoutGuide"] = guideID
                }
            case "navigationItem":
                data.navigationItem = navigationItem(child)
            case "tabBarItem":
                data.tabBarItemTitle = node["title"]
            case "navigationBar", "tabBar", "toolbar", "simulatedMetricsContainer", "simulatedNavigationBarMetrics",
                 "simulatedTabBarMetrics", "simulatedStatusBarMetrics", "simulatedOrientationMetrics",
                 "simulatedScreenMetrics", "freeformSimulatedSizeMetrics", "size", "value", "extendedEdge",
                 "point", "rect", "nil":
                continue
            default:
                if node["key"] == "view" {
                    scene.view = try view(child, depth: 1)
                } else {
                    note(child, "<\(node.name)> of a controller is skipped")
                }
            }
        }
        if !controllerGuides.isEmpty, var root = scene.view, var rootData = root.interfaceBuilder {
            for (key, guideID) in controllerGuides { rootData.layoutGuides[key] = guideID }
            root.interfaceBuilder = rootData
            scene.view = root
        }
        scene.segues = ownSegues + pendingSegues
        data.connections = connections
        scene.interfaceBuilder = data
        return scene
    }

    private func navigationItem(_ index: Int) -> NavigationItemDefinition {
        let element = tree.nodes[index]
        var item = NavigationItemDefinition(objectID: element["id"] ?? "")
        item.title = element["title"]
        for child in element.children {
            let node = tree.nodes[child]
            switch (node.name, node["key"]) {
            case ("barButtonItem", let key?):
                let bar = barButtonItem(child)
                if key.hasPrefix("left") { item.leftItems.append(bar) } else if key.hasPrefix("right") {
                    item.rightItems.append(bar)
                } else {
                    note(child, "bar button item \(key) is skipped")
                }
            case ("barButtonItems", let key?), ("array", let key?):
                for itemIndex in tree.children(of: child, named: "barButtonItem") {
                    let bar = barButtonItem(itemIndex)
                    if key.hasPrefix("left") { item.leftItems.append(bar) } else { item.rightItems.append(bar) }
                }
            default:
                note(child, "<\(node.name)> of a navigation item is skipped")
            }
        }
        return item
    }

    private func barButtonItem(_ index: Int) -> BarButtonItemDefinition {
        let element = tree.nodes[index]
        var item = BarButtonItemDefinition(objectID: element["id"] ?? "line\(element.line)", line: element.line)
        item.title = element["title"]
        item.image = element["image"]
        item.systemItem = element["systemItem"]
        item.style = element["style"]
        if let connectionsIndex = tree.child(of: index, named: "connections") {
            let segues = connections(of: connectionsIndex, source: item.objectID, in: index)
            if let segue = segues.first { item.segue = segue.identifier.isEmpty ? segue.objectID : segue.identifier }
            pendingSegues += segues
        }
        return item
    }

    /// A gesture recognizer element: its attributes, and its connections (actions,
    /// outlets, delegate) added to the current list.
    private func gestureRecognizer(_ index: Int) -> GestureRecognizerDefinition {
        let element = tree.nodes[index]
        var definition = GestureRecognizerDefinition(objectID: element["id"] ?? "line\(element.line)", element: element.name,
                                                     line: element.line)
        for (key, value) in element.attributes where key != "id" && key != "key" { definition.attributes[key] = value }
        if Self.gestureRecognizerClasses[element.name] == nil {
            note(index, "<\(element.name)> is made as a plain GestureRecognizer: Lifeloop has no \(Self.uikitName(element.name))")
        }
        connections(of: index, source: definition.objectID)
        return definition
    }

    /// Lifeloop's class for each gesture recognizer element.
    static let gestureRecognizerClasses: [String: String] = [
        "tapGestureRecognizer": "TapGestureRecognizer", "panGestureRecognizer": "PanGestureRecognizer",
        "swipeGestureRecognizer": "SwipeGestureRecognizer", "pinchGestureRecognizer": "PinchGestureRecognizer",
        "longPressGestureRecognizer": "LongPressGestureRecognizer", "rotationGestureRecognizer": "RotationGestureRecognizer",
        "screenEdgePanGestureRecognizer": "ScreenEdgePanGestureRecognizer",
    ]

    // MARK: Connections

    /// Reads a `<connections>` element of the object `source`: outlets and actions go to
    /// the current list; the segues are returned.
    @discardableResult
    private func connections(of index: Int, source: String, in owner: Int? = nil) -> [SegueDefinition] {
        var segues: [SegueDefinition] = []
        let list = tree.nodes[index].name == "connections" ? index : tree.child(of: index, named: "connections")
        guard let list else { return [] }
        for child in tree.nodes[list].children {
            let element = tree.nodes[child]
            switch element.name {
            case "outlet", "outletCollection":
                guard let property = element["property"], let destination = element["destination"] else {
                    note(child, "an <\(element.name)> without property or destination is skipped")
                    continue
                }
                connections.append(ConnectionDefinition(kind: element.name == "outlet" ? .outlet : .outletCollection,
                                                        source: source, name: property, destination: destination,
                                                        line: element.line))
            case "action":
                guard let selector = element["selector"], let destination = element["destination"] else {
                    note(child, "an <action> without selector or destination is skipped")
                    continue
                }
                connections.append(ConnectionDefinition(kind: .action, source: source, name: selector,
                                                        destination: destination, eventType: element["eventType"],
                                                        line: element.line))
            case "segue":
                if let segue = segue(child, sourceObject: source, isController: owner.map { Self.isController(tree.nodes[$0].name) } ?? false) {
                    segues.append(segue)
                }
            default:
                note(child, "connection <\(element.name)> is skipped")
            }
        }
        return segues
    }

    private static func isController(_ element: String) -> Bool {
        controllerElements.contains(element) || element.hasSuffix("Controller")
    }

    private func segue(_ index: Int, sourceObject: String, isController: Bool) -> SegueDefinition? {
        let element = tree.nodes[index]
        let objectID = element["id"] ?? "line\(element.line)"
        segueLocations[objectID] = (element.line, element.column)
        let identifier = element["identifier"] ?? ""
        let destination = element["destination"] ?? ""
        let xcodeKind = element["kind"] ?? ""
        let animated = element["animates"] != "NO"
        var style = element["modalPresentationStyle"].flatMap(ModalPresentationStyle.init(rawValue:))
        var segue: SegueDefinition
        switch xcodeKind {
        case "show", "push":
            segue = SegueDefinition(identifier: identifier, kind: .show, destination: destination, animated: animated)
        case "showDetail", "replace":
            segue = SegueDefinition(identifier: identifier, kind: .show, destination: destination, animated: animated)
        case "presentation", "modal":
            segue = SegueDefinition(identifier: identifier, kind: .present, destination: destination, animated: animated)
        case "popoverPresentation":
            style = .popover
            segue = SegueDefinition(identifier: identifier, kind: .present, destination: destination, animated: animated)
        case "custom":
            note(index, "a custom segue (\(element["customClass"] ?? "no class")) is performed as a show segue")
            segue = SegueDefinition(identifier: identifier, kind: .show, destination: destination, animated: animated)
        case "embed":
            guard !isController else {
                note(index, "an embed segue outside a container view is skipped")
                return nil
            }
            segue = SegueDefinition(identifier: identifier, kind: .embed, destination: destination, container: sourceObject)
        case "relationship":
            let relationship = element["relationship"] ?? ""
            guard relationship == "rootViewController" || relationship == "viewControllers" else {
                note(index, "relationship \"\(relationship)\" is skipped")
                return nil
            }
            segue = SegueDefinition(identifier: identifier, kind: .relationship, destination: destination)
        case "unwind":
            segue = SegueDefinition(identifier: identifier, kind: .unwind, destination: "", animated: animated,
                                    unwindAction: element["unwindAction"])
        default:
            note(index, "segue kind \"\(xcodeKind)\" is skipped")
            return nil
        }
        segue.objectID = objectID
        if segue.kind == .present || segue.kind == .show { segue.presentationStyle = style }
        if xcodeKind != segue.kind.rawValue { segue.xcodeKind = xcodeKind }
        return segue
    }

    // MARK: Views

    /// The flag a static table's cell carries: the index of its section.
    static let staticSectionFlag = "lifeloop.staticSection"

    /// Lifeloop's class for a view element, and whether it is a simplification worth a note.
    static func viewClass(for element: String) -> (String, simplified: Bool) {
        switch element {
        case "view", "containerView": return ("View", false)
        case "label": return ("Label", false)
        case "button": return ("Button", false)
        case "imageView": return ("ImageView", false)
        case "textField": return ("TextField", false)
        case "switch": return ("Switch", false)
        case "scrollView": return ("ScrollView", false)
        case "textView": return ("TextView", false)
        case "tableView": return ("TableView", false)
        case "collectionView": return ("CollectionView", false)
        case "tableViewCell": return ("TableViewCell", false)
        case "collectionViewCell": return ("CollectionViewCell", false)
        case "stackView": return ("StackView", false)
        case "tableViewCellContentView", "collectionViewCellContentView", "collectionReusableView": return ("View", false)
        case "slider": return ("Slider", false)
        case "segmentedControl": return ("SegmentedControl", false)
        case "stepper": return ("Stepper", false)
        case "pageControl": return ("PageControl", false)
        case "datePicker": return ("DatePicker", false)
        case "colorWell": return ("ColorWell", false)
        case "activityIndicatorView": return ("ActivityIndicatorView", false)
        case "progressView": return ("ProgressView", false)
        case "pickerView": return ("PickerView", false)
        default: return ("View", true)
        }
    }

    /// The Lifeloop class a simplified element becomes, in words.
    private static func article(_ name: String) -> String { name == "ImageView" ? "an" : "a" }

    private func view(_ index: Int, depth: Int) throws(StoryboardError) -> ViewNode {
        if depth > Self.maxViewDepth {
            throw error(index, "the view tree is nested deeper than \(Self.maxViewDepth) levels")
        }
        let element = tree.nodes[index]
        let (className, simplified) = Self.viewClass(for: element.name)
        if simplified {
            note(index, "<\(element.name)> is made as \(Self.article(className)) \(className): Lifeloop has no \(Self.uikitName(element.name))")
        }
        let objectID = element["id"] ?? "line\(element.line)"
        var data = InterfaceBuilderViewData(objectID: objectID, element: element.name, line: element.line)
        data.key = element["key"]
        var node = ViewNode(className: className)
        for (key, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "id", "key", "sceneMemberID", "opaque", "fixedFrame", "misplaced", "ambiguous", "placeholderIntrinsicWidth",
                 "placeholderIntrinsicHeight":
                continue
            case "customClass": data.customClass = value
            case "customModule": data.customModule = value
            case "customModuleProvider": data.customModuleProvider = value
            case "text": data.text = value
            case "placeholder": data.placeholder = value
            case "image": data.image = value
            case "userLabel": data.userLabel = value
            case "alpha":
                guard let alpha = number(value) else { throw error(index, "alpha \"\(value)\" is not a number") }
                data.alpha = alpha
            case "contentMode": data.contentMode = value
            case "clipsSubviews": data.clipsSubviews = value == "YES"
            case "userInteractionEnabled": data.userInteractionEnabled = value == "YES"
            case "hidden": node.isHidden = value == "YES"
            case "tag":
                guard let tag = Int(value) else { throw error(index, "tag \"\(value)\" is not an integer") }
                node.tag = tag
            case "translatesAutoresizingMaskIntoConstraints": data.translatesAutoresizingMaskIntoConstraints = value != "NO"
            default: data.flags[key] = value
            }
        }
        for child in element.children {
            let sub = tree.nodes[child]
            if sub["key"] == "contentView", element.name == "tableViewCell" || element.name == "collectionViewCell" {
                // The cell's own content view: made as the cell's, and first among its subviews.
                node.subviews.insert(try view(child, depth: depth &+ 1), at: 0)
                continue
            }
            switch sub.name {
            case "prototypes", "cells":
                for cellIndex in sub.children {
                    let cell = tree.nodes[cellIndex]
                    guard cell.name == "tableViewCell" || cell.name == "collectionViewCell" else {
                        note(cellIndex, "<\(cell.name)> in <\(sub.name)> is skipped")
                        continue
                    }
                    data.prototypes.append(try view(cellIndex, depth: depth &+ 1))
                }
            case "sections":
                // A static table's sections: their cells are made with the scene.
                for sectionIndex in sub.children {
                    let section = tree.nodes[sectionIndex]
                    guard section.name == "tableViewSection" else {
                        note(sectionIndex, "<\(section.name)> in <sections> is skipped")
                        continue
                    }
                    var made = StaticTableSection(headerTitle: section["headerTitle"], footerTitle: section["footerTitle"])
                    for cellIndex in tree.children(of: sectionIndex, named: "cells").flatMap({ tree.nodes[$0].children }) {
                        guard tree.nodes[cellIndex].name == "tableViewCell" else {
                            note(cellIndex, "<\(tree.nodes[cellIndex].name)> in a static section's <cells> is skipped")
                            continue
                        }
                        var cell = try view(cellIndex, depth: depth &+ 1)
                        cell.interfaceBuilder?.flags[Self.staticSectionFlag] = String(data.staticSections.count)
                        made.cells.append(cell)
                    }
                    data.staticSections.append(made)
                }
            case "collectionViewFlowLayout":
                for (key, value) in sub.attributes where key != "id" && key != "key" { data.flags["layout.\(key)"] = value }
                for sizeIndex in tree.children(of: child, named: "size") {
                    let size = tree.nodes[sizeIndex]
                    guard let key = size["key"] else { continue }
                    if let width = size["width"] { data.flags["layout.\(key).width"] = width }
                    if let height = size["height"] { data.flags["layout.\(key).height"] = height }
                }
            case "rect":
                guard sub["key"] == "frame" else { continue }
                node.frame = try rect(child)
            case "autoresizingMask":
                var mask: AutoresizingMask = []
                if sub["flexibleMinX"] == "YES" { mask.insert(.flexibleLeftMargin) }
                if sub["widthSizable"] == "YES" { mask.insert(.flexibleWidth) }
                if sub["flexibleMaxX"] == "YES" { mask.insert(.flexibleRightMargin) }
                if sub["flexibleMinY"] == "YES" { mask.insert(.flexibleTopMargin) }
                if sub["heightSizable"] == "YES" { mask.insert(.flexibleHeight) }
                if sub["flexibleMaxY"] == "YES" { mask.insert(.flexibleBottomMargin) }
                node.autoresizingMask = mask
            case "color":
                guard let key = sub["key"], let raw = rawColor(sub) else { continue }
                if key == "backgroundColor" {
                    data.backgroundColor = raw
                    node.backgroundColor = resolve(raw, at: child)
                } else {
                    data.colors[key] = resolve(raw, at: child)
                }
            case "fontDescription", "font":
                data.font = InterfaceBuilderFont(type: sub["type"], name: sub["name"], weight: sub["weight"],
                                                 pointSize: number(sub["pointSize"]) ?? 17)
            case "state":
                let state = sub["key"] ?? "normal"
                if state == "normal" {
                    if let title = sub["title"] { data.title = title }
                    if let image = sub["image"] { data.image = image }
                    if let colorIndex = tree.child(of: child, named: "color", key: "titleColor"), let raw = rawColor(tree.nodes[colorIndex]) {
                        data.colors["titleColor"] = resolve(raw, at: colorIndex)
                    }
                } else if let title = sub["title"] {
                    data.flags["title.\(state)"] = title
                }
            case "buttonConfiguration":
                if data.title == nil, let title = sub["title"] { data.title = title }
                if data.image == nil, let image = sub["image"] { data.image = image }
            case "string":
                if sub["key"] == "text" { data.text = sub.text }
            case "subviews":
                var subviews: [ViewNode] = []
                for viewIndex in sub.children {
                    subviews.append(try view(viewIndex, depth: depth &+ 1))
                }
                node.subviews = subviews
            case "constraints":
                for constraintIndex in sub.children {
                    guard let constraint = try constraint(constraintIndex) else { continue }
                    data.constraints.append(constraint)
                }
            case "viewLayoutGuide":
                if let key = sub["key"], let id = sub["id"] { data.layoutGuides[key] = id }
            case "accessibility":
                if let identifier = sub["identifier"] { data.accessibilityIdentifier = identifier }
            case "userDefinedRuntimeAttributes":
                for attributeIndex in sub.children {
                    if let attribute = runtimeAttribute(attributeIndex) { data.runtimeAttributes.append(attribute) }
                }
            case "connections":
                let segues = connections(of: child, source: objectID)
                for segue in segues {
                    if segue.kind.isPerformable, node.tapAction == nil {
                        node.tapAction = .segue(segue.identifier.isEmpty ? (segue.objectID ?? "") : segue.identifier)
                    }
                    pendingSegues.append(segue)
                }
            case "segments":
                // A segmented control's segments, in order: `segment.N.title` and friends.
                var count = 0
                for segmentIndex in tree.children(of: child, named: "segment") {
                    let segment = tree.nodes[segmentIndex]
                    if let title = segment["title"] { data.flags["segment.\(count).title"] = title }
                    if let image = segment["image"] { data.flags["segment.\(count).image"] = image }
                    if segment["enabled"] == "NO" { data.flags["segment.\(count).enabled"] = "NO" }
                    if let width = segment["width"] { data.flags["segment.\(count).width"] = width }
                    count &+= 1
                }
                data.flags["segments"] = String(count)
            case "date":
                // A date picker's `date`, `minimumDate` and `maximumDate`: `date.KEY`, in
                // seconds since 2001-01-01 00:00:00 UTC.
                if let key = sub["key"], let seconds = sub["timeIntervalSinceReferenceDate"] { data.flags["date.\(key)"] = seconds }
            case "locale":
                if let key = sub["key"], let identifier = sub["localeIdentifier"] { data.flags["locale.\(key)"] = identifier }
            case "nil", "inset", "edgeInsets", "directionalEdgeInsets", "size", "point", "textInputTraits", "offsetWrapper",
                 "preferredSymbolConfiguration", "imageReference", "backgroundConfiguration", "attributedString",
                 "paragraphStyle", "real", "integer", "bool":
                continue
            default:
                note(child, "<\(sub.name)> inside a view is skipped")
            }
        }
        node.label = data.userLabel ?? data.accessibilityIdentifier
        node.interfaceBuilder = data
        return node
    }

    private func rect(_ index: Int) throws(StoryboardError) -> Rect {
        let element = tree.nodes[index]
        var values: [Double] = []
        for key in ["x", "y", "width", "height"] {
            let text = element[key] ?? "0"
            guard let value = number(text) else { throw error(index, "\(key) \"\(text)\" is not a number") }
            values.append(value)
        }
        if values[2] < 0 { throw error(index, "width must not be negative, found \(values[2])") }
        if values[3] < 0 { throw error(index, "height must not be negative, found \(values[3])") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private func constraint(_ index: Int) throws(StoryboardError) -> ConstraintDefinition? {
        let element = tree.nodes[index]
        guard element.name == "constraint" else {
            note(index, "<\(element.name)> in <constraints> is skipped")
            return nil
        }
        guard let first = element["firstAttribute"] else {
            throw error(index, "a constraint needs firstAttribute")
        }
        var multiplier = 1.0
        if let text = element["multiplier"] {
            multiplier = try self.multiplier(text, at: index)
        }
        var constant = 0.0
        if let text = element["constant"] {
            guard let value = number(text) else { throw error(index, "constant \"\(text)\" is not a number") }
            constant = value
        }
        var priority = 1000.0
        if let text = element["priority"] {
            guard let value = number(text) else { throw error(index, "priority \"\(text)\" is not a number") }
            priority = value
        }
        return ConstraintDefinition(id: element["id"] ?? "line\(element.line)", firstItem: element["firstItem"],
                                    firstAttribute: first, relation: element["relation"] ?? "equal",
                                    secondItem: element["secondItem"], secondAttribute: element["secondAttribute"],
                                    multiplier: multiplier, constant: constant, priority: priority, line: element.line)
    }

    /// A constraint's multiplier: a number, or a fraction as Xcode writes aspect ratios
    /// and proportions, `a:b` or `a/b` (a divided by b).
    private func multiplier(_ text: String, at index: Int) throws(StoryboardError) -> Double {
        if let value = number(text) { return value }
        guard let separator = text.firstIndex(where: { $0 == ":" || $0 == "/" }) else {
            throw error(index, "multiplier \"\(text)\" is not a number or a fraction (a:b or a/b)")
        }
        let numerator = text[..<separator].trimmingCharacters(in: .whitespaces)
        let denominator = text[text.index(after: separator)...].trimmingCharacters(in: .whitespaces)
        guard let a = number(numerator), let b = number(denominator) else {
            throw error(index, "multiplier \"\(text)\" is not a number or a fraction (a:b or a/b)")
        }
        guard b != 0 else { throw error(index, "multiplier \"\(text)\" divides by zero") }
        let value = a / b
        guard value.isFinite else { throw error(index, "multiplier \"\(text)\" is too large") }
        return value
    }

    private func runtimeAttribute(_ index: Int) -> RuntimeAttributeDefinition? {
        let element = tree.nodes[index]
        guard element.name == "userDefinedRuntimeAttribute", let keyPath = element["keyPath"] else {
            note(index, "<\(element.name)> in <userDefinedRuntimeAttributes> is skipped")
            return nil
        }
        let type = element["type"] ?? "string"
        let valueChild = element.children.first { tree.nodes[$0]["key"] == "value" }
        let valueText = element["value"] ?? valueChild.flatMap { tree.nodes[$0]["value"] }
        let value: RuntimeAttributeDefinition.Value
        switch type {
        case "string", "localizedString":
            value = .string(valueText ?? "")
        case "number":
            guard let number = valueText.flatMap(number) else {
                note(index, "runtime attribute \(keyPath) has no number; it is skipped")
                return nil
            }
            value = .number(number)
        case "boolean":
            value = .boolean(valueText == "YES")
        case "color":
            guard let colorIndex = valueChild, let raw = rawColor(tree.nodes[colorIndex]) else { return nil }
            value = .color(raw)
        case "image":
            value = .image(valueText ?? "")
        case "nil":
            value = .nilValue
        default:
            value = .other(type: type, text: valueText ?? "")
        }
        return RuntimeAttributeDefinition(keyPath: keyPath, value: value, line: element.line)
    }

    // MARK: Values

    private func rawColor(_ element: XMLElementNode) -> InterfaceBuilderColor? {
        if let name = element["systemColor"] { return .system(name) }
        if let name = element["name"] { return .named(name) }
        let alpha = number(element["alpha"]) ?? 1
        if let white = number(element["white"]) { return .white(white, alpha: alpha) }
        if let red = number(element["red"]), let green = number(element["green"]), let blue = number(element["blue"]) {
            return .rgba(red: red, green: green, blue: blue, alpha: alpha)
        }
        if let cocoa = element["cocoaTouchSystemColor"] { return .system(cocoa) }
        return nil
    }

    /// A color's value: components as written; system and named colors from the file's
    /// resources, else Lifeloop's system colors by name, else gray with a note.
    private func resolve(_ color: InterfaceBuilderColor, at index: Int) -> Color {
        switch color {
        case .rgba(let red, let green, let blue, let alpha):
            return Color(red: clamp(red), green: clamp(green), blue: clamp(blue), alpha: clamp(alpha))
        case .white(let white, let alpha):
            return Color(white: clamp(white), alpha: clamp(alpha))
        case .system(let name), .named(let name):
            if let known = resources.colors[name] { return resolve(known, at: index) }
            if let system = Self.systemColors[name] { return system }
            note(index, "color \"\(name)\" is not in the file's resources; it is gray")
            return .systemGray
        }
    }

    private func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    static let systemColors: [String: Color] = [
        "systemBackgroundColor": .white, "labelColor": .black, "secondaryLabelColor": .secondaryLabel,
        "systemRedColor": .systemRed, "systemGreenColor": .systemGreen, "systemBlueColor": .systemBlue,
        "systemGrayColor": .systemGray, "whiteColor": .white, "blackColor": .black, "clearColor": .clear,
        "groupTableViewBackgroundColor": .systemGray, "tintColor": .systemBlue,
    ]

    /// A finite number from text, or nil.
    private func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    // MARK: Problems

    private func error(_ index: Int, _ problem: String) -> StoryboardError {
        let element = tree.nodes.indices.contains(index) ? tree.nodes[index] : nil
        return StoryboardError(file: file, line: element?.line ?? 1, column: element?.column ?? 1,
                               field: element.map { "<\($0.name)>" } ?? "", problem: problem)
    }

    /// Records `message` once per distinct message (its kind) per file.
    private func note(_ index: Int, _ message: String) {
        guard notedKinds.insert(message).inserted else { return }
        notes.append(InterfaceBuilderNote(file: file, line: tree.nodes[index].line, message: message))
    }

    private func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
