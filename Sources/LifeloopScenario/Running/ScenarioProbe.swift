import Foundation
import Lifeloop
import LifeloopNetwork
import LifeloopPictures

/// The scenario's eyes and hands inside a run: spends the main-thread costs the scenario
/// declares, starts its worker jobs, and measures frames, latencies, launch times, marks
/// and callback times, all without reading the trace.
final class ScenarioProbe: RuntimeProbe {
    unowned let app: Application
    let scenario: Scenario
    let seed: UInt64
    var perfetto: PerfettoExporter?
    /// Collects the run's timeline when asked for (`run --timeline`, the report page).
    var timeline: TimelineRecorder?
    /// Every presented frame, when asked for (frame charts).
    var keepsFrames = false
    /// The snapshot to take, and the one taken.
    var snapshotRequest: SnapshotRequest?
    var snapshot: WindowSnapshot?
    /// Set by the timer of a `.time` moment: the commit of its turn takes the snapshot.
    var snapshotDue = false
    var frames: [PresentedFrame] = []
    var makeController: ((String) -> ViewController?)?
    /// Timers the runner itself has pending (a step's instant): they do not keep the app
    /// from counting as settled.
    var ownTimers = 0
    var launchTime: UInt64 = 0
    /// Whether to measure; costs, jobs and expectations work either way.
    var measures = true
    /// The first job completion that could not do its work.
    private(set) var failure: String?

    /// Frames per window, in window order: set at launch from the app's windows.
    var windowFrames: [WindowFrames]
    private var samples = MetricSet()
    private var firstCommit: UInt64?
    private var settled: UInt64?
    private var passesThisCommit: [String] = []
    private var pendingInputs: [(kind: String, window: String, time: UInt64)] = []
    /// The callback cost rules by event, in the file's order: each with the controller it
    /// names (`*` for any) and its index among the costs. One lookup of the event answers
    /// the callbacks no rule names, most of them.
    private let callbackRules: [String: [(controller: String, index: Int)]]
    private var passRules: [String: Int] = [:]
    private var queueRules: [String: Int] = [:]
    private var ruleStreams: [Int: DrawStream] = [:]
    private var jobStreams: [String: DrawStream] = [:]
    private let jobsByTrigger: [String: [JobSpec]]
    private var callbackStack: [UInt64] = []
    private var passStart: UInt64 = 0
    private var sequenceProgress: [[String]: Int] = [:]

    init(app: Application, scenario: Scenario, seed: UInt64) {
        self.app = app
        self.scenario = scenario
        self.seed = seed
        windowFrames = scenario.windows.map { WindowFrames(window: $0.label) }
        var triggers: [String: [JobSpec]] = [:]
        for job in scenario.jobs {
            if let trigger = job.trigger { triggers[trigger.event, default: []].append(job) }
        }
        jobsByTrigger = triggers
        var rules: [String: [(controller: String, index: Int)]] = [:]
        for (index, rule) in scenario.costs.enumerated() {
            if case .callback(let controller, let name) = rule.target { rules[name, default: []].append((controller, index)) }
        }
        callbackRules = rules
        if scenario.costs.contains(where: { if case .queue = $0.target { return true } else { return false } }) {
            app.loop.dispatchCost = { [unowned self] label in self.queueCost(label) }
        }
        for step in scenario.steps {
            if case .expectSequence(let lines) = step.action { sequenceProgress[lines] = 0 }
            if case .expectProperty(let property) = step.action, case .sequence(let lines) = property.condition {
                sequenceProgress[lines] = 0
            }
        }
    }

    private var now: UInt64 { app.loop.now.nanoseconds }

    // MARK: Costs

    private func draw(rule index: Int) -> Duration {
        var stream = ruleStreams[index] ?? DrawStream(seed: seed, key: "costs[\(index)]")
        let value = stream.draw(scenario.costs[index].cost)
        ruleStreams[index] = stream
        return value
    }

    private func callbackRule(_ event: String, _ label: String) -> Int {
        guard let rules = callbackRules[event] else { return -1 }
        return rules.first { $0.controller == "*" || $0.controller == label }?.index ?? -1
    }

