import Histogram

/// A mergeable histogram of signed integer values (nanoseconds, counts, milli-units), with
/// exact count, minimum, maximum and sum beside HdrHistogram's buckets (3 significant
/// digits). Negative values (a frame's slack) go into a second set of buckets, of magnitudes.
///
/// Merging is exact: the merged buckets are the sum of the parts, so percentiles of a
/// merged histogram equal those of one that saw every value. Percentiles are bucket
/// values: within 0.1% of the true value.
///
/// Memory follows the content: exact values as (value, count) pairs, and past
/// `exactLimit` values only the non-empty buckets (`BucketCounts`), so a histogram
/// rebuilt from a file costs about what the file lists, however far apart its values lie.
public struct ValueHistogram: Sendable, Equatable {
    /// Up to this many values are kept exactly; past it they move into HdrHistogram's
    /// buckets. A run's few hundred frames stay exact; an experiment's millions cost the
    /// buckets only. The switch depends on the count alone, so merging parts in any order
    /// lands in the same form.
    static let exactLimit = 512

    /// The exact values, in no order, while not ``spilled``.
    private var exact: [Int64] = []
    /// How many times each of ``exact`` was seen, where that is not once each (a histogram
    /// rebuilt from stored buckets); empty when every value was seen once.
    private var exactCounts: [UInt64] = []
    private var spilled = false
    private var positive = BucketCounts()
    private var negative = BucketCounts()
    /// Values recorded.
    public private(set) var count: UInt64 = 0
    /// The smallest value recorded (0 when empty).
    public private(set) var min: Int64 = 0
    /// The largest value recorded (0 when empty).
    public private(set) var max: Int64 = 0
    /// The sum of the values. Recording wraps only past ±9.2e18; merging checks first
    /// (``mergeProblem(with:)``).
    public private(set) var sum: Int64 = 0

    /// An empty histogram.
    public init() {}

    public static func == (lhs: ValueHistogram, rhs: ValueHistogram) -> Bool {
        lhs.count == rhs.count && lhs.min == rhs.min && lhs.max == rhs.max && lhs.sum == rhs.sum
            && lhs.buckets.elementsEqual(rhs.buckets, by: ==)
    }

    /// Records one value.
    public mutating func record(_ value: Int64) {
        if count == 0 {
            min = value
            max = value
        } else {
            min = Swift.min(min, value)
            max = Swift.max(max, value)
        }
        count += 1
        sum = sum &+ value
        if !spilled && count <= UInt64(Self.exactLimit) {
            exact.append(value)
            if !exactCounts.isEmpty { exactCounts.append(1) }
            return
        }
        spill()
        bucket(value, count: 1)
    }

    @inline(__always)
    private mutating func bucket(_ value: Int64, count times: UInt64) {
        if value >= 0 {
            positive.add(UInt64(value), count: times)
        } else {
            negative.add(value.magnitude, count: times)
        }
    }

    /// How many times `exact[index]` was seen.
    @inline(__always)
    private func exactCount(_ index: Int) -> UInt64 { exactCounts.isEmpty ? 1 : exactCounts[index] }

    /// Moves the exact values into the buckets, once.
    private mutating func spill() {
        guard !spilled else { return }
        spilled = true
        for (index, value) in exact.enumerated() { bucket(value, count: exactCount(index)) }
        exact = []
        exactCounts = []
    }

    /// Adds every value of `other`; ``mergeProblem(with:)`` says first whether the count
    /// or the sum would overflow (it traps then).
    public mutating func merge(_ other: ValueHistogram) {
        guard other.count > 0 else { return }
        if count == 0 {
            min = other.min
            max = other.max
        } else {
            min = Swift.min(min, other.min)
            max = Swift.max(max, other.max)
        }
        count += other.count
        sum = sum &+ other.sum
        if !spilled && !other.spilled && count <= UInt64(Self.exactLimit) {
            if !exactCounts.isEmpty || !other.exactCounts.isEmpty {
                if exactCounts.isEmpty { exactCounts = Array(repeating: 1, count: exact.count) }
                if other.exactCounts.isEmpty {
                    exactCounts.append(contentsOf: repeatElement(1, count: other.exact.count))
                } else {
                    exactCounts += other.exactCounts
                }
            }
            exact += other.exact
            return
        }
        spill()
        if other.spilled {
            positive.merge(other.positive)
            negative.merge(other.negative)
        } else {
            if other.exactCounts.isEmpty {
                for value in other.exact { bucket(value, count: 1) }
            } else {
                for (value, times) in zip(other.exact, other.exactCounts) { bucket(value, count: times) }
            }
        }
    }

