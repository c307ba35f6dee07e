// `import UIKit` on Linux: UIKit's names for Lifeloop's types, so that an app's
// view-controller code compiles unchanged and runs its lifecycle on a Lifeloop loop.
//
// Lifeloop (and through it Foundation) is re-exported: `UIView` *is* `View`, `CGRect` is
// Foundation's, so a file that imports both UIKit and Lifeloop (or Foundation) sees each
// type once, under both names, and nothing is ambiguous.
@_exported import Lifeloop

// MARK: Controllers, views, windows

/// UIKit's `UIResponder`: Lifeloop's `Responder`.
public typealias UIResponder = Responder
/// UIKit's `UIApplicationDelegate`: Lifeloop's `ApplicationDelegate`.
public typealias UIApplicationDelegate = ApplicationDelegate
/// UIKit's `UIBackgroundTaskIdentifier`: Lifeloop's `Application/BackgroundTaskIdentifier`.
public typealias UIBackgroundTaskIdentifier = Application.BackgroundTaskIdentifier
/// UIKit's older name for `UIApplication.LaunchOptionsKey`.
public typealias UIApplicationLaunchOptionsKey = Application.LaunchOptionsKey
/// UIKit's `UIScene`: Lifeloop's `Scene`.
public typealias UIScene = Scene
/// UIKit's `UIWindowScene`: Lifeloop's `WindowScene`.
public typealias UIWindowScene = WindowScene
/// UIKit's `UISceneSession`: Lifeloop's `SceneSession`.
public typealias UISceneSession = SceneSession
/// UIKit's `UISceneConfiguration`: Lifeloop's `SceneConfiguration`.
public typealias UISceneConfiguration = SceneConfiguration
/// UIKit's `UISceneDelegate`: Lifeloop's `SceneDelegate`.
public typealias UISceneDelegate = SceneDelegate
/// UIKit's `UIWindowSceneDelegate`: Lifeloop's `WindowSceneDelegate`.
public typealias UIWindowSceneDelegate = WindowSceneDelegate
/// UIKit's `UIOpenURLContext`: Lifeloop's `OpenURLContext`.
public typealias UIOpenURLContext = OpenURLContext
/// UIKit's `UIInterfaceOrientation`: Lifeloop's `InterfaceOrientation`.
public typealias UIInterfaceOrientation = InterfaceOrientation
/// UIKit's `UIViewController`: Lifeloop's `ViewController`.
public typealias UIViewController = ViewController
/// UIKit's `UIView`: Lifeloop's `View`.
public typealias UIView = View
/// UIKit's `UIWindow`: Lifeloop's `Window`.
public typealias UIWindow = Window
/// UIKit's `UIScreen`: Lifeloop's `Screen`.
public typealias UIScreen = Screen
/// UIKit's `UIApplication`: Lifeloop's `Application`.
public typealias UIApplication = Application
/// UIKit's `UINavigationController`: Lifeloop's `NavigationController`.
public typealias UINavigationController = NavigationController
/// UIKit's `UINavigationControllerDelegate`: Lifeloop's `NavigationControllerDelegate`.
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
/// UIKit's `UITabBarController`: Lifeloop's `TabBarController`.
public typealias UITabBarController = TabBarController
/// UIKit's `UIAlertController`: Lifeloop's `AlertController`.
public typealias UIAlertController = AlertController
/// UIKit's `UIAlertAction`: Lifeloop's `AlertAction`.
public typealias UIAlertAction = AlertAction
/// UIKit's `UIStoryboard`: Lifeloop's `Storyboard`.
public typealias UIStoryboard = Storyboard
/// UIKit's `UIStoryboardSegue`: Lifeloop's `StoryboardSegue`.
public typealias UIStoryboardSegue = StoryboardSegue
/// UIKit's `UINib`: Lifeloop's `Nib`.
public typealias UINib = Nib
/// UIKit's `UIViewControllerTransitionCoordinator`: Lifeloop's `TransitionCoordinator`.
public typealias UIViewControllerTransitionCoordinator = TransitionCoordinator
/// UIKit's `UIViewControllerTransitionCoordinatorContext`: Lifeloop's `TransitionCoordinator`, which is its own context.
public typealias UIViewControllerTransitionCoordinatorContext = TransitionCoordinator
/// UIKit's `UIModalPresentationStyle`: Lifeloop's `ModalPresentationStyle`.
public typealias UIModalPresentationStyle = ModalPresentationStyle
/// UIKit's `UIModalTransitionStyle`: Lifeloop's `ModalTransitionStyle`.
public typealias UIModalTransitionStyle = ModalTransitionStyle
/// UIKit's `UIPresentationController`: Lifeloop's `PresentationController`.
public typealias UIPresentationController = PresentationController
/// UIKit's `UIAdaptivePresentationControllerDelegate`: Lifeloop's `AdaptivePresentationControllerDelegate`.
public typealias UIAdaptivePresentationControllerDelegate = AdaptivePresentationControllerDelegate
/// UIKit's `UIViewControllerTransitioningDelegate`: Lifeloop's `ViewControllerTransitioningDelegate`.
public typealias UIViewControllerTransitioningDelegate = ViewControllerTransitioningDelegate
/// UIKit's `UIViewControllerAnimatedTransitioning`: Lifeloop's `ViewControllerAnimatedTransitioning`.
public typealias UIViewControllerAnimatedTransitioning = ViewControllerAnimatedTransitioning
/// UIKit's `UIViewControllerContextTransitioning`: Lifeloop's `ViewControllerContextTransitioning`.
public typealias UIViewControllerContextTransitioning = ViewControllerContextTransitioning
/// UIKit's `UIViewControllerInteractiveTransitioning`: Lifeloop's `ViewControllerInteractiveTransitioning`.
public typealias UIViewControllerInteractiveTransitioning = ViewControllerInteractiveTransitioning
/// UIKit's `UIPercentDrivenInteractiveTransition`: Lifeloop's `PercentDrivenInteractiveTransition`.
public typealias UIPercentDrivenInteractiveTransition = PercentDrivenInteractiveTransition
/// UIKit's `UITransitionContextViewControllerKey`: Lifeloop's `TransitionContextViewControllerKey`.
public typealias UITransitionContextViewControllerKey = TransitionContextViewControllerKey
/// UIKit's `UITransitionContextViewKey`: Lifeloop's `TransitionContextViewKey`.
public typealias UITransitionContextViewKey = TransitionContextViewKey
/// UIKit's `UIPageViewController`: Lifeloop's `PageViewController`.
public typealias UIPageViewController = PageViewController
/// UIKit's `UIPageViewControllerDataSource`: Lifeloop's `PageViewControllerDataSource`.
public typealias UIPageViewControllerDataSource = PageViewControllerDataSource
/// UIKit's `UIPageViewControllerDelegate`: Lifeloop's `PageViewControllerDelegate`.
public typealias UIPageViewControllerDelegate = PageViewControllerDelegate
/// UIKit's `UIStatusBarStyle`: Lifeloop's `StatusBarStyle`.
public typealias UIStatusBarStyle = StatusBarStyle
/// UIKit's `UIInterfaceOrientationMask`: Lifeloop's `InterfaceOrientationMask`.
public typealias UIInterfaceOrientationMask = InterfaceOrientationMask
/// UIKit's `UITraitCollection`: Lifeloop's `TraitCollection`.
public typealias UITraitCollection = TraitCollection
/// UIKit's `UIUserInterfaceSizeClass`: Lifeloop's `TraitCollection/SizeClass`.
public typealias UIUserInterfaceSizeClass = TraitCollection.SizeClass
/// UIKit's `UIUserInterfaceIdiom`: Lifeloop's `TraitCollection/Idiom`.
public typealias UIUserInterfaceIdiom = TraitCollection.Idiom
/// UIKit's `UIUserInterfaceStyle`: Lifeloop's `TraitCollection/Style`.
public typealias UIUserInterfaceStyle = TraitCollection.Style
/// UIKit's `UIEvent`: Lifeloop's `Event`.
public typealias UIEvent = Event