    private func passRule(_ pass: UpdatePass, _ window: String) -> Int {
        let key = pass.rawValue + "@" + window
        if let index = passRules[key] { return index }
        let index = scenario.costs.firstIndex { rule in
            switch (rule.target, pass) {
            case (.layoutPass(let target), .layout), (.displayPass(let target), .display): return target == nil || target == window
            default: return false
            }
        } ?? -1
        passRules[key] = index
        return index
    }

    /// The cost of a Dispatch block on a queue with `label`: its rule's draw, or zero.
    func queueCost(_ label: String) -> Duration {
        let index: Int
        if let known = queueRules[label] {
            index = known
        } else {
            index = scenario.costs.firstIndex { rule in
                if case .queue(let target) = rule.target { return target == label || target == "*" }
                return false
            } ?? -1
            queueRules[label] = index
        }
        return index >= 0 ? draw(rule: index) : .zero
    }

    private func spend(rule index: Int) {
        guard index >= 0 else { return }
        let cost = draw(rule: index)
        guard cost > .zero else { return }
        let start = now
        app.loop.consume(cost)
        noteClockEnd()
        perfetto?.consumed(start: start, end: now)
        timeline?.span(lane: timeline!.loopLane, name: "consume", category: "consume", start: start, end: now)
    }

    func callbackWillRun(_ event: String, of controller: ViewController) {
        callbackStack.append(now)
        if let timeline { timeline.begin(lane: TimelineProbe.lane(for: controller, in: timeline), at: now) }
        spend(rule: callbackRule(event, controller.traceLabel))
    }

    func callbackDidRun(_ event: String, of controller: ViewController) {
        let start = callbackStack.popLast() ?? now
        let end = now
        if measures, end > start {
            samples.record("callback.\(controller.traceLabel).\(event)", Int64(clamping: end - start), unit: .nanoseconds, scope: .sample)
        }
        perfetto?.callback(event, of: controller, start: start, end: end)
        if let timeline {
            timeline.end(lane: TimelineProbe.lane(for: controller, in: timeline), name: "\(controller.traceLabel) \(event)",
                         category: "callback", at: end)
        }
        if let jobs = jobsByTrigger[event] {
            for job in jobs where job.trigger?.controller == controller.traceLabel || job.trigger?.controller == "*" {
                submit(job)
            }
        }
    }

    func passWillRun(_ pass: UpdatePass, in window: Window) {
        passStart = now
        passesThisCommit.append(window.traceLabel)
        if let timeline { timeline.begin(lane: timeline.windowLane(window.traceLabel), at: now) }
        spend(rule: passRule(pass, window.traceLabel))
    }

    func passDidRun(_ pass: UpdatePass, in window: Window) {
        let end = now
        if measures, end > passStart {
            samples.record("pass.\(pass.rawValue)@\(window.traceLabel)", Int64(clamping: end - passStart), unit: .nanoseconds, scope: .sample)
        }
        perfetto?.pass(pass, in: window, start: passStart, end: end)
        if let timeline { timeline.end(lane: timeline.windowLane(window.traceLabel), name: "\(pass.rawValue) pass", category: pass.rawValue, at: end) }
    }

    // MARK: Jobs

    func submit(_ job: JobSpec) {
        var stream = jobStreams[job.label] ?? DrawStream(seed: seed, key: "jobs.\(job.label)")
        let cost = stream.draw(job.cost)
        jobStreams[job.label] = stream
        let hostSleep = scenario.clock == .host ? UInt32(clamping: max(0, cost.nanoseconds) / 1000) : 0
        let submitted = now
        let id = perfetto?.jobSubmitted(job.label, cost: cost, at: submitted)
        // The timeline ends the job at the clock's end at the latest.
        let token = timeline?.jobSubmitted(job.label, cost: min(UInt64(max(0, cost.nanoseconds)), .max - submitted),
                                           at: submitted)
        app.loop.submit(label: job.label, cost: cost, work: {
            // Under the host clock the job really takes its time, off the loop.
            if hostSleep > 0 { usleep(hostSleep) }
        }, completion: { [unowned self] _ in
            let start = now
            complete(job)
            perfetto?.jobCompleted(job.label, id: id, submitted: submitted, start: start, end: now)
            if let token { timeline?.jobCompleted(token, start: start, end: now) }
        })
        perfetto?.pendingJobsChanged(app.loop.pendingJobCount)
    }

