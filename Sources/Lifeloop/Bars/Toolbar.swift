import Foundation

/// The look of a toolbar: UIKit's `UIToolbarAppearance`, a bar appearance (its background
/// color is drawn).
open class ToolbarAppearance: BarAppearance {
    /// The system's default look.
    public override init() { super.init() }

    /// A copy of another appearance.
    public override init(barAppearance: BarAppearance) { super.init(barAppearance: barAppearance) }
}

/// A bar of buttons: UIKit's `UIToolbar`, 44 points high.
///
/// Each of its ``items`` is a button in the bar (a flexible space shares what is left, a
/// fixed space takes its width, an item with a custom view shows that view), so the items
/// show in snapshots and a tap on one runs its primary action, or sends its action up the
/// responder chain from the bar, as a bar button item's tap does. Its background is its
/// appearance's color, else ``barTintColor``, else the system's light gray, in a view
/// behind the items.
///
/// A navigation controller's ``NavigationController/toolbar`` is one: while
/// `isToolbarHidden` is false it lies at the bottom of the navigation controller's view,
/// over the content, showing the top controller's `toolbarItems`, and the top
/// controller's safe area grows by its 44 points.
open class Toolbar: View {
    /// A toolbar's height.
    static let height: CGFloat = 44

    private var storedItems: [BarButtonItem]?
    private var itemViews: [View] = []
    private let background: View
    /// The navigation controller whose toolbar this is.
    weak var navigationController: NavigationController?

    /// The bar's style (data).
    open var barStyle: BarStyle = .default
    /// The background color (used when the appearance has none).
    open var barTintColor: Color? { didSet { refreshBackground() } }
    /// Whether the bar is translucent (data).
    open var isTranslucent = true
    /// The look of the bar: its background color is drawn.
    open var standardAppearance = ToolbarAppearance() { didSet { refreshBackground() } }
    /// The look of a compact bar (data).
    open var compactAppearance: ToolbarAppearance?
    /// The look at the scroll edge (data).
    open var scrollEdgeAppearance: ToolbarAppearance?
    /// The look of a compact bar at the scroll edge (data).
    open var compactScrollEdgeAppearance: ToolbarAppearance?

