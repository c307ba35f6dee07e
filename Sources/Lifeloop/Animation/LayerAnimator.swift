import Foundation

// Core Animation on the frame clock. A layer keeps its animations as records (the
// animation, its key, the media time it began); what the layer shows at any moment,
// its presentation, is computed from them and the model values, so a snapshot or a
// `presentation()` read mid-animation needs no per-frame state. A ticker per animating
// layer rides the display link of the layer's window (the app's main screen for a
// layer in no window) only to deliver `animationDidStart` and `animationDidStop` on the
// frame they fall on, drop finished animations and keep the link ticking.

/// One animation added to a layer.
final class LayerAnimationRecord {
    let key: String?
    let animation: LayerAnimation
    /// The media time it begins at.
    let begin: Double
    var started = false
    var ended = false
    /// The transactions waiting for it to end.
    var transactions: [TransactionState] = []

    init(key: String?, animation: LayerAnimation, begin: Double) {
        self.key = key
        self.animation = animation
        self.begin = begin
    }
}

/// Moves a layer's animations with the frame clock.
final class LayerAnimationTicker: FrameClient {
    // Strong: the display link's list owns the ticker, and the ticker keeps its layer
    // alive while the layer animates, as Core Animation's render tree does.
    let layer: Layer

    init(layer: Layer) {
        self.layer = layer
    }

    override var frameWindow: Unmanaged<Window>? { layer.hostWindow.map { Unmanaged.passUnretained($0) } }

    override func advanceFrame(to now: UInt64) -> Bool {
        let running = layer.advanceAnimations(to: now)
        if !running, layer.animationTicker === self { layer.animationTicker = nil }
        return running
    }
}

/// A transaction: the settings of changes made inside `begin`/`commit` (or in one loop
/// turn, for the implicit one) and the completion that waits for their animations.
final class TransactionState {
    var disableActions = false
    var duration: Double = 0.25
    var timingFunction: MediaTimingFunction?
    var completion: (() -> Void)?
    var pending = 0
    var committed = false
    var completed = false

    /// Runs the completion once committed with no animation pending.
    func completeIfDone(_ app: Application) {
        guard committed, pending == 0, !completed else { return }
        completed = true
        if let completion { app.afterCommit(completion) }
    }
}

/// An app's Core Animation state: its transaction stack.
final class CoreAnimationState {
    /// Explicit transactions, outermost first.
    var stack: [TransactionState] = []
    /// The implicit transaction of this loop turn, if any change made one.
    var implicit: TransactionState?
    /// Above 0 while changes must not animate.
    var suppressImplicit = 0

    /// The innermost transaction, making the turn's implicit one if needed.
    func current(_ app: Application) -> TransactionState {
        if let last = stack.last { return last }
        if let implicit { return implicit }
        let made = TransactionState()
        implicit = made
        app.afterCommit { [unowned app] in
            let state = app.coreAnimation
            guard let implicit = state.implicit else { return }
            state.implicit = nil
            implicit.committed = true
            implicit.completeIfDone(app)
        }
        return made
    }

    /// The transactions an animation added now belongs to.
    func open(_ app: Application) -> [TransactionState] {
        stack.isEmpty ? [current(app)] : stack
    }

    /// A standalone layer's property is about to change from `old`: adds its implicit
    /// animation when the layer is in a tree and actions are on.
    func implicitChange(of layer: Layer, key: String, from old: LayerValue) {
        guard let app = layer.app, layer.storedSuperlayer != nil else { return }
        let transaction = current(app)
        guard !transaction.disableActions else { return }
        var action: Any? = layer.actions?[key]
        if action == nil { action = layer.delegate?.action(for: layer, forKey: key) }
        if action is NSNull { return }
        if let custom = action as? LayerAnimation {
            layer.add(custom, forKey: key)
            return
        }
        let animation = BasicAnimation(keyPath: key)
        // From what shows now (mid-animation, the in-flight value), to the new model value.
        let shown = layer.animationRecords.isEmpty ? old : (layer.presentationLayer().layerValue(forKey: key) ?? old)
        animation.fromValue = shown
        animation.duration = transaction.duration
        animation.timingFunction = transaction.timingFunction ?? MediaTimingFunction(name: .default)
        layer.add(animation, forKey: key)
    }
}

