import Testing
@testable import Lifeloop

/// Collection views beyond L34's orders: the flow layout's frames (hand-computed from
/// UIKit's flow rules), delegate sizing, self-sizing cells, selection, scrolling.
@Suite("Collection view")
struct CollectionViewTests {
    /// Sections of labelled items, with optional sizes per item.
    final class Grid: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        var sections: [[String]]
        var sizes: ((IndexPath) -> Size)?
        var log: [String] = []
        var refuse: Set<IndexPath> = []

        init(_ sections: [[String]]) { self.sections = sections }

        func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            sections[section].count
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = sections[indexPath.section][indexPath.item]
            cell.contentConfiguration = content
            return cell
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> CollectionReusableView {
            log.append("supplementary \(kind == CollectionView.elementKindSectionHeader ? "header" : "footer") \(indexPath.section)")
            return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> Size {
            sizes?(indexPath) ?? CollectionViewFlowLayout.unansweredSize
        }
        func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldSelect \(indexPath.item)")
            return !refuse.contains(indexPath)
        }
        func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
            log.append("didSelect \(indexPath.item)")
        }
        func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
            log.append("didDeselect \(indexPath.item)")
        }
        func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
            log.append("didHighlight \(indexPath.item)")
        }
    }

    final class Host: ViewController {
        let layout = CollectionViewFlowLayout()
        let size: Size
        lazy var collection = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
        init(size: Size = Size(width: 320, height: 440)) {
            self.size = size
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            collection.traceLabel = "collection"
            collection.contentInsetAdjustmentBehavior = .never
            view.addSubview(collection)
        }
    }

    private func shown(_ grid: Grid, size: Size = Size(width: 320, height: 440),
                       configure: (CollectionViewFlowLayout, CollectionView) -> Void = { _, _ in }) throws -> (Application, Host) {
        let app = try Application()
        let host = Host(size: size)
        _ = host.view
        host.collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        host.collection.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                                 withReuseIdentifier: "title")
        host.collection.register(CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                                 withReuseIdentifier: "title")
        configure(host.layout, host.collection)
        host.collection.dataSource = grid
        host.collection.delegate = grid
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    private func frames(_ collection: CollectionView) -> [Rect] { collection.visibleCells.map(\.frame) }

    @Test
    func threeItemsOfAHundredFillA320WideLineWithSpacingTen() throws {
        let (_, host) = try shown(Grid([["a", "b", "c"]])) { layout, _ in
            layout.itemSize = Size(width: 100, height: 100)
        }
        // 100 + 10 + 100 + 10 + 100 = 320: one line.
        #expect(frames(host.collection) == [Rect(x: 0, y: 0, width: 100, height: 100),
                                            Rect(x: 110, y: 0, width: 100, height: 100),
                                            Rect(x: 220, y: 0, width: 100, height: 100)])
        #expect(host.collection.contentSize == Size(width: 320, height: 100))
    }

    @Test
    func sectionInsetsWrapTheThirdItemAndUIKitSpreadsAndCentersTheLines() throws {
        let (_, host) = try shown(Grid([["a", "b", "c"]])) { layout, _ in
            layout.itemSize = Size(width: 100, height: 100)
            layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        }
        // 300 points between the insets: two items a line, spread to both insets; the
        // line of one item is centered.
        #expect(frames(host.collection) == [Rect(x: 10, y: 10, width: 100, height: 100),
                                            Rect(x: 210, y: 10, width: 100, height: 100),
                                            Rect(x: 110, y: 120, width: 100, height: 100)])
        #expect(host.collection.contentSize == Size(width: 320, height: 230))
    }

    @Test
    func headersAndFootersTakeTheirReferenceHeightsAroundTheInsets() throws {
        let grid = Grid([["a", "b"], ["c"]])
        let (_, host) = try shown(grid) { layout, _ in
            layout.itemSize = Size(width: 100, height: 50)
            layout.headerReferenceSize = Size(width: 0, height: 40)
            layout.footerReferenceSize = Size(width: 0, height: 20)
            layout.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
            layout.minimumInteritemSpacing = 20
        }
        let header1 = try #require(host.collection.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                                                      at: IndexPath(item: 0, section: 1)))
        // Section 0: header 0–40, inset, line 45–95, inset, footer 100–120. Section 1 from 120.
        #expect(header1.frame == Rect(x: 0, y: 120, width: 320, height: 40))
        #expect(host.collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 110, y: 165, width: 100, height: 50))
        #expect(frames(host.collection).prefix(2) == [Rect(x: 0, y: 45, width: 100, height: 50),
                                                      Rect(x: 220, y: 45, width: 100, height: 50)])
        #expect(host.collection.contentSize.height == 240)
        #expect(grid.log.filter { $0.hasPrefix("supplementary") }
            == ["supplementary header 0", "supplementary footer 0", "supplementary header 1", "supplementary footer 1"])
    }

    @Test
    func theDelegatesSizesCenterItemsOfALineOnItsTallest() throws {
        let grid = Grid([["a", "b", "c", "d"]])
        grid.sizes = { path in Size(width: 90, height: path.item == 1 ? 80 : 40) }
        let (app, host) = try shown(grid)
        // Three of 90 with at least 10 between: spread over 320 ((320 − 270) / 2 = 25 apart).
        #expect(frames(host.collection) == [Rect(x: 0, y: 20, width: 90, height: 40),
                                            Rect(x: 115, y: 0, width: 90, height: 80),
                                            Rect(x: 230, y: 20, width: 90, height: 40),
                                            Rect(x: 115, y: 90, width: 90, height: 40)])
        #expect(app.trace.lines.contains("collection sizeForItemAt"))
    }

    @Test
    func aHorizontalFlowFillsColumnsLeftToRight() throws {
        let grid = Grid([(0..<5).map(String.init)])
        let (_, host) = try shown(grid, size: Size(width: 320, height: 220)) { layout, _ in
            layout.scrollDirection = .horizontal
            layout.itemSize = Size(width: 100, height: 100)
        }
        // Two a column (100 + 10 + 100 ≤ 220, spread to 0 and 120); columns 110 apart.
        #expect(frames(host.collection) == [Rect(x: 0, y: 0, width: 100, height: 100),
                                            Rect(x: 0, y: 120, width: 100, height: 100),
                                            Rect(x: 110, y: 0, width: 100, height: 100),
                                            Rect(x: 110, y: 120, width: 100, height: 100),
                                            Rect(x: 220, y: 60, width: 100, height: 100)])
        #expect(host.collection.contentSize == Size(width: 320, height: 220))
    }

    /// A cell whose content view's constraints make it 150 × 60.
    final class SizedCell: CollectionViewCell, ReusableCollectionView {
        override init(frame: Rect) {
            super.init(frame: frame)
            let box = View(frame: .zero)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            NSLayoutConstraintActivate([
                box.topAnchor.constraint(equalTo: contentView.topAnchor),
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                box.widthAnchor.constraint(equalToConstant: 150),
                box.heightAnchor.constraint(equalToConstant: 60),
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    @Test
    func automaticSizeTakesTheCellsAutoLayoutSize() throws {
        let grid = Grid([["a", "b", "c"]])
        let (_, host) = try shown(grid) { layout, collection in
            layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
            collection.register(SizedCell.self, forCellWithReuseIdentifier: "cell")
        }
        // Two of 150 a line (150 + 10 + 150 ≤ 320), spread; the third centered below.
        #expect(frames(host.collection) == [Rect(x: 0, y: 0, width: 150, height: 60),
                                            Rect(x: 170, y: 0, width: 150, height: 60),
                                            Rect(x: 85, y: 70, width: 150, height: 60)])
        #expect(host.collection.contentSize.height == 130)
    }

    @Test
    func aTapSelectsInUIKitsOrderAndShouldSelectCanRefuse() throws {
        let grid = Grid([["a", "b", "c"]])
        grid.refuse = [IndexPath(item: 2, section: 0)]
        let (app, host) = try shown(grid) { layout, _ in layout.itemSize = Size(width: 100, height: 100) }
        let first = try #require(host.collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        app.tap(first)
        app.tap(try #require(host.collection.cellForItem(at: IndexPath(item: 1, section: 0))))
        app.tap(try #require(host.collection.cellForItem(at: IndexPath(item: 2, section: 0))))
        #expect(grid.log == ["didHighlight 0", "shouldSelect 0", "didSelect 0",
                             "didHighlight 1", "shouldSelect 1", "didDeselect 0", "didSelect 1",
                             "didHighlight 2", "shouldSelect 2"])
        #expect(host.collection.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(!first.isSelected)
        host.collection.deselectItem(at: IndexPath(item: 1, section: 0), animated: false)
        #expect(host.collection.indexPathsForSelectedItems == nil)
        #expect(grid.log.count == 9)
    }

    @Test
    func scrollToItemCentersItAndIndexPathForItemFindsIt() throws {
        let grid = Grid([(0..<60).map(String.init)])
        let (app, host) = try shown(grid) { layout, _ in layout.itemSize = Size(width: 100, height: 100) }
        host.collection.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: false)
        try app.settle()
        // Item 30 is on line 10, at 1100–1200: its middle at the middle of 440 points.
        #expect(host.collection.contentOffset.y == 930)
        #expect(host.collection.indexPathsForVisibleItems.contains(IndexPath(item: 30, section: 0)))
        #expect(host.collection.indexPathForItem(at: Point(x: 150, y: 1150)) == IndexPath(item: 31, section: 0))
        #expect(host.collection.visibleCells.first?.summaryText == "24")
    }

    @Test
    func aTapOnAConstrainedLabelInACellSelectsItsItem() throws {
        let grid = Grid([["a", "b"]])
        let (app, host) = try shown(grid) { layout, _ in layout.itemSize = Size(width: 100, height: 100) }
        let cell = try #require(host.collection.cellForItem(at: IndexPath(item: 1, section: 0)))
        let label = Label(frame: .zero)
        label.text = "tap me"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        label.centerXAnchor.constraint(equalTo: cell.contentView.centerXAnchor).isActive = true
        // A label takes no touches, as in UIKit, also once it has Auto Layout state.
        #expect(!label.isUserInteractionEnabled)
        app.tap(label)
        #expect(grid.log.suffix(2) == ["shouldSelect 1", "didSelect 1"])
    }

    @Test
    func theFlowLayoutsElementsInARectAreThoseWhoseFramesMeetIt() throws {
        let grid = Grid([(0..<500).map(String.init), (0..<7).map(String.init)])
        grid.sizes = { path in Size(width: Double(40 + (path.item * 37) % 90), height: Double(30 + (path.item * 53) % 70)) }
        let (_, host) = try shown(grid) { layout, _ in
            layout.headerReferenceSize = Size(width: 0, height: 25)
            layout.sectionInset = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        }
        let layout = host.layout
        var all: [CollectionViewLayoutAttributes] = []
        for section in 0..<2 {
            for item in 0..<host.collection.numberOfItems(inSection: section) {
                all.append(try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))))
            }
        }
        for top in stride(from: -50.0, to: host.collection.contentSize.height + 50, by: 173) {
            let rect = Rect(x: 0, y: top, width: 320, height: 211)
            let found = (layout.layoutAttributesForElements(in: rect) ?? []).filter { $0.representedElementCategory == .cell }
            #expect(found.map(\.indexPath) == all.filter { $0.frame.meets(rect) }.map(\.indexPath))
        }
    }
}
