/// A point on a loop's clock, in nanoseconds since the loop started.
///
/// Under the virtual clock the loop starts at zero and only moves when it jumps to the
/// next deadline, when it is advanced, or when main-thread work is consumed. Under the
/// host clock it is monotonic time since the loop was created. Deadlines are absolute
/// instants, never re-armed relative to "now", so repeating timers do not drift.
public struct LoopInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the loop's origin.
    public var nanoseconds: UInt64

    /// Creates an instant a number of nanoseconds after the loop's origin.
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The loop's origin.
    public static let zero = LoopInstant(nanoseconds: 0)

    public static func < (lhs: LoopInstant, rhs: LoopInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant a duration later (or earlier, for a negative duration), clamped to the
    /// clock's range.
    public static func + (lhs: LoopInstant, rhs: Duration) -> LoopInstant {
        let delta = rhs.nanosecondsClamped
        if delta >= 0 {
            let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(UInt64(delta))
            return LoopInstant(nanoseconds: overflow ? .max : sum)
        }
        let magnitude = delta.magnitude
        return LoopInstant(nanoseconds: lhs.nanoseconds > magnitude ? lhs.nanoseconds - magnitude : 0)
    }

    /// The duration from `rhs` to `lhs`.
    public static func - (lhs: LoopInstant, rhs: LoopInstant) -> Duration {
        if lhs.nanoseconds >= rhs.nanoseconds {
            return .nanoseconds(Int64(clamping: lhs.nanoseconds - rhs.nanoseconds))
        }
        return .nanoseconds(-Int64(clamping: rhs.nanoseconds - lhs.nanoseconds))
    }

    public var description: String { "\(nanoseconds)ns" }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64`'s range.
    package var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return sum
    }
}
