import Testing
@testable import Lifeloop

/// L34 for collection views: counts at reload, cells in the collection's own layout pass
/// for visible items in index-path order, reuse with `prepareForReuse`,
/// willDisplay/didEndDisplaying, the layout's calls in UIKit's order, batch updates.
///
/// The public logs these follow (research, uikit_round3.md §2.2):
/// - C2: "`numberOfSections` → `numberOfItems` → (`prepareForReuse` → `cellForItem` →
///   `willDisplay`) per cell; `didEndDisplaying` when a cell fully leaves."
/// - C4: a custom layout: "`prepareLayout` → `collectionViewContentSize` →
///   `layoutAttributesForElementsInRect:`".
/// - Apple: the collection view calls `prepareForReuse` "before the corresponding dequeue
///   method returns the view".
@Suite("Conformance: collection views (L34)")
struct CollectionsConformance {
    /// A data source and delegate of sections of items, logging its calls.
    final class Items: CollectionViewDataSource, CollectionViewDelegate {
        var counts: [Int]
        var log: [String] = []
        var identifier = "cell"

        init(_ counts: [Int]) { self.counts = counts }

        func numberOfSections(in collectionView: CollectionView) -> Int {
            log.append("numberOfSections")
            return counts.count
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            log.append("numberOfItems \(section)")
            return counts[section]
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            log.append("cellForItem \(indexPath.section),\(indexPath.item)")
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
            log.append("dequeued \(Int(cell.bounds.width))x\(Int(cell.bounds.height))")
            return cell
        }
        func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
            log.append("willDisplay \(indexPath.section),\(indexPath.item)")
        }
        func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                            forItemAt indexPath: IndexPath) {
            log.append("didEndDisplaying \(indexPath.section),\(indexPath.item)")
        }
    }

    /// A cell that logs its reuse.
    final class LoggingCell: CollectionViewCell, ReusableCollectionView {
        var onReuse: (() -> Void)?
        override func prepareForReuse() { onReuse?() }
    }

    /// A flow layout that logs UIKit's layout calls.
    final class LoggingLayout: CollectionViewFlowLayout {
        var log: [String] = []
        override func prepare() {
            log.append("prepare")
            super.prepare()
        }
        override var collectionViewContentSize: Size {
            log.append("collectionViewContentSize")
            return super.collectionViewContentSize
        }
        override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
            log.append("layoutAttributesForElements")
            return super.layoutAttributesForElements(in: rect)
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            log.append("layoutAttributesForItem \(indexPath.section),\(indexPath.item)")
            return super.layoutAttributesForItem(at: indexPath)
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
            log.append("shouldInvalidateLayout")
            return super.shouldInvalidateLayout(forBoundsChange: newBounds)
        }
    }

    /// A controller with a 320×440 collection of 100×100 items, 10 apart: three a line,
    /// four lines show.
    final class Host: ViewController {
        let layout = LoggingLayout()
        lazy var collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        override func viewDidLoad() {
            collection.traceLabel = "collection"
            layout.itemSize = Size(width: 100, height: 100)
            collection.contentInsetAdjustmentBehavior = .never
            view.addSubview(collection)
        }
    }

    private func shown(_ items: Items) throws -> (Application, Host) {
        let app = try Application()
        let host = Host(label: "host")
        _ = host.view
        host.collection.register(LoggingCell.self, forCellWithReuseIdentifier: "cell")
        host.collection.dataSource = items
        host.collection.delegate = items
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    @Test
    func L34_collectionReloadDataAsksTheCountsAtOnceAndMakesNoCell() throws {
        let items = Items([5, 30])
        let (app, host) = try shown(items)
        items.log.removeAll()
        items.counts = [5, 40]
        host.collection.reloadData()
        #expect(items.log == ["numberOfSections", "numberOfItems 0", "numberOfItems 1"])
        #expect(host.collection.numberOfItems(inSection: 1) == 40)
        try app.settle()
        #expect(items.log.contains("cellForItem 0,0"))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func L34_collectionJoiningAWindowAsksTheCountsBeforeAnyCell() throws {
        let items = Items([3])
        let app = try Application()
        let host = Host(label: "host")
        _ = host.view
        host.collection.register(LoggingCell.self, forCellWithReuseIdentifier: "cell")
        host.collection.dataSource = items
        #expect(items.log.isEmpty)
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = host
        window.makeKeyAndVisible()
        #expect(items.log == ["numberOfSections", "numberOfItems 0"])
        try app.settle()
        #expect(items.log.dropFirst(2).first == "cellForItem 0,0")
    }

    @Test
    func L34_collectionCellsComeInItsOwnLayoutPassForVisibleItemsInIndexPathOrder() throws {
        let items = Items([4, 20])
        let (app, host) = try shown(items)
        let cells = items.log.filter { $0.hasPrefix("cellForItem") }
        // Section 0: a line of three and a line of one (210 points); section 1's lines
        // start at 210, 320 and 430, all meeting the 440 points shown.
        #expect(cells == ["cellForItem 0,0", "cellForItem 0,1", "cellForItem 0,2", "cellForItem 0,3"]
            + (0..<9).map { "cellForItem 1,\($0)" })
        let lines = app.trace.lines
        let firstCell = try #require(lines.firstIndex(of: "collection cellForItemAt"))
        #expect(lines[..<firstCell].last { $0.hasPrefix("collection layoutSubviews") || $0.hasPrefix("collection layout.") }
            == "collection layout.layoutAttributesForElements")
        #expect(host.collection.visibleCells.count == 13)
        #expect(host.collection.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
        #expect(host.collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 110, y: 110, width: 100, height: 100))
    }

    @Test
    func L34_collectionWillDisplayFollowsCellForItemWithTheCellSizedAndInTheCollection() throws {
        let items = Items([3])
        let (app, host) = try shown(items)
        // C2: cellForItem then willDisplay, per cell; the dequeued cell has its size already.
        #expect(items.log.filter { !$0.hasPrefix("number") } == [
            "cellForItem 0,0", "dequeued 100x100", "willDisplay 0,0",
            "cellForItem 0,1", "dequeued 100x100", "willDisplay 0,1",
            "cellForItem 0,2", "dequeued 100x100", "willDisplay 0,2",
        ])
        let cell = try #require(host.collection.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(cell.superview === host.collection)
        #expect(cell.frame == Rect(x: 110, y: 0, width: 100, height: 100))
        let events = app.trace.events
        let joined = try #require(events.firstIndex { $0.line == "\(cell.traceLabel) didMoveToSuperview" })
        let willDisplay = try #require(events.firstIndex { $0.line == "collection willDisplay" && $0.detail == "[0,1]" })
        #expect(joined < willDisplay)
    }

    @Test
    func L34_collectionScrollEndsDisplayFirstThenReusesWithPrepareForReuseBeforeTheDequeueReturns() throws {
        let items = Items([100])
        let (app, host) = try shown(items)
        #expect(host.collection.cellsMade == 12)
        for cell in host.collection.visibleCells { (cell as? LoggingCell)?.onReuse = { items.log.append("prepareForReuse") } }
        items.log.removeAll()
        host.collection.contentOffset = Point(x: 0, y: 110)
        try app.settle()
        #expect(items.log == [
            "didEndDisplaying 0,0", "didEndDisplaying 0,1", "didEndDisplaying 0,2",
            "cellForItem 0,12", "prepareForReuse", "dequeued 100x100", "willDisplay 0,12",
            "cellForItem 0,13", "prepareForReuse", "dequeued 100x100", "willDisplay 0,13",
            "cellForItem 0,14", "prepareForReuse", "dequeued 100x100", "willDisplay 0,14",
        ])
        #expect(host.collection.cellsMade == 12)
        #expect(host.collection.cellsReused == 3)
    }

    @Test
    func L34_collectionLayoutIsPreparedThenAskedForItsSizeThenItsElementsInUIKitsOrder() throws {
        let items = Items([30])
        let (app, host) = try shown(items)
        let layout = host.layout
        // C4: prepare, collectionViewContentSize, layoutAttributesForElements(in:), before any cell.
        #expect(Array(layout.log.prefix(3)) == ["prepare", "collectionViewContentSize", "layoutAttributesForElements"])
        #expect(host.collection.contentSize == Size(width: 320, height: 1090))
        // A scroll asks whether the bounds change invalidates (no for a flow layout's scroll): no new prepare.
        layout.log.removeAll()
        host.collection.contentOffset = Point(x: 0, y: 50)
        try app.settle()
        #expect(Array(layout.log.prefix(3)) == ["shouldInvalidateLayout", "collectionViewContentSize", "layoutAttributesForElements"])
        #expect(!layout.log.contains("prepare"))
        // invalidateLayout: the next pass prepares again.
        layout.log.removeAll()
        layout.invalidateLayout()
        try app.settle()
        #expect(layout.log == ["prepare", "collectionViewContentSize", "layoutAttributesForElements"])
        // A scroll to an item asks for that item's attributes.
        layout.log.removeAll()
        host.collection.scrollToItem(at: IndexPath(item: 12, section: 0), at: .top, animated: false)
        #expect(layout.log.first == "layoutAttributesForItem 0,12")
        #expect(host.collection.contentOffset.y == 440)
    }

    @Test
    func L34_collectionBatchUpdatesKeepShownCellsOfItemsThatStay() throws {
        let items = Items([6])
        let (app, host) = try shown(items)
        let kept = try #require(host.collection.cellForItem(at: IndexPath(item: 2, section: 0)))
        items.log.removeAll()
        items.counts = [6]
        host.collection.performBatchUpdates {
            host.collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
            host.collection.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        try app.settle()
        #expect(host.collection.cellForItem(at: IndexPath(item: 1, section: 0)) === kept)
        #expect(kept.frame.origin == Point(x: 110, y: 0))
        #expect(items.log.filter { $0.hasPrefix("cellForItem") } == ["cellForItem 0,5"])
        #expect(items.log.contains("didEndDisplaying 0,0"))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func L34_collectionInconsistentUpdateIsADiagnosticWithUIKitsMessageAndAReload() throws {
        let items = Items([3])
        let (app, host) = try shown(items)
        items.counts = [4]
        host.collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
        try app.settle()
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .invalidListUpdate })
        #expect(diagnostic.message.hasPrefix("Invalid update: invalid number of items in section 0. The number of items "
            + "contained in an existing section after the update (4) must be equal to the number of items contained in "
            + "that section before the update (3), plus or minus the number of items inserted or deleted from that "
            + "section (0 inserted, 1 deleted)"))
        #expect(diagnostic.label == "collection")
        #expect(host.collection.visibleCells.count == 4)
    }

    @Test
    func L34_collectionDequeueOfAnUnregisteredIdentifierIsADiagnosticNotATrap() throws {
        let items = Items([2])
        items.identifier = "missing"
        let (app, host) = try shown(items)
        #expect(host.collection.visibleCells.count == 2)
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .unregisteredReuseIdentifier })
        #expect(diagnostic.message.contains("with identifier missing - must register a nib or a class"))
    }
}
