import Foundation

/// Lifeloop's own rasterizer of display lists, for images' PNG and JPEG data: plain Swift,
/// no library, so the same drawing gives the same pixels on every machine.
///
/// It runs the commands through CoreGraphics' state machine as the SVG writer does
/// (transforms, save and restore, colors, alpha, clips) and paints:
/// - fills by the nonzero or even-odd rule, antialiased (exact coverage across a pixel
///   row, four samples down it);
/// - strokes as the union of each segment's band, with butt, square or round caps and
///   miter, round or bevel joins, and dashes; the line width is scaled by the
///   transform's area factor (a non-uniform scale strokes with its mean scale);
/// - rectangle fills, strokes and clears, linear and radial gradients;
/// - the `clear`, `copy` and `destinationOut` blend modes; the others paint as `normal`.
///
/// Text is not drawn (Lifeloop has no glyphs).
struct Rasterizer {
    /// Pixels across and down.
    let width: Int
    let height: Int
    /// Premultiplied red, green, blue and alpha per pixel, row by row, 0...1.
    private(set) var pixels: [Float]

    /// CoreGraphics' graphics state.
    private struct State {
        var ctm = CGAffineTransform.identity
        var fill = Color(red: 0, green: 0, blue: 0)
        var stroke = Color(red: 0, green: 0, blue: 0)
        var lineWidth: CGFloat = 1
        var cap = CGLineCap.butt
        var join = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dash: [CGFloat] = []
        var alpha: CGFloat = 1
        var blend = CGBlendMode.normal
        /// Coverage of the clip per pixel; nil for no clip.
        var clip: [Float]?
    }

    /// One subpath in pixel coordinates.
    private struct Subpath {
        var points: [CGPoint]
        var closed = false
    }

    /// User space (the state's transform applied first) to pixels.
    private let base: CGAffineTransform
    private var state = State()
    private var saved: [State] = []
    private var subpaths: [Subpath] = []
    /// Where the path stands, in user coordinates (for lowering arcs and shapes).
    private var cursor = PathCursor()

    /// A transparent canvas of `width`×`height` pixels; `base` maps the drawing's
    /// coordinates to pixels.
    init(width: Int, height: Int, base: CGAffineTransform) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.base = base
        pixels = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// The transform from the current user space to pixels.
    private var device: CGAffineTransform { state.ctm.concatenating(base) }

    /// Runs every command.
    mutating func run(_ commands: [DrawCommand]) {
        for command in commands { run(command) }
    }

    /// Runs one command.
    mutating func run(_ command: DrawCommand) {
        switch command {
        case .beginPath:
            subpaths.removeAll()
            cursor = PathCursor()
        case .moveTo, .lineTo, .quadCurveTo, .curveTo, .arc, .rect, .ellipse, .roundedRect, .closePath:
            addToPath(command)
        case .saveGState:
            saved.append(state)
        case .restoreGState:
            if let previous = saved.popLast() { state = previous }
        case .concatCTM(let t):
            state.ctm = t.concatenating(state.ctm)
        case .setFillColor(let color): state.fill = color
        case .setStrokeColor(let color): state.stroke = color
        case .setLineWidth(let width): state.lineWidth = width
        case .setLineCap(let cap): state.cap = cap
        case .setLineJoin(let join): state.join = join
        case .setMiterLimit(let limit): state.miterLimit = limit
        case let .setLineDash(phase, lengths): (state.dashPhase, state.dash) = (phase, lengths)
        case .setAlpha(let alpha): state.alpha = min(max(alpha, 0), 1)
        case .setBlendMode(let mode): state.blend = mode
        case .fillPath(let evenOdd):
            fillCurrentPath(evenOdd: evenOdd)
            clearPath()
        case .strokePath:
            strokeCurrentPath()
            clearPath()
        case .fillStrokePath(let evenOdd):
            fillCurrentPath(evenOdd: evenOdd)
            strokeCurrentPath()
            clearPath()
        case .fillRect(let rect):
            paint(coverage(of: [rectPolygon(rect)], evenOdd: false), color: state.fill)
        case .strokeRect(let rect):
            let polygon = rectPolygon(rect)
            paint(strokeCoverage([Subpath(points: polygon, closed: true)]), color: state.stroke)
        case .clearRect(let rect):
            erase(coverage(of: [rectPolygon(rect)], evenOdd: false))
        case .clip(let evenOdd):
            intersectClip(coverage(of: subpaths.map(\.points), evenOdd: evenOdd))
            clearPath()
        case .clipToRect(let rect):
            intersectClip(coverage(of: [rectPolygon(rect)], evenOdd: false))
        case let .linearGradient(gradient, start, end, options):
            paintGradient(gradient, options: options) { p in
                let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
                let length = d.x * d.x + d.y * d.y
                guard length > 0 else { return nil }
                return ((p.x - start.x) * d.x + (p.y - start.y) * d.y) / length
            }
        case let .radialGradient(gradient, startCenter, startRadius, endCenter, endRadius, options):
            paintGradient(gradient, options: options) { p in
                Self.radialParameter(p, startCenter, startRadius, endCenter, endRadius)
            }
        case .drawText:
            break
        }
    }