    /// The exact values as (value, count), smallest first, equal values joined.
    private var exactBuckets: [(value: Int64, count: UInt64)] {
        var out: [(value: Int64, count: UInt64)] = []
        let sorted = exactCounts.isEmpty ? exact.sorted().map { ($0, UInt64(1)) }
                                         : zip(exact, exactCounts).sorted { $0.0 < $1.0 }
        for (value, times) in sorted {
            if let last = out.last, last.value == value {
                out[out.count - 1].count += times
            } else {
                out.append((value, times))
            }
        }
        return out
    }

    /// The value below which `percentile` percent of the values fall (50 for the median):
    /// the nearest-rank value, exact while few, a bucket value (within 0.1%) past that; the
    /// exact minimum at 0 and maximum at 100.
    public func value(atPercentile percentile: Double) -> Int64 {
        value(atPercentile: percentile, sortedExact: nil)
    }

    /// The values at several percentiles, as ``value(atPercentile:)`` gives each, the
    /// exact values sorted once for all of them.
    public func values(atPercentiles percentiles: [Double]) -> [Int64] {
        let sortedExact = !spilled && exactCounts.isEmpty && count > 0 ? exact.sorted() : nil
        return percentiles.map { value(atPercentile: $0, sortedExact: sortedExact) }
    }

    private func value(atPercentile percentile: Double, sortedExact: [Int64]?) -> Int64 {
        guard count > 0 else { return 0 }
        if percentile <= 0 { return min }
        if percentile >= 100 { return max }
        // Within 1...count even where the double rounds past the count (near 2^64).
        let scaled = (percentile / 100 * Double(count)).rounded(.up)
        let rank = Swift.max(1, Swift.min(count, UInt64(exactly: scaled) ?? count))
        if !spilled {
            if exactCounts.isEmpty { return (sortedExact ?? exact.sorted())[Int(rank - 1)] }
            var seen: UInt64 = 0
            for bucket in exactBuckets {
                seen += bucket.count
                if seen >= rank { return bucket.value }
            }
            return max
        }
        let negatives = negative.total
        let value: Int64
        if rank <= negatives {
            // The rank-th smallest value is the (negatives - rank + 1)-th largest magnitude.
            let k = negatives - rank + 1
            value = -Int64(clamping: negative.value(atPercentile: 100 * Double(k) / Double(negatives)))
        } else if positive.total > 0 {
            let k = rank - negatives
            value = Int64(clamping: positive.value(atPercentile: 100 * Double(k) / Double(positive.total)))
        } else {
            value = max
        }
        // Also what keeps a bucket's highest value within the values recorded.
        return Swift.min(max, Swift.max(min, value))
    }

    /// The median.
    public var median: Int64 { value(atPercentile: 50) }

    /// The values as (value, count), smallest first: exact values while few, else the
    /// non-empty buckets. What the JSON report stores, and what
    /// ``init(buckets:count:min:max:sum:)`` rebuilds from.
    public var buckets: [(value: Int64, count: UInt64)] {
        if !spilled { return exactBuckets }
        var out: [(value: Int64, count: UInt64)] = []
        out.reserveCapacity(negative.nonEmpty + positive.nonEmpty)
        negative.forEach(descending: true) { index, times in
            out.append((-Int64(clamping: BucketCounts.highest(ofIndex: index)), times))
        }
        positive.forEach(descending: false) { index, times in
            out.append((Int64(clamping: BucketCounts.highest(ofIndex: index)), times))
        }
        return out
    }

    /// Bytes the values and buckets take (their arrays' elements, not the arrays' capacity
    /// or the allocator's overhead): what a histogram costs beyond its fixed size.
    var storageBytes: Int {
        exact.count * MemoryLayout<Int64>.stride + exactCounts.count * MemoryLayout<UInt64>.stride
            + positive.storageBytes + negative.storageBytes
    }

