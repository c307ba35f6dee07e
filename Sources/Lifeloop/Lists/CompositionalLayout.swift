import Foundation

/// One dimension of a compositional layout's size: UIKit's `NSCollectionLayoutDimension`.
/// A fraction is of the container's width or height; an estimate is used as it is (cells
/// do not size themselves in a compositional layout here).
public final class CollectionLayoutDimension {
    private enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    private let kind: Kind
    /// The number: a fraction, or points.
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// A fraction of the container's width.
    public static func fractionalWidth(_ fraction: CGFloat) -> CollectionLayoutDimension { .init(.fractionalWidth, fraction) }
    /// A fraction of the container's height.
    public static func fractionalHeight(_ fraction: CGFloat) -> CollectionLayoutDimension { .init(.fractionalHeight, fraction) }
    /// A number of points.
    public static func absolute(_ points: CGFloat) -> CollectionLayoutDimension { .init(.absolute, points) }
    /// An estimated number of points.
    public static func estimated(_ points: CGFloat) -> CollectionLayoutDimension { .init(.estimated, points) }

    /// Whether it is a fraction of the width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether it is a fraction of the height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether it is a number of points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether it is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The points it comes to in a container of `size`.
    func resolve(in size: Size) -> CGFloat {
        let value: CGFloat
        switch kind {
        case .fractionalWidth: value = dimension * size.width
        case .fractionalHeight: value = dimension * size.height
        case .absolute, .estimated: value = dimension
        }
        return value.isFinite ? max(0, value) : 0
    }
}

/// A width and a height: UIKit's `NSCollectionLayoutSize`.
public final class CollectionLayoutSize {
    /// The width.
    public let widthDimension: CollectionLayoutDimension
    /// The height.
    public let heightDimension: CollectionLayoutDimension

    /// A size of two dimensions.
    public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    func resolve(in size: Size) -> Size {
        Size(width: widthDimension.resolve(in: size), height: heightDimension.resolve(in: size))
    }
}

/// Spacing between a group's items: UIKit's `NSCollectionLayoutSpacing`.
public final class CollectionLayoutSpacing {
    /// The points.
    public let spacing: CGFloat
    /// Whether the spacing may grow (Lifeloop uses it as fixed).
    public let isFlexibleSpacing: Bool

    private init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    /// A fixed spacing.
    public static func fixed(_ points: CGFloat) -> CollectionLayoutSpacing { .init(points, flexible: false) }
    /// A spacing of at least `points` (laid out as `points`).
    public static func flexible(_ points: CGFloat) -> CollectionLayoutSpacing { .init(points, flexible: true) }
    /// Whether the spacing is fixed.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
}

/// One item of a compositional layout (a cell): UIKit's `NSCollectionLayoutItem`.
open class CollectionLayoutItem {
    /// Its size, in its group.
    public let layoutSize: CollectionLayoutSize
    /// The insets of its content inside the space it takes.
    open var contentInsets: DirectionalEdgeInsets = .zero

    /// An item of a size.
    public init(layoutSize: CollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// The cells' frames inside a space of `size` (one cell, inset), and how many.
    func slots(in size: Size) -> [Rect] {
        [Rect(x: contentInsets.leading, y: contentInsets.top,
              width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
              height: max(0, size.height - contentInsets.top - contentInsets.bottom))]
    }
}

/// Items side by side or stacked, repeated through a section: UIKit's
/// `NSCollectionLayoutGroup`.
open class CollectionLayoutGroup: CollectionLayoutItem {
    /// The items (or groups) it holds, in order.
    public let subitems: [CollectionLayoutItem]
    /// The spacing between its items.
    open var interItemSpacing: CollectionLayoutSpacing?
    private let horizontal: Bool
    /// With `subitem:count:`, the number of copies, which share the group's extent.
    private let count: Int?