extension Layer {
    /// The loop clock in seconds: Core Animation's `CACurrentMediaTime()` for the calling
    /// thread's app (0 on a thread where none runs).
    public static func currentMediaTime() -> Double {
        guard let app = ThreadContext.application else { return 0 }
        return Double(app.loop.now.nanoseconds) / 1e9
    }

    /// The media time of the layer's app.
    var mediaTime: Double {
        guard let app else { return 0 }
        return Double(app.loop.now.nanoseconds) / 1e9
    }

    /// The window the layer shows in: its view's, or that of the view whose layer tree
    /// it is in.
    var hostWindow: Window? {
        var current: Layer? = self
        while let layer = current {
            if let view = layer.owningView { return view.window }
            current = layer.storedSuperlayer
        }
        return nil
    }

    /// Adds an animation, replacing one with the same key (whose delegate learns it did
    /// not finish). The model value does not change: set it too, or use a forward fill.
    /// A `beginTime` of 0 begins it now.
    public func add(_ anim: LayerAnimation, forKey key: String?) {
        if let key, let index = animationRecords.firstIndex(where: { $0.key == key }) {
            let old = animationRecords.remove(at: index)
            interrupt(old)
        }
        // A begin time that is not a finite number begins now, as 0 does.
        let begin = anim.beginTime == 0 || !anim.beginTime.isFinite ? mediaTime : anim.beginTime
        let record = LayerAnimationRecord(key: key, animation: anim, begin: begin)
        animationRecords.append(record)
        guard let app else { return }
        record.transactions = app.coreAnimation.open(app)
        for transaction in record.transactions { transaction.pending += 1 }
        if animationTicker == nil {
            let ticker = LayerAnimationTicker(layer: self)
            animationTicker = ticker
            app.displayLink(for: hostWindow?.screen ?? app.mainScreen).add(ticker)
        }
    }

    /// The keys of the animations, in the order they were added.
    public func animationKeys() -> [String]? {
        let keys = animationRecords.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The animation added with `key`.
    public func animation(forKey key: String) -> LayerAnimation? {
        animationRecords.first { $0.key == key }?.animation
    }

    /// Removes the animation added with `key`; its delegate learns it did not finish.
    public func removeAnimation(forKey key: String) {
        guard let index = animationRecords.firstIndex(where: { $0.key == key }) else { return }
        interrupt(animationRecords.remove(at: index))
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        let records = animationRecords
        animationRecords.removeAll()
        for record in records { interrupt(record) }
    }

    /// Ends a removed animation that had not ended: `animationDidStop(_:finished: false)`
    /// after the commit, as Core Animation delivers it.
    private func interrupt(_ record: LayerAnimationRecord) {
        guard !record.ended else { return }
        record.ended = true
        guard let app else { return }
        app.afterCommit { [self] in self.deliverStop(record, finished: false) }
    }

    /// The layer as it shows now: a copy of its model values with the running animations
    /// applied at the current media time (and, for a view's layer, the view's in-flight
    /// frame and alpha). Core Animation's `presentation()`.
    public func presentation() -> Self? {
        presentationLayer() as? Self
    }

    /// The presentation copy; `self` when nothing animates.
    func presentationLayer() -> Layer {
        let view = owningView
        guard !animationRecords.isEmpty || view?.presentation != nil else { return self }
        let app = self.app
        app?.coreAnimation.suppressImplicit += 1
        defer { app?.coreAnimation.suppressImplicit -= 1 }
        let copy = type(of: self).init(layer: self)
        if let view {
            let frame = view.viewPresentationFrame
            copy.storedBounds.size = frame.size
            copy.storedPosition = CGPoint(x: frame.minX + storedAnchorPoint.x * frame.width,
                                          y: frame.minY + storedAnchorPoint.y * frame.height)
            copy.storedOpacity = Float(view.viewPresentationAlpha)
            copy.storedTransform = Transform3D(view.viewPresentationTransform)
        }
        let now = mediaTime
        for record in animationRecords {
            record.animation.apply(at: now, begin: record.begin, to: copy,
                                   removedAfterEnd: record.animation.isRemovedOnCompletion)
        }
        return copy
    }

    /// Starts and ends animations due at `now` (ns); returns whether any still runs.
    func advanceAnimations(to now: UInt64) -> Bool {
        let time = Double(now) / 1e9
        var started: [LayerAnimationRecord] = []
        var stopped: [LayerAnimationRecord] = []
        for record in animationRecords where !record.ended {
            if !record.started, time >= record.begin {
                record.started = true
                started.append(record)
            }
            if time >= record.animation.endTime(begin: record.begin) {
                record.ended = true
                stopped.append(record)
            }
        }
        if !stopped.isEmpty {
            animationRecords.removeAll { record in record.animation.isRemovedOnCompletion && stopped.contains { $0 === record } }
        }
        for record in started { deliverStart(record) }
        for record in stopped { deliverStop(record, finished: true) }
        return animationRecords.contains { !$0.ended }
    }

    private func traceDetail(_ record: LayerAnimationRecord) -> String {
        let paths = record.animation.animatedKeyPaths.joined(separator: ",")
        return record.key.map { "\($0) \(paths)" } ?? paths
    }

    private func deliverStart(_ record: LayerAnimationRecord) {
        if let app { app.loop.record(label: traceLabel, event: "animationDidStart", detail: traceDetail(record),
                                     window: hostWindow?.traceLabel ?? "") }
        record.animation.delegate?.animationDidStart(record.animation)
    }

    private func deliverStop(_ record: LayerAnimationRecord, finished: Bool) {
        if let app { app.loop.record(label: traceLabel, event: "animationDidStop",
                                     detail: traceDetail(record) + (finished ? " finished" : " removed"),
                                     window: hostWindow?.traceLabel ?? "") }
        record.animation.delegate?.animationDidStop(record.animation, finished: finished)
        guard let app else { return }
        for transaction in record.transactions {
            transaction.pending -= 1
            transaction.completeIfDone(app)
        }
        record.transactions = []
    }
}

/// Groups layer changes: Core Animation's `CATransaction`. Changes outside `begin()`
/// and `commit()` belong to the loop turn's implicit transaction, committed at the
/// turn's commit point. The settings apply to the calling thread's app.
public enum Transaction {
    private static var state: (Application, CoreAnimationState)? {
        guard let app = ThreadContext.application else { return nil }
        return (app, app.coreAnimation)
    }

