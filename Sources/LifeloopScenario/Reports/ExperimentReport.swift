import Foundation

/// The Lifeloop version reports and recordings carry.
public enum LifeloopVersion {
    /// The version, as `major.minor.patch`.
    public static let string = "0.4.0"
}

/// A seed that failed, with the command that re-runs exactly it.
public struct SeedFailure: Sendable, Equatable {
    /// The seed that failed.
    public var seed: UInt64
    /// Why it failed.
    public var message: String
    /// The command that re-runs exactly this seed with its trace.
    public var rerun: String

    /// A failure of `seed` that says `message`, re-run by `rerun`.
    public init(seed: UInt64, message: String, rerun: String) {
        self.seed = seed
        self.message = message
        self.rerun = rerun
    }
}

/// A seed among the slowest of an experiment, and why.
public struct SlowSeed: Sendable, Equatable {
    /// The seed.
    public var seed: UInt64
    /// Hitch time summed over its windows.
    public var hitchNanoseconds: Int64
    /// Its longest frame's work, vsync to the end of the commit.
    public var longestFrameNanoseconds: Int64
}

/// One seed's digest: what its run came to, folded into 64 bits (``ExperimentReport/runDigest(_:)``).
public struct SeedDigest: Sendable, Equatable {
    /// The seed.
    public var seed: UInt64
    /// Its run's digest.
    public var digest: UInt64

    /// A seed and its run's digest.
    public init(seed: UInt64, digest: UInt64) {
        self.seed = seed
        self.digest = digest
    }
}

/// What runs of a scenario add up to: the seeds covered, the failures, and every metric as
/// a mergeable histogram. One run, a whole experiment, a shard, or shards merged: the same
/// value, written as the same JSON (schema version 1, <doc:ReportFormat>).
///
/// Memory follows the metrics and their buckets, not the number of seeds: only the first
/// ``maxListedFailures`` failures are kept with their messages; the rest are counted.
public struct ExperimentReport: Sendable, Equatable {
    /// The JSON schema version; bumped only on an incompatible change.
    public static let schemaVersion = 1
    /// Failures listed with their message; beyond, only counted.
    public static let maxListedFailures = 100

    /// The scenario's name.
    public var scenarioName: String
    /// The scenario's hash: reports of different hashes never merge.
    public var scenarioHash: String
    /// The clock the runs used, `virtual` or `host`.
    public var clock: String
    /// The seed ranges these runs covered, sorted, adjacent ranges joined.
    public internal(set) var seedRanges: [ClosedRange<UInt64>] = []
    /// Seeds that were run more than once (in merged shards), as ranges.
    public internal(set) var duplicateRanges: [ClosedRange<UInt64>] = []
    /// Runs counted.
    public internal(set) var runs: UInt64 = 0
    /// Runs that failed.
    public internal(set) var failed: UInt64 = 0
    /// The first ``maxListedFailures`` failures, with their messages.
    public internal(set) var failures: [SeedFailure] = []
    /// Every metric, as a mergeable histogram.
    public internal(set) var metrics = MetricSet()
    /// The slowest seeds, slowest first (at most ``maxSlowSeeds``): by hitch time summed
    /// over windows, then the longest frame's work, then the seed; for the report page.
    /// The JSON report carries them (`slowestSeeds`), so merged shards keep them.
    public internal(set) var slowest: [SlowSeed] = []
    /// How many of the slowest seeds are kept.
    public static let maxSlowSeeds = 5
    /// Each run's digest, by seed (sorted once a report is complete): the same scenario
    /// and seed give the same digest on any machine, so `lifeloop merge` can tell a shard
    /// that ran twice (the same digests) from runs that are not deterministic (different
    /// ones). Empty for a report whose runs include a seed run twice.
    public internal(set) var seedDigests: [SeedDigest] = []
    /// The scenario's `always`/`sometimes`/`reachable` properties across the seeds, in the
    /// order the script declares them.
    public internal(set) var properties: [PropertyTally] = []
    /// Runs and failures per appearance drawn (`light/large`, `dark/large`…), by name, when
    /// the scenario lists appearances or text sizes for its seeds to draw from.
    public internal(set) var appearances: [AppearanceTally] = []

    /// An empty report for a scenario.
    public init(scenarioName: String, scenarioHash: String, clock: String) {
        self.scenarioName = scenarioName
        self.scenarioHash = scenarioHash
        self.clock = clock
    }

    /// A report for a scenario, before any run.
    public init(scenario: Scenario) {
        self.init(scenarioName: scenario.name, scenarioHash: scenario.hash, clock: scenario.clock.rawValue)
        properties = scenario.properties.map { PropertyTally(name: $0.name, kind: $0.kind) }
    }

    /// Names the capsule written for each failing seed: a failed `always` property lists
    /// the capsule of its first failing seed.
    public mutating func noteCapsules(_ capsules: [UInt64: String]) {
        for index in properties.indices {
            if let first = properties[index].failedSeeds.first { properties[index].capsule = capsules[first] }
        }
    }

