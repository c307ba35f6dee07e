import Testing
@testable import Lifeloop

/// L34: counts at reload, cells in the table's own layout pass for visible rows in
/// index-path order, reuse pools, willDisplay/didEndDisplaying, heights, diffable apply.
///
/// The public logs these follow (research, uikit_round3.md §2.2):
/// - T5: "`Reload Begin`, `numberOfRowsInSection`, `Reload End`, then later
///   `cellForRowAt`, `heightForRow`. Counts are synchronous inside `reloadData`; cells
///   come on the run loop's layout."
/// - T6: "`cellForRowAtIndexPath` then `willDisplayCell`, in the same layout cycle, then
///   the cell's `layoutSubviews`."
/// - T7: the table "overrides layoutSubviews … calls cellForRow right before adding and
///   laying out a new cell, willDisplay right after".
/// - T3: "`cellForRow` s0r0…s0r4, s1r0…s1r4 in index order".
/// - C2: "(`prepareForReuse` → `cellForItem` → `willDisplay`) per cell; `didEndDisplaying`
///   when a cell fully leaves."
@Suite("Conformance: lists (L34)")
struct ListsConformance {
    /// A data source and delegate of `sections` sections of rows, logging its calls.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var counts: [Int]
        var log: [String] = []
        var heights: ((IndexPath) -> CGFloat)?
        var identifier = "cell"

        init(_ counts: [Int]) { self.counts = counts }

