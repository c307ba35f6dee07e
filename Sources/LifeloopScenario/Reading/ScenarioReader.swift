import Lifeloop
import Yams

/// A scenario read from its text, and the storyboard file its hash must also cover.
struct ReadScenario {
    var scenario: Scenario
    /// For a storyboard app: the resolved path, and the value that names it (for errors).
    var storyboard: (path: String, value: FieldValue)?
}

/// Turns the YAML tree of a scenario file into a ``Scenario``, checking everything that
/// can be checked without the app: types, ranges, units, and the names the file itself
/// declares (windows, jobs, marks).
struct ScenarioReader {
    let nodes: NodeReader
    /// What relative storyboard paths resolve against.
    let directory: String
    /// The name when the file gives none.
    let defaultName: String

    static let keys = ["lifeloop", "name", "app", "clock", "workers", "uikitVersion", "unloadPolicy", "viewIsAppearing", "listPrefetching", "strict",
                       "duration", "settleBudget", "seeds", "windows", "costs", "jobs", "script", "network", "allowNetwork", "appearance"]

    func read(_ root: Node?) throws(ScenarioError) -> ReadScenario {
        guard let root else {
            throw ScenarioError(file: nodes.file, line: 1, column: 1, field: "",
                                message: "the file is empty; a scenario needs at least `lifeloop: 1` and an `app`")
        }
        let top = FieldValue(node: root, field: "")
        let fields = try nodes.fields(top, what: "a scenario")
        // The version comes first: a newer file's new keys should read as a version problem.
        try checkVersion(fields)
        try nodes.checkKeys(fields, allowed: Self.keys, what: "the scenario")

        guard let appEntry = fields["app"] else {
            throw nodes.error(root, "app", "missing `app`: one of storyboard, sample or swift")
        }
        let (app, storyboard, appLocation) = try self.app(appEntry.value)
        var scenario = Scenario(name: defaultName, file: nodes.file, app: app)
        scenario.appLocation = appLocation
        scenario.bundle = try bundle(appEntry.value)
        (scenario.sources, scenario.sourcesModule) = try sources(appEntry.value)
        if let entry = fields["name"] { scenario.name = try nodes.text(entry.value, expected: "a name for reports") }
        if let entry = fields["clock"] {
            scenario.clock = try nodes.pick(entry.value, [("virtual", .virtual), ("host", .host)], noun: "clock")
        }
        if let entry = fields["workers"] {
            let workers = try nodes.integer(entry.value, expected: "a worker count, 1...64")
            guard (1...64).contains(workers) else {
                throw nodes.error(entry.value, "workers is 1...64, found \(workers)")
            }
            scenario.workers = workers
        }
        if let entry = fields["uikitVersion"] {
            let text = try nodes.text(entry.value, expected: "a UIKit version such as 12 or \"iOS 17\"")
            guard let version = UIKitVersion(text) else {
                throw nodes.error(entry.value, "uikitVersion is a major iOS version from \(UIKitVersion.supported.lowerBound) "
                                  + "to \(UIKitVersion.supported.upperBound) (12, 12.4 or \"iOS 12\"), found '\(text)'")
            }
            scenario.uikitVersion = version
        }
        if let entry = fields["unloadPolicy"] {
            scenario.unloadPolicy = try nodes.pick(entry.value, [("modern", .modern), ("legacy", .legacy)],
                                                   noun: "unload policy")
        }
        if let entry = fields["viewIsAppearing"] { scenario.viewIsAppearing = try nodes.bool(entry.value) }
        if let entry = fields["listPrefetching"] { scenario.listPrefetching = try nodes.bool(entry.value) }
        if let entry = fields["strict"] { scenario.strict = try nodes.bool(entry.value) }
        if let entry = fields["duration"] { scenario.duration = try nodes.positiveDuration(entry.value) }
        if let entry = fields["settleBudget"] { scenario.settleBudget = try nodes.positiveDuration(entry.value) }
        if let entry = fields["seeds"] { scenario.seeds = try seeds(entry.value) }
        if let entry = fields["windows"] { scenario.windows = try windows(entry.value) }
        if let entry = fields["appearance"], case .mapping = entry.value.node,
           try appearanceSweep(entry.value, into: &scenario) {
            // Lists: each seed draws its appearance (read by `appearanceSweep`).
        } else if let entry = fields["appearance"], let verb = VerbCatalogue.verb(scenarioKey: "appearance") {
            // Read as the script's `appearance:` step is, so both say the same thing the same way.
            let reader = ScriptReader(nodes: nodes, windows: .undeclared, jobs: DeclaredLabels([]))
            let empty = FieldMap(map: entry.value, entries: [])
            if case .appearance(let style, let contentSize) = try reader.catalogueAction(verb, entry, fields: empty, animated: false) {
                (scenario.appearanceStyle, scenario.contentSize) = (style, contentSize)
            }
        }

        let windowLabels = fields["windows"] == nil ? DeclaredLabels.undeclared : DeclaredLabels(scenario.windows.map(\.label))
        if let entry = fields["costs"] { scenario.costs = try costs(entry.value, windows: windowLabels) }
        if let entry = fields["jobs"] { scenario.jobs = try jobs(entry.value, windows: windowLabels) }
        if let entry = fields["network"] { scenario.network = try network(entry.value, keyNode: entry.keyNode) }
        if let entry = fields["allowNetwork"] { scenario.allowsRealNetwork = try nodes.bool(entry.value) }
        if let entry = fields["script"] {
            var script = ScriptReader(nodes: nodes, windows: windowLabels, jobs: DeclaredLabels(scenario.jobs.map(\.label)))
            script.networkMarks = Set(scenario.network?.rules.compactMap(\.mark) ?? [])
            scenario.steps = try script.steps(entry.value)
        }
        return ReadScenario(scenario: scenario, storyboard: storyboard)
    }

