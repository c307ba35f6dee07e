import Lifeloop

/// The controller of seed 001: builds its tree in `viewDidLoad`, in the seed's call order
/// (`view1.addSubview(view12); view11.addSubview(view111); view1.addSubview(view11);
/// root.addSubview(view1); root.addSubview(view2)`).
public final class SeedTreeController: ViewController {
    public override func viewDidLoad() {
        view.traceLabel = "root"
        func make(_ label: String, _ frame: Rect) -> View {
            let view = View(frame: frame)
            view.traceLabel = label
            return view
        }
        let view1 = make("view1", Rect(x: 0, y: 0, width: 200, height: 200))
        let view12 = make("view12", Rect(x: 0, y: 0, width: 50, height: 50))
        let view11 = make("view11", Rect(x: 50, y: 0, width: 100, height: 100))
        let view111 = make("view111", Rect(x: 0, y: 0, width: 20, height: 20))
        let view2 = make("view2", Rect(x: 0, y: 200, width: 100, height: 100))
        view1.addSubview(view12)
        view11.addSubview(view111)
        view1.addSubview(view11)
        view.addSubview(view1)
        view.addSubview(view2)
    }
}

/// Seed 001's tree: it appears, view1 is removed by hand, then the controller is dismissed,
/// disappears, is deallocated and its tree taken apart.
public enum ViewTree {
    static let sample = Sample(
        name: "ViewTree",
        summary: "seed 001's tree: appear, manual removal, disappear, dealloc and teardown",
        run: run
    )

    static func run() throws -> Trace {
        let app = try Application(clock: .virtual, screen: .phone)
        // Seed 001 still mentions viewDidUnload: iOS 5's behaviour.
        app.uikitVersion = .iOS5
        let home = ViewController(label: "Home")
        let window = Window(label: "main")
        window.rootViewController = home
        window.makeKeyAndVisible()
        try app.settle()
        home.present(SeedTreeController(label: "VC"), animated: false)
        try app.advance(by: .seconds(1))
        app.view(labelled: "view1")?.removeFromSuperview()
        try app.advance(by: .seconds(1))
        home.dismiss(animated: false)
        try app.settle()
        return app.trace
    }
}
