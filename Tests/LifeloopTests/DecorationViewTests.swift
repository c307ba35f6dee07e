import Testing
@testable import Lifeloop

/// Decoration views: registered with the layout, placed by its decoration attributes
/// (a compositional section's background item, or a custom layout's own), made and
/// reused by the collection (never the data source), drawn behind the cells.
@Suite("Decoration views")
struct DecorationViewTests {
    typealias Numbers = CollectionHost.Numbers

    final class Backdrop: CollectionReusableView, ReusableCollectionView {}

    typealias Host = CollectionHost

    private func shown(_ layout: CollectionViewLayout, _ source: Numbers) throws -> (Application, Host) {
        try Host.shown(layout, source)
    }

    private func backdrops(_ host: Host) -> [Backdrop] {
        host.collection.subviews.compactMap { $0 as? Backdrop }.sorted { $0.frame.minY < $1.frame.minY }
    }

    /// Rows 320 wide (less insets) and 100 high, sections inset 10 all round, with a
    /// background inset 5.
    private func backgroundLayout() -> CollectionViewCompositionalLayout {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                         heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.vertical(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                    heightDimension: .absolute(100)),
                                                   subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = CollectionLayoutDecorationItem.background(elementKind: "backdrop")
        background.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        let layout = CollectionViewCompositionalLayout(section: section)
        layout.register(Backdrop.self, forDecorationViewOfKind: "backdrop")
        return layout
    }

    @Test
    func aSectionBackgroundCoversTheSectionLessItsInsetsBehindTheCells() throws {
        let (_, host) = try shown(backgroundLayout(), Numbers([3, 3, 3]))
        // Section 0: 10 + 3 × 100 + 10 = 320 high (0–320); its background inset 5 is
        // (5, 5, 310, 310). Section 1: 320–640, background (5, 325, 310, 310), which meets
        // the bounds (0–440). Section 2 (640–960) does not show.
        let shown = backdrops(host)
        #expect(shown.map(\.frame) == [Rect(x: 5, y: 5, width: 310, height: 310), Rect(x: 5, y: 325, width: 310, height: 310)])
        let subviews = host.collection.subviews
        let lastBackdrop = try #require(shown.compactMap { view in subviews.firstIndex { $0 === view } }.max())
        let firstCell = try #require(subviews.firstIndex { $0 is CollectionViewCell })
        #expect(lastBackdrop < firstCell)
        let attributes = try #require(host.collection.collectionViewLayout.layoutAttributesForDecorationView(
            ofKind: "backdrop", at: IndexPath(item: 0, section: 1)))
        #expect(attributes.representedElementCategory == .decorationView)
        #expect(attributes.zIndex < 0)
    }

    @Test
    func decorationViewsAreReusedAsTheCollectionScrolls() throws {
        let (_, host) = try shown(backgroundLayout(), Numbers([3, 3, 3]))
        let before = backdrops(host).map(ObjectIdentifier.init)
        // Offset 520 shows 520–960: section 0's background (5–315) leaves, section 2's
        // (645–955) comes, in the view section 0 left.
        host.collection.contentOffset = Point(x: 0, y: 520)
        host.collection.layoutIfNeeded()
        let after = backdrops(host)
        #expect(after.map(\.frame) == [Rect(x: 5, y: 325, width: 310, height: 310), Rect(x: 5, y: 645, width: 310, height: 310)])
        #expect(Set(after.map(ObjectIdentifier.init)) == Set(before))
        // The cells that came in with the scroll are above the decorations.
        let subviews = host.collection.subviews
        let lastBackdrop = try #require(subviews.lastIndex { $0 is Backdrop })
        let firstCell = try #require(subviews.firstIndex { $0 is CollectionViewCell })
        #expect(lastBackdrop < firstCell)
    }

    /// A custom layout: rows of 100 and one stripe decoration under the first two rows.
    final class StripeLayout: CollectionViewLayout {
        let stripe = CollectionViewLayoutAttributes(forDecorationViewOfKind: "stripe", with: IndexPath(item: 0, section: 0))
        override func prepare() {
            stripe.frame = Rect(x: 0, y: 0, width: 20, height: 200)
            stripe.zIndex = -1
        }
        override var collectionViewContentSize: Size { Size(width: 320, height: 1000) }
        override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
            var result = [stripe]
            for item in 0..<(collectionView?.numberOfItems(inSection: 0) ?? 0) {
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.frame = Rect(x: 0, y: CGFloat(item) * 100, width: 320, height: 100)
                result.append(attributes)
            }
            return result.filter { $0.frame.meets(rect) }
        }
        override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                        at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            elementKind == "stripe" ? stripe : nil
        }
    }

    @Test
    func aCustomLayoutsDecorationAttributesGetAViewFromItsRegistration() throws {
        let layout = StripeLayout()
        layout.register(Backdrop.self, forDecorationViewOfKind: "stripe")
        let (_, host) = try shown(layout, Numbers([10]))
        #expect(backdrops(host).map(\.frame) == [Rect(x: 0, y: 0, width: 20, height: 200)])
        // Scrolled past it (offset 300: 300–740), the stripe leaves.
        host.collection.contentOffset = Point(x: 0, y: 300)
        host.collection.layoutIfNeeded()
        #expect(backdrops(host).isEmpty)
    }

    @Test
    func anUnregisteredDecorationKindShowsNothingAndSaysSo() throws {
        let layout = StripeLayout()
        let (app, host) = try shown(layout, Numbers([3]))
        #expect(backdrops(host).isEmpty)
        #expect(app.diagnostics.contains { $0.kind == .unregisteredReuseIdentifier && "\($0)".contains("stripe") })
    }
}
