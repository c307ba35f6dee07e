import Dispatch
import Foundation
import Lifeloop

/// A whole UI test, as a test written against Lifeloop's API does it: launch an app of two
/// controllers (a navigation controller and its root), push the second animated, settle,
/// pop animated, settle, close. Release, one thread, under the virtual clock; best of 3
/// rounds. `BENCH_ONLY=uitest make bench` runs only this row; `BENCH_UITEST_COUNT=N`
/// runs N tests once, for `valgrind --tool=callgrind`.
enum UITestWorkload {
    final class Home: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Home"
            let label = Label(frame: Rect(x: 20, y: 100, width: 200, height: 30))
            label.text = "Hello"
            view.addSubview(label)
        }
    }

    final class Detail: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Detail"
            let button = Button(frame: Rect(x: 20, y: 100, width: 120, height: 44))
            button.setTitle("Done", for: .normal)
            view.addSubview(button)
        }
    }

    /// One test; returns the number of controllers the navigation stack had at its deepest.
    static func oneTest() throws -> Int {
        let app = try Application(clock: .virtual, traceEnabled: false)
        let navigation = NavigationController(rootViewController: Home(nibName: nil, bundle: nil))
        let window = Window(label: "main")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        navigation.pushViewController(Detail(nibName: nil, bundle: nil), animated: true)
        try app.settle()
        let deepest = navigation.viewControllers.count
        navigation.popViewController(animated: true)
        try app.settle()
        precondition(navigation.viewControllers.count == 1, "the pop did not happen")
        try app.close()
        return deepest
    }

    static func run() throws {
        if let count = environmentCount("BENCH_UITEST_COUNT") {
            for _ in 0..<count { _ = try oneTest() }
            print("ran \(count) UI tests")
            return
        }
        print("\nA whole UI test (launch a navigation controller and its root, push animated, settle, pop animated,")
        print("  settle, close; release, one thread, virtual clock; best of 3 rounds of 5,000)")
        let best = try onDedicatedThread { () throws -> Double in
            var best = Double.infinity
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<5_000 {
                    let deepest = try oneTest()
                    precondition(deepest == 2, "the push did not happen")
                }
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / 5_000)
            }
            return best
        }
        let micros = best * 1e6
        print("  one test                               " + String(format: "%.1f µs (%.0f tests per second per core)", micros, 1 / best)
            + "   goal ≤ 20 µs  " + (micros <= 20 ? "met" : "NOT MET"))
    }
}
