/// How text lines up: UIKit's `NSTextAlignment`.
public enum TextAlignment: Int, Hashable, Sendable {
    /// UIKit's text alignments; `natural` is left (Lifeloop lays out left to right).
    case left, center, right, justified, natural
}

/// How a label cuts text that does not fit: UIKit's `NSLineBreakMode`.
public enum LineBreakMode: Int, Hashable, Sendable {
    /// UIKit's line break modes.
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A view that shows text: UIKit's `UILabel`. Its size comes from ``Font``'s metric model;
/// snapshots show the text.
open class Label: View {
    /// The text; setting it marks the label for display.
    open var text: String? { didSet { if text != oldValue { setNeedsDisplay(); invalidateIntrinsicContentSize() } } }
    /// The font (the system font at 17 points by default).
    open var font: Font! = .systemFont(ofSize: 17) { didSet { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    /// The text color (`label`, black, by default).
    open var textColor: Color! = .label { didSet { setNeedsDisplay() } }
    /// The alignment.
    open var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines shown (1 by default; 0 for any number).
    open var numberOfLines = 1 { didSet { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    /// How text that does not fit is cut (data).
    open var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Whether the font shrinks to fit (data).
    open var adjustsFontSizeToFitWidth = false
    /// How far the font may shrink (data).
    open var minimumScaleFactor: CGFloat = 0
    /// Whether the label shows as enabled (data).
    open var isEnabled = true
    /// Whether the label is highlighted (data).
    open var isHighlighted = false
    /// The color when highlighted (data).
    open var highlightedTextColor: Color?
    /// The width a multi-line label wraps at for its intrinsic size. 0 (the default): as
    /// UIKit since iOS 8, a multi-line label laid out by Auto Layout wraps at the width the
    /// layout gave it (its intrinsic height then follows that width, in the same layout);
    /// otherwise one line per paragraph.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// The width Auto Layout last gave this label: a multi-line label with no
    /// ``preferredMaxLayoutWidth`` wraps its intrinsic size at it.
    private(set) var automaticWrapWidth: CGFloat = 0
    /// The attributed text and text traits kept as data (UIKitState/TextAndFonts.swift).
    var textExtras = TextInputExtras()

    /// The text as attributed text: setting it sets ``text`` to its string, and ``font``
    /// and ``textColor`` to its first character's font and color, if it has them
    /// (Lifeloop draws a label's text in one font and color).
    open var attributedText: NSAttributedString? {
        get { storedAttributedText }
        set { setAttributedText(newValue) }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The text's size on the lines it needs at most `size.width` wide.
    open override func sizeThatFits(_ size: Size) -> Size {
        font.size(of: text ?? "", width: size.width > 0 ? size.width : .greatestFiniteMagnitude,
                  maximumLines: numberOfLines)
    }

    /// The text's size: wrapped at ``preferredMaxLayoutWidth`` if set, else, for a
    /// multi-line label, at the width Auto Layout gave it; otherwise one line per paragraph.
    open override var intrinsicContentSize: Size {
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth
            : numberOfLines != 1 && automaticWrapWidth > 0 ? automaticWrapWidth : .greatestFiniteMagnitude
        return font.size(of: text ?? "", width: wrap, maximumLines: numberOfLines)
    }

    /// Auto Layout gave the label its frame: a multi-line label with no preferred width
    /// wraps at its new width, and its intrinsic size changes with it (UIKit's automatic
    /// preferred max layout width).
    func adoptLayoutWidth() {
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width > 0,
              abs(bounds.width - automaticWrapWidth) > 1e-6 else { return }
        automaticWrapWidth = bounds.width
        intrinsicContentSizeDidChange()
    }

    /// Where the text goes inside `bounds`, as UIKit's `textRect(forBounds:limitedToNumberOfLines:)`.
    open func textRect(forBounds bounds: Rect, limitedToNumberOfLines numberOfLines: Int) -> Rect {
        let size = font.size(of: text ?? "", width: bounds.width, maximumLines: numberOfLines)
        return Rect(x: bounds.minX, y: bounds.minY + max(0, (bounds.height - size.height) / 2),
                    width: min(bounds.width, size.width), height: min(bounds.height, size.height))
    }

    /// Draws the text in `rect` (records it for snapshots).
    open func drawText(in rect: Rect) {}

    /// The lines the label shows now, for snapshots.
    public var displayedLines: [String] {
        font.lines(of: text ?? "", width: bounds.width, maximumLines: numberOfLines).map(String.init)
    }
}
