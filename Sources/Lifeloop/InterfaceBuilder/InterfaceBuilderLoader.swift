import Foundation

/// What `init?(coder:)` gets for a view made from an Xcode storyboard or xib: the view's
/// description. An `NSCoder`, so that UIKit's `required init?(coder: NSCoder)` is the
/// initializer nibs call.
public final class InterfaceBuilderCoder: NSCoder {
    /// The view's description in the file.
    public let node: ViewNode
    /// The file it comes from.
    public let file: String

    init(node: ViewNode, file: String) {
        self.node = node
        self.file = file
        super.init()
    }
}

/// Lifeloop's built-in view classes by the names the reader gives them.
let interfaceBuilderViewTypes: [String: View.Type] = [
    "View": View.self, "Label": Label.self, "Button": Button.self, "ImageView": ImageView.self,
    "TextField": TextField.self, "Switch": Switch.self, "ScrollView": ScrollView.self, "Control": Control.self,
    "TextView": TextView.self, "TableView": TableView.self, "CollectionView": CollectionView.self,
    "TableViewCell": TableViewCell.self, "CollectionViewCell": CollectionViewCell.self, "StackView": StackView.self,
    "Slider": Slider.self, "SegmentedControl": SegmentedControl.self, "Stepper": Stepper.self, "PageControl": PageControl.self,
    "DatePicker": DatePicker.self, "ColorWell": ColorWell.self, "ActivityIndicatorView": ActivityIndicatorView.self,
    "ProgressView": ProgressView.self, "PickerView": PickerView.self,
]

/// Lifeloop's controller classes by the names the reader gives them.
func interfaceBuilderBaseController(_ name: String) -> ((StoryboardCoder) -> ViewController?)? {
    switch name {
    case "ViewController": return { ViewController(coder: $0) }
    case "NavigationController": return { NavigationController(coder: $0) }
    case "TabBarController": return { TabBarController(coder: $0) }
    case "TableViewController": return { TableViewController(coder: $0) }
    case "CollectionViewController": return { CollectionViewController(coder: $0) }
    case "PageViewController": return { PageViewController(coder: $0) }
    default: return nil
    }
}

/// UIKit's control events by the names Xcode writes in `eventType`.
let interfaceBuilderControlEvents: [String: Control.Event] = [
    "touchDown": .touchDown, "touchDownRepeat": Control.Event(rawValue: 1 << 1),
    "touchDragInside": Control.Event(rawValue: 1 << 2), "touchDragOutside": Control.Event(rawValue: 1 << 3),
    "touchDragEnter": Control.Event(rawValue: 1 << 4), "touchDragExit": Control.Event(rawValue: 1 << 5),
    "touchUpInside": .touchUpInside, "touchUpOutside": Control.Event(rawValue: 1 << 7),
    "touchCancel": Control.Event(rawValue: 1 << 8), "valueChanged": .valueChanged,
    "primaryActionTriggered": .primaryActionTriggered, "menuActionTriggered": Control.Event(rawValue: 1 << 14),
    "editingDidBegin": .editingDidBegin, "editingChanged": .editingChanged, "editingDidEnd": .editingDidEnd,
    "editingDidEndOnExit": .editingDidEndOnExit,
]

extension Application {
    // MARK: Classes by name

    /// A class named in an Xcode file: `name` as is when it has a module, else
    /// `module.name`, else `name` in each of ``moduleNames``.
    func interfaceBuilderType<T>(_ name: String, module: String?, as type: T.Type) -> T? {
        var candidates: [String] = []
        if name.contains(".") { candidates.append(name) }
        if let module, !module.isEmpty { candidates.append(module + "." + name) }
        candidates += moduleNames.map { $0 + "." + name }
        for candidate in candidates {
            // Unwrap before the cast: with -O, `_typeByName(name) as? T` (an optional
            // metatype cast to a class metatype) is lowered to swift_dynamicCastMetatype on
            // the optional's payload with no nil check, so an unknown class (nil) crashed a
            // release build where the debug build reported unknownClass.
            guard let type = _typeByName(candidate) else { continue }
            if let found = type as? T { return found }
        }
        return nil
    }

    /// How to make a scene's controller: a registered factory for the custom class, the
    /// class found by name, else (with a diagnostic, as UIKit logs "Unknown class") the
    /// element's own class.
    func interfaceBuilderControllerFactory(for scene: SceneDefinition, file: String) -> (StoryboardCoder) -> ViewController? {
        let data = scene.interfaceBuilder
        if let custom = data?.customClass {
            if let make = registeredControllerFactory(named: custom) { return make }
            if let module = data?.customModule, let make = registeredControllerFactory(named: module + "." + custom) { return make }
            if let type = interfaceBuilderType(custom, module: data?.customModule, as: ViewController.Type.self) {
                return { type.init(coder: $0) }
            }
            diagnose(.unknownClass, label: scene.label,
                     message: "Unknown class \(custom) in Interface Builder file \(file); register it with registerController or name its module in moduleNames")
        }
        let base = data?.baseClass ?? "ViewController"
        return controllerFactory(named: base) ?? interfaceBuilderBaseController(base) ?? { ViewController(coder: $0) }
    }

