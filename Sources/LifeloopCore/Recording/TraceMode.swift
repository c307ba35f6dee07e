/// What a loop's trace records and keeps.
///
/// Every mode but ``off`` computes the same digests, the whole run's and one per turn,
/// over every event, and hands each event to the trace's stream and sink; the modes
/// differ only in how many events stay in memory.
public enum TraceMode: Hashable, Sendable {
    /// Records nothing: no events, no digests, no stream. The cheapest.
    case off
    /// Keeps the digests, the run's and every turn's, and no event: for experiment
    /// sweeps and digest comparisons. A stream and a sink still get every event.
    ///
    /// A turn's digest is 16 bytes, so an hour of a busy app (about 440,000 turns) keeps
    /// about 7 MB.
    case digestOnly
    /// Keeps the most recent `capacity` events and turn digests (at least one), so
    /// memory stays flat on long runs.
    case bounded(capacity: Int)
    /// Keeps every event.
    case unbounded
}
