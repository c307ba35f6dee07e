/// A button: UIKit's `UIButton`. A tap sends `touchUpInside` and `primaryActionTriggered`
/// (recorded in the trace) and runs the actions added for them; snapshots show its title.
open class Button: Control {
    /// The kinds of button.
    public enum ButtonType: Int, Hashable, Sendable {
        /// UIKit's button types.
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
        /// The rounded-rect button of old, now `system`.
        public static let roundedRect = ButtonType.system
    }

    /// The button's kind.
    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]
    private var images: [UInt: Image] = [:]
    private var backgroundImages: [UInt: Image] = [:]
    /// The label that shows the title, made with the button.
    public let titleLabel: Label?
    /// The image view that shows the image, made with the button.
    public let imageView: ImageView?
    /// Insets around the content (data).
    open var contentEdgeInsets: EdgeInsets = .zero
    /// Insets around the title (data).
    open var titleEdgeInsets: EdgeInsets = .zero
    /// Insets around the image (data).
    open var imageEdgeInsets: EdgeInsets = .zero
    /// The menu a long press opens (a tap, with ``showsMenuAsPrimaryAction``).
    open var menu: Menu?
    /// Whether a tap opens ``menu`` instead of sending the primary action.
    open var showsMenuAsPrimaryAction = false
    /// The configuration, its update handler and their update state (ButtonConfiguration.swift).
    var configurationStorage: ButtonConfigurationStorage?

    /// A button of a kind; a `system` button's title is the tint color.
    public init(type: ButtonType) {
        buttonType = type
        (titleLabel, imageView) = Button.makeParts()
        super.init(frame: .zero)
        titleLabel?.font = .systemFont(ofSize: 18)
        if type == .contactAdd { images[0] = Image(systemName: "plus.circle") }
        if type == .close { images[0] = Image(systemName: "xmark.circle.fill") }
        if type == .detailDisclosure || type == .infoLight || type == .infoDark { images[0] = Image(systemName: "info.circle") }
        refreshContent()
    }

    /// A `system` button whose tap runs `primaryAction`, titled with its title.
    public convenience init(type: ButtonType = .system, primaryAction: Action?) {
        self.init(type: type)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// A custom button with a frame.
    public override init(frame: Rect) {
        buttonType = .custom
        (titleLabel, imageView) = Button.makeParts()
        super.init(frame: frame)
        titleLabel?.font = .systemFont(ofSize: 18)
        refreshContent()
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        (titleLabel, imageView) = Button.makeParts()
        super.init(coder: coder)
        refreshContent()
    }

    /// The title label and image view: not subviews, and of no app, so they take no
    /// number from the app's labels and make no trace events.
    private static func makeParts() -> (Label, ImageView) {
        ThreadContext.detached { (Label(frame: .zero), ImageView(frame: .zero)) }
    }

    /// Sets the title for a state (`normal`'s shows when a state has none).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refreshContent()
        invalidateIntrinsicContentSize()
    }

    /// The title for a state, falling back to `normal`'s.
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }

    /// Sets the title color for a state.
    open func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state.rawValue] = color
        refreshContent()
    }

    /// The title color for a state.
    open func titleColor(for state: State) -> Color? {
        titleColors[state.rawValue] ?? titleColors[0] ?? (buttonType == .custom ? .white : tintColor)
    }

    /// Sets the image for a state.
    open func setImage(_ image: Image?, for state: State) {
        images[state.rawValue] = image
        refreshContent()
    }

    /// The image for a state.
    open func image(for state: State) -> Image? { images[state.rawValue] ?? images[0] }

    /// Sets the background image for a state (data).
    open func setBackgroundImage(_ image: Image?, for state: State) {
        backgroundImages[state.rawValue] = image
    }

    /// The background image for a state.
    open func backgroundImage(for state: State) -> Image? { backgroundImages[state.rawValue] ?? backgroundImages[0] }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }
    /// The title color shown now.
    public var currentTitleColor: Color { titleColor(for: state) ?? .black }
    /// The image shown now.
    public var currentImage: Image? { image(for: state) }

    open override var isEnabled: Bool { didSet { refreshContent(); configurationStateDidChange() } }
    open override var isSelected: Bool { didSet { refreshContent(); configurationStateDidChange() } }
    open override var isHighlighted: Bool { didSet { refreshContent(); configurationStateDidChange() } }

    /// Updates the button's ``configuration`` for its state: UIKit calls it when the state
    /// or configuration changes, at the next layout, before ``configurationUpdateHandler``.
    /// Does nothing here; override it to set ``configuration`` for the button's `state`.
    open func updateConfiguration() {}

    /// A pending configuration update runs, and a configured button's corners and activity
    /// indicator follow its size.
    override func runBuiltInLayout() {
        runConfigurationLayout()
    }

    /// Shows a configuration's title, color, image and title font for every state,
    /// without the overridable setters (a configuration replaces per-state titles).
    func showConfigured(title: String?, color: Color, image: Image?, font: Font) {
        titles = title.map { [0: $0] } ?? [:]
        titleColors = [0: color]
        images = image.map { [0: $0] } ?? [:]
        if titleLabel?.font != font { titleLabel?.font = font }
        refreshContent()
        invalidateIntrinsicContentSize()
    }

    /// The title's size plus the image's and the insets: a 30-point-high minimum.
    open override var intrinsicContentSize: Size {
        let title = titleLabel.map { $0.font.size(of: currentTitle ?? "") } ?? .zero
        let image = currentImage?.size ?? .zero
        let extra = configurationExtraSize
        let width = title.width + image.width + contentEdgeInsets.left + contentEdgeInsets.right + extra.width
        let height = max(title.height, image.height) + contentEdgeInsets.top + contentEdgeInsets.bottom + extra.height
        return Size(width: width, height: max(30, height))
    }

    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    private func refreshContent() {
        titleLabel?.text = currentTitle
        titleLabel?.textColor = titleColor(for: state)
        titleLabel?.textAlignment = .center
        imageView?.image = currentImage
        setNeedsDisplay()
    }

    /// The button's own tint follows its superview's: refresh the title color.
    open override func tintColorDidChange() {
        refreshContent()
        applyConfiguration()
    }
}
