import Foundation

extension TableView {
    /// Applies a checked batch update: the counts and geometry change at once, shown
    /// cells follow their rows, and the cells of rows now in the bounds are made at once,
    /// inside the update call (UIKit's documentation of `insertRows(at:with:)`: the table
    /// "calls the relevant delegate and data source methods immediately afterward to get
    /// the cells"), in L34's order. With animation (``TableView``'s update methods),
    /// the views then move on the frame clock; without, cells of deleted and reloaded
    /// rows end their display at once.
    func applyChecked(_ plan: ListUpdatePlan, update: ListUpdate, newCounts: [Int]) {
        let animate = listUpdatesAnimate && !listAnimator.isLayingOut
        var oldGeometry = geometry
        let width = Double(bounds.width)
        // Where each shown view is seen now, by identity: animations start there.
        var before: [ObjectIdentifier: ListViewStart] = [:]
        if animate {
            recordStarts(of: shown.ordered, into: &before)
            recordStarts(of: shownHeaders.values, into: &before)
            recordStarts(of: shownFooters.values, into: &before)
        }
        rowCounts = newCounts
        rebuildGeometry()
        let leavingCells = followUpdate(plan, keepingLeaving: animate)
        // Section headers and footers: with animation those of the sections that stay
        // (titled ones, and views of a fixed height) follow their section; the others
        // leave (fading with animation, at once without).
        var leavingViews: [View] = []
        func follow(_ views: [Int: View], sizedByView: Set<Int>) -> [Int: View] {
            var kept: [Int: View] = [:]
            for section in views.keys.sorted() {
                guard let view = views[section] else { continue }
                if animate, let target = plan.newSection(for: section),
                   !plan.isReloaded(IndexPath(row: 0, section: section)), !sizedByView.contains(target) {
                    kept[target] = view
                } else if animate, view is TableViewHeaderFooterView {
                    leavingViews.append(view)
                } else {
                    recycleSupplementary(view)
                }
            }
            return kept
        }
        shownHeaders = follow(shownHeaders, sizedByView: headerSizedByView)
        shownFooters = follow(shownFooters, sizedByView: footerSizedByView)
        guard animate, let app else {
            layoutNow()
            return
        }
        let animation = ListUpdateAnimation()
        // Cells whose rows move out of the bounds stay shown until the animation ends.
        let visible = bounds
        let wanted = Set(geometry.rows(intersecting: visible.minY, visible.maxY).map { IndexPath(row: $0.row, section: $0.section) })
        for path in shown.paths where !wanted.contains(path) {
            if let cell = shown[path] { animation.pinned.insert(ObjectIdentifier(cell)) }
        }
        listAnimator.running.append(animation)
        layoutNow()

        var tracks: [ListAnimationTrack] = []
        let choices = update.animations
        for path in shown.paths {
            guard let cell = shown[path] else { continue }
            let end = (frame: cell.frame, alpha: Double(cell.alpha))
            if let start = before[ObjectIdentifier(cell)] {
                tracks.append(ListAnimationTrack(view: cell, from: start.frame, fromAlpha: start.alpha, to: end.frame, toAlpha: end.alpha))
            } else if let old = plan.oldIndexPath(for: path), !plan.isReloaded(old) {
                // A row that was outside the bounds slides in from where it was.
                let span = oldGeometry.rowSpan(old.section, old.row)
                let from = Rect(x: end.frame.minX, y: span.y, width: end.frame.width, height: span.height)
                tracks.append(ListAnimationTrack(view: cell, from: from, fromAlpha: end.alpha, to: end.frame, toAlpha: end.alpha))
            } else {
                // Inserted, or the new cell of a reloaded row.
                let kind = plan.oldIndexPath(for: path).map { choices.reload($0) } ?? choices.insert(path)
                guard kind != .none else { continue }
                let hidden = kind.hiddenEnd(of: end.frame, width: width)
                tracks.append(ListAnimationTrack(view: cell, from: hidden.frame, fromAlpha: hidden.alpha, to: end.frame, toAlpha: end.alpha))
            }
        }
        for (cell, old) in leavingCells {
            let start = before[ObjectIdentifier(cell)] ?? (cell.frame, Double(cell.alpha))
            let reloaded = plan.isReloaded(old)
            let kind = reloaded ? choices.reload(old) : choices.delete(old)
            // A reloaded row's old cell goes where its row goes (the new cell fades in over it).
            let base = reloaded ? plan.newIndexPath(for: old).map { rectForRow(at: $0) } ?? start.frame : start.frame
            let hidden = kind.hiddenEnd(of: base, width: width)
            if kind == .none {
                tracks.append(ListAnimationTrack(view: cell, from: hidden.frame, fromAlpha: 0, to: hidden.frame, toAlpha: 0))
            } else {
                tracks.append(ListAnimationTrack(view: cell, from: start.frame, fromAlpha: start.alpha, to: hidden.frame,
                                                 toAlpha: hidden.alpha))
            }
            leave(cell, when: animation, app: app) { table, cell in table.endDisplaying(cell, at: old) }
        }
        for view in leavingViews {
            let start = before[ObjectIdentifier(view)] ?? (view.frame, Double(view.alpha))
            tracks.append(ListAnimationTrack(view: view, from: start.frame, fromAlpha: start.alpha, to: start.frame, toAlpha: 0))
            leave(view, when: animation, app: app) { table, view in table.recycleSupplementary(view) }
        }
        for view in shownHeaders.keys.sorted().compactMap({ shownHeaders[$0] })
            + shownFooters.keys.sorted().compactMap({ shownFooters[$0] }) {
            if let start = before[ObjectIdentifier(view)] {
                tracks.append(ListAnimationTrack(view: view, from: start.frame, fromAlpha: start.alpha, to: view.frame,
                                                 toAlpha: Double(view.alpha)))
            } else {
                tracks.append(ListAnimationTrack(view: view, from: view.frame, fromAlpha: 0, to: view.frame,
                                                 toAlpha: Double(view.alpha)))
            }
        }
        runUpdateAnimation(tracks, animation, app: app)
    }

    /// Lays the rows out now when the table is in a window (and not already laying out);
    /// otherwise at its next layout pass.
    private func layoutNow() {
        setNeedsLayout()
        guard window != nil, !listAnimator.isLayingOut else { return }
        layoutListContent()
    }
}
