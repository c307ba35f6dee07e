import Foundation
import Testing

/// The NetworkFeed sample through the real `lifeloop` process: a tap loads the feed over
/// the scenario's network (log-normal latency, 2% lost connections drawn per seed), the
/// app decodes on a global queue, reloads on the main queue, and retries a failure.
@Suite("A feed over the scripted network")
struct NetworkFeedTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios/network-feed.yaml").path

    static func trace(seed: Int) throws -> [String] {
        let path = NSTemporaryDirectory() + "network-feed-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try CLI.run(["run", scenario, "--seed", "\(seed)", "--trace", path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return "\(object["time"] as! NSNumber) \(object["label"] as! String) \(object["event"] as! String)"
                + ((object["detail"] as? String).map { " \($0)" } ?? "")
        }
    }

    /// The scenario with every request losing its connection (so the content mark never
    /// ends), in a fresh folder: the folder and the file.
    static func everyRequestFails() throws -> (directory: String, scenario: String) {
        let directory = NSTemporaryDirectory() + "network-feed-fail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: scenario, encoding: .utf8)
            .replacingOccurrences(of: "fail: {connectionLost: 0.02}", with: "fail: {connectionLost: 1.0}")
            .replacingOccurrences(of: "bodyFile: network-feed.json", with: "body: '[]'")
        try text.write(toFile: directory + "/fail.yaml", atomically: true, encoding: .utf8)
        return (directory, directory + "/fail.yaml")
    }

    @Test func aSeedWhoseRequestSucceedsShowsTheContentOnce() throws {
        let lines = try Self.trace(seed: 0).filter { $0.contains(" Feed request") || $0.contains(" Feed contentShown") || $0.contains(" network response") }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.last?.hasSuffix("Feed contentShown 40 items after 1 attempt") == true, "\(lines)")
    }

    @Test func aSeedWhoseRequestFailsTakesTheRetryPath() throws {
        // Seed 14 draws a lost connection for the first request.
        let lines = try Self.trace(seed: 14).filter { $0.contains(" Feed ") || $0.contains(" network response") }
        let events = lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(events.filter { $0.hasPrefix("network response") } == [
            "network response GET https://api.example.com/feed failed: networkConnectionLost",
            "network response GET https://api.example.com/feed 200",
        ])
        #expect(events.contains("Feed requestFailed attempt 1: networkConnectionLost"))
        #expect(events.contains("Feed request attempt 2"))
        #expect(events.last == "Feed contentShown 40 items after 2 attempts")
        // The retry waits its 200 ms back-off after the failure, on virtual time.
        let failed = try #require(lines.first { $0.contains("Feed requestFailed") }.flatMap { Int($0.split(separator: " ")[0]) })
        let retried = try #require(lines.first { $0.contains("Feed request attempt 2") }.flatMap { Int($0.split(separator: " ")[0]) })
        #expect(retried - failed == 200_000_000)
    }

    @Test func anExperimentReportsTapToContentForEverySeedAndTheRetries() throws {
        let output = try CLI.run(["experiment", Self.scenario, "--seeds", "0..29", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: [String: Any]])
        // One tap → content interval per seed, ending at the successful response: a failed
        // first request (seed 14) leaves the mark open through the retry.
        #expect((metrics["mark.content"]?["count"] as? NSNumber)?.intValue == 30)
        let requests = try #require(metrics["network.latencyMs[url: https://api.example.com/feed]"]?["count"] as? NSNumber)
        #expect(requests.intValue > 30, "no seed of 0..29 retried")
        let maximum = try #require(metrics["mark.content"]?["max"] as? NSNumber)
        #expect(maximum.doubleValue >= 550, "the retried seed's tap → content takes its failure, back-off and second request")
    }

    /// A host-clock recording of a run that fails (every request loses its connection, so
    /// the content mark never ends) keeps its failure's reason in the trailer, and replays
    /// identically, failure included.
    @Test func aFailedHostRecordingReplaysIncludingItsFailure() throws {
        let (directory, scenario) = try Self.everyRequestFails()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/fail.llrec"
        let recorded = try CLI.run(["record", scenario, "--clock", "host", "-o", recording])
        #expect(recorded.status == 1, "\(recorded.stdout)\(recorded.stderr)")
        #expect(try String(contentsOfFile: recording, encoding: .utf8).contains(#""reason":"mark 'content' was started and never ended""#))
        let replayed = try CLI.run(["replay", recording, "--scenario", scenario])
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        #expect(replayed.stdout.contains("including its failure: mark 'content' was started and never ended"), "\(replayed.stdout)")
        #expect(replayed.stdout.contains("every turn's digest as recorded"), "\(replayed.stdout)")
    }
}
