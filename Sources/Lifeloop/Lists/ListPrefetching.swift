import Foundation

// Prefetching (iOS 10): a list tells its prefetch data source about the index paths about
// to show, ahead of asking their cells, and cancels what it told when the scroll turns
// back before they show.
//
// iOS decides what to prefetch with internal timing (how fast the list scrolls, idle time
// in the run loop). Lifeloop's rule is fixed, so a run prefetches the same index paths on
// every run: after each layout pass of the list, with the scroll direction taken from the
// last change of the bounds' origin (down, or right for a list that scrolls only
// sideways, before the first scroll):
//
// 1. The index paths told before that now show leave the pending set (nothing is called).
// 2. When the direction turned (or changed axis), the pending index paths, none of which
//    showed, are cancelled in one call, in the order they were told.
// 3. The look-ahead is one visible length beyond the bounds in the direction of the
//    scroll (the next screenful). Its index paths that neither show nor are pending are
//    told in one call, nearest first, and become pending: each is told once until it
//    shows or is cancelled.
//
// Prefetching is a behaviour option, off by default: `Application.prefetchesListContent`.

/// What a collection tells ahead of showing items: UIKit's
/// `UICollectionViewDataSourcePrefetching`. Lifeloop calls it only while the app's
/// ``Application/prefetchesListContent`` is on (see ``CollectionView/prefetchDataSource``).
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// The items at `indexPaths` are about to show (nearest first): start loading their data.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// The items at `indexPaths`, told before, will not show soon: stop loading their data.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

/// What a table tells ahead of showing rows: UIKit's `UITableViewDataSourcePrefetching`.
/// Lifeloop calls it only while the app's ``Application/prefetchesListContent`` is on
/// (see ``TableView/prefetchDataSource``).
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// The rows at `indexPaths` are about to show (nearest first): start loading their data.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// The rows at `indexPaths`, told before, will not show soon: stop loading their data.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Does nothing.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// A list's prefetching state: the index paths told and not yet shown, and the scroll
/// direction of the last pass.
struct ListPrefetcher {
    /// Told and not shown yet, in the order told.
    private(set) var pending: [IndexPath] = []
    private var lastOrigin: Point?
    /// The axis (vertical or not) and sense (forward: down or right) of the scroll.
    private var vertical = true
    private var forward = true

    /// What one pass calls: the index paths to cancel and to prefetch, either maybe empty.
    struct Step {
        var cancel: [IndexPath] = []
        var prefetch: [IndexPath] = []
    }

    /// One pass: `bounds` is the list's visible rectangle, `visible` its shown index paths,
    /// `sideways` whether the list scrolls only sideways (the direction before any scroll),
    /// `paths(in:)` the index paths in a rectangle and `isValid` whether an index path is
    /// still in the list.
    mutating func step(bounds: Rect, visible: [IndexPath], sideways: Bool,
                       paths: (Rect) -> [IndexPath], isValid: (IndexPath) -> Bool) -> Step {
        var result = Step()
        let wasVertical = vertical, wasForward = forward
        let hadPass = lastOrigin != nil
        if let lastOrigin {
            let dy = bounds.origin.y - lastOrigin.y, dx = bounds.origin.x - lastOrigin.x
            if dy != 0 {
                vertical = true
                forward = dy > 0
            } else if dx != 0 {
                vertical = false
                forward = dx > 0
            }
        } else {
            vertical = !sideways
            forward = true
        }
        lastOrigin = bounds.origin
        let shown = Set(visible)
        pending.removeAll { shown.contains($0) || !isValid($0) }
        if hadPass, vertical != wasVertical || forward != wasForward {
            result.cancel = pending
            pending.removeAll()
        }
        let ahead: Rect
        switch (vertical, forward) {
        case (true, true): ahead = Rect(x: bounds.minX, y: bounds.maxY, width: bounds.width, height: bounds.height)
        case (true, false): ahead = Rect(x: bounds.minX, y: bounds.minY - bounds.height, width: bounds.width, height: bounds.height)
        case (false, true): ahead = Rect(x: bounds.maxX, y: bounds.minY, width: bounds.width, height: bounds.height)
        case (false, false): ahead = Rect(x: bounds.minX - bounds.width, y: bounds.minY, width: bounds.width, height: bounds.height)
        }
        guard ahead.width > 0, ahead.height > 0 else { return result }
        let told = Set(pending)
        var found = paths(ahead).filter { !shown.contains($0) && !told.contains($0) && isValid($0) }
        found.sort()
        if !forward { found.reverse() }
        result.prefetch = found
        pending += found
        return result
    }

    /// Forgets everything told (prefetching turned off): nothing is cancelled.
    mutating func reset() { self = ListPrefetcher() }
}

extension Application {
    /// Whether lists may prefetch at all in this app: the option is on and the UIKit
    /// version has prefetching (iOS 10 on).
    var listsPrefetch: Bool { prefetchesListContent && uikitVersion.hasListPrefetching }
}

extension CollectionView {
    /// After a layout pass: tells the prefetch data source what the rule above gives.
    func prefetchAfterLayout() {
        guard isPrefetchingEnabled, let prefetchDataSource, application?.listsPrefetch == true else {
            if !prefetcher.pending.isEmpty { prefetcher.reset() }
            return
        }
        let size = contentSize
        let step = prefetcher.step(bounds: bounds, visible: indexPathsForVisibleItems,
                                   sideways: size.width > bounds.width && size.height <= bounds.height,
                                   paths: { itemPaths(in: $0) },
                                   isValid: { path in
                                       path.section < numberOfSections && path.item < numberOfItems(inSection: path.section)
                                   })
        if !step.cancel.isEmpty {
            trace("cancelPrefetchingForItemsAt", detail: step.cancel.map(\.listDescription).joined(separator: " "))
            prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: step.cancel)
        }
        if !step.prefetch.isEmpty {
            trace("prefetchItemsAt", detail: step.prefetch.map(\.listDescription).joined(separator: " "))
            prefetchDataSource.collectionView(self, prefetchItemsAt: step.prefetch)
        }
    }
}

extension TableView {
    /// After a layout pass: tells the prefetch data source what the rule above gives.
    func prefetchAfterLayout() {
        guard isPrefetchingEnabled, let prefetchDataSource, application?.listsPrefetch == true else {
            if !prefetcher.pending.isEmpty { prefetcher.reset() }
            return
        }
        let step = prefetcher.step(bounds: bounds, visible: indexPathsForVisibleRows ?? [], sideways: false,
                                   paths: { rowPaths(in: $0) },
                                   isValid: { path in
                                       path.section < numberOfSections && path.row < numberOfRows(inSection: path.section)
                                   })
        if !step.cancel.isEmpty {
            trace("cancelPrefetchingForRowsAt", detail: step.cancel.map(\.listDescription).joined(separator: " "))
            prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: step.cancel)
        }
        if !step.prefetch.isEmpty {
            trace("prefetchRowsAt", detail: step.prefetch.map(\.listDescription).joined(separator: " "))
            prefetchDataSource.tableView(self, prefetchRowsAt: step.prefetch)
        }
    }
}
