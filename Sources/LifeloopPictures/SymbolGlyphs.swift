import Foundation
import Lifeloop

/// One stroke or shape of a symbol's glyph, on a 24 × 24 grid.
enum GlyphPart {
    /// A stroked line through the points (closed back to the first when `closed`).
    case stroke([Point], closed: Bool)
    /// A filled polygon.
    case fill([Point])
    /// A stroked circle.
    case ring(Point, Double)
    /// A filled circle.
    case dot(Point, Double)
    /// A rounded rectangle, stroked or filled.
    case box(Rect, radius: Double, filled: Bool)
}

/// The SF Symbols the phone style draws as glyphs: a few strokes and shapes each, on a 24 ×
/// 24 grid, recognisable rather than Apple's outlines (Lifeloop ships no symbol font). A
/// `.fill` name missing from the table draws as its outline's glyph; any other name draws
/// as a labelled placeholder.
enum SymbolGlyphs {
    /// The names drawn, in the table's order (the documentation lists them).
    static var names: [String] { table.keys.sorted() }

    /// The glyph for `name`: its own, else the outline's for a `.fill` variant; nil when
    /// neither is in the table.
    static func glyph(named name: String) -> [GlyphPart]? {
        if let parts = table[name] { return parts }
        if name.hasSuffix(".fill") { return table[String(name.dropLast(5))] }
        return nil
    }

    /// The symbol a bar button system item shows, nil for those shown by a title.
    static func symbol(for item: BarButtonItem.SystemItem) -> String? {
        switch item {
        case .add: "plus"
        case .compose: "square.and.pencil"
        case .reply: "arrowshape.turn.up.left"
        case .action: "square.and.arrow.up"
        case .organize: "folder"
        case .bookmarks: "book"
        case .search: "magnifyingglass"
        case .refresh: "arrow.clockwise"
        case .stop: "xmark"
        case .camera: "camera"
        case .trash: "trash"
        case .play: "play.fill"
        case .pause: "pause.fill"
        case .rewind: "backward.fill"
        case .fastForward: "forward.fill"
        case .close: "xmark.circle.fill"
        case .done, .cancel, .edit, .save, .undo, .redo, .flexibleSpace, .fixedSpace: nil
        }
    }

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    private static func line(_ points: (Double, Double)...) -> GlyphPart { .stroke(points.map { p($0.0, $0.1) }, closed: false) }
    private static func shape(_ points: (Double, Double)...) -> GlyphPart { .stroke(points.map { p($0.0, $0.1) }, closed: true) }
    private static func solid(_ points: (Double, Double)...) -> GlyphPart { .fill(points.map { p($0.0, $0.1) }) }

