import Foundation

/// What is measured: each workload runs against Lifeloop and its peers.
enum Workload: String, CaseIterable, Sendable {
    case post, timers, hop, virtual
    // The view layer (`ViewWorkloads`): Lifeloop only, against absolute goals.
    case layoutAll100k
    case layoutAll100kTraced = "layoutAll100k (traced)"
    case layoutOneLeaf100k
    case setNeedsLayout1M
    case memoryPerView
    // The virtual clock at scale (`SimulationWorkload`): one simulated hour.
    case simulation1h
    case simulation1hTraced = "simulation1h (traced)"
    case simulation1hDigestOnly = "simulation1h (digest)"
    // The trace (`TraceWorkloads`): recording, the digest, the renderings.
    case traceRecord = "trace record"
    case traceRecordDigestOnly = "trace record (digest)"
    case traceRecordOff = "trace record (off)"
    case traceDigest = "trace digest"
    case renderLines
    case renderJSONLines
}

/// Who runs the workload.
enum System: String, CaseIterable, Sendable {
    case lifeloop = "Lifeloop"
    case nio = "NIO MTELG"
    case embedded = "NIO Embedded"
    case foundation = "Foundation RunLoop"
    case libuv = "libuv (C)"
    /// The trace's String-based digest and renderings, as they were before the byte writers.
    case stringPath = "String path (old)"
}

/// One row of the report: the best of the measured runs.
struct Measurement: Sendable {
    var workload: Workload
    var system: System
    var n: Int
    var nanosecondsPerOperation: Double
    var allocationsPerOperation: Double
    /// What `nanosecondsPerOperation` holds: ns/op but for `memoryPerView`'s bytes/view
    /// and the simulation rows' ns/cycle.
    var unit = "ns/op"
    /// For the simulation rows: the simulated span, the wall time and the cycles.
    var simulation: SimulationFigures?
    /// For the rendering rows: bytes written per operation (per event), for MB/s.
    var bytesPerOperation: Double?

    /// Bytes per second, in MB (10^6), for rows that write bytes.
    var megabytesPerSecond: Double? {
        bytesPerOperation.map { $0 / nanosecondsPerOperation * 1e3 }
    }
}

/// Runs each measurement as a warm-up followed by the best of three timed runs.
///
/// A `Sendable` value, so a workload whose loop must live on a thread of its
/// own can measure from that thread.
struct Harness: Sendable {
    /// Operations per run unless a slow peer asks for fewer.
    let n: Int
    let repetitions: Int

    init(n: Int = 1_000_000, repetitions: Int = 3) {
        precondition(n > 0 && repetitions > 0)
        self.n = n
        self.repetitions = repetitions
    }

    /// Measures `run`, which must perform exactly the `Int` operations it is given.
    ///
    /// - Parameters:
    ///   - n: Operations per timed run; defaults to the harness's `n`.
    ///   - warmUpN: Operations in the untimed warm-up run; defaults to `n`, so
    ///     buffers that grow to fit a run have grown before the timed runs.
    ///   - setUp: Untimed and uncounted, before every run.
    ///   - tearDown: Untimed and uncounted, after every run.
    func measure(
        _ workload: Workload,
        _ system: System,
        n: Int? = nil,
        warmUpN: Int? = nil,
        setUp: () -> Void = {},
        tearDown: () -> Void = {},
        run: (Int) throws -> Void
    ) rethrows -> Measurement {
        let n = n ?? self.n
        setUp()
        try run(warmUpN ?? n)
        tearDown()

        var best: (nanoseconds: UInt64, allocations: UInt64)?
        for _ in 0..<repetitions {
            setUp()
            let allocationsBefore = AllocCounter.count
            let start = MonotonicClock.nanoseconds
            try run(n)
            let elapsed = MonotonicClock.nanoseconds - start
            let allocations = AllocCounter.count - allocationsBefore
            tearDown()
            if best == nil || elapsed < best!.nanoseconds {
                best = (elapsed, allocations)
            }
        }
        let measurement = Measurement(
            workload: workload,
            system: system,
            n: n,
            nanosecondsPerOperation: Double(best!.nanoseconds) / Double(n),
            allocationsPerOperation: Double(best!.allocations) / Double(n)
        )
        Report.progress(measurement)
        return measurement
    }
}

/// A count given in the environment (`BENCH_MCP_TAPS`, `BENCH_UITEST_COUNT`): nil when the
/// variable is not set; a value that is not a whole number from 1 up ends the run with a
/// message naming the variable and the value.
func environmentCount(_ name: String) -> Int? {
    guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
    guard let count = Int(text), count >= 1 else {
        FileHandle.standardError.write(Data("lifeloop-bench: \(name) is a whole number from 1 up, not '\(text)'\n".utf8))
        exit(64)
    }
    return count
}
