import ArgumentParser
import Foundation
import Lifeloop
import LifeloopCore
import LifeloopSamples
import LifeloopScenario

extension ExploreStrategy: ExpressibleByArgument {}

/// `lifeloop explore TARGET`: a deterministic crawl of every screen of an app, each
/// problem found written as a scenario that replays it.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Walk every screen of an app under virtual time, reproducibly from a seed, and write each problem found as a scenario.",
        discussion: """
            TARGET is a scenario file (its app and windows; its script runs first, then the crawl starts \
            from the settled app), sample:NAME (or --sample NAME), an Xcode project, or a storyboard (with \
            --sources). From each settled screen the crawl takes the actions the element tree offers (buttons, \
            cells, tabs, bar and back buttons, switches, text fields, swipes on scroll views) in an order drawn \
            from the seed, through the verbs scenario files use. Screens are told apart by a structural \
            signature (controller classes and the element tree's shape). The app runs in a worker process: a \
            trap is a crash finding, a worker silent for --hang-seconds or a settle that never ends is a hang, a \
            controller alive after its screen went is a leak, a diagnostic is a finding. Each finding is written \
            to DIR/findings/NNN-KIND.yaml, shrunk, with a capsule; the map to DIR/map.json and DIR/map.html. \
            Exit status: 0 crawled (findings or not), 2 bad input.
            """
    )

    @Argument(help: "The app: a scenario file, sample:NAME, an Xcode project or a storyboard file.")
    var target: String?

    @Option(help: "A built-in sample to explore (as TARGET sample:NAME).")
    var sample: String?

    @Option(help: "The folder of the storyboard app's own Swift files (a storyboard TARGET).")
    var sources: String?

    @Option(parsing: .unconditional, help: "The seed of the app, the typed texts and the order actions are tried in.")
    var seed: UInt64 = 0

    @Option(parsing: .unconditional, help: "The most actions to try (edges of the map; replays do not count).")
    var maxActions: Int = 500

    @Option(parsing: .unconditional, help: "The most wall seconds for the crawl (shrinking the findings comes after).")
    var maxSeconds: Double = 300

    @Option(help: "Where the map and the findings go.")
    var out: String = "explore"

    @Option(help: "breadth (nearest screens first) or depth (newest screen first).")
    var strategy: ExploreStrategy = .breadth

    @Option(parsing: .unconditional, help: "Wall seconds a worker may stay silent before it is a hang.")
    var hangSeconds: Double = 5

    @Option(parsing: .unconditional, help: "Virtual seconds a settle may take before the app is a hang.")
    var settleSeconds: Double = 10

    @Flag(help: "Write the findings' scenarios as found, without shrinking them.")
    var noShrink = false

    @Flag(help: .hidden)
    var worker = false

    @Option(help: .hidden)
    var checkScenario: String?

    /// A budget that is not positive is bad input (exit status 2), named, as other commands name theirs.
    private func checkBudgets() throws {
        if maxActions < 1 { throw inputError("--max-actions \(maxActions): expected at least 1") }
        if !(maxSeconds > 0) { throw inputError("--max-seconds \(maxSeconds): expected a positive number of seconds") }
        if !(hangSeconds > 0) { throw inputError("--hang-seconds \(hangSeconds): expected a positive number of seconds") }
        if !(settleSeconds > 0) || settleSeconds > 86_400 {
            throw inputError("--settle-seconds \(settleSeconds): expected a positive number of seconds, at most 86400")
        }
    }

    func run() throws {
        // A worker leads a process group of its own, which the crawl ends whole.
        if checkScenario != nil || worker { setpgid(0, 0) }
        if let checkScenario { return check(checkScenario) }
        if worker { return try runWorker() }
        try checkBudgets()
        let (text, name) = try targetScenario()
        let directory = out.hasSuffix("/") && out.count > 1 ? String(out.dropLast()) : out
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw inputError("--out \(directory): cannot make the folder: \(error)")
        }
        // The workers read the target from a file of its own, paths made absolute.
        let targetFile = directory + "/.target.yaml"
        do { try text.write(toFile: targetFile, atomically: true, encoding: .utf8) } catch {
            throw inputError("--out \(directory): cannot write into it: \(error)")
        }
        defer { unlink(targetFile) }
        let runner = try loadRunner(targetFile)
        let executable = Self.executablePath()
        let seed = self.seed
        var options = ExploreOptions(
            executable: executable,
            workerArguments: ["explore", targetFile, "--worker", "--seed", "\(seed)", "--settle-seconds", "\(settleSeconds)"],
            checkArguments: { ["explore", "--check-scenario", $0, "--seed", "\(seed)"] },
            baseScenario: text, outputDirectory: directory)
        options.seed = seed
        options.maxActions = maxActions
        options.maxSeconds = maxSeconds
        options.strategy = strategy
        options.hangSeconds = hangSeconds
        options.settleBudget = .milliseconds(Int64((settleSeconds * 1000).rounded()))
        options.shrink = !noShrink
        if case .storyboard(let path) = runner.scenario.app, let storyboard = try? StoryboardDefinition.loadLaunchable(path: path) {
            options.storyboardScenes = storyboard.scenes.map(\.label)
        } else if case .project(let path, let wanted) = runner.scenario.app, let project = try? XcodeProject.load(path: path),
                  let target = try? project.target(named: wanted) {
            options.storyboardScenes = ExploreTarget.storyboardScenes(of: target)
        }
        let exploration: Exploration
        do {
            exploration = try Exploration.run(options: options, name: name) { writeStandardError("explore: \($0)\n") }
        } catch let error as ExploreError {
            throw inputError("\(displayTarget): \(error)")
        }
        print(exploration.summary)
    }

    private var displayTarget: String { target ?? "sample:\(sample ?? "")" }

    /// The target as a scenario text with absolute paths, and its name.
    private func targetScenario() throws -> (text: String, name: String) {
        var sampleName = sample
        if let target, target.hasPrefix("sample:") {
            guard sampleName == nil else { throw inputError("give either sample:NAME or --sample, not both") }
            sampleName = String(target.dropFirst("sample:".count))
        } else if target != nil, sample != nil {
            throw inputError("give either TARGET or --sample, not both")
        }
        if let sampleName {
            guard let app = SampleCatalog.apps.app(named: sampleName) else {
                let names = SampleCatalog.apps.apps.map(\.name).joined(separator: ", ")
                throw inputError("no sample named '\(sampleName)'; the samples are: \(names)")
            }
            return (ExploreTarget.sample(app.name), app.name)
        }
        guard let target else { throw inputError("explore needs a TARGET (a scenario file, sample:NAME, an Xcode project or a storyboard)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
            throw inputError("\(target): no such file or folder")
        }
        let absolute = target.hasPrefix("/") ? target : FileManager.default.currentDirectoryPath + "/" + target
        let base = (absolute.split(separator: "/").last.map(String.init) ?? "app")
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        if Launch.isProject(target) {
            return ("lifeloop: 1\nname: explore-\(stem)\napp: {project: \(ExploreTarget.quoted(absolute))}\n", stem)
        }
        if target.hasSuffix(".yaml") || target.hasSuffix(".yml") || (target.hasSuffix(".json") && !target.hasSuffix(".storyboard.json")) {
            let runner = try loadRunner(target)
            let raw: String
            do { raw = String(decoding: try InputFile.read(path: target), as: UTF8.self) } catch {
                throw inputError("\(target): cannot read the scenario file: \(error)")
            }
            do {
                let text = try ExploreTarget.base(raw, directory: Shrink.directory(of: target), file: target,
                                                                 name: runner.scenario.name)
                return (text, runner.scenario.name)
            } catch {
                throw inputError("\(error)")
            }
        }
        var app = "storyboard: \(ExploreTarget.quoted(absolute))"
        if let sources {
            let folder = sources.hasPrefix("/") ? sources : FileManager.default.currentDirectoryPath + "/" + sources
            app += ", sources: \(ExploreTarget.quoted(folder))"
        }
        return ("lifeloop: 1\nname: explore-\(stem)\napp: {\(app)}\n", stem)
    }

    /// The worker: answers the crawler's requests on this process's main thread, its
    /// replies on the standard output it was started with; the app's own prints go to
    /// standard error.
    private func runWorker() throws {
        guard let target else { throw inputError("--worker needs the target scenario") }
        let runner = try loadRunner(target)
        let replies = dup(1)
        dup2(2, 1)
        let worker = ExploreWorker(runner: runner, seed: seed, settleBudget: .milliseconds(Int64((settleSeconds * 1000).rounded())))
        func send(_ reply: ExploreReply) {
            let bytes = Array((reply.line() + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(replies, $0.baseAddress, $0.count) }
                if written <= 0 { Foundation.exit(0) }
                offset += written
            }
        }
        while let line = readLine(strippingNewline: true) {
            guard worker.handle(line, send: send) else { break }
        }
    }

    /// Runs a scenario once and prints its failure key (`explore-check: failed: KEY`): how
    /// the crawl's child processes judge a finding's scenario. A crash ends the process.
    private func check(_ file: String) {
        guard let scenario = try? ScenarioFile.load(path: file),
              let runner = try? ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps) else {
            print("explore-check: invalid")
            return
        }
        // What the run prints must reach the crawl before a crash ends the process.
        fflush(nil)
        guard let result = try? runner.run(seed: seed) else {
            print("explore-check: invalid")
            return
        }
        if result.status.isPassed {
            print("explore-check: passed")
        } else {
            print("explore-check: failed: " + (result.failureKey ?? "failed").replacingOccurrences(of: "\n", with: " "))
        }
        fflush(nil)
    }

    /// This program's path, for its worker processes.
    static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }
}
