import Foundation

/// A Dynamic Type text size the user can choose: UIKit's `UIContentSizeCategory`, with its
/// raw values. Categories compare by size (`.accessibilityMedium > .extraExtraExtraLarge`).
///
/// ``large`` is the default; the app's is ``Application/preferredContentSizeCategory``.
public struct ContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    /// The category's string, UIKit's.
    public let rawValue: String
    /// A category from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No preference.
    public static let unspecified = ContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    /// The smallest size.
    public static let extraSmall = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// Small.
    public static let small = ContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    /// Medium.
    public static let medium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// Large: the default.
    public static let large = ContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// Extra large.
    public static let extraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    /// Extra extra large.
    public static let extraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    /// The largest size outside the accessibility sizes.
    public static let extraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// The smallest accessibility size.
    public static let accessibilityMedium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// An accessibility size.
    public static let accessibilityLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    /// An accessibility size.
    public static let accessibilityExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    /// An accessibility size.
    public static let accessibilityExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    /// The largest size.
    public static let accessibilityExtraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Posted when the app's text size changes (``Application/preferredContentSizeCategory``
    /// set), after the trait changes have been delivered.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The user-info key of the new category in ``didChangeNotification``.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    private static let order: [String] = [
        unspecified, extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge,
        accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
        accessibilityExtraExtraExtraLarge,
    ].map(\.rawValue)

    var rank: Int { Self.order.firstIndex(of: rawValue) ?? 0 }

    /// The categories by UIKit's Swift names (`extraSmall` … `accessibilityExtraExtraExtraLarge`),
    /// smallest first: what scenario files and the `appearance` verb write.
    public static let names: [String] = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]

    /// The category of a Swift name in ``names`` (nil for any other).
    public init?(named name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: Self.order[index + 1])
    }

    /// The category's Swift name (`large`), or its raw value when it has none.
    public var name: String { rank > 0 ? Self.names[rank - 1] : rawValue }

    /// Whether this is one of the accessibility sizes (`accessibilityMedium` and up).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Whether `lhs` is a smaller size than `rhs` (an unknown category counts as unspecified).
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rank < rhs.rank }
}

/// Scales fonts and sizes for the user's Dynamic Type setting: UIKit's `UIFontMetrics`.
///
/// A size scales as the metrics' text style does between the default category (large) and
/// the one in force, by the point sizes of Apple's Dynamic Type table
/// (``Font/preferredFont(forTextStyle:compatibleWith:)``): `body` at extra large is 19/17 of
/// its large size. The category in force is the app's, or that of the trait collection given.
/// A scaled font remembers its base, so a label that adjusts its font for the content size
/// (`adjustsFontForContentSizeCategory`) scales it again when the category changes.
public final class FontMetrics: Sendable {
    /// The text style whose scaling curve the metrics follow.
    public let textStyle: Font.TextStyle

    /// The metrics of the body style.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: Font.TextStyle) {
        self.textStyle = textStyle
    }

    /// `font` at the app's text size.
    public func scaledFont(for font: Font) -> Font { scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil) }

    /// `font` at the app's text size, no larger than `maximumPointSize` (no limit when 0 or
    /// less).
    public func scaledFont(for font: Font, maximumPointSize: CGFloat) -> Font {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` at the text size of `traitCollection` (the app's when nil or unspecified).
    public func scaledFont(for font: Font, compatibleWith traitCollection: TraitCollection?) -> Font {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` at the text size of `traitCollection`, no larger than `maximumPointSize`.
    public func scaledFont(for font: Font, maximumPointSize: CGFloat, compatibleWith traitCollection: TraitCollection?) -> Font {
        let base = font.pointSize
        let origin = Font.DynamicTypeOrigin(style: textStyle, base: base, maximumPointSize: maximumPointSize)
        var scaled = font.withSize(origin.pointSize(at: ContentSizeCategory.inForce(traitCollection)))
        scaled.dynamicType = Font.DynamicTypeTag(origin)
        return scaled
    }

    /// `value` (a spacing, a height) at the app's text size.
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// `value` at the text size of `traitCollection` (the app's when nil or unspecified).
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: TraitCollection?) -> CGFloat {
        value * Font.DynamicTypeOrigin.factor(of: textStyle, at: ContentSizeCategory.inForce(traitCollection))
    }
}
