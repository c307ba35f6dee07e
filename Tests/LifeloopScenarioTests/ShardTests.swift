import Foundation
import Testing
import LifeloopScenario

private func resolve(
    flag: String? = nil, shards: Int? = nil, _ environment: [String: String] = [:]
) throws(ShardError) -> ShardResolution {
    try ShardResolver.resolve(flag: flag, shards: shards, environment: environment)
}

/// The error `resolve` throws, or nil when it succeeds.
private func failure(flag: String? = nil, shards: Int? = nil, _ environment: [String: String] = [:]) -> ShardError? {
    do {
        _ = try resolve(flag: flag, shards: shards, environment)
        return nil
    } catch {
        return error
    }
}

@Suite struct ShardSourceTests {
    @Test func nothingSetMeansNoSharding() throws {
        let resolution = try resolve(["PATH": "/usr/bin"])
        #expect(resolution == ShardResolution(shard: Shard(index: 0, count: 1), explanation: "shard 0/1 (no sharding)"))
        #expect(try resolve(shards: 1).shard == Shard(index: 0, count: 1))
    }

    @Test func flagIsZeroBased() throws {
        let resolution = try resolve(flag: "2/8")
        #expect(resolution.shard == Shard(index: 2, count: 8))
        #expect(resolution.shard.description == "2/8")
        #expect(resolution.explanation == "shard 2/8 from --shard 2/8")
        #expect(resolution.statusFile == nil)
        #expect(try resolve(flag: "0/1").shard == Shard(index: 0, count: 1))
        #expect(try resolve(flag: "7/8", shards: 8).shard == Shard(index: 7, count: 8))
    }

    @Test func flagWinsOverEveryEnvironmentSource() throws {
        let everything = [
            "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_STATUS_FILE": "/tmp/status",
            "JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4",
            "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4",
        ]
        let resolution = try resolve(flag: "3/4", everything)
        #expect(resolution.shard == Shard(index: 3, count: 4))
        #expect(resolution.statusFile == nil)
    }

    @Test func bazelIsZeroBasedAndPassesTheStatusFile() throws {
        let resolution = try resolve([
            "TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "8", "TEST_SHARD_STATUS_FILE": "/tmp/out/status",
        ])
        #expect(resolution.shard == Shard(index: 3, count: 8))
        #expect(resolution.explanation == "shard 3/8 from TEST_SHARD_INDEX=3 and TEST_TOTAL_SHARDS=8")
        #expect(resolution.statusFile == "/tmp/out/status")
        #expect(try resolve(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "1"]).statusFile == nil)
    }

    @Test func bazelComesBeforeTheOtherRunners() throws {
        let resolution = try resolve(shards: 4, [
            "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4",
            "JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "3", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4",
        ])
        #expect(resolution.shard == Shard(index: 1, count: 4))
    }

    @Test func kubernetesIndexIsZeroBasedWithCountFromShards() throws {
        let resolution = try resolve(shards: 64, ["JOB_COMPLETION_INDEX": "3"])
        #expect(resolution.shard == Shard(index: 3, count: 64))
        #expect(resolution.explanation == "shard 3/64 from JOB_COMPLETION_INDEX=3 (--shards 64)")
        #expect(try resolve(shards: 64, ["JOB_COMPLETION_INDEX": "0"]).shard.index == 0)
        #expect(try resolve(shards: 64, ["JOB_COMPLETION_INDEX": "63"]).shard.index == 63)
    }

    @Test func kubernetesComesBeforeSlurmAndGitLab() throws {
        let resolution = try resolve(shards: 4, [
            "JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "3", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4",
        ])
        #expect(resolution.shard == Shard(index: 2, count: 4))
    }

