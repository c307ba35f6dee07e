import LifeloopCore

extension DrawStream {
    /// One draw from a scenario's `distribution`, in whole nanoseconds (a fixed duration
    /// as written).
    mutating func draw(_ distribution: Distribution) -> Duration {
        switch distribution {
        case .fixed(let value):
            return value
        case .uniform(let low, let high):
            return .nanoseconds(Int64(clamping: uniformNanoseconds(low, high)))
        case .lognormal(let median, let p99):
            return .nanoseconds(Int64(lognormalNanoseconds(median: median, p99: p99)))
        }
    }
}
