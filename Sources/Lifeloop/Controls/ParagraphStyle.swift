import Foundation

/// How a paragraph of attributed text is laid out: UIKit's `NSParagraphStyle`, which
/// Foundation on Linux lacks. Its values are read-only; ``MutableParagraphStyle`` sets them.
///
/// String drawing (`draw(in:withAttributes:)` and `draw(at:withAttributes:)`) honours
/// ``alignment`` (in a rectangle), ``lineSpacing``, ``paragraphSpacing``,
/// ``lineHeightMultiple``, ``minimumLineHeight`` and ``maximumLineHeight``; the other
/// values are kept as data.
open class ParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// The values, copied whole between styles.
    struct Values: Hashable {
        var alignment: TextAlignment = .natural
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var lineBreakMode: LineBreakMode = .byWordWrapping
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var baseWritingDirection: WritingDirection = .natural
        var hyphenationFactor: Float = 0
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
        var tabStops: [NSTextTab]?
    }

    var values = Values()

    /// The system's default style: natural alignment, no extra spacing, word wrapping.
    public override init() {
        super.init()
    }

    /// A fresh default style each time (styles are values: nothing is shared between apps).
    open class var `default`: ParagraphStyle { ParagraphStyle() }

    /// How lines line up (natural, which is left here, by default).
    open var alignment: TextAlignment { values.alignment }
    /// The extra space between lines of a paragraph, in points.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// The extra space after a paragraph, in points.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// The extra space before a paragraph, in points (data).
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// How lines that do not fit are broken or cut (data).
    open var lineBreakMode: LineBreakMode { values.lineBreakMode }
    /// The factor a line's natural height is multiplied by (0: none).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// The least height of a line (0: none).
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The greatest height of a line (0: none).
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// The indent of a paragraph's first line (data).
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// The indent of a paragraph's other lines (data).
    open var headIndent: CGFloat { values.headIndent }
    /// The trailing indent: from the leading margin when positive, from the trailing one
    /// when negative or zero (data).
    open var tailIndent: CGFloat { values.tailIndent }
    /// The writing direction (data: Lifeloop lays text out left to right).
    open var baseWritingDirection: WritingDirection { values.baseWritingDirection }
    /// The hyphenation threshold, 0 to 1 (data).
    open var hyphenationFactor: Float { values.hyphenationFactor }
    /// The tab interval (data).
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }
    /// Whether text may tighten before it is cut (data).
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = ParagraphStyle()
        copy.values = values
        return copy
    }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = MutableParagraphStyle()
        copy.values = values
        return copy
    }

    /// Whether `object` is a paragraph style with the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ParagraphStyle else { return false }
        return other.values == values
    }

    /// A hash of the values.
    open override var hash: Int { values.hashValue }

    /// The height a line of `font` takes under this style, and the space after it.
    func lineHeight(for font: Font) -> CGFloat {
        var height = font.lineHeight
        if values.lineHeightMultiple > 0 { height *= values.lineHeightMultiple }
        if values.minimumLineHeight > 0 { height = max(height, values.minimumLineHeight) }
        if values.maximumLineHeight > 0 { height = min(height, values.maximumLineHeight) }
        return height
    }
}

/// A paragraph style whose values can be set: UIKit's `NSMutableParagraphStyle`.
open class MutableParagraphStyle: ParagraphStyle {
    /// A default style to change.
    public override init() {
        super.init()
    }

    /// Takes every value of `obj`.
    open func setParagraphStyle(_ obj: ParagraphStyle) {
        values = obj.values
    }

