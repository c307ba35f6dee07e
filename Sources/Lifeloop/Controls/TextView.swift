import Foundation

/// What a text view tells its delegate: UIKit's `UITextViewDelegate`, every method
/// optional (the defaults allow everything and do nothing). It refines
/// ``ScrollViewDelegate``: a text view's ``ScrollView/delegate`` is its delegate, and the
/// text view asks it these when it conforms.
public protocol TextViewDelegate: ScrollViewDelegate {
    /// Asks whether the text view should start editing.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// Tells the delegate the text view started editing.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Asks whether the text view should stop editing.
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// Tells the delegate the text view stopped editing.
    func textViewDidEndEditing(_ textView: TextView)
    /// Asks whether the text in `range` should be replaced with `text`.
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// Tells the delegate the user changed the text.
    func textViewDidChange(_ textView: TextView)
    /// Tells the delegate the selection changed.
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    /// Starts editing.
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidBeginEditing(_ textView: TextView) {}
    /// Stops editing.
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidEndEditing(_ textView: TextView) {}
    /// Allows every change.
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing.
    public func textViewDidChange(_ textView: TextView) {}
    /// Does nothing.
    public func textViewDidChangeSelection(_ textView: TextView) {}
}

/// A scrolling, multi-line text view: UIKit's `UITextView`.
///
/// The text is laid out by ``Font``'s metric model (the one labels use), wrapped to the
/// width inside `textContainerInset` and the line fragment padding; `contentSize`
/// follows the text at each layout, and ``sizeThatFits(_:)`` measures it. A tap (or
/// ``becomeFirstResponder()``) begins editing when ``isEditable``; ``insertText(_:)`` and
/// ``deleteBackward()`` type as a keyboard would, asking the delegate's
/// `shouldChangeTextIn` first and telling it `textViewDidChange` after. Setting ``text``
/// in code tells the delegate nothing, as in UIKit. Snapshots draw the lines from the
/// top left corner inside the insets.
open class TextView: ScrollView {
    /// The text (never nil when read: setting nil makes it empty).
    open var text: String! {
        get { storedText }
        set {
            storedText = newValue ?? ""
            selectedRange = NSRange(location: storedText.utf16.count, length: 0)
            textDidChange()
        }
    }
    private var storedText = ""

