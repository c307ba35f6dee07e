/// A target Lifeloop is held to: a ratio of its time to a peer's, or an
/// allocation count.
struct Goal: Sendable {
    enum Kind: Sendable {
        /// Lifeloop's ns/op divided by the peer's must be at most the limit.
        case ratio(Workload, peer: System, atMost: Double)
        /// Lifeloop's allocs/op must be at most the limit.
        case allocations(Workload, atMost: Double)
        /// Lifeloop's figure (ns/op, or the workload's own unit) must be at most the limit.
        case absolute(Workload, atMost: Double, unit: String)
        /// A simulation row's simulated seconds per wall second must be at least the limit.
        case simulationSpeed(Workload, atLeast: Double)
    }

    var name: String
    var kind: Kind

    struct Verdict: Sendable {
        var goal: Goal
        var measured: Double?
        var met: Bool? {
            guard let measured else { return nil }
            if case .simulationSpeed = goal.kind { return measured >= goal.limit }
            return measured <= goal.limit
        }
    }

    static let all: [Goal] = [
        Goal(name: "post: Lifeloop / NIO execute", kind: .ratio(.post, peer: .nio, atMost: 0.5)),
        Goal(name: "timers: Lifeloop / raw libuv", kind: .ratio(.timers, peer: .libuv, atMost: 1.5)),
        Goal(name: "timers: Lifeloop / NIO scheduleTask", kind: .ratio(.timers, peer: .nio, atMost: 0.2)),
        Goal(name: "hop: Lifeloop / NIO cross-thread execute", kind: .ratio(.hop, peer: .nio, atMost: 0.5)),
        Goal(name: "virtual: Lifeloop / NIO EmbeddedEventLoop", kind: .ratio(.virtual, peer: .embedded, atMost: 0.25)),
        // Per post, in steady state: a run's fixed cost (a handful of
        // allocations per runUntilIdle, say) spread over a million posts stays
        // far below this, one allocation in every post does not.
        Goal(name: "post: Lifeloop allocations per post", kind: .allocations(.post, atMost: 0.001)),
        // The view layer: absolute goals, no peer.
        Goal(name: "layoutAll100k: ns per laid-out view", kind: .absolute(.layoutAll100k, atMost: 100, unit: "ns")),
        Goal(name: "layoutOneLeaf100k: ns per pass", kind: .absolute(.layoutOneLeaf100k, atMost: 20_000, unit: "ns")),
        Goal(name: "memoryPerView: heap bytes per view", kind: .absolute(.memoryPerView, atMost: 512, unit: "bytes")),
        // The virtual clock at scale: an hour of four animating windows in under 3.6 s.
        Goal(name: "simulation1h: simulated s per wall s", kind: .simulationSpeed(.simulation1h, atLeast: 1_000)),
    ]

    var limit: Double {
        switch kind {
        case .ratio(_, _, let limit), .allocations(_, let limit), .absolute(_, let limit, _),
             .simulationSpeed(_, let limit): limit
        }
    }

    /// How the report prints the measured figure.
    var measuredFormat: String {
        switch kind {
        case .absolute, .simulationSpeed: "%.1f"
        case .ratio, .allocations: "%.3f"
        }
    }

    var limitText: String {
        switch kind {
        case .ratio(_, _, let limit): "≤ \(limit)×"
        case .allocations: "0 (≤ \(limit)/op)"
        case .absolute(_, let limit, let unit): "≤ \(Int(limit)) \(unit)"
        case .simulationSpeed(_, let limit): "≥ \(Int(limit))× real time"
        }
    }

    func judge(_ measurements: [Measurement]) -> Verdict {
        func find(_ workload: Workload, _ system: System) -> Measurement? {
            measurements.first { $0.workload == workload && $0.system == system }
        }
        switch kind {
        case .ratio(let workload, let peer, _):
            guard let lifeloop = find(workload, .lifeloop), let other = find(workload, peer) else {
                return Verdict(goal: self, measured: nil)
            }
            return Verdict(goal: self, measured: lifeloop.nanosecondsPerOperation / other.nanosecondsPerOperation)
        case .allocations(let workload, _):
            return Verdict(goal: self, measured: find(workload, .lifeloop)?.allocationsPerOperation)
        case .absolute(let workload, _, _):
            return Verdict(goal: self, measured: find(workload, .lifeloop)?.nanosecondsPerOperation)
        case .simulationSpeed(let workload, _):
            return Verdict(goal: self, measured: find(workload, .lifeloop)?.simulation?.simulatedSecondsPerWallSecond)
        }
    }
}
