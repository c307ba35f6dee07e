import Lifeloop
import LifeloopPictures

/// How a metric's integer values read.
public enum MetricUnit: String, Sendable, Hashable, Codable {
    /// Nanoseconds, shown as milliseconds.
    case nanoseconds = "ns"
    /// A count.
    case count
    /// Thousandths, shown with three decimals (hitch ms/s, dropped %).
    case milli
}

/// What one value of a metric stands for.
public enum MetricScope: String, Sendable, Hashable, Codable {
    /// One frame, pooled across seeds (frame durations and overruns).
    case frame
    /// One seed: a figure each run produces once (its P99, its dropped frames).
    case seed
    /// One occurrence, pooled across seeds (an input's latency, a callback's time).
    case sample
}

/// A named metric and the histogram of its values.
public struct Metric: Sendable, Equatable {
    /// The metric's name, such as `phone.hitchTimeRatio` or `latency.present`.
    public var name: String
    /// What its values count.
    public var unit: MetricUnit
    /// Whether a value is one per seed or one per occurrence.
    public var scope: MetricScope
    /// Its values.
    public var values: ValueHistogram

    /// A metric named `name`, with these values.
    public init(name: String, unit: MetricUnit, scope: MetricScope, values: ValueHistogram = ValueHistogram()) {
        self.name = name
        self.unit = unit
        self.scope = scope
        self.values = values
    }

    /// A value in the unit people read: milliseconds for nanoseconds, the number for
    /// counts, value / 1000 for milli-units.
    public func display(_ value: Int64) -> Double {
        switch unit {
        case .nanoseconds: return Double(value) / 1e6
        case .count: return Double(value)
        case .milli: return Double(value) / 1e3
        }
    }
}

/// Metrics by name: what one run produces and what runs merge into. Memory follows the
/// number of distinct metrics and histogram buckets, never the number of seeds.
public struct MetricSet: Sendable, Equatable {
    /// The metrics, sorted by name (as `String` orders them): a seed's set is read in this
    /// order, found by binary search and merged into an experiment's by one walk of both,
    /// with no hashing of names.
    public private(set) var sorted: [Metric] = []

    /// No metrics.
    public init() {}

    /// The metrics, by name.
    public var metrics: [String: Metric] {
        Dictionary(uniqueKeysWithValues: sorted.map { ($0.name, $0) })
    }

    /// Where `name` is, or would go.
    private func index(of name: String) -> (index: Int, found: Bool) {
        // The first name not less than `name`: one comparison a step, one more at the end.
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return (low, low < sorted.count && sorted[low].name == name)
    }

    /// The metric named `name`, if any.
    public subscript(name: String) -> Metric? {
        let place = index(of: name)
        return place.found ? sorted[place.index] : nil
    }

    /// Records a value, creating the metric on first use.
    public mutating func record(_ name: String, _ value: Int64, unit: MetricUnit, scope: MetricScope) {
        let place = index(of: name)
        if !place.found { sorted.insert(Metric(name: name, unit: unit, scope: scope), at: place.index) }
        sorted[place.index].values.record(value)
    }

    /// Adds a whole histogram under a name.
    public mutating func add(_ metric: Metric) {
        let place = index(of: metric.name)
        if place.found {
            sorted[place.index].values.merge(metric.values)
        } else {
            sorted.insert(metric, at: place.index)
        }
    }

    /// Adds every metric of `other`: one walk of both sorted lists, merging histograms in
    /// place; names new to this set go in after, in one more walk.
    public mutating func merge(_ other: MetricSet) {
        if other.sorted.isEmpty { return }
        if sorted.isEmpty { sorted = other.sorted; return }
        var mine = 0
        var additions: [Metric] = []
        for metric in other.sorted {
            while mine < sorted.count, sorted[mine].name < metric.name { mine += 1 }
            if mine < sorted.count, sorted[mine].name == metric.name {
                sorted[mine].values.merge(metric.values)
            } else {
                additions.append(metric)
            }
        }
        guard !additions.isEmpty else { return }
        var merged: [Metric] = []
        merged.reserveCapacity(sorted.count + additions.count)
        var added = 0
        for metric in sorted {
            while added < additions.count, additions[added].name < metric.name {
                merged.append(additions[added])
                added += 1
            }
            merged.append(metric)
        }
        merged.append(contentsOf: additions[added...])
        sorted = merged
    }
}

