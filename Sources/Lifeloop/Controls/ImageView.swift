/// A view that shows an image: UIKit's `UIImageView`. Snapshots show the image's name.
open class ImageView: View {
    /// The image.
    open var image: Image? { didSet { setNeedsDisplay() } }
    /// The image when highlighted.
    open var highlightedImage: Image?
    /// Whether it shows the highlighted image.
    open var isHighlighted = false
    /// Images for an animation (data).
    open var animationImages: [Image]?
    /// Whether an animation runs (data: `startAnimating` and `stopAnimating` set it).
    public private(set) var isAnimating = false

    /// An image view the size of `image`.
    public init(image: Image?) {
        self.image = image
        super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    }

    /// An image view with images for both states.
    public init(image: Image?, highlightedImage: Image?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var intrinsicContentSize: Size { image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }

    /// Marks the image view as animating; Lifeloop draws no image frames.
    open func startAnimating() { isAnimating = true }
    /// Marks the image view as no longer animating.
    open func stopAnimating() { isAnimating = false }
}
