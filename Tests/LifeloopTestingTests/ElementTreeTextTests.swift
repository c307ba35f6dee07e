import Lifeloop
import LifeloopTesting
import Testing

/// `LifeloopSnapshot.tree(of:)` writes the app's element tree: the labels, values and flags
/// UI tests read, one line an element, without element ids.
@Suite("Element tree text")
struct ElementTreeTextTests {
    final class Settings: ViewController {
        let toggle = Switch(frame: Rect(x: 20, y: 100, width: 51, height: 31))
        let email = TextField(frame: Rect(x: 20, y: 140, width: 300, height: 34))
        let heading = Label(frame: Rect(x: 20, y: 60, width: 300, height: 30))
        let save = Button(frame: Rect(x: 20, y: 200, width: 100, height: 44))
        let secret = Label(frame: Rect(x: 20, y: 260, width: 100, height: 20))

        override func viewDidLoad() {
            super.viewDidLoad()
            toggle.traceLabel = "toggle"
            toggle.isOn = true
            email.traceLabel = "email"
            email.placeholder = "Email"
            email.accessibilityIdentifier = "emailField"
            heading.traceLabel = "title"
            heading.text = "Settings"
            save.traceLabel = "save"
            save.setTitle("Save", for: .normal)
            save.isEnabled = false
            secret.traceLabel = "secret"
            secret.text = "Secret"
            secret.isHidden = true
            for subview in [heading, toggle, email, save, secret] { view.addSubview(subview) }
        }
    }

    @Test func theTextIsTheElementTreesLabelsValuesAndFlags() throws {
        try withTestApp { app in
            let settings = Settings(label: "Settings")
            let window = app.show(settings)
            let tree = LifeloopSnapshot.tree(of: window)
            #expect(tree.hasPrefix("window main (key) 414x736\n"))
            let lines = tree.split(separator: "\n").map(String.init)
            #expect(lines.contains("  other View#1 [view of Settings] 0,0 414x736"), "\(tree)")
            #expect(lines.contains("    staticText title \"Settings\" 20,60 300x30"), "\(tree)")
            // A switch's value as XCUITest reads it; a field's placeholder, said once.
            #expect(lines.contains("    switch toggle value=\"1\" 20,100 51x31"), "\(tree)")
            #expect(lines.contains("    textField email #emailField placeholder=\"Email\" 20,140 300x34"), "\(tree)")
            // A disabled button, its title as its label; its title label is part of it.
            #expect(lines.contains { $0.hasPrefix("    button save \"Save\" 20,200 100x44 disabled") }, "\(tree)")
            #expect(lines.filter { $0.contains("\"Save\"") }.count == 1)
            // A hidden view is not in the tree; no element ids are written.
            #expect(!tree.contains("secret") && !tree.contains("Secret"))
            #expect(!tree.contains("@e"))
            #expect(tree == LifeloopSnapshot.tree(of: window), "the same state, the same text")
            // A view's subtree is its element and the elements under it, its line unindented.
            #expect(LifeloopSnapshot.tree(of: settings.toggle) == "switch toggle value=\"1\" 20,100 51x31\n")
            #expect(LifeloopSnapshot.tree(of: settings.secret) == "secret: hidden, not in the element tree\n")
            // A view inside a button is part of the button's element.
            let badge = Label(frame: Rect(x: 80, y: 0, width: 20, height: 20))
            badge.traceLabel = "badge"
            badge.text = "3"
            settings.save.addSubview(badge)
            app.settle()
            #expect(LifeloopSnapshot.tree(of: badge) == "badge: part of the element of a view above it, not an element of its own\n")
        }
    }

    @Test func theTextChangesWhenALabelOrAValueChanges() throws {
        try withTestApp { app in
            let settings = Settings(label: "Settings")
            let window = app.show(settings)
            let before = LifeloopSnapshot.tree(of: window)
            settings.heading.text = "Preferences"
            settings.toggle.isOn = false
            app.settle()
            let after = LifeloopSnapshot.tree(of: window)
            #expect(before != after)
            #expect(after.contains("    staticText title \"Preferences\" 20,60 300x30\n"), "\(after)")
            #expect(after.contains("    switch toggle value=\"0\" 20,100 51x31\n"), "\(after)")
            // An accessibility label the app sets is what the tree says.
            settings.toggle.accessibilityLabel = "Wi-Fi \"home\""
            app.settle()
            #expect(LifeloopSnapshot.tree(of: settings.toggle) == "switch toggle \"Wi-Fi \\\"home\\\"\" value=\"0\" 20,100 51x31\n")
        }
    }

    @Test func aNavigationBarAndItsBackButtonAreElements() throws {
        try withTestApp { app in
            let first = ViewController(label: "First")
            first.title = "Inbox"
            let navigation = NavigationController(rootViewController: first, label: "Nav")
            _ = app.show(navigation)
            let second = ViewController(label: "Second")
            second.title = "Message"
            navigation.pushViewController(second, animated: false)
            app.settle()
            let tree = LifeloopSnapshot.tree(of: navigation)
            #expect(tree.contains(" [view of Nav] "), "\(tree)")
            #expect(tree.contains(" [view of Second] "), "\(tree)")
            #expect(!tree.contains("[view of First]"), "the first page is off the stack's screen")
            #expect(tree.contains("    navigationBar #Message 0,20 414x44\n"), "\(tree)")
            #expect(tree.contains("      backButton \"Inbox\" #BackButton "), "\(tree)")
            #expect(tree.contains("      staticText \"Message\" "), "\(tree)")
        }
    }
}
