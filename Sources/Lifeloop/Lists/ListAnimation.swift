import Foundation

/// The timing of animated list updates (a table's row and section changes, a collection's
/// batch updates): UIKit's.
///
/// UIKit does not publish the number. 0.3 s with the ease-in-out curve is what UIKit's
/// table row animations are commonly measured and cited at (and what a
/// `CATransaction.animationDuration()` read inside `performBatchUpdates` reports on
/// iOS); collection views' batch updates run on the same timing. Lifeloop uses those two
/// values for both lists.
enum ListAnimationTiming {
    /// Seconds.
    static let duration = 0.3
    /// The curve.
    static let curve = AnimationCurve.easeInOut
}

/// What one view of a list does during an update animation: its frame and alpha before
/// (set with no animation) and after (animated).
struct ListAnimationTrack {
    let view: View
    var fromFrame: Rect
    var fromAlpha: Double
    var toFrame: Rect
    var toAlpha: Double

    /// A view that stays as it is at the start and moves (or fades) to `to`.
    init(view: View, from: Rect, fromAlpha: Double, to: Rect, toAlpha: Double) {
        self.view = view
        self.fromFrame = from
        self.fromAlpha = fromAlpha
        self.toFrame = to
        self.toAlpha = toAlpha
    }

    var changes: Bool { fromFrame != toFrame || fromAlpha != toAlpha }
}

/// One running list update animation: the views that leave the list when it ends
/// (deleted and reloaded cells, and section headers and footers), the cells it keeps in
/// the list while they move out of the visible bounds, and the completion.
final class ListUpdateAnimation {
    /// Ends the display of one leaving view (didEndDisplaying, out of the list, back to
    /// its pool), in the order they were added.
    var leaving: [() -> Void] = []
    /// The views it animates, whose animations stop when it is interrupted.
    var views: [View] = []
    /// Cells kept shown until the end although their rows are now outside the bounds.
    var pinned: Set<ObjectIdentifier> = []
    /// `performBatchUpdates`' completion.
    var completion: ((Bool) -> Void)?
    /// Runs once when the animation is over (the list drops it and lays out again).
    var ended: (() -> Void)?
    private(set) var isOver = false
    private var interrupted = false

    /// The animations ran to their end (or were stopped): the leaving views go, then the
    /// completion runs (with false when ``interrupt(in:)`` stopped it first).
    func finish() {
        endDisplay()
        let completion = self.completion
        self.completion = nil
        completion?(!interrupted)
    }

    /// Ends it now (a reload): the leaving views go at once and the views' animations
    /// stop; the completion then runs with false.
    func interrupt(in app: Application) {
        guard !isOver else { return }
        interrupted = true
        endDisplay()
        for view in views {
            guard let running = app.runningAnimations[ObjectIdentifier(view)] else { continue }
            for animation in running { animation.cancel() }
        }
    }

    private func endDisplay() {
        guard !isOver else { return }
        isOver = true
        let leaving = self.leaving
        self.leaving = []
        for end in leaving { end() }
        pinned.removeAll()
        ended?()
    }
}

/// The update animations a list runs, and its guard against updates made from inside its
/// own layout pass.
final class ListAnimator {
    /// The animations running now, oldest first.
    var running: [ListUpdateAnimation] = []
    /// Whether the list is in its own layout pass (an update made then waits for the next).
    var isLayingOut = false
    /// A collection's attributes of appearing items after the update and of
    /// disappearing items before it, while its layout is asked for their animations.
    var appearingAttributes: [IndexPath: CollectionViewLayoutAttributes] = [:]
    var disappearingAttributes: [IndexPath: CollectionViewLayoutAttributes] = [:]
    /// `performBatchUpdates` completions waiting for their update.
    var completions: [(Bool) -> Void] = []

    /// The waiting completions as one, taken out.
    func takeCompletion() -> ((Bool) -> Void)? {
        guard !completions.isEmpty else { return nil }
        let all = completions
        completions.removeAll()
        return { finished in for completion in all { completion(finished) } }
    }

    /// Completions no animation took (an update with no animation, or none at all) run
    /// after the next commit with true.
    func completeWithoutAnimation(_ app: Application?) {
        guard let completion = takeCompletion() else { return }
        guard let app else { return completion(true) }
        app.afterCommit { completion(true) }
    }

    /// The cells kept shown by a running animation.
    var pinned: Set<ObjectIdentifier> {
        if running.count == 1 { return running[0].pinned }
        var all = Set<ObjectIdentifier>()
        for animation in running { all.formUnion(animation.pinned) }
        return all
    }