    /// How lines line up.
    open override var alignment: TextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    /// The extra space between lines of a paragraph, in points.
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    /// The extra space after a paragraph, in points.
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    /// The extra space before a paragraph, in points (data).
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    /// How lines that do not fit are broken or cut (data).
    open override var lineBreakMode: LineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    /// The factor a line's natural height is multiplied by (0: none).
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    /// The least height of a line (0: none).
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    /// The greatest height of a line (0: none).
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    /// The indent of a paragraph's first line (data).
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    /// The indent of a paragraph's other lines (data).
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    /// The trailing indent (data).
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    /// The writing direction (data).
    open override var baseWritingDirection: WritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    /// The hyphenation threshold, 0 to 1 (data).
    open override var hyphenationFactor: Float {
        get { values.hyphenationFactor }
        set { values.hyphenationFactor = newValue }
    }
    /// The tab interval (data).
    open override var defaultTabInterval: CGFloat {
        get { values.defaultTabInterval }
        set { values.defaultTabInterval = newValue }
    }
    /// Whether text may tighten before it is cut (data).
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation }
        set { values.allowsDefaultTighteningForTruncation = newValue }
    }
}

/// The direction text is written in: UIKit's `NSWritingDirection` (data).
public enum WritingDirection: Int, Hashable, Sendable {
    /// The direction of the text's language.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// The lines under or through text: UIKit's `NSUnderlineStyle`, with its raw values
/// (kept as data: string drawing draws no lines).
public struct UnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits, as UIKit's.
    public let rawValue: Int
    /// A style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One thin line.
    public static let single = UnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = UnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = UnderlineStyle(rawValue: 0x09)
    /// A dotted line.
    public static let patternDot = UnderlineStyle(rawValue: 0x0100)
    /// A dashed line.
    public static let patternDash = UnderlineStyle(rawValue: 0x0200)
    /// Dashes and dots.
    public static let patternDashDot = UnderlineStyle(rawValue: 0x0300)
    /// Dashes and pairs of dots.
    public static let patternDashDotDot = UnderlineStyle(rawValue: 0x0400)
    /// Lines under words only, not the spaces between them.
    public static let byWord = UnderlineStyle(rawValue: 0x8000)

    /// No line (the Swift 4 name).
    public static let styleNone = UnderlineStyle([])
    /// One thin line (the Swift 4 name).
    public static let styleSingle = UnderlineStyle.single
    /// One thick line (the Swift 4 name).
    public static let styleThick = UnderlineStyle.thick
    /// Two thin lines (the Swift 4 name).
    public static let styleDouble = UnderlineStyle.double
}

extension NSAttributedString.Key {
    /// The underline (an ``UnderlineStyle``'s raw value as an `Int`; data).
    public static var underlineStyle: NSAttributedString.Key { NSAttributedString.Key("NSUnderline") }
    /// The underline's color (a ``Color``; data).
    public static var underlineColor: NSAttributedString.Key { NSAttributedString.Key("NSUnderlineColor") }
    /// The line through the text (an ``UnderlineStyle``'s raw value as an `Int`; data).
    public static var strikethroughStyle: NSAttributedString.Key { NSAttributedString.Key("NSStrikethrough") }
    /// The strikethrough's color (a ``Color``; data).
    public static var strikethroughColor: NSAttributedString.Key { NSAttributedString.Key("NSStrikethroughColor") }
    /// How far the text sits above its baseline, in points (data).
    public static var baselineOffset: NSAttributedString.Key { NSAttributedString.Key("NSBaselineOffset") }
    /// A link (a `URL` or a `String`; data: nothing opens it).
    public static var link: NSAttributedString.Key { NSAttributedString.Key("NSLink") }
    /// The outline's color (a ``Color``; data).
    public static var strokeColor: NSAttributedString.Key { NSAttributedString.Key("NSStrokeColor") }
    /// The outline's width, as a percentage of the font size (data).
    public static var strokeWidth: NSAttributedString.Key { NSAttributedString.Key("NSStrokeWidth") }
    /// The text's shadow (data).
    public static var shadow: NSAttributedString.Key { NSAttributedString.Key("NSShadow") }
    /// The ligatures used (data).
    public static var ligature: NSAttributedString.Key { NSAttributedString.Key("NSLigature") }
    /// The skew of the glyphs (data).
    public static var obliqueness: NSAttributedString.Key { NSAttributedString.Key("NSObliqueness") }
    /// The stretch of the glyphs (data).
    public static var expansion: NSAttributedString.Key { NSAttributedString.Key("NSExpansion") }
    /// An attachment (data).
    public static var attachment: NSAttributedString.Key { NSAttributedString.Key("NSAttachment") }
    /// The writing directions of embedded text (data).
    public static var writingDirection: NSAttributedString.Key { NSAttributedString.Key("NSWritingDirection") }
    /// A text effect (data).
    public static var textEffect: NSAttributedString.Key { NSAttributedString.Key("NSTextEffect") }
}

