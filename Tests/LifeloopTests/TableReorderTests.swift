import Testing
@testable import Lifeloop

/// Reordering a table's rows in editing mode by their reorder controls.
@Suite("Table reorder")
struct TableReorderTests {
    /// Sections of labelled rows 44 points high, logging the reorder calls.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var sections: [[String]]
        var log: [String] = []
        var movable: (IndexPath) -> Bool = { _ in true }
        var retarget: ((IndexPath, IndexPath) -> IndexPath)?

        init(_ sections: [[String]]) { self.sections = sections }

        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
            return cell
        }
        func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { movable(indexPath) }
        func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            log.append("move \(sourceIndexPath.listDescription) -> \(destinationIndexPath.listDescription)")
            let row = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
            sections[destinationIndexPath.section].insert(row, at: destinationIndexPath.row)
        }
        func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                       toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
            log.append("target \(sourceIndexPath.listDescription) \(proposedDestinationIndexPath.listDescription)")
            return retarget?(sourceIndexPath, proposedDestinationIndexPath) ?? proposedDestinationIndexPath
        }
    }

    final class Host: ViewController {
        lazy var table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        override func viewDidLoad() {
            table.traceLabel = "table"
            table.contentInsetAdjustmentBehavior = .never
            table.rowHeight = 44
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            view.addSubview(table)
        }
    }

    private func shown(_ rows: Rows, editing: Bool = true) throws -> (Application, TableView) {
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        host.table.dataSource = rows
        host.table.delegate = rows
        _ = try showInWindow(host, app: app)
        host.table.setEditing(editing, animated: false)
        try app.settle()
        return (app, host.table)
    }

    private func texts(_ table: TableView) -> [String] { table.visibleCells.compactMap { $0.textLabel?.text } }

    /// A finger down at `x` on row `from`'s center, moving in 11-point steps to row `to`'s
    /// center (44-point rows), then lifting (or not).
    private func drag(_ app: Application, _ table: TableView, x: Double = 300, from: Int, to: Int,
                      lift: Bool = true) throws {
        let start = table.convert(Point(x: x, y: Double(from) * 44 + 22), to: nil)
        app.touch(.down, at: start)
        try app.advance(by: .milliseconds(16))
        let distance = Double(to - from) * 44
        let steps = max(1, Int(abs(distance) / 11))
        for step in 1...steps {
            app.touch(.move, at: Point(x: start.x, y: start.y + distance * Double(step) / Double(steps)))
            try app.advance(by: .milliseconds(16))
        }
        if lift { app.touch(.up, at: Point(x: start.x, y: start.y + distance)) }
        try app.settle()
    }

    @Test
    func aDragOnTheReorderControlMovesTheRowAndCallsMoveRowAtOnceAtTheDrop() throws {
        let rows = Rows([["a", "b", "c", "d", "e"]])
        let (app, table) = try shown(rows)
        try drag(app, table, from: 0, to: 3, lift: false)
        // Mid-drag: the rows passed over made room; the data source was told nothing.
        #expect(texts(table) == ["b", "c", "d", "a", "e"])
        #expect(rows.sections == [["a", "b", "c", "d", "e"]])
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minY == 0)
        app.touch(.up, at: table.convert(Point(x: 300, y: 3 * 44 + 22), to: nil))
        try app.settle()
        #expect(rows.log == ["target [0,0] [0,1]", "target [0,0] [0,2]", "target [0,0] [0,3]", "move [0,0] -> [0,3]"])
        #expect(rows.sections == [["b", "c", "d", "a", "e"]])
        #expect(texts(table) == ["b", "c", "d", "a", "e"])
        #expect(table.visibleCells.map(\.frame.minY) == [0, 44, 88, 132, 176], "the dropped row settles into its place")
        #expect(!table.isReorderingRow)
    }

    @Test
    func aDragUpMovesTheRowUp() throws {
        let rows = Rows([["a", "b", "c", "d"]])
        let (app, table) = try shown(rows)
        try drag(app, table, from: 3, to: 1)
        #expect(rows.log.last == "move [0,3] -> [0,1]")
        #expect(rows.sections == [["a", "d", "b", "c"]])
        #expect(texts(table) == ["a", "d", "b", "c"])
    }

    @Test
    func aDragAwayFromTheControlOrOutsideEditingMovesNothing() throws {
        let rows = Rows([["a", "b", "c", "d"]])
        let (app, table) = try shown(rows)
        try drag(app, table, x: 100, from: 0, to: 2)
        #expect(rows.log.isEmpty)
        table.setEditing(false, animated: false)
        try drag(app, table, from: 0, to: 2)
        #expect(rows.log.isEmpty)
        #expect(texts(table) == ["a", "b", "c", "d"])
    }

    @Test
    func aRowTheDataSourceDoesNotLetMoveShowsNoControlAndDoesNotMove() throws {
        let rows = Rows([["a", "b", "c", "d"]])
        rows.movable = { $0.row != 0 }
        let (app, table) = try shown(rows)
        #expect(!table.showsReorderControl(forRowAt: IndexPath(row: 0, section: 0)))
        #expect(table.showsReorderControl(forRowAt: IndexPath(row: 1, section: 0)))
        try drag(app, table, from: 0, to: 2)
        #expect(rows.log.isEmpty)
        #expect(texts(table) == ["a", "b", "c", "d"])
    }

    @Test
    func aDataSourceThatDoesNotAnswerCanMoveShowsNoControl() throws {
        final class Plain: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
        }
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        let plain = Plain()
        host.table.dataSource = plain
        _ = try showInWindow(host, app: app)
        host.table.isEditing = true
        #expect(!host.table.showsReorderControl(forRowAt: IndexPath(row: 0, section: 0)))
    }

    @Test
    func editingEndingMidDragCancelsItAndTellsNothing() throws {
        let rows = Rows([["a", "b", "c", "d"]])
        let (app, table) = try shown(rows)
        try drag(app, table, from: 0, to: 2, lift: false)
        #expect(texts(table) == ["b", "c", "a", "d"])
        table.setEditing(false, animated: false)
        app.touch(.up, at: table.convert(Point(x: 300, y: 110), to: nil))
        try app.settle()
        #expect(!rows.log.contains { $0.hasPrefix("move") })
        #expect(rows.sections == [["a", "b", "c", "d"]])
        #expect(texts(table) == ["a", "b", "c", "d"])
        #expect(table.visibleCells.map(\.frame.minY) == [0, 44, 88, 132])
    }

    @Test
    func theDelegateKeepsARowInItsSection() throws {
        let rows = Rows([["a", "b"], ["c", "d"]])
        rows.retarget = { source, proposed in
            proposed.section == source.section ? proposed : IndexPath(row: 1, section: source.section)
        }
        let (app, table) = try shown(rows)
        #expect(table.userMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1)))
        try app.settle()
        #expect(rows.log.last == "move [0,0] -> [0,1]")
        #expect(rows.sections == [["b", "a"], ["c", "d"]])
    }

    @Test
    func aRowMovesToAnotherSection() throws {
        let rows = Rows([["a", "b"], ["c", "d"]])
        let (app, table) = try shown(rows)
        #expect(table.userMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1)))
        try app.settle()
        #expect(rows.log.filter { $0.hasPrefix("move") } == ["move [0,0] -> [1,1]"])
        #expect(rows.sections == [["b"], ["c", "a", "d"]])
        #expect(texts(table) == ["b", "c", "a", "d"])
        #expect(table.numberOfRows(inSection: 0) == 1)
    }

    /// The usual diffable form: `moveRowAt` applies a snapshot with the row moved.
    final class Reordering: TableViewDiffableDataSource<Int, String> {
        override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        override func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
                                to destinationIndexPath: IndexPath) {
            guard let moved = itemIdentifier(for: sourceIndexPath), let there = itemIdentifier(for: destinationIndexPath) else {
                return
            }
            var snapshot = snapshot()
            snapshot.deleteItems([moved])
            if destinationIndexPath.row > sourceIndexPath.row {
                snapshot.insertItems([moved], afterItem: there)
            } else {
                snapshot.insertItems([moved], beforeItem: there)
            }
            apply(snapshot, animatingDifferences: false)
        }
    }

    @Test
    func aDiffableDataSourceThatAppliesTheMoveInMoveRowAtEndsWithTheRowMovedOnce() throws {
        let app = try Application()
        let host = Host(nibName: nil, bundle: nil)
        _ = host.view
        let source = Reordering(tableView: host.table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c", "d"])
        source.apply(snapshot, animatingDifferences: false)
        _ = try showInWindow(host, app: app)
        host.table.setEditing(true, animated: false)
        try app.settle()
        try drag(app, host.table, from: 0, to: 2)
        #expect(source.snapshot().itemIdentifiers == ["b", "c", "a", "d"])
        #expect(texts(host.table) == ["b", "c", "a", "d"])
        #expect(app.diagnostics.isEmpty)
        try drag(app, host.table, from: 3, to: 0)
        #expect(source.snapshot().itemIdentifiers == ["d", "b", "c", "a"])
        #expect(texts(host.table) == ["d", "b", "c", "a"])
    }

    @Test
    func aReorderThroughTouchesIsTheSameRunAgainstRun() throws {
        func run() throws -> [String] {
            let rows = Rows([["a", "b", "c", "d", "e"]])
            let (app, table) = try shown(rows)
            try drag(app, table, from: 4, to: 0)
            return app.trace.events.map { "\($0.line) \($0.detail)" }
        }
        let first = try run()
        #expect(first.contains("table moveRowAt [0,4] -> [0,0]"))
        #expect(try run() == first)
    }
}
