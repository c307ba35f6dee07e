/// A property of a scenario's runs, judged across seeds (Antithesis's vocabulary): an
/// `expect` step with `always`, `sometimes` or `reachable`.
///
/// - `always`: holds in every seed that reaches the step; a seed where it does not fails.
/// - `sometimes`: holds in at least one seed; a seed where it does not still passes.
/// - `reachable`: some seed reaches the step.
///
/// The experiment report lists the properties never reached (no seed made a `sometimes`
/// true or reached a `reachable`, or no seed reached an `always`) and those that failed.
public struct ScenarioProperty: Sendable, Hashable {
    /// How a property is judged across seeds: `always`, `sometimes` or `reachable`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `always`: holds in every seed that reaches the step; `sometimes`: holds in at least one seed; `reachable`: some seed reaches the step.
        case always, sometimes, reachable
    }

    /// What must hold at the step.
    public enum Condition: Sendable, Hashable {
        /// The trace so far has these `label event` lines in this order.
        case sequence([String])
        /// A frame metric of a window (or the whole app) is at most a bound.
        case metric(FrameMetricName, window: String?, atMost: Double)
        /// The step is reached.
        case reached
    }

    /// How the property is judged across seeds.
    public var kind: Kind
    /// The name reports use: the step's `name`, else the condition written out.
    public var name: String
    /// What must hold at the step.
    public var condition: Condition

    /// A property of `kind`, named `name` in reports, that `condition` must satisfy.
    public init(kind: Kind, name: String, condition: Condition) {
        self.kind = kind
        self.name = name
        self.condition = condition
    }

    /// The condition as a default name: `sequence A x, B y`, `droppedFrames of main ≤ 3`.
    static func describe(_ condition: Condition) -> String {
        switch condition {
        case .sequence(let lines): return "sequence " + lines.joined(separator: ", ")
        case .metric(let metric, let window, let bound): return "\(metric.rawValue) of \(window ?? "all windows") ≤ \(formatNumber(bound))"
        case .reached: return "reached"
        }
    }
}

/// Whether a property held in one run, at the step that judged it.
public struct PropertyOutcome: Sendable, Equatable {
    /// The property's name.
    public var name: String
    /// How the property is judged across seeds.
    public var kind: ScenarioProperty.Kind
    /// Whether it held at the step.
    public var held: Bool

    /// The outcome of the property `name` of `kind`: whether it `held`.
    public init(name: String, kind: ScenarioProperty.Kind, held: Bool) {
        self.name = name
        self.kind = kind
        self.held = held
    }
}

/// A property across the seeds of a report.
public struct PropertyTally: Sendable, Equatable {
    /// The most failing seeds listed per property.
    public static let maxListedSeeds = 10

    /// The property's name.
    public var name: String
    /// How the property is judged across seeds.
    public var kind: ScenarioProperty.Kind
    /// Seeds whose run reached the property's step.
    public var reached: UInt64 = 0
    /// Seeds where it held there.
    public var held: UInt64 = 0
    /// The first seeds (by seed) where an `always` did not hold.
    public var failedSeeds: [UInt64] = []
    /// The capsule of the first failing seed, when the experiment wrote capsules.
    public var capsule: String?

    /// A tally of the property `name` of `kind`, with no seeds counted yet.
    public init(name: String, kind: ScenarioProperty.Kind) {
        self.name = name
        self.kind = kind
    }

    /// An `always` that did not hold in some seed.
    public var failed: Bool { kind == .always && held < reached }

    /// A `sometimes` never true, a `reachable` never reached, an `always` never judged.
    public var neverReached: Bool {
        switch kind {
        case .always, .reachable: return reached == 0
        case .sometimes: return held == 0
        }
    }

    mutating func add(_ other: PropertyTally) {
        reached = saturatingSum(reached, other.reached)
        held = saturatingSum(held, other.held)
        let mine = failedSeeds.first
        failedSeeds = Array(Set(failedSeeds + other.failedSeeds).sorted().prefix(Self.maxListedSeeds))
        if failedSeeds.first != mine || capsule == nil { capsule = other.capsule ?? capsule }
    }
}

extension Scenario {
    /// The properties the script declares, in step order, each name once.
    public var properties: [ScenarioProperty] {
        var seen = Set<String>()
        return steps.compactMap { step in
            guard case .expectProperty(let property) = step.action, seen.insert(property.name).inserted else { return nil }
            return property
        }
    }
}