        func numberOfSections(in tableView: TableView) -> Int {
            log.append("numberOfSections")
            return counts.count
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
            log.append("numberOfRows \(section)")
            return counts[section]
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            log.append("cellForRow \(indexPath.section),\(indexPath.row)")
            let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
            log.append("dequeued")
            cell.textLabel?.text = "\(indexPath.section),\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            guard let heights else { return TableView.unansweredHeight }
            log.append("heightForRow \(indexPath.section),\(indexPath.row)")
            return heights(indexPath)
        }
        func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
            log.append("willDisplay \(indexPath.section),\(indexPath.row)")
        }
        func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
            log.append("didEndDisplaying \(indexPath.section),\(indexPath.row)")
        }
    }

    /// A cell that logs its reuse into its data source's log.
    final class LoggingCell: TableViewCell, ReusableTableViewCell {
        static func makeReusableCell(reuseIdentifier: String) -> TableViewCell {
            LoggingCell(style: .default, reuseIdentifier: reuseIdentifier)
        }
        var onReuse: (() -> Void)?
        override func prepareForReuse() { onReuse?() }
    }

    /// A controller with a 320×440 table of 44-point rows: ten rows show.
    final class Host: ViewController {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        override func viewDidLoad() {
            table.traceLabel = "table"
            table.rowHeight = 44
            table.contentInsetAdjustmentBehavior = .never
            view.addSubview(table)
        }
    }

    private func shown(_ rows: Rows, configure: (TableView) -> Void = { _ in }) throws -> (Application, Host) {
        let app = try Application()
        let host = Host(label: "host")
        _ = host.view
        host.table.register(LoggingCell.self, forCellReuseIdentifier: "cell")
        configure(host.table)
        host.table.dataSource = rows
        host.table.delegate = rows
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    @Test
    func L34_reloadDataAsksTheCountsAtOnceAndMakesNoCell() throws {
        let rows = Rows([5, 30])
        let (app, host) = try shown(rows)
        rows.log.removeAll()
        rows.counts = [5, 40]
        host.table.reloadData()
        // T5: counts inside reloadData, so contentSize is right on return; no cell yet.
        #expect(rows.log == ["numberOfSections", "numberOfRows 0", "numberOfRows 1"])
        #expect(Double(host.table.contentSize.height) == 1980)
        try app.settle()
        #expect(rows.log.contains("cellForRow 0,0"))
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func L34_joiningAWindowAsksTheCountsBeforeAnyCell() throws {
        let rows = Rows([3])
        let app = try Application()
        let host = Host(label: "host")
        _ = host.view
        host.table.register(LoggingCell.self, forCellReuseIdentifier: "cell")
        host.table.dataSource = rows
        #expect(rows.log.isEmpty)
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = host
        window.makeKeyAndVisible()
        // Joined: counts asked; cells wait for the layout pass.
        #expect(rows.log == ["numberOfSections", "numberOfRows 0"])
        try app.settle()
        #expect(rows.log.dropFirst(2).first == "cellForRow 0,0")
    }

    @Test
    func L34_cellsComeInTheTablesOwnLayoutPassForVisibleRowsInIndexPathOrder() throws {
        let rows = Rows([4, 20])
        let (app, host) = try shown(rows)
        let cells = rows.log.filter { $0.hasPrefix("cellForRow") }
        // 440 points of 44-point rows: section 0's four rows, then six of section 1 (T3).
        #expect(cells == ["cellForRow 0,0", "cellForRow 0,1", "cellForRow 0,2", "cellForRow 0,3",
                          "cellForRow 1,0", "cellForRow 1,1", "cellForRow 1,2", "cellForRow 1,3",
                          "cellForRow 1,4", "cellForRow 1,5"])
        // In the table's layoutSubviews (T7): the table's event comes first.
        let lines = app.trace.lines
        let firstCell = try #require(lines.firstIndex(of: "table cellForRowAt"))
        #expect(lines[..<firstCell].last { $0.hasPrefix("table ") } == "table layoutSubviews")
        #expect(host.table.visibleCells.count == 10)
        #expect(host.table.indexPathsForVisibleRows?.first == IndexPath(row: 0, section: 0))
    }

    @Test
    func L34_willDisplayFollowsCellForRowInTheSamePassAfterTheCellJoinsTheTable() throws {
        let rows = Rows([3])
        let (app, host) = try shown(rows)
        // T6: cellForRow then willDisplay, per cell.
        #expect(rows.log.filter { !$0.hasPrefix("number") } == [
            "cellForRow 0,0", "dequeued", "willDisplay 0,0",
            "cellForRow 0,1", "dequeued", "willDisplay 0,1",
            "cellForRow 0,2", "dequeued", "willDisplay 0,2",
        ])
        // The cell has its frame and is in the table when willDisplay comes (L04w before it).
        let cell = try #require(host.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.superview === host.table)
        #expect(cell.frame == Rect(x: 0, y: 44, width: 320, height: 44))
        let events = app.trace.events
        let joined = try #require(events.firstIndex { $0.line == "\(cell.traceLabel) didMoveToSuperview" })
        let willDisplay = try #require(events.firstIndex { $0.line == "table willDisplay" && $0.detail == "[0,1]" })
        #expect(joined < willDisplay)
    }

    @Test
    func L34_aDequeuedCellGetsPrepareForReuseBeforeTheDequeueReturns() throws {
        let rows = Rows([100])
        let (app, host) = try shown(rows) { table in
            table.register(forCellReuseIdentifier: "cell") { identifier in
                let cell = LoggingCell(style: .default, reuseIdentifier: identifier)
                return cell
            }
        }
        for cell in host.table.visibleCells { (cell as? LoggingCell)?.onReuse = { rows.log.append("prepareForReuse") } }
        rows.log.removeAll()
        host.table.contentOffset = Point(x: 0, y: 44)
        try app.settle()
        // C2: the row that left ends its display; the one that came takes its cell.
        #expect(rows.log == ["didEndDisplaying 0,0", "cellForRow 0,10", "prepareForReuse", "dequeued", "willDisplay 0,10"])
        #expect(host.table.cellsMade == 10)
        #expect(host.table.cellsReused == 1)
    }

    @Test
    func L34_dequeueWithoutTheIndexPathReturnsNilForAnIdentifierNeverRegistered() throws {
        let rows = Rows([1])
        let (_, host) = try shown(rows)
        #expect(host.table.dequeueReusableCell(withIdentifier: "never") == nil)
    }

    @Test
    func L34_dequeueForAnIndexPathOfAnUnregisteredIdentifierIsADiagnosticNotATrap() throws {
        let rows = Rows([2])
        rows.identifier = "missing"
        let (app, host) = try shown(rows)
        #expect(host.table.visibleCells.count == 2)
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .unregisteredReuseIdentifier })
        #expect(diagnostic.message.contains("unable to dequeue a cell with identifier missing"))
        #expect(diagnostic.label == "table")
    }

    @Test
    func L34_withEstimationOffEveryRowsHeightIsAskedAtReload() throws {
        let rows = Rows([50])
        rows.heights = { _ in 30 }
        let (_, host) = try shown(rows) { $0.estimatedRowHeight = 0 }
        let heights = rows.log.filter { $0.hasPrefix("heightForRow") }
        #expect(heights.count >= 50)
        #expect(Array(heights.prefix(50)) == (0..<50).map { "heightForRow 0,\($0)" })
        // Asked before any cell.
        let firstCell = try #require(rows.log.firstIndex(of: "cellForRow 0,0"))
        #expect(try #require(rows.log.firstIndex(of: "heightForRow 0,49")) < firstCell)
        #expect(host.table.contentSize.height == 1500)
    }

    @Test
    func L34_withEstimationOnOnlyTheShownRowsHeightsAreAskedAsTheyAreLaidOut() throws {
        let rows = Rows([1000])
        rows.heights = { $0.row % 2 == 0 ? 40 : 60 }
        let (app, host) = try shown(rows) { $0.estimatedRowHeight = 50 }
        let heights = rows.log.filter { $0.hasPrefix("heightForRow") }
        #expect(heights.count < 20)
        // T4: the height of a row is asked before its cell.
        let height3 = try #require(rows.log.firstIndex(of: "heightForRow 0,3"))
        let cell3 = try #require(rows.log.firstIndex(of: "cellForRow 0,3"))
        #expect(height3 < cell3)
        #expect(host.table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 40, width: 320, height: 60))
        // Rows never shown keep the estimate.
        #expect(host.table.contentSize.height > 49_000)
        _ = app
    }

    @Test
    func L34_aScrolledWarmTableMakesNoCellAndRecyclesTheSameWayOnEveryRun() throws {
        func run() throws -> (made: Int, recycling: [String]) {
            let rows = Rows([1_000_000])
            let (app, host) = try shown(rows)
            let warm = host.table.cellsMade
            rows.log.removeAll()
            for step in 1...300 {
                host.table.contentOffset = Point(x: 0, y: Double(step) * 37)
                try app.settle()
            }
            let made = host.table.cellsMade - warm
            try app.close()
            return (made, rows.log)
        }
        let first = try run()
        // Ten rows show, eleven when a row is cut at each edge: one more cell at most.
        #expect(first.made <= 1)
        #expect(first.recycling.filter { $0.hasPrefix("didEndDisplaying") }.count > 200)
        #expect(try run().recycling == first.recycling)
    }

    @Test
    func L34_diffableApplyIsDeletesInsertsAndMovesKeepingShownCellsWithoutAnimation() throws {
        let app = try Application()
        let host = Host(label: "host")
        _ = host.view
        host.table.register(LoggingCell.self, forCellReuseIdentifier: "cell")
        var asked: [String] = []
        let source = TableViewDiffableDataSource<String, String>(tableView: host.table) { table, path, item in
            asked.append(item)
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: path)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["main"])
        snapshot.appendItems(["a", "b", "c", "d"])
        source.apply(snapshot, animatingDifferences: false)
        _ = try showInWindow(host, app: app)
        #expect(asked == ["a", "b", "c", "d"])
        let cellB = host.table.cellForRow(at: IndexPath(row: 1, section: 0))
        asked.removeAll()
        var next = DiffableDataSourceSnapshot<String, String>()
        next.appendSections(["main"])
        next.appendItems(["b", "x", "d", "c"])
        source.apply(next, animatingDifferences: false)
        try app.settle()
        // Only the inserted item's cell is asked: b, c and d keep their cells (iOS 15).
        #expect(asked == ["x"])
        #expect(host.table.cellForRow(at: IndexPath(row: 0, section: 0)) === cellB)
        #expect(host.table.visibleCells.map { $0.textLabel?.text } == ["b", "x", "d", "c"])
        #expect(!app.trace.lines.contains { $0.hasPrefix("table reloadData") })
        #expect(app.diagnostics.isEmpty)
        // A reload asks for every shown cell again.
        asked.removeAll()
        source.applySnapshotUsingReloadData(next)
        try app.settle()
        #expect(asked == ["b", "x", "d", "c"])
        #expect(app.trace.lines.contains("table reloadData"))
        _ = source
    }
}