    private func checkVersion(_ fields: FieldMap) throws(ScenarioError) {
        guard let entry = fields["lifeloop"] else {
            throw nodes.error(fields.map.node, "lifeloop",
                              "missing `lifeloop: \(Scenario.formatVersion)`, the format version, at the top of the file")
        }
        let version = try nodes.integer(entry.value,
                                        expected: "the format version, a whole number (this reader reads \(Scenario.formatVersion))")
        guard version == Scenario.formatVersion else {
            throw nodes.error(entry.value, "format version \(version) is not supported by this reader "
                                  + "(it reads \(Scenario.formatVersion))")
        }
    }

    // MARK: The app

    private func app(_ value: FieldValue) throws(ScenarioError)
        -> (AppSource, (path: String, value: FieldValue)?, ScenarioLocation) {
        let sources = ["storyboard", "sample", "swift", "project"]
        let fields = try nodes.fields(value, allowed: sources + Self.appOptions, what: "app")
        let named = fields.entries.filter { !Self.appOptions.contains($0.key) }
        guard let source = named.first else {
            throw nodes.error(value, "app needs one of storyboard (a file), project (an Xcode project), sample or swift (a registered app)")
        }
        if named.count > 1 {
            throw nodes.error(named[1].keyNode, value.field,
                              "app takes exactly one of storyboard, project, sample or swift, not both \(source.key) and "
                                  + named[1].key)
        }
        if let entry = fields["target"], source.key != "project" {
            throw nodes.error(entry.keyNode, value.field, "target names an Xcode project's target (app: {project: PATH, target: NAME})")
        }
        switch source.key {
        case "project":
            for key in ["bundle", "sources", "module"] {
                if let entry = fields[key] {
                    throw nodes.error(entry.keyNode, value.field, "\(key) is for a storyboard; a project says its own sources, module and resources")
                }
            }
            let path = try nodes.text(source.value, expected: "an Xcode project's path (its .xcodeproj, or the folder holding one)")
            let resolved = path.hasPrefix("/") ? path : directory + "/" + path
            let target = try fields["target"].map { (entry) throws(ScenarioError) -> String in
                try nodes.text(entry.value, expected: "the name of the project's target to launch")
            }
            do {
                _ = try XcodeProject.load(path: resolved).target(named: target)
            } catch {
                throw nodes.error(source.value, error.description)
            }
            return (.project(path: resolved, target: target), nil, nodes.location(source.value))
        case "storyboard":
            let path = try nodes.text(source.value, expected: "a storyboard file's path")
            let resolved = path.hasPrefix("/") ? path : directory + "/" + path
            return (.storyboard(path: resolved), (resolved, source.value), nodes.location(source.value))
        default:
            let name = try nodes.text(source.value, expected: "the name of a registered app")
            return (.registered(name: name), nil, nodes.location(source.value))
        }
    }

