import Foundation

/// The identity of a recording: what made it, so a replay can refuse a different program.
public struct RecordingHeader: Sendable, Equatable {
    /// Bumped only on an incompatible change of the file.
    public static let formatVersion = 1
    public var format = RecordingHeader.formatVersion
    /// The oldest reader that can replay it.
    public var minimumReader = 1
    public var lifeloopVersion: String
    /// What was run: a scenario's name and hash, or a program's own name.
    public var program: String
    public var programHash: String
    /// A fingerprint of the inputs the program can be fed (a scenario's step kinds).
    public var vocabulary: String
    public var seed: UInt64
    /// `host` or `virtual`: a virtual-clock recording holds only the checkpoints.
    public var clock: String
    /// The program's source (a scenario file's text), so that a replay of a changed one
    /// can say what changed; empty when not kept.
    public var source = ""

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
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Writes a recording as JSON Lines while the loop runs: a header; every clock read
/// (`{"c":ns}`), each turn's arrivals (`{"a":[["j",id,arrival],["p",poster,n]],"t":turn}`), each
/// job result after its arrival (`{"r":id,"v":"json"}` when `Codable`, else
/// `{"r":id,"s":"description"}`), each script input (`{"i":"…","t":turn}`), each finished
/// turn's digest (`{"d":"hex","t":turn}`);
/// then a trailer `{"ok":true,"turns":n,"finalDigest":"hex"}`. Lines go through a 64 KiB
/// buffer, so a long run's memory stays flat.
public final class RecordingWriter: LoopRecorder {
    /// The open file, nil once ``finish(ok:turns:finalDigest:reason:)`` has closed it.
    private var file: UnsafeMutablePointer<FILE>?
    // Written on the loop's thread only, never across a call out.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    public let path: String
    /// The first write that failed (its `errno`): later lines are dropped, and
    /// ``finish(ok:turns:finalDigest:reason:)`` throws it.
    private var writeError: Int32?

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
            + "\"source\":\(Self.quoted(header.source))}")
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

    // The two lines written every turn are built as bytes (no String): recording must
    // cost little next to a turn.
    public func clockRead(_ nanoseconds: UInt64) {
        buffer.append(contentsOf: Self.clockPrefix)
        appendDecimal(nanoseconds)
        buffer.append(contentsOf: Self.lineEnd)
        if buffer.count >= 1 << 16 { flush() }
    }

