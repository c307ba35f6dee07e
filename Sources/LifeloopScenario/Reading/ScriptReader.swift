import Lifeloop
import Yams

/// Reads the `script:` list into steps, checking what the file alone can: one action per
/// step, timing, the windows and jobs it names, and that marks pair up.
struct ScriptReader {
    let nodes: NodeReader
    /// The declared window labels.
    let windows: DeclaredLabels
    /// The declared job labels.
    let jobs: DeclaredLabels
    /// Marks that network rules end (at the first frame that shows their response): they
    /// need no `mark: end` step.
    var networkMarks: Set<String> = []

    /// The step keys, in the order errors list them: the script's own steps and the
    /// catalogue's verbs (``VerbCatalogue``).
    static let actions: [String] = {
        let listed = ["tap", "push", "present", "dismiss", "pop", "popToRoot", "selectTab", "interactivePop",
                      "rotate", "resize", "hide", "show", "makeKey", "memoryWarning", "appState", "advance", "settle", "mark",
                      "job", "expect", "touch", "pinch", "type"] + ListStep.actions
        return listed + VerbCatalogue.verbs.map(\.scenarioKey).filter { !listed.contains($0) }
    }()
    static let modifiers = ["at", "after", "window", "animated", "style"]

    /// Where an interval was opened by `mark: start NAME`, until its `end`.
    private struct OpenMark {
        let step: Int
        let value: FieldValue
    }

    func steps(_ value: FieldValue) throws(ScenarioError) -> [Step] {
        let items = try nodes.list(value, expected: "a list of steps, each a map such as {tap: A.button}")
        var steps: [Step] = []
        var openMarks: [String: OpenMark] = [:]
        for (index, item) in items.enumerated() {
            let (step, actionValue) = try self.step(item)
            switch step.action {
            case .markStart(let name) where networkMarks.contains(name):
                break
            case .markStart(let name):
                if let open = openMarks[name] {
                    throw nodes.error(actionValue, "interval '\(name)' is already started at "
                                          + "\(open.value.field); end it first with `mark: end \(name)`")
                }
                openMarks[name] = OpenMark(step: index, value: actionValue)
            case .markEnd(let name):
                guard openMarks.removeValue(forKey: name) != nil else {
                    throw nodes.error(actionValue, "`mark: end \(name)` has no earlier `mark: start \(name)`")
                }
            default:
                break
            }
            steps.append(step)
        }
        if let (name, open) = openMarks.min(by: { $0.value.step < $1.value.step }) {
            throw nodes.error(open.value, "interval '\(name)' is started but never ended; add a step `mark: end \(name)`")
        }
        return steps
    }

    /// A step, and its action's value (where later errors about the step point).
    private func step(_ item: FieldValue) throws(ScenarioError) -> (Step, FieldValue) {
        let fields = try nodes.fields(item, what: "a step")
        var actions: [FieldEntry] = []
        for entry in fields.entries where !Self.modifiers.contains(entry.key) {
            guard Self.actions.contains(entry.key) else {
                throw nodes.error(entry.keyNode, entry.value.field,
                                  "unknown action '\(entry.key)'\(nodes.suggestion(entry.key, Self.actions + Self.modifiers)); "
                                      + "the actions are: \(Self.actions.joined(separator: ", ")) "
                                      + "(a step may also have \(Self.modifiers.joined(separator: ", ")))")
            }
            actions.append(entry)
        }
        guard let action = actions.first else {
            throw nodes.error(item, "a step needs an action: " + Self.actions.joined(separator: ", "))
        }
        if actions.count > 1 {
            throw nodes.error(actions[1].keyNode, actions[1].value.field,
                              "a step has one action, and this one has \(action.key) and \(actions[1].key); "
                                  + "split them into two steps")
        }
        // A step field that is a verb's parameter (`style:` of `present`) goes with that verb only.
        for verb in VerbCatalogue.verbs where verb.scenarioKey != action.key {
            for name in verb.spelling.stepFields where fields[name] != nil
                && VerbCatalogue.verb(scenarioKey: action.key)?.spelling.stepFields.contains(name) != true {
                throw nodes.error(fields[name]!.keyNode, fields[name]!.value.field, "\(name) goes only with \(verb.scenarioKey)")
            }
        }

        let animated = try fields["animated"].map { entry throws(ScenarioError) in try nodes.bool(entry.value) } ?? true
        var step = Step(action: try self.action(action, fields: fields, animated: animated),
                        location: nodes.location(action.value))
        let timings = fields.entries.filter { $0.key == "at" || $0.key == "after" }
        if timings.count > 1 {
            throw nodes.error(timings[1].keyNode, timings[1].value.field,
                              "a step has `at` (a time after launch) or `after` (a delay after the previous step), not both")
        }
        if let at = fields["at"] { step.timing = .at(try nodes.distribution(at.value, role: .time)) }
        if let after = fields["after"] { step.timing = .after(try nodes.distribution(after.value)) }
        if let window = fields["window"] { step.window = try nodes.window(window.value, labels: windows) }
        if let animated = fields["animated"] { step.animated = try nodes.bool(animated.value) }
        return (step, action.value)
    }

