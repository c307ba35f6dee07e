import Testing
@testable import Lifeloop

/// Flow layout headers and footers pinned to the visible bounds
/// (`sectionHeadersPinToVisibleBounds`, `sectionFootersPinToVisibleBounds`) and
/// compositional boundary items with `pinToVisibleBounds`.
@Suite("Pinned headers")
struct PinnedHeaderTests {
    typealias Numbers = CollectionHost.Numbers

    typealias Host = CollectionHost

    private func shown(_ layout: CollectionViewLayout, _ source: Numbers) throws -> (Application, Host) {
        try Host.shown(layout, source, supplementaryKinds: [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter])
    }

    /// Rows of 320 × 100, no spacing, 40-point headers: section 0 is its header 0–40 and
    /// items 40–540; section 1 its header 540–580 and items 580–1080.
    private func flow(pinHeaders: Bool = true, footers: Bool = false) -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 320, height: 100)
        layout.minimumLineSpacing = 0
        layout.headerReferenceSize = Size(width: 320, height: 40)
        if footers {
            layout.footerReferenceSize = Size(width: 320, height: 30)
            layout.sectionFootersPinToVisibleBounds = true
        }
        layout.sectionHeadersPinToVisibleBounds = pinHeaders
        return layout
    }

    private func header(_ host: Host, _ section: Int) -> Rect? {
        host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                          at: IndexPath(item: 0, section: section))?.frame
    }

    @Test
    func aPinnedHeaderStaysAtTheTopOfTheVisibleBoundsUntilTheNextHeaderPushesIt() throws {
        let (_, host) = try shown(flow(), Numbers([5, 5]))
        #expect(header(host, 0) == Rect(x: 0, y: 0, width: 320, height: 40))
        // Offset 100: the header is at the visible top, 100.
        host.collection.contentOffset = Point(x: 0, y: 100)
        host.collection.layoutIfNeeded()
        #expect(header(host, 0) == Rect(x: 0, y: 100, width: 320, height: 40))
        // Offset 520: min(520, section end 540 − 40 = 500) = 500: pushed up by section 1's
        // header, which is at its own place, 540.
        host.collection.contentOffset = Point(x: 0, y: 520)
        host.collection.layoutIfNeeded()
        #expect(header(host, 0) == Rect(x: 0, y: 500, width: 320, height: 40))
        #expect(header(host, 1) == Rect(x: 0, y: 540, width: 320, height: 40))
        // Offset 600: section 0's header (500–540) left the bounds; section 1's is pinned at 600.
        host.collection.contentOffset = Point(x: 0, y: 600)
        host.collection.layoutIfNeeded()
        #expect(header(host, 0) == nil)
        #expect(header(host, 1) == Rect(x: 0, y: 600, width: 320, height: 40))
        // The layout answers the pinned frame too.
        let attributes = host.collection.layoutAttributesForSupplementaryElement(
            ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(attributes?.frame == Rect(x: 0, y: 600, width: 320, height: 40))
    }

    @Test
    func pinningInvalidatesTheLayoutOnEveryBoundsChange() throws {
        let (_, host) = try shown(flow(), Numbers([5, 5]))
        let layout = try #require(host.collection.collectionViewLayout as? CollectionViewFlowLayout)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 10, width: 320, height: 440)))
        let plain = flow(pinHeaders: false)
        host.collection.collectionViewLayout = plain
        host.collection.layoutIfNeeded()
        #expect(!plain.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 10, width: 320, height: 440)))
    }

    @Test
    func anUnpinnedHeaderScrollsAway() throws {
        let (_, host) = try shown(flow(pinHeaders: false), Numbers([5, 5]))
        host.collection.contentOffset = Point(x: 0, y: 20)
        host.collection.layoutIfNeeded()
        #expect(header(host, 0) == Rect(x: 0, y: 0, width: 320, height: 40))
    }

    @Test
    func aPinnedFooterStaysAtTheBottomOfTheVisibleBounds() throws {
        let (_, host) = try shown(flow(pinHeaders: false, footers: true), Numbers([5, 5]))
        // Section 0: header 0–40, items 40–540, footer 540–570. At offset 0 the visible
        // bottom is 440: the footer sits at 440 − 30 = 410.
        let footer = { host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionFooter,
                                                          at: IndexPath(item: 0, section: 0))?.frame }
        #expect(footer() == Rect(x: 0, y: 410, width: 320, height: 30))
        // Offset 200: visible bottom 640; the footer stays at its own place, 540.
        host.collection.contentOffset = Point(x: 0, y: 200)
        host.collection.layoutIfNeeded()
        #expect(footer() == Rect(x: 0, y: 540, width: 320, height: 30))
    }

    @Test
    func aCompositionalHeaderWithPinToVisibleBoundsIsPinnedToo() throws {
        // Sections of a 40-point pinned header and five rows of 100: section 0 is 0–540
        // (header 0–40), section 1 540–1080 (header 540–580).
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                         heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.vertical(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                    heightDimension: .absolute(100)),
                                                   subitems: [item])
        let section = CollectionLayoutSection(group: group)
        let header = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let (_, host) = try shown(CollectionViewCompositionalLayout(section: section), Numbers([5, 5]))
        host.collection.contentOffset = Point(x: 0, y: 100)
        host.collection.layoutIfNeeded()
        #expect(self.header(host, 0) == Rect(x: 0, y: 100, width: 320, height: 40))
        // Offset 520: min(520, 540 − 40) = 500.
        host.collection.contentOffset = Point(x: 0, y: 520)
        host.collection.layoutIfNeeded()
        #expect(self.header(host, 0) == Rect(x: 0, y: 500, width: 320, height: 40))
        #expect(self.header(host, 1) == Rect(x: 0, y: 540, width: 320, height: 40))
    }
}
