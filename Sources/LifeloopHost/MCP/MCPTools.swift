import Foundation
import LifeloopCore
import LifeloopPictures
import LifeloopScenario

/// One MCP tool: its name, description, schemas, annotations and what it does.
struct MCPTool: Sendable {
    struct Output: @unchecked Sendable {
        var text: String
        var structured: JSON
        var extra: [JSON] = []
    }

    var name: String
    var title: String
    var description: String
    /// Properties of the input schema, and which are required.
    var properties: [String: JSON]
    var required: [String] = []
    /// Properties of the output schema (an object).
    var output: [String: JSON]
    var readOnly = false
    var destructive = false
    var idempotent = false
    var run: @Sendable (MCPServer, Params) throws -> Output

    func listing(structured: Bool) -> JSON {
        var members: [String: JSON] = [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
                            "additionalProperties": false],
            "annotations": ["title": .string(title), "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(destructive),
                            "idempotentHint": .bool(idempotent), "openWorldHint": false],
        ]
        if structured { members["outputSchema"] = ["type": "object", "properties": .object(output)] }
        return .object(members)
    }
}

// MARK: Schema pieces

private func string(_ description: String, enum values: [String]? = nil) -> JSON {
    var members: [String: JSON] = ["type": "string", "description": .string(description)]
    if let values { members["enum"] = .array(values.map { .string($0) }) }
    return .object(members)
}
private func integer(_ description: String) -> JSON { ["type": "integer", "description": .string(description)] }
private func number(_ description: String) -> JSON { ["type": "number", "description": .string(description)] }
private func boolean(_ description: String) -> JSON { ["type": "boolean", "description": .string(description)] }
private func array(_ description: String, of items: JSON) -> JSON { ["type": "array", "description": .string(description), "items": items] }
private func object(_ description: String, _ properties: [String: JSON]) -> JSON {
    ["type": "object", "description": .string(description), "properties": .object(properties)]
}
private let strings: JSON = ["type": "string"]
private let numbers: JSON = ["type": "number"]
/// What an action was done to (tap's tapped, type_text's typed, ...).
let actedSchema: [String: JSON] = ["ref": string("@eN"), "label": string("Its label"), "class": string("Its class")]
/// One element of the view tree, as describe's full and hit give it.
let elementSchema = object("A view", [
    "ref": string("@eN, valid for the digest"), "window": string("Its window"), "depth": integer("Its depth in the window's tree"),
    "label": string("Its label"), "class": string("Its class"), "frame": array("[x, y, width, height] in window points", of: numbers),
    "hidden": boolean("Hidden"), "alpha": number("Its alpha"), "interactive": boolean("Takes touches"),
    "accessibilityIdentifier": string("Its accessibility identifier"), "accessibilityLabel": string("Its accessibility label"),
    "text": string("What it shows"), "contentOffset": array("A scroll view's offset [x, y]", of: numbers),
    "indexPath": array("A cell's [section, row]", of: ["type": "integer"]),
])

let appArgument = string("The app's id (from launch or apps); default: the app launched last")
let settleArguments: [String: JSON] = [
    "settle": boolean("Settle after the action (default true): run until nothing is pending, within budgetMs"),
    "budgetMs": number("The settle's budget in the app's (virtual) ms (default 5000)"),
    "diffBytes": integer("The most bytes of the settled diff (default 2048)"),
]
let caused: [String: JSON] = [
    "app": string("The app"), "turn": integer("The loop turn after the action"), "virtualMs": number("The app's clock after it, ms"),
    "digest": string("The trace digest after it: the refs in diff are valid for it"),
    "fromSeq": integer("The first trace event it caused"), "toSeq": integer("One past the last trace event it caused"),
    "settled": boolean("Whether the app settled (false: pending names what still runs)"),
    "pending": object("When not settled: what still runs, by owner", [
        "summary": string("Counts of tasks, timers and jobs"), "budgetMs": number("The settle's budget"),
        "stoppedBy": string("Why the settle stopped: budget (the app's clock passed budgetMs), turns (its turn limit) or deadline (the call's time limit)"),
        "animations": array("Running animations", of: object("An animation", ["owner": string("Its view"), "property": string("What it animates"),
                                                                              "endsAtMs": number("When it ends, ms")])),
        "timers": array("Timers", of: object("A timer", ["owner": string("Its label"), "dueMs": number("When it is due, ms"),
                                                          "everyMs": number("Its period, if it repeats")])),
        "jobs": array("Jobs by label", of: strings), "tasks": integer("Queued tasks"), "nowMs": number("The clock, ms"),
        "animationCount": integer("All animations"), "timerCount": integer("All timers"), "jobCount": integer("All jobs"),
    ]),
    "diff": object("What changed in the view tree: one line a change, capped at diffBytes", [
        "lines": array("+ added, - removed, ~ changed or moved, with refs valid for digest", of: strings),
        "added": integer("Views added"), "removed": integer("Views removed"), "moved": integer("Views moved"),
        "changed": integer("Views changed"), "omitted": integer("Lines left out for the size"),
        "movedWithContent": integer("Views that moved with scrolled content, not listed"),
    ]),
]

// MARK: The tools

