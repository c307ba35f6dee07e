/// What a controller learns about the transition it is part of, from its
/// ``ViewController/transitionCoordinator`` during the transition: UIKit's
/// `UIViewControllerTransitionCoordinator` (it is also the context its blocks receive).
///
/// - Warning: It belongs to its app's loop thread; calls from another thread are recorded
///   as `offLoopAccess` diagnostics and ignored.
public final class TransitionCoordinator {
    /// Whether the transition animates.
    public let isAnimated: Bool
    /// The transition's length in seconds (zero when not animated).
    public let transitionDuration: Double
    /// Whether a gesture drives the transition right now.
    public internal(set) var isInteractive: Bool
    /// Whether the transition was cancelled (known once interaction ends).
    public internal(set) var isCancelled = false
    /// How far the transition has come, from 0 to 1.
    // Set each frame by a whole store on the loop thread: not checked for exclusive access.
    @exclusivity(unchecked) public internal(set) var percentComplete = 0.0

    var alongside: [(TransitionCoordinator) -> Void] = []
    var completions: [(TransitionCoordinator) -> Void] = []
    var interactionHandlers: [(TransitionCoordinator) -> Void] = []
    var hasStarted = false
    private let appLink: AppLink?
    private var app: Application? { appLink?.app }

    /// Made by the runtime on the app's loop thread.
    init(app: Application?, isAnimated: Bool, duration: Double, isInteractive: Bool) {
        self.appLink = app?.link
        self.isAnimated = isAnimated
        self.transitionDuration = isAnimated ? duration : 0
        self.isInteractive = isInteractive
    }

    /// Lets go of the blocks once the transition is over, as UIKit releases its
    /// transition context: what they captured must not live as long as the coordinator.
    func releaseBlocks() {
        alongside.removeAll()
        completions.removeAll()
        interactionHandlers.removeAll()
    }

    private func onLoop(_ operation: StaticString) -> Bool {
        app?.checkLoopThread(label: "transitionCoordinator", operation: operation) ?? true
    }

    /// Runs `animation` alongside the transition (inside an animation block of the same
    /// duration) and `completion` when it ends, before the did-appear callbacks.
    /// - Returns: `false` if the transition's animations already started, as UIKit does.
    @discardableResult
    public func animate(alongsideTransition animation: ((TransitionCoordinator) -> Void)?,
                        completion: ((TransitionCoordinator) -> Void)? = nil) -> Bool {
        guard onLoop("animate(alongsideTransition:completion:)") else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        guard !hasStarted else { return false }
        alongside.append(animation)
        return true
    }

    /// Calls `handler` when an interactive transition is finished or cancelled by its
    /// driver; ``isCancelled`` tells which.
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionCoordinator) -> Void) {
        guard onLoop("notifyWhenInteractionChanges(_:)") else { return }
        interactionHandlers.append(handler)
    }
}
