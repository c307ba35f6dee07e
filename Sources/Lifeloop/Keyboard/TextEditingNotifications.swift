import Foundation

extension TextField {
    /// Posted after a field's editing begins (after `textFieldDidBeginEditing`); the object is the field.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted after each change the user makes to a field's text (after `editingChanged`);
    /// not for text set in code.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted after a field's editing ends (after `textFieldDidEndEditing`).
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
}

extension TextView {
    /// Posted after a text view's editing begins (after `textViewDidBeginEditing`).
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted after each change the user makes to a text view's text (after
    /// `textViewDidChange`); not for text set in code.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted after a text view's editing ends (after `textViewDidEndEditing`).
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
}

extension TextField: KeyboardClient {
    /// A field being edited takes typing.
    var wantsKeyboard: Bool { true }
}

extension TextView: KeyboardClient {
    /// A text view takes typing while it is editable.
    var wantsKeyboard: Bool { isEditable }
}

extension Window {
    /// The current first responder resigns so that `responder` can become first: the
    /// keyboard stays meanwhile. False when it refuses (its delegate said no).
    func handFirstResponder(to responder: View) -> Bool {
        guard let current = firstResponder, current !== responder else { return true }
        guard current.canResignFirstResponder else { return false }
        isHandingOffFirstResponder = true
        let resigned = current.resignFirstResponder()
        isHandingOffFirstResponder = false
        if resigned, firstResponder === current { firstResponder = nil }
        return resigned
    }
}

extension View {
    /// Swaps the keyboard's input and accessory views for this first responder's now,
    /// without animation (the notifications come at once); nothing unless it is first
    /// responder.
    func reloadKeyboardIfFirstResponder() {
        guard onLoop("reloadInputViews()"), let window = storedWindow, window.firstResponder === self else { return }
        window.keyboardFollowsFirstResponder(animated: false)
    }
}
