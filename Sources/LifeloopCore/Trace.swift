import Glibc

/// The record of everything a loop's runtime saw, in order.
///
/// Every event updates a running digest of the whole trace and one per turn, so digests
/// cover events that a bounded trace has already let go. In bounded mode the trace keeps
/// the most recent `capacity` events (and per-turn digests) in ring buffers, so memory
/// stays flat on long runs; a stream writes every event to a file as JSON Lines.
///
/// - Warning: A trace belongs to its loop's thread, like the loop.
public final class Trace {
    /// Whether events are recorded at all; the digests ignore events that are not.
    public let isEnabled: Bool
    /// The most events kept in memory, or nil for all of them.
    public let capacity: Int?
    /// How many events have been recorded since the loop started.
    public private(set) var count: UInt64 = 0
    /// The digest over every event recorded so far.
    public private(set) var digest = TraceDigest()

    private var ring: [TraceEvent] = []
    private var ringStart = 0
    private var turnRing: [(turn: UInt64, digest: TraceDigest)] = []
    private var turnRingStart = 0
    private var stream: UnsafeMutablePointer<FILE>?
    private var streamPath = ""
    /// JSON Lines bytes not yet written; flushed at 64 KiB and when the stream closes.
    private var streamBuffer: [UInt8] = []

    /// Hears every event as it is recorded, after the digests: for tools that match or
    /// forward events without keeping them (a bounded trace keeps few).
    public var sink: ((TraceEvent) -> Void)?

    init(isEnabled: Bool, capacity: Int?) {
        self.isEnabled = isEnabled
        self.capacity = capacity.map { max(1, $0) }
    }

    deinit {
        closeStream()
    }

    /// The events kept in memory, oldest first.
    public var events: [TraceEvent] {
        Array(ring[ringStart...] + ring[..<ringStart])
    }

    /// The events kept in memory as plain `label event` lines.
    public var lines: [String] { events.map(\.line) }

    /// The events kept in memory as plain `label event` lines, one per line.
    public func renderLines() -> String {
        events.map { $0.line + "\n" }.joined()
    }

    /// The events kept in memory as JSON Lines.
    public func renderJSONLines() -> String {
        events.map { $0.jsonLine + "\n" }.joined()
    }

    /// The digest of each turn that recorded events, oldest first (in bounded mode, the
    /// most recent `capacity` of them).
    public var turnDigests: [(turn: UInt64, digest: TraceDigest)] {
        Array(turnRing[turnRingStart...] + turnRing[..<turnRingStart])
    }

    /// The digest of the events of one turn, if that turn recorded any and is still kept.
    public func digest(ofTurn turn: UInt64) -> TraceDigest? {
        turnDigests.first { $0.turn == turn }?.digest
    }

    /// Streams every later event to a file as JSON Lines, creating or truncating it.
    /// - Parameter path: The file to write.
    /// - Throws: ``LoopError/invalidArgument(_:)`` naming the path if it cannot be opened.
    public func stream(toFileAtPath path: String) throws {
        closeStream()
        guard let file = fopen(path, "w") else {
            throw LoopError.invalidArgument("cannot open trace stream '\(path)': \(String(cString: strerror(errno)))")
        }
        stream = file
        streamPath = path
        streamBuffer.reserveCapacity(Self.streamChunk + 1024)
    }

    func record(time: UInt64, turn: UInt64, window: String, label: String, name: String, detail: String) {
        guard isEnabled else { return }
        let event = TraceEvent(sequence: count, time: time, turn: turn, window: window, label: label, name: name, detail: detail)
        count += 1
        let eventHash = TraceDigest.hash(of: event)
        digest.combine(eventHash: eventHash)
        appendTurnDigest(turn: turn, eventHash: eventHash)
        append(event)
        if stream != nil {
            event.appendJSONLine(to: &streamBuffer)
            if streamBuffer.count >= Self.streamChunk { flushStream() }
        }
        sink?(event)
    }

    private static let streamChunk = 64 << 10

    private func flushStream() {
        guard let stream, !streamBuffer.isEmpty else { return }
        streamBuffer.withUnsafeBytes { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stream) }
        streamBuffer.removeAll(keepingCapacity: true)
    }

    func closeStream() {
        flushStream()
        if let stream {
            fclose(stream)
            self.stream = nil
        }
    }

    private func append(_ event: TraceEvent) {
        if let capacity, ring.count == capacity {
            ring[ringStart] = event
            ringStart = (ringStart + 1) % capacity
        } else {
            ring.append(event)
        }
    }

    private func appendTurnDigest(turn: UInt64, eventHash: UInt64) {
        let last = turnRing.isEmpty ? nil : (turnRingStart == 0 ? turnRing.count - 1 : turnRingStart - 1)
        if let last, turnRing[last].turn == turn {
            turnRing[last].digest.combine(eventHash: eventHash)
            return
        }
        var fresh = TraceDigest()
        fresh.combine(eventHash: eventHash)
        if let capacity, turnRing.count == capacity {
            turnRing[turnRingStart] = (turn, fresh)
            turnRingStart = (turnRingStart + 1) % capacity
        } else {
            turnRing.append((turn, fresh))
        }
    }
}
