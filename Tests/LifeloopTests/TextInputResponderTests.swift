import Foundation
import Testing
@testable import Lifeloop

/// Responders around text input: hardware presses down the chain, a responder that will
/// not resign, `reloadInputViews()`, a table view controller keeping the edited row in
/// sight, secure fields in the element tree.
@Suite("Text input: responders, presses, the keyboard's neighbours")
struct TextInputResponderTests {
    /// A view that takes first responder and hears presses.
    final class KeyCatcher: View {
        var heard: [String] = []
        var resigns = true
        override var canBecomeFirstResponder: Bool { true }
        override var canResignFirstResponder: Bool { resigns }
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
            for press in presses { heard.append("began \(press.key?.keyCode.rawValue ?? -1)") }
        }
        override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
            for press in presses { heard.append("ended \(press.phase == .ended)") }
        }
    }

    /// A controller that hears the presses its view passes on.
    final class PressController: ViewController {
        var heard = 0
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { heard += presses.count }
    }

    /// An app with a window whose root `makeRoot` makes (after the app, on its thread).
    static func screen(_ makeRoot: () -> ViewController = { ViewController(label: "Root") }) throws -> (Application, Window, ViewController) {
        let app = try Application(clock: .virtual)
        let root = makeRoot()
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, root)
    }

    @Test
    func pressesGoToTheFirstResponderAndUpItsChain() throws {
        let (app, window, root) = try Self.screen { PressController(label: "Presses") }
        let controller = try #require(root as? PressController)
        let catcher = KeyCatcher(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.view.addSubview(catcher)
        #expect(catcher.becomeFirstResponder())
        let result = app.keyPress(.escape, in: window)
        #expect(result.isHandled && catcher.heard == ["began 41", "ended true"], "\(result)")
        // A plain view passes them on: the controller whose view it is hears them.
        let plain = View(frame: .zero)
        root.view.addSubview(plain)
        catcher.resignFirstResponder()
        let passed = app.keyPress(.escape, in: window)
        #expect(controller.heard == 1 && passed.isHandled, "\(passed)")
    }

    @Test
    func aResponderThatWillNotResignKeepsFirstResponder() throws {
        let (app, window, root) = try Self.screen()
        defer { withExtendedLifetime(app) {} }
        let catcher = KeyCatcher(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let field = TextField(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        root.view.addSubview(catcher)
        root.view.addSubview(field)
        catcher.becomeFirstResponder()
        catcher.resigns = false
        #expect(!field.becomeFirstResponder())
        #expect(catcher.isFirstResponder && !field.isEditing && window.keyboardFrameInWindow == nil)
        catcher.resigns = true
        #expect(field.becomeFirstResponder())
        #expect(window.keyboardFrameInWindow != nil)
    }

    @Test
    func reloadInputViewsSwapsAtOnceOnlyForTheFirstResponder() throws {
        let (app, window, root) = try Self.screen()
        let field = TextField(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        let other = TextField(frame: Rect(x: 0, y: 80, width: 100, height: 30))
        root.view.addSubview(field)
        root.view.addSubview(other)
        field.becomeFirstResponder()
        try app.settle()
        #expect(window.keyboardFrameInWindow?.height == 216)
        other.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 414, height: 50))
        other.reloadInputViews()
        #expect(window.keyboardFrameInWindow?.height == 216)
        field.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 414, height: 50))
        let before = app.now
        field.reloadInputViews()
        #expect(window.keyboardFrameInWindow?.height == 266)
        try app.settle()
        #expect(app.now == before)
    }

    /// A table view controller's table gains the keyboard's overlap as bottom inset and
    /// scrolls the edited row into view; the inset goes back when the keyboard hides.
    @Test
    func aTableViewControllerKeepsTheEditedRowInSight() throws {
        final class Fields: TableViewController {
            var fields: [TextField] = []
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                let field = TextField(frame: Rect(x: 10, y: 5, width: 200, height: 34))
                field.placeholder = "Row \(indexPath.row)"
                cell.contentView.addSubview(field)
                fields.append(field)
                return cell
            }
        }
        let (app, _, root) = try Self.screen { Fields(style: .plain) }
        let controller = try #require(root as? Fields)
        let table = try #require(controller.tableView)
        let field = try #require(controller.fields.last)
        let before = table.contentInset.bottom
        field.becomeFirstResponder()
        try app.settle()
        #expect(table.contentInset.bottom == before + 216)
        let shown = field.convert(field.bounds, to: table.window)
        #expect(shown.maxY <= 520, "the edited row is above the keyboard: \(shown)")
        field.resignFirstResponder()
        try app.settle()
        #expect(table.contentInset.bottom == before)
    }

    @Test
    func aSecureFieldsTextIsHiddenFromTheTree() throws {
        let (app, _, root) = try Self.screen()
        let field = TextField(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        field.isSecureTextEntry = true
        field.accessibilityIdentifier = "password"
        root.view.addSubview(field)
        field.insertText("hunter2")
        let element = try #require(app.elementTree().elements.first { $0.identifier == "password" })
        #expect(element.type == .secureTextField && element.value == "•••••••")
        #expect(!app.elementTree().compactText().contains("hunter2"))
    }

    /// A search bar's field edits as a text field does: the bar's delegate hears the
    /// beginning, and the keyboard shows until the search ends.
    @Test
    func aSearchBarEditsWithTheKeyboard() throws {
        final class Delegate: SearchBarDelegate {
            var lines: [String] = []
            func searchBarTextDidBeginEditing(_ searchBar: SearchBar) { lines.append("began") }
            func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) { lines.append("changed \(searchText)") }
        }
        let (app, window, root) = try Self.screen()
        let bar = SearchBar(frame: Rect(x: 0, y: 100, width: 414, height: 56))
        let delegate = Delegate()
        bar.delegate = delegate
        root.view.addSubview(bar)
        #expect(bar.searchTextField.becomeFirstResponder())
        #expect(window.keyboardFrameInWindow != nil)
        bar.searchTextField.insertText("a")
        #expect(delegate.lines == ["began", "changed a"])
        bar.searchTextField.resignFirstResponder()
        try app.settle()
        #expect(window.keyboardFrameInWindow == nil)
    }
}
