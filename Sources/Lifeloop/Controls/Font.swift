/// A font, as data: UIKit's `UIFont`. Whatever its name, Lifeloop measures its text with
/// Inter (Debian's `fonts-inter`), a free screen font close to SF Pro in proportions, read
/// from the installed font files: advances, kerning and line heights come from the font
/// (``advance(of:)``, ``width(of:)``, ``lineHeight``), and the pictures draw the same face.
///
/// Without the font files, text is measured with a built-in table (a fraction of the point
/// size per character, a line 1.2 times the size rounded up), said once on standard error.
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
}