    private static let clockPrefix: [UInt8] = Array("{\"c\":".utf8)
    private static let digestPrefix: [UInt8] = Array("{\"d\":\"".utf8)
    private static let turnInfix: [UInt8] = Array("\",\"t\":".utf8)
    private static let lineEnd: [UInt8] = Array("}\n".utf8)
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private func appendDecimal(_ value: UInt64) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { bytes in
            repeat {
                bytes[19 - count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            buffer.append(contentsOf: bytes[(20 - count)...])
        }
    }

    public func arrivals(turn: UInt64, _ arrivals: [Arrival]) {
        let items = arrivals.map { arrival -> String in
            switch arrival {
            case .job(let id, let arrival): return "[\"j\",\(id),\(arrival)]"
            case .post(let poster, let sequence): return "[\"p\",\(poster),\(sequence)]"
            case .mainQueue: return "[\"m\"]"
            }
        }
        write("{\"a\":[\(items.joined(separator: ","))],\"t\":\(turn)}")
    }

    public func jobResult(_ id: UInt64, json: String?, description: String) {
        if let json {
            write("{\"r\":\(id),\"v\":\(Self.quoted(json))}")
        } else {
            write("{\"r\":\(id),\"s\":\(Self.quoted(description))}")
        }
    }

    public func turnEnded(_ turn: UInt64, digest: TraceDigest) {
        buffer.append(contentsOf: Self.digestPrefix)
        var shift = 60
        while shift >= 0 {
            buffer.append(Self.hexDigits[Int((digest.value >> UInt64(shift)) & 0xF)])
            shift -= 4
        }
        buffer.append(contentsOf: Self.turnInfix)
        appendDecimal(turn)
        buffer.append(contentsOf: Self.lineEnd)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// A script input, with the turn it ran in (checked on replay).
    public func input(_ text: String, turn: UInt64) {
        write("{\"i\":\(Self.quoted(text)),\"t\":\(turn)}")
    }

    /// Ends the file with its trailer, flushes it to disk and closes it. A second call
    /// does nothing.
    /// - Parameter reason: Why a recording that is not `ok` ended, kept in the trailer.
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
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}

/// Reads a recording line by line for a replay (memory stays flat), checking each
/// request of the replaying loop against the next line.
public final class RecordingReader: LoopReplaySource {
    public let path: String
    public private(set) var header: RecordingHeader
    /// The trailer's figures.
    public let turns: UInt64
    public let finalDigest: String
    private let file: UnsafeMutablePointer<FILE>
    private var pending: [String: Any]?
    private var lineNumber = 1
    /// The inputs the recording saw in the turn last asked about, and the arrivals.
    public private(set) var lastInputs: [(turn: UInt64, input: String)] = []
    public private(set) var lastArrivals: [(turn: UInt64, arrivals: [Arrival])] = []
    /// The job results recorded with the last arrivals.
    private var results: [UInt64: (json: String?, description: String)] = [:]

    /// Opens and checks a recording: a header this reader understands and a trailer (a
    /// truncated file has none). Reads the whole file once to find the trailer.
    public init(path: String) throws {
        self.path = path
        guard let file = fopen(path, "r") else {
            throw RecordingError("\(path): cannot open the recording: \(String(cString: strerror(errno)))")
        }
        self.file = file
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        guard getline(&line, &capacity, file) > 0, let first = line,
              let object = Self.object(String(cString: first)), let format = object["llrec"] as? Int else {
            free(line)
            fclose(file)
            throw RecordingError("\(path): not a Lifeloop recording (the first line is not a {\"llrec\": …} header)")
        }
        let minReader = object["minReader"] as? Int ?? format
        guard minReader <= RecordingHeader.formatVersion else {
            free(line)
            fclose(file)
            throw RecordingError("\(path): made by Lifeloop \(object["lifeloop"] as? String ?? "?") in format \(format), which needs a reader of version \(minReader); this one reads version \(RecordingHeader.formatVersion): update Lifeloop")
        }
        header = RecordingHeader(lifeloopVersion: object["lifeloop"] as? String ?? "", program: object["program"] as? String ?? "",
                                 programHash: object["programHash"] as? String ?? "", vocabulary: object["vocabulary"] as? String ?? "",
                                 seed: (object["seed"] as? NSNumber)?.uint64Value ?? 0, clock: object["clock"] as? String ?? "host")
        header.source = object["source"] as? String ?? ""
        var last: [String: Any]?
        var count = 1
        while getline(&line, &capacity, file) > 0, let text = line {
            count += 1
            last = Self.object(String(cString: text))
        }
        free(line)
        guard let last, last["ok"] != nil, let turns = (last["turns"] as? NSNumber)?.uint64Value,
              let finalDigest = last["finalDigest"] as? String else {
            fclose(file)
            throw RecordingError("\(path): truncated: no trailer after line \(count) (the recording stopped before its run ended)")
        }
        self.turns = turns
        self.finalDigest = finalDigest
        rewind(file)
        var skip: UnsafeMutablePointer<CChar>?
        var skipCapacity = 0
        _ = getline(&skip, &skipCapacity, file)
        free(skip)
    }

    deinit {
        fclose(file)
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The next line that is not an input (inputs are kept for reports).
    private func peek() -> [String: Any]? {
        while pending == nil {
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            guard getline(&line, &capacity, file) > 0, let text = line else { return nil }
            lineNumber += 1
            guard let object = Self.object(String(cString: text)) else { continue }
            if let input = object["i"] as? String {
                lastInputs.append(((object["t"] as? NSNumber)?.uint64Value ?? 0, input))
                if lastInputs.count > 64 { lastInputs.removeFirst() }
                continue
            }
            pending = object
        }
        return pending
    }

    private func describe(_ object: [String: Any]?) -> String {
        guard let object else { return "the end of the recording" }
        if object["c"] != nil { return "a clock read" }
        if let turn = object["t"] { return object["a"] != nil ? "arrivals in turn \(turn)" : "the checkpoint of turn \(turn)" }
        if object["ok"] != nil { return "the end of the run" }
        return "line \(lineNumber)"
    }

    public func nextClockRead() throws -> UInt64 {
        guard let next = peek(), let value = (next["c"] as? NSNumber)?.uint64Value else {
            throw LoopError.replayDiverged("the replay read the clock where the recording has \(describe(peek())) (line \(lineNumber))")
        }
        pending = nil
        return value
    }

    public func nextArrivals(turn: UInt64) throws -> [Arrival] {
        guard let next = peek(), let items = next["a"] as? [[Any]], (next["t"] as? NSNumber)?.uint64Value == turn else { return [] }
        pending = nil
        let arrivals = items.compactMap { item -> Arrival? in
            guard let kind = item.first as? String else { return nil }
            if kind == "j", item.count == 3, let id = (item[1] as? NSNumber)?.uint64Value,
               let arrival = (item[2] as? NSNumber)?.uint64Value {
                return .job(id, arrival: arrival)
            }
            if kind == "m" { return .mainQueue }
            if kind == "p", item.count == 3, let poster = (item[1] as? NSNumber)?.uint32Value,
               let sequence = (item[2] as? NSNumber)?.uint64Value {
                return .post(poster: poster, sequence: sequence)
            }
            return nil
        }
        lastArrivals.append((turn, arrivals))
        if lastArrivals.count > 64 { lastArrivals.removeFirst() }
        results.removeAll(keepingCapacity: true)
        while let next = peek(), let id = (next["r"] as? NSNumber)?.uint64Value {
            pending = nil
            results[id] = (next["v"] as? String, next["s"] as? String ?? "")
        }
        return arrivals
    }

    public func recordedResult(of id: UInt64) -> (json: String?, description: String)? {
        results[id]
    }

    public func turnEnded(_ turn: UInt64, digest: TraceDigest) throws {
        guard let next = peek(), let recorded = next["d"] as? String, (next["t"] as? NSNumber)?.uint64Value == turn else {
            throw LoopError.replayDiverged("turn \(turn) ended where the recording has \(describe(peek())) (line \(lineNumber))")
        }
        pending = nil
        guard recorded == digest.description else {
            throw LoopError.replayDiverged("turn \(turn): digest \(digest), recorded \(recorded)")
        }
    }
}
