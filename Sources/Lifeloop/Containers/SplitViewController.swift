import Foundation

/// What a split view controller asks its delegate: UIKit's `UISplitViewControllerDelegate`.
/// Every method is optional.
public protocol SplitViewControllerDelegate: AnyObject {
    /// Whether the secondary controller was folded into the primary when the split view
    /// collapsed: true means "done, show only the primary". False by default.
    func splitViewController(_ splitViewController: SplitViewController,
                             collapseSecondary secondaryViewController: ViewController,
                             onto primaryViewController: ViewController) -> Bool
    /// The controller to use as the secondary when the split view expands; nil (the
    /// default) keeps the current secondary.
    func splitViewController(_ splitViewController: SplitViewController,
                             separateSecondaryFrom primaryViewController: ViewController) -> ViewController?
    /// The column shown when the split view collapses; by default the proposed one.
    func splitViewController(_ svc: SplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column)
        -> SplitViewController.Column
}

extension SplitViewControllerDelegate {
    /// False: the split view shows the primary column when collapsed.
    public func splitViewController(_ splitViewController: SplitViewController,
                                    collapseSecondary secondaryViewController: ViewController,
                                    onto primaryViewController: ViewController) -> Bool { false }
    /// Nil: the current secondary stays.
    public func splitViewController(_ splitViewController: SplitViewController,
                                    separateSecondaryFrom primaryViewController: ViewController) -> ViewController? { nil }
    /// The proposed column.
    public func splitViewController(_ svc: SplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column)
        -> SplitViewController.Column { proposedTopColumn }
}

/// A container showing a list beside its detail: UIKit's `UISplitViewController`.
///
/// On a wide window (736 points or more) the primary column sits at the left (a third
/// of the width, or ``preferredPrimaryColumnWidthFraction`` of it), the supplementary
/// column (triple-column style) next to it, and the secondary column fills the rest. On
/// a phone-width window the split view is collapsed (``isCollapsed``): only one column
/// is shown, the primary by default (or the compact column if one is set, or the one the
/// delegate's `topColumnForCollapsingToProposedTopColumn` names), and
/// ``showDetailViewController(_:sender:)`` pushes onto the primary when the primary is a
/// navigation controller, as UIKit does. The collapse is decided when the view joins a window.
///
/// Children whose views are in the container get appearance callbacks when the split
/// view appears or disappears (L21). A column replaced while visible follows L19: the
/// new one's `viewWillAppear`, the old one's `viewWillDisappear`, the views swap, and
/// the did-callbacks come at the end of the turn. Gestures, animations of the display
/// mode and the sidebar button are not modelled.
open class SplitViewController: ViewController {
    /// The column layout the split view was made with: UIKit's `UISplitViewController.Style`.
    public enum Style: Int, Sendable {
        /// The classic two-controller split view (``viewControllers`` sets the columns).
        case unspecified
        /// A primary and a secondary column.
        case doubleColumn
        /// A primary, a supplementary and a secondary column.
        case tripleColumn
    }

    /// A column of the split view: UIKit's `UISplitViewController.Column`.
    public enum Column: Int, Sendable {
        /// The leading column (the list).
        case primary
        /// The middle column of a triple-column split view.
        case supplementary
        /// The trailing column (the detail).
        case secondary
        /// The controller shown instead of all columns when collapsed.
        case compact
    }

    /// How the columns are arranged: UIKit's `UISplitViewController.DisplayMode`.
    public enum DisplayMode: Int, Sendable {
        /// The split view chooses (beside, on a wide window).
        case automatic
        /// Only the secondary column.
        case secondaryOnly
        /// One column beside the secondary.
        case oneBesideSecondary
        /// One column over the secondary (laid out beside it in Lifeloop).
        case oneOverSecondary
        /// Two columns beside the secondary.
        case twoBesideSecondary
        /// Two columns over the secondary (laid out beside it in Lifeloop).
        case twoOverSecondary
        /// Two columns, one displacing the secondary (laid out beside it in Lifeloop).
        case twoDisplaceSecondary
        /// The older name of ``secondaryOnly``.
        public static let primaryHidden = DisplayMode.secondaryOnly
        /// The older name of ``oneBesideSecondary``.
        public static let allVisible = DisplayMode.oneBesideSecondary
        /// The older name of ``oneOverSecondary``.
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// UIKit's automatic dimension for ``preferredPrimaryColumnWidthFraction``.
    public static let automaticDimension: CGFloat = -1

    /// The style given to ``init(style:)``; `.unspecified` otherwise.
    public let style: Style
    private var columns: [Column: ViewController] = [:]
    /// The controllers whose views are in the container, in order.
    private var shown: [ViewController] = []
    private var collapsedState: Bool?

