import Foundation
import Lifeloop
import LifeloopPictures

/// The experiment report as one self-contained HTML page: inline SVG and CSS, no script,
/// nothing fetched. The summary table, per window a frame-duration histogram across seeds
/// (P50/P95/P99 marked) and the frame chart of the slowest seed, the latency
/// distributions, the slowest seeds with their timelines, and failing seeds with the
/// commands that replay them.
public enum ReportPage {
    /// The page for `report` of `scenario`. `slowRuns` are re-runs of the report's slowest
    /// seeds with ``RunOptions/timeline`` and ``RunOptions/keepFrames`` on (the runs are
    /// deterministic under the virtual clock, so a re-run is the run).
    public static func html(report: ExperimentReport, scenario: Scenario, slowRuns: [RunResult],
                            rerun: (UInt64) -> String) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(xmlEscaped("Lifeloop experiment: \(report.scenarioName)"))</title>
            <style>
            body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 24px; color: #222; max-width: 1240px; }
            h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ddd; } h3 { font-size: 15px; }
            table { border-collapse: collapse; font-size: 12px; }
            th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
            th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
            .failed { color: #c62828; font-weight: bold; } .passed { color: #2e7d32; font-weight: bold; }
            code { background: #f5f5f5; padding: 1px 4px; } .figure { margin: 12px 0; overflow-x: auto; }
            .note { color: #666; font-size: 12px; }
            </style>
            </head>
            <body>

            """
        let status = report.failed == 0 ? "<span class=\"passed\">all passed</span>"
            : "<span class=\"failed\">\(report.failed) failed</span>"
        page += "<h1>\(xmlEscaped(report.scenarioName))</h1>\n"
        page += "<p>Scenario hash <code>\(xmlEscaped(report.scenarioHash))</code>, \(xmlEscaped(report.clock)) clock, seeds "
        page += "\(xmlEscaped(formatRanges(report.seedRanges))): \(report.runs) runs, \(status). Lifeloop \(LifeloopVersion.string).</p>\n"

        page += "<h2>Summary</h2>\n" + windowTable(report, scenario: scenario)
        page += "<details><summary>Every metric (\(report.metrics.sorted.count))</summary>\n" + summaryTable(report) + "</details>\n"

        page += "<h2>Frames per window</h2>\n"
        let windows = scenario.windows
        for window in windows {
            page += "<h3>Window \(xmlEscaped(window.label)) (\(window.screen.refreshRate) Hz)</h3>\n"
            let period = UInt64(1_000_000_000 / max(1, window.screen.refreshRate))
            if let metric = report.metrics["\(window.label).frames.frameDurationCpuMs"], metric.values.count > 0 {
                page += figure(histogram(metric, title: "Frame work (vsync to commit end) across \(report.runs) seeds, window \(window.label)",
                                         budget: period))
            } else {
                page += "<p class=\"note\">No frames: nothing animated in this window.</p>\n"
            }
            if let slowest = slowRuns.first {
                let frames = slowest.frames.filter { $0.window == window.label }
                if !frames.isEmpty {
                    page += figure(FrameChart(title: "Seed \(slowest.seed) (the slowest), window \(window.label): one bar per frame",
                                              frames: frames).svg())
                }
            }
        }

        let latencies = report.metrics.sorted.filter { $0.name.hasPrefix("latency.") && $0.values.count > 0 }
        page += "<h2>Input latency</h2>\n"
        if latencies.isEmpty { page += "<p class=\"note\">No inputs were measured.</p>\n" }
        for metric in latencies {
            page += figure(histogram(metric, title: "\(metric.name): input to the first frame showing it", budget: nil))
        }

        page += "<h2>Slowest seeds</h2>\n"
        if report.slowest.isEmpty { page += "<p class=\"note\">None recorded.</p>\n" }
        for (index, slow) in report.slowest.enumerated() {
            page += "<h3>Seed \(slow.seed)</h3>\n<p>Hitch time \(formatMs(slow.hitchNanoseconds)) summed over windows; longest frame work "
            page += "\(formatMs(slow.longestFrameNanoseconds)). Replay: <code>\(xmlEscaped(rerun(slow.seed)))</code></p>\n"
            if let run = slowRuns.first(where: { $0.seed == slow.seed }), let timeline = run.timeline, index < slowRuns.count {
                page += figure(timeline.svg(title: "Timeline of seed \(slow.seed)"))
            }
        }

        page += "<h2>Failing seeds</h2>\n"
        if report.failures.isEmpty {
            page += "<p class=\"passed\">None.</p>\n"
        } else {
            page += "<table>\n<tr><th>seed</th><th>failure</th><th>replay</th></tr>\n"
            for failure in report.failures {
                page += "<tr><td>\(failure.seed)</td><td style=\"text-align:left\">\(xmlEscaped(failure.message))</td>"
                page += "<td style=\"text-align:left\"><code>\(xmlEscaped(failure.rerun))</code></td></tr>\n"
            }
            page += "</table>\n"
            if report.failed > UInt64(report.failures.count) {
                page += "<p class=\"note\">\(report.failed) failed; the first \(report.failures.count) are listed.</p>\n"
            }
        }
        page += "</body>\n</html>\n"
        return page
    }

    private static func figure(_ svg: String) -> String {
        "<div class=\"figure\">\n" + svg + "</div>\n"
    }

    /// Per window of `scenario` that presented frames: the histogram of frame work across
    /// the report's seeds, P50/P95/P99 marked, with the window's frame budget.
    public static func frameHistograms(report: ExperimentReport, scenario: Scenario) -> [(window: String, svg: String)] {
        scenario.windows.compactMap { window in
            guard let metric = report.metrics["\(window.label).frames.frameDurationCpuMs"], metric.values.count > 0 else { return nil }
            let period = UInt64(1_000_000_000 / max(1, window.screen.refreshRate))
            return (window.label, histogram(metric, title: "Frame work across \(report.runs) seeds of \(report.scenarioName), window \(window.label)",
                                           budget: period))
        }
    }

    private static func histogram(_ metric: Metric, title: String, budget: UInt64?) -> String {
        let values = metric.values
        return DurationHistogram(
            title: title,
            buckets: values.buckets.map { DurationHistogram.Bucket(value: $0.value, count: $0.count) },
            percentiles: [50, 95, 99].map { DurationHistogram.Marker(name: "P\($0)", value: values.value(atPercentile: Double($0))) },
            budget: budget
        ).svg()
    }

    /// Per window: frames, dropped frames, hitch time ratio with Apple's band, and the
    /// frame work at P99, each the median over seeds (P95 over seeds beside it).
    private static func windowTable(_ report: ExperimentReport, scenario: Scenario) -> String {
        var out = "<table>\n<tr><th>window</th><th>refresh</th><th>frames (median)</th><th>dropped % (median / P95)</th>"
        out += "<th>hitch ms/s (median / P95)</th><th>band</th><th>frame work P99 ms (median / P95)</th></tr>\n"
        for window in scenario.windows {
            let label = window.label
            func figure(_ name: String, _ percentile: Double) -> Double? {
                guard let metric = report.metrics["\(label).\(name)"], metric.values.count > 0 else { return nil }
                return metric.display(metric.values.value(atPercentile: percentile))
            }
            func pair(_ name: String, decimals: Int) -> String {
                guard let median = figure(name, 50), let high = figure(name, 95) else { return "–" }
                return String(format: "%.\(decimals)f / %.\(decimals)f", median, high)
            }
            let band = figure("hitchTimeRatio", 50).map { HitchBand(msPerSecond: $0).rawValue } ?? "–"
            out += "<tr><td>\(xmlEscaped(label))</td><td>\(window.screen.refreshRate) Hz</td>"
            out += "<td>\(figure("frameCount", 50).map { formatNumber($0) } ?? "–")</td><td>\(pair("droppedFramesPercent", decimals: 2))</td>"
            out += "<td>\(pair("hitchTimeRatio", decimals: 1))</td><td>\(band)</td><td>\(pair("frameDurationCpuMs.p99", decimals: 3))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    private static func summaryTable(_ report: ExperimentReport) -> String {
        var out = "<table>\n<tr><th>metric</th><th>unit</th><th>scope</th><th>n</th><th>min</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr>\n"
        for metric in report.metrics.sorted {
            let values = metric.values
            func shown(_ value: Int64) -> String {
                let number = metric.display(value)
                return metric.unit == .count ? formatNumber(number) : String(format: "%.3f", number)
            }
            out += "<tr><td>\(xmlEscaped(metric.name))</td><td>\(metric.unit == .nanoseconds ? "ms" : metric.unit.rawValue)</td>"
            out += "<td>\(metric.scope.rawValue)</td><td>\(values.count)</td><td>\(shown(values.min))</td>"
            out += "<td>\(shown(values.value(atPercentile: 50)))</td><td>\(shown(values.value(atPercentile: 95)))</td>"
            out += "<td>\(shown(values.value(atPercentile: 99)))</td><td>\(shown(values.max))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    private static func formatMs(_ nanoseconds: Int64) -> String {
        String(format: "%.3f ms", Double(nanoseconds) / 1e6)
    }
}
