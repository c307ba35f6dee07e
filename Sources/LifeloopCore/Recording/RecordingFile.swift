import Foundation

/// The identity of a recording: what made it, so a replay can refuse a different program.
public struct RecordingHeader: Sendable, Equatable {
    /// Bumped only on an incompatible change of the file.
    public static let formatVersion = 2
    /// The file's format version.
    public var format = RecordingHeader.formatVersion
    /// The oldest reader that can replay it (format 2 added the mailbox note `{"w":turn}`).
    public var minimumReader = 2
    /// The Lifeloop version that wrote it.
    public var lifeloopVersion: String
    /// What was run: a scenario's name and hash, or a program's own name.
    public var program: String
    /// The program's hash (a scenario's, over its file and its storyboard's).
    public var programHash: String
    /// A fingerprint of the inputs the program can be fed (a scenario's step kinds).
    public var vocabulary: String
    /// The seed the run drew from.
    public var seed: UInt64
    /// `host` or `virtual`: a virtual-clock recording holds only the checkpoints.
    public var clock: String
    /// The program's source (a scenario file's text), so that a replay of a changed one
    /// can say what changed; empty when not kept.
    public var source = ""
    /// The absolute path of the program's source file when it was recorded (a scenario
    /// file's), which a relative path in ``source`` resolves against; empty when not kept.
    public var scenarioFile = ""

    /// A header for a run of `program` with `seed`, on `clock`.
    public init(lifeloopVersion: String, program: String, programHash: String, vocabulary: String, seed: UInt64,
                clock: String = "host") {
        self.clock = clock
        self.lifeloopVersion = lifeloopVersion
        self.program = program
        self.programHash = programHash
        self.vocabulary = vocabulary
        self.seed = seed
    }
}

/// Why a recording cannot be replayed, before anything runs.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    /// Why, naming the file, line and field where there is one.
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}

/// Writes a recording as JSON Lines while the loop runs: a header; every clock read
/// (`{"c":ns}`), each turn's arrivals (`{"a":[["j",id,arrival],["p",poster,n]],"t":turn}`), each
/// job result after its arrival (`{"r":id,"v":"json"}` when `Codable`, else
/// `{"r":id,"s":"description"}`), each script input (`{"i":"…","t":turn}`), each finished
/// turn's digest (`{"d":"hex","t":turn}`), a note before each timer fires
/// (`{"f":1,"t":turn}`), a note where the run went on after a turn only
/// for its mailbox (`{"w":turn}`); then a trailer `{"ok":true,"turns":n,"finalDigest":"hex"}`
/// (with `"reason"` when not ok). Lines go through a 64 KiB
/// buffer, so a long run's memory stays flat.
public final class RecordingWriter: LoopRecorder {
    /// The open file, nil once ``finish(ok:turns:finalDigest:reason:)`` has closed it.
    private var file: UnsafeMutablePointer<FILE>?
    // Written on the loop's thread only, never across a call out.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// The file's path.
    public let path: String
    /// The first write that failed (its `errno`): later lines are dropped, and
    /// ``finish(ok:turns:finalDigest:reason:)`` throws it.
    private var writeError: Int32?

