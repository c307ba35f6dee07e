import LifeloopCore

/// Reads a JSON report (a shard's result, schema version 1) strictly, as `lifeloop merge`
/// takes it from anyone: through LifeloopCore's ``JSONReader`` (duplicate keys, bad
/// syntax and out-of-range numbers refused, every error with its line and column), with
/// unknown fields refused and every figure checked against the others. A report that reads
/// is one this version of Lifeloop could have written.
///
/// Memory: the file's bytes, the reader's tape (a few words per value) and the histograms
/// built from it, which cost what they list (about 10 bytes a bucket, however far apart the
/// buckets lie: see ``ValueHistogram``); no object per JSON value.
struct ReportReader {
    let file: String
    let document: JSONDocument

    /// Arrays and objects nest six deep in a report; anything deeper is not one.
    static let maxDepth = 8

    static let topFields = ["schemaVersion", "context", "runs", "failed", "seedRanges", "duplicateSeedRanges",
                            "failures", "slowestSeeds", "metrics", "properties", "appearances", "seedDigests"]
    static let contextFields = ["lifeloopVersion", "scenario", "scenarioHash", "clock", "seeds", "shard", "jobs",
                                "machine", "mergedFrom", "seed", "digest", "engine"]
    static let metricFields = ["unit", "scope", "count", "min", "median", "max", "p50", "p90", "p95", "p99", "histogram"]
    static let histogramFields = ["unit", "count", "min", "max", "sum", "buckets"]

    /// Reads and checks a report.
    static func read(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ExperimentReport {
        let document: JSONDocument
        do {
            document = try JSONReader(maxDepth: maxDepth).read(bytes)
        } catch {
            throw ScenarioError(file: file, line: error.line, column: error.column, field: "",
                                message: "not a JSON report: \(error.message)")
        }
        return try ReportReader(file: file, document: document).report()
    }

    // MARK: - Errors

    func fail(_ value: JSONValue?, _ field: String, _ message: String) -> ScenarioError {
        guard let value else { return ScenarioError(file: file, field: field, message: message) }
        let location = value.location
        return ScenarioError(file: file, line: location.line, column: location.column, field: field, message: message)
    }

    /// What a value is, for "found …": `a string`, `the number -1`.
    func found(_ value: JSONValue) -> String {
        switch value.kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .bool: return value.bool == true ? "true" : "false"
        case .null: return "null"
        case .number: return "the number \(numberText(value))"
        }
    }