    private func complete(_ job: JobSpec) {
        func window(_ label: String?) -> Window? {
            let name = label ?? app.keyWindow?.traceLabel
            return app.windows.first { $0.traceLabel == name } ?? app.windows.first
        }
        switch job.completion {
        case .nothing:
            break
        case .layout(let label):
            guard let view = liveView(labelled: label) else { return jobFailed(job, "no view labelled '\(label)' is in the app") }
            view.setNeedsLayout()
        case .display(let label):
            guard let view = liveView(labelled: label) else { return jobFailed(job, "no view labelled '\(label)' is in the app") }
            view.setNeedsDisplay()
        case .push(let scene, let label):
            guard let target = window(label), let navigation = navigation(in: target) else {
                return jobFailed(job, "no navigation controller to push '\(scene)' onto")
            }
            guard let controller = makeController?(scene) else { return jobFailed(job, "the app cannot make scene '\(scene)'") }
            navigation.pushViewController(controller, animated: true)
        case .present(let scene, let style, let label):
            var top = window(label)?.rootViewController
            while let presented = top?.presentedViewController { top = presented }
            guard let top else { return jobFailed(job, "no controller to present '\(scene)' from") }
            guard let controller = makeController?(scene) else { return jobFailed(job, "the app cannot make scene '\(scene)'") }
            if let style { controller.modalPresentationStyle = style }
            top.present(controller, animated: true)
        }
    }

    /// A view a job's completion marks: in a window, or still held by a controller of one
    /// (a page pushed over, a tab not selected, a presenter covered). As a completion
    /// handler's `setNeedsLayout()` in UIKit, marking a view that left the window is fine:
    /// it is laid out when it is back.
    private func liveView(labelled label: String) -> View? {
        if let view = app.view(labelled: label) { return view }
        for window in app.windows {
            var pending: [ViewController] = window.rootViewController.map { [$0] } ?? []
            while let controller = pending.popLast() {
                if let view = controller.viewIfLoaded?.viewWithLabel(label) { return view }
                pending.append(contentsOf: controller.children)
                if let presented = controller.storedPresentedViewController { pending.append(presented) }
            }
        }
        return nil
    }

    private func jobFailed(_ job: JobSpec, _ message: String) {
        guard failure == nil else { return }
        failure = "\(scenario.file):\(job.location.line):\(job.location.column): \(job.location.field): job '\(job.label)': \(message)"
    }

    /// The navigation controller that a push in this window goes to: the top presented
    /// controller's, the selected tab's, or the root's.
    func navigation(in window: Window) -> NavigationController? {
        var candidates: [ViewController] = []
        var top = window.rootViewController
        while let controller = top {
            candidates.insert(controller, at: 0)
            top = controller.presentedViewController
        }
        for controller in candidates {
            if let navigation = controller as? NavigationController { return navigation }
            if let tabs = controller as? TabBarController, let navigation = tabs.selectedViewController as? NavigationController {
                return navigation
            }
        }
        return nil
    }

    func tabs(in window: Window) -> TabBarController? {
        window.rootViewController as? TabBarController
    }

    // MARK: Frames, commits, latency

    /// The script's inputs and the turns they ran in, for determinism reports.
    var inputLog: [(turn: UInt64, input: String)] = []

    /// Told of each input as it runs (a recording writes it down).
    var onInput: ((String, UInt64) -> Void)?

