import SwiftParser
import SwiftSyntax

extension Porter {
    /// The Lifeloop classes that conform to `NameWirable` (by their Lifeloop and UIKit
    /// names): a subclass of one overrides the members rather than adding the conformance.
    ///
    /// Derived from the `Lifeloop` and `UIKit` modules with ``wirableClasses(declaredIn:)``
    /// (every class that owns `lifeloopSetOutlet(named:to:)`, its subclasses and their
    /// UIKit names); a test fails when the modules and this list differ.
    public static let wirableClasses: Set<String> = [
        "AlertController", "Application", "BarButtonItem", "BarItem", "Button", "CellContentView", "CollectionCellContentView",
        "CollectionReusableView", "CollectionView", "CollectionViewCell", "CollectionViewController",
        "CollectionViewListCell", "Control", "GestureRecognizer", "ImageView", "InteractiveMovementGestureRecognizer",
        "InteractivePopGestureRecognizer", "Label", "LongPressGestureRecognizer", "NavigationBar", "NavigationController",
        "PageTurnPanRecognizer", "PageViewController", "PanGestureRecognizer", "PinchGestureRecognizer",
        "RefreshControl", "ReorderGestureRecognizer", "Responder", "RotationGestureRecognizer", "ScreenEdgePanGestureRecognizer", "ScrollViewPanGestureRecognizer",
        "Scene", "ScrollView", "StackView", "SwipeGestureRecognizer", "Switch", "TabBarController", "TabBarItem", "TableView",
        "TableViewCell", "TableViewController", "TableViewHeaderFooterView", "TapGestureRecognizer", "TextField",
        "TextView", "TransitionContainerView", "View", "ViewController", "Window", "WindowScene",
        "_UICollectionViewOrthogonalScrollerEmbeddedScrollView", "UIAlertController", "UIApplication", "UIBarButtonItem", "UIBarItem",
        "UIButton", "UICollectionReusableView", "UICollectionView", "UICollectionViewCell",
        "UICollectionViewController", "UICollectionViewListCell", "UIControl", "UIGestureRecognizer", "UIImageView",
        "UILabel", "UILongPressGestureRecognizer", "UINavigationBar", "UINavigationController", "UIPageViewController",
        "UIPanGestureRecognizer", "UIPinchGestureRecognizer", "UIRefreshControl", "UIResponder",
        "UIRotationGestureRecognizer", "UIScene", "UIScreenEdgePanGestureRecognizer", "UIScrollView", "UIStackView",
        "UISwipeGestureRecognizer", "UISwitch", "UITabBarController", "UITabBarItem", "UITableView",
        "UITableViewCell", "UITableViewController", "UITableViewHeaderFooterView", "UITapGestureRecognizer",
        "UITextField", "UITextView", "UIView", "UIViewController", "UIWindow", "UIWindowScene",
        // The controls pack.
        "ActivityIndicatorView", "ColorWell", "DatePicker", "PageControl", "PickerView", "ProgressView", "SegmentedControl",
        "Slider", "Stepper", "UIActivityIndicatorView", "UIColorWell", "UIDatePicker", "UIPageControl", "UIPickerView",
        "UIProgressView", "UISegmentedControl", "UISlider", "UIStepper",
        // Views, bars and presented controllers.
        "ActivityViewController", "ImagePickerController", "SearchBar", "SearchController", "SearchDimmingView",
        "SearchTextField", "TabBar", "Toolbar", "VisualEffectView", "UIActivityViewController", "UIImagePickerController",
        "UISearchBar", "UISearchController", "UISearchTextField", "UITabBar", "UIToolbar", "UIVisualEffectView",
        // Controllers and app extras.
        "SplitContainerView", "SplitViewController", "UISplitViewController",
    ]

    /// The classes of a module that conform to `NameWirable`, by name, and the names
    /// typealiases give them (`UITableViewCell` for `TableViewCell`): the classes that own
    /// `lifeloopSetOutlet(named:to:)` and every class that inherits from one.
    ///
    /// This is how ``wirableClasses`` is derived from Lifeloop's `Lifeloop` and `UIKit`
    /// modules; a test keeps the two equal.
    public static func wirableClasses(declaredIn sources: [PortSource]) -> Set<String> {
        let collector = WirableClassCollector(viewMode: .sourceAccurate)
        for source in sources { collector.walk(Parser.parse(source: source.text)) }
        var wirable = collector.roots
        var changed = true
        while changed {
            changed = false
            for (name, superName) in collector.superclasses where !wirable.contains(name) && wirable.contains(superName) {
                wirable.insert(name)
                changed = true
            }
            for (alias, target) in collector.aliases where !wirable.contains(alias) && wirable.contains(target) {
                wirable.insert(alias)
                changed = true
            }
        }
        return wirable
    }
}

/// Class declarations (name and superclass), typealiases, and the classes that declare
/// `lifeloopSetOutlet(named:to:)`.
private final class WirableClassCollector: SyntaxVisitor {
    var superclasses: [(String, String)] = []
    var aliases: [(String, String)] = []
    var roots: Set<String> = []

    /// A type's name without generic arguments or module prefix (`Lifeloop.View` is `View`).
    private func simpleName(_ text: String) -> String {
        let base = text.prefix { $0 != "<" }
        return base.split(separator: ".").last.map(String.init) ?? String(base)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if let first = node.inheritanceClause?.inheritedTypes.first {
            superclasses.append((name, simpleName(first.type.trimmedDescription)))
        }
        let ownsOutlets = node.memberBlock.members.contains {
            $0.decl.as(FunctionDeclSyntax.self)?.name.text == "lifeloopSetOutlet"
        }
        if ownsOutlets { roots.insert(name) }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        aliases.append((node.name.text, simpleName(node.initializer.value.trimmedDescription)))
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
