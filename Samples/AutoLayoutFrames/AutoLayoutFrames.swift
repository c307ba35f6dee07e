import Lifeloop

/// Seed 003's frames (L10): a nib designed at 600×600 holds a text view at
/// (20,40,560,160), flexible width and height; in a 414×736 window it keeps its designed
/// frame until the layout pass, then a rotation lays it out again.
public enum AutoLayoutFrames {
    static let sample = Sample(
        name: "AutoLayoutFrames",
        summary: "L10: a text view's frame in each callback, from a 600×600 nib to a 414×736 window",
        run: run
    )

    /// Records the text view's frame in every callback that seed 003 printed.
    final class FramesController: ViewController {
        func note(_ callback: String) {
            let frame = viewIfLoaded?.viewWithLabel("textView")?.frame.plainDescription ?? "-"
            application?.loop.record(label: traceLabel, event: "frame", detail: "\(callback) textView=\(frame)")
        }
        override func viewDidLoad() { note("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { note("viewWillAppear") }
        override func viewWillLayoutSubviews() { note("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { note("viewDidLayoutSubviews") }
        override func viewDidAppear(_ animated: Bool) { note("viewDidAppear") }
    }

    static func run() throws -> Trace {
        let app = try Application(clock: .virtual, screen: .phone)
        // Seed 003 lays out a 414×736 window (an iPhone 6 Plus): iOS 8's behaviour.
        app.uikitVersion = UIKitVersion(major: 8)!
        let textView = ViewNode(label: "textView", frame: Rect(x: 20, y: 40, width: 560, height: 160),
                                autoresizingMask: [.flexibleWidth, .flexibleHeight])
        app.registerNib(NibDefinition(name: "Frames", root: ViewNode(
            label: "root", frame: Rect(x: 0, y: 0, width: 600, height: 600), subviews: [textView])))
        let window = Window(label: "main")
        window.rootViewController = FramesController(nibName: "Frames", label: "VC")
        window.makeKeyAndVisible()
        try app.settle()
        // Rotate to landscape: the window's new size reaches the text view at the next pass.
        window.frame = Rect(x: 0, y: 0, width: 736, height: 414)
        try app.settle()
        return app.trace
    }
}
