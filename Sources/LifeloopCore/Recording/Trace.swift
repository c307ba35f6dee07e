import Glibc

/// The record of everything a loop's runtime saw, in order.
///
/// Every event updates a running digest of the whole trace and one per turn, so digests
/// cover events that a bounded trace has already let go. What stays in memory is the
/// trace's ``mode``: every event, the most recent `capacity` events (and per-turn
/// digests) in ring buffers, so memory stays flat on long runs, or no event at all, only
/// the digests. A stream writes every event to a file as JSON Lines, in any mode.
///
/// - Warning: A trace belongs to its loop's thread, like the loop.
public final class Trace {
    /// Whether events are recorded at all; the digests ignore events that are not.
    public let isEnabled: Bool
    /// The most events kept in memory, or nil for all of them; 0 in digest-only mode.
    public let capacity: Int?
    /// What the trace records and keeps.
    public let mode: TraceMode
    // Exclusivity is not checked at run time on the properties `record` writes: the trace
    // belongs to one thread, and `record` finishes every access before it calls the sink,
    // the one place where other code (which may record again) runs. The checks were a
    // tenth of recording's cost.

    /// How many events have been recorded since the loop started.
    @inlinable public var count: UInt64 { storedCount }
    /// The digest over every event recorded so far.
    @inlinable public var digest: TraceDigest { storedDigest }
    // Behind inlinable getters: another module reading a public stored property checks
    // each access for exclusivity itself, whatever the property's `@exclusivity`.
    @exclusivity(unchecked) @usableFromInline private(set) var storedCount: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline private(set) var storedDigest = TraceDigest()

    /// Whether recorded events go into `ring` (false in digest-only mode).
    private let keepsEvents: Bool
    /// ``TraceDigest/stringLayoutIsKnown``, read once for the trace.
    private let knownStringLayout = TraceDigest.stringLayoutIsKnown
    /// Bounded: the ring of the latest events. Unbounded: the chunk being filled, after
    /// `fullChunks`.
    @exclusivity(unchecked) private var ring: ContiguousArray<TraceEvent> = []
    @exclusivity(unchecked) private var ringStart = 0
    /// Unbounded: the filled chunks of `chunkSize` events, oldest first. Growing by
    /// chunks copies no event and asks for no block larger than a chunk, where one array
    /// doubling from a million events moved 88 MB to fresh pages.
    @exclusivity(unchecked) private var fullChunks: [ContiguousArray<TraceEvent>] = []
    private static let chunkSize = 4_096

    /// One entry per turn that recorded events, oldest first from `turnRingStart`; the
    /// current turn's entry is a placeholder whose digest is `currentTurnDigest`, written
    /// back when the turn changes, so an event folds into a stored property, not into an
    /// array element.
    /// Without a turn capacity (unbounded and digest-only traces), the chunk being filled,
    /// after `fullTurnChunks`.
    @exclusivity(unchecked) private var turnRing: ContiguousArray<(turn: UInt64, digest: TraceDigest)> = []
    @exclusivity(unchecked) private var turnRingStart = 0
    /// Without a turn capacity: the filled chunks of `turnChunkSize` turn digests, oldest
    /// first. One array doubling through an hour's 440,000 turns moved 14 MB to fresh pages
    /// (page faults and copies were a tenth of what digest-only tracing cost).
    @exclusivity(unchecked) private var fullTurnChunks: [ContiguousArray<(turn: UInt64, digest: TraceDigest)>] = []
    private static let turnChunkSize = 4_096
    /// The most turn digests kept, or nil for all of them.
    private let turnCapacity: Int?
    @exclusivity(unchecked) private var currentTurn: UInt64 = 0
    /// The current turn's index in `turnRing`, or -1 before the first event.
    @exclusivity(unchecked) private var currentTurnSlot = -1
    @exclusivity(unchecked) private var currentTurnDigest = TraceDigest()

    @exclusivity(unchecked) private var stream: UnsafeMutablePointer<FILE>?
    private var streamPath = ""
    /// The first failure writing or closing the stream ("PATH: cannot write: reason");
    /// later events are not written once it is set.
    public private(set) var streamFailure: String?
    /// JSON Lines bytes not yet written (`streamUsed` of them, in room for
    /// `streamCapacity`); flushed at 64 KiB and when the stream closes.
    @exclusivity(unchecked) private var streamBuffer: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var streamUsed = 0
    @exclusivity(unchecked) private var streamCapacity = 0

