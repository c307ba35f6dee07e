import Foundation

/// What ``PerfettoValidator`` found in a Chrome trace-event JSON file.
public struct PerfettoValidation: Sendable, Hashable, CustomStringConvertible {
    /// How many entries the `traceEvents` array (or bare array) holds; 0 if unreadable.
    public var events: Int
    /// One line per problem, naming the event's index in the array and what is wrong.
    /// At most ``PerfettoValidator/problemLimit`` lines, then one saying how many more.
    public var problems: [String]
    /// Whether the trace had no problems.
    public var isValid: Bool { problems.isEmpty }

    /// Creates a validation result.
    public init(events: Int, problems: [String]) {
        self.events = events
        self.problems = problems
    }

    /// The event count, then the problems one a line.
    public var description: String {
        isValid
            ? "\(events) events, valid"
            : "\(events) events, \(problems.count) problems:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
    }
}

/// Checks a Chrome trace-event JSON file for what Perfetto's best-effort importer would
/// drop, move or count as an error, since trace_processor is not available offline.
///
/// Per event: `ph` is a known phase; `pid` is an integer; `name` is a string (optional on
/// `E`); `ts` is a number ≥ 0 except on `M`; `tid` is an integer on `X`, `B`, `E`,
/// thread-scoped `i`/`I`, `s`, `t`, `f`; `X` has `dur` ≥ 0; `C` has `args` of numbers;
/// async `b`/`e`/`n` have `cat` and `id` or `id2`; flows `s`/`t`/`f` have `id`;
/// `process_name`/`thread_name` carry `args.name`.
///
/// Across events: per (`pid`, `tid`), `X` slices and matched `B`/`E` pairs nest strictly
/// (sorted by start, then longest first, then file order, as Perfetto sorts them); `B`/`E`
/// balance with matching names; each async `b` has a later `e` of the same name on the
/// same (`cat`, id) track, nested; each flow `s` has a `t`/`f` of the same (`cat`, `name`,
/// `id`) no earlier, no id starts twice, and `s`, `t` and `f` with `"bp":"e"` lie within
/// a slice of their thread track, without which Perfetto binds them to nothing.
///
/// Times are compared as integer nanoseconds: each `ts`/`dur` in microseconds is read
/// as a double and `(µs * 1000).rounded()` taken, exact for values written with three
/// decimals up to 2^51 ns (about 26 days), far beyond any trace this project writes.
public enum PerfettoValidator {
    /// The most problems listed one by one; a trace broken throughout would otherwise
    /// give one line per event.
    public static let problemLimit = 1000

    /// Validates the trace in file `path`.
    /// - Throws: ``PerfettoTraceError/cannotRead(path:reason:)`` naming the path if it cannot
    ///   be read. Problems with its content are reported in the result, not thrown.
    public static func validate(path: String) throws -> PerfettoValidation {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PerfettoTraceError.cannotRead(path: path, reason: reason(error))
        }
        return validate(data: data)
    }

    /// Validates a trace held in memory.
    public static func validate(data: Data) -> PerfettoValidation {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            return PerfettoValidation(events: 0, problems: ["not valid JSON: \(reason(error))"])
        }
        var checker = PerfettoTraceChecker(limit: problemLimit)
        let events: [Any]
        if let array = root as? [Any] {
            events = array
        } else if let object = root as? [String: Any] {
            guard let array = object["traceEvents"] as? [Any] else {
                return PerfettoValidation(events: 0, problems: ["the top-level object has no traceEvents array"])
            }
            events = array
            if let unit = object["displayTimeUnit"], !["ms", "ns"].contains(unit as? String) {
                checker.add("displayTimeUnit must be \"ms\" or \"ns\"")
            }
        } else {
            return PerfettoValidation(events: 0, problems: ["the top level is neither an object nor an array"])
        }
        for (index, event) in events.enumerated() {
            checker.check(event: event, index: index)
        }
        checker.checkAcrossEvents()
        return PerfettoValidation(events: events.count, problems: checker.finishedProblems())
    }

    /// Foundation's own text for JSON errors is generic; its debug description says where.
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        return (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    }
}
