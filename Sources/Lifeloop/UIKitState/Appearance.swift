import Foundation

/// The app-wide appearance: light or dark, and the Dynamic Type text size.
final class AppearanceState {
    var style = TraitCollection.Style.light
    var contentSize = ContentSizeCategory.large
}

extension Application {
    var appearanceState: AppearanceState { controllersMoreObject("Application.appearance") { AppearanceState() } }

    /// The app's appearance, light (the default) or dark: what the system's Light and Dark
    /// setting is to a UIKit app. Every window's trait collection carries it unless a
    /// window, controller or view overrides it (`overrideUserInterfaceStyle`). Setting it
    /// delivers the trait change at once (L40): `traitCollectionDidChange(_:)` and the
    /// `registerForTraitChanges` handlers, each window first and then down its views, a
    /// controller just before its view; views that draw dynamic colors are redrawn.
    /// Unspecified counts as light.
    public var userInterfaceStyle: TraitCollection.Style {
        get { appearanceState.style }
        set {
            guard checkLoopThread(label: "app", operation: "userInterfaceStyle") else { return }
            let style: TraitCollection.Style = newValue == .dark ? .dark : .light
            guard style != appearanceState.style else { return }
            TraitDelivery.changing(windows) { appearanceState.style = style }
        }
    }

    /// The user's Dynamic Type text size: ``ContentSizeCategory/large`` by default.
    /// Setting it delivers the trait change as ``userInterfaceStyle`` does (labels, text
    /// fields and text views that adjust their font for the content size get the new size
    /// first), then posts ``ContentSizeCategory/didChangeNotification`` on the app's
    /// notification center with the new category under
    /// ``ContentSizeCategory/newValueUserInfoKey``. Unspecified counts as large.
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { appearanceState.contentSize }
        set {
            guard checkLoopThread(label: "app", operation: "preferredContentSizeCategory") else { return }
            let category = newValue == .unspecified ? ContentSizeCategory.large : newValue
            guard category != appearanceState.contentSize else { return }
            TraitDelivery.changing(windows) { appearanceState.contentSize = category }
            notificationCenter.post(name: ContentSizeCategory.didChangeNotification, object: nil,
                                    userInfo: [ContentSizeCategory.newValueUserInfoKey: category])
        }
    }

    /// The traits of something outside every window: the phone screen's, in the app's
    /// appearance and text size.
    var detachedTraits: TraitCollection {
        TraitCollection(screen: .phone, size: Screen.phone.size, style: userInterfaceStyle,
                        contentSize: preferredContentSizeCategory)
    }
}

extension Window {
    /// The traits the window's tree starts from: its screen and size, the app's appearance
    /// and text size.
    func baseTraits(size: Size) -> TraitCollection {
        TraitCollection(screen: screen, size: size, style: app?.userInterfaceStyle ?? .light,
                        contentSize: app?.preferredContentSizeCategory ?? .large)
    }
}

extension View {
    /// The traits in force for the view, as UIKit's iOS 17 trait hierarchy passes them
    /// down: a window's from its screen, size and the app's appearance; a controller's
    /// view's from its controller; any other view's from its superview; each then with the
    /// view's own ``overrideUserInterfaceStyle``. A view in no window takes the phone
    /// screen's traits in the app's appearance.
    public var traitCollection: TraitCollection {
        var traits: TraitCollection
        if let window = self as? Window {
            traits = window.baseTraits(size: window.bounds.size)
        } else if hostsController, let controller = owningController {
            traits = controller.traitCollection
        } else if let superview = storedSuperview {
            traits = superview.traitCollection
        } else {
            traits = (app ?? ThreadContext.application)?.detachedTraits ?? .current
        }
        if let style = extras?.overrideUserInterfaceStyle, style != .unspecified { traits.userInterfaceStyle = style }
        return traits
    }

    /// The appearance this view and its subviews take whatever the app's is: UIKit's
    /// `overrideUserInterfaceStyle` (`.unspecified`, the default, inherits). Setting it
    /// delivers the trait change to the view and what is inside it (L40).
    public var overrideUserInterfaceStyle: TraitCollection.Style {
        get { extras?.overrideUserInterfaceStyle ?? .unspecified }
        set {
            guard onLoop("overrideUserInterfaceStyle"), newValue != overrideUserInterfaceStyle else { return }
            TraitDelivery.changing([self]) { makeExtras().overrideUserInterfaceStyle = newValue }
        }
    }

    /// `color` in this view's appearance: what the view draws for it.
    func resolved(_ color: Color) -> Color {
        color.isDynamic ? color.resolvedColor(with: traitCollection) : color
    }

    /// `color` as this view draws it, resolved against its trait collection (UIKit's
    /// `resolvedColor(with: view.traitCollection)`).
    public func resolvedColor(_ color: Color) -> Color { resolved(color) }

