import Foundation

/// What a table view asks for its content: UIKit's `UITableViewDataSource`. The two
/// `tableView` methods without defaults are required; the rest are optional.
public protocol TableViewDataSource: AnyObject {
    /// Asks for the number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// Asks for the cell to show at `indexPath`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// Asks for the number of sections in the table.
    func numberOfSections(in tableView: TableView) -> Int
    /// Asks for the title of `section`'s header, if any.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Asks for the title of `section`'s footer, if any.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// Asks whether the row at `indexPath` can be edited.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Asks the data source to commit an insertion or deletion of the row at `indexPath`.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath)
    /// Asks whether the row at `indexPath` can be moved.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Tells the data source to move the row at `sourceIndexPath` to `destinationIndexPath`.
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// Asks for the titles of the section index, if the table shows one.
    func sectionIndexTitles(for tableView: TableView) -> [String]?
}

extension TableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Every row can be edited.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                          forRowAt indexPath: IndexPath) {}
    /// No row can be moved.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
                          to destinationIndexPath: IndexPath) {}
    /// No section index.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
}

/// What a table view tells, and asks of, its delegate: UIKit's `UITableViewDelegate`,
/// every method optional. It is also the table's scroll view delegate.
///
/// A height method a delegate does not implement answers ``TableView/unansweredHeight``,
/// which the table reads as "not implemented" (and records no call).
public protocol TableViewDelegate: ScrollViewDelegate {
    /// Asks for the height of the row at `indexPath`.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// Asks for an estimate of the height of the row at `indexPath`.
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// Asks for the height of `section`'s header.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
    /// Asks for the height of `section`'s footer.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
    /// Asks for the view to show as `section`'s header.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// Asks for the view to show as `section`'s footer.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    /// Tells the delegate the table is about to show `cell` for the row at `indexPath`.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// Tells the delegate `cell` was removed from the table.
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// Tells the delegate the table is about to show `view` as `section`'s header.
    func tableView(_ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int)
    /// Tells the delegate a row is about to be selected; answers the row to select instead, or `nil` for none.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// Tells the delegate the row at `indexPath` is now selected.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// Tells the delegate a row is about to be deselected; answers the row to deselect instead, or `nil` for none.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// Tells the delegate the row at `indexPath` is now deselected.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// Asks whether the row at `indexPath` should be highlighted while touched.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// Asks for the editing style of the row at `indexPath`.
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// Asks where a row dragged by its reorder control goes: `sourceIndexPath` is where the
    /// row was when the drag began, `proposedDestinationIndexPath` the row it is over.
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
    /// Tells the delegate the user tapped the detail button of the row at `indexPath`.
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// Asks for the actions a swipe from the leading edge of the row at `indexPath` shows.
    func tableView(_ tableView: TableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// Asks for the actions a swipe from the trailing edge of the row at `indexPath` shows.
    func tableView(_ tableView: TableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    /// Answers `TableView.unansweredHeight`: not implemented.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        TableView.unansweredHeight
    }
    /// Answers `TableView.unansweredHeight`: not implemented.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        TableView.unansweredHeight
    }
    /// Answers `TableView.unansweredHeight`: not implemented.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        TableView.unansweredHeight
    }
    /// Answers `TableView.unansweredHeight`: not implemented.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        TableView.unansweredHeight
    }
    /// No header view.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// No footer view.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int) {}
    /// Selects the row asked for.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Deselects the row asked for.
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Every row highlights.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Every row deletes: `.delete`.
    public func tableView(_ tableView: TableView,
                          editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// Does nothing.
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// The proposed index path.
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath
    }
    /// No leading swipe actions.
    public func tableView(_ tableView: TableView,
                          leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// No trailing swipe actions.
    public func tableView(_ tableView: TableView,
                          trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
}

/// A button a swipe on a row shows: UIKit's `UIContextualAction` (data, with a handler
/// that `performSwipeAction(_:at:)` runs).
public final class ContextualAction {
    /// The action's look: UIKit's `UIContextualAction.Style`.
    public enum Style: Int, Hashable, Sendable {
        /// A plain action, or one that destroys data (shown in red).
        case normal, destructive
    }

    /// What the handler calls when done, with whether the action was performed.
    public typealias CompletionHandler = (Bool) -> Void
    /// The handler: the action, the view it came from, and the completion to call.
    public typealias Handler = (ContextualAction, View, @escaping CompletionHandler) -> Void

    /// The style.
    public let style: Style
    /// The title.
    public var title: String?
    /// The image.
    public var image: Image?
    /// The background color.
    public var backgroundColor: Color?
    /// The handler.
    public let handler: Handler

    /// Creates an action.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}

/// The actions a swipe shows: UIKit's `UISwipeActionsConfiguration` (data).
public final class SwipeActionsConfiguration {
    /// The actions, first at the edge.
    public let actions: [ContextualAction]
    /// Whether a full swipe performs the first action.
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// A section header or footer view with a label: UIKit's `UITableViewHeaderFooterView`.
open class TableViewHeaderFooterView: View {
    /// A new view of this class, as UIKit makes a registered class: nil here; the port
    /// step overrides it in an app's subclasses.
    open class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewHeaderFooterView? { nil }

    /// The identifier it is reused by.
    public let reuseIdentifier: String?
    /// The view the content goes in.
    public let contentView = View(frame: .zero)
    private var storedTextLabel: Label?

    /// Creates a header or footer view.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        self.reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// The title label, made on first use.
    open var textLabel: Label? {
        if let storedTextLabel { return storedTextLabel }
        let label = Label(frame: .zero)
        storedTextLabel = label
        contentView.addSubview(label)
        return label
    }

    /// Called before the view is reused.
    open func prepareForReuse() {}

    /// Where a grouped table's title view puts its title: a header's at its bottom, a
    /// footer's at its top, each `inset` from the sides; nil centres it (a plain table's).
    var groupedTitle: (header: Bool, inset: CGFloat)?

    override func runBuiltInLayout() {
        contentView.frame = bounds
        if let label = storedTextLabel {
            let inset = 16 + (groupedTitle?.inset ?? 0)
            let width = max(0, bounds.width - 2 * inset)
            let size = groupedTitle == nil ? label.intrinsicContentSize
                : label.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude))
            let y: CGFloat
            switch groupedTitle?.header {
            case true?: y = max(0, bounds.height - size.height - 7)
            case false?: y = 7
            case nil: y = (bounds.height - size.height) / 2
            }
            label.frame = Rect(x: inset, y: y, width: width, height: size.height)
        }
    }
}

/// The pull-to-refresh control: UIKit's `UIRefreshControl`. ``beginRefreshing()`` and
/// ``endRefreshing()`` set ``isRefreshing``; a pull (``pull()``, or a drag of the table
/// far enough past its top) begins refreshing and sends `valueChanged`.
open class RefreshControl: Control {
    /// Whether a refresh is under way.
    public private(set) var isRefreshing = false
    /// The title shown under the spinner, as UIKit's (data).
    open var attributedTitle: NSAttributedString?

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows the refresh state without sending an action.
    open func beginRefreshing() {
        guard onLoop("beginRefreshing()") else { return }
        isRefreshing = true
        trace("beginRefreshing")
    }

    /// Ends the refresh state.
    open func endRefreshing() {
        guard onLoop("endRefreshing()") else { return }
        isRefreshing = false
        trace("endRefreshing")
    }

    /// What a user's pull does: begins refreshing and sends `valueChanged`, unless a
    /// refresh is already under way.
    public func pull() {
        guard onLoop("pull()"), !isRefreshing, isEnabled else { return }
        beginRefreshing()
        sendActions(for: .valueChanged)
    }
}
