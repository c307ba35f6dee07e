/// The vertical geometry of a sectioned list: an optional header above all sections, then
/// per section a header, its rows and a footer, then an optional footer below all. A
/// table view lays out with it; a collection view's list layout can too.
///
/// Rows' extents live in one ``ExtentIndex`` per section; the sections' starts are summed
/// in O(sections) when an extent changed, so a frame's lookup is O(sections + log rows).
struct ListGeometry {
    struct Section {
        var header: Double
        var footer: Double
        var rows: ExtentIndex
        var height: Double { header + rows.total + footer }
    }

    var sections: [Section] = []
    /// The list's header view height (above every section).
    var listHeader = 0.0
    /// The list's footer view height (below every section).
    var listFooter = 0.0
    /// Where each section starts; recomputed when marked stale.
    private var starts: [Double] = []
    private var startsStale = true

    init() {}

    init(sections: [Section], listHeader: Double, listFooter: Double) {
        self.sections = sections
        self.listHeader = listHeader
        self.listFooter = listFooter
    }

    private mutating func refreshStarts() {
        guard startsStale else { return }
        starts.removeAll(keepingCapacity: true)
        var y = listHeader
        for section in sections {
            starts.append(y)
            y += section.height
        }
        startsStale = false
    }

    /// The whole list's height.
    mutating func contentHeight() -> Double {
        refreshStarts()
        guard let last = sections.last, let start = starts.last else { return listHeader + listFooter }
        return start + last.height + listFooter
    }

    /// Where section `section` starts (its header's top).
    mutating func start(ofSection section: Int) -> Double {
        refreshStarts()
        guard section >= 0, section < starts.count else { return contentHeightCached }
        return starts[section]
    }

    private var contentHeightCached: Double {
        guard let last = sections.last, let start = starts.last else { return listHeader + listFooter }
        return start + last.height + listFooter
    }

    /// The top of the row at `indexPath` and its height.
    mutating func rowSpan(_ section: Int, _ row: Int) -> (y: Double, height: Double) {
        guard section >= 0, section < sections.count else { return (0, 0) }
        let rows = sections[section].rows
        return (start(ofSection: section) + sections[section].header + rows.offset(of: row), rows.extent(of: row))
    }

    /// Sets a row's height.
    mutating func setRowHeight(_ height: Double, section: Int, row: Int) {
        guard section >= 0, section < sections.count else { return }
        let before = sections[section].rows.total
        sections[section].rows.setExtent(height, of: row)
        if sections[section].rows.total != before { startsStale = true }
    }

    /// Sets a section's header and footer heights.
    mutating func setSupplementary(header: Double, footer: Double, section: Int) {
        guard section >= 0, section < sections.count else { return }
        if sections[section].header != header || sections[section].footer != footer {
            sections[section].header = header
            sections[section].footer = footer
            startsStale = true
        }
    }

    /// The index paths (section, row) of the rows that intersect `minY..<maxY`, in order.
    mutating func rows(intersecting minY: Double, _ maxY: Double) -> [(section: Int, row: Int)] {
        refreshStarts()
        guard maxY > minY else { return [] }
        var result: [(section: Int, row: Int)] = []
        // The first section that ends after minY: binary search over the starts.
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] + sections[middle].height <= minY { low = middle + 1 } else { high = middle }
        }
        var section = low
        while section < sections.count, starts[section] < maxY {
            let rowsTop = starts[section] + sections[section].header
            let rows = sections[section].rows
            if rows.count > 0, let first = rows.index(at: minY - rowsTop) {
                var row = first
                while row < rows.count {
                    let top = rowsTop + rows.offset(of: row)
                    if top >= maxY { break }
                    if top + rows.extent(of: row) > minY { result.append((section, row)) }
                    row += 1
                }
            }
            section += 1
        }
        return result
    }

    /// The sections whose header or footer intersect `minY..<maxY`, in order.
    mutating func sections(intersecting minY: Double, _ maxY: Double) -> [Int] {
        refreshStarts()
        var result: [Int] = []
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] + sections[middle].height <= minY { low = middle + 1 } else { high = middle }
        }
        var section = low
        while section < sections.count, starts[section] < maxY {
            result.append(section)
            section += 1
        }
        return result
    }
}
