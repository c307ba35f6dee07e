import Foundation

/// A row of segments, one of them selected: UIKit's `UISegmentedControl`, 32 points
/// high, each segment as wide as the widest title needs (or the width it was given).
///
/// A tap selects the segment under the finger (the middle one for a labelled
/// `app.tap`): when that changes the selection it records `selectSegment` with the
/// index in the trace and sends `valueChanged`. A momentary control selects the segment
/// while its actions run, then none. Setting ``selectedSegmentIndex`` from code sends
/// nothing.
open class SegmentedControl: Control {
    /// The index meaning no segment is selected (-1).
    public static let noSegment = -1

    /// One segment's content and state.
    struct Segment {
        var title: String?
        var image: Image?
        var isEnabled = true
        var width: CGFloat = 0
    }

    var segments: [Segment] = []

    /// The selected segment's index, or ``noSegment`` (the default). An index out of range
    /// selects nothing.
    open var selectedSegmentIndex: Int {
        get { storedSelection }
        set {
            guard onLoop("selectedSegmentIndex") else { return }
            storedSelection = segments.indices.contains(newValue) ? newValue : SegmentedControl.noSegment
            setNeedsDisplay()
        }
    }
    private var storedSelection = SegmentedControl.noSegment
    /// Whether a tap selects a segment only while its actions run (false by default).
    open var isMomentary = false
    /// The selected segment's color (a white card when nil).
    open var selectedSegmentTintColor: Color? { didSet { setNeedsDisplay() } }
    /// Whether segments are as wide as their content rather than all as wide as the widest
    /// (false by default).
    open var apportionsSegmentWidthsByContent = false { didSet { invalidateIntrinsicContentSize() } }
    /// The titles' text attributes per state, as set.
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Sets the titles' text attributes (font, color) for `state`; nil removes them. Kept
    /// as data: the titles are measured in the system font.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        guard onLoop("setTitleTextAttributes(_:for:)") else { return }
        titleAttributes[state.rawValue] = attributes
        setNeedsDisplay()
    }

    /// The titles' text attributes for `state`, if set.
    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// The font of the titles (the system font at 13 points).
    static let titleFont = Font.systemFont(ofSize: 13)

    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 32 : frame.height)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A control with a segment for each item: a `String` is a title, an ``Image`` an
    /// image (other items are skipped). Sized to fit its segments, 32 points high.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                segments.append(Segment(title: title))
            } else if let image = item as? Image {
                segments.append(Segment(image: image))
            }
        }
        frame = Rect(origin: .zero, size: intrinsicContentSize)
    }

    /// A control with one segment per action, titled with the action's title; tapping a
    /// segment runs its action.
    public convenience init(frame: Rect, actions: [Action]) {
        self.init(frame: frame)
        for action in actions {
            segments.append(Segment(title: action.title, image: action.image))
            segmentActions.append(action)
        }
    }
    private var segmentActions: [Action?] = []

    /// A control with no segments at the origin.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// The title of the segment at `segment`, nil when it has none or there is no such segment.
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets the title of the segment at `segment` (and removes its image, as UIKit does).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard onLoop("setTitle(_:forSegmentAt:)"), segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsDidChange()
    }

    /// The image of the segment at `segment`.
    open func imageForSegment(at segment: Int) -> Image? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Sets the image of the segment at `segment` (and removes its title, as UIKit does).
    open func setImage(_ image: Image?, forSegmentAt segment: Int) {
        guard onLoop("setImage(_:forSegmentAt:)"), segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsDidChange()
    }

    /// Inserts a titled segment at `segment` (clamped to `0...numberOfSegments`); the
    /// selection stays on the segment it was on. `animated` is data.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment, operation: "insertSegment(withTitle:at:animated:)")
    }

    /// Inserts a segment showing `image` at `segment` (clamped, as above).
    open func insertSegment(with image: Image?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment, operation: "insertSegment(with:at:animated:)")
    }

    /// Inserts a segment for `action` at `segment` (clamped, as above).
    open func insertSegment(action: Action, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image), at: segment, operation: "insertSegment(action:at:animated:)", action: action)
    }

    private func insert(_ new: Segment, at segment: Int, operation: StaticString, action: Action? = nil) {
        guard onLoop(operation) else { return }
        let index = min(max(segment, 0), segments.count)
        segments.insert(new, at: index)
        while segmentActions.count < segments.count - 1 { segmentActions.append(nil) }
        segmentActions.insert(action, at: index)
        if storedSelection != SegmentedControl.noSegment, storedSelection >= index { storedSelection += 1 }
        segmentsDidChange()
    }

    /// Removes the segment at `segment`; removing the selected one selects none.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard onLoop("removeSegment(at:animated:)"), segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if segmentActions.indices.contains(segment) { segmentActions.remove(at: segment) }
        if storedSelection == segment {
            storedSelection = SegmentedControl.noSegment
        } else if storedSelection > segment {
            storedSelection -= 1
        }
        segmentsDidChange()
    }

    /// Removes every segment; none is selected.
    open func removeAllSegments() {
        guard onLoop("removeAllSegments()") else { return }
        segments.removeAll()
        segmentActions.removeAll()
        storedSelection = SegmentedControl.noSegment
        segmentsDidChange()
    }

    /// Enables or disables the segment at `segment`: a tap on a disabled segment does nothing.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard onLoop("setEnabled(_:forSegmentAt:)"), segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        setNeedsDisplay()
    }

    /// Whether the segment at `segment` is enabled (false when there is no such segment).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Sets the width of the segment at `segment`; 0 (the default) sizes it automatically.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard onLoop("setWidth(_:forSegmentAt:)"), segments.indices.contains(segment) else { return }
        segments[segment].width = width.isFinite ? max(width, 0) : 0
        segmentsDidChange()
    }

    /// The width given to the segment at `segment` (0: automatic).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    private func segmentsDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: Size

    /// The width a segment's content needs: its title at 13 points (or its image) plus
    /// UIKit's padding.
    private func contentWidth(_ segment: Segment) -> CGFloat {
        if let title = segment.title { return (SegmentedControl.titleFont.width(of: Substring(title)) + 24).rounded(.up) }
        if let image = segment.image { return image.size.width + 24 }
        return 24
    }

    open override var intrinsicContentSize: Size {
        guard !segments.isEmpty else { return Size(width: 0, height: 32) }
        if apportionsSegmentWidthsByContent {
            let width = segments.reduce(CGFloat(0)) { $0 + ($1.width > 0 ? $1.width : contentWidth($1)) }
            return Size(width: width, height: 32)
        }
        let widest = segments.filter { $0.width == 0 }.map(contentWidth).max() ?? 0
        let width = segments.reduce(CGFloat(0)) { $0 + ($1.width > 0 ? $1.width : widest) }
        return Size(width: width, height: 32)
    }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// The segments' frames across the bounds: fixed widths as given, the rest sharing
    /// what is left (by content when ``apportionsSegmentWidthsByContent``, else equally).
    func segmentFrames() -> [Rect] {
        let fixed = segments.reduce(CGFloat(0)) { $0 + $1.width }
        let automatic = segments.filter { $0.width == 0 }
        let remaining = max(bounds.width - fixed, 0)
        let contentTotal = automatic.reduce(CGFloat(0)) { $0 + contentWidth($1) }
        var x = bounds.minX
        var frames: [Rect] = []
        for segment in segments {
            let width: CGFloat
            if segment.width > 0 {
                width = segment.width
            } else if apportionsSegmentWidthsByContent, contentTotal > 0 {
                width = remaining * contentWidth(segment) / contentTotal
            } else {
                width = remaining / CGFloat(automatic.count)
            }
            frames.append(Rect(x: x, y: bounds.minY, width: width, height: bounds.height))
            x += width
        }
        return frames
    }

    /// The index of the segment at `x` in the control's coordinates (the last one past the
    /// end, the first before the start), nil with no segments.
    func segmentIndex(atX x: CGFloat) -> Int? {
        let frames = segmentFrames()
        guard !frames.isEmpty else { return nil }
        return frames.firstIndex { x < $0.maxX } ?? frames.count - 1
    }

    // MARK: Taps

    /// Where the tracked finger lifted.
    private var liftPoint: Point?

    /// Notes where the finger lifted, for the segment under it.
    open override func endTracking(_ touch: Touch?, with event: Lifeloop.Event?) {
        liftPoint = touch?.location(in: self)
    }

    override func trackedTouchUpInside() {
        let point = liftPoint ?? Point(x: bounds.midX, y: bounds.midY)
        liftPoint = nil
        sendActions(for: .touchUpInside)
        select(atX: point.x)
    }

    override func receiveTap() {
        guard isEnabled else { return }
        select(atX: bounds.midX)
    }

    /// What a finger lifting at `x` does: selects the enabled segment there.
    private func select(atX x: CGFloat) {
        guard isEnabled, let index = segmentIndex(atX: x), segments[index].isEnabled else { return }
        guard isMomentary || index != storedSelection else { return }
        storedSelection = index
        setNeedsDisplay()
        trace("selectSegment", detail: "\(index)")
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        if segmentActions.indices.contains(index), let action = segmentActions[index] { action.perform(sender: self) }
        if isMomentary { storedSelection = SegmentedControl.noSegment }
    }
}
