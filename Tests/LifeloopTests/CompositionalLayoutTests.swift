import Testing
@testable import Lifeloop

/// Compositional layouts: sizes by fraction, absolute and estimate, groups, section
/// insets and spacing, boundary headers, orthogonal sections, the section provider;
/// registrations, the diffable data source and the controller.
@Suite("Compositional layout")
struct CompositionalLayoutTests {
    typealias Numbers = CollectionHost.Numbers

    /// The shared host keeps the data source alive: the collection holds it weakly.
    typealias Host = CollectionHost

    private func shown(_ layout: CollectionViewLayout, _ source: CollectionViewDataSource) throws -> (Application, Host) {
        try Host.shown(layout, source, supplementaryKinds: [CollectionView.elementKindSectionHeader])
    }

    /// Two columns of 100-point rows, items inset 5, groups 10 apart, a 44-point header.
    private func gridSection() -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                                         heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                      heightDimension: .absolute(100)),
                                                     subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                        heightDimension: .estimated(44)),
                                                      elementKind: CollectionView.elementKindSectionHeader, alignment: .top),
        ]
        return section
    }

    @Test
    func aGridSectionPlacesItemsByFractionsInsetsAndSpacing() throws {
        let (_, host) = try shown(CollectionViewCompositionalLayout(section: gridSection()), Numbers([5]))
        let frames = host.collection.visibleCells.map(\.frame)
        // Header 0–44 inset to 10…310; groups of 300 × 100 at 54, 164, 274; each half 150
        // wide, inset 5.
        #expect(frames == [Rect(x: 15, y: 59, width: 140, height: 90), Rect(x: 165, y: 59, width: 140, height: 90),
                           Rect(x: 15, y: 169, width: 140, height: 90), Rect(x: 165, y: 169, width: 140, height: 90),
                           Rect(x: 15, y: 279, width: 140, height: 90)])
        let header = try #require(host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                                                     at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == Rect(x: 10, y: 0, width: 300, height: 44))
        #expect(host.collection.contentSize == Size(width: 320, height: 384))
    }

    @Test
    func aGroupOfCountCopiesSharesItsWidthWithSpacing() throws {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .absolute(10),
                                                                         heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                      heightDimension: .fractionalWidth(0.25)),
                                                     subitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let (_, host) = try shown(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), Numbers([4]))
        // (320 − 20) / 3 = 100 wide; the group is a quarter of the width tall (80).
        #expect(host.collection.visibleCells.map(\.frame) == [
            Rect(x: 0, y: 0, width: 100, height: 80), Rect(x: 110, y: 0, width: 100, height: 80),
            Rect(x: 220, y: 0, width: 100, height: 80), Rect(x: 0, y: 80, width: 100, height: 80),
        ])
    }

    @Test
    func anOrthogonalSectionIsOneRowWiderThanTheCollectionAndAProviderGivesEachSection() throws {
        var asked: [Int] = []
        let layout = CollectionViewCompositionalLayout { index, environment in
            asked.append(index)
            let width = environment.container.effectiveContentSize.width
            if index == 0 {
                let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
                let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .absolute(200),
                                                                                              heightDimension: .absolute(150)),
                                                             subitems: [item])
                let section = CollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 10
                return section
            }
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .absolute(width),
                                                                             heightDimension: .absolute(44)))
            let group = CollectionLayoutGroup.vertical(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                        heightDimension: .absolute(44)),
                                                       subitems: [item])
            return CollectionLayoutSection(group: group)
        }
        let (_, host) = try shown(layout, Numbers([4, 3]))
        #expect(asked.prefix(2) == [0, 1])
        let row = (0..<4).compactMap { host.collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(row == [Rect(x: 0, y: 0, width: 200, height: 150), Rect(x: 210, y: 0, width: 200, height: 150),
                        Rect(x: 420, y: 0, width: 200, height: 150), Rect(x: 630, y: 0, width: 200, height: 150)])
        #expect((row.last?.maxX ?? 0) > 320)
        // Only the first two meet the bounds; the list section follows the row.
        #expect(host.collection.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0),
                                                             IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1),
                                                             IndexPath(item: 2, section: 1)])
        #expect(host.collection.cellForItem(at: IndexPath(item: 2, section: 1))?.frame == Rect(x: 0, y: 238, width: 320, height: 44))
        #expect(host.collection.contentSize == Size(width: 320, height: 282))
    }

    // MARK: Registrations, diffable data source, controller

    final class BadgeCell: CollectionViewCell, ReusableCollectionView {
        let badge = Label(frame: .zero)
        var reuses = 0
        override init(frame: Rect) {
            super.init(frame: frame)
            contentView.addSubview(badge)
        }
        required init?(coder: NSCoder) { nil }
        override func prepareForReuse() { reuses += 1 }
    }

    @Test
    func aDiffableSourceWithRegistrationsAppliesDifferencesKeepingCellsOfItemsThatStay() throws {
        let app = try Application()
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 40)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let host = Host(layout: layout)
        _ = host.view
        var configured: [String] = []
        let cells = CollectionView.CellRegistration<BadgeCell, String> { cell, _, item in
            configured.append(item)
            cell.badge.text = item
        }
        let headers = CollectionView.SupplementaryRegistration<CollectionReusableView>(
            elementKind: CollectionView.elementKindSectionHeader) { view, _, path in view.traceLabel = "header\(path.section)" }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: host.collection) { collection, path, item in
            collection.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
        }
        source.supplementaryViewProvider = { collection, _, path in
            collection.dequeueConfiguredReusableSupplementary(using: headers, for: path)
        }
        var snapshot = NSDiffableDataSourceSnapshotForTests()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c", "d"])
        source.apply(snapshot, animatingDifferences: false)
        _ = try showInWindow(host, app: app)
        #expect(configured == ["a", "b", "c", "d"])
        let cellC = try #require(host.collection.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                                  at: IndexPath(item: 0, section: 0))?.traceLabel == "header0")

        configured.removeAll()
        var next = source.snapshot()
        next.deleteItems(["a"])
        next.appendItems(["e"])
        next.reconfigureItems(["b"])
        source.apply(next)
        try app.settle()
        // Only the new item and the reconfigured one are asked; c keeps its cell.
        #expect(configured.sorted() == ["b", "e"])
        #expect(host.collection.cellForItem(at: IndexPath(item: 1, section: 0)) === cellC)
        #expect(source.itemIdentifier(for: IndexPath(item: 3, section: 0)) == "e")
        #expect(source.indexPath(for: "c") == IndexPath(item: 1, section: 0))
        #expect(host.collection.visibleCells.compactMap { ($0 as? BadgeCell)?.badge.text } == ["b", "c", "d", "e"])

        configured.removeAll()
        source.applySnapshotUsingReloadData(source.snapshot())
        try app.settle()
        #expect(configured == ["b", "c", "d", "e"])
        #expect(app.diagnostics.isEmpty)
    }

    final class Gallery: CollectionViewController {
        var selected: [Int] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "photo")
        }
        override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
        override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Photo \(indexPath.item)"
            cell.contentConfiguration = content
            return cell
        }
        override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
            selected.append(indexPath.item)
        }
    }

    @Test
    func aCollectionViewControllersViewIsItsCollectionAndItClearsSelectionWhenItAppearsAgain() throws {
        let app = try Application()
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let gallery = Gallery(collectionViewLayout: layout)
        gallery.installsStandardGestureForInteractiveMovement = false
        let navigation = NavigationController(rootViewController: gallery)
        _ = try showInWindow(navigation, app: app)
        #expect(gallery.view === gallery.collectionView)
        #expect(gallery.collectionViewLayout === layout)
        #expect(gallery.collectionView.visibleCells.count > 6)
        app.tap(try #require(gallery.collectionView.visibleCells.first { $0.summaryText == "Photo 4" }))
        #expect(gallery.selected == [4])
        #expect(gallery.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        navigation.pushViewController(ViewController(), animated: false)
        try app.settle()
        navigation.popViewController(animated: false)
        try app.settle()
        #expect(gallery.collectionView.indexPathsForSelectedItems == nil)
    }
}

typealias NSDiffableDataSourceSnapshotForTests = DiffableDataSourceSnapshot<Int, String>
