import Foundation

/// What a crawl found, as `DIR/map.json` and a self-contained `DIR/map.html`: the screens
/// (signature, controller classes, thumbnail, how reached), the actions between them, the
/// findings and the coverage.
public struct ExploreMap {
    /// The crawl to describe.
    public let crawler: ExploreCrawler
    /// The scenario's name.
    public let name: String

    /// A map of `crawler`'s crawl of `name`.
    public init(crawler: ExploreCrawler, name: String) {
        self.crawler = crawler
        self.name = name
    }

    /// The storyboard's scenes whose controllers were shown, of ``ExploreOptions/storyboardScenes``.
    public var scenesReached: [String] {
        let shown = Set(crawler.nodes.flatMap(\.screen.controllerLabels))
        return crawler.options.storyboardScenes.filter { shown.contains($0) }
    }

    /// The coverage: controller classes shown, target-actions fired of those seen
    /// registered on the screens reached.
    public var coverage: (controllerClasses: [String], targetActionsRegistered: Int, targetActionsFired: Int) {
        var classes: [String] = []
        var registered = Set<String>()
        for node in crawler.nodes {
            for name in node.screen.controllers where !classes.contains(name) { classes.append(name) }
            for candidate in node.screen.actions where candidate.targetAction { registered.insert(node.screen.id + "\u{1}" + candidate.key) }
        }
        var fired = Set<String>()
        for edge in crawler.edges where edge.outcome != "refused" {
            let key = edge.from + "\u{1}" + edge.key
            if registered.contains(key) { fired.insert(key) }
        }
        return (classes, registered.count, fired.count)
    }

    /// The thumbnail's file name of a screen, relative to the output folder.
    public static func thumbnailFile(_ node: ExploreCrawler.Node) -> String {
        "screens/\(String(format: "%03d", node.index))-\(node.screen.id).png"
    }

    /// The map as JSON, keys sorted.
    public func json() -> String {
        let coverage = self.coverage
        var screens: [Any] = []
        for node in crawler.nodes {
            screens.append([
                "id": node.screen.id,
                "index": node.index,
                "title": node.screen.title,
                "signature": node.screen.signature,
                "controllers": node.screen.controllers,
                "thumbnail": node.png == nil ? NSNull() : Self.thumbnailFile(node) as Any,
                "reachedBy": node.path.map(\.scenarioStep),
                "actions": node.screen.actions.count,
            ] as [String: Any])
        }
        let edges: [Any] = crawler.edges.map { edge in
            ["from": edge.from, "to": edge.to ?? NSNull(), "action": edge.action.scenarioStep, "outcome": edge.outcome] as [String: Any]
        }
        let findings: [Any] = crawler.findings.map { finding in
            ["kind": finding.kind, "message": finding.message, "screen": finding.screen, "file": finding.file ?? NSNull(),
             "steps": finding.path.count] as [String: Any]
        }
        let stats = crawler.stats
        let root: [String: Any] = [
            "name": name,
            "screens": screens,
            "edges": edges,
            "findings": findings,
            "coverage": [
                "storyboardScenes": crawler.options.storyboardScenes.count,
                "storyboardScenesReached": scenesReached,
                "controllerClasses": coverage.controllerClasses,
                "targetActionsRegistered": coverage.targetActionsRegistered,
                "targetActionsFired": coverage.targetActionsFired,
            ] as [String: Any],
            "stats": [
                "explored": stats.explored, "performed": stats.performed, "restarts": stats.restarts, "workers": stats.workers,
                "seconds": (stats.seconds * 1000).rounded() / 1000, "stopped": stats.stopped,
            ] as [String: Any],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The map as one HTML page with no script and nothing fetched: each screen a node
    /// (its thumbnail inlined as a data URL), each action an edge listed under its screen.
    public func html() -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let coverage = self.coverage
        let titles = Dictionary(crawler.nodes.map { ($0.screen.id, $0.screen.title) }) { first, _ in first }
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(name)): explored</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1c1c1e;background:#fff}
            .screens{display:flex;flex-wrap:wrap;gap:16px}
            .screen{border:1px solid #c7c7cc;border-radius:10px;padding:10px;width:280px;background:#f9f9fb}
            .screen img{display:block;max-width:100%;border:1px solid #d1d1d6;border-radius:6px;margin:6px 0}
            .screen h2{font-size:15px;margin:0}
            .edges{margin:6px 0 0 0;padding-left:18px}
            .edges li{word-break:break-word}
            .finding{color:#b00020}
            code{font-size:12px}
            </style></head><body>
            <h1>\(escape(name))</h1>
            <p class="coverage">\(crawler.nodes.count) screens, \(crawler.edges.count) actions tried, \
            \(crawler.options.storyboardScenes.isEmpty ? "" : "\(scenesReached.count) of \(crawler.options.storyboardScenes.count) storyboard scenes reached, ")\
            \(coverage.controllerClasses.count) controller classes shown, \
            \(coverage.targetActionsFired) of \(coverage.targetActionsRegistered) target-actions fired, \
            \(crawler.findings.count) findings</p>

            """
        if !crawler.findings.isEmpty {
            out += "<h2>Findings</h2><ul class=\"findings\">\n"
            for finding in crawler.findings {
                out += "<li class=\"finding\"><b>\(escape(finding.kind))</b>: \(escape(String(finding.message.prefix(300))))"
                    + (finding.file.map { " (<code>\(escape($0))</code>)" } ?? "") + "</li>\n"
            }
            out += "</ul>\n"
        }
        out += "<div class=\"screens\">\n"
        for node in crawler.nodes {
            out += "<section class=\"screen node\" id=\"s\(node.screen.id)\"><h2>\(node.index + 1). \(escape(node.screen.title))</h2>\n"
            out += "<div><code>\(escape(node.screen.controllers.joined(separator: ", ")))</code></div>\n"
            if let png = node.png {
                out += "<img alt=\"\(escape(node.screen.title))\" src=\"data:image/png;base64,\(Data(png).base64EncodedString())\">\n"
            }
            out += "<div>reached by: " + (node.path.isEmpty ? "launch" : node.path.map { "<code>\(escape($0.scenarioStep))</code>" }.joined(separator: " → ")) + "</div>\n"
            out += "<ul class=\"edges\">\n"
            for edge in crawler.edges where edge.from == node.screen.id {
                let target = edge.to.map { id in "<a href=\"#s\(id)\">\(escape(titles[id] ?? id))</a>" } ?? "<b>\(escape(edge.outcome))</b>"
                out += "<li class=\"edge\"><code>\(escape(edge.action.scenarioStep))</code> → \(target)</li>\n"
            }
            out += "</ul></section>\n"
        }
        out += "</div>\n</body></html>\n"
        return out
    }
}
