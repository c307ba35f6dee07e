/// The UIKit state of a view that most views never set, kept apart so that a plain view
/// pays one pointer for all of it.
final class ViewExtras {
    var transform: CGAffineTransform = .identity
    /// Nil: the class's default (labels and image views take no touches, as in UIKit).
    var isUserInteractionEnabled: Bool?
    var clipsToBounds = false
    var contentMode: ContentMode = .scaleToFill
    var layer: Layer?
    var tintColor: Color?
    /// `overrideUserInterfaceStyle` as set.
    var overrideUserInterfaceStyle = TraitCollection.Style.unspecified
    var isOpaque = true
    var accessibilityIdentifier: String?
    var accessibilityLabel: String?
    /// The other accessibility properties, when any is set (System/Accessibility.swift).
    var accessibility: ViewAccessibility?
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var isMultipleTouchEnabled = false
    var isExclusiveTouch = false
    /// The gesture recognizers attached to the view, in the order they were added.
    var gestureRecognizers: [GestureRecognizer] = []
    /// The last safe area insets ``View/safeAreaInsetsDidChange()`` was called for.
    var lastSafeAreaInsets: EdgeInsets?
    /// What the last `draw(_:)` drew, in the view's coordinates.
    var drawing: [DrawCommand]?
    /// `registerForTraitChanges` registrations.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// Constraints, guides and content priorities (Auto Layout).
    var autoLayout: ViewAutoLayout?

    deinit {
        // The layer may outlive its view (an app can keep it): it then stands alone.
        layer?.owningView = nil
    }
    /// `addInteraction(_:)`'s interactions.
    var interactions: [Interaction] = []
    /// `tintAdjustmentMode` as set.
    var tintAdjustmentMode: TintAdjustmentMode = .automatic
}

/// How a view lays out its content when its bounds change: UIKit's `UIView.ContentMode`.
/// Lifeloop keeps it as data (snapshots show it); it draws no pixels.
public enum ContentMode: Int, Hashable, Sendable {
    /// UIKit's content modes of these names, kept as data.
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    /// UIKit's corner content modes.
    case topLeft, topRight, bottomLeft, bottomRight
}

