import Foundation

/// Where one element of a collection goes: UIKit's `UICollectionViewLayoutAttributes`.
open class CollectionViewLayoutAttributes {
    /// What an element is: UIKit's `UICollectionView.ElementCategory`.
    public enum ElementCategory: UInt, Hashable, Sendable {
        /// A cell, a supplementary view (a header or footer), or a decoration view.
        case cell, supplementaryView, decorationView
    }

    /// The element's index path.
    open var indexPath: IndexPath
    /// The element's category.
    public let representedElementCategory: ElementCategory
    /// The kind of a supplementary or decoration view (nil for a cell).
    public let representedElementKind: String?
    /// The frame, in the collection's content coordinates.
    open var frame: Rect = .zero
    /// The alpha.
    open var alpha: CGFloat = 1
    /// Whether the element is hidden (a hidden element is not shown).
    open var isHidden = false
    /// The stacking order (data).
    open var zIndex = 0

    /// The frame's center.
    open var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The frame's size (the center stays).
    open var size: Size {
        get { frame.size }
        set {
            let middle = center
            frame = Rect(x: middle.x - newValue.width / 2, y: middle.y - newValue.height / 2,
                         width: newValue.width, height: newValue.height)
        }
    }
    /// The bounds: the size at the origin.
    open var bounds: Rect {
        get { Rect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }

    /// Attributes of a cell.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes of a supplementary view of a kind (such as
    /// ``CollectionView/elementKindSectionHeader``).
    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes of a decoration view of a kind: the collection shows a view of the class
    /// registered with the layout for the kind (`register(_:forDecorationViewOfKind:)`).
    public required init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the attributes, of the same class (subclasses that add properties
    /// override it and copy theirs).
    open func copy() -> Any {
        let copy: CollectionViewLayoutAttributes
        switch representedElementCategory {
        case .cell: copy = Self(forCellWith: indexPath)
        case .supplementaryView: copy = Self(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        case .decorationView: copy = Self(forDecorationViewOfKind: representedElementKind ?? "", with: indexPath)
        }
        copy.frame = frame
        copy.alpha = alpha
        copy.isHidden = isHidden
        copy.zIndex = zIndex
        return copy
    }

    /// Where a supplementary element goes: its kind and index path.
    var elementKey: SupplementaryKey { SupplementaryKey(kind: representedElementKind ?? "", indexPath: indexPath) }
}

/// How a decoration view of a kind is made.
enum DecorationFactory {
    case viewClass(AnyClass)
    case nib(Nib)
}

/// A supplementary element's identity: its kind and index path, ordered by index path
/// then kind.
struct SupplementaryKey: Hashable, Comparable {
    let kind: String
    let indexPath: IndexPath

    static func < (lhs: SupplementaryKey, rhs: SupplementaryKey) -> Bool {
        lhs.indexPath != rhs.indexPath ? lhs.indexPath < rhs.indexPath : lhs.kind < rhs.kind
    }
}

/// What places a collection's cells and supplementary views: UIKit's
/// `UICollectionViewLayout`, subclassed for custom layouts.
///
/// The collection calls it in UIKit's order (each call traced on the collection as
/// `layout.<method>`): after ``invalidateLayout()`` (or a new layout, or a reload), in the
/// collection's next layout pass, ``prepare()``, then ``collectionViewContentSize``, then
/// ``layoutAttributesForElements(in:)`` for the visible rectangle; each pass that follows
/// asks the content size and the visible elements again. A bounds change (a scroll, a
/// resize) asks ``shouldInvalidateLayout(forBoundsChange:)`` first; true invalidates.
/// ``layoutAttributesForItem(at:)`` is asked when one item's place is wanted (a scroll to
/// an item, the collection's `layoutAttributesForItem(at:)`).
open class CollectionViewLayout {
    /// The collection the layout belongs to.
    open var collectionView: CollectionView? { storedCollectionView }
    weak var storedCollectionView: CollectionView?

    /// Creates a layout.
    public init() {}

    /// Creates a layout from an archive.
    public required init?(coder: NSCoder) {}

    /// Computes what the layout needs before it is asked for attributes. Does nothing by default.
    open func prepare() {}

    /// The size of all the content. Zero by default.
    open var collectionViewContentSize: Size { .zero }

    /// The attributes of the elements that meet `rect`. None by default.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item. None by default.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// The attributes of one supplementary view. None by default.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// The attributes of one decoration view. None by default.
    open func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// How the collection makes the decoration views of each kind.
    var decorationFactories: [String: DecorationFactory] = [:]

    /// Registers the class of a kind's decoration views: the collection makes them (from
    /// ``CollectionReusableView`` itself or a subclass that conforms to
    /// ``ReusableCollectionView``) and reuses them as cells are reused; the data source is
    /// never asked. Nil unregisters.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationFactories[elementKind] = viewClass.map { .viewClass($0) }
    }

    /// Registers a nib whose first top-level reusable view is a kind's decoration view.
    open func register(_ nib: Nib?, forDecorationViewOfKind elementKind: String) {
        decorationFactories[elementKind] = nib.map { .nib($0) }
    }

    /// The layout stops being the collection's: it takes away views it added to it.
    func layoutWillDetach(from collection: CollectionView) {}

    /// Whether a change of the collection's bounds to `newBounds` (a scroll or a resize)
    /// invalidates the layout. False by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Whether a cell's self-sized attributes invalidate the layout. False by default
    /// (the flow layout answers true when it estimates sizes).
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// Told of a batch update's changes, after the layout was prepared for the new
    /// content and before it is asked for the elements after the update (UIKit's order).
    /// Does nothing by default.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Where an inserted (or reloaded) item starts its animation in: by default its
    /// attributes after the update with alpha 0 (a fade in place). Nil: it shows at once.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        storedCollectionView?.defaultAppearingAttributes(at: itemIndexPath)
    }

    /// Where a deleted (or reloaded) item ends its animation out (`itemIndexPath` before
    /// the update): by default where it is, with alpha 0 (a fade in place). Nil: it
    /// vanishes at once (and leaves when the animation ends).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        storedCollectionView?.defaultDisappearingAttributes(at: itemIndexPath)
    }

