import Lifeloop

extension Timeline {
    /// The fill of each category.
    static let colors: [String: String] = [
        "callback": "#4e79a7", "layout": "#59a14f", "display": "#8cd17d", "commit": "#9c9c9c", "consume": "#b07aa1",
        "transition": "#f28e2b", "animation": "#e9b949", "job": "#76b7b2", "mark": "#d4a6c8",
        "frame": "#6b6b6b", "dropped": "#e15759", "input": "#222222", "timer": "#edc948", "task": "#ff9da7", "submit": "#76b7b2",
    ]

    /// The timeline between `from` and `to` (loop nanoseconds; the whole run by default)
    /// as SVG: a lane per window, then the loop, then each worker; a time axis in ms;
    /// arrows from each job's submit to its run and from its run to its completion.
    public func svg(from: UInt64? = nil, to: UInt64? = nil, title: String = "Lifeloop timeline") -> String {
        // By default, from the run's start to its last activity (a run of fixed duration
        // often idles long after it).
        let lastActivity = max(spans.map(\.end).max() ?? start, instants.map(\.time).max() ?? start)
        let low = from ?? start
        let high = max(to ?? (lastActivity > start ? lastActivity : end), low + 1)
        let width = 1200.0, left = 160.0, right = 20.0, axisHeight = 46.0
        let plot = width - left - right
        func x(_ time: UInt64) -> Double {
            let clamped = min(max(time, low), high)
            return left + plot * Double(clamped - low) / Double(high - low)
        }
        let visibleSpans = spans.filter { $0.end >= low && $0.start <= high }
        let visibleInstants = instants.filter { $0.time >= low && $0.time <= high }
        // Each lane: nested rows, then overlapping rows, then one row of instants.
        let order = lanes.indices.sorted { lhs, rhs in
            let rank: [LaneKind: Int] = [.window: 0, .loop: 1, .worker: 2]
            return (rank[lanes[lhs].kind]!, lhs) < (rank[lanes[rhs].kind]!, rhs)
        }
        var laneTop: [Int: Double] = [:]
        var nestedRows: [Int: Int] = [:]
        var overlapRows: [Int: Int] = [:]
        for span in visibleSpans {
            if span.row >= 100 { overlapRows[span.lane] = max(overlapRows[span.lane] ?? 0, span.row - 99) } else {
                nestedRows[span.lane] = max(nestedRows[span.lane] ?? 0, span.row + 1)
            }
        }
        let nestedHeight = 14.0, overlapHeight = 12.0, instantHeight = 12.0, gap = 10.0
        var y = axisHeight
        for lane in order {
            laneTop[lane] = y
            y += Double(max(1, nestedRows[lane] ?? 0)) * nestedHeight + Double(overlapRows[lane] ?? 0) * overlapHeight
                + instantHeight + gap
        }
        let legendTop = y + 4
        var document = SVGDocument(width: width, height: legendTop + 40)
        document.define("<marker id=\"arrow\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#555\"/></marker>")
        document.rect(x: 0, y: 0, width: width, height: document.height, fill: "#ffffff")
        document.text(title, x: 8, y: 16, size: 12, fill: "#333")
        // The axis: about ten ticks at 1, 2 or 5 × 10^k ms.
        let spanMs = Double(high - low) / 1e6
        var step = 1e-3
        while spanMs / step > 10 {
            if spanMs / (step * 2) <= 10 { step *= 2; break }
            if spanMs / (step * 5) <= 10 { step *= 5; break }
            step *= 10
        }
        let firstTick = (Double(low) / 1e6 / step).rounded(.up) * step
        var tick = firstTick
        while tick <= Double(high) / 1e6 + 1e-9 {
            let tx = x(UInt64(max(0, tick * 1e6)))
            document.line(x1: tx, y1: axisHeight - 14, x2: tx, y2: y, stroke: "#e4e4e4")
            document.text(svgNumber(tick) + " ms", x: tx, y: axisHeight - 18, size: 9, fill: "#555", anchor: "middle")
            tick += step
            tick = (tick / step).rounded() * step
        }
        for lane in order {
            let top = laneTop[lane]!
            let nested = Double(max(1, nestedRows[lane] ?? 0)) * nestedHeight
            let overlap = Double(overlapRows[lane] ?? 0) * overlapHeight
            let bottom = top + nested + overlap + instantHeight
            document.rect(x: 0, y: top - 3, width: width, height: bottom - top + 6, fill: lane % 2 == 0 ? "#f7f7f7" : "#fdfdfd",
                          extra: [("data-lane", lanes[lane].name)])
            document.text(fitted(lanes[lane].name, width: left - 8, size: 10), x: 8, y: top + 11, size: 10, fill: "#222")
            for span in visibleSpans where span.lane == lane {
                let sx = x(span.start), ex = max(x(span.end), x(span.start) + 1)
                let sy = span.row >= 100 ? top + nested + Double(span.row - 100) * overlapHeight : top + Double(span.row) * nestedHeight
                let h = (span.row >= 100 ? overlapHeight : nestedHeight) - 2
                let name = span.name
                document.rect(x: sx, y: sy, width: ex - sx, height: h, fill: Self.colors[span.category] ?? "#bab0ac",
                              extra: [("data-category", span.category)],
                              title: "\(name): \(formatMilliseconds(span.start))–\(formatMilliseconds(span.end))")
                let label = fitted(name, width: ex - sx, size: 8)
                if !label.isEmpty { document.text(label, x: sx + 2, y: sy + h - 3, size: 8, fill: "#fff") }
            }
            let iy = top + nested + overlap
            for instant in visibleInstants where instant.lane == lane {
                let ix = x(instant.time)
                let color = Self.colors[instant.category] ?? "#555"
                if instant.category == "dropped" {
                    document.element("path", [("d", "M\(svgNumber(ix - 4)),\(svgNumber(iy + 10)) L\(svgNumber(ix)),\(svgNumber(iy + 1)) L\(svgNumber(ix + 4)),\(svgNumber(iy + 10)) z"),
                                              ("fill", color), ("data-category", "dropped")], title: "\(instant.name) (dropped vsyncs)")
                } else {
                    document.line(x1: ix, y1: iy + 1, x2: ix, y2: iy + 10, stroke: color, width: instant.category == "input" ? 2 : 1,
                                  extra: [("data-category", instant.category)])
                }
            }
        }
        for flow in flows where flow.toTime >= low && flow.fromTime <= high {
            guard let fromTop = laneTop[flow.fromLane], let toTop = laneTop[flow.toLane] else { continue }
            document.line(x1: x(flow.fromTime), y1: fromTop + 6, x2: x(flow.toTime), y2: toTop + 6, stroke: "#555",
                          extra: [("marker-end", "url(#arrow)"), ("data-flow", flow.name)])
        }
        var lx = 8.0
        for category in ["callback", "layout", "display", "timer", "task", "commit", "consume", "transition", "animation", "job", "mark", "frame", "dropped", "input"] {
            document.rect(x: lx, y: legendTop + 10, width: 10, height: 10, fill: Self.colors[category]!)
            document.text(category, x: lx + 13, y: legendTop + 19, size: 9, fill: "#333")
            lx += 13 + Double(category.count) * 6 + 16
        }
        return document.render(title: title)
    }
}
