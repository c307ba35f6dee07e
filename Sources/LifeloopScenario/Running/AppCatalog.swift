import Lifeloop

/// What an app's launch function gets: the app to build into, the windows the scenario
/// asks for, and a place to say how script steps make controllers for scene names.
///
/// - Warning: Not `Sendable`: it lives on the app's loop thread during launch.
public final class LaunchContext {
    /// The app, on its own loop, on the calling thread.
    public let app: Application
    /// The scenario's windows (label, screen, root scene, container).
    public let windows: [WindowSpec]
    /// The run's seed, for apps that vary with it.
    public let seed: UInt64
    /// Makes the controller for a scene name, for `push`, `present` and job completions;
    /// nil when the app has no named scenes.
    public var makeController: ((String) -> ViewController?)?

    init(app: Application, windows: [WindowSpec], seed: UInt64) {
        self.app = app
        self.windows = windows
        self.seed = seed
    }
}

/// Where an app's seeds may run when many run at once (`lifeloop experiment`).
public enum AppThreading: Sendable, Equatable {
    /// The app's code may use the process's main thread: the main actor (`@MainActor`
    /// tasks, `MainActor.run`), `DispatchQueue.main`, or tasks and sleeps that Lifeloop's
    /// executors run on the app's loop. Each seed then runs in a process of its own, whose
    /// main thread the app owns, exactly as `lifeloop run --seed N` runs it; nothing the
    /// app leaves on the process's queues can reach another seed's app.
    case mainThread
    /// The app never touches the main thread's queues: its seeds run on threads of one
    /// process, each on its own loop (faster: no process per seed). A run that hops to
    /// the main actor anyway fails, naming the hop, rather than measuring another program.
    case anyThread
}

/// A Swift app that scenario files can name with `app: {swift: NAME}` (or `sample:`).
public struct AppDefinition: Sendable {
    /// The name scenario files use.
    public var name: String
    /// One line on what it is.
    public var summary: String
    /// The scene names `makeController` knows, so a scenario's `push`/`present` names can
    /// be checked before a run; empty skips the check.
    public var scenes: [String]
    /// The labels of the windows the app makes, when it makes its own rather than the
    /// scenario's `windows:`; empty when it follows the scenario.
    public var windows: [String]
    /// Whether the app's seeds need a main thread of their own (the default: Swift code
    /// may use the main actor or the main queue anywhere) or may share a process.
    public var threading: AppThreading
    /// Builds the app's windows and root controllers and makes them visible, at launch.
    public var launch: @Sendable (LaunchContext) throws -> Void

    /// An app named `name` whose `launch` builds its windows.
    public init(name: String, summary: String = "", scenes: [String] = [], windows: [String] = [],
                threading: AppThreading = .mainThread,
                launch: @escaping @Sendable (LaunchContext) throws -> Void) {
        self.name = name
        self.summary = summary
        self.scenes = scenes
        self.windows = windows
        self.threading = threading
        self.launch = launch
    }
}

/// The Swift apps scenarios can run, by name: a value, built once and handed to the
/// runner, never a process-wide registry.
///
/// A package that depends on Lifeloop registers its own apps and runs scenario files
/// against them:
///
/// ```swift
/// var catalog = AppCatalog()
/// catalog.register(AppDefinition(name: "Checkout", scenes: ["Cart", "Pay"]) { context in
///     let window = Window(screen: context.windows[0].screen, label: context.windows[0].label)
///     window.rootViewController = CartController(label: "Cart")
///     window.makeKeyAndVisible()
///     context.makeController = { $0 == "Pay" ? PayController(label: "Pay") : nil }
/// })
/// let scenario = try ScenarioFile.load(path: "checkout.yaml")
/// let result = try ScenarioRunner(scenario: scenario, catalog: catalog).run(seed: 7)
/// ```
public struct AppCatalog: Sendable {
    /// The apps, in registration order.
    public private(set) var apps: [AppDefinition] = []

    /// A catalog with these apps registered.
    public init(_ apps: [AppDefinition] = []) {
        for app in apps { register(app) }
    }

    /// Adds an app, replacing one of the same name.
    public mutating func register(_ app: AppDefinition) {
        apps.removeAll { $0.name == app.name }
        apps.append(app)
    }

    /// The app with this name, ignoring case.
    public func app(named name: String) -> AppDefinition? {
        apps.first { $0.name.lowercased() == name.lowercased() }
    }
}
