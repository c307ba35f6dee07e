import Lifeloop

/// What happened over a run, by lane: one lane per window, one for the loop, one per
/// worker. Times are loop nanoseconds. Plain data; `svg(from:to:)` draws it.
public struct Timeline: Sendable, Equatable {
    /// What a lane stands for; lanes are drawn windows first, then the loop, then workers.
    public enum LaneKind: String, Sendable, Hashable {
        /// A window's callbacks, passes, transitions, animations, frames and inputs.
        case window
        /// The loop's commits, `consume` calls and job submits and completions.
        case loop
        /// A worker lane: the jobs that ran on it.
        case worker
    }

    /// A horizontal band: a window, the loop or a worker.
    public struct Lane: Sendable, Equatable {
        /// The window's label, `loop`, or the worker's name.
        public var name: String
        /// What the lane stands for.
        public var kind: LaneKind
    }

    /// A span of time on a lane: a callback, a pass, a commit, a transition, a job.
    public struct Span: Sendable, Equatable {
        /// The index of its lane in ``Timeline/lanes``.
        public var lane: Int
        /// What ran (`Home viewDidLoad`, `layout pass`).
        public var name: String
        /// callback, layout, display, commit, consume, transition, animation, job, mark.
        public var category: String
        /// When it began, in loop nanoseconds.
        public var start: UInt64
        /// When it ended, in loop nanoseconds.
        public var end: UInt64
        /// The row within its lane's band, for spans that nest or overlap.
        public var row: Int
    }

    /// A point in time on a lane: a frame, an input, a timer, a task.
    public struct Instant: Sendable, Equatable {
        /// The index of its lane in ``Timeline/lanes``.
        public var lane: Int
        /// What happened.
        public var name: String
        /// frame, dropped, input, timer, submit.
        public var category: String
        /// When, in loop nanoseconds.
        public var time: UInt64
    }

    /// An arrow: a job from its submit to its run on a worker, and from there to its
    /// completion on the loop.
    public struct Flow: Sendable, Equatable {
        /// The job's label.
        public var name: String
        /// The lane the arrow starts on.
        public var fromLane: Int
        /// When it starts, in loop nanoseconds.
        public var fromTime: UInt64
        /// The lane the arrow ends on.
        public var toLane: Int
        /// When it ends, in loop nanoseconds.
        public var toTime: UInt64
    }

    /// The lanes, in the order they first appeared.
    public var lanes: [Lane] = []
    /// Every span, in the order it ended.
    public var spans: [Span] = []
    /// Every instant.
    public var instants: [Instant] = []
    /// Every arrow.
    public var flows: [Flow] = []
    /// The run's first instant, in loop nanoseconds.
    public var start: UInt64 = 0
    /// The run's last instant, in loop nanoseconds.
    public var end: UInt64 = 0

    /// An empty timeline.
    public init() {}
}

/// Collects a ``Timeline`` while an app runs. Feed it from a `RuntimeProbe` (the
/// scenario runner does), or install ``TimelineProbe`` as an app's probe.
///
/// Spans on a lane are given rows so that ones that overlap without nesting (two
/// transitions, an animation inside a transition) never hide each other.
public final class TimelineRecorder {
    private var timeline = Timeline()
    private var laneIndex: [String: Int] = [:]
    private var workers = WorkerLanes()
    private var workerLanes: [Int] = []
    private var openSpans: [ObjectIdentifier: (lane: Int, name: String, category: String, start: UInt64)] = [:]
    private var openMarks: [String: UInt64] = [:]
    /// Per lane and band: the end of the last span placed on each row.
    private var rowEnds: [String: [UInt64]] = [:]
    private var depth: [Int: Int] = [:]
    private var stacks: [Int: [UInt64]] = [:]

    /// A recorder whose timeline starts at `start` (loop nanoseconds).
    public init(start: UInt64 = 0) {
        timeline.start = start
        timeline.end = start
        _ = lane("loop", .loop)
    }

    /// The lane of a window, made on first use.
    public func windowLane(_ label: String) -> Int { lane("window " + label, .window) }

    /// The loop's lane (always the first).
    public var loopLane: Int { 0 }

    private func lane(_ name: String, _ kind: Timeline.LaneKind) -> Int {
        if let index = laneIndex[name] { return index }
        timeline.lanes.append(Timeline.Lane(name: name, kind: kind))
        laneIndex[name] = timeline.lanes.count - 1
        return timeline.lanes.count - 1
    }

    private func note(_ time: UInt64) {
        if time > timeline.end { timeline.end = time }
    }

    // MARK: Nested spans (one main-thread stack per lane)

