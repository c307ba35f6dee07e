import Foundation
import Lifeloop

// The input tools beyond tap: type_text, scroll, drag, swipe, touch and pinch, and
// describe's hit. Each names its view as tap does (ref, id, accessibilityLabel, view) or
// takes window points, settles by default and returns the settled diff.

private func string(_ description: String, enum values: [String]? = nil) -> JSON {
    var members: [String: JSON] = ["type": "string", "description": .string(description)]
    if let values { members["enum"] = .array(values.map { .string($0) }) }
    return .object(members)
}
private func integer(_ description: String) -> JSON { ["type": "integer", "description": .string(description)] }
private func number(_ description: String) -> JSON { ["type": "number", "description": .string(description)] }
private func boolean(_ description: String) -> JSON { ["type": "boolean", "description": .string(description)] }
private func pointSchema(_ description: String) -> JSON {
    ["type": "object", "properties": ["x": number("x"), "y": number("y")], "required": ["x", "y"], "description": .string(description)]
}
private let targetSchema: [String: JSON] = [
    "ref": string("@eN from the latest describe or diff"), "id": string("An accessibility identifier"),
    "accessibilityLabel": string("An accessibility label"), "view": string("A view's label"),
    "digest": string("The digest the ref came with (checked if given)"),
]
private let targetNames = ["ref", "id", "accessibilityLabel", "view", "digest"]
private let settleNames = ["settle", "budgetMs", "diffBytes"]
private let acted: [String: JSON] = ["ref": string("@eN"), "label": string("Its label"), "class": string("Its class")]

extension MCPTools {
    /// The most points a path (drag) has, as the daemon's `app.drag`.
    static let maxPathPoints = 10_000

