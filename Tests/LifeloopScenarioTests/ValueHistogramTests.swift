import Foundation
@testable import LifeloopScenario
import Testing

/// ``ValueHistogram`` keeps its buckets sparse or dense, whichever is smaller, and must read
/// the same either way: the same buckets, percentiles and merges as HdrHistogram's dense
/// array gave, and memory that follows what it holds, not how far apart the values lie.
@Suite struct ValueHistogramTests {
    /// SplitMix64, for values spread the same way on every run.
    struct Values {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// Log-uniform over 10^low ... 10^high, negative with probability `negative`.
        mutating func spread(_ low: Double, _ high: Double, negative: Double = 0) -> Int64 {
            let exponent = low + (high - low) * Double(next() >> 11) / Double(1 << 53)
            let magnitude = Int64(Swift.min(pow(10, exponent), 9.2e18))
            return Double(next() >> 11) / Double(1 << 53) < negative ? -magnitude : magnitude
        }
    }

    static let percentiles: [Double] = [0, 0.1, 1, 5, 10, 25, 33.3, 50, 66.7, 75, 90, 95, 99, 99.9, 99.99, 100]

    /// What the percentile must be: the nearest-rank value's bucket value (its exact value while
    /// few), within the exact extremes.
    static func expected(_ sorted: [Int64], _ percentile: Double) -> Int64 {
        let count = UInt64(sorted.count)
        if percentile <= 0 { return sorted[0] }
        if percentile >= 100 { return sorted[sorted.count - 1] }
        let rank = Swift.max(1, Swift.min(count, UInt64((percentile / 100 * Double(count)).rounded(.up))))
        let value = sorted[Int(rank - 1)]
        guard count > UInt64(ValueHistogram.exactLimit) else { return value }
        return Swift.min(sorted[sorted.count - 1], Swift.max(sorted[0], ValueHistogram.representative(value)))
    }

    /// The buckets `values` must give: exact while few, else one per HdrHistogram bucket.
    static func expectedBuckets(_ sorted: [Int64]) -> [(value: Int64, count: UInt64)] {
        var out: [(value: Int64, count: UInt64)] = []
        let spilled = sorted.count > ValueHistogram.exactLimit
        for value in sorted {
            let key = spilled ? ValueHistogram.representative(value) : value
            if let last = out.last, last.value == key { out[out.count - 1].count += 1 } else { out.append((key, 1)) }
        }
        return out
    }

