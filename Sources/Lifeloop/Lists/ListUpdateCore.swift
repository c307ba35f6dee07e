import Foundation

/// What a table and a collection view share of applying a checked batch update: the
/// shown cells follow their rows or items (``ListUpdatePlan``), the selection follows,
/// and with animation the views that leave stay in the list until the animation ends,
/// which then runs the update's completion. Each list adds its own geometry and tracks: a
/// table its row animations and section headers and footers (TableView+Animation.swift),
/// a collection its layout's attributes (CollectionView+Animation.swift).
protocol ListUpdating: View {
    associatedtype Cell: View
    /// The cells shown, by index path.
    var shown: ShownCells<Cell> { get set }
    /// The selected index paths.
    var selected: [IndexPath] { get set }
    /// The list's running update animations.
    var listAnimator: ListAnimator { get }
    /// Ends a cell's display (didEndDisplaying, out of the list, back to its pool).
    func endDisplaying(_ cell: Cell, at path: IndexPath)
}

/// Where a view is seen when an update starts, and how opaque: its animation starts there.
typealias ListViewStart = (frame: Rect, alpha: Double)

extension ListUpdating {
    /// The data source's counts after an update, asked as UIKit asks them: the number of
    /// sections, then each section's number of rows or items, each call traced (the
    /// latter as `countTrace`, with the section).
    func askCounts(sections: () -> Int, countTrace: String, count: (Int) -> Int) -> [Int] {
        trace("numberOfSections")
        let sectionCount = max(0, sections())
        var counts: [Int] = []
        for section in 0..<sectionCount {
            trace(countTrace, detail: String(section))
            counts.append(max(0, count(section)))
        }
        return counts
    }

    /// The plan of an update from `oldCounts` to `newCounts`; nil, with an
    /// ``Diagnostic/Kind/invalidListUpdate`` diagnostic in UIKit's words, when they do not
    /// add up (UIKit raises; the list reloads instead).
    func checkedPlan(_ update: ListUpdate, oldCounts: [Int], newCounts: [Int], unit: String) -> ListUpdatePlan? {
        let plan = ListUpdatePlan(update: update, oldCounts: oldCounts, newCounts: newCounts, unit: unit)
        if let problem = plan.problem {
            application?.diagnose(.invalidListUpdate, label: traceLabel, message: problem)
            return nil
        }
        return plan
    }

    /// Records where each of `views` is seen now (presentation frame and alpha), by
    /// identity, into `starts`.
    func recordStarts<Views: Sequence>(of views: Views, into starts: inout [ObjectIdentifier: ListViewStart]) where Views.Element: View {
        for view in views { starts[ObjectIdentifier(view)] = (view.presentationFrame, view.presentationAlpha) }
    }

    /// Moves the shown cells to their rows' or items' new index paths, and the selection
    /// with them. Cells of deleted and reloaded rows end their display now, or, with
    /// `keepingLeaving` (an animated update), are returned, still shown, to leave when the
    /// animation ends.
    func followUpdate(_ plan: ListUpdatePlan, keepingLeaving: Bool) -> [(cell: Cell, path: IndexPath)] {
        var leaving: [(cell: Cell, path: IndexPath)] = []
        shown.follow(plan) { cell, path in
            if keepingLeaving { leaving.append((cell, path)) } else { endDisplaying(cell, at: path) }
        }
        selected = selected.compactMap { plan.newIndexPath(for: $0) }
        return leaving
    }

    /// Makes `view` leave the list when `animation` ends: back at full alpha (outside any
    /// animation block being captured), then `end` runs if it is still in this list.
    func leave<Leaving: View>(_ view: Leaving, when animation: ListUpdateAnimation, app: Application,
                              end: @escaping (Self, Leaving) -> Void) {
        animation.leaving.append { [weak self, weak view, weak app] in
            guard let self, let view, let app else { return }
            let captured = app.animationCapture
            app.animationCapture = nil
            view.alpha = 1
            app.animationCapture = captured
            if view.superview === self { end(self, view) }
        }
    }

    /// Runs an update's tracks: the waiting `performBatchUpdates` completions go with
    /// `animation`, and the list lays out again once it is over.
    func runUpdateAnimation(_ tracks: [ListAnimationTrack], _ animation: ListUpdateAnimation, app: Application) {
        animation.completion = listAnimator.takeCompletion()
        animation.ended = { [weak self] in self?.setNeedsLayout() }
        listAnimator.run(tracks, animation: animation, app: app)
    }
}

extension TableView: ListUpdating {}
extension CollectionView: ListUpdating {}
