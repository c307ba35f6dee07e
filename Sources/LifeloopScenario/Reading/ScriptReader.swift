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

    static let actions = ["tap", "push", "present", "dismiss", "pop", "popToRoot", "selectTab", "interactivePop",
                          "rotate", "resize", "hide", "show", "makeKey", "memoryWarning", "appState", "advance", "settle", "mark",
                          "job", "expect", "touch", "pinch", "type"] + ListStep.actions + VerbCatalogue.verbs.map(\.scenarioKey)
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
        if let style = fields["style"], action.key != "present" {
            throw nodes.error(style.keyNode, style.value.field, "style goes only with present")
        }

        let animated = try fields["animated"].map { entry throws(ScenarioError) in try nodes.bool(entry.value) } ?? true
        var step = Step(action: try self.action(action, style: fields["style"], animated: animated),
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

    private func action(_ entry: FieldEntry, style: FieldEntry?, animated: Bool) throws(ScenarioError) -> StepAction {
        let value = entry.value
        if let verb = VerbCatalogue.verb(scenarioKey: entry.key) {
            do {
                return try verb.action(try nodes.verbValue(value))
            } catch let error as VerbError {
                throw nodes.error(value, error.message)
            } catch let error as ScenarioError {
                throw error
            } catch {
                throw nodes.error(value, "\(error)")
            }
        }
        switch entry.key {
        case "tap":
            if case .mapping = value.node { return try tapAt(value) }
            return .tap(label: try nodes.text(value, expected: "a view label, or {at: [X, Y]}"))
        case "touch": return try touch(value)
        case "drag":
            // A finger's path (`path:`) is a touch step; a scroll view's drag (`by:`,
            // `velocity:`) is a list step.
            let keys = try? nodes.fields(value, what: "drag")
            if keys?["path"] != nil { return try drag(value) }
            guard keys?["view"] != nil else {
                throw nodes.error(value, "drag needs either path: (a finger's path of points) or view: with by: and "
                                      + "velocity: (a scroll view's drag)")
            }
            return .list(try ListStep.read("drag", value, animated: animated, nodes: nodes))
        case "pinch": return try pinch(value)
        case "type": return try typeText(value)
        case "push": return .push(scene: try nodes.text(value, expected: "a scene name"))
        case "present":
            let scene = try nodes.text(value, expected: "a scene name")
            let style = try style.map { entry throws(ScenarioError) in try nodes.presentationStyle(entry.value) }
            return .present(scene: scene, style: style)
        case "selectTab":
            let index = try nodes.integer(value, expected: "a tab index, 0 or more")
            guard index >= 0 else { throw nodes.error(value, "selectTab is a tab index, 0 or more; found \(index)") }
            return .selectTab(index: index)
        case "interactivePop": return try interactivePop(value)
        case "resize": return .resize(try nodes.size(value, what: "resize"))
        case "appState":
            let name = try nodes.text(value, expected: "a state change: \(AppStateChange.names)")
            guard let change = AppStateChange(rawValue: name) else {
                throw nodes.error(value, "appState is one of \(AppStateChange.names); found '\(name)'")
            }
            return .appState(change)
        case "advance": return .advance(try nodes.duration(value))
        case "mark": return try mark(value)
        case "job":
            let label = try nodes.text(value, expected: "a job label")
            guard jobs.contains(label) else {
                let known = jobs.ordered.isEmpty ? "no jobs are declared (add them under `jobs:`)"
                    : "the jobs are: " + jobs.listed
                throw nodes.error(value, "unknown job '\(label)'\(nodes.suggestion(label, jobs.ordered)); \(known)")
            }
            return .startJob(label: label)
        case "expect": return try expect(value)
        case _ where ListStep.actions.contains(entry.key):
            return .list(try ListStep.read(entry.key, value, animated: animated, nodes: nodes))
        default: return try flagAction(entry)
        }
    }

    /// The actions written `NAME: true`.
    private func flagAction(_ entry: FieldEntry) throws(ScenarioError) -> StepAction {
        try nodes.flag(entry.value, action: entry.key)
        switch entry.key {
        case "dismiss": return .dismiss
        case "pop": return .pop
        case "popToRoot": return .popToRoot
        case "rotate": return .rotate
        case "hide": return .hide
        case "show": return .show
        case "makeKey": return .makeKey
        case "memoryWarning": return .memoryWarning
        default: return .settle
        }
    }

    private func interactivePop(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: ["progress", "every", "then"], what: "interactivePop")
        guard let progressEntry = fields["progress"] else {
            throw nodes.error(value, "interactivePop needs progress: a list of values in 0...1, as in [0.2, 0.5, 0.7]")
        }
        let items = try nodes.list(progressEntry.value, expected: "a list of progress values in 0...1")
        guard !items.isEmpty else {
            throw nodes.error(progressEntry.value, "progress needs at least one value in 0...1")
        }
        var progress: [Double] = []
        for item in items {
            let fraction = try nodes.number(item, expected: "a progress value in 0...1")
            guard (0...1).contains(fraction) else {
                throw nodes.error(item, "progress values are in 0...1, found \(writtenNumber(fraction))")
            }
            progress.append(fraction)
        }
        let interval = try fields["every"].map { entry throws(ScenarioError) in try nodes.positiveDuration(entry.value) }
        guard let then = fields["then"] else {
            throw nodes.error(value, "interactivePop needs then: finish or cancel")
        }
        let finish = try nodes.pick(then.value, [("finish", true), ("cancel", false)], noun: "ending")
        return .interactivePop(progress: progress, interval: interval ?? .milliseconds(16), finish: finish)
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
