import Foundation

/// What a scroll view tells its delegate: UIKit's `UIScrollViewDelegate`, every method
/// optional.
///
/// A drag reports, in order: `scrollViewWillBeginDragging`, `scrollViewDidScroll` per
/// move, `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` (the target may
/// be changed), `scrollViewDidEndDragging(_:willDecelerate:)`, then, when it decelerates,
/// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll` per frame and
/// `scrollViewDidEndDecelerating`. An animated `setContentOffset` reports
/// `scrollViewDidScroll` per frame and `scrollViewDidEndScrollingAnimation`.
public protocol ScrollViewDelegate: AnyObject {
    /// Tells the delegate the content offset changed.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// Tells the delegate the user is about to start dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// Tells the delegate the user lifted the finger, with the velocity and the offset where scrolling will stop (which it may change).
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: UnsafeMutablePointer<Point>)
    /// Tells the delegate a drag ended, and whether the content will decelerate.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// Tells the delegate the content is starting to decelerate.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Tells the delegate the content stopped decelerating.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// Tells the delegate a scrolling animation the scroll view ran ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// Tells the delegate the zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// Asks whether a tap on the status bar should scroll the content to the top.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// Tells the delegate the content scrolled to the top after a status bar tap.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
    /// Tells the delegate the adjusted content inset changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: UnsafeMutablePointer<Point>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    /// Scrolls to the top.
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    /// Does nothing.
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) {}
}

