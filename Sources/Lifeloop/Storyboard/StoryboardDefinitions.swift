import Foundation


/// What a view in a file does when tapped.
///
/// Written in JSON as the `"action"` field of a view: `"segue:<identifier>"`, `"dismiss"`
/// or `"back"`.
public enum TapAction: Hashable, Sendable {
    /// Perform the owning scene's segue with this identifier (`"segue:<identifier>"`).
    case segue(String)
    /// Dismiss the presented controller that owns the view (`"dismiss"`).
    case dismiss
    /// The back button: pop the owning controller's navigation controller, animated, as
    /// UIKit's back button does (`"back"`, L24, L16).
    case back
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
    /// The child views, back to front (`"subviews"`, default empty).
    public var subviews: [ViewNode]
    /// The fields most views leave at their defaults, boxed so that a node is 80 bytes:
    /// nil when all of them are defaults, so equal nodes are stored alike.
    private var details: ViewNodeDetails?

    /// How the view follows its superview's size changes (`"autoresizing"`: a list of mask names, default empty).
    public var autoresizingMask: AutoresizingMask {
        get { details?.autoresizingMask ?? [] }
        set { updateDetails { $0.autoresizingMask = newValue } }
    }

    /// An integer tag (`"tag"`, default 0).
    public var tag: Int {
        get { details?.tag ?? 0 }
        set { updateDetails { $0.tag = newValue } }
    }

    /// Whether the view starts hidden (`"hidden"`, default `false`).
    public var isHidden: Bool {
        get { details?.isHidden ?? false }
        set { updateDetails { $0.isHidden = newValue } }
    }

    /// The background color (`"backgroundColor"`: `"#RRGGBB"` or `"#RRGGBBAA"`, default none).
    public var backgroundColor: Color? {
        get { details?.backgroundColor }
        set { updateDetails { $0.backgroundColor = newValue } }
    }

    /// What a tap on the view does (`"action"`, default none).
    public var tapAction: TapAction? {
        get { details?.tapAction }
        set { updateDetails { $0.tapAction = newValue } }
    }

    /// What an Xcode storyboard or xib says about the view beyond the JSON fields (its
    /// element, class, text, font, constraints…); nil for views read from JSON.
    public var interfaceBuilder: InterfaceBuilderViewData? {
        get { details?.fields.interfaceBuilder }
        set { updateDetails { $0.interfaceBuilder = newValue } }
    }

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
        self.subviews = subviews
        let details = ViewNodeDetails.Fields(
            autoresizingMask: autoresizingMask, tag: tag, isHidden: isHidden,
            backgroundColor: backgroundColor, tapAction: tapAction
        )
        self.details = details.isDefault ? nil : ViewNodeDetails(details)
    }

    /// Replaces the boxed fields with `change` applied (the box is shared, so never mutated).
    private mutating func updateDetails(_ change: (inout ViewNodeDetails.Fields) -> Void) {
        var fields = details?.fields ?? ViewNodeDetails.Fields()
        change(&fields)
        details = fields.isDefault ? nil : ViewNodeDetails(fields)
    }
}

/// The rarely set fields of a ``ViewNode``, immutable and compared by value.
final class ViewNodeDetails: Hashable, Sendable {
    struct Fields: Hashable, Sendable {
        var autoresizingMask: AutoresizingMask = []
        var tag = 0
        var isHidden = false
        var backgroundColor: Color?
        var tapAction: TapAction?
        var interfaceBuilder: InterfaceBuilderViewData?

        var isDefault: Bool { self == Fields() }
    }

    let fields: Fields

    init(_ fields: Fields) {
        self.fields = fields
    }

    var autoresizingMask: AutoresizingMask { fields.autoresizingMask }
    var tag: Int { fields.tag }
    var isHidden: Bool { fields.isHidden }
    var backgroundColor: Color? { fields.backgroundColor }
    var tapAction: TapAction? { fields.tapAction }

    static func == (lhs: ViewNodeDetails, rhs: ViewNodeDetails) -> Bool { lhs.fields == rhs.fields }

    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// A nib: a view tree, loaded by a controller's default loadView.
///
/// JSON form: `{"view": <view>}`, where `"view"` is required.
public struct NibDefinition: Hashable, Sendable {
    /// The nib's name, by which controllers refer to it.
    public var name: String
    /// The root of the view tree.
    public var root: ViewNode
    /// For a nib read from an Xcode `.xib`: its other top-level views, File's Owner and
    /// connections; nil for JSON nibs.
    public var interfaceBuilder: InterfaceBuilderNibData?

