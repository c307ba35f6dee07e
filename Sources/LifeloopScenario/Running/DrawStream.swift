import Foundation
import LifeloopCore

/// A stream of draws fixed by the run's seed and a key (a cost rule, a step): the n-th
/// draw of a key is the same whatever else the scenario draws, so adding a step or a cost
/// rule leaves the other draws as they were.
struct DrawStream {
    private var generator: SeededGenerator

    init(seed: UInt64, key: String) {
        generator = SeededGenerator(seed: seed, key: key)
    }

    /// A uniform double in (0, 1]: 53 random bits, never 0 (the log-normal takes its log).
    mutating func unit() -> Double {
        generator.unit()
    }

    /// One draw from `distribution`, in whole nanoseconds, never negative.
    mutating func draw(_ distribution: Distribution) -> Duration {
        switch distribution {
        case .fixed(let value):
            return value
        case .uniform(let low, let high):
            let lo = UInt64(max(0, low.nanoseconds))
            let hi = UInt64(max(0, high.nanoseconds))
            guard hi > lo else { return .nanoseconds(Int64(lo)) }
            let span = hi - lo
            let offset = span == .max ? generator.next() : generator.next() % (span + 1)
            return .nanoseconds(Int64(clamping: lo + offset))
        case .lognormal(let median, let p99):
            // ln X ~ N(mu, sigma): the median is e^mu, the p99 is e^(mu + 2.3263 sigma).
            let m = Double(max(1, median.nanoseconds))
            let p = Double(max(1, p99.nanoseconds))
            let sigma = log(p / m) / 2.326_347_874_040_841
            // Box-Muller, over two fresh uniforms.
            let z = (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
            let value = m * exp(sigma * z)
            // An hour bounds a single draw, so a wild tail cannot stall a run.
            return .nanoseconds(Int64(min(max(0, value.rounded()), 3.6e12)))
        }
    }
}
