import Foundation
import Lifeloop
import LifeloopPictures
import LifeloopNetwork

/// One run of a scenario with one seed: builds the app on the calling thread, launches
/// it at time 0, then drives the loop step by step.
///
/// Input steps (tap, push, rotate, ...) run inside a loop turn, from a timer at their
/// instant, as a real input would arrive; `advance`, `settle`, `mark` and `expect` move or
/// read the clock between turns. Without `duration`, the run ends when the script is done
/// and the app has settled within the budget; with it, exactly at that instant.
final class ScenarioRun {
    /// The Xcode project the app comes from, built and laid out for this run.
    private var project: AppProject?
    /// The scenario, on the clock the options ask for.
    let scenario: Scenario
    let runner: ScenarioRunner
    let seed: UInt64
    let options: RunOptions
    let app: Application
    let probe: ScenarioProbe
    private var launchContext: LaunchContext?
    private var storyboard: Storyboard?
    private var failure: String?
    /// What failed, without the places and numbers that change when the script is cut down
    /// (``RunResult/failureKey``).
    private var failureKey: String?
    /// The properties judged so far, in step order.
    private var properties: [PropertyOutcome] = []
    private var previousEnd: UInt64 = 0
    private var stepStreams: [Int: DrawStream] = [:]
    private var openMarks: [String: UInt64] = [:]
    private var recording: RecordingWriter?
    private var replay: RecordingReader?
    /// The scripted network the app's requests are served from, if the scenario has one.
    private(set) var network: ScriptedNetwork?

    /// What changed between a recorded scenario text and the file now: its first differing
    /// line, or that the text is the same (then a file it names changed, such as its
    /// storyboard).
    static func change(from recorded: String, toFileAt path: String) -> String {
        guard !recorded.isEmpty else { return "the recording does not keep the scenario's text" }
        let current: String
        do {
            current = String(decoding: try InputFile.read(path: path), as: UTF8.self)
        } catch {
            return "\(error)"
        }
        if current == recorded { return "its text is the same, so a file it names (its storyboard) changed" }
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let new = current.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let was = line < old.count ? "`\(old[line])`" : "(end of file)"
        let now = line < new.count ? "`\(new[line])`" : "(end of file)"
        return "line \(line + 1) was \(was), now \(now)"
    }

    /// The input verbs a script can use: a recording's vocabulary fingerprint is their
    /// digest, so a recording made with other verbs is refused.
    static let vocabulary = "tap push pop popToRoot present dismiss selectTab rotate resize hide show makeKey memoryWarning appState job advance settle mark expect interactivePop"

