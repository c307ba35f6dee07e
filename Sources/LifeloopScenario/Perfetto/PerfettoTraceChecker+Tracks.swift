/// The checks across events: slice nesting per thread track, `B`/`E` balance, async
/// `b`/`e` pairs and flows. Events are taken in time order, ties in file order, as
/// Perfetto's sorter hands them to its importer.
extension PerfettoTraceChecker {
    mutating func checkAcrossEvents() {
        matchDurationEvents()
        checkNesting()
        checkAsyncEvents()
        checkFlows()
        checkFlowsAreEnclosed()
    }

    private static func inTimeOrder(_ marks: [Mark]) -> [Mark] {
        marks.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    }

    /// Pairs `B` with `E` per thread track and adds each pair to the track's slices, since
    /// Perfetto puts both kinds on one stack.
    private mutating func matchDurationEvents() {
        for (track, marks) in durationMarks {
            var open: [Mark] = []
            for mark in Self.inTimeOrder(marks) {
                if mark.phase == "B" {
                    open.append(mark)
                    continue
                }
                guard let begin = open.last else {
                    report(mark.index, "E at \(Self.micros(mark.time)) on pid \(track.pid) tid \(track.tid) has no open B")
                    continue
                }
                // An E without a name ends whatever is open, as in Perfetto.
                if let name = mark.name, name != begin.name {
                    report(mark.index, "E \"\(name)\" does not match the open B \"\(begin.name ?? "")\" (event \(begin.index))")
                    continue
                }
                open.removeLast()
                slices[track, default: []].append(
                    Slice(index: begin.index, phase: "B", name: begin.name ?? "", start: begin.time, end: mark.time))
            }
            for begin in open {
                report(begin.index, "B \"\(begin.name ?? "")\" on pid \(track.pid) tid \(track.tid) never ends")
            }
        }
    }

    /// Per thread track, every slice must end within the slice it starts in: Perfetto
    /// drops or moves slices that overlap without nesting.
    private mutating func checkNesting() {
        for (track, list) in slices {
            let ordered = list.sorted {
                ($0.start, -$0.duration, $0.index) < ($1.start, -$1.duration, $1.index)
            }
            var stack: [Slice] = []
            for slice in ordered {
                while let top = stack.last, slice.start >= top.end {
                    stack.removeLast()
                }
                if let top = stack.last, slice.end > top.end {
                    report(slice.index, "\(Self.describe(slice)) on pid \(track.pid) tid \(track.tid) overlaps "
                        + "event \(top.index) (\(Self.describe(top))) without nesting in it")
                    continue
                }
                stack.append(slice)
            }
        }
    }

    private static func describe(_ slice: Slice) -> String {
        "\(describe(phase: slice.phase, name: slice.name)) \(micros(slice.start))–\(micros(slice.end))"
    }

    /// Per async track, `e` ends the innermost open `b`, which must have its name.
    private mutating func checkAsyncEvents() {
        for (asyncTrack, marks) in asyncMarks {
            let place = "cat \"\(asyncTrack.category)\" \(asyncTrack.id)"
            var open: [Mark] = []
            for mark in Self.inTimeOrder(marks) {
                if mark.phase == "b" {
                    open.append(mark)
                    continue
                }
                guard let begin = open.last else {
                    report(mark.index, "async end at \(Self.micros(mark.time)) has no open begin on \(place)")
                    continue
                }
                guard mark.name == begin.name else {
                    report(mark.index, "async end \"\(mark.name ?? "")\" does not match the innermost open begin "
                        + "\"\(begin.name ?? "")\" (event \(begin.index)) on \(place)")
                    continue
                }
                open.removeLast()
            }
            for begin in open {
                report(begin.index, "async begin \"\(begin.name ?? "")\" on \(place) never ends")
            }
        }
    }

    /// Each flow starts once and has an `f` no earlier than its `s`.
    private mutating func checkFlows() {
        for (flow, marks) in flowMarks {
            let place = "cat \"\(flow.category)\" name \"\(flow.name)\" id 0x\(String(flow.id, radix: 16))"
            var start: Mark?
            var ended = false
            for mark in Self.inTimeOrder(marks) {
                if mark.phase == "s" {
                    if let start {
                        report(mark.index, "flow \(place) already started by event \(start.index)")
                    } else {
                        start = mark
                    }
                } else if start == nil {
                    report(mark.index, "flow \(mark.phase == "f" ? "end" : "step") at \(Self.micros(mark.time)) "
                        + "has no start of \(place) at or before it")
                } else if mark.phase == "f" {
                    ended = true
                }
            }
            if let start, !ended {
                report(start.index, "flow start of \(place) never ends")
            }
        }
    }

    /// Perfetto binds `s`, `t` and `f` with `"bp":"e"` to the open slice of their thread
    /// track; outside every slice there is none (or a stale one), and the arrow is lost.
    private mutating func checkFlowsAreEnclosed() {
        for (track, marks) in enclosedFlowMarks {
            let starts = (slices[track] ?? []).sorted { ($0.start, $0.index) < ($1.start, $1.index) }
            var next = starts.startIndex
            var latestEnd = Int64.min
            for mark in Self.inTimeOrder(marks) {
                // Some slice encloses the mark exactly when the latest end among the
                // slices begun by then reaches it.
                while next < starts.endIndex, starts[next].start <= mark.time {
                    latestEnd = max(latestEnd, starts[next].end)
                    next += 1
                }
                if latestEnd < mark.time {
                    report(mark.index, "flow event at \(Self.micros(mark.time)) lies in no slice of pid \(track.pid) "
                        + "tid \(track.tid), so Perfetto cannot bind it")
                }
            }
        }
    }
}
