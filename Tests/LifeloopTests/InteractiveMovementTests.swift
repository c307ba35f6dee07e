import Testing
@testable import Lifeloop

/// A collection's interactive movement (UIKit's `beginInteractiveMovementForItem(at:)` and
/// its siblings, iOS 9) and the standard long press of a collection view controller.
@Suite("Interactive movement")
struct InteractiveMovementTests {
    /// One section of labelled items 100 × 100 (three to a 320-point line), logging the
    /// movement calls; the items move in its model when told.
    final class Items: CollectionViewDataSource, CollectionViewDelegate {
        var items: [String]
        var log: [String] = []
        var movable: (IndexPath) -> Bool = { _ in true }
        var retarget: ((IndexPath, IndexPath, IndexPath) -> IndexPath)?

        init(_ items: [String]) { self.items = items }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.traceLabel = items[indexPath.item]
            return cell
        }
        func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
            log.append("canMove \(indexPath.listDescription)")
            return movable(indexPath)
        }
        func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                            to destinationIndexPath: IndexPath) {
            log.append("move \(sourceIndexPath.listDescription) -> \(destinationIndexPath.listDescription)")
            items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
        }
        func collectionView(_ collectionView: CollectionView,
                            targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                            atCurrentIndexPath currentIndexPath: IndexPath,
                            toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
            log.append("target \(originalIndexPath.listDescription) \(currentIndexPath.listDescription) "
                       + "\(proposedIndexPath.listDescription)")
            return retarget?(originalIndexPath, currentIndexPath, proposedIndexPath) ?? proposedIndexPath
        }
    }

    final class Host: ViewController {
        let layout = CollectionViewFlowLayout()
        lazy var collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        override func viewDidLoad() {
            collection.traceLabel = "collection"
            collection.contentInsetAdjustmentBehavior = .never
            layout.itemSize = Size(width: 100, height: 100)
            collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.addSubview(collection)
        }
    }

    private func shown(_ items: Items) throws -> (Application, CollectionView) {
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        host.collection.dataSource = items
        host.collection.delegate = items
        _ = try showInWindow(host, app: app)
        return (app, host.collection)
    }

    /// The shown cells' labels in index-path order.
    private func order(_ collection: CollectionView) -> [String] { collection.visibleCells.map(\.traceLabel) }

    /// The center of slot `item` of the 3-wide grid of a 320-point collection (100 × 100
    /// items, 10 apart).
    private func slot(_ item: Int) -> Point { Point(x: Double(item % 3) * 110 + 50, y: Double(item / 3) * 110 + 50) }

    /// The center of item `item`'s place as the layout gives it now.
    private func center(_ collection: CollectionView, _ item: Int) -> Point {
        let frame = collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame ?? .zero
        return Point(x: frame.midX, y: frame.midY)
    }

    /// The events with their details, as `label event detail` lines.
    private static func detailed(_ app: Application) -> [String] { app.trace.events.map { "\($0.line) \($0.detail)" } }

    @Test
    func anItemMovedAndDroppedCallsMoveItemAtOnceAndTheOthersMakeRoom() throws {
        let items = Items(["a", "b", "c", "d", "e"])
        let (app, collection) = try shown(items)
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        collection.updateInteractiveMovementTargetPosition(slot(1))
        collection.updateInteractiveMovementTargetPosition(Point(x: 250, y: 60))
        try app.settle()
        // The others made room: b and c moved left; a is where the finger is.
        #expect(order(collection) == ["b", "c", "a", "d", "e"])
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 200, y: 10, width: 100, height: 100))
        #expect(items.log == ["canMove [0,0]", "target [0,0] [0,0] [0,1]", "target [0,0] [0,1] [0,2]"])
        #expect(items.items == ["a", "b", "c", "d", "e"], "the data source is told nothing before the drop")
        collection.endInteractiveMovement()
        try app.settle()
        #expect(items.log.last == "move [0,0] -> [0,2]")
        #expect(items.log.filter { $0.hasPrefix("move") }.count == 1)
        #expect(items.items == ["b", "c", "a", "d", "e"])
        #expect(order(collection) == ["b", "c", "a", "d", "e"])
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 220, y: 0, width: 100, height: 100),
                "the dropped cell settles into its slot")
        #expect(!collection.isInteractivelyMovingItem)
    }

    @Test
    func aCancelledMovementCallsNothingAndPutsTheItemBack() throws {
        let items = Items(["a", "b", "c", "d"])
        let (app, collection) = try shown(items)
        #expect(collection.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)))
        collection.updateInteractiveMovementTargetPosition(slot(0))
        try app.settle()
        #expect(order(collection) == ["d", "a", "b", "c"])
        collection.cancelInteractiveMovement()
        try app.settle()
        #expect(order(collection) == ["a", "b", "c", "d"])
        #expect(items.log == ["canMove [0,3]", "target [0,3] [0,3] [0,0]"])
        #expect(items.items == ["a", "b", "c", "d"])
        // Alone on its line, the last item is centered (the flow layout's rule).
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == Rect(x: 110, y: 110, width: 100, height: 100))
    }

    @Test
    func anItemTheDataSourceDoesNotLetMoveDoesNotBegin() throws {
        let items = Items(["a", "b", "c"])
        items.movable = { $0.item != 1 }
        let (app, collection) = try shown(items)
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        collection.updateInteractiveMovementTargetPosition(slot(2))
        collection.endInteractiveMovement()
        try app.settle()
        #expect(items.log == ["canMove [0,1]"])
        #expect(order(collection) == ["a", "b", "c"])
        #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(item: 7, section: 0)), "not an item")
    }

    @Test
    func aDataSourceThatDoesNotAnswerCanMoveMovesNothing() throws {
        final class Plain: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
        }
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        let plain = Plain()
        host.collection.dataSource = plain
        _ = try showInWindow(host, app: app)
        #expect(!host.collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    }

    @Test
    func theDelegateRetargetsTheMove() throws {
        let items = Items(["a", "b", "c", "d", "e"])
        items.retarget = { _, current, proposed in proposed.item > 1 ? current : proposed }
        let (app, collection) = try shown(items)
        collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        collection.updateInteractiveMovementTargetPosition(center(collection, 4))
        collection.endInteractiveMovement()
        try app.settle()
        #expect(items.log == ["canMove [0,0]", "target [0,0] [0,0] [0,4]"])
        #expect(items.items == ["a", "b", "c", "d", "e"], "refused: no move")
    }

    @Test
    func aDiffableDataSourceReordersThroughItsHandlers() throws {
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: host.collection) { collection, path, item in
            let cell = collection.dequeueReusableCell(withReuseIdentifier: "cell", for: path)
            cell.traceLabel = item
            return cell
        }
        var told: [String] = []
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c", "d"])
        source.apply(snapshot, animatingDifferences: false)
        _ = try showInWindow(host, app: app)
        #expect(!host.collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)),
                "no canReorderItem: nothing moves")
        source.reorderingHandlers.canReorderItem = { $0 != "d" }
        source.reorderingHandlers.willReorder = { told.append("will " + $0.initialSnapshot.itemIdentifiers.joined()) }
        source.reorderingHandlers.didReorder = { transaction in
            told.append("did " + transaction.finalSnapshot.itemIdentifiers.joined())
            told.append("changes \(transaction.difference.count)")
        }
        #expect(!host.collection.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)))
        #expect(host.collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        host.collection.updateInteractiveMovementTargetPosition(slot(2))
        host.collection.endInteractiveMovement()
        try app.settle()
        #expect(told == ["will abcd", "did bcad", "changes 2"])
        #expect(source.snapshot().itemIdentifiers == ["b", "c", "a", "d"])
        #expect(order(host.collection) == ["b", "c", "a", "d"])
    }

    /// A collection view controller with the standard gesture.
    final class Grid: CollectionViewController {
        var items = ["a", "b", "c", "d", "e", "f"]
        var log: [String] = []
        init() {
            let layout = CollectionViewFlowLayout()
            layout.itemSize = Size(width: 100, height: 100)
            super.init(collectionViewLayout: layout)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            collectionView.contentInsetAdjustmentBehavior = .never
            collectionView.traceLabel = "grid"
            collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        }
        override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            items.count
        }
        override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.traceLabel = items[indexPath.item]
            return cell
        }
        override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
        override func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
                                     to destinationIndexPath: IndexPath) {
            log.append("move \(sourceIndexPath.listDescription) -> \(destinationIndexPath.listDescription)")
            items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
        }
    }

    /// Presses item `from` for 0.6 s, drags it in 10-point steps to the center of slot `to`, lifts.
    private func pressAndDrag(_ app: Application, _ collection: CollectionView, from: Int, to: Int, lift: Bool = true) throws {
        let start = collection.convert(center(collection, from), to: nil)
        let end = collection.convert(center(collection, to), to: nil)
        app.touch(.down, at: start)
        try app.advance(by: .milliseconds(600))
        let steps = 12
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            app.touch(.move, at: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            try app.advance(by: .milliseconds(16))
        }
        if lift { app.touch(.up, at: end) }
        try app.settle()
    }

    @Test
    func aLongPressThenADragReordersThroughTouches() throws {
        let app = try Application()
        let grid = Grid()
        _ = try showInWindow(grid, app: app)
        let collection = try #require(grid.collectionView)
        try pressAndDrag(app, collection, from: 0, to: 4)
        #expect(grid.log == ["move [0,0] -> [0,4]"])
        #expect(grid.items == ["b", "c", "d", "e", "a", "f"])
        #expect(order(collection) == ["b", "c", "d", "e", "a", "f"])
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame
                == collection.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame, "settled in its place")
    }

    /// A collection whose subclass overrides the movement methods, as UIKit apps do to
    /// veto or watch a movement.
    final class WatchedCollection: CollectionView {
        var calls: [String] = []
        override func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
            calls.append("begin \(indexPath.item)")
            return indexPath.item == 5 ? false : super.beginInteractiveMovementForItem(at: indexPath)
        }
        override func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
            if calls.last != "update" { calls.append("update") }
            super.updateInteractiveMovementTargetPosition(targetPosition)
        }
        override func endInteractiveMovement() {
            calls.append("end")
            super.endInteractiveMovement()
        }
        override func cancelInteractiveMovement() {
            calls.append("cancel")
            super.cancelInteractiveMovement()
        }
    }

    /// The standard gesture calls the movement methods through the collection, so a
    /// subclass's overrides run, and one that refuses to begin keeps the items where they are.
    @Test
    func theStandardGestureCallsASubclasssOverrides() throws {
        let app = try Application()
        let grid = Grid()
        grid.loadViewIfNeeded()
        grid.collectionView = WatchedCollection(frame: Rect(x: 0, y: 0, width: 400, height: 800),
                                                collectionViewLayout: grid.collectionViewLayout)
        grid.collectionView.dataSource = grid
        grid.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        _ = try showInWindow(grid, app: app)
        let collection = try #require(grid.collectionView as? WatchedCollection)
        try pressAndDrag(app, collection, from: 0, to: 4)
        #expect(collection.calls == ["begin 0", "update", "end"])
        #expect(grid.items == ["b", "c", "d", "e", "a", "f"])
        collection.calls = []
        try pressAndDrag(app, collection, from: 5, to: 0)
        #expect(collection.calls.first == "begin 5")
        #expect(!collection.isInteractivelyMovingItem, "refused: no movement began")
        #expect(grid.log == ["move [0,0] -> [0,4]"], "and the data source was told of no other move")
        #expect(grid.items == ["b", "c", "d", "e", "a", "f"])
    }

    @Test
    func withoutTheStandardGestureALongPressMovesNothing() throws {
        let app = try Application()
        let grid = Grid()
        grid.installsStandardGestureForInteractiveMovement = false
        _ = try showInWindow(grid, app: app)
        let collection = try #require(grid.collectionView)
        try pressAndDrag(app, collection, from: 0, to: 4)
        #expect(grid.log.isEmpty)
        #expect(order(collection) == ["a", "b", "c", "d", "e", "f"])
    }

    @Test
    func aShortTouchDragMovesNothing() throws {
        let app = try Application()
        let grid = Grid()
        _ = try showInWindow(grid, app: app)
        let collection = try #require(grid.collectionView)
        let start = collection.convert(center(collection, 0), to: nil)
        app.touch(.down, at: start)
        app.touch(.move, at: Point(x: start.x + 40, y: start.y + 40))
        try app.advance(by: .milliseconds(700))
        app.touch(.up, at: Point(x: start.x + 40, y: start.y + 40))
        try app.settle()
        #expect(grid.log.isEmpty)
        #expect(!collection.isInteractivelyMovingItem)
    }

    @Test
    func aMovementThroughTouchesIsTheSameRunAgainstRun() throws {
        func run() throws -> [String] {
            let app = try Application()
            let grid = Grid()
            _ = try showInWindow(grid, app: app)
            try pressAndDrag(app, try #require(grid.collectionView), from: 5, to: 1)
            return Self.detailed(app)
        }
        let first = try run()
        #expect(first.contains("grid moveItemAt [0,5] -> [0,1]"))
        #expect(first.filter { $0.hasPrefix("grid moveItemAt") }.count == 1)
        #expect(try run() == first)
    }
}
