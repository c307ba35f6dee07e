import Foundation

/// The cells a list shows, by index path, in index-path order: what a table's and a
/// collection's layout passes keep between passes (L34).
///
/// A pass removes the cells whose paths left (``removeLeaving(_:everything:end:)``, in
/// order, so their cells can be dequeued in the same pass), adds the new ones
/// (``insert(_:at:)``) and sets the order (``settle(_:)``). A batch update moves the
/// cells with their rows (``follow(_:end:)``).
struct ShownCells<Cell: AnyObject> {
    /// The shown index paths, in order.
    private(set) var paths: [IndexPath] = []
    /// The shown cells by index path.
    private(set) var cells: [IndexPath: Cell] = [:]

    /// The cell shown at `path`.
    subscript(path: IndexPath) -> Cell? { cells[path] }

    /// The shown cells, in index-path order.
    var ordered: [Cell] { paths.compactMap { cells[$0] } }

    /// The shown paths whose cells are among `identities`, in order.
    func paths(of identities: Set<ObjectIdentifier>) -> [IndexPath] {
        identities.isEmpty ? [] : paths.filter { cells[$0].map { identities.contains(ObjectIdentifier($0)) } ?? false }
    }

    /// The index path of a shown cell.
    func indexPath(of cell: Cell) -> IndexPath? { paths.first { cells[$0] === cell } }

    /// Ends the display of every cell whose path is not in `keep` (every cell with
    /// `everything`), in index-path order.
    mutating func removeLeaving(_ keep: Set<IndexPath>, everything: Bool, end: (Cell, IndexPath) -> Void) {
        for path in paths where everything || !keep.contains(path) {
            if let cell = cells.removeValue(forKey: path) { end(cell, path) }
        }
        paths.removeAll { cells[$0] == nil }
    }

    /// Shows `cell` at `path`.
    mutating func insert(_ cell: Cell, at path: IndexPath) { cells[path] = cell }

    /// The shown paths are those of `wanted` (in its order) that have a cell.
    mutating func settle(_ wanted: [IndexPath]) { paths = wanted.filter { cells[$0] != nil } }

    /// After a batch update: cells follow their rows; those of deleted and reloaded rows
    /// end their display.
    mutating func follow(_ plan: ListUpdatePlan, end: (Cell, IndexPath) -> Void) {
        var moved: [IndexPath: Cell] = [:]
        for path in paths {
            guard let cell = cells[path] else { continue }
            if let target = plan.newIndexPath(for: path), !plan.isReloaded(path) {
                moved[target] = cell
            } else {
                end(cell, path)
            }
        }
        cells = moved
        paths = moved.keys.sorted()
    }
}

/// The batch of changes a list collects between `beginUpdates` and `endUpdates` (or in
/// `performBatchUpdates`), nested as UIKit nests them: the outermost end applies it.
struct BatchUpdates {
    private var pending: ListUpdate?
    private var depth = 0

    /// Whether a batch is open (changes wait for its end).
    var isOpen: Bool { depth > 0 }

    /// Opens a batch (or a nested one).
    mutating func begin() {
        if depth == 0 { pending = ListUpdate() }
        depth += 1
    }

    /// Closes a batch; the collected changes when it was the outermost one.
    mutating func end() -> ListUpdate? {
        guard depth > 0 else { return nil }
        depth -= 1
        guard depth == 0, let update = pending else { return nil }
        pending = nil
        return update
    }

    /// Adds a change to the open batch, or makes it a batch of its own; the batch to
    /// apply when there was none open.
    mutating func record(_ change: (inout ListUpdate) -> Void) -> ListUpdate? {
        begin()
        change(&pending!)
        return end()
    }
}

extension ReusePool where Element: View {
    /// A waiting view for `identifier` (its `prepareForReuse` runs first, through
    /// `prepare`, traced as `prepareForReuse`) or a new one; nil when none waits and
    /// nothing is registered.
    mutating func dequeue(_ identifier: String, prepare: (Element) -> Void) -> Element? {
        if let view = takeWaiting(identifier) {
            view.trace("prepareForReuse")
            prepare(view)
            return view
        }
        return make(identifier)
    }
}
