import Histogram

/// A mergeable histogram of signed integer values (nanoseconds, counts, milli-units), with
/// exact count, minimum, maximum and sum beside HdrHistogram's buckets (3 significant
/// digits). Negative values (a frame's slack) go into a second histogram of magnitudes.
///
/// Merging is exact: the merged buckets are the sum of the parts, so percentiles of a
/// merged histogram equal those of one that saw every value. Percentiles are bucket
/// values: within 0.1% of the true value.
public struct ValueHistogram: Sendable, Equatable {
    private var positive = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
    private var negative = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
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
        if value >= 0 {
            _ = positive.record(UInt64(value), count: times)
        } else {
            _ = negative.record(value.magnitude, count: times)
        }
        if count == 0 {
            min = value
            max = value
        } else {
            min = Swift.min(min, value)
            max = Swift.max(max, value)
        }
        count += times
        sum = sum &+ value &* Int64(truncatingIfNeeded: times)
    }

    /// Adds every value of `other`.
    public mutating func merge(_ other: ValueHistogram) {
        guard other.count > 0 else { return }
        positive.add(other.positive)
        negative.add(other.negative)
        if count == 0 {
            min = other.min
            max = other.max
        } else {
            min = Swift.min(min, other.min)
            max = Swift.max(max, other.max)
        }
        count += other.count
        sum = sum &+ other.sum
    }

    /// The value below which `percentile` percent of the values fall (50 for the median);
    /// the exact minimum at 0 and maximum at 100.
    public func value(atPercentile percentile: Double) -> Int64 {
        guard count > 0 else { return 0 }
        if percentile <= 0 { return min }
        if percentile >= 100 { return max }
        let rank = Swift.max(1, UInt64((percentile / 100 * Double(count)).rounded(.up)))
        let negatives = negative.totalCount
        let value: Int64
        if rank <= negatives {
            // The rank-th smallest value is the (negatives - rank + 1)-th largest magnitude.
            let k = negatives - rank + 1
            value = -Int64(clamping: negative.valueAtPercentile(100 * Double(k) / Double(negatives)))
        } else {
            let k = rank - negatives
            value = Int64(clamping: positive.valueAtPercentile(100 * Double(k) / Double(positive.totalCount)))
        }
        return Swift.min(max, Swift.max(min, value))
    }

    /// The median.
    public var median: Int64 { value(atPercentile: 50) }

    /// The non-empty buckets as (value, count), smallest value first: what the JSON report
    /// stores, and what ``init(buckets:count:min:max:sum:)`` rebuilds from.
    public var buckets: [(value: Int64, count: UInt64)] {
        var out: [(Int64, UInt64)] = []
        for entry in negative.recordedValues().reversed() {
            out.append((-Int64(clamping: entry.value), entry.count))
        }
        for entry in positive.recordedValues() {
            out.append((Int64(clamping: entry.value), entry.count))
        }
        return out
    }

    /// Rebuilds a histogram from its stored buckets and exact figures.
    public init(buckets: [(value: Int64, count: UInt64)], count: UInt64, min: Int64, max: Int64, sum: Int64) {
        for bucket in buckets where bucket.count > 0 {
            if bucket.value >= 0 {
                _ = positive.record(UInt64(bucket.value), count: bucket.count)
            } else {
                _ = negative.record(bucket.value.magnitude, count: bucket.count)
            }
        }
        self.count = count
        self.min = min
        self.max = max
        self.sum = sum
    }
}
