/// An object a view hosts to take part in an input: UIKit's `UIInteraction`
/// (``View/addInteraction(_:)``). The view keeps its interactions (strongly, as UIKit does).
public protocol Interaction: AnyObject {
    /// The view it was added to; nil before and after.
    var view: View? { get }
    /// Called before it moves to `view` (nil when removed).
    func willMove(to view: View?)
    /// Called after it moved to `view` (nil when removed).
    func didMove(to view: View?)
}

extension View {
    /// The interactions added to the view, in order.
    public var interactions: [Interaction] {
        get { extras?.interactions ?? [] }
        set {
            guard onLoop("interactions") else { return }
            for old in interactions where !newValue.contains(where: { $0 === old }) { removeInteraction(old) }
            for new in newValue where !interactions.contains(where: { $0 === new }) { addInteraction(new) }
        }
    }

    /// Adds `interaction` to the view (moving it from another view if it had one).
    public func addInteraction(_ interaction: Interaction) {
        guard onLoop("addInteraction"), !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        makeExtras().interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from the view.
    public func removeInteraction(_ interaction: Interaction) {
        guard onLoop("removeInteraction"), let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        makeExtras().interactions.remove(at: index)
        interaction.didMove(to: nil)
    }
}

/// Axes: UIKit's `UIAxis`.
public struct Axis: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The horizontal axis.
    public static let horizontal = Axis(rawValue: 1 << 0)
    /// The vertical axis.
    public static let vertical = Axis(rawValue: 1 << 1)
    /// Both axes.
    public static let both: Axis = [.horizontal, .vertical]
}

/// How a pointer (a trackpad's or a mouse's) behaves over a view: UIKit's
/// `UIPointerInteraction`.
///
/// Lifeloop runs headless, as an iPhone with no trackpad or mouse attached: there is no
/// pointer, so the interaction never asks its delegate for a region or a style, and never
/// says a region was entered or exited. It is kept as data (``View/interactions``,
/// ``delegate``, ``isEnabled``), which is what UIKit does on such a device.
public final class PointerInteraction: Interaction {
    /// The delegate that would give regions and styles (not retained).
    public private(set) weak var delegate: PointerInteractionDelegate?
    /// Whether the interaction is on.
    public var isEnabled = true
    /// The view it was added to.
    public private(set) weak var view: View?

    /// An interaction asking `delegate` for its regions and styles.
    public init(delegate: PointerInteractionDelegate?) {
        self.delegate = delegate
    }

    /// Would ask the delegate for the region under the pointer again; with no pointer
    /// there is none to ask about.
    public func invalidate() {}

    public func willMove(to view: View?) {}
    public func didMove(to view: View?) { self.view = view }
}

/// What a pointer interaction asks, UIKit's `UIPointerInteractionDelegate` (every method
/// optional). Headless, with no pointer device, none is ever called.
public protocol PointerInteractionDelegate: AnyObject {
    /// The region under the pointer for `request`; nil for none.
    func pointerInteraction(_ interaction: PointerInteraction, regionFor request: PointerRegionRequest,
                            defaultRegion: PointerRegion) -> PointerRegion?
    /// The style of the pointer in `region`; nil for the system's.
    func pointerInteraction(_ interaction: PointerInteraction, styleFor region: PointerRegion) -> PointerStyle?
    /// The pointer is entering `region`.
    func pointerInteraction(_ interaction: PointerInteraction, willEnter region: PointerRegion,
                            animator: PointerInteractionAnimating)
    /// The pointer is leaving `region`.
    func pointerInteraction(_ interaction: PointerInteraction, willExit region: PointerRegion,
                            animator: PointerInteractionAnimating)
}

extension PointerInteractionDelegate {
    public func pointerInteraction(_ interaction: PointerInteraction, regionFor request: PointerRegionRequest,
                                   defaultRegion: PointerRegion) -> PointerRegion? { defaultRegion }
    public func pointerInteraction(_ interaction: PointerInteraction, styleFor region: PointerRegion) -> PointerStyle? { nil }
    public func pointerInteraction(_ interaction: PointerInteraction, willEnter region: PointerRegion,
                                   animator: PointerInteractionAnimating) {}
    public func pointerInteraction(_ interaction: PointerInteraction, willExit region: PointerRegion,
                                   animator: PointerInteractionAnimating) {}
}

/// Where the pointer is, for a region request: UIKit's `UIPointerRegionRequest`.
public final class PointerRegionRequest {
    /// The pointer's location in the view.
    public let location: CGPoint
    /// The modifier keys held (none headless).
    public let modifiers: Int
    /// A request for the pointer at `location`, with the `modifiers` keys held.
    public init(location: CGPoint, modifiers: Int = 0) {
        self.location = location
        self.modifiers = modifiers
    }
}

/// An area of a view with one pointer style: UIKit's `UIPointerRegion`.
public final class PointerRegion {
    /// The area, in the view's coordinates.
    public let rect: CGRect
    /// What tells regions apart.
    public let identifier: AnyHashable?
    /// The axes along which the pointer latches to the region once inside.
    public var latchingAxes: Axis = []

    /// A region covering `rect`, told apart from others by `identifier`.
    public init(rect: CGRect, identifier: AnyHashable? = nil) {
        self.rect = rect
        self.identifier = identifier
    }
}