// MARK: Touches and gesture recognizers

/// UIKit's `UITouch`: Lifeloop's `Touch`.
public typealias UITouch = Touch
/// UIKit's `UIPress`: Lifeloop's `Press`.
public typealias UIPress = Press
/// UIKit's `UIPressesEvent`: Lifeloop's `PressesEvent`.
public typealias UIPressesEvent = PressesEvent
/// UIKit's `UIKey`: Lifeloop's `Key`.
public typealias UIKey = Key
/// UIKit's `UIKeyboardHIDUsage`: Lifeloop's `KeyboardHIDUsage`.
public typealias UIKeyboardHIDUsage = KeyboardHIDUsage
/// UIKit's `UIKeyboardLayoutGuide`: Lifeloop's `KeyboardLayoutGuide`.
public typealias UIKeyboardLayoutGuide = KeyboardLayoutGuide
/// UIKit's `UIGestureRecognizer`: Lifeloop's `GestureRecognizer`.
public typealias UIGestureRecognizer = GestureRecognizer
/// UIKit's `UIGestureRecognizerDelegate`: Lifeloop's `GestureRecognizerDelegate`.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
/// UIKit's `UITapGestureRecognizer`: Lifeloop's `TapGestureRecognizer`.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// UIKit's `UILongPressGestureRecognizer`: Lifeloop's `LongPressGestureRecognizer`.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// UIKit's `UIPanGestureRecognizer`: Lifeloop's `PanGestureRecognizer`.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
/// UIKit's `UIScreenEdgePanGestureRecognizer`: Lifeloop's `ScreenEdgePanGestureRecognizer`.
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
/// UIKit's `UISwipeGestureRecognizer`: Lifeloop's `SwipeGestureRecognizer`.
public typealias UISwipeGestureRecognizer = SwipeGestureRecognizer
/// UIKit's `UIPinchGestureRecognizer`: Lifeloop's `PinchGestureRecognizer`.
public typealias UIPinchGestureRecognizer = PinchGestureRecognizer
/// UIKit's `UIRotationGestureRecognizer`: Lifeloop's `RotationGestureRecognizer`.
public typealias UIRotationGestureRecognizer = RotationGestureRecognizer
/// UIKit's `UIRectEdge`: Lifeloop's `RectEdge`.
public typealias UIRectEdge = RectEdge