    /// Stops every running animation (a reload): leaving views go at once, completions
    /// get false.
    func interruptAll(in app: Application?) {
        let all = running
        running.removeAll()
        guard let app else { return }
        for animation in all { animation.interrupt(in: app) }
    }

    /// Starts `tracks` on the list's timing: each view jumps to its start with no
    /// animation, then animates to its end. `animation` ends (and its completion runs)
    /// after the last frame's commit.
    func run(_ tracks: [ListAnimationTrack], animation: ListUpdateAnimation, app: Application) {
        if !running.contains(where: { $0 === animation }) { running.append(animation) }
        let captured = app.animationCapture
        app.animationCapture = nil
        let moving = tracks.filter(\.changes)
        for track in tracks {
            if track.view.frame != track.fromFrame { track.view.frame = track.fromFrame }
            if Double(track.view.alpha) != track.fromAlpha { track.view.alpha = CGFloat(track.fromAlpha) }
        }
        app.animationCapture = captured
        animation.views = moving.map(\.view)
        app.animate(duration: ListAnimationTiming.duration, delay: 0, curve: ListAnimationTiming.curve, animations: {
            for track in moving {
                if track.view.frame != track.toFrame { track.view.frame = track.toFrame }
                if Double(track.view.alpha) != track.toAlpha { track.view.alpha = CGFloat(track.toAlpha) }
            }
        }, completion: { [weak self, animation] _ in
            self?.running.removeAll { $0 === animation }
            animation.finish()
        })
    }
}

extension View {
    /// Whether a list update made now animates: the list shows in a visible window,
    /// animations are on (``View/setAnimationsEnabled(_:)``) and no
    /// ``View/performWithoutAnimation(_:)`` is running.
    var listUpdatesAnimate: Bool {
        guard let app, !app.animationsDisabled, app.withoutAnimationDepth == 0, app.animationScrubber == nil,
              let window, window.isVisibleWindow else { return false }
        return true
    }
}

extension TableView.RowAnimation {
    /// The animation UIKit's `automatic` stands for here: a fade. (UIKit picks per
    /// change; it is not documented which. Lifeloop fades.)
    var resolved: TableView.RowAnimation { self == .automatic ? .fade : self }

    /// Where and how opaque a row's view is at the hidden end of this animation (the
    /// start of an insert, the end of a delete), given its frame in the list and the
    /// list's width: fade at the frame with alpha 0; right, left, top, bottom one
    /// width or one height off that side; middle collapsed to the frame's middle line
    /// and transparent; none at the frame, transparent (a deleted row vanishes at once,
    /// an inserted one shows at once).
    func hiddenEnd(of frame: Rect, width: Double) -> (frame: Rect, alpha: Double) {
        switch resolved {
        case .fade, .automatic: return (frame, 0)
        case .right: return (frame.offsetBy(dx: width, dy: 0), 1)
        case .left: return (frame.offsetBy(dx: -width, dy: 0), 1)
        case .top: return (frame.offsetBy(dx: 0, dy: -frame.height), 1)
        case .bottom: return (frame.offsetBy(dx: 0, dy: frame.height), 1)
        case .middle: return (Rect(x: frame.minX, y: frame.midY, width: frame.width, height: 0), 0)
        case .none: return (frame, 0)
        }
    }
}

/// The row animations of one table update, per changed row and section.
struct RowAnimationChoices {
    var inserted: [IndexPath: TableView.RowAnimation] = [:]
    var deleted: [IndexPath: TableView.RowAnimation] = [:]
    var reloaded: [IndexPath: TableView.RowAnimation] = [:]
    var insertedSections: [Int: TableView.RowAnimation] = [:]
    var deletedSections: [Int: TableView.RowAnimation] = [:]
    var reloadedSections: [Int: TableView.RowAnimation] = [:]

    /// An inserted row's animation (its own, or its inserted section's).
    func insert(_ path: IndexPath) -> TableView.RowAnimation {
        inserted[path] ?? insertedSections[path.section] ?? .automatic
    }

    /// A deleted row's animation (its own, or its deleted section's); path before the update.
    func delete(_ path: IndexPath) -> TableView.RowAnimation {
        deleted[path] ?? deletedSections[path.section] ?? .automatic
    }

    /// A reloaded row's animation (its own, or its reloaded section's); path before the update.
    func reload(_ path: IndexPath) -> TableView.RowAnimation {
        reloaded[path] ?? reloadedSections[path.section] ?? .automatic
    }
}
