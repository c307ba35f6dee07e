import Lifeloop

extension WindowSnapshot {
    /// How a snapshot is drawn.
    public enum Style: String, Sendable, CaseIterable {
        /// The app as the phone shows it: the window alone, UIKit's chrome (status bar, bars,
        /// separators, accessories, controls), no labels or outlines. The default.
        case phone
        /// The wireframe for debugging: every view a rectangle with its outline and its
        /// trace label, hidden views dashed, the window framed with a caption above it.
        case debug
    }

    /// What UIKit draws for a control, a cell or a scroll view beyond its text and
    /// background: read from the view when the snapshot is taken.
    public enum Chrome: Sendable, Equatable {
        /// A table cell's accessory mark and its separator (nil when the table shows none).
        case cell(accessory: TableViewCell.AccessoryType, separator: Separator?)
        /// A slider at `fraction` of its range, with the track colours the app set.
        case slider(fraction: Double, minimumTrack: Color?, maximumTrack: Color?)
        /// A progress view at `fraction`, with the colours the app set.
        case progress(fraction: Double, progressTint: Color?, trackTint: Color?)
        /// A segmented control's titles and its selected segment.
        case segmented(titles: [String], selected: Int?, selectedTint: Color?)
        /// A stepper's two buttons, each drawn dimmed when it cannot step further.
        case stepper(canDecrement: Bool, canIncrement: Bool)
        /// A page control's dots.
        case pageControl(pages: Int, current: Int, tint: Color?, currentTint: Color?)
        /// A spinning activity indicator.
        case activityIndicator(large: Bool, color: Color?)
        /// A text field's border and its clear button.
        case textField(borderStyle: TextField.BorderStyle, clearButton: Bool)
        /// A scroll view's indicators while it scrolls, in window coordinates.
        case scrollIndicators(vertical: Rect?, horizontal: Rect?)
        /// A button in an alert's action list: a hairline above it, and one on its left
        /// when it is the right one of two side by side.
        case alertAction(leadingHairline: Bool)
        /// A toolbar: its bar colour reaching `extendsBy` points below it (over the home
        /// indicator's safe area when it sits on it) and a hairline along its top.
        case toolbar(color: Color?, extendsBy: Double)
        /// A plain table's separators below its last row, as UIKit draws them down the rest
        /// of the table when it has no footer view: one every `rowHeight` points from
        /// `firstY` (window coordinates), inset `inset` at the leading edge.
        case emptyRowSeparators(firstY: Double, rowHeight: Double, inset: Double, color: Color?)
    }

    /// A table row's separator line, at its bottom edge.
    public struct Separator: Sendable, Equatable {
        /// How far from the row's leading edge the line starts.
        public var left: Double
        /// How far from the row's trailing edge the line ends.
        public var right: Double
        /// The table's separator colour, when the app set one.
        public var color: Color?
        /// Whether a hairline also runs along the row's top edge, the whole width (the
        /// first row of a grouped table's section).
        public var top = false
    }

