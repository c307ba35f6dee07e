import Foundation

/// A scrolling list of rows in sections: UIKit's `UITableView` (L34).
///
/// How data flows through it:
/// 1. ``reloadData()`` (or the table joining a window the first time, or its first
///    layout) asks `numberOfSections` and `numberOfRowsInSection` per section at once, so
///    `contentSize` is right on return; it makes no cell. With `estimatedRowHeight`
///    0 it asks every row's height too; with estimation on and a delegate that answers
///    `estimatedHeightForRowAt`, every row's estimate.
/// 2. In the table's own layout pass, for each index path whose row meets the bounds, in
///    index-path order: a cell shown there is kept; otherwise `heightForRowAt` (when the
///    delegate answers it), `cellForRowAt` (in which a dequeue takes a waiting cell,
///    calling its `prepareForReuse`, or makes one), the frame, joining the table, then
///    `willDisplay`. Cells whose rows left the bounds get `didEndDisplaying` first and
///    wait in their identifier's pool.
/// 3. Scrolling marks the table for layout: each frame repeats step 2, so a scroll of a
///    warm table makes no cell.
///
/// Row offsets are kept per section in an `ExtentIndex`: a frame's work depends on the
/// rows shown and the number of sections, never on the number of rows.
open class TableView: ScrollView {
    /// A table's look: UIKit's `UITableView.Style`.
    public enum Style: Int, Hashable, Sendable {
        /// Section headers stick to the top while their section shows.
        case plain
        /// Headers scroll with their section.
        case grouped
        /// As grouped, inset from the sides (data).
        case insetGrouped
    }

    /// How a row change animates: UIKit's `UITableView.RowAnimation`, on the frame clock
    /// over 0.3 s, ease-in-out (see ``performBatchUpdates(_:completion:)``).
    public enum RowAnimation: Int, Hashable, Sendable {
        /// Fade; slide from or to the right, left, top or bottom; no animation; or stay in place (UIKit's `middle`).
        case fade, right, left, top, bottom, none, middle
        /// The animation the table picks.
        case automatic = 100
    }