/// UIKit's `UITraitEnvironment`: Lifeloop's `TraitEnvironment`.
public typealias UITraitEnvironment = TraitEnvironment
/// UIKit's `UITraitDefinition`: Lifeloop's `TraitDefinition`.
public typealias UITraitDefinition = TraitDefinition
/// UIKit's `UITrait`: a trait type, as `registerForTraitChanges` takes them (Lifeloop's `TraitDefinition`).
public typealias UITrait = any TraitDefinition.Type
/// UIKit's `UITraitChangeRegistration`: Lifeloop's `TraitChangeRegistration`.
public typealias UITraitChangeRegistration = TraitChangeRegistration
/// UIKit's `UITraitHorizontalSizeClass`: Lifeloop's `HorizontalSizeClassTrait`.
public typealias UITraitHorizontalSizeClass = HorizontalSizeClassTrait
/// UIKit's `UITraitVerticalSizeClass`: Lifeloop's `VerticalSizeClassTrait`.
public typealias UITraitVerticalSizeClass = VerticalSizeClassTrait
/// UIKit's `UITraitUserInterfaceStyle`: Lifeloop's `UserInterfaceStyleTrait`.
public typealias UITraitUserInterfaceStyle = UserInterfaceStyleTrait
/// UIKit's `UITraitDisplayScale`: Lifeloop's `DisplayScaleTrait`.
public typealias UITraitDisplayScale = DisplayScaleTrait
/// UIKit's `UITraitPreferredContentSizeCategory`: Lifeloop's `PreferredContentSizeCategoryTrait`.
public typealias UITraitPreferredContentSizeCategory = PreferredContentSizeCategoryTrait
/// UIKit's `UIEdgeInsets`: Lifeloop's `EdgeInsets`.
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's `UIViewAutoresizing`: Lifeloop's `AutoresizingMask`.
public typealias UIViewAutoresizing = AutoresizingMask

// MARK: Auto Layout

