import Foundation
import Testing
import UIKit

/// A collection controller written as for iOS (flow layout, a registered cell subclass,
/// dequeue, delegate sizing, a header, selection), run through its lifecycle in an app.
@Suite("UIKit collection controller")
struct CollectionControllerTests {
    struct Photo: Hashable {
        let title: String
        let wide: Bool
    }

    final class PhotoCell: UICollectionViewCell {
        static let reuseIdentifier = "PhotoCell"
        let titleLabel = UILabel()
        private(set) var reuseCount = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .secondarySystemBackground
            titleLabel.font = .preferredFont(forTextStyle: .body)
            titleLabel.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(titleLabel)
            NSLayoutConstraint.activate([
                titleLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                titleLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            reuseCount += 1
            titleLabel.text = nil
        }

        func configure(with photo: Photo) {
            titleLabel.text = photo.title
        }
    }

    final class SectionHeader: UICollectionReusableView {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class PhotosViewController: UICollectionViewController {
        var photos: [Photo] = (0..<40).map { Photo(title: "Photo \($0)", wide: $0 % 5 == 0) }
        var opened: [String] = []
        var displayed = 0

        init() {
            let layout = UICollectionViewFlowLayout()
            layout.minimumLineSpacing = 8
            layout.minimumInteritemSpacing = 8
            layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            layout.headerReferenceSize = CGSize(width: 0, height: 44)
            super.init(collectionViewLayout: layout)
            title = "Photos"
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.backgroundColor = .systemBackground
            collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
            collectionView.register(SectionHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                    withReuseIdentifier: "header")
            collectionView.traceLabel = "photos"
        }

        override func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            photos.count
        }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            guard let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier,
                                                                for: indexPath) as? PhotoCell else {
                return UICollectionViewCell()
            }
            cell.configure(with: photos[indexPath.item])
            return cell
        }

        override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                                     at indexPath: IndexPath) -> UICollectionReusableView {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header",
                                                                         for: indexPath) as! SectionHeader
            header.label.text = "\(photos.count) photos"
            return header
        }

        override func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                                     forItemAt indexPath: IndexPath) {
            displayed += 1
        }

        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            opened.append(photos[indexPath.item].title)
            collectionView.deselectItem(at: indexPath, animated: true)
        }

        func deleteFirst() {
            photos.removeFirst()
            collectionView.performBatchUpdates({
                self.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }, completion: nil)
        }
    }

    @Test
    func aFlowLayoutPhotoGridLaysOutScrollsReusesAndSelects() throws {
        let app = try Application()
        let window = UIWindow(screen: .phone, label: "main")
        let photos = PhotosViewController()
        let navigation = UINavigationController(rootViewController: photos)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()

        let collection = try #require(photos.collectionView)
        let layout = try #require(collection.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.sectionInset.left == 8)
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)) as? PhotoCell)
        #expect(first.titleLabel.text == "Photo 0")
        // Sized by the delegate extension: wide photos take a line of their own.
        #expect(first.frame.width == collection.bounds.width - 16)
        let header = try #require(collection.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                                at: IndexPath(item: 0, section: 0)) as? SectionHeader)
        #expect(header.label.text == "40 photos")
        #expect(abs(first.frame.minY - (44 + 8)) < 0.001)
        #expect(photos.displayed == collection.visibleCells.count)

        let made = collection.cellsMade
        collection.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        try app.settle()
        #expect(collection.cellsReused > 0)
        #expect(collection.cellsMade <= made + 6)
        #expect(collection.visibleCells.allSatisfy { ($0 as? PhotoCell)?.titleLabel.text?.hasPrefix("Photo") == true })

        let tapped = try #require(collection.visibleCells.first as? PhotoCell)
        let title = try #require(tapped.titleLabel.text)
        app.tap(tapped.titleLabel)
        #expect(photos.opened == [title])
        #expect(collection.indexPathsForSelectedItems == nil)

        photos.deleteFirst()
        try app.settle()
        #expect(app.diagnostics.isEmpty)
        #expect(collection.numberOfItems(inSection: 0) == 39)
    }

    /// Nothing of a screen outlives its app after an animated batch delete: the list's
    /// animation lets go of the cells when it ends, and the window's Auto Layout engine
    /// (the cells are laid out by constraints) never holds the window that owns it.
    @Test
    func anAnimatedBatchDeleteLetsTheScreenGo() throws {
        weak var weakWindow: UIWindow?
        weak var weakPhotos: PhotosViewController?
        weak var weakCollection: UICollectionView?
        weak var weakCell: UICollectionViewCell?
        try {
            let app = try Application()
            let window = UIWindow(screen: .phone, label: "main")
            let photos = PhotosViewController()
            window.rootViewController = UINavigationController(rootViewController: photos)
            window.makeKeyAndVisible()
            try app.settle()
            let collection = try #require(photos.collectionView)
            weakCell = collection.cellForItem(at: IndexPath(item: 0, section: 0))
            photos.deleteFirst()
            try app.settle()
            #expect(app.diagnostics.isEmpty)
            #expect(collection.numberOfItems(inSection: 0) == 39)
            (weakWindow, weakPhotos, weakCollection) = (window, photos, collection)
        }()
        #expect(weakCell == nil, "the deleted item's cell outlived its app")
        #expect(weakCollection == nil, "the collection outlived its app")
        #expect(weakPhotos == nil, "the controller outlived its app")
        #expect(weakWindow == nil, "the window outlived its app")
    }
}

extension CollectionControllerTests.PhotosViewController: UICollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        let inset: CGFloat = 8
        let available = collectionView.bounds.width - inset * 2
        if photos[indexPath.item].wide { return CGSize(width: available, height: 120) }
        let side = floor((available - inset * 2) / 3)
        return CGSize(width: side, height: side)
    }
}

// The one line a port adds: Swift makes a cell class from its type only through an
// initializer a protocol requires (UIKit uses the Objective-C runtime).
extension CollectionControllerTests.PhotoCell: ReusableCollectionView {}
extension CollectionControllerTests.SectionHeader: ReusableCollectionView {}
