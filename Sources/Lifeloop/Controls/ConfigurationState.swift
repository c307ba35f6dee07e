import Foundation

/// Edges named by leading and trailing: UIKit's `NSDirectionalRectEdge`.
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The edges' bits, as UIKit's.
    public let rawValue: UInt
    /// Edges from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Changes text attributes for a state: UIKit's `UIConfigurationTextAttributesTransformer`
/// (a button configuration's title and subtitle pass through it).
public struct ConfigurationTextAttributesTransformer {
    private let transform: (AttributeContainer) -> AttributeContainer

    /// A transformer that runs `transform` on the incoming attributes.
    public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) {
        self.transform = transform
    }

    /// The attributes `input` becomes.
    public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer { transform(input) }
}

/// Changes a color for a state: UIKit's `UIConfigurationColorTransformer`.
public struct ConfigurationColorTransformer {
    private let transform: (Color) -> Color

    /// A transformer that runs `transform` on the incoming color.
    public init(_ transform: @escaping (Color) -> Color) {
        self.transform = transform
    }

    /// The color `input` becomes.
    public func callAsFunction(_ input: Color) -> Color { transform(input) }

    /// Makes a color gray, keeping its lightness and opacity.
    public static var grayscale: ConfigurationColorTransformer {
        ConfigurationColorTransformer { color in
            let white = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
            return Color(red: white, green: white, blue: white, alpha: color.alpha)
        }
    }

    /// The tint color (here: the incoming color unchanged, as Lifeloop resolves no tint).
    public static var preferredTint: ConfigurationColorTransformer { ConfigurationColorTransformer { $0 } }

    /// The tint color as a monochrome (here: the incoming color unchanged).
    public static var monochromeTint: ConfigurationColorTransformer { ConfigurationColorTransformer { $0 } }
}

/// A key for an app's own state in a configuration state: UIKit's
/// `UIConfigurationStateCustomKey`.
public struct ConfigurationStateCustomKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public var rawValue: String
    /// A key of this name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A key of this name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The state a configuration is updated for: UIKit's `UIConfigurationState`.