    private mutating func tally(_ name: String, _ kind: ScenarioProperty.Kind) -> Int {
        if let index = properties.firstIndex(where: { $0.name == name }) { return index }
        properties.append(PropertyTally(name: name, kind: kind))
        return properties.count - 1
    }

    /// Adds one run. The seeds a report covers are declared with ``cover(_:)``, once per
    /// block, so threads that take seeds in turns do not fragment them.
    public mutating func add(_ result: RunResult, rerun: String) {
        runs += 1
        if case .failed(let message) = result.status {
            failed += 1
            if failures.count < Self.maxListedFailures {
                failures.append(SeedFailure(seed: result.seed, message: message, rerun: rerun))
            }
        }
        metrics.merge(result.metrics)
        seedDigests.append(SeedDigest(seed: result.seed, digest: Self.runDigest(result)))
        for outcome in result.properties {
            let index = tally(outcome.name, outcome.kind)
            properties[index].reached += 1
            if outcome.held { properties[index].held += 1 }
            if outcome.kind == .always, !outcome.held {
                properties[index].failedSeeds = Array((properties[index].failedSeeds + [result.seed]).sorted().prefix(PropertyTally.maxListedSeeds))
            }
        }
        if let appearance = result.appearance {
            noteAppearance(AppearanceTally(name: appearance.name, runs: 1, failed: result.status.isPassed ? 0 : 1))
        }
        let hitch = result.windows.reduce(Int64(0)) { $0 + $1.hitchNanoseconds }
        let longest = result.windows.map { $0.frameDurationCpu.count > 0 ? $0.frameDurationCpu.max : 0 }.max() ?? 0
        noteSlow([SlowSeed(seed: result.seed, hitchNanoseconds: hitch, longestFrameNanoseconds: longest)])
    }

    mutating func noteAppearance(_ tally: AppearanceTally) {
        if let index = appearances.firstIndex(where: { $0.name == tally.name }) {
            appearances[index].runs += tally.runs
            appearances[index].failed += tally.failed
        } else {
            appearances.append(tally)
            appearances.sort { $0.name < $1.name }
        }
    }

    private mutating func noteSlow(_ seeds: [SlowSeed]) {
        slowest = Array((slowest + seeds).sorted { lhs, rhs in
            (lhs.hitchNanoseconds, lhs.longestFrameNanoseconds, rhs.seed) > (rhs.hitchNanoseconds, rhs.longestFrameNanoseconds, lhs.seed)
        }.prefix(Self.maxSlowSeeds))
    }

    /// Adds another report of the same scenario: seeds, failures and histograms; the
    /// percentiles are recomputed from the merged histograms, never averaged. Checks first
    /// that the two can merge, and merges nothing when they cannot.
    /// - Throws: ``ReportMergeError`` when the reports are of different scenarios or
    ///   clocks, a metric has another unit or scope in each, or a total (runs, failed, a
    ///   histogram's count or sum) would overflow.
    public mutating func merge(_ other: ExperimentReport) throws(ReportMergeError) {
        if let problem = mergeProblem(with: other) { throw problem }
        absorb(other)
    }

    /// Why `other` cannot merge into this report, or nil.
    public func mergeProblem(with other: ExperimentReport) -> ReportMergeError? {
        if other.scenarioHash != scenarioHash || other.scenarioName != scenarioName {
            return ReportMergeError(field: "context.scenarioHash", message: "of scenario \(other.scenarioName) (hash \(other.scenarioHash)), "
                                    + "not \(scenarioName) (hash \(scenarioHash))")
        }
        if other.clock != clock {
            return ReportMergeError(field: "context.clock", message: "of the \(other.clock) clock, not the \(clock) clock")
        }
        if runs.addingReportingOverflow(other.runs).overflow {
            return ReportMergeError(field: "runs", message: "the merged runs, \(runs) + \(other.runs), are past \(UInt64.max)")
        }
        if failed.addingReportingOverflow(other.failed).overflow {
            return ReportMergeError(field: "failed", message: "the merged failed runs, \(failed) + \(other.failed), are past \(UInt64.max)")
        }
        for theirs in other.properties {
            if let mine = properties.first(where: { $0.name == theirs.name }), mine.kind != theirs.kind {
                return ReportMergeError(field: "properties", message: "'\(theirs.name)' is \(theirs.kind.rawValue) here, \(mine.kind.rawValue) before")
            }
        }
        for theirs in other.metrics.sorted {
            guard let mine = metrics[theirs.name] else { continue }
            let field = "metrics.\(theirs.name)"
            if mine.unit != theirs.unit || mine.scope != theirs.scope {
                return ReportMergeError(field: field, message: "is in \(theirs.unit.rawValue) per \(theirs.scope.rawValue), "
                                        + "but in \(mine.unit.rawValue) per \(mine.scope.rawValue) in the results before it")
            }
            if let problem = mine.values.mergeProblem(with: theirs.values) {
                return ReportMergeError(field: field + ".histogram", message: problem)
            }
        }
        return nil
    }

