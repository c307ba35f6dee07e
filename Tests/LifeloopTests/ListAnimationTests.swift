import Testing
@testable import Lifeloop

/// Animated row, section and item updates of tables and collections on the frame clock:
/// frames halfway through, when deleted cells end their display, completion timing, the
/// no-animation paths, the collection layout's update hooks, and determinism.
@Suite("List update animations")
struct ListAnimationTests {
    /// Rows of strings; logs the delegate calls that matter here.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var sections: [[String]]
        var log: [String] = []

        init(_ sections: [[String]]) { self.sections = sections }

        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
            return cell
        }
        func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
            log.append("willDisplay \(cell.textLabel?.text ?? "")")
        }
        func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
            log.append("didEndDisplaying \(cell.textLabel?.text ?? "")")
        }
    }

    final class TableHost: ViewController {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        override func viewDidLoad() {
            table.traceLabel = "table"
            table.rowHeight = 44
            table.contentInsetAdjustmentBehavior = .never
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            view.addSubview(table)
        }
    }

    private func shownTable(_ rows: Rows) throws -> (Application, TableView) {
        let app = try Application()
        let host = TableHost(label: "host")
        _ = host.view
        host.table.dataSource = rows
        host.table.delegate = rows
        _ = try showInWindow(host, app: app)
        return (app, host.table)
    }

    private static func names(_ count: Int, _ prefix: String = "r") -> [String] { (0..<count).map { "\(prefix)\($0)" } }

    private func cell(_ table: TableView, _ text: String) -> TableViewCell? {
        table.subviews.compactMap { $0 as? TableViewCell }.first { $0.textLabel?.text == text }
    }

    /// Every cell among the table's subviews is a shown one, once at most, and every shown
    /// cell is among them.
    private func cellsMatchShown(_ table: TableView) -> Bool {
        let subviews = table.subviews.compactMap { $0 as? TableViewCell }
        let shown = table.visibleCells
        return subviews.count == shown.count && shown.allSatisfy { cell in subviews.contains { $0 === cell } }
            && Set(shown.map(ObjectIdentifier.init)).count == shown.count
    }

    @Test
    func anInsertedRowFadesInWhileTheRowsBelowSlideDown() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        let moving = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        rows.sections[0].insert("new", at: 1)
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        // The model changes at once; the new row's cell is made during the update.
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(inserted.textLabel?.text == "new")
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === moving)
        #expect(moving.frame.minY == 88)
        #expect(moving.presentationFrame.minY == 44, "the presentation starts at the old frame")
        #expect(inserted.presentationAlpha == 0)
        try app.advance(by: .milliseconds(150))
        let halfway = moving.presentationFrame.minY
        #expect(halfway > 50 && halfway < 82, "about half way after 0.15 s of 0.3 s, got \(halfway)")
        #expect(inserted.presentationAlpha > 0.2 && inserted.presentationAlpha < 0.8)
        #expect(inserted.presentationFrame == inserted.frame, "a fade appears in place")
        try app.settle()
        #expect(moving.presentationFrame.minY == 88)
        #expect(inserted.presentationAlpha == 1)
        #expect(cellsMatchShown(table))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func aDeletedCellEndsItsDisplayOnlyWhenItsAnimationEnds() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        let doomed = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let start = app.loop.now.nanoseconds
        rows.sections[0].remove(at: 1)
        rows.log.removeAll()
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        #expect(doomed.superview === table, "the deleted cell stays in the table while it fades")
        #expect(!table.visibleCells.contains { $0 === doomed })
        #expect(!rows.log.contains("didEndDisplaying r1"))
        try app.advance(by: .milliseconds(150))
        #expect(doomed.superview === table)
        #expect(doomed.presentationAlpha > 0.2 && doomed.presentationAlpha < 0.8)
        #expect(!rows.log.contains("didEndDisplaying r1"))
        try app.settle()
        #expect(rows.log.contains("didEndDisplaying r1"))
        #expect(doomed.superview == nil)
        let ended = try #require(app.trace.events.first { $0.label == "table" && $0.name == "didEndDisplaying" })
        #expect(ended.time - start >= 300_000_000, "not before the 0.3 s animation ends")
        #expect(cellsMatchShown(table))
        // The cell went back to its pool: the next dequeue reuses it, opaque again.
        let reused = table.cellsReused
        rows.sections[0].insert("again", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        try app.settle()
        #expect(table.cellsReused == reused + 1)
        #expect(doomed.superview === table && doomed.alpha == 1)
    }

    @Test
    func slideAnimationsComeInFromTheirSide() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        rows.sections[0].insert("right", at: 0)
        rows.sections[0].insert("top", at: 1)
        table.performBatchUpdates({
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .right)
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .top)
        })
        let right = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let top = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(right.presentationFrame.minX == 320)
        #expect(top.presentationFrame.minY == top.frame.minY - 44)
        try app.settle()
        #expect(right.presentationFrame == right.frame)
        #expect(top.presentationFrame == top.frame)
    }

    @Test
    func batchUpdatesCompleteAfterTheDeletedCellsEndTheirDisplay() throws {
        let rows = Rows([["a", "b", "c", "d"], ["e"]])
        let (app, table) = try shownTable(rows)
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let b = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        rows.sections = [["c", "a", "z"], ["e", "d"]]
        rows.log.removeAll()
        var completed: Bool?
        table.performBatchUpdates({
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            table.moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
            table.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 1))
            table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
        }, completion: { finished in
            completed = finished
            rows.log.append("completion \(finished)")
        })
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["c", "a", "z", "e", "d"])
        #expect(c.presentationFrame.minY == 88 && c.frame.minY == 0, "the moved row starts where it was")
        #expect(b.superview === table)
        try app.advance(by: .milliseconds(100))
        #expect(completed == nil, "not at once")
        try app.settle()
        #expect(completed == true)
        #expect(rows.log.suffix(2) == ["didEndDisplaying b", "completion true"])
        #expect(c.presentationFrame == c.frame)
        #expect(cellsMatchShown(table))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func withoutAnimationUpdatesLandAtOnce() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        // performWithoutAnimation.
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        rows.sections[0].remove(at: 0)
        View.performWithoutAnimation { table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade) }
        #expect(first.superview == nil)
        #expect(rows.log.contains("didEndDisplaying r0"))
        let second = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(second.presentationFrame.minY == 0)
        #expect(!app.isAnimating)
        // setAnimationsEnabled(false).
        View.setAnimationsEnabled(false)
        #expect(!View.areAnimationsEnabled)
        rows.sections[0].remove(at: 0)
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        View.setAnimationsEnabled(true)
        #expect(second.superview == nil)
        #expect(!app.isAnimating)
        #expect(View.areAnimationsEnabled)
        try app.settle()
        #expect(cellsMatchShown(table))
    }

    @Test
    func reloadDataEndsARunningAnimation() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        let doomed = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        rows.sections[0].remove(at: 1)
        var completed: Bool?
        table.performBatchUpdates({ table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade) },
                                  completion: { completed = $0 })
        try app.advance(by: .milliseconds(100))
        table.reloadData()
        #expect(doomed.superview == nil, "the animation ends: the deleted cell leaves at once")
        #expect(rows.log.contains("didEndDisplaying r1"))
        try app.settle()
        #expect(completed == false)
        #expect(cellsMatchShown(table))
    }

    @Test
    func diffableApplyWithoutAnimatingDifferencesLandsAtOnce() throws {
        let app = try Application()
        let host = TableHost(label: "host")
        _ = host.view
        let source = TableViewDiffableDataSource<Int, String>(tableView: host.table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            cell.textLabel?.text = item
            return cell
        }
        _ = try showInWindow(host, app: app)
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"])
        source.apply(snapshot, animatingDifferences: false)
        try app.settle()
        let b = try #require(cell(host.table, "b"))
        snapshot.deleteItems(["b"])
        source.apply(snapshot, animatingDifferences: false)
        #expect(b.superview == nil)
        #expect(!app.isAnimating)
        snapshot.deleteItems(["c"])
        source.apply(snapshot, animatingDifferences: true)
        #expect(cell(host.table, "c") != nil, "an animated apply keeps the deleted cell while it fades")
        #expect(app.isAnimating)
        try app.settle()
        #expect(cell(host.table, "c") == nil)
        #expect(cellsMatchShown(host.table))
    }

    @Test
    func L34_orderHoldsForAnimatedInserts() throws {
        let rows = Rows([Self.names(5)])
        let (app, table) = try shownTable(rows)
        let mark = app.trace.events.count
        rows.sections[0].insert("new", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        // Asked inside the update call: counts, then the new row's cell, its joining the
        // table, willDisplay.
        let lines = app.trace.events[mark...].filter { $0.label == "table" }
            .map { $0.name == "didAddSubview" ? $0.name : "\($0.name) \($0.detail)" }
        #expect(lines == ["numberOfSections ", "numberOfRowsInSection 0", "cellForRowAt [0,0]", "didAddSubview",
                          "willDisplay [0,0]"])
    }

    @Test
    func scrollingDuringAnAnimationNeitherLosesNorDuplicatesCells() throws {
        let rows = Rows([Self.names(40)])
        let (app, table) = try shownTable(rows)
        rows.sections[0].remove(at: 2)
        rows.sections[0].insert("new", at: 5)
        table.performBatchUpdates({
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .left)
            table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .bottom)
        })
        try app.advance(by: .milliseconds(100))
        table.contentOffset = Point(x: 0, y: 200)
        try app.advance(by: .milliseconds(50))
        table.contentOffset = Point(x: 0, y: 400)
        try app.settle()
        #expect(cellsMatchShown(table))
        let texts = table.visibleCells.map { $0.textLabel?.text ?? "" }
        #expect(texts == Array(rows.sections[0][9..<20]))
        for cell in table.visibleCells { #expect(cell.presentationFrame == cell.frame) }
    }

    @Test
    func anUpdateDuringAnAnimationStartsFromWhereTheCellsShow() throws {
        let rows = Rows([Self.names(6)])
        let (app, table) = try shownTable(rows)
        let last = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
        var done: [String] = []
        rows.sections[0].insert("a", at: 0)
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .top) },
                                  completion: { done.append("first \($0)") })
        try app.advance(by: .milliseconds(150))
        let midway = last.presentationFrame.minY
        #expect(midway > 220 && midway < 264)
        rows.sections[0].remove(at: 2)
        table.performBatchUpdates({ table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade) },
                                  completion: { done.append("second \($0)") })
        #expect(last.presentationFrame.minY == midway, "the second animation starts where the first one was")
        #expect(last.frame.minY == 220)
        try app.settle()
        #expect(done == ["first true", "second true"])
        #expect(cellsMatchShown(table))
        #expect(table.visibleCells.map { $0.textLabel?.text ?? "" } == rows.sections[0])
        for cell in table.visibleCells { #expect(cell.presentationFrame == cell.frame && cell.presentationAlpha == 1) }
    }

    @Test
    func theSameUpdatesGiveTheSameTraceRunAgainstRun() throws {
        func run() throws -> [String] {
            let rows = Rows([Self.names(8), Self.names(3, "s")])
            let (app, table) = try shownTable(rows)
            rows.sections[0].remove(at: 1)
            rows.sections[0].insert("x", at: 3)
            rows.sections[1].swapAt(0, 2)
            table.performBatchUpdates({
                table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
                table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .middle)
                table.reloadRows(at: [IndexPath(row: 0, section: 1), IndexPath(row: 2, section: 1)], with: .fade)
            })
            try app.advance(by: .milliseconds(120))
            var lines = table.visibleCells.map { "\($0.presentationFrame) \($0.presentationAlpha)" }
            try app.settle()
            lines += app.trace.events.map { "\($0.time) \($0.line) \($0.detail)" }
            return lines
        }
        let first = try run()
        #expect(first.contains { $0.hasSuffix("didEndDisplaying [0,1]") })
        #expect(try run() == first)
    }

    // MARK: Collections

    final class Items: CollectionViewDataSource, CollectionViewDelegate {
        var sections: [[String]]
        var log: [String] = []
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
        func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                            forItemAt indexPath: IndexPath) {
            log.append("didEndDisplaying \(indexPath.listDescription)")
        }
    }

    /// A flow layout that logs the update hooks and the update items it is given.
    final class HookedLayout: CollectionViewFlowLayout {
        var log: [String] = []
        override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            log.append("prepare(forCollectionViewUpdates:) " + updateItems.map { item in
                "\(item.updateAction) \(item.indexPathBeforeUpdate?.listDescription ?? "-")>"
                    + "\(item.indexPathAfterUpdate?.listDescription ?? "-")"
            }.joined(separator: " "))
        }
        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            log.append("initial \(itemIndexPath.listDescription)")
            return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        }
        override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            log.append("final \(itemIndexPath.listDescription)")
            return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        }
        override func finalizeCollectionViewUpdates() {
            log.append("finalize")
            super.finalizeCollectionViewUpdates()
        }
    }

    final class CollectionHost: ViewController {
        let layout = HookedLayout()
        lazy var collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        override func viewDidLoad() {
            layout.itemSize = Size(width: 320, height: 50)
            layout.minimumLineSpacing = 0
            collection.traceLabel = "collection"
            collection.contentInsetAdjustmentBehavior = .never
            collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            view.addSubview(collection)
        }
    }

    private func shownCollection(_ items: Items) throws -> (Application, CollectionHost) {
        let app = try Application()
        let host = CollectionHost(label: "host")
        _ = host.view
        host.collection.dataSource = items
        host.collection.delegate = items
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    @Test
    func theLayoutsUpdateHooksComeInUIKitsOrder() throws {
        let items = Items([Self.names(6)])
        let (app, host) = try shownCollection(items)
        let mark = app.trace.events.count
        items.sections[0].remove(at: 1)
        items.sections[0].insert("new", at: 3)
        host.collection.performBatchUpdates({
            host.collection.deleteItems(at: [IndexPath(item: 1, section: 0)])
            host.collection.insertItems(at: [IndexPath(item: 3, section: 0)])
        })
        let layoutCalls: Set = ["layout.prepare", "layout.collectionViewContentSize", "layout.layoutAttributesForElements",
                                "layout.prepareForCollectionViewUpdates", "layout.initialLayoutAttributesForAppearingItem",
                                "layout.finalLayoutAttributesForDisappearingItem", "layout.finalizeCollectionViewUpdates",
                                "cellForItemAt", "willDisplay", "didEndDisplaying"]
        let lines = app.trace.events[mark...].filter { $0.label == "collection" && layoutCalls.contains($0.name) }
            .map { "\($0.name) \($0.detail)".trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["layout.prepare", "layout.collectionViewContentSize", "layout.prepareForCollectionViewUpdates",
                          "layout.collectionViewContentSize", "layout.layoutAttributesForElements (0,0,320,440)", "cellForItemAt [0,3]",
                          "willDisplay [0,3]", "layout.initialLayoutAttributesForAppearingItem [0,3]",
                          "layout.finalLayoutAttributesForDisappearingItem [0,1]", "layout.finalizeCollectionViewUpdates"])
        #expect(host.layout.log == ["prepare(forCollectionViewUpdates:) delete [0,1]>- insert ->[0,3]", "initial [0,3]",
                                    "final [0,1]", "finalize"])
        try app.settle()
        #expect(items.log == ["didEndDisplaying [0,1]"])
    }

    @Test
    func aCollectionsItemsFadeInAndOutAtTheirFrames() throws {
        let items = Items([Self.names(6)])
        let (app, host) = try shownCollection(items)
        let collection = host.collection
        let doomed = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        let moving = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)))
        items.sections[0].remove(at: 0)
        items.sections[0].append("new")
        var completed: Bool?
        collection.performBatchUpdates({
            collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
            collection.insertItems(at: [IndexPath(item: 5, section: 0)])
        }, completion: { completed = $0 })
        let inserted = try #require(collection.cellForItem(at: IndexPath(item: 5, section: 0)))
        #expect(inserted.presentationAlpha == 0 && inserted.presentationFrame == inserted.frame)
        #expect(doomed.superview === collection && doomed.presentationFrame.minY == 0)
        #expect(moving.frame.minY == 50 && moving.presentationFrame.minY == 100)
        try app.advance(by: .milliseconds(150))
        #expect(doomed.presentationAlpha > 0.2 && doomed.presentationAlpha < 0.8)
        #expect(moving.presentationFrame.minY > 55 && moving.presentationFrame.minY < 95)
        #expect(completed == nil)
        #expect(items.log.isEmpty)
        try app.settle()
        #expect(completed == true)
        #expect(items.log == ["didEndDisplaying [0,0]"])
        #expect(doomed.superview == nil)
        #expect(moving.presentationFrame == moving.frame && inserted.presentationAlpha == 1)
        let cells = collection.subviews.compactMap { $0 as? CollectionViewCell }
        #expect(cells.count == collection.visibleCells.count)
    }

    @Test
    func aCollectionUpdateWithoutAnimationLandsAtOnce() throws {
        let items = Items([Self.names(6)])
        let (app, host) = try shownCollection(items)
        let doomed = try #require(host.collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        items.sections[0].remove(at: 0)
        var completed: Bool?
        View.performWithoutAnimation {
            host.collection.performBatchUpdates({ host.collection.deleteItems(at: [IndexPath(item: 0, section: 0)]) },
                                                completion: { completed = $0 })
        }
        #expect(doomed.superview == nil)
        #expect(items.log == ["didEndDisplaying [0,0]"])
        #expect(!app.isAnimating)
        #expect(host.layout.log.first?.hasPrefix("prepare(forCollectionViewUpdates:)") == true,
                "the hooks run without animation too")
        try app.settle()
        #expect(completed == true)
    }
}