enum MCPTools {
    static let all: [MCPTool] = [
        MCPTool(name: "launch", title: "Launch an app",
                description: "Launch a simulated app from a sample, an Xcode project, a storyboard file or a scenario file, and settle it. Returns its id, windows and view count.",
                properties: ["sample": string("A built-in sample's name (AgentTour, MultiWindow, SeedSegue, UIKitForm, Contacts, ...: the samples tool lists them all)"),
                             "project": string("An iOS app's Xcode project (absolute path: the .xcodeproj or the folder holding it): its app target is built and launched as iOS launches it"),
                             "target": string("With a project: the target to launch, when it has several application targets"),
                             "storyboard": string("A storyboard file (absolute path)"), "scenario": string("A scenario file (absolute path)"),
                             "bundle": string("The app's bundle folder (absolute path), where its storyboards and nibs are found by name"),
                             "sources": string("With a storyboard: the folder of the app's own Swift files (absolute path), built and loaded so that the classes the storyboard names exist"),
                             "module": string("The module name those sources are built as (default: the storyboard's customModule, else the folder's name)"),
                             "seed": integer("The seed costs and timings are drawn from (default 0)"),
                             "clock": string("virtual (default: deterministic, moves only when asked) or host", enum: ["virtual", "host"]),
                             "windows": array("The windows, for a storyboard or a sample: each a label, or {label, screen, size, refreshRate, root, container, tabs}",
                                              of: ["type": ["string", "object"], "description": "A window's label, or the window",
                                                   "properties": ["label": string("Its label"), "screen": string("phone, tablet, ... (its screen)"),
                                                                  "size": array("[width, height] in points", of: numbers),
                                                                  "refreshRate": integer("Frames a second (60, 120)"),
                                                                  "root": string("The scene at its root"),
                                                                  "container": string("navigation or tabs: what holds the root"),
                                                                  "tabs": array("With container tabs: the tabs' scenes", of: strings)]]),
                             "label": string("A name for the app"),
                             "record": string("Record the session from its launch to this file (absolute path): lifeloop replay FILE runs it again"),
                             "network": array("A scripted network's rules (as a scenario's network:)",
                                              of: ["type": "object", "additionalProperties": true,
                                                   "description": "A rule as a scenario's network: takes it (match, status, body, latency, ...)"]),
                             "settle": boolean("Settle after launch (default true)"), "budgetMs": number("The settle's budget in virtual ms")],
                output: caused.merging(["windows": array("The app's windows", of: strings), "views": integer("Views in the tree"),
                                        "pid": integer("The app's process"), "scenario": string("The scenario's name")]) { $1 },
                run: launch),
        MCPTool(name: "samples", title: "List the samples", description: "The sample apps launch takes (its sample argument), each with what it shows.",
                properties: [:],
                output: ["samples": ["type": "array", "description": "The samples",
                                     "items": ["type": "object", "properties": ["name": string("The sample's name"), "summary": string("What it shows")]]]],
                readOnly: true, idempotent: true, run: { server, params in
                    try params.allowOnly([])
                    let list: [JSON] = server.options.samples.map { ["name": .string($0.name), "summary": .string($0.summary)] }
                    return .init(text: server.samplesText, structured: ["samples": .array(list)])
                }),
        MCPTool(name: "apps", title: "List apps", description: "The daemon's running apps: id, pid, scenario, state, turn, digest.",
                properties: [:],
                output: ["apps": array("The apps", of: object("An app", [
                    "app": string("Its id"), "pid": integer("Its process"), "scenario": string("Its scenario"), "state": string("ready, starting or stopping"),
                    "turn": integer("Its turn"), "digest": string("Its digest"),
                ]))],
                readOnly: true, idempotent: true, run: apps),
        MCPTool(name: "describe", title: "Describe the view tree",
                description: "The app's element tree (what UIKit's accessibility and XCUITest see), one line per element: ref (@e12: the element's id, the same object's for its whole life, never another's), type (button, staticText, textField, cell, navigationBar, backButton, tab…), the view's label, the element's label in quotes, #accessibilityIdentifier, value=, placeholder=, frame [x,y,w,h] in window points, a scroll view's offset, a cell's row=section,row, and flags (selected, focused, disabled, offscreen, noTouch: a tap at its centre reaches something else). Navigation bars, back buttons, bar button items, tab bars and tabs are elements. Then the controller tree. full=true adds every element as an object. hit={x, y} only says which element a touch at that point would reach.",
                properties: ["app": appArgument, "window": string("Only this window (with hit: the point's window, default the first)"),
                             "full": boolean("Every element as an object too (default false)"),
                             "format": string("text (default: the lines above), json (the whole tree as one nested JSON object) or appium (the page source XML Appium's XCUITest driver writes)", enum: ["text", "json", "appium"]),
                             "hit": ["type": "object", "properties": ["x": number("x"), "y": number("y")], "required": ["x", "y"],
                                     "description": "Only say which view a touch at this point (window points) would reach, as hit testing goes"]],
                output: ["app": string("The app"), "digest": string("The app's trace digest when the tree was read"), "turn": integer("The loop turn"),
                         "virtualMs": number("The app's clock, ms"), "windows": array("The windows", of: strings), "views": integer("Views listed"),
                         "tree": string("One line per view"), "controllers": string("One line per controller"),
                         "format": string("With format json or appium: which (the tree is the text)"),
                         "elementCount": integer("With format json or appium: how many elements"),
                         "elements": array("With full: every view", of: elementSchema),
                         "hit": ["type": ["object", "null"], "description": "With hit: the view a touch there reaches (null: none)",
                                 "properties": elementSchema["properties"] ?? [:]]],
                readOnly: true, idempotent: true, run: describe),
        MCPTool(name: "tap", title: "Tap a view",
                description: "Tap a view, named by exactly one of: ref (@eN from the latest describe or diff), id (accessibility identifier), accessibilityLabel, view (its label), or point {x, y} in window points. A ref from an older digest is refused, never tapped at old coordinates. Settles and returns the settled diff.",
                properties: ["app": appArgument, "ref": string("@eN"), "id": string("An accessibility identifier"),
                             "accessibilityLabel": string("An accessibility label"), "view": string("A view's label"),
                             "point": ["type": "object", "properties": ["x": number("x"), "y": number("y")], "required": ["x", "y"],
                                       "description": "A point in window points: taps the deepest view there that takes touches"],
                             "window": string("The window of point (default the key window)"),
                             "digest": string("The digest the ref came with (checked if given)")].merging(settleArguments) { $1 },
                output: caused.merging(["tapped": object("The view tapped", actedSchema)]) { $1 }, run: tap),
        MCPTool(name: "navigate", title: "Navigate",
                description: "push or present a scene, pop (or back), popToRoot, dismiss, or selectTab in a window. Settles and returns the settled diff.",
                properties: ["app": appArgument,
                             "action": string("What to do", enum: ["push", "pop", "back", "popToRoot", "present", "dismiss", "selectTab"]),
                             "scene": string("The scene to push or present"), "style": string("present's style (pageSheet, fullScreen, ...)"),
                             "index": integer("selectTab's tab, from 0"), "window": string("The window (default the key window)"),
                             "animated": boolean("Animated (default true)")].merging(settleArguments) { $1 },
                required: ["action"], output: caused, run: navigate),
        // rotate, memory_warning and app_state are made from their verbs (MCPVerbTools.swift).
        MCPTool(name: "advance_clock", title: "Advance the clock",
                description: "Move the app's virtual clock on by ms, running everything due on the way (no settle after). Returns the diff. A run that would take longer than the call's time limit (a repeating timer over a long span) stops at a turn boundary before it: advancedMs says how far the clock went.",
                properties: ["app": appArgument, "ms": number("Milliseconds, 0 to 1e12"), "diffBytes": integer("The most bytes of the diff (default 2048)")],
                required: ["ms"],
                output: caused.merging(["advancedMs": number("When the call's time limit stopped it: how far the clock went, ms"),
                                        "stoppedBy": string("deadline: the call's time limit stopped it before ms")]) { $1 },
                run: advance),
        MCPTool(name: "settle", title: "Settle",
                description: "Run the app until nothing is pending (animations, transitions, timers, jobs, requests), within budgetMs of its clock. Never hangs: past the budget, or past the call's time limit (the settle then stops at a turn boundary), it returns settled=false and names the pending work by owner (animations with their view, timers with their label and due time, jobs).",
                properties: ["app": appArgument, "budgetMs": number("The budget in the app's (virtual) ms (default 5000)"),
                             "diffBytes": integer("The most bytes of the diff (default 2048)")],
                output: caused, idempotent: true, run: settleTool),
        MCPTool(name: "snapshot", title: "Snapshot a window",
                description: "A picture of a window as the phone shows it (style debug: the wireframe, every view outlined and labelled): SVG text by default (cheap; an SVG over 60 KB comes as a resource link to a file unless file=false); format png gives a PNG (longest edge at most 1024 px, under 1 MB) as an image, or as a resource link to a file with file=true.",
                properties: ["app": appArgument, "window": string("The window (default the key window)"),
                             "format": string("svg (default) or png", enum: ["svg", "png"]),
                             "style": string("phone (default): as the phone shows it; debug: every view outlined and labelled", enum: ["phone", "debug"]),
                             "file": boolean("Write a file and return a link to it")],
                output: ["app": string("The app"), "window": string("The window"), "turn": integer("The turn it shows"), "digest": string("Its digest"),
                         "format": string("svg or png"), "path": string("The file, when file=true"), "bytes": integer("The picture's size")],
                readOnly: true, idempotent: true, run: snapshot),
        MCPTool(name: "trace", title: "Read the trace",
                description: "Trace events of the app (seq, time, turn, label, event, detail), from fromSeq (default: the last limit events).",
                properties: ["app": appArgument, "fromSeq": integer("The first event"), "limit": integer("The most events (default 100, at most 2000)")],
                output: ["app": string("The app"),
                         "events": array("The events", of: object("A trace event", [
                             "seq": integer("Its sequence number"), "time": integer("Its time, ns"), "turn": integer("Its turn"),
                             "window": string("Its window"), "label": string("The object"), "event": string("The event"), "detail": string("Detail"),
                         ])),
                         "fromSeq": integer("First"), "toSeq": integer("One past the last"),
                         "nextSeq": integer("The next event's seq")],
                readOnly: true, idempotent: true, run: trace),
        MCPTool(name: "metrics", title: "Frame metrics", description: "Per-window frame metrics: frames, dropped frames, hitches, frame time percentiles.",
                properties: ["app": appArgument],
                output: ["windows": ["type": "object", "description": "Each window's frame metrics, by label",
                                     "additionalProperties": object("A window's metrics", ["frameCount": integer("Frames"),
                                                                                            "droppedFrames": integer("Dropped frames"),
                                                                                            "hitchMs": number("Hitch time, ms")])],
                         "turn": integer("The turn"), "now": integer("The clock, ns")],
                readOnly: true, idempotent: true, run: { server, params in
                    try params.allowOnly(["app"])
                    let reply = try server.request("app.metrics", ["app": .string(try server.appID(params))])
                    return .init(text: reply.text, structured: reply)
                }),
        MCPTool(name: "record_start", title: "Start recording",
                description: "Record the app's trace and inputs to a session file (JSON Lines) from now on.",
                properties: ["app": appArgument, "path": string("The file (absolute path)")], required: ["path"],
                output: ["path": string("The file"), "fromSeq": integer("The first event recorded"), "turn": integer("The turn")],
                run: { server, params in
                    try params.allowOnly(["app", "path"])
                    let path = try params.requiredString("path")
                    try checkPath(path, "record_start", "path")
                    let reply = try server.request("record.start", ["app": .string(try server.appID(params)), "path": .string(path)])
                    return .init(text: "recording to \(reply["path"]?.string ?? "")", structured: reply)
                }),
        MCPTool(name: "record_stop", title: "Stop recording", description: "Finish the app's recording (its trailer: turn, digest, event count).",
                properties: ["app": appArgument],
                output: ["path": string("The file"), "events": integer("Events recorded"), "turn": integer("The turn"), "digest": string("The digest")],
                run: { server, params in
                    try params.allowOnly(["app"])
                    let reply = try server.request("record.stop", ["app": .string(try server.appID(params))])
                    return .init(text: reply.text, structured: reply)
                }),
        MCPTool(name: "terminate", title: "Terminate an app", description: "Stop the app (its recording is finished); SIGKILL after graceMs.",
                properties: ["app": appArgument, "graceMs": integer("How long to wait before SIGKILL (default 2000)")],
                output: ["app": string("The app"), "status": integer("Exit status"), "signal": integer("Signal, if killed")],
                destructive: true, idempotent: true, run: terminate),
        MCPTool(name: "export_scenario", title: "Export the session as a scenario",
                description: "Write what this session did to the app (launch and every input) as a scenario file that `lifeloop run FILE --seed SEED` replays turn for turn to the same digests.",
                properties: ["app": appArgument, "path": string("Where to write it (absolute path); without it, the text is returned only")],
                output: ["path": string("The file"), "text": string("The scenario"), "seed": integer("The seed to run it with"),
                         "turn": integer("The session's turn"), "digest": string("The session's digest: the run's"),
                         "command": string("The command that replays it"), "notes": array("Inputs left out, each a sentence", of: strings)],
                run: exportScenario),
    ] + inputTools + verbTools + [exploreTool]

