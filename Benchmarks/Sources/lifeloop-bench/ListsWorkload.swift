import Dispatch
import Lifeloop

/// A table scrolled at 120 Hz: 1,000 rows against 1,000,000, the same flings. The figures
/// are wall nanoseconds per frame and the cells the table made; a frame's work must not
/// grow with the row count, and a warm table makes no cell. `BENCH_ONLY=lists make bench`
/// runs only these rows.
enum ListsWorkload {
    static let counts = [1_000, 1_000_000]

    /// Rows of one 44-point height, each cell dequeued and given its text.
    final class Rows: TableViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    static func run() throws {
        print("\na table scrolled at 120 Hz (20 flings of 8,000 pt/s down; release, best of 3, untraced)")
        var perFrame: [Int: Double] = [:]
        for count in counts {
            let results = try onDedicatedThread { try (0..<3).map { _ in try measure(rows: count) } }
            let best = results.min { $0.nanoseconds < $1.nanoseconds }!
            perFrame[count] = best.nanoseconds
            print("  \(String(count).padding(toLength: 9, withPad: " ", startingAt: 0)) rows: "
                + "\(String(format: "%.0f", best.nanoseconds)) ns per frame, \(best.frames) frames, "
                + "\(best.made) cells made (\(best.visible) visible), \(best.reused) reused")
        }
        if let small = perFrame[counts[0]], let large = perFrame[counts[1]] {
            let ratio = large / small
            print("  1,000,000 / 1,000 rows, per frame     \(String(format: "%.2f", ratio))   goal ≤ 1.5× (independent of rows)  "
                + (ratio <= 1.5 ? "met" : "NOT MET"))
        }
    }

    struct Result {
        var nanoseconds: Double
        var frames: Int
        var made: Int
        var reused: Int
        var visible: Int
    }

    private static func measure(rows count: Int) throws -> Result {
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        let screen = Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47, refreshRate: 120)
        let controller = ViewController(label: "list")
        let window = Window(screen: screen, label: "main")
        window.rootViewController = controller
        window.isHidden = false
        let table = TableView(frame: controller.view.bounds, style: .plain)
        table.rowHeight = 44
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = Rows(count: count)
        table.dataSource = rows
        controller.view.addSubview(table)
        try app.settle()
        let before = window.frameMetrics.framesProduced
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20 {
            table.beginDrag()
            table.drag(by: Point(x: 0, y: -200))
            table.endDrag(velocity: Point(x: 0, y: -8_000))
            try app.settle()
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start)
        let frames = window.frameMetrics.framesProduced - before
        precondition(frames > 1_000, "expected the flings to run many frames, got \(frames)")
        return Result(nanoseconds: wall / Double(max(1, frames)), frames: frames, made: table.cellsMade,
                      reused: table.cellsReused, visible: table.visibleCells.count)
    }
}