    /// The app's `bundle:` folder, resolved against the scenario's folder; it must be a
    /// folder that exists.
    private func bundle(_ value: FieldValue) throws(ScenarioError) -> String? {
        let fields = try nodes.fields(value, allowed: ["storyboard", "sample", "swift", "project"] + Self.appOptions, what: "app")
        guard let entry = fields["bundle"] else { return nil }
        let path = try nodes.text(entry.value, expected: "the app's bundle folder (where its storyboards and nibs are)")
        let resolved = path.hasPrefix("/") ? path : directory + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw nodes.error(entry.value, "bundle '\(path)' is not a folder (looked for \(resolved))")
        }
        return resolved
    }

    /// What `app:` takes beside its one source.
    static let appOptions = ["bundle", "sources", "module", "target"]

    /// The app's `sources:` folder (resolved against the scenario's folder; it must be a
    /// folder that exists) and its `module:` name; both only with a storyboard.
    private func sources(_ value: FieldValue) throws(ScenarioError) -> (String?, String?) {
        let fields = try nodes.fields(value, allowed: ["storyboard", "sample", "swift", "project"] + Self.appOptions, what: "app")
        let module = try fields["module"].map { (entry) throws(ScenarioError) -> String in
            let name = try nodes.text(entry.value, expected: "the module name the app's sources are built as")
            guard (try? ProjectSources.checkedModuleName(name)) != nil else {
                throw nodes.error(entry.value, "module '\(name)' is not a usable module name (letters, digits and _, not UIKit or Lifeloop)")
            }
            return name
        }
        guard let entry = fields["sources"] else {
            if let entry = fields["module"] { throw nodes.error(entry.keyNode, value.field, "module names the module of `sources:`, which is missing") }
            return (nil, nil)
        }
        if fields["storyboard"] == nil {
            throw nodes.error(entry.keyNode, value.field, "sources go with a storyboard (app: {storyboard: FILE, sources: DIR}); a sample or swift app is built into lifeloop already")
        }
        let path = try nodes.text(entry.value, expected: "the folder of the app's Swift files")
        let resolved = path.hasPrefix("/") ? path : directory + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw nodes.error(entry.value, "sources '\(path)' is not a folder (looked for \(resolved))")
        }
        return (resolved, module)
    }

    // MARK: Seeds

    /// `A..B` with A ≤ B, both `UInt64`.
    private func seeds(_ value: FieldValue) throws(ScenarioError) -> ClosedRange<UInt64> {
        let form = "a range A..B of whole numbers with A ≤ B (as in 0..99)"
        guard case .scalar(let scalar) = value.node else {
            throw nodes.error(value, "seeds are \(form), found \(nodes.describe(value.node))")
        }
        let parts = scalar.string.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty,
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[2].allSatisfy({ $0.isASCII && $0.isNumber }),
              let low = UInt64(parts[0]), let high = UInt64(parts[2]) else {
            throw nodes.error(value, "seeds are \(form), found \(nodes.describe(value.node))")
        }
        guard low <= high else {
            throw nodes.error(value, "seeds \(low)..\(high) run backwards; write A..B with A ≤ B")
        }
        return low...high
    }

    // MARK: Windows

    private static let windowKeys = ["label", "screen", "size", "refreshRate", "root", "container", "tabs"]

    private func windows(_ value: FieldValue) throws(ScenarioError) -> [WindowSpec] {
        let items = try nodes.list(value, expected: "a list of windows, each {label: NAME, …}")
        guard !items.isEmpty else {
            throw nodes.error(value, "windows needs at least one window; leave it out for one window `main` on a phone")
        }
        var windows: [WindowSpec] = []
        var labelFields: [String: String] = [:]
        for item in items {
            let (window, label) = try self.window(item)
            if let earlier = labelFields[window.label] {
                throw nodes.error(label, "window label '\(window.label)' is already used by \(earlier); labels are unique")
            }
            labelFields[window.label] = item.field
            windows.append(window)
        }
        return windows
    }

    /// A window, and its label's value for duplicate-label errors.
    private func window(_ item: FieldValue) throws(ScenarioError) -> (WindowSpec, FieldValue) {
        let fields = try nodes.fields(item, allowed: Self.windowKeys, what: "a window")
        guard let labelEntry = fields["label"] else {
            throw nodes.error(item.node, item.child("label", item.node).field, "a window needs a label, unique among the windows")
        }
        var spec = WindowSpec(label: try nodes.text(labelEntry.value, expected: "a window label"))
        if let entry = fields["screen"] {
            spec.screen = try nodes.pick(entry.value, [("phone", Screen.phone), ("tablet", .tablet), ("legacy", .legacy)],
                                         noun: "screen")
        }
        if let entry = fields["size"] {
            spec.screen.size = try nodes.size(entry.value, what: "size")
            // A phone the size of a notched or Dynamic Island iPhone has its taller status bar.
            if spec.screen.scale == Screen.phone.scale, let inset = Screen.notchedPhoneTopInset(size: spec.screen.size) {
                spec.screen.statusBarInset = inset
            }
        }
        if let entry = fields["refreshRate"] {
            let rate = try nodes.integer(entry.value, expected: "a refresh rate in Hz, 1...480")
            guard (1...480).contains(rate) else {
                throw nodes.error(entry.value, "refreshRate is 1...480 Hz, found \(rate)")
            }
            spec.screen.refreshRate = rate
        }
        if let tabs = fields["tabs"] {
            if fields["root"] != nil || fields["container"] != nil {
                throw nodes.error(tabs.keyNode, tabs.value.field,
                                  "tabs replace root and container (the tabs are the root); use either tabs or root/container")
            }
            let items = try nodes.list(tabs.value, expected: "a list of scene names")
            guard !items.isEmpty else { throw nodes.error(tabs.value, "tabs needs at least one scene") }
            var scenes: [String] = []
            for item in items {
                scenes.append(try nodes.text(item, expected: "a scene name"))
                spec.tabLocations.append(nodes.location(item))
            }
            spec.container = .tabs(scenes)
        }
        if let entry = fields["root"] {
            spec.root = try nodes.text(entry.value, expected: "a scene name")
            spec.rootLocation = nodes.location(entry.value)
        }
        if let entry = fields["container"] {
            spec.container = try nodes.pick(entry.value, [("none", WindowSpec.Container.none), ("navigation", .navigation)],
                                            noun: "container")
        }
        return (spec, labelEntry.value)
    }
}