    /// The last step of a batch update before its animations run. Does nothing by default.
    open func finalizeCollectionViewUpdates() {}

    /// Marks the layout for a new ``prepare()`` in the collection's next layout pass.
    open func invalidateLayout() {
        storedCollectionView?.layoutWasInvalidated()
    }

    /// Where scrolling that would stop at `proposedContentOffset` stops instead: there by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    /// The class of the attributes the layout makes (data).
    open class var layoutAttributesClass: AnyClass { CollectionViewLayoutAttributes.self }

    /// Whether the layout wants cells to size themselves (estimated sizes).
    var wantsPreferredAttributes: Bool { false }

    /// Where an interactively moving item at `previousIndexPath` goes when its center is at
    /// `position` (content coordinates): by default the index path of the item there, or
    /// `previousIndexPath` when there is none.
    open func targetIndexPathForInteractivelyMovingItem(_ previousIndexPath: IndexPath,
                                                        withPosition position: Point) -> IndexPath {
        collectionView?.indexPathForItem(at: position) ?? previousIndexPath
    }

    /// The attributes of the interactively moving item at `indexPath` whose center the
    /// finger holds at `position`: by default a copy of its attributes centered there,
    /// above the other items (a higher `zIndex`).
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath,
                                                         withTargetPosition position: Point) -> CollectionViewLayoutAttributes {
        let base = layoutAttributesForItem(at: indexPath) ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        let attributes = (base.copy() as? CollectionViewLayoutAttributes) ?? base
        attributes.center = position
        attributes.zIndex = max(attributes.zIndex, 1)
        return attributes
    }
}

extension Rect {
    /// Whether the two rectangles share an area (edges that only touch do not), as
    /// UIKit's `CGRectIntersectsRect`; a point-sized probe meets a rectangle it is inside.
    func meets(_ other: Rect) -> Bool {
        let a = standardized
        let b = other.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
