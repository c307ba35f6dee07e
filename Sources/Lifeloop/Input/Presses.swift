import Foundation

/// A key of a hardware keyboard, as a press carries it: UIKit's `UIKey`.
public final class Key: Sendable {
    /// The characters the key types with its modifiers.
    public let characters: String
    /// The characters it types without them.
    public let charactersIgnoringModifiers: String
    /// The modifier keys held.
    public let modifierFlags: KeyModifierFlags
    /// Its USB HID usage.
    public let keyCode: KeyboardHIDUsage

    init(_ key: KeyPress, modifierFlags: KeyModifierFlags) {
        characters = key.keyCommandInput
        charactersIgnoringModifiers = key.keyCommandInput
        self.modifierFlags = modifierFlags
        keyCode = KeyboardHIDUsage(key)
    }
}

/// UIKit's `UIKeyboardHIDUsage`: the USB HID usage of the keys Lifeloop presses.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    /// The usage's number (keyboard page 0x07).
    public var rawValue: Int
    /// The usage with this number.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Return.
    public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 0x28)
    /// Escape.
    public static let keyboardEscape = KeyboardHIDUsage(rawValue: 0x29)
    /// Delete (backspace).
    public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 0x2A)
    /// Tab.
    public static let keyboardTab = KeyboardHIDUsage(rawValue: 0x2B)
    /// The right arrow.
    public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 0x4F)
    /// The left arrow.
    public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 0x50)
    /// The down arrow.
    public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 0x51)
    /// The up arrow.
    public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 0x52)

    init(_ key: KeyPress) {
        switch key {
        case .return: self = .keyboardReturnOrEnter
        case .escape: self = .keyboardEscape
        case .delete: self = .keyboardDeleteOrBackspace
        case .tab: self = .keyboardTab
        case .right: self = .keyboardRightArrow
        case .left: self = .keyboardLeftArrow
        case .down: self = .keyboardDownArrow
        case .up: self = .keyboardUpArrow
        }
    }
}

/// One press of a hardware key: UIKit's `UIPress`.
public final class Press: Hashable {
    /// Where the press is in its life.
    public enum Phase: Int, Sendable {
        /// The key went down.
        case began
        /// It changed (not sent by Lifeloop).
        case changed
        /// It is held (not sent by Lifeloop).
        case stationary
        /// It came up.
        case ended
        /// The press was cancelled.
        case cancelled
    }

    /// Where the press is in its life.
    public internal(set) var phase: Phase
    /// The key.
    public let key: Key?
    /// When it happened: the app's time, in seconds.
    public internal(set) var timestamp: TimeInterval

    init(key: Key, timestamp: TimeInterval) {
        phase = .began
        self.key = key
        self.timestamp = timestamp
    }

    /// Whether two presses are the same press.
    public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    /// Hashes the press's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The event presses come with: UIKit's `UIPressesEvent`.
public final class PressesEvent {
    /// The presses of the event.
    public let allPresses: Set<Press>
    /// When it happened: the app's time, in seconds.
    public let timestamp: TimeInterval

    init(_ presses: Set<Press>, timestamp: TimeInterval) {
        allPresses = presses
        self.timestamp = timestamp
    }
}

extension Application {
    /// Sends a hardware key's press down the responder chain from `start`:
    /// `pressesBegan`, then `pressesEnded`. Returns whether a responder took it (the
    /// chain's end, the application, did not hear it).
    func deliverPresses(_ key: KeyPress, modifierFlags: KeyModifierFlags, from start: Responder) -> Bool {
        let seconds = Double(now.nanoseconds) / 1e9
        let press = Press(key: Key(key, modifierFlags: modifierFlags), timestamp: seconds)
        pressesReachedApplication = false
        start.pressesBegan([press], with: PressesEvent([press], timestamp: seconds))
        let taken = !pressesReachedApplication
        press.phase = Press.Phase.ended
        start.pressesEnded([press], with: PressesEvent([press], timestamp: seconds))
        pressesReachedApplication = false
        return taken
    }
}
