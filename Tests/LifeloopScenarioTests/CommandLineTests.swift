import Foundation
import LifeloopScenario
import Testing

/// The `lifeloop` executable, run as a user would: a real process, real files, its exit
/// status, stdout and stderr. `swift test` builds it beside the test bundle;
/// `LIFELOOP_BIN_DIR` names another build's folder (`make release-e2e`: a release build).
enum CLI {
    static var executable: String {
        if let directory = ProcessInfo.processInfo.environment["LIFELOOP_BIN_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).appendingPathComponent("lifeloop").path
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lifeloop").path
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `lifeloop` with `arguments`; `stdoutPath`, when given, is opened for writing and
    /// is the process's stdout instead of a pipe (its `stdout` is then empty).
    static func run(_ arguments: [String], environment: [String: String] = [:], stdoutPath: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE", "JOB_COMPLETION_INDEX",
                    "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "CI_NODE_INDEX", "CI_NODE_TOTAL", "LIFELOOP_SHARDS",
                    "LIFELOOP_ENGINE", "PARALLEL_SEQ", "SLURM_ARRAY_JOB_ID", "SLURM_JOB_NAME", "SLURM_SUBMIT_DIR"] {
            env[key] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let stdoutFile = try stdoutPath.map { path in
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
            return handle
        }
        process.standardOutput = stdoutFile ?? out
        process.standardError = err
        try process.run()
        if stdoutFile != nil { try out.fileHandleForWriting.close() }
        // Read both pipes while the process runs, so a full pipe cannot block it.
        let errData = LockedData()
        let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    // @unchecked: `data` and `done` are only touched under `lock`.
    private let lock = NSLock()
    private var data = Data()
    private var done = false
    func set(_ value: Data) { lock.lock(); data = value; done = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return done }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}

@Suite struct CommandLineTests {
    let scenario = Fixtures.samples + "/seed-segue-jitter.yaml"

    @Test func theExecutableIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.executable), "swift test builds lifeloop beside the tests")
    }