    // MARK: Implementations

    static func launch(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        let passed: Set<String> = ["sample", "storyboard", "scenario", "seed", "clock", "windows", "label", "network", "record", "bundle",
                                   "sources", "module", "project", "target"]
        try params.allowOnly(passed.union(["settle", "budgetMs"]))
        var members: [String: JSON] = [:]
        for key in passed { if let value = params.json[key], !value.isNull { members[key] = value } }
        try checkLaunch(server, params)
        let reply = try server.request("app.launch", .object(members))
        guard let app = reply["app"]?.string else { throw ToolFailure("launch: the daemon gave no app id: \(reply.text.prefix(200))") }
        server.noteLaunched(app)
        var result = reply.object ?? [:]
        if try params.bool("settle") ?? true {
            for (key, value) in try server.settle(app, budgetMs: try params.milliseconds("budgetMs")) where key != "settleFromSeq" {
                result[key] = value
            }
        }
        result = result.filter { !$0.value.isNull }
        let tree = try server.readTree(app)
        result["digest"] = .string(tree.digest)
        result["turn"] = .int(tree.turn)
        result["virtualMs"] = .double(tree.nowMs)
        result["views"] = .int(tree.viewCount)
        let settled = result["settled"]?.bool.map { $0 ? ", settled" : ", not settled" } ?? ""
        return .init(text: "launched \(app) (\(reply["scenario"]?.string ?? "")), windows \((reply["windows"]?.array ?? []).compactMap(\.string).joined(separator: ", ")); turn \(tree.turn), \(formatMilliseconds(tree.nowMs)) ms, digest \(tree.digest)\(settled); \(tree.viewCount) views: describe lists them",
                     structured: .object(result))
    }