    // MARK: Paths

    private mutating func clearPath() {
        subpaths.removeAll()
        cursor = PathCursor()
    }

    /// Adds a path element, lowered to moves, lines and curves, flattened into pixel coordinates.
    private mutating func addToPath(_ element: DrawCommand) {
        let t = device
        for piece in PathGeometry.lowered(element, hasCurrentPoint: cursor.current != nil) {
            let previous = cursor
            guard cursor.advance(piece) else { continue }
            switch piece {
            case .moveTo(let p):
                subpaths.append(Subpath(points: [p.applying(t)]))
            case .lineTo(let p):
                startSubpathIfClosed(previous, t)
                subpaths[subpaths.count - 1].points.append(p.applying(t))
            case let .quadCurveTo(p, control):
                startSubpathIfClosed(previous, t)
                let from = subpaths[subpaths.count - 1].points.last!
                let c = control.applying(t), to = p.applying(t)
                // The quadratic as a cubic.
                flattenCubic(from, CGPoint(x: from.x + 2 / 3 * (c.x - from.x), y: from.y + 2 / 3 * (c.y - from.y)),
                             CGPoint(x: to.x + 2 / 3 * (c.x - to.x), y: to.y + 2 / 3 * (c.y - to.y)), to)
            case let .curveTo(p, c1, c2):
                startSubpathIfClosed(previous, t)
                let from = subpaths[subpaths.count - 1].points.last!
                flattenCubic(from, c1.applying(t), c2.applying(t), p.applying(t))
            case .closePath:
                if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
            default:
                break
            }
        }
    }

    /// After a close, a line or curve starts a new subpath at the closed one's start.
    private mutating func startSubpathIfClosed(_ previous: PathCursor, _ t: CGAffineTransform) {
        if subpaths.isEmpty || subpaths[subpaths.count - 1].closed {
            let start = (previous.current ?? .zero).applying(t)
            subpaths.append(Subpath(points: [start]))
        }
    }

    /// Appends a cubic Bézier curve as line segments fine enough for a tenth of a pixel.
    private mutating func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let length = distance(p0, p1) + distance(p1, p2) + distance(p2, p3)
        let count = length.isFinite ? min(max(Int((2 * length).squareRoot().rounded(.up)), 1), 256) : 1
        var points: [CGPoint] = []
        for index in 1...count {
            let s = CGFloat(index) / CGFloat(count), r = 1 - s
            let a = r * r * r, b = 3 * r * r * s, c = 3 * r * s * s, d = s * s * s
            points.append(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
        subpaths[subpaths.count - 1].points += points
    }

    /// A rectangle's corners in pixel coordinates.
    private func rectPolygon(_ rect: CGRect) -> [CGPoint] {
        let t = device
        return [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)].map { $0.applying(t) }
    }

    // MARK: Coverage

    /// How much of each pixel a shape covers, within its bounding box.
    private struct Coverage {
        var minX = 0, minY = 0, maxX = -1, maxY = -1
        /// (maxX - minX + 1) values per row.
        var values: [Float] = []

        var isEmpty: Bool { maxX < minX || maxY < minY }

