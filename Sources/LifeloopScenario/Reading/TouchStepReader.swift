import Lifeloop
import Yams

// The timed finger inputs of a touch step (``TouchStep``): a drag's and a pinch's. The
// verbs that make them (`tap: {at:}`, `touch`, `drag: {path:}`, `pinch`) are in the verb
// catalogue (VerbCatalogue+Touches.swift).
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