    /// Hears every event as it is recorded, after the digests: for tools that match or
    /// forward events without keeping them (a bounded trace keeps few, a digest-only
    /// trace none).
    @exclusivity(unchecked) public var sink: ((TraceEvent) -> Void)? {
        didSet { updateDelivers() }
    }

    /// Whether `record` has more to do than the digests: a stream, kept events or a sink.
    /// One flag for the three, read once an event.
    @exclusivity(unchecked) private var delivers = false

    private func updateDelivers() {
        delivers = stream != nil || keepsEvents || sink != nil
    }

    /// A trace in the mode that `LoopConfiguration`'s older settings describe.
    /// - Parameters:
    ///   - isEnabled: Whether to record at all.
    ///   - capacity: The most events kept, or nil for all; ignored unless `keepsEvents`.
    ///   - keepsEvents: False for digest-only tracing.
    init(isEnabled: Bool, capacity: Int?, keepsEvents: Bool = true) {
        self.isEnabled = isEnabled
        self.keepsEvents = isEnabled && keepsEvents
        self.capacity = keepsEvents ? capacity.map { max(1, $0) } : 0
        if !isEnabled {
            mode = .off
        } else if !keepsEvents {
            mode = .digestOnly
        } else {
            mode = self.capacity.map { .bounded(capacity: $0) } ?? .unbounded
        }
        turnCapacity = keepsEvents ? self.capacity : nil
        delivers = self.keepsEvents
    }

    /// A trace in `mode`.
    convenience init(mode: TraceMode) {
        switch mode {
        case .off: self.init(isEnabled: false, capacity: nil)
        case .digestOnly: self.init(isEnabled: true, capacity: nil, keepsEvents: false)
        case .bounded(let capacity): self.init(isEnabled: true, capacity: capacity)
        case .unbounded: self.init(isEnabled: true, capacity: nil)
        }
    }

    deinit {
        closeStream()
        streamBuffer?.deallocate()
    }

    /// The events kept in memory, oldest first.
    public var events: [TraceEvent] {
        var events: [TraceEvent] = []
        events.reserveCapacity(fullChunks.count * Self.chunkSize + ring.count)
        forEachKeptEvent { events.append($0) }
        return events
    }

    /// The events kept in memory as plain `label event` lines.
    public var lines: [String] { events.map(\.line) }

