import Foundation
import LifeloopScenario
import Testing

/// Failure capsules (`--capsules`, `lifeloop replay CAPSULE`) and merges that catch
/// nondeterminism (seed digests, `merge --missing`).
@Suite struct TriageTests {
    static let samples = ShrinkTests.samples

    /// A scenario in its own folder whose storyboard sits beside it (named relatively), and
    /// whose seeds fail or pass by the push's drawn time: some seeds' expect fails.
    static func failingScenario(in folder: String) throws -> String {
        try FileManager.default.copyItem(atPath: samples + "/Feed.storyboard.json", toPath: folder + "/Feed.storyboard.json")
        let text = """
            lifeloop: 1
            name: capsule-sample
            app: {storyboard: Feed.storyboard.json}
            windows: [{label: main, screen: phone, container: navigation}]
            script:
              - at: {uniform: [0ms, 400ms]}
                push: Detail
              - {at: 500ms, expect: {metric: frameCount, max: 10}}

            """
        let file = folder + "/capsule-sample.yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aCapsuleReplaysInAFreshFolderWithoutTheOriginals() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try Self.failingScenario(in: folder)
        let capsules = folder + "/capsules"
        let output = try CLI.run(["experiment", file, "--seeds", "0..3", "--capsules", capsules, "--quiet", "--jobs", "2"])
        #expect(output.status == 1, "some seeds fail: \(output.stdout) \(output.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: capsules).filter { $0.hasSuffix(".llcap") }.sorted()
        #expect(!names.isEmpty, "\(output.stderr)")
        #expect(output.stderr.contains("replayed twice"))
        // Every failing seed has a capsule.
        let failed = output.stdout.components(separatedBy: "\n").filter { $0.contains("lifeloop run ") }.count
        #expect(names.count == failed || failed == 0, "\(output.stdout)")

        // Copy one capsule to a folder of its own and remove the scenario and storyboard.
        let elsewhere = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let copy = elsewhere + "/failure.llcap"
        // Stops here, not with an index out of range, when no capsule was written.
        try FileManager.default.copyItem(atPath: capsules + "/" + #require(names.first), toPath: copy)
        try FileManager.default.removeItem(atPath: folder + "/Feed.storyboard.json")
        try FileManager.default.removeItem(atPath: file)
        let replay = try CLI.run(["replay", copy])
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("reproduced: expect metric frameCount of all windows at most 10"), "\(replay.stdout)")
        #expect(replay.stdout.contains("capsule-sample seed"))
    }

