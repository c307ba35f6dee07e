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
    /// The sum of the values, wrapping only past ±9.2e18.
    public private(set) var sum: Int64 = 0

    public init() {}

    public static func == (lhs: ValueHistogram, rhs: ValueHistogram) -> Bool {
        lhs.count == rhs.count && lhs.min == rhs.min && lhs.max == rhs.max && lhs.sum == rhs.sum
            && lhs.buckets.elementsEqual(rhs.buckets, by: ==)
    }

    /// Records one value.
    public mutating func record(_ value: Int64) {
        record(value, count: 1)
    }

    private mutating func record(_ value: Int64, count times: UInt64) {
        guard times > 0 else { return }
        if count == 0 {
            min = value
            max = value
        } else {
            min = Swift.min(min, value)
            max = Swift.max(max, value)
        }
        count += times
        sum = sum &+ value &* Int64(truncatingIfNeeded: times)
        if !spilled && count <= UInt64(Self.exactLimit) {
            exact.append(contentsOf: repeatElement(value, count: Int(times)))
            return
        }
        spill()
        bucket(value, count: times)
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

    /// Adds every value of `other`.
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
        let rank = Swift.max(1, UInt64((percentile / 100 * Double(count)).rounded(.up)))
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

    /// Rebuilds a histogram from its stored buckets and exact figures.
    public init(buckets: [(value: Int64, count: UInt64)], count: UInt64, min: Int64, max: Int64, sum: Int64) {
        if count > UInt64(Self.exactLimit) {
            spilled = true
            for bucket in buckets where bucket.count > 0 { self.bucket(bucket.value, count: bucket.count) }
        } else {
            for bucket in buckets { exact.append(contentsOf: repeatElement(bucket.value, count: Int(bucket.count))) }
        }
        self.count = count
        self.min = min
        self.max = max
        self.sum = sum
    }
}