extension ScenarioReader {
    /// Reads a top-level `appearance:` that lists styles or text sizes for seeds to draw from
    /// (`{style: [light, dark], contentSize: [large, accessibilityLarge]}`); a list of one is
    /// that one, fixed. Returns false, reading nothing, when neither key holds a list.
    func appearanceSweep(_ value: FieldValue, into scenario: inout Scenario) throws(ScenarioError) -> Bool {
        let fields = try nodes.fields(value, allowed: ["style", "contentSize"], what: "appearance")
        guard fields.entries.contains(where: { if case .sequence = $0.value.node { return true } else { return false } }) else {
            return false
        }
        for entry in fields.entries {
            let items: [FieldValue]
            if case .sequence = entry.value.node {
                items = try nodes.list(entry.value, expected: "a list")
                guard !items.isEmpty else { throw nodes.error(entry.value, "\(entry.key) lists at least one value to draw from") }
            } else {
                items = [entry.value]
            }
            var words: [String] = []
            for item in items {
                let word = try entry.key == "style"
                    ? nodes.choice(item, ["light", "dark"], noun: "appearance style")
                    : nodes.choice(item, ContentSizeCategory.names, noun: "text size")
                guard !words.contains(word) else { throw nodes.error(item, "'\(word)' is listed twice") }
                words.append(word)
            }
            if entry.key == "style" {
                let styles = words.map { $0 == "dark" ? TraitCollection.Style.dark : .light }
                if styles.count == 1 { scenario.appearanceStyle = styles[0] } else { scenario.appearanceStyles = styles }
            } else {
                let sizes = words.compactMap { ContentSizeCategory(named: $0) }
                if sizes.count == 1 { scenario.contentSize = sizes[0] } else { scenario.contentSizes = sizes }
            }
        }
        return true
    }
}
