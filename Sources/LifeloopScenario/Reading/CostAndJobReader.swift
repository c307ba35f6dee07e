import Lifeloop
import Yams

/// Costs (main-thread time per callback or pass) and worker jobs.
extension ScenarioReader {
    private static let costForms = "a cost key is Controller.callback (as in B.viewDidLoad or *.viewWillAppear), "
        + "layout, display, layout@WINDOW, display@WINDOW, or queue:LABEL (a Dispatch queue's label, or queue:* for any)"

    func costs(_ value: FieldValue, windows: DeclaredLabels) throws(ScenarioError) -> [CostRule] {
        let fields = try nodes.fields(value, what: "costs")
        var rules: [CostRule] = []
        for entry in fields.entries {
            let target = try costTarget(entry, windows: windows)
            let cost = try nodes.distribution(entry.value)
            rules.append(CostRule(target: target, cost: cost, location: nodes.location(entry.keyNode, entry.value.field)))
        }
        return rules
    }

    private func costTarget(_ entry: FieldEntry, windows: DeclaredLabels) throws(ScenarioError) -> CostTarget {
        let key = entry.key
        switch key {
        case "layout": return .layoutPass(window: nil)
        case "display": return .displayPass(window: nil)
        default: break
        }
        if key.hasPrefix("queue:") {
            let label = String(key.dropFirst("queue:".count))
            guard !label.isEmpty else {
                throw nodes.error(entry.keyNode, entry.value.field, "'queue:' needs a queue's label, as in queue:com.app.images (or queue:* for any queue)")
            }
            return .queue(label: label)
        }
        if let at = key.firstIndex(of: "@") {
            let pass = key[..<at], window = String(key[key.index(after: at)...])
            guard pass == "layout" || pass == "display" else {
                throw nodes.error(entry.keyNode, entry.value.field,
                                  "'\(key)': only the layout and display passes take @WINDOW; \(Self.costForms)")
            }
            guard windows.contains(window) else {
                throw nodes.error(entry.keyNode, entry.value.field,
                                  "unknown window '\(window)' in \(key); the windows are: " + windows.listed)
            }
            return pass == "layout" ? .layoutPass(window: window) : .displayPass(window: window)
        }
        let callback = try self.callback(key, at: entry.keyNode, field: entry.value.field, wildcard: true,
                                         problem: "unknown cost '\(key)'; \(Self.costForms)")
        return .callback(controller: callback.controller, event: callback.event)
    }

    /// `Controller.callback`, split at the last dot: the callback is an identifier; the
    /// controller is a label without spaces, or `*` for any controller where `wildcard`.
    private func callback(_ text: String, at node: Node, field: String, wildcard: Bool,
                          problem: String) throws(ScenarioError) -> (controller: String, event: String) {
        guard let dot = text.lastIndex(of: ".") else { throw nodes.error(node, field, problem) }
        let controller = String(text[..<dot]), event = String(text[text.index(after: dot)...])
        guard isIdentifier(event), !controller.isEmpty, !controller.contains(where: \.isWhitespace) else {
            throw nodes.error(node, field, problem)
        }
        if controller.contains("*") {
            guard wildcard else {
                throw nodes.error(node, field, "'\(text)': a job starts on one controller's callback; `*` is not allowed here")
            }
            guard controller == "*" else {
                throw nodes.error(node, field, "'\(text)': only a whole `*` matches any controller, as in *.\(event)")
            }
        }
        return (controller, event)
    }

    // MARK: Jobs

    private static let jobKeys = ["label", "on", "cost", "then"]

    func jobs(_ value: FieldValue, windows: DeclaredLabels) throws(ScenarioError) -> [JobSpec] {
        let items = try nodes.list(value, expected: "a list of jobs, each {label: NAME, cost: DURATION, …}")
        var jobs: [JobSpec] = []
        var labelFields: [String: String] = [:]
        for item in items {
            let fields = try nodes.fields(item, allowed: Self.jobKeys, what: "a job")
            guard let labelEntry = fields["label"] else {
                throw nodes.error(item.node, item.child("label", item.node).field, "a job needs a label, unique among the jobs")
            }
            let label = try nodes.text(labelEntry.value, expected: "a job label")
            if let earlier = labelFields[label] {
                throw nodes.error(labelEntry.value, "job label '\(label)' is already used by \(earlier); labels are unique")
            }
            labelFields[label] = item.field
            guard let costEntry = fields["cost"] else {
                throw nodes.error(item.node, item.child("cost", item.node).field,
                                  "a job needs a cost: how long it runs on a worker (a duration or a distribution)")
            }
            var job = JobSpec(label: label, cost: try nodes.distribution(costEntry.value), location: nodes.location(item))
            if let on = fields["on"] {
                let text = try nodes.text(on.value, expected: "a callback such as Feed.viewDidAppear")
                let trigger = try callback(text, at: on.value.node, field: on.value.field, wildcard: false,
                                           problem: "'\(text)' is not a callback; `on` is Controller.callback, as in Feed.viewDidAppear")
                job.trigger = (trigger.controller, trigger.event)
            }
            if let then = fields["then"] { job.completion = try completion(then.value, windows: windows) }
            jobs.append(job)
        }
        return jobs
    }

    private static let completionKinds = ["layout", "display", "push", "present"]
    private static let completionForms = "`nothing` or one of {layout: VIEW}, {display: VIEW}, {push: SCENE}, "
        + "{present: SCENE, style: STYLE}, with an optional window for push and present"

    private func completion(_ value: FieldValue, windows: DeclaredLabels) throws(ScenarioError) -> JobCompletion {
        if case .scalar(let scalar) = value.node {
            guard scalar.string == "nothing" else {
                throw nodes.error(value, "then is \(Self.completionForms); found \(nodes.describe(value.node))")
            }
            return .nothing
        }
        let fields = try nodes.fields(value, allowed: Self.completionKinds + ["style", "window"], what: "then")
        let kinds = fields.entries.filter { Self.completionKinds.contains($0.key) }
        guard let kind = kinds.first else { throw nodes.error(value, "then is \(Self.completionForms)") }
        if kinds.count > 1 {
            throw nodes.error(kinds[1].keyNode, value.field,
                              "then does one thing, not both \(kind.key) and \(kinds[1].key)")
        }
        if let style = fields["style"], kind.key != "present" {
            throw nodes.error(style.keyNode, style.value.field, "style goes only with present")
        }
        var window: String?
        if let entry = fields["window"] {
            guard kind.key == "push" || kind.key == "present" else {
                throw nodes.error(entry.keyNode, entry.value.field, "window goes only with push or present")
            }
            window = try nodes.window(entry.value, labels: windows)
        }
        switch kind.key {
        case "layout": return .layout(view: try nodes.text(kind.value, expected: "a view label"))
        case "display": return .display(view: try nodes.text(kind.value, expected: "a view label"))
        case "push": return .push(scene: try nodes.text(kind.value, expected: "a scene name"), window: window)
        default:
            let scene = try nodes.text(kind.value, expected: "a scene name")
            let style = try fields["style"].map { entry throws(ScenarioError) in try nodes.presentationStyle(entry.value) }
            return .present(scene: scene, style: style, window: window)
        }
    }
}

/// A Swift-style identifier: a letter or `_`, then letters, digits or `_` (ASCII).
private func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
        return false
    }
    return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
}
