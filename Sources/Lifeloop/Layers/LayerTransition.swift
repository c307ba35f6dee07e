import Foundation

/// How a layer's contents are filtered when drawn at another size, as Core Animation's
/// `CALayerContentsFilter` (kept as data: snapshots draw contents the same way).
public struct ContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// A filter named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear interpolation between pixels (the default).
    public static let linear = ContentsFilter(rawValue: "linear")
    /// The nearest pixel: sharp pixel art.
    public static let nearest = ContentsFilter(rawValue: "nearest")
    /// Linear interpolation between mipmap levels as well.
    public static let trilinear = ContentsFilter(rawValue: "trilinear")
}

/// An animation of a layer's change of state as a whole, as Core Animation's
/// `CATransition`: added with `layer.add(transition, forKey:)`, it runs for its
/// ``LayerAnimation/duration`` (its delegate learns when it starts and stops).
///
/// On Linux a `.fade` fades the layer in from transparent to its opacity (the old
/// content is not kept, so it is not a true cross-fade); `.push`, `.moveIn` and
/// `.reveal` show the change at once.
open class LayerTransition: LayerAnimation {
    /// The kind of transition, as Core Animation's `CATransitionType`.
    public struct TransitionType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// A transition type named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The new content fades in (the default).
        public static let fade = TransitionType(rawValue: "fade")
        /// The new content slides over the old one (shown at once on Linux).
        public static let moveIn = TransitionType(rawValue: "moveIn")
        /// The new content pushes the old one out (shown at once on Linux).
        public static let push = TransitionType(rawValue: "push")
        /// The old content slides away to reveal the new one (shown at once on Linux).
        public static let reveal = TransitionType(rawValue: "reveal")
    }

    /// The direction of a transition, as Core Animation's `CATransitionSubtype`.
    public struct TransitionSubtype: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// A subtype named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// From the right edge.
        public static let fromRight = TransitionSubtype(rawValue: "fromRight")
        /// From the left edge.
        public static let fromLeft = TransitionSubtype(rawValue: "fromLeft")
        /// From the top edge.
        public static let fromTop = TransitionSubtype(rawValue: "fromTop")
        /// From the bottom edge.
        public static let fromBottom = TransitionSubtype(rawValue: "fromBottom")
    }

    /// The kind of transition (`.fade` by default).
    public var type: TransitionType = .fade
    /// The direction, for the moving kinds (nil by default).
    public var subtype: TransitionSubtype?
    /// Where in the transition it starts, 0 to 1 (0 by default).
    public var startProgress: Float = 0
    /// Where in the transition it ends, 0 to 1 (1 by default).
    public var endProgress: Float = 1

    /// A transition with the default settings (a fade).
    public required init() {
        super.init()
    }

    override func apply(at parentTime: Double, begin: Double, to presentation: Layer, removedAfterEnd: Bool) {
        guard type == .fade, let progress = cycleProgress(parentTime: parentTime, begin: begin, removedAfterEnd: removedAfterEnd)
        else { return }
        let start = Double(startProgress), end = Double(endProgress)
        let eased = timingFunction?.value(at: progress) ?? progress
        let fraction = min(1, max(0, start + (end - start) * eased))
        presentation.setLayerValue(.number(Double(presentation.opacity) * fraction), forKey: "opacity")
    }

    override var animatedKeyPaths: [String] { type == .fade ? ["opacity"] : [] }
}
