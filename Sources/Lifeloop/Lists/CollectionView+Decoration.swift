import Foundation

/// The decoration views a collection shows, by kind and index path, and the ones waiting
/// to be reused, by kind.
struct DecorationViews {
    var shown: [SupplementaryKey: CollectionReusableView] = [:]
    var pool = ReusePool<CollectionReusableView>()
    /// The kinds already reported as unregistered (one diagnostic per kind).
    var reportedKinds: Set<String> = []
}

extension CollectionView {
    /// Shows the decoration views the layout placed in this pass (`attributes`, in the
    /// layout's order): those that left go back to their pool, the others take their
    /// attributes, and new ones come from the pool or the layout's registration. They go
    /// behind the cells and supplementary views (above them with a positive `zIndex`).
    /// The data source and the delegate are not told: UIKit's decoration views are the
    /// layout's.
    func layOutDecorations(_ attributes: [CollectionViewLayoutAttributes]) {
        var wanted: [SupplementaryKey: CollectionViewLayoutAttributes] = [:]
        var order: [SupplementaryKey] = []
        for element in attributes where wanted.updateValue(element, forKey: element.elementKey) == nil {
            order.append(element.elementKey)
        }
        for key in decorationViews.shown.keys.sorted() where wanted[key] == nil {
            guard let view = decorationViews.shown.removeValue(forKey: key) else { continue }
            view.removeFromSuperview()
            trace("decoration.leave", detail: "\(key.kind) \(key.indexPath.listDescription)")
            decorationViews.pool.put(view, identifier: key.kind)
        }
        for key in order {
            guard let element = wanted[key] else { continue }
            if let view = decorationViews.shown[key] {
                view.apply(element)
                continue
            }
            guard let view = dequeueDecorationView(ofKind: key.kind) else { continue }
            view.apply(element)
            if element.zIndex > 0 {
                addSubview(view)
            } else {
                insertSubview(view, at: backgroundView == nil ? 0 : 1)
            }
            decorationViews.shown[key] = view
            trace("decoration.show", detail: "\(key.kind) \(key.indexPath.listDescription)")
        }
        // Cells that came in this pass went to the bottom: the decorations behind them go
        // back under them (above the background view), in the layout's order.
        var position = backgroundView == nil ? 0 : 1
        for key in order where (wanted[key]?.zIndex ?? 0) <= 0 {
            guard let view = decorationViews.shown[key] else { continue }
            if position >= subviews.count || subviews[position] !== view { insertSubview(view, at: position) }
            position += 1
        }
    }

    /// A waiting decoration view of `kind` (its `prepareForReuse` runs) or a new one made
    /// from the layout's registration; nil, with a diagnostic the first time, when the
    /// kind has none (UIKit raises).
    private func dequeueDecorationView(ofKind kind: String) -> CollectionReusableView? {
        if let waiting = decorationViews.pool.dequeue(kind, prepare: { $0.prepareForReuse() }) { return waiting }
        if let factory = collectionViewLayout.decorationFactories[kind] {
            let made: CollectionReusableView?
            switch factory {
            case .viewClass(let viewClass):
                if let reusable = viewClass as? ReusableCollectionView.Type {
                    made = reusable.init(frame: .zero)
                } else if viewClass == CollectionReusableView.self {
                    made = CollectionReusableView(frame: .zero)
                } else {
                    made = nil
                }
            case .nib(let nib):
                made = nib.instantiate(withOwner: nil, options: nil).lazy.compactMap { $0 as? CollectionReusableView }.first
            }
            if let made {
                made.reuseIdentifier = kind
                return made
            }
        }
        if decorationViews.reportedKinds.insert(kind).inserted {
            application?.diagnose(.unregisteredReuseIdentifier, label: traceLabel,
                                  message: "could not dequeue a decoration view of kind: \(kind) - register a class or a nib "
                                    + "with the layout's register(_:forDecorationViewOfKind:) (a subclass of "
                                    + "UICollectionReusableView needs a required init(frame:): conform it to ReusableCollectionView)")
        }
        return nil
    }

    /// The shown decoration views of a kind, in index-path order (a Lifeloop addition for
    /// tests and tools: UIKit keeps them private).
    public func visibleDecorationViews(ofKind elementKind: String) -> [CollectionReusableView] {
        decorationViews.shown.keys.filter { $0.kind == elementKind }.sorted().compactMap { decorationViews.shown[$0] }
    }
}
