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
