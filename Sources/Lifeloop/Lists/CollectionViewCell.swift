import Foundation

/// A view a collection view reuses (a supplementary view such as a section header, and
/// the base of cells): UIKit's `UICollectionReusableView`.
///
/// The collection sets ``reuseIdentifier`` when it makes the view, applies the layout's
/// attributes through ``apply(_:)`` (so the view has its size inside the data source's
/// call) and calls ``prepareForReuse()`` just before a dequeue returns a waiting view.
open class CollectionReusableView: View {
    /// The identifier the collection reuses the view by (set when the collection makes it).
    open internal(set) var reuseIdentifier: String?

    /// A new view of this class with a zero frame, as UIKit makes a registered class:
    /// nil here; the port step overrides it in an app's subclasses (Swift makes a class's
    /// instance from its metatype only through a required initializer).
    open class func lifeloopMakeReusable() -> CollectionReusableView? { nil }
    /// A view the data source's default answer made: not shown.
    var isPlaceholder = false
    /// The supplementary pool the view returns to (its kind and identifier).
    var poolKey: String?

    /// Creates a view with a frame.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates a view from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called just before a dequeue returns this view for reuse: reset state that is not
    /// content. Lifeloop records it as `prepareForReuse`.
    open func prepareForReuse() {}

    /// Takes the layout's attributes: frame, alpha, hidden.
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
        if frame != layoutAttributes.frame { frame = layoutAttributes.frame }
        if alpha != layoutAttributes.alpha { alpha = layoutAttributes.alpha }
        if isHidden != layoutAttributes.isHidden { isHidden = layoutAttributes.isHidden }
    }

    /// The attributes the view asks for when its layout self-sizes (an estimated size):
    /// the Auto Layout fitting size of its content when it has constraints, otherwise
    /// `layoutAttributes` unchanged.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes {
        let fitted = layoutAttributes.copy() as! CollectionViewLayoutAttributes
        let root = fittingRoot
        guard root.hasConstraintsForFitting else { return fitted }
        let size = root.systemLayoutSizeFitting(layoutAttributes.size, withHorizontalFittingPriority: .fittingSizeLevel,
                                                verticalFittingPriority: .fittingSizeLevel)
        if size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite { fitted.size = size }
        return fitted
    }

    /// The view whose constraints size it (a cell's content view).
    var fittingRoot: View { self }
}

/// A subclass of ``CollectionReusableView`` (or ``CollectionViewCell``) a collection can
/// make from its class: `register(MyCell.self, forCellWithReuseIdentifier:)` and a
/// `CellRegistration<MyCell, Item>` call its `init(frame:)`.
///
/// Swift makes a subclass from its class object only through an initializer a protocol
/// requires (UIKit uses the Objective-C runtime). A `final` class conforms with an empty
/// extension, `extension MyCell: ReusableCollectionView {}`; a class that is
/// subclassed marks its `init(frame:)` `required`.
public protocol ReusableCollectionView: CollectionReusableView {
    /// A new view with a frame.
    init(frame: Rect)
}

/// An item of a collection view: UIKit's `UICollectionViewCell`.
///
/// Content goes in ``contentView``. A tap on the cell (or on a view inside it that takes no
/// taps itself) selects its item.
open class CollectionViewCell: CollectionReusableView {
    /// The view the cell's content goes in, the size of the cell.
    public let contentView: View
    /// Whether the cell is selected; its collection sets it.
    open var isSelected = false { didSet { if isSelected != oldValue { cellStateDidChange() } } }
    /// Whether the cell is highlighted; its collection sets it while a tap is down.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { cellStateDidChange() } } }
    /// The view behind the content (laid out to the bounds).
    open var backgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// The view behind the content of a selected cell (data).
    open var selectedBackgroundView: View?
    /// The content configuration: a ``ListContentConfiguration`` shows its text in a
    /// label of the content view.
    open var contentConfiguration: ContentConfiguration? {
        didSet {
            if let list = contentConfiguration as? ListContentConfiguration { apply(list) }
        }
    }
    /// The collection the cell shows in (set while it does).
    weak var collection: CollectionView?
    /// The background configuration, the update handler and their update state
    /// (CellConfiguration.swift).
    var cellConfigurationStorage: CellConfigurationStorage?

    /// The cell's state for its configurations: selected and highlighted, in its trait
    /// collection. Override it to add state of your own (`state[key] = value`).
    open var configurationState: CellConfigurationState {
        var state = CellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    /// Updates the cell's configurations for `state`: called at the layout after the
    /// state changes (and before the cell first shows), before
    /// ``configurationUpdateHandler``. Does nothing here; override it to set
    /// ``contentConfiguration`` and ``backgroundConfiguration`` for the state.
    open func updateConfiguration(using state: CellConfigurationState) {}
    private var configurationLabel: Label?

    /// Creates a cell with a frame.
    public override init(frame: Rect) {
        contentView = CollectionCellContentView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.traceLabel = traceLabel + ".contentView"
        addSubview(contentView)
    }

    /// Creates a cell from an archive.
    public required init?(coder: NSCoder) {
        contentView = CollectionCellContentView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// A list content configuration (UIKit's default one for a cell).
    open func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

    private func apply(_ configuration: ListContentConfiguration) {
        let label = configurationLabel ?? Label(frame: .zero)
        if configurationLabel == nil {
            configurationLabel = label
            contentView.addSubview(label)
        }
        label.text = [configuration.text, configuration.secondaryText].compactMap { $0 }.joined(separator: "\n")
        setNeedsLayout()
    }

    override var fittingRoot: View { contentView }

    /// The cell lays out its content view and background view to its bounds.
    override func runBuiltInLayout() {
        runCellConfigurationUpdate()
        if contentView.frame != bounds { contentView.frame = Rect(origin: .zero, size: bounds.size) }
        backgroundView?.frame = bounds
        if let configurationLabel {
            configurationLabel.frame = Rect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
        }
    }

    override func receiveTap() {
        collection?.cellWasTapped(self)
    }

    /// The texts of the labels inside it, in subview order, joined by " / ": what tools
    /// name a cell by.
    public var summaryText: String? {
        var texts: [String] = []
        var stack: [View] = [contentView]
        while let view = stack.popLast() {
            if let label = view as? Label, let text = label.text, !text.isEmpty { texts.append(text) }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return texts.isEmpty ? nil : texts.joined(separator: " / ")
    }
}

/// A collection cell's content view: a tap on it is a tap on the cell.
final class CollectionCellContentView: View {
    override func receiveTap() {
        (superview as? CollectionViewCell)?.receiveTap()
    }
}
