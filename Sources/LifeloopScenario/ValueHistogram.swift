import Histogram

/// A mergeable histogram of signed integer values (nanoseconds, counts, milli-units), with
/// exact count, minimum, maximum and sum beside HdrHistogram's buckets (3 significant
/// digits). Negative values (a frame's slack) go into a second histogram of magnitudes.
///
/// Merging is exact: the merged buckets are the sum of the parts, so percentiles of a
/// merged histogram equal those of one that saw every value. Percentiles are bucket
/// values: within 0.1% of the true value.
public struct ValueHistogram: Sendable, Equatable {
    /// Up to this many values are kept exactly; past it they move into HdrHistogram's
    /// buckets. A run's few hundred frames stay exact and cheap (a bucket array costs
    /// ~100 KiB); an experiment's millions cost the buckets only. The switch depends on
    /// the count alone, so merging parts in any order lands in the same form.
    static let exactLimit = 512

    private var exact: [Int64] = []
    private var spilled = false
    private var positive: Histogram<UInt64>?
    private var negative: Histogram<UInt64>?
    /// Values recorded.
    public private(set) var count: UInt64 = 0
    /// The smallest value recorded (0 when empty).
    public private(set) var min: Int64 = 0
    /// The largest value recorded (0 when empty).
    public private(set) var max: Int64 = 0
    /// The sum of the values. Recording wraps only past ±9.2e18; merging checks first
    /// (``mergeProblem(with:)``).
    public private(set) var sum: Int64 = 0

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
            return
        }
        spill()
        bucket(value, count: 1)
    }

    private mutating func bucket(_ value: Int64, count times: UInt64) {
        if value >= 0 {
            if positive == nil { positive = Histogram(numberOfSignificantValueDigits: .three) }
            _ = positive!.record(UInt64(value), count: times)
        } else {
            if negative == nil { negative = Histogram(numberOfSignificantValueDigits: .three) }
            _ = negative!.record(value.magnitude, count: times)
        }
    }

    /// Moves the exact values into the buckets, once.
    private mutating func spill() {
        guard !spilled else { return }
        spilled = true
        for value in exact { bucket(value, count: 1) }
        exact = []
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
            exact += other.exact
            return
        }
        spill()
        if other.spilled {
            for (mine, theirs) in [(\Self.positive, other.positive), (\Self.negative, other.negative)] {
                guard let theirs else { continue }
                if self[keyPath: mine] == nil {
                    self[keyPath: mine] = theirs
                } else {
                    self[keyPath: mine]!.add(theirs)
                }
            }
        } else {
            for value in other.exact { bucket(value, count: 1) }
        }
    }

    /// The value below which `percentile` percent of the values fall (50 for the median):
    /// the nearest-rank value, exact while few, a bucket value (within 0.1%) past that; the
    /// exact minimum at 0 and maximum at 100.
    public func value(atPercentile percentile: Double) -> Int64 {
        guard count > 0 else { return 0 }
        if percentile <= 0 { return min }
        if percentile >= 100 { return max }
        // Within 1...count even where the double rounds past the count (near 2^64).
        let scaled = (percentile / 100 * Double(count)).rounded(.up)
        let rank = Swift.max(1, Swift.min(count, UInt64(exactly: scaled) ?? count))
        if !spilled {
            return exact.sorted()[Int(rank - 1)]
        }
        let negatives = negative?.totalCount ?? 0
        let value: Int64
        if rank <= negatives, let negative {
            // The rank-th smallest value is the (negatives - rank + 1)-th largest magnitude.
            let k = negatives - rank + 1
            value = -Int64(clamping: negative.valueAtPercentile(100 * Double(k) / Double(negatives)))
        } else if let positive {
            let k = rank - negatives
            value = Int64(clamping: positive.valueAtPercentile(100 * Double(k) / Double(positive.totalCount)))
        } else {
            value = max
        }
        return Swift.min(max, Swift.max(min, value))
    }

    /// The median.
    public var median: Int64 { value(atPercentile: 50) }

    /// The values as (value, count), smallest first: exact values while few, else the
    /// non-empty buckets. What the JSON report stores, and what
    /// ``init(buckets:count:min:max:sum:)`` rebuilds from.
    public var buckets: [(value: Int64, count: UInt64)] {
        var out: [(value: Int64, count: UInt64)] = []
        if !spilled {
            for value in exact.sorted() {
                if let last = out.last, last.value == value {
                    out[out.count - 1].count += 1
                } else {
                    out.append((value, 1))
                }
            }
            return out
        }
        if let negative {
            for entry in negative.recordedValues().reversed() { out.append((-Int64(clamping: entry.value), entry.count)) }
        }
        if let positive {
            for entry in positive.recordedValues() { out.append((Int64(clamping: entry.value), entry.count)) }
        }
        return out
    }

    /// Rebuilds a histogram from its stored buckets and exact figures, as ``buckets`` and
    /// the properties gave them, checking that they could have come from one: every count
    /// adds up, `min` and `max` are the first and last buckets' values (the same bucket past
    /// ``exactLimit`` values), and `sum` lies within what the buckets allow (equals it while
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
        if exactForm {
            spilled = false
            exact.reserveCapacity(Int(count))
            for bucket in buckets { exact.append(contentsOf: repeatElement(bucket.value, count: Int(bucket.count))) }
        } else {
            spilled = true
            for bucket in buckets { self.bucket(bucket.value, count: bucket.count) }
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
        case count, min, max, sum, buckets
        /// The value of the bucket at this index.
        case bucketValue(Int)
        /// The count of the bucket at this index.
        case bucketCount(Int)
    }

    public var field: Field
    /// What is wrong, naming the values.
    public var message: String

    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}
