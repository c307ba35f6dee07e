/// A storyboard loaded into an app: makes controllers from its scenes.
public final class Storyboard {
    /// The parsed file.
    public let definition: StoryboardDefinition
    private let appLink: AppLink?
    var app: Application? { appLink?.app }
    /// The scenes being created right now, innermost last: a relationship segue back to
    /// one of them (possible only in a definition built in code; files are checked) is
    /// refused rather than followed forever.
    private var creating: [String] = []

    init(definition: StoryboardDefinition, app: Application) {
        self.definition = definition
        self.appLink = app.link
    }

    /// Creates the controller of the initial scene.
    public func instantiateInitialViewController() -> ViewController? {
        instantiateViewController(withIdentifier: definition.initialScene)
    }

    /// Creates the controller of a scene through `init(coder:)` (`initWithCoder`), gives it
    /// the scene's presentation style, follows its relationship segues (L24: each
    /// destination is created, the controller's `prepareForSegue` runs, then it becomes the
    /// navigation controller's root or the next tab), then calls its `awakeFromNib`. The
    /// scene's class must be registered with the app
    /// (``Application/registerController(_:as:)``); `ViewController`, `NavigationController`
    /// and `TabBarController` always are.
    /// - Returns: nil, with a diagnostic, if no scene has that identifier.
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController? {
        guard let app else { return nil }
        guard app.checkLoopThread(label: definition.name, operation: "instantiateViewController(withIdentifier:)") else { return nil }
        guard let scene = definition.scene(withID: identifier) else {
            app.diagnose(.unknownClass, label: definition.name, message: "storyboard '\(definition.name)' has no scene '\(identifier)'")
            return nil
        }
        guard !creating.contains(identifier) else {
            app.diagnose(.invalidHierarchy, label: scene.label,
                         message: "relationship segues of storyboard '\(definition.name)' make a cycle: \((creating + [identifier]).joined(separator: " → "))")
            return nil
        }
        creating.append(identifier)
        defer { creating.removeLast() }
        let coder = StoryboardCoder(storyboard: self, scene: scene)
        let controller: ViewController
        if let make = app.controllerFactory(named: scene.className) {
            guard let made = make(coder) else {
                app.diagnose(.unknownClass, label: scene.label,
                             message: "init(coder:) of class '\(scene.className)' in storyboard '\(definition.name)' returned nil")
                return nil
            }
            controller = made
        } else {
            app.diagnose(.unknownClass, label: scene.label,
                         message: "unknown class '\(scene.className)' in storyboard '\(definition.name)'; register it with registerController")
            controller = ViewController(storyboardCoder: coder)
        }
        if let name = scene.presentationStyle, let style = ModalPresentationStyle(rawValue: name) {
            controller.storedModalPresentationStyle = style
        }
        followRelationships(of: controller, scene: scene)
        controller.deliver("awakeFromNib") { $0.awakeFromNib() }
        return controller
    }

    /// A navigation controller's root or a tab bar controller's tabs, from the scene's
    /// relationship segues in order.
    private func followRelationships(of controller: ViewController, scene: SceneDefinition) {
        var tabs: [ViewController] = []
        for segue in scene.segues where segue.kind == .relationship {
            guard let destination = instantiateViewController(withIdentifier: segue.destination) else { continue }
            controller.prepare(segue, destination: destination, sender: nil)
            if let navigation = controller as? NavigationController {
                if navigation.viewControllers.isEmpty {
                    navigation.setRoot(destination)
                } else {
                    controller.diagnose(.invalidHierarchy,
                                        "\(controller.traceLabel) already has a root; the relationship segue to \(segue.destination) is ignored")
                }
            } else if controller is TabBarController {
                tabs.append(destination)
            } else {
                controller.diagnose(.invalidHierarchy,
                                    "a relationship segue needs a NavigationController or TabBarController; \(controller.traceLabel) is a \(type(of: controller))")
            }
        }
        if let tabBar = controller as? TabBarController, !tabs.isEmpty {
            tabBar.setViewControllers(tabs, animated: false)
        }
    }
}

/// What `init?(coder:)` gets from a storyboard: the storyboard and the scene a controller
/// is made from. An `NSCoder`, so that UIKit's `required init?(coder: NSCoder)` is the
/// initializer storyboards call.
public final class StoryboardCoder: NSCoder {
    /// The storyboard the controller comes from.
    public let storyboard: Storyboard
    /// The scene that describes it.
    public let scene: SceneDefinition

    init(storyboard: Storyboard, scene: SceneDefinition) {
        self.storyboard = storyboard
        self.scene = scene
        super.init()
    }
}
