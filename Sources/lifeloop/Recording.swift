import ArgumentParser
import Foundation
import Lifeloop
import LifeloopSamples
import LifeloopScenario

/// `lifeloop record FILE [--seed N] -o run.llrec`: a host-clock run, recorded.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a host-clock scenario and record what it consumed, so that `lifeloop replay` runs it again bit for bit.",
        discussion: """
            The recording (JSON Lines) holds every host-clock read the loop acted on, the turn and \
            position at which each worker result and cross-thread post arrived, each script input with \
            its turn, and each turn's digest as a checkpoint; a header names the scenario (its hash) and \
            the format, a trailer the turns and the final digest. It streams to disk as the run goes. \
            Exit status: 0 recorded (the run passed), 1 recorded (a check failed), 2 bad input.
            """
    )

    @Argument(help: "The scenario file (YAML or JSON); it must use `clock: host`.")
    var file: String

    @OptionGroup var seedOptions: SeedOptions

    @Option(help: "The clock to run on (default: the scenario's). A virtual-clock recording holds only the turn digests, which a replay checks.")
    var clock: ClockMode?

    @Option(name: .shortAndLong, help: "The recording to write (.llrec).")
    var output: String

    @Flag(help: "Send requests no rule of the scenario's network matches to the real network (host clock only); their responses are recorded, and the replay serves them without the network.")
    var allowNetwork = false

    func run() throws {
        let runner = try loadRunner(file)
        var options = RunOptions()
        options.allowNetwork = allowNetwork
        options.clock = clock
        options.recordPath = output
        let result: RunResult
        do { result = try runner.run(seed: seedOptions.seed, options: options) } catch { throw inputError("\(error)") }
        print("recorded seed \(seedOptions.seed) to \(output): \(result.turns) turns, digest \(result.digest?.description ?? "-"), \(statusText(result.status))")
        if !result.status.isPassed { throw ExitCode(1) }
    }
}

extension ClockMode: ExpressibleByArgument {}

/// `lifeloop replay run.llrec [--scenario FILE]`: the recorded run again, checked turn by turn.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording: the same clock reads and arrivals, and every turn's digest checked against the recording.",
        discussion: """
            The scenario is re-run on a replay clock that returns the recorded clock reads, and each \
            worker result and post is delivered at its recorded turn and position (the jobs' work runs \
            again; a late one is waited for). Without --scenario, the scenario text the recording \
            carries is run (a relative storyboard path resolves against the folder the scenario file \
            was in when recorded). A truncated or malformed recording, one too new for this Lifeloop, \
            or one made from a different scenario is refused before anything runs. The first turn whose \
            digest differs stops the replay with a report. A failure capsule (written by `experiment` or \
            `check` with --capsules) is unpacked to a fresh folder and its seed run again, under its \
            perturbation and on its recording; it replays when the same failure comes back. Exit status: \
            0 replayed identically (a capsule: its failure reproduced), 1 diverged, 2 bad input.
            """
    )

    @Argument(help: "The recording (.llrec), or a daemon session recording (app.launch with record).")
    var recording: String

    @Option(help: "The scenario file it was recorded from (default: the scenario text the recording carries).")
    var scenario: String?

    @Flag(help: "Print only when a capsule's failure does not reproduce.")
    var quiet = false

    func run() throws {
        // A failure capsule (`--capsules`) carries its scenario, files, seed and recording.
        if scenario == nil, Capsule.isCapsule(recording) || recording.hasSuffix(".llcap") {
            return try Capsules.replay(recording, quiet: quiet)
        }
        // A daemon session recording (app.launch with record) replays from its inputs.
        if scenario == nil, SessionReplay.isSessionRecording(recording) { return try SessionReplay.run(recording) }
        let reader: RecordingReader
        do { reader = try RecordingReader(path: recording) } catch { throw inputError("\(error)") }
        let runner = try scenario.map { try loadRunner($0) } ?? recordedRunner(reader.header)
        var options = RunOptions(keepEvents: true)
        options.replayPath = recording
        options.clock = ClockMode(rawValue: reader.header.clock)
        let (result, events): (RunResult, [TraceEvent])
        do { (result, events) = try runner.runReturningEvents(seed: reader.header.seed, options: options) } catch {
            throw inputError("\(error)")
        }
        if case .failed(let message) = result.status, message.contains("replay diverged") {
            print("replay of \(recording) diverged: \(message.replacingOccurrences(of: "replay diverged: ", with: ""))")
            // The message names the first differing turn; the loop may have begun the next.
            let named = message.range(of: #"turn (\d+)"#, options: .regularExpression)
                .flatMap { UInt64(message[$0].dropFirst(5)) }
            let turn = named ?? result.turns
            let turnEvents = events.filter { $0.turn == turn }
            let before = events.filter { $0.turn < turn }.suffix(10)
            print("  the replay's events in turn \(turn)\(turnEvents.isEmpty ? ": none" : ":")")
            for event in turnEvents.prefix(20) { print("    \(event.label) \(event.name)\(event.detail.isEmpty ? "" : " " + event.detail)") }
            print("  the 10 events before that turn:")
            for event in before { print("    turn \(event.turn): \(event.label) \(event.name)\(event.detail.isEmpty ? "" : " " + event.detail)") }
            print("  consumed in turn \(turn) (recorded): \(consumed(inTurn: turn, reader: reader))")
            print("  replay: lifeloop replay \(recording)\(scenario.map { " --scenario \($0)" } ?? "")")
            throw ExitCode(1)
        }
        if !result.status.isPassed, case .failed(let message) = result.status {
            print("replayed \(recording) identically, including its failure: \(message)")
        }
        print("replayed \(recording): \(result.turns) turns, digest \(result.digest?.description ?? "-") (recorded \(reader.finalDigest)), every turn's digest as recorded")
    }

    /// The scenario from the text the recording carries, at the path it was recorded from
    /// (so a relative storyboard path resolves as it did).
    private func recordedRunner(_ header: RecordingHeader) throws -> ScenarioRunner {
        guard !header.source.isEmpty else {
            throw inputError("\(recording): the recording does not carry its scenario's text; name the scenario with --scenario FILE")
        }
        let file = header.scenarioFile.isEmpty ? header.program + ".yaml" : header.scenarioFile
        let directory = file.lastIndex(of: "/").map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        let scenario: Scenario
        do {
            scenario = try ScenarioFile.parse(header.source, file: file, directory: directory)
        } catch {
            throw inputError("\(recording): the scenario text the recording carries: \(error)")
        }
        guard scenario.hash == header.programHash else {
            throw inputError("\(recording): recorded from scenario '\(header.program)' (hash \(header.programHash)); its text is the one the recording carries, but it now hashes to \(scenario.hash): a file it names (its storyboard) changed since the recording")
        }
        do { return try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps) } catch { throw inputError("\(error)") }
    }

    /// The inputs, arrivals and job results the recording has for `turn`.
    private func consumed(inTurn turn: UInt64, reader: RecordingReader) -> String {
        let items: [String]
        do { items = try reader.consumed(inTurn: turn) } catch { return "(\(error))" }
        return items.isEmpty ? "no inputs, job results or posts" : items.joined(separator: "; ")
    }
}
