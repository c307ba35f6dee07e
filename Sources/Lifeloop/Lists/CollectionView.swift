import Foundation

/// A scrolling grid (or any layout) of items in sections: UIKit's `UICollectionView` (L34).
///
/// How data flows through it, in the table's order:
/// 1. ``reloadData()`` (or the collection joining a window the first time, or its first
///    layout) asks `numberOfSections` and `numberOfItemsInSection` per section at once and
///    invalidates the layout; it makes no cell.
/// 2. In the collection's own layout pass: an invalid layout is prepared
///    (`prepare`, then `collectionViewContentSize`, which becomes `contentSize`), then
///    `layoutAttributesForElements(in:)` for the bounds. Elements that left the bounds end
///    their display first (`didEndDisplaying`, their views wait in their pool). Then, for
///    each item whose attributes meet the bounds, in index-path order: a cell shown there
///    takes its new attributes; otherwise `cellForItemAt` (in which a dequeue takes a
///    waiting cell, calling its `prepareForReuse`, or makes one, with the attributes
///    applied), the cell joins the collection, then `willDisplay`. Supplementary views
///    follow, in the layout's order (`viewForSupplementaryElementOfKind`,
///    `willDisplaySupplementaryView`).
/// 3. Scrolling marks the collection for layout: each frame repeats step 2 (after
///    `shouldInvalidateLayout(forBoundsChange:)`), so a warm collection makes no cell.
///
/// Nothing is prefetched unless the app turns prefetching on
/// (``Application/prefetchesListContent``; see ``prefetchDataSource``).
open class CollectionView: ScrollView {
    /// Where a scrolled-to item ends up: UIKit's `UICollectionView.ScrollPosition`. One
    /// vertical and one horizontal position may be combined; none scrolls the least.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        /// The bits of the positions.
        public let rawValue: UInt
        /// Creates a position from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The least scroll that shows the item.
        public static let none = ScrollPosition([])
        /// The item's top at the top of the visible area.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centered vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the visible area.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centered horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the visible area.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of section headers: UIKit's `UICollectionView.elementKindSectionHeader`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers: UIKit's `UICollectionView.elementKindSectionFooter`.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// The layout. Setting one invalidates it: the next layout pass prepares it.
    open var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard oldValue !== collectionViewLayout else { return }
            oldValue.layoutWillDetach(from: self)
            oldValue.storedCollectionView = nil
            collectionViewLayout.storedCollectionView = self
            layoutWasInvalidated()
        }
    }
    /// The data source, held weakly; setting it reloads at the next layout.
    open weak var dataSource: CollectionViewDataSource? {
        didSet { if onLoop("dataSource") { setNeedsReload() } }
    }
    /// The delegate (a ``CollectionViewDelegate`` for the collection's own calls), held weakly.
    open override var delegate: ScrollViewDelegate? {
        didSet {
            collectionDelegate = delegate as? CollectionViewDelegate
            layoutWasInvalidated()
        }
    }
    /// Whether a tap selects an item.
    open var allowsSelection = true
    /// Whether several items can be selected at once.
    open var allowsMultipleSelection = false
    /// Whether the ``prefetchDataSource`` is told about items ahead of showing them (true,
    /// as in UIKit; prefetching also needs the app's ``Application/prefetchesListContent``).
    open var isPrefetchingEnabled = true
    /// The view behind the content (laid out to the bounds).
    open var backgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    private weak var collectionDelegate: CollectionViewDelegate?
    /// The item counts per section, as last asked.
    private(set) var itemCounts: [Int] = []
    private var needsReload = true
    /// Whether the layout must be prepared again.
    private var layoutIsValid = false
    /// The bounds of the last layout pass (to tell bounds changes).
    private var laidOutBounds: Rect?
    /// The bounds' size at the last layout pass (what a bounds change changes from).
    var laidOutSize: Size { laidOutBounds?.size ?? bounds.size }
    /// Every shown view is stale (a reload): the next layout asks for all of them again.
    private var shownStale = false
    var shown = ShownCells<CollectionViewCell>()
    var shownSupplementary: [SupplementaryKey: CollectionReusableView] = [:]
    /// The attributes of this pass's items, applied at dequeue.
    var passAttributes: [IndexPath: CollectionViewLayoutAttributes] = [:]
    var selected: [IndexPath] = []
    private var cellPool = ReusePool<CollectionReusableView>()
    private var supplementaryPool = ReusePool<CollectionReusableView>()
    private var updates = BatchUpdates()
    /// The shown and waiting decoration views (CollectionView+Decoration.swift).
    var decorationViews = DecorationViews()
    /// The running update animations (ListAnimation.swift).
    let listAnimator = ListAnimator()
    /// The registrations of ``CollectionView/CellRegistration`` and
    /// ``CollectionView/SupplementaryRegistration`` used so far, by identity, with their
    /// reuse identifiers (the registration is kept, so its identity is not reused).
    var registrations: [ObjectIdentifier: (box: RegistrationBox, identifier: String)] = [:]

    /// Creates a collection with a layout.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.storedCollectionView = self
    }

    /// Creates a collection with a flow layout.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, collectionViewLayout: CollectionViewFlowLayout())
    }

    /// Creates a collection from an archive, with a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = CollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.storedCollectionView = self
    }

    // MARK: Registration and reuse

    /// Registers a cell class for `identifier`: a dequeue that finds no waiting cell makes
    /// one. ``CollectionViewCell`` itself is made with `init(frame:)`; a subclass must
    /// conform to ``ReusableCollectionView`` (Swift makes a subclass from its class only
    /// through a `required` initializer), or be registered with
    /// ``register(forCellWithReuseIdentifier:make:)``. A class neither allows gives an
    /// ``Diagnostic/Kind/unregisteredReuseIdentifier`` diagnostic at dequeue. Nil unregisters.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard onLoop("register(_:forCellWithReuseIdentifier:)") else { return }
        cellPool.register(identifier, make: cellClass.map { maker(for: $0, cell: true) })
    }

    /// Registers how to make a cell for `identifier` (Lifeloop's form, for any subclass).
    public func register(forCellWithReuseIdentifier identifier: String, make: @escaping () -> CollectionViewCell) {
        guard onLoop("register(forCellWithReuseIdentifier:make:)") else { return }
        cellPool.register(identifier) { _ in make() }
    }

    /// Registers a nib for `identifier`: a dequeue loads its first top-level view, which
    /// must be a cell.
    open func register(_ nib: Nib?, forCellWithReuseIdentifier identifier: String) {
        guard onLoop("register(_:forCellWithReuseIdentifier:)") else { return }
        cellPool.register(identifier, make: nib.map { nibMaker($0, cell: true) })
    }

    /// Registers a supplementary view class for a kind and `identifier`, as a cell class
    /// is registered (``CollectionReusableView`` itself, or a subclass that conforms to
    /// ``ReusableCollectionView``).
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
                       withReuseIdentifier identifier: String) {
        guard onLoop("register(_:forSupplementaryViewOfKind:withReuseIdentifier:)") else { return }
        supplementaryPool.register(Self.poolKey(elementKind, identifier), make: viewClass.map { maker(for: $0, cell: false) })
    }

    /// Registers a nib for a supplementary view of a kind.
    open func register(_ nib: Nib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        guard onLoop("register(_:forSupplementaryViewOfKind:withReuseIdentifier:)") else { return }
        supplementaryPool.register(Self.poolKey(kind, identifier), make: nib.map { nibMaker($0, cell: false) })
    }

    /// Registers how to make a supplementary view of a kind (Lifeloop's form).
    public func register(forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String,
                         make: @escaping () -> CollectionReusableView) {
        guard onLoop("register(forSupplementaryViewOfKind:withReuseIdentifier:make:)") else { return }
        supplementaryPool.register(Self.poolKey(kind, identifier)) { _ in make() }
    }

    private static func poolKey(_ kind: String, _ identifier: String) -> String { kind + "\u{0}" + identifier }

    private func maker(for viewClass: AnyClass, cell: Bool) -> (String) -> CollectionReusableView? {
        let name = String(describing: viewClass)
        return { [weak self] identifier in
            if let reusable = viewClass as? ReusableCollectionView.Type {
                return reusable.init(frame: .zero)
            }
            if let made = (viewClass as? CollectionReusableView.Type)?.lifeloopMakeReusable() { return made }
            if cell, viewClass == CollectionViewCell.self { return CollectionViewCell(frame: .zero) }
            if !cell, viewClass == CollectionReusableView.self { return CollectionReusableView(frame: .zero) }
            self?.application?.diagnose(.unregisteredReuseIdentifier, label: self?.traceLabel ?? "collection",
                                        message: "cannot make a \(name) for reuse identifier '\(identifier)': Swift makes a "
                                            + "subclass from its class only through a required initializer; register it "
                                            + "with a make closure or conform \(name) to ReusableCollectionView")
            return nil
        }
    }

    private func nibMaker(_ nib: Nib, cell: Bool) -> (String) -> CollectionReusableView? {
        { [weak self] identifier in
            let objects = nib.instantiate(withOwner: nil, options: nil)
            let found = objects.lazy.compactMap { $0 as? CollectionReusableView }.first { !cell || $0 is CollectionViewCell }
            if let found { return found }
            self?.application?.diagnose(.unregisteredReuseIdentifier, label: self?.traceLabel ?? "collection",
                                        message: "the nib registered for reuse identifier '\(identifier)' has no "
                                            + (cell ? "collection view cell" : "reusable view") + " at its top level")
            return nil
        }
    }

    /// A cell for `identifier` and `indexPath`: a waiting one (its `prepareForReuse` runs
    /// before this returns) or a new one from the registration, with the item's layout
    /// attributes applied. For an identifier nothing was registered for, UIKit raises;
    /// Lifeloop records an ``Diagnostic/Kind/unregisteredReuseIdentifier`` diagnostic and
    /// returns a plain cell, so the run goes on.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell: CollectionViewCell
        if onLoop("dequeueReusableCell(withReuseIdentifier:for:)"),
           let found = cellPool.dequeue(identifier, prepare: { $0.prepareForReuse() }) as? CollectionViewCell {
            cell = found
        } else {
            if !cellPool.isRegistered(identifier) {
                application?.diagnose(.unregisteredReuseIdentifier, label: traceLabel,
                                      message: "could not dequeue a view of kind: UICollectionElementKindCell with "
                                        + "identifier \(identifier) - must register a nib or a class for the identifier "
                                        + "or connect a prototype cell in a storyboard (at \(indexPath.listDescription))")
            }
            cell = CollectionViewCell(frame: .zero)
        }
        cell.reuseIdentifier = identifier
        if let attributes = passAttributes[indexPath] ?? storedAttributes(forItemAt: indexPath) { cell.apply(attributes) }
        return cell
    }

    /// A supplementary view of a kind for `identifier` and `indexPath`, as
    /// a cell is dequeued.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> CollectionReusableView {
        let key = Self.poolKey(elementKind, identifier)
        let view: CollectionReusableView
        if onLoop("dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)"),
           let found = supplementaryPool.dequeue(key, prepare: { $0.prepareForReuse() }) {
            view = found
        } else {
            if !supplementaryPool.isRegistered(key) {
                application?.diagnose(.unregisteredReuseIdentifier, label: traceLabel,
                                      message: "could not dequeue a view of kind: \(elementKind) with identifier "
                                        + "\(identifier) - must register a nib or a class for the identifier or connect "
                                        + "a prototype cell in a storyboard (at \(indexPath.listDescription))")
            }
            view = CollectionReusableView(frame: .zero)
        }
        view.reuseIdentifier = identifier
        view.poolKey = key
        if let attributes = collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) {
            view.apply(attributes)
        }
        return view
    }

    /// What the data source's default answer returns: a view the collection does not show.
    public func placeholderSupplementaryView() -> CollectionReusableView {
        let view = CollectionReusableView(frame: .zero)
        view.isPlaceholder = true
        return view
    }

    /// How many cells the collection made through its registrations (a Lifeloop count,
    /// for tests of reuse).
    public var cellsMade: Int { cellPool.made }
    /// How many dequeues were answered with a waiting cell.
    public var cellsReused: Int { cellPool.reused }

    // MARK: Counts

    /// Asks the counts again now and every shown cell at the next layout (the layout is
    /// invalidated). No cell is asked here.
    open func reloadData() {
        guard onLoop("reloadData()") else { return }
        trace("reloadData")
        listAnimator.interruptAll(in: app)
        reloadCounts()
        shownStale = true
        layoutWasInvalidated()
    }

    private func setNeedsReload() {
        needsReload = true
        shownStale = true
        layoutWasInvalidated()
    }

    /// The layout was invalidated: prepare it in the next layout pass.
    func layoutWasInvalidated() {
        if layoutIsValid { trace("layout.invalidateLayout") }
        layoutIsValid = false
        setNeedsLayout()
    }

    override func runtimeDidMoveToWindow() {
        if window != nil, needsReload { reloadCounts() }
    }

    private func reloadCounts() {
        needsReload = false
        guard let dataSource else {
            itemCounts = []
            return
        }
        trace("numberOfSections")
        let sectionCount = max(0, dataSource.numberOfSections(in: self))
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            trace("numberOfItemsInSection", detail: String(section))
            counts.append(max(0, dataSource.collectionView(self, numberOfItemsInSection: section)))
        }
        itemCounts = counts
        layoutIsValid = false
    }

    /// The number of sections, as last asked (asking now when a reload is due).
    open var numberOfSections: Int {
        if needsReload, dataSource != nil { reloadCounts() }
        return itemCounts.count
    }

    /// The number of items of a section, as last asked (0 for a section out of range).
    open func numberOfItems(inSection section: Int) -> Int {
        if needsReload, dataSource != nil { reloadCounts() }
        return section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
    }

    private func isValidItem(_ path: IndexPath) -> Bool {
        path.count == 2 && path.section >= 0 && path.section < itemCounts.count && path.item >= 0
            && path.item < itemCounts[path.section]
    }

    // MARK: Shown views

    /// The shown cells, in index-path order.
    open var visibleCells: [CollectionViewCell] { shown.ordered }
    /// The index paths of the shown items, in order.
    open var indexPathsForVisibleItems: [IndexPath] { shown.paths }
    /// The shown cell of an item (nil when it is not shown).
    open func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { shown[indexPath] }
    /// The index path of a shown cell.
    open func indexPath(for cell: CollectionViewCell) -> IndexPath? { shown.indexPath(of: cell) }
    /// The shown supplementary view of a kind at an index path.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        shownSupplementary[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }
    /// The shown supplementary views of a kind, in index-path order.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
        shownSupplementary.keys.filter { $0.kind == elementKind }.sorted().compactMap { shownSupplementary[$0] }
    }
    /// The index paths of the shown supplementary views of a kind, in order.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        shownSupplementary.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// The layout's attributes of an item (asking the layout; preparing it first if needed).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return storedAttributes(forItemAt: indexPath)
    }

    /// The layout's attributes of a supplementary view.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String,
                                                      at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    func storedAttributes(forItemAt indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        trace("layout.layoutAttributesForItem", detail: indexPath.listDescription)
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The index path of the item at `point` (content coordinates), among the layout's
    /// elements there.
    open func indexPathForItem(at point: Point) -> IndexPath? {
        prepareLayoutIfNeeded()
        let rect = Rect(x: point.x, y: point.y, width: 0.0001, height: 0.0001)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: rect) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hits.map(\.indexPath).min()
    }

    // MARK: Layout (L34)

    /// Prepares an invalid layout (and checks a bounds change first), then takes the
    /// content size (in a layout pass, or when it prepared).
    func prepareLayoutIfNeeded(inPass: Bool = false) {
        if needsReload { reloadCounts() }
        let layout = collectionViewLayout
        if layoutIsValid, let laidOutBounds, laidOutBounds != bounds {
            trace("layout.shouldInvalidateLayout", detail: "forBoundsChange")
            if layout.shouldInvalidateLayout(forBoundsChange: bounds) { layoutWasInvalidated() }
        }
        laidOutBounds = bounds
        let prepared = !layoutIsValid
        if prepared {
            layoutIsValid = true
            trace("layout.prepare")
            layout.prepare()
        }
        guard inPass || prepared else { return }
        trace("layout.collectionViewContentSize")
        let size = layout.collectionViewContentSize
        if contentSize != size, size.width.isFinite, size.height.isFinite { contentSize = size }
    }

    override func runBuiltInLayout() {
        super.runBuiltInLayout()
        backgroundView?.frame = bounds
        listAnimator.isLayingOut = true
        defer { listAnimator.isLayingOut = false }
        var passes = 0
        // Self-sized cells change the layout: lay out again until it settles.
        while layoutElements(), passes < 4 { passes += 1 }
        passAttributes.removeAll()
        positionMovingItem()
        prefetchAfterLayout()
    }

    /// One pass over the elements that meet the bounds; true when self-sizing invalidated
    /// the layout so that another pass is needed.
    func layoutElements() -> Bool {
        prepareLayoutIfNeeded(inPass: true)
        let visible = bounds
        trace("layout.layoutAttributesForElements", detail: visible.plainDescription)
        let all = (collectionViewLayout.layoutAttributesForElements(in: visible) ?? []).filter {
            !$0.isHidden && $0.frame.meets(visible)
        }
        var itemAttributes: [IndexPath: CollectionViewLayoutAttributes] = [:]
        var supplementaryAttributes: [SupplementaryKey: CollectionViewLayoutAttributes] = [:]
        var wantedKeys: [SupplementaryKey] = []
        var decorations: [CollectionViewLayoutAttributes] = []
        for attributes in all {
            switch attributes.representedElementCategory {
            case .cell where isValidItem(attributes.indexPath):
                if itemAttributes[attributes.indexPath] == nil { itemAttributes[attributes.indexPath] = attributes }
            case .supplementaryView:
                let key = attributes.elementKey
                if supplementaryAttributes.updateValue(attributes, forKey: key) == nil { wantedKeys.append(key) }
            case .decorationView: decorations.append(attributes)
            default: break
            }
        }
        passAttributes = itemAttributes
        let wantedPaths = itemAttributes.keys.sorted()
        // Elements that left (all of them after a reload) end their display first, so that
        // their views can be dequeued in this same pass.
        let stale = shownStale
        shownStale = false
        // Cells an update animation moves out of the bounds stay until it ends.
        let pinned = stale ? [] : shown.paths(of: listAnimator.pinned)
        shown.removeLeaving(Set(wantedPaths).union(pinned), everything: stale) { cell, path in endDisplaying(cell, at: path) }
        for key in shownSupplementary.keys.sorted() where stale || supplementaryAttributes[key] == nil {
            if let view = shownSupplementary.removeValue(forKey: key) { endDisplaying(view, key: key) }
        }
        var invalidated = false
        for path in wantedPaths {
            guard let attributes = itemAttributes[path] else { continue }
            if let cell = shown[path] {
                cell.apply(attributes)
                continue
            }
            guard let dataSource else { continue }
            trace("cellForItemAt", detail: path.listDescription)
            let cell = dataSource.collectionView(self, cellForItemAt: path)
            cell.apply(attributes)
            if collectionViewLayout.wantsPreferredAttributes {
                let preferred = cell.preferredLayoutAttributesFitting(attributes)
                if preferred.frame.size != attributes.frame.size,
                   collectionViewLayout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                                               withOriginalAttributes: attributes) {
                    invalidated = true
                    cell.apply(preferred)
                }
            }
            cell.collection = self
            cell.isSelected = selected.contains(path)
            if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
            shown.insert(cell, at: path)
            trace("willDisplay", detail: path.listDescription)
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        shown.settle(pinned.isEmpty ? wantedPaths : Set(wantedPaths).union(pinned).sorted())
        for key in wantedKeys {
            guard let attributes = supplementaryAttributes[key] else { continue }
            if let view = shownSupplementary[key] {
                view.apply(attributes)
                continue
            }
            guard let dataSource else { continue }
            trace("viewForSupplementaryElementOfKind", detail: "\(key.kind) \(key.indexPath.listDescription)")
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            if view.isPlaceholder { continue }
            view.apply(attributes)
            // Supplementary views go above the cells (added after them).
            if view.superview !== self { addSubview(view) }
            shownSupplementary[key] = view
            trace("willDisplaySupplementaryView", detail: "\(key.kind) \(key.indexPath.listDescription)")
            collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind,
                                               at: key.indexPath)
        }
        layOutDecorations(decorations)
        if invalidated {
            layoutWasInvalidated()
            return true
        }
        return false
    }

    func endDisplaying(_ cell: CollectionViewCell, at path: IndexPath) {
        cell.removeFromSuperview()
        cell.collection = nil
        trace("didEndDisplaying", detail: path.listDescription)
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        if let identifier = cell.reuseIdentifier { cellPool.put(cell, identifier: identifier) }
    }

    func endDisplaying(_ view: CollectionReusableView, key: SupplementaryKey) {
        view.removeFromSuperview()
        trace("didEndDisplayingSupplementaryView", detail: "\(key.kind) \(key.indexPath.listDescription)")
        collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind,
                                           at: key.indexPath)
        if let poolKey = view.poolKey { supplementaryPool.put(view, identifier: poolKey) }
    }

    // MARK: Interactive movement and prefetching (CollectionView+InteractiveMovement.swift, ListPrefetching.swift)

    /// The interactive movement under way.
    var movement: InteractiveMovement?
    /// What the collection has prefetched.
    var prefetcher = ListPrefetcher()
    /// The object told ahead of time about the items about to show: UIKit's
    /// `prefetchDataSource`, held weakly. It is told only while the app's
    /// ``Application/prefetchesListContent`` is on (off by default) and
    /// ``isPrefetchingEnabled`` is true.
    open weak var prefetchDataSource: CollectionViewDataSourcePrefetching?

    /// Moves an item in the collection's own record of its items, without asking the data
    /// source (an interactive movement): counts, shown cells and the selection follow, and
    /// the layout is invalidated.
    func moveItemInPlace(from: IndexPath, to: IndexPath) {
        guard let (plan, newCounts) = ListUpdatePlan.inPlaceMove(from: from, to: to, counts: itemCounts, unit: "item") else { return }
        itemCounts = newCounts
        _ = followUpdate(plan, keepingLeaving: false)
        layoutWasInvalidated()
    }

    /// The visible rectangle's items as the layout places them, in `rect`: what
    /// prefetching looks ahead at.
    func itemPaths(in rect: Rect) -> [IndexPath] {
        let found = (collectionViewLayout.layoutAttributesForElements(in: rect) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.meets(rect) && isValidItem($0.indexPath)
        }
        return Array(Set(found.map(\.indexPath))).sorted()
    }

    // MARK: Scrolling

    /// Scrolls so that an item shows at `scrollPosition` (none: the least scroll that shows it).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard onLoop("scrollToItem(at:at:animated:)") else { return }
        guard let rect = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let insets = adjustedContentInset
        var offset = contentOffset
        let visibleHeight = bounds.height - insets.top - insets.bottom
        let visibleWidth = bounds.width - insets.left - insets.right
        if scrollPosition.contains(.top) { offset.y = rect.minY - insets.top }
        if scrollPosition.contains(.centeredVertically) { offset.y = rect.midY - insets.top - visibleHeight / 2 }
        if scrollPosition.contains(.bottom) { offset.y = rect.maxY - insets.top - visibleHeight }
        if scrollPosition.contains(.left) { offset.x = rect.minX - insets.left }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = rect.midX - insets.left - visibleWidth / 2 }
        if scrollPosition.contains(.right) { offset.x = rect.maxX - insets.left - visibleWidth }
        if scrollPosition.isEmpty { return scrollRectToVisible(rect, animated: animated) }
        setContentOffset(clampedContentOffset(offset), animated: animated)
    }

    // MARK: Selection

    /// The selected items in index-path order, or nil when none is selected.
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects an item without telling the delegate, as UIKit does (a single-selection
    /// collection deselects the other item first).
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard onLoop("selectItem(at:animated:scrollPosition:)") else { return }
        guard let indexPath else {
            for path in selected { shown[path]?.isSelected = false }
            selected.removeAll()
            return
        }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { shown[path]?.isSelected = false }
            selected.removeAll { $0 != indexPath }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        shown[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item without telling the delegate, as UIKit does.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard onLoop("deselectItem(at:animated:)") else { return }
        selected.removeAll { $0 == indexPath }
        shown[indexPath]?.isSelected = false
    }

    // Touches on items: ListTouchTracking.swift highlights and selects; the rest goes up
    // the responder chain.
    /// A finger went down: on an item, the item highlights; elsewhere the next responder gets it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if !trackItemTouches(.began, touches) { super.touchesBegan(touches, with: event) }
    }
    /// A finger moved: one that moves off its item lets go of it.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if !trackItemTouches(.moved, touches) { super.touchesMoved(touches, with: event) }
    }
    /// A finger lifted: its highlighted item is selected, as a tap selects it.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if !trackItemTouches(.ended, touches) { super.touchesEnded(touches, with: event) }
    }
    /// The touches were cancelled (a drag took them): the item unhighlights.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if !trackItemTouches(.cancelled, touches) { super.touchesCancelled(touches, with: event) }
    }

    /// A shown cell was tapped.
    func cellWasTapped(_ cell: CollectionViewCell) {
        guard let path = indexPath(for: cell) else { return }
        userTapItem(at: path)
    }

    /// What a finger's tap on an item does, in UIKit's order: `shouldHighlightItemAt`
    /// (false stops it), `didHighlightItemAt`, `didUnhighlightItemAt`, then
    /// `shouldSelectItemAt` (false stops it); in a single-selection collection the item
    /// selected before gets `didDeselectItemAt`; then `didSelectItemAt`. In a
    /// multiple-selection collection a tap on a selected item asks `shouldDeselectItemAt`
    /// and deselects it.
    public func userTapItem(at indexPath: IndexPath) {
        guard onLoop("userTapItem(at:)"), allowsSelection, isValidItem(indexPath) else { return }
        let delegate = collectionDelegate
        if let delegate, !delegate.collectionView(self, shouldHighlightItemAt: indexPath) { return }
        shown[indexPath]?.isHighlighted = true
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
        shown[indexPath]?.isHighlighted = false
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        selectItemByUser(at: indexPath)
    }

    /// The selection part of a tap, once the item highlighted and unhighlighted (a touch's
    /// lift, see ListTouchTracking.swift).
    func selectItemByUser(at indexPath: IndexPath) {
        guard allowsSelection, isValidItem(indexPath) else { return }
        let delegate = collectionDelegate
        if allowsMultipleSelection, selected.contains(indexPath) {
            if let delegate, !delegate.collectionView(self, shouldDeselectItemAt: indexPath) { return }
            userDeselect(indexPath)
            return
        }
        if let delegate, !delegate.collectionView(self, shouldSelectItemAt: indexPath) { return }
        if !allowsMultipleSelection {
            for other in selected where other != indexPath { userDeselect(other) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        shown[indexPath]?.isSelected = true
        trace("didSelectItemAt", detail: indexPath.listDescription)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        // A storyboard cell's selection segue runs when its item is selected, whichever of
        // its subviews the finger was on.
        if let cell = shown[indexPath], cell.tapAction != nil { app?.runTapAction(of: cell, fromSelection: true) }
    }

    private func userDeselect(_ path: IndexPath) {
        selected.removeAll { $0 == path }
        shown[path]?.isSelected = false
        trace("didDeselectItemAt", detail: path.listDescription)
        collectionDelegate?.collectionView(self, didDeselectItemAt: path)
    }

    // MARK: Updates

    /// Collects the inserts, deletes, moves and reloads made in `updates`, then applies
    /// them as one change: the data source's new counts are checked against the old ones
    /// plus and minus the changes (an inconsistency is an
    /// ``Diagnostic/Kind/invalidListUpdate`` diagnostic with UIKit's message and a reload,
    /// where UIKit raises), shown cells move to their new items, and the layout is
    /// prepared and told of the changes at once, in UIKit's order: `prepare`,
    /// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)``, the visible elements
    /// (new cells made now), the appearing and disappearing items' attributes, then
    /// ``CollectionViewLayout/finalizeCollectionViewUpdates()``. In a visible window the cells animate as a table's rows do
    /// (0.3 s, ease-in-out), per the layout's appearing and disappearing attributes, and
    /// `completion(true)` runs when they end, after the deleted cells' `didEndDisplaying`;
    /// ``reloadData()`` during the animation ends it (`completion(false)`). Without
    /// animation, cells of deleted and reloaded items end their display at once.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard onLoop("performBatchUpdates(_:completion:)") else { return }
        if let completion { listAnimator.completions.append(completion) }
        self.updates.begin()
        updates?()
        if let update = self.updates.end() { apply(update) }
        if !self.updates.isOpen { listAnimator.completeWithoutAnimation(app) }
    }

    private func record(_ change: (inout ListUpdate) -> Void) {
        if let update = updates.record(change) { apply(update) }
    }

    /// Inserts items (index paths after the change).
    open func insertItems(at indexPaths: [IndexPath]) {
        guard onLoop("insertItems(at:)") else { return }
        record { $0.rowInserts += indexPaths }
    }
    /// Deletes items (index paths before the change).
    open func deleteItems(at indexPaths: [IndexPath]) {
        guard onLoop("deleteItems(at:)") else { return }
        record { $0.rowDeletes += indexPaths }
    }
    /// Reloads items: their cells are asked again.
    open func reloadItems(at indexPaths: [IndexPath]) {
        guard onLoop("reloadItems(at:)") else { return }
        record { $0.rowReloads += indexPaths }
    }
    /// Asks the data source again for the cells of shown items (Lifeloop replaces the
    /// shown cell with the one it returns).
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        guard onLoop("reconfigureItems(at:)") else { return }
        record { $0.rowReloads += indexPaths }
    }
    /// Moves an item.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        guard onLoop("moveItem(at:to:)") else { return }
        record { $0.rowMoves.append((indexPath, newIndexPath)) }
    }
    /// Inserts sections (indexes after the change).
    open func insertSections(_ sections: IndexSet) {
        guard onLoop("insertSections(_:)") else { return }
        record { $0.sectionInserts.formUnion(sections) }
    }
    /// Deletes sections (indexes before the change).
    open func deleteSections(_ sections: IndexSet) {
        guard onLoop("deleteSections(_:)") else { return }
        record { $0.sectionDeletes.formUnion(sections) }
    }
    /// Reloads sections.
    open func reloadSections(_ sections: IndexSet) {
        guard onLoop("reloadSections(_:)") else { return }
        record { $0.sectionReloads.formUnion(sections) }
    }
    /// Moves a section.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        guard onLoop("moveSection(_:toSection:)") else { return }
        record { $0.sectionMoves.append((section, newSection)) }
    }

    private func apply(_ update: ListUpdate) {
        guard let dataSource else { return }
        if needsReload {
            // Counts never asked: there is nothing to check against (UIKit reloads too).
            reloadCounts()
            layoutWasInvalidated()
            return
        }
        let oldCounts = itemCounts
        let newCounts = askCounts(sections: { dataSource.numberOfSections(in: self) }, countTrace: "numberOfItemsInSection") {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
        itemCounts = newCounts
        guard let plan = checkedPlan(update, oldCounts: oldCounts, newCounts: newCounts, unit: "item") else {
            shownStale = true
            selected.removeAll()
            layoutWasInvalidated()
            return
        }
        applyChecked(plan, update: update)
    }

    // MARK: Interactive movement
    // Declared here, in the class, so that a subclass can override them; the work is in
    // CollectionView+InteractiveMovement.swift.

    /// Begins moving the item at `indexPath` with the finger: asks the data source's
    /// `collectionView(_:canMoveItemAt:)` and answers false (nothing starts) when it says
    /// no, when the index path is not an item, or when a movement is already under way.
    ///
    /// UIKit's default answer of `canMoveItemAt` is true for a data source that implements
    /// `collectionView(_:moveItemAt:to:)`; Swift cannot tell whether a conforming type
    /// implements a method, so Lifeloop's default answer is false: implement
    /// `canMoveItemAt` too.
    @discardableResult
    open func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { beginMovement(at: indexPath) }

    /// Moves the moving item's cell to `targetPosition` (content coordinates, where its
    /// center goes). The layout's ``CollectionViewLayout/targetIndexPathForInteractivelyMovingItem(_:withPosition:)``
    /// proposes the index path there, the delegate's
    /// `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:)`
    /// may change it, and when the item's place changes the other items make room: the
    /// layout is invalidated and laid out in the next pass with the item at its new index
    /// path (the data source is not told until ``endInteractiveMovement()``; a cell asked
    /// for meanwhile is asked at the interim index path, as in UIKit).
    open func updateInteractiveMovementTargetPosition(_ targetPosition: Point) { updateMovement(targetPosition) }

    /// Ends the movement where the item is: when its place changed, the data source's
    /// `collectionView(_:moveItemAt:to:)` is called once, from the index path the item had
    /// when the movement began to the one it has now (UIKit calls it only when the place
    /// changed). The cell settles into its place in the next layout pass.
    open func endInteractiveMovement() { endMovement() }

    /// Cancels the movement: the item goes back to the index path it had when the
    /// movement began, and the data source is told nothing.
    open func cancelInteractiveMovement() { cancelMovement() }
}
