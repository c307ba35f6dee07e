// UIKit's names for Lifeloop's views, bars, effects, configurations and text attributes.

// MARK: Configurations

/// UIKit's `UIBackgroundConfiguration`: Lifeloop's `BackgroundConfiguration`.
public typealias UIBackgroundConfiguration = BackgroundConfiguration
/// UIKit's `UIConfigurationState`: Lifeloop's `ConfigurationState`.
public typealias UIConfigurationState = ConfigurationState
/// UIKit's `UIViewConfigurationState`: Lifeloop's `ViewConfigurationState`.
public typealias UIViewConfigurationState = ViewConfigurationState
/// UIKit's `UICellConfigurationState`: Lifeloop's `CellConfigurationState`.
public typealias UICellConfigurationState = CellConfigurationState
/// UIKit's `UICellConfigurationDragState`: Lifeloop's `CellConfigurationState.DragState`.
public typealias UICellConfigurationDragState = CellConfigurationState.DragState
/// UIKit's `UICellConfigurationDropState`: Lifeloop's `CellConfigurationState.DropState`.
public typealias UICellConfigurationDropState = CellConfigurationState.DropState
/// UIKit's `UIConfigurationStateCustomKey`: Lifeloop's `ConfigurationStateCustomKey`.
public typealias UIConfigurationStateCustomKey = ConfigurationStateCustomKey
/// UIKit's `UIConfigurationTextAttributesTransformer`: Lifeloop's `ConfigurationTextAttributesTransformer`.
public typealias UIConfigurationTextAttributesTransformer = ConfigurationTextAttributesTransformer
/// UIKit's `UIConfigurationColorTransformer`: Lifeloop's `ConfigurationColorTransformer`.
public typealias UIConfigurationColorTransformer = ConfigurationColorTransformer
/// UIKit's `NSDirectionalRectEdge`: Lifeloop's `DirectionalRectEdge`.
public typealias NSDirectionalRectEdge = DirectionalRectEdge

// MARK: Effects

/// UIKit's `UIVisualEffect`: Lifeloop's `VisualEffect`.
public typealias UIVisualEffect = VisualEffect
/// UIKit's `UIBlurEffect`: Lifeloop's `BlurEffect`.
public typealias UIBlurEffect = BlurEffect
/// UIKit's `UIVibrancyEffect`: Lifeloop's `VibrancyEffect`.
public typealias UIVibrancyEffect = VibrancyEffect
/// UIKit's `UIVibrancyEffectStyle`: Lifeloop's `VibrancyEffectStyle`.
public typealias UIVibrancyEffectStyle = VibrancyEffectStyle
/// UIKit's `UIVisualEffectView`: Lifeloop's `VisualEffectView`.
public typealias UIVisualEffectView = VisualEffectView
/// UIKit's `UIBlurEffectStyle` (the Swift 4 name): Lifeloop's `BlurEffect.Style`.
public typealias UIBlurEffectStyle = BlurEffect.Style

// MARK: Text attributes

/// UIKit's `NSParagraphStyle`: Lifeloop's `ParagraphStyle`.
public typealias NSParagraphStyle = ParagraphStyle
/// UIKit's `NSMutableParagraphStyle`: Lifeloop's `MutableParagraphStyle`.
public typealias NSMutableParagraphStyle = MutableParagraphStyle
/// UIKit's `NSUnderlineStyle`: Lifeloop's `UnderlineStyle`.
public typealias NSUnderlineStyle = UnderlineStyle
/// UIKit's `NSWritingDirection`: Lifeloop's `WritingDirection`.
public typealias NSWritingDirection = WritingDirection

// MARK: Windows and scrolling

/// UIKit's `UIWindowLevel` (the Swift 4 name): Lifeloop's `Window.Level`.
public typealias UIWindowLevel = Window.Level
/// UIKit's `UIScrollViewKeyboardDismissMode` (the Swift 4 name): Lifeloop's `ScrollView.KeyboardDismissMode`.
public typealias UIScrollViewKeyboardDismissMode = ScrollView.KeyboardDismissMode

// MARK: Search