/// What animates along with a pointer entering or leaving a region:
/// UIKit's `UIPointerInteractionAnimating`.
public protocol PointerInteractionAnimating: AnyObject {
    /// Adds animations to run along with the pointer's move into or out of the region.
    func addAnimations(_ animations: @escaping () -> Void)
    /// Adds a closure to run when the animations end, told whether they finished.
    func addCompletion(_ completion: @escaping (Bool) -> Void)
}

/// A view (or a part of it) as something to draw elsewhere: UIKit's `UITargetedPreview`.
public final class TargetedPreview {
    /// The view shown.
    public let view: View
    /// A preview of `view`.
    public init(view: View) { self.view = view }
}

/// How the pointer looks in a region: UIKit's `UIPointerStyle` (data).
public final class PointerStyle {
    /// The effect on the view under the pointer, if any.
    public let effect: PointerEffect?
    /// The pointer's shape, if given.
    public let shape: PointerShape?
    /// Accessories drawn around the pointer.
    public var accessories: [PointerAccessory] = []

    /// A style with `effect` and, optionally, a shape.
    public init(effect: PointerEffect, shape: PointerShape? = nil) {
        self.effect = effect
        self.shape = shape
    }

    /// A style of `shape` alone, constrained along `axes`.
    public init(shape: PointerShape, constrainedAxes: Axis = []) {
        self.effect = nil
        self.shape = shape
    }

    /// The system's hidden pointer.
    public static func hidden() -> PointerStyle { PointerStyle(shape: .roundedRect(.zero, radius: 0)) }
    /// The system's pointer.
    public static func system() -> PointerStyle { PointerStyle(shape: .roundedRect(.zero, radius: -1)) }
}

/// The effect a pointer has on a view: UIKit's `UIPointerEffect`.
public enum PointerEffect {
    /// The system's choice for the view.
    case automatic(TargetedPreview)
    /// The pointer becomes a highlight behind the view.
    case highlight(TargetedPreview)
    /// The view lifts, with a shadow.
    case lift(TargetedPreview)
    /// The view is tinted, shadowed or scaled under the pointer.
    case hover(TargetedPreview, preferredTintMode: TintMode = .overlay, prefersShadow: Bool = false,
               prefersScaledContent: Bool = true)

    /// How a hover tints: UIKit's `UIPointerEffect.TintMode`.
    public enum TintMode: Int, Sendable {
        /// No tint, a tint drawn over the view, or a tint drawn under it.
        case none, overlay, underlay
    }

    /// The view the effect applies to.
    public var preview: TargetedPreview {
        switch self {
        case .automatic(let preview), .highlight(let preview), .lift(let preview): preview
        case .hover(let preview, _, _, _): preview
        }
    }
}

/// A pointer's shape: UIKit's `UIPointerShape`.
public enum PointerShape {
    /// The shape of a path.
    case path(BezierPath)
    /// A rectangle with corners rounded to `radius`.
    case roundedRect(CGRect, radius: CGFloat)
    /// A vertical beam (a text cursor) of `length` points.
    case verticalBeam(length: CGFloat)
    /// A horizontal beam (a text cursor for vertical text) of `length` points.
    case horizontalBeam(length: CGFloat)
}

/// A mark drawn beside the pointer: UIKit's `UIPointerAccessory` (data).
public final class PointerAccessory {
    /// Where around the pointer: an offset and an angle.
    public struct Position: Hashable, Sendable {
        /// The distance from the pointer, in points.
        public var offset: CGFloat
        /// The angle around the pointer, in radians clockwise from the top.
        public var angle: CGFloat
        /// A position `offset` points from the pointer at `angle` radians clockwise from the top.
        public init(offset: CGFloat, angle: CGFloat) {
            self.offset = offset
            self.angle = angle
        }
        /// Above the pointer.
        public static let top = Position(offset: 8, angle: 0)
        /// Above and right of the pointer.
        public static let topRight = Position(offset: 8, angle: .pi / 4)
        /// Right of the pointer.
        public static let right = Position(offset: 8, angle: .pi / 2)
        /// Below and right of the pointer.
        public static let bottomRight = Position(offset: 8, angle: 3 * .pi / 4)
        /// Below the pointer.
        public static let bottom = Position(offset: 8, angle: .pi)
        /// Below and left of the pointer.
        public static let bottomLeft = Position(offset: 8, angle: 5 * .pi / 4)
        /// Left of the pointer.
        public static let left = Position(offset: 8, angle: 3 * .pi / 2)
        /// Above and left of the pointer.
        public static let topLeft = Position(offset: 8, angle: 7 * .pi / 4)
    }

    /// The accessory's shape.
    public let shape: PointerShape
    /// Its position.
    public let position: Position
    /// Whether it turns with its position's angle.
    public var orientationMatchesAngle = true

    /// An accessory of `shape` at `position`.
    public init(_ shape: PointerShape, position: Position) {
        self.shape = shape
        self.position = position
    }

    /// An arrow pointing away from the pointer at `position`.
    public static func arrow(_ position: Position) -> PointerAccessory {
        let arrow = BezierPath()
        arrow.move(to: CGPoint(x: -4, y: 3))
        arrow.addLine(to: CGPoint(x: 0, y: -3))
        arrow.addLine(to: CGPoint(x: 4, y: 3))
        arrow.close()
        return PointerAccessory(.path(arrow), position: position)
    }
}

extension Color {
    /// The tint color (UIKit resolves it to the view's tint; Lifeloop to the system blue).
    public static var tintColor: Color { .systemBlue }
}