    @Test func aCheckCapsuleReproducesTheDivergence() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["check", Self.samples + "/unseeded-random.yaml", "--quiet", "--capsules", folder])
        #expect(output.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".llcap") }
        #expect(names.count == 1, "\(output.stderr)")
        let replay = try CLI.run(["replay", folder + "/" + #require(names.first)])
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("reproduced: divergence at"), "\(replay.stdout)")
    }

    @Test func aDamagedCapsuleIsExitStatusTwo() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bad.llcap"
        try "{\"lifeloopCapsule\": 1, \"seed\": 0}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["replay", path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("bad.llcap:1"), "\(output.stderr)")
        let capsule = Capsule(header: .init(scenario: "s", scenarioHash: "0", seed: 1, mode: "run", perturbation: nil,
                                            failureKey: "k", message: "m", clock: "virtual"),
                              files: [(Capsule.scenarioPath, Array("lifeloop: 1\n".utf8))])
        try capsule.write(to: path)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.removeLast(10)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let cut = try CLI.run(["replay", path])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("cut short"), "\(cut.stderr)")
    }

    // MARK: Merges

    @Test func aShardRunTwiceMergesAndADifferentRunIsNamed() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = Self.samples + "/feed-jobs.yaml"
        func shard(_ index: Int, to name: String, _ extra: [String] = []) throws {
            let output = try CLI.run(["experiment", file, "--seeds", "0..7", "--shard", "\(index)/2", "--format", "json",
                                      "--out", folder + "/" + name, "--quiet"] + extra)
            #expect(output.status == 0 || output.status == 1, "\(output.stderr)")
        }
        try shard(0, to: "a.json")
        try shard(0, to: "a-again.json")
        try shard(1, to: "b.json")
        let twice = try CLI.run(["merge", folder + "/a.json", folder + "/a-again.json", folder + "/b.json", "--seeds", "0..7"])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stderr.contains("a-again.json: the same seeds with the same digests"), "\(twice.stderr)")
        #expect(twice.stdout.contains("\"runs\": 8,"))
        #expect(twice.stdout.contains("\"duplicateSeedRanges\": [],"))

        // The same shard with an unseeded difference planted in its runs.
        try shard(0, to: "a-perturbed.json", ["--inject-unseeded-delay"])
        let differ = try CLI.run(["merge", folder + "/a.json", folder + "/a-perturbed.json", folder + "/b.json"])
        #expect(differ.status == 1)
        let line = try #require(differ.stderr.split(separator: "\n").first { $0.contains("ran twice with different results") })
        #expect(line.contains("seed 0 ran twice"), "\(line)")
        #expect(line.contains("in \(folder)/a.json") && line.contains("in \(folder)/a-perturbed.json"), "\(line)")
        #expect(line.ranges(of: /digest [0-9a-f]{16}/).count == 2, "\(line)")
    }

    @Test func mergeMissingPrintsTheEnginesCommand() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = Self.samples + "/feed-jobs.yaml"
        for index in [0, 3] {
            let slurm = ["SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_JOB_ID": "77",
                         "SLURM_JOB_NAME": "sweep.sh", "SLURM_SUBMIT_DIR": "/home/me/sweeps"]
            let output = try CLI.run(["experiment", file, "--seeds", "0..7", "--format", "json", "--out", folder + "/slurm/", "--quiet"],
                                     environment: slurm)
            #expect(output.status == 0 || output.status == 1, "\(output.stderr)")
            let parallel = try CLI.run(["experiment", file, "--seeds", "0..7", "--shard", "\(index)/4", "--format", "json",
                                        "--out", folder + "/parallel/", "--quiet"], environment: ["PARALLEL_SEQ": "\(index + 1)"])
            #expect(parallel.status == 0 || parallel.status == 1, "\(parallel.stderr)")
            let kubernetes = try CLI.run(["experiment", file, "--seeds", "0..7", "--shards", "4", "--format", "json",
                                          "--out", folder + "/k8s/", "--quiet"], environment: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(kubernetes.status == 0 || kubernetes.status == 1, "\(kubernetes.stderr)")
        }
        let slurm = try CLI.run(["merge", folder + "/slurm/", "--missing"])
        #expect(slurm.status == 1)
        #expect(slurm.stdout.contains("cd /home/me/sweeps && sbatch --array=1,2 --export=ALL,LIFELOOP_SHARDS=4 --job-name=sweep.sh --wrap '"),
                "\(slurm.stdout)")
        #expect(slurm.stdout.contains("experiment \(file) --seeds 0..7 --format json --out \(folder)/slurm/ --quiet'"), "\(slurm.stdout)")
        let parallel = try CLI.run(["merge", folder + "/parallel/", "--missing"])
        #expect(parallel.stdout.contains("printf '%s\\n' 1 2 | parallel lifeloop experiment"), "\(parallel.stdout)")
        #expect(parallel.stdout.contains("--shard {}/4"), "\(parallel.stdout)")
        let kubernetes = try CLI.run(["merge", folder + "/k8s/", "--missing"])
        #expect(kubernetes.stdout.contains("Kubernetes indexes to run again: 1,2"), "\(kubernetes.stdout)")

        // The printed Slurm resubmission resolves: ids 1 and 2 of 4 shards.
        for index in [1, 2] {
            let again = try CLI.run(["experiment", file, "--seeds", "0..7", "--format", "json", "--out", folder + "/slurm/", "--quiet"],
                                    environment: ["SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_COUNT": "2",
                                                  "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "2", "LIFELOOP_SHARDS": "4"])
            #expect(again.status == 0 || again.status == 1, "\(again.stderr)")
        }
        let complete = try CLI.run(["merge", folder + "/slurm/", "--missing"])
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stderr.contains("no shard is missing"))
    }
}

