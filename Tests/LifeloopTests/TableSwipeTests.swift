import Foundation
import Testing
@testable import Lifeloop

/// A finger swiping a row sideways slides it aside and shows its swipe actions' buttons
/// behind it, as UIKit's table does; a tap on one runs it.
@Suite("Swiping table rows")
struct TableSwipeTests {
    final class Rows: TableViewController {
        var items = ["Milk", "Bread", "Eggs"]
        var log: [String] = []
        var commits = false

        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = items[indexPath.row]
            return cell
        }
        override func tableView(_ tableView: TableView,
                                trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            guard !commits else { return nil }
            let archive = ContextualAction(style: .normal, title: "Archive") { [unowned self] _, _, done in
                log.append("archive \(indexPath.row)")
                done(true)
            }
            let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                log.append("delete \(indexPath.row)")
                done(true)
            }
            return SwipeActionsConfiguration(actions: [delete, archive])
        }
        override func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            log.append("commit \(indexPath.row)")
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
        // What the port step writes for an app's override of the commit method.
        override func lifeloopResponds(to selector: Selector) -> Bool {
            (commits && selector.name == "tableView:commit:forRowAt:") || super.lifeloopResponds(to: selector)
        }
    }

    static func launch(commits: Bool = false) throws -> (Application, Window, Rows) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let rows = Rows(style: .plain)
        rows.commits = commits
        window.rootViewController = rows
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, rows)
    }

    /// A finger drags across row 1's middle from `from` to `to` (x), in 16 ms steps.
    static func swipe(_ app: Application, row: Int = 1, from: Double, to: Double, steps: Int = 6) throws {
        let y = 20 + 44 * Double(row) + 22
        #expect(app.touch(.down, at: Point(x: from, y: y)))
        for step in 1...steps {
            try app.advance(by: .milliseconds(16))
            #expect(app.touch(.move, at: Point(x: from + (to - from) * Double(step) / Double(steps), y: y)))
        }
        #expect(app.touch(.up, at: Point(x: to, y: y)))
        try app.settle()
    }

    @Test func aLongSwipeOpensTheRowAndATapOnAButtonRunsItsAction() throws {
        let (app, window, rows) = try Self.launch()
        let table = try #require(rows.tableView)
        try Self.swipe(app, from: 350, to: 150)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let buttons = table.subviews.compactMap { $0 as? Button }
        #expect(buttons.map { $0.currentTitle } == ["Delete", "Archive"], "the configuration's actions, in order")
        #expect(cell.frame.minX < 0 && cell.frame.minX == -buttons.reduce(0) { $0 + $1.frame.width }, "slid by the buttons' width")
        #expect(buttons.last?.frame.maxX == 414, "the buttons fill the uncovered edge")
        #expect(buttons.first?.backgroundColor == .systemRed)
        #expect(app.elementTree().elements.contains { $0.type == .button && $0.label == "Archive" }, "the buttons are elements")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minX == 0, "other rows stay")
        let svg = window.snapshot()
        #expect(svg.contains(">Delete</text>") && svg.contains(">Archive</text>"))
        app.tap(try #require(buttons.last))
        try app.settle()
        #expect(rows.log == ["archive 1"])
        #expect(cell.frame.minX == 0 && !table.subviews.contains { $0 is Button }, "the row closes")
    }

    @Test func aShortSwipeSnapsBackAndAScrollClosesAnOpenRow() throws {
        let (app, _, rows) = try Self.launch()
        let table = try #require(rows.tableView)
        try Self.swipe(app, from: 350, to: 320)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minX == 0, "short of half the buttons: closed")
        #expect(!table.subviews.contains { $0 is Button })
        try Self.swipe(app, from: 350, to: 100)
        #expect(table.subviews.contains { $0 is Button })
        table.setEditing(true, animated: false)
        #expect(!table.subviews.contains { $0 is Button }, "editing closes it")
        #expect(rows.log.isEmpty)
    }

    @Test func aDataSourceThatCommitsEditsGetsUIKitsDeleteButton() throws {
        let (app, _, rows) = try Self.launch(commits: true)
        let table = try #require(rows.tableView)
        try Self.swipe(app, from: 350, to: 150)
        let buttons = table.subviews.compactMap { $0 as? Button }
        #expect(buttons.map { $0.currentTitle } == ["Delete"])
        #expect(buttons.first?.frame.width == 74, "UIKit's 74 points")
        app.tap(try #require(buttons.first))
        try app.settle()
        try app.advance(by: .seconds(1))
        #expect(rows.log == ["commit 1"])
        #expect(rows.items == ["Milk", "Eggs"])
        #expect(table.numberOfRows(inSection: 0) == 2)
    }

    @Test func aRowWithNoActionsDoesNotMoveAndAVerticalDragStillScrolls() throws {
        let (app, _, rows) = try Self.launch(commits: false)
        rows.items = (0..<40).map { "Row \($0)" }
        let table = try #require(rows.tableView)
        table.reloadData()
        try app.settle()
        #expect(app.touch(.down, at: Point(x: 200, y: 500)))
        for step in 1...8 {
            try app.advance(by: .milliseconds(16))
            #expect(app.touch(.move, at: Point(x: 200, y: 500 - Double(step) * 25)))
        }
        #expect(app.touch(.up, at: Point(x: 200, y: 300)))
        try app.settle()
        #expect(table.contentOffset.y > 0, "the table scrolled")
        #expect(!table.subviews.contains { $0 is Button })
    }
}