    static func check(_ histogram: ValueHistogram, against values: [Int64], sourceLocation: SourceLocation = #_sourceLocation) {
        let sorted = values.sorted()
        #expect(histogram.count == UInt64(values.count), sourceLocation: sourceLocation)
        #expect(histogram.buckets.elementsEqual(expectedBuckets(sorted), by: ==), sourceLocation: sourceLocation)
        for percentile in percentiles {
            #expect(histogram.value(atPercentile: percentile) == expected(sorted, percentile),
                    "p\(percentile)", sourceLocation: sourceLocation)
        }
    }

    @Test func bucketArithmeticIsHdrHistogramsAtThreeDigits() {
        var magnitudes: [UInt64] = Array(0...5000)
        for shift: UInt64 in 0...63 {
            let power = UInt64(1) << shift
            magnitudes += [power, power - 1, power + 1, power &* 3 / 2]
        }
        var random = Values(state: 1)
        for _ in 0..<20_000 { magnitudes.append(random.next() >> (random.next() % 64)) }
        for magnitude in magnitudes where magnitude <= UInt64(Int64.max) {
            let index = BucketCounts.index(of: magnitude)
            #expect(index >= 0 && index <= BucketCounts.maxIndex)
            // ValueHistogram's bucket checks ask HdrHistogram itself.
            #expect(Int64(BucketCounts.highest(ofIndex: index)) == ValueHistogram.representative(Int64(magnitude)),
                    "highest of \(magnitude)")
            #expect(Int64(BucketCounts.lowest(ofIndex: index)) == ValueHistogram.valueRange(ofBucket: Int64(magnitude)).lowerBound,
                    "lowest of \(magnitude)")
        }
        #expect(BucketCounts.index(of: 1 << 63) == BucketCounts.maxIndex)
        #expect(BucketCounts.maxIndex < Int(UInt16.max))
    }

    @Test(arguments: [
        (0.0, 4.0, 0.0),      // few buckets, close together: dense
        (3.0, 10.0, 0.0),     // 1 µs to 10 s, as frame and callback times are
        (0.0, 18.9, 0.3),     // the whole 64-bit range, both signs: sparse
        (6.0, 6.01, 0.5),     // a narrow band either side of zero
    ])
    func percentilesAndBucketsAreHdrHistogramsInEitherForm(_ low: Double, _ high: Double, _ negative: Double) {
        for count in [1, 7, 512, 513, 2_000, 60_000] {
            var random = Values(state: UInt64(count))
            var values: [Int64] = []
            var histogram = ValueHistogram()
            for _ in 0..<count {
                let value = random.spread(low, high, negative: negative)
                values.append(value)
                histogram.record(value)
            }
            Self.check(histogram, against: values)
            // Rebuilt from its buckets, as a file is read: the same histogram (where the sum,
            // which recording wraps, is the true one).
            guard values.reduce(Int128(0), { $0 + Int128($1) }) == Int128(histogram.sum) else { continue }
            let rebuilt = try? ValueHistogram(buckets: histogram.buckets, count: histogram.count, min: histogram.min,
                                              max: histogram.max, sum: histogram.sum)
            #expect(rebuilt == histogram)
            if let rebuilt { Self.check(rebuilt, against: values) }
        }
    }

    @Test func mergesAreExactWhateverTheFormsAndOrder() throws {
        var random = Values(state: 42)
        // Parts of every form: exact, exact with repeated values (rebuilt), sparse and wide,
        // dense and narrow, negative only.
        var parts: [[Int64]] = [
            (0..<300).map { _ in random.spread(3, 9) },
            Array(repeating: 5, count: 200) + [1_000_000_000_000],
            (0..<700).map { _ in random.spread(0, 15, negative: 0.5) },
            (0..<50_000).map { _ in random.spread(3, 5) },
            (0..<900).map { _ in -random.spread(2, 7) },
        ]
        parts.append([Int64.min, Int64.max, 0])
        var histograms: [ValueHistogram] = []
        for part in parts {
            var recorded = ValueHistogram()
            for value in part { recorded.record(value) }
            histograms.append(try ValueHistogram(buckets: recorded.buckets, count: recorded.count, min: recorded.min,
                                                 max: recorded.max, sum: recorded.sum))
            histograms.append(recorded)
        }
        for order in [Array(histograms.indices), Array(histograms.indices.reversed()), [5, 0, 9, 2, 11, 7, 1, 3, 10, 4, 6, 8]] {
            var merged = ValueHistogram()
            var values: [Int64] = []
            for index in order {
                #expect(merged.mergeProblem(with: histograms[index]) == nil)
                merged.merge(histograms[index])
                values += parts[index / 2]
                Self.check(merged, against: values)
            }
        }
    }

    /// A histogram costs what it holds: two buckets far apart cost two entries, not the
    /// dense array up to the farther one (450 KB per sign up to 2^63), and a value seen many
    /// times in a stored histogram costs one entry, not one per time.
    @Test func memoryFollowsWhatTheHistogramHolds() throws {
        let far = ValueHistogram.representative(1_000_000_000_000_000_000)
        let spilled = try ValueHistogram(buckets: [(-far, 1), (1, 1000), (far, 1)], count: 1002, min: -far, max: far, sum: 1000)
        #expect(spilled.storageBytes <= 64, "\(spilled.storageBytes) bytes")
        #expect(spilled.value(atPercentile: 50) == 1 && spilled.value(atPercentile: 100) == far)
        #expect(spilled.value(atPercentile: 0.05) == -far)
        let exact = try ValueHistogram(buckets: [(1, 511), (far, 1)], count: 512, min: 1, max: far, sum: 511 + far)
        #expect(exact.storageBytes <= 32, "\(exact.storageBytes) bytes")
        #expect(exact.value(atPercentile: 99.8) == 1 && exact.value(atPercentile: 99.9) == far)

        // Merged, they stay what they hold.
        var merged = spilled
        for _ in 0..<100 { merged.merge(spilled) }
        merged.merge(exact)
        #expect(merged.storageBytes <= 64, "\(merged.storageBytes) bytes")
        #expect(merged.count == 101 * 1002 + 512)

        // Recording many values close together goes dense (as fast as HdrHistogram's array),
        // and no larger than twice the sparse form.
        var dense = ValueHistogram()
        var random = Values(state: 7)
        for _ in 0..<100_000 { dense.record(random.spread(3, 7)) }
        let buckets = dense.buckets.count
        #expect(dense.storageBytes <= 2 * 10 * buckets + 8 * 1024, "\(dense.storageBytes) bytes for \(buckets) buckets")
        #expect(dense.storageBytes < 10 * buckets, "dense, smaller than sparse: \(dense.storageBytes) bytes for \(buckets) buckets")
        // A far value then makes dense too large: sparse again, the same content.
        var wide = dense
        wide.record(far)
        #expect(wide.storageBytes <= 10 * (buckets + 1), "\(wide.storageBytes) bytes for \(buckets + 1) buckets")
        #expect(wide.buckets.dropLast().elementsEqual(dense.buckets, by: ==))
    }
}
