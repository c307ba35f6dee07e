/// A spinner that shows work in progress: UIKit's `UIActivityIndicatorView`, 20×20 points
/// (37×37 in the large styles).
///
/// It is hidden while stopped when ``hidesWhenStopped`` (the default), so a new one is
/// hidden until ``startAnimating()``, as in UIKit. Lifeloop draws no frames of the spin:
/// ``isAnimating`` is the state.
open class ActivityIndicatorView: View {
    /// The indicator's look: UIKit's `UIActivityIndicatorView.Style` (raw values as UIKit's).
    public enum Style: Int, Hashable, Sendable {
        /// A large white indicator (deprecated in iOS 13: use ``large`` with a color).
        case whiteLarge = 0
        /// A white indicator (deprecated in iOS 13: use ``medium`` with a color).
        case white = 1
        /// A gray indicator (deprecated in iOS 13: use ``medium``).
        case gray = 2
        /// The medium indicator, 20×20.
        case medium = 100
        /// The large indicator, 37×37.
        case large = 101

        /// Whether the style is one of the large ones.
        var isLarge: Bool { self == .large || self == .whiteLarge }
        /// The style's side in points.
        var side: CGFloat { isLarge ? 37 : 20 }
        /// The style's own color: white for the white styles, gray for the others.
        var defaultColor: Color { self == .white || self == .whiteLarge ? .white : .gray }
    }

    /// The style; setting it resizes the intrinsic size and resets the color to the style's.
    open var style: Style = .medium {
        didSet {
            color = style.defaultColor
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    /// The spinner's color (white for the white styles, gray otherwise).
    open var color: Color! = .gray { didSet { setNeedsDisplay() } }
    /// Whether the indicator is hidden while stopped (true by default); setting it while
    /// stopped hides or shows the indicator at once.
    open var hidesWhenStopped = true {
        didSet { if !storedAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether it is spinning.
    open var isAnimating: Bool { storedAnimating }
    private var storedAnimating = false

    /// An indicator of `style` at the origin, sized for the style, hidden until it starts.
    public init(style: Style) {
        super.init(frame: Rect(origin: .zero, size: Size(width: style.side, height: style.side)))
        self.style = style
        color = style.defaultColor
        isHidden = hidesWhenStopped
    }

    /// A medium indicator in `frame` (20×20 when the frame is empty), hidden until it starts.
    public override init(frame: Rect) {
        super.init(frame: frame.size == .zero ? Rect(origin: frame.origin, size: Size(width: 20, height: 20)) : frame)
        isHidden = hidesWhenStopped
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = hidesWhenStopped
    }

    /// A medium indicator at the origin.
    public convenience init() {
        self.init(style: .medium)
    }

    /// Starts spinning, and shows the indicator.
    open func startAnimating() {
        guard onLoop("startAnimating()") else { return }
        storedAnimating = true
        if hidesWhenStopped { isHidden = false }
        setNeedsDisplay()
    }

    /// Stops spinning, and hides the indicator when ``hidesWhenStopped``.
    open func stopAnimating() {
        guard onLoop("stopAnimating()") else { return }
        storedAnimating = false
        if hidesWhenStopped { isHidden = true }
        setNeedsDisplay()
    }

    open override var intrinsicContentSize: Size { Size(width: style.side, height: style.side) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }
}
