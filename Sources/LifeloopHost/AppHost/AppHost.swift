import Foundation
import Lifeloop
import LifeloopCore
import LifeloopPictures
import LifeloopScenario

#if canImport(Glibc)
import Glibc
#endif

/// The app side of the daemon: one app in its own process (`lifeloop host-app`), driven
/// by JSON-RPC lines on a private control descriptor (fd 3), never on stdout or stderr,
/// which the daemon captures as the app's log.
///
/// The app owns this process's main thread. Requests are handled one at a time, in the
/// order they arrive; each runs the app's loop as far as it asks (an input and its turn,
/// an advance, a settle) and answers with the trace range it caused and the digest after
/// it. Trace events go to the daemon as `trace` notifications before the reply they
/// belong to. The process exits when the control descriptor ends (the daemon is gone),
/// and asks the kernel to kill it if the daemon dies first (`PR_SET_PDEATHSIG`).
public final class AppHost {
    private let channel: ControlChannel
    private let catalog: AppCatalog
    private var session: ScenarioSession?
    /// The `trace` notification being filled: events go in as they are recorded, and a
    /// crash writes what is there (see ``CrashFlushBuffer``).
    private let pending: CrashFlushBuffer
    private var pendingEvents = 0
    private static let batchPrefix = Array(#"{"jsonrpc":"2.0","method":"trace","params":{"events":["#.utf8)
    private var nextSeq: UInt64 = 0
    private var recordingPath: String?
    private var traceRecording: TraceRecording?
    /// What a relative `bodyFile` in `app.network` resolves against unless it says
    /// otherwise: the launch's `networkDirectory`.
    private var networkDirectory: String?
    /// The parameters the app was launched with, and every input since, in order (for
    /// `app.session`: a session exported as a scenario file).
    private var launchParams: [String: JSON] = [:]
    /// The scenario document made for a storyboard or a sample (nil for a scenario file).
    private var scenarioDocument: [String: JSON]?
    private var inputs: [JSON] = []
    /// The most inputs kept; past it the log says so (`app.session` then cannot export).
    static let maxInputs = 100_000
    /// The largest `trace` notification, so each line stays well under the daemon's limit.
    static let eventBatchBytes = 256 << 10

    /// The app side of a daemon's app process: it speaks JSON-RPC to the daemon on
    /// `controlDescriptor` (descriptor 3) and finds samples and Swift apps in `catalog`.
    public init(controlDescriptor: Int32, catalog: AppCatalog) {
        channel = ControlChannel(descriptor: controlDescriptor)
        self.catalog = catalog
        pending = CrashFlushBuffer(capacity: Self.eventBatchBytes + (1 << 20), descriptor: controlDescriptor)
        _ = pending.append(Self.batchPrefix)
    }

    /// Runs each of `samples` once in this process as the daemon would (launch, settle,
    /// describe, a picture, stop) and lets it go, so that what a first launch loads and
    /// builds (type metadata, conformances, fonts, the catalogue) is in memory already: a
    /// fork server calls it before it forks its first app. Replies go nowhere. Runs on the
    /// virtual clock and starts no thread (a process that forks must have one).
    public static func warmUp(catalog: AppCatalog, samples: [String]) {
        for (index, sample) in samples.enumerated() {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return }
            defer { close(pair[0]) }
            let requests = [
                RPCMessage.request(id: 1, method: "open", params: ["sample": .string(sample), "seed": .int(index)]),
                RPCMessage.request(id: 2, method: "settle", params: [:]),
                RPCMessage.request(id: 3, method: "describe", params: [:]),
                RPCMessage.request(id: 4, method: "snapshot", params: [:]),
                RPCMessage.request(id: 5, method: "stop", params: [:]),
            ].map { $0.line + "\n" }.joined()
            let bytes = Array(requests.utf8)
            let written = bytes.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) }
            close(pair[1])
            guard written == bytes.count else { return }
            // The replies have no reader: a full socket drops them instead of blocking.
            _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
            _ = AppHost(controlDescriptor: pair[0], catalog: catalog).serve()
        }
    }

    /// Serves requests until the control descriptor ends or `stop` arrives; returns the
    /// process's exit status.
    public func serve() -> Int32 {
        while let line = nextLine() {
            guard !line.isEmpty else { continue }
            switch RPCMessage.decode(line) {
            case .failure(let failure):
                channel.send(RPCMessage.response(id: failure.id, result: .failure(failure.error)).line)
            case .success(.request(let id, let method, let params)):
                let result: Result<JSON, RPCError>
                do {
                    // Errors name the verb as the client called it (`app.settle`, not `settle`).
                    result = .success(try handle(method, Params(params, method: Self.clientNames[method] ?? method)))
                } catch {
                    result = .failure(error)
                }
                // The events the request caused and its reply go in one write: the daemon
                // wakes once for both.
                var out = takeEvents() ?? []
                out.append(contentsOf: RPCMessage.response(id: id, result: result).line.utf8)
                channel.send(bytes: out)
                if method == "stop" { return 0 }
            case .success:
                continue
            }
        }
        // The daemon is gone: finish what must be finished, then leave.
        finishRecordings(ok: false, reason: "the daemon went away before record.stop")
        return 0
    }

    /// The next request line. Until the app runs on the host clock, a blocking read (a
    /// virtual clock moves only when asked); on the host clock the app's loop runs while
    /// a reader thread waits, and stops when a line arrives, so every request is handled
    /// between runs, as on the virtual clock.
    private func nextLine() -> String? {
        guard let session, session.scenario.clock == .host else { return channel.readLine() }
        if hostInbox == nil {
            let inbox = HostInbox()
            hostInbox = inbox
            let channel = self.channel
            let poster = session.app.loop.makePoster()
            let loop = LoopReference(session.app.loop)
            hostLoop = loop
            let reader = Thread {
                while true {
                    let line = channel.readLine()
                    inbox.put(line)
                    // Ends only the run that waits for requests, never one a request asked for.
                    poster.post { if loop.waiting { loop.stop() } }
                    if line == nil { return }
                }
            }
            reader.start()
            // What the app does between requests reaches subscribers turn by turn (after
            // the commit, whose observer was registered first).
            _ = session.app.loop.addObserver(.beforeWaiting) { [unowned self] in
                if hostLoop?.waiting == true { flushEvents() }
            }
        }
        while true {
            if let line = hostInbox!.take() { return line }
            if hostInbox!.ended { return nil }
            hostLoop?.waiting = true
            defer { hostLoop?.waiting = false }
            do {
                try session.app.loop.run()
            } catch {
                return nil
            }
        }
    }

    private var hostInbox: HostInbox?
    private var hostLoop: LoopReference?

    // MARK: Requests

    /// The client's name of each verb the daemon forwards under another name (`open` is
    /// `app.launch`).
    static let clientNames = Dictionary(Daemon.forwarded.map { ($0.value, $0.key) } + [("open", "app.launch")],
                                        uniquingKeysWith: { first, _ in first })

    private func handle(_ method: String, _ params: Params) throws(RPCError) -> JSON {
        if method == "open" { return try open(params) }
        if method == "stop" {
            // With a reason (app.terminate), the recording did not end as asked: not ok.
            let reason = try params.string("reason")
            finishRecordings(ok: reason == nil, reason: reason)
            return ["stopped": true]
        }
        guard let session else { throw .invalidRequest("\(method): the app is not open yet") }
        // The daemon passes the request's deadline: runs that would pass it stop at a turn
        // boundary before it, and the reply says so.
        var params = params
        wallDeadline = nil
        if var members = params.json.object, let ms = members.removeValue(forKey: "deadlineMs") {
            if let ms = ms.double, ms.isFinite, ms > 0 {
                // Half a second at least: under a sanitizer on a loaded host, the request's trip
                // to the app, the slice that overruns and the reply all come out of it.
                let margin = min(ms / 2, max(500, ms / 10))
                wallDeadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(ms - margin, 1e9) * 1e6)
            }
            params = Params(.object(members), method: params.method)
        }
        do {
            return try handle(method, params, session)
        } catch let error as RPCError {
            throw error
        } catch {
            throw .actionFailed("\(params.method): \(error)")
        }
    }

    private func handle(_ method: String, _ params: Params, _ session: ScenarioSession) throws -> JSON {
        switch method {
        case "describe":
            try params.allowOnly(["app", "detail", "rows", "ifDigest", "format"])
            let ifDigest = try params.string("ifDigest")
            if let format = try params.string("format") {
                guard params.json["rows"] == nil, params.json["detail"] == nil, ifDigest == nil else {
                    throw RPCError.invalidParams("app.describe: 'format' goes alone (not with rows, detail or ifDigest)")
                }
                return try export(session, format: format)
            }
            if try params.bool("rows") ?? false {
                guard try params.bool("detail") == nil else { throw RPCError.invalidParams("app.describe: give 'rows' or 'detail', not both (rows have the detail)") }
                if let ifDigest, ifDigest == session.digest.description {
                    // The caller holds the tree of this digest: the same digest, the same tree.
                    return ["unchanged": true, "digest": .string(ifDigest), "turn": .int(Int(session.turn)),
                            "now": .int(Int(session.app.loop.now.nanoseconds)), "nextSeq": .int(Int(nextSeq))]
                }
                return describe(session, rows: true)
            }
            guard ifDigest == nil else { throw RPCError.invalidParams("app.describe: 'ifDigest' goes with 'rows'") }
            return describe(session, detail: try params.bool("detail") ?? false)
        case "batch":
            return try batch(params, session)
        case "session":
            try params.allowOnly(["app"])
            return ["launch": .object(launchParams), "inputs": .array(inputs), "document": scenarioDocument.map { .object($0) } ?? .null, "turn": .int(Int(session.turn)),
                    "digest": .string(session.digest.description), "now": .int(Int(session.app.loop.now.nanoseconds)),
                    "clock": .string(session.scenario.clock.rawValue), "seed": .int(Int(session.seed)),
                    "scenario": .string(session.scenario.name)]
        case "metrics":
            try params.allowOnly(["app"])
            return metrics(session)
        case "settle":
            try params.allowOnly(["app", "budgetMs", "maxTurns"])
            let budget = try params.milliseconds("budgetMs") ?? 10_000
            let maxTurns = try params.int("maxTurns", in: 1...100_000_000) ?? 1_000_000
            let start = nextSeq
            let before = session.app.loop.now.nanoseconds
            let startTurn = session.turn
            let outcome = try boundedSettle(session, budgetNs: UInt64(budget * 1e6), maxTurns: maxTurns)
            if let stop = outcome {
                flushEvents()
                noteInput("app.settle", params.json, session, before: before, ok: false)
                let pending = session.app.loop.pendingWork(limit: 50)
                let summary = "\(pending.tasks) tasks, \(pending.timerCount) timers, \(pending.jobCount) jobs"
                let turns = Int(session.turn - startTurn)
                let ran = formatMilliseconds(Double(session.app.loop.now.nanoseconds - before) / 1e6)
                let why: String
                switch stop {
                case .budget: why = "not settled within \(formatMilliseconds(budget)) ms"
                case .turns: why = "not settled within \(maxTurns) turns"
                case .deadline: why = "not settled when the request's time ran out: stopped after \(turns) turns and \(ran) ms of the app's clock"
                }
                throw RPCError.actionFailed("app.settle: \(why) (\(turns) turns, \(ran) ms); pending: \(summary)",
                                            data: ["pending": .string(summary), "turns": .int(turns), "fromSeq": .int(Int(start)),
                                                   "toSeq": .int(Int(nextSeq)), "turn": .int(Int(session.turn)),
                                                   "digest": .string(session.digest.description),
                                                   "now": .int(Int(session.app.loop.now.nanoseconds)),
                                                   "stoppedBy": .string(stop.rawValue),
                                                   "pendingWork": pendingWork(session)])
            }
            noteInput("app.settle", params.json, session, before: before, ok: true)
            return caused(since: start, session)
        case "advance":
            try params.allowOnly(["app", "ms"])
            guard let ms = try params.milliseconds("ms") else { throw RPCError.invalidParams("clock.advance: 'ms' is required") }
            let start = nextSeq
            let before = session.app.loop.now.nanoseconds
            let stop = try boundedAdvance(session, byNs: UInt64(ms * 1e6))
            noteInput("clock.advance", params.json, session, before: before, ok: true)
            var reply = caused(since: start, session).object ?? [:]
            if let stop {
                // Stopped at a turn boundary: the reply says how far the clock went.
                reply["advancedMs"] = .double(Double(session.app.loop.now.nanoseconds - before) / 1e6)
                reply["stoppedBy"] = .string(stop.rawValue)
            }
            return .object(reply)
        case "snapshot":
            return try snapshot(params, session)
        case "app.network":
            let reply = try NetworkParameters.change(params, network: session.network, launchDirectory: networkDirectory)
            // A change decides what later requests get: a recording keeps it with its turn.
            if NetworkParameters.changes.contains(where: { params.json[$0] != nil }) {
                traceRecording?.input(method: "app.network", params: params.json, turn: session.turn)
                noteInput("app.network", params.json, session, before: session.app.loop.now.nanoseconds, ok: true)
            }
            return reply
        case "record.start":
            try params.allowOnly(["app", "path"])
            let path = try params.requiredString("path")
            guard traceRecording == nil else { throw RPCError.actionFailed("record.start: already recording to \(traceRecording!.path)") }
            traceRecording = try TraceRecording(path: path, session: session, fromSeq: nextSeq, launch: launchParams, document: scenarioDocument)
            return ["path": .string(path), "fromSeq": .int(Int(nextSeq)), "turn": .int(Int(session.turn))]
        case "record.stop":
            try params.allowOnly(["app"])
            guard let recording = traceRecording else { throw RPCError.actionFailed("record.stop: not recording") }
            flushEvents()
            traceRecording = nil
            try recording.finish(ok: true, session: session, toSeq: nextSeq)
            return ["path": .string(recording.path), "events": .int(recording.events), "turn": .int(Int(session.turn)),
                    "digest": .string(session.digest.description)]
        default:
            let (action, window, animated) = try Self.action(method, params, scenario: session.scenario)
            let start = nextSeq
            // What the app's state refuses changes nothing and uses no turn, so a session
            // (and its recording and export) goes on as if it had not been asked.
            if let problem = Self.refusal(action, window: window, session) {
                throw RPCError.actionFailed("\(params.method): \(problem); nothing ran", data: caused(since: start, session))
            }
            let before = session.app.loop.now.nanoseconds
            traceRecording?.input(method: method, params: params.json, turn: session.turn)
            refusedKeys = 0
            if let problem = try session.perform(action, window: window, animated: animated) {
                flushEvents()
                noteInput(method, params.json, session, before: before, ok: false)
                throw RPCError.actionFailed("\(method): \(problem)", data: caused(since: start, session))
            }
            noteInput(method, params.json, session, before: before, ok: true)
            var reply = caused(since: start, session).object ?? [:]
            // How many typed characters the field (its delegate) refused.
            if case .typeText = action { reply["refused"] = .int(refusedKeys) }
            return .object(reply)
        }
    }

    /// When the request being handled must have its reply sent (nil: no deadline), in
    /// `DispatchTime` nanoseconds.
    private var wallDeadline: UInt64?

    /// Why a run stopped before it was done.
    enum RunStop: String {
        /// The settle's budget of virtual time ran out.
        case budget
        /// The most turns asked for ran.
        case turns
        /// The request's deadline (wall time) came.
        case deadline
    }

    /// Wall nanoseconds left before the deadline (all of them without one).
    private var wallLeft: UInt64 {
        guard let wallDeadline else { return .max }
        return wallDeadline &- min(wallDeadline, DispatchTime.now().uptimeNanoseconds)
    }

    private var pastDeadline: Bool { wallDeadline.map { DispatchTime.now().uptimeNanoseconds >= $0 } ?? false }

    /// Runs `run(n)` (a loop run of at most `n` turns, throwing `budgetExceeded` when they
    /// run out) in slices, checking the request's deadline between them: nil once it ran to
    /// its end, or why it stopped; a stop is always at a turn boundary.
    private func sliced(_ loop: EventLoop, turns left: inout Int, _ run: (Int) throws -> Void) throws -> RunStop? {
        var slice = 64
        while true {
            let turns = min(slice, left)
            let first = loop.turn
            let began = DispatchTime.now().uptimeNanoseconds
            do {
                try run(turns)
                left -= Int(loop.turn &- first)
                return nil
            } catch LoopError.budgetExceeded {
                let ran = Int(loop.turn &- first)
                left -= ran
                guard ran >= turns else { throw SliceBudget() }
            }
            if left <= 0 { return .turns }
            if pastDeadline { return .deadline }
            // Slices of about 20 ms of wall time: few checks, and a stop soon after the deadline.
            let took = DispatchTime.now().uptimeNanoseconds &- began
            slice = took < 10_000_000 ? min(slice * 2, 1 << 16) : max(16, took > 40_000_000 ? slice / 2 : slice)
            // Never a slice that would take more than a quarter of the time left at the last
            // slice's pace: on a slow machine (a sanitizer, a loaded host) a doubled slice
            // could run past the deadline before the next check.
            if wallDeadline != nil {
                let perTurn = max(1, took / UInt64(max(1, turns)))
                slice = max(1, min(slice, Int(min(UInt64(1 << 16), wallLeft / 4 / perTurn))))
            }
        }
    }

    /// A run's own budget ran out (not the slice's turns).
    private struct SliceBudget: Error {}

    /// `ScenarioSession/settle(budget:maxTurns:)` in slices: nil once settled, or why it
    /// stopped. A stop for turns or the deadline finishes the instant the clock stands at
    /// (the turns due there), so the session is where an `advance` to that instant leaves
    /// it, which is how a session exports it.
    private func boundedSettle(_ session: ScenarioSession, budgetNs: UInt64, maxTurns: Int) throws -> RunStop? {
        let loop = session.app.loop
        guard loop.clock == .virtual else {
            // The host clock: the budget is wall time, bounded by the deadline.
            let limit = min(budgetNs, wallLeft)
            do {
                try session.settle(budget: .nanoseconds(Int64(clamping: limit)), maxTurns: maxTurns)
                return nil
            } catch LoopError.budgetExceeded {
                return limit < budgetNs ? .deadline : .budget
            }
        }
        let start = loop.now.nanoseconds
        var left = maxTurns
        var stop: RunStop?
        do {
            stop = try sliced(loop, turns: &left) { turns in try loop.advance(to: loop.now, maxTurns: turns) }
            if stop == nil {
                stop = try sliced(loop, turns: &left) { turns in
                    let used = loop.now.nanoseconds &- start
                    let rest = budgetNs &- min(budgetNs, used)
                    do {
                        try loop.runUntilIdle(maxTurns: turns, maxTime: .nanoseconds(Int64(clamping: rest)))
                    } catch LoopError.budgetExceeded(let ran, let elapsed, _) where ran < turns || elapsed > .nanoseconds(Int64(clamping: rest)) {
                        throw SliceBudget()
                    }
                }
            }
        } catch is SliceBudget {
            return .budget
        }
        if stop != nil { try finishInstant(loop) }
        return stop
    }

    /// `ScenarioSession/advance(by:)` in slices: nil once the clock is there, or why it
    /// stopped (the instant it stands at finished, as for a settle).
    private func boundedAdvance(_ session: ScenarioSession, byNs duration: UInt64) throws -> RunStop? {
        let loop = session.app.loop
        guard loop.clock == .virtual else {
            let limit = min(duration, wallLeft)
            try session.advance(by: .nanoseconds(Int64(clamping: limit)))
            return limit < duration ? .deadline : nil
        }
        var left = Int.max
        // As a scenario's advance step: a turn at this instant, then on to the target.
        var stop = try sliced(loop, turns: &left) { turns in try loop.advance(to: loop.now, maxTurns: turns) }
        if stop == nil {
            let target = LoopInstant(nanoseconds: saturatingAdd(loop.now.nanoseconds, duration))
            stop = try sliced(loop, turns: &left) { turns in try loop.advance(to: target, maxTurns: turns) }
        }
        if stop != nil { try finishInstant(loop) }
        return stop
    }

    /// Runs the turns due at the instant the clock stands at, as an advance to it would.
    private func finishInstant(_ loop: EventLoop) throws {
        do {
            try loop.advance(to: loop.now, maxTurns: 100_000)
        } catch LoopError.budgetExceeded {
            // Endless work at one instant: left as it is.
        }
    }

    private func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Keys the app's text fields refused (`keyRefused`) since the last `app.type` began.
    private var refusedKeys = 0

    /// Why the app, as it is now, refuses an input before it runs: a view that is not in a
    /// window; typing into what cannot take text; popping at a navigation stack's root;
    /// dismissing with nothing presented. Nil when the input may run (it can still fail
    /// on the way, as when a delegate refuses).
    static func refusal(_ action: StepAction, window label: String?, _ session: ScenarioSession) -> String? {
        let app = session.app
        let window = label.flatMap { label in app.windows.first { $0.traceLabel == label } }
            ?? (label == nil ? app.keyWindow ?? app.windows.first : nil)
        switch action {
        case .tap(let reference) where ElementReference.isReference(reference):
            do {
                let element = try app.element(ElementReference(parsing: reference), state: frontDoorState(session))
                return element.isEnabled ? nil : "\(element.ref) \(element.type.rawValue) is disabled"
            } catch {
                return "\(error)"
            }
        case .tap(let viewLabel):
            return app.view(labelled: viewLabel) == nil ? "no view labelled '\(viewLabel)' is in a window" : nil
        case .list(let step):
            return app.view(referencedBy: step.viewLabel) == nil ? "no view labelled '\(step.viewLabel)' is in a window" : nil
        case .typeText(let viewLabel, _, _, _):
            guard let view = app.view(referencedBy: viewLabel) else { return "no view labelled '\(viewLabel)' is in a window" }
            return Application.typingRefusal(into: view)
        case .pop, .popToRoot:
            guard let window else { return "the app has no window '\(label ?? "")'" }
            guard let navigation = session.navigation(in: window) else {
                return "window '\(window.traceLabel)' has no navigation controller"
            }
            if navigation.viewControllers.count <= 1 {
                return "nothing to pop: \(navigation.traceLabel) shows its root \(navigation.viewControllers.first?.traceLabel ?? "")"
            }
            return nil
        case .gesture(let gesture):
            return gesture.refusal(in: app, window: label)
        case .dismiss:
            guard let window else { return "the app has no window '\(label ?? "")'" }
            var top = window.rootViewController
            while let presented = top?.presentedViewController { top = presented }
            return top?.presentingViewController == nil ? "nothing is presented in window '\(window.traceLabel)'" : nil
        default:
            return nil
        }
    }

    /// The reply of a verb that ran the app: the trace range it caused, the turn and digest.
    private func caused(since start: UInt64, _ session: ScenarioSession) -> JSON {
        ["fromSeq": .int(Int(start)), "toSeq": .int(Int(nextSeq)), "turn": .int(Int(session.turn)),
         "digest": .string(session.digest.description)]
    }

    /// A catalogue verb's step (``VerbCatalogue``): its parameters checked by the verb.
    private static func catalogueAction(_ verb: Verb, _ params: Params, common: Set<String>) throws(RPCError) -> StepAction {
        let method = verb.daemonMethod
        // A misspelt parameter is named as every daemon method names it.
        try params.allowOnly(common.union(verb.parameters.map(\.name)))
        let arguments = (params.json.object ?? [:]).filter { name, _ in !common.contains(name) }
        let animated = try params.bool("animated") ?? true
        do {
            return try verb.action(.object(arguments), animated: animated)
        } catch {
            throw RPCError.invalidParams("\(method): \(error.message)")
        }
    }

    /// Maps an action verb and its parameters onto a scenario step: a catalogue verb
    /// (``VerbCatalogue``) through the verb; `app.step`, a scenario's own step by index.
    static func action(_ method: String, _ params: Params, scenario: Scenario) throws -> (StepAction, String?, Bool) {
        let common: Set<String> = ["app", "window", "animated"]
        if let verb = VerbCatalogue.verb(daemonMethod: method) {
            let action = try catalogueAction(verb, params, common: common)
            return (action, try params.string("window"), try params.bool("animated") ?? true)
        }
        guard method == "app.step" else { throw RPCError.methodNotFound(method) }
        try params.allowOnly(common.union(["index"]))
        guard let index = try params.int("index", in: 0...1_000_000) else { throw RPCError.invalidParams("app.step: 'index' is required") }
        guard index < scenario.steps.count else {
            throw RPCError.invalidParams("app.step: the scenario has \(scenario.steps.count) steps; 'index' \(index) is out of range")
        }
        let step = scenario.steps[index]
        return (step.action, step.window, step.animated)
    }

    // MARK: Open

    private func open(_ params: Params) throws(RPCError) -> JSON {
        guard session == nil else { throw .invalidRequest("open: the app is already open") }
        launchParams = params.json.object ?? [:]
        var madeDocument: [String: JSON]?
        var scenario = try Self.scenario(params, catalog: catalog, document: &madeDocument)
        scenarioDocument = madeDocument
        if let network = try NetworkParameters.launchRules(params) {
            scenario.useNetwork(ScenarioNetwork(rules: network.rules, location: ScenarioLocation(line: 0, column: 0, field: "network"),
                                                source: "app.launch network"),
                                text: network.text)
        }
        networkDirectory = try NetworkParameters.directory(params)
        let seed = UInt64(try params.int("seed", in: 0...Int.max) ?? 0)
        var clock: ClockMode?
        if let name = try params.string("clock") {
            guard let mode = ClockMode(rawValue: name) else { throw .invalidParams("app.launch: 'clock' is virtual or host, not '\(name)'") }
            clock = mode
        }
        let workers = try params.int("workers", in: 1...64)
        do {
            let runner = try ScenarioRunner(scenario: scenario, catalog: catalog)
            let session = try ScenarioSession(runner: runner, seed: seed, clock: clock, workerWidth: workers)
            session.onEvent = { [unowned self] event in self.record(event) }
            self.session = session
            if let path = try params.string("record") {
                do {
                    traceRecording = try TraceRecording(path: path, session: session, fromSeq: 0, launch: launchParams, document: scenarioDocument)
                } catch let error as RPCError {
                    throw RPCError.actionFailed(error.message.replacingOccurrences(of: "record.start: ", with: "app.launch: 'record': "))
                }
            }
            try session.launch()
            flushEvents()
            var reply = caused(since: 0, session).object ?? [:]
            reply["scenario"] = .string(scenario.name)
            reply["windows"] = .array(session.app.windows.map { .string($0.traceLabel) })
            reply["pid"] = .int(Int(getpid()))
            return .object(reply)
        } catch let error as RPCError {
            throw error
        } catch {
            throw .actionFailed("app.launch: \(error)")
        }
    }

    /// The parameters `app.launch` takes, checked by the daemon too (a bad request costs no
    /// process) and by the app.
    static let launchParameters: Set<String> = ["scenario", "storyboard", "sample", "seed", "clock", "windows", "uikitVersion",
                                                "record", "label", "workers", "network", "networkDirectory", "bundle",
                                                "sources", "module", "project", "target"]

    /// Exactly one source: a scenario file, a storyboard file, an Xcode project or a sample.
    static func checkLaunchSource(_ params: Params) throws(RPCError) {
        try params.allowOnly(launchParameters)
        let sources = ["scenario", "storyboard", "project", "sample"].filter { params.json[$0] != nil }
        guard sources.count == 1 else {
            throw .invalidParams("app.launch: give exactly one of 'scenario' (a scenario file), 'storyboard' (a storyboard file), 'project' (an Xcode project) or 'sample' (a sample's name)" + (sources.isEmpty ? "" : "; got \(sources.joined(separator: " and "))"))
        }
        if params.json["target"] != nil, params.json["project"] == nil {
            throw .invalidParams("app.launch: 'target' names a target of a 'project', which is missing")
        }
    }

    /// The scenario to run: a scenario file, or one made for a storyboard file or a sample.
    static func scenario(_ params: Params, catalog: AppCatalog, document made: inout [String: JSON]?) throws(RPCError) -> Scenario {
        try checkLaunchSource(params)
        if let path = try params.string("scenario") {
            for key in ["windows", "uikitVersion", "sources", "module"] where params.json[key] != nil {
                throw .invalidParams("app.launch: '\(key)' is for a storyboard or a sample; a scenario file says its own")
            }
            do {
                var scenario = try ScenarioFile.load(path: path)
                if let bundle = try launchBundle(params) { scenario.bundle = bundle }
                return scenario
            } catch let error as RPCError {
                throw error
            } catch {
                throw .invalidParams("app.launch: \(error)")
            }
        }
        var document: [String: JSON] = ["lifeloop": 1]
        var name: String
        let bundle = try launchBundle(params)
        if let path = try params.string("storyboard") {
            document["app"] = ["storyboard": .string(path)]
            name = (path as NSString).lastPathComponent
        } else if let path = try params.string("project") {
            for key in ["sources", "module", "bundle", "windows"] where params.json[key] != nil {
                throw .invalidParams("app.launch: '\(key)' is for a storyboard; a project says its own")
            }
            var app: [String: JSON] = ["project": .string(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)]
            if let target = try params.string("target") { app["target"] = .string(target) }
            document["app"] = .object(app)
            name = (path as NSString).lastPathComponent
        } else {
            let sample = try params.requiredString("sample")
            guard let definition = catalog.app(named: sample) else {
                throw .invalidParams("app.launch: no sample '\(sample)'; the samples are \(catalog.apps.map(\.name).joined(separator: ", "))")
            }
            document["app"] = ["sample": .string(sample)]
            name = sample
            if !definition.windows.isEmpty {
                document["windows"] = .array(definition.windows.map { ["label": .string($0)] })
            }
        }
        if let bundle, var app = document["app"]?.object {
            app["bundle"] = .string(bundle)
            document["app"] = .object(app)
        }
        if let sources = try params.string("sources"), var app = document["app"]?.object {
            guard app["storyboard"] != nil else {
                throw .invalidParams("app.launch: 'sources' (the app's Swift files) goes with a 'storyboard'; a sample is built into lifeloop already")
            }
            app["sources"] = .string(sources.hasPrefix("/") ? sources : FileManager.default.currentDirectoryPath + "/" + sources)
            if let module = try params.string("module") { app["module"] = .string(module) }
            document["app"] = .object(app)
        } else if params.json["module"] != nil {
            throw .invalidParams("app.launch: 'module' names the module of 'sources', which is missing")
        }
        if let label = try params.string("label") { name = label }
        document["name"] = .string(name)
        if let windows = try params.array("windows") {
            document["windows"] = .array(try windows.map { (window) throws(RPCError) -> JSON in
                if let label = window.string { return ["label": .string(label)] }
                guard window.object != nil else {
                    throw .invalidParams("app.launch: each of 'windows' is a label or an object (label, screen, size, refreshRate, root, container, tabs), not a \(window.kindName)")
                }
                return window
            })
        }
        if document["windows"] == nil { document["windows"] = [["label": "main", "screen": "phone"]] }
        if let version = try params.int("uikitVersion", in: 1...99) { document["uikitVersion"] = .int(version) }
        let directory = FileManager.default.currentDirectoryPath
        made = document
        do {
            return try ScenarioFile.parse(JSON.object(document).text, file: "app.launch", directory: directory)
        } catch {
            throw .invalidParams("app.launch: \(error)")
        }
    }

    /// `app.launch`'s `bundle`: the app's bundle folder, made absolute against the
    /// daemon's working folder; it must be a folder that exists.
    static func launchBundle(_ params: Params) throws(RPCError) -> String? {
        guard let path = try params.string("bundle") else { return nil }
        let resolved = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .invalidParams("app.launch: 'bundle' \(path) is not a folder")
        }
        return resolved
    }

    // MARK: Trace

    private func record(_ event: TraceEvent) {
        let line = event.jsonLine
        nextSeq = event.sequence &+ 1
        if event.name == "keyRefused", event.detail != "delete" { refusedKeys += 1 }
        traceRecording?.event(line)
        let utf8 = line.utf8
        if pending.count + utf8.count + 1 > pending.capacity { flushEvents() }
        if pendingEvents > 0 { _ = pending.append(CollectionOfOne(UInt8(ascii: ","))) }
        if pending.append(utf8) {
            pendingEvents += 1
        } else {
            // One event larger than the whole buffer: sent alone.
            channel.send(bytes: Self.batchPrefix + Array(utf8) + Array("]}}".utf8))
        }
        if pending.count >= Self.eventBatchBytes { flushEvents() }
    }

    /// Sends the events recorded so far as one `trace` notification.
    private func flushEvents() {
        guard let out = takeEvents() else { return }
        channel.send(bytes: out, newline: false)
    }

    /// The events recorded so far as one `trace` notification's line (ending in a newline),
    /// taken from the buffer; nil when there are none.
    private func takeEvents() -> [UInt8]? {
        guard pendingEvents > 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(pending.count + 4 + 4096)
        out.append(contentsOf: UnsafeBufferPointer(start: pending.bytes, count: pending.count))
        out.append(contentsOf: "]}}\n".utf8)
        pending.reset()
        _ = pending.append(Self.batchPrefix)
        pendingEvents = 0
        return out
    }

    /// Ends the recording, if one runs, with its trailer; a failure goes to stderr (the
    /// app's log in the daemon), as no request waits for it.
    private func finishRecordings(ok: Bool, reason: String? = nil) {
        flushEvents()
        if let session, let recording = traceRecording {
            traceRecording = nil
            do {
                try recording.finish(ok: ok, reason: reason, session: session, toSeq: nextSeq)
            } catch {
                FileOutput.writeStandardError("lifeloop host-app: \(error.message)\n")
            }
        }
    }

    // MARK: Session log

    /// Notes an input that ran the app: its method and parameters, the turn and clock
    /// after it, the clock before it, and whether it did what it was asked.
    private func noteInput(_ method: String, _ params: JSON, _ session: ScenarioSession, before: UInt64, ok: Bool) {
        var kept = params.object ?? [:]
        kept["app"] = nil
        kept["deadlineMs"] = nil
        let record: JSON = ["input": .string(method), "params": .object(kept), "turn": .int(Int(session.turn)),
                            "before": .int(Int(before)), "now": .int(Int(session.app.loop.now.nanoseconds)), "ok": .bool(ok),
                            "digest": .string(session.digest.description)]
        traceRecording?.session(record)
        guard inputs.count <= Self.maxInputs else { return }
        inputs.append(inputs.count == Self.maxInputs ? ["input": "truncated", "ok": false] : record)
    }

    /// What keeps the app from settling, by owner: running animations (view, property,
    /// end), timers (label, due, period), jobs and network requests, and queued tasks.
    private func pendingWork(_ session: ScenarioSession) -> JSON {
        let app = session.app
        let work = app.loop.pendingWork(limit: 50)
        func ms(_ ns: UInt64) -> JSON { .double((Double(ns) / 1e3).rounded() / 1e3) }
        let animations: [JSON] = app.runningAnimationSummary.prefix(50).map {
            ["owner": .string($0.view), "property": .string($0.property), "endsAtMs": ms($0.endNanoseconds)]
        }
        let timers: [JSON] = work.timers.map { timer in
            var members: [String: JSON] = ["dueMs": ms(timer.dueNanoseconds)]
            // An unlabelled timer while something animates is the display link's frame timer.
            members["owner"] = .string(timer.label ?? (app.isAnimating ? "display link (animations)" : "unlabelled timer"))
            if let period = timer.periodNanoseconds { members["everyMs"] = ms(period) }
            return .object(members)
        }
        return ["animations": .array(animations), "animationCount": .int(app.runningAnimationSummary.count),
                "timers": .array(timers), "timerCount": .int(work.timerCount),
                "jobs": .array(work.jobs.map { .string($0) }), "jobCount": .int(work.jobCount),
                "tasks": .int(work.tasks), "nowMs": ms(app.loop.now.nanoseconds)]
    }

    // MARK: Describe, metrics, snapshot

    /// `app.describe`: every window with its controller tree and its elements of the app's
    /// element tree, nested (see ``NestedDescribe``), or with `rows` as one flat row an
    /// element (see ``DescribeRows``).
    private func describe(_ session: ScenarioSession, detail: Bool = false, rows: Bool = false) -> JSON {
        let app = session.app
        func frame(_ rect: Rect) -> JSON {
            [.double(rect.origin.x), .double(rect.origin.y), .double(rect.size.width), .double(rect.size.height)]
        }
        var flat: [UInt8] = [UInt8(ascii: "[")]
        // Room for a few hundred rows (about 100 bytes each) without growing.
        if rows { flat.reserveCapacity(1 << 16) }
        if rows { DescribeRows.write(frontDoorTree(session), windows: app.windows.map(\.traceLabel), into: &flat) }
        let nested = rows ? nil : NestedDescribe.Tree(app)
        let windows: [JSON] = app.windows.map { window in
            var members: [String: JSON] = ["label": .string(window.traceLabel), "frame": frame(window.frame), "key": .bool(window.isKeyWindow),
                                           "hidden": .bool(window.isHidden)]
            if let root = window.rootViewController { members["rootController"] = describeController(root, depth: 0) }
            if let nested { members["views"] = .array(nested.views(of: window, detail: detail)) }
            return .object(members)
        }
        var reply: [String: JSON] = ["windows": .array(windows), "turn": .int(Int(session.turn)), "digest": .string(session.digest.description),
                                     "now": .int(Int(app.loop.now.nanoseconds)), "nextSeq": .int(Int(nextSeq)),
                                     "scenario": .string(session.scenario.name), "seed": .int(Int(session.seed)),
                                     "diagnostics": .array(app.diagnostics.map { .string("\($0)") })]
        if rows {
            flat.append(UInt8(ascii: "]"))
            reply["rows"] = .raw(String(decoding: flat, as: UTF8.self))
        }
        return .object(reply)
    }

    /// The app's element tree, built once per settled state: a hosted app's views change
    /// only in its turns, which move its turn or its digest.
    private func frontDoorTree(_ session: ScenarioSession) -> ElementTree {
        session.app.elementTreeForFrontDoor(state: Self.frontDoorState(session))
    }

    /// What keys the app's front-door tree: its turn, trace digest and time, which move
    /// whenever a turn runs or anything is recorded.
    static func frontDoorState(_ session: ScenarioSession) -> String {
        "\(session.turn) \(session.digest) \(session.app.loop.now.nanoseconds)"
    }

    /// `app.describe` with `format`: the element tree as JSON (`json`), as Appium's page
    /// source (`appium`) or as the compact text (`text`).
    private func export(_ session: ScenarioSession, format: String) throws(RPCError) -> JSON {
        let tree = frontDoorTree(session)
        var reply: [String: JSON] = ["format": .string(format), "turn": .int(Int(session.turn)), "digest": .string(session.digest.description),
                                     "now": .int(Int(session.app.loop.now.nanoseconds)), "elements": .int(tree.elements.count)]
        switch format {
        case "json": reply["tree"] = .raw(tree.json())
        case "appium": reply["xml"] = .string(tree.appiumPageSource())
        case "text": reply["text"] = .string(tree.compactText())
        default: throw RPCError.invalidParams("app.describe: 'format' is json, appium or text, not '\(format.prefix(40))'")
        }
        return .object(reply)
    }

    /// `app.batch`: app verbs run in order in one request, each reply (or error) in
    /// `results`. A failed call ends the batch unless its code is in the call's
    /// `continueOn`; with `ifDigest`, nothing runs unless the app is at that digest.
    private func batch(_ params: Params, _ session: ScenarioSession) throws -> JSON {
        try params.allowOnly(["app", "calls", "ifDigest"])
        if let expected = try params.string("ifDigest"), expected != session.digest.description {
            throw RPCError.digestChanged("app.batch: the app is at digest \(session.digest.description), not \(expected.prefix(40)); nothing ran",
                                         data: ["digest": .string(session.digest.description), "turn": .int(Int(session.turn))])
        }
        guard let calls = params.json["calls"]?.array, (1...64).contains(calls.count) else {
            throw RPCError.invalidParams("app.batch: 'calls' must be an array of 1 to 64 calls, each {method, params, continueOn}")
        }
        // Every call is checked before any runs: a malformed batch runs nothing.
        var checked: [(method: String, name: String, params: [String: JSON], continueOn: [Int])] = []
        for (index, call) in calls.enumerated() {
            let what = "app.batch: calls[\(index)]"
            guard let members = call.object else { throw RPCError.invalidParams("\(what) must be an object {method, params, continueOn}, not a \(call.kindName)") }
            if let unknown = members.keys.sorted().first(where: { !["method", "params", "continueOn"].contains($0) }) {
                throw RPCError.invalidParams("\(what): unknown member '\(unknown.prefix(40))'; a call has method, params and continueOn")
            }
            guard let method = members["method"]?.string else { throw RPCError.invalidParams("\(what).method (a string) is required") }
            guard let name = Daemon.forwarded[method], name != "batch" else {
                throw RPCError.invalidParams("\(what).method '\(method.prefix(40))' is not an app verb a batch can run (app.tap, app.settle, app.describe, clock.advance, …)")
            }
            var arguments: [String: JSON] = [:]
            if let given = members["params"] {
                guard let object = given.object else { throw RPCError.invalidParams("\(what).params must be an object, not a \(given.kindName)") }
                arguments = object
            }
            if let app = params.json["app"] { arguments["app"] = app }
            var codes: [Int] = []
            if let given = members["continueOn"] {
                guard let list = given.array, list.allSatisfy({ $0.int != nil }) else { throw RPCError.invalidParams("\(what).continueOn must be an array of error codes") }
                codes = list.compactMap(\.int)
            }
            checked.append((method, name, arguments, codes))
        }
        var results: [JSON] = []
        for call in checked {
            do {
                results.append(["result": try handle(call.name, Params(.object(call.params), method: call.method), session)])
            } catch {
                let failure = error as? RPCError ?? .actionFailed("\(call.method): \(error)")
                results.append(["error": failure.json])
                if !call.continueOn.contains(failure.code) { break }
            }
        }
        return ["results": .array(results), "turn": .int(Int(session.turn)), "digest": .string(session.digest.description),
                "now": .int(Int(session.app.loop.now.nanoseconds)), "nextSeq": .int(Int(nextSeq))]
    }

    private func describeController(_ controller: ViewController, depth: Int) -> JSON {
        var members: [String: JSON] = ["label": .string(controller.traceLabel), "type": .string(_typeName(type(of: controller), qualified: false)),
                                       "viewLoaded": .bool(controller.isViewLoaded),
                                       "appeared": .bool(controller.isAppearingOrAppeared)]
        if depth < 64, !controller.children.isEmpty { members["children"] = .array(controller.children.map { describeController($0, depth: depth + 1) }) }
        if depth < 64, let presented = controller.storedPresentedViewController { members["presented"] = describeController(presented, depth: depth + 1) }
        return .object(members)
    }

    private func metrics(_ session: ScenarioSession) -> JSON {
        var windows: [String: JSON] = [:]
        for frames in session.windowFrames {
            var members: [String: JSON] = ["frameCount": .int(frames.frameCount), "droppedFrames": .int(frames.droppedFrames),
                                           "hitchMs": .double(Double(frames.hitchNanoseconds) / 1e6)]
            for metric in FrameMetricName.allCases { members[metric.rawValue] = .double(frames.value(of: metric)) }
            windows[frames.window] = .object(members)
        }
        return ["windows": .object(windows), "turn": .int(Int(session.turn)), "now": .int(Int(session.app.loop.now.nanoseconds))]
    }

    private func snapshot(_ params: Params, _ session: ScenarioSession) throws -> JSON {
        try params.allowOnly(["app", "window", "format", "path", "longestEdge", "style"])
        let format = try params.string("format") ?? "svg"
        let styleName = try params.string("style") ?? "phone"
        guard let style = WindowSnapshot.Style(rawValue: styleName) else {
            throw RPCError.invalidParams("app.snapshot: 'style' is phone or debug, not '\(styleName.prefix(40))'")
        }
        guard format == "svg" || format == "png" else { throw RPCError.invalidParams("app.snapshot: 'format' is svg or png, not '\(format)'") }
        let longestEdge = try params.int("longestEdge", in: WindowSnapshot.pngLongestEdges)
        if longestEdge != nil, format != "png" {
            throw RPCError.invalidParams("app.snapshot: 'longestEdge' sizes a PNG; it needs format png, not \(format)")
        }
        let app = session.app
        let window: Window
        if let label = try params.string("window") {
            guard let found = app.windows.first(where: { $0.traceLabel == label }) else {
                throw RPCError.invalidParams("app.snapshot: no window '\(label)'; the windows are \(app.windows.map(\.traceLabel).joined(separator: ", "))")
            }
            window = found
        } else {
            guard let first = app.keyWindow ?? app.windows.first else { throw RPCError.actionFailed("app.snapshot: the app has no window") }
            window = first
        }
        let snapshot = WindowSnapshot(window, style: style)
        var reply: [String: JSON] = ["window": .string(window.traceLabel), "turn": .int(Int(session.turn)), "format": .string(format),
                                     "digest": .string(session.digest.description)]
        if let path = try params.string("path") {
            do {
                // Atomic, checked, and never a rename over a device or a FIFO.
                let bytes = format == "png" ? try snapshot.png(longestEdge: longestEdge, for: path) : Array(snapshot.svg().utf8)
                try AtomicFile.write(bytes, to: path)
            } catch {
                throw RPCError.actionFailed("app.snapshot: cannot write \(path): \(error)")
            }
            reply["path"] = .string(path)
        } else if format == "png" {
            let bytes: [UInt8]
            do { bytes = try snapshot.png(longestEdge: longestEdge) } catch { throw RPCError.actionFailed("app.snapshot: \(error)") }
            reply["pngBase64"] = .string(Data(bytes).base64EncodedString())
        } else {
            reply["svg"] = .string(snapshot.svg())
        }
        return .object(reply)
    }
}

func formatMilliseconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}

/// The app's trace and inputs, streamed to a file: a header, one line per event and per
/// input (with its turn), and a trailer with the turn, digest and event count once it is
/// finished (with `ok: false` and a `reason` when the recording ended otherwise than by
/// `record.stop`); a file without a trailer was cut short.
final class TraceRecording {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private(set) var events = 0
    /// The first write that failed (its `errno`); later lines are dropped.
    private var writeError: Int32?

    /// - Parameters:
    ///   - launch: The launch's parameters and the scenario document made for them (a
    ///     sample's or a storyboard's), which `lifeloop replay` needs to launch it again.
    init(path: String, session: ScenarioSession, fromSeq: UInt64, launch: [String: JSON] = [:], document: [String: JSON]? = nil) throws {
        guard let file = fopen(path, "w") else {
            throw RPCError.actionFailed("record.start: cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.file = file
        let header: JSON = ["format": "lifeloop-session", "version": 1, "scenario": .string(session.scenario.name),
                            "scenarioHash": .string(session.scenario.hash), "seed": .int(Int(session.seed)),
                            "clock": .string(session.scenario.clock.rawValue), "fromSeq": .int(Int(fromSeq)),
                            "turn": .int(Int(session.turn)), "lifeloop": .string(LifeloopVersion.string),
                            "launch": .object(launch), "document": document.map { .object($0) } ?? .null]
        write(JSON.object(["header": header]).text)
        // The header reaches the file now, so a file that takes nothing (a full disk,
        // /dev/full) is refused here, not found out at the end.
        if writeError == nil, fflush(file) != 0 { writeError = errno }
        if let writeError {
            _ = FileOutput.syncAndClose(file)
            self.file = nil
            throw RPCError.actionFailed("record.start: cannot write \(path): \(FileOutput.reason(writeError))")
        }
    }

    deinit {
        // Not finished: no trailer, so a reader sees a recording cut short.
        if let file { _ = FileOutput.syncAndClose(file) }
    }

    func event(_ line: String) {
        events += 1
        write(line)
    }

    /// An input as the session log keeps it (`app.session`): with the clock before and
    /// after it and whether it did what it was asked, settles and advances included.
    /// (The verb is `method` here, so a line that starts with `"input"` stays the input
    /// line written before the input ran.)
    func session(_ record: JSON) {
        var members = record.object ?? [:]
        members["method"] = members.removeValue(forKey: "input")
        write(JSON.object(["session": .object(members)]).text)
    }

    func input(method: String, params: JSON, turn: UInt64) {
        write(JSON.object(["input": .string(method), "params": params, "turn": .int(Int(turn))]).text)
    }

    /// Writes the trailer, flushes the file to disk and closes it.
    /// - Parameter reason: Why the recording ended when it is not `ok`.
    /// - Throws: ``RPCError`` naming the path and the reason when a write, the flush or the
    ///   close failed.
    func finish(ok: Bool, reason: String? = nil, session: ScenarioSession, toSeq: UInt64) throws(RPCError) {
        guard let file else { return }
        var trailer: [String: JSON] = ["ok": .bool(ok), "toSeq": .int(Int(toSeq)), "turn": .int(Int(session.turn)),
                                       "now": .int(Int(session.app.loop.now.nanoseconds)),
                                       "digest": .string(session.digest.description), "events": .int(events)]
        if let reason { trailer["reason"] = .string(reason) }
        write(JSON.object(["trailer": .object(trailer)]).text)
        self.file = nil
        let closing = FileOutput.syncAndClose(file)
        if let writeError { throw .actionFailed("cannot write the recording \(path): \(FileOutput.reason(writeError))") }
        if let closing { throw .actionFailed("cannot write the recording \(path): \(closing)") }
    }

    private func write(_ line: String) {
        guard let file, writeError == nil else { return }
        var bytes = Array(line.utf8)
        bytes.append(10)
        writeError = bytes.withUnsafeBytes { FileOutput.write(file, $0.baseAddress, count: $0.count) }
    }
}

/// Request lines handed from the reader thread to a host-clock app's loop thread.
final class HostInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var _ended = false

    func put(_ line: String?) {
        lock.withLock {
            if let line { lines.append(line) } else { _ended = true }
        }
    }

    func take() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }

