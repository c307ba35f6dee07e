/// Typing into text fields and text views as the keyboard does, for scenarios, the
/// daemon's `app.type` and the `type_text` tool.
extension Application {
    /// The most characters one ``typeText(_:into:clear:submit:)`` types.
    public static let maxTypedCharacters = 10_000

    /// Why typing into `view` would type nothing, as ``typeText(_:into:clear:submit:)``
    /// checks before its first key: it is not a text field or text view, is not in a
    /// window, is hidden (or inside a hidden view), takes no touches, is disabled or is not
    /// editable. Nil when it can be typed into. The reason names the view:
    /// `'Form.name' is disabled (isEnabled is false)`.
    public static func typingRefusal(into view: View) -> String? {
        // A search bar is typed into through its field.
        let view = (view as? SearchBar)?.searchTextField ?? view
        let name = "'\(view.traceLabel)'"
        let field = view as? TextField
        let textView = view as? TextView
        guard field != nil || textView != nil else { return "\(name) is a \(Swift.type(of: view)), not a text field or text view" }
        guard view.window != nil else { return "\(name) is not in a window" }
        var current: View? = view
        while let shown = current {
            if shown.isHidden || shown.alpha <= 0.01 {
                return shown === view ? "\(name) is hidden" : "\(name) is inside hidden '\(shown.traceLabel)'"
            }
            if !shown.isUserInteractionEnabled {
                return "\(name) takes no touches (isUserInteractionEnabled is false\(shown === view ? "" : " on '\(shown.traceLabel)'"))"
            }
            current = shown.superview
        }
        if let field, !field.isEnabled { return "\(name) is disabled (isEnabled is false)" }
        if let textView, !textView.isEditable { return "\(name) is not editable (isEditable is false)" }
        return nil
    }

    /// Types `text` into a text field or text view, key by key, as UIKit's keyboard does.
    ///
    /// The view becomes first responder first (its delegate's `textFieldShouldBeginEditing`
    /// or `textViewShouldBeginEditing` may refuse). Then each character is one key: a text
    /// field asks its delegate's `textField(_:shouldChangeCharactersIn:replacementString:)`
    /// (`false` drops that character only), then tells it `textFieldDidChangeSelection` and
    /// sends `editingChanged`; a text view asks `textView(_:shouldChangeTextIn:replacementText:)`
    /// and tells `textViewDidChangeSelection` and `textViewDidChange`. A newline typed into
    /// a text field is its return key. Each key is a `key` trace event on the view (its
    /// detail the character, `•` in a secure field), a refused one `keyRefused`, and the
    /// whole input a `type` event first.
    ///
    /// - Parameters:
    ///   - text: What to type, at most ``maxTypedCharacters`` characters.
    ///   - view: A text field, text view or search bar (its field) in a window.
    ///   - clear: Deletes the current text first, key by key with the delete key.
    ///   - submit: Presses return after the text: a text field's delegate
    ///     `textFieldShouldReturn`, then `editingDidEndOnExit`; a text view gets a newline.
    /// - Returns: nil, or why nothing was typed: the view is not a text field or text view,
    ///   is not in a window, is hidden, takes no touches, is disabled or not editable, the
    ///   delegate refused to begin editing, or the text is longer than
    ///   ``maxTypedCharacters``.
    @discardableResult
    public func typeText(_ text: String, into view: View, clear: Bool = false, submit: Bool = false) -> String? {
        guard checkLoopThread(label: view.traceLabel, operation: "typeText(_:into:clear:submit:)") else {
            return "typing must run on the app's loop thread"
        }
        // A search bar is typed into through its field.
        let view = (view as? SearchBar)?.searchTextField ?? view
        let name = "'\(view.traceLabel)'"
        if text.utf8.count > Self.maxTypedCharacters, text.count > Self.maxTypedCharacters {
            return "the text is \(text.count) characters; at most \(Self.maxTypedCharacters) are typed at once"
        }
        if let reason = Self.typingRefusal(into: view) { return reason + "; nothing was typed" }
        guard let window = view.window else { return "\(name) is not in a window; nothing was typed" }
        let field = view as? TextField
        let textView = view as? TextView
        loop.record(label: view.traceLabel, event: "type", detail: "\(text.count) characters", window: window.traceLabel)
        if !view.isFirstResponder {
            guard view.becomeFirstResponder() else {
                let asked = field != nil ? "textFieldShouldBeginEditing" : "textViewShouldBeginEditing"
                return "\(name) did not begin editing (its delegate's \(asked) returned false); nothing was typed"
            }
        }
        let secure = field?.isSecureTextEntry ?? textView?.isSecureTextEntry ?? false
        if clear {
            while field.map({ !($0.text ?? "").isEmpty }) ?? !(textView?.text ?? "").isEmpty {
                let deleted = field?.deleteKey() ?? textView?.deleteKey() ?? false
                view.trace(deleted ? "key" : "keyRefused", detail: "delete")
                if !deleted { break }
            }
        }
        for character in text {
            if let field, character == "\n" || character == "\r\n" || character == "\r" {
                view.trace("key", detail: "return")
                field.returnKey()
                continue
            }
            let key = String(character)
            let accepted = field?.insertKey(key) ?? textView?.insertKey(key) ?? false
            view.trace(accepted ? "key" : "keyRefused", detail: secure ? "•" : key)
        }
        if submit {
            view.trace("key", detail: "return")
            if let field {
                field.returnKey()
            } else {
                textView?.insertKey("\n")
            }
        }
        return nil
    }
}