    /// Where a scrolled-to row ends up: UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Hashable, Sendable {
        /// Just visible (the least scrolling), or at the top, middle or bottom of the visible area.
        case none, top, middle, bottom
    }

    /// The separators' look (data): UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Hashable, Sendable {
        /// No separators, single lines, or etched single lines.
        case none, singleLine, singleLineEtched
    }

    /// A height that asks the content: UIKit's `UITableView.automaticDimension`.
    public static let automaticDimension: CGFloat = -1
    /// What a delegate's height method answers when the delegate does not implement it
    /// (the protocol's default): the table then uses its own heights.
    public static let unansweredHeight: CGFloat = -.greatestFiniteMagnitude

    /// The table's style.
    public let style: Style
    /// The data source, held weakly; setting it reloads at the next layout.
    open weak var dataSource: TableViewDataSource? {
        didSet { if onLoop("dataSource") { setNeedsReload() } }
    }
    /// The delegate (a ``TableViewDelegate`` for the table's own calls), held weakly.
    open override var delegate: ScrollViewDelegate? {
        didSet {
            tableDelegate = delegate as? TableViewDelegate
            delegateAnswersRowHeight = nil
            delegateAnswersEstimatedHeight = nil
            setNeedsReload()
        }
    }
    /// Every row's height, or ``automaticDimension`` (the default) for the cell's own
    /// height (its Auto Layout fitting size, or its labels').
    open var rowHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
    /// The height rows have until they are laid out; ``automaticDimension`` (the default)
    /// estimates ``rowHeight`` or 44. 0 turns estimation off: every row's height is asked
    /// at reload.
    open var estimatedRowHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
    /// The height of section headers, or ``automaticDimension`` (the default): a title's
    /// header is 28 points (38 grouped), a header view's its fitting height, none 0.
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
    /// The height of section footers, as ``sectionHeaderHeight``.
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension { didSet { setNeedsReload() } }
    /// The estimated section header height (data).
    open var estimatedSectionHeaderHeight: CGFloat = TableView.automaticDimension
    /// The estimated section footer height (data).
    open var estimatedSectionFooterHeight: CGFloat = TableView.automaticDimension
    /// The view above every section.
    open var tableHeaderView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            setNeedsReload()
        }
    }
    /// The view below every section.
    open var tableFooterView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            setNeedsReload()
        }
    }
    /// Whether a tap selects a row.
    open var allowsSelection = true
    /// Whether several rows can be selected at once.
    open var allowsMultipleSelection = false
    /// Whether a tap selects a row while editing.
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected while editing.
    open var allowsMultipleSelectionDuringEditing = false
    /// The separators' look (data).
    open var separatorStyle: SeparatorStyle = .singleLine
    /// The separators' color (data).
    open var separatorColor: Color?
    /// The separators' inset (data).
    open var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// The background view (data).
    open var backgroundView: View?
    /// Whether cells' margins follow the readable width (data).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// The titles of the section index (data).
    open var sectionIndexColor: Color?
    /// Whether the table is editing: its cells show their editing controls.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    private var editing = false
    weak var tableDelegate: TableViewDelegate?
    /// Whether the delegate answers `heightForRowAt` (learnt from its first answer).
    private var delegateAnswersRowHeight: Bool?
    /// Whether the delegate answers `estimatedHeightForRowAt` (learnt from its first answer).
    private var delegateAnswersEstimatedHeight: Bool?
    /// The row counts per section, as last asked.
    var rowCounts: [Int] = []
    var geometry = ListGeometry()
    private var needsReload = true
    /// Every shown cell is stale (a reload): the next layout asks for all of them again.
    private var shownCellsStale = false
    /// The shown rows in index-path order, and their cells.
    var shown = ShownCells<TableViewCell>()
    /// The section headers and footers shown.
    var shownHeaders: [Int: View] = [:]
    var shownFooters: [Int: View] = [:]
    /// Sections whose header or footer height follows its view (measured when shown).
    var headerSizedByView: Set<Int> = []
    var footerSizedByView: Set<Int> = []
    var selected: [IndexPath] = []
    private var cellPool = ReusePool<TableViewCell>()
    private var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
    /// The batch being collected by `performBatchUpdates` or `beginUpdates`.
    private var updates = BatchUpdates()
    /// The running update animations (ListAnimation.swift).
    let listAnimator = ListAnimator()

    /// Creates a table of a style.
    public init(frame: Rect, style: Style) {
        self.style = style
        super.init(frame: frame)
        // UIKit's grouped tables sit on the grouped background, their rows on the
        // secondary one (see ``layoutCells``).
        if style != .plain { backgroundColor = .systemGroupedBackground }
    }

    /// A static table's sections from a storyboard (`dataMode="static"`), their cells made
    /// with the scene; nil for a table whose rows come from its data source alone.
    /// ``TableViewController``'s data source methods answer from it unless overridden.
    var staticContent: [StaticSectionContent]?

    /// How far an inset grouped table's rows sit in from its sides: UIKit's 20-point
    /// margin on screens 414 points wide and wider, 16 on narrower ones; 0 otherwise.
    var rowSideInset: CGFloat {
        guard style == .insetGrouped else { return 0 }
        return bounds.width >= 414 ? 20 : 16
    }

    /// A row's cell frame in content coordinates: the whole width, or inset in an inset
    /// grouped table.
    func cellFrame(_ span: (y: Double, height: Double), width: CGFloat, path: IndexPath? = nil) -> Rect {
        let inset = rowSideInset
        // A row swiped open sits slid aside by its actions (TableView+Swipe.swift).
        let slid = path.flatMap { path in rowSwipe.flatMap { $0.path == path ? $0.offset : nil } } ?? 0
        return Rect(x: inset + slid, y: span.y, width: max(0, width - 2 * inset), height: span.height)
    }

    /// The row swiped open, or being swiped, with its action buttons (TableView+Swipe.swift).
    var rowSwipe: RowSwipe?
    /// The recognizer of horizontal swipes on rows, made with the scroll pan.
    var rowSwipeRecognizer: PanGestureRecognizer?

    /// A grouped table's look on a cell it shows: the secondary grouped background, and in
    /// an inset grouped table the rounded corners of its section's first and last rows.
    /// A cell with a background of the app's own (a colour or a background view) keeps it.
    private func applyGroupedLook(to cell: TableViewCell, at path: IndexPath) {
        guard style != .plain else { return }
        if !cell.groupedLookFromTable {
            guard cell.backgroundColor == nil, cell.backgroundView == nil else { return }
            cell.groupedLookFromTable = true
            cell.backgroundColor = .secondarySystemGroupedBackground
        }
        guard style == .insetGrouped else { return }
        let rows = path.section < rowCounts.count ? rowCounts[path.section] : 0
        var corners: CornerMask = []
        if path.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if path.row == rows - 1 { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        let radius: CGFloat = corners.isEmpty ? 0 : 10
        if cell.layer.cornerRadius != radius { cell.layer.cornerRadius = radius }
        if cell.layer.maskedCorners != corners, !corners.isEmpty { cell.layer.maskedCorners = corners }
    }

    /// Creates a plain table.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        self.style = .plain
        super.init(coder: coder)
    }

    // MARK: Registration and reuse

    /// Registers a cell class for `identifier`: a dequeue that finds no waiting cell makes
    /// one with `init(style: .default, reuseIdentifier:)`. Nil unregisters.
    ///
    /// Swift can make a subclass from its class object only through a `required`
    /// initializer, which `init(style:reuseIdentifier:)` is not (as in UIKit); a subclass
    /// is made through ``register(forCellReuseIdentifier:make:)`` or by conforming it to
    /// ``ReusableTableViewCell``. A class neither allows gives a diagnostic at dequeue.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard onLoop("register(_:forCellReuseIdentifier:)") else { return }
        guard let cellClass else { return cellPool.register(identifier, make: nil) }
        let name = String(describing: cellClass)
        cellPool.register(identifier) { [weak self] identifier in
            if let constructible = cellClass as? ReusableTableViewCell.Type {
                return constructible.makeReusableCell(reuseIdentifier: identifier)
            }
            if let made = (cellClass as? TableViewCell.Type)?.lifeloopMakeReusable(reuseIdentifier: identifier) { return made }
            if cellClass == TableViewCell.self { return TableViewCell(style: .default, reuseIdentifier: identifier) }
            self?.application?.diagnose(.unregisteredReuseIdentifier, label: self?.traceLabel ?? "table",
                                        message: "cannot make a \(name) for reuse identifier '\(identifier)': Swift makes a "
                                            + "subclass from its class only through a required initializer; register it "
                                            + "with register(forCellReuseIdentifier:make:) or conform \(name) to "
                                            + "ReusableTableViewCell")
            return nil
        }
    }

    /// Registers a cell class by its type: a subclass that conforms to
    /// ``ReusableTableViewCell`` is made by it.
    open func register<Cell: TableViewCell & ReusableTableViewCell>(_ cellClass: Cell.Type,
                                                                       forCellReuseIdentifier identifier: String) {
        register(forCellReuseIdentifier: identifier) { Cell.makeReusableCell(reuseIdentifier: $0) }
    }

    /// Registers how to make a cell for `identifier` (Lifeloop's form, for any subclass).
    public func register(forCellReuseIdentifier identifier: String, make: @escaping (String) -> TableViewCell) {
        guard onLoop("register(forCellReuseIdentifier:make:)") else { return }
        cellPool.register(identifier) { make($0) }
    }

    /// Registers a nib for `identifier`: a dequeue loads its first top-level view, which
    /// must be a cell.
    open func register(_ nib: Nib?, forCellReuseIdentifier identifier: String) {
        guard onLoop("register(_:forCellReuseIdentifier:)") else { return }
        guard let nib else { return cellPool.register(identifier, make: nil) }
        cellPool.register(identifier) { [weak self] identifier in
            let objects = nib.instantiate(withOwner: nil, options: nil)
            if let cell = objects.lazy.compactMap({ $0 as? TableViewCell }).first { return cell }
            self?.application?.diagnose(.unregisteredReuseIdentifier, label: self?.traceLabel ?? "table",
                                        message: "the nib registered for reuse identifier '\(identifier)' has no "
                                            + "table view cell at its top level")
            return nil
        }
    }

    /// Registers a header or footer view class (``TableViewHeaderFooterView`` itself, or a
    /// subclass that conforms to ``ReusableTableViewCell``'s sibling through
    /// ``registerHeaderFooter(forReuseIdentifier:make:)``).
    open func register(_ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard onLoop("register(_:forHeaderFooterViewReuseIdentifier:)") else { return }
        guard viewClass != nil else { return headerFooterPool.register(identifier, make: nil) }
        headerFooterPool.register(identifier) { identifier in
            (viewClass as? TableViewHeaderFooterView.Type)?.lifeloopMakeReusable(reuseIdentifier: identifier)
                ?? TableViewHeaderFooterView(reuseIdentifier: identifier)
        }
    }

    /// Registers how to make a header or footer view for `identifier`.
    public func registerHeaderFooter(forReuseIdentifier identifier: String,
                                     make: @escaping (String) -> TableViewHeaderFooterView) {
        guard onLoop("registerHeaderFooter(forReuseIdentifier:make:)") else { return }
        headerFooterPool.register(identifier) { make($0) }
    }

    /// A cell for `identifier`: a waiting one (its `prepareForReuse` runs before this
    /// returns) or a new one from the registration; nil when none waits and nothing is
    /// registered for it.
    open func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        guard onLoop("dequeueReusableCell(withIdentifier:)") else { return nil }
        if let cell = cellPool.takeWaiting(identifier) {
            cell.trace("prepareForReuse")
            cell.prepareForReuse()
            return cell
        }
        return cellPool.make(identifier)
    }

    /// A cell for `identifier` and `indexPath`, as ``dequeueReusableCell(withIdentifier:)``.
    /// For an identifier nothing was registered for, UIKit raises an exception; Lifeloop
    /// records an ``Diagnostic/Kind/unregisteredReuseIdentifier`` diagnostic and returns a
    /// plain cell, so the run goes on.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        if !cellPool.isRegistered(identifier) {
            application?.diagnose(.unregisteredReuseIdentifier, label: traceLabel,
                                  message: "unable to dequeue a cell with identifier \(identifier) - must register a nib "
                                    + "or a class for the identifier or connect a prototype cell in a storyboard "
                                    + "(at \(indexPath.listDescription))")
        }
        return TableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A header or footer view for `identifier`: a waiting one or a new one; nil when
    /// nothing is registered for it.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        guard onLoop("dequeueReusableHeaderFooterView(withIdentifier:)") else { return nil }
        if let view = headerFooterPool.takeWaiting(identifier) {
            view.prepareForReuse()
            return view
        }
        return headerFooterPool.make(identifier)
    }

    /// How many cells the table made through its registrations (a Lifeloop count, for
    /// tests and benchmarks of reuse).
    public var cellsMade: Int { cellPool.made }
    /// How many dequeues were answered with a waiting cell.
    public var cellsReused: Int { cellPool.reused }

    // MARK: Counts and geometry

    /// Asks the counts again now (so `contentSize` is right on return) and every shown
    /// cell at the next layout. No cell is asked here.
    open func reloadData() {
        guard onLoop("reloadData()") else { return }
        trace("reloadData")
        closeRowSwipe()
        listAnimator.interruptAll(in: app)
        reloadCounts()
        shownCellsStale = true
        setNeedsLayout()
    }

    /// Marks the counts for asking at the next layout (or when the table joins a window).
    private func setNeedsReload() {
        needsReload = true
        shownCellsStale = true
        setNeedsLayout()
    }

    override func runtimeDidMoveToWindow() {
        if window != nil, needsReload { reloadCounts() }
    }

    /// The number of sections, as last asked.
    open var numberOfSections: Int { rowCounts.count }

    /// The number of rows of a section, as last asked (0 for a section out of range).
    open func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
    }

    /// The height rows have until they are laid out.
    private var rowEstimate: Double {
        if estimatedRowHeight > 0, estimatedRowHeight.isFinite { return estimatedRowHeight }
        if rowHeight >= 0, rowHeight.isFinite { return rowHeight }
        return 44
    }

    /// Asks the counts (and, with estimation off, every height) and rebuilds the geometry.
    private func reloadCounts() {
        needsReload = false
        guard let dataSource else {
            rowCounts = []
            geometry = ListGeometry(sections: [], listHeader: listHeaderHeight, listFooter: listFooterHeight)
            updateContentSize()
            return
        }
        trace("numberOfSections")
        let sectionCount = max(0, dataSource.numberOfSections(in: self))
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            trace("numberOfRowsInSection", detail: String(section))
            counts.append(max(0, dataSource.tableView(self, numberOfRowsInSection: section)))
        }
        rowCounts = counts
        rebuildGeometry()
    }

    /// The geometry from the counts: section headers and footers, estimated rows (every
    /// row's height asked when estimation is off).
    func rebuildGeometry() {
        let estimate = rowEstimate
        var sections: [ListGeometry.Section] = []
        sections.reserveCapacity(rowCounts.count)
        headerSizedByView.removeAll()
        footerSizedByView.removeAll()
        for (section, count) in rowCounts.enumerated() {
            let header = supplementaryHeight(section: section, header: true)
            let footer = supplementaryHeight(section: section, header: false)
            sections.append(.init(header: header, footer: footer, rows: ExtentIndex(count: count, estimate: estimate)))
        }
        geometry = ListGeometry(sections: sections, listHeader: listHeaderHeight, listFooter: listFooterHeight)
        if estimatedRowHeight != 0, delegateAnswersEstimatedHeight != false, let tableDelegate {
            // Estimation on and answered per row: every row's estimate now, as UIKit asks
            // it at reload to size the content.
            outer: for (section, count) in rowCounts.enumerated() {
                for row in 0..<count {
                    let path = IndexPath(row: row, section: section)
                    let estimate = tableDelegate.tableView(self, estimatedHeightForRowAt: path)
                    if estimate == Self.unansweredHeight {
                        delegateAnswersEstimatedHeight = false
                        break outer
                    }
                    delegateAnswersEstimatedHeight = true
                    trace("estimatedHeightForRowAt", detail: path.listDescription)
                    if estimate >= 0, estimate.isFinite { geometry.setRowHeight(estimate, section: section, row: row) }
                }
            }
        }
        if estimatedRowHeight == 0, delegateAnswersRowHeight != false, let tableDelegate {
            // Estimation off: every row's height now (L34).
            outer: for (section, count) in rowCounts.enumerated() {
                for row in 0..<count {
                    let path = IndexPath(row: row, section: section)
                    let height = tableDelegate.tableView(self, heightForRowAt: path)
                    if height == Self.unansweredHeight {
                        delegateAnswersRowHeight = false
                        break outer
                    }
                    delegateAnswersRowHeight = true
                    trace("heightForRowAt", detail: path.listDescription)
                    if height >= 0 { geometry.setRowHeight(height, section: section, row: row) }
                }
            }
        }
        updateContentSize()
    }

    private var listHeaderHeight: Double { Double(tableHeaderView?.frame.height ?? 0) }
    private var listFooterHeight: Double { Double(tableFooterView?.frame.height ?? 0) }

    /// A section header's (or footer's) height: the delegate's answer, the table's
    /// setting, or from its title (a view's is measured when it shows).
    private func supplementaryHeight(section: Int, header: Bool) -> Double {
        if let tableDelegate {
            let answer = header ? tableDelegate.tableView(self, heightForHeaderInSection: section)
                : tableDelegate.tableView(self, heightForFooterInSection: section)
            if answer != Self.unansweredHeight, answer >= 0, answer.isFinite { return answer }
        }
        let setting = header ? sectionHeaderHeight : sectionFooterHeight
        if setting >= 0, setting.isFinite { return setting }
        let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        if title != nil { return style == .plain ? 28 : 38 }
        if header { headerSizedByView.insert(section) } else { footerSizedByView.insert(section) }
        return 0
    }

    func updateContentSize() {
        let size = Size(width: bounds.width, height: geometry.contentHeight())
        if contentSize != size { contentSize = size }
    }

    /// The rectangle of a row, in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> Rect {
        guard indexPath.count == 2, indexPath.section < rowCounts.count, indexPath.row < rowCounts[indexPath.section],
              indexPath.section >= 0, indexPath.row >= 0 else { return .zero }
        let span = geometry.rowSpan(indexPath.section, indexPath.row)
        return Rect(x: 0, y: span.y, width: bounds.width, height: span.height)
    }

    /// The rectangle of a whole section (header, rows, footer).
    open func rect(forSection section: Int) -> Rect {
        guard section >= 0, section < rowCounts.count else { return .zero }
        let start = geometry.start(ofSection: section)
        return Rect(x: 0, y: start, width: bounds.width, height: geometry.sections[section].height)
    }

    /// The rectangle of a section's header, where it scrolls (not where it sticks).
    open func rectForHeader(inSection section: Int) -> Rect {
        guard section >= 0, section < rowCounts.count else { return .zero }
        return Rect(x: 0, y: geometry.start(ofSection: section), width: bounds.width,
                    height: geometry.sections[section].header)
    }

    /// The index path of the row at `point` (content coordinates), if any.
    open func indexPathForRow(at point: Point) -> IndexPath? {
        geometry.rows(intersecting: point.y, point.y + 0.0001).first.map { IndexPath(row: $0.row, section: $0.section) }
    }

    // MARK: Shown cells

    /// The shown cells, in index-path order.
    open var visibleCells: [TableViewCell] { shown.ordered }
    /// The index paths of the shown rows, in order.
    open var indexPathsForVisibleRows: [IndexPath]? { shown.paths }
    /// The shown cell of a row (nil when the row is not shown).
    open func cellForRow(at indexPath: IndexPath) -> TableViewCell? { shown[indexPath] }
    /// The index path of a shown cell.
    open func indexPath(for cell: TableViewCell) -> IndexPath? {
        shown.indexPath(of: cell)
    }
    /// The shown header view of a section.
    open func headerView(forSection section: Int) -> View? { shownHeaders[section] }
    /// The shown footer view of a section.
    open func footerView(forSection section: Int) -> View? { shownFooters[section] }

    // MARK: Layout (L34)

    override func runBuiltInLayout() {
        super.runBuiltInLayout()
        if needsReload { reloadCounts() }
        layoutListContent()
    }

    /// Rows, headers and footers for the bounds (the table's part of its layout pass).
    func layoutListContent() {
        listAnimator.isLayingOut = true
        defer { listAnimator.isLayingOut = false }
        layoutListViews()
        var passes = 0
        // Self-sized rows can change the rows that show: lay out again until they settle.
        while layoutRows(), passes < 4 { passes += 1 }
        layoutSupplementaryViews()
        updateContentSize()
        positionReorderedRow()
        prefetchAfterLayout()
    }

    func layoutListViews() {
        let width = bounds.width
        if let header = tableHeaderView {
            header.frame = Rect(x: 0, y: 0, width: width, height: header.frame.height)
            if geometry.listHeader != header.frame.height { rebuildGeometry() }
        }
        if let footer = tableFooterView {
            let height = geometry.contentHeight() - geometry.listFooter
            footer.frame = Rect(x: 0, y: height, width: width, height: footer.frame.height)
        }
    }

    /// One pass over the rows that meet the bounds; true when row heights changed so that
    /// another pass is needed.
    func layoutRows() -> Bool {
        let visible = bounds
        var wanted = geometry.rows(intersecting: visible.minY, visible.maxY)
        // Heights first for rows about to show, when the delegate gives them (estimation on).
        if estimatedRowHeight != 0, let tableDelegate, delegateAnswersRowHeight != false {
            var changed = false
            for (section, row) in wanted {
                let path = IndexPath(row: row, section: section)
                if !shownCellsStale, shown[path] != nil { continue }
                let height = tableDelegate.tableView(self, heightForRowAt: path)
                if height == Self.unansweredHeight {
                    delegateAnswersRowHeight = false
                    break
                }
                delegateAnswersRowHeight = true
                trace("heightForRowAt", detail: path.listDescription)
                if height >= 0, height.isFinite, geometry.rowSpan(section, row).height != height {
                    geometry.setRowHeight(height, section: section, row: row)
                    changed = true
                }
            }
            if changed { wanted = geometry.rows(intersecting: visible.minY, visible.maxY) }
        }
        let wantedPaths = wanted.map { IndexPath(row: $0.row, section: $0.section) }
        let wantedSet = Set(wantedPaths)
        // Cells an update animation moves out of the bounds stay until it ends.
        let pinned = shownCellsStale ? [] : shown.paths(of: listAnimator.pinned)
        // Rows that left (all of them after a reload) end their display first, so that
        // their cells can be dequeued in this same pass.
        shown.removeLeaving(wantedSet.union(pinned), everything: shownCellsStale) { cell, path in endDisplaying(cell, at: path) }
        shownCellsStale = false
        var heightsChanged = false
        let width = bounds.width
        for path in wantedPaths {
            if let cell = shown[path] {
                let frame = cellFrame(geometry.rowSpan(path.section, path.row), width: width, path: path)
                if cell.frame != frame { cell.frame = frame }
                if style == .insetGrouped { applyGroupedLook(to: cell, at: path) }
                continue
            }
            guard let cell = askCell(at: path) else { continue }
            if selfSizes(path) {
                let height = cell.fittingHeight(width: width)
                if geometry.rowSpan(path.section, path.row).height != height {
                    geometry.setRowHeight(height, section: path.section, row: path.row)
                    heightsChanged = true
                }
            } else if delegateAnswersRowHeight != true, rowHeight >= 0, rowHeight.isFinite,
                      geometry.rowSpan(path.section, path.row).height != rowHeight {
                // A row laid out at a per-row estimate takes the table's row height.
                geometry.setRowHeight(rowHeight, section: path.section, row: path.row)
                heightsChanged = true
            }
            cell.frame = cellFrame(geometry.rowSpan(path.section, path.row), width: width, path: path)
            applyGroupedLook(to: cell, at: path)
            cell.table = self
            cell.isSelected = selected.contains(path)
            cell.isEditing = editing
            if cell.superview !== self { insertSubview(cell, at: 0) }
            shown.insert(cell, at: path)
            trace("willDisplay", detail: path.listDescription)
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        }
        shown.settle(pinned.isEmpty ? wantedPaths : wantedSet.union(pinned).sorted())
        if heightsChanged {
            // Frames of the kept rows follow the new heights.
            for path in shown.paths {
                shown[path]?.frame = cellFrame(geometry.rowSpan(path.section, path.row), width: width, path: path)
            }
            let now = geometry.rows(intersecting: visible.minY, visible.maxY).map { IndexPath(row: $0.row, section: $0.section) }
            return now != shown.paths.filter { !pinned.contains($0) }
        }
        return false
    }

    /// Whether a row's height comes from its cell.
    private func selfSizes(_ path: IndexPath) -> Bool {
        guard rowHeight == Self.automaticDimension else { return false }
        return delegateAnswersRowHeight != true
    }

    private func askCell(at path: IndexPath) -> TableViewCell? {
        guard let dataSource else { return nil }
        trace("cellForRowAt", detail: path.listDescription)
        return dataSource.tableView(self, cellForRowAt: path)
    }

    func endDisplaying(_ cell: TableViewCell, at path: IndexPath) {
        cell.removeFromSuperview()
        cell.table = nil
        trace("didEndDisplaying", detail: path.listDescription)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if let identifier = cell.reuseIdentifier { cellPool.put(cell, identifier: identifier) }
    }

    /// Section headers and footers of the sections that show; in a plain table a header
    /// sticks to the top of the visible area while its section shows.
    func layoutSupplementaryViews() {
        let visible = bounds
        let sections = geometry.sections(intersecting: visible.minY, visible.maxY)
        let showing = Set(sections)
        for section in shownHeaders.keys.sorted() where !showing.contains(section) {
            shownHeaders.removeValue(forKey: section).map(recycleSupplementary)
        }
        for section in shownFooters.keys.sorted() where !showing.contains(section) {
            shownFooters.removeValue(forKey: section).map(recycleSupplementary)
        }
        let width = bounds.width
        let top = visible.minY + adjustedContentInset.top
        for section in sections {
            if shownHeaders[section] == nil, let view = makeSupplementary(section: section, header: true) {
                shownHeaders[section] = view
                addSubview(view)
                tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
            }
            if shownFooters[section] == nil, let view = makeSupplementary(section: section, header: false) {
                shownFooters[section] = view
                addSubview(view)
            }
            let start = geometry.start(ofSection: section)
            let item = geometry.sections[section]
            if let header = shownHeaders[section] {
                var y = start
                if style == .plain { y = max(start, min(top, start + item.height - item.footer - item.header)) }
                // Headers were added after the cells (which go in at the back), so they
                // stay above them without being moved again (a move would mark the table).
                header.frame = Rect(x: 0, y: y, width: width, height: item.header)
            }
            if let footer = shownFooters[section] {
                footer.frame = Rect(x: 0, y: start + item.height - item.footer, width: width, height: item.footer)
            }
        }
    }

    private func makeSupplementary(section: Int, header: Bool) -> View? {
        let view = header ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        let made: View
        if let view {
            made = view
            if header ? headerSizedByView.contains(section) : footerSizedByView.contains(section) {
                var height = view.frame.height
                if height <= 0 {
                    height = view.systemLayoutSizeFitting(Size(width: bounds.width, height: 0),
                                                          withHorizontalFittingPriority: .required,
                                                          verticalFittingPriority: .fittingSizeLevel).height
                }
                if height <= 0 { height = style == .plain ? 28 : 38 }
                let item = geometry.sections[section]
                geometry.setSupplementary(header: header ? height : item.header, footer: header ? item.footer : height,
                                          section: section)
            }
        } else {
            let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section)
                : dataSource?.tableView(self, titleForFooterInSection: section)
            guard let title else { return nil }
            let titled = headerFooterPool.takeWaiting("\u{0}title") ?? TableViewHeaderFooterView(reuseIdentifier: "\u{0}title")
            if style == .plain {
                titled.textLabel?.text = title
            } else {
                // A grouped table's titles: 13-point secondary label text, a header's in
                // capitals above its section, a footer's wrapping below it.
                titled.groupedTitle = (header, rowSideInset)
                titled.textLabel?.font = .systemFont(ofSize: 13)
                titled.textLabel?.textColor = .secondaryLabel
                titled.textLabel?.numberOfLines = header ? 1 : 0
                titled.textLabel?.text = header ? title.uppercased() : title
            }
            made = titled
        }
        return made
    }

    func recycleSupplementary(_ view: View) {
        view.removeFromSuperview()
        if let reusable = view as? TableViewHeaderFooterView, let identifier = reusable.reuseIdentifier {
            headerFooterPool.put(reusable, identifier: identifier)
        }
    }

    // MARK: Reordering and prefetching (TableView+Reordering.swift, ListPrefetching.swift)

    /// The row being dragged by its reorder control.
    var reorder: RowReorder?
    /// The recognizer of drags on reorder controls, once the table has edited.
    var reorderGesture: ReorderGestureRecognizer?
    /// What the table has prefetched.
    var prefetcher = ListPrefetcher()
    /// The object told ahead of time about the rows about to show: UIKit's
    /// `prefetchDataSource`, held weakly. It is told only while the app's
    /// ``Application/prefetchesListContent`` is on (off by default) and
    /// ``isPrefetchingEnabled`` is true.
    open weak var prefetchDataSource: TableViewDataSourcePrefetching?
    /// Whether the ``prefetchDataSource`` is told about rows ahead of showing them (true, as
    /// in UIKit; prefetching also needs the app's ``Application/prefetchesListContent``).
    open var isPrefetchingEnabled = true

    /// Moves a row in the table's own record of its rows, without asking the data source
    /// (a reorder drag): counts, row heights, shown cells and the selection follow.
    func moveRowInPlace(from: IndexPath, to: IndexPath) {
        guard let (plan, newCounts) = ListUpdatePlan.inPlaceMove(from: from, to: to, counts: rowCounts, unit: "row") else { return }
        var sections = geometry.sections
        func heights(_ section: Int) -> [Double] {
            (0..<rowCounts[section]).map { geometry.rowSpan(section, $0).height }
        }
        var fromHeights = heights(from.section)
        let moved = fromHeights.remove(at: from.row)
        var toHeights = from.section == to.section ? fromHeights : heights(to.section)
        toHeights.insert(moved, at: to.row)
        if from.section != to.section {
            sections[from.section].rows = ExtentIndex(heights: fromHeights, estimate: sections[from.section].rows.estimate)
        }
        sections[to.section].rows = ExtentIndex(heights: toHeights, estimate: sections[to.section].rows.estimate)
        geometry = ListGeometry(sections: sections, listHeader: geometry.listHeader, listFooter: geometry.listFooter)
        rowCounts = newCounts
        _ = followUpdate(plan, keepingLeaving: false)
        updateContentSize()
        setNeedsLayout()
    }

    /// The index paths of the rows that meet `rect`, in order: what prefetching looks ahead at.
    func rowPaths(in rect: Rect) -> [IndexPath] {
        geometry.rows(intersecting: rect.minY, rect.maxY).map { IndexPath(row: $0.row, section: $0.section) }
    }

    // MARK: Scrolling

    /// Scrolls so that a row shows at `position` (`none`: the least scroll that shows it).
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard onLoop("scrollToRow(at:at:animated:)") else { return }
        if needsReload { reloadCounts() }
        let rect = rectForRow(at: indexPath)
        guard rect.height > 0 || rect != .zero else { return }
        let insets = adjustedContentInset
        var offset = contentOffset
        let visibleHeight = bounds.height - insets.top - insets.bottom
        switch position {
        case .top: offset.y = rect.minY - insets.top
        case .middle: offset.y = rect.midY - insets.top - visibleHeight / 2
        case .bottom: offset.y = rect.maxY - insets.top - visibleHeight
        case .none:
            return scrollRectToVisible(rect, animated: animated)
        }
        setContentOffset(clampedContentOffset(offset), animated: animated)
    }

    /// Scrolls to the selected row.
    open func scrollToNearestSelectedRow(at position: ScrollPosition, animated: Bool) {
        if let path = indexPathForSelectedRow { scrollToRow(at: path, at: position, animated: animated) }
    }

    // MARK: Selection

    /// The first selected row, in index-path order.
    open var indexPathForSelectedRow: IndexPath? { selected.min() }
    /// The selected rows in index-path order, or nil when none is selected.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects a row without telling the delegate, as UIKit does (a single-selection table
    /// deselects the other row first).
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard onLoop("selectRow(at:animated:scrollPosition:)") else { return }
        guard let indexPath else {
            for path in selected { shown[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
            return
        }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { shown[path]?.setSelected(false, animated: animated) }
            selected.removeAll { $0 != indexPath }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        shown[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without telling the delegate, as UIKit does.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard onLoop("deselectRow(at:animated:)") else { return }
        selected.removeAll { $0 == indexPath }
        shown[indexPath]?.setSelected(false, animated: animated)
    }

    // Touches on rows: ListTouchTracking.swift highlights and selects; the rest goes up
    // the responder chain.
    /// A finger went down: on a row, the row highlights; elsewhere the next responder gets it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if !trackRowTouches(.began, touches) { super.touchesBegan(touches, with: event) }
    }
    /// A finger moved: one that moves off its row lets go of it.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if !trackRowTouches(.moved, touches) { super.touchesMoved(touches, with: event) }
    }
    /// A finger lifted: its highlighted row is selected, as a tap selects it.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if !trackRowTouches(.ended, touches) { super.touchesEnded(touches, with: event) }
    }
    /// The touches were cancelled (a drag took them): the row unhighlights.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if !trackRowTouches(.cancelled, touches) { super.touchesCancelled(touches, with: event) }
    }

    /// A shown cell was tapped.
    func cellWasTapped(_ cell: TableViewCell) {
        guard let path = indexPath(for: cell) else { return }
        userTapRow(at: path)
    }

    /// What a finger's tap on a row does: UIKit's order `willSelectRowAt`, then (single
    /// selection) `willDeselectRowAt`/`didDeselectRowAt` of the row selected before, then
    /// `didSelectRowAt`; in a multiple-selection table a tap on a selected row deselects it.
    public func userTapRow(at indexPath: IndexPath) {
        guard onLoop("userTapRow(at:)") else { return }
        let allowed = editing ? allowsSelectionDuringEditing : allowsSelection
        guard allowed, indexPath.count == 2, indexPath.section >= 0, indexPath.section < rowCounts.count,
              indexPath.row >= 0, indexPath.row < rowCounts[indexPath.section] else { return }
        if let tableDelegate, !tableDelegate.tableView(self, shouldHighlightRowAt: indexPath) { return }
        selectRowByUser(at: indexPath)
    }

    /// The selection part of a tap, once the row highlighted (a touch's lift, see
    /// ListTouchTracking.swift).
    func selectRowByUser(at indexPath: IndexPath) {
        let allowed = editing ? allowsSelectionDuringEditing : allowsSelection
        guard allowed, indexPath.count == 2, indexPath.section >= 0, indexPath.section < rowCounts.count,
              indexPath.row >= 0, indexPath.row < rowCounts[indexPath.section] else { return }
        let multiple = editing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
        if multiple, selected.contains(indexPath) {
            userDeselect(indexPath)
            return
        }
        let target = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target else { return }
        if !multiple {
            for other in selected where other != target { userDeselect(other) }
        }
        if !selected.contains(target) { selected.append(target) }
        shown[target]?.setSelected(true, animated: false)
        trace("didSelectRowAt", detail: target.listDescription)
        tableDelegate?.tableView(self, didSelectRowAt: target)
        // A storyboard cell's selection segue runs when its row is selected, whichever of
        // its subviews the finger was on.
        if let cell = shown[target], cell.tapAction != nil { app?.runTapAction(of: cell, fromSelection: true) }
    }

    private func userDeselect(_ path: IndexPath) {
        let target = tableDelegate.map { $0.tableView(self, willDeselectRowAt: path) } ?? path
        guard let target else { return }
        selected.removeAll { $0 == target }
        shown[target]?.setSelected(false, animated: false)
        trace("didDeselectRowAt", detail: target.listDescription)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }

    // MARK: Editing

    /// Turns editing on or off; shown cells follow.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard onLoop("setEditing(_:animated:)") else { return }
        closeRowSwipe()
        self.editing = editing
        for cell in shown.ordered { cell.setEditing(editing, animated: animated) }
        editingDidChange()
    }

    /// The swipe actions of a row on an edge, as the delegate gives them (data).
    public func swipeActions(forRowAt indexPath: IndexPath, leading: Bool) -> SwipeActionsConfiguration? {
        guard let tableDelegate else { return nil }
        return leading ? tableDelegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : tableDelegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
    }

    /// What a swipe and a tap on a swipe action do: runs the action's handler (with the
    /// row's cell, or the table when the row is not shown). Returns false when the row has
    /// no such action.
    @discardableResult
    public func performSwipeAction(at index: Int, leading: Bool, forRowAt indexPath: IndexPath) -> Bool {
        guard onLoop("performSwipeAction(at:leading:forRowAt:)"),
              let configuration = swipeActions(forRowAt: indexPath, leading: leading),
              index >= 0, index < configuration.actions.count else { return false }
        let action = configuration.actions[index]
        trace("swipeAction", detail: "\(indexPath.listDescription) \(action.title ?? "")")
        action.handler(action, cellForRow(at: indexPath) ?? self) { _ in }
        return true
    }

    /// What the editing control of a row does: the data source's
    /// `commit(_:forRowAt:)` with the row's editing style.
    public func commitEditing(forRowAt indexPath: IndexPath) {
        guard onLoop("commitEditing(forRowAt:)"), let dataSource else { return }
        guard dataSource.tableView(self, canEditRowAt: indexPath) else { return }
        let style = tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        trace("commitEditingStyle", detail: indexPath.listDescription)
        dataSource.tableView(self, commit: style, forRowAt: indexPath)
    }

    // MARK: Updates

    /// Collects the inserts, deletes, moves and reloads made in `updates`, then applies
    /// them as one change: the data source's new counts are checked against the old ones
    /// plus and minus the changes (an inconsistency is an
    /// ``Diagnostic/Kind/invalidListUpdate`` diagnostic and a reload, where UIKit raises),
    /// shown cells move to their new rows and the cells of rows that come into the bounds
    /// are made before this returns.
    ///
    /// In a visible window the views then animate over 0.3 s with the ease-in-out curve
    /// (UIKit's row animation timing as commonly measured; UIKit does not publish it):
    /// cells that stay move, inserted rows come in and deleted rows go out per their
    /// ``RowAnimation``, staying in the table until the end, when they get
    /// `didEndDisplaying`; then `completion(true)` runs. ``reloadData()`` during the
    /// animation ends it (`completion(false)`). Inside `performWithoutAnimation` or with
    /// animations off, everything lands at once and `completion(true)` runs after the
    /// next commit.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard onLoop("performBatchUpdates(_:completion:)") else { return }
        if let completion { listAnimator.completions.append(completion) }
        beginUpdates()
        updates?()
        endUpdates()
        if !self.updates.isOpen { listAnimator.completeWithoutAnimation(app) }
    }

    /// Begins collecting changes (UIKit's older form of ``performBatchUpdates(_:completion:)``).
    open func beginUpdates() {
        guard onLoop("beginUpdates()") else { return }
        updates.begin()
    }

    /// Applies the changes collected since ``beginUpdates()``.
    open func endUpdates() {
        guard onLoop("endUpdates()"), let update = updates.end() else { return }
        apply(update)
    }

    private func record(_ change: (inout ListUpdate) -> Void) {
        if let update = updates.record(change) { apply(update) }
    }

    /// Inserts rows (index paths after the change).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard onLoop("insertRows(at:with:)") else { return }
        record {
            $0.rowInserts += indexPaths
            for path in indexPaths { $0.animations.inserted[path] = animation }
        }
    }
    /// Deletes rows (index paths before the change).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard onLoop("deleteRows(at:with:)") else { return }
        record {
            $0.rowDeletes += indexPaths
            for path in indexPaths { $0.animations.deleted[path] = animation }
        }
    }
    /// Reloads rows: their cells are asked again.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard onLoop("reloadRows(at:with:)") else { return }
        record {
            $0.rowReloads += indexPaths
            for path in indexPaths { $0.animations.reloaded[path] = animation }
        }
    }
    /// Re-runs `cellForRowAt` for shown rows on their current cells' rows (Lifeloop asks
    /// the data source again; the cell it returns replaces the shown one).
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        guard onLoop("reconfigureRows(at:)") else { return }
        record { $0.rowReloads += indexPaths }
    }
    /// Moves a row.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        guard onLoop("moveRow(at:to:)") else { return }
        record { $0.rowMoves.append((indexPath, newIndexPath)) }
    }
    /// Inserts sections (indexes after the change).
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        guard onLoop("insertSections(_:with:)") else { return }
        record {
            $0.sectionInserts.formUnion(sections)
            for section in sections { $0.animations.insertedSections[section] = animation }
        }
    }
    /// Deletes sections (indexes before the change).
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        guard onLoop("deleteSections(_:with:)") else { return }
        record {
            $0.sectionDeletes.formUnion(sections)
            for section in sections { $0.animations.deletedSections[section] = animation }
        }
    }
    /// Reloads sections.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        guard onLoop("reloadSections(_:with:)") else { return }
        record {
            $0.sectionReloads.formUnion(sections)
            for section in sections { $0.animations.reloadedSections[section] = animation }
        }
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
            return
        }
        let oldCounts = rowCounts
        let newCounts = askCounts(sections: { dataSource.numberOfSections(in: self) }, countTrace: "numberOfRowsInSection") {
            dataSource.tableView(self, numberOfRowsInSection: $0)
        }
        guard let plan = checkedPlan(update, oldCounts: oldCounts, newCounts: newCounts, unit: "row") else {
            rowCounts = newCounts
            rebuildGeometry()
            shownCellsStale = true
            selected.removeAll()
            setNeedsLayout()
            return
        }
        applyChecked(plan, update: update, newCounts: newCounts)
    }
}

/// A cell subclass the table can make from its class: `register(MyCell.self, …)` calls
/// ``makeReusableCell(reuseIdentifier:)``. A subclass conforms with
/// `static func makeReusableCell(reuseIdentifier: String) -> TableViewCell { MyCell(style: .default, reuseIdentifier: reuseIdentifier) }`.
public protocol ReusableTableViewCell: TableViewCell {
    /// A new cell for the identifier.
    static func makeReusableCell(reuseIdentifier: String) -> TableViewCell
}

/// One section of a static table: its titles, its cells and the heights the storyboard
/// gave them.
struct StaticSectionContent {
    var headerTitle: String?
    var footerTitle: String?
    var cells: [TableViewCell] = []
    var heights: [CGFloat] = []
}
