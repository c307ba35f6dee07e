import Lifeloop
import LifeloopCore

/// The trace: recording an event, the digest, and the two renderings, over events taken
/// from the 4-window simulation (`SimulationWorkload`), so field lengths and numbers are
/// those of a real run. The renderings and the digest have the String-based code they
/// replaced (`StringPathTrace`) as their in-run peer.
enum TraceWorkloads {
    /// Events recorded per loop turn in the recording rows.
    static let eventsPerTurn = 100

    static func run(_ harness: Harness) throws -> [Measurement] {
        try onDedicatedThread {
            let sample = try SimulationWorkload.sampleTrace(span: .seconds(120))
            let corpus = sample.events
            precondition(corpus.count >= 50_000, "the sample simulation recorded \(corpus.count) events")
            var results: [Measurement] = []
            results.append(try record(harness, corpus, .traceRecord, .unbounded))
            results.append(try record(harness, corpus, .traceRecordDigestOnly, .digestOnly))
            results.append(try record(harness, corpus, .traceRecordOff, .off))
            results.append(digest(harness, corpus, .lifeloop))
            results.append(digest(harness, corpus, .stringPath))
            results += render(harness, sample)
            return results
        }
    }

    /// `loop.record` from loop turns of `eventsPerTurn` events each, 30 simulated minutes
    /// into a virtual-clock run, so times and turns have the digits of a long run.
    private static func record(_ harness: Harness, _ corpus: [TraceEvent], _ workload: Workload,
                               _ mode: TraceMode) throws -> Measurement {
        var loop: EventLoop?
        return try harness.measure(workload, .lifeloop, setUp: {
            loop = try! EventLoop(LoopConfiguration(clock: .virtual, traceMode: mode))
            try! loop!.advance(by: .seconds(1_800))
        }, tearDown: {
            try! loop!.close()
            loop = nil
        }) { n in
            let loop = loop!
            let start = loop.now
            let turns = (n + eventsPerTurn - 1) / eventsPerTurn
            for turn in 0..<turns {
                let first = turn * eventsPerTurn
                let end = min(n, first + eventsPerTurn)
                loop.schedule(at: start + .microseconds(turn)) {
                    for index in first..<end {
                        let event = corpus[index % corpus.count]
                        loop.record(label: event.label, event: event.name, detail: event.detail, window: event.window)
                    }
                }
            }
            try loop.advance(by: .microseconds(turns))
            precondition(mode == .off || loop.trace.count == UInt64(n))
        }
    }

    /// The digest of each event, folded in order: what recording does per event.
    private static func digest(_ harness: Harness, _ corpus: [TraceEvent], _ system: System) -> Measurement {
        var sink: UInt64 = 0
        let measurement = harness.measure(.traceDigest, system) { n in
            switch system {
            case .stringPath:
                var digest = StringPathTrace.Digest()
                for index in 0..<n { digest.combine(corpus[index % corpus.count]) }
                sink &+= digest.value
            default:
                var digest = TraceDigest()
                for index in 0..<n { digest.combine(corpus[index % corpus.count]) }
                sink &+= digest.value
            }
        }
        precondition(sink != 1)
        return measurement
    }

    /// Renders the sample trace as lines and as JSON Lines; ns per event, and MB/s.
    private static func render(_ harness: Harness, _ trace: Trace) -> [Measurement] {
        let events = Int(trace.events.count)
        func row(_ workload: Workload, _ system: System, _ body: () -> Int) -> Measurement {
            var bytes = 0
            var measurement = harness.measure(workload, system, n: events) { _ in bytes = body() }
            measurement.unit = "ns/event"
            measurement.bytesPerOperation = Double(bytes) / Double(events)
            return measurement
        }
        let lines = trace.renderLines()
        let jsonLines = trace.renderJSONLines()
        precondition(lines == StringPathTrace.renderLines(trace.events))
        precondition(jsonLines == StringPathTrace.renderJSONLines(trace.events))
        return [
            row(.renderLines, .lifeloop) { trace.renderLines().utf8.count },
            row(.renderLines, .stringPath) { StringPathTrace.renderLines(trace.events).utf8.count },
            row(.renderJSONLines, .lifeloop) { trace.renderJSONLines().utf8.count },
            row(.renderJSONLines, .stringPath) { StringPathTrace.renderJSONLines(trace.events).utf8.count },
        ]
    }
}

/// The trace's digest and renderings as they were before they wrote bytes: the peer the
/// byte writers are measured against.
enum StringPathTrace {
    static func renderLines(_ events: [TraceEvent]) -> String {
        events.map { $0.line + "\n" }.joined()
    }

    static func renderJSONLines(_ events: [TraceEvent]) -> String {
        events.map { $0.jsonLine + "\n" }.joined()
    }

    /// FNV-1a over each event's canonical form, a `[String]` of its text fields per event.
    struct Digest {
        static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
        static let prime: UInt64 = 0x0000_0100_0000_01B3
        var value = offsetBasis

        mutating func combine(_ event: TraceEvent) {
            value = Self.fold(Self.hash(of: event), into: value)
        }

        static func hash(of event: TraceEvent) -> UInt64 {
            var hash = offsetBasis
            hash = fold(event.sequence, into: hash)
            hash = fold(event.time, into: hash)
            hash = fold(event.turn, into: hash)
            for text in [event.window, event.label, event.name, event.detail] {
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
                hash = (hash ^ 0x1F) &* prime
            }
            return hash
        }

        @inline(__always)
        static func fold(_ word: UInt64, into hash: UInt64) -> UInt64 {
            var hash = hash
            var rest = word
            for _ in 0..<8 {
                hash = (hash ^ (rest & 0xFF)) &* prime
                rest >>= 8
            }
            return hash
        }
    }
}
