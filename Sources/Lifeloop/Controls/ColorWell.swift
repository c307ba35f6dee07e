/// A swatch of the selected color that opens a color picker: UIKit's `UIColorWell`,
/// 28×28 points.
///
/// Lifeloop presents no color picker: the user's pick is `app.pick(color, in: well)`,
/// which records `setSelectedColor` in the trace and sends `valueChanged`; setting
/// ``selectedColor`` from code sends nothing, as in UIKit.
open class ColorWell: Control {
    /// The color shown and picked (none by default).
    open var selectedColor: Color? { didSet { setNeedsDisplay() } }
    /// Whether the picker offers opacity (true by default); without it a picked color is
    /// made opaque.
    open var supportsAlpha = true
    /// The picker's title (none by default).
    open var title: String?

    public override init(frame: Rect) {
        super.init(frame: frame.size == .zero ? Rect(origin: frame.origin, size: Size(width: 28, height: 28)) : frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A color well at the origin.
    public convenience init() {
        self.init(frame: .zero)
    }

    open override var intrinsicContentSize: Size { Size(width: 28, height: 28) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// What the user's pick does: the color (opaque unless ``supportsAlpha``) is selected,
    /// recorded as `setSelectedColor` in the trace, and `valueChanged` is sent.
    func userPick(_ color: Color) {
        guard isEnabled else { return }
        var color = color
        if !supportsAlpha { color.alpha = 1 }
        selectedColor = color
        trace("setSelectedColor", detail: ColorWell.traceText(color))
        sendActions(for: .valueChanged)
    }

    /// A color as the trace writes it: its components.
    static func traceText(_ color: Color) -> String {
        "\(color.red),\(color.green),\(color.blue),\(color.alpha)"
    }
}

extension Application {
    /// Picks `color` in `well` as the user would in its color picker (which Lifeloop does
    /// not present): records `pick` on the well, then the well selects the color, records
    /// `setSelectedColor` and sends `valueChanged`. A disabled well changes nothing.
    public func pick(_ color: Color, in well: ColorWell) {
        guard checkLoopThread(label: well.traceLabel, operation: "pick(_:in:)") else { return }
        loop.record(label: well.traceLabel, event: "pick", detail: ColorWell.traceText(color), window: well.window?.traceLabel ?? "")
        well.userPick(color)
    }
}
