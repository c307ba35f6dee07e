import Foundation

/// How a list section looks and what it has: UIKit's
/// `UICollectionLayoutListConfiguration`, turned into a section by
/// ``CollectionLayoutSection/list(using:layoutEnvironment:)`` or into a whole layout by
/// ``CollectionViewCompositionalLayout/list(using:)``.
///
/// Rows are the section's width (less its insets) and start at UIKit's estimate of
/// 44 points; a row whose cell's content view has constraints takes the height its
/// Auto Layout fitting size asks for when it shows. The appearances' numbers (Lifeloop's
/// choice where UIKit documents none, read from iOS 17 on an iPhone): `plain` and
/// `sidebarPlain` sections have no insets and 28-point headers; `grouped`,
/// `insetGrouped` and `sidebar` sections have 35 points above their rows when they have
/// no header (a header is 38 points and takes its place); `insetGrouped` rows are inset
/// 20 points from each side, `sidebar` rows 10. Separators, the swipe action providers
/// and the background color are kept as data: snapshots draw neither separators nor
/// rounded corners.
public struct CollectionLayoutListConfiguration {
    /// The look of a list: UIKit's `UICollectionLayoutListConfiguration.Appearance`.
    public enum Appearance: Int, Hashable, Sendable {
        /// Full-width rows, as a plain table.
        case plain
        /// Full-width rows in spaced sections, as a grouped table.
        case grouped
        /// Sections inset from the sides, as an inset-grouped table.
        case insetGrouped
        /// A sidebar's rows, inset from the sides.
        case sidebar
        /// A sidebar's rows, full width.
        case sidebarPlain
    }

    /// Where a section's header comes from: UIKit's `HeaderMode`.
    public enum HeaderMode: Int, Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionHeader``.
        case supplementary
        /// The section's first item is its header (laid out as a row).
        case firstItemInSection
    }

    /// Where a section's footer comes from: UIKit's `FooterMode`.
    public enum FooterMode: Int, Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionFooter``.
        case supplementary
    }

    /// The look.
    public var appearance: Appearance
    /// Whether rows have separators between them (data: snapshots draw none).
    public var showsSeparators = true
    /// Where headers come from.
    public var headerMode: HeaderMode = .none
    /// Where footers come from.
    public var footerMode: FooterMode = .none
    /// The list's background color (nil: the appearance's: white for plain lists, the
    /// grouped background for the others). Data: the collection's own color is what draws.
    public var backgroundColor: Color?
    /// The space above a section's header (nil: the appearance's; data).
    public var headerTopPadding: CGFloat?
    /// The swipe actions on the leading edge of a row (data: rows are not swiped).
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?
    /// The swipe actions on the trailing edge of a row (data: rows are not swiped).
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?

    /// A configuration of an appearance, with UIKit's defaults.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// Whether sections are spaced as a grouped table's.
    var isGroupedStyle: Bool { appearance == .grouped || appearance == .insetGrouped || appearance == .sidebar }

    /// The height rows start at: UIKit's estimate.
    static let estimatedRowHeight: CGFloat = 44

    /// The section's insets: 35 above rows with no header in grouped styles; 20 on each
    /// side inset-grouped, 10 in a sidebar.
    var sectionInsets: DirectionalEdgeInsets {
        let side: CGFloat = appearance == .insetGrouped ? 20 : appearance == .sidebar ? 10 : 0
        let top: CGFloat = isGroupedStyle && headerMode != .supplementary ? 35 : 0
        return DirectionalEdgeInsets(top: top, leading: side, bottom: 0, trailing: side)
    }

    /// A header's or footer's height: 28 points plain, 38 grouped (the table's).
    var supplementaryHeight: CGFloat { isGroupedStyle ? 38 : 28 }
}

