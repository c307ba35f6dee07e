import Foundation
import Testing
@testable import Lifeloop

/// L38 (editing) and L39 (the keyboard), the rules of `spec/LIFECYCLE.md`.
@Suite("Conformance: editing and the keyboard (L38, L39)")
struct KeyboardConformance {
    /// One log of delegate calls, control events and notifications, in the order they came.
    final class EditingLog: NSObject, TextFieldDelegate, TextViewDelegate, @unchecked Sendable {
        var lines: [String] = []
        var frames: [(name: String, begin: Rect, end: Rect, duration: Double, curve: Int)] = []
        var tokens: [NSObjectProtocol] = []
        var refuseEnd = false
        var refused: Set<Character> = []

        init(_ center: NotificationCenter) {
            super.init()
            // Posted on the app's thread, the only one that reads the log.
            tokens.append(center.addObserver(forName: nil, object: nil, queue: nil) { [unowned self] note in
                let name = note.name.rawValue
                guard name.hasPrefix("UIKeyboard") || name.hasPrefix("UITextField") || name.hasPrefix("UITextView") else { return }
                lines.append(name.replacingOccurrences(of: "Notification", with: ""))
                if let info = note.userInfo, let begin = info[Responder.keyboardFrameBeginUserInfoKey] as? NSValue,
                   let end = info[Responder.keyboardFrameEndUserInfoKey] as? NSValue {
                    frames.append((name, begin.cgRectValue, end.cgRectValue,
                                   info[Responder.keyboardAnimationDurationUserInfoKey] as? Double ?? -1,
                                   info[Responder.keyboardAnimationCurveUserInfoKey] as? Int ?? -1))
                }
            })
        }

        func watch(_ field: TextField) {
            for (event, name) in [(Control.Event.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
                                  (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit")] {
                field.addAction(Lifeloop.Action { [unowned self] _ in self.lines.append(name) }, for: event)
            }
            field.delegate = self
        }

        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { lines.append("shouldBegin"); return true }
        func textFieldDidBeginEditing(_ textField: TextField) { lines.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool { lines.append("shouldEnd"); return !refuseEnd }
        func textFieldDidEndEditing(_ textField: TextField) { lines.append("didEnd") }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            lines.append("shouldChange \(string)")
            return !string.contains { refused.contains($0) }
        }
        func textFieldShouldReturn(_ textField: TextField) -> Bool { lines.append("shouldReturn"); return true }
        func textFieldShouldClear(_ textField: TextField) -> Bool { lines.append("shouldClear"); return true }

        func textViewShouldBeginEditing(_ textView: TextView) -> Bool { lines.append("shouldBegin"); return true }
        func textViewDidBeginEditing(_ textView: TextView) { lines.append("didBegin") }
        func textViewShouldEndEditing(_ textView: TextView) -> Bool { lines.append("shouldEnd"); return true }
        func textViewDidEndEditing(_ textView: TextView) { lines.append("didEnd") }
        func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            lines.append("shouldChange \(text)")
            return true
        }
        func textViewDidChange(_ textView: TextView) { lines.append("didChange") }

        func take() -> [String] {
            defer { lines = [] }
            return lines
        }
    }

    static func screen() throws -> (Application, Window, ViewController) {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.settle()
        return (app, window, root)
    }

