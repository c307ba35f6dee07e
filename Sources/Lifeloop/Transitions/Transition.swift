/// A transition between controllers on the frame clock: push, pop, present, dismiss.
///
/// It runs `duration` from its start, eased, moving views through their presentation
/// offsets (the model frames are final from the start, as in UIKit). An interactive
/// transition stands still at the progress its driver sets; `finish()` and `cancel()`
/// let it run to 1 or back to 0 over the rest of its duration. At the end (after the last
/// frame's commit) `complete` runs with whether it was cancelled; it runs the
/// did-callbacks, so they never come early.
final class Transition: FrameClient {
    /// Where a transition stands.
    private enum State {
        /// Animating toward the end, from its start.
        case running
        /// Held by its driver at the current progress.
        case interactive
        /// Animating from `progress` at `since` toward 1.
        case finishing(since: UInt64, from: Double)
        /// Animating from `progress` at `since` back toward 0.
        case cancelling(since: UInt64, from: Double)
        /// Over: `complete` has been scheduled.
        case done
    }

    /// `unowned(unsafe)`, as `app`: the app keeps its windows until it closes, and its
    /// display links (which hold running transitions) go with it. A weak reference here
    /// gave every window a side table, and every frame's window retains the slow path.
    var window: Window? {
        get { windowRef?.takeUnretainedValue() }
        set { windowRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The window, unretained; the display link reads it each frame without a retain (and
    /// without an exclusivity check: its accesses are whole loads and stores).
    @exclusivity(unchecked) private var windowRef: Unmanaged<Window>?
    unowned(unsafe) let app: Application
    /// What kind of transition it is, for probes: push, pop, present, dismiss, interactivePop.
    let name: String
    let coordinator: TransitionCoordinator
    private let start: UInt64
    private let duration: UInt64
    // Read and written each frame, only by whole loads and stores on the app's loop
    // thread, so no access can overlap another: not checked for exclusive access.
    @exclusivity(unchecked) private var state: State
    @exclusivity(unchecked) private(set) var progress = 0.0
    /// Whether a gesture drove the transition: it then moves linearly, so releasing it does
    /// not make the views jump onto the eased curve.
    private let drivenByGesture: Bool
    // Optional so `end` can drop them: they hold the controllers of the transition, and a
    // driver (`InteractiveTransition`) its owner keeps must not keep a popped controller
    // alive after the transition (UIKit releases its transition context at the end).
    private var apply: ((Double) -> Void)?
    private var complete: ((Bool) -> Void)?

    /// - Parameters:
    ///   - apply: Shows the transition at an eased progress from 0 to 1.
    ///   - complete: Runs after the final commit with `true` if the transition was cancelled.
    init(app: Application, name: String, window: Window, coordinator: TransitionCoordinator, interactive: Bool,
         apply: @escaping (Double) -> Void, complete: @escaping (Bool) -> Void) {
        self.app = app
        self.name = name
        self.windowRef = Unmanaged.passUnretained(window)
        self.coordinator = coordinator
        self.start = app.loop.now.nanoseconds
        // At least a millisecond, so a frame divides by something; at most the longest
        // animation, so any duration converts.
        self.duration = max(1_000_000, nanoseconds(clampingSeconds: coordinator.transitionDuration))
        self.state = interactive ? .interactive : .running
        self.drivenByGesture = interactive
        self.apply = apply
        self.complete = complete
    }

    override var frameWindow: Unmanaged<Window>? { windowRef }

    /// Starts the transition: alongside animations begin, and a non-interactive one joins
    /// the display link.
    func begin() {
        coordinator.hasStarted = true
        let alongside = coordinator.alongside
        coordinator.alongside.removeAll()
        if !alongside.isEmpty {
            app.animate(duration: coordinator.transitionDuration, delay: 0, curve: .easeInOut,
                        animations: { for block in alongside { block(coordinator) } }, completion: nil)
        }
        apply?(0)
        if let window { app.probe?.transitionDidBegin(name, id: ObjectIdentifier(self), in: window) }
        if case .running = state, let window { app.displayLink(for: window.screen).add(self) }
    }

    override func advanceFrame(to now: UInt64) -> Bool {
        let step = { (since: UInt64) in Double(now &- since) / Double(self.duration) }
        switch state {
        case .running:
            progress = min(1, step(start))
        case .finishing(let since, let from):
            progress = min(1, from + step(since))
        case .cancelling(let since, let from):
            progress = max(0, from - step(since))
        case .interactive, .done:
            return false
        }
        if now == .max {
            // The end of the clock's range: time can go no further, so the transition ends.
            if case .cancelling = state { progress = 0 } else { progress = 1 }
        }
        coordinator.percentComplete = progress
        apply?(drivenByGesture ? progress : AnimationCurve.easeInOut.value(at: progress))
        if case .cancelling = state, progress <= 0 {
            end(cancelled: true)
            return false
        }
        if progress >= 1 {
            end(cancelled: false)
            return false
        }
        return true
    }

    /// Sets the progress of an interactive transition, clamped to 0...1 (NaN counts as 0).
    func update(_ fraction: Double) {
        guard case .interactive = state else { return }
        progress = fraction.isNaN ? 0 : min(1, max(0, fraction))
        coordinator.percentComplete = progress
        apply?(progress)
    }

    /// Lets an interactive transition run to its end.
    func finish() { release(cancelled: false) }

    /// Lets an interactive transition run back to its start.
    func cancel() { release(cancelled: true) }

    var isInteractive: Bool {
        if case .interactive = state { return true }
        return false
    }

    private func release(cancelled: Bool) {
        guard case .interactive = state else { return }
        let now = app.loop.now.nanoseconds
        state = cancelled ? .cancelling(since: now, from: progress) : .finishing(since: now, from: progress)
        coordinator.isInteractive = false
        coordinator.isCancelled = cancelled
        for handler in coordinator.interactionHandlers { handler(coordinator) }
        if let window { app.displayLink(for: window.screen).add(self) }
    }

    private func end(cancelled: Bool) {
        state = .done
        apply = nil
        app.afterCommit { [self] in
            for completion in coordinator.completions { completion(coordinator) }
            complete?(cancelled)
            complete = nil
            app.probe?.transitionDidEnd(id: ObjectIdentifier(self), cancelled: cancelled)
            // The blocks ran; like UIKit, the coordinator lets go of them and what they hold.
            coordinator.releaseBlocks()
        }
    }
}

extension Application {
    /// Runs a transition's end: on the frame clock when animated in a visible window,
    /// otherwise at the end of this turn's commit. Will-callbacks have already run;
    /// `complete` runs the did-callbacks.
    @discardableResult
    func runTransition(_ name: String, in window: Window, coordinator: TransitionCoordinator, interactive: Bool = false,
                       apply: @escaping (Double) -> Void, complete: @escaping (Bool) -> Void) -> Transition? {
        guard coordinator.isAnimated || interactive, window.isVisibleWindow else {
            coordinator.hasStarted = true
            let alongside = coordinator.alongside
            coordinator.alongside.removeAll()
            for block in alongside { block(coordinator) }
            afterCommit {
                coordinator.percentComplete = 1
                for completion in coordinator.completions { completion(coordinator) }
                complete(false)
                // As at the end of an animated transition: a controller that keeps the
                // coordinator must not keep what its blocks captured (often the app).
                coordinator.releaseBlocks()
            }
            return nil
        }
        let transition = Transition(app: self, name: name, window: window, coordinator: coordinator, interactive: interactive,
                                    apply: apply, complete: complete)
        transition.begin()
        return transition
    }
}

extension View {
    /// Slides the view by an offset in its presentation, for transitions.
    func setTransitionOffset(_ offset: Point) {
        if offset == .zero {
            guard let presentation else { return }
            presentation.offset = .zero
            if presentation.values.isEmpty { self.presentation = nil }
        } else if let presentation {
            presentation.offset = offset
        } else {
            presentationState().offset = offset
        }
    }
}