extension AttributeScopes {
    /// UIKit's attributes for `AttributedString` and `AttributeContainer`
    /// (`container.font = …`, `string.foregroundColor = …`), as UIKit's
    /// `AttributeScopes.UIKitAttributes`; each has the name of its `NSAttributedString.Key`.
    public struct UIKitAttributes: AttributeScope {
        /// The font.
        public let font: FontAttribute
        /// The text color.
        public let foregroundColor: ForegroundColorAttribute
        /// The background color.
        public let backgroundColor: BackgroundColorAttribute
        /// The kerning, in points.
        public let kern: KernAttribute
        /// The underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// The underline's color.
        public let underlineColor: UnderlineColorAttribute
        /// The line through the text.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// The strikethrough's color.
        public let strikethroughColor: StrikethroughColorAttribute
        /// How far the text sits above its baseline.
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's own attributes.
        public let foundation: AttributeScopes.FoundationAttributes

        /// The font: a ``Font``.
        public enum FontAttribute: AttributedStringKey {
            /// A ``Font``.
            public typealias Value = Font
            /// `NSAttributedString.Key.font`'s name.
            public static let name = "NSFont"
        }

        /// The text color: a ``Color``.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A ``Color``.
            public typealias Value = Color
            /// `NSAttributedString.Key.foregroundColor`'s name.
            public static let name = "NSColor"
        }

        /// The background color: a ``Color``.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// A ``Color``.
            public typealias Value = Color
            /// `NSAttributedString.Key.backgroundColor`'s name.
            public static let name = "NSBackgroundColor"
        }

        /// The kerning, in points.
        public enum KernAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// `NSAttributedString.Key.kern`'s name.
            public static let name = "NSKern"
        }

        /// The underline.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// An ``UnderlineStyle``.
            public typealias Value = UnderlineStyle
            /// `NSAttributedString.Key.underlineStyle`'s name.
            public static let name = "NSUnderline"
        }

        /// The underline's color.
        public enum UnderlineColorAttribute: AttributedStringKey {
            /// A ``Color``.
            public typealias Value = Color
            /// `NSAttributedString.Key.underlineColor`'s name.
            public static let name = "NSUnderlineColor"
        }

        /// The line through the text.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// An ``UnderlineStyle``.
            public typealias Value = UnderlineStyle
            /// `NSAttributedString.Key.strikethroughStyle`'s name.
            public static let name = "NSStrikethrough"
        }

        /// The strikethrough's color.
        public enum StrikethroughColorAttribute: AttributedStringKey {
            /// A ``Color``.
            public typealias Value = Color
            /// `NSAttributedString.Key.strikethroughColor`'s name.
            public static let name = "NSStrikethroughColor"
        }

        /// How far the text sits above its baseline, in points.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// `NSAttributedString.Key.baselineOffset`'s name.
            public static let name = "NSBaselineOffset"
        }
    }

    /// UIKit's attribute scope, as `\.uiKit` names it.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Makes UIKit's attributes properties of attributed strings and attribute containers
    /// (`container.foregroundColor = .white`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// The text's characters as a plain string.
    var lifeloopPlainText: String { String(characters) }
}
