import Lifeloop

/// The scenario steps of scroll views and tables, read from a script and run on an app:
///
/// - `scroll: {view: LABEL, to: [x, y]}` or `{view: LABEL, by: [dx, dy]}`: sets the
///   content offset (animated with the step's `animated`, on by default);
/// - `drag: {view: LABEL, by: [dx, dy], velocity: [vx, vy]}`: a finger drags the scroll
///   view by a distance (in the view's coordinates) and lifts at a velocity (points per
///   second), then the content decelerates on the frame clock; with `at: [x, y]` (from the
///   view's top-left corner as it shows) on a collection view, a finger there drags what
///   is under it: the band of a section that scrolls sideways, or the collection;
/// - `tapRow: {view: LABEL, section: S, row: R}` or `{view: LABEL, text: TEXT}`: scrolls
///   the row into view and taps its cell (by index path, or the shown cell whose labels
///   read TEXT). The view may be a table or a collection view (`item: I` is a synonym of
///   `row:` for a collection's item).
public enum ListStep: Sendable, Hashable {
    /// `scroll`: sets the content offset of the scroll view labeled `view`, to a point or by a distance.
    case scroll(view: String, to: [Double]?, by: [Double]?, animated: Bool)
    /// `drag`: a finger drags the scroll view labeled `view` by a distance and lifts at a velocity.
    case drag(view: String, by: [Double], velocity: [Double], at: [Double]? = nil)
    /// `tapRow` by index path: scrolls the row into view and taps its cell.
    case tapRowAt(view: String, section: Int, row: Int)
    /// `tapRow` by text: taps the shown cell whose labels read `text`.
    case tapRowWithText(view: String, text: String)

    /// The script actions these steps answer to (their verbs are in the catalogue:
    /// VerbCatalogue+Lists.swift, and `drag` with `view` in VerbCatalogue+Touches.swift).
    static let actions = ["scroll", "drag", "tapRow"]

    /// The label of the view the step acts on.
    public var viewLabel: String {
        switch self {
        case .scroll(let view, _, _, _), .drag(let view, _, _, _), .tapRowAt(let view, _, _), .tapRowWithText(let view, _): view
        }
    }

    /// The input kind a probe notes.
    var inputKind: String {
        switch self {
        case .scroll: "scroll"
        case .drag: "drag"
        case .tapRowAt, .tapRowWithText: "tapRow"
        }
    }

    /// Runs the step on `app`; returns what went wrong, if anything.
    public func perform(in app: Application) -> String? {
        guard let view = app.view(referencedBy: viewLabel) else { return "no view labelled '\(viewLabel)' is in a window" }
        guard let scroll = view as? ScrollView else {
            return "'\(viewLabel)' is a \(type(of: view)), not a scroll view or table"
        }
        switch self {
        case .scroll(_, let to, let by, let animated):
            let target = to.map { Point(x: $0[0], y: $0[1]) }
                ?? Point(x: scroll.contentOffset.x + (by?[0] ?? 0), y: scroll.contentOffset.y + (by?[1] ?? 0))
            scroll.setContentOffset(target, animated: animated)
        case .drag(_, let by, let velocity, let at):
            var scroll = scroll
            if let at, let collection = scroll as? CollectionView {
                // A finger at a point of the collection as it shows: its content point.
                scroll = collection.scrollViewForDrag(at: Point(x: collection.contentOffset.x + at[0],
                                                                y: collection.contentOffset.y + at[1]))
            }
            guard scroll.isScrollEnabled else { return "'\(viewLabel)' does not scroll (isScrollEnabled is false)" }
            scroll.beginDrag()
            scroll.drag(by: Point(x: by[0], y: by[1]))
            scroll.endDrag(velocity: Point(x: velocity[0], y: velocity[1]))
        case .tapRowAt(_, let section, let row):
            if let collection = scroll as? CollectionView { return tapItem(collection, section: section, item: row, in: app) }
            guard let table = scroll as? TableView else { return "'\(viewLabel)' is not a table or a collection view" }
            let path = IndexPath(row: row, section: section)
            guard section < table.numberOfSections, row < table.numberOfRows(inSection: section) else {
                return "'\(viewLabel)' has no row \(row) in section \(section) (it has \(table.numberOfSections) sections)"
            }
            if table.cellForRow(at: path) == nil {
                table.scrollToRow(at: path, at: .middle, animated: false)
                table.layoutIfNeeded()
            }
            guard let cell = table.cellForRow(at: path) else { return "row \(row) of section \(section) did not show" }
            app.tap(cell)
        case .tapRowWithText(_, let text):
            if let collection = scroll as? CollectionView { return tapItem(collection, text: text, in: app) }
            guard let table = scroll as? TableView else { return "'\(viewLabel)' is not a table or a collection view" }
            table.layoutIfNeeded()
            let cells = table.visibleCells.filter { $0.summaryText == text || $0.textLabel?.text == text }
            guard let cell = cells.first else {
                let shown = table.visibleCells.compactMap { $0.textLabel?.text }.prefix(8)
                return "no shown row of '\(viewLabel)' reads '\(text)' (shown: \(shown.joined(separator: ", ")))"
            }
            app.tap(cell)
        }
        return nil
    }

    /// Taps a collection's item by index path, scrolling it into view first.
    private func tapItem(_ collection: CollectionView, section: Int, item: Int, in app: Application) -> String? {
        let path = IndexPath(item: item, section: section)
        guard section < collection.numberOfSections, item < collection.numberOfItems(inSection: section) else {
            return "'\(viewLabel)' has no item \(item) in section \(section) (it has \(collection.numberOfSections) sections)"
        }
        if collection.cellForItem(at: path) == nil {
            collection.scrollToItem(at: path, at: [.centeredVertically, .centeredHorizontally], animated: false)
            collection.layoutIfNeeded()
        }
        guard let cell = collection.cellForItem(at: path) else { return "item \(item) of section \(section) did not show" }
        app.tap(cell)
        return nil
    }

    /// Taps the shown cell of a collection whose labels read `text`.
    private func tapItem(_ collection: CollectionView, text: String, in app: Application) -> String? {
        collection.layoutIfNeeded()
        let cells = collection.visibleCells
        guard let cell = cells.first(where: { $0.summaryText == text })
            ?? cells.first(where: { $0.summaryText?.components(separatedBy: " / ").contains(text) == true }) else {
            let shown = cells.compactMap(\.summaryText).prefix(8)
            return "no shown item of '\(viewLabel)' reads '\(text)' (shown: \(shown.joined(separator: ", ")))"
        }
        app.tap(cell)
        return nil
    }
}