    var ended: Bool { lock.withLock { _ended && lines.isEmpty } }
}

/// The app's loop, named in a task posted from the reader thread: the task runs on the
/// loop's own thread, which is the only one that touches it.
final class LoopReference: @unchecked Sendable {
    unowned(unsafe) let loop: EventLoop
    /// Whether the loop runs only to wait for the next request (loop thread only).
    var waiting = false
    init(_ loop: EventLoop) { self.loop = loop }
    func stop() { loop.stop() }
}

/// The control descriptor: blocking reads of whole lines, and whole writes.
final class ControlChannel: @unchecked Sendable {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// What each read fills, made once (small: an idle app keeps it, and a longer line
    /// takes more reads).
    private var chunk = [UInt8](repeating: 0, count: 16384)
    /// A line longer than this is dropped (the daemon never sends one).
    let maxLineBytes = 8 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func readLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65536 {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
            if ended { return nil }
            if buffer.count - start > maxLineBytes {
                buffer.removeAll()
                start = 0
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
                continue
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        send(bytes: bytes, newline: false)
    }

    func send(bytes: [UInt8], newline: Bool = true) {
        var bytes = bytes
        if newline { bytes.append(10) }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // A socket pair: a daemon that is gone is an error (the read sees the end
                // and the app leaves), not a SIGPIPE.
                let written = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
