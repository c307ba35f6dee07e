import Testing
@testable import Lifeloop

/// Table views beyond L34's orders: sections, headers, heights, selection, updates,
/// editing, the controller, and snapshots' differences.
@Suite("Table view")
struct TableViewTests {
    /// A sectioned list of strings, with titles.
    final class Names: TableViewDataSource, TableViewDelegate {
        var sections: [[String]]
        var titles: [String?]
        var selections: [String] = []
        var log: [String] = []

        init(_ sections: [[String]], titles: [String?] = []) {
            self.sections = sections
            self.titles = titles
        }

        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
            return cell
        }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            section < titles.count ? titles[section] : nil
        }
        func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willSelect \(indexPath.row)")
            return indexPath
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            log.append("didSelect \(indexPath.row)")
            selections.append(sections[indexPath.section][indexPath.row])
        }
        func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willDeselect \(indexPath.row)")
            return indexPath
        }
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
            log.append("didDeselect \(indexPath.row)")
        }
        func tableView(_ tableView: TableView,
                       trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in
                self.sections[indexPath.section].remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .automatic)
                done(true)
            }])
        }
    }

    final class Host: ViewController {
        let table: TableView
        init(style: TableView.Style = .plain) {
            table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: style)
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            table.traceLabel = "table"
            table.rowHeight = 44
            table.contentInsetAdjustmentBehavior = .never
            table.register(TableViewCell.self, forCellReuseIdentifier: "name")
            view.addSubview(table)
        }
    }

    private func shown(_ names: Names, style: TableView.Style = .plain) throws -> (Application, Host) {
        let app = try Application()
        let host = Host(style: style)
        _ = host.view
        host.table.dataSource = names
        host.table.delegate = names
        _ = try showInWindow(host, app: app)
        return (app, host)
    }

    private static func letters(_ count: Int, _ prefix: String = "") -> [String] {
        (0..<count).map { "\(prefix)\($0)" }
    }

    @Test
    func sectionTitlesMakeHeadersThatStickInAPlainTable() throws {
        let names = Names([Self.letters(10, "a"), Self.letters(10, "b")], titles: ["A", "B"])
        let (app, host) = try shown(names)
        #expect(Double(host.table.contentSize.height) == 936)
        let header = try #require(host.table.headerView(forSection: 0) as? TableViewHeaderFooterView)
        #expect(header.textLabel?.text == "A")
        #expect(header.frame.minY == 0)
        // Scrolled into section 0, its header stays at the top of the visible area.
        host.table.contentOffset = Point(x: 0, y: 100)
        try app.settle()
        #expect(header.frame.minY == 100)
    }

    @Test
    func aGroupedTablesHeadersScrollWithTheirSection() throws {
        let names = Names([Self.letters(20, "a")], titles: ["A"])
        let app = try Application()
        let grouped = Host(style: .grouped)
        _ = grouped.view
        grouped.table.dataSource = names
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = grouped
        window.makeKeyAndVisible()
        do { try app.settle(maxTurns: 50) } catch {
            let tail: [String] = app.trace.events.suffix(40).map { "\($0.line) \($0.detail)" }
            Issue.record(Comment(rawValue: "\(error): \(tail.joined(separator: "; "))"))
            return
        }
        #expect(grouped.table.headerView(forSection: 0)?.frame.height == 38)
        grouped.table.contentOffset = Point(x: 0, y: 20)
        try app.settle()
        #expect(grouped.table.headerView(forSection: 0)?.frame.minY == 0)
    }

    @Test
    func aTapSelectsInUIKitsOrderAndDeselectsThePreviousRow() throws {
        let names = Names([Self.letters(5)])
        let (app, host) = try shown(names)
        let second = try #require(host.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        app.tap(second)
        #expect(host.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(second.isSelected)
        // A tap on a label inside the cell reaches the row.
        let label = try #require(host.table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel)
        app.tap(label)
        #expect(names.log == ["willSelect 1", "didSelect 1", "willSelect 3", "willDeselect 1", "didDeselect 1",
                              "didSelect 3"])
        #expect(names.selections == ["1", "3"])
        host.table.deselectRow(at: IndexPath(row: 3, section: 0), animated: false)
        #expect(host.table.indexPathForSelectedRow == nil)
        #expect(names.log.count == 6)
    }

    @Test
    func insertingRowsKeepsTheShownCellsOnTheirRows() throws {
        let names = Names([Self.letters(5)])
        let (app, host) = try shown(names)
        let cell2 = host.table.cellForRow(at: IndexPath(row: 2, section: 0))
        names.sections[0].insert("new", at: 0)
        host.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        try app.settle()
        #expect(host.table.cellForRow(at: IndexPath(row: 3, section: 0)) === cell2)
        #expect(host.table.visibleCells.map { $0.textLabel?.text } == ["new", "0", "1", "2", "3", "4"])
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func anInconsistentUpdateIsUIKitsMessageAsADiagnosticAndReloads() throws {
        let names = Names([Self.letters(5)])
        let (app, host) = try shown(names)
        names.sections[0] += ["x", "y"]
        host.table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
        try app.settle()
        let diagnostic = try #require(app.diagnostics.first { $0.kind == .invalidListUpdate })
        #expect(diagnostic.message.hasPrefix("Invalid update: invalid number of rows in section 0."))
        #expect(diagnostic.message.contains("after the update (7)"))
        #expect(diagnostic.message.contains("(1 inserted, 0 deleted)"))
        #expect(host.table.visibleCells.count == 7)
    }

    @Test
    func batchUpdatesDeleteMoveAndInsertTogether() throws {
        let names = Names([["a", "b", "c", "d"], ["e"]])
        let (app, host) = try shown(names)
        var completed = false
        names.sections = [["c", "a", "z"], ["e", "d"]]
        host.table.performBatchUpdates({
            host.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            host.table.moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
            host.table.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 1))
            host.table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
        }, completion: { completed = $0 })
        try app.settle()
        #expect(completed)
        #expect(app.diagnostics.isEmpty)
        #expect(host.table.visibleCells.map { $0.textLabel?.text } == ["c", "a", "z", "e", "d"])
    }

    @Test
    func aSwipeActionRunsItsHandler() throws {
        let names = Names([Self.letters(3)])
        let (app, host) = try shown(names)
        #expect(host.table.swipeActions(forRowAt: IndexPath(row: 0, section: 0), leading: false)?.actions.first?.title
                == "Delete")
        #expect(host.table.performSwipeAction(at: 0, leading: false, forRowAt: IndexPath(row: 0, section: 0)))
        try app.settle()
        #expect(host.table.visibleCells.map { $0.textLabel?.text } == ["1", "2"])
    }

    @Test
    func cellStylesLayOutTheirLabels() throws {
        let app = try Application()
        let subtitle = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        subtitle.frame = Rect(x: 0, y: 0, width: 320, height: 60)
        subtitle.textLabel?.text = "Title"
        subtitle.detailTextLabel?.text = "Detail"
        subtitle.layoutIfNeeded()
        let title = try #require(subtitle.textLabel)
        let detail = try #require(subtitle.detailTextLabel)
        #expect(detail.frame.minY >= title.frame.maxY)
        let value1 = TableViewCell(style: .value1, reuseIdentifier: nil)
        value1.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        value1.textLabel?.text = "Name"
        value1.detailTextLabel?.text = "Value"
        value1.layoutIfNeeded()
        #expect(value1.detailTextLabel!.frame.maxX == 304)
        #expect(TableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        var configuration = value1.defaultContentConfiguration()
        configuration.text = "Configured"
        configuration.secondaryText = "2"
        value1.contentConfiguration = configuration
        #expect(value1.textLabel?.text == "Configured")
        #expect(value1.detailTextLabel?.text == "2")
        _ = app
    }

    @Test
    func automaticRowHeightsComeFromTheCellsConstraints() throws {
        final class Tall: TableViewCell {
            override init(style: CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                let box = View(frame: .zero)
                box.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(box)
                LayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
                    box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
                    box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                    box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                    box.heightAnchor.constraint(equalToConstant: 80),
                ])
            }
            required init?(coder: NSCoder) { nil }
        }
        let names = Names([Self.letters(20)])
        let app = try Application()
        let host = Host()
        _ = host.view
        host.table.rowHeight = TableView.automaticDimension
        host.table.register(forCellReuseIdentifier: "name") { Tall(style: .default, reuseIdentifier: $0) }
        host.table.dataSource = names
        _ = try showInWindow(host, app: app)
        #expect(host.table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 100, width: 320, height: 100))
        // 440 points of 100-point rows: five rows show.
        #expect(host.table.visibleCells.count == 5)
    }

    @Test
    func aTableViewControllerClearsItsSelectionWhenItAppears() throws {
        final class List: TableViewController {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c") ?? TableViewCell(style: .default, reuseIdentifier: "c")
                cell.textLabel?.text = "row \(indexPath.row)"
                return cell
            }
        }
        let app = try Application()
        let list = List(style: .plain)
        let navigation = NavigationController(rootViewController: list)
        _ = try showInWindow(navigation, app: app)
        #expect(list.view === list.tableView)
        #expect(list.tableView.visibleCells.count > 10)
        list.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        navigation.pushViewController(ViewController(label: "detail"), animated: false)
        try app.settle()
        navigation.popViewController(animated: false)
        try app.settle()
        #expect(list.tableView.indexPathForSelectedRow == nil)
    }

    @Test
    func aPullPastTheTopBeginsRefreshing() throws {
        let names = Names([Self.letters(30)])
        let (app, host) = try shown(names)
        let refresh = RefreshControl()
        var pulled = 0
        refresh.addAction(Lifeloop.Action { _ in pulled += 1 }, for: .valueChanged)
        host.table.refreshControl = refresh
        host.table.beginDrag()
        host.table.drag(by: Point(x: 0, y: 400))
        host.table.endDrag()
        try app.settle()
        #expect(refresh.isRefreshing)
        #expect(pulled == 1)
        refresh.endRefreshing()
        #expect(!refresh.isRefreshing)
    }

    @Test
    func scrollToRowPutsItAtTheTop() throws {
        let names = Names([Self.letters(100)])
        let (app, host) = try shown(names)
        host.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: true)
        try app.settle()
        #expect(host.table.contentOffset.y == 2200)
        #expect(host.table.indexPathsForVisibleRows?.first == IndexPath(row: 50, section: 0))
    }
}