    /// Opens a transaction nested in the current one, with its settings.
    public static func begin() {
        guard let (app, state) = state else { return }
        let parent = state.stack.last ?? state.implicit
        let made = TransactionState()
        if let parent {
            made.disableActions = parent.disableActions
            made.duration = parent.duration
            made.timingFunction = parent.timingFunction
        }
        _ = app
        state.stack.append(made)
    }

    /// Closes the innermost transaction: its completion runs once the animations added
    /// inside it end (after the commit when there are none).
    public static func commit() {
        guard let (app, state) = state, let closed = state.stack.popLast() else { return }
        closed.committed = true
        closed.completeIfDone(app)
    }

    /// Commits now (Lifeloop renders on demand: nothing to do).
    public static func flush() {}
    /// Locks the transaction (nothing to do on one loop thread).
    public static func lock() {}
    /// Unlocks the transaction.
    public static func unlock() {}

    /// Whether property changes skip their implicit animations.
    public static func disableActions() -> Bool {
        guard let (app, state) = state else { return false }
        return state.current(app).disableActions
    }

    /// Turns implicit animations off (true) or on for the current transaction.
    public static func setDisableActions(_ flag: Bool) {
        guard let (app, state) = state else { return }
        state.current(app).disableActions = flag
    }

    /// The duration of implicit animations (0.25 s by default).
    public static func animationDuration() -> Double {
        guard let (app, state) = state else { return 0.25 }
        return state.current(app).duration
    }

    /// Sets the duration of implicit animations in the current transaction.
    public static func setAnimationDuration(_ duration: Double) {
        guard let (app, state) = state else { return }
        state.current(app).duration = duration
    }

    /// The timing of implicit animations (nil: Core Animation's default curve).
    public static func animationTimingFunction() -> MediaTimingFunction? {
        guard let (app, state) = state else { return nil }
        return state.current(app).timingFunction
    }

    /// Sets the timing of implicit animations in the current transaction.
    public static func setAnimationTimingFunction(_ function: MediaTimingFunction?) {
        guard let (app, state) = state else { return }
        state.current(app).timingFunction = function
    }

    /// The completion of the current transaction.
    public static func completionBlock() -> (() -> Void)? {
        guard let (app, state) = state else { return nil }
        return state.current(app).completion
    }

    /// Sets what runs once the current transaction is committed and its animations
    /// have ended.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let (app, state) = state else { return }
        state.current(app).completion = block
    }
}