/// One window's frames in one run.
public struct WindowFrames: Sendable, Equatable {
    /// The window's label.
    public var window: String
    /// Frames presented.
    public var frameCount = 0
    /// Vsyncs passed over.
    public var droppedFrames = 0
    /// Time frames took beyond one vsync, summed (Apple's hitch time).
    public var hitchNanoseconds: Int64 = 0
    /// Time the window animated: its frame times summed.
    public var animatedNanoseconds: Int64 = 0
    /// From each frame's vsync to the end of its commit (Android's frameDurationCpu).
    public var frameDurationCpu = ValueHistogram()
    /// How far each frame's work ended past its deadline, one period after its vsync;
    /// negative is slack (Android's frameOverrun).
    public var frameOverrun = ValueHistogram()

    /// Empty figures for the window labelled `window`.
    public init(window: String) {
        self.window = window
    }

    // Sums saturate and differences clamp: a frame stalled by a main-thread cost of
    // centuries, or one near the end of the clock's range, must not trap the metrics.
    mutating func record(_ frame: PresentedFrame) {
        frameCount = saturatingSum(frameCount, 1)
        droppedFrames = saturatingSum(droppedFrames, frame.dropped)
        animatedNanoseconds = saturatingSum(animatedNanoseconds, Int64(clamping: frame.frameTime))
        // Within a microsecond of the period is on time: periods are rounded down.
        if frame.frameTime > saturatingSum(frame.period, 1_000) {
            hitchNanoseconds = saturatingSum(hitchNanoseconds, Int64(clamping: frame.frameTime - frame.period))
        }
        frameDurationCpu.record(clampedDifference(frame.workEnd, frame.start))
        frameOverrun.record(clampedDifference(frame.workEnd, saturatingSum(frame.start, frame.period)))
    }

    mutating func merge(_ other: WindowFrames) {
        frameCount = saturatingSum(frameCount, other.frameCount)
        droppedFrames = saturatingSum(droppedFrames, other.droppedFrames)
        hitchNanoseconds = saturatingSum(hitchNanoseconds, other.hitchNanoseconds)
        animatedNanoseconds = saturatingSum(animatedNanoseconds, other.animatedNanoseconds)
        frameDurationCpu.merge(other.frameDurationCpu)
        frameOverrun.merge(other.frameOverrun)
    }

    /// Dropped frames as thousandths of a percent of vsyncs (frames plus dropped).
    public var droppedPercentMilli: Int64 {
        let vsyncs = saturatingSum(frameCount, droppedFrames)
        return vsyncs == 0 ? 0 : Int64((Double(droppedFrames) * 100_000 / Double(vsyncs)).rounded())
    }

    /// Hitch time per second of animation, in thousandths of ms/s.
    public var hitchRatioMilli: Int64 {
        animatedNanoseconds == 0 ? 0
            : Int64((Double(hitchNanoseconds) / 1e6 / (Double(animatedNanoseconds) / 1e9) * 1000).rounded())
    }

    /// The value an `expect` step bounds, in the unit it is written in.
    public func value(of name: FrameMetricName) -> Double {
        switch name {
        case .droppedFrames: return Double(droppedFrames)
        case .droppedFramesPercent: return Double(droppedPercentMilli) / 1000
        case .hitchTimeRatio: return Double(hitchRatioMilli) / 1000
        case .frameCount: return Double(frameCount)
        case .frameDurationCpuP50Ms: return Double(frameDurationCpu.value(atPercentile: 50)) / 1e6
        case .frameDurationCpuP90Ms: return Double(frameDurationCpu.value(atPercentile: 90)) / 1e6
        case .frameDurationCpuP95Ms: return Double(frameDurationCpu.value(atPercentile: 95)) / 1e6
        case .frameDurationCpuP99Ms: return Double(frameDurationCpu.value(atPercentile: 99)) / 1e6
        case .frameOverrunP50Ms: return Double(frameOverrun.value(atPercentile: 50)) / 1e6
        case .frameOverrunP90Ms: return Double(frameOverrun.value(atPercentile: 90)) / 1e6
        case .frameOverrunP95Ms: return Double(frameOverrun.value(atPercentile: 95)) / 1e6
        case .frameOverrunP99Ms: return Double(frameOverrun.value(atPercentile: 99)) / 1e6
        }
    }
}

