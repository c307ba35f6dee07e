import Foundation
@testable import Lifeloop
import Testing

/// `Application.typeText(_:into:clear:submit:)`: typing key by key as UIKit's keyboard does.
@Suite struct TextInputTests {
    final class FieldRecorder: TextFieldDelegate {
        var calls: [String] = []
        var refuseDigits = false
        var refuseBegin = false
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
            calls.append("shouldBegin")
            return !refuseBegin
        }
        func textFieldDidBeginEditing(_ textField: TextField) { calls.append("didBegin") }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("shouldChange \(range.location),\(range.length) '\(string)'")
            return !(refuseDigits && string.allSatisfy(\.isNumber) && !string.isEmpty)
        }
        func textFieldDidChangeSelection(_ textField: TextField) { calls.append("selection \(textField.text ?? "")") }
        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            calls.append("shouldReturn")
            return true
        }
    }

    private func form() throws -> (Application, ViewController, TextField, FieldRecorder) {
        let app = try Application()
        let root = ViewController(nibName: nil, label: "root")
        _ = try showInWindow(root, app: app)
        let field = TextField(frame: CGRect(x: 0, y: 100, width: 200, height: 34))
        field.traceLabel = "name"
        root.view.addSubview(field)
        let recorder = FieldRecorder()
        field.delegate = recorder
        return (app, root, field, recorder)
    }

    @Test func eachCharacterAsksTheDelegateAndARefusedOneIsDropped() throws {
        let (app, _, field, recorder) = try form()
        var changes = 0
        field.addAction(Lifeloop.Action { _ in changes += 1 }, for: .editingChanged)
        recorder.refuseDigits = true
        #expect(app.typeText("a1b", into: field, submit: true) == nil)
        #expect(field.text == "ab")
        #expect(changes == 2, "editingChanged once per accepted key")
        #expect(recorder.calls == ["shouldBegin", "didBegin", "shouldChange 0,0 'a'", "selection a", "shouldChange 1,0 '1'",
                                   "shouldChange 1,0 'b'", "selection ab", "shouldReturn"])
        let typing: Set<String> = ["type", "editingDidBegin", "editingChanged", "key", "keyRefused", "editingDidEndOnExit"]
        let events = app.trace.events.filter { $0.label == "name" && typing.contains($0.name) }.map { "\($0.name) \($0.detail)".trimmingCharacters(in: .whitespaces) }
        #expect(events == ["type 3 characters", "editingDidBegin", "editingChanged", "key a", "keyRefused 1", "editingChanged", "key b",
                           "key return", "editingDidEndOnExit"])
    }

    @Test func clearDeletesKeyByKeyAndANewlineIsTheReturnKey() throws {
        let (app, _, field, recorder) = try form()
        field.text = "old"
        #expect(app.typeText("x\ny", into: field, clear: true) == nil)
        #expect(field.text == "xy")
        #expect(recorder.calls.filter { $0.hasPrefix("shouldChange") }.prefix(3) == ["shouldChange 2,1 ''", "shouldChange 1,1 ''", "shouldChange 0,1 ''"])
        #expect(recorder.calls.contains("shouldReturn"))
    }

    @Test func aFieldThatCannotTakeTextIsRefusedWithTheReason() throws {
        let (app, root, field, recorder) = try form()
        field.isEnabled = false
        #expect(app.typeText("a", into: field)?.contains("'name' is disabled") == true)
        field.isEnabled = true
        field.isHidden = true
        #expect(app.typeText("a", into: field)?.contains("'name' is hidden") == true)
        field.isHidden = false
        recorder.refuseBegin = true
        #expect(app.typeText("a", into: field)?.contains("did not begin editing") == true)
        recorder.refuseBegin = false
        #expect(app.typeText(String(repeating: "a", count: Application.maxTypedCharacters + 1), into: field)?.contains("at most 10000") == true)
        #expect(app.typeText("a", into: root.view)?.contains("not a text field or text view") == true)
        #expect(field.text == "", "nothing was typed")
    }

    @Test func aTextViewTypesThroughItsDelegateAndSubmitIsANewline() throws {
        let (app, root, _, _) = try form()
        let notes = TextView(frame: CGRect(x: 0, y: 200, width: 200, height: 100))
        root.view.addSubview(notes)
        let recorder = CorpusGapTests.Recorder()
        notes.delegate = recorder
        #expect(app.typeText("hi", into: notes, submit: true) == nil)
        #expect(notes.text == "hi\n")
        #expect(recorder.calls == ["didBegin", "shouldChange 0,0 'h'", "didChange h", "shouldChange 1,0 'i'", "didChange hi",
                                   "shouldChange 2,0 '\n'", "didChange hi\n"])
        notes.isEditable = false
        #expect(app.typeText("x", into: notes)?.contains("is not editable") == true)
    }
}
