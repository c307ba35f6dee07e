import Foundation

/// One change of a collection's batch update, as its layout is told of it in
/// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)``: UIKit's
/// `UICollectionViewUpdateItem`.
///
/// A section change has an index path whose item is `NSNotFound` (`Int.max`), as in
/// UIKit.
open class CollectionViewUpdateItem {
    /// What changed: UIKit's `UICollectionViewUpdateItem.Action`.
    public enum Action: Int, Hashable, Sendable {
        /// Inserted, deleted, reloaded, moved, or nothing.
        case insert, delete, reload, move, none
    }

    /// Where the element was before the update (nil for an insert).
    public let indexPathBeforeUpdate: IndexPath?
    /// Where the element is after the update (nil for a delete).
    public let indexPathAfterUpdate: IndexPath?
    /// The change.
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}

extension CollectionView {
    /// The update items of a batch, in UIKit's order of application: deletes (sections,
    /// then items), inserts, moves, then reloads.
    static func updateItems(_ update: ListUpdate) -> [CollectionViewUpdateItem] {
        func section(_ index: Int) -> IndexPath { IndexPath(item: NSNotFound, section: index) }
        var items: [CollectionViewUpdateItem] = []
        items += update.sectionDeletes.map { CollectionViewUpdateItem(before: section($0), after: nil, action: .delete) }
        items += update.rowDeletes.sorted().map { CollectionViewUpdateItem(before: $0, after: nil, action: .delete) }
        items += update.sectionInserts.map { CollectionViewUpdateItem(before: nil, after: section($0), action: .insert) }
        items += update.rowInserts.sorted().map { CollectionViewUpdateItem(before: nil, after: $0, action: .insert) }
        items += update.sectionMoves.map { CollectionViewUpdateItem(before: section($0.from), after: section($0.to), action: .move) }
        items += update.rowMoves.map { CollectionViewUpdateItem(before: $0.from, after: $0.to, action: .move) }
        items += update.sectionReloads.map { CollectionViewUpdateItem(before: section($0), after: section($0), action: .reload) }
        items += update.rowReloads.sorted().map { CollectionViewUpdateItem(before: $0, after: $0, action: .reload) }
        return items
    }