    /// What launch can check before the daemon starts a process: the sample is one the
    /// server knows, the files and folders named exist, and paths are absolute.
    static func checkLaunch(_ server: MCPServer, _ params: Params) throws {
        if let sample = try params.string("sample"), !server.options.samples.isEmpty,
           !server.options.samples.contains(where: { $0.name == sample }) {
            throw ToolFailure("launch: no sample '\(sample.prefix(60))'; the samples are \(server.options.samples.map(\.name).joined(separator: ", ")) (the lifeloop://samples resource says what each shows)")
        }
        if let path = try params.string("project") {
            try checkPath(path, "launch", "project")
            guard FileManager.default.fileExists(atPath: path) else { throw ToolFailure("launch: 'project' \(path) does not exist") }
        }
        for (key, folder) in [("storyboard", false), ("scenario", false), ("bundle", true), ("sources", true)] {
            guard let path = try params.string(key) else { continue }
            try checkPath(path, "launch", key)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ToolFailure("launch: '\(key)' \(path) does not exist")
            }
            if isFolder.boolValue != folder {
                throw ToolFailure("launch: '\(key)' \(path) is \(folder ? "a file, not a folder" : "a folder, not a file")")
            }
        }
        if let record = try params.string("record") { try checkPath(record, "launch", "record") }
    }

    /// A path argument: absolute, without NUL, newline or control characters.
    static func checkPath(_ path: String, _ tool: String, _ key: String) throws {
        if let bad = path.unicodeScalars.first(where: { $0.value < 32 || $0.value == 127 }) {
            throw ToolFailure("\(tool): '\(key)' has a control character (U+\(String(format: "%04X", bad.value))) in it; a path has none")
        }
        guard path.hasPrefix("/") else {
            throw ToolFailure("\(tool): '\(key)' must be an absolute path (from /), not '\(path.prefix(200))'")
        }
    }

    static func apps(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly([])
        let reply = try server.request("app.list", [:])
        let lines = (reply["apps"]?.array ?? []).map { "\($0["app"]?.string ?? "") \($0["scenario"]?.string ?? "") \($0["state"]?.string ?? "") turn \($0["turn"]?.int ?? 0) digest \($0["digest"]?.string ?? "")" }
        return .init(text: lines.isEmpty ? "no apps" : lines.joined(separator: "\n"), structured: ["apps": reply["apps"] ?? []])
    }

    static func describe(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "window", "full", "hit", "format"])
        let app = try server.appID(params)
        if let format = try params.string("format"), format != "text" {
            guard ["json", "appium"].contains(format) else { throw ToolFailure("describe: 'format' is text, json or appium, not '\(format.prefix(40))'") }
            guard params.json["hit"] == nil, params.json["full"] == nil, params.json["window"] == nil else {
                throw ToolFailure("describe: 'format' \(format) gives the whole tree: not with hit, full or window")
            }
            let reply = try server.request("app.describe", ["app": .string(app), "format": .string(format)])
            let text = format == "json" ? reply["tree"]?.text ?? "" : reply["xml"]?.string ?? ""
            return .init(text: text, structured: ["app": .string(app), "digest": reply["digest"] ?? .null, "turn": reply["turn"] ?? .null,
                                                  "format": .string(format), "elementCount": reply["elements"] ?? .null])
        }
        let tree = try server.readTree(app)
        if params.json["hit"] != nil, params.json["hit"]?.isNull == false { return try hit(app, tree, params) }
        let window = try params.string("window")
        if let window, !tree.windows.contains(window) {
            throw ToolFailure("describe: no window '\(window)'; the windows are \(tree.windows.joined(separator: ", "))")
        }
        let (text, count) = tree.compactText(window: window)
        guard count > 0 else { throw ToolFailure("describe: \(app) has no view\(window.map { " in window \($0)" } ?? "") (digest \(tree.digest)): an empty tree is not a screen") }
        let controllers = tree.controllerLines.joined(separator: "\n")
        var structured: [String: JSON] = ["app": .string(app), "digest": .string(tree.digest), "turn": .int(tree.turn),
                                          "virtualMs": .double(tree.nowMs), "windows": .array(tree.windows.map { .string($0) }),
                                          "views": .int(count), "tree": .string(text), "controllers": .string(controllers)]
        if try params.bool("full") ?? false {
            // The text has the tree already: the structured result has the elements.
            structured["tree"] = nil
            structured["elements"] = .array(tree.elements.filter { window == nil || $0.window == window }.map(\.json))
        }
        let header = "\(app) turn \(tree.turn), \(formatMilliseconds(tree.nowMs)) ms, digest \(tree.digest): \(count) elements\n"
        return .init(text: header + text + "controllers\n" + controllers, structured: .object(structured))
    }

    static func tap(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "ref", "id", "accessibilityLabel", "view", "point", "window", "digest", "settle", "budgetMs", "diffBytes"])
        let app = try server.appID(params)
        return try server.withCurrentTree(app) { tree, ifDigest in try tap(server, params, app: app, tree: tree, ifDigest: ifDigest) }
    }

    private static func tap(_ server: MCPServer, _ params: Params, app: String, tree: ViewTree, ifDigest: String?) throws -> MCPTool.Output {
        let (target, now) = try self.target(server, params, app: app, pointAllowed: true, tree: tree)
        // A finger cannot reach what is not on screen.
        if target.hidden {
            throw ToolFailure("tap: \(target.ref) \(target.label) is off screen (scrolled or clipped out of sight); nothing was tapped")
        }
        if !target.enabled { throw ToolFailure("tap: \(target.ref) \(target.label) is disabled; nothing was tapped") }
        // By id: the element itself, whatever else shares its label.
        var output = try server.act(params, "app.tap", extra: ["view": .string(target.ref)], app: app, before: now, ifDigest: ifDigest, window: false)
        if var structured = output.structured.object {
            structured["tapped"] = ["ref": .string(target.ref), "label": .string(target.label), "class": .string(target.className)]
            output.structured = .object(structured)
        }
        output.text = "tapped \(target.ref) \(target.label); " + output.text
        return output
    }

    /// The view a tool names by exactly one of ref, id, accessibilityLabel, view (or
    /// point, where `pointAllowed`), in the tree read now; a ref is checked against the
    /// tree it was handed out with before anything runs.
    static func target(_ server: MCPServer, _ params: Params, app: String, pointAllowed: Bool, tree: ViewTree? = nil) throws -> (ViewTree.Element, ViewTree) {
        let tool = params.method
        let names = ["ref", "id", "accessibilityLabel", "view"] + (pointAllowed ? ["point"] : [])
        let ways = names.filter { params.json[$0] != nil && params.json[$0]?.isNull == false }
        guard ways.count == 1 else {
            let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw ToolFailure("\(tool): give exactly one of \(list)" + (ways.isEmpty ? "" : "; got \(ways.joined(separator: " and "))"))
        }
        let known = server.trees[app]
        let now = try tree ?? server.peekTree(app)
        if let ref = try params.string("ref") {
            // A ref is an element's id: it names the same object for its whole life, so it
            // holds across digests until the element goes.
            if let found = now.element(ref: ref) { return (found, now) }
            if let was = known?.element(ref: ref) ?? server.previousTrees[app]?.element(ref: ref) {
                let candidates = now.elements.filter {
                    $0.type == was.type && (($0.accessibilityLabel != nil && $0.accessibilityLabel == was.accessibilityLabel)
                        || ($0.accessibilityIdentifier != nil && $0.accessibilityIdentifier == was.accessibilityIdentifier))
                }.prefix(5).map { "\($0.ref) \($0.type) \($0.label)" }
                throw ToolFailure("\(tool): stale ref \(ref): the \(was.type) \(was.label) it named is no longer on screen (\(app) is at digest \(now.digest), turn \(now.turn))"
                                    + (candidates.isEmpty ? "; describe again" : "; now showing: " + candidates.joined(separator: ", ")),
                                  data: ["code": "E_STALE_REF", "currentDigest": .string(now.digest)])
            }
            throw ToolFailure("\(tool): no element \(ref) is on screen at digest \(now.digest); describe lists them",
                              data: ["code": "E_STALE_REF", "currentDigest": .string(now.digest)])
        } else if let id = try params.string("id") {
            let matches = now.elements.filter { $0.accessibilityIdentifier == id }
            return (try unique(matches, "accessibility identifier '\(id)'", now, tool: tool), now)
        } else if let label = try params.string("accessibilityLabel") {
            let matches = now.elements.filter { $0.accessibilityLabel == label }
            return (try unique(matches, "accessibility label '\(label)'", now, tool: tool), now)
        } else if let view = try params.string("view") {
            guard let found = now.elements.first(where: { $0.label == view }) else {
                throw ToolFailure("\(tool): no view labelled '\(view)' at digest \(now.digest); describe lists them")
            }
            return (found, now)
        }
        let (x, y) = try point(params, "point")
        let window = try self.window(params, now)
        guard let found = now.hit(x: x, y: y, window: window) else {
            throw ToolFailure("\(tool): nothing that takes touches is at (\(formatMilliseconds(x)), \(formatMilliseconds(y))) in window \(window)")
        }
        return (found, now)
    }

    /// A point argument `{x, y}`: finite numbers within ±100000.
    static func point(_ params: Params, _ name: String) throws -> (Double, Double) {
        guard let point = params.json[name], !point.isNull else { throw ToolFailure("\(params.method): '\(name)' is required: {\"x\": number, \"y\": number}") }
        guard let x = point["x"]?.double, let y = point["y"]?.double, x.isFinite, y.isFinite, abs(x) <= AppHost.maxCoordinate, abs(y) <= AppHost.maxCoordinate else {
            throw ToolFailure("\(params.method): '\(name)' must be {\"x\": number, \"y\": number} within ±\(Int(AppHost.maxCoordinate)), not \(point.text.prefix(60))")
        }
        return (x, y)
    }

    /// The window argument (default: the first window), checked against the tree.
    static func window(_ params: Params, _ tree: ViewTree) throws -> String {
        let window = try params.string("window") ?? tree.windows.first ?? ""
        guard tree.windows.contains(window) else { throw ToolFailure("\(params.method): no window '\(window)'; the windows are \(tree.windows.joined(separator: ", "))") }
        return window
    }

    private static func unique(_ matches: [ViewTree.Element], _ what: String, _ tree: ViewTree, tool: String) throws -> ViewTree.Element {
        let visible = matches.filter { !$0.hidden }
        let chosen = visible.isEmpty ? matches : visible
        guard let first = chosen.first else { throw ToolFailure("\(tool): no view with \(what) at digest \(tree.digest); describe lists them") }
        guard chosen.count == 1 else {
            throw ToolFailure("\(tool): \(chosen.count) views have \(what) (\(chosen.prefix(5).map(\.ref).joined(separator: ", "))); name one by ref")
        }
        return first
    }

    /// `navigate`: the navigation verb `action` names (``VerbCatalogue``), its arguments
    /// checked by the verb before anything runs (in `act`).
    static func navigate(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "action", "scene", "style", "index", "window", "animated", "settle", "budgetMs", "diffBytes"])
        let action = try params.requiredString("action")
        // back is pop's other name here (the back verb taps the bar's button).
        let name = action == "back" ? "pop" : action
        guard ["push", "pop", "popToRoot", "present", "dismiss", "selectTab"].contains(name),
              let verb = VerbCatalogue.verb(scenarioKey: name), verb.tool == .adapted("navigate") else {
            throw ToolFailure("navigate: 'action' is push, pop, back, popToRoot, present, dismiss or selectTab, not '\(action.prefix(40))'")
        }
        var extra: [String: JSON] = [:]
        for parameter in verb.parameters { if let value = params.json[parameter.name], !value.isNull { extra[parameter.name] = value } }
        if let animated = try params.bool("animated") { extra["animated"] = .bool(animated) }
        return try server.act(params, verb.daemonMethod, extra: extra, window: true)
    }

    static func advance(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "ms", "diffBytes"])
        guard let ms = try params.milliseconds("ms") else { throw ToolFailure("advance_clock: 'ms' is required") }
        return try server.act(params, "clock.advance", extra: ["ms": .double(ms)], window: false, settleAfter: false)
    }

    static func settleTool(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "budgetMs", "diffBytes"])
        let app = try server.appID(params)
        let before = try server.readTree(app)
        var result = try server.settle(app, budgetMs: try params.milliseconds("budgetMs"))
        return try server.finish(app, before: before, result: &result, diffBytes: try params.int("diffBytes", in: 0...1 << 20))
    }

    static func snapshot(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "window", "format", "style", "file"])
        let app = try server.appID(params)
        let format = try params.string("format") ?? "svg"
        guard format == "svg" || format == "png" else { throw ToolFailure("snapshot: 'format' is svg or png, not '\(format.prefix(20))'") }
        let style = try params.string("style") ?? "phone"
        guard style == "phone" || style == "debug" else { throw ToolFailure("snapshot: 'style' is phone or debug, not '\(style.prefix(20))'") }
        // The app draws the PNG itself (straight from its views, no SVG in between).
        var request: [String: JSON] = ["app": .string(app), "format": .string(format), "style": .string(style)]
        if format == "png" { request["longestEdge"] = .int(Self.pngLongestEdge) }
        if let window = try params.string("window") { request["window"] = .string(window) }
        let reply = try server.request("app.snapshot", .object(request))
        let svg = reply["svg"]?.string ?? ""
        var structured: [String: JSON] = ["app": .string(app), "window": reply["window"] ?? .null, "turn": reply["turn"] ?? .null,
                                          "digest": reply["digest"] ?? .null, "format": .string(format)]
        let bytes: [UInt8]
        if format == "png" {
            guard let encoded = reply["pngBase64"]?.string, let data = Data(base64Encoded: encoded) else {
                throw ToolFailure("snapshot: the app's reply has no PNG (pngBase64)")
            }
            bytes = Array(data)
            guard bytes.count < 1 << 20 else { throw ToolFailure("snapshot: the PNG is \(bytes.count) bytes, over 1 MB; ask for svg") }
        } else {
            bytes = Array(svg.utf8)
        }
        structured["bytes"] = .int(bytes.count)
        let mime = format == "png" ? "image/png" : "image/svg+xml"
        let summary = "\(app) window \(reply["window"]?.string ?? "") at turn \(reply["turn"]?.int ?? 0), digest \(reply["digest"]?.string ?? ""): \(format), \(bytes.count) bytes"
        // An SVG past about 15,000 tokens goes to a file, so one picture never fills a
        // client's result limit (25,000 tokens in some).
        let asFile = try params.bool("file") ?? (format == "svg" && bytes.count > Self.inlineSVGBytes)
        if asFile {
            let path = server.fileDirectory() + "/\(app)-turn\(reply["turn"]?.int ?? 0)-\(reply["window"]?.string ?? "window").\(format)"
            do { try AtomicFile.write(bytes, to: path) } catch { throw ToolFailure("snapshot: cannot write \(path): \(error)") }
            structured["path"] = .string(path)
            let uri = URL(fileURLWithPath: path).absoluteString
            // resources/read serves it.
            server.files[uri] = (path, mime)
            let link: JSON = ["type": "resource_link", "uri": .string(uri),
                              "name": .string((path as NSString).lastPathComponent), "mimeType": .string(mime), "size": .int(bytes.count)]
            return .init(text: summary + " at " + path, structured: .object(structured), extra: [link])
        }
        if format == "png" {
            return .init(text: summary, structured: .object(structured),
                         extra: [["type": "image", "data": .string(Data(bytes).base64EncodedString()), "mimeType": "image/png"]])
        }
        return .init(text: svg, structured: .object(structured))
    }

    /// The largest SVG returned inline unless `file: false` is asked.
    static let inlineSVGBytes = 60_000

    /// The PNG's longest edge, in pixels.
    static let pngLongestEdge = 1024

    static func trace(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "fromSeq", "limit"])
        let app = try server.appID(params)
        let limit = try params.int("limit", in: 1...2000) ?? 100
        var from = try params.int("fromSeq", in: 0...Int.max)
        if from == nil {
            let next = try server.request("trace.get", ["app": .string(app), "limit": 1])["nextSeq"]?.int ?? 0
            from = max(0, next - limit)
        }
        let reply = try server.request("trace.get", ["app": .string(app), "fromSeq": .int(from!), "limit": .int(limit)])
        let events = reply["events"]?.array ?? []
        let lines = events.map { event -> String in
            "\(event["seq"]?.int ?? 0) t\(event["turn"]?.int ?? 0) \(formatMilliseconds(Double(event["time"]?.int ?? 0) / 1e6))ms \(event["label"]?.string ?? "") \(event["event"]?.string ?? "") \(event["detail"]?.string ?? "")"
        }
        var structured = reply.object ?? [:]
        structured["app"] = .string(app)
        return .init(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    static func terminate(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "graceMs"])
        let app = try server.appID(params)
        var request: [String: JSON] = ["app": .string(app)]
        if let grace = try params.int("graceMs", in: 0...8_000) { request["graceMs"] = .int(grace) }
        let reply = try server.request("app.terminate", .object(request))
        server.noteTerminated(app)
        return .init(text: "terminated \(app): \(reply.text)", structured: reply)
    }

    static func exportScenario(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(["app", "path"])
        let app = try server.appID(params)
        if let path = try params.string("path") { try checkPath(path, "export_scenario", "path") }
        let session = try server.request("app.session", ["app": .string(app)])
        let export: ScenarioExport
        do {
            export = try ScenarioExport(session: session)
        } catch {
            throw ToolFailure("export_scenario: \(error.message)")
        }
        var structured: [String: JSON] = ["text": .string(export.text), "seed": .int(export.seed), "turn": .int(export.turn),
                                          "digest": .string(export.digest), "notes": .array(export.notes.map { .string($0) })]
        var command = "lifeloop run FILE --seed \(export.seed)"
        if let path = try params.string("path") {
            try checkPath(path, "export_scenario", "path")
            do { try AtomicFile.write(Array(export.text.utf8), to: path) } catch { throw ToolFailure("export_scenario: cannot write \(path): \(error)") }
            structured["path"] = .string(path)
            command = "lifeloop run \(path) --seed \(export.seed)"
        }
        structured["command"] = .string(command)
        return .init(text: "\(command) replays it to turn \(export.turn), digest \(export.digest)" + export.notes.map { "\nnote: " + $0 }.joined()
                         + (params.json["path"] == nil ? "\n" + export.text : ""),
                     structured: .object(structured))
    }
}

