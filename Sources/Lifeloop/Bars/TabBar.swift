import Foundation

/// What a tab bar tells its delegate: UIKit's `UITabBarDelegate`, its selection method.
public protocol TabBarDelegate: AnyObject {
    /// The user selected `item`.
    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem)
}

extension TabBarDelegate {
    public func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {}
}

/// The row of tabs at the bottom of a tab bar controller: UIKit's `UITabBar`.
///
/// A tab bar controller's bar (``TabBarController/tabBar``) is not a subview of the
/// controller's view: Lifeloop draws it in snapshots from the controller's tabs, in the
/// colors set here (the appearance's background color, else ``barTintColor``; the
/// selected tab in `tintColor`, the others in ``unselectedItemTintColor``). Hiding it
/// (`isHidden`) takes it out of snapshots and gives its 49 points back to the tabs' safe
/// area. Its ``items`` are the tabs' `tabBarItem`s and ``selectedItem`` the selected
/// tab's; setting ``selectedItem`` selects that tab. A bar made on its own (`UITabBar()`
/// in a view of your own) keeps its items as data.
open class TabBar: View {
    /// How items spread across the bar: UIKit's `UITabBar.ItemPositioning` (data).
    public enum ItemPositioning: Int, Hashable, Sendable {
        /// As the size class decides, filling the width, or centered.
        case automatic, fill, centered
    }

    /// The tab bar controller whose bar this is.
    weak var tabBarController: TabBarController?
    private var storedItems: [TabBarItem]?
    private weak var storedSelectedItem: TabBarItem?
    /// The delegate, held weakly (a tab bar controller's bar has the controller as its
    /// delegate in UIKit: here it is nil until set).
    open weak var delegate: TabBarDelegate?
    /// The color of the unselected items (nil: the system gray).
    open var unselectedItemTintColor: Color?
    /// The bar's background color (used when the appearance has none).
    open var barTintColor: Color?
    /// Whether the bar is translucent (data).
    open var isTranslucent = true
    /// The bar's style (data).
    open var barStyle: BarStyle = .default
    /// The background image (data).
    open var backgroundImage: Image?
    /// The image of the line above the bar (data).
    open var shadowImage: Image?
    /// The image behind the selected item (data).
    open var selectionIndicatorImage: Image?
    /// How items spread (data).
    open var itemPositioning: ItemPositioning = .automatic
    /// The space between items (data).
    open var itemSpacing: CGFloat = 0
    /// The width of items (data).
    open var itemWidth: CGFloat = 0
    /// The look of the bar: its background color is drawn.
    open var standardAppearance = TabBarAppearance()
    /// The look when content is scrolled to the bar's edge (nil: the standard one; data).
    open var scrollEdgeAppearance: TabBarAppearance?
    /// The look of a compact bar (data).
    open var compactAppearance: TabBarAppearance?

    /// A tab bar in `frame` (49 points high when the frame has no height).
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 49 : frame.height)))
    }

    /// A tab bar with no width, 49 points high.
    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The items: a tab bar controller's tabs' `tabBarItem`s, else those set.
    open var items: [TabBarItem]? {
        get {
            if let tabBarController { return tabBarController.viewControllers.compactMap { $0.tabBarItem } }
            return storedItems
        }
        set { storedItems = newValue }
    }

    /// Sets the items (`animated` is data). A tab bar controller's bar keeps its tabs' items.
    open func setItems(_ items: [TabBarItem]?, animated: Bool) {
        self.items = items
    }

    /// The selected item: the selected tab's. Setting a tab's item selects that tab.
    open var selectedItem: TabBarItem? {
        get {
            if let tabBarController { return tabBarController.selectedViewController?.tabBarItem }
            return storedSelectedItem
        }
        set {
            guard onLoop("selectedItem") else { return }
            if let tabBarController, let newValue,
               let tab = tabBarController.viewControllers.first(where: { $0.tabBarItemIfMade === newValue }) {
                tabBarController.userSelected(tab, item: newValue, in: self)
            } else {
                storedSelectedItem = newValue
            }
        }
    }

    /// The bar is 49 points high.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 49) }

    /// The width it is given (or its own), 49 points high.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width > 0 ? size.width : bounds.width, height: 49)
    }

    /// The background drawn: the standard appearance's color, else the bar tint.
    public var drawnBackgroundColor: Color? { standardAppearance.backgroundColor ?? barTintColor }
    /// The selected item's color drawn: the appearance's selected icon color, else the tint.
    public var drawnSelectedItemColor: Color? {
        standardAppearance.stackedLayoutAppearance.selected.iconColor ?? extrasTintColor
    }
    /// The unselected items' color drawn: the appearance's normal icon color, else
    /// ``unselectedItemTintColor``.
    public var drawnUnselectedItemColor: Color? {
        standardAppearance.stackedLayoutAppearance.normal.iconColor ?? unselectedItemTintColor
    }

    /// The tint set on the bar itself, if any (not inherited).
    private var extrasTintColor: Color? { extras?.tintColor }

    /// A visibility change moves the tabs' safe area.
    open override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue, let tabBarController else { return }
            for tab in tabBarController.viewControllers { tab.viewIfLoaded?.setNeedsLayout() }
        }
    }
}