    /// The chrome UIKit draws for `view` at `rect` (window coordinates), if any.
    static func chrome(of view: View, rect: Rect) -> Chrome? {
        switch view {
        case let cell as TableViewCell:
            var separator: Separator?
            if let table = cell.superview as? TableView, table.separatorStyle != .none {
                let inset = cell.separatorInset
                separator = Separator(left: inset.left, right: inset.right, color: table.separatorColor)
                // Grouped sections are edged by whole-width hairlines; inset grouped ones
                // by their rounded corners, with no line under the last row.
                if table.style != .plain, let path = table.indexPath(for: cell) {
                    let last = path.row == table.numberOfRows(inSection: path.section) - 1
                    if table.style == .insetGrouped {
                        if last { separator = nil }
                    } else {
                        if last { separator?.left = 0 }
                        separator?.top = path.row == 0
                    }
                }
            }
            return .cell(accessory: cell.accessoryType, separator: separator)
        case let slider as Slider:
            let span = Double(slider.maximumValue - slider.minimumValue)
            let fraction = span > 0 ? Double(slider.value - slider.minimumValue) / span : 0
            return .slider(fraction: min(1, max(0, fraction)), minimumTrack: slider.minimumTrackTintColor,
                           maximumTrack: slider.maximumTrackTintColor)
        case let progress as ProgressView:
            return .progress(fraction: min(1, max(0, Double(progress.progress))), progressTint: progress.progressTintColor,
                             trackTint: progress.trackTintColor)
        case let control as SegmentedControl:
            let titles = (0..<control.numberOfSegments).map { control.titleForSegment(at: $0) ?? "" }
            let selected = control.selectedSegmentIndex
            return .segmented(titles: titles, selected: selected >= 0 && selected < titles.count ? selected : nil,
                              selectedTint: control.selectedSegmentTintColor)
        case let stepper as Stepper:
            return .stepper(canDecrement: stepper.wraps || stepper.value > stepper.minimumValue,
                            canIncrement: stepper.wraps || stepper.value < stepper.maximumValue)
        case let pages as PageControl:
            return .pageControl(pages: pages.numberOfPages, current: pages.currentPage, tint: pages.pageIndicatorTintColor,
                                currentTint: pages.currentPageIndicatorTintColor)
        case let spinner as ActivityIndicatorView:
            guard spinner.isAnimating || !spinner.hidesWhenStopped else { return nil }
            return .activityIndicator(large: spinner.style == .large || spinner.style == .whiteLarge, color: spinner.color)
        case let field as TextField:
            return .textField(borderStyle: field.borderStyle, clearButton: field.showsClearButton)
        case let toolbar as Toolbar:
            // A toolbar on the bottom safe area's edge (a navigation controller's) is drawn
            // down to the screen's bottom, as UIKit's bar background reaches under the home indicator.
            var extends = 0.0
            if let window = toolbar.window {
                let bottom = window.bounds.height - window.screenSafeAreaInsets.bottom
                if window.screenSafeAreaInsets.bottom > 0, abs(rect.maxY - bottom) < 0.5 { extends = window.screenSafeAreaInsets.bottom }
            }
            return .toolbar(color: toolbar.drawnBackgroundColor.map(toolbar.resolvedColor), extendsBy: extends)
        case let table as TableView where !(table.isDragging || table.isDecelerating):
            guard table.style == .plain, table.separatorStyle != .none, table.tableFooterView == nil else { return nil }
            let rowHeight = table.rowHeight > 0 && table.rowHeight.isFinite ? Double(table.rowHeight) : 44
            let contentEnd = rect.minY + Double(table.contentSize.height - table.contentOffset.y)
            guard contentEnd + rowHeight <= rect.maxY else { return nil }
            return .emptyRowSeparators(firstY: contentEnd + rowHeight, rowHeight: rowHeight,
                                       inset: Double(table.separatorInset.left), color: table.separatorColor)
        case let scroll as ScrollView:
            guard scroll.isDragging || scroll.isDecelerating else { return nil }
            return scrollIndicators(of: scroll, rect: rect)
        default:
            return nil
        }
    }

    /// Where a scrolling view's indicators lie: a 3-point bar inset 3 points from the
    /// trailing (bottom) edge, as long as the visible part is of the content (at least 36
    /// points), placed by the offset.
    private static func scrollIndicators(of scroll: ScrollView, rect: Rect) -> Chrome? {
        let content = scroll.contentSize, offset = scroll.contentOffset
        var vertical: Rect?, horizontal: Rect?
        if scroll.showsVerticalScrollIndicator, content.height > rect.height, rect.height > 12 {
            let track = rect.height - 6
            let length = max(36, track * rect.height / content.height)
            let progress = min(1, max(0, offset.y / (content.height - rect.height)))
            vertical = Rect(x: rect.maxX - 6, y: rect.minY + 3 + (track - length) * progress, width: 3, height: length)
        }
        if scroll.showsHorizontalScrollIndicator, content.width > rect.width, rect.width > 12 {
            let track = rect.width - 6
            let length = max(36, track * rect.width / content.width)
            let progress = min(1, max(0, offset.x / (content.width - rect.width)))
            horizontal = Rect(x: rect.minX + 3 + (track - length) * progress, y: rect.maxY - 6, width: length, height: 3)
        }
        guard vertical != nil || horizontal != nil else { return nil }
        return .scrollIndicators(vertical: vertical, horizontal: horizontal)
    }
}