    @Test func runPrintsTheReportAndTheDigest() throws {
        let first = try CLI.run(["run", scenario, "--seed", "4"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("seed 4, digest "))
        #expect(first.stdout.contains("\n  tap "), "the taps' latencies")
        let again = try CLI.run(["run", scenario, "--seed", "4"])
        #expect(again.stdout == first.stdout, "same scenario and seed, same report and digest")
    }

    @Test func runWithOneSeedSummarisesEachWindowWithoutPercentilesOverOneValue() throws {
        let threeWindows = Fixtures.samples + "/three-windows.yaml"
        let text = try CLI.run(["run", threeWindows, "--seed", "2"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("window ") }, "\(text.stdout)")
        let columns = header.split(separator: " ").map(String.init)
        #expect(columns.starts(with: ["window", "frames", "dropped"]))
        #expect(header.contains("hitch ms") && header.contains("hitch ms/s"))
        #expect(!text.stdout.contains("p90") && !text.stdout.contains("p95"), "no percentile columns: \(text.stdout)")
        #expect(text.stdout.contains("inputs (latency") && text.stdout.contains("main-thread callbacks"))
        #expect(text.stdout.contains("main-thread passes per window"))
        // Each window's row carries the run's own figures: the CSV's, for the same seed.
        let csv = try CLI.run(["run", threeWindows, "--seed", "2", "--format", "csv"])
        let csvRows = csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(csvRows.count == 3)
        var totalFrames = 0
        for row in csvRows {
            let window = String(row[2])
            let cells = try #require(lines.first { $0.hasPrefix(window + " ") }, "no row for \(window)").split(separator: " ")
            #expect(cells[1] == row[3], "\(window): frames")
            #expect(cells[2] == row[4], "\(window): dropped frames")
            totalFrames += Int(row[3]) ?? 0
        }
        let all = try #require(lines.first { $0.hasPrefix("all ") }, "several windows: a row for all of them").split(separator: " ")
        #expect(Int(all[1]) == totalFrames)
    }

    @Test func runWritesATraceAndAPerfettoFileThatValidate() throws {
        let directory = try Fixtures.temporaryDirectory()
        let output = try CLI.run(["run", Fixtures.samples + "/feed-jobs.yaml", "--seed", "2", "--format", "json",
                                  "--trace", directory + "/t.jsonl", "--perfetto", directory + "/p.json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"schemaVersion\": 1"))
        let trace = try String(contentsOfFile: directory + "/t.jsonl", encoding: .utf8)
        #expect(trace.contains("\"event\":\"viewDidLoad\""))
        #expect(try LifeloopScenarioValidation.validate(directory + "/p.json"))
    }

    @Test func aBadScenarioIsExitStatusTwoWithFileLineAndColumn() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/bad.yaml"
        try "lifeloop: 1\napp: {sample: SeedSegue}\nscript:\n  - pusj: B\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["run", path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("bad.yaml:4:"))
        #expect(output.stderr.contains("pusj"))
        let missing = try CLI.run(["experiment", directory + "/nope.yaml", "--seeds", "0..3"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.yaml"))
        let badSeeds = try CLI.run(["experiment", scenario, "--seeds", "9..3"])
        #expect(badSeeds.status == 2)
        #expect(badSeeds.stderr.contains("--seeds 9..3"))
    }

    @Test func aFailingSeedIsExitStatusOneWithItsRerunCommand() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/strict.yaml"
        try """
            lifeloop: 1
            app: {storyboard: \(Fixtures.samples)/../SeedSegue/Main.storyboard.json}
            script:
              - expect: {metric: frameCount, max: -1}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["experiment", path, "--seeds", "0..2", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("re-run: lifeloop run \(path) --seed 1 --trace seed-1.jsonl"))
    }

    @Test func shardsFromTheEnvironmentMergeIntoTheWholeRun() throws {
        let directory = try Fixtures.temporaryDirectory()
        let whole = try CLI.run(["experiment", scenario, "--seeds", "0..29", "--format", "json", "--quiet",
                                 "--out", directory + "/whole.json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        // Kubernetes: an index, and the count from --shards.
        for index in 0..<3 {
            let shard = try CLI.run(["experiment", scenario, "--seeds", "0..29", "--shards", "3", "--format", "json",
                                     "--quiet", "--out", directory + "/shards/"],
                                    environment: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stderr.contains("shard \(index)/3 from JOB_COMPLETION_INDEX"))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/shards").sorted()
        #expect(files.count == 3)
        #expect(files.allSatisfy { $0.contains("-shard-000") && $0.hasSuffix("-of-0003.json") })
        let merged = try CLI.run(["merge", directory + "/shards", "--seeds", "0..29", "--out", directory + "/merged.json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let a = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/whole.json"))) as? [String: Any]
        let b = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/merged.json"))) as? [String: Any]
        #expect((a?["metrics"] as? NSDictionary) == (b?["metrics"] as? NSDictionary))
        #expect((a?["runs"] as? Int) == 30 && (b?["runs"] as? Int) == 30)

        // One shard short: the gap is named and the status is 1.
        try FileManager.default.removeItem(atPath: directory + "/shards/" + files[1])
        let partial = try CLI.run(["merge", directory + "/shards", "--seeds", "0..29"])
        #expect(partial.status == 1)
        #expect(partial.stderr.contains("missing seeds: 10..19"))
    }

    @Test func bazelShardingTouchesTheStatusFileAndGitLabCountsFromOne() throws {
        let directory = try Fixtures.temporaryDirectory()
        let status = directory + "/status"
        let bazel = try CLI.run(["experiment", scenario, "--seeds", "0..9", "--quiet", "--format", "csv"],
                                environment: ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": status])
        #expect(bazel.status == 0, "\(bazel.stderr)")
        #expect(FileManager.default.fileExists(atPath: status))
        let seeds = bazel.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
        #expect(seeds == ["5", "6", "7", "8", "9"], "the second contiguous block, one CSV row per seed, in order")
        let gitlab = try CLI.run(["experiment", scenario, "--seeds", "0..9", "--quiet", "--format", "csv"],
                                 environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"])
        #expect(gitlab.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("0,") == true)
    }

    @Test func mergeRefusesResultsOfAnotherScenario() throws {
        let directory = try Fixtures.temporaryDirectory()
        _ = try CLI.run(["experiment", scenario, "--seeds", "0..1", "--format", "json", "--quiet", "--out", directory + "/a.json"])
        _ = try CLI.run(["experiment", Fixtures.samples + "/launch-time.yaml", "--seeds", "2..3", "--format", "json",
                         "--quiet", "--out", directory + "/b.json"])
        let output = try CLI.run(["merge", directory + "/a.json", directory + "/b.json"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("b.json is of scenario launch-time"))
        #expect(output.stderr.contains("a.json is of seed-segue-jitter"))
    }
}

/// Whether a Perfetto file written by the CLI validates and holds events.
enum LifeloopScenarioValidation {
    static func validate(_ path: String) throws -> Bool {
        let validation = try PerfettoValidator.validate(path: path)
        return validation.isValid && validation.events > 0
    }
}

/// Every file the CLI writes, and its stdout, checked against a device that takes no byte
/// (`/dev/full`: every write fails with ENOSPC): exit status 2, naming the output and the
/// reason, never a success with a missing or short file.
@Suite struct FullDiskTests {
    struct Case: CustomStringConvertible, Sendable {
        /// The arguments; `FULL.ext` is replaced by a symbolic link to /dev/full with that
        /// extension (a link, so that a writer that renames over its target replaces the
        /// link, not the device, and the test sees it).
        var arguments: [String]
        /// stdout is /dev/full, not a pipe.
        var stdoutIsFull = false
        var description: String { arguments.prefix(2).joined(separator: " ") + (stdoutIsFull ? " > /dev/full" : " " + (arguments.first { $0.hasPrefix("FULL") } ?? "")) }
    }

    static let scenario = Fixtures.samples + "/seed-segue-jitter.yaml"
    static let cases: [Case] = [
        Case(arguments: ["run", scenario, "--trace", "FULL.jsonl"]),
        Case(arguments: ["run", scenario, "--perfetto", "FULL.json"]),
        Case(arguments: ["run", scenario, "--timeline", "FULL.svg"]),
        Case(arguments: ["run", scenario, "--frames", "FULL.svg"]),
        Case(arguments: ["run", scenario], stdoutIsFull: true),
        Case(arguments: ["run", scenario, "--format", "json"], stdoutIsFull: true),
        Case(arguments: ["snapshot", scenario, "--at", "1", "-o", "FULL.svg"]),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--format", "json", "--out", "FULL.json"]),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--rows", "FULL.jsonl"]),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--html", "FULL.html"]),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--frames", "FULL.svg"]),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--format", "csv"], stdoutIsFull: true),
        Case(arguments: ["experiment", scenario, "--seeds", "0..2", "--quiet", "--format", "json"], stdoutIsFull: true),
        Case(arguments: ["merge", "SHARD", "--out", "FULL.json"]),
        Case(arguments: ["merge", "SHARD"], stdoutIsFull: true),
        Case(arguments: ["record", Fixtures.samples + "/feed-host.yaml", "-o", "FULL.llrec"]),
        Case(arguments: ["demo"], stdoutIsFull: true),
        Case(arguments: ["launch", Fixtures.samples + "/Launch.storyboard.json"], stdoutIsFull: true),
    ]

    @Test(arguments: cases)
    func aFailedWriteIsExitStatusTwoNamingTheOutput(_ test: Case) throws {
        let directory = try Fixtures.temporaryDirectory()
        var links: [String] = []
        var arguments: [String] = []
        for argument in test.arguments {
            if argument.hasPrefix("FULL") {
                let link = directory + "/out" + argument.dropFirst(4)
                #expect(symlink("/dev/full", link) == 0)
                links.append(link)
                arguments.append(link)
            } else if argument == "SHARD" {
                let shard = directory + "/shard.json"
                let made = try CLI.run(["experiment", Self.scenario, "--seeds", "0..1", "--quiet", "--format", "json", "--out", shard])
                #expect(made.status == 0, "\(made.stderr)")
                arguments.append(shard)
            } else {
                arguments.append(argument)
            }
        }
        let output = try CLI.run(arguments, stdoutPath: test.stdoutIsFull ? "/dev/full" : nil)
        #expect(output.status == 2, "\(test): status \(output.status), stderr: \(output.stderr)")
        #expect(!output.stderr.contains("Fatal error"), "\(output.stderr)")
        if test.stdoutIsFull {
            #expect(output.stderr.contains("stdout"), "\(output.stderr)")
        }
        for link in links {
            #expect(output.stderr.contains(link), "the message names \(link): \(output.stderr)")
            var info = stat()
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "\(link) was replaced, not written")
        }
    }
}
