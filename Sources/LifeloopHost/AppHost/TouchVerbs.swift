import Lifeloop
import LifeloopScenario

// The finger-input verbs: `app.tap` at a point, `app.touch`, `app.drag` and `app.pinch`,
// each turned into the timed inputs a scenario's touch steps run.
extension AppHost {
    /// The largest coordinate or distance a verb takes, in points.
    static let maxCoordinate = 100_000.0

    static func coordinate(_ method: String, _ name: String, _ value: Double?) throws(RPCError) -> Double {
        guard let value else { throw .invalidParams("\(method): '\(name)' is required") }
        guard abs(value) <= maxCoordinate else {
            throw .invalidParams("\(method): '\(name)' is \(value), outside ±\(Int(maxCoordinate))")
        }
        return value
    }

    static func touchAction(_ method: String, _ params: Params) throws(RPCError) -> StepAction {
        let finger = try params.int("finger", in: 0...9) ?? 0
        let every = Duration.nanoseconds(Int64((try params.milliseconds("intervalMs") ?? 16) * 1e6))
        switch method {
        case "app.tap":
            let x = try coordinate(method, "x", try params.double("x")), y = try coordinate(method, "y", try params.double("y"))
            return .touches([TouchStep(offset: .zero, input: .down, x: x, y: y, finger: finger),
                             TouchStep(offset: .zero, input: .up, x: x, y: y, finger: finger)])
        case "app.touch":
            let phase = try params.requiredString("phase")
            guard let input = TouchInput(rawValue: phase) else {
                throw .invalidParams("app.touch: 'phase' is one of \(TouchInput.allCases.map(\.rawValue).joined(separator: ", ")), not '\(phase.prefix(40))'")
            }
            let x = try coordinate(method, "x", try params.double("x")), y = try coordinate(method, "y", try params.double("y"))
            return .touches([TouchStep(offset: .zero, input: input, x: x, y: y, finger: finger)])
        case "app.drag":
            guard let path = try params.array("path") else { throw .invalidParams("app.drag: 'path' is required: [[x, y], ...]") }
            guard (2...10_000).contains(path.count) else {
                throw .invalidParams("app.drag: 'path' needs 2 to 10000 points, not \(path.count)")
            }
            var points: [(x: Double, y: Double)] = []
            for point in path {
                guard let pair = point.array, pair.count == 2, let x = pair[0].double, let y = pair[1].double,
                      x.isFinite, y.isFinite, abs(x) <= maxCoordinate, abs(y) <= maxCoordinate else {
                    throw .invalidParams("app.drag: each path point is [x, y] within ±\(Int(maxCoordinate)), not \(point.text.prefix(40))")
                }
                points.append((x, y))
            }
            return .touches(TouchStep.drag(points, every: every, finger: finger))
        default:
            let x = try coordinate(method, "x", try params.double("x")), y = try coordinate(method, "y", try params.double("y"))
            let from = try coordinate(method, "from", try params.double("from")), to = try coordinate(method, "to", try params.double("to"))
            guard from > 0, to > 0 else { throw .invalidParams("app.pinch: 'from' and 'to' are distances above 0") }
            let moves = try params.int("steps", in: 1...1000) ?? 5
            return .touches(TouchStep.pinch(center: (x, y), from: from, to: to, moves: moves, every: every))
        }
    }
}

// The text-input verb: `app.type {view, text, clear?, submit?}`, the scenario's `type` step.
extension AppHost {
    static func typeAction(_ params: Params, allow: (Set<String>) throws -> Void) throws -> StepAction {
        try allow(["view", "text", "clear", "submit"])
        let view = try params.requiredString("view")
        guard let text = try params.string("text") else { throw RPCError.invalidParams("app.type: 'text' (a string) is required") }
        guard text.utf8.count <= Application.maxTypedCharacters || text.count <= Application.maxTypedCharacters else {
            throw RPCError.invalidParams("app.type: 'text' is \(text.count) characters; at most \(Application.maxTypedCharacters) are typed at once")
        }
        return .typeText(view: view, text: text, clear: try params.bool("clear") ?? false, submit: try params.bool("submit") ?? false)
    }
}