    /// Makes one view of an Xcode file: its custom class (registered, or found by name and
    /// made with `init(coder:)`), else the element's class.
    func makeInterfaceBuilderView(_ node: ViewNode, file: String) -> View {
        let data = node.interfaceBuilder
        if let custom = data?.customClass {
            if let make = viewFactory(named: custom) { return make(node.frame) }
            if let type = interfaceBuilderType(custom, module: data?.customModule, as: View.Type.self),
               let view = type.init(coder: InterfaceBuilderCoder(node: node, file: file)) {
                return view
            }
            diagnose(.unknownClass, label: node.label ?? custom,
                     message: "Unknown class \(custom) in Interface Builder file \(file):\(data?.line ?? 0); register it with registerView or name its module in moduleNames")
        }
        switch node.className {
        case "TableView":
            let style: TableView.Style = switch data?.flags["style"] {
            case "grouped": .grouped
            case "insetGrouped": .insetGrouped
            default: .plain
            }
            return TableView(frame: node.frame, style: style)
        case "TableViewCell":
            return TableViewCell(style: Self.cellStyles[data?.flags["style"] ?? ""] ?? .default,
                                 reuseIdentifier: data?.flags["reuseIdentifier"])
        case "CollectionView":
            let layout = CollectionViewFlowLayout()
            if let flags = data?.flags { Self.applyFlowLayout(flags, to: layout) }
            return CollectionView(frame: node.frame, collectionViewLayout: layout)
        default:
            let type = interfaceBuilderViewTypes[node.className] ?? View.self
            return type.init(coder: InterfaceBuilderCoder(node: node, file: file)) ?? View(frame: node.frame)
        }
    }

    /// Table cell styles by the names Xcode writes.
    static let cellStyles: [String: TableViewCell.CellStyle] = [
        "IBUITableViewCellStyleDefault": .default, "IBUITableViewCellStyleValue1": .value1,
        "IBUITableViewCellStyleValue2": .value2, "IBUITableViewCellStyleSubtitle": .subtitle,
    ]

    /// A `collectionViewFlowLayout`'s scroll direction, item size and spacings.
    static func applyFlowLayout(_ flags: [String: String], to layout: CollectionViewFlowLayout) {
        func number(_ key: String) -> CGFloat? {
            guard let text = flags[key], let value = Double(text), value.isFinite, value >= 0 else { return nil }
            return CGFloat(value)
        }
        if flags["layout.scrollDirection"] == "horizontal" { layout.scrollDirection = .horizontal }
        if let width = number("layout.itemSize.width"), let height = number("layout.itemSize.height") {
            layout.itemSize = Size(width: width, height: height)
        }
        if let spacing = number("layout.minimumLineSpacing") { layout.minimumLineSpacing = spacing }
        if let spacing = number("layout.minimumInteritemSpacing") { layout.minimumInteritemSpacing = spacing }
    }

    /// Builds view trees from an Xcode file without recursion, setting each view's
    /// properties; records every view in `objects` by object id and `created` in file order.
    func buildInterfaceBuilderViews(_ roots: [ViewNode], file: String, objects: inout [String: AnyObject],
                                    created: inout [(View, ViewNode)], connections: [ConnectionDefinition] = []) -> [View] {
        var result: [View] = []
        var pending: [(ViewNode, View?)] = roots.reversed().map { ($0, nil) }
        /// The ids of cells' own labels and image views, with their cell and key.
        var cellParts: [String: (TableViewCell, String)] = [:]
        while let (node, parent) = pending.popLast() {
            // A cell's content view in the file is the cell's own content view.
            if node.interfaceBuilder?.key == "contentView", let contentView = (parent as? TableViewCell)?.contentView
                ?? (parent as? CollectionViewCell)?.contentView {
                if let id = node.interfaceBuilder?.objectID { objects[id] = contentView }
                if let color = node.backgroundColor { contentView.backgroundColor = color }
                // The constraints the content view holds (a cell's subviews pinned to it) are
                // made with the cell's, their unnamed first item the content view.
                if let data = node.interfaceBuilder, !data.constraints.isEmpty,
                   let index = created.lastIndex(where: { $0.0 === parent }) {
                    let held = data.constraints.map { constraint in
                        var constraint = constraint
                        if constraint.firstItem == nil { constraint.firstItem = data.objectID }
                        return constraint
                    }
                    created[index].1.interfaceBuilder?.constraints += held
                }
                for child in node.subviews.reversed() { pending.append((child, contentView)) }
                continue
            }
            let view = makeInterfaceBuilderView(node, file: file)
            applyInterfaceBuilderProperties(node, to: view)
            if let id = node.interfaceBuilder?.objectID { objects[id] = view }
            created.append((view, node))
            if let table = parent as? TableView, let cell = view as? TableViewCell,
               let flag = node.interfaceBuilder?.flags[InterfaceBuilderReader.staticSectionFlag], let section = Int(flag),
               table.staticContent?.indices.contains(section) == true {
                // A static table's cell: a row of its section, shown by the table when its
                // turn comes, not a subview now.
                table.staticContent?[section].cells.append(cell)
                table.staticContent?[section].heights.append(node.frame.height)
            } else if let stack = parent as? StackView {
                stack.addArrangedSubview(view)
            } else if let id = node.interfaceBuilder?.objectID, let (cell, key) = cellParts[id], cell.adopt(view, as: key) {
                // A prototype cell's own label or image view (the cell's `textLabel="ID"`)
                // is the cell's `textLabel`, as the app reaches it.
            } else if let parent {
                parent.addSubview(view)
            } else {
                result.append(view)
            }
            registerPrototypes(node, in: view, file: file, connections: connections)
            if let cell = view as? TableViewCell, let flags = node.interfaceBuilder?.flags {
                for key in ["textLabel", "detailTextLabel", "imageView"] { if let id = flags[key] { cellParts[id] = (cell, key) } }
            }
            for child in node.subviews.reversed() { pending.append((child, view)) }
            if let table = view as? TableView, let sections = node.interfaceBuilder?.staticSections, !sections.isEmpty {
                table.staticContent = sections.map { StaticSectionContent(headerTitle: $0.headerTitle, footerTitle: $0.footerTitle) }
                for cell in sections.flatMap(\.cells).reversed() { pending.append((cell, table)) }
            }
        }
        return result
    }

