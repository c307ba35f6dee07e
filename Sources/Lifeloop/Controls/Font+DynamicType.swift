import Foundation

extension Font {
    /// Where a Dynamic Type font's size comes from, so that it can be scaled again when the
    /// text size changes: its text style, and the base size a `FontMetrics` scaled (nil
    /// for `preferredFont`, whose size is the table's).
    struct DynamicTypeOrigin: Sendable {
        var style: TextStyle
        var base: CGFloat?
        var maximumPointSize: CGFloat = 0

        /// The size at `category`, no larger than the maximum when there is one.
        func pointSize(at category: ContentSizeCategory) -> CGFloat {
            let size = base.map { $0 * Self.factor(of: style, at: category) } ?? Self.size(of: style, at: category)
            return maximumPointSize > 0 ? min(size, maximumPointSize) : size
        }

        /// Apple's Dynamic Type sizes for iOS, in points, per text style, from extra small
        /// to accessibility extra extra extra large (AX5): the tables "Dynamic Type sizes"
        /// of the Human Interface Guidelines, "Typography"
        /// (developer.apple.com/design/human-interface-guidelines/typography).
        static let table: [String: [CGFloat]] = [
            "largeTitle": [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
            "title1": [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
            "title2": [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
            "title3": [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
            "headline": [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            "body": [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            "callout": [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
            "subheadline": [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
            "footnote": [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
            "caption1": [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
            "caption2": [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
        ]

        /// The point size of `style` at `category` (an unknown style follows body; an
        /// unspecified category is large).
        static func size(of style: TextStyle, at category: ContentSizeCategory) -> CGFloat {
            let row = table[style.rawValue] ?? table["body"]!
            let rank = category.rank
            return row[rank == 0 ? 3 : rank - 1]
        }

        /// How much `style` grows from large to `category`.
        static func factor(of style: TextStyle, at category: ContentSizeCategory) -> CGFloat {
            size(of: style, at: category) / size(of: style, at: .large)
        }
    }

    /// A font's Dynamic Type origin, kept out of its equality and hash: two fonts that
    /// measure and draw alike are equal however they were made.
    struct DynamicTypeTag: Hashable, Sendable {
        let origin: DynamicTypeOrigin
        init(_ origin: DynamicTypeOrigin) { self.origin = origin }
        static func == (lhs: DynamicTypeTag, rhs: DynamicTypeTag) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The system font of a text style at the text size of `traitCollection` (the app's,
    /// ``Application/preferredContentSizeCategory``, when nil or unspecified), with the
    /// sizes of Apple's Dynamic Type table (Human Interface Guidelines, "Typography"):
    /// `body` is 17 points at large, 23 at extra extra extra large and 53 at the largest
    /// accessibility size. Headlines are semibold, other styles regular.
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: TraitCollection?) -> Font {
        let origin = DynamicTypeOrigin(style: style, base: nil)
        var font = systemFont(ofSize: origin.pointSize(at: ContentSizeCategory.inForce(traitCollection)),
                              weight: style == .headline ? .semibold : .regular)
        font.dynamicType = DynamicTypeTag(origin)
        return font
    }

    /// The text style a Dynamic Type font follows (nil for a font of a fixed size).
    public var textStyle: TextStyle? { dynamicType?.origin.style }

    /// This font at `category`'s text size if it follows Dynamic Type (made by
    /// `preferredFont` or a `FontMetrics`), else nil.
    func adjusted(to category: ContentSizeCategory) -> Font? {
        guard let tag = dynamicType else { return nil }
        var font = withSize(tag.origin.pointSize(at: category))
        font.dynamicType = tag
        return font
    }
}

extension ContentSizeCategory {
    /// The category a font for `traitCollection` takes: its own, else the app's on this
    /// thread, else large.
    static func inForce(_ traitCollection: TraitCollection?) -> ContentSizeCategory {
        if let category = traitCollection?.preferredContentSizeCategory, category != .unspecified { return category }
        return ThreadContext.application?.preferredContentSizeCategory ?? .large
    }
}
