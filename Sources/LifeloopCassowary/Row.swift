/// A symbol of the tableau: an id (in creation order) and a kind, packed so that symbols
/// sort by id.
struct Symbol: Hashable, Comparable {
    enum Kind: Int { case external = 0, slack = 1, error = 2, dummy = 3 }
    let raw: Int

    init(_ kind: Kind, id: Int) { raw = id << 2 | kind.rawValue }
    private init(raw: Int) { self.raw = raw }

    static let invalid = Symbol(raw: -1)
    var isValid: Bool { raw >= 0 }
    var id: Int { raw >> 2 }
    var kind: Kind { Kind(rawValue: raw & 3)! }
    var isExternal: Bool { raw >= 0 && raw & 3 == 0 }
    var isDummy: Bool { raw >= 0 && raw & 3 == 3 }
    /// Slack or error: the restricted (non-negative) symbols a pivot may choose.
    var isPivotable: Bool { raw >= 0 && (raw & 3 == 1 || raw & 3 == 2) }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }

/// One cell of a row.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A row of the tableau: `basic = constant + Σ coefficient * symbol`, its cells sorted by
/// symbol, so that every walk over them is in creation order.
final class Row {
    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0) {
        self.constant = constant
        cells = []
    }

    init(copying other: Row) {
        constant = other.constant
        cells = other.cells
    }

    /// The index of `symbol`, or where it would go, and whether it is there.
    @inline(__always)
    func find(_ symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = cells.count
        let key = symbol.raw
        while low < high {
            let mid = (low + high) >> 1
            let raw = cells[mid].symbol.raw
            if raw < key { low = mid + 1 } else if raw > key { high = mid } else { return (mid, true) }
        }
        return (low, false)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = find(symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient * symbol`; a cell that comes to (nearly) zero goes.
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (index, found) = find(symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `coefficient * row` (its constant too), merging the sorted cells.
    func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        let other = row.cells
        if other.count <= 2 {
            for cell in other { insert(cell.symbol, cell.coefficient * coefficient) }
            return
        }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.count)
        var i = 0, j = 0
        let mine = cells
        while i < mine.count || j < other.count {
            if j == other.count || (i < mine.count && mine[i].symbol.raw < other[j].symbol.raw) {
                merged.append(mine[i]); i += 1
            } else if i == mine.count || other[j].symbol.raw < mine[i].symbol.raw {
                let value = other[j].coefficient * coefficient
                if !nearZero(value) { merged.append(Cell(symbol: other[j].symbol, coefficient: value)) }
                j += 1
            } else {
                let value = mine[i].coefficient + other[j].coefficient * coefficient
                if !nearZero(value) { merged.append(Cell(symbol: mine[i].symbol, coefficient: value)) }
                i += 1; j += 1
            }
        }
        cells = merged
    }

    /// Adds `coefficient * row` as ``insert(_:_:)-row`` does, noting the symbols that came
    /// into this row and those that left it (for the solver's column index).
    func insert(_ row: Row, _ coefficient: Double, added: inout [Symbol], removed: inout [Symbol]) {
        constant += row.constant * coefficient
        let other = row.cells
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.count)
        var i = 0, j = 0
        let mine = cells
        while i < mine.count || j < other.count {
            if j == other.count || (i < mine.count && mine[i].symbol.raw < other[j].symbol.raw) {
                merged.append(mine[i]); i += 1
            } else if i == mine.count || other[j].symbol.raw < mine[i].symbol.raw {
                let value = other[j].coefficient * coefficient
                if !nearZero(value) {
                    merged.append(Cell(symbol: other[j].symbol, coefficient: value))
                    added.append(other[j].symbol)
                }
                j += 1
            } else {
                let value = mine[i].coefficient + other[j].coefficient * coefficient
                if !nearZero(value) {
                    merged.append(Cell(symbol: mine[i].symbol, coefficient: value))
                } else {
                    removed.append(mine[i].symbol)
                }
                i += 1; j += 1
            }
        }
        cells = merged
    }

    func remove(_ symbol: Symbol) {
        let (index, found) = find(symbol)
        if found { cells.remove(at: index) }
    }

    func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Solves the row (`0 = constant + Σ …`) for `symbol`, which must be in it: the row
    /// becomes `symbol = …`.
    func solve(for symbol: Symbol) {
        let (index, _) = find(symbol)
        let factor = -1.0 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// Solves `lhs = constant + Σ …` for `rhs`: the row becomes `rhs = …`.
    func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`'s expression; returns whether the row held it.
    @discardableResult
    func substitute(_ symbol: Symbol, _ row: Row) -> Bool {
        let (index, found) = find(symbol)
        guard found else { return false }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, coefficient)
        return true
    }
}
