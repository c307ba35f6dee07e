import Foundation
import LifeloopCore

/// The draws of one network rule come from a stream fixed by the run's seed and the
/// rule's key (`network[2]`), apart from every other draw of the run, so adding a network
/// to a scenario leaves its other draws (and digests) as they were, and a rule's n-th
/// request draws the same whatever the other rules draw.
extension DrawStream {
    /// One latency, in whole nanoseconds, never negative, at most an hour.
    mutating func draw(_ latency: NetworkLatency) -> UInt64 {
        switch latency {
        case .fixed(let value):
            return UInt64(max(0, value.nanosecondsClamped))
        case .uniform(let low, let high):
            return uniformNanoseconds(low, high)
        case .lognormal(let median, let p99):
            return lognormalNanoseconds(median: median, p99: p99)
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
