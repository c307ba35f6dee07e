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
        /// Lifeloop's bytes written per second, in MB, must be at least the limit.
        case throughput(Workload, atLeast: Double)
        /// Lifeloop's figure in one workload divided by its figure in another must be at
        /// most the limit.
        case workloadRatio(Workload, over: Workload, atMost: Double)
        /// Lifeloop's ns/op in one workload minus its ns/op in another must be at most the
        /// limit: the cost of what the first does beyond the second.
        case difference(Workload, minus: Workload, atMost: Double)
    }

    var name: String
    var kind: Kind

    struct Verdict: Sendable {
        var goal: Goal
        var measured: Double?
        var met: Bool? {
            guard let measured else { return nil }
            switch goal.kind {
            case .simulationSpeed, .throughput: return measured >= goal.limit
            default: return measured <= goal.limit
            }
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
        Goal(name: "simulation1h: allocations per push+pop", kind: .allocations(.simulation1h, atMost: 50)),
        // The trace: a digest-only run nearly as fast as an untraced one; recording, the
        // digest and the renderings in absolute terms.
        Goal(name: "simulation1h: digest only / untraced",
             kind: .workloadRatio(.simulation1hDigestOnly, over: .simulation1h, atMost: 1.15)),
        // Recording's own cost: the row minus the same calls with tracing off (the loop
        // turns, the timers and the call itself).
        Goal(name: "trace record − off: ns per event (unbounded)",
             kind: .difference(.traceRecord, minus: .traceRecordOff, atMost: 150)),
        Goal(name: "trace digest: ns per event", kind: .absolute(.traceDigest, atMost: 60, unit: "ns")),
        Goal(name: "trace digest: allocations per event", kind: .allocations(.traceDigest, atMost: 0.001)),
        Goal(name: "renderLines: MB per s", kind: .throughput(.renderLines, atLeast: 250)),
        Goal(name: "renderJSONLines: MB per s", kind: .throughput(.renderJSONLines, atLeast: 250)),
    ]

    var limit: Double {
        switch kind {
        case .ratio(_, _, let limit), .allocations(_, let limit), .absolute(_, let limit, _),
             .simulationSpeed(_, let limit), .throughput(_, let limit), .workloadRatio(_, _, let limit),
             .difference(_, _, let limit): limit
        }
    }

    /// How the report prints the measured figure.
    var measuredFormat: String {
        switch kind {
        case .absolute, .simulationSpeed, .throughput, .difference: "%.1f"
        case .ratio, .allocations, .workloadRatio: "%.3f"
        }
    }

    var limitText: String {
        switch kind {
        case .ratio(_, _, let limit): "≤ \(limit)×"
        case .allocations: "0 (≤ \(limit)/op)"
        case .absolute(_, let limit, let unit): "≤ \(Int(limit)) \(unit)"
        case .simulationSpeed(_, let limit): "≥ \(Int(limit))× real time"
        case .throughput(_, let limit): "≥ \(Int(limit)) MB/s"
        case .workloadRatio(_, _, let limit): "≤ \(limit)×"
        case .difference(_, _, let limit): "≤ \(Int(limit)) ns"
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
        case .throughput(let workload, _):
            return Verdict(goal: self, measured: find(workload, .lifeloop)?.megabytesPerSecond)
        case .workloadRatio(let workload, let base, _):
            guard let lifeloop = find(workload, .lifeloop), let other = find(base, .lifeloop) else {
                return Verdict(goal: self, measured: nil)
            }
            return Verdict(goal: self, measured: lifeloop.nanosecondsPerOperation / other.nanosecondsPerOperation)
        case .difference(let workload, let base, _):
            guard let lifeloop = find(workload, .lifeloop), let other = find(base, .lifeloop) else {
                return Verdict(goal: self, measured: nil)
            }
            return Verdict(goal: self, measured: lifeloop.nanosecondsPerOperation - other.nanosecondsPerOperation)
        }
    }
}