    /// Rebuilds a histogram from its stored buckets and exact figures, as ``buckets`` and
    /// the properties gave them, checking that they could have come from one: every count
    /// adds up, `min` and `max` are the first and last buckets' values (the same bucket past
    /// `exactLimit` values), and `sum` lies within what the buckets allow (equals it while
    /// the values are exact). Nothing here traps, whatever the figures.
    /// - Throws: ``ValueHistogramError`` naming the figure or bucket that does not hold.
    public init(
        buckets: [(value: Int64, count: UInt64)], count: UInt64, min: Int64, max: Int64, sum: Int64
    ) throws(ValueHistogramError) {
        func fail(_ field: ValueHistogramError.Field, _ message: String) -> ValueHistogramError {
            ValueHistogramError(field: field, message: message)
        }
        if count == 0 {
            guard buckets.isEmpty else { throw fail(.buckets, "count is 0 but there \(buckets.count == 1 ? "is a bucket" : "are \(buckets.count) buckets")") }
            guard min == 0 else { throw fail(.min, "must be 0 when count is 0, not \(min)") }
            guard max == 0 else { throw fail(.max, "must be 0 when count is 0, not \(max)") }
            guard sum == 0 else { throw fail(.sum, "must be 0 when count is 0, not \(sum)") }
            return
        }
        guard min <= max else { throw fail(.max, "\(max) is below min \(min)") }
        let exactForm = count <= UInt64(Self.exactLimit)
        // Bounds of the sum, from each bucket's range of values; 128 bits hold any of them,
        // as the counts add up to at most 2^64 and each value is at most 2^63 in magnitude.
        var lowest: Int128 = 0
        var highest: Int128 = 0
        var total: UInt64 = 0
        var previous: Int64?
        for (index, bucket) in buckets.enumerated() {
            guard bucket.count > 0 else { throw fail(.bucketCount(index), "a bucket's count must be at least 1") }
            if let previous, bucket.value <= previous {
                throw fail(.bucketValue(index), "bucket values must increase: \(bucket.value) follows \(previous)")
            }
            previous = bucket.value
            guard bucket.count <= count - total else {
                throw fail(.bucketCount(index), "the bucket counts add up to more than count \(count)")
            }
            total += bucket.count
            let range = exactForm ? bucket.value...bucket.value : Self.valueRange(ofBucket: bucket.value)
            guard range.lowerBound == range.upperBound || Self.representative(bucket.value) == bucket.value else {
                throw fail(.bucketValue(index), "\(bucket.value) is not a bucket value (HdrHistogram, 3 significant digits) "
                                                + "though count \(count) is past \(Self.exactLimit)")
            }
            lowest += Int128(bucket.count) * Int128(Swift.max(range.lowerBound, min))
            highest += Int128(bucket.count) * Int128(Swift.min(range.upperBound, max))
        }
        guard total == count else { throw fail(.buckets, "the bucket counts add up to \(total), not count \(count)") }
        let first = buckets[0].value
        let last = buckets[buckets.count - 1].value
        if exactForm {
            guard first == min else { throw fail(.min, "\(min) is not the smallest value, \(first)") }
            guard last == max else { throw fail(.max, "\(max) is not the largest value, \(last)") }
            guard Int128(sum) == lowest else { throw fail(.sum, "\(sum) is not the sum of the values, \(lowest)") }
        } else {
            guard Self.representative(min) == first else { throw fail(.min, "\(min) is not in the first bucket, \(first)") }
            guard Self.representative(max) == last else { throw fail(.max, "\(max) is not in the last bucket, \(last)") }
            guard lowest <= Int128(sum), Int128(sum) <= highest else {
                throw fail(.sum, "\(sum) is outside what the buckets allow, \(lowest) to \(highest)")
            }
        }
        // What the file lists, and no more: a value seen many times is stored once with its
        // count, and the buckets (distinct, increasing: checked above) are built in order.
        if exactForm {
            spilled = false
            exact = buckets.map(\.value)
            if buckets.contains(where: { $0.count != 1 }) { exactCounts = buckets.map(\.count) }
        } else {
            spilled = true
            let firstPositive = buckets.firstIndex { $0.value >= 0 } ?? buckets.count
            negative = BucketCounts(ascending: buckets[..<firstPositive].reversed().lazy.map {
                (BucketCounts.index(of: $0.value.magnitude), $0.count)
            })
            positive = BucketCounts(ascending: buckets[firstPositive...].lazy.map {
                (BucketCounts.index(of: UInt64($0.value)), $0.count)
            })
        }
        self.count = count
        self.min = min
        self.max = max
        self.sum = sum
    }

