import Foundation

/// Where a path walk stands: the current point and the start of the current subpath,
/// as CoreGraphics tracks them while a path is built.
struct PathCursor {
    /// The current point, if any.
    var current: CGPoint?
    /// Where the current subpath started (where a close returns to).
    var subpathStart: CGPoint?

    /// Moves past `element`. Returns false when the element does nothing here: a line
    /// or curve without a current point, or a close without a subpath (CoreGraphics
    /// ignores those).
    mutating func advance(_ element: DrawCommand) -> Bool {
        switch element {
        case .beginPath:
            current = nil
            subpathStart = nil
        case .moveTo(let point):
            current = point
            subpathStart = point
        case .lineTo(let point), .quadCurveTo(let point, _), .curveTo(let point, _, _):
            guard current != nil else { return false }
            current = point
        case let .arc(center, radius, startAngle, endAngle, clockwise):
            let sweep = PathGeometry.sweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
            if current == nil {
                subpathStart = PathGeometry.point(center: center, radiusX: radius, radiusY: radius, angle: startAngle)
            }
            current = PathGeometry.point(center: center, radiusX: radius, radiusY: radius, angle: startAngle + sweep)
        case .rect, .ellipse, .roundedRect:
            let start = PathGeometry.closedShapeStart(element)
            current = start
            subpathStart = start
        case .closePath:
            guard let start = subpathStart else { return false }
            current = start
        default:
            break
        }
        return true
    }
}

/// Geometry shared by the paths, the context and the SVG writer: arc sweeps, compound
/// elements lowered to lines and cubic curves, transforms and bounding boxes.
enum PathGeometry {
    /// 2π.
    static let fullTurn = 2 * CGFloat.pi

