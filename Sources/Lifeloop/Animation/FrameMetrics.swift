/// A window's frame statistics: what its display link produced while it animated.
public struct FrameMetrics: Sendable, Equatable {
    /// Frames presented.
    public private(set) var framesProduced = 0
    /// Vsyncs missed because a frame's work (or main-thread work before it) overran.
    public private(set) var framesDropped = 0
    /// The sum of frame times, in nanoseconds.
    public private(set) var totalFrameTime: UInt64 = 0
    /// The time frames took beyond one vsync period, summed, in nanoseconds.
    public private(set) var hitchTime: UInt64 = 0
    /// Frame times in microseconds, counted: few distinct values under the virtual clock,
    /// bounded by the range under the host clock.
    private var histogram: [UInt64: Int] = [:]
    /// The latest frame time (in microseconds) and how many frames in a row had it, not yet
    /// counted in `histogram`: an animation's frames mostly share one frame time, and each
    /// is counted here without hashing.
    private var runKey: UInt64 = 0
    private var runLength = 0

    /// No frames yet.
    public init() {}

    mutating func record(frameTime: UInt64, dropped: Int, period: UInt64) {
        // Saturating sums: a frame stalled by a main-thread `consume` of centuries must
        // not trap the metrics.
        framesProduced += 1
        framesDropped = Self.saturatingSum(framesDropped, dropped)
        totalFrameTime = Self.saturatingSum(totalFrameTime, frameTime)
        // A frame within a microsecond of the period is on time (periods are rounded).
        if frameTime > Self.saturatingSum(period, 1_000) {
            hitchTime = Self.saturatingSum(hitchTime, frameTime - period)
        }
        let key = frameTime / 1_000
        if runLength > 0, key != runKey { histogram[runKey, default: 0] += runLength; runLength = 0 }
        runKey = key
        runLength += 1
    }

    /// Frame times in microseconds, counted, the current run included.
    private var counts: [UInt64: Int] {
        guard runLength > 0 else { return histogram }
        var all = histogram
        all[runKey, default: 0] += runLength
        return all
    }

    /// Whether two windows' statistics are the same: equal counts and sums, and the same
    /// number of frames at each frame time.
    public static func == (lhs: FrameMetrics, rhs: FrameMetrics) -> Bool {
        lhs.framesProduced == rhs.framesProduced && lhs.framesDropped == rhs.framesDropped
            && lhs.totalFrameTime == rhs.totalFrameTime && lhs.hitchTime == rhs.hitchTime && lhs.counts == rhs.counts
    }

    private static func saturatingSum<Value: FixedWidthInteger>(_ a: Value, _ b: Value) -> Value {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? .min : .max) : sum
    }

    /// The frame time below which `fraction` of frames fall (0.5 for the median).
    /// `fraction` is clamped to 0...1; NaN counts as 0.
    public func frameTime(percentile fraction: Double) -> Duration {
        guard framesProduced > 0 else { return .zero }
        let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let target = max(1, Int((Double(framesProduced) * clamped).rounded(.up)))
        var seen = 0
        let counts = counts
        for key in counts.keys.sorted() {
            seen += counts[key] ?? 0
            if seen >= target { return .microseconds(Int64(key)) }
        }
        return .zero
    }

    /// The median frame time.
    public var p50: Duration { frameTime(percentile: 0.5) }
    /// The 90th-percentile frame time.
    public var p90: Duration { frameTime(percentile: 0.9) }
    /// The 99th-percentile frame time.
    public var p99: Duration { frameTime(percentile: 0.99) }

    /// Hitch time per second of animation, in milliseconds per second (Apple's hitch
    /// ratio).
    public var hitchMillisecondsPerSecond: Double {
        totalFrameTime == 0 ? 0 : Double(hitchTime) / 1e6 / (Double(totalFrameTime) / 1e9)
    }
}