    /// The value ``buckets`` gives for the bucket holding `value` once spilled: the highest
    /// value of its HdrHistogram bucket, signed, within Int64.
    static func representative(_ value: Int64) -> Int64 {
        let highest = Self.layout.highestEquivalentForValue(value.magnitude)
        return value >= 0 ? Int64(clamping: highest) : -Int64(clamping: highest)
    }

    /// The values a spilled bucket written as `value` holds.
    static func valueRange(ofBucket value: Int64) -> ClosedRange<Int64> {
        let lowest = Self.layout.lowestEquivalentForValue(value.magnitude)
        if value >= 0 { return Int64(clamping: lowest)...value }
        // The bucket of -Int64.max also holds Int64.min, whose magnitude is clamped.
        return (value == -Int64.max ? Int64.min : value)...(-Int64(clamping: lowest))
    }

    /// An empty histogram of the layout the buckets use, for its bucket arithmetic.
    private static let layout = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    /// Why `other` cannot be merged into this histogram: its count or sum would overflow;
    /// nil when it can. ``merge(_:)`` assumes it can.
    public func mergeProblem(with other: ValueHistogram) -> String? {
        if count.addingReportingOverflow(other.count).overflow {
            return "the merged count, \(count) + \(other.count), is past the largest count, \(UInt64.max)"
        }
        if sum.addingReportingOverflow(other.sum).overflow {
            return "the merged sum, \(sum) + \(other.sum), is outside the 64-bit range"
        }
        return nil
    }
}

/// Why stored histogram figures (a report's `histogram`) are not a histogram.
public struct ValueHistogramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The figure that does not hold.
    public enum Field: Sendable, Equatable {
        /// The total count, the minimum, the maximum, the sum, or the bucket list as a whole.
        case count, min, max, sum, buckets
        /// The value of the bucket at this index.
        case bucketValue(Int)
        /// The count of the bucket at this index.
        case bucketCount(Int)
    }

    /// The figure that does not hold.
    public var field: Field
    /// What is wrong, naming the values.
    public var message: String

    /// An error about `field` that says `message`.
    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}

/// The counts of HdrHistogram's buckets (3 significant digits, values from 0 to 2^63) that
/// hold values, in whichever of two forms takes less memory: sparse (the non-empty buckets'
/// indices and counts, in order) while few of the buckets up to the highest are used,
/// dense (a count per bucket, as HdrHistogram keeps them) once sparse would take more than
/// half the dense size. The form never shows: ``ValueHistogram`` reads both the same way.
///
/// Dense costs 8 bytes per bucket up to the highest one used (450 KB for values up to
/// 2^63); sparse costs 10 bytes per non-empty bucket. A file listing two buckets far apart
/// thus costs 20 bytes, not 450 KB, and recording millions of values into a few thousand
/// buckets soon goes dense, indexed directly as HdrHistogram does.
struct BucketCounts: Sendable {
    /// Sparse: the non-empty buckets' indices, increasing (empty when dense).
    private var indices: [UInt16] = []
    /// Sparse: their counts (empty when dense).
    private var sparseCounts: [UInt64] = []
    /// Dense: a count per bucket index, up to a multiple of 1024 past the highest used.
    private var dense: [UInt64] = []
    private var isDense = false
    /// Non-empty buckets.
    private(set) var nonEmpty = 0
    /// The counts' sum.
    private(set) var total: UInt64 = 0

    init() {}

    /// Buckets from (index, count) pairs of increasing, distinct indices and counts of at
    /// least 1; in the form their number calls for.
    init(ascending entries: some Sequence<(Int, UInt64)>) {
        for (index, times) in entries {
            indices.append(UInt16(index))
            sparseCounts.append(times)
            total += times
        }
        nonEmpty = indices.count
        if let last = indices.last, Self.prefersDense(nonEmpty: nonEmpty, length: Self.denseLength(Int(last))) {
            makeDense(length: Self.denseLength(Int(last)))
        }
    }

