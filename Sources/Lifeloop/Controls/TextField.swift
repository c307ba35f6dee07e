/// What a text field tells its delegate: UIKit's `UITextFieldDelegate`, every method
/// optional (the defaults allow everything and do nothing).
public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may become first responder (true by default).
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field became first responder. Does nothing by default.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may resign first responder (true by default).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field resigned first responder. Does nothing by default.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether an edit may replace the characters in `range` with `string` (true by default).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// The selection changed. Does nothing by default.
    func textFieldDidChangeSelection(_ textField: TextField)
    /// Whether the clear button may empty the field (true by default).
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Whether the field handles Return (true by default).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange,
                          replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: TextField) {}
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}

/// A one-line text input: UIKit's `UITextField`. A tap makes it the first responder
/// (`editingDidBegin`); ``insertText(_:)`` types as a keyboard would, asking the delegate
/// first (`editingChanged`); ``returnKey()`` is the return key. Snapshots show the text or
/// the placeholder.
open class TextField: Control {
    /// The border styles.
    public enum BorderStyle: Int, Hashable, Sendable {
        /// UIKit's text field border styles.
        case none, line, bezel, roundedRect
    }

    /// When the clear button shows (data).
    public enum ViewMode: Int, Hashable, Sendable {
        /// When the clear button shows, as UIKit's `UITextField.ViewMode`.
        case never, whileEditing, unlessEditing, always
    }

    /// The text.
    open var text: String? = "" {
        // Text set in code puts the caret at the end, as UIKit's does (keys set it after).
        didSet { textExtras.selectedRange = nil; setNeedsDisplay() }
    }
    /// The placeholder shown while the text is empty.
    open var placeholder: String? { didSet { setNeedsDisplay() } }
    /// The font.
    open var font: Font? = .systemFont(ofSize: 17)
    /// The text color.
    open var textColor: Color? = .label
    /// The alignment.
    open var textAlignment: TextAlignment = .natural
    /// The border.
    open var borderStyle: BorderStyle = .none { didSet { setNeedsDisplay() } }
    /// The clear button mode (data).
    open var clearButtonMode: ViewMode = .never
    /// Whether the text is hidden as typed (snapshots show dots).
    open var isSecureTextEntry = false
    /// The keyboard (data).
    open var keyboardType: KeyboardType = .default
    /// The return key's label (data).
    open var returnKeyType: ReturnKeyType = .default
    /// Capitalization (data).
    open var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// Autocorrection (data).
    open var autocorrectionType: TextAutocorrectionType = .default
    /// A view at the leading edge (data).
    open var leftView: View?
    /// When the leading view shows (data).
    open var leftViewMode: ViewMode = .never
    /// A view at the trailing edge (data).
    open var rightView: View?
    /// When the trailing view shows (data).
    open var rightViewMode: ViewMode = .never
    /// The attributed text and text input traits kept as data (UIKitState/TextAndFonts.swift).
    var textExtras = TextInputExtras()
    /// The view shown above the keyboard while the field is edited (data: Lifeloop shows no keyboard).
    open override var inputAccessoryView: View? {
        get { textExtras.inputAccessoryView }
        set { textExtras.inputAccessoryView = newValue }
    }
    /// The view shown instead of the keyboard while the field is edited (data).
    open override var inputView: View? {
        get { textExtras.inputView }
        set { textExtras.inputView = newValue }
    }
    /// The delegate, held weakly.
    open weak var delegate: TextFieldDelegate?
    /// Whether it is being edited.
    public private(set) var isEditing = false

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var isFirstResponder: Bool { isEditing }

