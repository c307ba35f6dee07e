import Foundation

/// Paths as polylines: for trimming a shape layer's stroke (`strokeStart`/`strokeEnd`)
/// and moving a keyframe animation along a path at an even pace.
enum PathFlattening {
    /// Segments per curve.
    static let curveSteps = 16

    /// The path's subpaths as point lists (a closed subpath ends at its start).
    static func polyline(_ elements: [DrawCommand]) -> [[CGPoint]] {
        var subpaths: [[CGPoint]] = []
        var current: [CGPoint] = []
        var hasCurrentPoint = false
        func finish() {
            if current.count > 1 { subpaths.append(current) }
            current = []
        }
        for element in elements {
            for lowered in PathGeometry.lowered(element, hasCurrentPoint: hasCurrentPoint) {
                switch lowered {
                case .moveTo(let p):
                    finish()
                    current = [p]
                case .lineTo(let p):
                    if current.isEmpty { current = [p] } else { current.append(p) }
                case let .quadCurveTo(p, control):
                    guard let start = current.last else { current = [p]; break }
                    for step in 1...curveSteps {
                        let t = CGFloat(step) / CGFloat(curveSteps), u = 1 - t
                        current.append(CGPoint(x: u * u * start.x + 2 * u * t * control.x + t * t * p.x,
                                               y: u * u * start.y + 2 * u * t * control.y + t * t * p.y))
                    }
                case let .curveTo(p, c1, c2):
                    guard let start = current.last else { current = [p]; break }
                    for step in 1...curveSteps {
                        let t = CGFloat(step) / CGFloat(curveSteps), u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        current.append(CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * p.x,
                                               y: a * start.y + b * c1.y + c * c2.y + d * p.y))
                    }
                case .closePath:
                    if let first = current.first {
                        current.append(first)
                        finish()
                        current = [first]
                    }
                default:
                    break
                }
                hasCurrentPoint = !current.isEmpty
            }
        }
        finish()
        return subpaths
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// The total length.
    static func length(_ subpaths: [[CGPoint]]) -> CGFloat {
        subpaths.reduce(0) { total, points in total + zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) } }
    }

    /// The point at `fraction` of the length.
    static func point(along subpaths: [[CGPoint]], fraction: Double) -> CGPoint? {
        let total = length(subpaths)
        guard let first = subpaths.first?.first else { return nil }
        guard total > 0 else { return first }
        var remaining = CGFloat(min(1, max(0, fraction))) * total
        var last = first
        for points in subpaths {
            for (a, b) in zip(points, points.dropFirst()) {
                let d = distance(a, b)
                if remaining <= d, d > 0 {
                    let t = remaining / d
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                remaining -= d
                last = b
            }
        }
        return last
    }

    /// The part of the path from `start` to `end` (fractions of its length), as
    /// subpaths; `end <= start` gives none.
    static func trimmed(_ subpaths: [[CGPoint]], start: Double, end: Double) -> [[CGPoint]] {
        let total = length(subpaths)
        let from = CGFloat(min(1, max(0, start))) * total, to = CGFloat(min(1, max(0, end))) * total
        guard to > from else { return [] }
        var out: [[CGPoint]] = []
        var walked: CGFloat = 0
        for points in subpaths {
            var piece: [CGPoint] = []
            for (a, b) in zip(points, points.dropFirst()) {
                let d = distance(a, b)
                let segmentStart = walked, segmentEnd = walked + d
                walked = segmentEnd
                guard segmentEnd > from, segmentStart < to, d > 0 else { continue }
                func at(_ s: CGFloat) -> CGPoint {
                    let t = (s - segmentStart) / d
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if piece.isEmpty { piece.append(segmentStart >= from ? a : at(from)) }
                piece.append(segmentEnd <= to ? b : at(to))
            }
            if piece.count > 1 { out.append(piece) }
        }
        return out
    }
}
