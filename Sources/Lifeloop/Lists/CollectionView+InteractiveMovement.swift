import Foundation

// Interactive movement of a collection's items: UIKit's `beginInteractiveMovementForItem(at:)`,
// `updateInteractiveMovementTargetPosition(_:)`, `endInteractiveMovement()` and
// `cancelInteractiveMovement()` (iOS 9), and the standard long-press gesture a
// `UICollectionViewController` installs for them.

/// An interactive movement under way: the item's index path when it began, where it is
/// now among the other items, and where the finger holds it.
struct InteractiveMovement {
    let original: IndexPath
    var current: IndexPath
    var position: Point
}

extension CollectionView {
    /// Whether an interactive movement is under way.
    public var isInteractivelyMovingItem: Bool { movement != nil }

    /// What ``CollectionView/beginInteractiveMovementForItem(at:)`` does (a subclass may override that).
    func beginMovement(at indexPath: IndexPath) -> Bool {
        guard onLoop("beginInteractiveMovementForItem(at:)"), movement == nil, let dataSource,
              isMovableItem(indexPath) else { return false }
        trace("canMoveItemAt", detail: indexPath.listDescription)
        guard dataSource.collectionView(self, canMoveItemAt: indexPath) else { return false }
        let frame = layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        movement = InteractiveMovement(original: indexPath, current: indexPath,
                                       position: Point(x: frame.midX, y: frame.midY))
        trace("beginInteractiveMovement", detail: indexPath.listDescription)
        setNeedsLayout()
        return true
    }

    /// What ``CollectionView/updateInteractiveMovementTargetPosition(_:)`` does (a subclass may override that).
    func updateMovement(_ targetPosition: Point) {
        guard onLoop("updateInteractiveMovementTargetPosition(_:)"), var state = movement else { return }
        state.position = targetPosition
        let previous = state.current
        prepareMovementLayout()
        let proposed = collectionViewLayout.targetIndexPathForInteractivelyMovingItem(previous, withPosition: targetPosition)
        var target = previous
        if proposed != previous, isMovementTarget(proposed, from: previous) {
            trace("targetIndexPathForMoveOfItem", detail: "\(previous.listDescription) -> \(proposed.listDescription)")
            target = movementDelegate?.collectionView(self, targetIndexPathForMoveOfItemFromOriginalIndexPath: state.original,
                                                      atCurrentIndexPath: previous, toProposedIndexPath: proposed) ?? proposed
            if !isMovementTarget(target, from: previous) { target = previous }
        }
        if target != previous {
            moveItemInPlace(from: previous, to: target)
            state.current = target
        }
        movement = state
        setNeedsLayout()
    }

    /// What ``CollectionView/endInteractiveMovement()`` does (a subclass may override that).
    func endMovement() {
        guard onLoop("endInteractiveMovement()"), let state = movement else { return }
        movement = nil
        trace("endInteractiveMovement", detail: state.current.listDescription)
        if state.current != state.original, let dataSource {
            // The data source is told from its own state, as a table's is (see
            // `TableView.endReorder()`): one that applies the move as an update moves the
            // item itself; otherwise the collection moves it again.
            let moving = cellForItem(at: state.current)
            moveItemInPlace(from: state.current, to: state.original)
            trace("moveItemAt", detail: "\(state.original.listDescription) -> \(state.current.listDescription)")
            dataSource.collectionView(self, moveItemAt: state.original, to: state.current)
            if moving == nil || (cellForItem(at: state.current) !== moving && cellForItem(at: state.original) === moving) {
                moveItemInPlace(from: state.original, to: state.current)
            }
        }
        layoutWasInvalidated()
    }

    /// What ``CollectionView/cancelInteractiveMovement()`` does (a subclass may override that).
    func cancelMovement() {
        guard onLoop("cancelInteractiveMovement()"), let state = movement else { return }
        movement = nil
        trace("cancelInteractiveMovement", detail: state.original.listDescription)
        if state.current != state.original { moveItemInPlace(from: state.current, to: state.original) }
        layoutWasInvalidated()
    }

    /// After a layout pass: the moving item's cell takes the layout's attributes for an
    /// interactively moving item (centered at the finger).
    func positionMovingItem() {
        guard let state = movement, let cell = cellForItem(at: state.current) else { return }
        let attributes = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(at: state.current,
                                                                                         withTargetPosition: state.position)
        cell.apply(attributes)
    }

    private var movementDelegate: CollectionViewDelegate? { delegate as? CollectionViewDelegate }

    private func prepareMovementLayout() {
        // The layout answers from its prepared state: prepare it first when it is invalid.
        _ = layoutAttributesForItem(at: movement?.current ?? IndexPath(item: 0, section: 0))
    }

    private func isMovableItem(_ path: IndexPath) -> Bool {
        path.count == 2 && path.section >= 0 && path.section < numberOfSections && path.item >= 0
            && path.item < numberOfItems(inSection: path.section)
    }

    /// Whether the moving item (now at `from`) can go to `path`: an existing place in its
    /// own section, or any place up to the end of another section.
    private func isMovementTarget(_ path: IndexPath, from: IndexPath) -> Bool {
        guard path.count == 2, path.section >= 0, path.section < numberOfSections, path.item >= 0 else { return false }
        let count = numberOfItems(inSection: path.section)
        return path.section == from.section ? path.item < count : path.item <= count
    }
}

extension CollectionViewController {
    /// Adds or removes the standard long press that moves items, as
    /// ``installsStandardGestureForInteractiveMovement`` says.
    func updateStandardMovementGesture() {
        guard let collection = viewIfLoaded as? CollectionView else { return }
        if installsStandardGestureForInteractiveMovement {
            if let gesture = movementGesture, gesture.view === collection { return }
            if let gesture = movementGesture { gesture.view?.removeGestureRecognizer(gesture) }
            let gesture = InteractiveMovementGestureRecognizer()
            gesture.isSystemRecognizer = true
            gesture.addAction { [weak collection] recognizer in
                guard let collection else { return }
                Self.driveMovement(collection, recognizer)
            }
            collection.addGestureRecognizer(gesture)
            movementGesture = gesture
        } else if let gesture = movementGesture {
            gesture.view?.removeGestureRecognizer(gesture)
            movementGesture = nil
        }
    }

    /// UIKit's standard gesture: the press begins the movement of the item under the
    /// finger, each move updates the target position to the finger, the lift ends it and
    /// a cancel cancels it.
    private static func driveMovement(_ collection: CollectionView, _ recognizer: GestureRecognizer) {
        let point = recognizer.location(in: collection)
        switch recognizer.state {
        case .began:
            guard let path = collection.indexPathForItem(at: point),
                  collection.beginInteractiveMovementForItem(at: path) else { return }
            collection.updateInteractiveMovementTargetPosition(point)
        case .changed:
            collection.updateInteractiveMovementTargetPosition(point)
        case .ended:
            collection.endInteractiveMovement()
        case .cancelled, .failed:
            collection.cancelInteractiveMovement()
        case .possible:
            break
        }
    }
}

/// The long press a collection view controller installs to move items (UIKit's standard
/// gesture for interactive movement): 0.5 s, as a `UILongPressGestureRecognizer`.
final class InteractiveMovementGestureRecognizer: LongPressGestureRecognizer {}
