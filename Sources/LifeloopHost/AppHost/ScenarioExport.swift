import LifeloopScenario
/// A daemon session as a scenario file: what an app was launched with and every input it
/// was given since (`app.session`), written so that `lifeloop run FILE --seed SEED`
/// replays it turn for turn, to the same digests.
///
/// The file starts with `advance: 0ms` (the daemon's launch turn), then one script step
/// per input: taps, pushes and the other actions as they were asked, `clock.advance` and
/// an `app.settle` that ran out of budget as an `advance` of exactly the virtual time
/// they ran, a settle that settled as `settle: true`. `duration` ends the run at the
/// session's last instant, so the run does no more than the session did.
public struct ScenarioExport: Sendable {
    /// The scenario file's text (YAML).
    public var text: String
    /// The seed to run it with (`lifeloop run FILE --seed SEED`).
    public var seed: Int
    /// The session's turn and digest when it was exported: the run's last turn and digest.
    public var turn: Int
    /// The session's digest when it was exported.
    public var digest: String
    /// Inputs the session tried that failed (left out of the file; the digests differ from
    /// their turn on), each a sentence.
    public var notes: [String]

    /// Makes the scenario from an `app.session` reply.
    /// - Throws: ``ScenarioExportError`` naming what a scenario file cannot say (an app
    ///   launched from a scenario file, a change of the network's rules, the host clock).
    public init(session: JSON) throws(ScenarioExportError) {
        guard let document = session["document"]?.object else {
            let source = session["launch"]?["scenario"]?.string ?? "a scenario file"
            throw ScenarioExportError("the app was launched from \(source); only apps launched from a sample or a storyboard file can be exported yet")
        }
        guard session["clock"]?.string != "host" else {
            throw ScenarioExportError("the app runs on the host clock, which a replay cannot follow; launch it with clock virtual")
        }
        let launch = session["launch"]?.object ?? [:]
        seed = launch["seed"]?.int ?? 0
        turn = session["turn"]?.int ?? 0
        digest = session["digest"]?.string ?? ""
        notes = []
        var lines: [String] = ["# A lifeloop session exported as a scenario: lifeloop run FILE --seed \(seed)",
                               "# replays it turn for turn; it ends at turn \(turn), digest \(digest).",
                               "lifeloop: 1", "name: \((document["name"] ?? session["scenario"] ?? "session").text)"]
        for key in ["app", "windows", "uikitVersion"] {
            if let value = document[key] { lines.append("\(key): \(value.text)") }
        }
        lines.append("clock: virtual")
        if let workers = launch["workers"]?.int { lines.append("workers: \(workers)") }
        if let network = launch["network"], network.array != nil {
            if launch["networkDirectory"] != nil, network.text.contains("bodyFile") {
                throw ScenarioExportError("the network's rules read bodyFile relative to networkDirectory, which a scenario file cannot say; give absolute bodyFile paths or inline bodies")
            }
            lines.append("network: \(network.text)")
        }
        var script: [String] = ["  - advance: 0ms"]
        var settleBudgetMs = 60_000.0
        for (index, input) in (session["inputs"]?.array ?? []).enumerated() {
            let method = input["input"]?.string ?? ""
            let params = input["params"]?.object ?? [:]
            let ok = input["ok"]?.bool ?? false
            let now = input["now"]?.int ?? 0, before = input["before"]?.int ?? 0
            guard before >= 0, now >= before else {
                throw ScenarioExportError("input \(index) (\(method)) ran from \(before) ns to \(now) ns: its clock readings are not a span of virtual time, so the session file is damaged")
            }
            let ran = UInt64(now - before)
            if method == "truncated" { throw ScenarioExportError("the session has more inputs than the app keeps (\(AppHost.maxInputs))") }
            if method == "app.network" {
                throw ScenarioExportError("input \(index) changed the network's rules (app.network) at turn \(input["turn"]?.int ?? 0), which a scenario file cannot say yet")
            }
            if method == "app.step" { throw ScenarioExportError("input \(index) ran a scenario's script step (app.step), which only a scenario-file app has") }
            if method == "clock.advance" || (method == "app.settle" && !ok) {
                script.append("  - advance: \(ran)ns")
                continue
            }
            if method == "app.settle" {
                if let budget = params["budgetMs"]?.double { settleBudgetMs = max(settleBudgetMs, budget) }
                script.append("  - settle: true")
                continue
            }
            guard ok else {
                notes.append("input \(index) (\(method) \(JSON.object(params).text)) failed in the session and is left out; digests differ from turn \(input["turn"]?.int ?? 0) on")
                continue
            }
            guard let step = Self.step(method, params) else {
                throw ScenarioExportError("input \(index) (\(method)) has no scenario step")
            }
            script.append("  - " + step)
            if let window = params["window"]?.string { script.append("    window: \(JSON.string(window).text)") }
            if params["animated"]?.bool == false { script.append("    animated: false") }
        }
        lines.append("settleBudget: \(formatMilliseconds(settleBudgetMs))ms")
        // A scenario's duration is above 0: a session whose clock never moved ends with
        // its script (its last settle), as the session did.
        if let now = session["now"]?.int, now > 0 { lines.append("duration: \(now)ns") }
        lines.append("script:")
        lines.append(contentsOf: script)
        text = lines.joined(separator: "\n") + "\n"
    }

    /// An action verb as a script step, as its catalogue verb writes it (``VerbCatalogue``).
    static func step(_ method: String, _ params: [String: JSON]) -> String? {
        VerbCatalogue.verb(daemonMethod: method)?.scenarioStep(params)
    }
}

/// Why a session cannot be exported as a scenario file.
public struct ScenarioExportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as one sentence.
    public var message: String
    /// An error that says `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