/// UIKit's `NSLayoutConstraint`: Lifeloop's `LayoutConstraint`.
public typealias NSLayoutConstraint = LayoutConstraint
/// UIKit's `UILayoutPriority`: Lifeloop's `LayoutPriority`.
public typealias UILayoutPriority = LayoutPriority
/// UIKit's `NSLayoutAnchor`: Lifeloop's `LayoutAnchor`.
public typealias NSLayoutAnchor = LayoutAnchor
/// UIKit's `NSLayoutXAxisAnchor`: Lifeloop's `LayoutXAxisAnchor`.
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
/// UIKit's `NSLayoutYAxisAnchor`: Lifeloop's `LayoutYAxisAnchor`.
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
/// UIKit's `NSLayoutDimension`: Lifeloop's `LayoutDimension`.
public typealias NSLayoutDimension = LayoutDimension
/// UIKit's `UILayoutGuide`: Lifeloop's `LayoutGuide`.
public typealias UILayoutGuide = LayoutGuide
/// UIKit's `NSDirectionalEdgeInsets`: Lifeloop's `DirectionalEdgeInsets`.
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
/// UIKit's `UILayoutConstraintAxis`: Lifeloop's `LayoutAxis`.
public typealias UILayoutConstraintAxis = LayoutAxis
/// UIKit's `UIStackView`: Lifeloop's `StackView`.
public typealias UIStackView = StackView

// MARK: Controls and bars

/// UIKit's `UIControl`: Lifeloop's `Control`.
public typealias UIControl = Control
/// UIKit's `UIAction`: Lifeloop's `Action`.
public typealias UIAction = Action
/// UIKit's `UILabel`: Lifeloop's `Label`.
public typealias UILabel = Label
/// UIKit's `UIButton`: Lifeloop's `Button`.
public typealias UIButton = Button
/// UIKit's `UIImageView`: Lifeloop's `ImageView`.
public typealias UIImageView = ImageView
/// UIKit's `UISwitch`: Lifeloop's `Switch`.
public typealias UISwitch = Switch
/// UIKit's `UITextField`: Lifeloop's `TextField`.
public typealias UITextField = TextField
/// UIKit's `UITextFieldDelegate`: Lifeloop's `TextFieldDelegate`.
public typealias UITextFieldDelegate = TextFieldDelegate
/// UIKit's `UIScrollView`: Lifeloop's `ScrollView`.
public typealias UIScrollView = ScrollView
/// UIKit's `UIScrollViewDelegate`: Lifeloop's `ScrollViewDelegate`.
public typealias UIScrollViewDelegate = ScrollViewDelegate
/// UIKit's `UITableView`: Lifeloop's `TableView`.
public typealias UITableView = TableView
/// UIKit's `UITableViewCell`: Lifeloop's `TableViewCell`.
public typealias UITableViewCell = TableViewCell
/// UIKit's `UITableViewDataSource`: Lifeloop's `TableViewDataSource`.
public typealias UITableViewDataSource = TableViewDataSource
/// UIKit's `UITableViewDataSourcePrefetching`: Lifeloop's `TableViewDataSourcePrefetching`.
public typealias UITableViewDataSourcePrefetching = TableViewDataSourcePrefetching
/// UIKit's `UITableViewDelegate`: Lifeloop's `TableViewDelegate`.
public typealias UITableViewDelegate = TableViewDelegate
/// UIKit's `UITableViewController`: Lifeloop's `TableViewController`.
public typealias UITableViewController = TableViewController
/// UIKit's `UITableViewHeaderFooterView`: Lifeloop's `TableViewHeaderFooterView`.
public typealias UITableViewHeaderFooterView = TableViewHeaderFooterView
/// UIKit's `UIRefreshControl`: Lifeloop's `RefreshControl`.
public typealias UIRefreshControl = RefreshControl
/// UIKit's `UIContextualAction`: Lifeloop's `ContextualAction`.
public typealias UIContextualAction = ContextualAction
/// UIKit's `UISwipeActionsConfiguration`: Lifeloop's `SwipeActionsConfiguration`.
public typealias UISwipeActionsConfiguration = SwipeActionsConfiguration
/// UIKit's `UIContentConfiguration`: Lifeloop's `ContentConfiguration`.
public typealias UIContentConfiguration = ContentConfiguration
/// UIKit's `UIListContentConfiguration`: Lifeloop's `ListContentConfiguration`.
public typealias UIListContentConfiguration = ListContentConfiguration
/// UIKit's `UITableViewDiffableDataSource`: Lifeloop's `TableViewDiffableDataSource`.
public typealias UITableViewDiffableDataSource = TableViewDiffableDataSource
/// UIKit's `UITableViewCellStyle`: Lifeloop's `TableViewCell.CellStyle`.
public typealias UITableViewCellStyle = TableViewCell.CellStyle
/// UIKit's `NSDiffableDataSourceSnapshot`: Lifeloop's `DiffableDataSourceSnapshot`.
public typealias NSDiffableDataSourceSnapshot = DiffableDataSourceSnapshot
/// UIKit's `NSDiffableDataSourceTransaction`: Lifeloop's `DiffableDataSourceTransaction`.
public typealias NSDiffableDataSourceTransaction = DiffableDataSourceTransaction
/// UIKit's `NSDiffableDataSourceSectionSnapshot`: Lifeloop's `DiffableDataSourceSectionSnapshot`.
public typealias NSDiffableDataSourceSectionSnapshot = DiffableDataSourceSectionSnapshot

