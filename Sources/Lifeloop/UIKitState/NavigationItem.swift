/// An item a bar shows: UIKit's `UIBarItem` family. Its state is data; a bar button's
/// tap (``Application/tap(barButtonItem:in:)``) runs its action.
open class BarItem: NameWirable {
    /// The title.
    open var title: String?
    /// The image.
    open var image: Image?
    /// Whether it takes taps.
    open var isEnabled = true
    /// A number to find it by.
    open var tag = 0
    /// The identifier UI tests find the item by (its element's identifier).
    open var accessibilityIdentifier: String?
    /// What assistive technologies call the item (by default its title).
    open var accessibilityLabel: String?

    /// The item's element serial (Elements/ElementID.swift).
    final var elementSerial: UInt64 = ThreadContext.application?.nextElementSerial() ?? 0

    /// An item with no title or image.
    public init() {}


    // MARK: Reached by name (the port step overrides these)

    /// Sets an outlet by name; this class has none. See ``NameWirable``.
    open func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { false }
    /// Calls a method by selector; this class has none reachable by name. See ``NameWirable``.
    open func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome { .notFound }
    /// Whether a method is reachable by `selector`; none is here. See ``NameWirable``.
    open func lifeloopResponds(to selector: Selector) -> Bool { false }
}

/// A button in a navigation bar or toolbar: UIKit's `UIBarButtonItem`, with a `UIAction`
/// or a target and a selector.
open class BarButtonItem: BarItem {
    /// The system items.
    public enum SystemItem: Int, Hashable, Sendable {
        /// UIKit's system items of these names, shown by their titles.
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        /// More of UIKit's system items, shown by their titles.
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .undo: "Undo"
            case .redo: "Redo"
            case .close: "Close"
            default: String(describing: self)
            }
        }

        /// What UIKit's accessibility tree calls the item (what VoiceOver reads and
        /// XCUITest matches a label against): its English name, while `title` stays the
        /// text this runtime draws and traces; nil for the spaces, which are no elements.
        var accessibilityLabel: String? {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "Add"
            case .flexibleSpace, .fixedSpace: nil
            case .compose: "Compose"
            case .reply: "Reply"
            case .action: "Share"
            case .organize: "Organize"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .refresh: "Refresh"
            case .stop: "Stop"
            case .camera: "Camera"
            case .trash: "Trash"
            case .play: "Play"
            case .pause: "Pause"
            case .rewind: "Rewind"
            case .fastForward: "Fast Forward"
            case .undo: "Undo"
            case .redo: "Redo"
            case .close: "Close"
            }
        }
    }

    /// The styles.
    public enum Style: Int, Hashable, Sendable {
        /// UIKit's bar button item styles.
        case plain, bordered, done
    }

    /// The style.
    open var style: Style = .plain
    /// The action a tap runs.
    open var primaryAction: Action?
    /// A custom view shown instead of a title (data).
    open var customView: View?
    /// The width (data).
    open var width: CGFloat = 0
    /// The tint (data).
    open var tintColor: Color?
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// The object a tap sends ``action`` to (not retained); nil sends it up the
    /// responder chain of the controller whose bar shows the item.
    open weak var target: AnyObject?
    /// The selector a tap sends when the item has no ``primaryAction``.
    open var action: Selector?
    /// The menu a tap (without a ``primaryAction``) or a long press opens.
    open var menu: Menu?

    /// A button titled `title` whose tap runs `primaryAction`.
    public init(title: String?, style: Style, primaryAction: Action? = nil) {
        systemItem = nil
        super.init()
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }

    /// A button showing `image` whose tap runs `action`.
    public init(image: Image?, style: Style, primaryAction: Action? = nil) {
        systemItem = nil
        super.init()
        self.image = image
        self.style = style
        self.primaryAction = primaryAction
    }

    /// A system item whose tap runs `primaryAction`.
    public init(barButtonSystemItem systemItem: SystemItem, primaryAction: Action? = nil) {
        self.systemItem = systemItem
        super.init()
        self.title = systemItem.title
        self.style = systemItem == .done ? .done : .plain
        self.primaryAction = primaryAction
    }

    /// The label UIKit's accessibility tree gives a system item while it shows its own
    /// title (`Add` for `.add`); nil for other items, and for a system item whose title
    /// the app changed (an edit item that reads "Done" while editing is labelled by it).
    var systemItemLabel: String? {
        guard let systemItem, title == systemItem.title else { return nil }
        return systemItem.accessibilityLabel
    }

    /// A button with a title or image from `primaryAction`.
    public init(primaryAction: Action?) {
        systemItem = nil
        super.init()
        self.title = primaryAction?.title
        self.image = primaryAction?.image
        self.primaryAction = primaryAction
    }

    /// A button showing `customView`.
    public init(customView: View) {
        systemItem = nil
        super.init()
        self.customView = customView
    }

    /// An item with a title, no action.
    public override init() {
        systemItem = nil
        super.init()
    }
}

/// What a navigation bar shows for a controller: UIKit's `UINavigationItem`.
open class NavigationItem {
    /// The title; nil shows the controller's `title`.
    open var title: String?
    /// A prompt above the title (data).
    open var prompt: String?
    /// A view instead of the title (data).
    open var titleView: View?
    /// The back button's title the next controller shows (data).
    open var backButtonTitle: String?
    /// The back button item (data).
    open var backBarButtonItem: BarButtonItem?
    /// Whether the back button is hidden (data).
    open var hidesBackButton = false
    /// The items at the leading edge.
    open var leftBarButtonItems: [BarButtonItem]?
    /// The items at the trailing edge.
    open var rightBarButtonItems: [BarButtonItem]?
    /// How a large title shows (data).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// The controller whose item this is (set when the controller makes it).
    weak var owningController: ViewController?
    /// `searchController` and `hidesSearchBarWhenScrolling` (SearchController.swift).
    var storedSearchController: SearchController?
    var storedHidesSearchBarWhenScrolling = true

    /// The large-title modes.
    public enum LargeTitleDisplayMode: Int, Hashable, Sendable {
        /// Large titles as the navigation bar decides, always, or never.
        case automatic, always, never
    }

    /// The first leading item.
    open var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first trailing item.
    open var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// An item with a title.
    public init(title: String) {
        self.title = title
    }

    init() {}

    /// Sets the leading items; `animated` is data.
    open func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the trailing items; `animated` is data.
    open func setRightBarButton(_ item: BarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Sets the leading items; `animated` is data.
    open func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the trailing items; `animated` is data.
    open func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    /// All bar button items, leading then trailing.
    public var allBarButtonItems: [BarButtonItem] { (leftBarButtonItems ?? []) + (rightBarButtonItems ?? []) }
}

/// What a tab bar shows for a controller: UIKit's `UITabBarItem`.
open class TabBarItem: BarItem {
    /// The system items.
    public enum SystemItem: Int, Hashable, Sendable {
        /// UIKit's system tab bar items, shown by their titles.
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
        /// More of UIKit's system tab bar items.
        case mostRecent, mostViewed
    }

    /// The image when selected.
    open var selectedImage: Image?
    /// The badge text.
    open var badgeValue: String?
    /// The badge color.
    open var badgeColor: Color?

    /// An item with a title and images.
    public init(title: String?, image: Image?, selectedImage: Image?) {
        super.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// An item with a title, an image and a tag.
    public init(title: String?, image: Image?, tag: Int) {
        super.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// A system item with a tag.
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        super.init()
        self.title = String(describing: systemItem)
        self.tag = tag
    }

    /// An empty item.
    public override init() {
        super.init()
    }
}
