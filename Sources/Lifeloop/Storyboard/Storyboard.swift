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

    init(definition: StoryboardDefinition, app: Application?) {
        self.definition = definition
        self.appLink = app?.link
        guard let app, app.isOnLoopThread else { return }
        // An Xcode storyboard's folder is the app's bundle unless it has one.
        if app.bundlePath == nil, let directory = definition.directory { app.bundlePath = directory }
        app.reportNotes(definition.notes)
    }

    /// The storyboard `name` of a bundle, as UIKit's `UIStoryboard(name:bundle:)`:
    /// `<folder>/<name>.storyboard` (Xcode's format) or `<folder>/<name>.storyboard.json`,
    /// where the folder is `bundle`'s path, or the calling thread's app's
    /// ``Application/bundlePath`` for nil or `Bundle.main`. A storyboard that cannot be
    /// found or read is a diagnostic (UIKit throws) and has no scenes: its
    /// `instantiate…` calls return nil.
    public convenience init(name: String, bundle: Bundle?) {
        let app = Application.current
        let folder = Storyboard.folder(of: bundle, app: app)
        var definition = StoryboardDefinition(name: name, initialScene: "", scenes: [])
        var problem: String? = "Could not find a storyboard named '\(name)' in bundle \(folder ?? "(none: the app has no bundlePath)")"
        if let folder {
            for suffix in [".storyboard", ".storyboard.json"] {
                let path = folder + "/" + name + suffix
                guard access(path, F_OK) == 0 else { continue }
                do {
                    definition = try StoryboardDefinition.load(path: path)
                    problem = nil
                } catch {
                    problem = "\(error)"
                }
                break
            }
        }
        self.init(definition: definition, app: app)
        if let problem { app?.diagnose(.invalidFile, label: name, message: problem) }
    }

    /// The folder a bundle argument names: the app's bundle for nil or `Bundle.main`.
    static func folder(of bundle: Bundle?, app: Application?) -> String? {
        if let bundle, bundle !== Bundle.main { return bundle.bundlePath }
        return app?.bundlePath
    }

    /// Creates the controller of the initial scene; nil (with a diagnostic) if the
    /// storyboard has none.
    public func instantiateInitialViewController() -> ViewController? {
        guard !definition.initialScene.isEmpty else {
            app?.diagnose(.unknownClass, label: definition.name, message: "storyboard '\(definition.name)' has no initial view controller")
            return nil
        }
        return instantiateViewController(withIdentifier: definition.initialScene)
    }

    /// Creates the controller of the scene with this identifier through `creator`, as
    /// UIKit's `instantiateViewController(identifier:creator:)`: `creator` gets the coder
    /// and must call an `init?(coder:)`; without one, the scene's class is used.
    /// - Returns: The controller, or nil (with a diagnostic) if there is no such scene or
    ///   the controller is not a `Controller` (UIKit throws).
    public func instantiateViewController<Controller: ViewController>(
        identifier: String, creator: ((NSCoder) -> Controller?)? = nil
    ) -> Controller! {
        let made = instantiateViewController(withIdentifier: identifier, make: creator.map { creator in { creator($0) } })
        guard let made else { return nil }
        guard let typed = made as? Controller else {
            app?.diagnose(.unknownClass, label: made.traceLabel,
                          message: "scene '\(identifier)' of storyboard '\(definition.name)' made a \(type(of: made)), not a \(Controller.self)")
            return nil
        }
        return typed
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
        instantiateViewController(withIdentifier: identifier, make: nil)
    }

    func instantiateViewController(withIdentifier identifier: String,
                                   make creator: ((StoryboardCoder) -> ViewController?)?) -> ViewController? {
        guard let app else { return nil }
        guard app.checkLoopThread(label: definition.name, operation: "instantiateViewController(withIdentifier:)") else { return nil }
        guard let scene = definition.scene(withID: identifier) else {
            app.diagnose(.unknownClass, label: definition.name, message: "storyboard '\(definition.name)' has no scene '\(identifier)'")
            return nil
        }
        guard !creating.contains(scene.id) else {
            app.diagnose(.invalidHierarchy, label: scene.label,
                         message: "relationship segues of storyboard '\(definition.name)' make a cycle: \((creating + [identifier]).joined(separator: " → "))")
            return nil
        }
        // Files are checked; a definition built in code could still chain relationship
        // segues deeper than the stack holds.
        guard creating.count < StoryboardFileReader.maxContainmentDepth else {
            app.diagnose(.invalidHierarchy, label: scene.label,
                         message: "relationship segues of storyboard '\(definition.name)' nest more than \(StoryboardFileReader.maxContainmentDepth) controllers; '\(identifier)' is not made")
            return nil
        }
        creating.append(scene.id)
        defer { creating.removeLast() }
        let coder = StoryboardCoder(storyboard: self, scene: scene)
        let controller: ViewController
        let factory = creator ?? (scene.interfaceBuilder != nil
            ? app.interfaceBuilderControllerFactory(for: scene, file: definition.name + ".storyboard")
            : app.controllerFactory(named: scene.className))
        if let make = factory {
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
        if scene.interfaceBuilder != nil { setUpInterfaceBuilderController(controller, scene: scene) }
        followRelationships(of: controller, scene: scene)
        controller.deliver("awakeFromNib") { $0.awakeFromNib() }
        return controller
    }

    /// What an Xcode scene gives its controller before its view loads: title, navigation
    /// item with its bar button items (their actions and segues), tab bar item title,
    /// transition style, and the connections among these objects.
    private func setUpInterfaceBuilderController(_ controller: ViewController, scene: SceneDefinition) {
        guard let app, let data = scene.interfaceBuilder else { return }
        if let title = data.title { controller.title = title }
        if let style = data.modalTransitionStyle, let transition = Self.transitionStyles[style] {
            controller.modalTransitionStyle = transition
        }
        if let title = data.tabBarItemTitle { controller.tabBarItem.title = title }
        if let item = data.navigationItem {
            let navigationItem = controller.navigationItem
            if let title = item.title { navigationItem.title = title }
            func make(_ definition: BarButtonItemDefinition) -> BarButtonItem {
                let made: BarButtonItem
                if let system = definition.systemItem, let known = Self.systemItems[system] {
                    made = BarButtonItem(barButtonSystemItem: known)
                } else if let image = definition.image {
                    made = BarButtonItem(image: Image(named: image), style: definition.style == "done" ? .done : .plain)
                } else {
                    made = BarButtonItem(title: definition.title, style: definition.style == "done" ? .done : .plain)
                }
                if let segue = definition.segue {
                    made.primaryAction = Action(title: definition.title ?? "") { [weak controller, weak made] _ in
                        controller?.performSegue(withIdentifier: segue, sender: made)
                    }
                }
                return made
            }
            if !item.leftItems.isEmpty { navigationItem.leftBarButtonItems = item.leftItems.map(make) }
            if !item.rightItems.isEmpty { navigationItem.rightBarButtonItems = item.rightItems.map(make) }
        }
        let objects = controller.interfaceBuilderObjects
        let firstResponder = Set(data.placeholders.filter { $0.identifier == "IBFirstResponder" }.map(\.objectID))
        let among = data.connections.filter { objects[$0.source] != nil && (objects[$0.destination] != nil || firstResponder.contains($0.destination)) }
        app.connectInterfaceBuilder(among, objects: objects, firstResponder: firstResponder, file: definition.name + ".storyboard")
    }

    static let transitionStyles: [String: ModalTransitionStyle] = [
        "coverVertical": .coverVertical, "flipHorizontal": .flipHorizontal, "crossDissolve": .crossDissolve,
        "partialCurl": .partialCurl,
    ]

    /// Bar button system items by the names Xcode writes (`add`, `done`, …).
    static let systemItems: [String: BarButtonItem.SystemItem] = {
        var items: [String: BarButtonItem.SystemItem] = [:]
        var raw = 0
        while let item = BarButtonItem.SystemItem(rawValue: raw) {
            items[String(describing: item)] = item
            raw += 1
        }
        return items
    }()

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