    /// A nested span begins on a lane (a callback, a pass, a commit): it ends with
    /// ``end(lane:name:category:at:)``, after any span begun inside it.
    public func begin(lane: Int, at time: UInt64) {
        stacks[lane, default: []].append(time)
        note(time)
    }

    /// Ends the span begun last on `lane`, naming it.
    public func end(lane: Int, name: String, category: String, at time: UInt64) {
        guard let start = stacks[lane]?.popLast() else { return }
        // Every turn commits and most commits take no time: those are left out.
        if category == "commit", time == start { return }
        let row = stacks[lane]?.count ?? 0
        timeline.spans.append(Timeline.Span(lane: lane, name: name, category: category, start: start, end: time, row: row))
        note(time)
    }

    /// A whole span at once, nested under whatever is open on the lane.
    public func span(lane: Int, name: String, category: String, start: UInt64, end: UInt64) {
        let row = stacks[lane]?.count ?? 0
        timeline.spans.append(Timeline.Span(lane: lane, name: name, category: category, start: start, end: end, row: row))
        note(end)
    }

    // MARK: Overlapping spans (transitions, animations, marks)

    /// A span that may overlap others on its lane (a transition, an animation) begins.
    public func asyncBegan(_ name: String, category: String, id: ObjectIdentifier, lane: Int, at time: UInt64) {
        openSpans[id] = (lane, name, category, time)
        note(time)
    }

    /// That span ends.
    public func asyncEnded(id: ObjectIdentifier, at time: UInt64) {
        guard let open = openSpans.removeValue(forKey: id) else { return }
        placeOverlapping(lane: open.lane, name: open.name, category: open.category, start: open.start, end: time)
    }

    /// A scenario mark begins (drawn on the loop's lane).
    public func markStarted(_ name: String, at time: UInt64) {
        openMarks[name] = time
        note(time)
    }

    /// That mark ends.
    public func markEnded(_ name: String, at time: UInt64) {
        guard let start = openMarks.removeValue(forKey: name) else { return }
        placeOverlapping(lane: loopLane, name: name, category: "mark", start: start, end: time)
    }

    private func placeOverlapping(lane: Int, name: String, category: String, start: UInt64, end: UInt64) {
        let key = "\(lane)"
        var ends = rowEnds[key] ?? []
        let row = ends.firstIndex { $0 <= start } ?? ends.count
        if row == ends.count { ends.append(end) } else { ends[row] = end }
        rowEnds[key] = ends
        // Rows of overlapping spans sit in the band below the nested ones: 100 + row.
        timeline.spans.append(Timeline.Span(lane: lane, name: name, category: category, start: start, end: end, row: 100 + row))
        note(end)
    }

    // MARK: The loop's phases

    private var phaseStart: UInt64?

    /// Draws each turn's timer and task phases on the loop's lane when they take time
    /// (a callback that spends main-thread time inside them): observes `loop`'s phases
    /// from now on. The commit closes the task phase (see ``commitWillBegin(at:)``).
    public func watchPhases(of loop: EventLoop) {
        _ = loop.addObserver(.beforeTimers) { [unowned self, unowned loop] in phaseStart = loop.now.nanoseconds }
        _ = loop.addObserver(.afterTimers) { [unowned self, unowned loop] in
            let now = loop.now.nanoseconds
            if let start = phaseStart, now > start { span(lane: loopLane, name: "timers", category: "timer", start: start, end: now) }
            phaseStart = now
        }
    }

    /// The turn's commit begins: ends its task phase (drawn when it took time) and opens
    /// the commit's span.
    public func commitWillBegin(at time: UInt64) {
        if let start = phaseStart, time > start { span(lane: loopLane, name: "tasks", category: "task", start: start, end: time) }
        phaseStart = nil
        begin(lane: loopLane, at: time)
    }

    /// The commit ended (drawn when it took time).
    public func commitDidEnd(at time: UInt64) {
        end(lane: loopLane, name: "commit", category: "commit", at: time)
    }

    // MARK: Instants

    /// A point in time on a lane.
    public func instant(lane: Int, name: String, category: String, at time: UInt64) {
        timeline.instants.append(Timeline.Instant(lane: lane, name: name, category: category, time: time))
        note(time)
    }

    /// A presented frame on a window's lane; a frame that dropped vsyncs is marked.
    public func frame(_ frame: PresentedFrame) {
        let lane = windowLane(frame.window)
        instant(lane: lane, name: "frame \(formatMilliseconds(frame.frameTime))", category: frame.dropped > 0 ? "dropped" : "frame",
                at: frame.presented)
    }

