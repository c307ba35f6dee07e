/// An on/off switch: UIKit's `UISwitch`, 51×31 points. A tap flips it and sends
/// `valueChanged` (recorded in the trace with the new value).
open class Switch: Control {
    /// Whether it is on.
    open var isOn = false { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// The color of the track when on (green by default).
    open var onTintColor: Color? = .systemGreen
    /// The thumb's color (white by default).
    open var thumbTintColor: Color? = .white

    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: 51, height: 31)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame = Rect(origin: .zero, size: Size(width: 51, height: 31))
    }

    /// A switch at the origin.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Sets the state; `animated` is data.
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    override func trackedTouchUpInside() { receiveTap() }

    override func receiveTap() {
        guard isEnabled else { return }
        isOn.toggle()
        trace("setOn", detail: isOn ? "on" : "off")
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }
}