    func noteInput(_ kind: String, window: String) {
        inputLog.append((app.loop.turn, "\(kind) in window \(window)"))
        onInput?("\(kind) in window \(window)", app.loop.turn)
        if measures { pendingInputs.append((kind, window, now)) }
        perfetto?.input(kind, window: window, at: now)
        if let timeline { timeline.instant(lane: timeline.windowLane(window), name: kind, category: "input", at: now) }
    }

    func commitWillBegin() {
        passesThisCommit.removeAll(keepingCapacity: true)
        perfetto?.commitWillBegin(at: now)
        timeline?.commitWillBegin(at: now)
    }

    /// Whether the virtual clock reached the end of its range, where it stops: the run
    /// ends there (a frame at that instant would schedule the next at the same instant).
    private(set) var clockEnded = false

    /// Stops the loop's run once the virtual clock is at its end.
    private func noteClockEnd() {
        guard scenario.clock == .virtual, now == .max else { return }
        clockEnded = true
        app.loop.stop()
    }

    func commitDidEnd() {
        noteClockEnd()
        let end = now
        perfetto?.commitDidEnd(at: end)
        if snapshotRequest != nil, snapshot == nil {
            if snapshotDue { takeSnapshot() }
            if case .turn(let turn)? = snapshotRequest?.moment, app.loop.turn >= turn { takeSnapshot() }
        }
        timeline?.commitDidEnd(at: end)
        if !passesThisCommit.isEmpty {
            if firstCommit == nil { firstCommit = end }
            if !pendingInputs.isEmpty {
                // The commit's work shows at the first vsync after it, on the input's screen.
                resolveInputs { window in
                    guard passesThisCommit.contains(window),
                          let screen = app.windows.first(where: { $0.traceLabel == window })?.screen else { return nil }
                    return vsync(after: end, rate: screen.refreshRate)
                }
            }
        }
        if settled == nil, !app.isAnimating, app.loop.pendingTaskCount == 0, app.loop.pendingJobCount == 0,
           app.loop.pendingTimerCount <= ownTimers {
            settled = end
        }
    }

    /// Takes the requested window's snapshot now (once); a missing window fails the run.
    func takeSnapshot() {
        guard let request = snapshotRequest, snapshot == nil else { return }
        let window = request.window.map { label in app.windows.first { $0.traceLabel == label } }
            ?? (app.keyWindow ?? app.windows.first)
        guard let window else {
            let known = app.windows.map(\.traceLabel).joined(separator: ", ")
            if failure == nil {
                failure = "snapshot \(request.moment): the app has no window '\(request.window ?? "")' (windows: \(known.isEmpty ? "none" : known))"
            }
            return
        }
        snapshot = WindowSnapshot(window)
    }

    func framePresented(_ frame: PresentedFrame) {
        noteClockEnd()
        perfetto?.frame(frame)
        timeline?.frame(frame)
        if keepsFrames { frames.append(frame) }
        // Frames are counted even when not measuring: `expect` steps bound them.
        if let index = windowFrames.firstIndex(where: { $0.window == frame.window }) {
            windowFrames[index].record(frame)
        } else {
            var frames = WindowFrames(window: frame.window)
            frames.record(frame)
            windowFrames.append(frames)
        }
        if !pendingInputs.isEmpty {
            resolveInputs { $0 == frame.window ? frame.presented : nil }
        }
    }

    private func resolveInputs(_ presentation: (String) -> UInt64?) {
        pendingInputs.removeAll { input in
            guard let shown = presentation(input.window) else { return false }
            // A mark a network response ends is named as it is (`mark.NAME`), and its
            // slice ends at the frame that shows the response.
            let isMark = input.kind.hasPrefix("mark.")
            let name = isMark ? input.kind : "latency.\(input.kind)"
            samples.record(name, clampedDifference(shown, input.time), unit: .nanoseconds, scope: .sample)
            if isMark {
                let mark = String(input.kind.dropFirst(5))
                perfetto?.markEnded(mark, at: shown)
                timeline?.markEnded(mark, at: shown)
            }
            return true
        }
    }

    /// Marks whose response arrived but whose first commit that shows it has not come.
    var marksAwaitingAFrame: [String] {
        pendingInputs.compactMap { $0.kind.hasPrefix("mark.") ? String($0.kind.dropFirst(5)) : nil }
    }

