import Foundation

/// A color as an Xcode file writes it: `<color key="..." red="1" green="0" blue="0" alpha="1"/>`,
/// `white="0.5"`, `systemColor="labelColor"` or `name="Accent"` (a named color).
public enum InterfaceBuilderColor: Hashable, Sendable {
    /// sRGB components, 0...1.
    case rgba(red: Double, green: Double, blue: Double, alpha: Double)
    /// A gray: white level and alpha, 0...1.
    case white(Double, alpha: Double)
    /// A system color by its Xcode name (`systemBackgroundColor`, `labelColor`, `systemBlueColor`).
    case system(String)
    /// A named color of the file's `resources` (an asset-catalog color).
    case named(String)
}

/// A `fontDescription`: `type="system"`, `type="boldSystem"` or a custom `name`, with a point size.
public struct InterfaceBuilderFont: Hashable, Sendable {
    /// `system`, `boldSystem`, `italicSystem`, … or nil for a custom font.
    public var type: String?
    /// The custom font's name (`name="Menlo-Regular"`), or nil for a system font.
    public var name: String?
    /// The weight of a system font (`weight="semibold"`), if the file gives one.
    public var weight: String?
    /// The size in points (`pointSize`).
    public var pointSize: Double

    /// Creates a font description.
    public init(type: String? = nil, name: String? = nil, weight: String? = nil, pointSize: Double) {
        self.type = type
        self.name = name
        self.weight = weight
        self.pointSize = pointSize
    }
}

/// One `userDefinedRuntimeAttribute`: a key path and its value, set after outlets connect
/// and before `awakeFromNib`.
public struct RuntimeAttributeDefinition: Hashable, Sendable {
    /// The typed value.
    public enum Value: Hashable, Sendable {
        /// A string attribute.
        case string(String)
        /// A number attribute.
        case number(Double)
        /// A Boolean attribute.
        case boolean(Bool)
        /// A color attribute.
        case color(InterfaceBuilderColor)
        /// An image attribute, by the image's name.
        case image(String)
        /// An attribute set to nil.
        case nilValue
        /// A value of a type Lifeloop keeps as text (`point`, `size`, `rect`, `range`, `localizedString`).
        case other(type: String, text: String)
    }

    /// The key path (`layer.cornerRadius`, `badgeCount`).
    public var keyPath: String
    /// The value.
    public var value: Value
    /// The line of the attribute in its file.
    public var line: Int

    /// Creates a runtime attribute.
    public init(keyPath: String, value: Value, line: Int) {
        self.keyPath = keyPath
        self.value = value
        self.line = line
    }
}

/// An Auto Layout constraint as the file states it; loading the file makes and activates
/// it (``LayoutConstraint``).
public struct ConstraintDefinition: Hashable, Sendable {
    /// The constraint's object id.
    public var id: String
    /// The first item's object id; nil means the view that holds the constraint.
    public var firstItem: String?
    /// `top`, `leading`, `width`, `centerX`, …
    public var firstAttribute: String
    /// `equal` (the default), `lessThanOrEqual` or `greaterThanOrEqual`.
    public var relation: String
    /// The second item's object id, if any.
    public var secondItem: String?
    /// The second item's attribute, if any.
    public var secondAttribute: String?
    /// The multiplier (default 1).
    public var multiplier: Double
    /// The constant (default 0).
    public var constant: Double
    /// The priority (default 1000).
    public var priority: Double
    /// The line of the constraint in its file.
    public var line: Int

    /// Creates a constraint definition.
    public init(id: String, firstItem: String?, firstAttribute: String, relation: String = "equal",
                secondItem: String? = nil, secondAttribute: String? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: Double = 1000, line: Int = 0) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.line = line
    }
}

/// A connection from an object of a scene or nib: an outlet, an outlet-collection entry or
/// an action.
public struct ConnectionDefinition: Hashable, Sendable {
    /// What the connection does.
    public enum Kind: String, Hashable, Sendable {
        /// Sets the source's property `name` to the destination.
        case outlet
        /// Adds the destination to the source's collection `name` (all entries are set at once, in file order).
        case outletCollection
        /// Sends `name` (a selector) to the destination when the source (a control or bar
        /// button item) sends `eventType`.
        case action
    }

    /// What the connection does.
    public var kind: Kind
    /// The object id of the object the connection is written in.
    public var source: String
    /// The property (outlets) or selector (actions).
    public var name: String
    /// The object id of the other end.
    public var destination: String
    /// For an action on a control: the event (`touchUpInside`, `valueChanged`, …); nil for
    /// a bar button item's action.
    public var eventType: String?
    /// The line of the connection in its file.
    public var line: Int

    /// Creates a connection definition.
    public init(kind: Kind, source: String, name: String, destination: String, eventType: String? = nil, line: Int = 0) {
        self.kind = kind
        self.source = source
        self.name = name
        self.destination = destination
        self.eventType = eventType
        self.line = line
    }
}

