extension ScrollView {
    /// How a drag of a scroll view dismisses the keyboard: UIKit's
    /// `UIScrollView.KeyboardDismissMode`, with its raw values. Lifeloop has no on-screen
    /// keyboard: dismissing it makes the window's first responder resign.
    public enum KeyboardDismissMode: Int, Hashable, Sendable {
        /// A drag leaves the keyboard up.
        case none = 0
        /// The keyboard goes when a drag begins.
        case onDrag = 1
        /// The keyboard follows the finger down: here it goes when a drag that pulled the
        /// content down ends.
        case interactive = 2
        /// As ``onDrag``; the accessory view (data) goes too.
        case onDragWithAccessory = 3
        /// As ``interactive``; the accessory view (data) goes too.
        case interactiveWithAccessory = 4
    }

    /// `onDrag`: the window's first responder resigns as the drag begins.
    func dismissKeyboardAtDragBegin() {
        keyboardDragStart = contentOffset
        switch keyboardDismissMode {
        case .onDrag, .onDragWithAccessory: resignWindowFirstResponder()
        case .none, .interactive, .interactiveWithAccessory: break
        }
    }

    /// `interactive`: the window's first responder resigns when the drag pulled the
    /// content down (the finger moved toward the keyboard's edge).
    func dismissKeyboardAtDragEnd() {
        defer { keyboardDragStart = nil }
        guard keyboardDismissMode == .interactive || keyboardDismissMode == .interactiveWithAccessory,
              let start = keyboardDragStart, contentOffset.y < start.y else { return }
        resignWindowFirstResponder()
    }

    private func resignWindowFirstResponder() {
        guard let responder = window?.firstResponder else { return }
        trace("keyboardDismissedByDrag", detail: responder.traceLabel)
        responder.resignFirstResponder()
    }
}
