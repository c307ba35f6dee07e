import Foundation

/// An item a section's visible-items handler sees and may change: UIKit's
/// `NSCollectionLayoutVisibleItem`. Its frame is in the layout's coordinates, before a
/// band's sideways scroll (subtract the handler's offset for where it shows).
public protocol CollectionLayoutVisibleItem: AnyObject {
    /// The frame.
    var frame: Rect { get set }
    /// The center.
    var center: Point { get set }
    /// The bounds.
    var bounds: Rect { get set }
    /// The index path.
    var indexPath: IndexPath { get }
    /// The alpha.
    var alpha: CGFloat { get set }
    /// The stacking order.
    var zIndex: Int { get set }
    /// Whether it is hidden.
    var isHidden: Bool { get set }
    /// Whether it is a cell, a supplementary view or a decoration view.
    var representedElementCategory: CollectionViewLayoutAttributes.ElementCategory { get }
    /// The kind of a supplementary or decoration view.
    var representedElementKind: String? { get }
}

extension CollectionViewLayoutAttributes: CollectionLayoutVisibleItem {}

/// What a section calls before each layout pass with its visible items, its scroll
/// offset and the environment: UIKit's
/// `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`. The offset is the band's
/// content offset for a section that scrolls sideways, else the collection's.
public typealias CollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([CollectionLayoutVisibleItem], Point, CollectionLayoutEnvironment) -> Void

/// The scroll view that carries an orthogonal section's band: it has the band's frame in
/// the collection's content and the row's width as its content size; its content offset
/// is the band's sideways offset (what `describe` shows). UIKit's
/// `_UICollectionViewOrthogonalScrollerEmbeddedScrollView`, whose name it takes as its
/// trace label. Unlike UIKit's, it holds no cells: the cells stay subviews of the
/// collection, at their frames less the band's offset. It takes no touches itself (taps
/// reach the cells under it); drag it by its label (a scenario's or MCP's `drag`), or
/// through ``ScrollView/beginDrag()``, ``ScrollView/drag(by:)`` and
/// ``ScrollView/endDrag(velocity:)``.
final class _UICollectionViewOrthogonalScrollerEmbeddedScrollView: ScrollView {
    /// The layout the band belongs to.
    weak var layout: CollectionViewCompositionalLayout?
    /// The section it scrolls.
    var section = 0
    /// How it comes to rest.
    var behavior: CollectionLayoutSectionOrthogonalScrollingBehavior = .continuous {
        didSet { isPagingEnabled = behavior == .paging }
    }
    /// Where the first group starts in the band's content (the section's leading inset).
    var groupLeading: CGFloat = 0
    /// A group's width.
    var groupWidth: CGFloat = 0
    /// From one group's start to the next's (its width and the spacing).
    var groupStride: CGFloat = 0

    override init(frame: Rect) {
        super.init(frame: frame)
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        scrollsToTop = false
    }

    required init?(coder: NSCoder) { nil }

    /// Touches pass through to the cells under it.
    override func point(inside point: Point, with event: Event?) -> Bool { false }

    /// A new offset lays the collection out again (its band's cells move).
    override func applyOffset(_ offset: Point) {
        let before = bounds.origin
        super.applyOffset(offset)
        if bounds.origin != before { layout?.bandDidScroll(self) }
    }

    /// Where a release comes to rest, per the behavior: `continuous` where it would;
    /// `continuousGroupLeadingBoundary` at the group start nearest to that; `paging` a page
    /// of the band's width on (the scroll view's paging); `groupPaging` and
    /// `groupPagingCentered` one group on in the release's direction, or the nearest group
    /// when the release is slow, with the group at the band's leading edge or centred.
    override func projectedTarget(from start: Point, velocity: Point, rate: CGFloat) -> Point {
        let projected = super.projectedTarget(from: start, velocity: velocity, rate: rate)
        guard groupStride > 0 else { return projected }
        // Group k rests at origin + k × stride.
        let origin: CGFloat
        switch behavior {
        case .none, .continuous, .paging: return projected
        case .continuousGroupLeadingBoundary, .groupPaging: origin = 0
        case .groupPagingCentered: origin = groupLeading + groupWidth / 2 - bounds.width / 2
        }
        let index: CGFloat
        if behavior == .continuousGroupLeadingBoundary {
            index = ((projected.x - origin) / groupStride).rounded()
        } else {
            let position = (start.x - origin) / groupStride
            if velocity.x > 0.0005 { index = position.rounded(.down) + 1 }
            else if velocity.x < -0.0005 { index = position.rounded(.up) - 1 }
            else { index = position.rounded() }
        }
        return clampedContentOffset(Point(x: origin + index * groupStride, y: projected.y))
    }
}
