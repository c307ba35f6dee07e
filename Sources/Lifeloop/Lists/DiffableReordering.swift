import Foundation

/// One reordering of a diffable data source's items: UIKit's
/// `NSDiffableDataSourceTransaction`, the snapshots before and after and the difference
/// of their items.
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// The snapshot before the reordering.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after it.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The difference from the initial snapshot's items to the final one's (all sections,
    /// in order).
    public let difference: CollectionDifference<ItemIdentifierType>
}

extension CollectionViewDiffableDataSource {
    /// What interactive reordering may do and is told: UIKit's
    /// `UICollectionViewDiffableDataSource.ReorderingHandlers`.
    public struct ReorderingHandlers {
        /// Whether an item can move; without it, none can.
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Called before the snapshot takes a dropped item's move.
        public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called after it: update the model from the transaction's final snapshot.
        public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// Handlers that allow nothing and are told nothing.
        public init() {}
    }

    /// The transaction of moving the item at `source` to `destination` (nil when `source`
    /// is no item or `destination` no section).
    func reorderTransaction(from source: IndexPath, to destination: IndexPath)
        -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
        let initial = snapshot()
        guard let item = itemIdentifier(for: source), destination.count == 2, destination.section >= 0,
              destination.section < initial.numberOfSections else { return nil }
        var final = initial
        final.deleteItems([item])
        let section = final.sectionIdentifiers[destination.section]
        let items = final.itemIdentifiers(inSection: section)
        if destination.item >= 0, destination.item < items.count {
            final.insertItems([item], beforeItem: items[destination.item])
        } else {
            final.appendItems([item], toSection: section)
        }
        return DiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: final,
                                             difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers))
    }
}
