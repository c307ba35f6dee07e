import Foundation

/// The bar at the top of a navigation controller: UIKit's `UINavigationBar`.
///
/// Lifeloop draws its own bar in snapshots from the controllers' navigation items; the
/// appearance an app sets here (tint, translucency, title attributes, appearances,
/// background images) is kept as data for the app to read back, so code that styles its
/// bars runs unchanged. The bar is not a subview of the controller's view.
open class NavigationBar: View {
    /// The bar's background tint.
    open var barTintColor: Color?
    /// Whether the bar is translucent (true by default).
    open var isTranslucent = true
    /// Whether the top item's title is shown large.
    open var prefersLargeTitles = false
    /// The bar's style.
    open var barStyle: BarStyle = .default
    /// The attributes of the title's text.
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    /// The attributes of a large title's text.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// The line under the bar.
    open var shadowImage: Image?
    /// The back button's chevron.
    open var backIndicatorImage: Image?
    /// The back chevron's mask during transitions.
    open var backIndicatorTransitionMaskImage: Image?
    /// The appearance of a bar of standard height.
    open var standardAppearance = NavigationBarAppearance()
    /// The appearance of a compact bar (nil: the standard one).
    open var compactAppearance: NavigationBarAppearance?
    /// The appearance when content is scrolled to the bar's edge (nil: the standard one).
    open var scrollEdgeAppearance: NavigationBarAppearance?
    /// The appearance of a compact bar at the scroll edge.
    open var compactScrollEdgeAppearance: NavigationBarAppearance?
    private var backgroundImages: [BarMetrics: Image] = [:]
    weak var navigationController: NavigationController?
    /// The delegate behind the public `delegate` (UIKitState/ControllersMore.swift).
    weak var storedBarDelegate: NavigationBarDelegate?

    /// Sets the bar's background image for some metrics.
    open func setBackgroundImage(_ backgroundImage: Image?, for barMetrics: BarMetrics) {
        backgroundImages[barMetrics] = backgroundImage
    }

    /// The bar's background image for some metrics.
    open func backgroundImage(for barMetrics: BarMetrics) -> Image? { backgroundImages[barMetrics] }

    /// The navigation items of the controllers in the stack, bottom first.
    open var items: [NavigationItem]? { navigationController?.viewControllers.map(\.navigationItem) }
    /// The top controller's navigation item.
    open var topItem: NavigationItem? { navigationController?.topViewController?.navigationItem }
    /// The item under the top one.
    open var backItem: NavigationItem? {
        guard let stack = navigationController?.viewControllers, stack.count > 1 else { return nil }
        return stack[stack.count - 2].navigationItem
    }
}

/// A bar's style: UIKit's `UIBarStyle`.
public enum BarStyle: Int, Sendable {
    /// Light.
    case `default` = 0
    /// Dark.
    case black = 1
}

/// The metrics a bar's background image is for: UIKit's `UIBarMetrics`.
public enum BarMetrics: Int, Hashable, Sendable {
    /// Standard height.
    case `default` = 0
    /// Compact height.
    case compact = 1
    /// Standard height with a prompt.
    case defaultPrompt = 101
    /// Compact height with a prompt.
    case compactPrompt = 102
}

/// A bar's look: UIKit's `UIBarAppearance`, kept as data.
open class BarAppearance {
    /// The background color.
    open var backgroundColor: Color?
    /// The background image.
    open var backgroundImage: Image?
    /// The color of the line under the bar.
    open var shadowColor: Color?
    /// The image of the line under the bar.
    open var shadowImage: Image?

    /// The system's default look.
    public init() {}

    /// A copy of another appearance.
    public init(barAppearance: BarAppearance) {
        backgroundColor = barAppearance.backgroundColor
        backgroundImage = barAppearance.backgroundImage
        shadowColor = barAppearance.shadowColor
        shadowImage = barAppearance.shadowImage
    }

    /// The system's translucent background.
    open func configureWithDefaultBackground() {
        backgroundColor = nil
        shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
    }

    /// An opaque background in the system's background color.
    open func configureWithOpaqueBackground() {
        backgroundColor = .white
        shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
    }

    /// A clear background with no shadow.
    open func configureWithTransparentBackground() {
        backgroundColor = .clear
        shadowColor = nil
    }
}

/// A navigation bar's look: UIKit's `UINavigationBarAppearance`, kept as data.
open class NavigationBarAppearance: BarAppearance {
    /// The attributes of the title's text.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The attributes of a large title's text.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    /// The system's default look.
    public override init() { super.init() }

    /// A copy of another appearance.
    public override init(barAppearance: BarAppearance) {
        if let other = barAppearance as? NavigationBarAppearance {
            titleTextAttributes = other.titleTextAttributes
            largeTitleTextAttributes = other.largeTitleTextAttributes
        }
        super.init(barAppearance: barAppearance)
    }
}

/// When a navigation controller hides its bars (data).
struct BarHiding: OptionSet {
    let rawValue: UInt8
    static let onTap = BarHiding(rawValue: 1)
    static let onSwipe = BarHiding(rawValue: 2)
    static let whenKeyboardAppears = BarHiding(rawValue: 4)
    static let whenVerticallyCompact = BarHiding(rawValue: 8)

    mutating func set(_ member: BarHiding, _ on: Bool) {
        if on { insert(member) } else { remove(member) }
    }
}
