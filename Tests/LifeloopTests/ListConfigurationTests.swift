import Testing
@testable import Lifeloop

/// List layouts: `UICollectionLayoutListConfiguration`, `list(using:)`, list cells, rows
/// that size themselves from an estimate of 44 points, and the appearances' insets.
@Suite("List configurations")
struct ListConfigurationTests {
    final class Rows: CollectionViewDataSource {
        let counts: [Int]
        var heights: [IndexPath: CGFloat] = [:]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            if let list = cell as? CollectionViewListCell {
                var content = list.defaultContentConfiguration()
                content.text = "Row \(indexPath.item)"
                list.contentConfiguration = content
                list.accessories = [.disclosureIndicator()]
            }
            if let height = heights[indexPath] {
                // A content view that asks for its height through Auto Layout.
                let box = View(frame: .zero)
                box.translatesAutoresizingMaskIntoConstraints = false
                cell.contentView.addSubview(box)
                LayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                    box.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
                    box.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                    box.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
                    box.heightAnchor.constraint(equalToConstant: height),
                ])
            }
            return cell
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> CollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
    }

    typealias Host = CollectionHost

    private func shown(_ configuration: CollectionLayoutListConfiguration, _ source: Rows) throws -> (Application, Host) {
        let app = try Application()
        let host = Host(layout: CollectionViewCompositionalLayout.list(using: configuration))
        host.source = source
        _ = host.view
        host.collection.register(CollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            host.collection.register(CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "header")
        }
        host.collection.dataSource = source
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    @Test
    func aPlainListStacksFullWidthRowsOfTheEstimatedHeight() throws {
        let (_, host) = try shown(CollectionLayoutListConfiguration(appearance: .plain), Rows([3]))
        // Rows of 44 (UIKit's estimate) at 0, 44, 88, the collection's full width.
        #expect(host.collection.visibleCells.map(\.frame) == [Rect(x: 0, y: 0, width: 320, height: 44),
                                                              Rect(x: 0, y: 44, width: 320, height: 44),
                                                              Rect(x: 0, y: 88, width: 320, height: 44)])
        #expect(host.collection.contentSize == Size(width: 320, height: 132))
        let cell = try #require(host.collection.visibleCells.first as? CollectionViewListCell)
        #expect(cell.summaryText == "Row 0")
        #expect(cell.accessories.count == 1)
    }

    @Test
    func insetGroupedSectionsAreInsetFromTheSidesAndSpacedApart() throws {
        let (_, host) = try shown(CollectionLayoutListConfiguration(appearance: .insetGrouped), Rows([2, 1]))
        // Each section: 35 above, rows inset 20 each side (320 − 40 = 280 wide), 44 high.
        // Section 0: rows at 35, 79 (ends 123); section 1: 123 + 35 = 158.
        #expect(host.collection.visibleCells.map(\.frame) == [Rect(x: 20, y: 35, width: 280, height: 44),
                                                              Rect(x: 20, y: 79, width: 280, height: 44),
                                                              Rect(x: 20, y: 158, width: 280, height: 44)])
    }

    @Test
    func groupedSectionsAreFullWidth() throws {
        let (_, host) = try shown(CollectionLayoutListConfiguration(appearance: .grouped), Rows([1]))
        #expect(host.collection.visibleCells.map(\.frame) == [Rect(x: 0, y: 35, width: 320, height: 44)])
    }

    @Test
    func aSupplementaryHeaderModeGivesEachSectionAHeader() throws {
        var configuration = CollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let (_, host) = try shown(configuration, Rows([1, 1]))
        let header = { (section: Int) in
            host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                              at: IndexPath(item: 0, section: section))?.frame
        }
        // Plain headers of 28: section 0 header 0–28, row 28–72; section 1 header 72–100.
        #expect(header(0) == Rect(x: 0, y: 0, width: 320, height: 28))
        #expect(header(1) == Rect(x: 0, y: 72, width: 320, height: 28))
        #expect(host.collection.visibleCells.map(\.frame.minY) == [28, 100])
    }

    @Test
    func rowsSizeThemselvesFromTheEstimate() throws {
        let source = Rows([3])
        source.heights[IndexPath(item: 1, section: 0)] = 80
        let (_, host) = try shown(CollectionLayoutListConfiguration(appearance: .plain), source)
        // Row 1 asks for 80: rows at 0 (44), 44 (80), 124 (44).
        #expect(host.collection.visibleCells.map(\.frame) == [Rect(x: 0, y: 0, width: 320, height: 44),
                                                              Rect(x: 0, y: 44, width: 320, height: 80),
                                                              Rect(x: 0, y: 124, width: 320, height: 44)])
        #expect(host.collection.contentSize.height == 168)
    }

    @Test
    func aListSectionFromAProviderMixesWithOtherSections() throws {
        let app = try Application()
        let layout = CollectionViewCompositionalLayout { index, environment in
            var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.showsSeparators = index == 0
            return CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        let host = Host(layout: layout)
        _ = host.view
        host.collection.register(CollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let source = Rows([1])
        host.source = source
        host.collection.dataSource = source
        _ = try showInWindow(host, app: app)
        #expect(host.collection.visibleCells.map(\.frame) == [Rect(x: 20, y: 35, width: 280, height: 44)])
    }
}
