import Lifeloop

// The finger verbs: tap (a view by label, or a point), touch (one input), drag (a finger's
// path, or a scroll view dragged: see the list verbs) and pinch. A scenario file writes a
// point as `[x, y]` (`at:`, `center:`, the phase's key of `touch`); the daemon as `x` and
// `y`: each verb takes both.
extension VerbCatalogue {
    /// `tap`: a view by its label, or a finger down and up at a point.
    static let tapVerb = Verb(
        name: "tap", summary: "Taps a view by its label (or an element by @e12 or #identifier), or a finger down and up at a point in window points.",
        parameters: [.init("view", .text, "The view's label (@e12 or #identifier name an element)"),
                     .init("at", .point, "Or a point in window points, [x, y]"),
                     .init("x", .coordinate, "Or the point's x"), .init("y", .coordinate, "and its y"),
                     .init("finger", .integer(0...9), "The finger at a point, 0 to 9 (default 0)")],
        primary: "view", tool: .adapted("tap"),
        spelling: VerbSpelling(written: .custom { given in
            if let view = given["view"] { return view.flowText }
            return "{at: " + pointText(given, "at") + (given["finger"].map { ", finger: " + $0.flowText } ?? "") + "}"
        })
    ) { arguments throws(VerbError) in
        if let view = arguments.text("view") {
            // A finger with a view is what every tap of a view is: finger 0's.
            guard !arguments.hasAny(["at", "x", "y"]) else { throw VerbError("tap: give 'view' or 'x' and 'y', not both") }
            return .tap(label: view)
        }
        let point = try arguments.point("tap", "at")
        let finger = arguments.integer("finger") ?? 0
        return .touches([TouchStep(offset: .zero, input: .down, x: point.x, y: point.y, finger: finger),
                         TouchStep(offset: .zero, input: .up, x: point.x, y: point.y, finger: finger)])
    }