    // MARK: Bucket arithmetic (HdrHistogram's, for a lowest discernible value of 1)

    /// Sub-buckets per bucket past the first, as a power of two: 3 significant digits
    /// need unit resolution up to 2000, so 2048 sub-buckets, half of them new per bucket.
    private static let halfMagnitude = 10
    private static let halfCount = 1 << halfMagnitude

    /// The highest index, that of 2^63 (the magnitude of `Int64.min`).
    static let maxIndex = index(of: 1 << 63)

    /// The index of the bucket holding `magnitude` (HdrHistogram's `countsIndexForValue`).
    @inline(__always)
    static func index(of magnitude: UInt64) -> Int {
        let bucket = 53 - (magnitude | 2047).leadingZeroBitCount
        let subBucket = Int(truncatingIfNeeded: magnitude &>> UInt64(bucket))
        return ((bucket + 1) << halfMagnitude) + (subBucket - halfCount)
    }

    /// The lowest value of bucket `index` (HdrHistogram's `valueFromIndex`).
    static func lowest(ofIndex index: Int) -> UInt64 {
        var bucket = (index >> halfMagnitude) - 1
        var subBucket = (index & (halfCount - 1)) + halfCount
        if bucket < 0 {
            subBucket -= halfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The highest value of bucket `index`: what ``ValueHistogram/buckets`` shows for it.
    static func highest(ofIndex index: Int) -> UInt64 {
        let bucket = Swift.max(0, (index >> halfMagnitude) - 1)
        return lowest(ofIndex: index) + ((1 << UInt64(bucket)) - 1)
    }

    /// The dense length that holds bucket `index`.
    static func denseLength(_ index: Int) -> Int { ((index >> halfMagnitude) + 1) << halfMagnitude }

    /// Whether `nonEmpty` buckets up to a dense length of `length` take less memory dense,
    /// allowing dense twice the sparse size: 8 × length ≤ 2 × 10 × nonEmpty.
    static func prefersDense(nonEmpty: Int, length: Int) -> Bool { 2 * length <= 5 * nonEmpty }

    // MARK: Changing

    /// Counts `times` values of magnitude `magnitude`.
    @inline(__always)
    mutating func add(_ magnitude: UInt64, count times: UInt64) {
        add(index: Self.index(of: magnitude), count: times)
    }

    @inline(__always)
    private mutating func add(index: Int, count times: UInt64) {
        total &+= times
        if isDense {
            if index < dense.count {
                dense.withUnsafeMutableBufferPointer { counts in
                    if counts[index] == 0 { nonEmpty += 1 }
                    counts[index] &+= times
                }
                return
            }
            let length = Self.denseLength(index)
            if Self.prefersDense(nonEmpty: nonEmpty + 1, length: length) {
                dense.append(contentsOf: repeatElement(0, count: length - dense.count))
                dense[index] = times
                nonEmpty += 1
                return
            }
            makeSparse()
        }
        let key = UInt16(index)
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < key { low = middle + 1 } else { high = middle }
        }
        if low < indices.count && indices[low] == key {
            sparseCounts[low] &+= times
            return
        }
        indices.insert(key, at: low)
        sparseCounts.insert(times, at: low)
        nonEmpty += 1
        let length = Self.denseLength(Int(indices[indices.count - 1]))
        if Self.prefersDense(nonEmpty: nonEmpty, length: length) { makeDense(length: length) }
    }

    /// Adds every count of `other`: the merged counts are the sums of the parts'.
    mutating func merge(_ other: BucketCounts) {
        guard other.nonEmpty > 0 else { return }
        guard nonEmpty > 0 else {
            self = other
            return
        }
        if isDense, other.highestIndex < dense.count {
            // Within the dense range: more buckets used can only keep it dense.
            dense.withUnsafeMutableBufferPointer { counts in
                other.forEach(descending: false) { index, times in
                    if counts[index] == 0 { nonEmpty += 1 }
                    counts[index] &+= times
                }
            }
            total &+= other.total
            return
        }
        // Both in order, into a sparse list; then the form the result calls for.
        var mine: [(Int, UInt64)] = []
        mine.reserveCapacity(nonEmpty)
        forEach(descending: false) { mine.append(($0, $1)) }
        var theirs: [(Int, UInt64)] = []
        theirs.reserveCapacity(other.nonEmpty)
        other.forEach(descending: false) { theirs.append(($0, $1)) }
        self = BucketCounts()
        indices.reserveCapacity(mine.count + theirs.count)
        sparseCounts.reserveCapacity(mine.count + theirs.count)
        var (i, j) = (0, 0)
        while i < mine.count || j < theirs.count {
            let entry: (Int, UInt64)
            if j == theirs.count || (i < mine.count && mine[i].0 < theirs[j].0) {
                entry = mine[i]
                i += 1
            } else if i == mine.count || theirs[j].0 < mine[i].0 {
                entry = theirs[j]
                j += 1
            } else {
                entry = (mine[i].0, mine[i].1 &+ theirs[j].1)
                i += 1
                j += 1
            }
            indices.append(UInt16(entry.0))
            sparseCounts.append(entry.1)
            total &+= entry.1
        }
        nonEmpty = indices.count
        let length = Self.denseLength(Int(indices[indices.count - 1]))
        if Self.prefersDense(nonEmpty: nonEmpty, length: length) { makeDense(length: length) }
    }

    private mutating func makeDense(length: Int) {
        var counts = [UInt64](repeating: 0, count: length)
        for (index, times) in zip(indices, sparseCounts) { counts[Int(index)] = times }
        dense = counts
        indices = []
        sparseCounts = []
        isDense = true
    }

    private mutating func makeSparse() {
        var keys: [UInt16] = []
        var counts: [UInt64] = []
        keys.reserveCapacity(nonEmpty)
        counts.reserveCapacity(nonEmpty)
        forEach(descending: false) { index, times in
            keys.append(UInt16(index))
            counts.append(times)
        }
        indices = keys
        sparseCounts = counts
        dense = []
        isDense = false
    }

    // MARK: Reading

    /// The highest non-empty bucket's index (0 when empty).
    private var highestIndex: Int {
        if !isDense { return indices.last.map(Int.init) ?? 0 }
        return dense.lastIndex { $0 != 0 } ?? 0
    }

    /// Calls `body` with each non-empty bucket's index and count, lowest index first or last.
    func forEach(descending: Bool, _ body: (Int, UInt64) -> Void) {
        if isDense {
            if descending {
                for index in dense.indices.reversed() where dense[index] != 0 { body(index, dense[index]) }
            } else {
                for index in dense.indices where dense[index] != 0 { body(index, dense[index]) }
            }
        } else if descending {
            for position in indices.indices.reversed() { body(Int(indices[position]), sparseCounts[position]) }
        } else {
            for position in indices.indices { body(Int(indices[position]), sparseCounts[position]) }
        }
    }

    /// The highest value of the bucket holding the value at `percentile` (0 < percentile),
    /// computed as HdrHistogram's `valueAtPercentile` does, to the last rounding; without its
    /// clamp to the extremes recorded, which the caller clamps to (the exact ones).
    func value(atPercentile percentile: Double) -> UInt64 {
        guard total > 0 else { return 0 }
        guard percentile < 100 else { return Self.highest(ofIndex: highestIndex) }
        // Less 1 ulp, against rounding into the next bucket when rounded up below.
        let requested = Swift.min(Swift.max(percentile.nextDown, 0.0), 100.0)
        let fractional = (requested * Double(total)) / 100.0
        let target = Swift.max(1, UInt64(exactly: fractional.rounded(.up)) ?? total)
        var seen: UInt64 = 0
        if isDense {
            for index in dense.indices {
                seen += dense[index]
                if seen >= target { return Self.highest(ofIndex: index) }
            }
        } else {
            for position in indices.indices {
                seen += sparseCounts[position]
                if seen >= target { return Self.highest(ofIndex: Int(indices[position])) }
            }
        }
        return 0
    }

    /// Bytes the counts take (elements, not capacity).
    var storageBytes: Int {
        indices.count * MemoryLayout<UInt16>.stride + sparseCounts.count * MemoryLayout<UInt64>.stride
            + dense.count * MemoryLayout<UInt64>.stride
    }

    /// Whether the counts are kept dense (for tests).
    var keptDense: Bool { isDense }
}
