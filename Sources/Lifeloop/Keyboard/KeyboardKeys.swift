import Foundation

/// The keys the software keyboard shows, as elements (XCUITest's `app.keyboards.keys`):
/// the English letters in three rows, shift, delete, space and the return key titled by
/// the first responder's `returnKeyType`. The number and symbol layouts, the globe and
/// dictation keys are not modelled: their keys are not in the tree.
enum KeyboardKeys {
    /// One key: its label (what XCUITest's `keys["q"]` finds) and where it lies in the
    /// keys' area, as fractions of its width and of the rows' height.
    struct Key {
        let label: String
        let x: Double, row: Int, width: Double
    }

    static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]

    /// The keys, for a return key with this title.
    static func keys(returnTitle: String) -> [Key] {
        var keys: [Key] = []
        for (row, letters) in rows.enumerated() {
            let start = (1 - Double(letters.count) / 10) / 2
            for (index, letter) in letters.enumerated() {
                keys.append(Key(label: String(letter), x: start + Double(index) / 10, row: row, width: 0.1))
            }
        }
        keys.append(Key(label: "shift", x: 0, row: 2, width: 0.125))
        keys.append(Key(label: "delete", x: 0.875, row: 2, width: 0.125))
        keys.append(Key(label: "space", x: 0.25, row: 3, width: 0.5))
        keys.append(Key(label: returnTitle, x: 0.75, row: 3, width: 0.25))
        return keys
    }

    /// The return key's title for a return key type, as the English keyboard shows it.
    static func returnTitle(_ type: ReturnKeyType) -> String {
        switch type {
        case .default: "return"
        case .go: "Go"
        case .google: "Google"
        case .join: "Join"
        case .next: "Next"
        case .route: "Route"
        case .search: "Search"
        case .send: "Send"
        case .yahoo: "Yahoo"
        case .done: "Done"
        case .emergencyCall: "Emergency call"
        case .continue: "Continue"
        }
    }
}

extension Window {
    /// The return key's title for the first responder.
    var keyboardReturnTitle: String {
        KeyboardKeys.returnTitle((firstResponder as? TextField)?.returnKeyType ?? .default)
    }

    /// A key of the software keyboard, tapped: a letter or space types into the first
    /// responder (through its delegate, as typing does; after shift a capital), delete
    /// deletes backward, the return key is return, shift capitalises the next letter.
    func tapKeyboardKey(_ label: String) {
        guard let app else { return }
        switch label {
        case "shift":
            keyboard.shifted.toggle()
        case "delete":
            _ = app.keyPress(.delete, in: self)
        case "space":
            typeKeyText(" ")
        case _ where label.count == 1:
            typeKeyText(keyboard.shifted ? label.uppercased() : label)
            keyboard.shifted = false
        default:
            _ = app.keyPress(.return, in: self)
        }
    }

    private func typeKeyText(_ text: String) {
        if let field = firstResponder as? TextField {
            field.insertKey(text)
        } else if let textView = firstResponder as? TextView {
            textView.insertKey(text)
        }
    }
}
