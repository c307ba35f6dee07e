import Foundation
import LifeloopScenario

extension MCPTools {
    /// `explore`: the daemon's `app.explore`, answered as a short map an agent can read
    /// before it acts: one line a screen, one line an edge, one line a finding.
    static let exploreTool = MCPTool(
        name: "explore", title: "Explore an app",
        description: "Crawl every screen of an app (a sample, a project, a storyboard, a scenario, or what a launched app was launched with) in a process of its own under virtual time, reproducibly from seed, and return its map: each screen as s1, s2, … with its title, controllers and the steps that reach it; each action tried as an edge (sN -- step --> sM, or --> crash, hang, refused); each finding (crash, hang, leak, diagnostic) with the scenario that replays it. The launched app itself is not touched. Use it to learn an app's screens before acting on it.",
        properties: [
            "app": ["type": "string", "description": "A launched app's id: its target is explored afresh"],
            "sample": ["type": "string", "description": "A built-in sample's name (the samples tool lists them)"],
            "project": ["type": "string", "description": "An iOS app's Xcode project (absolute path): its default target"],
            "storyboard": ["type": "string", "description": "A storyboard file (absolute path)"],
            "scenario": ["type": "string", "description": "A scenario file (absolute path): its app, its script run first"],
            "maxActions": ["type": "integer", "description": "The most actions to try, 1 to 5000 (default 200)"],
            "maxSeconds": ["type": "number", "description": "The crawl's wall-time budget in seconds (default 60, at most 3600)"],
            "seed": ["type": "integer", "description": "The seed of the app, the typed texts and the order actions are tried in (default 0)"],
        ],
        output: [
            "name": ["type": "string", "description": "The app's scenario name"],
            "screens": ["type": "array", "description": "The screens, in the order found",
                        "items": ["type": "object", "properties": [
                            "short": ["type": "string", "description": "The screen's short name in the text: s1, s2, …"],
                            "id": ["type": "string", "description": "The screen's structural signature id"],
                            "title": ["type": "string", "description": "The top controller's title"],
                            "controllers": ["type": "array", "description": "The controller classes shown",
                                            "items": ["type": "string"]],
                            "reachedBy": ["type": "array", "description": "The scenario steps that reach it from launch",
                                          "items": ["type": "string"]],
                        ]]],
            "edges": ["type": "array", "description": "The actions tried",
                      "items": ["type": "object", "properties": [
                          "from": ["type": "string", "description": "The screen's id the action was tried on"],
                          "to": ["type": ["string", "null"], "description": "The screen's id it led to; null when the outcome is not a screen"],
                          "action": ["type": "string", "description": "The action as a scenario step"],
                          "outcome": ["type": "string", "description": "screen, crash, hang or refused"],
                      ]]],
            "findings": ["type": "array", "description": "The problems found, each once",
                         "items": ["type": "object", "additionalProperties": true, "properties": [
                             "kind": ["type": "string", "description": "crash, hang, leak or diagnostic"],
                             "message": ["type": "string", "description": "What happened"],
                             "screen": ["type": "string", "description": "The screen's id it was found on"],
                             "steps": ["type": "integer", "description": "The steps from launch of its scenario"],
                             "scenario": ["type": "string", "description": "The scenario file's text that replays it"],
                         ]]],
            "coverage": ["type": "object", "description": "What the crawl reached", "properties": [
                "storyboardScenes": ["type": "integer", "description": "The storyboard scenes of the app's target"],
                "storyboardScenesReached": ["type": "array", "description": "The scenes whose controllers were shown",
                                            "items": ["type": "string"]],
                "controllerClasses": ["type": "array", "description": "The controller classes shown", "items": ["type": "string"]],
                "targetActionsRegistered": ["type": "integer", "description": "Target-actions registered on the screens reached"],
                "targetActionsFired": ["type": "integer", "description": "Those fired by the crawl"],
            ]],
            "stats": ["type": "object", "description": "The crawl's counts", "properties": [
                "explored": ["type": "integer", "description": "Actions tried"],
                "performed": ["type": "integer", "description": "Actions run, with the replays of paths"],
                "restarts": ["type": "integer", "description": "Launches from the start"],
                "workers": ["type": "integer", "description": "Worker processes started"],
                "seconds": ["type": "number", "description": "Wall seconds"],
                "stopped": ["type": "string", "description": "Why it stopped: done, or the budget that ran out"],
            ]],
        ],
        readOnly: true, idempotent: true, run: explore)

    /// The most edge lines the text gives; the structured map has them all.
    static let exploreEdgeLines = 200