extension MCPServer {
    /// Settles an app within a budget: `settled`, the trace range, and when it did not
    /// settle, the pending work by owner.
    func settle(_ app: String, budgetMs: Double?) throws -> [String: JSON] {
        let budget = budgetMs ?? options.settleBudgetMs
        // The wall deadline leaves time for the reads that follow.
        let wall = max(50, (secondsLeft - 1) * 1000)
        do {
            let reply = try request("app.settle", ["app": .string(app), "budgetMs": .double(budget), "maxTurns": 200_000], deadlineMs: wall)
            return ["settled": true, "settleFromSeq": reply["fromSeq"] ?? .null, "toSeq": reply["toSeq"] ?? .null]
        } catch let error as RPCError where error.code == -32010 {
            return Self.unsettled(error, budget: budget)
        } catch let failure as ToolFailure where failure.message.contains("did not answer in time") {
            // The wall deadline passed first: the app is busy in a turn or in a long run.
            return ["settled": false, "pending": Self.outOfWallTime(wall)]
        }
    }

    /// A settle the app did not answer within the call's wall time: stopped by the
    /// deadline, as when the app stops itself there, with the same words.
    static func outOfWallTime(_ wall: Double) -> JSON {
        ["summary": .string("the app did not answer within the call's \(Int(wall)) ms of wall time, so its pending work is not known"),
         "stoppedBy": "deadline"]
    }