    /// Adds a report of runs made in this process (``Experiment``'s threads), whose totals
    /// cannot overflow; reports read from files go through ``merge(_:)``.
    mutating func absorb(_ other: ExperimentReport) {
        runs += other.runs
        failed += other.failed
        for range in other.seedRanges { cover(range) }
        for range in other.duplicateRanges { addDuplicate(range) }
        for failure in other.failures where failures.count < Self.maxListedFailures { failures.append(failure) }
        failures.sort { $0.seed < $1.seed }
        metrics.merge(other.metrics)
        noteSlow(other.slowest)
        seedDigests += other.seedDigests
        seedDigests.sort { $0.seed < $1.seed }
        for theirs in other.properties {
            let index = tally(theirs.name, theirs.kind)
            properties[index].add(theirs)
        }
        for theirs in other.appearances { noteAppearance(theirs) }
    }

    /// The digest of `seed`'s run, if this report has one (its digests sorted by seed).
    public func digest(ofSeed seed: UInt64) -> UInt64? {
        var low = 0, high = seedDigests.count
        while low < high {
            let middle = (low + high) / 2
            if seedDigests[middle].seed < seed { low = middle + 1 } else { high = middle }
        }
        return low < seedDigests.count && seedDigests[low].seed == seed ? seedDigests[low].digest : nil
    }

    /// A run's digest: its status and failure, end time, turns, frames per window and every
    /// figure it recorded (and its trace digest when it kept one), folded with FNV-1a. Two
    /// runs of one seed that differ in anything the report counts differ here.
    public static func runDigest(_ result: RunResult) -> UInt64 {
        var hash = FNV1a()
        func add(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { hash.combine($0) } }
        func add(_ value: Int64) { add(UInt64(bitPattern: value)) }
        func add(_ text: String) { hash.combine(text); add(UInt64(text.utf8.count)) }
        switch result.status {
        case .passed: add("passed")
        case .failed(let message): add("failed"); add(message)
        }
        add(result.endTime)
        add(result.turns)
        add(result.digest?.value ?? 0)
        for frames in result.windows {
            add(frames.window)
            add(UInt64(frames.frameCount))
            add(UInt64(frames.droppedFrames))
            add(frames.hitchNanoseconds)
            add(frames.animatedNanoseconds)
        }
        for metric in result.metrics.sorted {
            add(metric.name)
            add(metric.values.count)
            add(metric.values.sum)
            add(metric.values.min)
            add(metric.values.max)
        }
        return hash.value
    }

    /// The seeds of `expected` that no run covered.
    public func missingRanges(of expected: ClosedRange<UInt64>) -> [ClosedRange<UInt64>] {
        var missing: [ClosedRange<UInt64>] = []
        var next: UInt64? = expected.lowerBound
        for range in seedRanges {
            guard let start = next else { break }
            if range.upperBound < start { continue }
            if range.lowerBound > expected.upperBound { break }
            if range.lowerBound > start { missing.append(start...(range.lowerBound - 1)) }
            next = range.upperBound == .max ? nil : range.upperBound + 1
        }
        if let start = next, start <= expected.upperBound { missing.append(start...expected.upperBound) }
        return missing
    }

    /// Declares that runs covered these seeds; seeds covered twice are noted as duplicates.
    public mutating func cover(_ range: ClosedRange<UInt64>) {
        // Fast path: seeds mostly arrive in order, one past the last range.
        if let last = seedRanges.last, last.upperBound < .max, last.upperBound + 1 == range.lowerBound {
            seedRanges[seedRanges.count - 1] = last.lowerBound...range.upperBound
            return
        }
        for existing in seedRanges where existing.overlaps(range) {
            addDuplicate(max(existing.lowerBound, range.lowerBound)...min(existing.upperBound, range.upperBound))
        }
        seedRanges = Self.joined(seedRanges + [range])
    }

    private mutating func addDuplicate(_ range: ClosedRange<UInt64>) {
        duplicateRanges = Self.joined(duplicateRanges + [range])
    }

    /// Sorted, with overlapping and adjacent ranges joined.
    static func joined(_ ranges: [ClosedRange<UInt64>]) -> [ClosedRange<UInt64>] {
        var out: [ClosedRange<UInt64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, last.upperBound == .max || range.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                out.append(range)
            }
        }
        return out
    }
}

/// Why two reports cannot merge: the field, and what disagrees or would overflow.
public struct ReportMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field of the report being added, such as `runs` or `metrics.NAME.histogram`.
    public var field: String
    /// What disagrees or would overflow.
    public var message: String

    /// An error about `field` that says `message`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}

/// Writes seed ranges as `A..B` (or `A` for one seed).
func formatRanges(_ ranges: [ClosedRange<UInt64>]) -> String {
    ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
        .joined(separator: ", ")
}

/// How many seeds drew one appearance, and how many of them failed.
public struct AppearanceTally: Sendable, Equatable {
    /// The appearance and text size, `dark/accessibilityLarge` (``RunAppearance/name``).
    public var name: String
    /// Seeds that drew it.
    public var runs: UInt64
    /// Those that failed.
    public var failed: UInt64

    /// `runs` seeds that drew `name`, `failed` of which failed.
    public init(name: String, runs: UInt64, failed: UInt64) {
        self.name = name
        self.runs = runs
        self.failed = failed
    }
}
