import Foundation
import LifeloopCore

/// The report's JSON form (schema version 1): a fixed key order and fixed number
/// formatting, so the same runs always give the same bytes. `docs/report-format.md`
/// documents every field.
extension ExperimentReport {
    /// The report as JSON, with a context block.
    /// - Parameter context: Extra context fields (shard, requested seeds, machine), in order.
    public func json(context: [(String, String)] = []) -> String {
        var out = "{\n  \"schemaVersion\": \(Self.schemaVersion),\n  \"context\": {\n"
        var fields: [(String, String)] = [
            ("lifeloopVersion", jsonString(LifeloopVersion.string)),
            ("scenario", jsonString(scenarioName)),
            ("scenarioHash", jsonString(scenarioHash)),
            ("clock", jsonString(clock)),
        ]
        fields += context
        out += fields.map { "    \(jsonString($0.0)): \($0.1)" }.joined(separator: ",\n")
        out += "\n  },\n"
        out += "  \"runs\": \(runs),\n  \"failed\": \(failed),\n"
        out += "  \"seedRanges\": \(rangesJSON(seedRanges)),\n"
        out += "  \"duplicateSeedRanges\": \(rangesJSON(duplicateRanges)),\n"
        out += "  \"failures\": ["
        out += failures.map {
            "\n    {\"seed\": \($0.seed), \"message\": \(jsonString($0.message)), \"rerun\": \(jsonString($0.rerun))}"
        }.joined(separator: ",")
        out += failures.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"slowestSeeds\": ["
        out += slowest.map {
            "\n    {\"seed\": \($0.seed), \"hitchNs\": \($0.hitchNanoseconds), \"longestFrameNs\": \($0.longestFrameNanoseconds)}"
        }.joined(separator: ",")
        out += slowest.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"metrics\": {"
        out += metrics.sorted.map { "\n    \(jsonString($0.name)): \(metricJSON($0))" }.joined(separator: ",")
        out += metrics.metrics.isEmpty ? "}\n}\n" : "\n  }\n}\n"
        return out
    }

    private func rangesJSON(_ ranges: [ClosedRange<UInt64>]) -> String {
        "[" + ranges.map { "[\($0.lowerBound), \($0.upperBound)]" }.joined(separator: ", ") + "]"
    }

    private func metricJSON(_ metric: Metric) -> String {
        let values = metric.values
        func shown(_ value: Int64) -> String { jsonNumber(metric.display(value)) }
        var out = "{\"unit\": \(jsonString(displayUnit(metric.unit))), \"scope\": \(jsonString(metric.scope.rawValue)), "
        out += "\"count\": \(values.count), \"min\": \(shown(values.min)), \"median\": \(shown(values.median)), "
        out += "\"max\": \(shown(values.max)), "
        for percentile in [50, 90, 95, 99] {
            out += "\"p\(percentile)\": \(shown(values.value(atPercentile: Double(percentile)))), "
        }
        out += "\"histogram\": {\"unit\": \(jsonString(metric.unit.rawValue)), \"count\": \(values.count), "
        out += "\"min\": \(values.min), \"max\": \(values.max), \"sum\": \(values.sum), \"buckets\": ["
        out += values.buckets.map { "[\($0.value), \($0.count)]" }.joined(separator: ", ")
        out += "]}}"
        return out
    }