    /// A settle that ran out of its budget: `settled: false` and the pending work by owner.
    static func unsettled(_ error: RPCError, budget: Double) -> [String: JSON] {
        var result: [String: JSON] = ["settled": false, "toSeq": error.data?["toSeq"] ?? .null, "settleFromSeq": error.data?["fromSeq"] ?? .null]
        var pending = error.data?["pendingWork"]?.object ?? [:]
        pending["summary"] = error.data?["pending"] ?? .null
        pending["budgetMs"] = .double(budget)
        if let stop = error.data?["stoppedBy"] { pending["stoppedBy"] = stop }
        result["pending"] = .object(pending)
        return result
    }

    /// Runs `body` with the tree this server holds for `app` as the app's current tree,
    /// without a request to read it, and `ifDigest` set to its digest: the action then
    /// runs only if the app is still at that digest. If it is not, or if the held tree
    /// cannot answer (a ref or a name it does not have), nothing has run, and `body` runs
    /// again with the tree read now. Against a daemon stand-in, `body` always gets the tree
    /// read now.
    func withCurrentTree<T>(_ app: String, _ body: (_ tree: ViewTree, _ ifDigest: String?) throws -> T) throws -> T {
        if daemon is DaemonClient, let held = trees[app] {
            actionSent = false
            do {
                return try body(held, held.digest)
            } catch let error as RPCError where error.code == -32012 {
                // The app moved on (another client, the host clock): nothing ran.
            } catch let failure as ToolFailure where !actionSent {
                // The held tree could not answer; the tree read now decides.
                _ = failure
            }
        }
        return try body(try peekTree(app), nil)
    }