    /// The events kept in memory as plain `label event` lines, one per line.
    public func renderLines() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(renderedSizeEstimate(perEvent: 2, fields: { $0.label.utf8.count + $0.name.utf8.count }))
        writeLines(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The events kept in memory as JSON Lines.
    public func renderJSONLines() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(renderedSizeEstimate(perEvent: 96, fields: {
            $0.window.utf8.count + $0.label.utf8.count + $0.name.utf8.count + $0.detail.utf8.count
        }))
        writeJSONLines(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the events kept in memory as plain `label event` lines, as UTF-8: the bytes
    /// of ``renderLines()``, without building a string.
    /// - Parameter out: The buffer to append to; reuse one to write many traces.
    public func writeLines(into out: inout [UInt8]) {
        forEachKeptEvent { TraceBytes.appendLine(label: $0.label, name: $0.name, to: &out) }
    }

    /// Appends the events kept in memory as JSON Lines, as UTF-8: the bytes of
    /// ``renderJSONLines()``, without building a string.
    /// - Parameter out: The buffer to append to; reuse one to write many traces.
    public func writeJSONLines(into out: inout [UInt8]) {
        forEachKeptEvent { $0.appendJSONLine(to: &out) }
    }

    /// Calls `body` with each kept event, oldest first, without copying the ring.
    private func forEachKeptEvent(_ body: (TraceEvent) -> Void) {
        for chunk in fullChunks {
            chunk.withUnsafeBufferPointer { events in
                for event in events { body(event) }
            }
        }
        ring.withUnsafeBufferPointer { events in
            for index in ringStart..<events.count { body(events[index]) }
            for index in 0..<ringStart { body(events[index]) }
        }
    }

    /// Bytes the kept events render to, give or take escapes and digits: enough that a
    /// rendering rarely grows its buffer.
    private func renderedSizeEstimate(perEvent: Int, fields: (TraceEvent) -> Int) -> Int {
        var total = 0
        forEachKeptEvent { total += perEvent + fields($0) }
        return total
    }

    /// The digest of each turn that recorded events, oldest first (in bounded mode, the
    /// most recent `capacity` of them).
    public var turnDigests: [(turn: UInt64, digest: TraceDigest)] {
        var result: [(turn: UInt64, digest: TraceDigest)] = []
        result.reserveCapacity(fullTurnChunks.count * Self.turnChunkSize + turnRing.count)
        for chunk in fullTurnChunks { result.append(contentsOf: chunk) }
        for offset in 0..<turnRing.count {
            let slot = (turnRingStart + offset) % turnRing.count
            result.append(slot == currentTurnSlot ? (currentTurn, currentTurnDigest) : turnRing[slot])
        }
        return result
    }

    /// The digest of `turn` if it is the latest turn that recorded events (constant time:
    /// checkpoints ask for the turn just finished, every turn).
    func latestDigest(ifTurn turn: UInt64) -> TraceDigest? {
        currentTurnSlot >= 0 && turn == currentTurn ? currentTurnDigest : nil
    }

    /// The digest of the events of one turn, if that turn recorded any and is still kept.
    public func digest(ofTurn turn: UInt64) -> TraceDigest? {
        if currentTurnSlot >= 0, turn == currentTurn { return currentTurnDigest }
        for chunk in fullTurnChunks {
            if let entry = chunk.first(where: { $0.turn == turn }) { return entry.digest }
        }
        return turnRing.first { $0.turn == turn }?.digest
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
        streamFailure = nil
        updateDelivers()
        if streamBuffer == nil {
            streamCapacity = Self.streamChunk + 4096
            streamBuffer = .allocate(capacity: streamCapacity)
        }
    }

    /// Records one event: the digests, then the stream, the ring and the sink as the mode
    /// and settings ask. The event value is built only when the ring keeps it or the sink
    /// hears it.
    @usableFromInline
    func record(time: UInt64, turn: UInt64, window: String, label: String, name: String, detail: String) {
        guard isEnabled else { return }
        let sequence = countAndFold(turn: turn) {
            TraceDigest.hash(sequence: $0, time: time, turn: turn, window: window, label: label, name: name,
                             detail: detail, knownLayout: knownStringLayout)
        }
        // Out of line: a digest-only trace without a stream or sink runs none of it, and the
        // record it calls from every trace point stays small.
        if delivers {
            deliver(sequence: sequence, time: time, turn: turn, window: window, label: label, name: name, detail: detail)
        }
    }

    /// Records one event whose window, label and detail are passed where they are stored:
    /// the same event, digest and delivery as ``record(time:turn:window:label:name:detail:)``,
    /// without a retain and release of each string. The strings are copied only when the
    /// stream, the ring or the sink takes the event.
    @usableFromInline
    func record(time: UInt64, turn: UInt64, window: UnsafePointer<String>, label: UnsafePointer<String>, name: String,
                detail: UnsafePointer<String>) {
        guard isEnabled else { return }
        let sequence = countAndFold(turn: turn) {
            TraceDigest.hash(sequence: $0, time: time, turn: turn, window: window, label: label, name: name,
                             detail: detail, knownLayout: knownStringLayout)
        }
        if delivers {
            deliver(sequence: sequence, time: time, turn: turn, window: window.pointee, label: label.pointee, name: name,
                    detail: detail.pointee)
        }
    }

    /// Counts an event and folds its hash (of its sequence number) into the run's digest and
    /// its turn's, opening the turn's entry if it is new; returns the sequence number.
    @inline(__always)
    private func countAndFold(turn: UInt64, hash: (_ sequence: UInt64) -> UInt64) -> UInt64 {
        let sequence = count
        storedCount = sequence &+ 1
        let eventHash = hash(sequence)
        storedDigest.combine(eventHash: eventHash)
        if turn != currentTurn || currentTurnSlot < 0 { startTurn(turn) }
        currentTurnDigest.combine(eventHash: eventHash)
        return sequence
    }

    /// The stream, the ring and the sink's part of ``record``.
    @inline(never)
    private func deliver(sequence: UInt64, time: UInt64, turn: UInt64, window: String, label: String, name: String,
                         detail: String) {
        if stream != nil, let buffer = streamBuffer {
            let room = TraceBytes.jsonLineRoom(window: window, label: label, name: name, detail: detail)
            let start = streamUsed &+ room <= streamCapacity ? buffer + streamUsed : makeStreamRoom(room)
            let end = TraceBytes.writeJSONLine(sequence: sequence, time: time, turn: turn, window: window, label: label,
                                               name: name, detail: detail, to: start)
            streamUsed = end - streamBuffer!
            if streamUsed >= Self.streamChunk { flushStream() }
        }
        guard keepsEvents || sink != nil else { return }
        let event = TraceEvent(sequence: sequence, time: time, turn: turn, window: window, label: label, name: name,
                               detail: detail)
        if keepsEvents { append(event) }
        if let sink { sink(event) }
    }

    private static let streamChunk = 64 << 10

    private func flushStream() {
        guard let stream, let streamBuffer, streamUsed > 0 else { return }
        if streamFailure == nil, let code = FileOutput.write(stream, streamBuffer, count: streamUsed) {
            streamFailure = "\(streamPath): cannot write the trace: \(FileOutput.reason(code))"
        }
        streamUsed = 0
    }

    /// Flushes the stream's buffer, and grows it if one line needs more room than it has;
    /// returns where the line goes.
    @inline(never)
    private func makeStreamRoom(_ room: Int) -> UnsafeMutablePointer<UInt8> {
        flushStream()
        if room > streamCapacity {
            streamBuffer?.deallocate()
            streamCapacity = room
            streamBuffer = .allocate(capacity: room)
        }
        return streamBuffer!
    }

    func closeStream() {
        flushStream()
        if let stream {
            if let failure = FileOutput.syncAndClose(stream), streamFailure == nil {
                streamFailure = "\(streamPath): \(failure)"
            }
            self.stream = nil
            updateDelivers()
        }
    }

    /// Ends the stream: writes what is buffered, flushes it to disk and closes the file.
    /// - Throws: ``LoopError/invalidArgument(_:)`` naming the path and the reason when any
    ///   write, the flush or the close failed (a full disk, a failing device), so that a
    ///   short trace is never taken for a whole one.
    public func finishStream() throws {
        closeStream()
        if let streamFailure { throw LoopError.invalidArgument(streamFailure) }
    }

    @inline(__always)
    private func append(_ event: TraceEvent) {
        if let capacity {
            if ring.count == capacity {
                ring[ringStart] = event
                ringStart += 1
                if ringStart == capacity { ringStart = 0 }
            } else {
                ring.append(event)
            }
        } else {
            if ring.count == Self.chunkSize { startChunk() }
            ring.append(event)
        }
    }

    /// Unbounded: files the full chunk and opens the next.
    @inline(never)
    private func startChunk() {
        fullChunks.append(ring)
        ring = []
        ring.reserveCapacity(Self.chunkSize)
    }

    /// Ends the current turn's entry and opens one for `turn`, in the ring of turns.
    @inline(never)
    private func startTurn(_ turn: UInt64) {
        if currentTurnSlot >= 0 { turnRing[currentTurnSlot].digest = currentTurnDigest }
        currentTurn = turn
        currentTurnDigest = TraceDigest()
        if let turnCapacity, turnRing.count == turnCapacity {
            currentTurnSlot = turnRingStart
            turnRing[turnRingStart] = (turn, TraceDigest())
            turnRingStart += 1
            if turnRingStart == turnCapacity { turnRingStart = 0 }
        } else {
            if turnCapacity == nil, turnRing.count == Self.turnChunkSize { startTurnChunk() }
            currentTurnSlot = turnRing.count
            turnRing.append((turn, TraceDigest()))
        }
    }

    /// Without a turn capacity: files the full chunk of turn digests and opens the next.
    private func startTurnChunk() {
        fullTurnChunks.append(turnRing)
        turnRing = []
        turnRing.reserveCapacity(Self.turnChunkSize)
    }
}
