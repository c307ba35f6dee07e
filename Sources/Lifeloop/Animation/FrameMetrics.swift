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
        histogram[frameTime / 1_000, default: 0] += 1
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
        for key in histogram.keys.sorted() {
            seen += histogram[key] ?? 0
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
