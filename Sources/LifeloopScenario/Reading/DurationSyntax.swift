import Yams

/// What a duration means, which decides how a negative one is reported: most durations
/// are lengths; `at` is a time after launch.
enum DurationRole {
    case length
    case time
}

/// What is wrong with a duration's text.
enum DurationSyntaxError: Error {
    case noUnit
    case malformed
    case finerThanNanosecond
    case tooLong
}

/// Nanoseconds in one of each unit, and how many fraction digits the unit can carry before
/// the value is finer than a nanosecond.
private let units: [(name: String, scale: Int64, fractionDigits: Int)] = [
    ("ns", 1, 0), ("us", 1_000, 3), ("ms", 1_000_000, 6), ("s", 1_000_000_000, 9),
]

/// Parses `40ms`, `1.5s`, `-3us` into whole nanoseconds, exactly (no floating point) and
/// without overflowing.
func parseNanoseconds(_ text: String) -> Result<Int64, DurationSyntaxError> {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if negative { rest = rest.dropFirst() }
    let whole = rest.prefix { $0.isASCII && $0.isNumber }
    rest = rest.dropFirst(whole.count)
    var fraction = Substring("")
    if rest.first == "." {
        rest = rest.dropFirst()
        fraction = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(fraction.count)
        if fraction.isEmpty { return .failure(.malformed) }
    }
    if whole.isEmpty { return .failure(.malformed) }
    if rest.isEmpty { return .failure(.noUnit) }
    guard let unit = units.first(where: { $0.name == rest }) else { return .failure(.malformed) }

    var significant = fraction
    while significant.last == "0" { significant = significant.dropLast() }
    if significant.count > unit.fractionDigits { return .failure(.finerThanNanosecond) }
    let padded = String(significant) + String(repeating: "0", count: unit.fractionDigits - significant.count)
    let fractionNanoseconds = Int64(padded) ?? 0

    guard let wholeCount = Int64(whole) else { return .failure(.tooLong) }
    let (scaled, overflow) = wholeCount.multipliedReportingOverflow(by: unit.scale)
    let (total, overflow2) = scaled.addingReportingOverflow(fractionNanoseconds)
    if overflow || overflow2 { return .failure(.tooLong) }
    return .success(negative ? -total : total)
}

extension NodeReader {
    /// A duration: a number and a unit, 0 or more.
    func duration(_ value: FieldValue, role: DurationRole = .length) throws(ScenarioError) -> Duration {
        let expected = "a duration such as 40ms or 1.5s (a number and a unit: ns, us, ms or s)"
        guard case .scalar(let scalar) = value.node, !scalar.string.isEmpty else {
            throw error(value, "expected \(expected), found \(describe(value.node))")
        }
        let text = scalar.string
        switch parseNanoseconds(text) {
        case .success(let nanoseconds) where nanoseconds < 0:
            switch role {
            case .length:
                throw error(value, "negative durations are errors: '\(text)'; a duration is 0 or more")
            case .time:
                throw error(value, "a step before time 0: '\(text)'; `at` is a time after launch, 0 or more")
            }
        case .success(let nanoseconds):
            return .nanoseconds(nanoseconds)
        case .failure(.noUnit):
            throw error(value, "'\(text)' needs a unit: ns, us, ms or s (as in \(text)ms)")
        case .failure(.malformed):
            throw error(value, "expected \(expected), found \(describe(value.node))")
        case .failure(.finerThanNanosecond):
            throw error(value, "'\(text)' is finer than a nanosecond; durations are whole nanoseconds")
        case .failure(.tooLong):
            throw error(value, "'\(text)' is too long; a duration is at most 9223372036s (about 292 years)")
        }
    }

    /// A duration that must be above zero (`every`, `duration`, `settleBudget`).
    func positiveDuration(_ value: FieldValue) throws(ScenarioError) -> Duration {
        let result = try duration(value)
        if result <= .zero { throw error(value, "must be longer than 0, found \(describe(value.node))") }
        return result
    }

    /// A fixed duration, `{uniform: [LOW, HIGH]}` or `{lognormal: {median: M, p99: P}}`.
    func distribution(_ value: FieldValue, role: DurationRole = .length) throws(ScenarioError) -> Distribution {
        let kinds = ["uniform", "lognormal"]
        let forms = "a duration (40ms), {uniform: [LOW, HIGH]} or {lognormal: {median: M, p99: P}}"
        switch value.node {
        case .scalar:
            return .fixed(try duration(value, role: role))
        case .sequence, .alias:
            throw error(value, "expected \(forms), found \(describe(value.node))")
        case .mapping:
            let fields = try fields(value, allowed: kinds, what: "a distribution")
            guard let first = fields.entries.first else {
                throw error(value, "an empty map is not a distribution; write \(forms)")
            }
            if fields.entries.count > 1 {
                throw error(fields.entries[1].keyNode, value.field,
                            "a distribution is either uniform or lognormal, not both")
            }
            if first.key == "uniform" { return try uniform(first.value, distribution: value, role: role) }
            return try lognormal(first.value, distribution: value, role: role)
        }
    }

    private func uniform(_ value: FieldValue, distribution: FieldValue, role: DurationRole) throws(ScenarioError) -> Distribution {
        let bounds = try list(value, expected: "two durations [LOW, HIGH]")
        guard bounds.count == 2 else {
            throw error(value, "uniform takes two durations [LOW, HIGH]; found \(bounds.count)")
        }
        let low = try duration(bounds[0], role: role)
        let high = try duration(bounds[1], role: role)
        if low > high {
            throw error(bounds[1].node, distribution.field,
                        "uniform low (\(formatDuration(low))) is above its high (\(formatDuration(high))); "
                            + "write [LOW, HIGH] with LOW ≤ HIGH")
        }
        return .uniform(low, high)
    }

    private func lognormal(_ value: FieldValue, distribution: FieldValue, role: DurationRole) throws(ScenarioError) -> Distribution {
        let fields = try fields(value, allowed: ["median", "p99"], what: "lognormal")
        guard let medianEntry = fields["median"], let p99Entry = fields["p99"] else {
            throw error(value, "lognormal needs both median and p99, as in {median: 8ms, p99: 40ms}")
        }
        let median = try duration(medianEntry.value, role: role)
        let p99 = try duration(p99Entry.value, role: role)
        if median <= .zero {
            throw error(medianEntry.value.node, distribution.field, "lognormal median must be above 0, found \(formatDuration(median))")
        }
        if p99 < median {
            throw error(p99Entry.value.node, distribution.field,
                        "lognormal p99 (\(formatDuration(p99))) is below its median (\(formatDuration(median)))")
        }
        return .lognormal(median: median, p99: p99)
    }
}
