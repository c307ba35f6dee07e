/// The UIKit state of a view that most views never set, kept apart so that a plain view
/// pays one pointer for all of it.
final class ViewExtras {
    var transform: CGAffineTransform = .identity
    var isUserInteractionEnabled = true
    var clipsToBounds = false
    var contentMode: ContentMode = .scaleToFill
    var layer: Layer?
    var tintColor: Color?
    var isOpaque = true
    var accessibilityIdentifier: String?
    var accessibilityLabel: String?
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var isMultipleTouchEnabled = false
    var isExclusiveTouch = false
    /// The last safe area insets ``View/safeAreaInsetsDidChange()`` was called for.
    var lastSafeAreaInsets: EdgeInsets?
    /// What the last `draw(_:)` drew, in the view's coordinates.
    var drawing: [DrawCommand]?
    /// `registerForTraitChanges` registrations.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// Constraints, guides and content priorities (Auto Layout).
    var autoLayout: ViewAutoLayout?
    /// `addInteraction(_:)`'s interactions.
    var interactions: [Interaction] = []
    /// `tintAdjustmentMode` as set.
    var tintAdjustmentMode: TintAdjustmentMode = .automatic
}

/// How a view lays out its content when its bounds change: UIKit's `UIView.ContentMode`.
/// Lifeloop keeps it as data (snapshots show it); it draws no pixels.
public enum ContentMode: Int, Hashable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

/// The touch or event a call comes with: UIKit's `UIEvent`. Lifeloop's taps carry none.
public final class Event {
    public init() {}
}

/// A view's Core Animation layer, as data: UIKit's `CALayer` for the properties apps set
/// on a view's layer (corners, border, shadow, opacity). Snapshots draw the corners and
/// the border; the shadow is kept and described.
public final class Layer {
    /// The view whose layer this is (the view owns its layer).
    unowned(unsafe) let view: View
    /// The corner radius.
    public var cornerRadius: CGFloat = 0
    /// The border's width.
    public var borderWidth: CGFloat = 0
    /// The border's color (black by default, as in Core Animation).
    public var borderColor: Color? = .black
    /// The shadow's color.
    public var shadowColor: Color? = .black
    /// The shadow's opacity, 0 (none, the default) to 1.
    public var shadowOpacity: Float = 0
    /// The shadow's offset.
    public var shadowOffset = Size(width: 0, height: -3)
    /// The shadow's blur radius.
    public var shadowRadius: CGFloat = 3
    /// Whether edges are antialiased (data; snapshots are vector drawings).
    public var allowsEdgeAntialiasing = false
    /// The layer's opacity: the view's alpha.
    public var opacity: Float {
        get { Float(view.alpha) }
        set { view.alpha = CGFloat(newValue) }
    }
    /// Whether sublayers are clipped to the bounds: the view's `clipsToBounds`.
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }
    /// The background color: the view's.
    public var backgroundColor: Color? {
        get { view.backgroundColor }
        set { view.backgroundColor = newValue }
    }
    /// The frame: the view's.
    public var frame: Rect {
        get { view.frame }
        set { view.frame = newValue }
    }
    /// The bounds: the view's.
    public var bounds: Rect {
        get { view.bounds }
        set { view.bounds = newValue }
    }
    /// Which corners are rounded (all by default).
    public var maskedCorners: CornerMask = .all

    init(view: View) {
        self.view = view
    }
}

/// The corners a layer rounds: Core Animation's `CACornerMask`.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner,
                                         .layerMaxXMaxYCorner]
}