    /// Applies a checked batch update in UIKit's order: shown cells follow their items
    /// (without animation, those of deleted and reloaded items end their display now);
    /// the layout is prepared for the new content (`prepare`,
    /// `collectionViewContentSize`), told of the changes
    /// (``CollectionViewLayout/prepare(forCollectionViewUpdates:)``) and asked for the
    /// visible elements, whose new cells are made now, in L34's order; then, with
    /// animation, each inserted or reloaded item's start
    /// (``CollectionViewLayout/initialLayoutAttributesForAppearingItem(at:)``) and each
    /// deleted or reloaded item's end
    /// (``CollectionViewLayout/finalLayoutAttributesForDisappearingItem(at:)``) is asked;
    /// ``CollectionViewLayout/finalizeCollectionViewUpdates()`` comes last. Each call is
    /// traced as `layout.<name>`.
    ///
    /// Items that come into the bounds only because others moved show at their new place
    /// at once. Supplementary views are asked again, with no animation.
    func applyChecked(_ plan: ListUpdatePlan, update: ListUpdate) {
        let animate = listUpdatesAnimate && !listAnimator.isLayingOut
        var before: [ObjectIdentifier: ListViewStart] = [:]
        if animate { recordStarts(of: shown.ordered, into: &before) }
        let leaving = followUpdate(plan, keepingLeaving: animate)
        for key in shownSupplementary.keys.sorted() {
            if let view = shownSupplementary.removeValue(forKey: key) { endDisplaying(view, key: key) }
        }
        layoutWasInvalidated()
        guard window != nil, !listAnimator.isLayingOut, let app else {
            for (cell, path) in leaving { endDisplaying(cell, at: path) }
            return
        }
        let layout = collectionViewLayout
        let animation = ListUpdateAnimation()
        if animate {
            // Every cell that stays is kept through this pass; those whose items left the
            // bounds stay until the animation ends.
            animation.pinned = Set(shown.ordered.map(ObjectIdentifier.init))
            listAnimator.running.append(animation)
        }
        listAnimator.isLayingOut = true
        prepareLayoutIfNeeded()
        trace("layout.prepareForCollectionViewUpdates")
        layout.prepare(forCollectionViewUpdates: Self.updateItems(update))
        var passes = 0
        while layoutElements(), passes < 4 { passes += 1 }
        let placed = passAttributes
        passAttributes.removeAll()
        listAnimator.isLayingOut = false
        guard animate else {
            trace("layout.finalizeCollectionViewUpdates")
            layout.finalizeCollectionViewUpdates()
            return
        }
        var tracks: [ListAnimationTrack] = []
        var pinned: Set<ObjectIdentifier> = []
        for path in shown.paths {
            guard let cell = shown[path] else { continue }
            if let start = before[ObjectIdentifier(cell)] {
                var end = (frame: cell.frame, alpha: Double(cell.alpha))
                if placed[path] == nil {
                    // Moving out of the bounds: to its place after the update.
                    pinned.insert(ObjectIdentifier(cell))
                    if let attributes = storedAttributes(forItemAt: path) { end = (attributes.frame, Double(attributes.alpha)) }
                }
                tracks.append(ListAnimationTrack(view: cell, from: start.frame, fromAlpha: start.alpha, to: end.frame,
                                                 toAlpha: end.alpha))
                continue
            }
            if let old = plan.oldIndexPath(for: path), !plan.isReloaded(old) { continue }
            listAnimator.appearingAttributes[path] = placed[path]
            trace("layout.initialLayoutAttributesForAppearingItem", detail: path.listDescription)
            guard let start = layout.initialLayoutAttributesForAppearingItem(at: path) else { continue }
            tracks.append(ListAnimationTrack(view: cell, from: start.frame, fromAlpha: Double(start.alpha), to: cell.frame,
                                             toAlpha: Double(cell.alpha)))
        }
        animation.pinned = pinned
        for (cell, old) in leaving {
            let start = before[ObjectIdentifier(cell)] ?? (cell.frame, Double(cell.alpha))
            let current = CollectionViewLayoutAttributes(forCellWith: old)
            current.frame = cell.frame
            current.alpha = cell.alpha
            listAnimator.disappearingAttributes[old] = current
            trace("layout.finalLayoutAttributesForDisappearingItem", detail: old.listDescription)
            let end = layout.finalLayoutAttributesForDisappearingItem(at: old)
            tracks.append(ListAnimationTrack(view: cell, from: start.frame, fromAlpha: end == nil ? 0 : start.alpha,
                                             to: end?.frame ?? start.frame,
                                             toAlpha: end.map { Double($0.alpha) } ?? 0))
            leave(cell, when: animation, app: app) { collection, cell in collection.endDisplaying(cell, at: old) }
        }
        listAnimator.appearingAttributes.removeAll()
        listAnimator.disappearingAttributes.removeAll()
        trace("layout.finalizeCollectionViewUpdates")
        layout.finalizeCollectionViewUpdates()
        runUpdateAnimation(tracks, animation, app: app)
    }

    /// The default start of an appearing item: its attributes after the update, alpha 0.
    func defaultAppearingAttributes(at path: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let attributes = listAnimator.appearingAttributes[path] ?? collectionViewLayout.layoutAttributesForItem(at: path),
              let copy = attributes.copy() as? CollectionViewLayoutAttributes else { return nil }
        copy.alpha = 0
        return copy
    }

    /// The default end of a disappearing item: where it is, alpha 0.
    func defaultDisappearingAttributes(at path: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let attributes = listAnimator.disappearingAttributes[path],
              let copy = attributes.copy() as? CollectionViewLayoutAttributes else { return nil }
        copy.alpha = 0
        return copy
    }
}
