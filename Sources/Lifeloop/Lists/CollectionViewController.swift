import Foundation

/// A controller whose view is a collection it is the data source and delegate of: UIKit's
/// `UICollectionViewController`. Subclasses override the data source and delegate methods
/// (`override func collectionView(_:numberOfItemsInSection:)`), as in UIKit.
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    private let initialLayout: CollectionViewLayout
    /// Whether `viewWillAppear` deselects the selected items (true by default).
    open var clearsSelectionOnViewWillAppear = true
    /// Whether a long press on an item, then a drag, moves it (true by default): the
    /// collection gets a long-press recognizer that drives
    /// ``CollectionView/beginInteractiveMovementForItem(at:)`` and its siblings.
    open var installsStandardGestureForInteractiveMovement = true {
        didSet { updateStandardMovementGesture() }
    }
    /// The standard movement gesture, while installed.
    var movementGesture: LongPressGestureRecognizer?
    /// Whether the collection's layout follows a navigation controller's transitions (data).
    open var useLayoutToLayoutNavigationTransitions = false

    /// Creates a controller whose collection has `layout`.
    public init(collectionViewLayout layout: CollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a controller whose collection has a flow layout.
    public override init(nibName: String?, bundle: Bundle?) {
        initialLayout = CollectionViewFlowLayout()
        super.init(nibName: nibName, bundle: bundle)
    }

    /// Creates a controller from an archive, with a flow layout.
    public required init?(coder: NSCoder) {
        initialLayout = CollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection: the controller's view (loading it when needed).
    open var collectionView: CollectionView! {
        get { view as? CollectionView }
        set {
            view = newValue
            updateStandardMovementGesture()
        }
    }

    /// The collection's layout (the one given at creation until the view loads).
    open var collectionViewLayout: CollectionViewLayout {
        (viewIfLoaded as? CollectionView)?.collectionViewLayout ?? initialLayout
    }

    /// Makes a collection the size of the screen, with the layout, and this controller as
    /// its data source and delegate; a controller from an Xcode storyboard scene with a
    /// view takes the scene's collection instead, as UIKit's does.
    open override func loadView() {
        if scene?.interfaceBuilder != nil, scene?.view != nil {
            super.loadView()
            updateStandardMovementGesture()
            return
        }
        let size = application?.mainScreen.size ?? Screen.phone.size
        let collection = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: initialLayout)
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.dataSource = self
        collection.delegate = self
        view = collection
        updateStandardMovementGesture()
    }

    /// Deselects the selected items when ``clearsSelectionOnViewWillAppear`` is on.
    open override func viewWillAppear(_ animated: Bool) {
        guard clearsSelectionOnViewWillAppear, let collection = viewIfLoaded as? CollectionView else { return }
        for path in collection.indexPathsForSelectedItems ?? [] { collection.deselectItem(at: path, animated: animated) }
    }

    // The data source and delegate methods, open so that subclasses override them.

    /// The number of sections: 1 unless overridden.
    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// The number of items in `section`: 0 unless overridden.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// The cell of the item at `indexPath`: a plain cell unless overridden.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        CollectionViewCell(frame: .zero)
    }
    /// A supplementary view: none (a placeholder the collection does not show) unless overridden.
    open func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> CollectionReusableView {
        collectionView.placeholderSupplementaryView()
    }
    /// Whether the item can be moved: no unless overridden.
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Moves an item: nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {}
    /// Called before the collection shows a cell; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
    /// Called after a cell left the collection; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
    /// Called before the collection shows a supplementary view; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
                             forElementKind elementKind: String, at indexPath: IndexPath) {}
    /// Called after a supplementary view left the collection; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
                             forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    /// Whether the item highlights while touched: yes unless overridden.
    open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    /// Called when an item is highlighted; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Called when an item is no longer highlighted; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Whether the item may be selected: yes unless overridden.
    open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Called after an item was selected; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Whether the item may be deselected: yes unless overridden.
    open func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    /// Called after an item was deselected; does nothing unless overridden.
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// Where an interactively moving item goes (iOS 15's form): the older form's answer unless overridden.
    open func collectionView(_ collectionView: CollectionView,
                             targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                             atCurrentIndexPath currentIndexPath: IndexPath,
                             toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        self.collectionView(collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath,
                            toProposedIndexPath: proposedIndexPath)
    }
    /// Where an interactively moving item goes (iOS 9's form): the proposed index path unless overridden.
    open func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
                             toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath { proposedIndexPath }
    /// Called when the collection scrolls; does nothing unless overridden.
    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Called when the user starts dragging the collection; does nothing unless overridden.
    open func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Called when the user lifts the finger, with the velocity and the offset where scrolling will stop (which may be changed); does nothing unless overridden.
    open func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                        targetContentOffset: UnsafeMutablePointer<Point>) {}
    /// Called when a drag ends, telling whether the collection will decelerate; does nothing unless overridden.
    open func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Called when the collection starts decelerating; does nothing unless overridden.
    open func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Called when the collection stops decelerating; does nothing unless overridden.
    open func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Called when a scrolling animation the collection ran ends; does nothing unless overridden.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