    /// Creates a nib definition from its parts.
    public init(name: String, root: ViewNode, interfaceBuilder: InterfaceBuilderNibData? = nil) {
        self.name = name
        self.root = root
        self.interfaceBuilder = interfaceBuilder
    }

    /// Parses and validates a nib from JSON bytes.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 JSON text.
    ///   - name: The name the nib gets.
    ///   - file: The file name used in error messages.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ data: Data, name: String, file: String) throws(StoryboardError) -> NibDefinition {
        try parse([UInt8](data), name: name, file: file)
    }

    /// Parses and validates a nib from JSON bytes, as ``parse(_:name:file:)-(Data,_,_)``.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> NibDefinition {
        try StoryboardFileReader(file: file).nib(bytes, name: name)
    }
}

/// How a segue shows its destination (L24).
public enum SegueKind: String, Hashable, Sendable, CaseIterable {
    /// Push onto the source's navigation controller when it has one, else present
    /// modally (`"show"`), as `show(_:sender:)`.
    case show
    /// Present modally over the source with the segue's or the destination scene's
    /// presentation style (`"present"`).
    case present
    /// Make the destination a child whose view fills one of the source's views, the
    /// segue's `"container"`, when the source's view loads (`"embed"`).
    case embed
    /// Set a navigation controller's root or a tab bar controller's tabs, in segue order,
    /// when the source is created (`"relationship"`).
    case relationship
    /// Go back to the nearest controller of the destination scene: pop to it in the
    /// source's navigation stack, or dismiss what it presented (`"unwind"`).
    case unwind

    /// Whether a tap or `performSegue` can perform it: embed and relationship segues run
    /// by themselves.
    public var isPerformable: Bool {
        switch self {
        case .show, .present, .unwind: return true
        case .embed, .relationship: return false
        }
    }
}

/// A named transition from one scene to another.
///
/// JSON form: `{"identifier": "showB", "kind": "present", "destination": "B", "animated": true,
/// "presentationStyle": "formSheet", "container": "A.box"}`: `"kind"` and `"destination"` are
/// required; `"identifier"` is required for `show`, `present` and `unwind` segues and optional
/// for `embed` and `relationship` ones; `"animated"` defaults to `false`;
/// `"presentationStyle"` is for `present` and `show` segues only, `"container"` (the label
/// of a view in the scene's view tree) is required for `embed` segues and allowed on no other.
public struct SegueDefinition: Hashable, Sendable {
    /// The name a tap action or `performSegue` uses; unique within its scene. Empty for an
    /// embed or relationship segue the file gives no identifier.
    public var identifier: String
    /// How the destination is shown.
    public var kind: SegueKind
    /// The id of the destination scene.
    public var destination: String
    /// Whether the transition is animated.
    public var animated: Bool
    /// The presentation style a `present` (or `show` without a navigation controller)
    /// segue gives its destination, over the scene's own; nil keeps the scene's.
    public var presentationStyle: ModalPresentationStyle?
    /// For an `embed` segue: the label of the view in the source scene that holds the
    /// child's view (for a storyboard read from Xcode's format, the container view's
    /// object id).
    public var container: String?
    /// For a segue read from an Xcode storyboard: its object id, by which a button or bar
    /// button item that triggers it names it when it has no identifier.
    public var objectID: String?
    /// For an unwind segue read from an Xcode storyboard: the unwind action's selector
    /// (`unwindToHome:`). The segue returns to the nearest controller below the source
    /// that has that method, and calls it with the segue.
    public var unwindAction: String?
    /// The kind as an Xcode file writes it (`show`, `showDetail`, `presentation`, `custom`,
    /// …) when it differs from ``kind``'s name; nil otherwise.
    public var xcodeKind: String?

    /// Creates a segue definition from its parts.
    public init(identifier: String, kind: SegueKind, destination: String, animated: Bool = false,
                presentationStyle: ModalPresentationStyle? = nil, container: String? = nil,
                objectID: String? = nil, unwindAction: String? = nil, xcodeKind: String? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.animated = animated
        self.presentationStyle = presentationStyle
        self.container = container
        self.objectID = objectID
        self.unwindAction = unwindAction
        self.xcodeKind = xcodeKind
    }
}

