import Foundation
import Testing

/// A mark a network response ends (`mark: content` in network-feed.yaml) ends at the first
/// commit that shows the response, in the report, the Perfetto export and the timeline; a
/// mark still open when the run ends says so in each.
@Suite struct NetworkMarkTests {
    static func markEvents(_ perfetto: String) throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: perfetto)))
        let events = (document as? [String: Any])?["traceEvents"] as? [[String: Any]] ?? (document as? [[String: Any]] ?? [])
        return events.filter { $0["cat"] as? String == "mark" }
    }

    @Test func theMarksPerfettoSliceEndsAtTheFrameThatShowsTheResponse() throws {
        let perfetto = NSTemporaryDirectory() + "network-mark-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: perfetto) }
        let output = try CLI.run(["run", NetworkFeedTests.scenario, "--seed", "1", "--perfetto", perfetto, "--format", "json"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let marks = try Self.markEvents(perfetto)
        #expect(marks.map { $0["ph"] as? String } == ["b", "e"], "\(marks)")
        let begin = try #require((marks.first?["ts"] as? NSNumber)?.doubleValue)
        let end = try #require((marks.last?["ts"] as? NSNumber)?.doubleValue)
        // The same span as the report's mark.content (µs in Perfetto, ms in the report).
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: [String: Any]])
        let content = try #require((metrics["mark.content"]?["max"] as? NSNumber)?.doubleValue)
        #expect(abs((end - begin) / 1000 - content) < 0.01, "perfetto \(end - begin) µs, report \(content) ms")
        #expect(metrics["mark.content.open"] == nil)
    }

    @Test func aMarkStillOpenAtTheEndIsReportedAsOpen() throws {
        let (directory, scenario) = try NetworkFeedTests.everyRequestFails()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let perfetto = directory + "/open.json"
        let output = try CLI.run(["run", scenario, "--seed", "1", "--perfetto", perfetto, "--format", "json"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect((output.stdout + output.stderr).contains("mark 'content' was started and never ended"))
        let marks = try Self.markEvents(perfetto)
        #expect(marks.map { $0["ph"] as? String } == ["b", "e"], "\(marks)")
        #expect((marks.last?["args"] as? [String: Any])?["open"] as? String == "true", "\(marks)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: [String: Any]])
        #expect((metrics["mark.content.open"]?["count"] as? NSNumber)?.intValue == 1, "\(metrics.keys.sorted())")
    }
}
