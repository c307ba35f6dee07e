import Foundation

/// What a collection view asks for its content: UIKit's `UICollectionViewDataSource`.
/// The two methods without defaults are required.
public protocol CollectionViewDataSource: AnyObject {
    /// Asks for the number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Asks for the cell of the item at `indexPath` (dequeued from the collection).
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// Asks for the number of sections.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// Asks for a supplementary view (a header or footer) of a kind at `indexPath`.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView
    /// Asks whether the item at `indexPath` can be moved.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Tells the data source to move an item.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                        to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// No view: a placeholder the collection does not show.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView {
        collectionView.placeholderSupplementaryView()
    }
    /// No item can be moved.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) {}
}

/// What a collection view tells, and asks of, its delegate: UIKit's
/// `UICollectionViewDelegate`, every method optional. It is also the collection's scroll
/// view delegate.
public protocol CollectionViewDelegate: ScrollViewDelegate {
    /// Tells the delegate the collection is about to show `cell` for the item at `indexPath`.
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// Tells the delegate `cell` was removed from the collection.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                        forItemAt indexPath: IndexPath)
    /// Tells the delegate the collection is about to show a supplementary view.
    func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    /// Tells the delegate a supplementary view was removed from the collection.
    func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Asks whether the item at `indexPath` highlights while touched.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// Tells the delegate the item at `indexPath` was highlighted.
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// Tells the delegate the item at `indexPath` is no longer highlighted.
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Asks whether the item at `indexPath` may be selected.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Tells the delegate the item at `indexPath` is now selected.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Asks whether the item at `indexPath` may be deselected.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// Tells the delegate the item at `indexPath` is now deselected.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Asks where an interactively moving item goes (iOS 15's form): by default the older
    /// `collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`'s answer.
    func collectionView(_ collectionView: CollectionView,
                        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                        atCurrentIndexPath currentIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
    /// Asks where an interactively moving item now at `currentIndexPath` goes (iOS 9's
    /// form): by default the proposed index path.
    func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
}

extension CollectionViewDelegate {
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    /// Every item highlights.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Every item may be selected.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Every item may be deselected.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// The older form's answer.
    public func collectionView(_ collectionView: CollectionView,
                               targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                               atCurrentIndexPath currentIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        self.collectionView(collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath,
                            toProposedIndexPath: proposedIndexPath)
    }
    /// The proposed index path.
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath { proposedIndexPath }
}

/// The flow layout's questions to the collection's delegate: UIKit's
/// `UICollectionViewDelegateFlowLayout`, every method optional. A method the delegate does
/// not implement answers a value the layout reads as "not implemented"
/// (``CollectionViewFlowLayout/unansweredSize`` and its siblings): the layout's own
/// property is used.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// Asks for the size of the item at `indexPath`.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> Size
    /// Asks for the insets of `section`.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        insetForSectionAt section: Int) -> EdgeInsets
    /// Asks for the spacing between the lines of `section`.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// Asks for the spacing between the items of a line of `section`.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    /// Asks for the size of `section`'s header (its height in a vertical layout).
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> Size
    /// Asks for the size of `section`'s footer.
    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> Size
}

extension CollectionViewDelegateFlowLayout {
    /// Not implemented: ``CollectionViewFlowLayout/unansweredSize``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> Size { CollectionViewFlowLayout.unansweredSize }
    /// Not implemented: ``CollectionViewFlowLayout/unansweredInsets``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               insetForSectionAt section: Int) -> EdgeInsets { CollectionViewFlowLayout.unansweredInsets }
    /// Not implemented: ``CollectionViewFlowLayout/unansweredSpacing``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        CollectionViewFlowLayout.unansweredSpacing
    }
    /// Not implemented: ``CollectionViewFlowLayout/unansweredSpacing``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        CollectionViewFlowLayout.unansweredSpacing
    }
    /// Not implemented: ``CollectionViewFlowLayout/unansweredSize``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> Size { CollectionViewFlowLayout.unansweredSize }
    /// Not implemented: ``CollectionViewFlowLayout/unansweredSize``.
    public func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> Size { CollectionViewFlowLayout.unansweredSize }
}