    private func action(_ entry: FieldEntry, fields: FieldMap, animated: Bool) throws(ScenarioError) -> StepAction {
        let value = entry.value
        if let verb = VerbCatalogue.verb(scenarioKey: entry.key) {
            let action = try catalogueAction(verb, entry, fields: fields, animated: animated)
            if case .startJob(let label) = action, !jobs.contains(label) {
                let known = jobs.ordered.isEmpty ? "no jobs are declared (add them under `jobs:`)"
                    : "the jobs are: " + jobs.listed
                throw nodes.error(value, "unknown job '\(label)'\(nodes.suggestion(label, jobs.ordered)); \(known)")
            }
            return action
        }
        switch entry.key {
        case "advance": return .advance(try nodes.duration(value))
        case "mark": return try mark(value)
        case "expect": return try expect(value)
        default: return try flagAction(entry)
        }
    }

    /// The actions written `NAME: true` that are not verbs: `settle`.
    private func flagAction(_ entry: FieldEntry) throws(ScenarioError) -> StepAction {
        try nodes.flag(entry.value, action: entry.key)
        return .settle
    }

    /// `start NAME` or `end NAME`; pairing is checked over the whole script.
    private func mark(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let form = "`start NAME` or `end NAME`"
        let text = try nodes.text(value, expected: form)
        let parts = text.split(separator: " ", maxSplits: 1)
        let name = parts.count == 2 ? trimmingSpaces(parts[1]) : ""
        guard parts.count == 2, !name.isEmpty else {
            throw nodes.error(value, "a mark is \(form), found \(nodes.describe(value.node))")
        }
        switch parts[0] {
        case "start": return .markStart(name)
        case "end": return .markEnd(name)
        default: throw nodes.error(value, "a mark is \(form), found \(nodes.describe(value.node))")
        }
    }

    private func expect(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let kinds = ScenarioProperty.Kind.allCases.map(\.rawValue)
        if case .mapping(let mapping) = value.node,
           mapping.keys.contains(where: { if case .scalar(let key) = $0 { return kinds.contains(key.string) } else { return false } }) {
            return try property(value, kinds: kinds)
        }
        let forms = "{sequence: [\"B viewDidAppear\", …]} or {metric: NAME, window: WINDOW, max: NUMBER}"
        let fields = try nodes.fields(value, allowed: ["sequence", "metric", "window", "max"], what: "expect")
        if let sequence = fields["sequence"] {
            if let other = fields.entries.first(where: { $0.key != "sequence" }) {
                throw nodes.error(other.keyNode, other.value.field,
                                  "'\(other.key)' does not go with sequence; an expect is \(forms)")
            }
            let items = try nodes.list(sequence.value, expected: "a list of \"label event\" lines")
            guard !items.isEmpty else {
                throw nodes.error(sequence.value, "sequence needs at least one \"label event\" line")
            }
            var lines: [String] = []
            for item in items { lines.append(try nodes.text(item, expected: "a \"label event\" line")) }
            return .expectSequence(lines)
        }
        guard let metricEntry = fields["metric"] else { throw nodes.error(value, "an expect is \(forms)") }
        let metric = try nodes.pick(metricEntry.value, FrameMetricName.allCases.map { ($0.rawValue, $0) }, noun: "metric")
        guard let maxEntry = fields["max"] else {
            throw nodes.error(value, "expect metric needs max: the most the metric may be")
        }
        let bound = try nodes.number(maxEntry.value, expected: "a number, the most the metric may be")
        let window = try fields["window"].map { entry throws(ScenarioError) in try nodes.window(entry.value, labels: windows) }
        return .expectMetric(metric: metric, window: window, atMost: bound)
    }

    /// `{always: EXPECT, name: N}`, `{sometimes: EXPECT}`, `{reachable: NAME}`.
    private func property(_ value: FieldValue, kinds: [String]) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: kinds + ["name"], what: "an expect property")
        let present = fields.entries.filter { kinds.contains($0.key) }
        guard present.count == 1, let entry = present.first, let kind = ScenarioProperty.Kind(rawValue: entry.key) else {
            throw nodes.error(value, "an expect property has one of always, sometimes or reachable")
        }
        var name = try fields["name"].map { entry throws(ScenarioError) in try nodes.text(entry.value, expected: "a name for reports") }
        let condition: ScenarioProperty.Condition
        if kind == .reachable {
            let text = try nodes.text(entry.value, expected: "a name for the place reached, e.g. reachable: \"checkout shown\"")
            name = name ?? text
            condition = .reached
        } else {
            switch try expect(entry.value) {
            case .expectSequence(let lines): condition = .sequence(lines)
            case .expectMetric(let metric, let window, let bound): condition = .metric(metric, window: window, atMost: bound)
            default: throw nodes.error(entry.value, "\(kind.rawValue) takes {sequence: […]} or {metric: NAME, max: NUMBER}")
            }
        }
        return .expectProperty(ScenarioProperty(kind: kind, name: name ?? "\(kind.rawValue) \(ScenarioProperty.describe(condition))",
                                                condition: condition))
    }
}

/// The text without spaces at either end.
private func trimmingSpaces(_ text: Substring) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}