        func value(x: Int, y: Int) -> Float {
            guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return 0 }
            return values[(y - minY) * (maxX - minX + 1) + (x - minX)]
        }
    }

    /// Sample rows per pixel row.
    private static let samplesDown = 4

    /// The coverage of polygons (each implicitly closed) filled by `evenOdd` or the nonzero rule.
    private func coverage(of polygons: [[CGPoint]], evenOdd: Bool) -> Coverage {
        struct Edge { var x0, y0, x1, y1: Double; var direction: Int }
        var edges: [Edge] = []
        var top = Double.infinity, bottom = -Double.infinity, left = Double.infinity, right = -Double.infinity
        for polygon in polygons where polygon.count > 2 {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                left = min(left, Double(a.x)); right = max(right, Double(a.x))
                guard a.y != b.y else { continue }
                top = min(top, Double(min(a.y, b.y))); bottom = max(bottom, Double(max(a.y, b.y)))
                edges.append(a.y < b.y ? Edge(x0: Double(a.x), y0: Double(a.y), x1: Double(b.x), y1: Double(b.y), direction: 1)
                                       : Edge(x0: Double(b.x), y0: Double(b.y), x1: Double(a.x), y1: Double(a.y), direction: -1))
            }
        }
        var result = Coverage()
        guard !edges.isEmpty else { return result }
        result.minX = max(0, Int(left.rounded(.down)))
        result.maxX = min(width - 1, Int(right.rounded(.down)))
        result.minY = max(0, Int(top.rounded(.down)))
        result.maxY = min(height - 1, Int(bottom.rounded(.down)))
        guard !result.isEmpty else { return result }
        let stride = result.maxX - result.minX + 1
        result.values = [Float](repeating: 0, count: stride * (result.maxY - result.minY + 1))
        edges.sort { $0.y0 < $1.y0 }
        var active: [Edge] = []
        var next = 0
        var crossings: [(x: Double, direction: Int)] = []
        let weight = 1 / Double(Self.samplesDown)
        for row in result.minY...result.maxY {
            for sample in 0..<Self.samplesDown {
                let y = Double(row) + (Double(sample) + 0.5) * weight
                while next < edges.count, edges[next].y0 <= y {
                    active.append(edges[next])
                    next += 1
                }
                active.removeAll { $0.y1 <= y }
                crossings.removeAll(keepingCapacity: true)
                for edge in active where edge.y0 <= y {
                    let x = edge.x0 + (y - edge.y0) / (edge.y1 - edge.y0) * (edge.x1 - edge.x0)
                    crossings.append((x, edge.direction))
                }
                guard crossings.count > 1 else { continue }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for index in 0..<(crossings.count - 1) {
                    winding += evenOdd ? 1 : crossings[index].direction
                    let inside = evenOdd ? winding % 2 != 0 : winding != 0
                    guard inside else { continue }
                    addSpan(from: crossings[index].x, to: crossings[index + 1].x, row: row, weight: weight, into: &result)
                }
            }
        }
        return result
    }

    /// Adds a horizontal span's exact coverage of each pixel it crosses, times `weight`.
    private func addSpan(from start: Double, to end: Double, row: Int, weight: Double, into coverage: inout Coverage) {
        let a = max(start, Double(coverage.minX)), b = min(end, Double(coverage.maxX + 1))
        guard b > a else { return }
        let stride = coverage.maxX - coverage.minX + 1
        let rowStart = (row - coverage.minY) * stride - coverage.minX
        let first = Int(a.rounded(.down)), last = min(Int(b.rounded(.down)), coverage.maxX)
        if first == last {
            coverage.values[rowStart + first] += Float((b - a) * weight)
            return
        }
        coverage.values[rowStart + first] += Float((Double(first + 1) - a) * weight)
        if first + 1 <= last - 1 {
            for x in (first + 1)...(last - 1) { coverage.values[rowStart + x] += Float(weight) }
        }
        if last > first, Double(last) < b { coverage.values[rowStart + last] += Float((b - Double(last)) * weight) }
    }

    // MARK: Strokes

    /// The coverage of the current path stroked with the state's line settings.
    private func strokeCoverage(_ paths: [Subpath]) -> Coverage {
        let t = device
        let factor = abs(t.a * t.d - t.b * t.c).squareRoot()
        let width = state.lineWidth * factor
        guard width > 0, width.isFinite else { return Coverage() }
        var pieces: [[CGPoint]] = []
        for path in paths {
            var points = path.points
            // Drop repeated points: they have no direction.
            points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
            if path.closed, points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count > 1 else { continue }
            let dashes = state.dash.map { max($0 * factor, 0) }
            if dashes.contains(where: { $0 > 0 }) {
                for run in Self.dashed(points, closed: path.closed, dashes: dashes, phase: state.dashPhase * factor) {
                    pieces += strokePieces(run, closed: false, width: width)
                }
            } else {
                pieces += strokePieces(points, closed: path.closed, width: width)
            }
        }
        return coverage(of: pieces.map(Self.counterclockwise), evenOdd: false)
    }

    /// The polygons whose union is a polyline's stroke: a band per segment, a join at each
    /// corner, caps at open ends.
    private func strokePieces(_ points: [CGPoint], closed: Bool, width: CGFloat) -> [[CGPoint]] {
        let half = width / 2
        var pieces: [[CGPoint]] = []
        let count = points.count
        let segments = closed ? count : count - 1
        func unit(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            return length > 0 ? CGPoint(x: dx / length, y: dy / length) : CGPoint(x: 1, y: 0)
        }
        for index in 0..<segments {
            var a = points[index], b = points[(index + 1) % count]
            let u = unit(a, b)
            if !closed, state.cap == .square {
                if index == 0 { a = CGPoint(x: a.x - u.x * half, y: a.y - u.y * half) }
                if index == segments - 1 { b = CGPoint(x: b.x + u.x * half, y: b.y + u.y * half) }
            }
            let n = CGPoint(x: -u.y * half, y: u.x * half)
            pieces.append([CGPoint(x: a.x + n.x, y: a.y + n.y), CGPoint(x: b.x + n.x, y: b.y + n.y),
                           CGPoint(x: b.x - n.x, y: b.y - n.y), CGPoint(x: a.x - n.x, y: a.y - n.y)])
        }
        // Joins at the corners.
        let corners = closed ? Array(0..<count) : Array(1..<max(1, count - 1))
        for index in corners {
            let p = points[index]
            let before = points[(index - 1 + count) % count], after = points[(index + 1) % count]
            let u = unit(before, p), v = unit(p, after)
            let cross = u.x * v.y - u.y * v.x
            guard abs(cross) > 1e-12 || u.x * v.x + u.y * v.y < 0 else { continue }
            switch state.join {
            case .round:
                pieces.append(Self.circle(p, half))
            case .bevel, .miter:
                // The outer side is left of the turn for a right turn and the other way round.
                let side: CGFloat = cross > 0 ? -1 : 1
                let n1 = CGPoint(x: -u.y * half * side, y: u.x * half * side)
                let n2 = CGPoint(x: -v.y * half * side, y: v.x * half * side)
                let e1 = CGPoint(x: p.x + n1.x, y: p.y + n1.y), e2 = CGPoint(x: p.x + n2.x, y: p.y + n2.y)
                let cosine = u.x * v.x + u.y * v.y
                // The miter's length over the line width is 1 / sin(θ/2), θ the angle between the segments.
                let sinHalf = ((1 + cosine) / 2).squareRoot()
                if state.join == .miter, sinHalf > 1e-9, 1 / sinHalf <= state.miterLimit {
                    let m = CGPoint(x: n1.x + n2.x, y: n1.y + n2.y)
                    let mLength = (m.x * m.x + m.y * m.y).squareRoot()
                    let reach = half / sinHalf
                    let tip = mLength > 0 ? CGPoint(x: p.x + m.x / mLength * reach, y: p.y + m.y / mLength * reach) : e1
                    pieces.append([p, e1, tip, e2])
                } else {
                    pieces.append([p, e1, e2])
                }
            }
        }
        if !closed, state.cap == .round {
            pieces.append(Self.circle(points[0], half))
            pieces.append(Self.circle(points[count - 1], half))
        }
        return pieces
    }

    /// A polygon approximating a circle.
    private static func circle(_ center: CGPoint, _ radius: CGFloat) -> [CGPoint] {
        let count = min(max(Int((radius * 4).rounded(.up)), 8), 128)
        return (0..<count).map { index in
            let angle = CGFloat(index) / CGFloat(count) * 2 * .pi
            return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    /// The polygon with a positive signed area (so the nonzero rule unites pieces).
    private static func counterclockwise(_ polygon: [CGPoint]) -> [CGPoint] {
        var area: CGFloat = 0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }

    /// The painted runs of a polyline under a dash pattern (lengths in pixels).
    private static func dashed(_ points: [CGPoint], closed: Bool, dashes: [CGFloat], phase: CGFloat) -> [[CGPoint]] {
        let pattern = dashes.count % 2 == 0 ? dashes : dashes + dashes
        let total = pattern.reduce(0, +)
        guard total > 0 else { return [points] }
        var index = 0
        var left = pattern[0]
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        while offset > 0 {
            if offset >= left {
                offset -= left
                index = (index + 1) % pattern.count
                left = pattern[index]
            } else {
                left -= offset
                offset = 0
            }
        }
        var runs: [[CGPoint]] = []
        var current: [CGPoint] = index % 2 == 0 ? [points[0]] : []
        let vertices = closed ? points + [points[0]] : points
        for segment in 0..<(vertices.count - 1) {
            var a = vertices[segment]
            let b = vertices[segment + 1]
            var remaining = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            while remaining > 0 {
                let step = min(left, remaining)
                let f = step / remaining
                let p = CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
                if index % 2 == 0 { current.append(p) }
                remaining -= step
                left -= step
                a = p
                if left <= 1e-9 {
                    if index % 2 == 0, current.count > 1 { runs.append(current) }
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                    current = index % 2 == 0 ? [p] : []
                }
            }
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    // MARK: Painting

    private mutating func fillCurrentPath(evenOdd: Bool) {
        paint(coverage(of: subpaths.map(\.points), evenOdd: evenOdd), color: state.fill)
    }

    private mutating func strokeCurrentPath() {
        paint(strokeCoverage(subpaths), color: state.stroke)
    }

    /// Paints `color` where `shape` covers, through the clip, by the blend mode.
    private mutating func paint(_ shape: Coverage, color: Color) {
        guard !shape.isEmpty else { return }
        if state.blend == .clear || state.blend == .destinationOut {
            erase(shape)
            return
        }
        let alpha = Float(min(max(color.alpha, 0), 1) * state.alpha)
        let red = Float(min(max(color.red, 0), 1)), green = Float(min(max(color.green, 0), 1))
        let blue = Float(min(max(color.blue, 0), 1))
        for y in shape.minY...shape.maxY {
            for x in shape.minX...shape.maxX {
                var cover = min(shape.value(x: x, y: y), 1)
                if let clip = state.clip { cover *= clip[y * width + x] }
                guard cover > 0 else { continue }
                composite(x: x, y: y, red: red, green: green, blue: blue, alpha: alpha, cover: cover)
            }
        }
    }

    /// Combines one straight-alpha color with the pixel at (`x`, `y`), `cover` of the pixel.
    private mutating func composite(x: Int, y: Int, red: Float, green: Float, blue: Float, alpha: Float, cover: Float) {
        let index = (y * width + x) * 4
        let a = alpha * cover
        if state.blend == .copy {
            let keep = 1 - cover
            pixels[index] = red * a + pixels[index] * keep
            pixels[index + 1] = green * a + pixels[index + 1] * keep
            pixels[index + 2] = blue * a + pixels[index + 2] * keep
            pixels[index + 3] = a + pixels[index + 3] * keep
            return
        }
        let keep = 1 - a
        pixels[index] = red * a + pixels[index] * keep
        pixels[index + 1] = green * a + pixels[index + 1] * keep
        pixels[index + 2] = blue * a + pixels[index + 2] * keep
        pixels[index + 3] = a + pixels[index + 3] * keep
    }

    /// Makes the pixels `shape` covers transparent, through the clip.
    private mutating func erase(_ shape: Coverage) {
        guard !shape.isEmpty else { return }
        for y in shape.minY...shape.maxY {
            for x in shape.minX...shape.maxX {
                var cover = min(shape.value(x: x, y: y), 1)
                if let clip = state.clip { cover *= clip[y * width + x] }
                guard cover > 0 else { continue }
                let index = (y * width + x) * 4
                for channel in 0..<4 { pixels[index + channel] *= 1 - cover }
            }
        }
    }

    /// Makes the clip the part of itself `shape` covers.
    private mutating func intersectClip(_ shape: Coverage) {
        var clip = [Float](repeating: 0, count: width * height)
        if !shape.isEmpty {
            for y in shape.minY...shape.maxY {
                for x in shape.minX...shape.maxX {
                    clip[y * width + x] = min(shape.value(x: x, y: y), 1) * (state.clip?[y * width + x] ?? 1)
                }
            }
        }
        state.clip = clip
    }

    /// Paints a gradient over the clip: `parameter` gives each pixel center's place along
    /// it (in user space), nil where it paints nothing.
    private mutating func paintGradient(_ gradient: CGGradient, options: CGGradientDrawingOptions,
                                        parameter: (CGPoint) -> CGFloat?) {
        let t = device
        guard t.a * t.d - t.b * t.c != 0, !gradient.stops.isEmpty, width > 0, height > 0 else { return }
        let inverse = t.inverted()
        for y in 0..<height {
            for x in 0..<width {
                let cover = state.clip?[y * width + x] ?? 1
                guard cover > 0 else { continue }
                let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5).applying(inverse)
                guard var s = parameter(p), s.isFinite else { continue }
                if s < 0 {
                    guard options.contains(.drawsBeforeStartLocation) else { continue }
                    s = 0
                }
                if s > 1 {
                    guard options.contains(.drawsAfterEndLocation) else { continue }
                    s = 1
                }
                let color = Self.color(of: gradient, at: s)
                if state.blend == .clear || state.blend == .destinationOut {
                    let index = (y * width + x) * 4
                    for channel in 0..<4 { pixels[index + channel] *= 1 - cover }
                    continue
                }
                composite(x: x, y: y, red: Float(color.red), green: Float(color.green), blue: Float(color.blue),
                          alpha: Float(min(max(color.alpha, 0), 1) * state.alpha), cover: cover)
            }
        }
    }

    /// The gradient's color at `location`, interpolated between its stops.
    private static func color(of gradient: CGGradient, at location: CGFloat) -> Color {
        let stops = gradient.stops
        guard let first = stops.first, let last = stops.last else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        for index in 1..<stops.count where location <= stops[index].location {
            let a = stops[index - 1], b = stops[index]
            let span = b.location - a.location
            let f = span > 0 ? Double((location - a.location) / span) : 1
            func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * f }
            return Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                         blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
        }
        return last.color
    }

    /// The largest `s` whose circle (centers and radii interpolated) passes through `p`
    /// with a radius of at least 0; nil when none does.
    private static func radialParameter(_ p: CGPoint, _ c0: CGPoint, _ r0: CGFloat, _ c1: CGPoint, _ r1: CGFloat) -> CGFloat? {
        let dcx = c1.x - c0.x, dcy = c1.y - c0.y, dr = r1 - r0
        let px = p.x - c0.x, py = p.y - c0.y
        let a = dcx * dcx + dcy * dcy - dr * dr
        let b = px * dcx + py * dcy + r0 * dr
        let c = px * px + py * py - r0 * r0
        if abs(a) < 1e-12 {
            guard b != 0 else { return nil }
            let s = c / (2 * b)
            return r0 + s * dr >= 0 ? s : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let high = max((b + root) / a, (b - root) / a), low = min((b + root) / a, (b - root) / a)
        if r0 + high * dr >= 0 { return high }
        if r0 + low * dr >= 0 { return low }
        return nil
    }

    // MARK: Output

    /// The pixels as 8-bit straight-alpha RGBA, row by row.
    func rgba8() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = min(max(pixels[index + 3], 0), 1)
            guard alpha > 0 else { continue }
            for channel in 0..<3 {
                out[index + channel] = Self.byte(min(pixels[index + channel] / alpha, 1))
            }
            out[index + 3] = Self.byte(alpha)
        }
        return out
    }

    /// The pixels over black (premultiplied colors), as 8-bit RGB, row by row.
    func rgb8OverBlack() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        var target = 0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            out[target] = Self.byte(pixels[index])
            out[target + 1] = Self.byte(pixels[index + 1])
            out[target + 2] = Self.byte(pixels[index + 2])
            target += 3
        }
        return out
    }

    /// A 0...1 value as a byte, rounded to nearest.
    static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max((value * 255).rounded(), 0), 255))
    }
}
