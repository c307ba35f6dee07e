import Lifeloop

/// Why a trace did not meet an expectation, as the readable text a failure shows: what
/// was expected, what came, the first difference and the events around it.
public struct TraceMismatch: Error, Sendable, CustomStringConvertible {
    /// The whole message.
    public let description: String
}

/// A point in a trace, taken with ``TestApp/mark()`` or ``TraceMark/init(_:)``: the
/// expectations that take one look only at the events recorded after it.
public struct TraceMark: Sendable, Equatable {
    /// The sequence number of the last event before the mark, or nil for an empty trace.
    public let lastSequence: UInt64?

    /// A mark after every event `trace` holds now.
    public init(_ trace: Trace) {
        lastSequence = trace.events.last?.sequence
    }

    /// The events of `trace` recorded after this mark.
    public func events(in trace: Trace) -> [TraceEvent] {
        guard let lastSequence else { return trace.events }
        return trace.events.filter { $0.sequence > lastSequence }
    }
}

/// The trace checks behind ``TestApp/expectTrace(contains:labels:since:fileID:filePath:line:column:)`` and
/// ``TestApp/expectTrace(exactly:labels:events:since:fileID:filePath:line:column:)``, as plain functions that
/// return the mismatch instead of reporting it.
///
/// Events are written as the trace's lines: `"label event"`, such as
/// `"Detail viewDidAppear"`.
public enum TraceExpectation {
    /// How many events of context a message shows on each side of a difference.
    public static let context = 3

    /// Checks that `expected` occur in `events` in this order, possibly with other events
    /// between them (a subsequence).
    /// - Parameters:
    ///   - expected: The events, as `"label event"` lines.
    ///   - events: The events to look in.
    ///   - labels: When given, only events with these labels are looked at (and shown).
    /// - Returns: nil when they occur; otherwise the mismatch, naming the first expected
    ///   event that was not found after the ones before it, where the search stopped, and
    ///   whether the event came earlier (out of order).
    public static func checkSubsequence(_ expected: [String], in events: [TraceEvent],
                                        labels: Set<String>? = nil) -> TraceMismatch? {
        let got = events.filter { labels?.contains($0.label) ?? true }.map(\.line)
        var matches: [Int] = []
        var position = 0
        for line in expected {
            guard let found = got[position...].firstIndex(of: line) else { break }
            matches.append(found)
            position = found + 1
        }
        guard matches.count < expected.count else { return nil }
        let missing = matches.count
        let scope = labels.map { " (labels " + $0.sorted().joined(separator: ", ") + ")" } ?? ""
        var text: [String] = []
        if let last = matches.last {
            text.append("the trace\(scope) lacks expected event \(missing + 1) of \(expected.count), \"\(expected[missing])\", after \"\(expected[missing - 1])\" (#\(last + 1))")
        } else {
            text.append("the trace\(scope) lacks expected event 1 of \(expected.count), \"\(expected[0])\"")
        }
        if let earlier = got[..<position].firstIndex(of: expected[missing]) {
            text.append("it came earlier, at #\(earlier + 1): the order differs")
        }
        text.append("expected, in this order (others may come between):")
        for (index, line) in expected.enumerated() {
            if index < matches.count {
                text.append("    \(line)  (#\(matches[index] + 1))")
            } else if index == missing {
                text.append("  ✗ \(line)")
            } else {
                text.append("    \(line)  (not looked for)")
            }
        }
        if got.isEmpty {
            text.append("got: no events\(scope)")
        } else {
            let anchor = matches.last ?? -1
            let from = max(0, anchor - context), to = min(got.count, anchor + 1 + 3 * context)
            text.append("got (\(got.count) events), around the last match:")
            text.append(contentsOf: numbered(got, from: from, to: to, marked: anchor))
        }
        return TraceMismatch(description: text.joined(separator: "\n"))
    }

    /// Checks that the events of `labels` in `events` are exactly `expected`, in order.
    /// - Parameters:
    ///   - expected: The events, as `"label event"` lines.
    ///   - events: The events to look in.
    ///   - labels: The labels whose events are compared.
    ///   - names: When given, only events with these names are compared (such as
    ///     `["viewWillAppear", "viewDidAppear"]`).
    /// - Returns: nil when they are equal; otherwise the mismatch with the first
    ///   difference, a line diff (`-` expected, `+` got) and the events around it.
    public static func checkExactly(_ expected: [String], in events: [TraceEvent], labels: Set<String>,
                                    names: Set<String>? = nil) -> TraceMismatch? {
        let got = events.filter { labels.contains($0.label) && (names?.contains($0.name) ?? true) }.map(\.line)
        guard got != expected else { return nil }
        let first = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, got.count)
        var scope = "the events of " + labels.sorted().joined(separator: ", ")
        if let names { scope += " named " + names.sorted().joined(separator: ", ") }
        var text = ["\(scope) differ from the expected ones at #\(first + 1) (expected \(expected.count) events, got \(got.count))"]
        text.append("  expected: " + (first < expected.count ? expected[first] : "(nothing more)"))
        text.append("  got:      " + (first < got.count ? got[first] : "(nothing more)"))
        text.append("diff (- expected, + got):")
        text.append(contentsOf: lineDiff(expected, got))
        if !got.isEmpty {
            let from = max(0, first - context), to = min(got.count, first + context + 1)
            text.append("got, around #\(first + 1):")
            text.append(contentsOf: numbered(got, from: from, to: to, marked: first))
        }
        return TraceMismatch(description: text.joined(separator: "\n"))
    }

    /// `got[from..<to]`, numbered from 1, the `marked` line flagged with `>`.
    private static func numbered(_ lines: [String], from: Int, to: Int, marked: Int) -> [String] {
        let width = String(to).count
        var out: [String] = []
        if from > 0 { out.append("     …") }
        for index in from..<to {
            let number = String(index + 1)
            out.append((index == marked ? "  > " : "    ") + String(repeating: " ", count: width - number.count) + number + "  " + lines[index])
        }
        if to < lines.count { out.append("     … \(lines.count - to) more") }
        return out
    }

    /// A line diff of `old` against `new` (longest common subsequence), with
    /// ``context`` unchanged lines around each change and the rest elided.
    static func lineDiff(_ old: [String], _ new: [String], limit: Int = 60) -> [String] {
        enum Op { case same(String), removed(String), added(String) }
        var ops: [Op] = []
        // LCS table; goldens and projections are small, but a huge input falls back to a
        // plain removed/added listing rather than a quadratic table.
        if old.count * new.count <= 4_000_000 {
            let n = old.count, m = new.count
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, old[i] == new[j] {
                    ops.append(.same(old[i])); i += 1; j += 1
                } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                    ops.append(.removed(old[i])); i += 1
                } else {
                    ops.append(.added(new[j])); j += 1
                }
            }
        } else {
            ops = old.map { .removed($0) } + new.map { .added($0) }
        }
        var keep = [Bool](repeating: false, count: ops.count)
        for (index, op) in ops.enumerated() {
            if case .same = op { continue }
            for k in max(0, index - context)...min(ops.count - 1, index + context) { keep[k] = true }
        }
        var out: [String] = []
        var elided = false
        for (index, op) in ops.enumerated() {
            guard keep[index] else {
                if !elided { out.append("    …") }
                elided = true
                continue
            }
            elided = false
            if out.count >= limit {
                out.append("    … (diff cut at \(limit) lines)")
                break
            }
            switch op {
            case .same(let line): out.append("    " + line)
            case .removed(let line): out.append("  - " + line)
            case .added(let line): out.append("  + " + line)
            }
        }
        return out
    }
}