@Suite("Diffable snapshots")
struct DiffableSnapshotTests {
    @Test
    func aSnapshotKeepsItsOrderAndAnswersQueries() {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([1, 2])
        snapshot.appendItems(["a", "b"], toSection: 1)
        snapshot.appendItems(["c"])
        snapshot.insertItems(["z"], beforeItem: "b")
        #expect(snapshot.itemIdentifiers == ["a", "z", "b", "c"])
        #expect(snapshot.sectionIdentifier(containingItem: "c") == 2)
        #expect(snapshot.indexOfItem("c") == 3)
        snapshot.moveItem("a", afterItem: "c")
        #expect(snapshot.itemIdentifiers(inSection: 2) == ["c", "a"])
        snapshot.appendItems(["c"])
        #expect(snapshot.numberOfItems == 4)
        #expect(snapshot.issues.count == 1)
    }

    @Test
    func theDifferencesAreTheFewestMovesAndTheSameOnEveryRun() {
        var old = DiffableDataSourceSnapshot<String, Int>()
        old.appendSections(["s"])
        old.appendItems(Array(0..<10))
        var new = DiffableDataSourceSnapshot<String, Int>()
        new.appendSections(["s"])
        new.appendItems([9, 0, 1, 2, 3, 4, 5, 6, 11, 8])
        let changes = new.changes(from: old)
        #expect(changes.rowDeletes == [IndexPath(row: 7, section: 0)])
        #expect(changes.rowInserts == [IndexPath(row: 8, section: 0)])
        #expect(changes.rowMoves.map { "\($0.from.row)->\($0.to.row)" } == ["9->0"])
        let again = new.changes(from: old)
        #expect(again.rowMoves.map(\.from) == changes.rowMoves.map(\.from))
    }

