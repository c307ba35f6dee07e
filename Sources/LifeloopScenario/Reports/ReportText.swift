import Foundation

/// The report as people read it: an aligned table of every metric (min, percentiles,
/// max), the hitch bands, and the failing seeds with the command that re-runs each.
extension ExperimentReport {
    /// The report as an aligned text table, as `lifeloop experiment --format text` prints it.
    public func text() -> String {
        var out = "scenario \(scenarioName) (\(scenarioHash)), \(clock) clock, seeds \(formatRanges(seedRanges)): "
        out += "\(runs) run\(runs == 1 ? "" : "s"), \(failed) failed\n"
        if !duplicateRanges.isEmpty { out += "seeds run more than once: \(formatRanges(duplicateRanges))\n" }
        let header = ["metric", "unit", "scope", "n", "min", "p50", "p90", "p95", "p99", "max"]
        var rows: [[String]] = []
        for metric in metrics.sorted {
            let values = metric.values
            func shown(_ value: Int64) -> String {
                let number = metric.display(value)
                return metric.unit == .count ? formatNumber(number) : String(format: "%.3f", number)
            }
            rows.append([metric.name, displayUnit(metric.unit), metric.scope.rawValue, "\(values.count)", shown(values.min),
                         shown(values.value(atPercentile: 50)), shown(values.value(atPercentile: 90)),
                         shown(values.value(atPercentile: 95)), shown(values.value(atPercentile: 99)), shown(values.max)])
        }
        out += alignedTable(header: header, rows: rows)
        let bands = metrics.sorted.filter { $0.name.hasSuffix(".hitchTimeRatio") }
        if !bands.isEmpty {
            out += "hitch time ratio (median over seeds; Apple's bands: good ≤ 10 ms/s, warning ≤ 25, critical above):\n"
            for metric in bands {
                let median = metric.display(metric.values.median)
                let window = String(metric.name.dropLast(".hitchTimeRatio".count))
                out += "  \(window): \(String(format: "%.1f", median)) ms/s, \(HitchBand(msPerSecond: median).rawValue)\n"
            }
        }
        if failed > 0 {
            out += "failing seeds (\(failed)\(failed > UInt64(failures.count) ? ", first \(failures.count) listed" : "")):\n"
            for failure in failures {
                out += "  seed \(failure.seed): \(failure.message)\n    re-run: \(failure.rerun)\n"
            }
        }
        if !appearances.isEmpty {
            out += "appearances drawn (\(appearances.count)):\n"
            out += alignedTable(header: ["appearance", "seeds", "failed"],
                                rows: appearances.map { [$0.name, "\($0.runs)", "\($0.failed)"] })
        }
        if !properties.isEmpty { out += propertiesText() }
        return out
    }

    /// The properties: those that failed, those never reached, then the rest.
    func propertiesText() -> String {
        var out = "properties (\(properties.count)):\n"
        let failed = properties.filter(\.failed)
        let never = properties.filter(\.neverReached)
        for tally in failed {
            let seeds = tally.failedSeeds.map(String.init).joined(separator: ", ")
            let more = tally.reached - tally.held > UInt64(tally.failedSeeds.count) ? ", …" : ""
            out += "  FAILED always '\(tally.name)': not held in \(tally.reached - tally.held) of \(tally.reached) seeds (seeds \(seeds)\(more))"
            out += tally.capsule.map { "; capsule \($0)" } ?? ""
            out += "\n"
        }
        for tally in never {
            let what = tally.kind == .sometimes ? "never true (reached in \(tally.reached) seeds)" : "never reached"
            out += "  NEVER REACHED \(tally.kind.rawValue) '\(tally.name)': \(what)\n"
        }
        for tally in properties where !tally.failed && !tally.neverReached {
            out += "  ok \(tally.kind.rawValue) '\(tally.name)': held in \(tally.held) of \(tally.reached) seeds that reached it\n"
        }
        return out
    }
}

/// Columns padded to their widest cell; the first left-aligned, the others right-aligned.
func alignedTable(header: [String], rows: [[String]]) -> String {
    var widths = header.map(\.count)
    for row in rows {
        for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
            return index == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ") + "\n"
    }
    return line(header) + rows.map(line).joined()
}
