// A finger on a table's row or a collection's item, as UIKit's lists take it. The touch
// reaches the list through the responder chain from the cell's content (a control in the
// cell keeps its touches, so a tap on a button in a cell goes to the button):
//
//   began:     the row highlights if selection is allowed and the delegate's
//              `shouldHighlightRowAt` / `shouldHighlightItemAt` agrees (a collection then
//              tells `didHighlightItemAt`);
//   moved:     a finger that moves more than 10 points from where it went down lets go of
//              the row (it unhighlights; nothing is selected);
//   ended:     the row unhighlights (`didUnhighlightItemAt`), then is selected as by a
//              tap: `willSelectRowAt` … `didSelectRowAt`, or `shouldSelectItemAt` …
//              `didSelectItemAt`;
//   cancelled: the row unhighlights (a drag of the list took the touch).
//
// Inside a scroll view the content's `touchesBegan` waits 0.15 s (`delaysContentTouches`),
// so a quick tap highlights and selects when the finger lifts, as on a device.

/// The row or item a touch went down on.
final class ListTouchTracking {
    /// The list (a table or a collection) that tracks the touch.
    weak var list: ScrollView?
    let indexPath: IndexPath
    /// Where the finger went down, in the window.
    let start: Point
    /// Whether the row highlighted (and so may be selected at the lift).
    var isHighlighted: Bool

    init(list: ScrollView, indexPath: IndexPath, start: Point, isHighlighted: Bool) {
        self.list = list
        self.indexPath = indexPath
        self.start = start
        self.isHighlighted = isHighlighted
    }

    /// How far a finger may move before it lets go of the row, in points.
    static let slop: CGFloat = 10
}

extension ScrollView {
    /// The touch of `touches` this list tracks, if any.
    func trackedListTouch(_ touches: Set<Touch>) -> (Touch, ListTouchTracking)? {
        for touch in touches {
            if let tracking = touch.listTracking, tracking.list === self { return (touch, tracking) }
        }
        return nil
    }

    /// Whether a touch of this list already holds a row.
    private var isTrackingListTouch: Bool {
        window?.touchDispatch?.records.contains { $0.isDown && $0.touch.listTracking?.list === self } ?? false
    }

    /// A touch of `touches` that went down on a cell of this list, and the cell: the touch's
    /// view or one of its superviews below the list.
    func listTouchOnCell<Cell: View>(_ touches: Set<Touch>, of type: Cell.Type) -> (Touch, Cell)? {
        guard !isTrackingListTouch else { return nil }
        for touch in touches where touch.listTracking == nil {
            var current = touch.view
            while let view = current, view !== self {
                if let cell = view as? Cell { return (touch, cell) }
                current = view.superview
            }
        }
        return nil
    }

    /// Moves, lifts and cancellations of a tracked touch. Returns whether the list took
    /// the phase; `select` runs at a lift that may select.
    func followListTouch(_ phase: Touch.Phase, _ touches: Set<Touch>, unhighlight: (IndexPath) -> Void,
                         select: (IndexPath) -> Void) -> Bool {
        guard let (touch, tracking) = trackedListTouch(touches) else { return false }
        switch phase {
        case .began, .stationary:
            break
        case .moved:
            if tracking.isHighlighted, touchDistance(touch.locationInWindow, tracking.start) > ListTouchTracking.slop {
                tracking.isHighlighted = false
                unhighlight(tracking.indexPath)
            }
        case .ended:
            touch.listTracking = nil
            if tracking.isHighlighted {
                unhighlight(tracking.indexPath)
                select(tracking.indexPath)
            }
        case .cancelled:
            touch.listTracking = nil
            if tracking.isHighlighted { unhighlight(tracking.indexPath) }
        }
        return true
    }
}

extension TableView {
    /// The table's share of touches (its `touches…` overrides): a finger on a row
    /// highlights it and, lifted without moving, selects it. Returns whether the table
    /// took the phase (otherwise it goes up the responder chain).
    func trackRowTouches(_ phase: Touch.Phase, _ touches: Set<Touch>) -> Bool {
        if phase == .began {
            guard let (touch, cell) = listTouchOnCell(touches, of: TableViewCell.self), let path = indexPath(for: cell) else {
                return false
            }
            let highlights = highlightRowForTouch(at: path)
            touch.listTracking = ListTouchTracking(list: self, indexPath: path, start: touch.locationInWindow,
                                                   isHighlighted: highlights)
            return true
        }
        return followListTouch(phase, touches, unhighlight: { [unowned self] path in
            cellForRow(at: path)?.setHighlighted(false, animated: false)
        }, select: { [unowned self] path in
            selectRowByUser(at: path)
        })
    }

    /// A finger went down on a row: it highlights when selection is allowed and the
    /// delegate's `shouldHighlightRowAt` agrees.
    private func highlightRowForTouch(at path: IndexPath) -> Bool {
        guard isEditing ? allowsSelectionDuringEditing : allowsSelection,
              path.count == 2, path.section < numberOfSections, path.row < numberOfRows(inSection: path.section),
              (delegate as? TableViewDelegate)?.tableView(self, shouldHighlightRowAt: path) ?? true else { return false }
        cellForRow(at: path)?.setHighlighted(true, animated: false)
        return true
    }
}

extension CollectionView {
    /// The collection's share of touches (its `touches…` overrides): a finger on an item
    /// highlights it and, lifted without moving, selects it. Returns whether the collection
    /// took the phase (otherwise it goes up the responder chain).
    func trackItemTouches(_ phase: Touch.Phase, _ touches: Set<Touch>) -> Bool {
        let delegate = delegate as? CollectionViewDelegate
        if phase == .began {
            guard let (touch, cell) = listTouchOnCell(touches, of: CollectionViewCell.self), let path = indexPath(for: cell) else {
                return false
            }
            var highlights = false
            if allowsSelection, path.count == 2, path.section < numberOfSections, path.item < numberOfItems(inSection: path.section),
               delegate?.collectionView(self, shouldHighlightItemAt: path) ?? true {
                highlights = true
                cellForItem(at: path)?.isHighlighted = true
                delegate?.collectionView(self, didHighlightItemAt: path)
            }
            touch.listTracking = ListTouchTracking(list: self, indexPath: path, start: touch.locationInWindow,
                                                   isHighlighted: highlights)
            return true
        }
        return followListTouch(phase, touches, unhighlight: { [unowned self] path in
            cellForItem(at: path)?.isHighlighted = false
            delegate?.collectionView(self, didUnhighlightItemAt: path)
        }, select: { [unowned self] path in
            selectItemByUser(at: path)
        })
    }
}
