import Lifeloop

extension WindowSnapshot {
    /// The window's software keyboard while it shows: its panel and its keys, as the
    /// app's element tree gives them (so the picture and the tree agree on where each key
    /// lies and what it says).
    public struct Keyboard: Sendable, Equatable {
        /// One key: what the element tree calls it and where it lies.
        public struct Key: Sendable, Equatable {
            /// The key's label in the element tree (`q`, `shift`, `space`, the return key's title).
            public var label: String
            /// The key's cell, in window coordinates (the cap is drawn inside it).
            public var rect: Rect
            /// Whether it is selected (shift, after a tap on it).
            public var isSelected: Bool
        }

        /// The keyboard's frame in window coordinates (an accessory view above the keys included).
        public var rect: Rect
        /// Its keys; empty when the first responder has an input view of its own.
        public var keys: [Key]
    }

    /// The keyboard of `window` where it is drawn now (nil when hidden and not moving),
    /// with the keys of the app's element tree that belong to it, moved with it while it
    /// slides in. Sliding out, it is its panel alone (the tree has no keys then).
    /// `elements` are the window's drawn elements.
    static func keyboard(of window: Window, elements: [Element]) -> Keyboard? {
        // Only what lies inside the window: a sliding keyboard is partly below its edge.
        let bounds = Rect(origin: .zero, size: window.bounds.size)
        guard let moving = window.keyboardPresentationFrameInWindow, !moving.intersection(bounds).isNull else { return nil }
        let drawn = moving.intersection(bounds)
        guard let frame = window.keyboardFrameInWindow else { return Keyboard(rect: drawn, keys: []) }
        let label = window.traceLabel
        guard let panel = elements.firstIndex(where: { $0.type == .keyboard && $0.window == label && $0.frame == frame }) else {
            return Keyboard(rect: drawn, keys: [])
        }
        let (dx, dy) = (moving.minX - frame.minX, moving.minY - frame.minY)
        let keys = elements.filter { $0.type == .key && $0.parent == panel }
            .map { Keyboard.Key(label: $0.label, rect: $0.frame.offsetBy(dx: dx, dy: dy), isSelected: $0.isSelected) }
            .filter { bounds.contains($0.rect) }
        return Keyboard(rect: drawn, keys: keys)
    }

    /// Draws the keyboard over the window's content, in the light look of an iPhone's: a
    /// grey panel, letters and space on white caps, shift, delete and the return key on
    /// darker caps (the return key blue when it says more than "return" or "Next", as
    /// UIKit's is), each cap with a thin shadow below it.
    func drawKeyboard<Canvas: SnapshotCanvas>(_ keyboard: Keyboard, on canvas: inout Canvas) {
        let panel = keyboard.rect
        canvas.rect(x: panel.minX, y: panel.minY, width: panel.width, height: panel.height, fill: Self.keyboardPanelColor,
                    style: [.note("data-role", "keyboard")], title: "keyboard \(panel.plainDescription)")
        canvas.line(x1: panel.minX, y1: panel.minY, x2: panel.maxX, y2: panel.minY, stroke: "#b4b7bd", width: 0.5,
                    style: [], title: nil)
        let shifted = keyboard.keys.contains { $0.label == "shift" && $0.isSelected }
        for key in keyboard.keys {
            let style = Self.keyStyle(key, shifted: shifted)
            let cap = key.rect.insetBy(dx: 3, dy: 5.5)
            guard cap.width > 0, cap.height > 0 else { continue }
            canvas.rect(x: cap.minX, y: cap.minY + 1, width: cap.width, height: cap.height, fill: "#898a8d",
                        style: [.cornerRadius(5)])
            canvas.rect(x: cap.minX, y: cap.minY, width: cap.width, height: cap.height, fill: style.fill,
                        style: [.cornerRadius(5), .note("data-role", "key"), .note("data-key", key.label)],
                        title: "key \(key.label) \(key.rect.plainDescription)")
            canvas.text(fitted(style.text, width: cap.width + 4, size: style.size), x: cap.midX, y: cap.midY + style.size * 0.36,
                        size: style.size, fill: style.ink, anchor: .middle, style: [.note("data-role", "key-label")])
        }
    }

    /// The keyboard's background (UIKit's light keyboard).
    static let keyboardPanelColor = "#d1d4d9"

    /// How a key's cap is drawn: its fill, the text on it, the text's size and colour.
    private static func keyStyle(_ key: Keyboard.Key, shifted: Bool) -> (fill: String, text: String, size: Double, ink: String) {
        switch key.label {
        case "shift": (key.isSelected ? "#ffffff" : "#abb0bc", "⇧", 20, "#000000")
        case "delete": ("#abb0bc", "⌫", 18, "#000000")
        case "space": ("#ffffff", "space", 16, "#000000")
        case _ where key.label.count == 1: ("#ffffff", shifted ? key.label.uppercased() : key.label, 22, "#000000")
        case "return", "Next": ("#abb0bc", key.label, 16, "#000000")
        default: ("#007aff", key.label, 16, "#ffffff")
        }
    }
}
