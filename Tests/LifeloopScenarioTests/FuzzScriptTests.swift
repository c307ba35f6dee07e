import Foundation
import Testing

/// `scripts/fuzz-storyboards.py` (issue 8's fuzz campaign) still runs: a short campaign
/// against the `lifeloop` built beside the tests writes a summary whose counts add up.
@Suite struct FuzzScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fuzz-storyboards.py").path

    /// The first `python3` on PATH, if any: without it the test does not run.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    @Test(.enabled(if: python != nil, "needs python3"))
    func aShortCampaignWritesASummaryThatAddsUp() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [Self.script, "--count", "30", "--jobs", "1", "--quiet",
                             "--lifeloop", CLI.executable, "--out", folder + "/out"]
        _ = FileManager.default.createFile(atPath: folder + "/stdout.txt", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/stderr.txt", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/stdout.txt"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/stderr.txt"))
        try process.run()
        process.waitUntilExit()
        let stdout = (try? String(contentsOfFile: folder + "/stdout.txt", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: folder + "/stderr.txt", encoding: .utf8)) ?? ""

        // 0: nothing failed; 1: some input failed (a finding, not a broken script); 2 or a
        // Python traceback: the script itself is broken.
        #expect(process.terminationReason == .exit && [0, 1].contains(process.terminationStatus),
                "status \(process.terminationStatus)\n\(stdout)\n\(stderr)")
        #expect(!stderr.contains("Traceback"), "\(stderr)")
        #expect(stdout.hasPrefix("30 inputs in "), "\(stdout)")

        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/summary.json"))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(summary["inputs"] as? Int == 30)
        let counts = try #require(summary["counts"] as? [String: Int])
        #expect(Set(counts.keys) == ["accepted", "rejected", "crash", "hang", "memory", "unclear"])
        #expect(counts.values.reduce(0, +) == 30, "\(counts)")
        // The seeds are storyboards lifeloop accepts, so some mutated ones pass and some not.
        #expect(counts["rejected", default: 0] > 0, "\(counts)")
        #expect((summary["baselineKiB"] as? Int ?? 0) > 0)
        #expect(summary["worstMemory"] is [String: Any])
        #expect(summary["totalSeconds"] is Double || summary["totalSeconds"] is Int)
        let failing = ["crash", "hang", "memory", "unclear"].reduce(0) { $0 + counts[$1, default: 0] }
        #expect(process.terminationStatus == (failing > 0 ? 1 : 0), "\(counts)")
        // Each failing input kept is on disk beside its note.
        for failure in summary["distinctFailures"] as? [[String: Any]] ?? [] {
            for example in failure["examples"] as? [[String: Any]] ?? [] {
                let file = try #require(example["file"] as? String)
                #expect(FileManager.default.fileExists(atPath: folder + "/out/" + file))
            }
        }
    }
}
