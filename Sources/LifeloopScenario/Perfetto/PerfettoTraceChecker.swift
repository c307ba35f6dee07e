import Foundation

/// The state behind ``PerfettoValidator``: field checks of each event as it is read, and
/// what the checks across events (in `PerfettoTraceChecker+Tracks.swift`) need of it.
struct PerfettoTraceChecker {
    /// A thread track.
    struct Track: Hashable {
        var pid: Int
        var tid: Int
    }

    /// An interval on a thread track: an `X` event, or a matched `B`/`E` pair (index of the `B`).
    struct Slice {
        var index: Int
        var phase: String
        var name: String
        var start: Int64
        var end: Int64
        var duration: Int64 { end - start }
    }

    /// A begin, end or flow event, matched to others by time.
    struct Mark {
        var index: Int
        var phase: String
        var name: String?
        var time: Int64
    }

    /// An async track: Perfetto keys it by category and id, local ids also by process.
    struct AsyncTrack: Hashable {
        var category: String
        var id: String
    }

    /// A v1 flow: Perfetto matches `s`, `t` and `f` by category, name and numeric id.
    struct Flow: Hashable {
        var category: String
        var name: String
        var id: UInt64
    }

    /// Every phase Perfetto's JSON importer handles.
    static let phases: Set<String> = ["B", "E", "X", "I", "i", "C", "M", "b", "e", "n", "s", "t", "f"]
    /// Phases drawn on (or bound to) a thread track, so they need a `tid`.
    static let threadPhases: Set<String> = ["X", "B", "E", "s", "t", "f"]

    private let limit: Int
    private var problems: [String] = []
    private var unlisted = 0
    /// Cross-event problems, sorted by event index before they are listed.
    private var pending: [(index: Int, message: String)] = []

    var slices: [Track: [Slice]] = [:]
    var durationMarks: [Track: [Mark]] = [:]
    var asyncMarks: [AsyncTrack: [Mark]] = [:]
    var flowMarks: [Flow: [Mark]] = [:]
    /// Flow events Perfetto binds to the slice enclosing them on their thread track.
    var enclosedFlowMarks: [Track: [Mark]] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    mutating func add(_ problem: String) {
        if problems.count < limit {
            problems.append(problem)
        } else {
            unlisted += 1
        }
    }

    /// Records a problem found across events, listed in event order at the end.
    mutating func report(_ index: Int, _ message: String) {
        pending.append((index, message))
    }

    /// The problems: per-event ones in event order, then cross-event ones in event order.
    mutating func finishedProblems() -> [String] {
        let sorted = pending.enumerated().sorted {
            ($0.element.index, $0.offset) < ($1.element.index, $1.offset)
        }
        for (_, problem) in sorted {
            add("event \(problem.index): \(problem.message)")
        }
        pending = []
        if unlisted > 0 {
            problems.append("… and \(unlisted) more problems")
        }
        return problems
    }

    // MARK: - One event

    mutating func check(event: Any, index: Int) {
        guard let event = event as? [String: Any] else {
            add("event \(index): not an object")
            return
        }
        guard let phase = event["ph"] as? String else {
            add("event \(index): ph is missing or not a string")
            return
        }
        let name = event["name"] as? String
        let label = "event \(index) (\(Self.describe(phase: phase, name: name)))"
        guard Self.phases.contains(phase) else {
            add("\(label): unknown phase \"\(phase)\"")
            return
        }
        if event["name"] == nil {
            if phase != "E" { add("\(label): name is missing") }
        } else if name == nil {
            add("\(label): name is not a string")
        }
        let pid = Self.integer(event["pid"])
        if pid == nil { add("\(label): pid is missing or not an integer") }
        let time = phase == "M" ? nil : nanoseconds(event["ts"], key: "ts", label: label)
        let scope = event["s"]
        if let scope, phase == "i" || phase == "I", !["t", "p", "g"].contains(scope as? String) {
            add("\(label): s must be \"t\", \"p\" or \"g\"")
        }
        let needsTID = Self.threadPhases.contains(phase) || ((phase == "i" || phase == "I") && (scope == nil || scope as? String == "t"))
        let tid = Self.integer(event["tid"])
        if needsTID, tid == nil { add("\(label): tid is missing or not an integer") }
        if let cat = event["cat"], !(cat is String) { add("\(label): cat is not a string") }
        if let args = event["args"], !(args is [String: Any]) { add("\(label): args is not an object") }
        let track = pid.flatMap { pid in tid.map { Track(pid: pid, tid: $0) } }

        switch phase {
        case "X":
            let duration = nanoseconds(event["dur"], key: "dur", label: label)
            if let track, let time, let duration {
                slices[track, default: []].append(
                    Slice(index: index, phase: phase, name: name ?? "", start: time, end: time &+ duration))
            }
        case "B", "E":
            if let track, let time {
                durationMarks[track, default: []].append(Mark(index: index, phase: phase, name: name, time: time))
            }
        case "C":
            checkCounter(event["args"], label: label)
        case "b", "e", "n":
            let category = event["cat"] as? String
            if category == nil { add("\(label): async events need a cat") }
            let id = Self.asyncID(event, pid: pid)
            if id == nil { add("\(label): async events need an id, or an id2 with local or global") }
            if phase != "n", let category, let id, let time {
                asyncMarks[AsyncTrack(category: category, id: id), default: []].append(
                    Mark(index: index, phase: phase, name: name, time: time))
            }
        case "s", "t", "f":
            checkFlow(event, index: index, phase: phase, name: name, time: time, track: track, label: label)
        case "M":
            checkMetadata(event, name: name, tid: tid, label: label)
        default:
            break
        }
    }

