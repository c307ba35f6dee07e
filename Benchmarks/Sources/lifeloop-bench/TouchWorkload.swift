import Foundation
import Lifeloop

/// The cost of delivering touches. `BENCH_ONLY=touches make bench` runs only this row.
///
/// One view carries three recognizers (tap, pan, long press) under a visible window; a
/// sequence is a finger down, 8 moves and up (10 touch events), each event hit-tested and
/// delivered to the three recognizers and the view, with the loop settled after each
/// sequence (the recognizers' actions and resets, the long press's timer). Goal: at most
/// 5 µs per touch event. Best of 5 runs of 2,000 sequences.
enum TouchWorkload {
    static func run() throws {
        let sequences = 2_000, eventsPerSequence = 10
        var best = Double.infinity
        for _ in 0..<5 {
            let app = try Application(traceMode: .digestOnly)
            let root = ViewController()
            let window = Window(screen: .phone)
            window.rootViewController = root
            window.makeKeyAndVisible()
            try app.settle()
            let view = View(frame: Rect(x: 0, y: 0, width: 390, height: 600))
            root.view.addSubview(view)
            view.addGestureRecognizer(TapGestureRecognizer { _ in })
            view.addGestureRecognizer(PanGestureRecognizer { _ in })
            view.addGestureRecognizer(LongPressGestureRecognizer { _ in })
            var elapsed: UInt64 = 0
            for index in 0..<sequences {
                let y = CGFloat(100 + index % 300)
                let start = MonotonicClock.nanoseconds
                app.touch(.down, at: Point(x: 20, y: y))
                for step in 1...8 { app.touch(.move, at: Point(x: 20 + CGFloat(step) * 12, y: y)) }
                app.touch(.up, at: Point(x: 116, y: y))
                elapsed += MonotonicClock.nanoseconds - start
                try app.settle()
            }
            best = min(best, Double(elapsed) / Double(sequences * eventsPerSequence))
        }
        print("\ntouch delivery (one view, 3 recognizers: tap, pan, long press; down, 8 moves, up; best of 5 × 2,000 sequences)")
        print(String(format: "  %.2f µs per touch event   goal ≤ 5 µs: %@", best / 1000, best <= 5000 ? "met" : "NOT met"))
    }
}
