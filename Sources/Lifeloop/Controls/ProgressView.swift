/// A bar that fills as a task progresses: UIKit's `UIProgressView`, 4 points high (2.5
/// in the bar style), no intrinsic width.
open class ProgressView: View {
    /// The bar's look: UIKit's `UIProgressView.Style`.
    public enum Style: Int, Hashable, Sendable {
        /// The standard bar, with a track.
        case `default` = 0
        /// The thinner bar a toolbar shows.
        case bar = 1

        /// The style's height in points.
        var height: CGFloat { self == .bar ? 2.5 : 4 }
    }

    /// The style (``Style/default`` by default).
    open var progressViewStyle: Style = .default { didSet { invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    /// How far along, from 0 to 1 (0 by default); other values are clamped.
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// The filled part's color (the tint color when nil).
    open var progressTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The unfilled part's color (a light gray when nil).
    open var trackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The filled part's image (data).
    open var progressImage: Image?
    /// The unfilled part's image (data).
    open var trackImage: Image?

    /// A progress view of `style` at the origin, as high as the style.
    public init(progressViewStyle style: Style) {
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: style.height))
        progressViewStyle = style
    }

    /// A default-style progress view in `frame` (4 points high when the frame has no height).
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 4 : frame.height)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A default-style progress view at the origin.
    public convenience init() {
        self.init(progressViewStyle: .default)
    }

    /// Sets the progress, clamped to 0...1; `animated` is data.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard onLoop("setProgress(_:animated:)") else { return }
        let new = progress.isNaN ? 0 : min(max(progress, 0), 1)
        guard new != storedProgress else { return }
        storedProgress = new
        setNeedsDisplay()
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: progressViewStyle.height) }
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: max(size.width, 0), height: progressViewStyle.height) }
}