    /// An arc element's signed sweep: positive when angles increase (clockwise on screen).
    /// From `startAngle` in the element's direction to `endAngle`: a negative difference
    /// wraps to less than a full turn (so a full turn the wrong way is empty), a positive
    /// one is kept whole (more than a full turn draws over itself).
    static func sweep(startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> CGFloat {
        var raw = clockwise ? endAngle - startAngle : startAngle - endAngle
        guard raw.isFinite else { return 0 }
        if raw < 0 {
            raw = raw.truncatingRemainder(dividingBy: fullTurn)
            if raw < 0 { raw += fullTurn }
        }
        return clockwise ? raw : -raw
    }

    /// The point at `angle` on an ellipse around `center`.
    static func point(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, angle: CGFloat) -> CGPoint {
        CGPoint(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    }

    /// Corner radii of a rounded rectangle, each at most half its side; both zero when
    /// either is (a plain rectangle).
    static func cornerRadii(_ rect: CGRect, _ width: CGFloat, _ height: CGFloat) -> (CGFloat, CGFloat) {
        let standard = rect.standardized
        let rx = min(max(width, 0), standard.width / 2)
        let ry = min(max(height, 0), standard.height / 2)
        return rx > 0 && ry > 0 ? (rx, ry) : (0, 0)
    }

    /// Where a closed shape element (rect, ellipse, rounded rect) starts and ends.
    static func closedShapeStart(_ element: DrawCommand) -> CGPoint {
        switch element {
        case .rect(let rect):
            return rect.origin
        case .ellipse(let rect):
            return CGPoint(x: rect.maxX, y: rect.midY)
        case let .roundedRect(rect, width, height):
            let (rx, _) = cornerRadii(rect, width, height)
            return CGPoint(x: rect.minX + rx, y: rect.minY)
        default:
            return .zero
        }
    }

    /// Cubic Bézier curves approximating an elliptical arc, each at most a quarter turn;
    /// each is `.curveTo`. Empty for a zero sweep.
    static func cubics(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, startAngle: CGFloat,
                       sweep: CGFloat) -> [DrawCommand] {
        guard sweep != 0 else { return [] }
        let count = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        var curves: [DrawCommand] = []
        for index in 0..<count {
            let from = startAngle + CGFloat(index) * step
            let to = from + step
            let control1 = CGPoint(x: center.x + radiusX * (cos(from) - k * sin(from)),
                                   y: center.y + radiusY * (sin(from) + k * cos(from)))
            let control2 = CGPoint(x: center.x + radiusX * (cos(to) + k * sin(to)),
                                   y: center.y + radiusY * (sin(to) - k * cos(to)))
            curves.append(.curveTo(point(center: center, radiusX: radiusX, radiusY: radiusY, angle: to),
                                   control1: control1, control2: control2))
        }
        return curves
    }

    /// The element as moves, lines, cubic curves and closes only, in the same
    /// coordinates. `hasCurrentPoint` decides whether an arc begins with a line or a move.
    static func lowered(_ element: DrawCommand, hasCurrentPoint: Bool) -> [DrawCommand] {
        switch element {
        case .rect(let r):
            return [.moveTo(r.origin), .lineTo(CGPoint(x: r.origin.x + r.width, y: r.origin.y)),
                    .lineTo(CGPoint(x: r.origin.x + r.width, y: r.origin.y + r.height)),
                    .lineTo(CGPoint(x: r.origin.x, y: r.origin.y + r.height)), .closePath]
        case .ellipse(let r):
            let center = CGPoint(x: r.midX, y: r.midY)
            return [.moveTo(closedShapeStart(element))]
                + cubics(center: center, radiusX: r.width / 2, radiusY: r.height / 2, startAngle: 0, sweep: fullTurn)
                + [.closePath]
        case let .roundedRect(rect, width, height):
            let (rx, ry) = cornerRadii(rect, width, height)
            let r = rect.standardized
            guard rx > 0 else { return lowered(.rect(r), hasCurrentPoint: hasCurrentPoint) }
            let quarter = CGFloat.pi / 2
            func corner(_ x: CGFloat, _ y: CGFloat, _ from: CGFloat) -> [DrawCommand] {
                cubics(center: CGPoint(x: x, y: y), radiusX: rx, radiusY: ry, startAngle: from, sweep: quarter)
            }
            var out: [DrawCommand] = [.moveTo(CGPoint(x: r.minX + rx, y: r.minY)), .lineTo(CGPoint(x: r.maxX - rx, y: r.minY))]
            out += corner(r.maxX - rx, r.minY + ry, -quarter)
            out.append(.lineTo(CGPoint(x: r.maxX, y: r.maxY - ry)))
            out += corner(r.maxX - rx, r.maxY - ry, 0)
            out.append(.lineTo(CGPoint(x: r.minX + rx, y: r.maxY)))
            out += corner(r.minX + rx, r.maxY - ry, quarter)
            out.append(.lineTo(CGPoint(x: r.minX, y: r.minY + ry)))
            out += corner(r.minX + rx, r.minY + ry, 2 * quarter)
            out.append(.closePath)
            return out
        case let .arc(center, radius, startAngle, endAngle, clockwise):
            let start = point(center: center, radiusX: radius, radiusY: radius, angle: startAngle)
            let sweep = sweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
            return [hasCurrentPoint ? .lineTo(start) : .moveTo(start)]
                + cubics(center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweep: sweep)
        default:
            return [element]
        }
    }

    /// A move, line or curve with its points mapped by `t`; anything else unchanged.
    static func mapped(_ element: DrawCommand, by t: CGAffineTransform) -> DrawCommand {
        switch element {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case let .quadCurveTo(p, control): return .quadCurveTo(p.applying(t), control: control.applying(t))
        case let .curveTo(p, c1, c2): return .curveTo(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        default: return element
        }
    }

    /// Path elements mapped by `t`. Arcs, rectangles and ellipses keep their form under
    /// translations and positive axis-aligned scales (arcs only under uniform ones) and
    /// become lines and cubic curves otherwise. `hasCurrentPoint`: whether the path
    /// these elements are appended to has a current point.
    static func transformed(_ elements: [DrawCommand], by t: CGAffineTransform, hasCurrentPoint: Bool) -> [DrawCommand] {
        if t.isIdentity { return elements }
        let axisAligned = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
        let uniform = axisAligned && t.a == t.d
        var cursor = PathCursor()
        if hasCurrentPoint { cursor.current = .zero; cursor.subpathStart = .zero }
        var out: [DrawCommand] = []
        out.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case let .arc(center, radius, startAngle, endAngle, clockwise) where uniform:
                out.append(.arc(center: center.applying(t), radius: radius * t.a, startAngle: startAngle,
                                endAngle: endAngle, clockwise: clockwise))
            case .rect(let r) where axisAligned && r.width >= 0 && r.height >= 0:
                out.append(.rect(r.applying(t)))
            case .ellipse(let r) where axisAligned:
                out.append(.ellipse(in: r.applying(t)))
            case let .roundedRect(r, width, height) where axisAligned:
                let (rx, ry) = cornerRadii(r, width, height)
                out.append(.roundedRect(r.applying(t), cornerWidth: rx * t.a, cornerHeight: ry * t.d))
            case .arc, .rect, .ellipse, .roundedRect:
                out += lowered(element, hasCurrentPoint: cursor.current != nil).map { mapped($0, by: t) }
            default:
                out.append(mapped(element, by: t))
            }
            _ = cursor.advance(element)
        }
        return out
    }

    /// The current point after `elements`, if any.
    static func currentPoint(after elements: [DrawCommand]) -> CGPoint? {
        var cursor = PathCursor()
        for element in elements { _ = cursor.advance(element) }
        return cursor.current
    }

    /// The smallest rectangle holding every point of the path, control points of curves
    /// included (arcs as the cubic curves that approximate them), as CoreGraphics'
    /// `boundingBox`; the null rectangle for a path without points.
    static func boundingBox(of elements: [DrawCommand]) -> CGRect {
        var cursor = PathCursor()
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func include(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y)
            maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            for piece in lowered(element, hasCurrentPoint: cursor.current != nil) {
                guard cursor.advance(piece) else { continue }
                switch piece {
                case .moveTo(let p), .lineTo(let p): include(p)
                case let .quadCurveTo(p, control): include(p); include(control)
                case let .curveTo(p, c1, c2): include(p); include(c1); include(c2)
                default: break
                }
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
