import Foundation

/// A whole `lifeloop explore`: the crawl, then each finding written as a shrunk scenario
/// with its capsule, then `map.json` and `map.html`.
public struct Exploration {
    /// The crawl, with its screens, edges and counts.
    public let crawler: ExploreCrawler
    /// The findings, with the files they were written to.
    public let findings: [ExploreFinding]
    /// The map.
    public let map: ExploreMap
    /// Wall seconds spent writing and shrinking the findings.
    public let findingSeconds: Double

    /// Crawls the app of `options.baseScenario` and writes everything into
    /// `options.outputDirectory`.
    /// - Parameters:
    ///   - options: The crawl's options.
    ///   - name: The scenario's name, for the map and the findings' scenarios.
    ///   - progress: Progress lines (stderr).
    /// - Throws: ``ExploreError`` when the app cannot start or a file cannot be written.
    public static func run(options: ExploreOptions, name: String, progress: ((String) -> Void)? = nil) throws -> Exploration {
        let directory = options.outputDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let crawler = ExploreCrawler(options: options)
        crawler.onProgress = progress
        try crawler.crawl()
        let start = Date()
        var writer = FindingWriter(options: options)
        writer.onProgress = progress
        let findings = try writer.write(crawler.findings, name: name)
        crawler.replaceFindings(findings)
        let seconds = Date().timeIntervalSince(start)
        let map = ExploreMap(crawler: crawler, name: name)
        try FileManager.default.createDirectory(atPath: directory + "/screens", withIntermediateDirectories: true)
        for node in crawler.nodes {
            if let png = node.png {
                FileManager.default.createFile(atPath: directory + "/" + ExploreMap.thumbnailFile(node), contents: Data(png))
            }
        }
        try map.json().write(toFile: directory + "/map.json", atomically: true, encoding: .utf8)
        try map.html().write(toFile: directory + "/map.html", atomically: true, encoding: .utf8)
        return Exploration(crawler: crawler, findings: findings, map: map, findingSeconds: seconds)
    }

    /// The summary `lifeloop explore` prints.
    public var summary: String {
        let stats = crawler.stats
        let coverage = map.coverage
        let rate = stats.seconds > 0 ? Double(stats.performed) / stats.seconds : 0
        var lines = [
            "explore: \(crawler.nodes.count) screens, \(stats.explored) actions tried (\(stats.performed) run with replays, "
                + "\(stats.restarts) restarts, \(stats.workers) worker\(stats.workers == 1 ? "" : "s")); stopped: \(stats.stopped)",
            "coverage: " + (crawler.options.storyboardScenes.isEmpty ? ""
                : "\(map.scenesReached.count) of \(crawler.options.storyboardScenes.count) storyboard scenes reached; ")
                + "\(coverage.controllerClasses.count) controller classes shown (\(coverage.controllerClasses.joined(separator: ", "))); "
                + "target-actions fired: \(coverage.targetActionsFired) of \(coverage.targetActionsRegistered) registered on the screens reached",
            String(format: "time: crawl %.2f s wall, %.1f actions/s; findings written in %.2f s", stats.seconds, rate, findingSeconds),
            "findings: \(findings.count)",
        ]
        for finding in findings {
            let steps = finding.steps.map { " (\($0.before) → \($0.after) actions)" } ?? ""
            lines.append("  \(finding.kind): \(finding.message.split(separator: "\n").first ?? "")\(steps)")
            if let file = finding.file { lines.append("    lifeloop run \(crawler.options.outputDirectory)/\(file)") }
        }
        lines.append("map: \(crawler.options.outputDirectory)/map.json, \(crawler.options.outputDirectory)/map.html")
        return lines.joined(separator: "\n")
    }
}

extension ExploreCrawler {
    /// Puts the written findings (with their files) in place of the found ones.
    func replaceFindings(_ written: [ExploreFinding]) {
        setFindings(written)
    }
}
