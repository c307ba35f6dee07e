import Foundation

/// A row of a table view: UIKit's `UITableViewCell`.
///
/// A cell has a ``contentView`` for its content and, per ``CellStyle``, a ``textLabel``,
/// a ``detailTextLabel`` and an ``imageView``, made on first use and laid out by the
/// cell; or a ``contentConfiguration`` (``ListContentConfiguration``) that fills them.
/// A table reuses cells: ``prepareForReuse()`` runs just before a dequeue returns one.
open class TableViewCell: View {
    /// A new cell of this class in the default style, as UIKit makes a registered class:
    /// nil here; the port step overrides it in an app's subclasses.
    open class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewCell? { nil }

    /// The built-in layouts of a cell's labels: UIKit's `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Hashable, Sendable {
        /// A text label (and an image) on the left.
        case `default`
        /// A text label, and a detail label right-aligned on the right.
        case value1
        /// A right-aligned text label, then a detail label.
        case value2
        /// A text label, and a smaller detail label below it.
        case subtitle
    }

    /// The mark on a cell's trailing side: UIKit's `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Hashable, Sendable {
        /// No mark, a chevron, a detail button with a chevron, a checkmark, or a detail button.
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How a selected cell shows (data): UIKit's `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Hashable, Sendable {
        /// No highlight when selected, a blue, gray or default highlight.
        case none, blue, gray, `default`
    }

    /// What editing does to a row: UIKit's `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Int, Hashable, Sendable {
        /// No editing control, a delete control, or an insert control.
        case none, delete, insert
    }

    /// The cell's style.
    public let style: CellStyle
    /// The identifier its table reuses it by.
    public let reuseIdentifier: String?
    /// The view the cell's content goes in.
    public let contentView: View
    /// The trailing mark.
    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }
    /// A custom trailing view, instead of ``accessoryType``'s mark.
    open var accessoryView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    /// The trailing mark while editing (data).
    open var editingAccessoryType: AccessoryType = .none
    /// How a selected cell shows (data).
    open var selectionStyle: SelectionStyle = .default
    /// Whether the cell is selected; its table sets it.
    open var isSelected = false { didSet { if isSelected != oldValue { cellStateDidChange() } } }
    /// Whether the cell is highlighted (data).
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { cellStateDidChange() } } }
    /// Whether the cell shows its editing controls.
    open var isEditing = false { didSet { if isEditing != oldValue { cellStateDidChange() } } }
    /// Whether the cell shows a reorder control while editing (data: the table shows one on
    /// every editing row its data source lets move; see
    /// ``TableView/showsReorderControl(forRowAt:)``). False by default, as in UIKit.
    open var showsReorderControl = false
    /// The indent level (data).
    open var indentationLevel = 0
    /// The inset of the separator (data).
    open var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// The background view (data, laid out to the bounds).
    open var backgroundView: View?
    /// The background of a selected cell (data).
    open var selectedBackgroundView: View?

    private var storedTextLabel: Label?
    private var storedDetailTextLabel: Label?
    private var storedImageView: ImageView?
    private var storedConfiguration: ContentConfiguration?
    /// The table the cell is displayed in (set while it is).
    weak var table: TableView?
    /// Whether the table gave the cell its grouped background colour and corners (it
    /// keeps them in step with the row's place, and leaves an app's own alone).
    var groupedLookFromTable = false
    /// The background configuration, the update handler and their update state
    /// (CellConfiguration.swift).
    var cellConfigurationStorage: CellConfigurationStorage?

    /// The cell's state for its configurations: selected, highlighted and editing, in its
    /// trait collection. Override it to add state of your own (`state[key] = value`).
    open var configurationState: CellConfigurationState {
        var state = CellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        return state
    }

    /// Updates the cell's configurations for `state`: called at the layout after the
    /// state changes (and before the cell first shows), before
    /// ``configurationUpdateHandler``. Does nothing here; override it to set
    /// ``contentConfiguration`` and ``backgroundConfiguration`` for the state.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Creates a cell of a style with a reuse identifier.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        self.contentView = CellContentView(frame: .zero)
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        contentView.frame = bounds
        contentView.traceLabel = traceLabel + ".contentView"
        addSubview(contentView)
    }

    /// Creates a cell of the default style without a reuse identifier.
    public override convenience init(frame: Rect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Creates a cell from an archive (the default style, no reuse identifier).
    public required init?(coder: NSCoder) {
        self.style = .default
        self.reuseIdentifier = nil
        self.contentView = CellContentView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// Takes a prototype's view from a storyboard as the cell's `textLabel`,
    /// `detailTextLabel` or `imageView` (its `key`); false for another key or view.
    func adopt(_ view: View, as key: String) -> Bool {
        switch (key, view) {
        case ("textLabel", let label as Label) where storedTextLabel == nil: storedTextLabel = label
        case ("detailTextLabel", let label as Label) where storedDetailTextLabel == nil: storedDetailTextLabel = label
        case ("imageView", let image as ImageView) where storedImageView == nil: storedImageView = image
        default: return false
        }
        contentView.addSubview(view)
        return true
    }

    /// The main label, made on first use.
    open var textLabel: Label? {
        if let storedTextLabel { return storedTextLabel }
        let label = Label(frame: .zero)
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The secondary label of the `subtitle`, `value1` and `value2` styles, made on first
    /// use (nil for the `default` style).
    open var detailTextLabel: Label? {
        guard style != .default else { return nil }
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = Label(frame: .zero)
        label.font = .systemFont(ofSize: style == .subtitle ? 12 : 17)
        // A value1 cell's value is grey, as UIKit's (Settings' "Wi-Fi  Home ›").
        if style == .value1 { label.textColor = .secondaryLabel }
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The leading image view, made on first use.
    open var imageView: ImageView? {
        if let storedImageView { return storedImageView }
        let view = ImageView(frame: .zero)
        storedImageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    /// The content configuration: setting one applies it to the cell's labels and image.
    open var contentConfiguration: ContentConfiguration? {
        get { storedConfiguration }
        set {
            storedConfiguration = newValue
            if let list = newValue as? ListContentConfiguration { apply(list) }
        }
    }

    /// A list content configuration for the cell's style (UIKit's default one): `cell()`
    /// for `default`, `subtitleCell()`, `valueCell()` for `value1` and `value2`.
    open func defaultContentConfiguration() -> ListContentConfiguration {
        switch style {
        case .default: return .cell()
        case .subtitle: return .subtitleCell()
        case .value1, .value2: return .valueCell()
        }
    }

    private func apply(_ configuration: ListContentConfiguration) {
        textLabel?.text = configuration.text
        if configuration.secondaryText != nil || storedDetailTextLabel != nil {
            detailTextLabel?.text = configuration.secondaryText
        }
        if configuration.image != nil || storedImageView != nil { imageView?.image = configuration.image }
        setNeedsLayout()
    }

    /// Called just before a dequeue returns this cell for reuse: reset state that is not
    /// content (selection, highlight, editing). Lifeloop records it as `prepareForReuse`.
    open func prepareForReuse() {}

    /// Sets the selected state.
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    /// Sets the highlighted state.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    /// Sets the editing state.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// The height the cell's content asks for at `width`: its Auto Layout fitting size
    /// when its content view has constraints, else the labels' stacked heights (at least
    /// 44).
    func fittingHeight(width: Double) -> Double {
        let fitted = contentView.systemLayoutSizeFitting(Size(width: width, height: 0),
                                                         withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel)
        if fitted.height > 0, contentView.hasConstraintsForFitting { return fitted.height }
        var height = 22.0
        if let text = storedTextLabel { height = max(height, text.intrinsicContentSize.height) }
        if style == .subtitle, let detail = storedDetailTextLabel { height += max(0, detail.intrinsicContentSize.height) }
        return max(44, height + 22)
    }

    /// The cell lays out its content view, background and built-in labels per style.
    override func runBuiltInLayout() {
        runCellConfigurationUpdate()
        let accessoryWidth: CGFloat = accessoryView?.frame.width ?? (accessoryType == .none ? 0 : 34)
        contentView.frame = Rect(x: 0, y: 0, width: max(0, bounds.width - accessoryWidth), height: bounds.height)
        if let accessoryView {
            accessoryView.frame = Rect(x: bounds.width - accessoryWidth, y: (bounds.height - accessoryView.frame.height) / 2,
                                       width: accessoryView.frame.width, height: accessoryView.frame.height)
        }
        backgroundView?.frame = bounds
        let width = contentView.bounds.width
        let height = contentView.bounds.height
        var x = 16.0
        if let image = storedImageView, let size = image.image?.size, size.width > 0 {
            image.frame = Rect(x: x, y: (height - size.height) / 2, width: size.width, height: size.height)
            x += size.width + 16
        }
        let text = storedTextLabel
        let detail = storedDetailTextLabel
        let textSize = text?.intrinsicContentSize ?? .zero
        let detailSize = detail?.intrinsicContentSize ?? .zero
        switch style {
        case .default:
            text?.frame = Rect(x: x, y: (height - textSize.height) / 2, width: max(0, width - x - 16), height: textSize.height)
        case .subtitle:
            let total = textSize.height + detailSize.height
            text?.frame = Rect(x: x, y: (height - total) / 2, width: max(0, width - x - 16), height: textSize.height)
            detail?.frame = Rect(x: x, y: (height - total) / 2 + textSize.height, width: max(0, width - x - 16),
                                 height: detailSize.height)
        case .value1:
            text?.frame = Rect(x: x, y: (height - textSize.height) / 2, width: textSize.width, height: textSize.height)
            detail?.frame = Rect(x: max(x, width - 16 - detailSize.width), y: (height - detailSize.height) / 2,
                                 width: detailSize.width, height: detailSize.height)
        case .value2:
            let column = 0.3 * width
            text?.frame = Rect(x: x, y: (height - textSize.height) / 2, width: max(0, column - x), height: textSize.height)
            detail?.frame = Rect(x: column + 6, y: (height - detailSize.height) / 2,
                                 width: max(0, width - column - 22), height: detailSize.height)
        }
    }

    override func receiveTap() {
        table?.cellWasTapped(self)
    }

    /// The text of its labels, `text / detail`: what tools name a cell by.
    public var summaryText: String? {
        let parts = [storedTextLabel?.text, storedDetailTextLabel?.text].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
    }
}

/// A cell's content view: a tap on it is a tap on the cell.
final class CellContentView: View {
    override func receiveTap() {
        (superview as? TableViewCell)?.receiveTap()
    }
}

extension View {
    /// Whether the view's subtree has constraints to size it by.
    var hasConstraintsForFitting: Bool {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.autoLayoutStateIfMade?.installed.isEmpty == false { return true }
            stack.append(contentsOf: view.subviews)
        }
        return false
    }
}
