import Foundation
import Lifeloop

/// How an experiment keeps the apps of its seeds apart.
public enum ExperimentIsolation: Sendable {
    /// Seeds run on threads of this process, each on its own loop: for apps that never
    /// touch the main thread's queues (``AppThreading/anyThread``, storyboard apps).
    case threads
    /// Each seed runs in a child process of its own, on that process's main thread, so
    /// that main-actor tasks and main-queue blocks run as under `lifeloop run --seed N`
    /// and never in another seed's app.
    case processes(SeedProcess)
}

/// Runs one seed in a child process and reads back its ``RunResult``.
///
/// The child is a command that runs the scenario with that seed on its main thread and
/// writes the result with ``SeedProcess/write(_:to:)`` to the path it is given (the
/// `lifeloop` command's own `experiment --seed-result PATH`). Its standard output goes to
/// this process's standard error, so an app's prints never mix with a report.
public struct SeedProcess: Sendable {
    /// The executable to start.
    public var executable: String
    /// Its arguments for a seed and the path its result goes to.
    public var arguments: @Sendable (_ seed: UInt64, _ resultPath: String) -> [String]
    /// Where result files are written (one per seed, removed once read).
    public var directory: String

    /// A way to run seeds in child processes.
    /// - Parameters:
    ///   - executable: The program each seed's process runs (the `lifeloop` command).
    ///   - directory: Where each seed's result file is written and removed once read.
    ///   - arguments: The child's arguments for a seed and its result file's path.
    public init(executable: String, directory: String = NSTemporaryDirectory(),
                arguments: @escaping @Sendable (_ seed: UInt64, _ resultPath: String) -> [String]) {
        self.executable = executable
        self.directory = directory
        self.arguments = arguments
    }

