import Foundation

/// A stream of draws fixed by the run's seed and a key (a cost rule, a step, a network
/// rule): the n-th draw of a key is the same whatever else the run draws, so adding a
/// step, a cost rule or a network leaves the other draws (and digests) as they were.
///
/// The scenario runner and the scripted network draw through this one type, each over its
/// own description of a distribution, so the two cannot drift apart in how they draw.
package struct DrawStream: Sendable {
    private var generator: SeededGenerator

    /// The stream of `key` under `seed`.
    package init(seed: UInt64, key: String) {
        generator = SeededGenerator(seed: seed, key: key)
    }

    /// A uniform double in (0, 1]: 53 random bits, never 0 (the log-normal takes its log).
    package mutating func unit() -> Double {
        generator.unit()
    }

    /// A whole number of nanoseconds uniform between `low` and `high`, inclusive; negative
    /// bounds count as zero, and `low` itself when `high` is not above it.
    package mutating func uniformNanoseconds(_ low: Duration, _ high: Duration) -> UInt64 {
        let lo = UInt64(max(0, low.nanosecondsClamped))
        let hi = UInt64(max(0, high.nanosecondsClamped))
        guard hi > lo else { return lo }
        let span = hi - lo
        return lo + (span == .max ? generator.next() : generator.next() % (span + 1))
    }

    /// A whole number of nanoseconds from a log-normal with this median and 99th
    /// percentile, never negative; an hour bounds a single draw, so a wild tail cannot
    /// stall a run.
    package mutating func lognormalNanoseconds(median: Duration, p99: Duration) -> UInt64 {
        // ln X ~ N(mu, sigma): the median is e^mu, the p99 is e^(mu + 2.3263 sigma).
        let m = Double(max(1, median.nanosecondsClamped))
        let p = Double(max(1, p99.nanosecondsClamped))
        let sigma = log(p / m) / 2.326_347_874_040_841
        // Box-Muller, over two fresh uniforms.
        let z = (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
        return UInt64(min(max(0, (m * exp(sigma * z)).rounded()), 3.6e12))
    }
}
