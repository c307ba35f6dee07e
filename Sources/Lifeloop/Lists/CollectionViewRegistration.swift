import Foundation

extension CollectionView {
    /// How to make and fill a cell for an item: UIKit's `UICollectionView.CellRegistration`.
    /// ``CollectionView/dequeueConfiguredReusableCell(using:for:item:)`` dequeues a cell of
    /// the registration (each registration has its own pool) and runs the handler on it.
    ///
    /// Swift makes a cell subclass from its type only through an initializer a protocol
    /// requires: `init(handler:)` takes ``CollectionViewCell`` itself or a subclass that
    /// conforms to ``ReusableCollectionView`` (the compiler says so), and
    /// `init(make:handler:)` any subclass.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// Fills a cell for an item.
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let box: RegistrationBox
        let make: () -> Cell
        let handler: Handler

        /// A registration whose cells are made by `make`.
        public init(make: @escaping () -> Cell, handler: @escaping Handler) {
            box = RegistrationBox { make() }
            self.make = make
            self.handler = handler
        }
        /// A registration of a cell class that conforms to ``ReusableCollectionView``.
        public init(handler: @escaping Handler) where Cell: ReusableCollectionView {
            self.init(make: { Cell(frame: .zero) }, handler: handler)
        }
        /// A registration of plain ``CollectionViewCell``s.
        public init(handler: @escaping Handler) where Cell == CollectionViewCell {
            self.init(make: { CollectionViewCell(frame: .zero) }, handler: handler)
        }
        /// A registration whose cells come from a nib (its first top-level cell of the type).
        public init(cellNib: Nib, handler: @escaping Handler) where Cell: ReusableCollectionView {
            self.init(make: {
                cellNib.instantiate(withOwner: nil, options: nil).lazy.compactMap { $0 as? Cell }.first ?? Cell(frame: .zero)
            }, handler: handler)
        }
    }

    /// How to make and fill a supplementary view: UIKit's
    /// `UICollectionView.SupplementaryRegistration`, as ``CollectionView/CellRegistration``.
    public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
        /// Fills a view of a kind at an index path.
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        /// The kind of view it makes.
        public let elementKind: String
        let box: RegistrationBox
        let make: () -> Supplementary
        let handler: Handler

        /// A registration of a kind whose views are made by `make`.
        public init(elementKind: String, make: @escaping () -> Supplementary, handler: @escaping Handler) {
            self.elementKind = elementKind
            box = RegistrationBox { make() }
            self.make = make
            self.handler = handler
        }
        /// A registration of a view class that conforms to ``ReusableCollectionView``.
        public init(elementKind: String, handler: @escaping Handler) where Supplementary: ReusableCollectionView {
            self.init(elementKind: elementKind, make: { Supplementary(frame: .zero) }, handler: handler)
        }
        /// A registration of plain ``CollectionReusableView``s.
        public init(elementKind: String, handler: @escaping Handler) where Supplementary == CollectionReusableView {
            self.init(elementKind: elementKind, make: { CollectionReusableView(frame: .zero) }, handler: handler)
        }
    }

    /// A cell of `registration` for the item at `indexPath`, filled by its handler (with
    /// `item`; a nil item skips the handler).
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: IndexPath, item: Item?) -> Cell {
        let identifier = registrationIdentifier(registration.box, cell: true)
        let dequeued = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        let cell: Cell
        if let typed = dequeued as? Cell {
            cell = typed
        } else {
            // Not reached: the registration's pool holds only its own cells.
            cell = registration.make()
            cell.reuseIdentifier = identifier
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view of `registration` at `indexPath`, filled by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>,
                                                                      for indexPath: IndexPath) -> Supplementary {
        let identifier = registrationIdentifier(registration.box, cell: false, kind: registration.elementKind)
        let dequeued = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: identifier,
                                                        for: indexPath)
        let view = dequeued as? Supplementary ?? registration.make()
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// The reuse identifier of a registration, registering it on first use (numbered in
    /// order of first use, so runs are alike).
    private func registrationIdentifier(_ box: RegistrationBox, cell: Bool, kind: String = "") -> String {
        if let known = registrations[ObjectIdentifier(box)] { return known.identifier }
        let identifier = "\u{0}registration \(registrations.count + 1)"
        registrations[ObjectIdentifier(box)] = (box, identifier)
        let make = box.make
        if cell {
            register(forCellWithReuseIdentifier: identifier) { make() as? CollectionViewCell ?? CollectionViewCell(frame: .zero) }
        } else {
            register(forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier) { make() }
        }
        return identifier
    }
}

/// A registration's way to make its views, kept by identity.
final class RegistrationBox {
    let make: () -> CollectionReusableView
    init(make: @escaping () -> CollectionReusableView) { self.make = make }
}
