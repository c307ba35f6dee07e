/// Which clock drives a loop.
public enum ClockMode: String, Sendable, CaseIterable {
    /// Monotonic host time; the loop sleeps in libuv until the next deadline or a wakeup.
    case host
    /// Starts at zero and never sleeps on time: when nothing is runnable, the loop jumps
    /// to the next deadline. Runs are deterministic.
    case virtual
}

/// The phases of a turn at which observers can run.
public enum LoopPhase: Sendable, CaseIterable {
    /// After the timers due this turn have fired.
    case afterTimers
    /// After the posted tasks, right before the loop waits: the commit point.
    case beforeWaiting
    /// After the loop has waited (host) or jumped to the next deadline (virtual).
    case afterWaiting
}

/// How a loop is set up.
public struct LoopConfiguration: Sendable {
    /// The clock that drives the loop.
    public var clock: ClockMode
    /// How many worker jobs may run at once.
    public var workerWidth: Int
    /// The most trace events kept in memory, or nil to keep all of them.
    public var traceCapacity: Int?
    /// Whether the loop records a trace at all.
    public var traceEnabled: Bool

    public init(clock: ClockMode = .host, workerWidth: Int = 2, traceCapacity: Int? = nil, traceEnabled: Bool = true) {
        self.clock = clock
        self.workerWidth = workerWidth
        self.traceCapacity = traceCapacity
        self.traceEnabled = traceEnabled
    }
}

/// Identifies a phase observer, for removing it.
public struct ObserverToken: Hashable, Sendable {
    let phase: LoopPhase
    let id: UInt64
}
