/// A description of a view's content that a cell applies: UIKit's
/// `UIContentConfiguration`.
public protocol ContentConfiguration {}

/// The content of a list row: text, secondary text and an image: UIKit's
/// `UIListContentConfiguration` (the text properties are data).
public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// The primary text.
    public var text: String?
    /// The secondary text.
    public var secondaryText: String?
    /// The image.
    public var image: Image?
    /// Where the secondary text goes relative to the text.
    public var prefersSideBySideTextAndSecondaryText: Bool

    /// A configuration for a plain cell.
    public static func cell() -> ListContentConfiguration { .init(sideBySide: false) }
    /// A configuration for a cell with a subtitle.
    public static func subtitleCell() -> ListContentConfiguration { .init(sideBySide: false) }
    /// A configuration for a cell with a value on the side.
    public static func valueCell() -> ListContentConfiguration { .init(sideBySide: true) }
    /// A configuration for a header.
    public static func groupedHeader() -> ListContentConfiguration { .init(sideBySide: false) }
    /// A configuration for a plain header.
    public static func plainHeader() -> ListContentConfiguration { .init(sideBySide: false) }

    private init(sideBySide: Bool) {
        prefersSideBySideTextAndSecondaryText = sideBySide
    }
}
