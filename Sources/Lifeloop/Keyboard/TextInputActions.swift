import Foundation

extension Application {
    /// Gives keyboard focus to the text field, text view or search field `reference` names,
    /// as a tap on it does: it becomes first responder (its delegate may refuse) and the
    /// keyboard shows (L38, L39). Returns the element.
    /// - Throws: ``ElementError`` when the reference names nothing, something that takes no
    ///   typing, a disabled input, or one whose delegate (or the current first responder)
    ///   refused; nothing changes then.
    @discardableResult
    public func focus(_ reference: String) throws(ElementError) -> Element {
        let (element, view) = try textInput(reference, verb: "focus")
        if view.isFirstResponder { return element }
        guard view.becomeFirstResponder() else {
            let holder = view.window?.firstResponder.map { " ('\($0.traceLabel)' is first responder and stays)" } ?? ""
            throw ElementError(kind: .notActionable, message: "focus: \(element.candidateText) did not become first responder: its delegate or the current first responder refused\(holder)", candidates: [])
        }
        return element
    }

    /// Selects `length` characters from `location` (in characters) of a text input: a
    /// field's `selectedTextRange`, a text view's `selectedRange`; the next key types over
    /// it. Focuses the input first when it is not being edited.
    /// - Throws: ``ElementError`` as ``focus(_:)`` does, or when the range is outside its text.
    @discardableResult
    public func selectText(_ reference: String, location: Int, length: Int) throws(ElementError) -> Element {
        let (element, view) = try textInput(reference, verb: "selectText")
        let text = (view as? TextField)?.text ?? (view as? TextView)?.text ?? ""
        let count = text.count
        guard location >= 0, length >= 0, location + length <= count else {
            throw ElementError(kind: .notActionable, message: "selectText: \(location)..<\(location + length) is outside the \(count) characters of \(element.candidateText)", candidates: [])
        }
        if !view.isFirstResponder { try focus(reference) }
        if let field = view as? TextField {
            field.selectedTextRange = TextRange(start: TextPosition(offset: location), end: TextPosition(offset: location + length))
            field.delegate?.textFieldDidChangeSelection(field)
        } else if let textView = view as? TextView {
            let prefix = String(text.prefix(location)), selected = String(text.dropFirst(location).prefix(length))
            textView.selectedRange = NSRange(location: prefix.utf16.count, length: selected.utf16.count)
            textView.textDelegate?.textViewDidChangeSelection(textView)
        }
        view.trace("selectText", detail: "\(location) \(length)")
        return element
    }

    /// Hides the keyboard as its hide key does: the first responder of `window` (the key
    /// window when nil) is asked to resign. Returns the element that was edited.
    /// - Throws: ``ElementError`` when no keyboard shows, or the first responder refused
    ///   to resign (it keeps editing).
    @discardableResult
    public func dismissKeyboard(in window: Window? = nil) throws(ElementError) -> String {
        guard let window = window ?? keyWindow, let responder = window.firstResponder, window.keyboardFrameInWindow != nil else {
            throw ElementError(kind: .notActionable, message: "dismissKeyboard: no keyboard shows", candidates: [])
        }
        guard responder.resignFirstResponder(), window.firstResponder !== responder else {
            throw ElementError(kind: .notActionable, message: "dismissKeyboard: '\(responder.traceLabel)' refused to resign (its delegate's should-end said no); the keyboard stays", candidates: [])
        }
        return responder.traceLabel
    }

    /// Why ``focus(_:)``, ``selectText(_:location:length:)`` or ``dismissKeyboard(in:)``
    /// would be refused now, checked without running anything (no delegate is asked); nil
    /// when it would run. `verb` is `focus`, `selectText` or `dismissKeyboard`.
    public func textVerbRefusal(_ verb: String, target: String?, range: (location: Int, length: Int)? = nil,
                                window: Window? = nil) -> String? {
        do {
            if verb == "dismissKeyboard" {
                guard let window = window ?? keyWindow, window.firstResponder != nil, window.keyboardFrameInWindow != nil else {
                    return "dismissKeyboard: no keyboard shows"
                }
                return nil
            }
            let (element, view) = try textInput(target ?? "", verb: verb)
            if let range {
                let count = ((view as? TextField)?.text ?? (view as? TextView)?.text ?? "").count
                guard range.location >= 0, range.length >= 0, range.location + range.length <= count else {
                    return "selectText: \(range.location)..<\(range.location + range.length) is outside the \(count) characters of \(element.candidateText)"
                }
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// The text input a target names (`@e12`, `#identifier`, a view's trace label, or an
    /// element's accessibility label), with its element.
    private func textInput(_ reference: String, verb: String) throws(ElementError) -> (Element, View) {
        let (tree, targets) = elementTreeAndTargets()
        var found: (Element, View)?
        if !ElementReference.isReference(reference), let view = view(labelled: reference) {
            if let index = targets.firstIndex(where: { if case .view(let candidate) = $0 { candidate === view } else { false } }) {
                found = (tree.elements[index], view)
            }
        }
        if found == nil {
            let (index, element) = try tree.resolve(ElementReference(parsing: reference), previous: lastElementTree,
                                                    keyWindow: keyWindow?.traceLabel)
            guard case .view(let view) = targets[index] else {
                throw ElementError(kind: .notActionable, message: "\(verb): \(element.candidateText) is not a view", candidates: [])
            }
            found = (element, view)
        }
        guard let (element, view) = found else {
            throw ElementError(kind: .notFound, message: "\(verb): '\(reference)' names no element", candidates: [])
        }
        let input: View? = view is TextField || view is TextView ? view : (view as? SearchBar)?.searchTextField
        guard let input else {
            throw ElementError(kind: .notActionable, message: "\(verb): \(element.candidateText) takes no typing (not a text field, text view or search field)", candidates: [])
        }
        guard element.isEnabled, (input as? TextField)?.isEnabled ?? true, (input as? TextView)?.isEditable ?? true else {
            throw ElementError(kind: .notActionable, message: "\(verb): \(element.candidateText) is disabled", candidates: [])
        }
        return (element, input)
    }
}