    private mutating func checkCounter(_ args: Any?, label: String) {
        guard let args = args as? [String: Any] else {
            add("\(label): counters need an args object of numbers")
            return
        }
        if args.isEmpty { add("\(label): counter has no values") }
        for key in args.keys.sorted() where Self.number(args[key]) == nil {
            add("\(label): counter value \"\(key)\" is not a number")
        }
    }

    private mutating func checkFlow(_ event: [String: Any], index: Int, phase: String, name: String?, time: Int64?,
                                    track: Track?, label: String) {
        let id = Self.flowID(event["id"])
        if id == nil {
            // Perfetto reads only `id` on v1 flow events; `id2` there is ignored.
            add("\(label): flow events need an id (a non-negative integer or a hex string)")
        }
        let bindsEnclosing = event["bp"] as? String == "e"
        if event["bp"] != nil, !bindsEnclosing { add("\(label): bp must be \"e\"") }
        guard let time else { return }
        let mark = Mark(index: index, phase: phase, name: name, time: time)
        if let id {
            flowMarks[Flow(category: event["cat"] as? String ?? "", name: name ?? "", id: id), default: []].append(mark)
        }
        // Without bp "e" an `f` binds to the next slice to begin, wherever that is.
        if let track, phase != "f" || bindsEnclosing {
            enclosedFlowMarks[track, default: []].append(mark)
        }
    }

    private mutating func checkMetadata(_ event: [String: Any], name: String?, tid: Int?, label: String) {
        let args = event["args"] as? [String: Any]
        switch name {
        case "process_name", "thread_name":
            if args?["name"] as? String == nil { add("\(label): args.name is missing or not a string") }
        case "process_sort_index", "thread_sort_index":
            if Self.integer(args?["sort_index"]) == nil { add("\(label): args.sort_index is missing or not an integer") }
        default:
            break
        }
        if name == "thread_name" || name == "thread_sort_index", tid == nil {
            add("\(label): tid is missing or not an integer")
        }
    }

    /// A `ts` or `dur` in microseconds as integer nanoseconds, or nil after a problem.
    private mutating func nanoseconds(_ value: Any?, key: String, label: String) -> Int64? {
        guard let value else {
            add("\(label): \(key) is missing")
            return nil
        }
        guard let microseconds = Self.number(value), microseconds.isFinite else {
            add("\(label): \(key) is not a number")
            return nil
        }
        guard microseconds >= 0 else {
            add("\(label): \(key) is negative")
            return nil
        }
        let nanoseconds = (microseconds * 1000).rounded()
        guard nanoseconds < 0x1p62 else {
            add("\(label): \(key) is too large")
            return nil
        }
        return Int64(nanoseconds)
    }

    // MARK: - Values

    /// JSONSerialization gives booleans as NSNumbers too; this class tells them apart.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, ObjectIdentifier(type(of: number)) != booleanType else { return nil }
        return number.doubleValue
    }

    static func integer(_ value: Any?) -> Int? {
        guard number(value) != nil else { return nil }
        return value as? Int
    }

    /// The async track id as Perfetto keys it: `id` and `id2.global` are global, `id2.local`
    /// is scoped to the process.
    static func asyncID(_ event: [String: Any], pid: Int?) -> String? {
        if let id = idText(event["id"]) { return "global " + id }
        guard let id2 = event["id2"] as? [String: Any] else { return nil }
        if let global = idText(id2["global"]) { return "global " + global }
        if let local = idText(id2["local"]), let pid { return "pid \(pid) local " + local }
        return nil
    }

    private static func idText(_ value: Any?) -> String? {
        if let text = value as? String { return text.isEmpty ? nil : text }
        if let integer = integer(value) { return String(integer) }
        return number(value).map { String($0) }
    }

    /// A flow id as Perfetto reads it: an integer, or a string of hex digits.
    static func flowID(_ value: Any?) -> UInt64? {
        if let text = value as? String {
            let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : Substring(text)
            return UInt64(digits, radix: 16)
        }
        guard number(value) != nil else { return nil }
        return value as? UInt64
    }

    static func describe(phase: String, name: String?) -> String {
        name.map { "\(phase) \"\($0)\"" } ?? phase
    }

    /// Nanoseconds as microseconds with three decimals, as the writer prints them.
    static func micros(_ nanoseconds: Int64) -> String {
        let fraction = String(nanoseconds % 1000)
        return "\(nanoseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "µs"
    }
}