/// UIKit's `UISearchBar`: Lifeloop's `SearchBar`.
public typealias UISearchBar = SearchBar
/// UIKit's `UISearchBarDelegate`: Lifeloop's `SearchBarDelegate`.
public typealias UISearchBarDelegate = SearchBarDelegate
/// UIKit's `UISearchBarStyle` (the Swift 4 name): Lifeloop's `SearchBar.Style`.
public typealias UISearchBarStyle = SearchBar.Style
/// UIKit's `UISearchBarIcon` (the Swift 4 name): Lifeloop's `SearchBar.Icon`.
public typealias UISearchBarIcon = SearchBar.Icon
/// UIKit's `UISearchTextField`: Lifeloop's `SearchTextField`.
public typealias UISearchTextField = SearchTextField
/// UIKit's `UISearchToken`: Lifeloop's `SearchToken`.
public typealias UISearchToken = SearchToken
/// UIKit's `UISearchController`: Lifeloop's `SearchController`.
public typealias UISearchController = SearchController
/// UIKit's `UISearchResultsUpdating`: Lifeloop's `SearchResultsUpdating`.
public typealias UISearchResultsUpdating = SearchResultsUpdating
/// UIKit's `UISearchControllerDelegate`: Lifeloop's `SearchControllerDelegate`.
public typealias UISearchControllerDelegate = SearchControllerDelegate

// MARK: Bars

/// UIKit's `UITabBar`: Lifeloop's `TabBar`.
public typealias UITabBar = TabBar
/// UIKit's `UITabBarDelegate`: Lifeloop's `TabBarDelegate`.
public typealias UITabBarDelegate = TabBarDelegate
/// UIKit's `UITabBarAppearance`: Lifeloop's `TabBarAppearance`.
public typealias UITabBarAppearance = TabBarAppearance
/// UIKit's `UITabBarItemAppearance`: Lifeloop's `TabBarItemAppearance`.
public typealias UITabBarItemAppearance = TabBarItemAppearance
/// UIKit's `UITabBarItemStateAppearance`: Lifeloop's `TabBarItemStateAppearance`.
public typealias UITabBarItemStateAppearance = TabBarItemStateAppearance
/// UIKit's `UIToolbar`: Lifeloop's `Toolbar`.
public typealias UIToolbar = Toolbar
/// UIKit's `UIToolbarAppearance`: Lifeloop's `ToolbarAppearance`.
public typealias UIToolbarAppearance = ToolbarAppearance

// MARK: Presented controllers

/// UIKit's `UIActivity`: Lifeloop's `Activity`.
public typealias UIActivity = Activity
/// UIKit's `UIActivityType` (the Swift 4 name): Lifeloop's `Activity.ActivityType`.
public typealias UIActivityType = Activity.ActivityType
/// UIKit's `UIActivityCategory` (the Swift 4 name): Lifeloop's `Activity.Category`.
public typealias UIActivityCategory = Activity.Category
/// UIKit's `UIActivityViewController`: Lifeloop's `ActivityViewController`.
public typealias UIActivityViewController = ActivityViewController
/// UIKit's `UIImagePickerController`: Lifeloop's `ImagePickerController`.
public typealias UIImagePickerController = ImagePickerController
/// UIKit's `UIImagePickerControllerDelegate`: Lifeloop's `ImagePickerControllerDelegate`.
public typealias UIImagePickerControllerDelegate = ImagePickerControllerDelegate
/// UIKit's `UIImagePickerControllerSourceType` (the Swift 4 name): Lifeloop's `ImagePickerController.SourceType`.
public typealias UIImagePickerControllerSourceType = ImagePickerController.SourceType
/// UIKit's `UIPopoverPresentationController`: Lifeloop's `PopoverPresentationController`.
public typealias UIPopoverPresentationController = PopoverPresentationController
/// UIKit's `UIPopoverPresentationControllerDelegate`: Lifeloop's `PopoverPresentationControllerDelegate`.
public typealias UIPopoverPresentationControllerDelegate = PopoverPresentationControllerDelegate
/// UIKit's `UIPopoverArrowDirection`: Lifeloop's `PopoverArrowDirection`.
public typealias UIPopoverArrowDirection = PopoverArrowDirection