    // MARK: Jobs

    /// A job submitted at `time` that runs for `cost` on the first free worker lane;
    /// returns a token for ``jobCompleted(_:start:end:)``.
    public func jobSubmitted(_ label: String, cost: UInt64, at time: UInt64) -> Int {
        let end = time + cost
        let (worker, isNew) = workers.place(start: time, end: end)
        if isNew { workerLanes.append(lane("worker \(worker)", .worker)) }
        let lane = workerLanes[worker]
        instant(lane: loopLane, name: "submit \(label)", category: "submit", at: time)
        timeline.spans.append(Timeline.Span(lane: lane, name: label, category: "job", start: time, end: end, row: 0))
        timeline.flows.append(Timeline.Flow(name: label, fromLane: loopLane, fromTime: time, toLane: lane, toTime: time))
        note(end)
        return timeline.flows.count - 1
    }

    /// The job's completion ran on the loop from `start` to `end`.
    public func jobCompleted(_ token: Int, start: UInt64, end: UInt64) {
        guard timeline.flows.indices.contains(token) else { return }
        let submitted = timeline.flows[token]
        let run = timeline.spans.last { $0.lane == submitted.toLane && $0.start == submitted.toTime && $0.name == submitted.name }
        span(lane: loopLane, name: "\(submitted.name) completion", category: "job", start: start, end: end)
        timeline.flows.append(Timeline.Flow(name: submitted.name, fromLane: submitted.toLane, fromTime: run?.end ?? start,
                                            toLane: loopLane, toTime: start))
    }

    /// The timeline so far; spans still open are left out.
    public func result(end: UInt64? = nil) -> Timeline {
        var out = timeline
        if let end { out.end = max(out.end, end) }
        return out
    }
}

/// A `RuntimeProbe` that records a ``Timeline`` of a plain app (controller callbacks,
/// passes, commits, frames, transitions and animations; jobs need the scenario runner,
/// which sees their submits). Install it with `app.probe = TimelineProbe(app: app)`.
public final class TimelineProbe: RuntimeProbe {
    /// What it records into; `recorder.result()` is the timeline.
    public let recorder: TimelineRecorder
    private unowned let app: Application

    /// A probe for `app`, recording from the loop's time now.
    public init(app: Application) {
        self.app = app
        recorder = TimelineRecorder(start: app.loop.now.nanoseconds)
        recorder.watchPhases(of: app.loop)
    }

    private var now: UInt64 { app.loop.now.nanoseconds }

    /// The lane of the window a controller shows in, else the loop's.
    public static func lane(for controller: ViewController, in recorder: TimelineRecorder) -> Int {
        var current: ViewController? = controller
        while let candidate = current {
            if let label = candidate.viewIfLoaded?.window?.traceLabel { return recorder.windowLane(label) }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return recorder.loopLane
    }

    public func callbackWillRun(_ event: String, of controller: ViewController) {
        recorder.begin(lane: Self.lane(for: controller, in: recorder), at: now)
    }
    public func callbackDidRun(_ event: String, of controller: ViewController) {
        recorder.end(lane: Self.lane(for: controller, in: recorder), name: "\(controller.traceLabel) \(event)", category: "callback", at: now)
    }
    public func passWillRun(_ pass: UpdatePass, in window: Window) { recorder.begin(lane: recorder.windowLane(window.traceLabel), at: now) }
    public func passDidRun(_ pass: UpdatePass, in window: Window) {
        recorder.end(lane: recorder.windowLane(window.traceLabel), name: "\(pass.rawValue) pass", category: pass.rawValue, at: now)
    }
    public func commitWillBegin() { recorder.commitWillBegin(at: now) }
    public func commitDidEnd() { recorder.commitDidEnd(at: now) }
    public func framePresented(_ frame: PresentedFrame) { recorder.frame(frame) }
    public func transitionDidBegin(_ name: String, id: ObjectIdentifier, in window: Window) {
        recorder.asyncBegan(name, category: "transition", id: id, lane: recorder.windowLane(window.traceLabel), at: now)
    }
    public func transitionDidEnd(id: ObjectIdentifier, cancelled: Bool) { recorder.asyncEnded(id: id, at: now) }
    public func animationDidBegin(_ property: String, of view: View, id: ObjectIdentifier, in window: Window) {
        recorder.asyncBegan("animate \(property) \(view.traceLabel)", category: "animation", id: id, lane: recorder.windowLane(window.traceLabel), at: now)
    }
    public func animationDidEnd(id: ObjectIdentifier, finished: Bool) { recorder.asyncEnded(id: id, at: now) }
}