    private init(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem], horizontal: Bool, count: Int?) {
        self.subitems = subitems
        self.horizontal = horizontal
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    /// A row of items, each its own width.
    public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, horizontal: true, count: nil)
    }
    /// A row of `count` copies of an item, sharing the group's width.
    public static func horizontal(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem,
                                  count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, subitems: [subitem], horizontal: true, count: max(1, count))
    }
    /// A row that repeats an item as many times as its width holds.
    public static func horizontal(layoutSize: CollectionLayoutSize, repeatingSubitem: CollectionLayoutItem,
                                  count: Int) -> CollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: repeatingSubitem, count: count)
    }
    /// A column of items, each its own height.
    public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, horizontal: false, count: nil)
    }
    /// A column of `count` copies of an item, sharing the group's height.
    public static func vertical(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem,
                                count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(layoutSize: layoutSize, subitems: [subitem], horizontal: false, count: max(1, count))
    }

    /// The cells' frames inside a group of `size`: its items one after another along its
    /// axis, each sized against the group (a nested group lays out its own).
    override func slots(in size: Size) -> [Rect] {
        let inner = Size(width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
                         height: max(0, size.height - contentInsets.top - contentInsets.bottom))
        let spacing = interItemSpacing?.spacing ?? 0
        var result: [Rect] = []
        var position: CGFloat = 0
        let extent = horizontal ? inner.width : inner.height
        for (index, member) in members(fitting: extent, in: inner, spacing: spacing).enumerated() {
            var itemSize = member.layoutSize.resolve(in: inner)
            if let count {
                let share = (extent - spacing * CGFloat(count - 1)) / CGFloat(count)
                if horizontal { itemSize.width = max(0, share) } else { itemSize.height = max(0, share) }
            }
            if index > 0 { position += spacing }
            let origin = horizontal ? Point(x: position, y: 0) : Point(x: 0, y: position)
            for slot in member.slots(in: itemSize) {
                result.append(slot.offsetBy(dx: origin.x + contentInsets.leading, dy: origin.y + contentInsets.top))
            }
            position += horizontal ? itemSize.width : itemSize.height
        }
        return result
    }

    /// The group's members: `count` copies; or its subitems repeated, as UIKit repeats
    /// them, while the next one fits along the group's axis (at least one).
    private func members(fitting extent: CGFloat, in inner: Size, spacing: CGFloat) -> [CollectionLayoutItem] {
        if let count { return subitems.prefix(1).flatMap { Array(repeating: $0, count: count) } }
        guard !subitems.isEmpty else { return [] }
        var members: [CollectionLayoutItem] = []
        var used: CGFloat = 0
        var index = 0
        while members.count < 1000 {
            let member = subitems[index % subitems.count]
            let size = member.layoutSize.resolve(in: inner)
            let length = horizontal ? size.width : size.height
            let needed = used + (members.isEmpty ? 0 : spacing) + length
            if !members.isEmpty, needed > extent + 0.0001 { break }
            // A member that takes no room would repeat forever: one pass of the subitems.
            if length <= 0, index >= subitems.count { break }
            members.append(member)
            used = needed
            index += 1
        }
        return members
    }
}

/// Where a boundary supplementary item goes: UIKit's `NSRectAlignment`.
public enum RectAlignment: Int, Hashable, Sendable {
    /// No edge, or an edge or corner of the section.
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A header or footer of a section: UIKit's `NSCollectionLayoutBoundarySupplementaryItem`.
open class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutItem {
    /// The supplementary view's kind (such as ``CollectionView/elementKindSectionHeader``).
    public let elementKind: String
    /// The edge it goes on: `top` (a header) or `bottom` (a footer); the others go at the top.
    public let alignment: RectAlignment
    /// Whether it sticks to the visible area while its section shows: a pinned header stays
    /// at the visible top (never above its place, never below its section's end), a pinned
    /// footer at the visible bottom.
    open var pinToVisibleBounds = false
    /// Whether it extends the section's content area (data: it always does here).
    open var extendsBoundary = true

    /// A boundary item of a size, kind and edge.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment) {
        self.elementKind = elementKind
        self.alignment = alignment
        super.init(layoutSize: layoutSize)
    }
}

/// A view behind (or over) a section that the layout places, not the data source: UIKit's
/// `NSCollectionLayoutDecorationItem`. A ``background(elementKind:)`` covers its whole
/// section (headers and footers included), inset by its ``CollectionLayoutItem/contentInsets``;
/// register the view's class with the layout's `register(_:forDecorationViewOfKind:)`.
open class CollectionLayoutDecorationItem: CollectionLayoutItem {
    /// The decoration view's kind.
    public let elementKind: String
    /// The stacking order: −1 for a background (Lifeloop's choice, so it sorts behind the
    /// cells; UIKit draws backgrounds behind its cells too).
    open var zIndex: Int

