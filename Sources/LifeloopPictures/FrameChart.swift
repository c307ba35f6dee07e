import Lifeloop

/// One bar per frame, as Android's GPU rendering profile draws them: the frame's work
/// (from its vsync to the end of its commit) against the frame budget (one vsync
/// period), with frames that dropped vsyncs in red and marked.
public struct FrameChart: Sendable, Equatable {
    /// The chart's title.
    public var title: String
    /// The frames, in the order presented (one window's, usually).
    public var frames: [PresentedFrame]

    /// A chart of `frames` under `title`.
    public init(title: String, frames: [PresentedFrame]) {
        self.title = title
        self.frames = frames
    }

    /// The chart as SVG: bars (`data-frame`, `data-dropped`), the budget line
    /// (`data-role="budget"`) and a caption counting dropped frames.
    public func svg() -> String {
        let left = 56.0, right = 16.0, top = 34.0, plotHeight = 180.0, bottom = 40.0
        let barWidth = frames.count > 600 ? 1.0 : frames.count > 200 ? 2.0 : 4.0
        let barGap = barWidth >= 4 ? 1.0 : 0
        let width = max(420, left + right + Double(frames.count) * (barWidth + barGap))
        var document = SVGDocument(width: width, height: top + plotHeight + bottom)
        document.rect(x: 0, y: 0, width: width, height: document.height, fill: "#ffffff")
        document.text(title, x: 8, y: 16, size: 12, fill: "#333")
        let budget = frames.map(\.period).max() ?? 16_666_666
        let longest = frames.map { $0.workEnd - $0.start }.max() ?? 0
        let scaleTop = Double(max(budget * 2, longest)) * 1.1
        func y(_ value: UInt64) -> Double { top + plotHeight - plotHeight * Double(value) / scaleTop }
        document.line(x1: left, y1: top + plotHeight, x2: width - right, y2: top + plotHeight, stroke: "#999")
        document.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: "#999")
        // Axis labels in ms at 0, the budget and the top.
        for value in [UInt64(0), budget, UInt64(scaleTop / 1.1)] {
            document.text(formatMilliseconds(value), x: left - 4, y: y(value) + 3, size: 9, fill: "#555", anchor: "end")
        }
        for (index, frame) in frames.enumerated() {
            let work = frame.workEnd - frame.start
            let bx = left + 1 + Double(index) * (barWidth + barGap)
            let dropped = frame.dropped > 0
            // At least a pixel, so a frame that took no work still shows.
            let barTop = min(y(work), top + plotHeight - 1)
            document.rect(x: bx, y: barTop, width: barWidth, height: top + plotHeight - barTop,
                          fill: dropped ? "#e15759" : (work > frame.period ? "#f28e2b" : "#4e79a7"),
                          extra: [("data-frame", String(index))] + (dropped ? [("data-dropped", String(frame.dropped))] : []),
                          title: "frame \(index) in \(frame.window): work \(formatMilliseconds(work)), frame time \(formatMilliseconds(frame.frameTime))\(dropped ? ", \(frame.dropped) dropped" : "")")
            if dropped {
                document.element("path", [("d", "M\(svgNumber(bx + barWidth / 2 - 3)),\(svgNumber(top + plotHeight + 9)) L\(svgNumber(bx + barWidth / 2)),\(svgNumber(top + plotHeight + 3)) L\(svgNumber(bx + barWidth / 2 + 3)),\(svgNumber(top + plotHeight + 9)) z"), ("fill", "#e15759")])
            }
        }
        document.line(x1: left, y1: y(budget), x2: width - right, y2: y(budget), stroke: "#2ca02c", width: 1.5,
                      extra: [("data-role", "budget")])
        document.text("budget \(formatMilliseconds(budget))", x: width - right, y: y(budget) - 3, size: 9, fill: "#2ca02c", anchor: "end")
        let droppedCount = frames.filter { $0.dropped > 0 }.count
        document.text("\(frames.count) frames, \(droppedCount) with dropped vsyncs (red)", x: left, y: top + plotHeight + 26, size: 10, fill: "#333")
        return document.render(title: title)
    }
}

/// A histogram of durations with percentiles marked: frame durations across seeds, or
/// an input's latency.
public struct DurationHistogram: Sendable, Equatable {
    /// The histogram's title.
    public var title: String
    /// (value in nanoseconds, how many), any order.
    public var buckets: [Bucket]
    /// (name, value in nanoseconds): P50, P95, P99.
    public var percentiles: [Marker]
    /// A budget line (one vsync period), if any.
    public var budget: UInt64?