extension CollectionLayoutSection {
    /// A section of list rows per `configuration`: UIKit's
    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`. Its rows size themselves
    /// (see ``CollectionLayoutListConfiguration``).
    public static func list(using configuration: CollectionLayoutListConfiguration,
                            layoutEnvironment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        let height = CollectionLayoutListConfiguration.estimatedRowHeight
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                         heightDimension: .estimated(height)))
        let group = CollectionLayoutGroup.vertical(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                    heightDimension: .estimated(height)),
                                                   subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = configuration.sectionInsets
        let boundary = CollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                            heightDimension: .estimated(configuration.supplementaryHeight))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(CollectionLayoutBoundarySupplementaryItem(
                layoutSize: boundary, elementKind: CollectionView.elementKindSectionHeader, alignment: .top))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(CollectionLayoutBoundarySupplementaryItem(
                layoutSize: boundary, elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.listConfiguration = configuration
        return section
    }
}

extension CollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration`: UIKit's
    /// `UICollectionViewCompositionalLayout.list(using:)`.
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { _, environment in
            CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}

/// A view at a list cell's edge: UIKit's `UICellAccessory` (kept as data: snapshots do not
/// draw accessories).
public struct CellAccessory: Hashable, Sendable {
    /// What an accessory is.
    public enum Kind: Hashable, Sendable {
        /// A chevron.
        case disclosureIndicator
        /// A checkmark.
        case checkmark
        /// A delete control.
        case delete
        /// A reorder control.
        case reorder
        /// An outline disclosure (expands and collapses a row's children).
        case outlineDisclosure
        /// A detail (info) button.
        case detail
        /// A text label.
        case label(String)
        /// A multiple-selection circle.
        case multiselect
    }

    /// The kind.
    public let kind: Kind

    /// A chevron.
    public static func disclosureIndicator() -> CellAccessory { CellAccessory(kind: .disclosureIndicator) }
    /// A checkmark.
    public static func checkmark() -> CellAccessory { CellAccessory(kind: .checkmark) }
    /// A delete control.
    public static func delete() -> CellAccessory { CellAccessory(kind: .delete) }
    /// A reorder control.
    public static func reorder() -> CellAccessory { CellAccessory(kind: .reorder) }
    /// An outline disclosure.
    public static func outlineDisclosure() -> CellAccessory { CellAccessory(kind: .outlineDisclosure) }
    /// A detail button.
    public static func detail() -> CellAccessory { CellAccessory(kind: .detail) }
    /// A text label.
    public static func label(text: String) -> CellAccessory { CellAccessory(kind: .label(text)) }
    /// A multiple-selection circle.
    public static func multiselect() -> CellAccessory { CellAccessory(kind: .multiselect) }
}

/// A row of a list layout: UIKit's `UICollectionViewListCell`. Its content comes from a
/// ``ListContentConfiguration`` (`defaultContentConfiguration()`), its ``accessories``
/// are data, and in a list section it asks for the height of its content view's Auto
/// Layout fitting size at the row's width.
open class CollectionViewListCell: CollectionViewCell, ReusableCollectionView {
    /// The accessories at the row's edges (data).
    open var accessories: [CellAccessory] = []
    /// How far the row's content is indented, in levels (data).
    open var indentationLevel = 0
    /// The width of one indentation level.
    open var indentationWidth: CGFloat = 10
    /// Whether the separator follows the indentation (data).
    open var indentsAccessories = true

    /// Creates a list cell with a frame.
    public required override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates a list cell from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The row's width stays; its height is the content view's Auto Layout fitting height
    /// at that width, when the content view has constraints.
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes {
        let fitted = layoutAttributes.copy() as! CollectionViewLayoutAttributes
        guard contentView.hasConstraintsForFitting else { return fitted }
        let size = contentView.systemLayoutSizeFitting(Size(width: layoutAttributes.size.width, height: 0),
                                                       withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        if size.height > 0, size.height.isFinite {
            fitted.frame = Rect(origin: layoutAttributes.frame.origin, size: Size(width: layoutAttributes.frame.width, height: size.height))
        }
        return fitted
    }
}