    /// The split view's delegate (held weakly).
    public weak var delegate: SplitViewControllerDelegate?
    /// The display mode asked for; `.automatic` by default. Setting it lays the columns out again.
    open var preferredDisplayMode: DisplayMode = .automatic {
        didSet { if isViewLoaded { arrange(animated: false) } }
    }
    /// The fraction of the width the primary column takes, or ``automaticDimension``
    /// (a third of the width, at most 320 points).
    open var preferredPrimaryColumnWidthFraction: CGFloat = SplitViewController.automaticDimension {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }
    /// The width the primary column may take at most (kept; the width fraction rules).
    open var maximumPrimaryColumnWidth: CGFloat = 320
    /// The width the primary column takes at least (kept; the width fraction rules).
    open var minimumPrimaryColumnWidth: CGFloat = 0
    /// Whether a swipe shows and hides the primary column (kept; no gesture in Lifeloop).
    open var presentsWithGesture = true
    /// Whether the sidebar button is shown (kept; Lifeloop draws no such button).
    open var showsSecondaryOnlyButton = false

    /// Creates a split view controller with columns: UIKit's `init(style:)`.
    /// - Parameter style: The columns the split view has.
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a classic split view controller (`.unspecified` style).
    public override init(nibName: String?, bundle: Bundle?) {
        self.style = .unspecified
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a split view controller from a storyboard scene, with no columns.
    public required init?(coder: NSCoder) {
        self.style = .unspecified
        super.init(coder: coder)
    }

    // MARK: Columns

    /// The column controllers: the primary, then (triple-column) the supplementary, then
    /// the secondary. Setting assigns them to the columns in that order.
    open var viewControllers: [ViewController] {
        get {
            let order: [Column] = style == .tripleColumn ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
            return order.compactMap { columns[$0] }
        }
        set {
            let order: [Column] = style == .tripleColumn ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
            for (index, column) in order.enumerated() {
                setViewController(newValue.indices.contains(index) ? newValue[index] : nil, for: column)
            }
        }
    }

    /// Puts `vc` in `column` (nil empties it), replacing the controller there, which
    /// leaves as a child. A controller already in another column moves.
    /// - Parameters:
    ///   - vc: The controller, or nil.
    ///   - column: The column.
    open func setViewController(_ vc: ViewController?, for column: Column) {
        guard onLoop("setViewController(_:for:)") else { return }
        let old = columns[column]
        guard old !== vc else { return }
        if let vc, vc === self {
            diagnose(.invalidHierarchy, "\(traceLabel) can't be a column of itself")
            return
        }
        if let vc, let other = columns.first(where: { $0.value === vc })?.key { columns[other] = nil }
        columns[column] = vc
        let stillUsed = old.map { o in columns.values.contains { $0 === o } } ?? true
        if let old, !stillUsed { old.notifyWillMove(toParent: nil) }
        var added = false
        if let vc, vc.parent !== self {
            addChild(vc)
            added = true
        }
        arrange(animated: false) { [self] in
            if let old, !stillUsed { old.removeFromParent() }
            if added, let vc { vc.notifyDidMove(toParent: self) }
        }
    }

    /// The controller in `column`, or nil.
    /// - Parameter column: The column.
    open func viewController(for column: Column) -> ViewController? { columns[column] }

    // MARK: State

    /// Whether only one column is shown: true on a phone-width window (narrower than 736
    /// points), decided when the view joins a window (before that, from the main screen).
    open var isCollapsed: Bool {
        if let collapsedState { return collapsedState }
        if let window = viewIfLoaded?.window { return window.isCompactWidth }
        return (app?.mainScreen.bounds.width ?? 0) < 736
    }

    /// The container joined a window: the collapse is decided for that window's width.
    func containerMovedToWindow() {
        guard let window = viewIfLoaded?.window else { return }
        let collapsed = window.isCompactWidth
        guard collapsed != collapsedState else { return }
        collapsedState = collapsed
        arrange(animated: false)
    }

    /// How the columns are arranged now: the preferred mode, `.oneBesideSecondary` for
    /// `.automatic`, or `.secondaryOnly` when collapsed.
    open var displayMode: DisplayMode {
        if isCollapsed { return .secondaryOnly }
        if preferredDisplayMode == .automatic { return style == .tripleColumn ? .twoBesideSecondary : .oneBesideSecondary }
        return preferredDisplayMode
    }

    /// Shows `vc` in the primary column (pushed, when the primary is a navigation
    /// controller), as UIKit's split view does for `show(_:sender:)`.
    open override func show(_ vc: ViewController, sender: Any?) {
        guard onLoop("show(_:sender:)") else { return }
        if let navigation = columns[.primary] as? NavigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            setViewController(vc, for: .primary)
        }
    }

    /// Shows `vc` as the detail: in the secondary column on a wide window; when
    /// collapsed, pushed onto the primary navigation controller, else put in the
    /// secondary column and shown in place of the primary.
    open override func showDetailViewController(_ vc: ViewController, sender: Any?) {
        guard onLoop("showDetailViewController(_:sender:)") else { return }
        if isCollapsed, let navigation = columns[.primary] as? NavigationController {
            navigation.pushViewController(vc, animated: true)
            return
        }
        setViewController(vc, for: .secondary)
        if isCollapsed { showCollapsedSecondary = true; arrange(animated: true) }
    }