public protocol ConfigurationState {
    /// The trait collection of the view.
    var traitCollection: TraitCollection { get set }
    /// An app's own state value for `key`.
    subscript(key: ConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// A view's state for its configurations: UIKit's `UIViewConfigurationState`.
public struct ViewConfigurationState: ConfigurationState, Hashable {
    /// The trait collection of the view.
    public var traitCollection: TraitCollection
    /// Whether the view is disabled.
    public var isDisabled = false
    /// Whether the view is highlighted (a finger is down on it).
    public var isHighlighted = false
    /// Whether the view is selected.
    public var isSelected = false
    /// Whether the view has focus (always false here: Lifeloop has no focus engine).
    public var isFocused = false
    /// Whether the view is a header pinned to its list's top (data).
    public var isPinned = false
    private var custom: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A normal state in `traitCollection`.
    public init(traitCollection: TraitCollection) {
        self.traitCollection = traitCollection
    }

    /// An app's own state value for `key`.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// A cell's state for its configurations: UIKit's `UICellConfigurationState`, what
/// `updateConfiguration(using:)` and a cell's `configurationUpdateHandler` receive.
public struct CellConfigurationState: ConfigurationState, Hashable {
    /// The state of a cell being dragged: UIKit's `UICellConfigurationDragState` (data).
    public enum DragState: Int, Hashable, Sendable {
        /// Not dragged, lifting, or dragging.
        case none, lifting, dragging
    }

    /// The state of a cell under a drop: UIKit's `UICellConfigurationDropState` (data).
    public enum DropState: Int, Hashable, Sendable {
        /// No drop, a drop that would not land, or one that would.
        case none, notTargeted, targeted
    }

    /// The trait collection of the cell.
    public var traitCollection: TraitCollection
    /// Whether the cell is disabled.
    public var isDisabled = false
    /// Whether the cell is highlighted (a finger is down on it).
    public var isHighlighted = false
    /// Whether the cell is selected.
    public var isSelected = false
    /// Whether the cell has focus (always false here).
    public var isFocused = false
    /// Whether the cell is in editing mode.
    public var isEditing = false
    /// Whether the cell is swiped open to show actions (always false here: rows are not
    /// swiped).
    public var isSwiped = false
    /// Whether the cell's children are shown (an outline's expanded row).
    public var isExpanded = false
    /// Whether the cell is being reordered.
    public var isReordering = false
    /// The cell's drag state (data).
    public var cellDragState: DragState = .none
    /// The cell's drop state (data).
    public var cellDropState: DropState = .none
    private var custom: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A normal state in `traitCollection`.
    public init(traitCollection: TraitCollection) {
        self.traitCollection = traitCollection
    }

    /// An app's own state value for `key`.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// A description of a view's background: UIKit's `UIBackgroundConfiguration`. A cell's
/// ``TableViewCell/backgroundConfiguration`` draws it in a view behind the content; a
/// button configuration's `background` gives the button's fill, corners and stroke.
///
/// Lifeloop draws the color, corner radius and stroke; the insets place the background;
/// ``visualEffect`` draws its flat fill when no color is set; ``customView`` is shown
/// behind the content; ``image`` is kept as data.
public struct BackgroundConfiguration {
    /// The fill color (nil: the tint color for a selected list cell, else none).
    public var backgroundColor: Color?
    /// Changes ``backgroundColor`` before it is drawn.
    public var backgroundColorTransformer: ConfigurationColorTransformer?
    /// The corner radius.
    public var cornerRadius: CGFloat = 0
    /// The stroke's color (nil: no stroke).
    public var strokeColor: Color?
    /// Changes ``strokeColor`` before it is drawn.
    public var strokeColorTransformer: ConfigurationColorTransformer?
    /// The stroke's width.
    public var strokeWidth: CGFloat = 0
    /// How far the stroke lies outside the background (data).
    public var strokeOutset: CGFloat = 0
    /// The insets of the background from the view's edges.
    public var backgroundInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// The edges whose layout margins add to the insets (data).
    public var edgesAddingLayoutMarginsToBackgroundInsets: DirectionalRectEdge = []
    /// A visual effect behind the content (drawn as its flat fill).
    public var visualEffect: VisualEffect?
    /// A view of the app's own behind the content.
    public var customView: View?
    /// An image behind the content (data).
    public var image: Image?
    /// How the image fits (data).
    public var imageContentMode: ContentMode = .scaleToFill

    /// Which list look the configuration was made for: how selection colors it.
    enum Kind: Hashable {
        case clear, listPlain, listGrouped, listSidebar, listAccompaniedSidebar, header
    }
    var kind: Kind

    init(kind: Kind, color: Color?) {
        self.kind = kind
        self.backgroundColor = color
    }

    /// No background.
    public static func clear() -> BackgroundConfiguration { .init(kind: .clear, color: .clear) }
    /// The background of a plain list's cell: white; the selected gray when selected.
    public static func listPlainCell() -> BackgroundConfiguration { .init(kind: .listPlain, color: .systemBackground) }
    /// The background of a plain list's header or footer.
    public static func listPlainHeaderFooter() -> BackgroundConfiguration { .init(kind: .header, color: .systemBackground) }
    /// The background of a grouped list's cell.
    public static func listGroupedCell() -> BackgroundConfiguration {
        .init(kind: .listGrouped, color: .secondarySystemGroupedBackground)
    }
    /// The background of a grouped list's header or footer: none.
    public static func listGroupedHeaderFooter() -> BackgroundConfiguration { .init(kind: .header, color: .clear) }
    /// The background of a sidebar's cell: none until selected.
    public static func listSidebarCell() -> BackgroundConfiguration { .init(kind: .listSidebar, color: .clear) }
    /// The background of a sidebar's header: none.
    public static func listSidebarHeader() -> BackgroundConfiguration { .init(kind: .header, color: .clear) }
    /// The background of a cell in a sidebar beside other content.
    public static func listAccompaniedSidebarCell() -> BackgroundConfiguration {
        .init(kind: .listAccompaniedSidebar, color: .clear)
    }
    /// The background of a list cell (iOS 18's name): as ``listPlainCell()``.
    public static func listCell() -> BackgroundConfiguration { listPlainCell() }
    /// The background of a list header (iOS 18's name).
    public static func listHeader() -> BackgroundConfiguration { listPlainHeaderFooter() }
    /// The background of a list footer (iOS 18's name).
    public static func listFooter() -> BackgroundConfiguration { listPlainHeaderFooter() }

    /// The configuration for `state`: a selected or highlighted list cell takes the
    /// selection color (the system gray for plain and grouped cells, the tint for sidebar
    /// cells); anything else is unchanged.
    public func updated(for state: ConfigurationState) -> BackgroundConfiguration {
        var updated = self
        let selected: Bool
        if let cell = state as? CellConfigurationState {
            selected = cell.isSelected || cell.isHighlighted
        } else if let view = state as? ViewConfigurationState {
            selected = view.isSelected || view.isHighlighted
        } else {
            selected = false
        }
        guard selected else { return updated }
        switch kind {
        case .listPlain, .listGrouped: updated.backgroundColor = .systemGray4
        case .listSidebar, .listAccompaniedSidebar: updated.backgroundColor = .systemBlue
        case .clear, .header: break
        }
        return updated
    }

    /// The color drawn, with the transformer applied; `tintColor` stands in for a nil color.
    public func resolvedBackgroundColor(for tintColor: Color) -> Color {
        let base = backgroundColor ?? visualEffect?.fill(in: .light) ?? tintColor
        return backgroundColorTransformer?(base) ?? base
    }

    /// The stroke color drawn, with the transformer applied.
    public func resolvedStrokeColor(for tintColor: Color) -> Color {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer?(base) ?? base
    }

    /// The fill drawn, or nil for none.
    var drawnColor: Color? {
        guard let base = backgroundColor ?? visualEffect?.fill(in: .light) else { return nil }
        return backgroundColorTransformer?(base) ?? base
    }

    /// The stroke drawn, or nil for none.
    var drawnStroke: (Color, CGFloat)? {
        guard strokeWidth > 0, let base = strokeColor else { return nil }
        return (strokeColorTransformer?(base) ?? base, strokeWidth)
    }

    /// Shows the configuration on `view` (its fill, corners, stroke and custom view),
    /// placed in `bounds` less the insets.
    func apply(to view: View, in bounds: Rect) {
        let insets = backgroundInsets
        let frame = Rect(x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
                         width: max(0, bounds.width - insets.leading - insets.trailing),
                         height: max(0, bounds.height - insets.top - insets.bottom))
        if view.frame != frame { view.frame = frame }
        let color = drawnColor
        if view.backgroundColor != color { view.backgroundColor = color }
        if cornerRadius > 0 || view.layerIfMade != nil {
            view.layer.cornerRadius = cornerRadius
            view.layer.borderWidth = drawnStroke?.1 ?? 0
            view.layer.borderColor = drawnStroke?.0
        } else if let stroke = drawnStroke {
            view.layer.borderWidth = stroke.1
            view.layer.borderColor = stroke.0
        }
        if let customView {
            if customView.superview !== view { view.addSubview(customView) }
            customView.frame = Rect(origin: .zero, size: frame.size)
        }
        for subview in view.subviews where subview !== customView { subview.removeFromSuperview() }
    }
}

extension BackgroundConfiguration: Equatable {
    /// Whether two configurations draw the same (transformers are not compared; custom
    /// views by identity).
    public static func == (lhs: BackgroundConfiguration, rhs: BackgroundConfiguration) -> Bool {
        lhs.backgroundColor == rhs.backgroundColor && lhs.cornerRadius == rhs.cornerRadius
            && lhs.strokeColor == rhs.strokeColor && lhs.strokeWidth == rhs.strokeWidth
            && lhs.strokeOutset == rhs.strokeOutset && lhs.backgroundInsets == rhs.backgroundInsets
            && lhs.edgesAddingLayoutMarginsToBackgroundInsets == rhs.edgesAddingLayoutMarginsToBackgroundInsets
            && lhs.visualEffect == rhs.visualEffect && lhs.customView === rhs.customView && lhs.image == rhs.image
            && lhs.imageContentMode == rhs.imageContentMode && lhs.kind == rhs.kind
    }
}

extension ListContentConfiguration {
    /// The configuration for `state` (unchanged: Lifeloop's list content has no
    /// state-dependent look).
    public func updated(for state: ConfigurationState) -> ListContentConfiguration { self }
}
