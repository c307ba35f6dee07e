import Foundation

/// A controller whose view is a table it is the data source and delegate of: UIKit's
/// `UITableViewController`. Subclasses override the data source and delegate methods
/// (`override func tableView(_:numberOfRowsInSection:)`), as in UIKit.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The style of the table it makes.
    public let tableViewStyle: TableView.Style
    /// Whether `viewWillAppear` deselects the selected rows (true by default).
    open var clearsSelectionOnViewWillAppear = true
    /// The refresh control of its table.
    open var refreshControl: RefreshControl? {
        get { tableView?.refreshControl }
        set { tableView?.refreshControl = newValue }
    }

    /// Creates a controller with a table of `style`.
    public init(style: TableView.Style) {
        tableViewStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a controller with a plain table.
    public override init(nibName: String?, bundle: Bundle?) {
        tableViewStyle = .plain
        super.init(nibName: nibName, bundle: bundle)
    }

    public required init?(coder: NSCoder) {
        tableViewStyle = .plain
        super.init(coder: coder)
    }

    /// The table: the controller's view (loading it when needed).
    open var tableView: TableView! {
        get { view as? TableView }
        set { view = newValue }
    }

    /// Makes a table the size of the screen's bounds, with this controller as its data
    /// source and delegate; a controller from an Xcode storyboard scene with a view takes
    /// the scene's table instead, as UIKit's does.
    /// What the keyboard added to the table's bottom inset while it shows.
    var keyboardInset: CGFloat = 0

    open override func loadView() {
        if scene?.interfaceBuilder != nil, scene?.view != nil {
            super.loadView()
            return
        }
        let size = application?.mainScreen.size ?? Screen.phone.size
        let table = TableView(frame: Rect(origin: .zero, size: size), style: tableViewStyle)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Deselects the selected rows when ``clearsSelectionOnViewWillAppear`` is on.
    open override func viewWillAppear(_ animated: Bool) {
        guard clearsSelectionOnViewWillAppear, let table = viewIfLoaded as? TableView else { return }
        for path in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: path, animated: animated) }
    }

    // The data source and delegate methods, open so that subclasses override them.

    /// The number of sections in the table: a storyboard's static table's sections, else 1,
    /// unless overridden.
    open func numberOfSections(in tableView: TableView) -> Int { tableView.staticContent?.count ?? 1 }
    /// The number of rows in `section`: a static section's cells, else 0, unless overridden.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        staticSection(section, of: tableView)?.cells.count ?? 0
    }
    /// The cell for the row at `indexPath`: a static table's cell, else a new `.default`
    /// cell, unless overridden.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if let cells = staticSection(indexPath.section, of: tableView)?.cells, cells.indices.contains(indexPath.row) {
            return cells[indexPath.row]
        }
        return TableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// The title of `section`'s header: a static section's, else none, unless overridden.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        staticSection(section, of: tableView)?.headerTitle
    }
    /// The title of `section`'s footer: a static section's, else none, unless overridden.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        staticSection(section, of: tableView)?.footerTitle
    }

    /// A static table's section, when the table is static and has it.
    private func staticSection(_ section: Int, of tableView: TableView) -> StaticSectionContent? {
        guard let sections = tableView.staticContent, sections.indices.contains(section) else { return nil }
        return sections[section]
    }
    /// Whether the row at `indexPath` can be edited: yes unless overridden.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Commits an insertion or deletion of the row at `indexPath`: nothing unless overridden.
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                        forRowAt indexPath: IndexPath) {}
    /// Whether the row at `indexPath` can be moved: no unless overridden.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Moves the row at `sourceIndexPath` to `destinationIndexPath`: nothing unless overridden.
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The titles of the section index: none unless overridden.
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// The height of the row at `indexPath`: a static cell's height in the storyboard, else
    /// `TableView.unansweredHeight` (not implemented), unless overridden.
    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        if let heights = staticSection(indexPath.section, of: tableView)?.heights, heights.indices.contains(indexPath.row),
           heights[indexPath.row] > 0 {
            return heights[indexPath.row]
        }
        return TableView.unansweredHeight
    }
    /// An estimate of the row's height: `TableView.unansweredHeight` (not implemented) unless overridden.
    open func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        TableView.unansweredHeight
    }
    /// The height of `section`'s header: `TableView.unansweredHeight` (not implemented) unless overridden.
    open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        TableView.unansweredHeight
    }
    /// The height of `section`'s footer: `TableView.unansweredHeight` (not implemented) unless overridden.
    open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        TableView.unansweredHeight
    }
    /// The view to show as `section`'s header: none unless overridden.
    open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// The view to show as `section`'s footer: none unless overridden.
    open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Called before the table shows `cell` for the row at `indexPath`; does nothing unless overridden.
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Called after `cell` was removed from the table; does nothing unless overridden.
    open func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Called before the table shows `view` as `section`'s header; does nothing unless overridden.
    open func tableView(_ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int) {}
    /// Called before a row is selected; answers the row to select (`indexPath` unless overridden), or `nil` for none.
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Called after the row at `indexPath` was selected; does nothing unless overridden.
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Called before a row is deselected; answers the row to deselect (`indexPath` unless overridden), or `nil` for none.
    open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Called after the row at `indexPath` was deselected; does nothing unless overridden.
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Whether the row at `indexPath` highlights while touched: yes unless overridden.
    open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// The editing style of the row at `indexPath`: `.delete` unless overridden.
    open func tableView(_ tableView: TableView,
                        editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    /// Called when the user taps the detail button of the row at `indexPath`; does nothing unless overridden.
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// Where a row dragged by its reorder control goes: the proposed index path unless overridden.
    open func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath
    }
    /// The actions a swipe from the row's leading edge shows: none unless overridden.
    open func tableView(_ tableView: TableView,
                        leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// The actions a swipe from the row's trailing edge shows: none unless overridden.
    open func tableView(_ tableView: TableView,
                        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        nil
    }
    /// Called when the table scrolls; does nothing unless overridden.
    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Called when the user starts dragging the table; does nothing unless overridden.
    open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Called when the user lifts the finger, with the velocity and the offset where scrolling will stop (which may be changed); does nothing unless overridden.
    open func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                        targetContentOffset: UnsafeMutablePointer<Point>) {}
    /// Called when a drag ends, telling whether the table will decelerate; does nothing unless overridden.
    open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Called when the table starts decelerating; does nothing unless overridden.
    open func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Called when the table stops decelerating; does nothing unless overridden.
    open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Called when a scrolling animation the table ran ends; does nothing unless overridden.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