    /// Points along an ellipse's arc from angle `from` to `to` (radians, y downwards).
    private static func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, from: Double, to: Double,
                            steps: Int = 12) -> [Point] {
        (0...steps).map { step in
            let angle = from + (to - from) * Double(step) / Double(steps)
            return p(cx + rx * cos(angle), cy + ry * sin(angle))
        }
    }

    /// A five-pointed star's outline.
    private static var starPoints: [Point] {
        (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * .pi / 5
            let radius = index.isMultiple(of: 2) ? 10.0 : 4.2
            return p(12 + radius * cos(angle), 13 + radius * sin(angle))
        }
    }

    /// A heart's outline (the classic parametric heart curve, fitted to the grid).
    private static var heartPoints: [Point] {
        (0..<40).map { step in
            let t = Double(step) / 40 * 2 * .pi
            let x = 16 * pow(sin(t), 3)
            let y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
            return p(12 + x * 0.58, 11 - y * 0.55)
        }
    }

    /// A gear: a ring, a hub and eight teeth.
    private static var gear: [GlyphPart] {
        var parts: [GlyphPart] = [.ring(p(12, 12), 6.5), .ring(p(12, 12), 2.6)]
        for tooth in 0..<8 {
            let angle = Double(tooth) * .pi / 4
            parts.append(.stroke([p(12 + 6.5 * cos(angle), 12 + 6.5 * sin(angle)), p(12 + 9.8 * cos(angle), 12 + 9.8 * sin(angle))],
                                 closed: false))
        }
        return parts
    }

    private static let table: [String: [GlyphPart]] = [
        "chevron.right": [line((9, 4), (16.5, 12), (9, 20))],
        "chevron.left": [line((15, 4), (7.5, 12), (15, 20))],
        "chevron.down": [line((4, 8.5), (12, 16), (20, 8.5))],
        "chevron.up": [line((4, 15.5), (12, 8), (20, 15.5))],
        "plus": [line((12, 4), (12, 20)), line((4, 12), (20, 12))],
        "minus": [line((4, 12), (20, 12))],
        "xmark": [line((5.5, 5.5), (18.5, 18.5)), line((18.5, 5.5), (5.5, 18.5))],
        "xmark.circle": [.ring(p(12, 12), 10), line((8.5, 8.5), (15.5, 15.5)), line((15.5, 8.5), (8.5, 15.5))],
        "checkmark": [line((4, 13), (9.5, 18.5), (20, 6))],
        "gear": gear,
        "gearshape": gear,
        "house": [line((2.5, 12), (12, 3.5), (21.5, 12)), line((5.5, 9.5), (5.5, 20.5), (18.5, 20.5), (18.5, 9.5)),
                  line((10, 20.5), (10, 15), (14, 15), (14, 20.5))],
        "person": [.ring(p(12, 7.5), 4), .stroke(arc(12, 21, 8, 7, from: .pi, to: 2 * .pi), closed: true)],
        "person.circle": [.ring(p(12, 12), 10), .ring(p(12, 9.5), 3.3), .stroke(arc(12, 19.8, 6.2, 4.6, from: .pi, to: 2 * .pi), closed: false)],
        "magnifyingglass": [.ring(p(10, 10), 6.5), line((14.8, 14.8), (20.5, 20.5))],
        "star": [.stroke(starPoints, closed: true)],
        "star.fill": [.fill(starPoints)],
        "heart": [.stroke(heartPoints, closed: true)],
        "heart.fill": [.fill(heartPoints)],
        "trash": [line((3.5, 6), (20.5, 6)), line((9, 6), (9, 3.5), (15, 3.5), (15, 6)), line((6, 6), (7, 21), (17, 21), (18, 6)),
                  line((10, 10), (10, 17)), line((14, 10), (14, 17))],
        "square.and.arrow.up": [line((8, 10), (5, 10), (5, 21), (19, 21), (19, 10), (16, 10)), line((12, 15), (12, 2.5)),
                                line((8, 6.5), (12, 2.5), (16, 6.5))],
        "square.and.pencil": [line((11, 5), (4, 5), (4, 20), (19, 20), (19, 13)), shape((10, 14.5), (11, 11), (19, 3), (21.5, 5.5), (13.5, 13.5))],
        "bell": [.stroke([p(4.5, 17.5)] + [p(6.5, 15)] + arc(12, 10, 5.5, 5.5, from: .pi, to: 2 * .pi) + [p(17.5, 15), p(19.5, 17.5)],
                         closed: true),
                 .dot(p(12, 20.3), 1.9), line((12, 4.5), (12, 3))],
        "envelope": [.box(Rect(x: 3, y: 5.5, width: 18, height: 13), radius: 2, filled: false), line((3.8, 6.5), (12, 13), (20.2, 6.5))],
        "paperplane": [shape((2.5, 11), (21, 3), (14, 21), (11, 13)), line((11, 13), (21, 3))],
        "camera": [.box(Rect(x: 2.5, y: 7, width: 19, height: 13), radius: 2.5, filled: false), line((8, 7), (9.5, 4.5), (14.5, 4.5), (16, 7)),
                   .ring(p(12, 13.5), 3.8)],
        "photo": [.box(Rect(x: 2.5, y: 4.5, width: 19, height: 15), radius: 2.5, filled: false),
                  line((3.5, 17.5), (9, 11.5), (13, 15.5), (15.5, 13), (20.5, 17.5)), .dot(p(16, 8.7), 1.9)],
        "info.circle": [.ring(p(12, 12), 10), .dot(p(12, 7.3), 1.4), line((12, 10.8), (12, 17))],
        "circle": [.ring(p(12, 12), 10)],
        "circle.fill": [.dot(p(12, 12), 10)],
        "record.circle": [.ring(p(12, 12), 10), .dot(p(12, 12), 5)],
        "checkmark.circle": [.ring(p(12, 12), 10), line((7, 12.5), (10.5, 16), (17, 8.5))],
        "plus.circle": [.ring(p(12, 12), 10), line((12, 7), (12, 17)), line((7, 12), (17, 12))],
        "square": [.box(Rect(x: 3, y: 3, width: 18, height: 18), radius: 3.5, filled: false)],
        "checkmark.square": [.box(Rect(x: 3, y: 3, width: 18, height: 18), radius: 3.5, filled: false),
                             line((7, 12.5), (10.5, 16), (17, 8.5))],
        "exclamationmark.triangle": [shape((12, 3), (22, 20.5), (2, 20.5)), line((12, 9), (12, 14.5)), .dot(p(12, 17.6), 1.3)],
        "ellipsis": [.dot(p(5, 12), 2), .dot(p(12, 12), 2), .dot(p(19, 12), 2)],
        "list.bullet": [.dot(p(4.5, 6), 1.7), .dot(p(4.5, 12), 1.7), .dot(p(4.5, 18), 1.7), line((9, 6), (21, 6)), line((9, 12), (21, 12)),
                        line((9, 18), (21, 18))],
        "calendar": [.box(Rect(x: 3, y: 4.5, width: 18, height: 16.5), radius: 2.5, filled: false), line((3, 9.5), (21, 9.5)),
                     line((8, 2.5), (8, 6.5)), line((16, 2.5), (16, 6.5)), .dot(p(8, 13.5), 1.1), .dot(p(12, 13.5), 1.1),
                     .dot(p(16, 13.5), 1.1), .dot(p(8, 17.3), 1.1), .dot(p(12, 17.3), 1.1)],
        "clock": [.ring(p(12, 12), 10), line((12, 6), (12, 12), (16, 14.5))],
        "lock": [.box(Rect(x: 5, y: 10.5, width: 14, height: 11), radius: 2, filled: true),
                 .stroke([p(8, 10.5)] + arc(12, 7.5, 4, 4, from: .pi, to: 2 * .pi) + [p(16, 10.5)], closed: false)],
        "pencil": [shape((4, 20), (5, 15.5), (16, 4.5), (19.5, 8), (8.5, 19)), line((14, 6.5), (17.5, 10))],
        "folder": [shape((2.5, 5.5), (9, 5.5), (11, 8), (21.5, 8), (21.5, 19.5), (2.5, 19.5)), line((2.5, 11), (21.5, 11))],
        "doc": [shape((5.5, 3), (14, 3), (19, 8), (19, 21), (5.5, 21)), line((14, 3), (14, 8), (19, 8))],
        "book": [shape((12, 6), (7, 4), (2.5, 4.5), (2.5, 19), (7, 18.5), (12, 20.5), (17, 18.5), (21.5, 19), (21.5, 4.5), (17, 4)),
                 line((12, 6), (12, 20.5))],
        "cart": [line((2, 4), (5, 4), (7.5, 16), (18.5, 16), (20.5, 8), (6, 8)), .dot(p(9, 19.5), 1.7), .dot(p(17, 19.5), 1.7)],
        "map": [shape((3, 6), (9, 3.5), (15, 6), (21, 3.5), (21, 18), (15, 20.5), (9, 18), (3, 20.5)), line((9, 3.5), (9, 18)),
                line((15, 6), (15, 20.5))],
        "mic": [.box(Rect(x: 9, y: 2.5, width: 6, height: 12), radius: 3, filled: false),
                .stroke(arc(12, 11, 6, 6, from: 0, to: .pi), closed: false), line((12, 17), (12, 21)), line((8.5, 21), (15.5, 21))],
        "play.fill": [solid((7, 4), (20, 12), (7, 20))],
        "pause.fill": [.box(Rect(x: 6, y: 4, width: 4, height: 16), radius: 1, filled: true),
                       .box(Rect(x: 14, y: 4, width: 4, height: 16), radius: 1, filled: true)],
        "backward.fill": [solid((11.5, 6), (2, 12), (11.5, 18)), solid((21.5, 6), (12, 12), (21.5, 18))],
        "forward.fill": [solid((2.5, 6), (12, 12), (2.5, 18)), solid((12.5, 6), (22, 12), (12.5, 18))],
        "arrow.clockwise": [.stroke(arc(12, 12.5, 7.5, 7.5, from: -.pi / 2, to: 1.5 * .pi - 0.5), closed: false),
                            line((9.5, 2), (12, 5), (9.5, 8))],
        "arrowshape.turn.up.left": [shape((10, 4), (2.5, 11), (10, 18), (10, 14), (15, 14), (21, 20), (21, 13), (17, 8), (10, 8))],
    ]
}