    /// Shows `column` (`.secondary` shows the detail when collapsed); nothing else changes.
    /// - Parameter column: The column.
    open func show(_ column: Column) {
        guard onLoop("show(_:)") else { return }
        if isCollapsed { showCollapsedSecondary = column == .secondary }
        arrange(animated: false)
    }

    /// Hides `column`: when collapsed, hiding the secondary shows the primary again.
    /// - Parameter column: The column.
    open func hide(_ column: Column) {
        guard onLoop("hide(_:)") else { return }
        if isCollapsed, column == .secondary { showCollapsedSecondary = false }
        arrange(animated: false)
    }

    private var showCollapsedSecondary = false

    // MARK: The view

    /// A container the size of the main screen holding the shown columns' views.
    open override func loadView() {
        let container = SplitContainerView(frame: app?.mainScreen.bounds ?? .zero)
        container.owner = self
        view = container
        collapsedState = nil
        collapsedState = isCollapsed
        arrange(animated: false)
    }

    /// The controllers to show now, in order.
    private func wanted() -> [ViewController] {
        if isCollapsed {
            if showCollapsedSecondary, let secondary = columns[.secondary] { return [secondary] }
            if let compact = columns[.compact] { return [compact] }
            var top: Column = .primary
            if let delegate { top = delegate.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .primary) }
            if top == .secondary, let primary = columns[.primary], let secondary = columns[.secondary],
               delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) == true {
                top = .primary
            }
            return [columns[top] ?? columns[.primary]].compactMap { $0 }
        }
        switch displayMode {
        case .secondaryOnly:
            return [columns[.secondary]].compactMap { $0 }
        case .oneBesideSecondary, .oneOverSecondary:
            let first: Column = style == .tripleColumn ? .supplementary : .primary
            return [columns[first], columns[.secondary]].compactMap { $0 }
        default:
            return [columns[.primary], columns[.supplementary], columns[.secondary]].compactMap { $0 }
        }
    }

    /// Puts the wanted controllers' views in the container (L19 while visible), then `then`.
    private func arrange(animated: Bool, then completion: @escaping () -> Void = {}) {
        guard let container = viewIfLoaded else {
            completion()
            return
        }
        let next = wanted()
        let leaving = shown.filter { old in !next.contains { $0 === old } }
        let coming = next.filter { new in !shown.contains { $0 === new } }
        for controller in coming { controller.loadViewIfNeeded() }
        let visible = container.window != nil && isAppearingOrAppeared
        let comingTickets = coming.map { visible ? $0.beginAppearance(true, animated: animated) : nil }
        let leavingTickets = leaving.map { visible ? $0.beginAppearance(false, animated: animated) : nil }
        for controller in leaving where controller.viewIfLoaded?.superview === container {
            controller.viewIfLoaded?.removeFromSuperview()
        }
        for controller in coming {
            if let childView = controller.viewIfLoaded { container.addSubview(childView) }
        }
        shown = next
        layoutColumns()
        guard visible, let app else {
            completion()
            return
        }
        app.afterCommit {
            for (controller, ticket) in zip(leaving, leavingTickets) { controller.endAppearance(ticket, animated: animated) }
            for (controller, ticket) in zip(coming, comingTickets) { controller.endAppearance(ticket, animated: animated) }
            completion()
        }
    }

    /// Gives each shown column its frame.
    func layoutColumns() {
        guard let container = viewIfLoaded else { return }
        let bounds = container.bounds
        let views = shown.compactMap(\.viewIfLoaded)
        guard views.count > 1 else {
            views.first?.frame = bounds
            return
        }
        let side: CGFloat = preferredPrimaryColumnWidthFraction > 0
            ? (bounds.width * preferredPrimaryColumnWidthFraction).rounded()
            : min(320, (bounds.width / 3).rounded())
        var x = bounds.minX
        for view in views.dropLast() {
            view.frame = Rect(x: x, y: bounds.minY, width: side, height: bounds.height)
            x += side
        }
        views.last?.frame = Rect(x: x, y: bounds.minY, width: max(0, bounds.maxX - x), height: bounds.height)
    }
}

/// The split view's container: lays the columns out whenever it lays out.
final class SplitContainerView: View {
    weak var owner: SplitViewController?
    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.layoutColumns()
    }
    override func didMoveToWindow() {
        super.didMoveToWindow()
        owner?.containerMovedToWindow()
    }
}

extension ViewController {
    /// The nearest ancestor that is a split view controller (UIKit's `splitViewController`).
    public var splitViewController: SplitViewController? {
        var current = parent
        while let candidate = current {
            if let split = candidate as? SplitViewController { return split }
            current = candidate.parent
        }
        return nil
    }
}