/// One scene of a storyboard: a controller class, its optional view tree and its segues.
///
/// JSON form: `{"id": "A", "class": "ViewController", "label": "A", "view": <view>,
/// "segues": [<segue>], "presentationStyle": "pageSheet"}`; only `"id"` is required.
public struct SceneDefinition: Hashable, Sendable {
    /// The presentation styles `"presentationStyle"` accepts: every ``ModalPresentationStyle``.
    public static let presentationStyles: [String] = ModalPresentationStyle.allCases.map(\.rawValue)

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
    /// How the scene is presented modally (`"presentationStyle"`: one of ``presentationStyles``), or `nil`
    /// for the controller's default; set as the controller's `modalPresentationStyle` when it is created.
    public var presentationStyle: String?
    /// For a scene read from an Xcode storyboard: the controller's element, class, module,
    /// storyboard identifier, navigation item and connections; nil for JSON scenes.
    public var interfaceBuilder: InterfaceBuilderSceneData?

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

    /// The segue with this identifier, if the scene has one; for a storyboard read from
    /// Xcode's format, also the segue with this object id.
    public func segue(withIdentifier identifier: String) -> SegueDefinition? {
        segues.first { $0.identifier == identifier } ?? segues.first { $0.objectID == identifier }
    }
}

/// A storyboard: scenes joined by segues, with one initial scene.
///
/// JSON form: `{"initialScene": "A", "scenes": [<scene>, ...], "uikitVersion": "13"}`;
/// `"initialScene"` and `"scenes"` are required and `"scenes"` must not be empty;
/// `"uikitVersion"` (a major version such as `13`, `"13.2"` or `"iOS 13"`) is optional.
public struct StoryboardDefinition: Hashable, Sendable {
    /// The storyboard's name.
    public var name: String
    /// The id of the scene shown first.
    public var initialScene: String
    /// The scenes, in file order.
    public var scenes: [SceneDefinition]
    /// The UIKit version whose behaviour an app launched from this storyboard follows
    /// (``Application/launch(storyboard:screen:)`` sets ``Application/uikitVersion``), or nil
    /// to leave the app's.
    public var uikitVersion: UIKitVersion?
    /// What the reader of an Xcode storyboard skipped or simplified, one note per kind;
    /// reported as diagnostics when the storyboard is loaded into an app.
    public var notes: [InterfaceBuilderNote] = []
    /// The folder the file was read from, if it was read from a file: an app launched
    /// from it without a bundle folder of its own finds nibs and storyboards there.
    public var directory: String?

    /// Creates a storyboard definition from its parts, without validating them.
    public init(name: String, initialScene: String, scenes: [SceneDefinition], uikitVersion: UIKitVersion? = nil) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
        self.uikitVersion = uikitVersion
    }

    /// The scene with this id, if there is one; for a storyboard read from Xcode's format,
    /// also the scene whose controller has this `storyboardIdentifier`.
    public func scene(withID id: String) -> SceneDefinition? {
        scenes.first { $0.id == id } ?? scenes.first { $0.interfaceBuilder?.storyboardIdentifier == id }
    }

    /// Parses and validates a storyboard from JSON bytes.
    ///
    /// Besides the shape of each field, checks that scene ids are unique, that `initialScene`
    /// and every segue destination name a scene, that segue identifiers are unique within
    /// their scene, that every `"segue:<identifier>"` action in a scene's view names one
    /// of that scene's show, present or unwind segues, that every embed segue's container
    /// is a view of its scene, that relationship segues leave a scene that can hold them,
    /// and that embed and relationship segues make no cycle.
    /// - Parameters:
    ///   - data: The UTF-8 JSON text.
    ///   - name: The name the storyboard gets.
    ///   - file: The file name used in error messages.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ data: Data, name: String, file: String) throws(StoryboardError) -> StoryboardDefinition {
        try parse([UInt8](data), name: name, file: file)
    }

    /// Parses and validates a storyboard from JSON bytes, as ``parse(_:name:file:)-(Data,_,_)``.
    /// - Throws: ``StoryboardError`` naming the bad field.
    public static func parse(_ bytes: [UInt8], name: String, file: String) throws(StoryboardError) -> StoryboardDefinition {
        try StoryboardFileReader(file: file).storyboard(bytes, name: name)
    }
}
