import Foundation

/// A table's data source that takes its content as snapshots of identifiers: UIKit's
/// `UITableViewDiffableDataSource`.
///
/// ``apply(_:animatingDifferences:completion:)`` computes the deletes, inserts and moves
/// from the current snapshot to the new one and applies them as one batch update, with or
/// without animation (iOS 15's rule, L34): shown cells of rows that stay are kept.
/// ``applySnapshotUsingReloadData(_:completion:)`` reloads instead. The table holds its
/// data source weakly, so keep a reference to this object, as in UIKit.
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: TableViewDataSource {
    /// Makes the cell for an item: dequeue it from the table and fill it.
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?
    /// The snapshot type.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var table: TableView?
    private let cellProvider: CellProvider
    private var store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()
    /// The row animation of applied changes (data).
    open var defaultRowAnimation: TableView.RowAnimation = .automatic

    /// Creates the data source and makes it `tableView`'s.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.table = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> Snapshot { store.current }

    /// Makes `snapshot` the table's content through its differences from the current one:
    /// one batch update of deletes, inserts and moves (and reloads for items marked with
    /// `reloadItems` or `reconfigureItems`), animated unless `animatingDifferences` is false.
    /// `completion` runs when the animations end (after the next commit without animation).
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let changes = store.take(snapshot, list: table)
        guard let table else { return }
        let run = { table.applyDiff(changes, completion: completion.map { done in { _ in done() } }) }
        if animatingDifferences { run() } else { View.performWithoutAnimation(run) }
    }

    /// Makes `snapshot` the table's content by reloading it (no differences computed).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        _ = store.take(snapshot, list: table)
        guard let table else { return }
        table.reloadData()
        if let completion, let app = table.application { app.afterCommit(completion) }
    }

    /// The item at an index path.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.itemIdentifier(for: indexPath) }

    /// The index path of an item.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(for: itemIdentifier) }

    /// The section at an index.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.sectionIdentifier(for: index) }

    /// The index of a section.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        store.current.indexOfSection(sectionIdentifier)
    }

    // MARK: Data source

    /// The number of sections in the current snapshot.
    open func numberOfSections(in tableView: TableView) -> Int { store.current.numberOfSections }

    /// The number of items in `section` of the current snapshot (0 for a section it lacks).
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        store.numberOfItems(inSection: section)
    }

    /// The cell the cell provider makes for the item at `indexPath`, or a new `.default` cell when there is none.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        return TableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// No header title unless overridden.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title unless overridden.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No row can be edited unless overridden.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing unless overridden.
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                        forRowAt indexPath: IndexPath) {}
    /// No row can be moved unless overridden.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing unless overridden.
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// No section index unless overridden.
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
}

extension TableView {
    /// Applies a snapshot's differences as one batch update.
    func applyDiff(_ update: ListUpdate, completion: ((Bool) -> Void)? = nil) {
        trace("applySnapshot", detail: "deletes=\(update.rowDeletes.count) inserts=\(update.rowInserts.count) "
                + "moves=\(update.rowMoves.count) sections=-\(update.sectionDeletes.count)+\(update.sectionInserts.count)")
        performBatchUpdates({
            self.deleteSections(update.sectionDeletes, with: .automatic)
            self.insertSections(update.sectionInserts, with: .automatic)
            for move in update.sectionMoves { self.moveSection(move.from, toSection: move.to) }
            self.reloadSections(update.sectionReloads, with: .automatic)
            self.deleteRows(at: update.rowDeletes, with: .automatic)
            self.insertRows(at: update.rowInserts, with: .automatic)
            for move in update.rowMoves { self.moveRow(at: move.from, to: move.to) }
            self.reloadRows(at: update.rowReloads, with: .automatic)
        }, completion: completion)
    }
}