    static let touchVerbs: [Verb] = [
        Verb(name: "touch", summary: "One finger input at a point in window points: down, move, up or cancel (a scenario file writes {down: [x, y]}).",
             parameters: [.init("phase", .choice(TouchInput.allCases.map(\.rawValue)), "What the finger does")]
                + TouchInput.allCases.map { .init($0.rawValue, .point, "Or the phase and its point, [x, y]") }
                + [.init("x", .coordinate, "The point's x"), .init("y", .coordinate, "The point's y"),
                   .init("finger", .integer(0...9), "The finger, 0 to 9 (default 0)")],
             tool: .adapted("touch"),
             spelling: VerbSpelling(written: .custom { given in
                 let phase = given["phase"].flatMap(\.plainText) ?? TouchInput.allCases.map(\.rawValue).first { given[$0] != nil } ?? "down"
                 return "{\(phase): " + pointText(given, phase) + (given["finger"].map { ", finger: " + $0.flowText } ?? "") + "}"
             })) { arguments throws(VerbError) in
            let keyed = TouchInput.allCases.filter { arguments.values[$0.rawValue] != nil }
            let input: TouchInput
            let point: (x: Double, y: Double)
            if let phase = arguments.text("phase") {
                guard keyed.isEmpty, let given = TouchInput(rawValue: phase) else {
                    throw VerbError("touch: give 'phase' with 'x' and 'y', or one of down, move, up, cancel with a point, not both")
                }
                input = given
                point = try arguments.point("touch", nil)
            } else {
                guard keyed.count == 1, let given = keyed.first, !arguments.hasAny(["x", "y"]) else {
                    throw VerbError("touch needs exactly one of down, move, up, cancel with a point, as in {down: [100, 200]} (or 'phase' with 'x' and 'y')")
                }
                input = given
                point = try arguments.point("touch", given.rawValue)
            }
            return .touches([TouchStep(offset: .zero, input: input, x: point.x, y: point.y, finger: arguments.integer("finger") ?? 0)])
        },
        Verb(name: "drag", summary: "A finger moved along a path of window points, a move every interval; or a scroll view (view) dragged by a distance and lifted at a velocity, after which it decelerates.",
             parameters: [.init("path", .path, "A finger's path: 2 to 10000 points [x, y] in window points"),
                          .init("intervalMs", .interval, "With path: the time between moves (default 16 ms)", scenario: "every"),
                          .init("finger", .integer(0...9), "With path: the finger, 0 to 9 (default 0)"),
                          .init("view", .text, "Or the label of a scroll view to drag"),
                          .init("by", .numbers(-1e9...1e9, count: 2...2), "With view: the finger's move [dx, dy], points"),
                          .init("velocity", .numbers(-1e9...1e9, count: 2...2), "With view: the lift's velocity [vx, vy], points a second (default [0, 0])"),
                          .init("at", .numbers(-1e9...1e9, count: 2...2), "With view, a collection view: where the finger goes down, from the view's top-left corner as it shows")],
             tool: .adapted("drag"),
             spelling: VerbSpelling(written: .custom { given in
                 if let path = given["path"] {
                     let every = given["intervalMs"].map { ($0.double.map { writtenNumber($0) + "ms" }) ?? ($0.plainText ?? $0.flowText) } ?? "16ms"
                     return "{path: \(path.flowText), every: \(every)" + (given["finger"].map { ", finger: " + $0.flowText } ?? "") + "}"
                 }
                 return "{view: \((given["view"] ?? "").flowText), by: \((given["by"] ?? .array([])).flowText)"
                     + (given["velocity"].map { ", velocity: " + $0.flowText } ?? "") + (given["at"].map { ", at: " + $0.flowText } ?? "") + "}"
             })) { arguments throws(VerbError) in
            if case .array(let items)? = arguments.values["path"] {
                guard !arguments.hasAny(["view", "by", "velocity", "at"]) else {
                    throw VerbError("drag: a finger's path (path) does not go with a scroll view's drag (view, by, velocity, at)")
                }
                let points = items.map { item -> (x: Double, y: Double) in
                    guard case .array(let pair) = item else { return (0, 0) }
                    return (pair.first?.double ?? 0, pair.last?.double ?? 0)
                }
                return .touches(TouchStep.drag(points, every: arguments.interval("intervalMs") ?? .milliseconds(16), finger: arguments.integer("finger") ?? 0))
            }
            guard let view = arguments.text("view") else {
                throw VerbError("drag needs either path: (a finger's path of points) or view: with by: and velocity: (a scroll view's drag)")
            }
            guard !arguments.hasAny(["intervalMs", "finger"]) else {
                throw VerbError("drag: every (intervalMs) and finger go with a finger's path, not a scroll view's drag")
            }
            guard let by = arguments.numbers("by") else {
                throw VerbError("drag: 'by' [dx, dy] is required: the finger's move in points", parameter: "by", isMissing: true)
            }
            return .list(.drag(view: view, by: by, velocity: arguments.numbers("velocity") ?? [0, 0], at: arguments.numbers("at")))
        },
        Verb(name: "pinch", summary: "Two fingers either side of a center (window points), from one distance apart to another in a number of moves an interval apart.",
             parameters: [.init("center", .point, "The center, [x, y]"),
                          .init("x", .coordinate, "Or the center's x"), .init("y", .coordinate, "and its y"),
                          .init("from", .positive(maxCoordinate), required: true, "The fingers' distance at the start, points"),
                          .init("to", .positive(maxCoordinate), required: true, "Their distance at the end, points"),
                          .init("steps", .integer(1...1000), "Moves (default 5)"),
                          .init("intervalMs", .interval, "The time between moves (default 16 ms)", scenario: "every")],
             tool: .adapted("pinch"),
             spelling: VerbSpelling(written: .custom { given in
                 let every = given["intervalMs"].map { ($0.double.map { writtenNumber($0) + "ms" }) ?? ($0.plainText ?? $0.flowText) } ?? "16ms"
                 return "{center: \(pointText(given, "center")), from: \((given["from"] ?? .number(0)).flowText), to: \((given["to"] ?? .number(0)).flowText), "
                     + "steps: \((given["steps"] ?? .number(5)).flowText), every: \(every)}"
             })) { arguments throws(VerbError) in
            let center = try arguments.point("pinch", "center")
            return .touches(TouchStep.pinch(center: center, from: arguments.values["from"]?.double ?? 1, to: arguments.values["to"]?.double ?? 1,
                                            moves: arguments.integer("steps") ?? 5, every: arguments.interval("intervalMs") ?? .milliseconds(16)))
        },
    ]

    /// The largest coordinate or distance the finger verbs take, in window points.
    static let maxCoordinate = 100_000.0

    /// A point's text, `[x, y]`, from the parameter `name` or from `x` and `y`.
    static func pointText(_ given: [String: JSON], _ name: String) -> String {
        if let point = given[name], case .array = point { return point.flowText }
        return JSON.array([given["x"] ?? .number(0), given["y"] ?? .number(0)]).flowText
    }
}

extension VerbArguments {
    /// The point of `name` (`[x, y]`), or of `x` and `y`: exactly one of them.
    func point(_ verb: String, _ name: String?) throws(VerbError) -> (x: Double, y: Double) {
        let pair = name.flatMap { numbers($0) }
        let x = values["x"]?.double, y = values["y"]?.double
        switch (pair, x, y) {
        case (let pair?, nil, nil): return (pair.first ?? 0, pair.last ?? 0)
        case (nil, let x?, let y?): return (x, y)
        case (nil, nil, nil):
            throw VerbError("\(verb) needs " + (name.map { "\($0): [x, y], or " } ?? "") + "'x' and 'y'", parameter: name ?? "x", isMissing: true)
        case (nil, _, _): throw VerbError("\(verb): '\(x == nil ? "x" : "y")' is required with '\(x == nil ? "y" : "x")'", parameter: x == nil ? "x" : "y", isMissing: true)
        default: throw VerbError("\(verb): give \(name ?? "the point") or 'x' and 'y', not both")
        }
    }
}
