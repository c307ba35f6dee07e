/// A closure a control runs for an event: UIKit's `UIAction`. (Target-action,
/// `addTarget(_:action:for:)`, works too, with selectors the port step makes.)
public final class Action {
    /// An action's identity, for `removeAction(identifiedBy:for:)`.
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier with this name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title menus and bar items show.
    public var title: String
    /// The image menus and bar items show.
    public var image: Image?
    /// The identity: as given, else unique to this action.
    public var identifier: Identifier { storedIdentifier ?? Identifier("\(ObjectIdentifier(self))") }
    private let storedIdentifier: Identifier?
    /// The control (or bar item) that sent the action, while the handler runs.
    public internal(set) var sender: Any?
    let handler: (Action) -> Void
    /// The target and selector, when `addTarget(_:action:for:)` made the action.
    var targetAction: (target: WeakTarget, selector: Selector)?

    /// An action running `handler`.
    public init(title: String = "", image: Image? = nil, identifier: Identifier? = nil,
                handler: @escaping (Action) -> Void) {
        self.title = title
        self.image = image
        self.storedIdentifier = identifier
        self.handler = handler
    }

    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}

/// A view that sends actions when the user works it: UIKit's `UIControl`.
open class Control: View {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A second touch down in quick succession (a double tap's second finger down).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger down in the control moved, still inside its tracking bounds.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger down in the control moved, outside its tracking bounds.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger dragged back into the control's tracking bounds.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A finger dragged out of the control's tracking bounds (UIKit's 70-point slop).
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control: a tap (`app.tap` sends it).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control's tracking bounds.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the touch (a gesture recognizer took it).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch toggled).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A text field became first responder.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field resigned first responder.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return was pressed in a text field.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0xF0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The event's name in the trace.
        var traceName: String {
            switch self {
            case .touchDown: "touchDown"
            case .touchDownRepeat: "touchDownRepeat"
            case .touchDragInside: "touchDragInside"
            case .touchDragOutside: "touchDragOutside"
            case .touchDragEnter: "touchDragEnter"
            case .touchDragExit: "touchDragExit"
            case .touchUpInside: "touchUpInside"
            case .touchUpOutside: "touchUpOutside"
            case .touchCancel: "touchCancel"
            case .valueChanged: "valueChanged"
            case .primaryActionTriggered: "primaryActionTriggered"
            case .editingDidBegin: "editingDidBegin"
            case .editingChanged: "editingChanged"
            case .editingDidEnd: "editingDidEnd"
            case .editingDidEndOnExit: "editingDidEndOnExit"
            default: "event\(rawValue)"
            }
        }
    }

    /// A control's state, for per-state titles and images.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No other state: enabled, not highlighted, not selected.
        public static let normal: State = []
        /// A touch is down on the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is not enabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has focus.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// How content sits horizontally.
    public enum ContentHorizontalAlignment: Int, Hashable, Sendable {
        /// UIKit's horizontal content alignments.
        case center, left, right, fill, leading, trailing
    }

    /// How content sits vertically.
    public enum ContentVerticalAlignment: Int, Hashable, Sendable {
        /// UIKit's vertical content alignments.
        case center, top, bottom, fill
    }

    var registered: [(action: Action, events: Event)] = []

    /// Whether the control takes taps; a disabled one sends nothing.
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether a touch is down on it.
    open var isHighlighted = false
    /// Horizontal content alignment (data).
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    /// Vertical content alignment (data).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center

    /// The control's state.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Runs `action` when any of `events` happens.
    open func addAction(_ action: Action, for events: Event) {
        guard onLoop("addAction(_:for:)") else { return }
        registered.append((action, events))
    }

    /// Stops running the action with `identifier` for `events`.
    open func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
        registered.removeAll { $0.action.identifier == identifier && !$0.events.isDisjoint(with: events) }
    }

    /// Stops running `action` for `events`.
    open func removeAction(_ action: Action, for events: Event) {
        registered.removeAll { $0.action === action && !$0.events.isDisjoint(with: events) }
    }

    /// The events that have actions.
    public var allControlEvents: Event {
        registered.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Records the event in the trace and runs its actions, in the order they were added.
    open func sendActions(for events: Event) {
        guard onLoop("sendActions(for:)") else { return }
        for event in [Event.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
                      .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged, .primaryActionTriggered, .editingDidBegin,
                      .editingChanged, .editingDidEnd, .editingDidEndOnExit] where events.contains(event) {
            trace(event.traceName)
            for entry in registered where entry.events.contains(event) {
                entry.action.perform(sender: self)
            }
        }
    }

    /// Sends `action` as if this control had sent it.
    open func sendAction(_ action: Action) {
        action.perform(sender: self)
    }

    // MARK: Tracking (the work is in Touches/ControlTracking.swift)

    /// Whether a touch that began in the control is being tracked.
    open internal(set) var isTracking = false
    /// Whether the tracked touch is inside the control (with UIKit's 70-point slop).
    open internal(set) var isTouchInside = false
    /// The touch being tracked.
    var trackedTouch: Touch?

    /// A touch began in the control; return false to not track it. True by default.
    open func beginTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking. True by default.
    open func continueTracking(_ touch: Touch, with event: Lifeloop.Event?) -> Bool { true }
    /// The tracked touch lifted (nil when tracking stopped otherwise).
    open func endTracking(_ touch: Touch?, with event: Lifeloop.Event?) {}
    /// The tracked touch was cancelled.
    open func cancelTracking(with event: Lifeloop.Event?) {}

    open override func touchesBegan(_ touches: Set<Touch>, with event: Lifeloop.Event?) { trackBegan(touches, event) }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Lifeloop.Event?) { trackMoved(touches, event) }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Lifeloop.Event?) { trackEnded(touches, event) }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Lifeloop.Event?) { trackCancelled(touches, event) }

    /// What a touch lifting inside does: the control's actions (a switch flips).
    func trackedTouchUpInside() { sendActions(for: [.touchUpInside, .primaryActionTriggered]) }

    /// A tap: the control sends its events (a disabled one nothing).
    override func receiveTap() {
        guard isEnabled else { return }
        sendActions(for: [.touchDown])
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}