    @Test
    func aSectionSnapshotShowsChildrenOfExpandedItems() {
        var section = DiffableDataSourceSectionSnapshot<String>()
        section.append(["fruit", "veg"])
        section.append(["apple", "pear"], to: "fruit")
        #expect(section.visibleItems == ["fruit", "veg"])
        section.expand(["fruit"])
        #expect(section.visibleItems == ["fruit", "apple", "pear", "veg"])
        #expect(section.level(of: "pear") == 1)
        section.delete(["fruit"])
        #expect(section.items == ["veg"])
    }

    @Test
    func theLongestRunIsDeterministic() {
        #expect(longestIncreasingRun([3, 1, 2, 5, 4]) == [1, 2, 4])
        #expect(longestIncreasingRun([]) == [])
    }

    /// A thousand rows estimated at 100 points each by the delegate.
    final class Estimated: TableViewDataSource, TableViewDelegate {
        var log: [String] = []
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1000 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            log.append("cellForRow \(indexPath.row)")
            return tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
        }
        func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
            log.append("estimated \(indexPath.row)")
            return 100
        }
    }

    @Test
    func estimatedHeightForRowAtSizesEveryRowAtReloadAndShownRowsTakeTheRowHeight() throws {
        let app = try Application()
        let host = TableViewTests.Host(style: .plain)
        _ = host.view
        let rows = Estimated()
        host.table.dataSource = rows
        host.table.delegate = rows
        _ = try showInWindow(host, app: app)
        // Every row's estimate at reload, before any cell.
        let firstCell = try #require(rows.log.firstIndex(of: "cellForRow 0"))
        #expect(rows.log.prefix(firstCell).filter { $0.hasPrefix("estimated") }.count == 1000)
        // Shown rows are 44 points (the row height); the others keep their estimate.
        let shown = host.table.visibleCells.count
        #expect(shown == 10)
        #expect(host.table.rectForRow(at: IndexPath(row: 3, section: 0)) == Rect(x: 0, y: 132, width: 320, height: 44))
        let expected: Double = Double(shown) * 44 + Double(1000 - shown) * 100
        #expect(Double(host.table.contentSize.height) == expected)
    }
}
