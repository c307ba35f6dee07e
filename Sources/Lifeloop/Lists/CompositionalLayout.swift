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
    /// Whether it sticks to the visible area while its section shows (data).
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

/// How a section scrolls across the layout's axis: UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`. Any value but `none` lays the
/// section's groups out in one row, past the collection's width.
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
/// group's. A section with an orthogonal scrolling behavior lays its groups out in one row
/// that may be wider than the collection.
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// Gives the section at an index: UIKit's `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

    private let provider: SectionProvider
    /// The layout's configuration.
    open var configuration: CollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    private var items: [[CollectionViewLayoutAttributes]] = []
    private var supplementary: [SupplementaryKey: CollectionViewLayoutAttributes] = [:]
    private var supplementaryOrder: [[SupplementaryKey]] = []
    private var contentSize: Size = .zero

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
        items = []
        supplementary = [:]
        supplementaryOrder = []
        guard let collection = collectionView else {
            contentSize = .zero
            return
        }
        let insets = collection.adjustedContentInset
        let environment = CompositionalEnvironment(
            contentSize: collection.bounds.size,
            contentInsets: DirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right),
            traitCollection: collection.traitCollection)
        let width = environment.effectiveContentSize.width
        let height = environment.effectiveContentSize.height
        var y: CGFloat = 0
        for index in 0..<collection.numberOfSections {
            if index > 0 { y += configuration.interSectionSpacing }
            let count = collection.numberOfItems(inSection: index)
            var sectionItems: [CollectionViewLayoutAttributes] = []
            var order: [SupplementaryKey] = []
            defer {
                items.append(sectionItems)
                supplementaryOrder.append(order)
            }
            collection.trace("layout.sectionProvider", detail: String(index))
            guard let section = provider(index, environment) else { continue }
            let inset = section.contentInsets
            let boundaryLeft = section.supplementariesFollowContentInsets ? inset.leading : 0
            let boundaryWidth = width - (section.supplementariesFollowContentInsets ? inset.leading + inset.trailing : 0)
            func place(_ boundary: CollectionLayoutBoundarySupplementaryItem) {
                let size = boundary.layoutSize.resolve(in: Size(width: boundaryWidth, height: height))
                let key = SupplementaryKey(kind: boundary.elementKind, indexPath: IndexPath(item: 0, section: index))
                let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: boundary.elementKind,
                                                                with: key.indexPath)
                attributes.frame = Rect(x: boundaryLeft, y: y, width: size.width, height: size.height)
                supplementary[key] = attributes
                order.append(key)
                y += size.height
            }
            for boundary in section.boundarySupplementaryItems where boundary.alignment != .bottom { place(boundary) }
            y += inset.top
            let container = Size(width: max(0, width - inset.leading - inset.trailing),
                                 height: max(0, height - inset.top - inset.bottom))
            let groupSize = section.group.layoutSize.resolve(in: container)
            let slots = section.group.slots(in: groupSize)
            let orthogonal = section.orthogonalScrollingBehavior != .none
            var item = 0
            var groupOrigin = Point(x: inset.leading, y: y)
            var extent: CGFloat = 0
            while item < count, !slots.isEmpty {
                for slot in slots where item < count {
                    let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index))
                    attributes.frame = slot.offsetBy(dx: groupOrigin.x, dy: groupOrigin.y)
                    sectionItems.append(attributes)
                    item += 1
                }
                if orthogonal {
                    extent = groupSize.height
                    groupOrigin.x += groupSize.width + section.interGroupSpacing
                } else {
                    extent = groupOrigin.y + groupSize.height - y
                    groupOrigin.y += groupSize.height + section.interGroupSpacing
                }
                if groupSize.width <= 0 && orthogonal || groupSize.height <= 0 && !orthogonal { break }
            }
            while item < count {
                // A group that takes no space: the rest have no place (zero frames).
                sectionItems.append(CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index)))
                item += 1
            }
            y += extent + inset.bottom
            for boundary in section.boundarySupplementaryItems where boundary.alignment == .bottom { place(boundary) }
        }
        contentSize = Size(width: max(0, width), height: y)
    }

    /// The size of all the content: the collection's width and the sections' height.
    open override var collectionViewContentSize: Size { contentSize }

    /// The elements whose frames meet `rect`, section by section (supplementary views in
    /// their section's order, then its items).
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        var result: [CollectionViewLayoutAttributes] = []
        for (section, sectionItems) in items.enumerated() {
            for key in supplementaryOrder[section] {
                if let attributes = supplementary[key], attributes.frame.meets(rect) { result.append(attributes) }
            }
            for attributes in sectionItems where attributes.frame.meets(rect) { result.append(attributes) }
        }
        return result
    }

    /// The attributes of one item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < items.count,
              indexPath.item >= 0, indexPath.item < items[indexPath.section].count else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    /// The attributes of a boundary supplementary item.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        supplementary[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    /// True when the collection's size changed, not for a scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collection = collectionView else { return false }
        return newBounds.size != collection.laidOutSize
    }
}
