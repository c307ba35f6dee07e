/// A key, with modifier keys, and what pressing it does: UIKit's `UIKeyCommand`.
///
/// A responder lists its commands in ``Responder/keyCommands``. When a key is pressed on
/// a hardware keyboard (``Application/keyPress(_:modifierFlags:in:)``), the commands of
/// the first responder and of each responder after it in the chain are searched, and the
/// first whose ``input`` and ``modifierFlags`` match runs: its handler, or its action sent
/// to the first responder of the chain that has the method. Keys a text field or text
/// view handles itself (return, delete, tab, the arrows) go to it first unless the
/// command ``wantsPriorityOverSystemBehavior``.
open class KeyCommand: MenuElement {
    /// The escape key's input.
    public static let inputEscape = "\u{1B}"
    /// The up arrow's input.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow's input.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow's input.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow's input.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The forward-delete key's input (Lifeloop's keyboard has no such key: data).
    public static let inputDelete = "UIKeyInputDelete"
    /// The page-up key's input (data).
    public static let inputPageUp = "UIKeyInputPageUp"
    /// The page-down key's input (data).
    public static let inputPageDown = "UIKeyInputPageDown"
    /// The home key's input (data).
    public static let inputHome = "UIKeyInputHome"
    /// The end key's input (data).
    public static let inputEnd = "UIKeyInputEnd"

    /// The key: a character (`"\r"` for return, `"\t"` for tab, `"\u{8}"` for delete) or
    /// one of the `input…` constants.
    public let input: String?
    /// The modifier keys held with it.
    public let modifierFlags: KeyModifierFlags
    /// The method sent when the command runs, if it has no handler.
    public let action: Selector?
    /// The title shown in menus and the discoverability overlay (data).
    open var title: String
    /// The image shown with the title (data).
    open var image: Image?
    /// The title in the discoverability overlay (data).
    open var discoverabilityTitle: String?
    /// Whether the command runs before a text input's own handling of the key (an arrow
    /// moving the caret); false by default, as UIKit's.
    open var wantsPriorityOverSystemBehavior = false
    /// Lifeloop's closure form of the action.
    let handler: ((KeyCommand) -> Void)?

    /// A command that sends `action` when `input` is pressed with `modifierFlags`, as
    /// UIKit's `init(input:modifierFlags:action:)`.
    public init(input: String, modifierFlags: KeyModifierFlags, action: Selector) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.title = ""
        self.handler = nil
    }

    /// A command with a title, as UIKit's `init(title:image:action:input:modifierFlags:…)`.
    public init(title: String = "", image: Image? = nil, action: Selector, input: String,
                modifierFlags: KeyModifierFlags = [], discoverabilityTitle: String? = nil) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.title = title
        self.image = image
        self.discoverabilityTitle = discoverabilityTitle
        self.handler = nil
    }

    /// A command that runs `handler` when `input` is pressed with `modifierFlags`
    /// (Lifeloop's closure form).
    public init(input: String, modifierFlags: KeyModifierFlags = [], title: String = "",
                handler: @escaping (KeyCommand) -> Void) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = nil
        self.title = title
        self.handler = handler
    }

    /// Whether the command answers `input` with `flags` (Caps Lock and the numeric pad
    /// flag do not count).
    func matches(_ input: String, _ flags: KeyModifierFlags) -> Bool {
        let ignored: KeyModifierFlags = [.alphaShift, .numericPad]
        return self.input == input && modifierFlags.subtracting(ignored) == flags.subtracting(ignored)
    }
}
