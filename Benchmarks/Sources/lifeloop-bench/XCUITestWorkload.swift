import Dispatch
import Foundation
import Lifeloop
import LifeloopTesting

#if canImport(Glibc)
import Glibc
#endif

/// XCUITest-style tests per second on one core: LifeloopTesting's `XCUIApplication`
/// (a test written for Lifeloop, `XCUIApplication(launching:)`) launching a list in a
/// navigation controller, three queries, two taps (Add, then the new row, which pushes its
/// detail with the animated transition), waiting for the detail's bar, and terminating;
/// the same test body an XCTest or Swift Testing UI test would run, here in a plain loop on
/// one thread, with failures captured rather than reported. `BENCH_ONLY=xcui make bench`
/// runs only this row.
///
/// Tests per second are counted against the wall time and against the thread's CPU time
/// (`CLOCK_THREAD_CPUTIME_ID`): the second is what one core does. 3 rounds of 1,000 tests
/// after 200 untimed; the best round.
enum XCUITestWorkload {
    static let warmUp = 200
    static let testsPerRound = 1_000
    static let rounds = 3

    /// A list in a navigation controller: Add appends a row, a row pushes its detail.
    final class Items: TableViewController {
        var rows = ["Item 1", "Item 2", "Item 3"]
        let summary = Label(frame: Rect(x: 0, y: 0, width: 390, height: 44))

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Items"
            let add = BarButtonItem(title: "Add", style: .plain, primaryAction: Lifeloop.Action { [unowned self] _ in
                rows.append("Item \(rows.count + 1)")
                showSummary()
                tableView.reloadData()
            })
            add.accessibilityIdentifier = "addItem"
            navigationItem.rightBarButtonItem = add
            summary.accessibilityIdentifier = "summary"
            tableView.tableHeaderView = summary
            showSummary()
        }

        func showSummary() { summary.text = rows.count == 1 ? "1 item" : "\(rows.count) items" }

        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = rows[indexPath.row]
            cell.accessibilityIdentifier = "row\(indexPath.row)"
            return cell
        }
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            let detail = ViewController(label: "Detail")
            detail.title = rows[indexPath.row]
            navigationController?.pushViewController(detail, animated: true)
        }
    }

    static func run() throws {
        print("\nXCUITest-style tests (LifeloopTesting's XCUIApplication(launching:): launch a navigation controller + table,")
        print("  3 queries, 2 taps, wait for the pushed page, terminate; release, one thread; best of \(rounds) rounds of \(testsPerRound))")
        let figures = try onDedicatedThread { try measure() }
        let wall = Double(testsPerRound) / figures.wallSeconds
        let cpu = Double(testsPerRound) / figures.cpuSeconds
        let perTest = figures.cpuSeconds / Double(testsPerRound)
        print("  \("tests per second, one core".padding(toLength: 34, withPad: " ", startingAt: 0)) "
            + "\(String(format: "%.0f", cpu)) per CPU second (\(String(format: "%.0f", wall)) per wall second), "
            + String(format: "%.3f ms CPU per test", perTest * 1e3))
    }

    struct Figures: Sendable {
        var wallSeconds: Double
        var cpuSeconds: Double
    }

    private static func measure() throws -> Figures {
        let log = FailureLog()
        for _ in 0..<warmUp { try oneTest(log) }
        var best: Figures?
        for _ in 0..<rounds {
            let wallStart = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUSeconds()
            for _ in 0..<testsPerRound { try oneTest(log) }
            let figures = Figures(wallSeconds: Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9,
                                  cpuSeconds: threadCPUSeconds() - cpuStart)
            if best == nil || figures.cpuSeconds < best!.cpuSeconds { best = figures }
        }
        return best!
    }

    /// One test, as a UI test file would write it; a failed expectation stops the bench.
    private static func oneTest(_ log: FailureLog) throws {
        let app = XCUIApplication(reporter: .capturing(log)) { app in
            let window = Window(screen: app.mainScreen, label: "main")
            let items = Items(label: "Items")
            items.tableView.register(TableViewCell.self, forCellReuseIdentifier: "row")
            window.rootViewController = NavigationController(rootViewController: items, label: "Nav")
            window.makeKeyAndVisible()
        }
        app.launch()
        defer { app.terminate() }
        // Three queries.
        let bar = app.navigationBars["Items"].exists
        let cells = app.tables.cells.count
        let summary = app.staticTexts["summary"].label
        // Two taps: Add, then the row it added (which pushes its page).
        app.buttons["Add"].tap()
        app.cells["row3"].tap()
        let pushed = app.navigationBars["Item 4"].waitForExistence(timeout: 2)
        guard bar, cells == 3, summary == "3 items", pushed, log.messages.isEmpty else {
            throw BenchFailure("the XCUITest-style test failed: bar \(bar), \(cells) cells, summary '\(summary)', pushed \(pushed); "
                + log.messages.joined(separator: "; "))
        }
    }

    private static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// A bench workload that did not do what it measures.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