    /// Starts editing if the delegate agrees and the current first responder resigns, in
    /// UIKit's order (L38): `textFieldShouldBeginEditing`, first responder,
    /// `textFieldDidBeginEditing`, `textDidBeginEditingNotification`, `editingDidBegin`,
    /// then the keyboard's notifications (L39).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard onLoop("becomeFirstResponder()"), !isEditing, isEnabled else { return isEditing }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard window?.handFirstResponder(to: self) ?? true else { return false }
        isEditing = true
        window?.firstResponder = self
        if clearsOnBeginEditing, !(text ?? "").isEmpty { text = "" }
        trace("textFieldDidBeginEditing")
        delegate?.textFieldDidBeginEditing(self)
        app?.notificationCenter.post(name: Self.textDidBeginEditingNotification, object: self)
        sendActions(for: .editingDidBegin)
        window?.keyboardFollowsFirstResponder()
        return true
    }

    /// Ends editing if the delegate agrees, in UIKit's order (L38):
    /// `textFieldShouldEndEditing`, resign, `textFieldDidEndEditing`,
    /// `textDidEndEditingNotification`, `editingDidEnd`, then the keyboard hides unless
    /// another field took over.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard onLoop("resignFirstResponder()"), isEditing else { return true }
        guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        endEditingNow()
        return true
    }

    /// Editing ends without asking the delegate: after a resign it agreed to, or forced
    /// (`endEditing(true)`, the field leaving its window).
    override func endEditingNow() {
        guard isEditing else { return }
        isEditing = false
        if window?.firstResponder === self { window?.firstResponder = nil }
        trace("textFieldDidEndEditing")
        delegate?.textFieldDidEndEditing(self)
        app?.notificationCenter.post(name: Self.textDidEndEditingNotification, object: self)
        sendActions(for: .editingDidEnd)
        window?.keyboardFollowsFirstResponder()
    }

    /// Whether the text is cleared when editing begins (false by default).
    open var clearsOnBeginEditing = false

    /// Whether the clear button shows now: there is text, and ``clearButtonMode`` says
    /// so for the field's editing state.
    public var showsClearButton: Bool {
        guard !(text ?? "").isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// A tap on the clear button, in UIKit's order (L38): editing begins if it had not,
    /// `textFieldShouldClear`, and if it agrees the text empties and
    /// `textDidChangeNotification` is posted, without `editingChanged`. Returns whether
    /// the text was cleared.
    @discardableResult
    public func tapClearButton() -> Bool {
        guard onLoop("tapClearButton()"), showsClearButton, isEnabled else { return false }
        if !isEditing { guard becomeFirstResponder() else { return false } }
        trace("textFieldShouldClear")
        guard delegate?.textFieldShouldClear(self) ?? true else { return false }
        text = ""
        app?.notificationCenter.post(name: Self.textDidChangeNotification, object: self)
        return true
    }

    /// Types `string` at the caret (the end unless moved), as the keyboard would: the delegate's
    /// `shouldChangeCharactersIn` first, then `editingChanged`. Begins editing if needed.
    open func insertText(_ string: String) {
        guard onLoop("insertText(_:)") else { return }
        if !isEditing { guard becomeFirstResponder() else { return } }
        insertKey(string)
    }

    /// One key's text at the selection (the caret, at the end unless moved): whether the
    /// delegate let it in. See TextEditingKeys.swift.
    @discardableResult
    func insertKey(_ string: String) -> Bool { replaceSelection(with: string) }

    /// Deletes the selection, or the character before the caret (the last one unless the
    /// caret moved), as the delete key would: the delegate's
    /// `shouldChangeCharactersIn` with an empty string first, then
    /// `textFieldDidChangeSelection` and `editingChanged`.
    open func deleteBackward() {
        guard onLoop("deleteBackward()") else { return }
        deleteKey()
    }

    /// The delete key: the selection, or the character before the caret; whether
    /// anything went. See TextEditingKeys.swift.
    @discardableResult
    func deleteKey() -> Bool { deleteAtCaret() }

    /// The return key: the delegate's `textFieldShouldReturn`, then `editingDidEndOnExit`.
    open func returnKey() {
        guard onLoop("returnKey()") else { return }
        if delegate?.textFieldShouldReturn(self) ?? true {
            sendActions(for: .editingDidEndOnExit)
        }
    }

    open override var intrinsicContentSize: Size {
        let font = font ?? .systemFont(ofSize: 17)
        let shown = (text?.isEmpty ?? true) ? (placeholder ?? "") : (text ?? "")
        return Size(width: font.size(of: shown).width + 14, height: max(34, font.lineHeight + 12))
    }

    override func trackedTouchUpInside() { receiveTap() }

    override func receiveTap() {
        guard isEnabled else { return }
        becomeFirstResponder()
    }
}

/// Keyboards (data).
public enum KeyboardType: Int, Hashable, Sendable {
    /// UIKit's keyboard types, kept as data.
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    /// More of UIKit's keyboard types, kept as data.
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// Return keys (data).
public enum ReturnKeyType: Int, Hashable, Sendable {
    /// UIKit's return key types, kept as data.
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Capitalization (data).
public enum TextAutocapitalizationType: Int, Hashable, Sendable {
    /// UIKit's autocapitalization types, kept as data.
    case none, words, sentences, allCharacters
}

/// Autocorrection (data).
public enum TextAutocorrectionType: Int, Hashable, Sendable {
    /// UIKit's autocorrection types, kept as data.
    case `default`, no, yes
}
