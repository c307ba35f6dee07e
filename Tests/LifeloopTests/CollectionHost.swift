@testable import Lifeloop

/// A controller whose view holds one 320 × 440 collection (labelled `collection`, no
/// automatic insets), for the collection layout tests.
final class CollectionHost: ViewController {
    let collection: CollectionView
    /// The data source (the collection holds it weakly, so the host keeps it).
    var source: AnyObject?

    init(layout: CollectionViewLayout) {
        collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 440), collectionViewLayout: layout)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        collection.traceLabel = "collection"
        collection.contentInsetAdjustmentBehavior = .never
        view.addSubview(collection)
    }
}

extension CollectionHost {
    /// A data source of plain cells (`cell`) in sections of the given counts, with
    /// `header` supplementary views of any kind registered.
    class Numbers: CollectionViewDataSource {
        var counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> CollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
    }

    /// A host of `layout` fed by `source` (and `delegate`), with plain cells registered as
    /// `cell` and plain views as `header` for each of `supplementaryKinds`, shown in a
    /// window of a new app.
    static func shown(_ layout: CollectionViewLayout, _ source: CollectionViewDataSource, delegate: CollectionViewDelegate? = nil,
                      supplementaryKinds: [String] = []) throws -> (Application, CollectionHost) {
        let app = try Application()
        let host = CollectionHost(layout: layout)
        host.source = source
        _ = host.view
        host.collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        for kind in supplementaryKinds {
            host.collection.register(CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "header")
        }
        host.collection.dataSource = source
        if let delegate { host.collection.delegate = delegate }
        _ = try showInWindow(host, app: app)
        return (app, host)
    }
}
