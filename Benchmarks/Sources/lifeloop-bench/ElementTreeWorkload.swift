import Dispatch
import Lifeloop

/// The element tree of a 500-view screen, built in the app: `Application.elementTree()`
/// and its compact text, on the screen of the AgentTour sample's Grid page (50 strips of
/// nine labels under a navigation bar, pushed over Home, so the bar has a back button).
/// `BENCH_ONLY=elements make bench` runs only these rows.
///
/// The page is rebuilt here as the sample builds it (the sample's controller is internal
/// to LifeloopSamples). Each figure is the median and P90 (nearest rank) of 5,000 timed
/// calls after 500 untimed ones, in a release build, untraced, on one thread. The daemon's
/// rows writer (`app.describe {rows: true}`) is internal to LifeloopHost and is not timed
/// here: the MCP rows time it through the daemon.
enum ElementTreeWorkload {
    static let warmUp = 500
    static let iterations = 5_000
    /// The goal for building the tree of the 500-view screen.
    static let treeGoalSeconds = 0.5e-3

    static func run() throws {
        print("\nelement tree of a 500-view screen, built in the app (AgentTour's Grid page; release, untraced,")
        print("  one thread; median and P90 of \(iterations) calls after \(warmUp) untimed)")
        let figures = try onDedicatedThread { try measure() }
        row("elementTree()", figures.tree, goal: "goal median <= 0.5 ms  " + (figures.tree.median <= treeGoalSeconds ? "met" : "NOT met"))
        row("compactText() of that tree", figures.compact, goal: "(\(figures.compactBytes) bytes)")
        row("elementTree() + compactText()", figures.both, goal: "(what an agent's describe asks of the app)")
        row("json() of that tree", figures.json, goal: "(\(figures.jsonBytes) bytes)")
        print("  the screen: \(figures.views) views in the Grid page, \(figures.elements) elements in its tree")
        print("  the daemon's rows writer (app.describe {rows: true}) is internal to LifeloopHost: not timed here")
    }

    struct Times: Sendable {
        var median: Double
        var p90: Double
    }

    struct Figures: Sendable {
        var tree: Times
        var compact: Times
        var both: Times
        var json: Times
        var views: Int
        var elements: Int
        var compactBytes: Int
        var jsonBytes: Int
    }

    /// AgentTour's pages: Home (a title, a counter, four buttons) and Grid (500 views).
    final class Page: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            if traceLabel == "Grid" { buildGrid() } else { buildHome() }
        }

        private func buildHome() {
            title = "Home"
            for (index, text) in ["Agent tour", "Tapped 0 times"].enumerated() {
                let label = Label(frame: Rect(x: 20, y: 80 + Double(index) * 40, width: 300, height: 30))
                label.text = text
                view.addSubview(label)
            }
            for (index, title) in ["Count", "Open details", "Spin forever", "Show grid"].enumerated() {
                let button = Button(type: .system)
                button.setTitle(title, for: .normal)
                button.frame = Rect(x: 20, y: 160 + Double(index) * 50, width: 200, height: 44)
                view.addSubview(button)
            }
        }

        /// As the sample's: 50 strips of nine labels each.
        private func buildGrid() {
            title = "Grid"
            for row in 0..<50 {
                let strip = View(frame: Rect(x: 0, y: 64 + Double(row) * 14, width: 414, height: 14))
                strip.traceLabel = "Grid.row\(row)"
                view.addSubview(strip)
                for column in 0..<9 {
                    let cell = Label()
                    cell.traceLabel = "Grid.r\(row)c\(column)"
                    cell.text = "\(row * 9 + column)"
                    cell.frame = Rect(x: 4 + Double(column) * 45, y: 0, width: 44, height: 14)
                    strip.addSubview(cell)
                }
            }
        }
    }

    private static func measure() throws -> Figures {
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        let window = Window(screen: .phone, label: "main")
        let navigation = NavigationController(rootViewController: Page(label: "Home"), label: "main.nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let grid = Page(label: "Grid")
        navigation.pushViewController(grid, animated: false)
        try app.settle()
        var views = 0
        func count(_ view: View) {
            for subview in view.subviews {
                views += 1
                count(subview)
            }
        }
        count(grid.view)
        precondition(views == 500, "the Grid page has \(views) views, not 500")

        let tree = app.elementTree()
        let compact = tree.compactText()
        let json = tree.json()
        return Figures(
            tree: time { keep(app.elementTree().elements.count) },
            compact: time { keep(tree.compactText().utf8.count) },
            both: time { keep(app.elementTree().compactText().utf8.count) },
            json: time { keep(tree.json().utf8.count) },
            views: views, elements: tree.elements.count, compactBytes: compact.utf8.count, jsonBytes: json.utf8.count)
    }

    /// The median and P90 of `iterations` timed calls of `body`, after `warmUp` untimed.
    private static func time(_ body: () -> Void) -> Times {
        for _ in 0..<warmUp { body() }
        var seconds: [Double] = []
        seconds.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        seconds.sort()
        return Times(median: percentile(seconds, 0.5), p90: percentile(seconds, 0.9))
    }

    /// Keeps a result alive so the work that made it is not optimized away.
    @inline(never) private static func keep(_ value: Int) { if value == -1 { print(value) } }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    private static func row(_ name: String, _ times: Times, goal: String) {
        let figure = "median " + ms(times.median) + ", P90 " + ms(times.p90)
        print("  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(figure.padding(toLength: 34, withPad: " ", startingAt: 0)) \(goal)")
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1e3) }
}