    private init(elementKind: String, zIndex: Int) {
        self.elementKind = elementKind
        self.zIndex = zIndex
        super.init(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background of the whole section.
    public static func background(elementKind: String) -> CollectionLayoutDecorationItem {
        CollectionLayoutDecorationItem(elementKind: elementKind, zIndex: -1)
    }
}

/// How a section scrolls across the layout's axis: UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`. Any value but `none` lays the
/// section's groups out in one row, past the collection's width, in a band that scrolls
/// sideways on its own (see ``CollectionViewCompositionalLayout``).
public enum CollectionLayoutSectionOrthogonalScrollingBehavior: Int, Hashable, Sendable {
    /// Groups stack along the layout's axis.
    case none
    /// One row that scrolls sideways (continuously, by group or by page).
    case continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section of a compositional layout: its group repeated over its items: UIKit's
/// `NSCollectionLayoutSection`.
open class CollectionLayoutSection {
    /// The group repeated over the section's items.
    public let group: CollectionLayoutGroup
    /// The spacing between groups.
    open var interGroupSpacing: CGFloat = 0
    /// The insets of the section's groups.
    open var contentInsets: DirectionalEdgeInsets = .zero
    /// The headers and footers.
    open var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers are inset as the groups are (true by default).
    open var supplementariesFollowContentInsets = true
    /// How the section scrolls sideways.
    open var orthogonalScrollingBehavior: CollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// The section's decoration views (backgrounds).
    open var decorationItems: [CollectionLayoutDecorationItem] = []
    /// Called before each layout pass with the section's visible items, its offset and the
    /// environment; it may change the items' alpha, frame, zIndex and hidden state.
    open var visibleItemsInvalidationHandler: CollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// The list configuration of a section made by `list(using:layoutEnvironment:)`: its
    /// rows size themselves.
    var listConfiguration: CollectionLayoutListConfiguration?

    /// A section of a group.
    public init(group: CollectionLayoutGroup) {
        self.group = group
    }
}

/// The space a compositional layout lays a section out in: UIKit's `NSCollectionLayoutContainer`.
public protocol CollectionLayoutContainer {
    /// The collection's size.
    var contentSize: Size { get }
    /// The size less the insets.
    var effectiveContentSize: Size { get }
    /// The insets.
    var contentInsets: DirectionalEdgeInsets { get }
}

/// What a section provider is told: UIKit's `NSCollectionLayoutEnvironment`.
public protocol CollectionLayoutEnvironment {
    /// The space sections are laid out in.
    var container: CollectionLayoutContainer { get }
    /// The collection's traits.
    var traitCollection: TraitCollection { get }
}

struct CompositionalEnvironment: CollectionLayoutEnvironment, CollectionLayoutContainer {
    var contentSize: Size
    var contentInsets: DirectionalEdgeInsets
    var traitCollection: TraitCollection
    var container: CollectionLayoutContainer { self }
    var effectiveContentSize: Size {
        Size(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
             height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

/// The settings of a whole compositional layout: UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`.
open class CollectionViewCompositionalLayoutConfiguration {
    /// The axis (data: sections stack vertically here).
    open var scrollDirection: CollectionViewFlowLayout.ScrollDirection = .vertical
    /// The spacing between sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout (data).
    open var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []

    /// A configuration with the defaults.
    public init() {}
}

/// A layout of sections made of groups of items: UIKit's `UICollectionViewCompositionalLayout`.
///
/// Sections stack top to bottom. In a section: its `top` boundary items (headers), its top
/// inset, its group repeated until the items run out (each repeat takes as many items as
/// the group has cells), `interGroupSpacing` apart, its bottom inset, then its `bottom`
/// items (footers). Fractional dimensions are of the container: a group's of the
/// section's width (less its insets) and the collection's height; an item's of its
/// group's.
///
/// A section with an orthogonal scrolling behavior lays its groups out in one row, in a
/// band that scrolls sideways on its own: the band is an internal scroll view (UIKit's
/// `_UICollectionViewOrthogonalScrollerEmbeddedScrollView`, a subview of the collection
/// that `describe` lists with its `contentOffset`) whose offset moves the section's cells
/// and nothing else; its cells come and go (`willDisplay`, `didEndDisplaying`) as it
/// scrolls; the paging behaviors snap on release. A list section
/// (``CollectionLayoutSection/list(using:layoutEnvironment:)``) stacks rows that size
/// themselves. Decoration items (backgrounds) get views the collection makes from the
/// layout's registrations, behind the cells.
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// Gives the section at an index: UIKit's `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

    /// One section as prepared: its frames, and its band when it scrolls sideways.
    private struct Prepared {
        var section: CollectionLayoutSection?
        var items: [CollectionViewLayoutAttributes] = []
        /// Headers and footers in order, with whether they pin and whether they are footers.
        var boundary: [(attributes: CollectionViewLayoutAttributes, pins: Bool, bottom: Bool)] = []
        var decorations: [CollectionViewLayoutAttributes] = []
        /// The whole section: from its first header to its last footer, the content's width.
        var frame: Rect = .zero
    }

    private let provider: SectionProvider
    /// The layout's configuration.
    open var configuration: CollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    private var sections: [Prepared] = []
    private var contentSize: Size = .zero
    private var environment = CompositionalEnvironment(contentSize: .zero, contentInsets: .zero,
                                                       traitCollection: TraitCollection())
    /// The band of each section that scrolls sideways.
    private var bands: [Int: _UICollectionViewOrthogonalScrollerEmbeddedScrollView] = [:]
    /// The heights rows of list sections asked for, kept until the counts change.
    private var preferredHeights: [IndexPath: CGFloat] = [:]
    private var preparedCounts: [Int] = []

    /// A layout of one section for every index.
    public convenience init(section: CollectionLayoutSection) {
        self.init(section: section, configuration: CollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout of one section for every index, with a configuration.
    public init(section: CollectionLayoutSection, configuration: CollectionViewCompositionalLayoutConfiguration) {
        provider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }
    /// A layout whose sections come from a provider (asked at each prepare).
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: CollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout whose sections come from a provider, with a configuration.
    public init(sectionProvider: @escaping SectionProvider, configuration: CollectionViewCompositionalLayoutConfiguration) {
        provider = sectionProvider
        self.configuration = configuration
        super.init()
    }
    /// Creates a layout from an archive (an empty one).
    public required init?(coder: NSCoder) {
        provider = { _, _ in nil }
        configuration = CollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    /// Asks the provider for each section and computes every element's frame.
    open override func prepare() {
        super.prepare()
        sections = []
        guard let collection = collectionView else {
            contentSize = .zero
            return
        }
        var counts: [Int] = []
        for index in 0..<collection.numberOfSections { counts.append(collection.numberOfItems(inSection: index)) }
        if counts != preparedCounts { preferredHeights.removeAll() }
        preparedCounts = counts
        let insets = collection.adjustedContentInset
        environment = CompositionalEnvironment(
            contentSize: collection.bounds.size,
            contentInsets: DirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right),
            traitCollection: collection.traitCollection)
        let width = environment.effectiveContentSize.width
        let height = environment.effectiveContentSize.height
        var usedBands: Set<Int> = []
        var y: CGFloat = 0
        for (index, count) in counts.enumerated() {
            if index > 0 { y += configuration.interSectionSpacing }
            let sectionStart = y
            collection.trace("layout.sectionProvider", detail: String(index))
            guard let section = provider(index, environment) else {
                var prepared = Prepared()
                prepared.items = (0..<count).map { CollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0, section: index)) }
                prepared.frame = Rect(x: 0, y: y, width: width, height: 0)
                sections.append(prepared)
                continue
            }
            var prepared = Prepared(section: section)
            let inset = section.contentInsets
            let boundaryLeft = section.supplementariesFollowContentInsets ? inset.leading : 0
            let boundaryWidth = width - (section.supplementariesFollowContentInsets ? inset.leading + inset.trailing : 0)
            func place(_ boundary: CollectionLayoutBoundarySupplementaryItem) {
                let size = boundary.layoutSize.resolve(in: Size(width: boundaryWidth, height: height))
                let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: boundary.elementKind,
                                                                with: IndexPath(item: 0, section: index))
                attributes.frame = Rect(x: boundaryLeft, y: y, width: size.width, height: size.height)
                prepared.boundary.append((attributes, boundary.pinToVisibleBounds, boundary.alignment == .bottom))
                y += size.height
            }
            for boundary in section.boundarySupplementaryItems where boundary.alignment != .bottom { place(boundary) }
            y += inset.top
            let container = Size(width: max(0, width - inset.leading - inset.trailing),
                                 height: max(0, height - inset.top - inset.bottom))
            if section.listConfiguration != nil {
                // Rows the section's width, each its asked height or the estimate.
                let estimate = section.group.layoutSize.heightDimension.resolve(in: container)
                for item in 0..<count {
                    let path = IndexPath(item: item, section: index)
                    if item > 0 { y += section.interGroupSpacing }
                    let row = preferredHeights[path] ?? estimate
                    let attributes = CollectionViewLayoutAttributes(forCellWith: path)
                    attributes.frame = Rect(x: inset.leading, y: y, width: container.width, height: row)
                    prepared.items.append(attributes)
                    y += row
                }
            } else {
                y += placeGroups(of: section, index: index, count: count, at: y, container: container, width: width,
                                 into: &prepared, bands: &usedBands, in: collection)
            }
            y += inset.bottom
            for boundary in section.boundarySupplementaryItems where boundary.alignment == .bottom { place(boundary) }
            prepared.frame = Rect(x: 0, y: sectionStart, width: width, height: y - sectionStart)
            for decoration in section.decorationItems {
                let attributes = CollectionViewLayoutAttributes(forDecorationViewOfKind: decoration.elementKind,
                                                                with: IndexPath(item: 0, section: index))
                let box = decoration.contentInsets
                attributes.frame = Rect(x: prepared.frame.minX + box.leading, y: prepared.frame.minY + box.top,
                                        width: max(0, prepared.frame.width - box.leading - box.trailing),
                                        height: max(0, prepared.frame.height - box.top - box.bottom))
                attributes.zIndex = decoration.zIndex
                prepared.decorations.append(attributes)
            }
            sections.append(prepared)
        }
        for (index, band) in bands where !usedBands.contains(index) {
            band.removeFromSuperview()
            bands[index] = nil
        }
        contentSize = Size(width: max(0, width), height: y)
    }

    /// Lays a section's group out over its items from `top`, down the section or (when it
    /// scrolls sideways) along one row in its band; the height it takes.
    private func placeGroups(of section: CollectionLayoutSection, index: Int, count: Int, at top: CGFloat, container: Size,
                             width: CGFloat, into prepared: inout Prepared, bands used: inout Set<Int>,
                             in collection: CollectionView) -> CGFloat {
        let inset = section.contentInsets
        let groupSize = section.group.layoutSize.resolve(in: container)
        let slots = section.group.slots(in: groupSize)
        let orthogonal = section.orthogonalScrollingBehavior != .none
        var item = 0
        var groupOrigin = Point(x: inset.leading, y: top)
        var extent: CGFloat = 0
        var rowEnd = inset.leading
        while item < count, !slots.isEmpty {
            for slot in slots where item < count {
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index))
                attributes.frame = slot.offsetBy(dx: groupOrigin.x, dy: groupOrigin.y)
                prepared.items.append(attributes)
                item += 1
            }
            if orthogonal {
                extent = groupSize.height
                rowEnd = groupOrigin.x + groupSize.width
                groupOrigin.x += groupSize.width + section.interGroupSpacing
            } else {
                extent = groupOrigin.y + groupSize.height - top
                groupOrigin.y += groupSize.height + section.interGroupSpacing
            }
            if groupSize.width <= 0 && orthogonal || groupSize.height <= 0 && !orthogonal { break }
        }
        while item < count {
            // A group that takes no space: the rest have no place (zero frames).
            prepared.items.append(CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index)))
            item += 1
        }
        if orthogonal {
            let band = bands[index] ?? _UICollectionViewOrthogonalScrollerEmbeddedScrollView(frame: .zero)
            bands[index] = band
            used.insert(index)
            band.layout = self
            band.section = index
            band.behavior = section.orthogonalScrollingBehavior
            band.groupLeading = inset.leading
            band.groupWidth = groupSize.width
            band.groupStride = groupSize.width + section.interGroupSpacing
            let frame = Rect(x: 0, y: top, width: width, height: extent)
            if band.frame != frame { band.frame = frame }
            let size = Size(width: rowEnd + inset.trailing, height: extent)
            if band.contentSize != size { band.contentSize = size }
            if band.superview !== collection { collection.insertSubview(band, at: 0) }
            if !band.isDragging, !band.isScrollAnimating {
                let clamped = band.clampedContentOffset(band.contentOffset)
                if clamped != band.contentOffset { band.contentOffset = clamped }
            }
        }
        return extent
    }