// MARK: Collection views

/// UIKit's `UICollectionView`: Lifeloop's `CollectionView`.
public typealias UICollectionView = CollectionView
/// UIKit's `UICollectionViewCell`: Lifeloop's `CollectionViewCell`.
public typealias UICollectionViewCell = CollectionViewCell
/// UIKit's `UICollectionReusableView`: Lifeloop's `CollectionReusableView`.
public typealias UICollectionReusableView = CollectionReusableView
/// UIKit's `UICollectionViewDataSource`: Lifeloop's `CollectionViewDataSource`.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// UIKit's `UICollectionViewDataSourcePrefetching`: Lifeloop's `CollectionViewDataSourcePrefetching`.
public typealias UICollectionViewDataSourcePrefetching = CollectionViewDataSourcePrefetching
/// UIKit's `UICollectionViewDelegate`: Lifeloop's `CollectionViewDelegate`.
public typealias UICollectionViewDelegate = CollectionViewDelegate
/// UIKit's `UICollectionViewDelegateFlowLayout`: Lifeloop's `CollectionViewDelegateFlowLayout`.
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
/// UIKit's `UICollectionViewLayout`: Lifeloop's `CollectionViewLayout`.
public typealias UICollectionViewLayout = CollectionViewLayout
/// UIKit's `UICollectionViewLayoutAttributes`: Lifeloop's `CollectionViewLayoutAttributes`.
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
/// UIKit's `UICollectionViewUpdateItem`: Lifeloop's `CollectionViewUpdateItem`.
public typealias UICollectionViewUpdateItem = CollectionViewUpdateItem
/// UIKit's `UICollectionViewFlowLayout`: Lifeloop's `CollectionViewFlowLayout`.
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
/// UIKit's `UICollectionViewScrollDirection`: Lifeloop's `CollectionViewFlowLayout.ScrollDirection`.
public typealias UICollectionViewScrollDirection = CollectionViewFlowLayout.ScrollDirection
/// UIKit's `UICollectionViewController`: Lifeloop's `CollectionViewController`.
public typealias UICollectionViewController = CollectionViewController
/// UIKit's `UICollectionViewDiffableDataSource`: Lifeloop's `CollectionViewDiffableDataSource`.
public typealias UICollectionViewDiffableDataSource = CollectionViewDiffableDataSource
/// UIKit's `UICollectionViewCompositionalLayout`: Lifeloop's `CollectionViewCompositionalLayout`.
public typealias UICollectionViewCompositionalLayout = CollectionViewCompositionalLayout
/// UIKit's `UICollectionViewCompositionalLayoutConfiguration`: Lifeloop's `CollectionViewCompositionalLayoutConfiguration`.
public typealias UICollectionViewCompositionalLayoutConfiguration = CollectionViewCompositionalLayoutConfiguration
/// UIKit's `UICollectionViewCompositionalLayoutSectionProvider`: Lifeloop's `CollectionViewCompositionalLayout.SectionProvider`.
public typealias UICollectionViewCompositionalLayoutSectionProvider = CollectionViewCompositionalLayout.SectionProvider
/// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`: Lifeloop's `CollectionLayoutSectionOrthogonalScrollingBehavior`.
public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior = CollectionLayoutSectionOrthogonalScrollingBehavior
/// UIKit's `NSCollectionLayoutDimension`: Lifeloop's `CollectionLayoutDimension`.
public typealias NSCollectionLayoutDimension = CollectionLayoutDimension
/// UIKit's `NSCollectionLayoutSize`: Lifeloop's `CollectionLayoutSize`.
public typealias NSCollectionLayoutSize = CollectionLayoutSize
/// UIKit's `NSCollectionLayoutSpacing`: Lifeloop's `CollectionLayoutSpacing`.
public typealias NSCollectionLayoutSpacing = CollectionLayoutSpacing
/// UIKit's `NSCollectionLayoutItem`: Lifeloop's `CollectionLayoutItem`.
public typealias NSCollectionLayoutItem = CollectionLayoutItem
/// UIKit's `NSCollectionLayoutGroup`: Lifeloop's `CollectionLayoutGroup`.
public typealias NSCollectionLayoutGroup = CollectionLayoutGroup
/// UIKit's `NSCollectionLayoutSection`: Lifeloop's `CollectionLayoutSection`.
public typealias NSCollectionLayoutSection = CollectionLayoutSection
/// UIKit's `NSCollectionLayoutBoundarySupplementaryItem`: Lifeloop's `CollectionLayoutBoundarySupplementaryItem`.
public typealias NSCollectionLayoutBoundarySupplementaryItem = CollectionLayoutBoundarySupplementaryItem
/// UIKit's `NSCollectionLayoutEnvironment`: Lifeloop's `CollectionLayoutEnvironment`.
public typealias NSCollectionLayoutEnvironment = CollectionLayoutEnvironment
/// UIKit's `NSCollectionLayoutContainer`: Lifeloop's `CollectionLayoutContainer`.
public typealias NSCollectionLayoutContainer = CollectionLayoutContainer
/// UIKit's `NSRectAlignment`: Lifeloop's `RectAlignment`.
public typealias NSRectAlignment = RectAlignment
/// UIKit's `NSCollectionLayoutDecorationItem`: Lifeloop's `CollectionLayoutDecorationItem`.
public typealias NSCollectionLayoutDecorationItem = CollectionLayoutDecorationItem
/// UIKit's `NSCollectionLayoutVisibleItem`: Lifeloop's `CollectionLayoutVisibleItem`.
public typealias NSCollectionLayoutVisibleItem = CollectionLayoutVisibleItem
/// UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`: Lifeloop's `CollectionLayoutSectionVisibleItemsInvalidationHandler`.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = CollectionLayoutSectionVisibleItemsInvalidationHandler
/// UIKit's `UICollectionLayoutListConfiguration`: Lifeloop's `CollectionLayoutListConfiguration`.
public typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
/// UIKit's `UICollectionViewListCell`: Lifeloop's `CollectionViewListCell`.
public typealias UICollectionViewListCell = CollectionViewListCell
/// UIKit's `UICellAccessory`: Lifeloop's `CellAccessory`.
public typealias UICellAccessory = CellAccessory
/// UIKit's `UICollectionView.elementKindSectionHeader` under its older global name.
public let UICollectionElementKindSectionHeader = CollectionView.elementKindSectionHeader
/// UIKit's `UICollectionView.elementKindSectionFooter` under its older global name.
public let UICollectionElementKindSectionFooter = CollectionView.elementKindSectionFooter
/// UIKit's `UIBarItem`: Lifeloop's `BarItem`.
public typealias UIBarItem = BarItem
/// UIKit's `UIBarButtonItem`: Lifeloop's `BarButtonItem`.
public typealias UIBarButtonItem = BarButtonItem
/// UIKit's `UINavigationItem`: Lifeloop's `NavigationItem`.
public typealias UINavigationItem = NavigationItem
/// UIKit's `UITabBarItem`: Lifeloop's `TabBarItem`.
public typealias UITabBarItem = TabBarItem
/// UIKit's `UIKeyboardType`: Lifeloop's `KeyboardType`.
public typealias UIKeyboardType = KeyboardType
/// UIKit's `UIReturnKeyType`: Lifeloop's `ReturnKeyType`.
public typealias UIReturnKeyType = ReturnKeyType
/// UIKit's `UITextAutocapitalizationType`: Lifeloop's `TextAutocapitalizationType`.
public typealias UITextAutocapitalizationType = TextAutocapitalizationType
/// UIKit's `UITextAutocorrectionType`: Lifeloop's `TextAutocorrectionType`.
public typealias UITextAutocorrectionType = TextAutocorrectionType
/// UIKit's `NSTextAlignment`: Lifeloop's `TextAlignment`.
public typealias NSTextAlignment = TextAlignment
/// UIKit's `NSLineBreakMode`: Lifeloop's `LineBreakMode`.
public typealias NSLineBreakMode = LineBreakMode
/// UIKit's `UITextView`: Lifeloop's `TextView`.
public typealias UITextView = TextView
/// UIKit's `UITextViewDelegate`: Lifeloop's `TextViewDelegate`.
public typealias UITextViewDelegate = TextViewDelegate
/// UIKit's `UIMenuElement`: Lifeloop's `MenuElement`.
public typealias UIMenuElement = MenuElement
/// UIKit's `UIMenu`: Lifeloop's `Menu`.
public typealias UIMenu = Menu
/// UIKit's `UIDeferredMenuElement`: Lifeloop's `DeferredMenuElement`.
public typealias UIDeferredMenuElement = DeferredMenuElement
/// UIKit's `UIInteraction`: Lifeloop's `Interaction`.
public typealias UIInteraction = Interaction
/// UIKit's `UIPointerInteraction`: Lifeloop's `PointerInteraction`.
public typealias UIPointerInteraction = PointerInteraction
/// UIKit's `UIPointerInteractionDelegate`: Lifeloop's `PointerInteractionDelegate`.
public typealias UIPointerInteractionDelegate = PointerInteractionDelegate
/// UIKit's `UIPointerInteractionAnimating`: Lifeloop's `PointerInteractionAnimating`.
public typealias UIPointerInteractionAnimating = PointerInteractionAnimating
/// UIKit's `UIPointerRegion`: Lifeloop's `PointerRegion`.
public typealias UIPointerRegion = PointerRegion
/// UIKit's `UIPointerRegionRequest`: Lifeloop's `PointerRegionRequest`.
public typealias UIPointerRegionRequest = PointerRegionRequest
/// UIKit's `UIPointerStyle`: Lifeloop's `PointerStyle`.
public typealias UIPointerStyle = PointerStyle
/// UIKit's `UIPointerEffect`: Lifeloop's `PointerEffect`.
public typealias UIPointerEffect = PointerEffect
/// UIKit's `UIPointerShape`: Lifeloop's `PointerShape`.
public typealias UIPointerShape = PointerShape
/// UIKit's `UIPointerAccessory`: Lifeloop's `PointerAccessory`.
public typealias UIPointerAccessory = PointerAccessory
/// UIKit's `UITargetedPreview`: Lifeloop's `TargetedPreview`.
public typealias UITargetedPreview = TargetedPreview
/// UIKit's `UIAxis`: Lifeloop's `Axis`.
public typealias UIAxis = Axis

