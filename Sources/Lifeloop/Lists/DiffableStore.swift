import Foundation

/// What a table's and a collection's diffable data sources share: the current snapshot,
/// the lookups by index path and identifier, and the report of a snapshot's misuses.
struct DiffableStore<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The snapshot the list shows.
    private(set) var current = Snapshot()

    /// Takes `snapshot` (reporting its misuses on `list`) and returns the changes from the
    /// one before.
    mutating func take(_ snapshot: Snapshot, list: View?) -> ListUpdate {
        if !snapshot.issues.isEmpty, let list {
            list.application?.diagnose(.invalidListUpdate, label: list.traceLabel,
                                       message: "snapshot: " + snapshot.issues.joined(separator: "; "))
        }
        let changes = snapshot.changes(from: current)
        current = snapshot.unmarked
        return changes
    }

    /// The item at an index path.
    func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2 else { return nil }
        return current.item(section: indexPath.section, index: indexPath.item)
    }

    /// The index path of an item.
    func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.location(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The section at an index.
    func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let sections = current.sectionIdentifiers
        return index >= 0 && index < sections.count ? sections[index] : nil
    }

    /// The number of items of a section (0 for a section the snapshot lacks).
    func numberOfItems(inSection section: Int) -> Int {
        let counts = current.itemCounts
        return section >= 0 && section < counts.count ? counts[section] : 0
    }
}

/// A collection's data source that takes its content as snapshots of identifiers: UIKit's
/// `UICollectionViewDiffableDataSource`, sharing the table's snapshot type.
///
/// ``apply(_:animatingDifferences:completion:)`` computes the deletes, inserts and moves
/// from the current snapshot to the new one and applies them as one batch update (iOS
/// 15's rule, with or without animation): shown cells of items that stay are kept.
/// ``applySnapshotUsingReloadData(_:completion:)`` reloads instead. The collection holds
/// its data source weakly, so keep a reference to this object, as in UIKit.
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
    CollectionViewDataSource {
    /// Makes the cell for an item: dequeue it from the collection and fill it.
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    /// Makes a supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?
    /// The snapshot type.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collection: CollectionView?
    private let cellProvider: CellProvider
    private var store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()
    /// Makes the supplementary views (headers, footers); none without it.
    open var supplementaryViewProvider: SupplementaryViewProvider?

    /// Creates the data source and makes it `collectionView`'s.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        collection = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> Snapshot { store.current }

    /// Makes `snapshot` the collection's content through its differences from the current
    /// one: one batch update of deletes, inserts and moves (and reloads for items marked
    /// with `reloadItems` or `reconfigureItems`), animated unless `animatingDifferences` is false.
    /// `completion` runs when the animations end (after the next commit without animation).
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let changes = store.take(snapshot, list: collection)
        guard let collection else { return }
        let run = { collection.applyDiff(changes, completion: completion.map { done in { _ in done() } }) }
        if animatingDifferences { run() } else { View.performWithoutAnimation(run) }
    }

    /// Makes `snapshot` the collection's content by reloading it (no differences computed).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        _ = store.take(snapshot, list: collection)
        guard let collection else { return }
        collection.reloadData()
        if let completion, let app = collection.application { app.afterCommit(completion) }
    }

    /// The item at an index path.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.itemIdentifier(for: indexPath) }
    /// The index path of an item.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(for: itemIdentifier) }
    /// The section at an index.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.sectionIdentifier(for: index) }
    /// The index of a section.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { store.current.indexOfSection(sectionIdentifier) }

    // MARK: Data source

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: CollectionView) -> Int { store.current.numberOfSections }
    /// The number of items in `section` of the current snapshot.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        store.numberOfItems(inSection: section)
    }
    /// The cell the cell provider makes for the item at `indexPath`, or a plain cell when there is none.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        return CollectionViewCell(frame: .zero)
    }
    /// The view the supplementary view provider makes, or a placeholder the collection does not show.
    open func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> CollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? collectionView.placeholderSupplementaryView()
    }
    /// What interactive reordering may do and is told: UIKit's `reorderingHandlers`. With
    /// no `canReorderItem` (the default) no item moves.
    open var reorderingHandlers = ReorderingHandlers()
    /// Whether the item can move: the ``reorderingHandlers``' `canReorderItem` answer
    /// (false without one).
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath) else { return false }
        return canReorder(item)
    }
    /// An interactive movement dropped an item: the current snapshot takes the move (the
    /// collection already shows it), between the ``reorderingHandlers``' `willReorder` and
    /// `didReorder`.
    open func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {
        guard let transaction = reorderTransaction(from: sourceIndexPath, to: destinationIndexPath) else { return }
        reorderingHandlers.willReorder?(transaction)
        _ = store.take(transaction.finalSnapshot, list: nil)
        reorderingHandlers.didReorder?(transaction)
    }
}

extension CollectionView {
    /// Applies a snapshot's differences as one batch update.
    func applyDiff(_ update: ListUpdate, completion: ((Bool) -> Void)? = nil) {
        trace("applySnapshot", detail: "deletes=\(update.rowDeletes.count) inserts=\(update.rowInserts.count) "
                + "moves=\(update.rowMoves.count) sections=-\(update.sectionDeletes.count)+\(update.sectionInserts.count)")
        performBatchUpdates({
            self.deleteSections(update.sectionDeletes)
            self.insertSections(update.sectionInserts)
            for move in update.sectionMoves { self.moveSection(move.from, toSection: move.to) }
            self.reloadSections(update.sectionReloads)
            self.deleteItems(at: update.rowDeletes)
            self.insertItems(at: update.rowInserts)
            for move in update.rowMoves { self.moveItem(at: move.from, to: move.to) }
            self.reloadItems(at: update.rowReloads)
        }, completion: completion)
    }
}
