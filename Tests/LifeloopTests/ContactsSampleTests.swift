import Testing
@testable import Lifeloop
@testable import LifeloopSamples

/// The Contacts sample: sections by initial, a search that filters through a diffable
/// snapshot, and a row that pushes the contact.
@Suite("Contacts sample")
struct ContactsSampleTests {
    private func launched() throws -> (Application, Contacts.ContactsViewController, NavigationController) {
        let app = try Application()
        let list = Contacts.ContactsViewController(style: .plain)
        let navigation = NavigationController(rootViewController: list)
        _ = try showInWindow(navigation, app: app)
        return (app, list, navigation)
    }

    @Test
    func theListShowsSectionsByInitialWithTitles() throws {
        let (app, list, _) = try launched()
        let table = try #require(list.tableView)
        #expect(table.numberOfSections > 5)
        let header = try #require(table.headerView(forSection: 0) as? TableViewHeaderFooterView)
        #expect(header.textLabel?.text == "A")
        let first = try #require(table.visibleCells.first)
        #expect(first.textLabel?.text?.hasPrefix("A") == true)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func aSearchFiltersThroughASnapshotAndKeepsTheCellsOfRowsThatStay() throws {
        let (app, list, _) = try launched()
        let table = try #require(list.tableView)
        let made = table.cellsMade
        let before = Dictionary(table.visibleCells.map { ($0.textLabel?.text ?? "", ObjectIdentifier($0)) },
                                uniquingKeysWith: { first, _ in first })
        list.search.insertText("turing")
        try app.settle()
        let names = table.visibleCells.compactMap { $0.textLabel?.text }
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.lowercased().contains("turing") })
        // Rows that stay keep their cells; the apply animates, so the cells of the rows
        // that go are still fading out while new rows' cells are made: at most one new
        // cell per shown row.
        for cell in table.visibleCells {
            if let old = before[cell.textLabel?.text ?? ""] { #expect(ObjectIdentifier(cell) == old) }
        }
        #expect(table.cellsMade <= made + names.count)
        // Once the animation is over the pool has them back: the same search again makes none.
        let warm = table.cellsMade
        list.search.deleteBackward()
        try app.settle()
        list.search.insertText("g")
        try app.settle()
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == names)
        #expect(table.cellsMade == warm)
        #expect(app.diagnostics.isEmpty)
    }

    @Test
    func aTapOnARowPushesTheContact() throws {
        let (app, list, navigation) = try launched()
        let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        let name = cell.textLabel?.text
        app.tap(cell)
        try app.settle()
        let detail = try #require(navigation.topViewController as? Contacts.ContactViewController)
        #expect(detail.nameLabel.text == name)
    }
}