/// What an Xcode file says about one view beyond the fields JSON files have: its element,
/// class, content and Auto Layout data. Nil on views read from JSON.
public struct InterfaceBuilderViewData: Hashable, Sendable {
    /// The object id (`id="8bC-Xf-vdC"`), which connections and constraints name.
    public var objectID: String
    /// The element name (`view`, `label`, `button`, `stackView`, …).
    public var element: String
    /// The line of the element in its file.
    public var line: Int
    /// `customClass`, if any.
    public var customClass: String?
    /// `customModule`, if any.
    public var customModule: String?
    /// `customModuleProvider` (`target`: the app's module), if any.
    public var customModuleProvider: String?
    /// `text` of a label, text field or text view.
    public var text: String?
    /// The normal-state title of a button (`<state key="normal" title="..."/>`).
    public var title: String?
    /// The normal-state image of a button, or an image view's image, by name.
    public var image: String?
    /// `placeholder` of a text field.
    public var placeholder: String?
    /// `fontDescription`.
    public var font: InterfaceBuilderFont?
    /// Colors by key other than `backgroundColor`, resolved against the file's resources:
    /// `textColor`, `tintColor`, `titleColor` (a button's normal state), `onTintColor`, …
    public var colors: [String: Color] = [:]
    /// The background color as written (also resolved into the node's `backgroundColor`).
    public var backgroundColor: InterfaceBuilderColor?
    /// `alpha`.
    public var alpha: Double?
    /// `contentMode` (`scaleToFill`, `scaleAspectFit`, `left`, …).
    public var contentMode: String?
    /// `clipsSubviews`.
    public var clipsSubviews: Bool?
    /// `userInteractionEnabled`.
    public var userInteractionEnabled: Bool?
    /// `<accessibility key="accessibilityConfiguration" identifier="..."/>`.
    public var accessibilityIdentifier: String?
    /// `userLabel`, the name Xcode's outline shows.
    public var userLabel: String?
    /// `on` of a switch, `enabled` and `selected` of a control, `value` of a slider, … as
    /// written.
    public var flags: [String: String] = [:]
    /// `userDefinedRuntimeAttributes`.
    public var runtimeAttributes: [RuntimeAttributeDefinition] = []
    /// `constraints` held by this view.
    public var constraints: [ConstraintDefinition] = []
    /// Layout guides (`viewLayoutGuide key="safeArea" id="..."`): key and object id. A
    /// controller's root view also holds the controller's pre-iOS 11 guides
    /// (`viewControllerLayoutGuide type="top"`) as `topLayoutGuide` and `bottomLayoutGuide`.
    public var layoutGuides: [String: String] = [:]
    /// `translatesAutoresizingMaskIntoConstraints="NO"` sets this false.
    public var translatesAutoresizingMaskIntoConstraints = true
    /// The element's `key` (`contentView` for a cell's content view), if any.
    public var key: String?
    /// A table view's prototype cells (`<prototypes>`) or a collection view's (`<cells>`),
    /// registered by their `reuseIdentifier` when the view is made.
    public var prototypes: [ViewNode] = []
    /// A static table's sections (`dataMode="static"`: `<sections>`), their cells made with
    /// the scene, as UIKit's are.
    public var staticSections: [StaticTableSection] = []

    /// Creates the data for one view.
    public init(objectID: String, element: String, line: Int) {
        self.objectID = objectID
        self.element = element
        self.line = line
    }
}

/// A gesture recognizer of a scene or xib (`tapGestureRecognizer`, `panGestureRecognizer`,
/// …): views attach it through their `gestureRecognizers` outlet collection; its actions,
/// outlets and delegate are connections like any object's.
public struct GestureRecognizerDefinition: Hashable, Sendable {
    /// The object id.
    public var objectID: String
    /// The element name (`tapGestureRecognizer`, …).
    public var element: String
    /// The attributes as written (`numberOfTapsRequired`, `minimumPressDuration`,
    /// `direction`, `cancelsTouchesInView`, `enabled`, …), less id and key.
    public var attributes: [String: String] = [:]
    /// The line in its file.
    public var line: Int

    /// Creates a gesture recognizer definition.
    public init(objectID: String, element: String, attributes: [String: String] = [:], line: Int) {
        self.objectID = objectID
        self.element = element
        self.attributes = attributes
        self.line = line
    }
}

/// A bar button item of a navigation item.
public struct BarButtonItemDefinition: Hashable, Sendable {
    /// The object id.
    public var objectID: String
    /// `title`.
    public var title: String?
    /// `image`, by name.
    public var image: String?
    /// `systemItem` (`add`, `done`, …).
    public var systemItem: String?
    /// `style` (`plain`, `done`).
    public var style: String?
    /// A segue it performs when tapped (its identifier or, without one, its object id).
    public var segue: String?
    /// The line in its file.
    public var line: Int

    /// Creates a bar button item definition.
    public init(objectID: String, line: Int) {
        self.objectID = objectID
        self.line = line
    }
}

