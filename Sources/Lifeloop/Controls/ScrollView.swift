/// What a scroll view tells its delegate: UIKit's `UIScrollViewDelegate`, every method
/// optional.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed. Does nothing by default.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// An animated change of the content offset ended. Does nothing by default.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The zoom scale changed. Does nothing by default.
    func scrollViewDidZoom(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
}

/// A view that shows part of a larger content: UIKit's `UIScrollView`. The content offset
/// is the bounds' origin, as in UIKit; size, offset and insets are data (there is no
/// finger to drag them), and setting the offset calls `scrollViewDidScroll`.
open class ScrollView: View {
    /// The size of the content.
    open var contentSize: Size = .zero
    /// Insets around the content.
    open var contentInset: EdgeInsets = .zero
    /// Whether the user may scroll (data).
    open var isScrollEnabled = true
    /// Whether scrolling stops on page boundaries (data).
    open var isPagingEnabled = false
    /// Whether it bounces (data).
    open var bounces = true
    /// Whether it bounces vertically even when the content fits (data).
    open var alwaysBounceVertical = false
    /// Whether it bounces horizontally even when the content fits (data).
    open var alwaysBounceHorizontal = false
    /// Whether the vertical indicator shows (data).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows (data).
    open var showsHorizontalScrollIndicator = true
    /// The zoom scale (data).
    open var zoomScale: CGFloat = 1
    /// The least zoom scale (data).
    open var minimumZoomScale: CGFloat = 1
    /// The greatest zoom scale (data).
    open var maximumZoomScale: CGFloat = 1
    /// How the content insets adjust to the safe area (data).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// The delegate, held weakly.
    open weak var delegate: ScrollViewDelegate?

    /// The ways content insets adjust (data).
    public enum ContentInsetAdjustmentBehavior: Int, Hashable, Sendable {
        /// UIKit's content inset adjustment behaviours.
        case automatic, scrollableAxes, never, always
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The point of the content at the top-left corner: the bounds' origin.
    open var contentOffset: Point {
        get { bounds.origin }
        set {
            guard onLoop("contentOffset"), newValue != bounds.origin else { return }
            bounds = Rect(origin: newValue, size: bounds.size)
            trace("scrollViewDidScroll", detail: newValue.plainDescription)
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Sets the offset; animated or not, it lands at once (a delegate hears
    /// `scrollViewDidEndScrollingAnimation` when animated).
    open func setContentOffset(_ offset: Point, animated: Bool) {
        contentOffset = offset
        if animated { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// Scrolls so that `rect` (in content coordinates) shows.
    open func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }

    /// The content insets with the safe area's (data: the declared insets).
    public var adjustedContentInset: EdgeInsets { contentInset }
}
