import Lifeloop
import LifeloopPictures

/// Turns what a ``ScenarioProbe`` sees into Perfetto tracks, streamed to a file as the
/// run goes.
///
/// One process per app. Thread tracks: `loop` (commits, main-thread `consume`, job
/// submits and completions), one per window (controller callbacks, layout and display
/// passes, inputs and frames as instants; transitions and animations as async spans), and
/// one per worker lane (each job's virtual run). Flow arrows go from a job's submit to its
/// completion. Counters: animations and transitions in flight, pending jobs.
///
/// Every complete (`X`) slice comes from one main-thread stack (a callback, a pass, a
/// commit, a completion), so any two slices on a track nest or are disjoint, as Perfetto
/// requires; frames are instants for the same reason (a frame's vsync can come before a
/// callback that delayed it).
final class PerfettoExporter {
    private let writer: PerfettoTraceWriter
    private unowned let app: Application
    private let pid = 1
    private let loopTid = 1
    private var windowTids: [String: Int] = [:]
    private var lanes = WorkerLanes()
    private var nextID: UInt64 = 1
    private var spans: [ObjectIdentifier: (id: UInt64, name: String, tid: Int)] = [:]
    private var markIDs: [String: UInt64] = [:]
    private var commitStart: UInt64 = 0

    init(path: String, app: Application, name: String) throws {
        writer = try PerfettoTraceWriter(path: path)
        self.app = app
        writer.processName(pid: pid, name: name)
        writer.threadName(pid: pid, tid: loopTid, name: "loop", sortIndex: 0)
    }

    func close() throws {
        try writer.close()
    }

    private func newID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    private func tid(forWindow label: String) -> Int {
        if let tid = windowTids[label] { return tid }
        let tid = 2 + windowTids.count
        windowTids[label] = tid
        writer.threadName(pid: pid, tid: tid, name: "window \(label)", sortIndex: tid)
        return tid
    }

    private func tid(for controller: ViewController) -> Int {
        var current: ViewController? = controller
        while let candidate = current {
            if let label = candidate.viewIfLoaded?.window?.traceLabel { return tid(forWindow: label) }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return loopTid
    }

    // MARK: Slices

    func callback(_ event: String, of controller: ViewController, start: UInt64, end: UInt64) {
        writer.complete(pid: pid, tid: tid(for: controller), name: "\(controller.traceLabel) \(event)", category: "callback",
                        start: start, duration: end - start)
    }

    func pass(_ pass: UpdatePass, in window: Window, start: UInt64, end: UInt64) {
        writer.complete(pid: pid, tid: tid(forWindow: window.traceLabel), name: "\(pass.rawValue)Pass", category: "pass",
                        start: start, duration: end - start)
    }

    func consumed(start: UInt64, end: UInt64) {
        writer.complete(pid: pid, tid: loopTid, name: "consume", category: "loop", start: start, duration: end - start)
    }

    func commitWillBegin(at time: UInt64) {
        commitStart = time
    }

    /// A commit that took no time is left out: every turn commits, most do nothing.
    func commitDidEnd(at time: UInt64) {
        guard time > commitStart else { return }
        writer.complete(pid: pid, tid: loopTid, name: "commit", category: "loop", start: commitStart, duration: time - commitStart)
    }

    // MARK: Instants

    func input(_ kind: String, window: String, at time: UInt64) {
        writer.instant(pid: pid, tid: tid(forWindow: window), name: kind, category: "input", at: time)
    }

    func frame(_ frame: PresentedFrame) {
        let tid = tid(forWindow: frame.window)
        writer.instant(pid: pid, tid: tid, name: "frame", category: "frame", at: frame.presented,
                       args: [("frameTimeNs", String(frame.frameTime)), ("workNs", String(frame.workEnd - frame.start))])
        if frame.dropped > 0 {
            writer.instant(pid: pid, tid: tid, name: "droppedFrames", category: "frame", at: frame.presented,
                           args: [("count", String(frame.dropped))])
        }
    }

    // MARK: Async spans

    func spanBegan(_ name: String, id object: ObjectIdentifier, window: String) {
        let id = newID()
        let tid = tid(forWindow: window)
        spans[object] = (id, name, tid)
        writer.asyncBegin(pid: pid, tid: tid, name: name, category: "animation", id: id, at: app.loop.now.nanoseconds)
        writer.counter(pid: pid, name: "in flight", at: app.loop.now.nanoseconds, values: [("animations", Double(spans.count))])
    }

    func spanEnded(id object: ObjectIdentifier) {
        guard let span = spans.removeValue(forKey: object) else { return }
        writer.asyncEnd(pid: pid, tid: span.tid, name: span.name, category: "animation", id: span.id, at: app.loop.now.nanoseconds)
        writer.counter(pid: pid, name: "in flight", at: app.loop.now.nanoseconds, values: [("animations", Double(spans.count))])
    }

    func markStarted(_ name: String) {
        let id = newID()
        markIDs[name] = id
        writer.asyncBegin(pid: pid, tid: loopTid, name: name, category: "mark", id: id, at: app.loop.now.nanoseconds)
    }

    /// Ends the mark's slice at `time` (now by default); a mark still open when the run
    /// ends is ended there with `open: true` in its arguments.
    func markEnded(_ name: String, at time: UInt64? = nil, open: Bool = false) {
        guard let id = markIDs.removeValue(forKey: name) else { return }
        writer.asyncEnd(pid: pid, tid: loopTid, name: name, category: "mark", id: id, at: time ?? app.loop.now.nanoseconds,
                        args: open ? [("open", "true")] : [])
    }

    // MARK: Jobs

    /// Draws the job on the first worker lane free at `time`, with a flow from a submit
    /// slice on the loop; returns the flow's id.
    func jobSubmitted(_ label: String, cost: Duration, at time: UInt64) -> UInt64 {
        let id = newID()
        let end = saturatingSum(time, UInt64(max(0, cost.nanoseconds)))
        let (lane, isNew) = lanes.place(start: time, end: end)
        if isNew { writer.threadName(pid: pid, tid: 100 + lane, name: "worker \(lane)", sortIndex: 100 + lane) }
        writer.complete(pid: pid, tid: loopTid, name: "submit \(label)", category: "job", start: time, duration: 0)
        writer.flowStart(pid: pid, tid: loopTid, name: label, category: "job", id: id, at: time)
        writer.complete(pid: pid, tid: 100 + lane, name: label, category: "job", start: time, duration: end - time)
        return id
    }

    func jobCompleted(_ label: String, id: UInt64?, submitted: UInt64, start: UInt64, end: UInt64) {
        writer.complete(pid: pid, tid: loopTid, name: "\(label) completion", category: "job", start: start, duration: end - start)
        if let id { writer.flowEnd(pid: pid, tid: loopTid, name: label, category: "job", id: id, at: start) }
        pendingJobsChanged(app.loop.pendingJobCount)
    }

    func pendingJobsChanged(_ count: Int) {
        writer.counter(pid: pid, name: "jobs", at: app.loop.now.nanoseconds, values: [("pending", Double(count))])
    }
}