/// A `navigationItem` of a scene's controller.
public struct NavigationItemDefinition: Hashable, Sendable {
    /// The object id.
    public var objectID: String
    /// `title`.
    public var title: String?
    /// `leftBarButtonItem` then `leftBarButtonItems`, in order.
    public var leftItems: [BarButtonItemDefinition] = []
    /// `rightBarButtonItem` then `rightBarButtonItems`, in order.
    public var rightItems: [BarButtonItemDefinition] = []

    /// Creates a navigation item definition.
    public init(objectID: String) {
        self.objectID = objectID
    }
}

/// A `placeholder` object: File's Owner (`IBFilesOwner`), First Responder
/// (`IBFirstResponder`), or a storyboard scene's Exit.
public struct PlaceholderDefinition: Hashable, Sendable {
    /// The object id.
    public var objectID: String
    /// `IBFilesOwner`, `IBFirstResponder`, or `exit` for a scene's Exit.
    public var identifier: String
    /// The owner's `customClass`, if any.
    public var customClass: String?
    /// The owner's `customModule`, if any.
    public var customModule: String?

    /// Creates a placeholder definition.
    public init(objectID: String, identifier: String, customClass: String? = nil, customModule: String? = nil) {
        self.objectID = objectID
        self.identifier = identifier
        self.customClass = customClass
        self.customModule = customModule
    }
}

/// Something the reader skipped or mapped onto a simpler class: one note per kind per
/// file, reported as a diagnostic when the file is loaded into an app and printed by
/// `lifeloop validate`.
public struct InterfaceBuilderNote: Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line of the first occurrence.
    public var line: Int
    /// What was skipped or simplified.
    public var message: String

    /// Creates a note.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// What an Xcode storyboard says about one scene's controller beyond the JSON fields.
public struct InterfaceBuilderSceneData: Hashable, Sendable {
    /// The controller element (`viewController`, `navigationController`, `tableViewController`, …).
    public var element: String
    /// The line of the controller element.
    public var line: Int
    /// `customClass`, if any.
    public var customClass: String?
    /// `customModule`, if any.
    public var customModule: String?
    /// `customModuleProvider`, if any.
    public var customModuleProvider: String?
    /// `storyboardIdentifier`, which `instantiateViewController(withIdentifier:)` finds.
    public var storyboardIdentifier: String?
    /// `title` of the controller.
    public var title: String?
    /// The controller's navigation item.
    public var navigationItem: NavigationItemDefinition?
    /// Lifeloop's class for the element: what the controller is made as when it has no
    /// custom class, or one the app cannot find.
    public var baseClass = "ViewController"
    /// The title of the controller's `tabBarItem`, if the file gives one.
    public var tabBarItemTitle: String?
    /// `modalTransitionStyle` of the controller (data).
    public var modalTransitionStyle: String?
    /// The scene's placeholders (First Responder, Exit).
    public var placeholders: [PlaceholderDefinition] = []
    /// Every outlet, outlet-collection and action connection of the scene's objects, in
    /// file order.
    public var connections: [ConnectionDefinition] = []
    /// The scene's gesture recognizers, made when the controller's view loads.
    public var gestureRecognizers: [GestureRecognizerDefinition] = []

    /// Creates the data for one scene.
    public init(element: String, line: Int) {
        self.element = element
        self.line = line
    }
}

/// What an Xcode xib says beyond its first top-level view.
public struct InterfaceBuilderNibData: Hashable, Sendable {
    /// File's Owner, if the file has one.
    public var owner: PlaceholderDefinition?
    /// Every placeholder (owner, First Responder).
    public var placeholders: [PlaceholderDefinition] = []
    /// The top-level views after the first, in file order.
    public var otherRoots: [ViewNode] = []
    /// Every connection, in file order.
    public var connections: [ConnectionDefinition] = []
    /// What the reader skipped or simplified.
    public var notes: [InterfaceBuilderNote] = []
    /// The xib's top-level gesture recognizers.
    public var gestureRecognizers: [GestureRecognizerDefinition] = []

    /// Creates empty nib data.
    public init() {}
}

/// The resources section of an Xcode file: images by name (with their sizes) and
/// named and system colors with their values.
public struct InterfaceBuilderResources: Hashable, Sendable {
    /// Image names and their sizes.
    public var images: [String: Size] = [:]
    /// Named colors (`namedColor`) and system colors (`systemColor`) with their sRGB values.
    public var colors: [String: InterfaceBuilderColor] = [:]

    /// Creates empty resources.
    public init() {}
}

/// One section of a static table in an Xcode storyboard (`<tableViewSection>`): its header
/// and footer titles and its cells, in order.
public struct StaticTableSection: Hashable, Sendable {
    /// `headerTitle`, if any.
    public var headerTitle: String?
    /// `footerTitle`, if any.
    public var footerTitle: String?
    /// The section's cells (`<cells>`), each a cell view with its content.
    public var cells: [ViewNode]

    /// A section with these titles and cells.
    public init(headerTitle: String? = nil, footerTitle: String? = nil, cells: [ViewNode] = []) {
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.cells = cells
    }
}