/// A view that shows part of a larger content: UIKit's `UIScrollView`.
///
/// The content offset is the bounds' origin, as in UIKit. Scrolling runs on the app's
/// frame clock: an animated ``setContentOffset(_:animated:)`` and the deceleration after a
/// drag move the offset once per frame of the window's display link, so under the
/// virtual clock they are the same on every run. A drag comes from touches, through the
/// scroll view's ``panGestureRecognizer`` (as on a device), or from code, through
/// ``beginDrag()``, ``drag(by:)`` and ``endDrag(velocity:)``.
open class ScrollView: View {
    /// The size of the content.
    open var contentSize: Size = .zero {
        didSet { if oldValue != contentSize { contentGeometryDidChange() } }
    }
    /// Insets around the content.
    open var contentInset: EdgeInsets = .zero {
        didSet { if oldValue != contentInset { contentGeometryDidChange() } }
    }
    /// Whether the user may scroll: a drag on a scroll view that may not scroll does
    /// nothing.
    open var isScrollEnabled = true
    /// Whether a drag ends on a page boundary (a multiple of the bounds' size).
    open var isPagingEnabled = false
    /// Whether a drag may pull the content past its edges (it springs back on release).
    open var bounces = true
    /// Whether it bounces vertically even when the content fits.
    open var alwaysBounceVertical = false
    /// Whether it bounces horizontally even when the content fits.
    open var alwaysBounceHorizontal = false
    /// Whether the vertical indicator shows (data).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows (data).
    open var showsHorizontalScrollIndicator = true
    /// How far the vertical indicator is inset from the edges (data: Lifeloop draws no
    /// indicators); keyboard-avoiding code sets its bottom with the content inset's.
    open var verticalScrollIndicatorInsets: EdgeInsets = .zero
    /// How far the horizontal indicator is inset from the edges (data).
    open var horizontalScrollIndicatorInsets: EdgeInsets = .zero
    /// Both indicators' insets: UIKit's older `scrollIndicatorInsets` (reads the vertical one).
    open var scrollIndicatorInsets: EdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// Whether a tap on the status bar scrolls to the top (data).
    open var scrollsToTop = true
    /// Whether a drag locks to one axis (data).
    open var isDirectionalLockEnabled = false
    /// The zoom scale (data).
    open var zoomScale: CGFloat = 1
    /// The least zoom scale (data).
    open var minimumZoomScale: CGFloat = 1
    /// The greatest zoom scale (data).
    open var maximumZoomScale: CGFloat = 1
    /// How fast the content slows after a drag: the fraction of its velocity kept per
    /// millisecond (``DecelerationRate/normal`` 0.998, ``DecelerationRate/fast`` 0.99).
    open var decelerationRate: DecelerationRate = .normal
    /// How the content insets take in the safe area (see ``adjustedContentInset``).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if oldValue != contentInsetAdjustmentBehavior { contentGeometryDidChange() } }
    }
    /// The delegate, held weakly.
    open weak var delegate: ScrollViewDelegate?
    /// The pull-to-refresh control: a drag released more than 60 points past the top
    /// pulls it (``RefreshControl/pull()``).
    open var refreshControl: RefreshControl? {
        didSet {
            oldValue?.removeFromSuperview()
            if let refreshControl { addSubview(refreshControl) }
        }
    }

    /// How a drag dismisses the keyboard: `onDrag` makes the window's first responder (a
    /// text field being edited) resign when a drag begins; `interactive` when a drag that
    /// pulled the content down ends (Lifeloop has no keyboard to drag into); `none` (the
    /// default) leaves it.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// The offset when the current drag began, for `interactive` keyboard dismissal.
    var keyboardDragStart: Point?

    /// Whether a finger is on the content (between ``beginDrag()`` and ``endDrag(velocity:)``).
    public private(set) var isTracking = false
    /// Whether the content is being dragged.
    public private(set) var isDragging = false
    /// Whether the content moves on after a drag.
    public private(set) var isDecelerating = false

    /// The ways content insets take in the safe area: UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Hashable, Sendable {
        /// As `scrollableAxes`, and the top and bottom always.
        case automatic
        /// The edges of the axes the content scrolls on (or always bounces on).
        case scrollableAxes
        /// None: ``adjustedContentInset`` is ``contentInset``.
        case never
        /// Every edge.
        case always
    }

    /// How fast a scroll view slows after a drag: UIKit's `UIScrollView.DecelerationRate`.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of the velocity kept per millisecond.
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's default, 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate, 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Whether a touch on the content waits a moment (0.15 s of the loop's clock) before
    /// the content gets `touchesBegan`, so that a drag can take it first; true by default,
    /// as UIKit's. A tap shorter than the wait reaches the content when the finger lifts.
    open var delaysContentTouches = true
    /// Whether a drag may take a touch the content already has (the content gets
    /// `touchesCancelled`); true by default. When false, the content keeps it and the
    /// scroll view does not scroll.
    open var canCancelContentTouches = true
    /// The recognizer that drags the content, made on first use (see ScrollViewPanning.swift).
    var storedPanGestureRecognizer: ScrollViewPanGestureRecognizer?

    /// The running animation or deceleration.
    private var motion: ScrollMotion?
    /// Where the offset would be if the content had no edges, during a drag.
    private var fingerOffset = Point.zero
    /// The adjusted insets last reported to the delegate.
    private var reportedAdjustedInset: EdgeInsets?

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Geometry

    /// The point of the content at the top-left corner: the bounds' origin. A change calls
    /// `scrollViewDidScroll` and marks the view for layout, as UIKit's scroll views do.
    open var contentOffset: Point {
        get { bounds.origin }
        set {
            guard onLoop("contentOffset") else { return }
            applyOffset(newValue)
        }
    }

    /// Sets the bounds' origin and reports it, if it moved.
    func applyOffset(_ offset: Point) {
        guard offset != bounds.origin, offset.x.isFinite, offset.y.isFinite else { return }
        bounds = Rect(origin: offset, size: bounds.size)
        setNeedsLayout()
        trace("scrollViewDidScroll", detail: offset.plainDescription)
        delegate?.scrollViewDidScroll(self)
    }

    /// The content insets with the safe area's, per ``contentInsetAdjustmentBehavior``:
    /// `never` adds none; `always` adds every edge; `scrollableAxes` adds the edges of an
    /// axis whose content is larger than the bounds (or that always bounces); `automatic`
    /// adds the top and bottom always and the sides as `scrollableAxes`.
    open var adjustedContentInset: EdgeInsets {
        let safe = safeAreaInsetsForScrolling
        var insets = contentInset
        let vertical: Bool
        let horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return insets
        case .always: (vertical, horizontal) = (true, true)
        case .scrollableAxes: (vertical, horizontal) = (scrollsVertically, scrollsHorizontally)
        case .automatic: (vertical, horizontal) = (true, scrollsHorizontally)
        }
        if vertical {
            insets.top += safe.top
            insets.bottom += safe.bottom
        }
        if horizontal {
            insets.left += safe.left
            insets.right += safe.right
        }
        return insets
    }

    /// The safe area against the view's frame (not its scrolled content).
    private var safeAreaInsetsForScrolling: EdgeInsets { window == nil ? .zero : safeAreaInsets }

    private var scrollsVertically: Bool { alwaysBounceVertical || contentSize.height > bounds.height }
    private var scrollsHorizontally: Bool { alwaysBounceHorizontal || contentSize.width > bounds.width }

    /// The least content offset: minus the adjusted top and left insets.
    public var minimumContentOffset: Point {
        let insets = adjustedContentInset
        return Point(x: -insets.left, y: -insets.top)
    }

    /// The greatest content offset: the content's far edge (with the adjusted insets) at
    /// the bounds' far edge, and never less than ``minimumContentOffset``.
    public var maximumContentOffset: Point {
        let insets = adjustedContentInset
        let least = minimumContentOffset
        return Point(x: max(least.x, contentSize.width + insets.right - bounds.width),
                     y: max(least.y, contentSize.height + insets.bottom - bounds.height))
    }

    /// `offset` moved inside the offsets the content allows.
    public func clampedContentOffset(_ offset: Point) -> Point {
        let least = minimumContentOffset
        let most = maximumContentOffset
        return Point(x: min(max(offset.x, least.x), most.x), y: min(max(offset.y, least.y), most.y))
    }

    /// A hook for subclasses that keep content in step with the geometry (a table's rows).
    func contentGeometryDidChange() {
        let adjusted = adjustedContentInset
        let previous = reportedAdjustedInset ?? contentInset
        reportedAdjustedInset = adjusted
        guard previous != adjusted else { return }
        // Content resting at the top stays at the top when the top inset changes, as
        // UIKit's does (a table under a status bar starts at minus its height).
        if previous.top != adjusted.top, contentOffset.y == -previous.top, !isDragging, motion == nil {
            applyOffset(Point(x: contentOffset.x, y: -adjusted.top))
        }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// Called when ``adjustedContentInset`` changes.
    open func adjustedContentInsetDidChange() {}

    /// The safe area may have changed since the last layout (a window join, a rotation).
    override func runBuiltInLayout() {
        contentGeometryDidChange()
    }

    // MARK: Programmatic scrolling

    /// Sets the offset. Without animation it lands at once (one `scrollViewDidScroll`);
    /// with animation it moves over 0.3 s of the frame clock, ease-in-out, with
    /// `scrollViewDidScroll` per frame and `scrollViewDidEndScrollingAnimation` at the end.
    /// Out of a window (no display link) an animated change lands at once and still
    /// reports the end of its animation.
    open func setContentOffset(_ offset: Point, animated: Bool) {
        guard onLoop("setContentOffset(_:animated:)") else { return }
        stopMotion()
        guard animated else {
            applyOffset(offset)
            return
        }
        guard let window, let app, offset != contentOffset else {
            applyOffset(offset)
            trace("scrollViewDidEndScrollingAnimation")
            delegate?.scrollViewDidEndScrollingAnimation(self)
            return
        }
        let motion = ScrollMotion(scrollView: self, kind: .animation(from: contentOffset, to: offset,
                                                                      start: app.now.nanoseconds,
                                                                      duration: ScrollMotion.animationDuration))
        self.motion = motion
        app.displayLink(for: window.screen).add(motion)
    }

    /// Scrolls the least distance that shows `rect` (in content coordinates), within the
    /// offsets the content allows.
    open func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard onLoop("scrollRectToVisible(_:animated:)") else { return }
        var offset = contentOffset
        let insets = adjustedContentInset
        let visible = bounds.inset(by: insets)
        if rect.maxX > visible.maxX { offset.x += rect.maxX - visible.maxX }
        if rect.minX < offset.x + insets.left { offset.x = rect.minX - insets.left }
        if rect.maxY > visible.maxY { offset.y += rect.maxY - visible.maxY }
        if rect.minY < offset.y + insets.top { offset.y = rect.minY - insets.top }
        setContentOffset(clampedContentOffset(offset), animated: animated)
    }

    // MARK: Touches

    /// Whether a drag may cancel the touches `view` (in the content) already has: true,
    /// unless `view` is a control, as UIKit's. Asked when the drag would begin, only when
    /// ``canCancelContentTouches`` is true.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// Whether `gestureRecognizer` may begin. For the scroll view's own
    /// ``panGestureRecognizer``: scrolling is enabled, the content can move along the
    /// finger's main direction (or bounces along it), and no touch already went to content
    /// that may not be cancelled (``canCancelContentTouches``, ``touchesShouldCancel(in:)``).
    /// Other recognizers: as a view's.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let table = self as? TableView, let swipe = table.rowSwipeRecognizer, gestureRecognizer === swipe {
            return table.rowSwipeShouldBegin(swipe)
        }
        guard let pan = storedPanGestureRecognizer, gestureRecognizer === pan else {
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
        guard isScrollEnabled else { return false }
        let moved = pan.translation(in: self)
        let mainlyVertical = abs(moved.y) >= abs(moved.x)
        guard mainlyVertical ? (scrollsVertically || alwaysBounceVertical) : (scrollsHorizontally || alwaysBounceHorizontal) else {
            return false
        }
        for view in pan.viewsHoldingTouches() where view !== self {
            guard canCancelContentTouches, touchesShouldCancel(in: view) else { return false }
        }
        return true
    }

    // MARK: Dragging

    /// A finger touches down and starts to drag: stops an animation or deceleration in
    /// flight and calls `scrollViewWillBeginDragging`. Nothing happens when
    /// ``isScrollEnabled`` is false or a drag is already on.
    open func beginDrag() {
        guard onLoop("beginDrag()"), isScrollEnabled, !isDragging else { return }
        // A scroll closes a table's row swiped open, as UIKit's does.
        (self as? TableView)?.closeRowSwipe()
        stopMotion()
        isTracking = true
        isDragging = true
        fingerOffset = contentOffset
        trace("scrollViewWillBeginDragging")
        delegate?.scrollViewWillBeginDragging(self)
        dismissKeyboardAtDragBegin()
    }

    /// The finger moves by `translation` (in the view's coordinates, as a pan's
    /// translation): the content follows it, so the offset moves the other way. Past an
    /// edge the content moves by a rubber band's share of the distance when ``bounces``
    /// is on, and stops at the edge when it is off. Starts a drag if none is on.
    open func drag(by translation: Point) {
        guard onLoop("drag(by:)"), isScrollEnabled else { return }
        if !isDragging { beginDrag() }
        guard isDragging else { return }
        let least = minimumContentOffset
        let most = maximumContentOffset
        let vertical = scrollsVertically || alwaysBounceVertical
        let horizontal = scrollsHorizontally || alwaysBounceHorizontal
        // The finger's own track, as if there were no edges; the offset follows it inside
        // the content and by a rubber band's share of it past an edge.
        if horizontal, translation.x.isFinite { fingerOffset.x -= translation.x }
        if vertical, translation.y.isFinite { fingerOffset.y -= translation.y }
        func follow(_ raw: CGFloat, _ low: CGFloat, _ high: CGFloat, _ span: CGFloat) -> CGFloat {
            if raw < low { return bounces ? low - Self.rubberBand(low - raw, span) : low }
            if raw > high { return bounces ? high + Self.rubberBand(raw - high, span) : high }
            return raw
        }
        applyOffset(Point(x: follow(fingerOffset.x, least.x, most.x, bounds.width),
                          y: follow(fingerOffset.y, least.y, most.y, bounds.height)))
    }

    /// UIKit's rubber band: `(1 - 1 / (x × 0.55 / d + 1)) × d` for a pull of `x` past an
    /// edge of a view `d` long.
    static func rubberBand(_ distance: CGFloat, _ dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (distance * 0.55 / dimension + 1)) * dimension
    }

    /// The finger lifts with `velocity` (points per second, in the view's coordinates,
    /// as a pan's `velocity(in:)`). The delegate hears
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with the content's
    /// velocity in points per millisecond (UIKit's unit) and the offset the deceleration
    /// will reach (paged and within the content), which it may change; then
    /// `scrollViewDidEndDragging(_:willDecelerate:)`; then, if the content still has
    /// somewhere to go, the deceleration runs on the frame clock.
    open func endDrag(velocity: Point = .zero) {
        guard onLoop("endDrag(velocity:)"), isDragging else { return }
        isTracking = false
        // The content moves against the finger.
        let contentVelocity = Point(x: velocity.x.isFinite ? -velocity.x / 1000 : 0,
                                    y: velocity.y.isFinite ? -velocity.y / 1000 : 0)
        let rate = min(0.9999, max(0.5, decelerationRate.rawValue.isFinite ? decelerationRate.rawValue : 0.998))
        let start = contentOffset
        var target = projectedTarget(from: start, velocity: contentVelocity, rate: rate)
        trace("scrollViewWillEndDragging", detail: "velocity=\(contentVelocity.plainDescription) target=\(target.plainDescription)")
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: contentVelocity, targetContentOffset: pointer)
        }
        if !target.x.isFinite || !target.y.isFinite { target = clampedContentOffset(start) }
        isDragging = false
        dismissKeyboardAtDragEnd()
        if let refreshControl, contentOffset.y < minimumContentOffset.y - 60 { refreshControl.pull() }
        let decelerates = target != contentOffset
        trace("scrollViewDidEndDragging", detail: "willDecelerate=\(decelerates)")
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else { return }
        isDecelerating = true
        trace("scrollViewWillBeginDecelerating")
        delegate?.scrollViewWillBeginDecelerating(self)
        guard isDecelerating else { return }
        guard let window, let app else {
            applyOffset(target)
            finishDeceleration()
            return
        }
        let motion = ScrollMotion(scrollView: self, kind: .deceleration(from: contentOffset, to: target,
                                                                         rate: rate, start: app.now.nanoseconds))
        self.motion = motion
        app.displayLink(for: window.screen).add(motion)
    }

    /// Where a release at `velocity` (points per ms) comes to rest at `rate`: UIKit's
    /// projection `v × r / (1 − r)`, then paged, then kept within the content.
    func projectedTarget(from start: Point, velocity: Point, rate: CGFloat) -> Point {
        let factor = rate / (1 - rate)
        var target = Point(x: start.x + velocity.x * factor, y: start.y + velocity.y * factor)
        if isPagingEnabled {
            // The page the drag started on's neighbour in the direction of the release, or
            // the nearest page when the release is slow.
            func page(_ value: CGFloat, _ speed: CGFloat, _ size: CGFloat, _ origin: CGFloat) -> CGFloat {
                guard size > 0 else { return value }
                let position = (value - origin) / size
                let index: CGFloat
                if speed > 0.0005 { index = position.rounded(.down) + 1 }
                else if speed < -0.0005 { index = position.rounded(.up) - 1 }
                else { index = position.rounded() }
                return origin + index * size
            }
            let least = minimumContentOffset
            target = Point(x: page(start.x, velocity.x, bounds.width, least.x),
                           y: page(start.y, velocity.y, bounds.height, least.y))
        }
        if !scrollsHorizontally { target.x = min(max(target.x, minimumContentOffset.x), maximumContentOffset.x) }
        if !scrollsVertically { target.y = min(max(target.y, minimumContentOffset.y), maximumContentOffset.y) }
        return clampedContentOffset(target)
    }

    /// The motion reached its end (called by ``ScrollMotion``).
    func motionDidFinish(_ finished: ScrollMotion) {
        guard motion === finished else { return }
        motion = nil
        switch finished.kind {
        case .animation:
            trace("scrollViewDidEndScrollingAnimation")
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .deceleration:
            finishDeceleration()
        }
    }

    private func finishDeceleration() {
        isDecelerating = false
        trace("scrollViewDidEndDecelerating")
        delegate?.scrollViewDidEndDecelerating(self)
    }

    /// Stops an animation or deceleration where it is (a new drag or offset takes over).
    func stopMotion() {
        guard let running = motion else { return }
        motion = nil
        running.cancel()
        if isDecelerating {
            isDecelerating = false
        }
    }

    /// Whether an animated scroll or a deceleration is under way.
    public var isScrollAnimating: Bool { motion != nil }
}

