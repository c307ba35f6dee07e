import Foundation

// Reordering a table's rows in editing mode: a finger on a row's reorder control (the
// trailing 44 points of an editing cell whose row can move) drags the row; the other rows
// make room as it passes them; the lift drops it and the data source's
// `tableView(_:moveRowAt:to:)` is called once.

/// A row being dragged by its reorder control: its index path when the drag began, where
/// it is now, and where the finger holds its center (content coordinates).
struct RowReorder {
    let original: IndexPath
    var current: IndexPath
    var centerY: Double
    /// The finger's distance below the row's center when the drag began (kept while it moves).
    let grabOffset: Double
}

extension TableView {
    /// The width of a reorder control, at the trailing edge of an editing cell.
    public static let reorderControlWidth: CGFloat = 44

    /// Whether the row at `indexPath` shows a reorder control: the table is editing and the
    /// data source's `tableView(_:canMoveRowAt:)` answers true.
    ///
    /// UIKit shows the control where the data source implements `tableView(_:moveRowAt:to:)`
    /// and `canMoveRowAt` does not answer false. Swift cannot tell whether a conforming type
    /// implements a method, so Lifeloop's default `canMoveRowAt` answers false: implement it
    /// to answer true. A cell's ``TableViewCell/showsReorderControl`` is kept as data.
    public func showsReorderControl(forRowAt indexPath: IndexPath) -> Bool {
        guard isEditing, let dataSource, isRow(indexPath) else { return false }
        return dataSource.tableView(self, canMoveRowAt: indexPath)
    }

    /// Whether a row is being dragged by its reorder control.
    public var isReorderingRow: Bool { reorder != nil }

    /// What a drag of a row's reorder control to another row does, without touches
    /// (Lifeloop's form, as ``userTapRow(at:)`` is a tap's): the drag begins on the row's
    /// control, passes over the rows between, and drops the row at `destination` (the
    /// delegate's `targetIndexPathForMoveFromRowAt` may retarget it). Returns false when
    /// the row shows no reorder control.
    @discardableResult
    public func userMoveRow(at indexPath: IndexPath, to destination: IndexPath) -> Bool {
        guard onLoop("userMoveRow(at:to:)"), beginReorder(at: indexPath, fingerY: rectForRow(at: indexPath).midY) else {
            return false
        }
        let step: Int
        if destination.section == indexPath.section {
            step = destination.row > indexPath.row ? 1 : -1
            var row = indexPath.row
            while row != destination.row {
                row += step
                updateReorder(fingerY: rectForRow(at: IndexPath(row: row, section: indexPath.section)).midY)
            }
        } else {
            let rect = isRow(destination) ? rectForRow(at: destination)
                : rectForRow(at: IndexPath(row: max(0, destination.row - 1), section: destination.section))
            updateReorder(fingerY: isRow(destination) ? rect.midY : rect.maxY - 1)
        }
        endReorder()
        return true
    }

    /// The row whose reorder control is at `point` (content coordinates), if any.
    func reorderRow(atControlPoint point: Point) -> IndexPath? {
        guard isEditing, point.x >= bounds.width - Self.reorderControlWidth, point.x <= bounds.width,
              let path = indexPathForRow(at: point), cellForRow(at: path) != nil,
              showsReorderControl(forRowAt: path) else { return nil }
        return path
    }

    /// Begins dragging the row at `indexPath`, the finger at `fingerY`.
    @discardableResult
    func beginReorder(at indexPath: IndexPath, fingerY: Double) -> Bool {
        guard reorder == nil, showsReorderControl(forRowAt: indexPath) else { return false }
        let center = rectForRow(at: indexPath).midY
        reorder = RowReorder(original: indexPath, current: indexPath, centerY: center, grabOffset: fingerY - center)
        trace("beginReorder", detail: indexPath.listDescription)
        setNeedsLayout()
        return true
    }