    /// Registers a table's or collection's prototype cells by reuse identifier: a dequeue
    /// that finds no waiting cell builds the prototype's tree, connects the connections
    /// among its objects, sets runtime attributes and constraints, and sends `awakeFromNib`.
    func registerPrototypes(_ node: ViewNode, in view: View, file: String, connections: [ConnectionDefinition]) {
        guard let prototypes = node.interfaceBuilder?.prototypes, !prototypes.isEmpty else { return }
        let link = self.link
        for prototype in prototypes {
            guard let identifier = prototype.interfaceBuilder?.flags["reuseIdentifier"], !identifier.isEmpty else {
                diagnose(.interfaceBuilderSkipped, label: file,
                         message: "\(file):\(prototype.interfaceBuilder?.line ?? 0): a prototype cell without a reuseIdentifier is skipped")
                continue
            }
            let make: () -> View? = {
                guard let app = link.app else { return nil }
                var objects: [String: AnyObject] = [:]
                var made: [(View, ViewNode)] = []
                guard let cell = app.buildInterfaceBuilderViews([prototype], file: file, objects: &objects, created: &made,
                                                                connections: connections).first else { return nil }
                let (others, toConstraints) = app.splitConstraintConnections(connections, made)
                let inside = others.filter { objects[$0.source] != nil && objects[$0.destination] != nil }
                app.connectInterfaceBuilder(inside, objects: objects, firstResponder: [], file: file)
                for (view, node) in made { app.applyRuntimeAttributes(node, to: view, file: file) }
                let constraints = app.applyInterfaceBuilderConstraints(made, objects: objects, file: file)
                app.connectToConstraints(toConstraints.filter { objects[$0.source] != nil }, objects: objects,
                                         constraints: constraints, file: file)
                for (view, _) in made {
                    view.trace("awakeFromNib")
                    view.awakeFromNib()
                }
                return cell
            }
            if let table = view as? TableView {
                table.register(forCellReuseIdentifier: identifier) { [weak table] identifier in
                    if let cell = make() as? TableViewCell { return cell }
                    table?.application?.diagnose(.unregisteredReuseIdentifier, label: table?.traceLabel ?? "table",
                                                 message: "\(file):\(prototype.interfaceBuilder?.line ?? 0): the prototype for reuse identifier '\(identifier)' is not a table view cell")
                    return TableViewCell(style: .default, reuseIdentifier: identifier)
                }
            } else if let collection = view as? CollectionView {
                collection.register(forCellWithReuseIdentifier: identifier) { [weak collection] in
                    if let cell = make() as? CollectionViewCell { return cell }
                    collection?.application?.diagnose(.unregisteredReuseIdentifier, label: collection?.traceLabel ?? "collection",
                                                      message: "\(file):\(prototype.interfaceBuilder?.line ?? 0): the prototype for reuse identifier '\(identifier)' is not a collection view cell")
                    return CollectionViewCell(frame: prototype.frame)
                }
            }
        }
    }

