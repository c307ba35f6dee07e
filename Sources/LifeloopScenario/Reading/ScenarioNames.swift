import Lifeloop

/// Checks the names a scenario uses (scenes, view labels, windows) against its app before
/// any run, so a typo is an error at its line and column rather than a failed run.
///
/// The app's names are gathered once into sets, so the check is linear in the scenario
/// and the app however many steps name them.
struct ScenarioNames {
    let scenario: Scenario
    let storyboard: StoryboardDefinition?
    let definition: AppDefinition?
    /// The scene names the app knows, in its order (for messages); nil when it does not say.
    private let sceneList: [String]?
    private let sceneSet: Set<String>
    /// Every view label in the storyboard's scenes; nil for a Swift app (checked at run time).
    private let viewLabels: Set<String>?

    init(scenario: Scenario, storyboard: StoryboardDefinition?, definition: AppDefinition?) {
        self.scenario = scenario
        self.storyboard = storyboard
        self.definition = definition
        if let storyboard {
            sceneList = storyboard.scenes.map(\.id)
        } else if let definition, !definition.scenes.isEmpty {
            sceneList = definition.scenes
        } else {
            sceneList = nil
        }
        sceneSet = Set(sceneList ?? [])
        if let storyboard {
            var labels = Set(Self.windowLabels(scenario, definition))
            var stack = storyboard.scenes.compactMap(\.view)
            while let node = stack.popLast() {
                if let label = node.label { labels.insert(label) }
                stack.append(contentsOf: node.subviews)
            }
            viewLabels = labels
        } else {
            viewLabels = nil
        }
    }

    /// The windows the app will have: its own, or the scenario's.
    private var windowLabels: [String] { Self.windowLabels(scenario, definition) }

    private static func windowLabels(_ scenario: Scenario, _ definition: AppDefinition?) -> [String] {
        if let definition, !definition.windows.isEmpty { return definition.windows }
        return scenario.windows.map(\.label)
    }

    func check() throws(ScenarioError) {
        let windows = Set(windowLabels)
        for (index, window) in scenario.windows.enumerated() {
            if let root = window.root {
                try scene(root, at: window.rootLocation ?? ScenarioLocation(line: 0, column: 0, field: "windows[\(index)].root"),
                          field: nil)
            }
            if case .tabs(let tabs) = window.container {
                for (tabIndex, tab) in tabs.enumerated() {
                    let location = tabIndex < window.tabLocations.count ? window.tabLocations[tabIndex]
                        : ScenarioLocation(line: 0, column: 0, field: "windows[\(index)].tabs")
                    try scene(tab, at: location, field: nil)
                }
            }
        }
        for rule in scenario.costs {
            switch rule.target {
            case .layoutPass(let window?), .displayPass(let window?): try self.window(window, in: windows, at: rule.location)
            default: break
            }
        }
        for job in scenario.jobs {
            switch job.completion {
            case .nothing: break
            case .layout(let view), .display(let view): try label(view, at: job.location)
            case .push(let name, let window), .present(let name, _, let window):
                try scene(name, at: job.location, field: nil)
                if let window { try self.window(window, in: windows, at: job.location) }
            }
        }
        for step in scenario.steps {
            if let window = step.window { try self.window(window, in: windows, at: step.location) }
            switch step.action {
            case .tap(let view), .typeText(let view, _, _, _):
                // An element's id or identifier is looked up when the step runs.
                if !ElementReference.isReference(view) { try label(view, at: step.location) }
            case .push(let name), .present(let name, _): try scene(name, at: step.location, field: nil)
            case .expectMetric(_, let window?, _): try self.window(window, in: windows, at: step.location)
            case .expectProperty(let property):
                if case .metric(_, let window?, _) = property.condition { try self.window(window, in: windows, at: step.location) }
            default: break
            }
        }
    }

    private func scene(_ name: String, at location: ScenarioLocation, field: String?) throws(ScenarioError) {
        guard let scenes = sceneList, !sceneSet.contains(name) else { return }
        var place = location
        if let field { place.field += "." + field }
        throw error(at: place, "unknown scene '\(name)'; the scenes are: \(scenes.joined(separator: ", "))")
    }

    private func label(_ name: String, at location: ScenarioLocation) throws(ScenarioError) {
        guard let labels = viewLabels, !labels.contains(name), !Self.isGeneratedLabel(name) else { return }
        throw error(at: location, "unknown view label '\(name)'; the labels are: \(labels.sorted().joined(separator: ", ")) (or a label the app gives an unlabelled view, such as Button#2)")
    }

    /// Whether `name` has the form of a label the app gives a view the file leaves
    /// unlabelled, `<Class>#<n>` (`Button#2`): such a view is found when the step runs, as
    /// `lifeloop launch --tap` and the daemon find it.
    static func isGeneratedLabel(_ name: String) -> Bool {
        guard let hash = name.lastIndex(of: "#") else { return false }
        let type = name[..<hash]
        let number = name[name.index(after: hash)...]
        guard !type.isEmpty, !type.contains(where: \.isWhitespace), !number.isEmpty, number.first != "0",
              number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return true
    }

    private func window(_ name: String, in windows: Set<String>, at location: ScenarioLocation) throws(ScenarioError) {
        guard !windows.contains(name) else { return }
        throw error(at: location, "unknown window '\(name)'; the windows are: \(windowLabels.joined(separator: ", "))")
    }

    private func error(at location: ScenarioLocation, _ message: String) -> ScenarioError {
        ScenarioError(file: scenario.file, line: location.line > 0 ? location.line : nil,
                      column: location.column > 0 ? location.column : nil, field: location.field, message: message)
    }
}
