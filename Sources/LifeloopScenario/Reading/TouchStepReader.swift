import Lifeloop
import Yams

// The finger-input steps: `tap: {at: [X, Y]}`, `touch: {down: [X, Y]}`,
// `drag: {path: [[X, Y], ...], every: 16ms}` and `pinch: {center: [X, Y], from: D, to: D}`.
// Each becomes a list of timed finger inputs (``TouchStep``).
extension ScriptReader {
    /// The largest coordinate a point may have, in points (as a size's side).
    static let maxCoordinate = NodeReader.maxSizeSide

    /// `[X, Y]`: two finite numbers within ±``maxCoordinate``.
    func point(_ value: FieldValue, what: String) throws(ScenarioError) -> (x: Double, y: Double) {
        let items = try nodes.list(value, expected: "\(what) as [X, Y]")
        guard items.count == 2 else { throw nodes.error(value, "\(what) is [X, Y], two numbers; found \(items.count)") }
        var coordinates: [Double] = []
        for (item, axis) in zip(items, ["x", "y"]) {
            let number = try nodes.number(item, expected: "an \(axis) coordinate")
            guard abs(number) <= Self.maxCoordinate else {
                throw nodes.error(item, "\(what) \(axis) must be within ±\(writtenNumber(Self.maxCoordinate)) points, found \(writtenNumber(number))")
            }
            coordinates.append(number)
        }
        return (coordinates[0], coordinates[1])
    }

    private func finger(_ fields: FieldMap) throws(ScenarioError) -> Int {
        guard let entry = fields["finger"] else { return 0 }
        let finger = try nodes.integer(entry.value, expected: "a finger number, 0 to 9")
        guard (0...9).contains(finger) else { throw nodes.error(entry.value, "finger is 0 to 9, found \(finger)") }
        return finger
    }

    /// `tap: {at: [X, Y]}`: a finger down and up at the point.
    func tapAt(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: ["at", "finger"], what: "tap")
        guard let at = fields["at"] else { throw nodes.error(value, "tap needs a view label, or at: [X, Y] for a point") }
        let point = try point(at.value, what: "tap at")
        let finger = try finger(fields)
        return .touches([TouchStep(offset: .zero, input: .down, x: point.x, y: point.y, finger: finger),
                         TouchStep(offset: .zero, input: .up, x: point.x, y: point.y, finger: finger)])
    }

    /// `touch: {down: [X, Y], finger: 1}`: one input (down, move, up or cancel).
    func touch(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let kinds = TouchInput.allCases.map(\.rawValue)
        let fields = try nodes.fields(value, allowed: kinds + ["finger"], what: "touch")
        let given = fields.entries.filter { kinds.contains($0.key) }
        guard given.count == 1, let entry = given.first, let input = TouchInput(rawValue: entry.key) else {
            throw nodes.error(value, "touch needs exactly one of \(kinds.joined(separator: ", ")) with a point, as in {down: [100, 200]}")
        }
        let point = try point(entry.value, what: "touch \(entry.key)")
        return .touches([TouchStep(offset: .zero, input: input, x: point.x, y: point.y, finger: try finger(fields))])
    }

    /// `drag: {path: [[X, Y], ...], every: 16ms}`: down at the first point, a move to each
    /// next one `every` apart, and up at the last.
    func drag(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: ["path", "every", "finger"], what: "drag")
        guard let pathEntry = fields["path"] else {
            throw nodes.error(value, "drag needs path: a list of two or more points, as in [[100, 400], [100, 200]]")
        }
        let items = try nodes.list(pathEntry.value, expected: "a list of points [X, Y]")
        guard items.count >= 2 else { throw nodes.error(pathEntry.value, "a drag's path needs two or more points; found \(items.count)") }
        guard items.count <= 10_000 else { throw nodes.error(pathEntry.value, "a drag's path has at most 10000 points; found \(items.count)") }
        var points: [(x: Double, y: Double)] = []
        for item in items { points.append(try point(item, what: "a path point")) }
        let every = try fields["every"].map { entry throws(ScenarioError) in try nodes.positiveDuration(entry.value) } ?? .milliseconds(16)
        return .touches(TouchStep.drag(points, every: every, finger: try finger(fields)))
    }

    /// `pinch: {center: [X, Y], from: 100, to: 200, steps: 5, every: 16ms}`: two fingers
    /// either side of the center, `from` points apart, moving to `to` apart.
    func pinch(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: ["center", "from", "to", "steps", "every"], what: "pinch")
        guard let centerEntry = fields["center"], let fromEntry = fields["from"], let toEntry = fields["to"] else {
            throw nodes.error(value, "pinch needs center: [X, Y], from: and to: (the fingers' distances in points)")
        }
        let center = try point(centerEntry.value, what: "pinch center")
        var spans: [Double] = []
        for entry in [fromEntry, toEntry] {
            let span = try nodes.number(entry.value, expected: "a distance in points above 0")
            guard span > 0, span <= Self.maxCoordinate else {
                throw nodes.error(entry.value, "a pinch distance is above 0 and at most \(writtenNumber(Self.maxCoordinate)), found \(writtenNumber(span))")
            }
            spans.append(span)
        }
        let count = try fields["steps"].map { entry throws(ScenarioError) in try nodes.integer(entry.value, expected: "a number of moves, 1 to 1000") } ?? 5
        guard (1...1000).contains(count) else { throw nodes.error(fields["steps"]!.value, "steps is 1 to 1000, found \(count)") }
        let every = try fields["every"].map { entry throws(ScenarioError) in try nodes.positiveDuration(entry.value) } ?? .milliseconds(16)
        return .touches(TouchStep.pinch(center: center, from: spans[0], to: spans[1], moves: count, every: every))
    }
}

extension TouchStep {
    /// A drag: down at the first point, a move to each next one `every` apart, up at the last.
    public static func drag(_ points: [(x: Double, y: Double)], every: Duration, finger: Int = 0) -> [TouchStep] {
        guard let first = points.first, let last = points.last else { return [] }
        var steps = [TouchStep(offset: .zero, input: .down, x: first.x, y: first.y, finger: finger)]
        for (index, point) in points.enumerated().dropFirst() {
            steps.append(TouchStep(offset: every * index, input: .move, x: point.x, y: point.y, finger: finger))
        }
        steps.append(TouchStep(offset: every * (points.count - 1), input: .up, x: last.x, y: last.y, finger: finger))
        return steps
    }

    /// A pinch: fingers 0 and 1 either side of `center` on a horizontal line, `from` points
    /// apart, moving to `to` apart in `moves` moves `every` apart, then lifting.
    public static func pinch(center: (x: Double, y: Double), from: Double, to: Double, moves: Int, every: Duration) -> [TouchStep] {
        func fingers(_ span: Double, _ offset: Duration, _ input: TouchInput) -> [TouchStep] {
            [TouchStep(offset: offset, input: input, x: center.x - span / 2, y: center.y, finger: 0),
             TouchStep(offset: offset, input: input, x: center.x + span / 2, y: center.y, finger: 1)]
        }
        let moves = max(1, moves)
        var steps = fingers(from, .zero, .down)
        for index in 1...moves {
            steps += fingers(from + (to - from) * Double(index) / Double(moves), every * index, .move)
        }
        steps += fingers(to, every * moves, .up)
        return steps
    }
}