    /// Runs an action verb on the app, settles it (by default) and returns what it caused;
    /// a catalogue verb's arguments are checked by the verb (``VerbCatalogue``) first.
    func act(_ params: Params, _ method: String, extra: [String: JSON] = [:], app given: String? = nil, before known: ViewTree? = nil,
             ifDigest: String? = nil, window: Bool, settleAfter: Bool = true) throws -> MCPTool.Output {
        // A catalogue verb checks what the tool built before anything is sent: a refused
        // call runs nothing.
        if let verb = VerbCatalogue.verb(daemonMethod: method) {
            let arguments = extra.filter { name, _ in !["app", "window", "animated"].contains(name) }
            do {
                _ = try verb.action(.object(arguments))
            } catch {
                throw ToolFailure("\(params.method): \(error.message); nothing ran")
            }
        }
        let app = try given ?? appID(params)
        var request = extra
        request["app"] = .string(app)
        if window, let name = try params.string("window") { request["window"] = .string(name) }
        let settle = settleAfter ? (try params.bool("settle") ?? true) : false
        let budgetMs = try params.milliseconds("budgetMs")
        let diffBytes = try params.int("diffBytes", in: 0...1 << 20)
        if daemon is DaemonClient {
            // One request: the action, the settle and the tree after it, run by the app in turn.
            if known == nil, let held = trees[app] {
                // The tree this server holds is the "before" if the app is still at its digest.
                do {
                    return try actInOneRequest(app, method, request, before: held, ifDigest: held.digest, settle: settle, budgetMs: budgetMs, diffBytes: diffBytes)
                } catch let error as RPCError where error.code == -32012 {
                    // The app moved on; nothing ran.
                }
            }
            let before = try known ?? readTree(app)
            return try actInOneRequest(app, method, request, before: before, ifDigest: ifDigest, settle: settle, budgetMs: budgetMs, diffBytes: diffBytes)
        }
        let before = try known ?? readTree(app)
        let reply = try self.request(method, .object(request))
        var result: [String: JSON] = ["fromSeq": reply["fromSeq"] ?? .null, "toSeq": reply["toSeq"] ?? .null]
        if let refused = reply["refused"] { result["refusedCharacters"] = refused }
        for key in ["advancedMs", "stoppedBy"] { if let value = reply[key] { result[key] = value } }
        if settle {
            for (key, value) in try self.settle(app, budgetMs: budgetMs) where key != "settleFromSeq" {
                result[key] = value
            }
        }
        return try finish(app, before: before, result: &result, diffBytes: diffBytes)
    }

