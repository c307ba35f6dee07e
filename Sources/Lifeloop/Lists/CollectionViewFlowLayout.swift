import Foundation

/// A layout of items in lines that wrap: UIKit's `UICollectionViewFlowLayout`.
///
/// Vertically (the default) each section is its header, its top inset, lines of items,
/// its bottom inset and its footer. A line takes items while they fit in the width less
/// the section's side insets with at least ``minimumInteritemSpacing`` between them; the
/// items of a line are spread so the first touches the left inset and the last the right
/// one (a line of one item is centered), and each is centered vertically in the line, as
/// UIKit's flow layout does. Lines are ``minimumLineSpacing`` apart. Horizontally the same
/// runs in columns, left to right.
///
/// Sizes come from the delegate's ``CollectionViewDelegateFlowLayout`` methods when it
/// implements them, else from the properties. With ``estimatedItemSize`` set (or
/// ``automaticSize``), items start at the estimate and take the size their cells ask for
/// (`preferredLayoutAttributesFitting`, the Auto Layout fitting size of the content view)
/// when they show.
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The axis the content scrolls along: UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Hashable, Sendable {
        /// Lines of items stacked top to bottom, or columns left to right.
        case vertical, horizontal
    }

    /// An estimated size that asks each cell for its size (estimated 50 × 50 until it shows):
    /// UIKit's `UICollectionViewFlowLayout.automaticSize`.
    public static let automaticSize = Size(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
    /// What a delegate's size method answers when the delegate does not implement it.
    public static let unansweredSize = Size(width: -CGFloat.greatestFiniteMagnitude, height: -CGFloat.greatestFiniteMagnitude)
    /// What a delegate's inset method answers when the delegate does not implement it.
    public static let unansweredInsets = EdgeInsets(top: -.greatestFiniteMagnitude, left: 0, bottom: 0, right: 0)
    /// What a delegate's spacing method answers when the delegate does not implement it.
    public static let unansweredSpacing: CGFloat = -.greatestFiniteMagnitude

    /// The axis the content scrolls along.
    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of every item (50 × 50 by default), unless the delegate gives sizes.
    open var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The estimated size of items that size themselves; zero (the default) turns
    /// self-sizing off.
    open var estimatedItemSize: Size = .zero { didSet { invalidateLayout() } }
    /// The least spacing between lines (10 by default).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least spacing between the items of a line (10 by default).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The insets of each section's items.
    open var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
    /// The size of section headers: the height counts vertically, the width horizontally;
    /// zero (the default) means no header.
    open var headerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
    /// The size of section footers, as ``headerReferenceSize``.
    open var footerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
    /// Whether headers stick to the top of the visible bounds while their section shows:
    /// a pinned header is at the visible top (the bounds' top less the adjusted top inset),
    /// never above its own place and never below its section's items (so the next
    /// section's header pushes it up). The layout is invalidated on every scroll while
    /// pinning, as UIKit's is.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether footers stick to the bottom of the visible bounds while their section
    /// shows, as headers stick to the top: never below their own place and never above
    /// their section's items.
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    private var items: [[CollectionViewLayoutAttributes]] = []
    /// Each section's lines in order along the scrolling axis: where a line starts, where
    /// it ends, and its first item; so a query costs the lines it meets, not every item.
    private var lines: [[(start: CGFloat, end: CGFloat, first: Int)]] = []
    private var headers: [Int: CollectionViewLayoutAttributes] = [:]
    private var footers: [Int: CollectionViewLayoutAttributes] = [:]
    /// Each section's items' extent along the scrolling axis (after the header, before the
    /// footer, with the section's insets): what pinned headers and footers stay within.
    private var itemSpans: [(start: CGFloat, end: CGFloat)] = []
    private var contentSize: Size = .zero
    /// The sizes cells asked for (self-sizing), kept until the counts change.
    private var preferredSizes: [IndexPath: Size] = [:]
    private var preparedCounts: [Int] = []

    /// Creates a flow layout.
    public override init() { super.init() }

    /// Creates a flow layout from an archive.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override var wantsPreferredAttributes: Bool { estimatedItemSize != .zero }

    /// The estimate items start at.
    private var estimate: Size {
        estimatedItemSize == Self.automaticSize ? Size(width: 50, height: 50) : estimatedItemSize
    }

    /// Computes every element's frame: sections, lines, headers and footers.
    open override func prepare() {
        super.prepare()
        items = []
        lines = []
        headers = [:]
        footers = [:]
        itemSpans = []
        guard let collection = collectionView else {
            contentSize = .zero
            return
        }
        let delegate = collection.delegate as? CollectionViewDelegateFlowLayout
        let sections = collection.numberOfSections
        var counts: [Int] = []
        for section in 0..<sections { counts.append(collection.numberOfItems(inSection: section)) }
        if counts != preparedCounts { preferredSizes.removeAll() }
        preparedCounts = counts
        let vertical = scrollDirection == .vertical
        let insets = collection.adjustedContentInset
        // The extent across the scrolling axis.
        let across = vertical ? collection.bounds.width - insets.left - insets.right
            : collection.bounds.height - insets.top - insets.bottom
        var along: CGFloat = 0
        for section in 0..<sections {
            let count = counts[section]
            var inset = delegate?.collectionView(collection, layout: self, insetForSectionAt: section) ?? Self.unansweredInsets
            if inset == Self.unansweredInsets { inset = sectionInset }
            var lineSpacing = delegate?.collectionView(collection, layout: self, minimumLineSpacingForSectionAt: section)
                ?? Self.unansweredSpacing
            if lineSpacing == Self.unansweredSpacing { lineSpacing = minimumLineSpacing }
            var itemSpacing = delegate?.collectionView(collection, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? Self.unansweredSpacing
            if itemSpacing == Self.unansweredSpacing { itemSpacing = minimumInteritemSpacing }
            var header = delegate?.collectionView(collection, layout: self, referenceSizeForHeaderInSection: section)
                ?? Self.unansweredSize
            if header == Self.unansweredSize { header = headerReferenceSize }
            var footer = delegate?.collectionView(collection, layout: self, referenceSizeForFooterInSection: section)
                ?? Self.unansweredSize
            if footer == Self.unansweredSize { footer = footerReferenceSize }

            let path0 = IndexPath(item: 0, section: section)
            let headerExtent = vertical ? header.height : header.width
            if headerExtent > 0 {
                let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                                                with: path0)
                attributes.frame = vertical ? Rect(x: 0, y: along, width: across, height: headerExtent)
                    : Rect(x: along, y: 0, width: headerExtent, height: across)
                headers[section] = attributes
                along += headerExtent
            }
            let spanStart = along
            along += vertical ? inset.top : inset.left
            let leading = vertical ? inset.left : inset.top
            let available = across - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
            var sectionItems: [CollectionViewLayoutAttributes] = []
            var sectionLines: [(start: CGFloat, end: CGFloat, first: Int)] = []
            var line: [(CollectionViewLayoutAttributes, Size)] = []
            var lineUsed: CGFloat = 0
            var firstLine = true
            func flush() {
                guard !line.isEmpty else { return }
                if !firstLine { along += lineSpacing }
                firstLine = false
                let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
                let total = line.reduce(0) { $0 + (vertical ? $1.1.width : $1.1.height) }
                var position: CGFloat
                var gap: CGFloat
                if line.count == 1 {
                    position = leading + (available - total) / 2
                    gap = 0
                } else {
                    position = leading
                    gap = (available - total) / CGFloat(line.count - 1)
                }
                for (attributes, size) in line {
                    if vertical {
                        attributes.frame = Rect(x: position, y: along + (thickness - size.height) / 2,
                                                width: size.width, height: size.height)
                        position += size.width + gap
                    } else {
                        attributes.frame = Rect(x: along + (thickness - size.width) / 2, y: position,
                                                width: size.width, height: size.height)
                        position += size.height + gap
                    }
                }
                sectionLines.append((along, along + thickness, sectionItems.count - line.count))
                along += thickness
                line.removeAll()
                lineUsed = 0
            }
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                let size = itemSize(at: path, collection: collection, delegate: delegate)
                let extent = vertical ? size.width : size.height
                if !line.isEmpty, lineUsed + itemSpacing + extent > available + 0.0001 { flush() }
                let attributes = CollectionViewLayoutAttributes(forCellWith: path)
                lineUsed += (line.isEmpty ? 0 : itemSpacing) + extent
                line.append((attributes, size))
                sectionItems.append(attributes)
            }
            flush()
            along += vertical ? inset.bottom : inset.right
            itemSpans.append((spanStart, along))
            let footerExtent = vertical ? footer.height : footer.width
            if footerExtent > 0 {
                let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                                                                with: path0)
                attributes.frame = vertical ? Rect(x: 0, y: along, width: across, height: footerExtent)
                    : Rect(x: along, y: 0, width: footerExtent, height: across)
                footers[section] = attributes
                along += footerExtent
            }
            items.append(sectionItems)
            lines.append(sectionLines)
        }
        contentSize = vertical ? Size(width: max(0, across), height: along) : Size(width: along, height: max(0, across))
        pinSupplementaryViews(in: collection)
    }

    /// Moves pinned headers and footers to the visible bounds (the layout is prepared
    /// again on every bounds change while pinning, so the frames follow each scroll).
    private func pinSupplementaryViews(in collection: CollectionView) {
        guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds else { return }
        let vertical = scrollDirection == .vertical
        let insets = collection.adjustedContentInset
        let bounds = collection.bounds
        let visibleStart = vertical ? bounds.minY + insets.top : bounds.minX + insets.left
        let visibleEnd = vertical ? bounds.maxY - insets.bottom : bounds.maxX - insets.right
        func move(_ attributes: CollectionViewLayoutAttributes, to position: CGFloat) {
            if vertical { attributes.frame.origin.y = position } else { attributes.frame.origin.x = position }
            attributes.zIndex = 1024
        }
        for (section, span) in itemSpans.enumerated() {
            if sectionHeadersPinToVisibleBounds, let header = headers[section] {
                let natural = vertical ? header.frame.minY : header.frame.minX
                let extent = vertical ? header.frame.height : header.frame.width
                // At the visible start, not above its place, not past its section's items.
                let pinned = max(natural, min(visibleStart, span.end - extent))
                move(header, to: pinned)
            }
            if sectionFootersPinToVisibleBounds, let footer = footers[section] {
                let natural = vertical ? footer.frame.minY : footer.frame.minX
                let extent = vertical ? footer.frame.height : footer.frame.width
                let pinned = min(natural, max(visibleEnd - extent, span.start))
                move(footer, to: pinned)
            }
        }
    }

    private func itemSize(at path: IndexPath, collection: CollectionView,
                          delegate: CollectionViewDelegateFlowLayout?) -> Size {
        if estimatedItemSize != .zero {
            if let preferred = preferredSizes[path] { return preferred }
        }
        if let delegate {
            let answer = delegate.collectionView(collection, layout: self, sizeForItemAt: path)
            if answer != Self.unansweredSize {
                collection.trace("sizeForItemAt", detail: path.listDescription)
                if answer.width >= 0, answer.height >= 0, answer.width.isFinite, answer.height.isFinite { return answer }
            }
        }
        return estimatedItemSize != .zero ? estimate : itemSize
    }

    /// The size of all the content: the width of the collection (less its insets) and the
    /// sections' total height (vertically), or the other way round.
    open override var collectionViewContentSize: Size { contentSize }

    /// The headers, items and footers whose frames meet `rect`, section by section.
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        var result: [CollectionViewLayoutAttributes] = []
        let vertical = scrollDirection == .vertical
        let low = vertical ? rect.minY : rect.minX
        let high = vertical ? rect.maxY : rect.maxX
        for (section, sectionItems) in items.enumerated() {
            if let header = headers[section], header.frame.meets(rect) { result.append(header) }
            let sectionLines = lines[section]
            // The first line that ends past the rectangle's start (lines are in order).
            var lower = 0
            var upper = sectionLines.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if sectionLines[middle].end <= low { lower = middle + 1 } else { upper = middle }
            }
            var index = lower
            while index < sectionLines.count, sectionLines[index].start < high {
                let end = index + 1 < sectionLines.count ? sectionLines[index + 1].first : sectionItems.count
                for attributes in sectionItems[sectionLines[index].first..<end] where attributes.frame.meets(rect) {
                    result.append(attributes)
                }
                index += 1
            }
            if let footer = footers[section], footer.frame.meets(rect) { result.append(footer) }
        }
        return result
    }

    /// The attributes of one item.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < items.count,
              indexPath.item >= 0, indexPath.item < items[indexPath.section].count else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    /// The attributes of a section's header or footer.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        switch elementKind {
        case CollectionView.elementKindSectionHeader: return headers[indexPath.section]
        case CollectionView.elementKindSectionFooter: return footers[indexPath.section]
        default: return nil
        }
    }

    /// True when the size across the scrolling axis changed (a rotation, a resize), and,
    /// while headers or footers pin to the visible bounds, for every scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collection = collectionView else { return false }
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return true }
        return scrollDirection == .vertical ? newBounds.width != collection.laidOutSize.width
            : newBounds.height != collection.laidOutSize.height
    }

    /// Keeps a self-sized cell's size; true when it differs from the item's.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes) -> Bool {
        guard estimatedItemSize != .zero, preferredAttributes.representedElementCategory == .cell else { return false }
        let size = preferredAttributes.frame.size
        guard size != originalAttributes.frame.size, size.width > 0, size.height > 0 else { return false }
        preferredSizes[originalAttributes.indexPath] = size
        return true
    }
}
