import Foundation
import Lifeloop
import LifeloopCore

/// A failure capsule (`.llcap`): one self-contained file that reproduces one failing seed
/// anywhere, without the files it came from.
///
/// JSON Lines, read in one pass:
///
/// ```
/// {"lifeloopCapsule": 1, "lifeloopVersion": …, "scenario": NAME, "scenarioHash": …, "seed": 7,
///  "mode": "run", "perturbation": null, "failureKey": …, "message": …, "clock": "virtual",
///  "files": 2, "recordingLines": 0}
/// {"path": "scenario.yaml", "base64": …}          (the scenario, its named files rewritten
/// {"path": "files/0-Feed.storyboard.json", …}     to paths inside the capsule)
/// …recordingLines lines, the host-clock recording as `lifeloop record` writes it…
/// {"end": "lifeloopCapsule"}
/// ```
///
/// The recording's lines are copied through as they are, so a capsule loads in time
/// proportional to its size.
public struct Capsule: Sendable {
    /// The format version this Lifeloop writes and reads.
    public static let formatVersion = 1
    /// The scenario's path inside the capsule.
    public static let scenarioPath = "scenario.yaml"

    /// What failed, and how to run it again.
    public struct Header: Sendable, Equatable {
        /// The version of Lifeloop that wrote the capsule.
        public var lifeloopVersion = LifeloopVersion.string
        /// The scenario's name and the hash of the file it came from.
        public var scenario: String
        /// The hash of the scenario file the capsule was made from.
        public var scenarioHash: String
        /// The failing seed.
        public var seed: UInt64
        /// `run` (an experiment's failing seed) or `check` (a seed that diverged).
        public var mode: String
        /// The check's perturbation (its `--perturb` argument); nil for a run.
        public var perturbation: String?
        /// The failure key the replay must see again (``RunResult/failureKey``).
        public var failureKey: String
        /// The failure as the run reported it.
        public var message: String
        /// The clock it ran on.
        public var clock: String

        /// A header for the failing `seed` of `scenario`, with the failure to see again; the Lifeloop version is this one's.
        public init(scenario: String, scenarioHash: String, seed: UInt64, mode: String, perturbation: String?,
                    failureKey: String, message: String, clock: String) {
            self.scenario = scenario
            self.scenarioHash = scenarioHash
            self.seed = seed
            self.mode = mode
            self.perturbation = perturbation
            self.failureKey = failureKey
            self.message = message
            self.clock = clock
        }
    }

    /// What failed, and how to run it again.
    public var header: Header
    /// The scenario (at ``scenarioPath``) and every file it names, by path inside the capsule.
    public var files: [(path: String, bytes: [UInt8])]

    /// A capsule of `header` and `files` (the scenario and the files it names).
    public init(header: Header, files: [(path: String, bytes: [UInt8])]) {
        self.header = header
        self.files = files
    }

