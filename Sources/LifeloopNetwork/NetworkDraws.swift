import Foundation
import LifeloopCore

/// The draws of one network rule: a stream fixed by the run's seed and the rule's key
/// (`network[2]`), apart from every other draw of the run, so adding a network to a
/// scenario leaves its other draws (and digests) as they were, and a rule's n-th request
/// draws the same whatever the other rules draw.
struct NetworkDraws {
    private var generator: SeededGenerator

    init(seed: UInt64, key: String) {
        generator = SeededGenerator(seed: seed, key: key)
    }

    /// A uniform double in (0, 1].
    mutating func unit() -> Double {
        generator.unit()
    }

    /// One latency, in whole nanoseconds, never negative, at most an hour.
    mutating func draw(_ latency: NetworkLatency) -> UInt64 {
        switch latency {
        case .fixed(let value):
            return UInt64(max(0, value.nanosecondsClamped))
        case .uniform(let low, let high):
            let lo = UInt64(max(0, low.nanosecondsClamped)), hi = UInt64(max(0, high.nanosecondsClamped))
            guard hi > lo else { return lo }
            let span = hi - lo
            return lo + (span == .max ? generator.next() : generator.next() % (span + 1))
        case .lognormal(let median, let p99):
            let m = Double(max(1, median.nanosecondsClamped)), p = Double(max(1, p99.nanosecondsClamped))
            let sigma = log(p / m) / 2.326_347_874_040_841
            let z = (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
            return UInt64(min(max(0, (m * exp(sigma * z)).rounded()), 3.6e12))
        }
    }

    /// Which failure, if any, one request meets: a single draw against the stacked
    /// probabilities (timeout, then connection lost, then DNS).
    mutating func failure(_ failures: NetworkFailures) -> URLError.Code? {
        let u = unit()
        if u <= failures.timeout { return .timedOut }
        if u <= failures.timeout + failures.connectionLost { return .networkConnectionLost }
        if u <= failures.timeout + failures.connectionLost + failures.dns { return .cannotFindHost }
        return nil
    }
}

extension Duration {
    /// Whole nanoseconds, clamped to `Int64`.
    var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow2 ? (scaled < 0 ? .min : .max) : sum
    }
}
