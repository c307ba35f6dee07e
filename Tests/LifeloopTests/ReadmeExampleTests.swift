import Testing
import Lifeloop

/// The README's "An app in Swift" example, kept runnable.
@Suite("README example")
struct ReadmeExampleTests {
    final class Home: ViewController {
        override func viewDidLoad() {
            let badge = View(frame: Rect(x: 20, y: 40, width: 100, height: 44))
            badge.autoresizingMask = [.flexibleWidth]
            view.addSubview(badge)
        }
    }

    @Test
    func theExampleRunsAndIsDeterministic() throws {
        func run() throws -> (lines: [String], digest: TraceDigest) {
            let app = try Application(clock: .virtual)
            let window = Window(screen: .phone, label: "main")
            window.rootViewController = Home(label: "Home")
            window.makeKeyAndVisible()
            try app.settle()
            return (app.trace.lines, app.trace.digest)
        }
        let first = try run()
        #expect(first.lines.filter { $0.hasPrefix("Home ") }
                == ["Home initWithNibName", "Home loadView", "Home viewDidLoad", "Home viewWillAppear",
                    // A launch lays the root out twice before viewDidAppear (L31, iOS 11 on).
                    "Home viewWillLayoutSubviews", "Home viewDidLayoutSubviews",
                    "Home viewWillLayoutSubviews", "Home viewDidLayoutSubviews", "Home viewDidAppear"])
        #expect(try run().digest == first.digest)
    }
}