    /// ``act(_:_:extra:app:before:ifDigest:window:settleAfter:)`` as one `app.batch`: the
    /// action, the settle (whose running out of budget is an answer, not a failure) and
    /// the tree after, read as rows.
    private func actInOneRequest(_ app: String, _ method: String, _ request: [String: JSON], before: ViewTree, ifDigest: String?,
                                 settle: Bool, budgetMs: Double?, diffBytes: Int?) throws -> MCPTool.Output {
        let budget = budgetMs ?? options.settleBudgetMs
        var arguments = request
        arguments["app"] = nil
        var calls: [JSON] = [["method": .string(method), "params": .object(arguments)]]
        if settle {
            calls.append(["method": "app.settle", "params": ["budgetMs": .double(budget), "maxTurns": 200_000], "continueOn": [-32010]])
        }
        calls.append(["method": "app.describe", "params": ["rows": true]])
        var batch: [String: JSON] = ["app": .string(app), "calls": .array(calls)]
        if let ifDigest { batch["ifDigest"] = .string(ifDigest) }
        let wall = max(50, (secondsLeft - 1) * 1000)
        actionSent = true
        let reply: JSONValue
        do {
            reply = try requestReading("app.batch", .object(batch), deadlineMs: wall)
        } catch let failure as ToolFailure where (settle || method == "clock.advance") && failure.message.contains("did not answer in time") {
            // The wall deadline passed during the settle or the advance: say so, and read
            // the tree as it is.
            var result: [String: JSON] = settle ? ["settled": false, "pending": Self.outOfWallTime(wall)]
                : ["stoppedBy": "deadline", "pending": Self.outOfWallTime(wall)]
            return try finish(app, before: before, result: &result, diffBytes: diffBytes)
        }
        let results = reply["results"].map { Array($0.elements) } ?? []
        func failure(_ value: JSONValue) -> RPCError? {
            guard let error = value["error"], let code = error["code"]?.int else { return nil }
            return RPCError(code: code, message: error["message"]?.string ?? "", data: error["data"].map { JSON($0) })
        }
        guard let acted = results.first else { throw ToolFailure("\(method): the app ran no call of the batch") }
        if let error = failure(acted) { throw error }
        var result: [String: JSON] = ["fromSeq": acted["result"]?["fromSeq"].map { JSON($0) } ?? .null,
                                      "toSeq": acted["result"]?["toSeq"].map { JSON($0) } ?? .null]
        // app.type: the characters the field refused; clock.advance stopped at the deadline.
        if let refused = acted["result"]?["refused"].map({ JSON($0) }) { result["refusedCharacters"] = refused }
        for key in ["advancedMs", "stoppedBy"] { if let value = acted["result"]?[key].map({ JSON($0) }) { result[key] = value } }
        var next = 1
        if settle {
            guard results.count > next else { throw ToolFailure("\(method): the app did not settle") }
            if let error = failure(results[next]) {
                guard error.code == -32010 else { throw error }
                for (key, value) in Self.unsettled(error, budget: budget) where key != "settleFromSeq" { result[key] = value }
            } else {
                result["settled"] = true
                result["toSeq"] = results[next]["result"]?["toSeq"].map { JSON($0) } ?? .null
            }
            next += 1
        }
        guard results.count > next, let rows = results[next]["result"] else {
            if results.count > next, let error = failure(results[next]) { throw error }
            throw ToolFailure("\(method): the app did not describe its tree after the action")
        }
        let after = DescribeRows.tree(rows)
        hold(after, for: app)
        return try finish(app, before: before, result: &result, diffBytes: diffBytes, after: after)
    }

    /// Reads the tree after an action and adds the turn, clock, digest and settled diff.
    func finish(_ app: String, before: ViewTree, result: inout [String: JSON], diffBytes: Int?, after read: ViewTree? = nil) throws -> MCPTool.Output {
        let after = try read ?? readTree(app)
        result["app"] = .string(app)
        result["turn"] = .int(after.turn)
        result["virtualMs"] = .double(after.nowMs)
        result["digest"] = .string(after.digest)
        if result["fromSeq"] == nil || result["fromSeq"]?.isNull == true { result["fromSeq"] = result.removeValue(forKey: "settleFromSeq") ?? .null }
        result["settleFromSeq"] = nil
        // A value the reply did not have is left out, never null (schemas say integer).
        result = result.filter { !$0.value.isNull }
        let diff = after.diff(from: before, maxBytes: diffBytes ?? options.diffBytes)
        result["diff"] = diff
        var text = "turn \(after.turn), \(formatMilliseconds(after.nowMs)) ms, digest \(after.digest)"
        if result["stoppedBy"]?.string == "deadline", let advanced = result["advancedMs"]?.double {
            text = "stopped at the call's time limit after \(formatMilliseconds(advanced)) ms of the clock (at a turn boundary); " + text
        } else if result["stoppedBy"]?.string == "deadline", result["settled"] == nil {
            text = "stopped at the call's time limit: " + (result["pending"]?["summary"]?.string ?? "") + "; " + text
        }
        if let settled = result["settled"]?.bool { text += settled ? ", settled" : ", NOT settled" }
        if let pending = result["pending"], result["settled"]?.bool == false {
            text += "\npending: " + Self.pendingText(pending)
        }
        let lines = diff["lines"]?.array?.compactMap(\.string) ?? []
        text += lines.isEmpty ? "\nno change in the view tree" : "\n" + lines.joined(separator: "\n")
        if let omitted = diff["omitted"]?.int, omitted > 0 { text += "\n(\(omitted) more changes left out: describe shows the whole tree)" }
        if let carried = diff["movedWithContent"]?.int { text += "\n(\(carried) views moved with the scrolled content)" }
        return .init(text: text, structured: .object(result))
    }

    /// Pending work, one short phrase per owner.
    static func pendingText(_ pending: JSON) -> String {
        var parts: [String] = []
        for animation in pending["animations"]?.array ?? [] {
            parts.append("animation of \(animation["owner"]?.string ?? "?").\(animation["property"]?.string ?? "?") until \(formatMilliseconds(animation["endsAtMs"]?.double ?? 0)) ms")
        }
        for timer in pending["timers"]?.array ?? [] {
            var part = "timer \(timer["owner"]?.string ?? "?") due \(formatMilliseconds(timer["dueMs"]?.double ?? 0)) ms"
            if let every = timer["everyMs"]?.double { part += " every \(formatMilliseconds(every)) ms" }
            parts.append(part)
        }
        for job in pending["jobs"]?.array ?? [] { parts.append("job \(job.string ?? "?")") }
        if let tasks = pending["tasks"]?.int, tasks > 0 { parts.append("\(tasks) tasks") }
        var stop = ""
        switch pending["stoppedBy"]?.string {
        case "deadline": stop = "the settle stopped at the call's time limit (at a turn boundary); "
        case "turns": stop = "the settle stopped at its turn limit (at a turn boundary); "
        case "budget": stop = "not settled within the budget of \(formatMilliseconds(pending["budgetMs"]?.double ?? 0)) ms; "
        default: break
        }
        if parts.isEmpty { return stop + (pending["summary"]?.string ?? "unknown") }
        return stop + parts.joined(separator: "; ")
    }

    /// The directory for files this server writes (made on first use).
    func fileDirectory() -> String {
        if let directory = options.fileDirectory { return directory }
        var template = Array((NSTemporaryDirectory() + "lifeloop-mcp-XXXXXX").utf8CString)
        let made = mkdtemp(&template).map { String(cString: $0) } ?? NSTemporaryDirectory()
        options.fileDirectory = made
        return made
    }
}