    static func explore(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        let passed: Set<String> = ["app", "sample", "project", "storyboard", "scenario", "maxActions", "maxSeconds", "seed"]
        try params.allowOnly(passed)
        let targets = ["app", "sample", "project", "storyboard", "scenario"].filter { params.json[$0].map { !$0.isNull } ?? false }
        guard targets.count == 1 else {
            throw ToolFailure("explore: give exactly one of app, sample, project, storyboard or scenario" + (targets.isEmpty ? "" : "; got \(targets.joined(separator: " and "))"))
        }
        for key in ["project", "storyboard", "scenario"] {
            if let path = try params.string(key) { try checkPath(path, "explore", key) }
        }
        if let sample = try params.string("sample"), !server.options.samples.isEmpty,
           !server.options.samples.contains(where: { $0.name == sample }) {
            throw ToolFailure("explore: no sample '\(sample.prefix(60))'; the samples are \(server.options.samples.map(\.name).joined(separator: ", "))")
        }
        _ = try params.int("maxActions", in: 1...5_000)
        let maxSeconds = try params.double("maxSeconds") ?? 60
        guard maxSeconds > 0, maxSeconds <= 3600 else { throw ToolFailure("explore: 'maxSeconds' is \(maxSeconds), outside 0 (exclusive)...3600") }
        _ = try params.int("seed", in: 0...Int.max)
        var members: [String: JSON] = [:]
        for key in passed { if let value = params.json[key], !value.isNull { members[key] = value } }
        // The crawl has its own wall budget, beyond a tool call's: loading the app (a
        // project compiles first) and writing the findings come on top of it.
        let map = try server.request("app.explore", .object(members), deadlineMs: (maxSeconds + 300) * 1000)
        return exploreOutput(map)
    }

    /// The map as short text and a structured map without signatures and thumbnails.
    static func exploreOutput(_ map: JSON) -> MCPTool.Output {
        let screens = map["screens"]?.array ?? []
        var short: [String: String] = [:]
        for (offset, screen) in screens.enumerated() {
            if let id = screen["id"]?.string { short[id] = "s\(offset + 1)" }
        }
        func name(_ id: JSON?) -> String { id?.string.flatMap { short[$0] } ?? "?" }
        let stats = map["stats"] ?? [:]
        let coverage = map["coverage"] ?? [:]
        let edges = map["edges"]?.array ?? []
        let findings = map["findings"]?.array ?? []
        var lines = [
            "explored \(map["name"]?.string ?? "the app"): \(screens.count) screens, \(stats["explored"]?.int ?? edges.count) actions tried "
                + "(stopped: \(stats["stopped"]?.string ?? "?")); \(coverage["controllerClasses"]?.array?.count ?? 0) controller classes shown; "
                + "target-actions fired: \(coverage["targetActionsFired"]?.int ?? 0) of \(coverage["targetActionsRegistered"]?.int ?? 0)",
            "screens:",
        ]
        var structuredScreens: [JSON] = []
        for screen in screens {
            let controllers = (screen["controllers"]?.array ?? []).compactMap(\.string)
            let path = (screen["reachedBy"]?.array ?? []).compactMap(\.string)
            lines.append("  \(name(screen["id"])) \(screen["title"]?.string ?? "") [\(controllers.joined(separator: ", "))] via "
                + (path.isEmpty ? "launch" : path.joined(separator: " → ")))
            structuredScreens.append(["short": .string(name(screen["id"])), "id": screen["id"] ?? .null, "title": screen["title"] ?? .null,
                                      "controllers": screen["controllers"] ?? [], "reachedBy": screen["reachedBy"] ?? []])
        }
        lines.append("edges:")
        for edge in edges.prefix(exploreEdgeLines) {
            let to = edge["to"]?.string != nil ? name(edge["to"]) : (edge["outcome"]?.string ?? "?")
            lines.append("  \(name(edge["from"])) -- \(edge["action"]?.string ?? "") --> \(to)")
        }
        if edges.count > exploreEdgeLines { lines.append("  … \(edges.count - exploreEdgeLines) more in the structured map") }
        lines.append("findings: \(findings.count)")
        for finding in findings {
            let message = finding["message"]?.string?.split(separator: "\n").first.map(String.init) ?? ""
            lines.append("  \(finding["kind"]?.string ?? "") on \(name(finding["screen"])) after \(finding["steps"]?.int ?? 0) steps: \(message)")
        }
        var structured = map.object ?? [:]
        structured["screens"] = .array(structuredScreens)
        return .init(text: lines.joined(separator: "\n"), structured: .object(structured))
    }
}