    init(runner: ScenarioRunner, seed: UInt64, options: RunOptions) throws {
        self.runner = runner
        var scenario = runner.scenario
        if let clock = options.clock { scenario.clock = clock }
        self.scenario = scenario
        self.seed = seed
        self.options = options
        let needsEvents = scenario.steps.contains {
            switch $0.action {
            case .expectSequence: return true
            case .expectProperty(let property): if case .sequence = property.condition { return true } else { return false }
            default: return false
            }
        }
        let traced = options.keepEvents || options.digest || options.keepTurnDigests || options.tracePath != nil || needsEvents
            || options.recordPath != nil || options.replayPath != nil
        // Only `keepEvents` needs the events in memory; a digest, a stream and the sequence
        // matcher (the sink) all work in digest-only mode, which keeps none.
        let traceMode: TraceMode = !traced ? .off : options.keepEvents ? .unbounded : .digestOnly
        var configuration = LoopConfiguration(clock: scenario.clock, workerWidth: options.workerWidth ?? scenario.workers,
                                              traceMode: traceMode)
        configuration.workerJitter = options.workerJitter
        app = try Application(screen: scenario.windows[0].screen, configuration: configuration)
        app.random = SeededGenerator(seed: seed)
        if let bundle = scenario.bundle { app.bundlePath = bundle }
        if case .project(let path, let target) = scenario.app {
            project = try AppProject.prepare(path: path, target: target)
        }
        if let sources = scenario.sources {
            var roots = [scenario.bundle].compactMap { $0 }
            if case .storyboard(let path) = scenario.app { roots.append(path) }
            let module = try ProjectSources.load(directory: sources, module: scenario.sourcesModule, searchRoots: roots)
            if !app.moduleNames.contains(module) { app.moduleNames.append(module) }
        }
        // FNV-1a over the verbs: stable across machines and runs (String's hashValue is not).
        let vocabulary = Self.vocabulary.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        if let path = options.replayPath {
            let reader = try RecordingReader(path: path)
            guard reader.header.programHash == scenario.hash else {
                throw RecordingError("\(path): recorded from scenario '\(reader.header.program)' (hash \(reader.header.programHash)), but \(scenario.file) is '\(scenario.name)' (hash \(scenario.hash)): the scenario changed since the recording; \(Self.change(from: reader.header.source, toFileAt: scenario.file))")
            }
            guard reader.header.vocabulary == String(vocabulary, radix: 16) else {
                throw RecordingError("\(path): recorded with another input vocabulary (fingerprint \(reader.header.vocabulary), this Lifeloop's \(String(vocabulary, radix: 16)))")
            }
            guard reader.header.seed == seed else {
                throw RecordingError("\(path): recorded with seed \(reader.header.seed), not \(seed)")
            }
            guard reader.header.clock == scenario.clock.rawValue else {
                throw RecordingError("\(path): recorded on the \(reader.header.clock) clock; this run is on the \(scenario.clock.rawValue) clock")
            }
            app.loop.replaySource = reader
            replay = reader
        } else if let path = options.recordPath {
            var header = RecordingHeader(lifeloopVersion: LifeloopVersion.string, program: scenario.name, programHash: scenario.hash,
                                         vocabulary: String(vocabulary, radix: 16), seed: seed, clock: scenario.clock.rawValue)
            // The text as read under the input checks; a file that became unreadable since
            // it was loaded leaves the text out (a replay then needs the file named).
            header.source = (try? InputFile.read(path: scenario.file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            header.scenarioFile = scenario.file.hasPrefix("/") ? scenario.file
                : FileManager.default.currentDirectoryPath + "/" + scenario.file
            let writer = try RecordingWriter(path: path, header: header)
            app.loop.recorder = writer
            recording = writer
        }
        app.uikitVersion = scenario.uikitVersion
        let drawn = scenario.appearance(forSeed: seed)
        if let style = options.appearanceStyle ?? drawn.style { app.userInterfaceStyle = style }
        if let contentSize = options.contentSize ?? drawn.contentSize { app.preferredContentSizeCategory = contentSize }
        if let policy = scenario.unloadPolicy { app.unloadPolicy = policy }
        if let calls = scenario.viewIsAppearing { app.callsViewIsAppearing = calls }
        if scenario.listPrefetching { app.prefetchesListContent = true }
        if let path = options.tracePath { try app.trace.stream(toFileAtPath: path) }
        probe = ScenarioProbe(app: app, scenario: scenario, seed: seed)
        probe.measures = options.measures
        if let path = options.perfettoPath {
            probe.perfetto = try PerfettoExporter(path: path, app: app, name: "\(scenario.name) seed \(seed)")
        }
        app.probe = probe
        if options.timeline {
            let recorder = TimelineRecorder(start: 0)
            recorder.watchPhases(of: app.loop)
            probe.timeline = recorder
        }
        // Before any app code runs: `URLSession.shared` takes the registered protocols when
        // it is first used, so an app without a network that touches it first in this
        // process must not leave later runs' networks unserved.
        ScriptedURLProtocol.register()
        if let spec = scenario.network { installNetwork(spec) }
        probe.keepsFrames = options.keepFrames
        probe.snapshotRequest = options.snapshot
        if needsEvents {
            let probe = self.probe
            app.trace.sink = { [unowned probe] event in probe.matchSequences(event) }
        }
    }

    private func installNetwork(_ spec: ScenarioNetwork) {
        let source = spec.source ?? "\(scenario.file):\(spec.location.line):\(spec.location.column)"
        let network = ScriptedNetwork(rules: spec.rules, seed: seed, source: source,
                                      allowsRealNetwork: scenario.allowsRealNetwork || options.allowNetwork)
        network.onDiagnostic = { [unowned app] message in
            app.reportDiagnostic(.networkRequestUnmatched, label: "network", message: message)
        }
        network.onDelivery = { [unowned self] exchange in
            // A mark ends at the response whose data can be shown: a failure (which the app
            // may retry) leaves it open.
            let shows = exchange.failure == nil && (200..<300).contains(exchange.status ?? 0)
            let markStart = shows ? exchange.mark.flatMap { openMarks.removeValue(forKey: $0) } : nil
            let window = app.keyWindow?.traceLabel ?? app.windows.first?.traceLabel ?? ""
            probe.noteResponse(exchange, window: window, endingMarkStartedAt: markStart)
        }
        network.install(on: app.loop)
        self.network = network
    }

    deinit {
        project?.removeBundle()
        network?.uninstall()
        app.probe = nil
        app.trace.sink = nil
    }

    /// Lets the probe make controllers for scene names (job completions need it).
    func prepare() {
        probe.makeController = { [unowned self] name in makeController(name) }
        if let recording { probe.onInput = { [unowned recording] text, turn in recording.input(text, turn: turn) } }
    }

    func execute() throws -> (result: RunResult, events: [TraceEvent]) {
        prepare()
        do {
            try launch()
            if options.injectUnseededDelay {
                var generator = SystemRandomNumberGenerator()
                try run(until: saturatingSum(app.loop.now.nanoseconds, UInt64.random(in: 1...1_000_000, using: &generator)))
            }
            if case .time(let time)? = options.snapshot?.moment {
                // A turn at that instant, whose commit takes the picture.
                probe.ownTimers += 1
                app.loop.schedule(at: LoopInstant(nanoseconds: saturatingSum(probe.launchTime, time))) { [unowned self] in
                    probe.ownTimers -= 1
                    probe.snapshotDue = true
                }
            }
            for (index, step) in scenario.steps.enumerated() where failure == nil {
                try run(step, index: index)
                if case .afterStep(let number)? = options.snapshot?.moment, number == index + 1 { probe.takeSnapshot() }
            }
            if failure == nil { try finish() }
            if failure == nil, options.snapshot?.moment == .end { probe.takeSnapshot() }
        } catch let error as LoopError {
            switch error {
            case .budgetExceeded, .replayDiverged: fail("\(error)")
            default: throw error
            }
        }
        if recording != nil || (replay != nil && failure == nil) {
            do { try app.loop.checkpointLastTurn() } catch { fail("\(error)") }
        }
        if let replay, failure == nil, app.loop.turn != replay.turns || app.trace.digest.description != replay.finalDigest {
            fail("replay diverged: the run ended at turn \(app.loop.turn) with digest \(app.trace.digest), the recording at turn \(replay.turns) with \(replay.finalDigest)")
        }
        if failure == nil, let jobFailure = probe.failure { fail(jobFailure) }
        // A hop to the main actor from an app on another thread: its task went to the real
        // main thread, so this run is not the program `lifeloop run` runs. Never a figure.
        if failure == nil, let hop = app.diagnostics.first(where: { $0.kind == .mainActorNotOwned }) {
            fail(key: "diagnostic \(hop.kind.rawValue) on \(hop.label)", "\(hop.kind.rawValue): the app's code used the main actor on a thread that is not its process's main thread, so this run measured another program than `lifeloop run`; give the app `threading: .mainThread` (each seed then runs in a process of its own)")
        }
        if failure == nil, scenario.strict, let diagnostic = app.diagnostics.first {
            fail(key: "diagnostic \(diagnostic.kind.rawValue) on \(diagnostic.label)",
                 "strict mode: \(diagnostic.kind.rawValue) on \(diagnostic.label): \(diagnostic.message)")
        }
        try probe.perfetto?.close()
        // A trace that could not be written whole is an error, not a short file.
        if options.tracePath != nil { try app.trace.finishStream() }
        if let recording {
            try recording.finish(ok: failure == nil, turns: app.loop.turn, finalDigest: app.trace.digest, reason: failure)
            app.loop.recorder = nil
        }
        let metrics = probe.finalMetrics(endTime: app.loop.now.nanoseconds, turns: app.loop.turn)
        var result = RunResult(seed: seed, status: failure.map(RunStatus.failed) ?? .passed,
                               digest: app.trace.isEnabled ? app.trace.digest : nil,
                               endTime: app.loop.now.nanoseconds, turns: app.loop.turn,
                               windows: probe.windowFrames, metrics: metrics,
                               timeline: probe.timeline?.result(end: app.loop.now.nanoseconds), frames: probe.frames,
                               snapshot: probe.snapshot,
                               turnDigests: options.keepTurnDigests ? app.trace.turnDigests : [],
                               inputs: probe.inputLog,
                               failureKey: failure == nil ? nil : failureKey, properties: properties)
        result.appearance = runner.sweptAppearance(seed: seed)
        let events = options.keepEvents ? app.trace.events : []
        return (result, events)
    }

    private func fail(key: String? = nil, _ message: String) {
        guard failure == nil else { return }
        failure = message
        failureKey = key ?? Self.failureKey(of: message)
    }

    /// A failure's message without its `file:line:column: field: ` place, which moves when
    /// steps are cut, and with its numbers of time left as they are.
    static func failureKey(of message: String) -> String {
        var rest = Substring(message)
        // file:LINE:COLUMN: field: …
        let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.count == 4, Int(parts[1]) != nil, Int(parts[2].trimmingCharacters(in: .whitespaces)) != nil {
            rest = parts[3].drop { $0 == " " }
            if let colon = rest.range(of: ": "), !rest[..<colon.lowerBound].contains(" ") { rest = rest[colon.upperBound...] }
        }
        return String(rest)
    }

    /// The first failure since the last call, cleared: a session's steps fail one by one.
    func takeFailure() -> String? {
        defer { failure = nil }
        return failure
    }

    /// The recording, finished with the run so far: a session's stop.
    func finishRecording(ok: Bool) throws {
        guard let recording else { return }
        try app.loop.checkpointLastTurn()
        try recording.finish(ok: ok, turns: app.loop.turn, finalDigest: app.trace.digest)
        app.loop.recorder = nil
        self.recording = nil
    }

    // MARK: Launch

    func launch() throws {
        app.loop.record(label: "app", event: "launch", detail: scenario.name)
        probe.launchTime = app.loop.now.nanoseconds
        // The app's launch code (viewDidLoad and all) sees still clocks, as code in a turn
        // does: a deadline it computes from the clock reaches the loop as asked.
        try app.loop.asInATurn { try launchWindows() }
        probe.windowFrames = app.windows.map { WindowFrames(window: $0.traceLabel) }
        previousEnd = app.loop.now.nanoseconds
    }

    private func launchWindows() throws {
        if let project {
            try project.launch(in: app)
        } else if let definition = runner.storyboard {
            let storyboard = app.storyboard(definition)
            self.storyboard = storyboard
            var windows: [Window] = []
            for spec in scenario.windows {
                let window = Window(screen: spec.screen, label: spec.label)
                window.rootViewController = makeRoot(spec, storyboard: storyboard)
                windows.append(window)
            }
            // The first window is key; the others are shown without taking key status.
            windows.first?.makeKeyAndVisible()
            for window in windows.dropFirst() { window.isHidden = false }
        } else if let definition = runner.definition {
            let context = LaunchContext(app: app, windows: scenario.windows, seed: seed)
            launchContext = context
            try definition.launch(context)
        }
    }

    private func makeRoot(_ spec: WindowSpec, storyboard: Storyboard) -> ViewController? {
        switch spec.container {
        case .tabs(let scenes):
            return TabBarController(viewControllers: scenes.compactMap { storyboard.instantiateViewController(withIdentifier: $0) },
                                    label: spec.label + ".tabs")
        case .navigation:
            guard let root = storyboard.instantiateViewController(withIdentifier: spec.root ?? storyboard.definition.initialScene)
            else { return nil }
            return NavigationController(rootViewController: root, label: spec.label + ".nav")
        case .none:
            return storyboard.instantiateViewController(withIdentifier: spec.root ?? storyboard.definition.initialScene)
        }
    }

    private func makeController(_ name: String) -> ViewController? {
        if let storyboard { return storyboard.instantiateViewController(withIdentifier: name) }
        return launchContext?.makeController?(name)
    }

    // MARK: Driving the clock

    /// Runs the loop up to `instant`; `action` runs in a turn at that instant.
    private func run(until instant: UInt64, _ action: (() -> Void)? = nil) throws {
        let loop = app.loop
        let target = max(instant, loop.now.nanoseconds)
        switch scenario.clock {
        case .virtual:
            if let action {
                probe.ownTimers += 1
                loop.schedule(at: LoopInstant(nanoseconds: target)) { [unowned self] in
                    probe.ownTimers -= 1
                    action()
                }
            }
            try loop.advance(to: LoopInstant(nanoseconds: target), maxTurns: options.maxTurns)
        case .host:
            probe.ownTimers += 1
            loop.schedule(at: LoopInstant(nanoseconds: target)) { [unowned self] in
                probe.ownTimers -= 1
                action?()
                app.loop.stop()
            }
            try loop.run()
        }
    }

    private func settle() throws {
        try app.loop.runUntilIdle(maxTurns: options.maxTurns, maxTime: scenario.settleBudget)
    }

    /// Where the script ends, for failures after its last step: that step's place, or the
    /// file alone when the script is empty.
    private var endOfScript: String {
        guard let last = scenario.steps.last?.location else { return scenario.file }
        return "\(scenario.file):\(last.line):\(last.column): after \(last.field), the script's last step"
    }

    private func finish() throws {
        if let duration = scenario.duration {
            try run(until: saturatingSum(probe.launchTime, UInt64(max(0, duration.nanoseconds))))
        } else {
            do {
                try settle()
            } catch let error as LoopError {
                fail("\(endOfScript): the app did not settle after the script within its budget of \(formatDuration(scenario.settleBudget)): \(error)")
            }
        }
        if failure == nil, app.loop.now.nanoseconds == .max {
            fail("\(endOfScript): \(Self.clockEndMessage) while the app settled after the script")
        }
        for name in openMarks.keys.sorted() + probe.marksAwaitingAFrame {
            probe.markOpenAtEnd(name)
            fail("mark '\(name)' was started and never ended")
        }
    }

    /// What a run says when its virtual time reaches the end of the clock's range.
    static let clockEndMessage = "virtual time reached the end of the clock (\(UInt64.max)ns, about 584 years "
        + "after launch); the script's times, costs and jobs must add up to less"


    // MARK: Steps

    private func draw(_ distribution: Distribution, step index: Int) -> UInt64 {
        var stream = stepStreams[index] ?? DrawStream(seed: seed, key: "script[\(index)]")
        let value = stream.draw(distribution)
        stepStreams[index] = stream
        return UInt64(max(0, value.nanoseconds))
    }

    func run(_ step: Step, index: Int) throws {
        let instant: UInt64
        switch step.timing {
        case .at(let distribution): instant = saturatingSum(probe.launchTime, draw(distribution, step: index))
        case .after(let distribution): instant = saturatingSum(previousEnd, draw(distribution, step: index))
        }
        let place = "\(scenario.file):\(step.location.line):\(step.location.column): \(step.location.field)"
        switch step.action {
        case .advance(let duration):
            try run(until: instant)
            try run(until: saturatingSum(app.loop.now.nanoseconds, UInt64(max(0, duration.nanoseconds))))
        case .settle:
            try run(until: instant)
            do {
                try settle()
            } catch let error as LoopError {
                fail("\(place): the app did not settle within its budget of \(formatDuration(scenario.settleBudget)): \(error)")
            }
        case .markStart(let name):
            try run(until: instant)
            openMarks[name] = app.loop.now.nanoseconds
            app.loop.record(label: "mark", event: "start", detail: name)
            probe.perfetto?.markStarted(name)
            probe.timeline?.markStarted(name, at: app.loop.now.nanoseconds)
        case .markEnd(let name):
            try run(until: instant)
            if let start = openMarks.removeValue(forKey: name) {
                probe.recordMark(name, duration: app.loop.now.nanoseconds - start)
                app.loop.record(label: "mark", event: "end", detail: name)
                probe.perfetto?.markEnded(name)
                probe.timeline?.markEnded(name, at: app.loop.now.nanoseconds)
            }
        case .expectSequence(let lines):
            try run(until: instant)
            if let problem = probe.checkSequence(lines) {
                fail(key: "expect sequence \(lines) missing '\(probe.missingLine(lines) ?? "")'", "\(place): \(problem)")
            }
        case .expectMetric(let metric, let window, let bound):
            try run(until: instant)
            let value = probe.frameValue(metric, window: window)
            if value > bound {
                fail(key: "expect metric \(metric.rawValue) of \(window ?? "all windows") at most \(formatNumber(bound))",
                     "\(place): \(metric.rawValue) of \(window ?? "all windows") is \(formatNumber(value)), above the bound \(formatNumber(bound))")
            }
        case .expectProperty(let property):
            try run(until: instant)
            let held: Bool
            switch property.condition {
            case .sequence(let lines): held = probe.checkSequence(lines) == nil
            case .metric(let metric, let window, let bound): held = probe.frameValue(metric, window: window) <= bound
            case .reached: held = true
            }
            properties.append(PropertyOutcome(name: property.name, kind: property.kind, held: held))
            if property.kind == .always, !held {
                fail(key: "property always '\(property.name)'", "\(place): the property always '\(property.name)' does not hold")
            }
        case .interactivePop(let progress, let interval, let finish):
            var transition: InteractiveTransition?
            try run(until: instant) { [unowned self] in
                guard let navigation = navigation(for: step, place: place) else { return }
                probe.noteInput("interactivePop", window: windowLabel(step))
                transition = navigation.beginInteractivePop()
                if transition == nil { fail("\(place): there is nothing to pop in \(navigation.traceLabel)") }
            }
            let step = UInt64(max(0, interval.nanoseconds))
            for value in progress where transition != nil {
                try run(until: saturatingSum(app.loop.now.nanoseconds, step)) { transition?.update(value) }
            }
            if let transition {
                try run(until: saturatingSum(app.loop.now.nanoseconds, step)) { finish ? transition.finish() : transition.cancel() }
            }
        case .touches(let inputs):
            try runTouches(inputs, step: step, from: instant, place: place)
        case .gesture(let gesture):
            // The step lasts as long as its touches: the next step's `after` counts from
            // the finger's lift.
            var lasts = Duration.zero
            try run(until: instant) { [unowned self] in
                probe.noteInput("gesture", window: windowLabel(step))
                let outcome = gesture.perform(in: app, window: step.window)
                if let problem = outcome.problem { fail("\(place): \(problem)") }
                lasts = outcome.lasts
            }
            if lasts > .zero { try run(until: saturatingSum(app.loop.now.nanoseconds, UInt64(lasts.nanoseconds))) }
        default:
            try run(until: instant) { [unowned self] in perform(step, place: place) }
        }
        // Time saturates at the clock's end, where nothing moves any more: the run stops
        // there, at the step that took it there.
        if app.loop.now.nanoseconds == .max { fail("\(place): \(Self.clockEndMessage)") }
        previousEnd = app.loop.now.nanoseconds
    }

    private func windowLabel(_ step: Step) -> String {
        step.window ?? app.keyWindow?.traceLabel ?? app.windows.first?.traceLabel ?? ""
    }

    private func window(for step: Step, place: String) -> Window? {
        let label = windowLabel(step)
        guard let window = app.windows.first(where: { $0.traceLabel == label }) else {
            fail("\(place): the app has no window '\(label)'")
            return nil
        }
        return window
    }

    /// The controller on top in a window: the root, or the last one presented over it.
    private func topController(in window: Window) -> ViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    private func navigation(for step: Step, place: String) -> NavigationController? {
        guard let window = window(for: step, place: place) else { return nil }
        if let navigation = probe.navigation(in: window) { return navigation }
        fail("\(place): window '\(window.traceLabel)' has no navigation controller (use `container: navigation`)")
        return nil
    }

    /// Runs finger inputs, each inside a loop turn at its offset from `start` (inputs at
    /// the same offset share the turn).
    private func runTouches(_ inputs: [TouchStep], step: Step, from start: UInt64, place: String) throws {
        var index = 0
        while index < inputs.count, failure == nil {
            let offset = inputs[index].offset
            var group: [TouchStep] = []
            while index < inputs.count, inputs[index].offset == offset {
                group.append(inputs[index])
                index += 1
            }
            try run(until: saturatingSum(start, UInt64(max(0, offset.nanoseconds)))) { [unowned self] in
                guard let window = window(for: step, place: place) else { return }
                probe.noteInput("touch", window: window.traceLabel)
                for input in group {
                    if !app.touch(input.input, at: Point(x: input.x, y: input.y), finger: input.finger, in: window) {
                        return fail("\(place): touch \(input.input.rawValue) of finger \(input.finger) does not fit: "
                                        + (app.diagnostics.last?.message ?? "the input was refused"))
                    }
                }
            }
        }
    }

    /// Runs an input step inside a loop turn.
    private func perform(_ step: Step, place: String) {
        let label = windowLabel(step)
        switch step.action {
        case .tap(let viewLabel) where ElementReference.isReference(viewLabel):
            do {
                let element = try app.tapElement(ElementReference(parsing: viewLabel))
                probe.noteInput("tap", window: element.window)
            } catch {
                fail("\(place): tap \(viewLabel): \(error)")
            }
        case .tap(let viewLabel):
            guard let view = app.view(labelled: viewLabel) else { return fail("\(place): no view labelled '\(viewLabel)' is in a window") }
            probe.noteInput("tap", window: view.window?.traceLabel ?? label)
            app.tap(view)
        case .typeText(let viewLabel, let text, let clear, let submit):
            guard let view = app.view(referencedBy: viewLabel) else { return fail("\(place): no view labelled '\(viewLabel)' is in a window") }
            probe.noteInput("type", window: view.window?.traceLabel ?? label)
            if let problem = app.typeText(text, into: view, clear: clear, submit: submit) { fail("\(place): \(problem)") }
        case .list(let listStep):
            probe.noteInput(listStep.inputKind, window: app.view(referencedBy: listStep.viewLabel)?.window?.traceLabel ?? label)
            if let problem = listStep.perform(in: app) { fail("\(place): \(problem)") }
        case .push(let scene):
            guard let navigation = navigation(for: step, place: place) else { return }
            guard let controller = makeController(scene) else { return fail("\(place): the app cannot make scene '\(scene)'") }
            probe.noteInput("push", window: label)
            navigation.pushViewController(controller, animated: step.animated)
        case .pop:
            guard let navigation = navigation(for: step, place: place) else { return }
            probe.noteInput("pop", window: label)
            _ = navigation.popViewController(animated: step.animated)
        case .popToRoot:
            guard let navigation = navigation(for: step, place: place) else { return }
            probe.noteInput("popToRoot", window: label)
            _ = navigation.popToRootViewController(animated: step.animated)
        case .present(let scene, let style):
            guard let window = window(for: step, place: place), let top = topController(in: window) else { return }
            guard let controller = makeController(scene) else { return fail("\(place): the app cannot make scene '\(scene)'") }
            if let style { controller.modalPresentationStyle = style }
            probe.noteInput("present", window: label)
            top.present(controller, animated: step.animated)
        case .dismiss:
            guard let window = window(for: step, place: place), let top = topController(in: window) else { return }
            guard top.presentingViewController != nil else { return fail("\(place): nothing is presented in window '\(window.traceLabel)'") }
            probe.noteInput("dismiss", window: label)
            top.dismiss(animated: step.animated)
        case .selectTab(let index):
            guard let window = window(for: step, place: place) else { return }
            guard let tabs = probe.tabs(in: window) else { return fail("\(place): window '\(window.traceLabel)' has no tab bar controller") }
            guard index < tabs.viewControllers.count else {
                return fail("\(place): tab \(index) is out of range; \(tabs.traceLabel) has \(tabs.viewControllers.count) tabs")
            }
            probe.noteInput("selectTab", window: label)
            tabs.selectedIndex = index
        case .rotate:
            guard let window = window(for: step, place: place) else { return }
            probe.noteInput("rotate", window: label)
            window.rotate()
        case .resize(let size):
            guard let window = window(for: step, place: place) else { return }
            probe.noteInput("resize", window: label)
            window.frame = Rect(origin: window.frame.origin, size: size)
        case .hide:
            window(for: step, place: place)?.isHidden = true
        case .show:
            guard let window = window(for: step, place: place) else { return }
            probe.noteInput("show", window: label)
            window.isHidden = false
        case .makeKey:
            window(for: step, place: place)?.makeKeyAndVisible()
        case .memoryWarning:
            app.simulateMemoryWarning()
        case .appState(let change):
            app.change(change)
        case .appearance(let style, let contentSize):
            if let style { app.userInterfaceStyle = style }
            if let contentSize { app.preferredContentSizeCategory = contentSize }
        case .startJob(let name):
            guard let job = runner.job(labelled: name) else { return fail("\(place): no job '\(name)'") }
            probe.submit(job)
        case .advance, .settle, .markStart, .markEnd, .expectSequence, .expectMetric, .expectProperty, .interactivePop, .touches, .gesture:
            break
        }
    }
}

/// `a + b`, or the type's bound when the sum passes it (for a time, the clock's end).
func saturatingSum<Value: FixedWidthInteger>(_ a: Value, _ b: Value) -> Value {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b < 0 ? .min : .max) : sum
}

/// `a - b` as a signed count of nanoseconds, clamped to `Int64`'s range.
func clampedDifference(_ a: UInt64, _ b: UInt64) -> Int64 {
    a >= b ? Int64(clamping: a - b) : -Int64(clamping: b - a)
}

/// A number for messages: integers without decimals, others with up to three.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(format: "%.3f", value)
}