/// The look of one state of a tab bar item: UIKit's `UITabBarItemStateAppearance`.
open class TabBarItemStateAppearance {
    /// The title's attributes (data).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The icon's color (drawn for the normal and selected states).
    open var iconColor: Color?
    /// The badge's background color (data).
    open var badgeBackgroundColor: Color?
    /// The badge text's attributes (data).
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]

    init() {}

    func copy() -> TabBarItemStateAppearance {
        let copy = TabBarItemStateAppearance()
        copy.titleTextAttributes = titleTextAttributes
        copy.iconColor = iconColor
        copy.badgeBackgroundColor = badgeBackgroundColor
        copy.badgeTextAttributes = badgeTextAttributes
        return copy
    }
}

/// The look of tab bar items in one layout: UIKit's `UITabBarItemAppearance`.
open class TabBarItemAppearance {
    /// The layouts of tab bar items: UIKit's `UITabBarItemAppearance.Style`.
    public enum Style: Int, Hashable, Sendable {
        /// Icon above the title, inline, and compact inline.
        case stacked, inline, compactInline
    }

    /// Unselected items.
    public let normal: TabBarItemStateAppearance
    /// The selected item.
    public let selected: TabBarItemStateAppearance
    /// Disabled items.
    public let disabled: TabBarItemStateAppearance
    /// The focused item.
    public let focused: TabBarItemStateAppearance

    /// An appearance for stacked items.
    public convenience init() {
        self.init(style: .stacked)
    }

    /// An appearance for items of `style`.
    public init(style: Style) {
        (normal, selected, disabled, focused) = (.init(), .init(), .init(), .init())
    }

    private init(copying other: TabBarItemAppearance) {
        (normal, selected, disabled, focused) = (other.normal.copy(), other.selected.copy(), other.disabled.copy(), other.focused.copy())
    }

    /// The system's defaults for `style`: no colors of its own.
    open func configureWithDefault(for style: Style) {
        for state in [normal, selected, disabled, focused] {
            state.iconColor = nil
            state.titleTextAttributes = [:]
        }
    }

    /// A copy.
    open func copy() -> TabBarItemAppearance { TabBarItemAppearance(copying: self) }
}

/// The look of a tab bar: UIKit's `UITabBarAppearance`, a bar appearance with the look of
/// its items. The background color and the stacked items' icon colors are drawn.
open class TabBarAppearance: BarAppearance {
    /// The look of items stacked icon over title (the iPhone's).
    open var stackedLayoutAppearance = TabBarItemAppearance(style: .stacked)
    /// The look of inline items (data).
    open var inlineLayoutAppearance = TabBarItemAppearance(style: .inline)
    /// The look of compact inline items (data).
    open var compactInlineLayoutAppearance = TabBarItemAppearance(style: .compactInline)
    /// The color behind the selected item (data).
    open var selectionIndicatorTintColor: Color?
    /// The image behind the selected item (data).
    open var selectionIndicatorImage: Image?
    /// How stacked items spread (data).
    open var stackedItemPositioning: TabBar.ItemPositioning = .automatic
    /// The space between stacked items (data).
    open var stackedItemSpacing: CGFloat = 0
    /// The width of stacked items (data).
    open var stackedItemWidth: CGFloat = 0

    /// The system's default look.
    public override init() { super.init() }

    /// A copy of another appearance.
    public override init(barAppearance: BarAppearance) {
        if let other = barAppearance as? TabBarAppearance {
            stackedLayoutAppearance = other.stackedLayoutAppearance.copy()
            inlineLayoutAppearance = other.inlineLayoutAppearance.copy()
            compactInlineLayoutAppearance = other.compactInlineLayoutAppearance.copy()
            selectionIndicatorTintColor = other.selectionIndicatorTintColor
            selectionIndicatorImage = other.selectionIndicatorImage
            stackedItemPositioning = other.stackedItemPositioning
            stackedItemSpacing = other.stackedItemSpacing
            stackedItemWidth = other.stackedItemWidth
        }
        super.init(barAppearance: barAppearance)
    }

    /// A copy.
    open func copy() -> TabBarAppearance { TabBarAppearance(barAppearance: self) }
}

extension TabBarController {
    /// The controller's tab bar, made on first use (belonging to no app until shown, so
    /// reading it numbers no view). See ``TabBar`` for what is drawn.
    public var tabBar: TabBar {
        if let storedTabBar { return storedTabBar }
        let bar = ThreadContext.detached { TabBar(frame: Rect(x: 0, y: 0, width: viewIfLoaded?.bounds.width ?? 0, height: 49)) }
        bar.tabBarController = self
        bar.takeAppearanceProxy()
        storedTabBar = bar
        return bar
    }

    /// Whether the tab bar is hidden (it takes no safe area then).
    var isTabBarHidden: Bool { storedTabBar?.isHidden ?? false }
}