    /// Sets what the file says about a view.
    func applyInterfaceBuilderProperties(_ node: ViewNode, to view: View) {
        if let label = node.label { view.traceLabel = label }
        view.frame = node.frame
        view.autoresizingMask = node.autoresizingMask
        view.tag = node.tag
        view.isHidden = node.isHidden
        if let color = node.backgroundColor { view.backgroundColor = color }
        view.tapAction = node.tapAction
        guard let data = node.interfaceBuilder else { return }
        if let alpha = data.alpha { view.alpha = min(max(alpha, 0), 1) }
        if let mode = data.contentMode, let contentMode = Self.contentModes[mode] { view.contentMode = contentMode }
        if let clips = data.clipsSubviews { view.clipsToBounds = clips }
        if let enabled = data.userInteractionEnabled { view.isUserInteractionEnabled = enabled }
        if let identifier = data.accessibilityIdentifier { view.accessibilityIdentifier = identifier }
        if let tint = data.colors["tintColor"] { view.tintColor = tint }
        let font = data.font.map(Self.font)
        if let label = view as? Label {
            if let text = data.text { label.text = text }
            if let font { label.font = font }
            if let color = data.colors["textColor"] { label.textColor = color }
            if let lines = data.flags["numberOfLines"].flatMap({ Int($0) }) { label.numberOfLines = max(lines, 0) }
        }
        if let button = view as? Button {
            if let title = data.title { button.setTitle(title, for: .normal) }
            if let color = data.colors["titleColor"] { button.setTitleColor(color, for: .normal) }
            if let image = data.image { button.setImage(Image(named: image), for: .normal) }
            if let font { button.titleLabel?.font = font }
        }
        if let imageView = view as? ImageView, let image = data.image { imageView.image = Image(named: image) }
        if let field = view as? TextField {
            if let text = data.text { field.text = text }
            if let placeholder = data.placeholder { field.placeholder = placeholder }
            if let font { field.font = font }
            if let color = data.colors["textColor"] { field.textColor = color }
        }
        if let control = view as? Control {
            if data.flags["enabled"] == "NO" { control.isEnabled = false }
            if data.flags["selected"] == "YES" { control.isSelected = true }
        }
        if let toggle = view as? Switch, let on = data.flags["on"] { toggle.isOn = on == "YES" }
        Self.applyControlsPack(data, to: view, hidden: node.isHidden)
        if let textView = view as? TextView {
            if let text = data.text { textView.text = text }
            if let font { textView.font = font }
            if let color = data.colors["textColor"] { textView.textColor = color }
        }
        if let stack = view as? StackView {
            if data.flags["axis"] == "vertical" { stack.axis = .vertical }
            if let name = data.flags["distribution"], let distribution = Self.stackDistributions[name] { stack.distribution = distribution }
            if let name = data.flags["alignment"], let alignment = Self.stackAlignments[name] { stack.alignment = alignment }
            if let text = data.flags["spacing"], let spacing = Double(text), spacing.isFinite { stack.spacing = CGFloat(spacing) }
            if data.flags["layoutMarginsRelativeArrangement"] == "YES" { stack.isLayoutMarginsRelativeArrangement = true }
            if data.flags["baselineRelativeArrangement"] == "YES" { stack.isBaselineRelativeArrangement = true }
        }
        if let table = view as? TableView, let text = data.flags["rowHeight"], let height = Double(text), height.isFinite, height >= 0 {
            table.rowHeight = CGFloat(height)
        }
    }

    static let stackDistributions: [String: StackView.Distribution] = [
        "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
        "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
    ]

    static let stackAlignments: [String: StackView.Alignment] = [
        "fill": .fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline, "center": .center,
        "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline,
    ]