    /// Runs `seed` in a child and returns its result; a child that fails to start, exits
    /// with an error or dies gives a failed result that says so.
    public func run(seed: UInt64) -> RunResult {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + "lifeloop-seed-\(getpid())-\(seed)-\(UInt64.random(in: 0 ... .max)).result"
        defer { unlink(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(seed, path)
        process.standardOutput = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Self.failure(seed, "the seed's process could not start (\(executable)): \(error)")
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            return Self.failure(seed, "the seed's process died of signal \(process.terminationStatus); re-run it alone to see why")
        }
        let status = process.terminationStatus
        // 0 passed, 1 failed: either way the child wrote its result.
        guard status == 0 || status == 1 else {
            return Self.failure(seed, "the seed's process exited with status \(status) (its error is above)")
        }
        do {
            return try Self.read(path: path, seed: seed)
        } catch {
            return Self.failure(seed, "the seed's process exited without a readable result: \(error)")
        }
    }

    static func failure(_ seed: UInt64, _ message: String) -> RunResult {
        RunResult(seed: seed, status: .failed(message), digest: nil, endTime: 0, turns: 0, windows: [], metrics: MetricSet())
    }

    // MARK: The result file

    /// The result file's first line; a change of layout changes it.
    static let magic = "lifeloop-seed-result 1"

    /// Writes what an experiment keeps of a run (seed, status, digest, end time, turns,
    /// windows' frames and every metric) for the experiment to read back.
    /// - Throws: when the file cannot be written.
    public static func write(_ result: RunResult, to path: String) throws {
        var out = Self.magic + "\n"
        func line(_ fields: [String]) { out += fields.joined(separator: " ") + "\n" }
        func escaped(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        func histogram(_ values: ValueHistogram) -> [String] {
            var fields = ["\(values.count)", "\(values.min)", "\(values.max)", "\(values.sum)", "\(values.buckets.count)"]
            for bucket in values.buckets { fields += ["\(bucket.value)", "\(bucket.count)"] }
            return fields
        }
        switch result.status {
        case .passed: line(["seed", "\(result.seed)", "passed"])
        case .failed(let message): line(["seed", "\(result.seed)", "failed", escaped(message)])
        }
        line(["run", result.digest.map { "\($0.value)" } ?? "-", "\(result.endTime)", "\(result.turns)"])
        for window in result.windows {
            line(["window", escaped(window.window), "\(window.frameCount)", "\(window.droppedFrames)",
                  "\(window.hitchNanoseconds)", "\(window.animatedNanoseconds)"]
                 + histogram(window.frameDurationCpu) + histogram(window.frameOverrun))
        }
        for metric in result.metrics.sorted {
            line(["metric", escaped(metric.name), metric.unit.rawValue, metric.scope.rawValue] + histogram(metric.values))
        }
        // What a capsule's replay must see again, and what the report judges across seeds.
        if let key = result.failureKey { line(["failureKey", escaped(key)]) }
        for property in result.properties {
            line(["property", escaped(property.name), property.kind.rawValue, property.held ? "1" : "0"])
        }
        line(["end"])
        guard FileManager.default.createFile(atPath: path, contents: Data(out.utf8)) else {
            throw SeedResultError(path: path, message: "cannot write it: \(String(cString: strerror(errno)))")
        }
    }

    /// Reads a result written by ``write(_:to:)`` for `seed`.
    /// - Throws: ``SeedResultError`` naming the line that does not hold.
    static func read(path: String, seed: UInt64) throws -> RunResult {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw SeedResultError(path: path, message: "no such file, or not UTF-8")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var number = 0
        func problem(_ message: String) -> SeedResultError { SeedResultError(path: path, message: "line \(number): \(message)") }
        func next() throws -> [Substring] {
            guard let line = lines.popFirst() else { throw problem("the file ends early") }
            number += 1
            return line.split(separator: " ")
        }
        guard try next().joined(separator: " ") == Self.magic else { throw problem("not a seed result") }

        var fields: ArraySlice<Substring> = []
        func take() throws -> Substring {
            guard let field = fields.popFirst() else { throw problem("a field is missing") }
            return field
        }
        func unsigned() throws -> UInt64 {
            let field = try take()
            guard let value = UInt64(field) else { throw problem("'\(field)' is not a whole number") }
            return value
        }
        func signed() throws -> Int64 {
            let field = try take()
            guard let value = Int64(field) else { throw problem("'\(field)' is not a whole number") }
            return value
        }
        func count() throws -> Int {
            let value = try unsigned()
            guard value <= UInt64(Int.max) else { throw problem("\(value) is out of range") }
            return Int(value)
        }
        func string() throws -> String {
            let field = try take()
            guard let data = Data(base64Encoded: String(field)), let text = String(data: data, encoding: .utf8) else {
                throw problem("'\(field)' is not base64 UTF-8")
            }
            return text
        }
        func histogram() throws -> ValueHistogram {
            let total = try unsigned(), low = try signed(), high = try signed(), sum = try signed()
            let bucketCount = try count()
            guard bucketCount <= fields.count / 2 else { throw problem("more buckets than fields") }
            var buckets: [(value: Int64, count: UInt64)] = []
            var counted: UInt64 = 0
            for _ in 0..<bucketCount {
                let value = try signed(), times = try unsigned()
                let (sum, overflow) = counted.addingReportingOverflow(times)
                // Exact values lie within the extremes; buckets stand for ranges around them.
                guard !overflow, total > UInt64(ValueHistogram.exactLimit) || (value >= low && value <= high) else {
                    throw problem("a bucket does not fit its histogram")
                }
                counted = sum
                buckets.append((value, times))
            }
            guard counted == total, total == 0 || low <= high else { throw problem("a histogram's counts do not add up") }
            do { return try ValueHistogram(buckets: buckets, count: total, min: low, max: high, sum: sum) } catch {
                throw problem("a histogram does not hold: \(error)")
            }
        }

        fields = try next()[...]
        guard try take() == "seed", try unsigned() == seed else { throw problem("expected the result of seed \(seed)") }
        let status: RunStatus
        switch try take() {
        case "passed": status = .passed
        case "failed": status = .failed(try string())
        case let other: throw problem("unknown status '\(other)'")
        }
        fields = try next()[...]
        guard try take() == "run" else { throw problem("expected the run's figures") }
        let digestField = try take()
        var digest: TraceDigest?
        if digestField != "-" {
            guard let value = UInt64(digestField) else { throw problem("'\(digestField)' is not a digest") }
            digest = TraceDigest(value: value)
        }
        let endTime = try unsigned(), turns = try unsigned()
        var windows: [WindowFrames] = []
        var metrics = MetricSet()
        var failureKey: String?
        var properties: [PropertyOutcome] = []
        while true {
            fields = try next()[...]
            switch try take() {
            case "window":
                var frames = WindowFrames(window: try string())
                frames.frameCount = try count()
                frames.droppedFrames = try count()
                frames.hitchNanoseconds = try signed()
                frames.animatedNanoseconds = try signed()
                frames.frameDurationCpu = try histogram()
                frames.frameOverrun = try histogram()
                windows.append(frames)
            case "metric":
                let name = try string()
                let unitField = try take(), scopeField = try take()
                guard let unit = MetricUnit(rawValue: String(unitField)), let scope = MetricScope(rawValue: String(scopeField)) else {
                    throw problem("unknown unit or scope '\(unitField) \(scopeField)'")
                }
                metrics.add(Metric(name: name, unit: unit, scope: scope, values: try histogram()))
            case "failureKey":
                failureKey = try string()
            case "property":
                let name = try string()
                let kindField = try take(), heldField = try take()
                guard let kind = ScenarioProperty.Kind(rawValue: String(kindField)), heldField == "0" || heldField == "1" else {
                    throw problem("a property needs a kind (always, sometimes, reachable) and 0 or 1, found '\(kindField) \(heldField)'")
                }
                properties.append(PropertyOutcome(name: name, kind: kind, held: heldField == "1"))
            case "end":
                var result = RunResult(seed: seed, status: status, digest: digest, endTime: endTime, turns: turns,
                                       windows: windows, metrics: metrics)
                result.failureKey = failureKey
                result.properties = properties
                return result
            case let other:
                throw problem("unknown line '\(other)'")
            }
            guard fields.isEmpty else { throw problem("extra fields") }
        }
    }
}

/// A seed's result file that cannot be read.
public struct SeedResultError: Error, CustomStringConvertible {
    /// The result file.
    public var path: String
    /// What does not hold, with the line it is on.
    public var message: String
    /// `PATH: line N: message`.
    public var description: String { "\(path): \(message)" }
}