    /// The text as an attributed string (its attributes are not kept apart from the font
    /// and color: reading gives the plain text).
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: storedText) }
        set { text = newValue?.string }
    }

    /// The font (the system font of 12 points when nil, as UIKit's default).
    open var font: Font? { didSet { textDidChange() } }
    /// The text color (the label color when nil).
    open var textColor: Color? { didSet { setNeedsDisplay() } }
    /// The alignment.
    open var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// Whether the user can edit the text.
    open var isEditable = true
    /// Whether the user can select the text (data).
    open var isSelectable = true
    /// The space between the view's edges and the text (UIKit's default: 8 points above and below).
    open var textContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textDidChange() } }
    /// The space at each end of a line inside the text container (5 points, as UIKit's).
    public let lineFragmentPadding: CGFloat = 5
    /// The selection (at the end of the text after each change).
    open var selectedRange = NSRange(location: 0, length: 0)
    /// The keyboard (data).
    open var keyboardType: KeyboardType = .default
    /// The return key's label (data).
    open var returnKeyType: ReturnKeyType = .default
    /// Capitalization (data).
    open var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// Autocorrection (data).
    open var autocorrectionType: TextAutocorrectionType = .default
    /// Whether the text is hidden as typed (data).
    open var isSecureTextEntry = false
    /// The text container and text input traits kept as data (UIKitState/TextAndFonts.swift).
    var textExtras = TextInputExtras()
    /// The view shown above the keyboard while the text is edited (data: Lifeloop shows no keyboard).
    open override var inputAccessoryView: View? {
        get { textExtras.inputAccessoryView }
        set { textExtras.inputAccessoryView = newValue }
    }
    /// The view shown instead of the keyboard while the text is edited (data).
    open override var inputView: View? {
        get { textExtras.inputView }
        set { textExtras.inputView = newValue }
    }
    /// Whether it is being edited.
    public private(set) var isEditing = false

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The font used: ``font`` or the 12-point system font.
    public var usedFont: Font { font ?? .systemFont(ofSize: 12) }

    var textDelegate: TextViewDelegate? { delegate as? TextViewDelegate }

    private func textDidChange() {
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The lines shown at `width`, wrapped inside the insets and the padding.
    public func displayedLines(width: CGFloat) -> [String] {
        let inner = width - textContainerInset.left - textContainerInset.right - 2 * lineFragmentPadding
        return usedFont.lines(of: storedText, width: max(inner, 1), maximumLines: 0).map(String.init)
    }

    /// The lines shown at the current width.
    public var displayedLines: [String] { displayedLines(width: bounds.width) }

    /// The size of the text at `size`'s width (its height is ignored), insets included.
    open override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width > 0 && size.width.isFinite ? size.width : .greatestFiniteMagnitude
        let lines = displayedLines(width: width)
        let textWidth = lines.map { usedFont.width(of: Substring($0)) }.max() ?? 0
        let height = CGFloat(max(lines.count, 1)) * usedFont.lineHeight + textContainerInset.top + textContainerInset.bottom
        let fitted = (textWidth + 2 * lineFragmentPadding + textContainerInset.left + textContainerInset.right).rounded(.up)
        return Size(width: width == .greatestFiniteMagnitude ? fitted : width, height: height.rounded(.up))
    }

    /// No intrinsic size while it scrolls; the text's size when `isScrollEnabled` is false.
    open override var intrinsicContentSize: Size {
        guard !isScrollEnabled else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        return sizeThatFits(Size(width: bounds.width > 0 ? bounds.width : .greatestFiniteMagnitude, height: 0))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = sizeThatFits(Size(width: bounds.width, height: 0)).height
        let size = Size(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    open override var isFirstResponder: Bool { isEditing }

    /// Starts editing if editable, the delegate agrees and the current first responder
    /// resigns, in UIKit's order for a text view (L38): `textViewShouldBeginEditing`, first
    /// responder, the keyboard's will-notifications (L39), then `textViewDidBeginEditing`
    /// and `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard onLoop("becomeFirstResponder()"), !isEditing, isEditable else { return isEditing }
        guard textDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        guard window?.handFirstResponder(to: self) ?? true else { return false }
        isEditing = true
        window?.firstResponder = self
        window?.keyboardFollowsFirstResponder()
        trace("textViewDidBeginEditing")
        textDelegate?.textViewDidBeginEditing(self)
        app?.notificationCenter.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Ends editing if the delegate agrees (L38): `textViewShouldEndEditing`, resign, the
    /// keyboard's will-hide notifications unless another field took over, then
    /// `textViewDidEndEditing` and `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard onLoop("resignFirstResponder()"), isEditing else { return true }
        guard textDelegate?.textViewShouldEndEditing(self) ?? true else { return false }
        endEditingNow()
        return true
    }

    /// Editing ends without asking the delegate: after a resign it agreed to, or forced.
    override func endEditingNow() {
        guard isEditing else { return }
        isEditing = false
        if window?.firstResponder === self { window?.firstResponder = nil }
        window?.keyboardFollowsFirstResponder()
        trace("textViewDidEndEditing")
        textDelegate?.textViewDidEndEditing(self)
        app?.notificationCenter.post(name: Self.textDidEndEditingNotification, object: self)
    }

    /// Types `string` at the selection, as the keyboard would: the delegate's
    /// `shouldChangeTextIn` first, then `textViewDidChange`. Begins editing if needed;
    /// does nothing unless editable.
    open func insertText(_ string: String) {
        guard onLoop("insertText(_:)") else { return }
        if !isEditing { guard becomeFirstResponder() else { return } }
        replace(selectedRange, with: string)
    }

    /// One key's text at the selection: whether the delegate let it in.
    @discardableResult
    func insertKey(_ string: String) -> Bool { replace(selectedRange, with: string) }

    /// Deletes the selection, or the character before it, as the delete key would.
    open func deleteBackward() {
        guard onLoop("deleteBackward()"), isEditing else { return }
        deleteKey()
    }

    /// The delete key: whether anything went.
    @discardableResult
    func deleteKey() -> Bool {
        var range = selectedRange
        if range.length == 0 {
            let before = (storedText as NSString).substring(to: min(range.location, storedText.utf16.count))
            guard let last = before.last else { return false }
            let count = String(last).utf16.count
            range = NSRange(location: range.location - count, length: count)
        }
        return replace(range, with: "")
    }

    @discardableResult
    private func replace(_ range: NSRange, with string: String) -> Bool {
        let length = storedText.utf16.count
        let clamped = NSRange(location: min(range.location, length), length: min(range.length, length - min(range.location, length)))
        guard textDelegate?.textView(self, shouldChangeTextIn: clamped, replacementText: string) ?? true else { return false }
        storedText = (storedText as NSString).replacingCharacters(in: clamped, with: string)
        selectedRange = NSRange(location: clamped.location + string.utf16.count, length: 0)
        textDidChange()
        textDelegate?.textViewDidChangeSelection(self)
        textDelegate?.textViewDidChange(self)
        app?.notificationCenter.post(name: TextView.textDidChangeNotification, object: self)
        return true
    }

    override func receiveTap() {
        becomeFirstResponder()
    }
}
