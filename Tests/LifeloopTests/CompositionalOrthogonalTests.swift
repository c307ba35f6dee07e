import Testing
@testable import Lifeloop

/// Compositional sections with an orthogonal scrolling behavior: each band scrolls
/// sideways on its own (an internal scroll view per band), its cells come and go as it
/// scrolls, the paging kinds snap on release, and the visible-items handler hears it.
@Suite("Compositional orthogonal sections")
struct CompositionalOrthogonalTests {
    final class Numbers: CollectionViewDataSource, CollectionViewDelegate {
        let counts: [Int]
        var log: [String] = []
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
            log.append("will \(indexPath.section).\(indexPath.item)")
        }
        func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                            forItemAt indexPath: IndexPath) {
            log.append("end \(indexPath.section).\(indexPath.item)")
        }
    }

    typealias Host = CollectionHost

    private func shown(_ layout: CollectionViewLayout, _ source: Numbers) throws -> (Application, Host) {
        try Host.shown(layout, source, delegate: source)
    }

    /// Section 0 (when `band`): one row of 150 × 100 groups, 10 apart, scrolling sideways;
    /// the other sections: full-width rows 100 high.
    private func layout(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior,
                        handler: CollectionLayoutSectionVisibleItemsInvalidationHandler? = nil) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { index, _ in
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
            if index == 0 {
                let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .absolute(150),
                                                                                              heightDimension: .absolute(100)),
                                                             subitems: [item])
                let section = CollectionLayoutSection(group: group)
                section.interGroupSpacing = 10
                section.orthogonalScrollingBehavior = behavior
                section.visibleItemsInvalidationHandler = handler
                return section
            }
            let group = CollectionLayoutGroup.vertical(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                        heightDimension: .absolute(100)),
                                                       subitems: [item])
            return CollectionLayoutSection(group: group)
        }
    }

    private func band(_ host: Host) throws -> ScrollView {
        try #require(host.collection.subviews.compactMap { $0 as? ScrollView }.first)
    }

    private func paths(_ host: Host) -> [String] {
        host.collection.indexPathsForVisibleItems.map { "\($0.section).\($0.item)" }
    }

    @Test
    func aBandHasItsOwnScrollViewOverTheRow() throws {
        let (_, host) = try shown(layout(.continuous), Numbers([6, 10]))
        let band = try band(host)
        // Six groups of 150, 10 apart: 6 × 150 + 5 × 10 = 950 wide; the band is the
        // section's 320 × 100 at the top.
        #expect(band.frame == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(band.contentSize == Size(width: 950, height: 100))
        #expect(band.traceLabel.hasPrefix("_UICollectionViewOrthogonalScrollerEmbeddedScrollView"))
        // Items 0 (0–150) and 1 (160–310) show; item 2 starts at 320, the band's edge.
        #expect(paths(host) == ["0.0", "0.1", "1.0", "1.1", "1.2", "1.3"])
    }

    @Test
    func aDragInTheBandScrollsOnlyTheBand() throws {
        let source = Numbers([6, 10])
        let (app, host) = try shown(layout(.continuous), source)
        let band = try band(host)
        source.log.removeAll()
        band.beginDrag()
        band.drag(by: Point(x: -200, y: -30))
        band.endDrag()
        try app.settle()
        #expect(band.contentOffset == Point(x: 200, y: 0))
        #expect(host.collection.contentOffset == Point(x: 0, y: 0))
        // Content 200–520 of the row: items 1 (160–310), 2 (320–470), 3 (480–630), at
        // 160 − 200 = −40, 120 and 280 in the collection.
        #expect(paths(host) == ["0.1", "0.2", "0.3", "1.0", "1.1", "1.2", "1.3"])
        #expect(host.collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: -40, y: 0, width: 150, height: 100))
        #expect(host.collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 280, y: 0, width: 150, height: 100))
        #expect(host.collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame
                == Rect(x: 120, y: 0, width: 150, height: 100))
        // L34: the leaving cell ends first, then the new ones in index-path order.
        #expect(source.log == ["end 0.0", "will 0.2", "will 0.3"])
        // The rows of section 1 did not move.
        #expect(host.collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 0, y: 100, width: 320, height: 100))
    }

    @Test
    func aVerticalScrollOfTheCollectionLeavesTheBandOffset() throws {
        let (_, host) = try shown(layout(.continuous), Numbers([6, 10]))
        let band = try band(host)
        band.contentOffset = Point(x: 100, y: 0)
        host.collection.contentOffset = Point(x: 0, y: 50)
        host.collection.layoutIfNeeded()
        #expect(band.contentOffset == Point(x: 100, y: 0))
        // Item 1 at 160 − 100 = 60 across, 0 down (the collection scrolled, not the band).
        #expect(host.collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 60, y: 0, width: 150, height: 100))
    }

    @Test
    func groupPagingSnapsToTheNearestGroupOrTheNextInTheReleaseDirection() throws {
        let (app, host) = try shown(layout(.groupPaging), Numbers([6, 10]))
        let band = try band(host)
        // Dragged 100 and released still: groups lead at 0, 160, 320…; 100 is nearest 160.
        band.beginDrag()
        band.drag(by: Point(x: -100, y: 0))
        band.endDrag()
        try app.settle()
        #expect(band.contentOffset.x == 160)
        // From 160 dragged 30 back (130) and flung on: the next group past 130, 160.
        band.beginDrag()
        band.drag(by: Point(x: 30, y: 0))
        band.endDrag(velocity: Point(x: -2000, y: 0))
        try app.settle()
        #expect(band.contentOffset.x == 160)
        #expect(host.collection.contentOffset == .zero)
    }

    @Test
    func pagingSnapsByTheBandsWidth() throws {
        let (app, host) = try shown(layout(.paging), Numbers([6, 10]))
        let band = try band(host)
        band.beginDrag()
        band.drag(by: Point(x: -100, y: 0))
        band.endDrag(velocity: Point(x: -500, y: 0))
        try app.settle()
        // Pages of the band's 320 points: the next past 100 is 320.
        #expect(band.contentOffset.x == 320)
        _ = host
    }

    @Test
    func groupPagingCenteredCentersTheGroup() throws {
        let (app, host) = try shown(layout(.groupPagingCentered), Numbers([6, 10]))
        let band = try band(host)
        band.beginDrag()
        band.drag(by: Point(x: -100, y: 0))
        band.endDrag()
        try app.settle()
        // Group 1 (160–310), centred in 320: 235 − 160 = 75; group 0 would be −85. 100 is
        // nearest 75.
        #expect(band.contentOffset.x == 75)
        _ = host
    }

    @Test
    func continuousGroupLeadingBoundaryComesToRestOnAGroupsLeadingEdge() throws {
        let (app, host) = try shown(layout(.continuousGroupLeadingBoundary), Numbers([6, 10]))
        let band = try band(host)
        band.beginDrag()
        band.drag(by: Point(x: -10, y: 0))
        // 0.4 pt/ms: 10 + 0.4 × 499 = 209.6, nearest group edge 160.
        band.endDrag(velocity: Point(x: -400, y: 0))
        try app.settle()
        #expect(band.contentOffset.x == 160)
        _ = host
    }

    @Test
    func theVisibleItemsHandlerHearsTheBandsOffset() throws {
        final class Heard { var calls: [(items: [IndexPath], offset: Point)] = [] }
        let heard = Heard()
        let (_, host) = try shown(layout(.continuous) { items, offset, environment in
            heard.calls.append((items.map(\.indexPath), offset))
            _ = environment.container.contentSize
        }, Numbers([6, 10]))
        let band = try band(host)
        heard.calls.removeAll()
        band.contentOffset = Point(x: 200, y: 0)
        host.collection.layoutIfNeeded()
        let last = try #require(heard.calls.last)
        #expect(last.offset == Point(x: 200, y: 0))
        #expect(last.items == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0), IndexPath(item: 3, section: 0)])
    }

    @Test
    func aSectionWithoutOrthogonalScrollingHasNoBand() throws {
        let (_, host) = try shown(layout(.none), Numbers([6, 10]))
        #expect(host.collection.subviews.compactMap { $0 as? ScrollView }.isEmpty)
    }
}
