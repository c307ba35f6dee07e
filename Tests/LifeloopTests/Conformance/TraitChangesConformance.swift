import Foundation
import Testing
@testable import Lifeloop

/// L40 (trait changes), the rule of `spec/LIFECYCLE.md`.
@Suite("Conformance: trait changes (L40)")
struct TraitChangesConformance {
    /// One log; written on the app's thread, the only one that reads it.
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    final class LoggingController: ViewController {
        var log: (String) -> Void = { _ in }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            log("\(title ?? "?") didChange \(previousTraitCollection?.userInterfaceStyle == .light ? "from light" : "")")
        }
    }

    /// L40: a change of the app's appearance reaches the window first, then goes down its
    /// views in subview order, each controller just before its view; each object's
    /// `traitCollectionDidChange` before its registrations; views drawing dynamic colors
    /// are marked for display; objects whose traits did not change hear nothing.
    @Test("L40: window first, then down the tree, a controller just before its view")
    func appearanceChangeOrder() throws {
        let app = try Application(clock: .virtual)
        var lines: [String] = []
        let root = LoggingController(label: "Root")
        root.title = "Root"
        let child = LoggingController(label: "Child")
        child.title = "Child"
        root.log = { lines.append($0) }
        child.log = { lines.append($0) }
        let window = try showInWindow(root, app: app)
        let header = View()
        let card = View()
        card.backgroundColor = .systemBackground
        root.view.addSubview(header)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        child.view.addSubview(card)
        let shielded = View()
        shielded.overrideUserInterfaceStyle = .light
        header.addSubview(shielded)
        try app.settle()
        func watch<T: TraitEnvironment>(_ name: String, _ object: T) {
            object.registerForTraitChanges([UserInterfaceStyleTrait.self]) { _, _ in lines.append("\(name) registration") }
        }
        watch("window", window)
        watch("root", root)
        watch("rootView", root.view!)
        watch("header", header)
        watch("shielded", shielded)
        watch("child", child)
        watch("childView", child.view!)
        watch("card", card)
        app.userInterfaceStyle = .dark
        #expect(lines == ["window registration", "Root didChange from light", "root registration", "rootView registration",
                          "header registration", "Child didChange from light", "child registration",
                          "childView registration", "card registration"])
        #expect(card.flags.contains(.needsDisplay) && !header.flags.contains(.needsDisplay))
    }

    /// L40: a content size change delivers the same way, then posts
    /// `UIContentSizeCategory.didChangeNotification`.
    @Test("L40: a content size change is delivered, then its notification is posted")
    func contentSizeChangeThenNotification() throws {
        let app = try Application(clock: .virtual)
        let log = Log()
        let root = ViewController(label: "Root")
        _ = try showInWindow(root, app: app)
        root.registerForTraitChanges([PreferredContentSizeCategoryTrait.self]) { (_: ViewController, old: TraitCollection) in
            log.lines.append("root \(old.preferredContentSizeCategory == .large ? "from large" : "?")")
        }
        root.registerForTraitChanges([UserInterfaceStyleTrait.self]) { (_: ViewController, _: TraitCollection) in
            log.lines.append("root style")
        }
        let token = app.notificationCenter.addObserver(forName: ContentSizeCategory.didChangeNotification,
                                                       object: nil, queue: nil) { _ in log.lines.append("notification") }
        defer { app.notificationCenter.removeObserver(token) }
        app.preferredContentSizeCategory = .extraExtraLarge
        #expect(log.lines == ["root from large", "notification"])
    }
}
