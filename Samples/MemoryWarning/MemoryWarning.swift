import Lifeloop

/// L14 under the legacy policy (iOS 3–5): A is covered by B in a navigation stack, a
/// memory warning unloads A's off-screen view, and popping back loads it again.
public enum MemoryWarning {
    static let sample = Sample(
        name: "MemoryWarning",
        summary: "L14: a memory warning unloads an off-screen view (legacy policy), popping back reloads it",
        run: run
    )

    static func run() throws -> Trace {
        let app = try Application(clock: .virtual, screen: .legacy)
        // Seeds 000, 002 and 004 describe views unloaded by memory warnings: iOS 5.
        app.uikitVersion = .iOS5
        let navigation = NavigationController(rootViewController: ViewController(label: "A"), label: "Nav")
        let window = Window(screen: .legacy, label: "main")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        navigation.pushViewController(ViewController(label: "B"), animated: false)
        try app.settle()
        app.simulateMemoryWarning()
        navigation.popViewController(animated: false)
        try app.settle()
        return app.trace
    }
}
