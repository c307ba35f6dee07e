import Foundation

/// Tells a picker view how many components (wheels) and rows it has: UIKit's
/// `UIPickerViewDataSource`.
public protocol PickerViewDataSource: AnyObject {
    /// Asks for the number of components (wheels).
    func numberOfComponents(in pickerView: PickerView) -> Int
    /// Asks for the number of rows in `component`.
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Gives a picker view its rows' titles and sizes and hears of the user's picks: UIKit's
/// `UIPickerViewDelegate`. Every method is optional.
public protocol PickerViewDelegate: AnyObject {
    /// Asks for the title of `row` in `component`.
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// Asks for a view to show for `row` in `component` (`view` is one to reuse).
    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View
    /// Tells the delegate the user picked `row` in `component`.
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
    /// Asks for the width of `component`.
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat
    /// Asks for the height of the rows of `component`.
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat
}

extension PickerViewDelegate {
    /// No title.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    /// A label with the row's title.
    public func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        let label = (view as? Label) ?? Label(frame: .zero)
        label.text = self.pickerView(pickerView, titleForRow: row, forComponent: component)
        return label
    }
    /// Does nothing.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
    /// An equal share of the picker's width.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        let count = max(pickerView.numberOfComponents, 1)
        return pickerView.bounds.width / CGFloat(count)
    }
    /// UIKit's 32 points.
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat { 32 }
}

/// Spinning wheels of rows, one selected in each: UIKit's `UIPickerView`, 320×216 points.
///
/// The counts come from the ``dataSource`` (asked again by ``reloadAllComponents()``
/// and ``reloadComponent(_:)``), the titles from the ``delegate``. Lifeloop has no wheel
/// gestures: a tap on a row above or below the selection line picks that row (as in
/// UIKit), and ``Application/pick(row:inComponent:of:)`` picks any row; a pick records
/// `selectRow` in the trace and calls the delegate's
/// `pickerView(_:didSelectRow:inComponent:)`. ``selectRow(_:inComponent:animated:)`` from
/// code calls nothing, as in UIKit.
open class PickerView: View {
    /// Answers the counts of components and rows (asked when they are first needed: when
    /// the picker joins a window or is first read or selected in).
    open weak var dataSource: PickerViewDataSource? {
        didSet { countsLoaded = false }
    }
    /// Answers titles and sizes and hears of picks.
    open weak var delegate: PickerViewDelegate?
    /// Whether the selection line is shown (data; always shown since iOS 7).
    open var showsSelectionIndicator = true

    /// Rows per component, as last asked.
    private var rowCounts: [Int] = []
    /// Whether the data source was asked since it was set.
    private var countsLoaded = false
    /// The selected row of each component (0 when it has rows, -1 when it has none).
    private var selections: [Int] = []

