import Lifeloop
@_exported import LifeloopSamples

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

let seedTreeLabels: Set<String> = ["root", "view1", "view12", "view11", "view111", "view2"]

/// An app on the virtual clock with one visible window on `screen` showing `root`.
func showInWindow(_ root: ViewController, app: Application, screen: Screen = .phone) throws -> Window {
    let window = Window(screen: screen, label: "main")
    window.rootViewController = root
    window.makeKeyAndVisible()
    try app.settle()
    return window
}