    static let contentModes: [String: ContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill,
        "redraw": .redraw, "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]

    static func font(_ description: InterfaceBuilderFont) -> Font {
        let size = CGFloat(min(max(description.pointSize, 0), 10_000))
        if let name = description.name, description.type == nil || description.type == "custom" {
            return Font(name: name, size: size) ?? .systemFont(ofSize: size)
        }
        switch description.type {
        case "boldSystem": return .boldSystemFont(ofSize: size)
        case "italicSystem": return .italicSystemFont(ofSize: size)
        default:
            switch description.weight {
            case "semibold": return .systemFont(ofSize: size, weight: .semibold)
            case "medium": return .systemFont(ofSize: size, weight: .medium)
            case "light": return .systemFont(ofSize: size, weight: .light)
            case "bold": return .systemFont(ofSize: size, weight: .bold)
            default: return .systemFont(ofSize: size)
            }
        }
    }

    // MARK: Connections

    /// Connects `connections` among `objects` (by object id), UIKit's way: outlets are set
    /// through ``NameWirable/lifeloopSetOutlet(named:to:)`` (a name the object lacks is
    /// UIKit's `setValue:forUndefinedKey:` exception, here a diagnostic with the file and
    /// line); outlet collections get all their objects at once, in file order; actions are
    /// registered on controls and bar button items and call
    /// ``NameWirable/lifeloopPerform(_:with:)`` on their target (or, for First Responder,
    /// on the first object of the responder chain that has the method).
    func connectInterfaceBuilder(_ connections: [ConnectionDefinition], objects: [String: AnyObject],
                                 firstResponder: Set<String>, file: String) {
        var collections: [(source: AnyObject, name: String, line: Int, values: [Any])] = []
        for connection in connections {
            guard let source = objects[connection.source] else { continue }
            switch connection.kind {
            case .outlet:
                guard let destination = objects[connection.destination] else {
                    diagnose(.undefinedKey, label: labelOf(source),
                             message: "\(file):\(connection.line): the outlet '\(connection.name)' names object '\(connection.destination)', which this file does not make; it is left unset")
                    continue
                }
                setOutlet(source, name: connection.name, value: destination, file: file, line: connection.line)
            case .outletCollection:
                guard let destination = objects[connection.destination] else { continue }
                if let index = collections.firstIndex(where: { $0.source === source && $0.name == connection.name }) {
                    collections[index].values.append(destination)
                } else {
                    collections.append((source, connection.name, connection.line, [destination]))
                }
            case .action:
                let target = objects[connection.destination]
                if target == nil && !firstResponder.contains(connection.destination) { continue }
                addInterfaceBuilderAction(connection, source: source, target: target, file: file)
            }
        }
        for collection in collections {
            setOutlet(collection.source, name: collection.name, value: collection.values, file: file, line: collection.line)
        }
    }

    private func labelOf(_ object: AnyObject) -> String {
        if let view = object as? View { return view.traceLabel }
        if let controller = object as? ViewController { return controller.traceLabel }
        return String(describing: type(of: object))
    }

    /// Sets one outlet; UIKit's own outlets (a controller's `view`, a text field's or
    /// scroll view's `delegate`) are set here when the class does not take the name itself.
    func setOutlet(_ source: AnyObject, name: String, value: Any, file: String, line: Int) {
        if let wirable = source as? NameWirable, wirable.lifeloopSetOutlet(named: name, to: value) { return }
        switch (source, name) {
        case (let view as View, "gestureRecognizers"):
            if let recognizers = value as? [Any] {
                for case let recognizer as GestureRecognizer in recognizers { view.addGestureRecognizer(recognizer) }
                return
            }
        case (let recognizer as GestureRecognizer, "delegate"):
            if let delegate = value as? GestureRecognizerDelegate {
                recognizer.delegate = delegate
                return
            }
        case (let table as TableView, "dataSource"):
            if let dataSource = value as? TableViewDataSource {
                table.dataSource = dataSource
                return
            }
        case (let collection as CollectionView, "dataSource"):
            if let dataSource = value as? CollectionViewDataSource {
                collection.dataSource = dataSource
                return
            }
        case (let controller as ViewController, "view"):
            if let view = value as? View {
                if controller.viewIfLoaded !== view { controller.setView(view) }
                return
            }
        case (let field as TextField, "delegate"):
            if let delegate = value as? TextFieldDelegate {
                field.delegate = delegate
                return
            }
        case (let picker as PickerView, "dataSource"):
            if let dataSource = value as? PickerViewDataSource {
                picker.dataSource = dataSource
                return
            }
        case (let picker as PickerView, "delegate"):
            if let delegate = value as? PickerViewDelegate {
                picker.delegate = delegate
                return
            }
        case (let scroll as ScrollView, "delegate"):
            if let delegate = value as? ScrollViewDelegate {
                scroll.delegate = delegate
                return
            }
        default:
            break
        }
        diagnose(.undefinedKey, label: labelOf(source),
                 message: "\(file):\(line): [<\(String(reflecting: type(of: source)))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(name).")
    }

    /// Registers an action connection on its control or bar button item.
    private func addInterfaceBuilderAction(_ connection: ConnectionDefinition, source: AnyObject, target: AnyObject?, file: String) {
        let selector = Selector(connection.name)
        let link = self.link
        let location = "\(file):\(connection.line)"
        weak let weakTarget = target
        let targetIsFirstResponder = target == nil
        func send(_ sender: AnyObject?) {
            guard let app = link.app else { return }
            var receiver: NameWirable? = weakTarget as? NameWirable
            if targetIsFirstResponder {
                receiver = Self.responder(from: sender, to: selector)
            }
            guard let receiver else {
                if targetIsFirstResponder {
                    app.diagnose(.unrecognizedSelector, label: connection.name,
                                 message: "\(location): no responder from the sender up has the method '\(selector)'")
                }
                return
            }
            if case .notFound = receiver.lifeloopPerform(selector, with: [sender, nil]) {
                app.diagnose(.unrecognizedSelector, label: connection.name,
                             message: "\(location): -[\(String(reflecting: type(of: receiver))) \(selector)]: unrecognized selector sent to instance")
            }
        }
        if let control = source as? Control {
            let events = connection.eventType.flatMap { interfaceBuilderControlEvents[$0] } ?? .primaryActionTriggered
            control.addAction(Action { [weak control] _ in send(control) }, for: events)
        } else if let recognizer = source as? GestureRecognizer {
            recognizer.addAction { [weak recognizer] _ in send(recognizer) }
        } else if let item = source as? BarButtonItem {
            let previous = item.primaryAction
            item.primaryAction = Action(title: item.title ?? "") { [weak item] _ in
                if let previous { previous.handler(previous) }
                send(item)
            }
        } else {
            diagnose(.interfaceBuilderSkipped, label: labelOf(source),
                     message: "\(location): an action on a \(type(of: source)), which sends no actions, is skipped")
        }
    }

    /// The first object of the responder chain from `sender` (views up to the window,
    /// with each view's controller and its parents) that has the method.
    static func responder(from sender: AnyObject?, to selector: Selector) -> NameWirable? {
        var view = sender as? View
        while let current = view {
            if current.lifeloopResponds(to: selector) { return current }
            var controller = current.owningController
            while let candidate = controller {
                if candidate.lifeloopResponds(to: selector) { return candidate }
                controller = candidate.parent
            }
            view = current.superview
        }
        return nil
    }

    /// Sets a view's runtime attributes: a few of UIKit's own key paths directly, the rest
    /// through ``NameWirable/lifeloopSetOutlet(named:to:)``; a name the view does not take
    /// is UIKit's logged "Failed to set" message, as a diagnostic.
    func applyRuntimeAttributes(_ node: ViewNode, to view: View, file: String) {
        guard let attributes = node.interfaceBuilder?.runtimeAttributes, !attributes.isEmpty else { return }
        for attribute in attributes {
            let value: Any?
            switch attribute.value {
            case .string(let text): value = text
            case .number(let number): value = number
            case .boolean(let flag): value = flag
            case .color(let color):
                switch color {
                case .rgba(let red, let green, let blue, let alpha): value = Color(red: red, green: green, blue: blue, alpha: alpha)
                case .white(let white, let alpha): value = Color(white: white, alpha: alpha)
                case .system, .named: value = Color.systemGray
                }
            case .image(let name): value = Image(named: name)
            case .nilValue: value = nil
            case .other(_, let text): value = text
            }
            switch (attribute.keyPath, value) {
            case ("layer.cornerRadius", let number as Double): view.layer.cornerRadius = CGFloat(number); continue
            case ("layer.borderWidth", let number as Double): view.layer.borderWidth = CGFloat(number); continue
            case ("layer.masksToBounds", let flag as Bool): view.layer.masksToBounds = flag; continue
            case ("clipsToBounds", let flag as Bool): view.clipsToBounds = flag; continue
            case ("accessibilityIdentifier", let text as String): view.accessibilityIdentifier = text; continue
            default: break
            }
            if view.lifeloopSetOutlet(named: attribute.keyPath, to: value) { continue }
            diagnose(.undefinedKey, label: view.traceLabel,
                     message: "\(file):\(attribute.line): Failed to set (\(attribute.keyPath)) user defined inspected property on (\(String(reflecting: type(of: view)))): [<\(String(reflecting: type(of: view)))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(attribute.keyPath).")
        }
    }

    /// Records each note of a file as a diagnostic.
    func reportNotes(_ notes: [InterfaceBuilderNote]) {
        for note in notes {
            diagnose(.interfaceBuilderSkipped, label: note.file, message: note.description)
        }
    }

    /// Makes a file's gesture recognizers (of their element's class, with the attributes
    /// Lifeloop models) and records them in `objects` by object id; views attach them
    /// through their `gestureRecognizers` outlet collection.
    func makeGestureRecognizers(_ definitions: [GestureRecognizerDefinition], objects: inout [String: AnyObject]) {
        for definition in definitions {
            let attributes = definition.attributes
            func integer(_ key: String) -> Int? { attributes[key].flatMap { Int($0) }.map { max($0, 0) } }
            func number(_ key: String) -> Double? {
                guard let text = attributes[key], let value = Double(text), value.isFinite, value >= 0 else { return nil }
                return value
            }
            let recognizer: GestureRecognizer
            switch definition.element {
            case "tapGestureRecognizer":
                let tap = TapGestureRecognizer(target: nil, action: nil)
                if let taps = integer("numberOfTapsRequired") { tap.numberOfTapsRequired = max(taps, 1) }
                if let touches = integer("numberOfTouchesRequired") { tap.numberOfTouchesRequired = max(touches, 1) }
                recognizer = tap
            case "longPressGestureRecognizer":
                let press = LongPressGestureRecognizer(target: nil, action: nil)
                if let duration = number("minimumPressDuration") { press.minimumPressDuration = duration }
                if let movement = number("allowableMovement") { press.allowableMovement = CGFloat(movement) }
                recognizer = press
            case "panGestureRecognizer":
                let pan = PanGestureRecognizer(target: nil, action: nil)
                if let minimum = integer("minimumNumberOfTouches") { pan.minimumNumberOfTouches = max(minimum, 1) }
                recognizer = pan
            case "screenEdgePanGestureRecognizer":
                let pan = ScreenEdgePanGestureRecognizer(target: nil, action: nil)
                var edges: RectEdge = []
                if let text = attributes["edges"] {
                    for (name, edge) in [("top", RectEdge.top), ("left", .left), ("bottom", .bottom), ("right", .right)]
                        where text.localizedCaseInsensitiveContains(name) {
                        edges.insert(edge)
                    }
                    if text.localizedCaseInsensitiveContains("all") { edges = .all }
                }
                pan.edges = edges
                recognizer = pan
            case "swipeGestureRecognizer":
                let swipe = SwipeGestureRecognizer(target: nil, action: nil)
                switch attributes["direction"] {
                case "left": swipe.direction = .left
                case "up": swipe.direction = .up
                case "down": swipe.direction = .down
                default: swipe.direction = .right
                }
                recognizer = swipe
            case "pinchGestureRecognizer": recognizer = PinchGestureRecognizer(target: nil, action: nil)
            case "rotationGestureRecognizer": recognizer = RotationGestureRecognizer(target: nil, action: nil)
            default: recognizer = GestureRecognizer(target: nil, action: nil)
            }
            if attributes["enabled"] == "NO" { recognizer.isEnabled = false }
            if attributes["cancelsTouchesInView"] == "NO" { recognizer.cancelsTouchesInView = false }
            if attributes["delaysTouchesBegan"] == "YES" { recognizer.delaysTouchesBegan = true }
            if attributes["delaysTouchesEnded"] == "NO" { recognizer.delaysTouchesEnded = false }
            if let label = attributes["userLabel"] { recognizer.traceLabel = label }
            objects[definition.objectID] = recognizer
        }
    }

    // MARK: Loading

    /// The view of a scene read from an Xcode storyboard (L02): the tree is built, becomes
    /// the controller's view, connections that reach into it are made, runtime attributes
    /// are set, every view gets `awakeFromNib` (all after every object exists), then the
    /// scene's embed segues run.
    func loadInterfaceBuilderView(for controller: ViewController, scene: SceneDefinition, root: ViewNode) {
        guard let data = scene.interfaceBuilder else { return }
        let file = controller.storyboard?.definition.name ?? scene.id
        var objects = controller.interfaceBuilderObjects
        let sceneLevel = Set(objects.keys)
        var created: [(View, ViewNode)] = []
        makeGestureRecognizers(data.gestureRecognizers, objects: &objects)
        guard let view = buildInterfaceBuilderViews([root], file: file + ".storyboard", objects: &objects, created: &created,
                                                    connections: data.connections).first else { return }
        controller.setView(view)
        let firstResponder = Set(data.placeholders.filter { $0.identifier == "IBFirstResponder" }.map(\.objectID))
        let reachingIn = data.connections.filter { !sceneLevel.contains($0.source) || !sceneLevel.contains($0.destination) }
        let (others, toConstraints) = splitConstraintConnections(reachingIn, created)
        connectInterfaceBuilder(others, objects: objects, firstResponder: firstResponder, file: file + ".storyboard")
        for (made, node) in created { applyRuntimeAttributes(node, to: made, file: file + ".storyboard") }
        let constraints = applyInterfaceBuilderConstraints(created, objects: objects, file: file + ".storyboard")
        connectToConstraints(toConstraints, objects: objects, constraints: constraints, file: file + ".storyboard")
        for (made, _) in created {
            made.trace("awakeFromNib")
            made.awakeFromNib()
        }
        performEmbedSegues(of: controller, scene: scene, in: view, objects: objects)
    }

    /// Instantiates a nib read from a xib: its top-level views, with File's Owner standing
    /// for `owner`; outlets and actions are connected, runtime attributes set, then every
    /// view gets `awakeFromNib` (the owner does not, as in UIKit).
    /// - Returns: The top-level views, in file order.
    func instantiateInterfaceBuilderNib(_ nib: NibDefinition, owner: AnyObject?) -> [View] {
        let data = nib.interfaceBuilder ?? InterfaceBuilderNibData()
        var objects: [String: AnyObject] = [:]
        if let owner, let id = data.owner?.objectID { objects[id] = owner }
        var created: [(View, ViewNode)] = []
        let file = nib.name + ".xib"
        makeGestureRecognizers(data.gestureRecognizers, objects: &objects)
        let roots = buildInterfaceBuilderViews([nib.root] + data.otherRoots, file: file, objects: &objects, created: &created,
                                               connections: data.connections)
        let firstResponder = Set(data.placeholders.filter { $0.identifier == "IBFirstResponder" }.map(\.objectID))
        let (others, toConstraints) = splitConstraintConnections(data.connections, created)
        connectInterfaceBuilder(others, objects: objects, firstResponder: firstResponder, file: file)
        for (made, node) in created { applyRuntimeAttributes(node, to: made, file: file) }
        let constraints = applyInterfaceBuilderConstraints(created, objects: objects, file: file)
        connectToConstraints(toConstraints, objects: objects, constraints: constraints, file: file)
        for (made, _) in created {
            made.trace("awakeFromNib")
            made.awakeFromNib()
        }
        return roots
    }

    /// A controller's view from a xib (L02): File's Owner is the controller; its `view`
    /// outlet names the view (UIKit throws when it is not set: here a diagnostic, and the
    /// first top-level view).
    func loadInterfaceBuilderNib(_ nib: NibDefinition, into controller: ViewController) {
        let data = nib.interfaceBuilder
        let ownerID = data?.owner?.objectID
        let hasViewOutlet = data?.connections.contains { $0.source == ownerID && $0.kind == .outlet && $0.name == "view" } ?? false
        let roots = instantiateInterfaceBuilderNib(nib, owner: controller)
        if controller.viewIfLoaded == nil, let first = roots.first {
            if !hasViewOutlet {
                diagnose(.nibNotFound, label: controller.traceLabel,
                         message: "loaded the \"\(nib.name)\" nib but the view outlet was not set; the first top-level view is used")
            }
            controller.setView(first)
        }
    }
}

extension ViewController {
    /// The objects of the controller's storyboard scene that exist before its view: the
    /// controller, its navigation item and bar button items, by object id.
    var interfaceBuilderObjects: [String: AnyObject] {
        guard let scene, let data = scene.interfaceBuilder else { return [:] }
        var objects: [String: AnyObject] = [scene.id: self]
        if let item = data.navigationItem, let navigationItem = storedNavigationItemForInterfaceBuilder {
            objects[item.objectID] = navigationItem
            let left = navigationItem.leftBarButtonItems ?? []
            let right = navigationItem.rightBarButtonItems ?? []
            for (definition, made) in zip(item.leftItems, left) { objects[definition.objectID] = made }
            for (definition, made) in zip(item.rightItems, right) { objects[definition.objectID] = made }
        }
        return objects
    }

