import Foundation

extension CollectionView {
    /// What a finger dragging at `point` (in the collection's own coordinates: its content)
    /// scrolls: the band of a compositional section that scrolls sideways
    /// (`orthogonalScrollingBehavior`) when the point is in one, else the collection. A
    /// Lifeloop addition for drivers (a scenario's `drag` with `at:`); UIKit finds the band
    /// by hit-testing its internal scroll view.
    public func scrollViewForDrag(at point: Point) -> ScrollView {
        for case let band as _UICollectionViewOrthogonalScrollerEmbeddedScrollView in subviews
        where band.layout === collectionViewLayout && band.frame.contains(point) {
            return band
        }
        return self
    }
}