    /// A mark still open when the run ends: counted in the report (`mark.NAME.open`), and
    /// its Perfetto and timeline slices end at the run's end, the Perfetto one marked open.
    func markOpenAtEnd(_ name: String) {
        samples.record("mark.\(name).open", 1, unit: .count, scope: .seed)
        perfetto?.markEnded(name, open: true)
        timeline?.markEnded(name, at: now)
    }

    /// The first vsync (`k × 1 s / rate`, rounded down) after `instant`, or the clock's end.
    ///
    /// The products take 128 bits: `instant × rate` passes 64 bits after about 1.2 years
    /// of virtual time at 480 Hz.
    static func vsync(after instant: UInt64, rate: Int) -> UInt64 {
        let rate = UInt64(min(max(1, rate), 1_000_000_000))
        func time(ofVsync index: UInt64) -> UInt64 {
            let product = index.multipliedFullWidth(by: 1_000_000_000)
            // The quotient fits in 64 bits exactly when the high half is below the divisor.
            guard product.high < rate else { return .max }
            return rate.dividingFullWidth(product).quotient
        }
        guard instant < .max else { return .max }
        // ⌊(instant + 1) × rate / 1 s⌋ fits in 64 bits since rate ≤ 1 s in ns; its vsync is
        // at or before instant + 1, so at most two steps on is the first one after instant.
        var index = UInt64(1_000_000_000).dividingFullWidth((instant + 1).multipliedFullWidth(by: rate)).quotient
        while time(ofVsync: index) <= instant {
            guard index < .max else { return .max }
            index += 1
        }
        return time(ofVsync: index)
    }

    private func vsync(after instant: UInt64, rate: Int) -> UInt64 {
        Self.vsync(after: instant, rate: rate)
    }

    func transitionDidBegin(_ name: String, id: ObjectIdentifier, in window: Window) {
        perfetto?.spanBegan(name, id: id, window: window.traceLabel)
        if let timeline { timeline.asyncBegan(name, category: "transition", id: id, lane: timeline.windowLane(window.traceLabel), at: now) }
    }

    func transitionDidEnd(id: ObjectIdentifier, cancelled: Bool) {
        perfetto?.spanEnded(id: id)
        timeline?.asyncEnded(id: id, at: now)
    }

    func animationDidBegin(_ property: String, of view: View, id: ObjectIdentifier, in window: Window) {
        perfetto?.spanBegan("animate \(property) \(view.traceLabel)", id: id, window: window.traceLabel)
        if let timeline {
            timeline.asyncBegan("animate \(property) \(view.traceLabel)", category: "animation", id: id,
                                lane: timeline.windowLane(window.traceLabel), at: now)
        }
    }

    func animationDidEnd(id: ObjectIdentifier, finished: Bool) {
        perfetto?.spanEnded(id: id)
        timeline?.asyncEnded(id: id, at: now)
    }

    // MARK: The scripted network

    /// A response was delivered: its count and latency under its rule's pattern, the
    /// time to the first frame that shows it (`latency.response`), and the mark it ends,
    /// which runs from the mark's start to that frame.
    func noteResponse(_ exchange: ScriptedNetwork.Exchange, window: String, endingMarkStartedAt markStart: UInt64?) {
        guard measures else { return }
        samples.record("network.requests[\(exchange.pattern)]", 1, unit: .count, scope: .sample)
        samples.record("network.latencyMs[\(exchange.pattern)]", exchange.latency.nanoseconds, unit: .nanoseconds, scope: .sample)
        pendingInputs.append(("response", window, now))
        if let markStart, let mark = exchange.mark { pendingInputs.append(("mark." + mark, window, markStart)) }
    }

    // MARK: Marks and expectations

    func recordMark(_ name: String, duration: UInt64) {
        samples.record("mark.\(name)", Int64(clamping: duration), unit: .nanoseconds, scope: .sample)
    }

