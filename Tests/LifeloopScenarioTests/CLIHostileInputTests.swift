import Foundation
import LifeloopScenario
import Testing

/// Bad input to the triage commands is exit status 2 with a message naming it: a capsule
/// header this version could not have written, an empty capsule, an option's negative
/// number, a directory given where a file goes.
@Suite struct CLIHostileInputTests {
    static func capsule(mode: String = "run", perturbation: String? = nil, clock: String = "virtual") -> Capsule {
        Capsule(header: .init(scenario: "s", scenarioHash: "0", seed: 1, mode: mode, perturbation: perturbation,
                              failureKey: "k", message: "m", clock: clock),
                files: [(Capsule.scenarioPath, Array("lifeloop: 1\n".utf8))])
    }

    @Test func aCapsuleHeaderThisVersionCouldNotHaveWrittenIsRefused() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(Capsule, String)] = [
            (Self.capsule(mode: "fuzz"), "mode 'fuzz': expected run or check"),
            (Self.capsule(clock: "sundial"), "clock 'sundial': expected"),
            (Self.capsule(mode: "check", perturbation: "warp=9"), "perturbation 'warp=9'"),
            (Self.capsule(mode: "run", perturbation: "workers=3"), "perturbation 'workers=3': a run's capsule has none"),
        ]
        for (capsule, message) in cases {
            let path = folder + "/odd.llcap"
            try capsule.write(to: path)
            let output = try CLI.run(["replay", path])
            #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
            #expect(output.stderr.contains("odd.llcap:1: " + message), "\(output.stderr)")
        }
    }

    @Test func anEmptyCapsuleIsCalledAnEmptyCapsule() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/empty.llcap"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let output = try CLI.run(["replay", path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("empty.llcap: the capsule is empty (0 bytes)"), "\(output.stderr)")
        #expect(!output.stderr.contains("recording"), "\(output.stderr)")
    }

    @Test func aNegativeCountIsNamedNotAUsageError() throws {
        let shrink = try CLI.run(["shrink", ShrinkTests.samples + "/feed-jobs.yaml", "--seed", "0", "--max-runs", "-1"])
        #expect(shrink.status == 2, "\(shrink.stderr)")
        #expect(shrink.stderr.contains("--max-runs -1: expected at least 1"), "\(shrink.stderr)")
        let jobs = try CLI.run(["experiment", ShrinkTests.samples + "/feed-jobs.yaml", "--seeds", "0..1", "--jobs", "-2"])
        #expect(jobs.status == 2, "\(jobs.stderr)")
        #expect(jobs.stderr.contains("--jobs must be at least 1, not -2"), "\(jobs.stderr)")
    }

    @Test func aDirectoryWhereAFileGoesIsNamedAsADirectory() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["shrink", ShrinkTests.samples + "/feed-jobs.yaml", "--seed", "0", "--out", folder])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("--out cannot write \(folder): it is a directory, not a regular file"), "\(output.stderr)")
        #expect(!output.stderr.contains("results go to a file or a directory"))
    }

    @Test func launchOfABadFileIsExitStatusTwo() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["launch", folder + "/missing.storyboard"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("missing.storyboard"), "\(output.stderr)")
    }

    @Test func appearanceFlagsSweepSeedsAndNameABadValue() throws {
        let login = ShrinkTests.samples + "/login.yaml"
        let bad = try CLI.run(["experiment", login, "--seeds", "0..1", "--appearance", "light,purple"])
        #expect(bad.status == 2, "\(bad.stderr)")
        #expect(bad.stderr.contains("--appearance light,purple: 'purple' is not one of light, dark"), "\(bad.stderr)")
        let flags = ["--appearance", "light,dark", "--content-size", "large,accessibilityLarge"]
        func columns(_ isolation: String) throws -> [String] {
            let output = try CLI.run(["experiment", login, "--seeds", "0..5", "--quiet", "--format", "csv", "--isolation", isolation] + flags)
            #expect(output.status == 0, "\(output.stderr)")
            let lines = output.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasSuffix(",digest,style,contentSize") == true, "\(lines.first ?? "")")
            return lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).suffix(2).joined(separator: ",") }
        }
        let threads = try columns("threads")
        #expect(threads.count == 6)
        #expect(Set(threads).isSubset(of: ["light,large", "dark,large", "light,accessibilityLarge", "dark,accessibilityLarge"]))
        #expect(Set(threads).count > 1, "six seeds drew more than one appearance: \(threads)")
        #expect(try columns("processes") == threads, "a seed's process draws what a thread draws")
        let run = try CLI.run(["run", login, "--seed", "3"] + flags)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
