/// The offsets of a run of items laid end to end (a section's rows): each item's extent
/// is an estimate until it is set, and offsets and lookups cost O(log n), never O(n).
///
/// While every item has the estimate the index holds no per-item storage at all (an
/// offset is `index × estimate`), so a section of a million rows of one height costs
/// nothing to lay out. The first extent that differs allocates a Fenwick tree of the
/// differences from the estimate (O(n) once); after that, setting an extent and finding
/// an offset or the item at an offset are O(log n).
struct ExtentIndex {
    /// How many items.
    let count: Int
    /// The extent of an item that was never set.
    let estimate: Double
    /// A Fenwick tree (1-based) of each item's extent minus the estimate; empty while no
    /// item differs from the estimate.
    private var tree: [Double] = []
    /// The sum of the differences.
    private var deltaTotal = 0.0

    init(count: Int, estimate: Double) {
        self.count = max(0, count)
        self.estimate = estimate.isFinite ? max(0, estimate) : 0
    }

    /// The sum of the extents.
    var total: Double { Double(count) * estimate + deltaTotal }

    /// The sum of the differences of the items before `index`.
    private func deltaPrefix(_ index: Int) -> Double {
        guard !tree.isEmpty else { return 0 }
        var sum = 0.0
        var position = min(index, count)
        while position > 0 {
            sum += tree[position]
            position &= position - 1
        }
        return sum
    }

    /// Where item `index` starts: the sum of the extents before it.
    func offset(of index: Int) -> Double {
        let clamped = min(max(0, index), count)
        return Double(clamped) * estimate + deltaPrefix(clamped)
    }

    /// Item `index`'s extent.
    func extent(of index: Int) -> Double {
        guard index >= 0, index < count else { return 0 }
        guard !tree.isEmpty else { return estimate }
        return estimate + deltaPrefix(index + 1) - deltaPrefix(index)
    }

    /// Sets item `index`'s extent (negative and non-finite extents count as 0).
    mutating func setExtent(_ value: Double, of index: Int) {
        guard index >= 0, index < count else { return }
        let value = value.isFinite ? max(0, value) : 0
        let change = value - extent(of: index)
        guard change != 0 else { return }
        if tree.isEmpty { tree = [Double](repeating: 0, count: count + 1) }
        deltaTotal += change
        var position = index + 1
        while position <= count {
            tree[position] += change
            position += position & -position
        }
    }

    /// The item that covers `offset`: the last item starting at or before it (0 before the
    /// first; the last item past the end). Nil with no items.
    func index(at offset: Double) -> Int? {
        guard count > 0 else { return nil }
        guard offset > 0 else { return 0 }
        if tree.isEmpty {
            guard estimate > 0 else { return count - 1 }
            return min(count - 1, Int(min(Double(count), (offset / estimate).rounded(.down))))
        }
        // Fenwick descent over the offsets, which grow with the index.
        var position = 0
        var sum = 0.0
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, Double(next) * estimate + sum + tree[next] <= offset {
                position = next
                sum += tree[next]
            }
            step /= 2
        }
        return min(count - 1, position)
    }
}
