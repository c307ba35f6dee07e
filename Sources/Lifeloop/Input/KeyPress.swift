// Keys of a hardware keyboard, delivered to the first responder as UIKit delivers them.

/// A key of a hardware keyboard that is not a character: what
/// ``Application/keyPress(_:modifierFlags:in:)`` presses.
public enum KeyPress: String, CaseIterable, Hashable, Sendable {
    /// Return (enter).
    case `return`
    /// Delete (backspace): deletes backward.
    case delete
    /// Tab.
    case tab
    /// Escape.
    case escape
    /// The arrows.
    case up, down, left, right

    /// The key named `name`: `return`, `delete`, `tab`, `escape`, `up`, `down`, `left` or
    /// `right` (any case); nil for any other name, so a caller can say which names exist.
    public static func named(_ name: String) -> KeyPress? {
        KeyPress(rawValue: name.lowercased())
    }

    /// The names ``named(_:)`` reads, in order.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The key's input as a ``KeyCommand`` names it.
    public var keyCommandInput: String {
        switch self {
        case .return: "\r"
        case .delete: "\u{8}"
        case .tab: "\t"
        case .escape: KeyCommand.inputEscape
        case .up: KeyCommand.inputUpArrow
        case .down: KeyCommand.inputDownArrow
        case .left: KeyCommand.inputLeftArrow
        case .right: KeyCommand.inputRightArrow
        }
    }
}

/// What a key press did, from ``Application/keyPress(_:modifierFlags:in:)``.
public struct KeyPressResult: Equatable, Sendable, CustomStringConvertible {
    /// The key.
    public let key: KeyPress
    /// The trace label of the responder that took the key (the first responder, or the
    /// one whose key command ran); nil when nothing took it.
    public let responder: String?
    /// What happened, as a sentence: `'Form.name' asked textFieldShouldReturn`.
    public let effect: String

    /// Whether a responder took the key.
    public var isHandled: Bool { responder != nil }
    /// ``effect``.
    public var description: String { effect }
}

extension Application {
    /// Presses `key` on a hardware keyboard, as UIKit delivers it to the first responder
    /// of `window` (the key window when nil):
    ///
    /// - a text field: return asks the delegate's `textFieldShouldReturn` and, when it
    ///   agrees, sends `editingDidEndOnExit`; delete deletes the selection or the character
    ///   before the caret (`shouldChangeCharactersIn` first); left and right move the caret
    ///   by a character, up and down to the start and end; tab moves to the next text field
    ///   or text view of the window in reading order (top to bottom, then left to right,
    ///   after the last back to the first; shift-tab goes back), if there is another;
    /// - a text view: return types a newline and tab a tab character (through
    ///   `shouldChangeTextIn`); delete deletes backward; the arrows move the caret by a
    ///   character or a line;
    /// - otherwise, and for escape always: the ``KeyCommand``s of the responder chain, from
    ///   the first responder (from the root view of the controller shown on top of the
    ///   window when nothing is first responder, Lifeloop's choice). A command that
    ///   ``KeyCommand/wantsPriorityOverSystemBehavior`` runs before a text input's own
    ///   handling. A key nothing takes does nothing.
    ///
    /// The key is a `key` trace event on the responder that took it (detail: the key's
    /// name), `keyRefused` when its delegate refused the change, or `key` on the window
    /// with `unhandled` when nothing took it.
    /// - Parameters:
    ///   - key: The key.
    ///   - modifierFlags: Keys held with it (shift-tab goes back; key commands match on them).
    ///   - window: The window; the key window when nil.
    /// - Returns: What the key did.
    @discardableResult
    public func keyPress(_ key: KeyPress, modifierFlags: KeyModifierFlags = [], in window: Window? = nil) -> KeyPressResult {
        guard checkLoopThread(label: "keyPress", operation: "keyPress(_:modifierFlags:in:)") else {
            return KeyPressResult(key: key, responder: nil, effect: "\(key.rawValue): key presses must come from the app's loop thread")
        }
        guard let window = window ?? keyWindow ?? windows.last(where: { !$0.isHidden }) else {
            return KeyPressResult(key: key, responder: nil, effect: "\(key.rawValue): the app has no window to type into")
        }
        let first = window.firstResponder
        let command = keyCommand(for: key, modifierFlags: modifierFlags, from: first, in: window)
        if let command, command.command.wantsPriorityOverSystemBehavior {
            return run(command, key: key, in: window)
        }
        if let first, let result = textInputKey(key, modifierFlags: modifierFlags, in: first) {
            return result
        }
        if let command { return run(command, key: key, in: window) }
        // Presses go down the chain from the first responder (or the top controller's view).
        let start: Responder = first ?? topController(of: window)?.viewIfLoaded ?? window
        if deliverPresses(key, modifierFlags: modifierFlags, from: start) {
            let label = Self.label(of: start)
            window.trace("key", detail: "\(key.rawValue) presses")
            return KeyPressResult(key: key, responder: label, effect: "\(key.rawValue): pressesBegan and pressesEnded went to '\(label)' and its chain")
        }
        window.trace("key", detail: "\(key.rawValue) unhandled")
        let taker = first.map { "'\($0.traceLabel)' (first responder) does not take it" } ?? "nothing is first responder"
        return KeyPressResult(key: key, responder: nil, effect: "\(key.rawValue): \(taker), and no key command answers it")
    }

