/// A minus and a plus button that step a value: UIKit's `UIStepper`, 94×32 points.
///
/// A tap on the right half adds ``stepValue``, on the left half subtracts it (a labelled
/// `app.tap`, at the center, counts as the right half). A step that changes the value
/// records `setValue` with the value in the trace and sends `valueChanged`; a step past
/// an end wraps to the other end when ``wraps`` and otherwise stops there (a step that
/// changes nothing sends nothing). Setting ``value`` from code sends nothing.
open class Stepper: Control {
    /// The value, always within ``minimumValue`` ... ``maximumValue`` (0 by default).
    open var value: Double {
        get { storedValue }
        set {
            guard onLoop("value") else { return }
            storedValue = clamped(newValue)
            setNeedsDisplay()
        }
    }
    private var storedValue: Double = 0
    /// The lowest value (0 by default). Raising it above ``maximumValue`` raises that too
    /// (UIKit keeps the maximum at least the minimum by setting both to the new value); a
    /// value that is not finite is refused with an `invalidArgument` diagnostic.
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            guard onLoop("minimumValue") else { return }
            guard newValue.isFinite else { return refuse("minimumValue \(newValue) is not finite") }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            storedValue = clamped(storedValue)
        }
    }
    private var storedMinimum: Double = 0
    /// The highest value (100 by default). Lowering it below ``minimumValue`` lowers that
    /// too (both take the new value, as in UIKit); a value that is not finite is refused
    /// with an `invalidArgument` diagnostic.
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            guard onLoop("maximumValue") else { return }
            guard newValue.isFinite else { return refuse("maximumValue \(newValue) is not finite") }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            storedValue = clamped(storedValue)
        }
    }
    private var storedMaximum: Double = 100
    /// How much a tap changes the value (1 by default); a value that is not positive is
    /// refused with an `invalidArgument` diagnostic (UIKit throws).
    open var stepValue: Double {
        get { storedStep }
        set {
            guard onLoop("stepValue") else { return }
            guard newValue.isFinite, newValue > 0 else { return refuse("stepValue \(newValue) is not positive") }
            storedStep = newValue
        }
    }
    private var storedStep: Double = 1
    /// Whether stepping past an end wraps to the other end (false by default).
    open var wraps = false
    /// Whether holding a button repeats the step (true by default; data: Lifeloop's taps do
    /// not hold).
    open var autorepeat = true
    /// Whether a held button sends `valueChanged` on each repeat (true by default; data).
    open var isContinuous = true

    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: 94, height: 32)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        frame = Rect(origin: .zero, size: Size(width: 94, height: 32))
    }

    /// A stepper at the origin.
    public convenience init() {
        self.init(frame: .zero)
    }

    open override var intrinsicContentSize: Size { Size(width: 94, height: 32) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    private func clamped(_ value: Double) -> Double {
        guard !value.isNaN else { return storedMinimum }
        return min(max(value, storedMinimum), storedMaximum)
    }

    private func refuse(_ message: String) {
        application?.diagnose(.invalidArgument, label: traceLabel, message: "\(traceLabel): \(message); left unchanged")
    }

    /// The value one step up (`up`) or down from the current one, wrapped or stopped at the end.
    func stepped(up: Bool) -> Double {
        let next = storedValue + (up ? storedStep : -storedStep)
        if next > storedMaximum { return wraps ? storedMinimum : storedMaximum }
        if next < storedMinimum { return wraps ? storedMaximum : storedMinimum }
        return next
    }

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
        step(up: point.x >= bounds.midX)
    }

    override func receiveTap() {
        guard isEnabled else { return }
        step(up: true)
    }

    private func step(up: Bool) {
        guard isEnabled else { return }
        let next = stepped(up: up)
        guard next != storedValue else { return }
        storedValue = next
        setNeedsDisplay()
        trace("setValue", detail: "\(storedValue)")
        sendActions(for: .valueChanged)
    }
}