    /// The navigation item if the scene made one.
    var storedNavigationItemForInterfaceBuilder: NavigationItem? {
        scene?.interfaceBuilder?.navigationItem == nil ? nil : navigationItem
    }
}

// MARK: Constraints

extension Application {
    /// Applies the Auto Layout constraints an Xcode file gives its views, as UIKit does when
    /// it loads them: a view the file marks `translatesAutoresizingMaskIntoConstraints="NO"`
    /// gets no autoresizing constraints, its layout guides (`safeArea`, margins) stand for
    /// their ids, and each constraint (the holding view when the file names no first item;
    /// `equal` unless said; a `priority` below 1000) is made and activated. A constraint
    /// naming an item the file does not have, or an attribute Lifeloop does not know, is an
    /// ``Diagnostic/Kind/interfaceBuilderSkipped`` note with the file's line.
    @discardableResult
    func applyInterfaceBuilderConstraints(_ created: [(View, ViewNode)], objects: [String: AnyObject], file: String) -> [String: LayoutConstraint] {
        var items: [String: AnyObject] = objects
        for (view, node) in created {
            guard let data = node.interfaceBuilder else { continue }
            if !data.translatesAutoresizingMaskIntoConstraints { view.translatesAutoresizingMaskIntoConstraints = false }
            for (key, id) in data.layoutGuides {
                switch key {
                case "safeArea": items[id] = view.safeAreaLayoutGuide
                case "layoutMargins", "layoutMarginsGuide": items[id] = view.layoutMarginsGuide
                case "topLayoutGuide", "bottomLayoutGuide":
                    // A controller's layout guide from before iOS 11: the band from the view's
                    // top to the safe area's top (under the status and navigation bars), or from
                    // the safe area's bottom to the view's bottom, as UIKit's layout supports.
                    let guide = LayoutGuide()
                    guide.identifier = key
                    view.addLayoutGuide(guide)
                    let top = key == "topLayoutGuide"
                    LayoutConstraint.activate([
                        guide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                        guide.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                        guide.topAnchor.constraint(equalTo: top ? view.topAnchor : view.safeAreaLayoutGuide.bottomAnchor),
                        guide.bottomAnchor.constraint(equalTo: top ? view.safeAreaLayoutGuide.topAnchor : view.bottomAnchor),
                    ])
                    items[id] = guide
                default: break
                }
            }
        }
        var made: [LayoutConstraint] = []
        for (view, node) in created {
            for constraint in node.interfaceBuilder?.constraints ?? [] {
                let first: AnyObject? = constraint.firstItem.map { items[$0] } ?? view
                guard let first else {
                    diagnose(.interfaceBuilderSkipped, label: file, message: "\(file):\(constraint.line): constraint \(constraint.id) names item '\(constraint.firstItem ?? "")', which the file does not have; skipped")
                    continue
                }
                var second: AnyObject?
                if let id = constraint.secondItem {
                    guard let item = items[id] else {
                        diagnose(.interfaceBuilderSkipped, label: file, message: "\(file):\(constraint.line): constraint \(constraint.id) names item '\(id)', which the file does not have; skipped")
                        continue
                    }
                    second = item
                }
                guard let firstAttribute = Self.layoutAttribute(constraint.firstAttribute),
                      let secondAttribute = constraint.secondAttribute.map(Self.layoutAttribute) ?? .notAnAttribute else {
                    diagnose(.interfaceBuilderSkipped, label: file, message: "\(file):\(constraint.line): constraint \(constraint.id) has an attribute Lifeloop does not know (\(constraint.firstAttribute), \(constraint.secondAttribute ?? "none")); skipped")
                    continue
                }
                let relation: LayoutConstraint.Relation = switch constraint.relation {
                case "lessThanOrEqual": .lessThanOrEqual
                case "greaterThanOrEqual": .greaterThanOrEqual
                default: .equal
                }
                let made1 = LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                             attribute: second == nil ? .notAnAttribute : secondAttribute,
                                             multiplier: CGFloat(constraint.multiplier), constant: CGFloat(constraint.constant))
                if constraint.priority.isFinite, constraint.priority >= 1, constraint.priority < 1000 {
                    made1.priority = LayoutPriority(Float(constraint.priority))
                }
                made1.identifier = constraint.id
                made.append(made1)
            }
        }
        LayoutConstraint.activate(made)
        var byID: [String: LayoutConstraint] = [:]
        for constraint in made { if let id = constraint.identifier { byID[id] = constraint } }
        return byID
    }