/// A scroll view's offset moving on the frame clock: an animated `setContentOffset`
/// (ease-in-out over a fixed time) or the deceleration after a drag (the velocity decays
/// by the deceleration rate per millisecond until the content comes to rest at its
/// target).
final class ScrollMotion: FrameClient {
    enum Kind {
        case animation(from: Point, to: Point, start: UInt64, duration: UInt64)
        case deceleration(from: Point, to: Point, rate: CGFloat, start: UInt64)
    }

    /// The time an animated `setContentOffset` takes.
    static let animationDuration: UInt64 = 300_000_000

    unowned(unsafe) let scrollView: ScrollView
    let kind: Kind
    private var cancelled = false

    init(scrollView: ScrollView, kind: Kind) {
        self.scrollView = scrollView
        self.kind = kind
    }

    override var frameWindow: Unmanaged<Window>? { scrollView.window.map { Unmanaged.passUnretained($0) } }

    func cancel() { cancelled = true }

    override func advanceFrame(to now: UInt64) -> Bool {
        if cancelled { return false }
        // A scroll view that left its window stops where it is.
        guard scrollView.window != nil else {
            cancelled = true
            scrollView.stopMotion()
            return false
        }
        let (offset, done) = position(at: now)
        scrollView.applyOffset(offset)
        if done {
            cancelled = true
            scrollView.motionDidFinish(self)
            return false
        }
        return true
    }

    /// The offset at `now`, and whether the motion is over.
    func position(at now: UInt64) -> (Point, Bool) {
        switch kind {
        case .animation(let from, let to, let start, let duration):
            let linear = now <= start ? 0 : Double(now - start) / Double(max(1, duration))
            if linear >= 1 { return (to, true) }
            let fraction = AnimationCurve.easeInOut.value(at: linear)
            return (Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction), false)
        case .deceleration(let from, let to, let rate, let start):
            // x(t) = from + (to − from) × (1 − rᵗ), t in milliseconds: the velocity decays by
            // r per millisecond, and the whole projection is the distance to the target.
            let milliseconds = now <= start ? 0 : Double(now - start) / 1_000_000
            let remaining = pow(Double(rate), milliseconds)
            let offset = Point(x: to.x - (to.x - from.x) * remaining, y: to.y - (to.y - from.y) * remaining)
            let left = max(abs(to.x - offset.x), abs(to.y - offset.y))
            if left < 0.5 || now == .max { return (to, true) }
            return (offset, false)
        }
    }
}
