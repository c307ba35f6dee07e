import Foundation
import LifeloopCore
import LifeloopScenario

#if canImport(Glibc)
import Glibc
#endif

/// `app.explore`: a crawl of an app (`lifeloop explore`), run in a child process of its own
/// so that a crash in the app ends that process and never the daemon, and answered with
/// the map `map.json` holds.
extension Daemon {
    /// The most actions an `app.explore` may ask for.
    static let exploreMaxActions = 5_000
    /// The actions an `app.explore` tries when it names no `maxActions`.
    static let exploreDefaultActions = 200
    /// The wall seconds a crawl may take when the request names no `maxSeconds`.
    static let exploreDefaultSeconds = 60.0
    /// What a crawl's reply may take beyond its wall budget: starting the process, loading
    /// the app (a project's sources compile first) and writing the findings.
    static let exploreStartAllowance: Duration = .seconds(300)

    /// The parameters `app.explore` takes.
    static let exploreParameters: Set<String> = [
        "app", "scenario", "storyboard", "project", "sample", "sources", "maxActions", "maxSeconds", "seed", "strategy", "shrink",
    ]

    /// Starts a crawl; the reply comes when its process has written the map, or by the
    /// deadline (`deadline` nil: the wall budget plus ``exploreStartAllowance``).
    func explore(_ client: Client, id: JSON, _ params: Params, deadline: Duration?) throws(RPCError) {
        try params.allowOnly(Self.exploreParameters)
        let target = try exploreTarget(params)
        let maxActions = try params.int("maxActions", in: 1...Self.exploreMaxActions) ?? Self.exploreDefaultActions
        let maxSeconds = try params.double("maxSeconds") ?? Self.exploreDefaultSeconds
        guard maxSeconds > 0, maxSeconds <= 3600 else {
            throw .invalidParams("app.explore: 'maxSeconds' is \(maxSeconds), outside 0 (exclusive)...3600")
        }
        let seed = try params.int("seed", in: 0...Int.max) ?? 0
        let strategy = try params.string("strategy") ?? "breadth"
        guard strategy == "breadth" || strategy == "depth" else {
            throw .invalidParams("app.explore: 'strategy' is '\(strategy.prefix(40))'; expected breadth or depth")
        }
        let shrink = try params.bool("shrink") ?? false

        var template = Array((NSTemporaryDirectory() + "lifeloop-explore-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw .internalError("app.explore: cannot make a temporary folder") }
        let directory = String(cString: made)
        var arguments = ["explore"] + target + [
            "--out", directory, "--max-actions", "\(maxActions)", "--max-seconds", "\(maxSeconds)", "--seed", "\(seed)",
            "--strategy", strategy,
        ]
        if !shrink { arguments.append("--no-shrink") }
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "symbolicate=off" }
        let process: ChildProcess
        do {
            process = try loop.spawn(configuration.appExecutable, arguments: arguments, environment: environment)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw .internalError("app.explore: cannot start the crawl's process: \(error)")
        }
        let run = ExploreRun(process: process, directory: directory)
        explorations[process.pid] = run
        let budget = deadline ?? (.milliseconds(Int64(maxSeconds * 1000)) + Self.exploreStartAllowance)
        let finish: (Result<JSON, RPCError>) -> Void = { [weak client, unowned self] result in
            guard !run.answered else { return }
            run.answered = true
            if let client { reply(client, id, result) }
        }
        run.timer = loop.schedule(after: budget) { [unowned self] in
            let seconds = Double(budget.components.seconds) + Double(budget.components.attoseconds) / 1e18
            finish(.failure(.deadlineExceeded("app.explore: the crawl did not finish within \(Int(seconds)) s; it was stopped (a smaller maxSeconds or maxActions answers sooner)")))
            process.kill(SIGKILL)
            _ = self
        }
        process.onExit = { [unowned self] status, signal in
            explorations[process.pid] = nil
            if let timer = run.timer { _ = loop.cancel(timer) }
            // Its last lines of errors may still be in the pipe: read the result once it has ended.
            let read = {
                finish(Self.exploreResult(run, status: status, signal: signal))
                try? FileManager.default.removeItem(atPath: directory)
            }
            if run.stderrClosed { return read() }
            run.onStderrClosed = read
            // A worker of the crawl may hold the pipe a little longer: 300 ms at most.
            _ = loop.schedule(after: .milliseconds(300)) {
                let then = run.onStderrClosed
                run.onStderrClosed = nil
                then?()
            }
        }
    }

    /// The `lifeloop explore` arguments that name the target: the params' own, or those
    /// the hosted app `app` was launched with.
    private func exploreTarget(_ params: Params) throws(RPCError) -> [String] {
        var source = params
        if let id = try params.string("app") {
            for key in ["scenario", "storyboard", "project", "sample", "sources"] where params.json[key] != nil {
                throw .invalidParams("app.explore: give 'app' or '\(key)', not both: 'app' explores what that app was launched with")
            }
            let app = try self.app(params)
            guard case .object = app.launchParams else { throw .noSuchApp(id) }
            source = Params(app.launchParams, method: "app.explore")
            if source.json["target"] != nil {
                throw .invalidParams("app.explore: app '\(id)' was launched with a project's 'target'; the crawl loads a project's default target only")
            }
        }
        let given = ["scenario", "storyboard", "project", "sample"].filter { source.json[$0] != nil }
        guard given.count == 1 else {
            throw .invalidParams("app.explore: give exactly one of 'app' (a hosted app's id), 'scenario', 'storyboard', 'project' or 'sample'"
                + (given.isEmpty ? "" : "; got \(given.joined(separator: " and "))"))
        }
        let key = given[0]
        let value = try source.requiredString(key)
        if key == "sample" {
            if let names = configuration.sampleNames, !names.contains(value) {
                throw .invalidParams("app.explore: no sample '\(value.prefix(60))'; the samples are \(names.joined(separator: ", "))")
            }
            return ["sample:" + value]
        }
        let path = value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
        guard FileManager.default.fileExists(atPath: path) else {
            throw .invalidParams("app.explore: '\(key)' \(value) does not exist\(value.hasPrefix("/") ? "" : " (relative to the daemon's folder, \(FileManager.default.currentDirectoryPath))")")
        }
        var arguments = [path]
        if let sources = try source.string("sources") {
            guard key == "storyboard" else { throw .invalidParams("app.explore: 'sources' is for a storyboard") }
            arguments += ["--sources", sources.hasPrefix("/") ? sources : FileManager.default.currentDirectoryPath + "/" + sources]
        }
        return arguments
    }

    /// The reply of a crawl whose process has ended: its map, each finding with its
    /// scenario's text; or why there is none.
    private static func exploreResult(_ run: ExploreRun, status: Int64, signal: Int32) -> Result<JSON, RPCError> {
        let errors = run.stderrTail.filter { !$0.hasPrefix("explore: ") || $0.contains("error") }.suffix(8).joined(separator: "\n")
        if status == 2, signal == 0 {
            return .failure(.invalidParams("app.explore: " + (errors.isEmpty ? "bad input (exit status 2)" : errors)))
        }
        guard status == 0, signal == 0, let text = try? String(contentsOfFile: run.directory + "/map.json", encoding: .utf8),
              case .object(var map)? = try? JSON.parse(text, maxDepth: 64) else {
            let how = signal != 0 ? "killed by signal \(signal)" : "exit status \(status)"
            return .failure(.internalError("app.explore: the crawl's process ended (\(how)) without a map" + (errors.isEmpty ? "" : ": " + errors)))
        }
        if case .array(let findings)? = map["findings"] {
            map["findings"] = .array(findings.map { finding in
                guard case .object(var members) = finding, let file = members["file"]?.string,
                      let scenario = try? String(contentsOfFile: run.directory + "/" + file, encoding: .utf8) else { return finding }
                members["scenario"] = .string(scenario)
                return .object(members)
            })
        }
        return .success(.object(map))
    }

    /// Ends the crawls still running (at shutdown): their workers end when their pipes close.
    func stopExplorations() {
        for run in explorations.values { run.process.kill(SIGKILL) }
    }
}

/// One `app.explore` in flight: its process, its output folder, its last lines of errors.
final class ExploreRun {
    let process: ChildProcess
    let directory: String
    var timer: TimerHandle?
    var answered = false
    var stderrTail: [String] = []
    var stderrClosed = false
    var onStderrClosed: (() -> Void)?

    init(process: ChildProcess, directory: String) {
        self.process = process
        self.directory = directory
        // The crawl's summary on stdout is not needed (the map says it all); it is read so
        // the pipe never fills.
        process.stdout.onLine = { _ in }
        process.stderr.onLine = { [weak self] line in
            guard let self else { return }
            stderrTail.append(line)
            if stderrTail.count > 40 { stderrTail.removeFirst(stderrTail.count - 40) }
        }
        process.stderr.onClose = { [weak self] in
            guard let self else { return }
            stderrClosed = true
            let then = onStderrClosed
            onStderrClosed = nil
            then?()
        }
    }
}
