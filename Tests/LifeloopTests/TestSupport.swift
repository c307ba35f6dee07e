import Lifeloop

extension Trace {
    /// The trace as `label event` lines, keeping only the labels and events a source
    /// logged: the spec's projection.
    func projected(labels: Set<String>? = nil, events: Set<String>) -> [String] {
        self.events(labels: labels, names: events).map(\.line)
    }

    func events(labels: Set<String>? = nil, names: Set<String>) -> [TraceEvent] {
        self.events.filter { names.contains($0.name) && (labels?.contains($0.label) ?? true) }
    }

    /// The events after the first one matching `label event`.
    func lines(after marker: String) -> [String] {
        let all = lines
        guard let index = all.firstIndex(of: marker) else { return [] }
        return Array(all[(index + 1)...])
    }
}

/// The controller of seed 001: builds its tree in `viewDidLoad`, in the seed's call order
/// (`view1.addSubview(view12); view11.addSubview(view111); view1.addSubview(view11);
/// root.addSubview(view1); root.addSubview(view2)`).
final class SeedTreeController: ViewController {
    override func viewDidLoad() {
        view.label = "root"
        let view1 = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view1.label = "view1"
        let view12 = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view12.label = "view12"
        let view11 = View(frame: Rect(x: 50, y: 0, width: 100, height: 100))
        view11.label = "view11"
        let view111 = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        view111.label = "view111"
        let view2 = View(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        view2.label = "view2"
        view1.addSubview(view12)
        view11.addSubview(view111)
        view1.addSubview(view11)
        view.addSubview(view1)
        view.addSubview(view2)
    }
}

let seedTreeLabels: Set<String> = ["root", "view1", "view12", "view11", "view111", "view2"]

/// An app on the virtual clock with one visible window on `screen` showing `root`.
func showInWindow(_ root: ViewController, app: Application, screen: Screen = .phone) throws -> Window {
    let window = Window(screen: screen, label: "main")
    window.rootViewController = root
    window.makeKeyAndVisible()
    try app.settle()
    return window
}
