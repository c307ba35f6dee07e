import Foundation
import Testing
import Lifeloop

/// The examples of README.md and of the Getting started and Writing tests articles, kept
/// runnable: each is copied here as it is printed, and a test checks that the README still
/// prints it.
@Suite("README example")
struct ReadmeExampleTests {
    /// Lifeloop's action (this test module has an `Action` of its own, which users do not).
    typealias Action = Lifeloop.Action

    // README.md, "A test" (and the Writing tests article).
    final class Home: ViewController {
        let more = Button(type: .system)

        override func viewDidLoad() {
            more.traceLabel = "Home.more"
            more.frame = Rect(x: 20, y: 100, width: 120, height: 44)
            more.addAction(Action { [unowned self] _ in
                navigationController?.pushViewController(ViewController(label: "Detail"), animated: true)
            }, for: .touchUpInside)
            view.addSubview(more)
        }
    }

    @Test func moreShowsTheDetail() throws {
        let app = try Application(clock: .virtual)
        app.isStrict = true                  // any diagnostic fails settle()
        let home = Home(label: "Home")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = NavigationController(rootViewController: home, label: "Nav")
        window.makeKeyAndVisible()
        try app.settle()                     // launched: nothing pending

        app.tap(home.more)                   // runs the button's touchUpInside actions
        try app.settle()                     // the push's animation has run to its end
        #expect(app.trace.lines.contains("Detail viewDidAppear"))
    }

    /// The README example's assertion can fail: before the tap, Detail has not appeared;
    /// after it, Detail appeared once, after Home disappeared, and the run is deterministic.
    @Test func theReadmeTestAssertsWhatTheTapDid() throws {
        func run() throws -> (before: [String], after: [String], digest: TraceDigest) {
            let app = try Application(clock: .virtual)
            app.isStrict = true
            let home = Home(label: "Home")
            let window = Window(screen: .phone, label: "main")
            window.rootViewController = NavigationController(rootViewController: home, label: "Nav")
            window.makeKeyAndVisible()
            try app.settle()
            let before = app.trace.lines
            app.tap(home.more)
            try app.settle()
            return (before, app.trace.lines, app.trace.digest)
        }
        let first = try run()
        #expect(!first.before.contains("Detail viewDidAppear"))
        #expect(first.after.filter { $0 == "Detail viewDidAppear" }.count == 1)
        let homeGone = try #require(first.after.firstIndex(of: "Home viewDidDisappear"))
        let detailShown = try #require(first.after.firstIndex(of: "Detail viewDidAppear"))
        #expect(homeGone < detailShown)
        #expect(try run().digest == first.digest)
    }

    // The Getting started article's "An app in Swift".
    final class Badged: ViewController {
        override func viewDidLoad() {
            let badge = View(frame: Rect(x: 20, y: 40, width: 100, height: 44))
            badge.autoresizingMask = [.flexibleWidth]
            view.addSubview(badge)
        }
    }

    @Test
    func theGettingStartedExampleRunsAndIsDeterministic() throws {
        func run() throws -> (lines: [String], digest: TraceDigest) {
            let app = try Application(clock: .virtual)
            let window = Window(screen: .phone, label: "main")
            window.rootViewController = Badged(label: "Home")
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

    /// The README and the Writing tests article print the test above as it is here.
    @Test func theReadmeAndTheArticlePrintThisTest() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func swiftBlock(in text: String, containing marker: String) -> String? {
            text.components(separatedBy: "```swift\n").dropFirst()
                .compactMap { $0.components(separatedBy: "\n```").first }
                .first { $0.contains(marker) }
        }
        func normalized(_ code: String) -> [String] {
            code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let article = try String(contentsOf: root.appendingPathComponent(
            "Sources/Lifeloop/Lifeloop.docc/WritingTests.md"), encoding: .utf8)
        let printed = try #require(swiftBlock(in: readme, containing: "func moreShowsTheDetail"))
        #expect(swiftBlock(in: article, containing: "func moreShowsTheDetail") == printed)
        let ours = normalized(here)
        // Every line of the README's example (but its imports) is a line of this file.
        for line in normalized(printed) where !line.hasPrefix("import ") {
            #expect(ours.contains(line), "README line not in ReadmeExampleTests: \(line)")
        }
    }
}