    @Test func slurmTakesItsCountFromTheEnvironmentOrShards() throws {
        let counted = try resolve([
            "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "8",
            "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "7",
        ])
        #expect(counted.shard == Shard(index: 5, count: 8))
        #expect(counted.explanation == "shard 5/8 from SLURM_ARRAY_TASK_ID=5 and SLURM_ARRAY_TASK_COUNT=8")

        let flagged = try resolve(shards: 8, ["SLURM_ARRAY_TASK_ID": "0"])
        #expect(flagged.shard == Shard(index: 0, count: 8))
        #expect(flagged.explanation == "shard 0/8 from SLURM_ARRAY_TASK_ID=0 (--shards 8)")
        #expect(try resolve(shards: 8, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "8"]).shard.index == 1)
    }

    @Test func slurmComesBeforeGitLab() throws {
        let resolution = try resolve([
            "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4",
        ])
        #expect(resolution.shard == Shard(index: 3, count: 4))
    }

    @Test func gitLabIndexIsOneBased() throws {
        let resolution = try resolve(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"])
        #expect(resolution.shard == Shard(index: 1, count: 4))
        #expect(resolution.explanation == "shard 1/4 from CI_NODE_INDEX=2 (1-based) and CI_NODE_TOTAL=4")
        #expect(try resolve(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"]).shard.index == 0)
        #expect(try resolve(["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"]).shard.index == 3)
    }

    @Test func emptyVariablesCountAsUnset() throws {
        let resolution = try resolve(["TEST_SHARD_INDEX": "", "TEST_TOTAL_SHARDS": "", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"])
        #expect(resolution.shard == Shard(index: 0, count: 2))
    }
}

@Suite struct ShardErrorTests {
    /// Fails the test unless resolving throws an error whose message contains every fragment.
    private func expectError(
        flag: String? = nil, shards: Int? = nil, _ environment: [String: String] = [:], mentions fragments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = failure(flag: flag, shards: shards, environment) else {
            Issue.record("expected an error mentioning \(fragments)", sourceLocation: sourceLocation)
            return
        }
        for fragment in fragments {
            #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
        }
        #expect(error.description == error.message, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["3", "a/b", "4/4", "-1/3", "1/0", "", "1/2/3", "/4", "+1/4", " 1/4"])
    func badFlagTextNamesTheFlagAndWhatIsExpected(text: String) {
        // An empty fragment is never "contained", so the empty text is not looked for.
        expectError(flag: text, mentions: ["--shard", "expected i/n", "0-based"] + (text.isEmpty ? [] : [text]))
    }

    @Test func flagAndShardsMustAgree() {
        expectError(flag: "2/4", shards: 8, mentions: ["--shards 8", "--shard 2/4"])
    }

    @Test func shardsMustBePositive() {
        expectError(shards: 0, mentions: ["--shards 0", "at least 1"])
        expectError(flag: "0/1", shards: -2, mentions: ["--shards -2"])
    }

    @Test func shardsWithoutAnyIndexIsAnError() {
        expectError(shards: 64, mentions: ["--shards 64", "--shard i/n", "JOB_COMPLETION_INDEX"])
    }

    @Test func halfSetPairsNameBothVariables() {
        expectError(["TEST_SHARD_INDEX": "1"], mentions: ["TEST_SHARD_INDEX=1", "TEST_TOTAL_SHARDS"])
        expectError(["TEST_TOTAL_SHARDS": "4"], mentions: ["TEST_TOTAL_SHARDS=4", "TEST_SHARD_INDEX"])
        expectError(["CI_NODE_INDEX": "1"], mentions: ["CI_NODE_INDEX=1", "CI_NODE_TOTAL"])
        expectError(["CI_NODE_TOTAL": "3"], mentions: ["CI_NODE_TOTAL=3", "CI_NODE_INDEX"])
        expectError(["SLURM_ARRAY_TASK_COUNT": "3"], mentions: ["SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_ID"])
    }

    @Test func nonIntegersNameTheVariableAndValue() {
        expectError(["TEST_SHARD_INDEX": "one", "TEST_TOTAL_SHARDS": "4"], mentions: ["TEST_SHARD_INDEX=\"one\"", "whole number"])
        expectError(["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4.0"], mentions: ["TEST_TOTAL_SHARDS=\"4.0\""])
        expectError(shards: 4, ["JOB_COMPLETION_INDEX": "-1"], mentions: ["JOB_COMPLETION_INDEX=\"-1\""])
        expectError(shards: 4, ["SLURM_ARRAY_TASK_ID": "x"], mentions: ["SLURM_ARRAY_TASK_ID=\"x\""])
        expectError(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999999999999"], mentions: ["CI_NODE_TOTAL="])
    }

    @Test func outOfRangeValuesNameTheVariables() {
        expectError(["TEST_SHARD_INDEX": "4", "TEST_TOTAL_SHARDS": "4"], mentions: ["TEST_SHARD_INDEX=4", "TEST_TOTAL_SHARDS=4"])
        expectError(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"], mentions: ["TEST_TOTAL_SHARDS=0", "at least 1"])
        expectError(shards: 64, ["JOB_COMPLETION_INDEX": "64"], mentions: ["JOB_COMPLETION_INDEX=64", "--shards 64", "completions"])
        expectError(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], mentions: ["CI_NODE_INDEX=0", "CI_NODE_TOTAL=4", "from 1"])
        expectError(["CI_NODE_INDEX": "5", "CI_NODE_TOTAL": "4"], mentions: ["CI_NODE_INDEX=5", "CI_NODE_TOTAL=4"])
    }

    @Test func kubernetesNeedsShards() {
        expectError(["JOB_COMPLETION_INDEX": "3"], mentions: ["JOB_COMPLETION_INDEX=3", "--shards", "completions"])
    }

    @Test func slurmNeedsACountAndZeroBasedIds() {
        expectError(["SLURM_ARRAY_TASK_ID": "2"], mentions: ["SLURM_ARRAY_TASK_ID=2", "--shards"])
        expectError(["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "8"],
                    mentions: ["SLURM_ARRAY_TASK_ID=8", "SLURM_ARRAY_TASK_COUNT=8", "--array=0-(n-1)"])
        expectError(shards: 4, ["SLURM_ARRAY_TASK_ID": "4"], mentions: ["SLURM_ARRAY_TASK_ID=4", "--shards 4", "--array=0-(n-1)"])
        expectError(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "1"],
                    mentions: ["SLURM_ARRAY_TASK_MIN=1", "--array=0-(n-1)"])
        expectError(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MAX": "14"],
                    mentions: ["SLURM_ARRAY_TASK_MAX=14", "SLURM_ARRAY_TASK_COUNT=8"])
    }

    @Test func shardsMustAgreeWithEnvironmentCounts() {
        expectError(shards: 8, ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4"], mentions: ["--shards 8", "TEST_TOTAL_SHARDS=4"])
        expectError(shards: 8, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"],
                    mentions: ["--shards 8", "SLURM_ARRAY_TASK_COUNT=4"])
        expectError(shards: 8, ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"], mentions: ["--shards 8", "CI_NODE_TOTAL=4"])
    }
}

@Suite struct ShardPartitionTests {
    /// Checks that the shards' blocks, in order, tile `range` exactly, with sizes that differ by
    /// at most one and the larger ones first, and that the empty shards come last.
    private func expectTiles(_ range: ClosedRange<UInt64>, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let blocks = (0..<count).map { ShardResolver.seeds(of: range, shard: Shard(index: $0, count: count)) }
        let present = blocks.prefix { $0 != nil }.compactMap { $0 }
        #expect(blocks.dropFirst(present.count).allSatisfy { $0 == nil }, "empty shards must come last", sourceLocation: sourceLocation)
        guard let first = present.first, let last = present.last else {
            Issue.record("no shard got seeds", sourceLocation: sourceLocation)
            return
        }
        #expect(first.lowerBound == range.lowerBound, sourceLocation: sourceLocation)
        #expect(last.upperBound == range.upperBound, sourceLocation: sourceLocation)
        for (before, after) in zip(present, present.dropFirst()) {
            // Contiguous with no overlap: each block starts right after the one before.
            #expect(before.upperBound < after.lowerBound && before.upperBound + 1 == after.lowerBound,
                    sourceLocation: sourceLocation)
        }
        // Sizes less one, so even a block of 2^64 seeds fits in a UInt64.
        let spans = present.map { $0.upperBound - $0.lowerBound }
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0 >= $1 }, "larger first: \(spans)", sourceLocation: sourceLocation)
        #expect(spans.max()! - spans.min()! <= 1, "sizes within one: \(spans)", sourceLocation: sourceLocation)
        if present.count < count {
            #expect(spans.allSatisfy { $0 == 0 }, "only single seeds when shards outnumber them", sourceLocation: sourceLocation)
        }
    }

    @Test func blocksTileTheRange() {
        expectTiles(0...9, count: 1)
        expectTiles(0...9, count: 3)
        expectTiles(0...9, count: 10)
        expectTiles(5...5, count: 1)
        expectTiles(100...1_099, count: 7)
        expectTiles(1...1_000_000, count: 64)
        expectTiles(UInt64.max - 10...UInt64.max, count: 4)
        expectTiles(0...UInt64.max, count: 2)
        expectTiles(0...UInt64.max, count: 3)
        expectTiles(1...UInt64.max, count: 5)
        expectTiles(0...UInt64.max - 1, count: 3)
        expectTiles(0...UInt64.max, count: 64)
    }

    @Test func moreShardsThanSeedsLeavesTheLastOnesEmpty() {
        expectTiles(0...2, count: 5)
        expectTiles(7...7, count: 3)
        #expect(ShardResolver.seeds(of: 0...2, shard: Shard(index: 2, count: 5)) == 2...2)
        #expect(ShardResolver.seeds(of: 0...2, shard: Shard(index: 3, count: 5)) == nil)
        #expect(ShardResolver.seeds(of: 0...2, shard: Shard(index: 4, count: 5)) == nil)
    }

    @Test func earlierBlocksAreTheLarger() {
        let blocks = (0..<3).map { ShardResolver.seeds(of: 0...9, shard: Shard(index: $0, count: 3)) }
        #expect(blocks == [0...3, 4...6, 7...9])
    }

    @Test func fullRangeSplitsIntoThirds() {
        // 2^64 = 3 × 6_148_914_691_236_517_205 + 1, so the first third gets the extra seed.
        let third: UInt64 = 6_148_914_691_236_517_205
        let blocks = (0..<3).map { ShardResolver.seeds(of: 0...UInt64.max, shard: Shard(index: $0, count: 3)) }
        #expect(blocks == [0...third, third + 1...2 * third, 2 * third + 1...UInt64.max])
        #expect(ShardResolver.seeds(of: 0...UInt64.max, shard: Shard(index: 0, count: 1)) == 0...UInt64.max)
    }

    @Test func invalidShardsGetNothing() {
        #expect(ShardResolver.seeds(of: 0...9, shard: Shard(index: 3, count: 3)) == nil)
        #expect(ShardResolver.seeds(of: 0...9, shard: Shard(index: -1, count: 3)) == nil)
        #expect(ShardResolver.seeds(of: 0...9, shard: Shard(index: 0, count: 0)) == nil)
    }
}

@Suite struct ShardStatusFileTests {
    @Test func touchCreatesAndUpdatesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifeloop-shard-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("status").path

        try ShardResolver.touch(path)
        #expect(FileManager.default.fileExists(atPath: path))

        // Back-date it, then touch again: the time must move forward and the contents stay.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        try ShardResolver.touch(path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let modified = try #require(attributes[.modificationDate] as? Date)
        #expect(modified > old)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
    }

    @Test func touchInAMissingDirectoryNamesThePath() {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifeloop-missing-\(UUID().uuidString)/status").path
        #expect { try ShardResolver.touch(path) } throws: { error in
            (error as? ShardError)?.message.contains(path) == true
        }
    }
}
