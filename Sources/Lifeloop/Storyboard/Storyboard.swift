/// A storyboard loaded into an app: makes controllers from its scenes.
public final class Storyboard {
    /// The parsed file.
    public let definition: StoryboardDefinition
    weak var app: Application?

    init(definition: StoryboardDefinition, app: Application) {
        self.definition = definition
        self.app = app
    }

    /// Creates the controller of the initial scene.
    public func instantiateInitialViewController() -> ViewController? {
        instantiateViewController(withIdentifier: definition.initialScene)
    }

    /// Creates the controller of a scene through `init(coder:)` (`initWithCoder`), then
    /// calls its `awakeFromNib`. The scene's class must be registered with the app
    /// (``Application/registerController(_:as:)``); `ViewController` always is.
    /// - Returns: nil, with a diagnostic, if no scene has that identifier.
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController? {
        guard let app else { return nil }
        guard let scene = definition.scene(withID: identifier) else {
            app.diagnose(.unknownClass, label: definition.name, message: "storyboard '\(definition.name)' has no scene '\(identifier)'")
            return nil
        }
        let coder = Coder(storyboard: self, scene: scene)
        let controller: ViewController
        if let make = app.controllerFactory(named: scene.className) {
            controller = make(coder)
        } else {
            app.diagnose(.unknownClass, label: scene.label,
                         message: "unknown class '\(scene.className)' in storyboard '\(definition.name)'; register it with registerController")
            controller = ViewController(coder: coder)
        }
        controller.deliver("awakeFromNib") { $0.awakeFromNib() }
        return controller
    }
}

/// What `init(coder:)` gets: the storyboard and the scene a controller is made from.
public struct Coder {
    /// The storyboard the controller comes from.
    public let storyboard: Storyboard
    /// The scene that describes it.
    public let scene: SceneDefinition
}
