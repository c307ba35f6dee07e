import Foundation

/// Writes a finding as a scenario that replays it with `lifeloop run`: the target's
/// scenario (its app, windows and script), the finding's path of actions with a settle
/// after each, as the crawl ran them, and what makes the run fail on the finding:
///
/// - a crash: nothing more, the run dies in the last action as the crawl's worker did;
/// - a hang: the settle after the last action, within the crawl's settle budget;
/// - a leak: `expect: {sequence: [LABEL viewDidDisappear, LABEL dealloc]}`, which fails
///   while the controller outlives its screen;
/// - a diagnostic: `strict: true`, under which a diagnostic fails the run.
enum FindingScenario {
    /// The finding's scenario text.
    /// - Parameters:
    ///   - base: The target's scenario text, its relative paths already made absolute.
    ///   - finding: The finding.
    ///   - settleBudget: The crawl's settle budget, the scenario's `settleBudget`.
    static func text(base: String, finding: ExploreFinding, settleBudget: Duration) throws -> String {
        var tree = try ScenarioTree.parse(base, file: "the target's scenario")
        var steps: [String] = []
        for action in finding.path {
            steps.append(action.scenarioStep)
            steps.append("settle: true")
        }
        switch finding.kind {
        case "leak":
            steps.append("expect: {sequence: [\(ExploreTarget.quoted(finding.label + " viewDidDisappear")), \(ExploreTarget.quoted(finding.label + " dealloc"))]}")
        case "diagnostic":
            tree["strict"] = .scalar("true", plain: true)
        default:
            break
        }
        let milliseconds = settleBudget.components.seconds * 1000 + settleBudget.components.attoseconds / 1_000_000_000_000_000
        tree["settleBudget"] = .scalar("\(milliseconds)ms", plain: true)
        let added = try ScenarioTree.parse("script:\n" + steps.map { "  - " + $0 }.joined(separator: "\n") + "\n",
                                           file: "the finding's steps")
        var script: [ScenarioTree] = []
        if case .list(let items)? = tree["script"] { script = items }
        // The target's own script settles before the crawl starts.
        if !script.isEmpty { script.append(try settleStep()) }
        if case .list(let items)? = added["script"] { script += items }
        tree["script"] = .list(script)
        return "# lifeloop explore: \(finding.kind): \(finding.message.split(separator: "\n").first.map(String.init) ?? "")\n"
            + "# replay: lifeloop run FILE (a crash ends the process; the others fail the run)\n" + tree.yaml
    }

    private static func settleStep() throws -> ScenarioTree {
        guard case .list(let items)? = try ScenarioTree.parse("script:\n  - settle: true\n", file: "settle")["script"], let first = items.first else {
            throw ExploreError("cannot make a settle step")
        }
        return first
    }
}
