import Lifeloop

/// Per-seed rows, streamed as seeds finish: CSV (one row per seed and window) or JSON
/// Lines (one object per seed). Columns are fixed, so files from shards concatenate.
public enum SeedRowFormat: String, Sendable, CaseIterable {
    /// Comma-separated values with a header line, one row per seed and window.
    case csv
    /// JSON Lines, one object per seed.
    case jsonl
}

/// The per-seed rows' fixed forms: the CSV header and the row of each seed.
public enum SeedRows {
    /// The CSV header line.
    public static let csvHeader = "seed,status,window,frameCount,droppedFrames,droppedFramesPercent,hitchTimeRatio,"
        + "frameDurationCpuP50Ms,frameDurationCpuP90Ms,frameDurationCpuP95Ms,frameDurationCpuP99Ms,"
        + "frameOverrunP50Ms,frameOverrunP90Ms,frameOverrunP95Ms,frameOverrunP99Ms,launchFirstCommitMs,launchSettleMs,digest,style,contentSize\n"

    /// The rows of one run.
    public static func render(_ result: RunResult, format: SeedRowFormat) -> String {
        switch format {
        case .csv: return csv(result)
        case .jsonl: return jsonLine(result)
        }
    }

    private static func ms(_ metric: Metric?) -> String {
        guard let metric, metric.values.count > 0 else { return "" }
        return jsonNumber(metric.display(metric.values.max))
    }

    private static func csv(_ result: RunResult) -> String {
        let status = result.status.isPassed ? "passed" : "failed"
        let digest = result.digest?.description ?? ""
        let launch = ms(result.metrics["launch.firstCommitMs"]) + "," + ms(result.metrics["launch.settleMs"])
        let appearance = result.appearance.map { "\($0.styleName),\($0.contentSize.name)" } ?? ","
        var out = ""
        for frames in result.windows {
            var cells = ["\(result.seed)", status, csvField(frames.window), "\(frames.frameCount)", "\(frames.droppedFrames)",
                         jsonNumber(Double(frames.droppedPercentMilli) / 1000), jsonNumber(Double(frames.hitchRatioMilli) / 1000)]
            for histogram in [frames.frameDurationCpu, frames.frameOverrun] {
                for percentile in [50.0, 90, 95, 99] {
                    cells.append(histogram.count == 0 ? "" : jsonNumber(Double(histogram.value(atPercentile: percentile)) / 1e6))
                }
            }
            out += cells.joined(separator: ",") + "," + launch + "," + digest + "," + appearance + "\n"
        }
        return out
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func jsonLine(_ result: RunResult) -> String {
        var out = "{\"seed\": \(result.seed), \"status\": \(jsonString(result.status.isPassed ? "passed" : "failed"))"
        if case .failed(let message) = result.status { out += ", \"message\": \(jsonString(message))" }
        if let digest = result.digest { out += ", \"digest\": \(jsonString(digest.description))" }
        if let appearance = result.appearance {
            out += ", \"appearance\": {\"style\": \(jsonString(appearance.styleName)), \"contentSize\": \(jsonString(appearance.contentSize.name))}"
        }
        out += ", \"metrics\": {"
        out += result.metrics.sorted.filter { $0.scope == .seed }.map {
            "\(jsonString($0.name)): \(jsonNumber($0.display($0.values.max)))"
        }.joined(separator: ", ")
        return out + "}}\n"
    }
}
