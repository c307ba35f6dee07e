import Foundation

/// The base of the haptic feedback generators: UIKit's `UIFeedbackGenerator`.
///
/// There is no Taptic Engine: each call is traced on the calling thread's app, under the
/// generator's trace label (`ImpactFeedbackGenerator#1 impactOccurred medium`), and does
/// nothing else. Tests read the trace to check that an app gave feedback where it should.
open class FeedbackGenerator {
    /// The generator's name in the trace: its class and a number counted per app.
    public let traceLabel: String

    /// A generator of the calling thread's app.
    public init() {
        traceLabel = Application.current?.nextLabel(for: Self.self) ?? _typeName(Self.self, qualified: false)
    }

    /// Readies the engine so the next feedback comes without delay: traced
    /// (`<label> prepare`), nothing else.
    open func prepare() {
        trace("prepare")
    }

    /// Records `event` in the calling thread's app's trace (nothing off an app's thread).
    func trace(_ event: String, _ detail: String = "") {
        guard let app = Application.current, app.isOnLoopThread else { return }
        app.loop.record(label: traceLabel, event: event, detail: detail)
    }
}

/// Feedback for a collision, such as a view snapping into place: UIKit's
/// `UIImpactFeedbackGenerator`. Traced, no effect.
open class ImpactFeedbackGenerator: FeedbackGenerator {
    /// How heavy the impact feels: UIKit's `UIImpactFeedbackGenerator.FeedbackStyle`.
    public enum FeedbackStyle: Int, Hashable, Sendable, CustomStringConvertible {
        /// A light impact.
        case light
        /// A medium impact.
        case medium
        /// A heavy impact.
        case heavy
        /// A soft, flexible impact.
        case soft
        /// A hard, rigid impact.
        case rigid

        /// The case's name, as the trace writes it.
        public var description: String {
            switch self {
            case .light: "light"
            case .medium: "medium"
            case .heavy: "heavy"
            case .soft: "soft"
            case .rigid: "rigid"
            }
        }
    }

    /// The style the generator gives.
    public let style: FeedbackStyle

    /// A generator of impacts of `style`.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A generator of medium impacts.
    public convenience override init() {
        self.init(style: .medium)
    }

    /// Gives an impact: traced (`<label> impactOccurred medium`), nothing else.
    open func impactOccurred() {
        trace("impactOccurred", style.description)
    }

    /// Gives an impact of `intensity` (0 to 1; clamped): traced
    /// (`<label> impactOccurred medium 0.5`), nothing else.
    open func impactOccurred(intensity: CGFloat) {
        let clamped = intensity.isNaN ? 1 : min(max(intensity, 0), 1)
        trace("impactOccurred", "\(style) \(clamped)")
    }
}

/// Feedback for a change of selection, such as a picker's wheel turning: UIKit's
/// `UISelectionFeedbackGenerator`. Traced, no effect.
open class SelectionFeedbackGenerator: FeedbackGenerator {
    /// A selection generator of the calling thread's app.
    public override init() {
        super.init()
    }

    /// Gives the selection tick: traced (`<label> selectionChanged`), nothing else.
    open func selectionChanged() {
        trace("selectionChanged")
    }
}

/// Feedback for a task's outcome: UIKit's `UINotificationFeedbackGenerator`. Traced, no
/// effect.
open class NotificationFeedbackGenerator: FeedbackGenerator {
    /// The outcome the feedback tells of: UIKit's
    /// `UINotificationFeedbackGenerator.FeedbackType`.
    public enum FeedbackType: Int, Hashable, Sendable, CustomStringConvertible {
        /// The task succeeded.
        case success
        /// The task gave a warning.
        case warning
        /// The task failed.
        case error

        /// The case's name, as the trace writes it.
        public var description: String {
            switch self {
            case .success: "success"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// A notification generator of the calling thread's app.
    public override init() {
        super.init()
    }

    /// Gives the feedback for `notificationType`: traced
    /// (`<label> notificationOccurred success`), nothing else.
    open func notificationOccurred(_ notificationType: FeedbackType) {
        trace("notificationOccurred", notificationType.description)
    }
}