    static let inputTools: [MCPTool] = [
        MCPTool(name: "type_text", title: "Type text",
                description: "Type text into a text field or text view, named by exactly one of ref, id, accessibilityLabel or view, key by key as the keyboard does: it becomes first responder, each character asks the delegate (shouldChangeCharactersIn; a refused character is dropped), then editingChanged (or textViewDidChange). clear=true deletes the current text first; submit=true presses return (textFieldShouldReturn). At most \(Application.maxTypedCharacters) characters. Settles and returns the settled diff.",
                properties: ["app": appArgument, "text": string("What to type (a newline in a text field is its return key)"),
                             "clear": boolean("Delete the current text first (default false)"),
                             "submit": boolean("Press return after the text (default false)")].merging(targetSchema) { $1 }.merging(settleArguments) { $1 },
                required: ["text"], output: caused.merging(["typed": .object(["type": "object", "description": "What it was done to", "properties": .object(acted)]),
                                                            "refusedCharacters": integer("Characters the field (its delegate) refused: not typed")]) { $1 },
                run: typeText),
        MCPTool(name: "scroll", title: "Scroll a scroll view",
                description: "Set the content offset of a scroll view or table (named by ref, id, accessibilityLabel or view): to {x, y}, or by {x, y} from where it is; animated by default. Settles and returns the settled diff (a scroll view's offset shows as offset=(x,y)).",
                properties: ["app": appArgument, "to": pointSchema("The content offset to scroll to"), "by": pointSchema("The distance to scroll by"),
                             "animated": boolean("Animated (default true)")].merging(targetSchema) { $1 }.merging(settleArguments) { $1 },
                output: caused.merging(["scrolled": .object(["type": "object", "description": "What it was done to", "properties": .object(acted)]),
                                        "contentOffset": ["type": "array", "description": "The offset after it, [x, y]", "items": ["type": "number"]]]) { $1 },
                run: scroll),
        MCPTool(name: "drag", title: "Drag",
                description: "Drag a scroll view (named by ref, id, accessibilityLabel or view) by {x, y} (the finger's move: negative y scrolls the content down) and lift at velocity {x, y} points per second, then it decelerates; or move a finger along path [{x, y}, ...] (or from {x, y} to {x, y} in steps moves) in window points, a move every intervalMs. Settles and returns the settled diff.",
                properties: ["app": appArgument, "by": pointSchema("A scroll view drag: the finger's move"),
                             "velocity": pointSchema("A scroll view drag: the lift velocity, points per second (default 0, 0)"),
                             "path": ["type": "array", "items": pointSchema("A point"), "description": "A finger's path in window points (2 to 10000 points)"],
                             "from": pointSchema("Where the finger goes down (with to)"), "to": pointSchema("Where it lifts (with from)"),
                             "steps": integer("Moves from from to to (default 10)"),
                             "intervalMs": number("Between moves, ms (default 16)"), "finger": integer("0 to 9 (default 0)"),
                             "window": string("The window of the points (default the key window)")].merging(targetSchema) { $1 }.merging(settleArguments) { $1 },
                output: caused.merging(["dragged": .object(["type": "object", "description": "What it was done to", "properties": .object(acted)]),
                                        "contentOffset": ["type": "array", "description": "A scroll view's offset after it, [x, y]", "items": ["type": "number"]]]) { $1 },
                run: drag),
        MCPTool(name: "swipe", title: "Swipe",
                description: "A quick finger swipe up, down, left or right, from the center of a view (ref, id, accessibilityLabel or view) or from point {x, y}: distance points (default 200) in durationMs (default 100). Settles and returns the settled diff.",
                properties: ["app": appArgument, "direction": string("Which way the finger moves", enum: ["up", "down", "left", "right"]),
                             "point": pointSchema("Where the finger goes down (window points), instead of a view's center"),
                             "distance": number("How far the finger moves, points (default 200)"),
                             "durationMs": number("How long the swipe takes, ms (default 100)"),
                             "window": string("The window of point (default the key window)")].merging(targetSchema) { $1 }.merging(settleArguments) { $1 },
                required: ["direction"], output: caused, run: swipe),
        MCPTool(name: "touch", title: "Touch",
                description: "One finger input at a point in window points: down, move, up or cancel, finger 0 to 9 (several fingers: one call each). Gesture recognizers and the responder chain see it as UIKit's would. Settles and returns the settled diff (settle=false keeps time still between inputs).",
                properties: ["app": appArgument, "phase": string("What the finger does", enum: ["down", "move", "up", "cancel"]),
                             "point": pointSchema("Where, in window points"), "finger": integer("0 to 9 (default 0)"),
                             "window": string("The window (default the key window)")].merging(settleArguments) { $1 },
                required: ["phase", "point"], output: caused, run: touch),
        MCPTool(name: "pinch", title: "Pinch",
                description: "Two fingers either side of center {x, y} (window points), from points apart to to points apart in steps moves, one every intervalMs. Settles and returns the settled diff.",
                properties: ["app": appArgument, "center": pointSchema("The pinch's center"), "from": number("The fingers' distance at the start, points"),
                             "to": number("Their distance at the end, points"), "steps": integer("Moves (default 5)"),
                             "intervalMs": number("Between moves, ms (default 16)"),
                             "window": string("The window (default the key window)")].merging(settleArguments) { $1 },
                required: ["center", "from", "to"], output: caused, run: pinch),
    ]

    // MARK: Implementations

