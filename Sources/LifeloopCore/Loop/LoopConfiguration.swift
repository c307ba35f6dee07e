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
    /// A turn begins, before its timers (timelines draw the timer phase from here).
    case beforeTimers
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
    /// A random real delay, up to this long, before each worker job's work: a
    /// perturbation for determinism checks (the trace must not change). Nil for none.
    public var workerJitter: Duration?
    /// The most trace events kept in memory, or nil to keep all of them. Setting it
    /// leaves digest-only tracing: the events are kept again.
    public var traceCapacity: Int? {
        didSet { keepsTraceEvents = true }
    }
    /// Whether the loop records a trace at all.
    public var traceEnabled: Bool
    /// False for digest-only tracing.
    private var keepsTraceEvents = true

    /// What the loop's trace records and keeps: ``TraceMode/off``,
    /// ``TraceMode/digestOnly``, ``TraceMode/bounded(capacity:)`` or
    /// ``TraceMode/unbounded``, the default. ``traceEnabled`` and ``traceCapacity`` are
    /// the older spelling of the same setting, and read and write it too.
    public var traceMode: TraceMode {
        get {
            if !traceEnabled { return .off }
            if !keepsTraceEvents { return .digestOnly }
            return traceCapacity.map { .bounded(capacity: $0) } ?? .unbounded
        }
        set {
            switch newValue {
            case .off:
                traceEnabled = false
            case .digestOnly:
                traceEnabled = true
                traceCapacity = nil
                keepsTraceEvents = false
            case .bounded(let capacity):
                traceEnabled = true
                traceCapacity = capacity
            case .unbounded:
                traceEnabled = true
                traceCapacity = nil
            }
        }
    }

    /// A configuration on `clock` with `workerWidth` worker threads; `traceCapacity` bounds the
    /// trace to a ring of that many events (nil keeps every event), and `traceEnabled: false`
    /// turns it off.
    public init(clock: ClockMode = .host, workerWidth: Int = 2, traceCapacity: Int? = nil, traceEnabled: Bool = true) {
        self.clock = clock
        self.workerWidth = workerWidth
        self.traceCapacity = traceCapacity
        self.traceEnabled = traceEnabled
    }

    /// A configuration with a trace mode.
    /// - Parameters:
    ///   - clock: The clock that drives the loop.
    ///   - workerWidth: How many worker jobs may run at once.
    ///   - traceMode: What the trace records and keeps; digest-only tracing keeps the
    ///     digests of a run without its events, for sweeps that compare digests.
    public init(clock: ClockMode = .host, workerWidth: Int = 2, traceMode: TraceMode) {
        self.init(clock: clock, workerWidth: workerWidth)
        self.traceMode = traceMode
    }
}

/// Identifies a phase observer, for removing it.
public struct ObserverToken: Hashable, Sendable {
    let phase: LoopPhase
    let id: UInt64
}
