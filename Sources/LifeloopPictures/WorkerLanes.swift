/// Which lane a job's run is drawn on: the first whose last job has ended by the job's
/// start, else a new one. Shared by the timeline and the Perfetto exporter, so both draw
/// a run's jobs on the same lanes.
public struct WorkerLanes: Sendable {
    private var ends: [UInt64] = []

    /// No lanes yet.
    public init() {}

    /// Places a job running from `start` to `end`; `isNew` when it opened a lane.
    public mutating func place(start: UInt64, end: UInt64) -> (lane: Int, isNew: Bool) {
        if let free = ends.firstIndex(where: { $0 <= start }) {
            ends[free] = end
            return (free, false)
        }
        ends.append(end)
        return (ends.count - 1, true)
    }
}