    /// Connections to constraints (`@IBOutlet var heightConstraint`) apart from the rest:
    /// constraints are made after the other connections, and these connect once they exist.
    func splitConstraintConnections(_ connections: [ConnectionDefinition], _ created: [(View, ViewNode)])
        -> (others: [ConnectionDefinition], toConstraints: [ConnectionDefinition]) {
        let ids = Set(created.flatMap { $0.1.interfaceBuilder?.constraints.map(\.id) ?? [] })
        guard !ids.isEmpty else { return (connections, []) }
        return (connections.filter { !ids.contains($0.destination) }, connections.filter { ids.contains($0.destination) })
    }

    /// Connects the outlets to constraints, now made.
    func connectToConstraints(_ connections: [ConnectionDefinition], objects: [String: AnyObject],
                              constraints: [String: LayoutConstraint], file: String) {
        guard !connections.isEmpty else { return }
        var all = objects
        for (id, constraint) in constraints { all[id] = constraint }
        connectInterfaceBuilder(connections, objects: all, firstResponder: [], file: file)
    }

    /// A constraint attribute as Xcode's files spell it.
    static func layoutAttribute(_ name: String) -> LayoutConstraint.Attribute? {
        switch name {
        case "left": .left
        case "right": .right
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "width": .width
        case "height": .height
        case "centerX": .centerX
        case "centerY": .centerY
        case "firstBaseline": .firstBaseline
        case "lastBaseline", "baseline": .lastBaseline
        case "leftMargin": .leftMargin
        case "rightMargin": .rightMargin
        case "topMargin": .topMargin
        case "bottomMargin": .bottomMargin
        case "leadingMargin": .leadingMargin
        case "trailingMargin": .trailingMargin
        case "centerXWithinMargins": .centerXWithinMargins
        case "centerYWithinMargins": .centerYWithinMargins
        default: nil
        }
    }
}
