// `import UIKit` on Linux: UIKit's names for Lifeloop's types, so that an app's
// view-controller code compiles unchanged and runs its lifecycle on a Lifeloop loop.
//
// Lifeloop (and through it Foundation) is re-exported: `UIView` *is* `View`, `CGRect` is
// Foundation's, so a file that imports both UIKit and Lifeloop (or Foundation) sees each
// type once, under both names, and nothing is ambiguous.
@_exported import Lifeloop

// MARK: Controllers, views, windows

public typealias UIResponder = View
public typealias UIViewController = ViewController
public typealias UIView = View
public typealias UIWindow = Window
public typealias UIScreen = Screen
public typealias UIApplication = Application
public typealias UINavigationController = NavigationController
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
public typealias UITabBarController = TabBarController
public typealias UIAlertController = AlertController
public typealias UIAlertAction = AlertAction
public typealias UIStoryboard = Storyboard
public typealias UIStoryboardSegue = StoryboardSegue
public typealias UINib = Nib
public typealias UIViewControllerTransitionCoordinator = TransitionCoordinator
public typealias UIViewControllerTransitionCoordinatorContext = TransitionCoordinator
public typealias UIModalPresentationStyle = ModalPresentationStyle
public typealias UIModalTransitionStyle = ModalTransitionStyle
public typealias UIStatusBarStyle = StatusBarStyle
public typealias UIInterfaceOrientationMask = InterfaceOrientationMask
public typealias UITraitCollection = TraitCollection
public typealias UIUserInterfaceSizeClass = TraitCollection.SizeClass
public typealias UIUserInterfaceIdiom = TraitCollection.Idiom
public typealias UIUserInterfaceStyle = TraitCollection.Style
public typealias UIEvent = Event
public typealias UITraitEnvironment = TraitEnvironment
public typealias UITraitDefinition = TraitDefinition
public typealias UITrait = any TraitDefinition.Type
public typealias UITraitChangeRegistration = TraitChangeRegistration
public typealias UITraitHorizontalSizeClass = HorizontalSizeClassTrait
public typealias UITraitVerticalSizeClass = VerticalSizeClassTrait
public typealias UITraitUserInterfaceStyle = UserInterfaceStyleTrait
public typealias UITraitDisplayScale = DisplayScaleTrait
public typealias UIEdgeInsets = EdgeInsets
public typealias UIViewAutoresizing = AutoresizingMask

// MARK: Auto Layout

public typealias NSLayoutConstraint = LayoutConstraint
public typealias UILayoutPriority = LayoutPriority
public typealias NSLayoutAnchor = LayoutAnchor
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
public typealias NSLayoutDimension = LayoutDimension
public typealias UILayoutGuide = LayoutGuide
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
public typealias UILayoutConstraintAxis = LayoutAxis
public typealias UIStackView = StackView

// MARK: Controls and bars

public typealias UIControl = Control
public typealias UIAction = Action
public typealias UILabel = Label
public typealias UIButton = Button
public typealias UIImageView = ImageView
public typealias UISwitch = Switch
public typealias UITextField = TextField
public typealias UITextFieldDelegate = TextFieldDelegate
public typealias UIScrollView = ScrollView
public typealias UIScrollViewDelegate = ScrollViewDelegate
public typealias UIBarItem = BarItem
public typealias UIBarButtonItem = BarButtonItem
public typealias UINavigationItem = NavigationItem
public typealias UITabBarItem = TabBarItem
public typealias UIKeyboardType = KeyboardType
public typealias UIReturnKeyType = ReturnKeyType
public typealias UITextAutocapitalizationType = TextAutocapitalizationType
public typealias UITextAutocorrectionType = TextAutocorrectionType
public typealias NSTextAlignment = TextAlignment
public typealias NSLineBreakMode = LineBreakMode
public typealias UITextView = TextView
public typealias UITextViewDelegate = TextViewDelegate
public typealias UIMenuElement = MenuElement
public typealias UIMenu = Menu
public typealias UIDeferredMenuElement = DeferredMenuElement
public typealias UIInteraction = Interaction
public typealias UIPointerInteraction = PointerInteraction
public typealias UIPointerInteractionDelegate = PointerInteractionDelegate
public typealias UIPointerInteractionAnimating = PointerInteractionAnimating
public typealias UIPointerRegion = PointerRegion
public typealias UIPointerRegionRequest = PointerRegionRequest
public typealias UIPointerStyle = PointerStyle
public typealias UIPointerEffect = PointerEffect
public typealias UIPointerShape = PointerShape
public typealias UIPointerAccessory = PointerAccessory
public typealias UITargetedPreview = TargetedPreview
public typealias UIAxis = Axis

// MARK: Colors, fonts, images, drawing

public typealias UIColor = Color
public typealias CGColor = Color
public typealias UIFont = Font
public typealias UIImage = Image
public typealias UIBezierPath = BezierPath
public typealias UIRectCorner = RectCorner
public typealias CALayer = Layer
public typealias CACornerMask = CornerMask
/// What `#colorLiteral(red:green:blue:alpha:)` makes in a file that imports UIKit.
public typealias _ColorLiteralType = UIColor
/// What `#imageLiteral(resourceName:)` makes in a file that imports UIKit.
public typealias _ImageLiteralType = UIImage

extension View {
    public typealias TintAdjustmentMode = Lifeloop.TintAdjustmentMode
    public typealias AutoresizingMask = Lifeloop.AutoresizingMask
    public typealias ContentMode = Lifeloop.ContentMode
    public typealias AnimationOptions = Lifeloop.AnimationOptions
}

extension Color {
    /// The color as Core Graphics takes it (the same value: `CGColor` is `UIColor` here).
    public var cgColor: Color { self }

    /// A color from a `CGColor`.
    public init(cgColor: Color) {
        self = cgColor
    }

}

extension Screen {
    /// The screen of the calling thread's app (the phone screen outside one): UIKit's
    /// `UIScreen.main`.
    public static var main: Screen { Application.current?.mainScreen ?? .phone }

    /// The bounds in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: size.width * scale, height: size.height * scale) }

    /// The pixel scale (no zoom).
    public var nativeScale: CGFloat { scale }
}

extension Application {
    /// The calling thread's app: UIKit's `UIApplication.shared`. Each thread that runs an
    /// app has its own; a thread without one traps, as UIKit would on a misuse.
    public static var shared: Application {
        guard let app = Application.current else {
            fatalError("UIApplication.shared read on a thread where no Lifeloop app runs")
        }
        return app
    }
}

extension ViewController {
    /// The edges the view extends under bars (data: Lifeloop's views always do).
    public var edgesForExtendedLayout: UIRectEdge {
        get { .all }
        set {}
    }

    /// Whether the view extends under opaque bars (data).
    public var extendedLayoutIncludesOpaqueBars: Bool {
        get { false }
        set {}
    }

    /// The pre-iOS 11 inset adjustment (data).
    public var automaticallyAdjustsScrollViewInsets: Bool {
        get { true }
        set {}
    }
}

/// The edges of a rectangle: UIKit's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

// MARK: Dispatch's time constants (C macros that Linux's Dispatch does not export)

public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000

extension Color {
    /// A color from the asset catalog by name. There is no catalog on Linux: every name
    /// gives the system gray (never nil, so `UIColor(named: "x")!` runs).
    public init?(named name: String) {
        self = .systemGray
    }

    /// A color from the asset catalog of a bundle (the system gray, as above).
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: TraitCollection?) {
        self = .systemGray
    }
}