// MARK: Colors, fonts, images, drawing

/// UIKit's `UIColor`: Lifeloop's `Color`.
public typealias UIColor = Color
/// Core Graphics' `CGColor`: Lifeloop's `Color` (one type, so `cgColor` is the color itself).
public typealias CGColor = Color
/// UIKit's `UIFont`: Lifeloop's `Font`.
public typealias UIFont = Font
/// UIKit's `UIImage`: Lifeloop's `Image`.
public typealias UIImage = Image
/// UIKit's `UIBezierPath`: Lifeloop's `BezierPath`.
public typealias UIBezierPath = BezierPath
/// UIKit's `UIRectCorner`: Lifeloop's `RectCorner`.
public typealias UIRectCorner = RectCorner
/// UIKit's `CALayer`: Lifeloop's `Layer`.
public typealias CALayer = Layer
/// UIKit's `CACornerMask`: Lifeloop's `CornerMask`.
public typealias CACornerMask = CornerMask
/// What `#colorLiteral(red:green:blue:alpha:)` makes in a file that imports UIKit.
public typealias _ColorLiteralType = UIColor
/// What `#imageLiteral(resourceName:)` makes in a file that imports UIKit.
public typealias _ImageLiteralType = UIImage

extension View {
    /// UIKit's `UIView.TintAdjustmentMode`: Lifeloop's `TintAdjustmentMode`.
    public typealias TintAdjustmentMode = Lifeloop.TintAdjustmentMode
    /// UIKit's `UIView.AutoresizingMask`: Lifeloop's `AutoresizingMask`.
    public typealias AutoresizingMask = Lifeloop.AutoresizingMask
    /// UIKit's `UIView.ContentMode`: Lifeloop's `ContentMode`.
    public typealias ContentMode = Lifeloop.ContentMode
    /// UIKit's `UIView.AnimationOptions`: Lifeloop's `AnimationOptions`.
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

// MARK: Dispatch's time constants (C macros that Linux's Dispatch does not export)

/// Nanoseconds per second, as Dispatch on Apple platforms defines it.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds per second.
public let USEC_PER_SEC: UInt64 = 1_000_000

// MARK: Resources

extension Color {
    /// A color from the app's asset catalogs by name (`AppResources.color(named:style:)`),
    /// its any-appearance value (Lifeloop's colors are not dynamic). A name the catalogs
    /// lack gives the system gray (never nil, so `UIColor(named: "x")!` runs).
    public init?(named name: String) {
        self = AppResources.current?.color(named: name) ?? .systemGray
    }