extension WindowSnapshot {
    /// Draws the SF Symbol `name` in `color`, its 24 × 24 grid fitted (aspect fit) to
    /// `rect` and centred; a symbol missing from `SymbolGlyphs` draws as a placeholder
    /// with its name, small.
    func drawSymbol<Canvas: SnapshotCanvas>(_ name: String, in rect: Rect, color: String, on canvas: inout Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 1 else { return }
        guard let parts = SymbolGlyphs.glyph(named: name) else {
            canvas.rect(x: rect.minX + 0.5, y: rect.minY + 0.5, width: rect.width - 1, height: rect.height - 1, fill: "none", stroke: color,
                        style: [.dash([2, 2]), .cornerRadius(min(4, side / 4)), .note("data-role", "symbol"), .note("data-symbol", name)])
            canvas.text(fitted(name, width: rect.width - 2, size: 8), x: rect.midX, y: rect.midY + 3, size: 8, fill: color, anchor: .middle)
            return
        }
        let scale = side / 24
        let left = rect.midX - 12 * scale, top = rect.midY - 12 * scale
        func place(_ point: Point) -> Point { Point(x: left + point.x * scale, y: top + point.y * scale) }
        let width = max(1, 1.9 * scale)
        func circle(_ center: Point, _ radius: Double) -> [Point] {
            let steps = radius < 2.5 ? 12 : 32
            return (0..<steps).map { step in
                let angle = Double(step) * 2 * .pi / Double(steps)
                return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            }
        }
        var notes: [CanvasStyle] = [.note("data-role", "symbol"), .note("data-symbol", name)]
        for part in parts {
            switch part {
            case .stroke(let points, let closed):
                canvas.polyline(points.map(place), closed: closed, fill: "none", stroke: color,
                                style: [.strokeWidth(width), .roundCap] + notes)
            case .fill(let points):
                canvas.polyline(points.map(place), closed: true, fill: color, stroke: nil, style: notes)
            case .ring(let center, let radius):
                canvas.polyline(circle(center, radius).map(place), closed: true, fill: "none", stroke: color,
                                style: [.strokeWidth(width)] + notes)
            case .dot(let center, let radius):
                // A polygon rather than a circle, so a glyph of dots alone still names its symbol.
                canvas.polyline(circle(center, radius).map(place), closed: true, fill: color, stroke: nil, style: notes)
            case .box(let box, let radius, let filled):
                let origin = place(Point(x: box.minX, y: box.minY))
                canvas.rect(x: origin.x, y: origin.y, width: box.width * scale, height: box.height * scale, fill: filled ? color : "none",
                            stroke: filled ? nil : color, style: (filled ? [] : [.strokeWidth(width)]) + [.cornerRadius(radius * scale)] + notes)
            }
            notes = []
        }
    }
}
