import Foundation
import LifeloopCore

/// The report's JSON form (schema version 1): a fixed key order and fixed number
/// formatting, so the same runs always give the same bytes. <doc:ReportFormat>
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
        out += metrics.sorted.isEmpty ? "}" : "\n  }"
        if !properties.isEmpty {
            out += ",\n  \"properties\": ["
            out += properties.map { tally in
                var line = "\n    {\"name\": \(jsonString(tally.name)), \"kind\": \(jsonString(tally.kind.rawValue)), "
                line += "\"reached\": \(tally.reached), \"held\": \(tally.held), "
                line += "\"failedSeeds\": [\(tally.failedSeeds.map(String.init).joined(separator: ", "))]"
                if let capsule = tally.capsule { line += ", \"capsule\": \(jsonString(capsule))" }
                return line + "}"
            }.joined(separator: ",")
            out += "\n  ]"
        }
        if !appearances.isEmpty {
            out += ",\n  \"appearances\": ["
            out += appearances.map { "\n    {\"name\": \(jsonString($0.name)), \"runs\": \($0.runs), \"failed\": \($0.failed)}" }
                .joined(separator: ",")
            out += "\n  ]"
        }
        if let digests = digestsText { out += ",\n  \"seedDigests\": \"\(digests)\"" }
        return out + "\n}\n"
    }

    /// Every seed's digest as 16 hex digits, in seed order, joined; nil when some seed was
    /// run twice or a run has no digest (the order would not say which seed is which).
    var digestsText: String? {
        guard duplicateRanges.isEmpty, UInt64(seedDigests.count) == runs, runs > 0 else { return nil }
        let sorted = seedDigests.sorted { $0.seed < $1.seed }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sorted.count * 16)
        let digits = Array("0123456789abcdef".utf8)
        for entry in sorted {
            for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int((entry.digest >> UInt64(shift)) & 0xf)]) }
        }
        return String(decoding: bytes, as: UTF8.self)
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

    /// Reads a report back, as `lifeloop merge` does, refusing anything this version could
    /// not have written: invalid or duplicate-keyed JSON, unknown fields, numbers out of
    /// range or not whole, and figures that disagree (runs against the seed ranges, bucket
    /// counts against a histogram's count, minimum, maximum and sum).
    /// - Throws: ``ScenarioError`` naming the file, the field, and the line and column.
    public static func parse(_ data: Data, file: String) throws(ScenarioError) -> ExperimentReport {
        try ReportReader.read([UInt8](data), file: file)
    }

    /// Reads a report from its bytes, as ``parse(_:file:)``.
    public static func parse(bytes: [UInt8], file: String) throws(ScenarioError) -> ExperimentReport {
        try ReportReader.read(bytes, file: file)
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
        return try ReportReader.read(bytes, file: path)
    }
}
