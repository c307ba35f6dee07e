/// A font, as data: UIKit's `UIFont`. Lifeloop draws no glyphs; it measures text with a
/// documented metric model (``advance(of:)``), so sizes are the same on every machine.
///
/// The model: a character advances by a fraction of the point size: 0.28 for spaces and
/// narrow glyphs (`i l j t f r . , : ; ' ! |` and the like), 0.8 for wide ones (`m w M W`
/// and `@ %`), 0.62 for other capitals, 0.56 for digits, 0.52 for everything else; bold and
/// heavier weights advance 5% more. A line is 1.2 times the point size tall, rounded up.
public struct Font: Hashable, Sendable {
    /// A font weight: UIKit's `UIFont.Weight`, by its raw value.
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight of this raw value, -1…1.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// The ultraLight weight, -0.8, as UIKit's `UIFont.Weight.ultraLight`.
        public static let ultraLight = Weight(-0.8)
        /// The thin weight, -0.6, as UIKit's `UIFont.Weight.thin`.
        public static let thin = Weight(-0.6)
        /// The light weight, -0.4, as UIKit's `UIFont.Weight.light`.
        public static let light = Weight(-0.4)
        /// The regular weight, 0, as UIKit's `UIFont.Weight.regular`.
        public static let regular = Weight(0)
        /// The medium weight, 0.23, as UIKit's `UIFont.Weight.medium`.
        public static let medium = Weight(0.23)
        /// The semibold weight, 0.3, as UIKit's `UIFont.Weight.semibold`.
        public static let semibold = Weight(0.3)
        /// The bold weight, 0.4, as UIKit's `UIFont.Weight.bold`.
        public static let bold = Weight(0.4)
        /// The heavy weight, 0.56, as UIKit's `UIFont.Weight.heavy`.
        public static let heavy = Weight(0.56)
        /// The black weight, 0.62, as UIKit's `UIFont.Weight.black`.
        public static let black = Weight(0.62)
    }

    /// A text style for Dynamic Type, at the default content size.
    public struct TextStyle: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The `largeTitle` text style, as UIKit's `UIFont.TextStyle.largeTitle`.
        public static let largeTitle = TextStyle(rawValue: "largeTitle")
        /// The `title1` text style, as UIKit's `UIFont.TextStyle.title1`.
        public static let title1 = TextStyle(rawValue: "title1")
        /// The `title2` text style, as UIKit's `UIFont.TextStyle.title2`.
        public static let title2 = TextStyle(rawValue: "title2")
        /// The `title3` text style, as UIKit's `UIFont.TextStyle.title3`.
        public static let title3 = TextStyle(rawValue: "title3")
        /// The `headline` text style, as UIKit's `UIFont.TextStyle.headline`.
        public static let headline = TextStyle(rawValue: "headline")
        /// The `subheadline` text style, as UIKit's `UIFont.TextStyle.subheadline`.
        public static let subheadline = TextStyle(rawValue: "subheadline")
        /// The `body` text style, as UIKit's `UIFont.TextStyle.body`.
        public static let body = TextStyle(rawValue: "body")
        /// The `callout` text style, as UIKit's `UIFont.TextStyle.callout`.
        public static let callout = TextStyle(rawValue: "callout")
        /// The `footnote` text style, as UIKit's `UIFont.TextStyle.footnote`.
        public static let footnote = TextStyle(rawValue: "footnote")
        /// The `caption1` text style, as UIKit's `UIFont.TextStyle.caption1`.
        public static let caption1 = TextStyle(rawValue: "caption1")
        /// The `caption2` text style, as UIKit's `UIFont.TextStyle.caption2`.
        public static let caption2 = TextStyle(rawValue: "caption2")

        var size: CGFloat {
            switch rawValue {
            case "largeTitle": 34
            case "title1": 28
            case "title2": 22
            case "title3": 20
            case "subheadline": 15
            case "callout": 16
            case "footnote": 13
            case "caption1": 12
            case "caption2": 11
            default: 17
            }
        }
    }

    /// The family and face, as UIKit names them (`.SFUI-Regular` for the system font).
    public var fontName: String
    /// The size in points.
    public var pointSize: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether the face is italic.
    public var isItalic: Bool
    /// Where a Dynamic Type font's size comes from (Font+DynamicType.swift); not part of
    /// equality.
    var dynamicType: DynamicTypeTag?

    /// A named font; any name is accepted (there are no font files to miss).
    public init?(name: String, size: CGFloat) {
        let lowered = name.lowercased()
        let weight: Weight = lowered.contains("bold") ? .bold : lowered.contains("medium") ? .medium
            : lowered.contains("light") ? .light : .regular
        self.init(fontName: name, pointSize: size, weight: weight, isItalic: lowered.contains("italic"))
    }

    init(fontName: String, pointSize: CGFloat, weight: Weight, isItalic: Bool = false) {
        self.fontName = fontName
        self.pointSize = pointSize
        self.weight = weight
        self.isItalic = isItalic
    }

    /// The system font.
    public static func systemFont(ofSize size: CGFloat) -> Font { systemFont(ofSize: size, weight: .regular) }
    /// The system font at a weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        Font(fontName: weight.rawValue >= Weight.bold.rawValue ? ".SFUI-Bold" : ".SFUI-Regular", pointSize: size,
             weight: weight)
    }
    /// The bold system font.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { systemFont(ofSize: size, weight: .bold) }
    /// The italic system font.
    public static func italicSystemFont(ofSize size: CGFloat) -> Font {
        Font(fontName: ".SFUI-Italic", pointSize: size, weight: .regular, isItalic: true)
    }
    /// The system font with digits of one width.
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        systemFont(ofSize: size, weight: weight)
    }
    /// The monospaced system font.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        Font(fontName: ".SFMono-Regular", pointSize: size, weight: weight)
    }
    /// The font of a text style at the app's text size (see
    /// ``preferredFont(forTextStyle:compatibleWith:)``).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }
    /// The size UIKit gives labels by default.
    public static var labelFontSize: CGFloat { 17 }
    /// The size UIKit gives buttons by default.
    public static var buttonFontSize: CGFloat { 18 }
    /// The system font size.
    public static var systemFontSize: CGFloat { 14 }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) -> Font {
        Font(fontName: fontName, pointSize: size, weight: weight, isItalic: isItalic)
    }

    /// The family name.
    public var familyName: String { fontName.hasPrefix(".SF") ? "System Font" : fontName }
    /// The height of a line.
    public var lineHeight: CGFloat { (pointSize * 1.2).rounded(.up) }
    /// The ascender (0.8 of the size).
    public var ascender: CGFloat { pointSize * 0.8 }
    /// The descender (negative, 0.2 of the size).
    public var descender: CGFloat { -pointSize * 0.2 }
    /// The height of capitals (0.7 of the size).
    public var capHeight: CGFloat { pointSize * 0.7 }

    /// How far `character` advances the pen, in points (see the type's discussion).
    public func advance(of character: Character) -> CGFloat {
        let factor: CGFloat
        if character == " " || "iljtfr.,:;'!|".contains(character) {
            factor = 0.28
        } else if "mwMW@%".contains(character) {
            factor = 0.8
        } else if character.isUppercase {
            factor = 0.62
        } else if character.isNumber {
            factor = 0.56
        } else {
            factor = 0.52
        }
        let heavy = weight.rawValue >= Weight.semibold.rawValue
        return factor * pointSize * (heavy ? 1.05 : 1)
    }

    /// The width of one line of `text`.
    public func width(of text: Substring) -> CGFloat {
        text.reduce(0) { $0 + advance(of: $1) }
    }

    /// `text` broken into lines no wider than `width` (at spaces, else anywhere), its own
    /// line breaks kept; at most `maximumLines` (0 for any number).
    public func lines(of text: String, width: CGFloat, maximumLines: Int) -> [Substring] {
        var result: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = paragraph[...]
            repeat {
                if maximumLines > 0, result.count == maximumLines { return result }
                guard width > 0, self.width(of: rest) > width else {
                    result.append(rest)
                    break
                }
                var end = rest.startIndex
                var lastSpace: Substring.Index?
                var used: CGFloat = 0
                while end < rest.endIndex {
                    let next = used + advance(of: rest[end])
                    if next > width, end > rest.startIndex {
                        // A space that overflows ends the line where it stands: spaces hang
                        // past the edge, so the words before it keep their line.
                        if rest[end] == " " { lastSpace = end }
                        break
                    }
                    if rest[end] == " " { lastSpace = end }
                    used = next
                    end = rest.index(after: end)
                }
                let cut = lastSpace.map { $0 > rest.startIndex ? $0 : end } ?? end
                result.append(rest[rest.startIndex..<cut])
                rest = rest[cut...].drop { $0 == " " }
            } while !rest.isEmpty
        }
        return result
    }

    /// The size of `text` laid out in at most `width` points (infinite for one line per
    /// paragraph) and `maximumLines` lines (0 for any number).
    public func size(of text: String, width: CGFloat = .greatestFiniteMagnitude, maximumLines: Int = 0) -> Size {
        guard !text.isEmpty else { return .zero }
        let lines = lines(of: text, width: width, maximumLines: maximumLines)
        let widest = lines.map { self.width(of: $0) }.max() ?? 0
        return Size(width: widest.rounded(.up), height: CGFloat(lines.count) * lineHeight)
    }
}