    /// L38 and L39 for a text field: should-begin, first responder, did-begin and its
    /// notification, `editingDidBegin`, then the keyboard's will-notifications; the
    /// did-notifications 0.25 s later; per key should-change, `editingChanged`, the
    /// text-did-change notification; the end in the mirror order.
    @Test
    func L38_L39_aTextFieldBeginsEditsAndEndsInUIKitsOrderWithTheKeyboard() throws {
        let (app, _, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        root.view.addSubview(field)
        log.watch(field)
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        #expect(log.take() == ["shouldBegin", "didBegin", "UITextFieldTextDidBeginEditing", "editingDidBegin",
                               "UIKeyboardWillChangeFrame", "UIKeyboardWillShow"])
        let started = app.now
        try app.settle()
        #expect(log.take() == ["UIKeyboardDidChangeFrame", "UIKeyboardDidShow"])
        #expect(app.now - started == .milliseconds(250))
        field.insertText("a")
        #expect(log.take() == ["shouldChange a", "editingChanged", "UITextFieldTextDidChange"])
        // Text set in code sends nothing.
        field.text = "abc"
        #expect(log.take().isEmpty)
        #expect(field.resignFirstResponder())
        #expect(log.take() == ["shouldEnd", "didEnd", "UITextFieldTextDidEndEditing", "editingDidEnd",
                               "UIKeyboardWillChangeFrame", "UIKeyboardWillHide"])
        try app.settle()
        #expect(log.take() == ["UIKeyboardDidChangeFrame", "UIKeyboardDidHide"])
        // userInfo as UIKit gives it: screen coordinates, 0.25 s, curve 7. The phone here
        // is 414 × 736 with no home indicator: a 216-point keyboard.
        let show = try #require(log.frames.first { $0.name == "UIKeyboardWillShowNotification" })
        #expect(show.begin == Rect(x: 0, y: 736, width: 414, height: 216))
        #expect(show.end == Rect(x: 0, y: 520, width: 414, height: 216))
        #expect(show.duration == 0.25 && show.curve == 7)
        let hide = try #require(log.frames.first { $0.name == "UIKeyboardWillHideNotification" })
        #expect(hide.begin == show.end && hide.end == show.begin)
        let keyboardEvents: Set = ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow",
                                   "keyboardWillHide", "keyboardDidHide"]
        #expect(app.trace.projected(labels: ["keyboard"], events: keyboardEvents) == [
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillShow", "keyboard keyboardDidChangeFrame", "keyboard keyboardDidShow",
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillHide", "keyboard keyboardDidChangeFrame", "keyboard keyboardDidHide",
        ])
    }

    /// L38 for a text view: the keyboard's will-notifications come before
    /// `textViewDidBeginEditing`, and `textViewDidChange` is not called for text set in code.
    @Test
    func L38_aTextViewHearsTheKeyboardBeforeDidBeginEditing() throws {
        let (app, _, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let textView = TextView(frame: Rect(x: 20, y: 100, width: 300, height: 200))
        textView.delegate = log
        root.view.addSubview(textView)
        #expect(textView.becomeFirstResponder())
        #expect(log.take() == ["shouldBegin", "UIKeyboardWillChangeFrame", "UIKeyboardWillShow", "didBegin", "UITextViewTextDidBeginEditing"])
        try app.settle()
        _ = log.take()
        textView.insertText("x")
        #expect(log.take() == ["shouldChange x", "didChange", "UITextViewTextDidChange"])
        textView.text = "set in code"
        #expect(log.take().isEmpty)
        #expect(textView.resignFirstResponder())
        #expect(log.take() == ["shouldEnd", "UIKeyboardWillChangeFrame", "UIKeyboardWillHide", "didEnd", "UITextViewTextDidEndEditing"])
    }

    /// L39: first responder passing from one field to the next keeps the keyboard (no
    /// notifications), unless the new field has an accessory view: then the set is posted
    /// again with the taller frame.
    @Test
    func L39_movingToTheNextFieldKeepsTheKeyboardUnlessAnAccessoryViewChangesIt() throws {
        let (app, window, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let first = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        let second = TextField(frame: Rect(x: 20, y: 150, width: 200, height: 34))
        let third = TextField(frame: Rect(x: 20, y: 200, width: 200, height: 34))
        third.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 414, height: 44))
        for field in [first, second, third] { root.view.addSubview(field); log.watch(field) }
        first.becomeFirstResponder()
        try app.settle()
        _ = log.take()
        #expect(second.becomeFirstResponder())
        #expect(log.take() == ["shouldBegin", "shouldEnd", "didEnd", "UITextFieldTextDidEndEditing", "editingDidEnd",
                               "didBegin", "UITextFieldTextDidBeginEditing", "editingDidBegin"])
        #expect(third.becomeFirstResponder())
        #expect(Array(log.take().suffix(2)) == ["UIKeyboardWillChangeFrame", "UIKeyboardWillShow"])
        #expect(log.frames.last?.end == Rect(x: 0, y: 736 - 260, width: 414, height: 260))
        #expect(window.keyboardFrameInWindow?.height == 260)
    }

    /// L38: a field whose delegate refuses to end keeps first responder (another field
    /// cannot take it); `endEditing(true)` forces the end without asking; a field leaving
    /// its window stops editing, and the keyboard hides.
    @Test
    func L38_aRefusedEndKeepsTheFieldAndAForcedEndDoesNotAsk() throws {
        let (app, window, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let first = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        let second = TextField(frame: Rect(x: 20, y: 150, width: 200, height: 34))
        for field in [first, second] { root.view.addSubview(field); log.watch(field) }
        first.becomeFirstResponder()
        try app.settle()
        log.refuseEnd = true
        _ = log.take()
        #expect(!second.becomeFirstResponder())
        #expect(first.isFirstResponder && !second.isFirstResponder)
        #expect(log.take() == ["shouldBegin", "shouldEnd"])
        #expect(root.view.endEditing(true))
        #expect(log.take() == ["didEnd", "UITextFieldTextDidEndEditing", "editingDidEnd", "UIKeyboardWillChangeFrame", "UIKeyboardWillHide"])
        #expect(!first.isFirstResponder && window.keyboardFrameInWindow == nil)
        try app.settle()
        log.refuseEnd = false
        second.becomeFirstResponder()
        try app.settle()
        _ = log.take()
        second.removeFromSuperview()
        #expect(log.take() == ["didEnd", "UITextFieldTextDidEndEditing", "editingDidEnd", "UIKeyboardWillChangeFrame", "UIKeyboardWillHide"])
        #expect(!second.isFirstResponder)
    }

    /// L38: return asks `textFieldShouldReturn`, then `.editingDidEndOnExit`; a field
    /// that clears on begin empties when editing begins, and sends no change for it.
    @Test
    func L38_returnAndClearingOnBegin() throws {
        let (app, window, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        field.text = "old"
        field.clearsOnBeginEditing = true
        root.view.addSubview(field)
        log.watch(field)
        field.becomeFirstResponder()
        #expect(field.text == "")
        #expect(!log.take().contains("editingChanged"))
        _ = app.keyPress(.return, in: window)
        #expect(log.take() == ["shouldReturn", "editingDidEndOnExit"])
    }

    /// L39: the keyboard's height by screen and orientation; turning the window with the
    /// keyboard up moves it (the notifications are posted again); a controller popped
    /// with its field edited ends the editing and hides the keyboard.
    @Test
    func L39_theKeyboardFollowsTheScreenAndLeavesWithTheController() throws {
        let app = try Application(clock: .virtual)
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Root")
        let navigation = NavigationController(rootViewController: root, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        let log = EditingLog(app.notificationCenter)
        let page = ViewController(label: "Page")
        navigation.pushViewController(page, animated: false)
        try app.settle()
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        page.view.addSubview(field)
        log.watch(field)
        field.becomeFirstResponder()
        try app.settle()
        #expect(window.keyboardFrameInWindow == Rect(x: 0, y: 520, width: 414, height: 216))
        _ = log.take()
        window.rotate()
        #expect(log.take() == ["UIKeyboardWillChangeFrame", "UIKeyboardWillShow"])
        #expect(window.keyboardFrameInWindow == Rect(x: 0, y: 414 - 162, width: 736, height: 162), "162 points on its side")
        window.rotate()
        try app.settle()
        _ = log.take()
        navigation.popViewController(animated: false)
        try app.settle()
        #expect(!field.isEditing && window.keyboardFrameInWindow == nil)
        #expect(log.take().prefix(2) == ["didEnd", "UITextFieldTextDidEndEditing"])
        let tablet = Window(screen: .tablet, label: "tablet")
        let tabletRoot = ViewController(label: "TabletRoot")
        tablet.rootViewController = tabletRoot
        tablet.makeKeyAndVisible()
        let tabletField = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        tabletRoot.view.addSubview(tabletField)
        tabletField.becomeFirstResponder()
        #expect(tablet.keyboardFrameInWindow?.height == 352, "an iPad on its side: 352 points")
    }

    /// L39: a responder's own `inputView` replaces the keys: the keyboard is that view's
    /// height, and the tree shows no keys.
    @Test
    func L39_anInputViewReplacesTheKeys() throws {
        let (app, window, root) = try Self.screen()
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        field.inputView = View(frame: Rect(x: 0, y: 0, width: 414, height: 180))
        root.view.addSubview(field)
        field.becomeFirstResponder()
        try app.settle()
        #expect(window.keyboardFrameInWindow?.height == 180)
        #expect(app.elementTree().elements.contains { $0.type == .keyboard })
        #expect(!app.elementTree().elements.contains { $0.type == .key })
    }

    /// L38: the clear button asks `textFieldShouldClear`, empties the text and posts the
    /// text-did-change notification, without `editingChanged`; it is an element ("Clear
    /// text") only while it shows.
    @Test
    func L38_theClearButtonClearsWithoutEditingChanged() throws {
        let (app, _, root) = try Self.screen()
        let log = EditingLog(app.notificationCenter)
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        field.clearButtonMode = .whileEditing
        field.text = "draft"
        root.view.addSubview(field)
        log.watch(field)
        #expect(!app.elementTree().elements.contains { $0.label == "Clear text" }, "not while the field is not edited")
        field.becomeFirstResponder()
        try app.settle()
        _ = log.take()
        let clear = try app.tapElement(.label("Clear text"))
        #expect(clear.type == .button)
        #expect(log.take() == ["shouldClear", "UITextFieldTextDidChange"])
        #expect(field.text == "" && field.isEditing)
        #expect(!app.elementTree().elements.contains { $0.label == "Clear text" }, "no text, no clear button")
    }

    /// L39: an observer's frame change runs inside the keyboard's animation, and the
    /// keyboard layout guide's top follows the keyboard (the safe area's bottom when hidden).
    @Test
    func L39_observersAnimateWithTheKeyboardAndTheLayoutGuideFollowsIt() throws {
        let (app, window, root) = try Self.screen()
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        root.view.addSubview(field)
        let bottomBar = View(frame: .zero)
        bottomBar.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(bottomBar)
        LayoutConstraint.activate([
            bottomBar.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
            bottomBar.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
            bottomBar.heightAnchor.constraint(equalToConstant: 50),
            bottomBar.bottomAnchor.constraint(equalTo: root.view.keyboardLayoutGuide.topAnchor),
        ])
        let moved = View(frame: Rect(x: 0, y: 600, width: 100, height: 40))
        root.view.addSubview(moved)
        let box = ViewBox(moved)
        let token = app.notificationCenter.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) { note in
            let end = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            box.view.frame.origin.y = end.minY - 40
        }
        defer { app.notificationCenter.removeObserver(token) }
        try app.settle()
        #expect(bottomBar.frame.maxY == 736)
        field.becomeFirstResponder()
        // The observer's change animates: the model has its end, the presentation moves.
        #expect(moved.frame.minY == 480)
        #expect(app.runningAnimations.isEmpty == false)
        try app.settle()
        #expect(bottomBar.frame.maxY == 520)
        #expect(window.keyboardFrameInWindow == Rect(x: 0, y: 520, width: 414, height: 216))
        field.resignFirstResponder()
        try app.settle()
        #expect(bottomBar.frame.maxY == 736)
    }
}

/// The keyboard as elements: shown while a field is edited, its keys hittable and
/// typing when tapped; what it covers takes no tap.
@Suite("The keyboard in the element tree")
struct KeyboardElementTests {
    @Test
    func theKeyboardIsAnElementWhoseKeysTypeIntoTheField() throws {
        let (app, _, root) = try KeyboardConformance.screen()
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 34))
        field.returnKeyType = .next
        let covered = Button(frame: Rect(x: 20, y: 650, width: 200, height: 44))
        covered.setTitle("Covered", for: .normal)
        root.view.addSubview(field)
        root.view.addSubview(covered)
        try app.settle()
        #expect(!app.elementTree().elements.contains { $0.type == .keyboard })
        #expect(app.elementTree().elements.first { $0.label == "Covered" }?.isHittable == true)
        field.becomeFirstResponder()
        try app.settle()
        let tree = app.elementTree()
        let keyboard = try #require(tree.elements.first { $0.type == .keyboard })
        #expect(keyboard.frame == Rect(x: 0, y: 520, width: 414, height: 216))
        let keys = tree.elements.filter { $0.type == .key }
        #expect(keys.count == 30 && keys.allSatisfy(\.isHittable))
        #expect(keys.contains { $0.label == "Next" } && keys.contains { $0.label == "space" })
        #expect(tree.elements.first { $0.label == "Covered" }?.isHittable == false)
        for key in ["shift", "h", "i", "space", "delete"] {
            try app.tapElement(.label(key))
        }
        #expect(field.text == "Hi")
        #expect(try app.tapElement(.label("Next")).type == .key)
        field.resignFirstResponder()
        try app.settle()
        #expect(!app.elementTree().elements.contains { $0.type == .keyboard || $0.type == .key })
    }
}

/// A view carried into a notification block (posted on the app's thread, the view's).
private final class ViewBox: @unchecked Sendable {
    let view: View
    init(_ view: View) { self.view = view }
}