    /// A color from the asset catalogs of a bundle (the app's for nil or `Bundle.main`),
    /// in the trait collection's light or dark appearance; the system gray for a name they
    /// lack, as above.
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: TraitCollection?) {
        let style = traitCollection?.userInterfaceStyle ?? .unspecified
        self = AppResources.resources(for: bundle)?.color(named: name, style: style) ?? .systemGray
    }
}

// MARK: Controls

/// UIKit's `UISlider`: Lifeloop's `Slider`.
public typealias UISlider = Slider
/// UIKit's `UISegmentedControl`: Lifeloop's `SegmentedControl`.
public typealias UISegmentedControl = SegmentedControl
/// UIKit's `UIStepper`: Lifeloop's `Stepper`.
public typealias UIStepper = Stepper
/// UIKit's `UIPageControl`: Lifeloop's `PageControl`.
public typealias UIPageControl = PageControl
/// UIKit's `UIActivityIndicatorView`: Lifeloop's `ActivityIndicatorView`.
public typealias UIActivityIndicatorView = ActivityIndicatorView
/// UIKit's `UIActivityIndicatorViewStyle` (the Swift 4 name): Lifeloop's `ActivityIndicatorView.Style`.
public typealias UIActivityIndicatorViewStyle = ActivityIndicatorView.Style
/// UIKit's `UIProgressView`: Lifeloop's `ProgressView`.
public typealias UIProgressView = ProgressView
/// UIKit's `UIProgressViewStyle` (the Swift 4 name): Lifeloop's `ProgressView.Style`.
public typealias UIProgressViewStyle = ProgressView.Style
/// UIKit's `UIDatePicker`: Lifeloop's `DatePicker`.
public typealias UIDatePicker = DatePicker
/// UIKit's `UIDatePickerStyle`: Lifeloop's `DatePickerStyle`.
public typealias UIDatePickerStyle = DatePickerStyle
/// UIKit's `UIDatePickerMode` (the Swift 4 name): Lifeloop's `DatePicker.Mode`.
public typealias UIDatePickerMode = DatePicker.Mode
/// UIKit's `UIColorWell`: Lifeloop's `ColorWell`.
public typealias UIColorWell = ColorWell
/// UIKit's `UIPickerView`: Lifeloop's `PickerView`.
public typealias UIPickerView = PickerView
/// UIKit's `UIPickerViewDataSource`: Lifeloop's `PickerViewDataSource`.
public typealias UIPickerViewDataSource = PickerViewDataSource
/// UIKit's `UIPickerViewDelegate`: Lifeloop's `PickerViewDelegate`.
public typealias UIPickerViewDelegate = PickerViewDelegate