    /// A picker in `frame`; an empty width is 320 points, an empty height 216.
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width == 0 ? 320 : frame.width,
                                                                height: frame.height == 0 ? 216 : frame.height)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A picker at the origin, 320×216.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// How many components there are, as the data source last said.
    open var numberOfComponents: Int {
        loadCountsIfNeeded()
        return rowCounts.count
    }

    /// How many rows `component` has, as the data source last said (0 for no such component).
    open func numberOfRows(inComponent component: Int) -> Int {
        loadCountsIfNeeded()
        return rowCounts.indices.contains(component) ? rowCounts[component] : 0
    }

    /// The selected row of `component`: -1 when it has no rows (or there is no such component).
    open func selectedRow(inComponent component: Int) -> Int {
        loadCountsIfNeeded()
        return selections.indices.contains(component) ? selections[component] : -1
    }

    /// Asks the data source for the counts if it has not been asked since it was set.
    private func loadCountsIfNeeded() {
        if !countsLoaded, dataSource != nil, loopThread == 0 || loopThread == pthread_self() { reloadAllComponents() }
    }

    /// Selects `row` in `component` (clamped to its rows); `animated` is data. Calls no
    /// delegate method.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard onLoop("selectRow(_:inComponent:animated:)") else { return }
        loadCountsIfNeeded()
        guard rowCounts.indices.contains(component), rowCounts[component] > 0 else { return }
        selections[component] = min(max(row, 0), rowCounts[component] - 1)
        setNeedsDisplay()
    }

    /// Asks the data source again for every count; selections stay where they fit.
    open func reloadAllComponents() {
        guard onLoop("reloadAllComponents()") else { return }
        countsLoaded = true
        let count = max(dataSource?.numberOfComponents(in: self) ?? 0, 0)
        rowCounts = (0..<count).map { max(dataSource?.pickerView(self, numberOfRowsInComponent: $0) ?? 0, 0) }
        selections = rowCounts.indices.map { component in
            let old = selections.indices.contains(component) ? selections[component] : 0
            return rowCounts[component] == 0 ? -1 : min(max(old, 0), rowCounts[component] - 1)
        }
        setNeedsDisplay()
    }

    /// Asks the data source again for the rows of `component`.
    open func reloadComponent(_ component: Int) {
        guard onLoop("reloadComponent(_:)"), rowCounts.indices.contains(component) else { return }
        let rows = max(dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0, 0)
        rowCounts[component] = rows
        selections[component] = rows == 0 ? -1 : min(max(selections[component], 0), rows - 1)
        setNeedsDisplay()
    }

    /// The size of `component`'s rows: its width and row height from the delegate.
    open func rowSize(forComponent component: Int) -> Size {
        Size(width: delegate?.pickerView(self, widthForComponent: component) ?? bounds.width / CGFloat(max(numberOfComponents, 1)),
             height: delegate?.pickerView(self, rowHeightForComponent: component) ?? 32)
    }

    /// The title of `row` in `component`, from the delegate.
    func title(forRow row: Int, inComponent component: Int) -> String? {
        delegate?.pickerView(self, titleForRow: row, forComponent: component)
    }

    open override var intrinsicContentSize: Size { Size(width: 320, height: 216) }
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    override func runtimeDidMoveToWindow() {
        if window != nil { loadCountsIfNeeded() }
    }

    /// The user's pick: selects the row (clamped), records `selectRow` with
    /// `component,row`, and tells the delegate. False when the component has no rows.
    @discardableResult
    func userSelect(row: Int, inComponent component: Int) -> Bool {
        loadCountsIfNeeded()
        guard rowCounts.indices.contains(component), rowCounts[component] > 0 else { return false }
        let row = min(max(row, 0), rowCounts[component] - 1)
        selections[component] = row
        setNeedsDisplay()
        trace("selectRow", detail: "\(component),\(row)")
        delegate?.pickerView(self, didSelectRow: row, inComponent: component)
        return true
    }

    // MARK: Taps

    /// The component and row under `point`: components side by side (each as wide as the
    /// delegate says), rows stacked from the selection line at the middle.
    func rowAndComponent(at point: Point) -> (row: Int, component: Int)? {
        guard numberOfComponents > 0 else { return nil }
        var x = bounds.minX
        var component = numberOfComponents - 1
        for index in 0..<numberOfComponents {
            x += rowSize(forComponent: index).width
            if point.x < x { component = index; break }
        }
        let height = rowSize(forComponent: component).height
        guard height > 0 else { return nil }
        let offset = Int(((point.y - bounds.midY) / height).rounded())
        return (selectedRow(inComponent: component) + offset, component)
    }

    private var touchDown: Touch?

    /// Takes a finger down on the wheels.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Lifeloop.Event?) {
        if touchDown == nil { touchDown = touches.first }
    }

    /// A finger that lifts on a row picks it (when it is a row of the component).
    open override func touchesEnded(_ touches: Set<Touch>, with event: Lifeloop.Event?) {
        guard let touch = touchDown, touches.contains(touch) else { return }
        touchDown = nil
        let point = touch.location(in: self)
        guard bounds.contains(point), let (row, component) = rowAndComponent(at: point) else { return }
        guard row >= 0, row < numberOfRows(inComponent: component), row != selectedRow(inComponent: component) else { return }
        userSelect(row: row, inComponent: component)
    }

    /// Drops the finger.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Lifeloop.Event?) {
        if let touch = touchDown, touches.contains(touch) { touchDown = nil }
    }

    /// Moves are the wheels' own (Lifeloop does not spin them).
    open override func touchesMoved(_ touches: Set<Touch>, with event: Lifeloop.Event?) {}
}

extension Application {
    /// Picks `row` in `component` of `picker` as the user would by spinning the wheel:
    /// records `pick` on the picker, then the picker selects the row (clamped to the
    /// component's rows), records `selectRow` and calls its delegate's
    /// `pickerView(_:didSelectRow:inComponent:)`. A component with no rows is an
    /// `invalidArgument` diagnostic.
    public func pick(row: Int, inComponent component: Int, of picker: PickerView) {
        guard checkLoopThread(label: picker.traceLabel, operation: "pick(row:inComponent:of:)") else { return }
        loop.record(label: picker.traceLabel, event: "pick", detail: "\(component),\(row)", window: picker.window?.traceLabel ?? "")
        if !picker.userSelect(row: row, inComponent: component) {
            diagnose(.invalidArgument, label: picker.traceLabel,
                     message: "pick: component \(component) of \(picker.traceLabel) has no rows")
        }
    }
}
