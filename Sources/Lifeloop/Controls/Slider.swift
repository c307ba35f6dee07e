/// A bar with a thumb the user drags to pick a value in a range: UIKit's `UISlider`,
/// 31 points high (no intrinsic width).
///
/// A touch that goes down on the thumb (or within 10 points of it) drags it: the value
/// follows the finger along the track, keeping where on the thumb the finger went down.
/// While ``isContinuous`` (the default) each move that changes the value records
/// `setValue` with the value in the trace and sends `valueChanged`; otherwise that happens
/// once, when the finger lifts, if the value changed. A touch elsewhere on the track moves
/// nothing, as in UIKit. Setting ``value`` from code sends nothing.
open class Slider: Control {
    /// The value, always within ``minimumValue`` ... ``maximumValue`` (0 by default).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0
    /// The lowest value (0 by default); raising it above ``value`` raises the value, and
    /// above ``maximumValue`` raises that too.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            storedValue = clamped(storedValue)
        }
    }
    /// The highest value (1 by default); lowering it below ``value`` lowers the value, and
    /// below ``minimumValue`` lowers that too.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            storedValue = clamped(storedValue)
        }
    }
    /// Whether a drag sends `valueChanged` on every move (true) or only when it ends.
    open var isContinuous = true
    /// The color of the track left of the thumb (the tint color when nil).
    open var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The color of the track right of the thumb (a light gray when nil).
    open var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The thumb's color (white when nil).
    open var thumbTintColor: Color? { didSet { setNeedsDisplay() } }
    /// The image at the minimum end (data).
    open var minimumValueImage: Image?
    /// The image at the maximum end (data).
    open var maximumValueImage: Image?

    private var thumbImages: [UInt: Image] = [:]
    private var minimumTrackImages: [UInt: Image] = [:]
    private var maximumTrackImages: [UInt: Image] = [:]

    /// Sets the thumb's image for `state` (nil removes it); drawn as data.
    open func setThumbImage(_ image: Image?, for state: State) { thumbImages[state.rawValue] = image; setNeedsDisplay() }
    /// The thumb's image for `state`, if one was set.
    open func thumbImage(for state: State) -> Image? { thumbImages[state.rawValue] }
    /// The thumb's image for the current state (the normal one when the state has none).
    open var currentThumbImage: Image? { thumbImages[state.rawValue] ?? thumbImages[State.normal.rawValue] }
    /// Sets the image of the track left of the thumb for `state`; drawn as data.
    open func setMinimumTrackImage(_ image: Image?, for state: State) { minimumTrackImages[state.rawValue] = image; setNeedsDisplay() }
    /// The image of the track left of the thumb for `state`, if one was set.
    open func minimumTrackImage(for state: State) -> Image? { minimumTrackImages[state.rawValue] }
    /// Sets the image of the track right of the thumb for `state`; drawn as data.
    open func setMaximumTrackImage(_ image: Image?, for state: State) { maximumTrackImages[state.rawValue] = image; setNeedsDisplay() }
    /// The image of the track right of the thumb for `state`, if one was set.
    open func maximumTrackImage(for state: State) -> Image? { maximumTrackImages[state.rawValue] }

    /// The thumb's size (UIKit's 28-point round thumb).
    static let thumbSize = Size(width: 28, height: 28)
    /// Where on the thumb the dragging finger went down, from the thumb's center.
    private var grabOffset: CGFloat?
    /// The value when the drag began, for a non-continuous slider's single `valueChanged`.
    private var valueAtGrab: Float = 0

    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 31 : frame.height)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A slider at the origin, 31 points high and no wider than zero.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Sets the value, clamped to the range; `animated` is data. Sends nothing.
    open func setValue(_ value: Float, animated: Bool) {
        guard onLoop("setValue(_:animated:)") else { return }
        let new = clamped(value)
        guard new != storedValue else { return }
        storedValue = new
        setNeedsDisplay()
    }

    private func clamped(_ value: Float) -> Float {
        guard !value.isNaN else { return minimumValue }
        return min(max(value, minimumValue), maximumValue)
    }

    /// The track's rectangle in `bounds`: the full width, 4 points high, centered.
    open func trackRect(forBounds bounds: Rect) -> Rect {
        Rect(x: bounds.minX, y: bounds.midY - 2, width: bounds.width, height: 4)
    }

    /// The thumb's rectangle for `value` on `rect` (the track): its center goes from half a
    /// thumb in from the left end (the minimum) to half a thumb in from the right end.
    open func thumbRect(forBounds bounds: Rect, trackRect rect: Rect, value: Float) -> Rect {
        let size = Slider.thumbSize
        let span = Double(maximumValue - minimumValue)
        let fraction = span > 0 ? Double(value - minimumValue) / span : 0
        let travel = max(rect.width - size.width, 0)
        return Rect(x: rect.minX + travel * CGFloat(fraction), y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
    }

    /// The value whose thumb center is at `x` in the slider's coordinates, clamped.
    func value(atThumbCenter x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Slider.thumbSize.width
        guard travel > 0 else { return minimumValue }
        let fraction = min(max((x - track.minX - Slider.thumbSize.width / 2) / travel, 0), 1)
        return clamped(minimumValue + Float(fraction) * (maximumValue - minimumValue))
    }

    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 31) }
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: max(size.width, 0), height: 31) }

    // MARK: Dragging

    /// Tracks a touch that goes down on the thumb (10 points of slop); others are not tracked.
    open override func beginTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool {
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        let point = touch.location(in: self)
        guard thumb.inset(by: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10)).contains(point) else { return false }
        grabOffset = point.x - thumb.midX
        valueAtGrab = storedValue
        return true
    }

    /// Moves the thumb with the finger.
    open override func continueTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool {
        guard let offset = grabOffset else { return true }
        userSet(value(atThumbCenter: touch.location(in: self).x - offset), final: false)
        return true
    }

    /// Places the thumb where the finger lifted and ends the drag.
    open override func endTracking(_ touch: Touch?, with event: Lifeloop.Event?) {
        guard let offset = grabOffset else { return }
        if let touch { userSet(value(atThumbCenter: touch.location(in: self).x - offset), final: true) } else { userSet(storedValue, final: true) }
        grabOffset = nil
    }

    /// Ends the drag where it was.
    open override func cancelTracking(with event: Lifeloop.Event?) {
        if grabOffset != nil { userSet(storedValue, final: true) }
        grabOffset = nil
    }

    /// A value the user's finger gave.
    private func userSet(_ new: Float, final: Bool) {
        let changed = new != storedValue
        if changed {
            storedValue = new
            setNeedsDisplay()
        }
        if isContinuous {
            guard changed else { return }
        } else {
            guard final, storedValue != valueAtGrab else { return }
        }
        trace("setValue", detail: "\(storedValue)")
        sendActions(for: .valueChanged)
    }

    /// A lift over the track is not a press: the slider sends only its touch events.
    override func trackedTouchUpInside() { sendActions(for: .touchUpInside) }
}
