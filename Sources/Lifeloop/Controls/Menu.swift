/// Something a menu shows: UIKit's `UIMenuElement` (``Action``, ``Menu``,
/// ``DeferredMenuElement``).
public protocol MenuElement: AnyObject {
    /// The title shown.
    var title: String { get }
    /// The image shown.
    var image: Image? { get }
}

extension Action: MenuElement {
    /// Runs the action's handler, as choosing it in a menu does, with `sender` as its
    /// ``sender`` (UIKit's `performWithSender(_:target:)`; `target` is unused, the handler
    /// is the action).
    public func performWithSender(_ sender: Any?, target: Any?) {
        perform(sender: sender)
    }
}

/// A menu: UIKit's `UIMenu`, a titled list of actions, submenus and deferred elements.
///
/// Headless there is no one to open a menu, so a menu is data that tests read and work:
/// ``actions`` lists every action a user could choose (submenus and deferred elements
/// resolved), and ``performAction(titled:sender:)`` chooses one as a tap in the menu does.
public final class Menu: MenuElement {
    /// A menu's identity.
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier of `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows: UIKit's `UIMenu.Options`.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Its children shown inline in the parent menu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Shown as destructive.
        public static let destructive = Options(rawValue: 1 << 1)
        /// One of its actions at a time is on.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// Shown as a palette.
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    public let title: String
    public let image: Image?
    /// A line under the title.
    public var subtitle: String?
    /// The identity, if given.
    public let identifier: Identifier?
    /// How it shows.
    public let options: Options
    /// The elements, in order.
    public let children: [MenuElement]

    /// A menu of `children`.
    public init(title: String = "", subtitle: String? = nil, image: Image? = nil, identifier: Identifier? = nil,
                options: Options = [], children: [MenuElement] = []) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.identifier = identifier
        self.options = options
        self.children = children
    }

    /// A copy with other children.
    public func replacingChildren(_ newChildren: [MenuElement]) -> Menu {
        Menu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, children: newChildren)
    }

    /// Every action of the menu, depth first: in submenus too, and the elements deferred
    /// elements provide (each asked now, as opening the menu would).
    public var actions: [Action] {
        children.flatMap { element -> [Action] in
            switch element {
            case let action as Action: [action]
            case let menu as Menu: menu.actions
            case let deferred as DeferredMenuElement: Menu(children: deferred.resolvedElements()).actions
            default: []
            }
        }
    }

    /// Chooses the first action titled `title` (in ``actions``' order), as a tap in the
    /// open menu does: runs its handler with `sender`. Returns false when there is none.
    @discardableResult
    public func performAction(titled title: String, sender: Any? = nil) -> Bool {
        guard let action = actions.first(where: { $0.title == title }) else { return false }
        action.performWithSender(sender, target: nil)
        return true
    }
}

/// Menu elements provided when the menu opens: UIKit's `UIDeferredMenuElement`.
///
/// UIKit shows a loading row until the provider calls its completion; headless, the
/// elements are whatever the provider has given when ``Menu/actions`` asks (nothing if
/// it has not called back yet). A cached element asks its provider once.
public final class DeferredMenuElement: MenuElement {
    public var title: String { "" }
    public var image: Image? { nil }
    let provider: (@escaping ([MenuElement]) -> Void) -> Void
    let cached: Bool
    private var provided: [MenuElement]?

    /// Elements `provider` gives once, through the completion it is passed.
    public init(_ provider: @escaping (@escaping ([MenuElement]) -> Void) -> Void) {
        self.provider = provider
        self.cached = true
    }

    private init(uncached provider: @escaping (@escaping ([MenuElement]) -> Void) -> Void) {
        self.provider = provider
        self.cached = false
    }

    /// Elements `provider` gives each time the menu opens.
    public static func uncached(_ provider: @escaping (@escaping ([MenuElement]) -> Void) -> Void) -> DeferredMenuElement {
        DeferredMenuElement(uncached: provider)
    }

    /// Asks the provider (once if cached) and returns what it has given so far.
    func resolvedElements() -> [MenuElement] {
        if cached, let provided { return provided }
        var given: [MenuElement] = []
        provider { elements in given = elements }
        if cached { provided = given }
        return given
    }
}

extension BarButtonItem {
    /// A button showing `image` whose tap opens `menu`.
    public convenience init(title: String? = nil, image: Image?, primaryAction: Action? = nil, menu: Menu?) {
        self.init(image: image, style: .plain, primaryAction: primaryAction)
        if let title { self.title = title }
        self.menu = menu
    }

    /// A system item whose tap runs `primaryAction` (or opens `menu` when there is none),
    /// and whose long press opens `menu`.
    public convenience init(systemItem: SystemItem, primaryAction: Action? = nil, menu: Menu? = nil) {
        self.init(barButtonSystemItem: systemItem, primaryAction: primaryAction)
        self.menu = menu
    }

    /// A fixed space `width` points wide in a toolbar.
    public static func fixedSpace(width: CGFloat) -> BarButtonItem {
        let item = BarButtonItem(barButtonSystemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// A space that takes what a toolbar has left.
    public static func flexibleSpace() -> BarButtonItem {
        BarButtonItem(barButtonSystemItem: .flexibleSpace)
    }
}