    /// What a trait change means for the view itself, before its callbacks: a font that
    /// follows Dynamic Type takes the new size, and dynamic colors are drawn again.
    func adaptToTraits(from old: TraitCollection, to new: TraitCollection) {
        if old.preferredContentSizeCategory != new.preferredContentSizeCategory {
            adjustFont(to: new.preferredContentSizeCategory)
        }
        if old.hasDifferentColorAppearance(comparedTo: new), drawsDynamicColors { setNeedsDisplay() }
    }

    private func adjustFont(to category: ContentSizeCategory) {
        if let label = self as? Label, label.adjustsFontForContentSizeCategory,
           let font = label.font?.adjusted(to: category) {
            label.font = font
            label.setNeedsLayout()
        } else if let field = self as? TextField, field.adjustsFontForContentSizeCategory,
                  let font = field.font?.adjusted(to: category) {
            field.font = font
            field.invalidateIntrinsicContentSize()
            field.setNeedsDisplay()
        } else if let text = self as? TextView, text.adjustsFontForContentSizeCategory,
                  let font = text.font?.adjusted(to: category) {
            text.font = font
        }
    }

    /// Whether the view draws a color that changes with the appearance.
    private var drawsDynamicColors: Bool {
        if backgroundColor?.isDynamic == true || extras?.tintColor?.isDynamic == true { return true }
        if let label = self as? Label { return label.textColor?.isDynamic == true }
        if let field = self as? TextField { return field.textColor?.isDynamic == true }
        if let text = self as? TextView { return text.textColor?.isDynamic == true }
        return false
    }
}

extension ViewController {
    /// The traits in force for the controller: since iOS 17, those of its view's superview
    /// (of its parent when its view is in no hierarchy), with the controller's
    /// ``overrideUserInterfaceStyle``, which its view and the controllers inside it inherit.
    public var traitCollection: TraitCollection {
        var traits: TraitCollection
        if let superview = storedView?.storedSuperview {
            traits = superview.traitCollection
        } else if let parent {
            traits = parent.traitCollection
        } else {
            traits = (app ?? ThreadContext.application)?.detachedTraits ?? .current
        }
        if storedOverrideStyle != .unspecified { traits.userInterfaceStyle = storedOverrideStyle }
        return traits
    }

    /// The appearance this controller, its view and the controllers inside it take:
    /// UIKit's `overrideUserInterfaceStyle` (`.unspecified`, the default, inherits).
    /// Setting it delivers the trait change to the controller and its view's tree (L40).
    public var overrideUserInterfaceStyle: TraitCollection.Style {
        get { storedOverrideStyle }
        set {
            guard onLoop("overrideUserInterfaceStyle"), newValue != storedOverrideStyle else { return }
            guard let view = storedView else {
                storedOverrideStyle = newValue
                return
            }
            TraitDelivery.changing([view]) { storedOverrideStyle = newValue }
        }
    }
}

extension TextField {
    /// Whether the field's font follows the app's text size: a font from
    /// `Font.preferredFont(forTextStyle:)` or a `FontMetrics` takes the new size when the
    /// content size category changes.
    public var adjustsFontForContentSizeCategory: Bool {
        get { textExtras.adjustsFontForContentSizeCategory }
        set { textExtras.adjustsFontForContentSizeCategory = newValue }
    }
}

extension TextView {
    /// Whether the text view's font follows the app's text size, as a text field's does.
    public var adjustsFontForContentSizeCategory: Bool {
        get { textExtras.adjustsFontForContentSizeCategory }
        set { textExtras.adjustsFontForContentSizeCategory = newValue }
    }
}

/// Delivers trait changes in UIKit's order (L40): parent first, down the view tree in
/// subview order, a controller just before its view.
enum TraitDelivery {
    enum Node {
        case view(View)
        case controller(ViewController)

        var traits: TraitCollection {
            switch self {
            case .view(let view): view.traitCollection
            case .controller(let controller): controller.traitCollection
            }
        }

        func traitsDidChange(from old: TraitCollection) {
            switch self {
            case .view(let view): view.traitsDidChange(from: old)
            case .controller(let controller): controller.traitsDidChange(from: old)
            }
        }
    }

    /// Every view under `roots` and the controllers whose views they are, in delivery order.
    static func nodes(under roots: [View]) -> [Node] {
        var result: [Node] = []
        var pending = Array(roots.reversed())
        while let view = pending.popLast() {
            if view.hostsController, let controller = view.owningController { result.append(.controller(controller)) }
            result.append(.view(view))
            pending.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    /// Each node's traits now, to compare with after a change.
    static func snapshot(under roots: [View]) -> [(Node, TraitCollection)] {
        nodes(under: roots).map { ($0, $0.traits) }
    }

    /// Tells each node of `snapshot` whose traits differ now, in order.
    static func deliver(_ snapshot: [(Node, TraitCollection)]) {
        for (node, old) in snapshot where node.traits != old {
            node.traitsDidChange(from: old)
        }
    }

    /// Runs `change`, then delivers the trait changes it made under `roots`.
    static func changing(_ roots: [View], _ change: () -> Void) {
        let before = snapshot(under: roots)
        change()
        deliver(before)
    }
}