    /// How many values fell on `value`.
    public struct Bucket: Sendable, Equatable {
        /// The value, in nanoseconds.
        public var value: Int64
        /// How many values fell on it.
        public var count: UInt64
        /// A bucket of `count` values at `value`.
        public init(value: Int64, count: UInt64) { self.value = value; self.count = count }
    }

    /// A named value drawn as a dashed line (a percentile).
    public struct Marker: Sendable, Equatable {
        /// The marker's label (`P50`, `P95`, `P99`).
        public var name: String
        /// Where it is drawn, in nanoseconds.
        public var value: Int64
        /// A marker labelled `name` at `value`.
        public init(name: String, value: Int64) { self.name = name; self.value = value }
    }

    /// A histogram of `buckets` with `percentiles` marked and an optional budget line.
    public init(title: String, buckets: [Bucket], percentiles: [Marker], budget: UInt64? = nil) {
        self.title = title
        self.buckets = buckets
        self.percentiles = percentiles
        self.budget = budget
    }

    /// The histogram as SVG: 40 bins from the smallest value (or 0) to the largest,
    /// percentiles as dashed lines (`data-percentile`).
    public func svg() -> String {
        let width = 560.0, left = 48.0, right = 16.0, top = 34.0, plotHeight = 160.0, bottom = 44.0
        var document = SVGDocument(width: width, height: top + plotHeight + bottom)
        document.rect(x: 0, y: 0, width: width, height: document.height, fill: "#ffffff")
        document.text(title, x: 8, y: 16, size: 12, fill: "#333")
        let values = buckets.map(\.value) + percentiles.map(\.value) + (budget.map { [Int64($0)] } ?? [])
        let low = min(0, values.min() ?? 0)
        let high = max(low + 1, values.max() ?? 1)
        // 40 bins over [low, high].
        let binCount = 40
        var bins = [UInt64](repeating: 0, count: binCount)
        for bucket in buckets {
            let index = min(binCount - 1, Int(Double(bucket.value - low) / Double(high - low) * Double(binCount)))
            bins[max(0, index)] += bucket.count
        }
        let tallest = max(1, bins.max() ?? 1)
        let plotWidth = width - left - right
        func x(_ value: Int64) -> Double { left + plotWidth * Double(value - low) / Double(high - low) }
        for (index, count) in bins.enumerated() where count > 0 {
            let h = plotHeight * Double(count) / Double(tallest)
            document.rect(x: left + plotWidth * Double(index) / Double(binCount), y: top + plotHeight - h,
                          width: plotWidth / Double(binCount) - 1, height: h, fill: "#4e79a7",
                          extra: [("data-count", String(count))])
        }
        document.line(x1: left, y1: top + plotHeight, x2: width - right, y2: top + plotHeight, stroke: "#999")
        document.text(formatSigned(low), x: left, y: top + plotHeight + 14, size: 9, fill: "#555", anchor: "middle")
        document.text(formatSigned(high), x: width - right, y: top + plotHeight + 14, size: 9, fill: "#555", anchor: "end")
        document.text("\(tallest)", x: left - 4, y: top + 8, size: 9, fill: "#555", anchor: "end")
        if let budget {
            document.line(x1: x(Int64(budget)), y1: top, x2: x(Int64(budget)), y2: top + plotHeight, stroke: "#2ca02c",
                          width: 1.5, extra: [("data-role", "budget")])
        }
        for (index, marker) in percentiles.enumerated() {
            let mx = x(marker.value)
            document.line(x1: mx, y1: top, x2: mx, y2: top + plotHeight, stroke: "#e15759",
                          extra: [("stroke-dasharray", "3 2"), ("data-percentile", marker.name)])
            // Near the right edge the label goes to the line's left, so it is not cut off.
            let nearEdge = mx > width - right - 90
            document.text("\(marker.name) \(formatSigned(marker.value))", x: nearEdge ? mx - 2 : mx + 2,
                          y: top + 10 + Double(index) * 11, size: 9, fill: "#e15759", anchor: nearEdge ? "end" : "start")
        }
        let total = buckets.reduce(UInt64(0)) { $0 + $1.count }
        document.text("\(total) values", x: left, y: top + plotHeight + 30, size: 10, fill: "#333")
        return document.render(title: title)
    }
}

/// Signed nanoseconds as milliseconds.
func formatSigned(_ value: Int64) -> String {
    value < 0 ? "-" + formatMilliseconds(UInt64(-value)) : formatMilliseconds(UInt64(value))
}
