import Foundation

/// How a date picker shows its date: UIKit's `UIDatePickerStyle`.
public enum DatePickerStyle: Int, Hashable, Sendable {
    /// The system's choice: ``compact``, or ``wheels`` for a countdown timer.
    case automatic = 0
    /// Spinning wheels, 320×216.
    case wheels = 1
    /// A button-sized label that opens an editor, 34 points high.
    case compact = 2
    /// A calendar (and time) shown in place.
    case inline = 3
}

/// A control for picking a date and time: UIKit's `UIDatePicker`.
///
/// Lifeloop has no wheel or calendar gestures: the user's pick is
/// `app.pick(date, in: picker)`, which records `setDate` in the trace and sends
/// `valueChanged`; setting ``date`` from code sends nothing, as in UIKit.
///
/// The default ``date`` is the app's clock, not the wall clock: ``clockEpoch`` (2001-01-01
/// 00:00:00 UTC) plus the time ``Application/now`` gives when the picker is made (the loop's
/// time since its origin, virtual in a virtual-clock run), so a run makes the same date
/// every time. Apps that want today set ``date`` themselves.
open class DatePicker: Control {
    /// What the picker picks: UIKit's `UIDatePicker.Mode` (raw values as UIKit's).
    public enum Mode: Int, Hashable, Sendable {
        /// An hour and minute.
        case time = 0
        /// A day, month and year.
        case date = 1
        /// A date and a time (the default).
        case dateAndTime = 2
        /// A duration in hours and minutes (``DatePicker/countDownDuration``).
        case countDownTimer = 3
        /// A month and year.
        case yearAndMonth = 4
    }

    /// The date the app's clock origin stands for: 2001-01-01 00:00:00 UTC
    /// (`Date(timeIntervalSinceReferenceDate: 0)`). A new picker's date is this plus the
    /// app's ``Application/now``.
    public static let clockEpoch = Date(timeIntervalSinceReferenceDate: 0)

    /// The date the app's clock reads at `instant`, from ``clockEpoch``.
    static func date(at instant: LoopInstant?) -> Date {
        clockEpoch.addingTimeInterval(Double(instant?.nanoseconds ?? 0) / 1e9)
    }

    /// The date shown (by default the app's clock when the picker was made: see the type's
    /// notes). Setting it sends nothing.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    private var storedDate = DatePicker.clockEpoch
    /// What the picker picks (``Mode/dateAndTime`` by default).
    open var datePickerMode: Mode = .dateAndTime { didSet { invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    /// The style the app asks for (``DatePickerStyle/automatic`` by default).
    open var preferredDatePickerStyle: DatePickerStyle = .automatic { didSet { invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    /// The style it shows: the preferred one, with `automatic` resolved to compact (wheels
    /// for a countdown timer, which has only wheels).
    open var datePickerStyle: DatePickerStyle {
        if datePickerMode == .countDownTimer { return .wheels }
        return preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }
    /// The earliest date the user may pick (none by default).
    open var minimumDate: Date?
    /// The latest date the user may pick (none by default).
    open var maximumDate: Date?
    /// The minute wheel's step, a divisor of 60 from 1 to 30 (1 by default); any other value
    /// sets the default, as in UIKit.
    open var minuteInterval: Int {
        get { storedMinuteInterval }
        set {
            guard onLoop("minuteInterval") else { return }
            storedMinuteInterval = (1...30).contains(newValue) && 60 % newValue == 0 ? newValue : 1
        }
    }
    private var storedMinuteInterval = 1
    /// The locale of the wheels' text (nil, the default: the system's; data).
    open var locale: Locale?
    /// The time zone dates show in (nil, the default: the system's; data).
    open var timeZone: TimeZone?
    /// The calendar (Gregorian by default; data).
    open var calendar: Calendar! = Calendar(identifier: .gregorian)
    /// A countdown timer's duration in seconds, from 0 to 23 hours 59 minutes (0 by default);
    /// other values are clamped.
    open var countDownDuration: TimeInterval {
        get { storedCountDown }
        set {
            guard onLoop("countDownDuration") else { return }
            storedCountDown = newValue.isNaN ? 0 : min(max(newValue, 0), 86_340)
        }
    }
    private var storedCountDown: TimeInterval = 0
    /// Whether a time is rounded to ``minuteInterval`` when shown (true by default; data).
    open var roundsToMinuteInterval = true

    /// A picker in `frame` (its style's size when the frame is empty), showing the app's clock.
    public override init(frame: Rect) {
        super.init(frame: frame)
        storedDate = DatePicker.date(at: application?.now)
        if frame.size == .zero { self.frame = Rect(origin: frame.origin, size: intrinsicContentSize) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        storedDate = DatePicker.date(at: application?.now)
    }

    /// A picker at the origin, sized for its style.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// Sets the date; `animated` is data. Sends nothing.
    open func setDate(_ date: Date, animated: Bool) {
        guard onLoop("setDate(_:animated:)") else { return }
        guard date != storedDate else { return }
        storedDate = date
        setNeedsDisplay()
    }

    /// `date` within ``minimumDate`` and ``maximumDate``.
    func clamped(_ date: Date) -> Date {
        var date = date
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        return date
    }

    /// What the user's pick does: the date (clamped to the range) is set, recorded as
    /// `setDate` with the date in ISO 8601 (UTC) in the trace, and `valueChanged` is sent.
    func userPick(_ date: Date) {
        guard isEnabled else { return }
        storedDate = clamped(date)
        setNeedsDisplay()
        trace("setDate", detail: DatePicker.traceText(storedDate))
        sendActions(for: .valueChanged)
    }

    /// A date as the trace writes it: ISO 8601 in UTC, whole seconds.
    static func traceText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The size of the style shown: wheels 320×216; compact 34 high (about 120 wide for a
    /// date or a month, 90 for a time, 200 for both); inline 320 wide (a calendar 360
    /// high, 400 with the time; a time alone as compact). Approximations of UIKit's.
    open override var intrinsicContentSize: Size {
        let compact: Size = switch datePickerMode {
        case .time: Size(width: 90, height: 34)
        case .dateAndTime: Size(width: 200, height: 34)
        default: Size(width: 120, height: 34)
        }
        switch datePickerStyle {
        case .wheels, .automatic: return Size(width: 320, height: 216)
        case .compact: return compact
        case .inline:
            switch datePickerMode {
            case .time: return compact
            case .dateAndTime: return Size(width: 320, height: 400)
            default: return Size(width: 320, height: 360)
            }
        }
    }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }
}

extension Application {
    /// Picks `date` in `picker` as the user would on its wheels or calendar (which
    /// Lifeloop has no gestures for): records `pick` on the picker, then the picker takes
    /// the date (clamped to its minimum and maximum), records `setDate` and sends
    /// `valueChanged`. A disabled picker changes nothing.
    public func pick(_ date: Date, in picker: DatePicker) {
        guard checkLoopThread(label: picker.traceLabel, operation: "pick(_:in:)") else { return }
        loop.record(label: picker.traceLabel, event: "pick", detail: DatePicker.traceText(date),
                    window: picker.window?.traceLabel ?? "")
        picker.userPick(date)
    }
}