    /// A number as written in the file (at most 40 characters of it).
    func numberText(_ value: JSONValue) -> String {
        let bytes = document.bytes
        var end = value.byteOffset
        while end < bytes.count, end - value.byteOffset < 40,
              bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: ".")
                || bytes[end] | 0x20 == UInt8(ascii: "e") || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) {
            end += 1
        }
        return String(decoding: bytes[value.byteOffset..<end], as: UTF8.self)
    }

    // MARK: - Values

    /// An object's members, looked up by the fields it may have; an unknown one is refused.
    struct Fields {
        let reader: ReportReader
        let object: JSONValue
        let field: String
        let names: [String]
        let values: [JSONValue?]

        subscript(name: String) -> JSONValue? {
            guard let position = names.firstIndex(of: name) else { return nil }
            return values[position]
        }

        /// The member `name`, or an error at the object saying it is missing.
        func required(_ name: String) throws(ScenarioError) -> JSONValue {
            guard let value = self[name] else { throw reader.fail(object, path(name), "missing") }
            return value
        }

        func path(_ name: String) -> String { field.isEmpty ? name : field + "." + name }
    }

    func object(_ value: JSONValue, _ field: String, allowed: [String]) throws(ScenarioError) -> Fields {
        guard value.kind == .object else {
            throw fail(value, field, field.isEmpty ? "not a JSON report: the top level is not an object"
                                                   : "expected an object, found \(found(value))")
        }
        var values = [JSONValue?](repeating: nil, count: allowed.count)
        for member in value.members {
            guard let position = allowed.firstIndex(where: { member.key.isString($0) }) else {
                let name = member.name
                throw fail(member.key, field.isEmpty ? name : field + "." + name,
                           "unknown field \(JSONText.quoted(name)); allowed fields: \(allowed.joined(separator: ", "))")
            }
            values[position] = member.value
        }
        return Fields(reader: self, object: value, field: field, names: allowed, values: values)
    }

    func string(_ value: JSONValue, _ field: String) throws(ScenarioError) -> String {
        guard let text = value.string else { throw fail(value, field, "expected a string, found \(found(value))") }
        return text
    }

    func unsigned(_ value: JSONValue, _ field: String) throws(ScenarioError) -> UInt64 {
        guard let number = value.uint64 else {
            throw fail(value, field, "expected a whole number from 0 to \(UInt64.max), found \(found(value))")
        }
        return number
    }

    func signed(_ value: JSONValue, _ field: String) throws(ScenarioError) -> Int64 {
        guard let number = value.int64 else {
            throw fail(value, field, "expected a whole number from \(Int64.min) to \(Int64.max), found \(found(value))")
        }
        return number
    }

    /// A whole number within `range`.
    func integer(_ value: JSONValue, _ field: String, _ range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard let number = value.int, range.contains(number) else {
            let bound = range.upperBound == Int.max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw fail(value, field, "expected a whole number \(bound), found \(found(value))")
        }
        return number
    }

    func array(_ value: JSONValue, _ field: String) throws(ScenarioError) -> JSONElements {
        guard value.kind == .array else { throw fail(value, field, "expected an array, found \(found(value))") }
        return value.elements
    }

    /// `[from, to]` with from ≤ to.
    func range(_ value: JSONValue, _ field: String) throws(ScenarioError) -> ClosedRange<UInt64> {
        guard value.kind == .array, value.count == 2 else {
            throw fail(value, field, "expected a range [from, to], found \(value.kind == .array ? "\(value.count) elements" : found(value))")
        }
        var bounds: [UInt64] = []
        for (index, element) in value.elements.enumerated() { bounds.append(try unsigned(element, "\(field)[\(index)]")) }
        guard bounds[0] <= bounds[1] else { throw fail(value, field, "the range [\(bounds[0]), \(bounds[1])] ends before it starts") }
        return bounds[0]...bounds[1]
    }

    /// A list of ranges, sorted and disjoint (adjacent ones joined).
    func ranges(_ value: JSONValue, _ field: String) throws(ScenarioError) -> [ClosedRange<UInt64>] {
        var out: [ClosedRange<UInt64>] = []
        for (index, element) in try array(value, field).enumerated() {
            let range = try self.range(element, "\(field)[\(index)]")
            if let last = out.last {
                guard range.lowerBound > last.upperBound else {
                    throw fail(element, "\(field)[\(index)]", "ranges must be sorted and must not overlap: "
                               + "[\(range.lowerBound), \(range.upperBound)] follows [\(last.lowerBound), \(last.upperBound)]")
                }
                if last.upperBound + 1 == range.lowerBound {
                    out[out.count - 1] = last.lowerBound...range.upperBound
                    continue
                }
            }
            out.append(range)
        }
        return out
    }

    /// The seeds `ranges` hold, which may be 2^64.
    static func seedCount(_ ranges: [ClosedRange<UInt64>]) -> UInt128 {
        ranges.reduce(UInt128(0)) { $0 + UInt128($1.upperBound - $1.lowerBound) + 1 }
    }

    /// Whether `ranges` (sorted, joined) hold `seed`.
    static func covers(_ ranges: [ClosedRange<UInt64>], _ seed: UInt64) -> Bool {
        ranges.contains { $0.contains(seed) }
    }

    // MARK: - The report

    func report() throws(ScenarioError) -> ExperimentReport {
        let root = document.root
        let top = try object(root, "", allowed: Self.topFields)
        let versionValue = try top.required("schemaVersion")
        let version = try integer(versionValue, "schemaVersion", Int.min...Int.max)
        guard version == ExperimentReport.schemaVersion else {
            throw fail(versionValue, "schemaVersion", "schema version \(version) is not supported by this reader "
                       + "(it reads \(ExperimentReport.schemaVersion))")
        }
        let contextValue = try top.required("context")
        let context = try object(contextValue, "context", allowed: Self.contextFields)
        let name = try string(try context.required("scenario"), "context.scenario")
        let hash = try string(try context.required("scenarioHash"), "context.scenarioHash")
        let clockValue = try context.required("clock")
        let clock = try string(clockValue, "context.clock")
        guard ClockMode(rawValue: clock) != nil else {
            throw fail(clockValue, "context.clock", "expected \(ClockMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), found \"\(clock)\"")
        }
        _ = try string(try context.required("lifeloopVersion"), "context.lifeloopVersion")
        var report = ExperimentReport(scenarioName: name, scenarioHash: hash, clock: clock)

        // Seeds and runs.
        let seedRangesValue = try top.required("seedRanges")
        report.seedRanges = try ranges(seedRangesValue, "seedRanges")
        let duplicatesValue = try top.required("duplicateSeedRanges")
        report.duplicateRanges = try ranges(duplicatesValue, "duplicateSeedRanges")
        for (index, range) in report.duplicateRanges.enumerated()
        where !report.seedRanges.contains(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }) {
            throw fail(duplicatesValue, "duplicateSeedRanges[\(index)]",
                       "seeds \(range.lowerBound)..\(range.upperBound) run more than once are not all in seedRanges")
        }
        let runsValue = try top.required("runs")
        report.runs = try unsigned(runsValue, "runs")
        let covered = Self.seedCount(report.seedRanges)
        let again = Self.seedCount(report.duplicateRanges)
        if again == 0 {
            guard UInt128(report.runs) == covered else {
                throw fail(runsValue, "runs", "\(report.runs) runs, but seedRanges hold \(covered) seeds")
            }
        } else {
            guard UInt128(report.runs) >= covered + again else {
                throw fail(runsValue, "runs", "\(report.runs) runs, fewer than the \(covered) seeds of seedRanges "
                           + "and the \(again) of duplicateSeedRanges run again")
            }
        }
        let failedValue = try top.required("failed")
        report.failed = try unsigned(failedValue, "failed")
        guard report.failed <= report.runs else {
            throw fail(failedValue, "failed", "\(report.failed) failed, more than the \(report.runs) runs")
        }
        try checkContext(context, report: report)

        // Failures and the slowest seeds.
        let failuresValue = try top.required("failures")
        for (index, entry) in try array(failuresValue, "failures").enumerated() {
            let field = "failures[\(index)]"
            let fields = try object(entry, field, allowed: ["seed", "message", "rerun"])
            let seedValue = try fields.required("seed")
            let seed = try unsigned(seedValue, field + ".seed")
            guard Self.covers(report.seedRanges, seed) else { throw fail(seedValue, field + ".seed", "seed \(seed) is not in seedRanges") }
            report.failures.append(SeedFailure(seed: seed, message: try string(try fields.required("message"), field + ".message"),
                                               rerun: try string(try fields.required("rerun"), field + ".rerun")))
        }
        let listed = min(report.failed, UInt64(ExperimentReport.maxListedFailures))
        guard UInt64(report.failures.count) == listed else {
            throw fail(failuresValue, "failures", "lists \(report.failures.count) failures, but failed is \(report.failed) "
                       + "(the first \(ExperimentReport.maxListedFailures) are listed)")
        }
        // Optional: reports written before the report page existed have none.
        if let slowestValue = top["slowestSeeds"] {
            for (index, entry) in try array(slowestValue, "slowestSeeds").enumerated() {
                let field = "slowestSeeds[\(index)]"
                guard index < ExperimentReport.maxSlowSeeds, UInt64(index) < report.runs else {
                    throw fail(entry, field, "lists more than \(min(UInt64(ExperimentReport.maxSlowSeeds), report.runs)) seeds")
                }
                let fields = try object(entry, field, allowed: ["seed", "hitchNs", "longestFrameNs"])
                let seedValue = try fields.required("seed")
                let seed = try unsigned(seedValue, field + ".seed")
                guard Self.covers(report.seedRanges, seed) else { throw fail(seedValue, field + ".seed", "seed \(seed) is not in seedRanges") }
                let hitchValue = try fields.required("hitchNs")
                let hitch = try signed(hitchValue, field + ".hitchNs")
                guard hitch >= 0 else { throw fail(hitchValue, field + ".hitchNs", "hitch time cannot be negative, found \(hitch)") }
                let longest = try signed(try fields.required("longestFrameNs"), field + ".longestFrameNs")
                report.slowest.append(SlowSeed(seed: seed, hitchNanoseconds: hitch, longestFrameNanoseconds: longest))
            }
        }

        // Metrics.
        let metricsValue = try top.required("metrics")
        guard metricsValue.kind == .object else {
            throw fail(metricsValue, "metrics", "expected an object, found \(found(metricsValue))")
        }
        for member in metricsValue.members {
            let name = member.name
            guard !name.isEmpty else { throw fail(member.key, "metrics", "a metric's name is empty") }
            report.metrics.add(try metric(member.value, name: name, field: "metrics.\(name)"))
        }
        // Optional: reports of scenarios without properties have none.
        if let propertiesValue = top["properties"] {
            for (index, entry) in try array(propertiesValue, "properties").enumerated() {
                let field = "properties[\(index)]"
                let fields = try object(entry, field, allowed: ["name", "kind", "reached", "held", "failedSeeds", "capsule"])
                let name = try string(try fields.required("name"), field + ".name")
                let kindValue = try fields.required("kind")
                guard let kind = ScenarioProperty.Kind(rawValue: try string(kindValue, field + ".kind")) else {
                    throw fail(kindValue, field + ".kind", "expected \"always\", \"sometimes\" or \"reachable\"")
                }
                var tally = PropertyTally(name: name, kind: kind)
                tally.reached = try unsigned(try fields.required("reached"), field + ".reached")
                let heldValue = try fields.required("held")
                tally.held = try unsigned(heldValue, field + ".held")
                guard tally.held <= tally.reached, tally.reached <= report.runs else {
                    throw fail(heldValue, field, "held \(tally.held) of reached \(tally.reached) in \(report.runs) runs: held ≤ reached ≤ runs")
                }
                let seedsValue = try fields.required("failedSeeds")
                for (position, seedValue) in try array(seedsValue, field + ".failedSeeds").enumerated() {
                    let seed = try unsigned(seedValue, field + ".failedSeeds[\(position)]")
                    guard Self.covers(report.seedRanges, seed) else { throw fail(seedValue, field + ".failedSeeds", "seed \(seed) is not in seedRanges") }
                    tally.failedSeeds.append(seed)
                }
                guard kind == .always || tally.failedSeeds.isEmpty, tally.failedSeeds.count <= PropertyTally.maxListedSeeds,
                      UInt64(tally.failedSeeds.count) == min(tally.reached - tally.held, UInt64(PropertyTally.maxListedSeeds)) || kind != .always else {
                    throw fail(seedsValue, field + ".failedSeeds", "lists \(tally.failedSeeds.count) seeds; an always property lists its first "
                               + "\(PropertyTally.maxListedSeeds) failing seeds, other kinds none")
                }
                if let capsule = fields["capsule"] { tally.capsule = try string(capsule, field + ".capsule") }
                report.properties.append(tally)
            }
        }
        // Optional: only a scenario whose seeds draw their appearance has them.
        if let appearancesValue = top["appearances"] {
            var total: UInt64 = 0
            for (index, entry) in try array(appearancesValue, "appearances").enumerated() {
                let field = "appearances[\(index)]"
                let fields = try object(entry, field, allowed: ["name", "runs", "failed"])
                let name = try string(try fields.required("name"), field + ".name")
                let runs = try unsigned(try fields.required("runs"), field + ".runs")
                let failedValue = try fields.required("failed")
                let failed = try unsigned(failedValue, field + ".failed")
                guard failed <= runs else { throw fail(failedValue, field, "failed \(failed) of \(runs) runs: failed ≤ runs") }
                guard !report.appearances.contains(where: { $0.name == name }) else {
                    throw fail(entry, field + ".name", "'\(name)' is listed twice")
                }
                total = total.addingReportingOverflow(runs).partialValue
                guard total <= report.runs else { throw fail(entry, field + ".runs", "the appearances count more runs than the report's \(report.runs)") }
                report.noteAppearance(AppearanceTally(name: name, runs: runs, failed: failed))
            }
        }
        // Optional: reports written before seeds had digests have none.
        if let digestsValue = top["seedDigests"] { report.seedDigests = try digests(digestsValue, report: report) }
        return report
    }

    /// `seedDigests`: 16 hex digits per seed of `seedRanges`, in order.
    func digests(_ value: JSONValue, report: ExperimentReport) throws(ScenarioError) -> [SeedDigest] {
        let text = try string(value, "seedDigests")
        guard report.duplicateRanges.isEmpty else {
            throw fail(value, "seedDigests", "a report with seeds run more than once has no seed digests")
        }
        let bytes = Array(text.utf8)
        guard UInt128(bytes.count) == Self.seedCount(report.seedRanges) * 16 else {
            throw fail(value, "seedDigests", "\(bytes.count) hex digits, but the \(Self.seedCount(report.seedRanges)) seeds of seedRanges need 16 each")
        }
        var out: [SeedDigest] = []
        out.reserveCapacity(bytes.count / 16)
        var offset = 0
        for range in report.seedRanges {
            var seed = range.lowerBound
            while true {
                var digest: UInt64 = 0
                for byte in bytes[offset..<(offset + 16)] {
                    let digit: UInt8
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                    default: throw fail(value, "seedDigests", "expected lowercase hex digits, found '\(Character(UnicodeScalar(byte)))' at \(offset)")
                    }
                    digest = digest << 4 | UInt64(digit)
                }
                out.append(SeedDigest(seed: seed, digest: digest))
                offset += 16
                if seed == range.upperBound { break }
                seed += 1
            }
        }
        return out
    }

    /// The context fields past scenario, hash and clock: their shapes, and the seeds they
    /// say were run against `seedRanges`.
    func checkContext(_ context: Fields, report: ExperimentReport) throws(ScenarioError) {
        var requested: ClosedRange<UInt64>?
        if let value = context["seeds"] {
            let seeds = try range(value, "context.seeds")
            requested = seeds
            for range in report.seedRanges where range.lowerBound < seeds.lowerBound || range.upperBound > seeds.upperBound {
                throw fail(value, "context.seeds", "seeds \(range.lowerBound)..\(range.upperBound) of seedRanges are outside "
                           + "the seeds asked for, \(seeds.lowerBound)..\(seeds.upperBound)")
            }
        }
        if let value = context["shard"] {
            let fields = try object(value, "context.shard", allowed: ["index", "count"])
            let count = try integer(try fields.required("count"), "context.shard.count", 1...Int.max)
            let index = try integer(try fields.required("index"), "context.shard.index", 0...(count - 1))
            if let requested {
                let block = ShardResolver.seeds(of: requested, shard: Shard(index: index, count: count))
                guard let block, report.seedRanges == [block] else {
                    let expected = block.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none"
                    throw fail(value, "context.shard", "shard \(index)/\(count) of seeds \(requested.lowerBound)..\(requested.upperBound) "
                               + "runs seeds \(expected), but seedRanges are \(formatRanges(report.seedRanges))")
                }
            }
        }
        if let value = context["jobs"] { _ = try integer(value, "context.jobs", 1...Int.max) }
        if let value = context["machine"] {
            let fields = try object(value, "context.machine", allowed: ["cpuCoreCount", "os"])
            if let cores = fields["cpuCoreCount"] { _ = try integer(cores, "context.machine.cpuCoreCount", 0...Int.max) }
            if let os = fields["os"] { _ = try string(os, "context.machine.os") }
        }
        if let value = context["mergedFrom"] { _ = try integer(value, "context.mergedFrom", 1...Int.max) }
        if let value = context["seed"] {
            let seed = try unsigned(value, "context.seed")
            guard report.seedRanges == [seed...seed] else {
                throw fail(value, "context.seed", "a run of seed \(seed), but seedRanges are \(formatRanges(report.seedRanges))")
            }
        }
        if let value = context["digest"] { _ = try string(value, "context.digest") }
        if let value = context["engine"] { _ = try SweepEngine.read(value, reader: self) }
    }

    /// One metric: its histogram, and the shown figures checked against it.
    func metric(_ value: JSONValue, name: String, field: String) throws(ScenarioError) -> Metric {
        let fields = try object(value, field, allowed: Self.metricFields)
        let scopeValue = try fields.required("scope")
        let scopeText = try string(scopeValue, field + ".scope")
        guard let scope = MetricScope(rawValue: scopeText) else {
            throw fail(scopeValue, field + ".scope", "expected \"frame\", \"seed\" or \"sample\", found \"\(scopeText)\"")
        }
        let histogramValue = try fields.required("histogram")
        let histogramField = field + ".histogram"
        let histogram = try object(histogramValue, histogramField, allowed: Self.histogramFields)
        let unitValue = try histogram.required("unit")
        let unitText = try string(unitValue, histogramField + ".unit")
        guard let unit = MetricUnit(rawValue: unitText) else {
            throw fail(unitValue, histogramField + ".unit", "expected \"ns\", \"count\" or \"milli\", found \"\(unitText)\"")
        }
        let countValue = try histogram.required("count")
        let count = try unsigned(countValue, histogramField + ".count")
        let minValue = try histogram.required("min")
        let min = try signed(minValue, histogramField + ".min")
        let maxValue = try histogram.required("max")
        let max = try signed(maxValue, histogramField + ".max")
        let sumValue = try histogram.required("sum")
        let sum = try signed(sumValue, histogramField + ".sum")
        let bucketsValue = try histogram.required("buckets")
        let bucketsField = histogramField + ".buckets"
        var buckets: [(value: Int64, count: UInt64)] = []
        // At most `count` buckets (each holds at least one value): checked before reserving.
        let listed = bucketsValue.count
        if UInt64(listed) <= count { buckets.reserveCapacity(listed) }
        for (index, pair) in try array(bucketsValue, bucketsField).enumerated() {
            guard pair.kind == .array, pair.count == 2 else {
                throw fail(pair, "\(bucketsField)[\(index)]", "expected a bucket [value, count], found "
                           + (pair.kind == .array ? "\(pair.count) elements" : found(pair)))
            }
            var elements = pair.elements.makeIterator()
            guard let valueElement = elements.next(), let countElement = elements.next() else { continue }
            buckets.append((try signed(valueElement, "\(bucketsField)[\(index)][0]"),
                            try unsigned(countElement, "\(bucketsField)[\(index)][1]")))
        }
        let values: ValueHistogram
        do {
            values = try ValueHistogram(buckets: buckets, count: count, min: min, max: max, sum: sum)
        } catch {
            let (at, where_): (JSONValue, String)
            switch error.field {
            case .count: (at, where_) = (countValue, histogramField + ".count")
            case .min: (at, where_) = (minValue, histogramField + ".min")
            case .max: (at, where_) = (maxValue, histogramField + ".max")
            case .sum: (at, where_) = (sumValue, histogramField + ".sum")
            case .buckets: (at, where_) = (bucketsValue, bucketsField)
            case .bucketValue(let index): (at, where_) = (bucketElement(bucketsValue, index, 0), "\(bucketsField)[\(index)][0]")
            case .bucketCount(let index): (at, where_) = (bucketElement(bucketsValue, index, 1), "\(bucketsField)[\(index)][1]")
            }
            throw fail(at, where_, error.message)
        }
        let metric = Metric(name: name, unit: unit, scope: scope, values: values)
        try checkShown(fields, metric: metric, field: field)
        return metric
    }

    /// Element `element` of bucket `index` (for an error's position); the list itself when absent.
    func bucketElement(_ buckets: JSONValue, _ index: Int, _ element: Int) -> JSONValue {
        for (position, pair) in buckets.elements.enumerated() where position == index {
            for (inner, value) in pair.elements.enumerated() where inner == element { return value }
            return pair
        }
        return buckets
    }

    /// The figures shown beside the histogram (recomputed whenever the report is written):
    /// the same unit and count, and percentiles in order between the minimum and maximum.
    func checkShown(_ fields: Fields, metric: Metric, field: String) throws(ScenarioError) {
        let unitValue = try fields.required("unit")
        let unit = try string(unitValue, field + ".unit")
        let expectedUnit = displayUnit(metric.unit)
        guard unit == expectedUnit else {
            throw fail(unitValue, field + ".unit", "\"\(unit)\" does not match the histogram's unit \"\(metric.unit.rawValue)\" "
                       + "(shown as \"\(expectedUnit)\")")
        }
        let countValue = try fields.required("count")
        let count = try unsigned(countValue, field + ".count")
        guard count == metric.values.count else {
            throw fail(countValue, field + ".count", "\(count) does not match the histogram's count \(metric.values.count)")
        }
        var previous: (name: String, value: Double)?
        for name in ["min", "p50", "p90", "p95", "p99", "max"] {
            let value = try fields.required(name)
            guard let number = value.double else { throw fail(value, field + "." + name, "expected a number, found \(found(value))") }
            if let previous, number < previous.value {
                throw fail(value, field + "." + name, "\(numberText(value)) is below \(previous.name), \(previous.value)")
            }
            previous = (name, number)
        }
        let median = try fields.required("median")
        guard let shown = median.double, shown == fields["p50"]?.double else {
            throw fail(median, field + ".median", "expected the same number as p50, found \(found(median))")
        }
    }
}