    /// A band scrolled: its section's cells move in the collection's next layout pass.
    func bandDidScroll(_ band: _UICollectionViewOrthogonalScrollerEmbeddedScrollView) {
        collectionView?.setNeedsLayout()
    }

    override func layoutWillDetach(from collection: CollectionView) {
        for index in bands.keys.sorted() { bands[index]?.removeFromSuperview() }
        bands.removeAll()
    }

    /// The size of all the content: the collection's width and the sections' height.
    open override var collectionViewContentSize: Size { contentSize }

    override var wantsPreferredAttributes: Bool { sections.contains { $0.section?.listConfiguration != nil } }

    /// The elements whose frames meet `rect`, section by section: decoration views, then
    /// supplementary views (pinned ones where the visible bounds put them), then items (a
    /// band's less its offset). A section's visible-items handler runs first.
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        var result: [CollectionViewLayoutAttributes] = []
        for (index, prepared) in sections.enumerated() {
            for attributes in prepared.decorations where attributes.frame.meets(rect) { result.append(attributes) }
            for entry in prepared.boundary {
                let attributes = pinned(entry, in: prepared)
                if attributes.frame.meets(rect) { result.append(attributes) }
            }
            result += items(of: prepared, index: index, meeting: rect)
        }
        return result
    }

    /// A section's items that meet `rect` (a band's moved by its offset), after its handler.
    private func items(of prepared: Prepared, index: Int, meeting rect: Rect) -> [CollectionViewLayoutAttributes] {
        guard let band = bands[index] else {
            let found = prepared.items.filter { $0.frame.meets(rect) }
            if let handler = prepared.section?.visibleItemsInvalidationHandler, !found.isEmpty {
                handler(found, collectionView?.contentOffset ?? .zero, environment)
            }
            return found
        }
        let offset = band.contentOffset
        let found = prepared.items.filter { $0.frame.meets(rect.offsetBy(dx: offset.x, dy: 0)) }
        if let handler = prepared.section?.visibleItemsInvalidationHandler, !found.isEmpty {
            handler(found, offset, environment)
        }
        return found.map { Self.moved($0, by: offset.x) }
    }

    /// A copy of `attributes` moved left by a band's offset.
    private static func moved(_ attributes: CollectionViewLayoutAttributes, by offset: CGFloat) -> CollectionViewLayoutAttributes {
        guard offset != 0, let copy = attributes.copy() as? CollectionViewLayoutAttributes else { return attributes }
        copy.frame.origin.x -= offset
        return copy
    }

    /// A header or footer where pinning puts it: a pinned header at the visible top, not
    /// above its place nor past its section's end; a pinned footer at the visible bottom.
    private func pinned(_ entry: (attributes: CollectionViewLayoutAttributes, pins: Bool, bottom: Bool),
                        in prepared: Prepared) -> CollectionViewLayoutAttributes {
        guard entry.pins, let collection = collectionView,
              let copy = entry.attributes.copy() as? CollectionViewLayoutAttributes else { return entry.attributes }
        let insets = collection.adjustedContentInset
        let natural = entry.attributes.frame
        if entry.bottom {
            let visibleBottom = collection.bounds.maxY - insets.bottom
            copy.frame.origin.y = min(natural.minY, max(visibleBottom - natural.height, prepared.frame.minY))
        } else {
            let visibleTop = collection.bounds.minY + insets.top
            copy.frame.origin.y = max(natural.minY, min(visibleTop, prepared.frame.maxY - natural.height))
        }
        copy.zIndex = 1024
        return copy
    }

    /// The attributes of one item (a band's less its offset).
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count,
              indexPath.item >= 0, indexPath.item < sections[indexPath.section].items.count else { return nil }
        let attributes = sections[indexPath.section].items[indexPath.item]
        guard let band = bands[indexPath.section] else { return attributes }
        return Self.moved(attributes, by: band.contentOffset.x)
    }

    /// The attributes of a boundary supplementary item.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let prepared = sections[indexPath.section]
        guard let entry = prepared.boundary.first(where: {
            $0.attributes.representedElementKind == elementKind && $0.attributes.indexPath == indexPath
        }) else { return nil }
        return pinned(entry, in: prepared)
    }

    /// The attributes of a section's decoration item of a kind.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                         at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        return sections[indexPath.section].decorations.first {
            $0.representedElementKind == elementKind && $0.indexPath == indexPath
        }
    }

    /// True when the collection's size changed, not for a scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collection = collectionView else { return false }
        return newBounds.size != collection.laidOutSize
    }

    /// Keeps the height a list row's cell asks for; true when it differs from the row's.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
        let path = originalAttributes.indexPath
        guard preferredAttributes.representedElementCategory == .cell, path.count == 2,
              path.section >= 0, path.section < sections.count, sections[path.section].section?.listConfiguration != nil else {
            return false
        }
        let height = preferredAttributes.frame.height
        guard height > 0, height.isFinite, height != originalAttributes.frame.height else { return false }
        preferredHeights[path] = height
        return true
    }
}