    static func typeText(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "text", "clear", "submit"] + targetNames + settleNames))
        let app = try server.appID(params)
        guard let text = try params.string("text") else { throw ToolFailure("type_text: 'text' (a string) is required") }
        if text.utf8.count > Application.maxTypedCharacters, text.count > Application.maxTypedCharacters {
            throw ToolFailure("type_text: 'text' is \(text.count) characters; at most \(Application.maxTypedCharacters) are typed in one call (split it)")
        }
        let (element, now) = try target(server, params, app: app, pointAllowed: false)
        try reachable(element, now, "typed")
        var extra: [String: JSON] = ["view": .string(element.ref), "text": .string(text)]
        if let clear = try params.bool("clear") { extra["clear"] = .bool(clear) }
        if let submit = try params.bool("submit") { extra["submit"] = .bool(submit) }
        var output = try server.act(params, "app.type", extra: extra, app: app, before: now, window: false)
        output.structured = adding(output.structured, "typed", element)
        let refused = output.structured["refusedCharacters"]?.int ?? 0
        output.text = "typed \(text.count - refused) characters into \(element.ref) \(element.label)"
            + (refused > 0 ? " (\(refused) of \(text.count) refused by the field)" : "") + "; " + output.text
        return output
    }

    static func scroll(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "to", "by", "animated"] + targetNames + settleNames))
        let app = try server.appID(params)
        let given = ["to", "by"].filter { params.json[$0] != nil && params.json[$0]?.isNull == false }
        guard given.count == 1 else { throw ToolFailure("scroll: give exactly one of to {x, y} (an offset) or by {x, y} (a distance)") }
        let (x, y) = try point(params, given[0])
        let (element, now) = try target(server, params, app: app, pointAllowed: false)
        try reachable(element, now, "scrolled")
        var extra: [String: JSON] = ["view": .string(element.ref), given[0]: [.double(x), .double(y)]]
        if let animated = try params.bool("animated") { extra["animated"] = .bool(animated) }
        var output = try server.act(params, "app.scroll", extra: extra, app: app, before: now, window: false)
        output.structured = adding(output.structured, "scrolled", element, offsetIn: server.trees[app])
        output.text = "scrolled \(element.ref) \(element.label); " + output.text
        return output
    }

    static func drag(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "by", "velocity", "path", "from", "to", "steps", "intervalMs", "finger", "window"] + targetNames + settleNames))
        let app = try server.appID(params)
        let named = targetNames.dropLast().contains { params.json[$0] != nil && params.json[$0]?.isNull == false }
        if named {
            for name in ["path", "from", "to", "steps", "intervalMs", "finger", "window"] where params.json[name] != nil {
                throw ToolFailure("drag: '\(name)' goes with a finger's path, not with a scroll view's drag (by, velocity)")
            }
            let (dx, dy) = try point(params, "by")
            let velocity = try params.json["velocity"] == nil ? (0.0, 0.0) : point(params, "velocity")
            let (element, now) = try target(server, params, app: app, pointAllowed: false)
            try reachable(element, now, "dragged")
            var output = try server.act(params, "app.drag", extra: ["view": .string(element.ref), "by": [.double(dx), .double(dy)],
                                                                    "velocity": [.double(velocity.0), .double(velocity.1)]],
                                        app: app, before: now, window: false)
            output.structured = adding(output.structured, "dragged", element, offsetIn: server.trees[app])
            output.text = "dragged \(element.ref) \(element.label); " + output.text
            return output
        }
        for name in ["by", "velocity"] where params.json[name] != nil {
            throw ToolFailure("drag: '\(name)' goes with a scroll view named by ref, id, accessibilityLabel or view")
        }
        var points: [(Double, Double)] = []
        if let path = params.json["path"], !path.isNull {
            guard params.json["from"] == nil, params.json["to"] == nil, params.json["steps"] == nil else {
                throw ToolFailure("drag: give path, or from and to (with steps), not both")
            }
            guard let items = path.array else { throw ToolFailure("drag: 'path' must be an array of {x, y} points, not a \(path.kindName)") }
            guard (2...maxPathPoints).contains(items.count) else { throw ToolFailure("drag: 'path' needs 2 to \(maxPathPoints) points, not \(items.count)") }
            for (index, item) in items.enumerated() {
                guard let x = item["x"]?.double, let y = item["y"]?.double, x.isFinite, y.isFinite,
                      abs(x) <= AppHost.maxCoordinate, abs(y) <= AppHost.maxCoordinate else {
                    throw ToolFailure("drag: path[\(index)] must be {\"x\": number, \"y\": number} within ±\(Int(AppHost.maxCoordinate)), not \(item.text.prefix(60))")
                }
                points.append((x, y))
            }
        } else if params.json["from"] != nil || params.json["to"] != nil {
            let from = try point(params, "from"), to = try point(params, "to")
            let steps = try params.int("steps", in: 1...(maxPathPoints - 1)) ?? 10
            points = (0...steps).map { step in
                let t = Double(step) / Double(steps)
                return (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
            }
        } else {
            throw ToolFailure("drag: give a scroll view (ref, id, accessibilityLabel or view) with by {x, y}, or a finger's path, or from and to")
        }
        return try fingerPath(server, params, app: app, points: points, intervalMs: try params.milliseconds("intervalMs"), verb: "dragged")
    }

    static func swipe(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "direction", "point", "distance", "durationMs", "window"] + targetNames + settleNames))
        let app = try server.appID(params)
        let direction = try params.requiredString("direction")
        let unit: (Double, Double)
        switch direction {
        case "up": unit = (0, -1)
        case "down": unit = (0, 1)
        case "left": unit = (-1, 0)
        case "right": unit = (1, 0)
        default: throw ToolFailure("swipe: 'direction' is up, down, left or right, not '\(direction.prefix(40))'")
        }
        let distance = try params.double("distance") ?? 200
        guard distance.isFinite, distance > 0, distance <= AppHost.maxCoordinate else {
            throw ToolFailure("swipe: 'distance' is above 0 and at most \(Int(AppHost.maxCoordinate)) points, not \(formatMilliseconds(distance))")
        }
        let duration = try params.milliseconds("durationMs") ?? 100
        guard duration >= 16, duration <= 10_000 else { throw ToolFailure("swipe: 'durationMs' is 16 to 10000, not \(formatMilliseconds(duration))") }
        let start: (Double, Double)
        if params.json["point"] != nil, params.json["point"]?.isNull == false {
            if targetNames.dropLast().contains(where: { params.json[$0] != nil }) {
                throw ToolFailure("swipe: give a view (ref, id, accessibilityLabel or view) or point, not both")
            }
            start = try point(params, "point")
        } else {
            let (element, now) = try target(server, params, app: app, pointAllowed: false)
            try reachable(element, now, "swiped")
            guard element.frame.count == 4 else { throw ToolFailure("swipe: \(element.ref) has no frame") }
            start = (element.frame[0] + element.frame[2] / 2, element.frame[1] + element.frame[3] / 2)
            if params.json["window"] == nil {
                return try fingerPath(server, params, app: app, points: swipePath(start, unit, distance, duration), intervalMs: 16, verb: "swiped",
                                      window: element.window)
            }
        }
        return try fingerPath(server, params, app: app, points: swipePath(start, unit, distance, duration), intervalMs: 16, verb: "swiped")
    }

    private static func swipePath(_ start: (Double, Double), _ unit: (Double, Double), _ distance: Double, _ duration: Double) -> [(Double, Double)] {
        let moves = max(1, Int((duration / 16).rounded()))
        return (0...moves).map { step in
            let t = Double(step) / Double(moves) * distance
            return (start.0 + unit.0 * t, start.1 + unit.1 * t)
        }
    }

    /// A finger down at the first point, moved to each next one `intervalMs` apart, up at
    /// the last (`app.drag` with a path).
    private static func fingerPath(_ server: MCPServer, _ params: Params, app: String, points: [(Double, Double)], intervalMs: Double?,
                                   verb: String, window given: String? = nil) throws -> MCPTool.Output {
        let now = try server.readTree(app)
        let window = try given ?? self.window(params, now)
        var extra: [String: JSON] = ["path": .array(points.map { [.double($0.0), .double($0.1)] }), "window": .string(window)]
        if let intervalMs {
            guard intervalMs > 0, intervalMs <= 10_000 else { throw ToolFailure("\(params.method): 'intervalMs' is above 0 and at most 10000") }
            extra["intervalMs"] = .double(intervalMs)
        }
        if let finger = try params.int("finger", in: 0...9) { extra["finger"] = .int(finger) }
        var output = try server.act(params, "app.drag", extra: extra, app: app, before: now, window: false)
        let first = points[0], last = points[points.count - 1]
        output.text = "\(verb) from (\(formatMilliseconds(first.0)), \(formatMilliseconds(first.1))) to (\(formatMilliseconds(last.0)), \(formatMilliseconds(last.1))) in window \(window); " + output.text
        return output
    }

    static func touch(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "phase", "point", "finger", "window"] + settleNames))
        let app = try server.appID(params)
        let phase = try params.requiredString("phase")
        guard ["down", "move", "up", "cancel"].contains(phase) else {
            throw ToolFailure("touch: 'phase' is down, move, up or cancel, not '\(phase.prefix(40))'")
        }
        let (x, y) = try point(params, "point")
        let now = try server.readTree(app)
        let window = try self.window(params, now)
        var extra: [String: JSON] = ["phase": .string(phase), "x": .double(x), "y": .double(y), "window": .string(window)]
        if let finger = try params.int("finger", in: 0...9) { extra["finger"] = .int(finger) }
        var output = try server.act(params, "app.touch", extra: extra, app: app, before: now, window: false)
        output.text = "touch \(phase) at (\(formatMilliseconds(x)), \(formatMilliseconds(y))) in window \(window); " + output.text
        return output
    }

    static func pinch(_ server: MCPServer, _ params: Params) throws -> MCPTool.Output {
        try params.allowOnly(Set(["app", "center", "from", "to", "steps", "intervalMs", "window"] + settleNames))
        let app = try server.appID(params)
        let (x, y) = try point(params, "center")
        var extra: [String: JSON] = ["x": .double(x), "y": .double(y)]
        for name in ["from", "to"] {
            guard let distance = try params.double(name) else { throw ToolFailure("pinch: '\(name)' (a distance in points) is required") }
            guard distance.isFinite, distance > 0, distance <= AppHost.maxCoordinate else {
                throw ToolFailure("pinch: '\(name)' is a distance above 0 and at most \(Int(AppHost.maxCoordinate)) points, not \(formatMilliseconds(distance))")
            }
            extra[name] = .double(distance)
        }
        if let steps = try params.int("steps", in: 1...1000) { extra["steps"] = .int(steps) }
        if let interval = try params.milliseconds("intervalMs") {
            guard interval > 0, interval <= 10_000 else { throw ToolFailure("pinch: 'intervalMs' is above 0 and at most 10000") }
            extra["intervalMs"] = .double(interval)
        }
        let now = try server.readTree(app)
        extra["window"] = .string(try window(params, now))
        var output = try server.act(params, "app.pinch", extra: extra, app: app, before: now, window: false)
        output.text = "pinched at (\(formatMilliseconds(x)), \(formatMilliseconds(y))) from \(formatMilliseconds(extra["from"]?.double ?? 0)) to \(formatMilliseconds(extra["to"]?.double ?? 0)); " + output.text
        return output
    }

    /// describe's `hit: {x, y}`: the view a touch there would reach.
    static func hit(_ app: String, _ tree: ViewTree, _ params: Params) throws -> MCPTool.Output {
        if params.json["full"] != nil { throw ToolFailure("describe: 'hit' and 'full' do not go together") }
        let (x, y) = try point(params, "hit")
        let window = try self.window(params, tree)
        var structured: [String: JSON] = ["app": .string(app), "digest": .string(tree.digest), "turn": .int(tree.turn),
                                          "virtualMs": .double(tree.nowMs), "windows": .array(tree.windows.map { .string($0) })]
        let at = "(\(formatMilliseconds(x)), \(formatMilliseconds(y))) in window \(window)"
        let header = "\(app) turn \(tree.turn), digest \(tree.digest): "
        guard let found = tree.hit(x: x, y: y, window: window) else {
            structured["hit"] = .null
            return .init(text: header + "nothing that takes touches is at \(at)", structured: .object(structured))
        }
        structured["hit"] = found.json
        return .init(text: header + "a touch at \(at) reaches\n" + found.line, structured: .object(structured))
    }

    /// Refuses an element a finger cannot reach: off screen.
    private static func reachable(_ element: ViewTree.Element, _ tree: ViewTree, _ verb: String) throws {
        // Typing needs no finger on the field (UIKit scrolls a field that becomes first
        // responder into view); the app says when a field cannot take text.
        if element.hidden, verb != "typed" {
            throw ToolFailure("\(verbTool(verb)): \(element.ref) \(element.label) is off screen (scrolled or clipped out of sight); nothing was \(verb)")
        }
    }

    private static func verbTool(_ verb: String) -> String {
        ["typed": "type_text", "scrolled": "scroll", "dragged": "drag", "swiped": "swipe"][verb] ?? verb
    }

    /// The structured result with what was acted on (and a scroll view's offset after it).
    private static func adding(_ structured: JSON, _ key: String, _ element: ViewTree.Element, offsetIn after: ViewTree? = nil) -> JSON {
        guard var members = structured.object else { return structured }
        members[key] = ["ref": .string(element.ref), "label": .string(element.label), "class": .string(element.className)]
        if let offset = after?.element(ref: element.ref)?.contentOffset {
            members["contentOffset"] = .array(offset.map { .double($0) })
        }
        return .object(members)
    }
}