    /// A capsule that cannot be made or read, naming the file and what is wrong.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// A problem described by `description`.
        public init(_ description: String) { self.description = description }
    }

    // MARK: Making

    /// The scenario file's text with every file it names (its storyboard, network bodies)
    /// taken in and renamed to `files/N-NAME`, so the capsule's copy runs on its own.
    /// - Throws: ``Problem`` for a scenario or named file that cannot be read.
    public static func contents(ofScenarioAt path: String, name: String) throws -> (text: String, files: [(path: String, bytes: [UInt8])]) {
        let text: String
        do { text = String(decoding: try InputFile.read(path: path), as: UTF8.self) } catch {
            throw Problem("\(path): cannot read the scenario file: \(error)")
        }
        var tree = try ScenarioTree.parse(text, file: path)
        let directory = Self.folder(of: path)
        var files: [(path: String, bytes: [UInt8])] = []
        func take(_ written: String) throws -> String {
            let source = written.hasPrefix("/") ? written : directory + "/" + written
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path: source) } catch { throw Problem("\(source): cannot read a file the scenario names: \(error)") }
            let base = written.split(separator: "/").last.map(String.init) ?? "file"
            let inside = "files/\(files.count)-\(base)"
            files.append((inside, bytes))
            return inside
        }
        if case .scalar(let storyboard, _)? = tree[[.key("app"), .key("storyboard")]] {
            tree[[.key("app"), .key("storyboard")]] = .scalar(try take(storyboard), plain: false)
        }
        for index in 0..<(tree["network"]?.count ?? 0) {
            let path: [ScenarioTree.PathComponent] = [.key("network"), .index(index), .key("bodyFile")]
            if case .scalar(let body, _)? = tree[path] { tree[path] = .scalar(try take(body), plain: false) }
        }
        if tree["name"] == nil { tree["name"] = .scalar(name, plain: false) }
        return (tree.yaml, files)
    }

    /// The folder part of a path, or `.` for a bare name.
    static func folder(of path: String) -> String {
        ScenarioFile.directory(of: path)
    }

    // MARK: Writing

    /// Writes the capsule to `path` (atomically), with the recording at `recordingPath`
    /// copied in line by line.
    public func write(to path: String, recordingPath: String? = nil) throws {
        var recording: [UInt8] = []
        var recordingLines = 0
        if let recordingPath {
            do { recording = try InputFile.read(path: recordingPath, maxBytes: RecordingReader.defaultMaxBytes) } catch {
                throw Problem("\(recordingPath): cannot read the recording: \(error)")
            }
            if let last = recording.last, last != UInt8(ascii: "\n") { recording.append(UInt8(ascii: "\n")) }
            recordingLines = recording.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(recording.count + files.reduce(0) { $0 + $1.bytes.count * 4 / 3 } + 1024)
        let h = header
        var first = "{\"lifeloopCapsule\": \(Self.formatVersion), \"lifeloopVersion\": \(jsonString(h.lifeloopVersion)), "
        first += "\"scenario\": \(jsonString(h.scenario)), \"scenarioHash\": \(jsonString(h.scenarioHash)), \"seed\": \(h.seed), "
        first += "\"mode\": \(jsonString(h.mode)), \"perturbation\": \(h.perturbation.map(jsonString) ?? "null"), "
        first += "\"failureKey\": \(jsonString(h.failureKey)), \"message\": \(jsonString(h.message)), \"clock\": \(jsonString(h.clock)), "
        first += "\"files\": \(files.count), \"recordingLines\": \(recordingLines)}\n"
        out += Array(first.utf8)
        for file in files {
            out += Array("{\"path\": \(jsonString(file.path)), \"base64\": \"\(Data(file.bytes).base64EncodedString())\"}\n".utf8)
        }
        out += recording
        out += Array("{\"end\": \"lifeloopCapsule\"}\n".utf8)
        do { try AtomicFile.write(out, to: path) } catch { throw Problem("\(error)") }
    }

    // MARK: Reading

    /// Refuses a header whose mode, clock or perturbation this version could not have
    /// written: replaying it any other way would claim a failure reproduced, or not, that
    /// was never run as recorded.
    static func checkHowItRan(_ header: Header, path: String) throws {
        switch header.mode {
        case "run":
            if let perturbation = header.perturbation {
                throw Problem("\(path):1: perturbation '\(perturbation)': a run's capsule has none (only mode check has one)")
            }
        case "check":
            let perturbation = header.perturbation ?? "none"
            if perturbation != "process" && perturbation != "process-fixed-hash" {
                do { _ = try Perturbation.parse(perturbation) } catch {
                    throw Problem("\(path):1: perturbation '\(perturbation)': \(error)")
                }
            }
        default:
            throw Problem("\(path):1: mode '\(header.mode)': expected run or check")
        }
        guard ClockMode(rawValue: header.clock) != nil else {
            throw Problem("\(path):1: clock '\(header.clock)': expected \(ClockMode.allCases.map(\.rawValue).joined(separator: " or "))")
        }
    }

    /// Whether the file at `path` starts as a capsule does.
    public static func isCapsule(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 24)) ?? Data()
        return String(decoding: start, as: UTF8.self).hasPrefix("{\"lifeloopCapsule\"")
    }

    /// Reads the capsule at `path` and writes its files under `directory` (which must
    /// exist), the recording (if any) to `directory/recording.llrec`.
    /// - Returns: The capsule and the recording's path, if it has one.
    /// - Throws: ``Problem`` naming the capsule and its line for anything this version
    ///   could not have written, or a capsule cut short.
    public static func extract(_ path: String, into directory: String) throws -> (capsule: Capsule, recording: String?) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path: path, maxBytes: RecordingReader.defaultMaxBytes + (64 << 20)) } catch {
            throw Problem("\(path): cannot read the capsule: \(error)")
        }
        guard !bytes.isEmpty else { throw Problem("\(path): the capsule is empty (0 bytes)") }
        var position = 0
        var lineNumber = 0
        func nextLine() -> ArraySlice<UInt8>? {
            guard position < bytes.count else { return nil }
            let start = position
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            position = end + 1
            lineNumber += 1
            return bytes[start..<end]
        }
        func object(_ line: ArraySlice<UInt8>?, _ what: String) throws -> [String: Any] {
            guard let line, let value = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw Problem("\(path):\(lineNumber): expected \(what)")
            }
            return value
        }
        let first = try object(nextLine(), "the capsule's header (is this a capsule?)")
        guard let version = first["lifeloopCapsule"] as? Int else { throw Problem("\(path):1: not a Lifeloop capsule") }
        guard version == formatVersion else {
            throw Problem("\(path):1: capsule format \(version); this Lifeloop reads format \(formatVersion)")
        }
        func text(_ key: String) throws -> String {
            guard let value = first[key] as? String else { throw Problem("\(path):1: \(key): expected a string") }
            return value
        }
        func count(_ key: String) throws -> Int {
            guard let value = first[key] as? Int, value >= 0 else { throw Problem("\(path):1: \(key): expected a whole number") }
            return value
        }
        guard let seedNumber = first["seed"] as? NSNumber, let seed = UInt64(seedNumber.stringValue) else {
            throw Problem("\(path):1: seed: expected a whole number")
        }
        var header = Header(scenario: try text("scenario"), scenarioHash: try text("scenarioHash"), seed: seed,
                            mode: try text("mode"), perturbation: first["perturbation"] as? String,
                            failureKey: try text("failureKey"), message: try text("message"), clock: try text("clock"))
        header.lifeloopVersion = try text("lifeloopVersion")
        try Self.checkHowItRan(header, path: path)
        let fileCount = try count("files"), recordingLines = try count("recordingLines")
        var files: [(path: String, bytes: [UInt8])] = []
        for _ in 0..<fileCount {
            let entry = try object(nextLine(), "a file of the capsule ({\"path\": …, \"base64\": …})")
            guard let name = entry["path"] as? String, let encoded = entry["base64"] as? String,
                  let data = Data(base64Encoded: encoded) else {
                throw Problem("\(path):\(lineNumber): a file needs a path and its bytes in base64")
            }
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw Problem("\(path):\(lineNumber): the file path '\(name)' leaves the capsule's folder")
            }
            files.append((name, Array(data)))
        }
        guard files.contains(where: { $0.path == scenarioPath }) else {
            throw Problem("\(path): the capsule holds no \(scenarioPath)")
        }
        var recording: String?
        if recordingLines > 0 {
            let start = position
            for _ in 0..<recordingLines {
                guard nextLine() != nil else { throw Problem("\(path): truncated: the recording stops at line \(lineNumber)") }
            }
            let target = directory + "/recording.llrec"
            do { try AtomicFile.write(Array(bytes[start..<min(position, bytes.count)]), to: target) } catch { throw Problem("\(error)") }
            recording = target
        }
        let end = try object(nextLine(), "the capsule's end line (the capsule is cut short)")
        guard end["end"] as? String == "lifeloopCapsule", nextLine() == nil else {
            throw Problem("\(path):\(lineNumber): expected the capsule's end line and nothing after it")
        }
        for file in files {
            let target = directory + "/" + file.path
            let folder = Self.folder(of: target)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try AtomicFile.write(file.bytes, to: target)
            } catch {
                throw Problem("\(target): cannot write a file of the capsule: \(error)")
            }
        }
        return (Capsule(header: header, files: files), recording)
    }
}
