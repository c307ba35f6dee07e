import Foundation
import Testing

/// `merge --missing` prints the command that runs the missing shards again; a result file
/// named for one shard (`--out shard-3.json`) must not be where they all write.
@Suite struct MergeMissingOutTests {
    @Test func shardsRunAgainWriteToTheFolderNotAnotherShardsFile() throws {
        let folder = try ShrinkTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = TriageTests.samples + "/feed-jobs.yaml"
        for index in [0, 3] {
            let output = try CLI.run(["experiment", file, "--seeds", "0..7", "--shard", "\(index)/4", "--format", "json",
                                      "--out", folder + "/shard-\(index).json", "--quiet"], environment: ["PARALLEL_SEQ": "\(index + 1)"])
            #expect(output.status == 0 || output.status == 1, "\(output.stderr)")
        }
        let kept = try String(contentsOfFile: folder + "/shard-3.json", encoding: .utf8)
        let missing = try CLI.run(["merge", folder + "/shard-0.json", folder + "/shard-3.json", "--missing"])
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.stdout.contains("printf '%s\\n' 1 2 | parallel lifeloop experiment"), "\(missing.stdout)")
        #expect(missing.stdout.contains("--out \(folder)/ "), "\(missing.stdout)")
        #expect(!missing.stdout.contains("shard-0.json") && !missing.stdout.contains("shard-3.json"), "\(missing.stdout)")

        // Running what it printed (as parallel would) leaves both earlier results as they were,
        // and the folder then holds every seed.
        for index in [1, 2] {
            let again = try CLI.run(["experiment", file, "--seeds", "0..7", "--format", "json", "--out", folder + "/", "--quiet",
                                     "--shard", "\(index)/4"], environment: ["PARALLEL_SEQ": "\(index)"])
            #expect(again.status == 0 || again.status == 1, "\(again.stderr)")
        }
        #expect(try String(contentsOfFile: folder + "/shard-3.json", encoding: .utf8) == kept)
        let complete = try CLI.run(["merge", folder + "/", "--missing"])
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stderr.contains("no shard is missing"), "\(complete.stderr)")
    }
}
