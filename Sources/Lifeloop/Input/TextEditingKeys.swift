import Foundation

// The editing keys at the caret: what typing, delete and the arrow keys do to a text
// field's or text view's text and selection. A text field keeps its selection in
// characters (its `selectedTextRange`; the caret after the last character until it
// moves), a text view in UTF-16 units (its `selectedRange`), as UIKit's do.

extension TextField {
    /// The selection, in characters, within the text.
    var selectionInCharacters: Range<Int> {
        let count = (text ?? "").count
        guard let range = textExtras.selectedRange else { return count..<count }
        let start = min(max(0, range.location), count)
        let end = min(max(start, range.location + range.length), count)
        return start..<end
    }

    /// `characters` of the text as the UTF-16 range the delegate is asked about.
    private func utf16Range(_ characters: Range<Int>, in text: String) -> NSRange {
        let start = text.index(text.startIndex, offsetBy: characters.lowerBound)
        let end = text.index(start, offsetBy: characters.count)
        return NSRange(location: text.utf16.distance(from: text.utf16.startIndex, to: start),
                       length: text.utf16.distance(from: start, to: end))
    }

    /// Replaces `characters` with `string` if the delegate's
    /// `shouldChangeCharactersIn` agrees, leaves the caret after it, and tells
    /// `textFieldDidChangeSelection` and `editingChanged`.
    @discardableResult
    func replace(characters: Range<Int>, with string: String) -> Bool {
        let current = text ?? ""
        guard delegate?.textField(self, shouldChangeCharactersIn: utf16Range(characters, in: current), replacementString: string) ?? true else {
            return false
        }
        var changed = Array(current)
        changed.replaceSubrange(characters, with: Array(string))
        let caret = characters.lowerBound + string.count
        text = String(changed)
        // A caret at the end stays unset, so text set later in code keeps it at the end.
        textExtras.selectedRange = caret == changed.count ? nil : NSRange(location: caret, length: 0)
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        app?.notificationCenter.post(name: TextField.textDidChangeNotification, object: self)
        return true
    }

    /// A key's text typed over the selection.
    func replaceSelection(with string: String) -> Bool {
        replace(characters: selectionInCharacters, with: string)
    }

    /// The delete key: the selection, or the character before the caret (nothing at the
    /// start).
    func deleteAtCaret() -> Bool {
        let selection = selectionInCharacters
        if !selection.isEmpty { return replace(characters: selection, with: "") }
        guard selection.lowerBound > 0 else { return false }
        return replace(characters: (selection.lowerBound - 1)..<selection.lowerBound, with: "")
    }

    /// An arrow key: left and right move the caret by a character (a selection collapses
    /// to its start or end); up and down move it to the start or the end of the one line.
    /// Tells `textFieldDidChangeSelection` when the selection changed.
    /// - Returns: Whether it changed.
    func moveCaret(_ key: KeyPress) -> Bool {
        let selection = selectionInCharacters
        let count = (text ?? "").count
        let caret: Int
        switch key {
        case .left: caret = selection.isEmpty ? max(0, selection.lowerBound - 1) : selection.lowerBound
        case .right: caret = selection.isEmpty ? min(count, selection.upperBound + 1) : selection.upperBound
        case .up: caret = 0
        case .down: caret = count
        default: return false
        }
        guard caret..<caret != selection else { return false }
        textExtras.selectedRange = NSRange(location: caret, length: 0)
        delegate?.textFieldDidChangeSelection(self)
        return true
    }
}

extension TextView {
    /// An arrow key: left and right move the caret by a character (a selection collapses
    /// to its start or end); up and down by a line of the text (lines end at newlines),
    /// keeping the column where the line is long enough, to the start of the text above
    /// the first line and to its end below the last. Tells `textViewDidChangeSelection`
    /// when the selection changed.
    /// - Returns: Whether it changed.
    func moveCaret(_ key: KeyPress) -> Bool {
        let text = self.text ?? ""
        let utf16 = text.utf16
        let start = String.Index(utf16Offset: min(selectedRange.location, utf16.count), in: text)
        let end = String.Index(utf16Offset: min(selectedRange.location + selectedRange.length, utf16.count), in: text)
        let target: String.Index
        switch key {
        case .left: target = start < end ? start : (start > text.startIndex ? text.index(before: start) : start)
        case .right: target = start < end ? end : (end < text.endIndex ? text.index(after: end) : end)
        case .up, .down:
            let caret = key == .up ? start : end
            let lineStart = text[..<caret].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            let column = text.distance(from: lineStart, to: caret)
            if key == .up {
                guard lineStart > text.startIndex else { target = text.startIndex; break }
                let previousEnd = text.index(before: lineStart)
                let previousStart = text[..<previousEnd].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                target = text.index(previousStart, offsetBy: column, limitedBy: previousEnd) ?? previousEnd
            } else {
                guard let lineEnd = text[caret...].firstIndex(of: "\n") else { target = text.endIndex; break }
                let nextStart = text.index(after: lineEnd)
                let nextEnd = text[nextStart...].firstIndex(of: "\n") ?? text.endIndex
                target = text.index(nextStart, offsetBy: column, limitedBy: nextEnd) ?? nextEnd
            }
        default: return false
        }
        let moved = NSRange(location: target.utf16Offset(in: text), length: 0)
        guard moved != selectedRange else { return false }
        selectedRange = moved
        textDelegate?.textViewDidChangeSelection(self)
        return true
    }
}
