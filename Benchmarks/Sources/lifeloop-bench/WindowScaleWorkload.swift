import Dispatch
import Lifeloop

/// `DisplayLink.tick` with many windows on one loop: every window animates a view's alpha
/// for one simulated second at 60 Hz, all on one screen's display link. The figure is wall
/// nanoseconds per window-frame; a link that searched its window list per client (as it
/// did) is quadratic, so 2,048 windows cost far more per window-frame than 64.
enum WindowScaleWorkload {
    static let counts = [64, 2_048]

    static func run() throws {
        print("\nwindows on one loop (one 60 Hz display link; each window animates alpha for 1 simulated s;")
        print("  release, best of 3, untraced)")
        var perWindowFrame: [Int: Double] = [:]
        for count in counts {
            let best = try onDedicatedThread { try (0..<3).map { _ in try measure(windows: count) }.min()! }
            perWindowFrame[count] = best
            print("  \(String(count).padding(toLength: 5, withPad: " ", startingAt: 0)) windows: "
                + "\(String(format: "%.1f", best)) ns per window-frame")
        }
        if let small = perWindowFrame[counts[0]], let large = perWindowFrame[counts[1]] {
            let ratio = large / small
            print("  2048 / 64 windows, per window-frame    \(String(format: "%.2f", ratio))   goal ≤ 1.5× (linear)  "
                + (ratio <= 1.5 ? "met" : "NOT MET"))
        }
    }

    /// Wall ns per window-frame for `count` windows animating together.
    private static func measure(windows count: Int) throws -> Double {
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        let screen = Screen(size: Size(width: 390, height: 844), scale: 3, statusBarInset: 47, refreshRate: 60)
        var boxes: [View] = []
        for index in 0..<count {
            let controller = ViewController(label: "C\(index)")
            let window = Window(screen: screen, label: "w\(index)")
            window.rootViewController = controller
            window.isHidden = false
            let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(box)
            boxes.append(box)
        }
        try app.settle()
        let start = DispatchTime.now().uptimeNanoseconds
        View.animate(withDuration: 1) {
            for box in boxes { box.alpha = 0.5 }
        }
        try app.settle()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start)
        let frames = app.windows.map(\.frameMetrics.framesProduced).reduce(0, +)
        precondition(frames >= count * 59, "expected about 60 frames per window, got \(frames) in all")
        return wall / Double(frames)
    }
}