    /// A toolbar in `frame` (44 points high when the frame has no height).
    public override init(frame: Rect) {
        background = View(frame: .zero)
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? Self.height : frame.height)))
        setUpBackground()
    }

    /// A toolbar with no width, 44 points high.
    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        background = View(frame: .zero)
        super.init(coder: coder)
        setUpBackground()
    }

    private func setUpBackground() {
        background.traceLabel = traceLabel + ".background"
        background.isUserInteractionEnabled = false
        addSubview(background)
        refreshBackground()
    }

    /// The items, leading to trailing; setting them makes their buttons.
    open var items: [BarButtonItem]? {
        get { storedItems }
        set {
            guard onLoop("items") else { return }
            storedItems = newValue
            rebuildItems()
        }
    }

    /// Sets the items (`animated` is data).
    open func setItems(_ items: [BarButtonItem]?, animated: Bool) {
        self.items = items
    }

    /// The bar is 44 points high.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Self.height) }

    /// The width it is given (or its own), 44 points high.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width > 0 ? size.width : bounds.width, height: Self.height)
    }

    /// The background color drawn: the appearance's, else the bar tint, else light gray.
    public var drawnBackgroundColor: Color? { background.backgroundColor }

    private func refreshBackground() {
        let color = standardAppearance.backgroundColor ?? barTintColor ?? .systemGray6
        if background.backgroundColor != color { background.backgroundColor = color }
    }

    /// The views of the items: a button per titled or imaged item, the custom view, or an
    /// empty spacer.
    private func rebuildItems() {
        for view in itemViews { view.removeFromSuperview() }
        itemViews = (storedItems ?? []).map { item in
            if let custom = item.customView { return custom }
            if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace {
                let spacer = View(frame: .zero)
                spacer.isUserInteractionEnabled = false
                return spacer
            }
            let button = Button(type: .system)
            button.setTitle(item.image == nil ? item.title : nil, for: .normal)
            if let image = item.image { button.setImage(image, for: .normal) }
            // A system item is labelled as UIKit labels it ("Add"), not by the title drawn here.
            button.accessibilityLabel = item.accessibilityLabel ?? item.systemItemLabel
            button.isEnabled = item.isEnabled
            if let tint = item.tintColor { button.tintColor = tint }
            button.addAction(Action { [unowned self, unowned item] _ in self.tapped(item) }, for: .primaryActionTriggered)
            return button
        }
        for view in itemViews { addSubview(view) }
        setNeedsLayout()
    }

    /// A tap on an item's button: its primary action, else its action up the responder
    /// chain from the bar (the controller whose view holds the bar first).
    private func tapped(_ item: BarButtonItem) {
        guard item.isEnabled else { return }
        trace("tapToolbarItem", detail: item.title ?? item.image?.name ?? "")
        if let action = item.primaryAction {
            action.perform(sender: item)
        } else if let selector = item.action {
            let controller = navigationController?.topViewController ?? nearestController
            SelectorDispatch.sendAction(selector, to: item.target, sender: item, event: nil,
                                        chainFrom: controller?.viewIfLoaded ?? self, controller: controller, app: app)
        }
    }

    /// The controller whose view holds the bar.
    private var nearestController: ViewController? {
        var current: View? = self
        while let view = current {
            if let controller = view.owningViewController, controller.viewIfLoaded === view { return controller }
            current = view.superview
        }
        return nil
    }

    /// Lays the items out leading to trailing, 8 points in from each side and 8 apart;
    /// flexible spaces share the width left.
    override func runBuiltInLayout() {
        let whole = Rect(origin: .zero, size: bounds.size)
        if background.frame != whole { background.frame = whole }
        if subviews.first !== background { insertSubview(background, at: 0) }
        let items = storedItems ?? []
        guard items.count == itemViews.count, !items.isEmpty else { return }
        var widths: [CGFloat] = []
        var flexible = 0
        for (item, view) in zip(items, itemViews) {
            switch item.systemItem {
            case .flexibleSpace?:
                flexible += 1
                widths.append(0)
            case .fixedSpace?:
                widths.append(item.width)
            default:
                let natural = item.customView != nil ? view.frame.width : view.intrinsicContentSize.width
                widths.append(item.width > 0 ? item.width : natural)
            }
        }
        let gaps = CGFloat(max(0, items.count - 1)) * 8
        let spare = max(0, bounds.width - 16 - gaps - widths.reduce(0, +))
        var x: CGFloat = 8
        for (index, view) in itemViews.enumerated() {
            var width = widths[index]
            if items[index].systemItem == .flexibleSpace { width = flexible > 0 ? spare / CGFloat(flexible) : 0 }
            let height = items[index].customView != nil ? min(bounds.height, view.frame.height) : bounds.height
            let frame = Rect(x: x, y: (bounds.height - height) / 2, width: width, height: height)
            if view.frame != frame { view.frame = frame }
            x += width + 8
        }
    }
}

extension NavigationController {
    /// The navigation controller's toolbar, made on first use: shown at the bottom of its
    /// view while ``isToolbarHidden`` is false, with the top controller's `toolbarItems`.
    public var toolbar: Toolbar! {
        if let storedToolbar { return storedToolbar }
        let bar = Toolbar(frame: Rect(x: 0, y: 0, width: viewIfLoaded?.bounds.width ?? 0, height: Toolbar.height))
        bar.navigationController = self
        storedToolbar = bar
        return bar
    }

    /// The layout step of the navigation controller's view for its toolbar: at the bottom,
    /// over the content, with the top controller's items, while it shows.
    func layoutNavigationToolbar() {
        guard let container = viewIfLoaded else { return }
        guard !isToolbarHidden else {
            if let bar = storedToolbar, bar.superview === container { bar.removeFromSuperview() }
            return
        }
        let bar: Toolbar = toolbar
        let items = topViewController?.toolbarItems
        if bar.items.map({ $0.map(ObjectIdentifier.init) }) != items.map({ $0.map(ObjectIdentifier.init) }) { bar.items = items }
        let bottom = container.safeAreaInsets.bottom
        let frame = Rect(x: 0, y: container.bounds.height - bottom - Toolbar.height, width: container.bounds.width, height: Toolbar.height)
        if bar.frame != frame { bar.frame = frame }
        if bar.superview !== container { container.addSubview(bar) }
    }
}