    /// The key as a text field or text view takes it; nil when it does not take it.
    private func textInputKey(_ key: KeyPress, modifierFlags: KeyModifierFlags, in view: View) -> KeyPressResult? {
        let name = "'\(view.traceLabel)'"
        func result(_ accepted: Bool, _ effect: String) -> KeyPressResult {
            view.trace(accepted ? "key" : "keyRefused", detail: key.rawValue)
            return KeyPressResult(key: key, responder: view.traceLabel, effect: "\(key.rawValue): \(name) \(effect)")
        }
        if let field = view as? TextField {
            switch key {
            case .return:
                view.trace("key", detail: key.rawValue)
                field.returnKey()
                return KeyPressResult(key: key, responder: view.traceLabel,
                                      effect: "return: \(name) asked its delegate's textFieldShouldReturn")
            case .delete:
                let deleted = field.deleteKey()
                return result(deleted, deleted ? "deleted backward" : "deleted nothing (at the start, or its delegate refused)")
            case .left, .right, .up, .down:
                let moved = field.moveCaret(key)
                view.trace("key", detail: key.rawValue)
                return KeyPressResult(key: key, responder: view.traceLabel,
                                      effect: "\(key.rawValue): \(name) \(moved ? "moved its caret" : "kept its caret (at the edge)")")
            case .tab:
                view.trace("key", detail: key.rawValue)
                return KeyPressResult(key: key, responder: view.traceLabel,
                                      effect: "tab: " + moveToNextTextInput(from: view, backward: modifierFlags.contains(.shift)))
            case .escape:
                return nil
            }
        }
        if let textView = view as? TextView {
            switch key {
            case .return, .tab:
                let inserted = textView.insertKey(key == .return ? "\n" : "\t")
                return result(inserted, inserted ? "typed \(key == .return ? "a newline" : "a tab")" : "typed nothing (its delegate refused)")
            case .delete:
                let deleted = textView.deleteKey()
                return result(deleted, deleted ? "deleted backward" : "deleted nothing (at the start, or its delegate refused)")
            case .left, .right, .up, .down:
                let moved = textView.moveCaret(key)
                view.trace("key", detail: key.rawValue)
                return KeyPressResult(key: key, responder: view.traceLabel,
                                      effect: "\(key.rawValue): \(name) \(moved ? "moved its caret" : "kept its caret (at the edge)")")
            case .escape:
                return nil
            }
        }
        return nil
    }

    /// Tab in a text field: the next text input of the window in reading order becomes
    /// first responder. Returns what happened.
    private func moveToNextTextInput(from view: View, backward: Bool) -> String {
        guard let window = view.window else { return "'\(view.traceLabel)' is in no window" }
        var inputs: [(View, Point)] = []
        var stack: [View] = [window]
        while let current = stack.popLast() {
            if current is TextField || current is TextView, current === view || Self.typingRefusal(into: current) == nil {
                inputs.append((current, current.pointInWindowHonouringTransforms(.zero)))
            }
            stack.append(contentsOf: current.subviews.reversed())
        }
        inputs.sort { ($0.1.y, $0.1.x) < ($1.1.y, $1.1.x) }
        guard inputs.count > 1, let index = inputs.firstIndex(where: { $0.0 === view }) else {
            return "'\(view.traceLabel)' is the only text input; nothing moved"
        }
        for step in 1..<inputs.count {
            let next = inputs[(index + (backward ? -step : step) + inputs.count * step) % inputs.count].0
            if next.becomeFirstResponder() { return "moved from '\(view.traceLabel)' to '\(next.traceLabel)'" }
        }
        return "no other text input began editing; nothing moved"
    }

    /// The first key command for `key` in the responder chain, and the responder that
    /// listed it.
    private func keyCommand(for key: KeyPress, modifierFlags: KeyModifierFlags, from first: View?,
                            in window: Window) -> (command: KeyCommand, owner: Responder)? {
        var current: Responder? = first ?? topController(of: window)?.viewIfLoaded ?? window
        var seen = 0
        while let responder = current, seen < 10_000 {
            if let command = responder.keyCommands?.first(where: { $0.matches(key.keyCommandInput, modifierFlags) }) {
                return (command, responder)
            }
            current = responder.next
            seen += 1
        }
        return nil
    }

    /// The controller shown on top of `window`: its root's last presented controller.
    private func topController(of window: Window) -> ViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    /// Runs a key command: its handler, or its action sent to the first responder of the
    /// chain (from the one that listed it) that has the method.
    private func run(_ found: (command: KeyCommand, owner: Responder), key: KeyPress, in window: Window) -> KeyPressResult {
        let (command, owner) = found
        let label = Self.label(of: owner)
        loop.record(label: label, event: "keyCommand", detail: key.rawValue, window: window.traceLabel)
        if let handler = command.handler {
            handler(command)
            return KeyPressResult(key: key, responder: label, effect: "\(key.rawValue): ran the key command of '\(label)'")
        }
        guard let action = command.action else {
            return KeyPressResult(key: key, responder: label, effect: "\(key.rawValue): the key command of '\(label)' has no action")
        }
        var current: Responder? = owner
        while let responder = current {
            if SelectorDispatch.responds(responder, to: action) {
                SelectorDispatch.send(action, to: responder, arguments: [command], app: self)
                return KeyPressResult(key: key, responder: Self.label(of: responder),
                                      effect: "\(key.rawValue): sent \(action.name) to '\(Self.label(of: responder))'")
            }
            current = responder.next
        }
        diagnose(.unrecognizedSelector, label: label,
                 message: "\(action.name) of a key command: nothing in the responder chain has the method")
        return KeyPressResult(key: key, responder: nil, effect: "\(key.rawValue): nothing in the responder chain has \(action.name)")
    }

    private static func label(of responder: Responder) -> String {
        (responder as? View)?.traceLabel ?? (responder as? ViewController)?.traceLabel
            ?? (responder as? Application).map { _ in "Application" } ?? String(describing: type(of: responder))
    }
}