    /// Creates the file at `path` and writes `header`.
    /// - Throws: ``RecordingError`` when the file cannot be created.
    public init(path: String, header: RecordingHeader) throws {
        guard let file = fopen(path, "w") else {
            throw RecordingError("\(path): cannot create the recording: \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.path = path
        buffer.reserveCapacity(1 << 16)
        write("{\"llrec\":\(header.format),\"minReader\":\(header.minimumReader),\"lifeloop\":\(Self.quoted(header.lifeloopVersion)),"
            + "\"program\":\(Self.quoted(header.program)),\"programHash\":\(Self.quoted(header.programHash)),"
            + "\"vocabulary\":\(Self.quoted(header.vocabulary)),\"seed\":\(header.seed),\"clock\":\(Self.quoted(header.clock)),"
            + "\"source\":\(Self.quoted(header.source))"
            + (header.scenarioFile.isEmpty ? "" : ",\"scenarioFile\":\(Self.quoted(header.scenarioFile))") + "}")
    }

    deinit {
        // Not finished: the file is left without a trailer, which a reader calls cut short.
        flush()
        if let file { _ = FileOutput.syncAndClose(file) }
    }

    private func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(10)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        if let file, writeError == nil {
            writeError = buffer.withUnsafeBytes { FileOutput.write(file, $0.baseAddress, count: $0.count) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    // The two lines written every turn are built as bytes in a stack buffer and appended
    // at once (no String, no per-byte append): recording must cost little next to a turn.
    public func clockRead(_ nanoseconds: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { line in
            // {"c":DIGITS}\n, the digits written backwards from the end.
            line[30] = 0x7D; line[31] = 0x0A
            var start = 30
            var rest = nanoseconds
            repeat {
                start &-= 1
                line[start] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
                rest /= 10
            } while rest > 0
            line[start &- 5] = 0x7B; line[start &- 4] = 0x22; line[start &- 3] = 0x63; line[start &- 2] = 0x22; line[start &- 1] = 0x3A
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: line[(start &- 5)..<32]))
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes `value` in decimal at `start` (20 bytes at most) and returns the index after it.
    @inline(__always)
    private static func writeDecimal(_ value: UInt64, into line: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        TraceBytes.writeNumber(value, to: line.baseAddress! + start) - line.baseAddress!
    }

    /// Appends `value` in decimal.
    private func appendDecimal(_ value: UInt64) {
        TraceBytes.appendDecimal(value, to: &buffer)
    }

    /// Appends ASCII text.
    private func appendASCII(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // Written as bytes too: a job's arrival and result come every few turns.
    public func arrivals(turn: UInt64, _ arrivals: [Arrival]) {
        appendASCII("{\"a\":[")
        for (index, arrival) in arrivals.enumerated() {
            if index > 0 { appendASCII(",") }
            switch arrival {
            case .job(let id, let arrival):
                appendASCII("[\"j\",")
                appendDecimal(id)
                appendASCII(",")
                appendDecimal(arrival)
            case .post(let poster, let sequence):
                appendASCII("[\"p\",")
                appendDecimal(UInt64(poster))
                appendASCII(",")
                appendDecimal(sequence)
            case .mainQueue:
                appendASCII("[\"m\"")
            }
            appendASCII("]")
        }
        appendASCII("],\"t\":")
        appendDecimal(turn)
        appendASCII("}\n")
        if buffer.count >= 1 << 16 { flush() }
    }

    public func jobResult(_ id: UInt64, json: String?, description: String) {
        appendASCII("{\"r\":")
        appendDecimal(id)
        appendASCII(json == nil ? ",\"s\":" : ",\"v\":")
        buffer.append(contentsOf: Self.quoted(json ?? description).utf8)
        appendASCII("}\n")
        if buffer.count >= 1 << 16 { flush() }
    }

    public func timersFired(_ count: Int, turn: UInt64) {
        buffer.append(contentsOf: "{\"f\":\(count),\"t\":\(turn)}\n".utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func wentOnForMail(after turn: UInt64) {
        buffer.append(contentsOf: "{\"w\":\(turn)}\n".utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func turnEnded(_ turn: UInt64, digest: TraceDigest) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { line in
            // {"d":"
            line[0] = 0x7B; line[1] = 0x22; line[2] = 0x64; line[3] = 0x22; line[4] = 0x3A; line[5] = 0x22
            var shift: UInt64 = 60
            for index in 6..<22 {
                let nibble = UInt8(truncatingIfNeeded: (digest.value >> shift) & 0xF)
                line[index] = nibble < 10 ? 48 &+ nibble : 87 &+ nibble
                shift &-= 4
            }
            // ","t":
            line[22] = 0x22; line[23] = 0x2C; line[24] = 0x22; line[25] = 0x74; line[26] = 0x22; line[27] = 0x3A
            var end = Self.writeDecimal(turn, into: line, at: 28)
            line[end] = 0x7D; line[end + 1] = 0x0A
            end += 2
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: line[0..<end]))
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// A script input, with the turn it ran in (checked on replay).
    public func input(_ text: String, turn: UInt64) {
        write("{\"i\":\(Self.quoted(text)),\"t\":\(turn)}")
    }

    /// Ends the file with its trailer, flushes it to disk and closes it. A second call
    /// does nothing.
    /// - Parameters:
    ///   - ok: Whether the run ended as it should (the trailer's `ok`).
    ///   - turns: The turns the run took.
    ///   - finalDigest: The run's final trace digest.
    ///   - reason: Why a recording that is not `ok` ended, kept in the trailer.
    /// - Throws: ``RecordingError`` naming the path and the system's reason when any write,
    ///   the flush or the close failed: the recording is then incomplete.
    public func finish(ok: Bool, turns: UInt64, finalDigest: TraceDigest, reason: String? = nil) throws {
        guard let file else { return }
        let why = reason.map { ",\"reason\":\(Self.quoted($0))" } ?? ""
        write("{\"ok\":\(ok),\"turns\":\(turns),\"finalDigest\":\"\(finalDigest)\"\(why)}")
        flush()
        self.file = nil
        let closing = FileOutput.syncAndClose(file)
        if let writeError { throw RecordingError("\(path): cannot write the recording: \(FileOutput.reason(writeError))") }
        if let closing { throw RecordingError("\(path): \(closing)") }
    }

    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

/// Reads a recording line by line for a replay (memory stays flat), checking each
/// request of the replaying loop against the next line.
///
/// The file is read as every input is (``InputLines``): only a regular file, of at most
/// ``defaultMaxBytes`` and with no line over ``defaultMaxLineBytes`` unless told
/// otherwise. Every line is checked before anything runs: the header's fields, each
/// line's kind and fields (whole numbers in range, digests of 16 hex digits, clock reads
/// that never go backwards and stay within the host clock's range), and a trailer that
/// ends the file. A problem is a ``RecordingError`` naming the file, the line and the field.
public final class RecordingReader: LoopReplaySource {
    /// The largest recording read unless told otherwise: 1 GiB (about 60 million turns).
    public static let defaultMaxBytes = 1 << 30
    /// The longest line read unless told otherwise: 16 MiB (the header carries the
    /// scenario's text; a job result its JSON).
    public static let defaultMaxLineBytes = 16 << 20
    /// The largest clock read a recording may hold: the host clock's range, nanoseconds
    /// that a `Duration` holds (about 292 years).
    public static let maxClockRead = UInt64(Int64.max)

    /// The file's path.
    public let path: String
    /// The recording's header.
    public private(set) var header: RecordingHeader
    /// The trailer's figures.
    public let turns: UInt64
    /// The trailer's final digest, 16 hex digits.
    public let finalDigest: String
    private let lines: InputLines
    private var checker: RecordingLineChecker
    private var pending: RecordingLine?
    private var lineNumber: Int { lines.lineNumber }
    /// The inputs the recording saw in the turn last asked about, and the arrivals.
    public private(set) var lastInputs: [(turn: UInt64, input: String)] = []
    /// The arrivals of the last turns asked about (up to 64), for a divergence's report.
    public private(set) var lastArrivals: [(turn: UInt64, arrivals: [Arrival])] = []
    /// The job results recorded with the last arrivals.
    private var results: [UInt64: (json: String?, description: String)] = [:]

    /// Opens and checks a recording: a header this reader understands, lines it can read
    /// and a trailer (a truncated file has none). Reads the whole file once to check it.
    /// - Parameters:
    ///   - path: The recording's path.
    ///   - maxBytes: The largest file accepted.
    ///   - maxLineBytes: The longest line accepted.
    /// - Throws: ``RecordingError`` naming the file (and the line and field) when it is
    ///   not a regular file, too large, not a recording, too new, malformed or truncated.
    public init(path: String, maxBytes: Int = RecordingReader.defaultMaxBytes,
                maxLineBytes: Int = RecordingReader.defaultMaxLineBytes) throws(RecordingError) {
        self.path = path
        do {
            lines = try InputLines(path: path, maxBytes: maxBytes, maxLineBytes: maxLineBytes)
        } catch {
            throw RecordingError(reading: error)
        }
        header = try Self.readHeader(lines, path: path)
        checker = RecordingLineChecker(path: path)
        var trailer: (turns: UInt64, finalDigest: String)?
        while let line = try Self.next(lines, path: path) {
            let parsed: RecordingLine
            do {
                parsed = try checker.parse(line, at: lines.lineNumber)
            } catch {
                // A last line cut short is a truncated file, not a malformed one.
                guard lines.lineEnded || trailer != nil else {
                    throw RecordingError("\(path): truncated: line \(lines.lineNumber) is cut short and no trailer follows (the recording stopped before its run ended)")
                }
                throw error
            }
            if trailer != nil {
                throw RecordingError("\(path):\(lines.lineNumber): a line after the trailer (the trailer ends a recording)")
            }
            if case .trailer(_, let turns, let finalDigest) = parsed { trailer = (turns, finalDigest) }
        }
        guard let trailer else {
            throw RecordingError("\(path): truncated: no trailer after line \(lines.lineNumber) (the recording stopped before its run ended)")
        }
        turns = trailer.turns
        finalDigest = trailer.finalDigest
        do {
            try lines.rewind()
        } catch {
            throw RecordingError(reading: error)
        }
        _ = try Self.next(lines, path: path)
        checker = RecordingLineChecker(path: path)
    }

    /// What the recording has for `turn`, in file order: its inputs, the worker results
    /// and posts that arrived in it, and the recorded job results ("input push in window
    /// main", "job 3 result (arrival 2)", "post 1 of poster 0", "job 3 result 42").
    /// Reads the file again from its start, under the same checks.
    /// - Throws: ``RecordingError`` when the file cannot be read or a line is malformed.
    public func consumed(inTurn turn: UInt64) throws(RecordingError) -> [String] {
        let lines: InputLines
        do {
            lines = try InputLines(path: path, maxBytes: self.lines.maxBytes, maxLineBytes: self.lines.maxLineBytes)
        } catch {
            throw RecordingError(reading: error)
        }
        _ = try Self.next(lines, path: path)
        var checker = RecordingLineChecker(path: path)
        var items: [String] = []
        var inTurn = false
        while let line = try Self.next(lines, path: path) {
            switch try checker.parse(line, at: lines.lineNumber) {
            case .input(let input, let at):
                inTurn = at == turn
                if inTurn { items.append("input \(input)") }
            case .arrivals(let arrivals, let at):
                inTurn = at == turn
                guard inTurn else { continue }
                for arrival in arrivals {
                    switch arrival {
                    case .job(let id, let number): items.append("job \(id) result (arrival \(number))")
                    case .post(let poster, let sequence): items.append("post \(sequence) of poster \(poster)")
                    case .mainQueue: items.append("the main dispatch queue's work")
                    }
                }
            case .result(let id, let json, let description):
                if inTurn { items.append("job \(id) result \(json ?? description)") }
            case .checkpoint, .trailer:
                inTurn = false
            case .clock, .mailNote, .timers:
                break
            }
        }
        return items
    }

    private static func next(_ lines: InputLines, path: String) throws(RecordingError) -> ArraySlice<UInt8>? {
        do {
            return try lines.next()
        } catch {
            throw RecordingError(reading: error)
        }
    }

    /// The first line, checked field by field.
    private static func readHeader(_ lines: InputLines, path: String) throws(RecordingError) -> RecordingHeader {
        let notRecording = RecordingError("\(path): not a Lifeloop recording (the first line is not a {\"llrec\": …} header)")
        guard let line = try next(lines, path: path), let document = try? JSONReader().read(Array(line)),
              document.root.kind == .object, let format = document.root["llrec"] else { throw notRecording }
        let root = document.root
        func bad(_ field: String, _ message: String) -> RecordingError {
            RecordingError("\(path):1: header field '\(field)': \(message)")
        }
        func string(_ field: String) throws(RecordingError) -> String {
            guard let value = root[field] else { throw bad(field, "missing") }
            guard let text = value.string else { throw bad(field, "expected a string, found \(RecordingLineChecker.show(value))") }
            return text
        }
        guard let formatNumber = format.int, formatNumber >= 1 else {
            throw bad("llrec", "the format must be a whole number from 1, found \(RecordingLineChecker.show(format))")
        }
        guard let minValue = root["minReader"] else { throw bad("minReader", "missing") }
        guard let minReader = minValue.int, minReader >= 1 else {
            throw bad("minReader", "the oldest reader must be a whole number from 1, found \(RecordingLineChecker.show(minValue))")
        }
        let version = try string("lifeloop")
        guard minReader <= RecordingHeader.formatVersion else {
            throw RecordingError("\(path): made by Lifeloop \(version) in format \(formatNumber), which needs a reader of version \(minReader); this one reads version \(RecordingHeader.formatVersion): update Lifeloop")
        }
        guard minReader <= formatNumber else {
            throw bad("minReader", "the oldest reader (\(minReader)) cannot be newer than the format (\(formatNumber))")
        }
        guard formatNumber <= RecordingHeader.formatVersion else {
            throw RecordingError("\(path): made by Lifeloop \(version) in format \(formatNumber), newer than this reader's format \(RecordingHeader.formatVersion): update Lifeloop")
        }
        guard let seedValue = root["seed"] else { throw bad("seed", "missing") }
        guard let seed = seedValue.uint64 else {
            throw bad("seed", "expected a whole number from 0 to \(UInt64.max), found \(RecordingLineChecker.show(seedValue))")
        }
        let clock = try string("clock")
        guard clock == "host" || clock == "virtual" else { throw bad("clock", "expected \"host\" or \"virtual\", found \(JSONText.quoted(clock))") }
        var header = RecordingHeader(lifeloopVersion: version, program: try string("program"), programHash: try string("programHash"),
                                     vocabulary: try string("vocabulary"), seed: seed, clock: clock)
        header.format = formatNumber
        header.minimumReader = minReader
        header.source = try string("source")
        if root["scenarioFile"] != nil { header.scenarioFile = try string("scenarioFile") }
        return header
    }

    /// The next line that is not an input (inputs are kept for reports).
    private func peek() throws(RecordingError) -> RecordingLine? {
        while pending == nil {
            guard let line = try Self.next(lines, path: path) else { return nil }
            let parsed = try checker.parse(line, at: lineNumber)
            if case .input(let input, let turn) = parsed {
                lastInputs.append((turn, input))
                if lastInputs.count > 64 { lastInputs.removeFirst() }
                continue
            }
            pending = parsed
        }
        return pending
    }

    private func describe(_ line: RecordingLine?) -> String {
        switch line {
        case nil: return "the end of the recording"
        case .clock: return "a clock read"
        case .arrivals(_, let turn): return "arrivals in turn \(turn)"
        case .checkpoint(_, let turn): return "the checkpoint of turn \(turn)"
        case .trailer: return "the end of the run"
        case .result(let id, _, _): return "the result of job \(id)"
        case .input(_, let turn): return "an input in turn \(turn)"
        case .mailNote(let turn): return "the note that the run went on for its mailbox after turn \(turn)"
        case .timers(let count, let turn): return "\(count) timer\(count == 1 ? "" : "s") fired in turn \(turn)"
        }
    }

    public func nextClockRead() throws -> UInt64 {
        guard case .clock(let value) = try peek() else {
            throw LoopError.replayDiverged("the replay read the clock where the recording has \(describe(try peek())) (line \(lineNumber))")
        }
        pending = nil
        return value
    }

    public func nextArrivals(turn: UInt64) throws -> [Arrival] {
        guard case .arrivals(let arrivals, let at) = try peek(), at == turn else { return [] }
        pending = nil
        lastArrivals.append((turn, arrivals))
        if lastArrivals.count > 64 { lastArrivals.removeFirst() }
        results.removeAll(keepingCapacity: true)
        while case .result(let id, let json, let description) = try peek() {
            pending = nil
            results[id] = (json, description)
        }
        return arrivals
    }

    public func recordedResult(of id: UInt64) -> (json: String?, description: String)? {
        results[id]
    }

    public func timersFired(turn: UInt64) throws -> Int {
        guard case .timers(let count, let at) = try peek(), at == turn else { return 0 }
        pending = nil
        return count
    }

    public func wentOnForMail(after turn: UInt64) throws -> Bool {
        guard case .mailNote(let at) = try peek(), at == turn else { return false }
        pending = nil
        return true
    }

    public func turnEnded(_ turn: UInt64, digest: TraceDigest) throws {
        guard case .checkpoint(let recorded, let at) = try peek(), at == turn else {
            throw LoopError.replayDiverged("turn \(turn) ended where the recording has \(describe(try peek())) (line \(lineNumber))")
        }
        pending = nil
        guard recorded == digest.description else {
            throw LoopError.replayDiverged("turn \(turn): digest \(digest), recorded \(recorded)")
        }
    }
}

extension RecordingError {
    /// A problem reading the file: `PATH: cannot read the recording: it is a FIFO, not a
    /// regular file`, or `PATH:LINE: the line is … bytes long, over the limit of … bytes`.
    init(reading error: InputFileError) {
        self.init(error.line.map { "\(error.path):\($0): \(error.reason)" } ?? "\(error.path): cannot read the recording: \(error.reason)")
    }
}

/// One line of a recording after its header.
enum RecordingLine {
    case clock(UInt64)
    case arrivals([Arrival], turn: UInt64)
    case result(UInt64, json: String?, description: String)
    case input(String, turn: UInt64)
    case checkpoint(String, turn: UInt64)
    /// The run went on after the turn for what had reached its mailbox.
    case mailNote(turn: UInt64)
    /// How many timers fired in the turn.
    case timers(Int, turn: UInt64)
    case trailer(ok: Bool, turns: UInt64, finalDigest: String)
}

/// Parses and checks a recording's lines in order: each line's kind and fields, and that
/// clock reads never go backwards.
struct RecordingLineChecker {
    let path: String
    private var lastClock: (value: UInt64, line: Int)?

    init(path: String) {
        self.path = path
    }

    /// A value as the message about it shows it: a number's or literal's text, else its kind.
    static func show(_ value: JSONValue) -> String {
        switch value.kind {
        case .string:
            guard let text = value.string else { return "a string" }
            return text.count > 40 ? JSONText.quoted(String(text.prefix(40))) + "…" : JSONText.quoted(text)
        case .object: return "an object"
        case .array: return "an array"
        case .null: return "null"
        case .bool: return value.bool == true ? "true" : "false"
        case .number:
            let bytes = value.document.bytes
            var end = value.byteOffset
            while end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: ".")
                || bytes[end] | 0x20 == UInt8(ascii: "e") || (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
            return String(decoding: bytes[value.byteOffset..<end], as: UTF8.self)
        }
    }

    private static let kinds = "a clock read {\"c\":…}, arrivals {\"a\":…,\"t\":…}, a job result {\"r\":…,\"v\"|\"s\":…}, "
        + "an input {\"i\":…,\"t\":…}, a mailbox note {\"w\":…}, timers fired {\"f\":…,\"t\":…}, a checkpoint {\"d\":…,\"t\":…} or the trailer {\"ok\":…,\"turns\":…,\"finalDigest\":…}"

    mutating func parse(_ bytes: ArraySlice<UInt8>, at line: Int) throws(RecordingError) -> RecordingLine {
        let document: JSONDocument
        do {
            document = try JSONReader().read(Array(bytes))
        } catch {
            throw RecordingError("\(path):\(line):\(error.column): not a recording line: \(error.message)")
        }
        let root = document.root
        guard root.kind == .object else {
            throw RecordingError("\(path):\(line): not a recording line: expected \(Self.kinds), found \(Self.show(root))")
        }
        func bad(_ field: String, _ message: String) -> RecordingError {
            RecordingError("\(path):\(line): field '\(field)': \(message)")
        }
        func whole(_ field: String, max: UInt64 = .max, what: String = "") throws(RecordingError) -> UInt64 {
            guard let value = root[field] else { throw bad(field, "missing") }
            guard let number = value.uint64, number <= max else {
                throw bad(field, "expected a whole number from 0 to \(max)\(what), found \(Self.show(value))")
            }
            return number
        }
        func text(_ field: String) throws(RecordingError) -> String {
            guard let value = root[field] else { throw bad(field, "missing") }
            guard let string = value.string else { throw bad(field, "expected a string, found \(Self.show(value))") }
            return string
        }
        func digest(_ field: String) throws(RecordingError) -> String {
            let value = try text(field)
            guard value.utf8.count == 16, value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
                throw bad(field, "expected a digest of 16 lowercase hex digits, found \(JSONText.quoted(value))")
            }
            return value
        }
        let keys = Set(root.members.map(\.name))
        switch keys {
        case ["c"]:
            let value = try whole("c", max: RecordingReader.maxClockRead, what: " (a clock read in nanoseconds, within the host clock's range)")
            if let last = lastClock, value < last.value {
                throw bad("c", "the clock read \(value) goes backwards (line \(last.line) read \(last.value)); the host clock never does")
            }
            lastClock = (value, line)
            return .clock(value)
        case ["a", "t"]:
            let turn = try whole("t")
            guard let items = root["a"], items.kind == .array else { throw bad("a", "expected an array of arrivals, found \(root["a"].map(Self.show) ?? "nothing")") }
            var arrivals: [Arrival] = []
            for (index, item) in items.elements.enumerated() {
                let parts = Array(item.elements)
                let field = "a[\(index)]"
                let expected = "expected [\"j\",job,arrival], [\"p\",poster,number] or [\"m\"]"
                guard item.kind == .array, let kind = parts.first?.string else { throw bad(field, "\(expected), found \(Self.show(item))") }
                switch (kind, parts.count) {
                case ("m", 1):
                    arrivals.append(.mainQueue)
                case ("j", 3):
                    guard let id = parts[1].uint64, let arrival = parts[2].uint64 else {
                        throw bad(field, "a job's id and arrival must be whole numbers from 0 to \(UInt64.max), found \(Self.show(parts[1])) and \(Self.show(parts[2]))")
                    }
                    arrivals.append(.job(id, arrival: arrival))
                case ("p", 3):
                    guard let poster = parts[1].uint64.flatMap({ UInt32(exactly: $0) }), let sequence = parts[2].uint64 else {
                        throw bad(field, "a post's poster (0 to \(UInt32.max)) and number (0 to \(UInt64.max)) must be whole numbers, found \(Self.show(parts[1])) and \(Self.show(parts[2]))")
                    }
                    arrivals.append(.post(poster: poster, sequence: sequence))
                default:
                    throw bad(field, "\(expected), found \(JSONText.quoted(kind)) with \(parts.count - 1) more")
                }
            }
            return .arrivals(arrivals, turn: turn)
        case ["r", "v"]:
            return .result(try whole("r"), json: try text("v"), description: "")
        case ["r", "s"]:
            return .result(try whole("r"), json: nil, description: try text("s"))
        case ["i", "t"]:
            return .input(try text("i"), turn: try whole("t"))
        case ["f", "t"]:
            return .timers(Int(try whole("f", max: 1 << 40)), turn: try whole("t"))
        case ["w"]:
            return .mailNote(turn: try whole("w"))
        case ["d", "t"]:
            return .checkpoint(try digest("d"), turn: try whole("t"))
        case ["ok", "turns", "finalDigest"], ["ok", "turns", "finalDigest", "reason"]:
            if keys.contains("reason") { _ = try text("reason") }
            guard let ok = root["ok"]?.bool else { throw bad("ok", "expected true or false, found \(root["ok"].map(Self.show) ?? "nothing")") }
            return .trailer(ok: ok, turns: try whole("turns"), finalDigest: try digest("finalDigest"))
        default:
            let names = root.members.map { JSONText.quoted($0.name) }.joined(separator: ", ")
            throw RecordingError("\(path):\(line): not a recording line: expected \(Self.kinds), found the keys \(names.isEmpty ? "(none)" : names)")
        }
    }
}
