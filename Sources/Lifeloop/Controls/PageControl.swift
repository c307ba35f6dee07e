/// A row of dots, one per page, the current one highlighted: UIKit's `UIPageControl`,
/// 26 points high and as wide as its dots.
///
/// A tap on the right half moves to the next page, on the left half to the previous one
/// (a labelled `app.tap`, at the center, counts as the right half); a move records
/// `setCurrentPage` with the page in the trace and sends `valueChanged` (a tap at either
/// end that moves nothing sends nothing). Setting ``currentPage`` from code sends nothing.
open class PageControl: Control {
    /// How many pages (dots) there are (0 by default); the current page stays within them.
    open var numberOfPages: Int {
        get { storedPages }
        set {
            guard onLoop("numberOfPages") else { return }
            storedPages = max(newValue, 0)
            storedPage = clampedPage(storedPage)
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    private var storedPages = 0
    /// The current page, within `0..<numberOfPages` (0 by default).
    open var currentPage: Int {
        get { storedPage }
        set {
            guard onLoop("currentPage") else { return }
            storedPage = clampedPage(newValue)
            setNeedsDisplay()
        }
    }
    private var storedPage = 0
    /// Whether a control with one page shows nothing (false by default; drawing only: the
    /// control is not hidden).
    open var hidesForSinglePage = false { didSet { setNeedsDisplay() } }
    /// The color of the other pages' dots (a translucent gray when nil).
    open var pageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The color of the current page's dot (a solid gray when nil).
    open var currentPageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
    /// Whether the dots wait for ``updateCurrentPageDisplay()`` before showing a tapped page
    /// (false by default; data).
    open var defersCurrentPageDisplay = false

    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 26 : frame.height)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A page control with no pages at the origin.
    public convenience init() {
        self.init(frame: .zero)
    }

    private func clampedPage(_ page: Int) -> Int {
        min(max(page, 0), max(storedPages - 1, 0))
    }

    /// The size the dots of `pageCount` pages need: 16 points a dot and 12 at each end,
    /// 26 high.
    open func size(forNumberOfPages pageCount: Int) -> Size {
        Size(width: pageCount > 0 ? CGFloat(pageCount) * 16 + 24 : 0, height: 26)
    }

    /// Shows the current page on the dots (for ``defersCurrentPageDisplay``).
    open func updateCurrentPageDisplay() { setNeedsDisplay() }

    open override var intrinsicContentSize: Size { size(forNumberOfPages: storedPages) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    // MARK: Taps

    /// Where the tracked finger lifted.
    private var liftPoint: Point?

    /// Notes where the finger lifted, for the half under it.
    open override func endTracking(_ touch: Touch?, with event: Lifeloop.Event?) {
        liftPoint = touch?.location(in: self)
    }

    override func trackedTouchUpInside() {
        let point = liftPoint ?? Point(x: bounds.midX, y: bounds.midY)
        liftPoint = nil
        sendActions(for: .touchUpInside)
        move(forward: point.x >= bounds.midX)
    }

    override func receiveTap() {
        guard isEnabled else { return }
        move(forward: true)
    }

    private func move(forward: Bool) {
        guard isEnabled else { return }
        let next = clampedPage(storedPage + (forward ? 1 : -1))
        guard next != storedPage else { return }
        storedPage = next
        setNeedsDisplay()
        trace("setCurrentPage", detail: "\(storedPage)")
        sendActions(for: .valueChanged)
    }
}