/// `always`, `sometimes` and `reachable` expects, judged across seeds in the report.
@Suite struct PropertyTests {
    static func scenario(in folder: String) throws -> String {
        let text = """
            lifeloop: 1
            name: properties
            app: {storyboard: \(ShrinkTests.samples)/Feed.storyboard.json}
            windows: [{label: main, screen: phone, container: navigation}]
            script:
              - push: Detail
              - expect: {reachable: detail pushed}
              - expect: {sometimes: {sequence: ["Detail viewDidDisappear"]}, name: detail went away}
              - {at: 1s, expect: {always: {metric: frameCount, max: 10}, name: few frames}}
              - expect: {always: {sequence: ["Detail viewDidAppear"]}}

            """
        let file = folder + "/properties.yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theReportListsFailedAndNeverReachedProperties() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try Self.scenario(in: folder)
        let text = try CLI.run(["experiment", file, "--seeds", "0..3", "--quiet"])
        #expect(text.status == 1, "the always property fails every seed: \(text.stderr)")
        #expect(text.stdout.contains("properties (4):"), "\(text.stdout)")
        #expect(text.stdout.contains("FAILED always 'few frames': not held in 4 of 4 seeds (seeds 0, 1, 2, 3)"), "\(text.stdout)")
        #expect(text.stdout.contains("NEVER REACHED sometimes 'detail went away': never true (reached in 4 seeds)"), "\(text.stdout)")
        #expect(text.stdout.contains("ok reachable 'detail pushed'"), "\(text.stdout)")
        // A seed stops at its first failure: the last property is never judged.
        #expect(text.stdout.contains("NEVER REACHED always 'always sequence Detail viewDidAppear': never reached"), "\(text.stdout)")

        // JSON, with the capsule of the first failing seed; shards merge by adding counts.
        for shard in 0..<2 {
            let json = try CLI.run(["experiment", file, "--seeds", "0..3", "--shard", "\(shard)/2", "--format", "json",
                                    "--out", folder + "/shard-\(shard).json", "--capsules", folder + "/capsules", "--quiet"])
            #expect(json.status == 1, "\(json.stderr)")
        }
        let shard0 = try String(contentsOfFile: folder + "/shard-0.json", encoding: .utf8)
        #expect(shard0.contains("{\"name\": \"few frames\", \"kind\": \"always\", \"reached\": 2, \"held\": 0, \"failedSeeds\": [0, 1], "
                                + "\"capsule\": \"\(folder)/capsules/properties-seed-0.llcap\"}"), "\(shard0)")
        let merged = try CLI.run(["merge", folder + "/shard-0.json", folder + "/shard-1.json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("{\"name\": \"few frames\", \"kind\": \"always\", \"reached\": 4, \"held\": 0, \"failedSeeds\": [0, 1, 2, 3]"),
                "\(merged.stdout)")
        #expect(merged.stdout.contains("{\"name\": \"detail went away\", \"kind\": \"sometimes\", \"reached\": 4, \"held\": 0, \"failedSeeds\": []}"))
    }

    /// An app that needs the main thread runs each seed in a process of its own: its
    /// failure key and its properties come back from that process, so its capsule replays
    /// against that failure (not any failure) and the report judges its properties.
    @Test func seedsInProcessesKeepTheirFailureKeyAndProperties() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/concurrency-fails.yaml"
        try """
            lifeloop: 1
            app: {sample: Concurrency}
            windows: [{label: main, screen: phone}]
            script:
              - settle: true
              - expect: {sometimes: {sequence: ["Feed slept"]}, name: slept}
              - expect: {sequence: ["Feed neverHappens"]}

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let capsules = folder + "/capsules"
        let output = try CLI.run(["experiment", file, "--seeds", "0..1", "--isolation", "processes", "--capsules", capsules, "--quiet"])
        #expect(output.status == 1, "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("ok sometimes 'slept'"), "\(output.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: capsules).filter { $0.hasSuffix(".llcap") }.sorted()
        #expect(names.count == 2, "\(output.stderr)")
        let name = try #require(names.first)
        let capsule = try String(contentsOfFile: capsules + "/" + name, encoding: .utf8)
        #expect(capsule.contains("\"failureKey\": \"expect sequence"), "\(capsule.prefix(600))")
        let replay = try CLI.run(["replay", capsules + "/" + name])
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
        #expect(replay.stdout.contains("reproduced: expect sequence"), "\(replay.stdout)")
    }

    @Test func aPropertyWithoutItsConditionIsABadInput() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/bad.yaml"
        try "lifeloop: 1\napp: {sample: MultiWindow}\nscript:\n  - expect: {always: {sequence: []}}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let output = try CLI.run(["run", file])
        #expect(output.status == 2)
        #expect(output.stderr.contains("bad.yaml:4:"), "\(output.stderr)")
        try "lifeloop: 1\napp: {sample: MultiWindow}\nscript:\n  - expect: {always: {sequence: [a b]}, sometimes: {sequence: [a b]}}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let two = try CLI.run(["run", file])
        #expect(two.status == 2)
        #expect(two.stderr.contains("one of always, sometimes or reachable"), "\(two.stderr)")
    }
}
