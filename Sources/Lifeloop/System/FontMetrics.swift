import Foundation

/// A Dynamic Type text size the user can choose: UIKit's `UIContentSizeCategory`, with its
/// raw values. Categories compare by size (`.accessibilityMedium > .extraExtraExtraLarge`).
///
/// Lifeloop has one text size: ``large``, the default
/// (``Application/preferredContentSizeCategory``).
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

    /// Posted when the user changes the text size: never, in Lifeloop.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The user-info key of the new category in ``didChangeNotification``.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    private static let order: [String] = [
        unspecified, extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge,
        accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
        accessibilityExtraExtraExtraLarge,
    ].map(\.rawValue)

    private var rank: Int { Self.order.firstIndex(of: rawValue) ?? 0 }

    /// Whether this is one of the accessibility sizes (`accessibilityMedium` and up).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Whether `lhs` is a smaller size than `rhs` (an unknown category counts as unspecified).
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rank < rhs.rank }
}

/// Scales fonts and sizes for the user's Dynamic Type setting: UIKit's `UIFontMetrics`.
///
/// Lifeloop has one text size, the default ``ContentSizeCategory/large``, at which UIKit's
/// scaling is the identity: a scaled font is the font itself (no larger than a given maximum)
/// and a scaled value is the value.
public final class FontMetrics: Sendable {
    /// The text style whose scaling curve the metrics follow.
    public let textStyle: Font.TextStyle

    /// The metrics of the body style.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: Font.TextStyle) {
        self.textStyle = textStyle
    }

    /// `font` at the user's text size: `font` itself, at the default size.
    public func scaledFont(for font: Font) -> Font { font }

    /// `font` at the user's text size, no larger than `maximumPointSize` (no limit when 0 or
    /// less): `font`, made smaller if it exceeds the maximum.
    public func scaledFont(for font: Font, maximumPointSize: CGFloat) -> Font {
        maximumPointSize > 0 && font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    /// `font` at the text size of `traitCollection`: `font` itself (Lifeloop's traits carry
    /// the default size).
    public func scaledFont(for font: Font, compatibleWith traitCollection: TraitCollection?) -> Font { font }

    /// `font` at the text size of `traitCollection`, no larger than `maximumPointSize`, as
    /// ``scaledFont(for:maximumPointSize:)``.
    public func scaledFont(for font: Font, maximumPointSize: CGFloat, compatibleWith traitCollection: TraitCollection?) -> Font {
        scaledFont(for: font, maximumPointSize: maximumPointSize)
    }

    /// `value` (a spacing, a height) at the user's text size: `value` itself.
    public func scaledValue(for value: CGFloat) -> CGFloat { value }

    /// `value` at the text size of `traitCollection`: `value` itself.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: TraitCollection?) -> CGFloat { value }
}

extension TraitCollection {
    /// The user's preferred text size: always ``ContentSizeCategory/large``, the default
    /// (Lifeloop has no Dynamic Type setting), so a layout that grows its text for the
    /// accessibility sizes keeps its regular one.
    public var preferredContentSizeCategory: ContentSizeCategory { .large }
}