    /// Follows each expected sequence through the events as they are recorded.
    func matchSequences(_ event: TraceEvent) {
        for (lines, progress) in sequenceProgress where progress < lines.count {
            let line = lines[progress]
            // "label event": the label may not contain a space; the event is the rest.
            guard let space = line.firstIndex(of: " ") else { continue }
            if line[..<space] == event.label && line[line.index(after: space)...] == event.name {
                sequenceProgress[lines] = progress + 1
            }
        }
    }

    /// Nil when the sequence was seen in order; else what is missing.
    func checkSequence(_ lines: [String]) -> String? {
        let progress = sequenceProgress[lines] ?? 0
        guard progress < lines.count else { return nil }
        let seen = progress == 0 ? "none of it was seen" : "seen up to '\(lines[progress - 1])'"
        return "expected the sequence \(lines.map { "'\($0)'" }.joined(separator: ", ")) by \(formatDuration(.nanoseconds(Int64(clamping: now)))); \(seen), then no '\(lines[progress])'"
    }

    /// The first line of a sequence not yet seen; nil when all were.
    func missingLine(_ lines: [String]) -> String? {
        let progress = sequenceProgress[lines] ?? 0
        return progress < lines.count ? lines[progress] : nil
    }

    func frameValue(_ metric: FrameMetricName, window: String?) -> Double {
        if let window {
            return windowFrames.first { $0.window == window }?.value(of: metric) ?? 0
        }
        var all = WindowFrames(window: "all")
        for frames in windowFrames { all.merge(frames) }
        return all.value(of: metric)
    }

    // MARK: The run's figures

    func finalMetrics(endTime: UInt64, turns: UInt64) -> MetricSet {
        var set = samples
        var all = WindowFrames(window: "all")
        for frames in windowFrames {
            all.merge(frames)
            record(frames, prefix: frames.window, into: &set)
        }
        if windowFrames.count > 1 { record(all, prefix: "all", into: &set) }
        // Clamped: a run may last up to the clock's end, past `Int64`'s nanoseconds.
        if let firstCommit {
            set.record("launch.firstCommitMs", clampedDifference(firstCommit, launchTime), unit: .nanoseconds, scope: .seed)
        }
        if let settled { set.record("launch.settleMs", clampedDifference(settled, launchTime), unit: .nanoseconds, scope: .seed) }
        set.record("run.durationMs", clampedDifference(endTime, launchTime), unit: .nanoseconds, scope: .seed)
        set.record("run.turns", Int64(clamping: turns), unit: .count, scope: .seed)
        return set
    }

    private func record(_ frames: WindowFrames, prefix: String, into set: inout MetricSet) {
        set.record("\(prefix).frameCount", Int64(frames.frameCount), unit: .count, scope: .seed)
        set.record("\(prefix).droppedFrames", Int64(frames.droppedFrames), unit: .count, scope: .seed)
        set.record("\(prefix).droppedFramesPercent", frames.droppedPercentMilli, unit: .milli, scope: .seed)
        set.record("\(prefix).hitchTimeRatio", frames.hitchRatioMilli, unit: .milli, scope: .seed)
        guard frames.frameCount > 0 else { return }
        let percentiles = [50, 90, 95, 99]
        let cpu = frames.frameDurationCpu.values(atPercentiles: percentiles.map(Double.init))
        let overrun = frames.frameOverrun.values(atPercentiles: percentiles.map(Double.init))
        for (index, percentile) in percentiles.enumerated() {
            set.record("\(prefix).frameDurationCpuMs.p\(percentile)", cpu[index], unit: .nanoseconds, scope: .seed)
            set.record("\(prefix).frameOverrunMs.p\(percentile)", overrun[index], unit: .nanoseconds, scope: .seed)
        }
        set.add(Metric(name: "\(prefix).frames.frameDurationCpuMs", unit: .nanoseconds, scope: .frame, values: frames.frameDurationCpu))
        set.add(Metric(name: "\(prefix).frames.frameOverrunMs", unit: .nanoseconds, scope: .frame, values: frames.frameOverrun))
    }
}