/// Apple's hitch-ratio bands, in ms of hitch per second.
public enum HitchBand: String, Sendable {
    /// At most 10 ms of hitches per second, at most 25, or more (Apple's bands).
    case good, warning, critical

    /// good ≤ 10 ms/s, warning ≤ 25, critical above.
    public init(msPerSecond: Double) {
        self = msPerSecond <= 10 ? .good : msPerSecond <= 25 ? .warning : .critical
    }
}

/// Whether a run passed.
public enum RunStatus: Sendable, Equatable {
    /// Every check held.
    case passed
    /// An `expect` failed, strict mode saw a diagnostic, or a budget ran out.
    case failed(String)

    /// Whether the run passed.
    public var isPassed: Bool { self == .passed }
}

/// What one run of a scenario with one seed produced.
public struct RunResult: Sendable {
    /// The seed.
    public var seed: UInt64
    /// Passed, or the first failure.
    public var status: RunStatus
    /// The trace digest, when the run recorded a trace.
    public var digest: TraceDigest?
    /// Virtual (or host) nanoseconds from launch to the end of the run.
    public var endTime: UInt64
    /// Loop turns the run took.
    public var turns: UInt64
    /// Frames per window, in window order.
    public var windows: [WindowFrames]
    /// Every figure of the run: per-seed figures, pooled frames and samples.
    public var metrics: MetricSet
    /// The run's timeline, when ``RunOptions/timeline`` asked for it.
    public var timeline: Timeline? = nil
    /// Every presented frame in order, when ``RunOptions/keepFrames`` asked for them.
    public var frames: [PresentedFrame] = []
    /// The snapshot ``RunOptions/snapshot`` asked for, once its moment came.
    public var snapshot: WindowSnapshot? = nil
    /// Every turn's digest, when ``RunOptions/keepTurnDigests`` asked for them.
    public var turnDigests: [(turn: UInt64, digest: TraceDigest)] = []
    /// The script's inputs, with the turn each ran in.
    public var inputs: [(turn: UInt64, input: String)] = []
    /// What failed, for a failed run, without the file places and step numbers that change
    /// when a script is cut down: `expect metric droppedFrames of phone at most 0`,
    /// `expect sequence ["B viewDidAppear"] missing 'B viewDidAppear'`,
    /// `diagnostic unbalancedAppearance on B`. Two runs fail the same way when their keys
    /// are equal (``ScenarioShrinker`` keeps it while it cuts).
    public var failureKey: String? = nil
    /// The `always`/`sometimes`/`reachable` properties the run judged, in step order.
    public var properties: [PropertyOutcome] = []
    /// The appearance and text size the seed drew, when the scenario sweeps them.
    public var appearance: RunAppearance? = nil
}

/// The appearance (light or dark) and Dynamic Type text size one seed's app launched with,
/// when a scenario lists several for its seeds to draw from.
public struct RunAppearance: Sendable, Hashable {
    /// Light or dark.
    public var style: TraitCollection.Style
    /// The text size.
    public var contentSize: ContentSizeCategory

    /// The appearance `style` with text size `contentSize`.
    public init(style: TraitCollection.Style, contentSize: ContentSizeCategory) {
        self.style = style
        self.contentSize = contentSize
    }

    /// `light` or `dark`.
    public var styleName: String { style == .dark ? "dark" : "light" }

    /// `dark/accessibilityLarge`: how reports name it.
    public var name: String { "\(styleName)/\(contentSize.name)" }
}