    /// Reads a report back, as `lifeloop merge` does.
    /// - Throws: ``ScenarioError`` naming the file and the field that is missing or wrong.
    public static func parse(_ data: Data, file: String) throws(ScenarioError) -> ExperimentReport {
        func fail(_ field: String, _ message: String) -> ScenarioError {
            ScenarioError(file: file, field: field, message: message)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("", "not a JSON report: \(error.localizedDescription)")
        }
        guard let top = object as? [String: Any] else { throw fail("", "not a JSON report: the top level is not an object") }
        guard let version = (top["schemaVersion"] as? NSNumber)?.intValue else { throw fail("schemaVersion", "missing") }
        guard version == schemaVersion else {
            throw fail("schemaVersion", "schema version \(version) is not supported by this reader (it reads \(schemaVersion))")
        }
        guard let context = top["context"] as? [String: Any] else { throw fail("context", "missing") }
        guard let name = context["scenario"] as? String else { throw fail("context.scenario", "missing") }
        guard let hash = context["scenarioHash"] as? String else { throw fail("context.scenarioHash", "missing") }
        guard let clock = context["clock"] as? String else { throw fail("context.clock", "missing") }
        var report = ExperimentReport(scenarioName: name, scenarioHash: hash, clock: clock)
        func ranges(_ key: String) throws(ScenarioError) -> [ClosedRange<UInt64>] {
            guard let list = top[key] as? [[NSNumber]] else { throw fail(key, "missing or not a list of [from, to] pairs") }
            var out: [ClosedRange<UInt64>] = []
            for pair in list {
                guard pair.count == 2, pair[0].uint64Value <= pair[1].uint64Value else {
                    throw fail(key, "a range is not [from, to] with from ≤ to")
                }
                out.append(pair[0].uint64Value...pair[1].uint64Value)
            }
            return out
        }
        report.seedRanges = try ranges("seedRanges")
        report.duplicateRanges = try ranges("duplicateSeedRanges")
        guard let runs = (top["runs"] as? NSNumber)?.uint64Value else { throw fail("runs", "missing") }
        guard let failed = (top["failed"] as? NSNumber)?.uint64Value else { throw fail("failed", "missing") }
        report.runs = runs
        report.failed = failed
        guard let failures = top["failures"] as? [[String: Any]] else { throw fail("failures", "missing") }
        for (index, entry) in failures.enumerated() {
            guard let seed = (entry["seed"] as? NSNumber)?.uint64Value, let message = entry["message"] as? String,
                  let rerun = entry["rerun"] as? String else {
                throw fail("failures[\(index)]", "needs seed, message and rerun")
            }
            report.failures.append(SeedFailure(seed: seed, message: message, rerun: rerun))
        }
        // Optional: reports written before the report page existed have none.
        if let slowest = top["slowestSeeds"] as? [[String: Any]] {
            for (index, entry) in slowest.enumerated() {
                guard let seed = (entry["seed"] as? NSNumber)?.uint64Value, let hitch = (entry["hitchNs"] as? NSNumber)?.int64Value,
                      let longest = (entry["longestFrameNs"] as? NSNumber)?.int64Value else {
                    throw fail("slowestSeeds[\(index)]", "needs seed, hitchNs and longestFrameNs")
                }
                report.slowest.append(SlowSeed(seed: seed, hitchNanoseconds: hitch, longestFrameNanoseconds: longest))
            }
        }
        guard let metrics = top["metrics"] as? [String: Any] else { throw fail("metrics", "missing") }
        for name in metrics.keys.sorted() {
            let field = "metrics.\(name)"
            guard let entry = metrics[name] as? [String: Any], let scopeText = entry["scope"] as? String,
                  let scope = MetricScope(rawValue: scopeText), let histogram = entry["histogram"] as? [String: Any],
                  let unitText = histogram["unit"] as? String, let unit = MetricUnit(rawValue: unitText),
                  let count = (histogram["count"] as? NSNumber)?.uint64Value,
                  let min = (histogram["min"] as? NSNumber)?.int64Value, let max = (histogram["max"] as? NSNumber)?.int64Value,
                  let sum = (histogram["sum"] as? NSNumber)?.int64Value, let bucketList = histogram["buckets"] as? [[NSNumber]]
            else { throw fail(field, "needs scope and a histogram with unit, count, min, max, sum and buckets") }
            var buckets: [(value: Int64, count: UInt64)] = []
            for pair in bucketList {
                guard pair.count == 2 else { throw fail(field + ".histogram.buckets", "a bucket is not [value, count]") }
                buckets.append((pair[0].int64Value, pair[1].uint64Value))
            }
            guard buckets.reduce(0, { $0 + $1.count }) == count else {
                throw fail(field + ".histogram", "the bucket counts do not add up to count \(count)")
            }
            let values = ValueHistogram(buckets: buckets, count: count, min: min, max: max, sum: sum)
            report.metrics.add(Metric(name: name, unit: unit, scope: scope, values: values))
        }
        return report
    }
}

/// The unit a metric's shown values are in.
func displayUnit(_ unit: MetricUnit) -> String {
    switch unit {
    case .nanoseconds: return "ms"
    case .count: return "count"
    case .milli: return "ratio"
    }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    JSONText.quoted(text)
}

/// A JSON number: integers without decimals, others with up to six, trailing zeros cut.
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

extension ExperimentReport {
    /// Reads a report file (a shard's result), refusing anything but a regular file of at
    /// most `maxBytes`.
    /// - Throws: ``ScenarioError`` naming the path and the problem.
    public static func load(path: String, maxBytes: Int = 256 << 20) throws(ScenarioError) -> ExperimentReport {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: path, maxBytes: maxBytes)
        } catch {
            throw ScenarioError(file: path, field: "", message: "cannot read the report file: \(error.reason)")
        }
        return try parse(Data(bytes), file: path)
    }
}
