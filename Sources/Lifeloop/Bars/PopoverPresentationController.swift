import Foundation

/// The sides a popover's arrow may point from: UIKit's `UIPopoverArrowDirection` (data).
public struct PopoverArrowDirection: OptionSet, Hashable, Sendable {
    /// The directions' bits, as UIKit's.
    public let rawValue: UInt
    /// Directions from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Pointing up.
    public static let up = PopoverArrowDirection(rawValue: 1 << 0)
    /// Pointing down.
    public static let down = PopoverArrowDirection(rawValue: 1 << 1)
    /// Pointing left.
    public static let left = PopoverArrowDirection(rawValue: 1 << 2)
    /// Pointing right.
    public static let right = PopoverArrowDirection(rawValue: 1 << 3)
    /// Any direction.
    public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
    /// Not yet known.
    public static let unknown = PopoverArrowDirection(rawValue: UInt.max)
}

/// What a popover tells its delegate: UIKit's `UIPopoverPresentationControllerDelegate`,
/// every method optional. (Lifeloop shows a popover as a sheet in a compact-width window,
/// as UIKit does by default.)
public protocol PopoverPresentationControllerDelegate: AdaptivePresentationControllerDelegate {
    /// The popover is about to show.
    func prepareForPopoverPresentation(_ popoverPresentationController: PopoverPresentationController)
    /// Whether a tap outside may dismiss the popover (true by default; data here).
    func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: PopoverPresentationController) -> Bool
    /// A tap outside dismissed the popover (never here).
    func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController)
}

extension PopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: PopoverPresentationController) {}
    public func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: PopoverPresentationController) -> Bool { true }
    public func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController) {}
}

/// The presentation controller of a controller presented as a popover: UIKit's
/// `UIPopoverPresentationController`. Where it points (``sourceView``, ``sourceRect``,
/// ``barButtonItem``) and its arrow are kept as data: Lifeloop shows a popover as a sheet
/// in a compact-width window and as a popover card otherwise, placed by the runtime.
open class PopoverPresentationController: PresentationController {
    /// The view the popover points at.
    open weak var sourceView: View?
    /// The rectangle in ``sourceView`` the popover points at.
    open var sourceRect: Rect = .zero
    /// The bar button item the popover points at.
    open var barButtonItem: BarButtonItem?
    /// The directions the arrow may point (any by default).
    open var permittedArrowDirections: PopoverArrowDirection = .any
    /// The direction the arrow points (unknown: no arrow is drawn).
    open var arrowDirection: PopoverArrowDirection { .unknown }
    /// Views that still take touches while the popover shows (data).
    open var passthroughViews: [View]?
    /// The popover's background color (data).
    open var backgroundColor: Color?
    /// Whether the popover may cover its source (data).
    open var canOverlapSourceViewRect = false
    /// The margins the popover keeps from the screen's edges (data).
    open var popoverLayoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
}

extension ViewController {
    /// The popover presentation controller, for a controller whose
    /// ``modalPresentationStyle`` is `popover` (nil otherwise): set its ``PopoverPresentationController/sourceView``
    /// and delegate before presenting. It is the controller's presentation controller.
    public var popoverPresentationController: PopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        if let popover = storedPresentationController as? PopoverPresentationController { return popover }
        guard onLoop("popoverPresentationController") else { return nil }
        let popover = PopoverPresentationController(presentedViewController: self, presenting: nil)
        if let previous = storedPresentationController { popover.delegate = previous.delegate }
        storedPresentationController = popover
        return popover
    }
}