    /// The finger moved to `fingerY`: the row follows it; over another row, the delegate's
    /// `tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)` is asked (with
    /// the row's original index path) and the row takes the place it answers.
    func updateReorder(fingerY: Double) {
        guard var state = reorder else { return }
        state.centerY = fingerY - state.grabOffset
        let probe = Point(x: bounds.width / 2, y: min(max(0, state.centerY), max(0, contentSize.height - 0.001)))
        if let proposed = indexPathForRow(at: probe), proposed != state.current, isTarget(proposed, from: state.current) {
            trace("targetIndexPathForMoveFromRowAt", detail: "\(state.original.listDescription) -> \(proposed.listDescription)")
            var target = reorderDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: state.original,
                                                             toProposedIndexPath: proposed) ?? proposed
            if !isTarget(target, from: state.current) { target = state.current }
            if target != state.current {
                moveRowInPlace(from: state.current, to: target)
                state.current = target
            }
        }
        reorder = state
        setNeedsLayout()
    }

    /// The finger lifted: the row drops where it is; the data source's `moveRowAt` is
    /// called once when its place changed (from the original index path to the new one).
    func endReorder() {
        guard let state = reorder else { return }
        reorder = nil
        trace("endReorder", detail: state.current.listDescription)
        if state.current != state.original, let dataSource {
            // The data source is told from its own state: the row goes back first. One that
            // applies the move as an update in `moveRowAt` (a diffable data source applying
            // a snapshot) moves the row itself; for one that only updates its model, the
            // table moves it again.
            let moving = cellForRow(at: state.current)
            moveRowInPlace(from: state.current, to: state.original)
            trace("moveRowAt", detail: "\(state.original.listDescription) -> \(state.current.listDescription)")
            dataSource.tableView(self, moveRowAt: state.original, to: state.current)
            if moving == nil || (cellForRow(at: state.current) !== moving && cellForRow(at: state.original) === moving) {
                moveRowInPlace(from: state.original, to: state.current)
            }
        }
        setNeedsLayout()
    }

    /// The drag was cancelled: the row goes back; the data source is told nothing.
    func cancelReorder() {
        guard let state = reorder else { return }
        reorder = nil
        trace("cancelReorder", detail: state.original.listDescription)
        if state.current != state.original { moveRowInPlace(from: state.current, to: state.original) }
        setNeedsLayout()
    }

    /// After a layout pass: the dragged row's cell is centered at the finger.
    func positionReorderedRow() {
        guard let state = reorder, let cell = cellForRow(at: state.current) else { return }
        let height = cell.frame.height
        let frame = Rect(x: cell.frame.minX, y: state.centerY - height / 2, width: cell.frame.width, height: height)
        if cell.frame != frame { cell.frame = frame }
    }

    /// Editing turned on or off: the reorder recognizer is installed the first time; a drag
    /// under way when editing ends is cancelled.
    func editingDidChange() {
        if isEditing, reorderGesture == nil {
            let gesture = ReorderGestureRecognizer()
            gesture.isSystemRecognizer = true
            gesture.addAction { [weak self] recognizer in
                guard let self else { return }
                self.driveReorder(recognizer)
            }
            addGestureRecognizer(gesture)
            reorderGesture = gesture
        }
        if !isEditing { cancelReorder() }
    }

    private func driveReorder(_ recognizer: GestureRecognizer) {
        let point = recognizer.location(in: self)
        switch recognizer.state {
        case .began:
            if let path = (recognizer as? ReorderGestureRecognizer)?.startRow ?? reorderRow(atControlPoint: point) {
                beginReorder(at: path, fingerY: point.y)
            }
        case .changed: updateReorder(fingerY: point.y)
        case .ended: endReorder()
        case .cancelled, .failed: cancelReorder()
        case .possible: break
        }
    }

    private var reorderDelegate: TableViewDelegate? { delegate as? TableViewDelegate }

    private func isRow(_ path: IndexPath) -> Bool {
        path.count == 2 && path.section >= 0 && path.section < numberOfSections && path.row >= 0
            && path.row < numberOfRows(inSection: path.section)
    }

    /// Whether the dragged row (now at `from`) can go to `path`: an existing row of its own
    /// section, or any place up to the end of another section.
    private func isTarget(_ path: IndexPath, from: IndexPath) -> Bool {
        guard path.count == 2, path.section >= 0, path.section < numberOfSections, path.row >= 0 else { return false }
        let count = numberOfRows(inSection: path.section)
        return path.section == from.section ? path.row < count : path.row <= count
    }
}

/// The recognizer of drags on reorder controls: it begins as soon as a finger goes down on
/// a reorder control (before the scroll view's drag or the row's tap), changes as the
/// finger moves and ends when it lifts; a finger anywhere else makes it fail.
final class ReorderGestureRecognizer: GestureRecognizer {
    /// The row whose control the finger went down on.
    private(set) var startRow: IndexPath?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        guard numberOfTouches == 1, let table = view as? TableView,
              let row = table.reorderRow(atControlPoint: location(in: table)) else {
            state = .failed
            return
        }
        startRow = row
        state = .began
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { state = .changed }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    override func reset() { startRow = nil }
}

extension ExtentIndex {
    /// An index of `heights`, the estimate for rows not set apart.
    init(heights: [Double], estimate: Double) {
        self.init(count: heights.count, estimate: estimate)
        for (index, height) in heights.enumerated() where height != self.estimate { setExtent(height, of: index) }
    }
}
