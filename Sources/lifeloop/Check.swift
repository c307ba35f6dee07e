import ArgumentParser
import Foundation
import Lifeloop
import LifeloopScenario

/// `lifeloop check FILE`: each seed, run again and again under what must not matter.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a scenario's runs are deterministic: the same trace, turn by turn, under perturbation.",
        discussion: """
            Each seed runs once as a baseline, then under perturbations that must not change the trace: \
            worker widths 1, 2 and 8, random real delays in worker work, a lower thread priority, and \
            separate processes (each with its own hash seed, and one with SWIFT_DETERMINISTIC_HASHING=1). \
            Every turn's digest is compared with the baseline's. On a difference the seed is run again \
            with the full trace, and the report names the turn, the first differing event (expected vs \
            got), the ten events before it, what the turn consumed, and the command that replays it. \
            Exit status: 0 all runs agree, 1 a seed diverged, 2 bad input.
            """
    )

    @OptionGroup var scenario: ScenarioFileArgument

    @Option(help: "The seeds, A..B (default: the scenario's `seeds`, else seed 0).")
    var seeds: String?

    @Option(parsing: .unconditional, help: "Runs per seed, the baseline included (default: the baseline and all 8 perturbations).")
    var runs: Int = 9

    @Option(help: "Run only the baseline and this perturbation (with --runs N, N-1 times): width=8,jitter=2ms,nice=10, or process, or process-fixed-hash.")
    var perturb: String?

    @Option(help: .hidden)
    var child: String?

    @OptionGroup var quietOptions: QuietOptions

    @Option(help: "Write a failure capsule per seed that diverged into this directory (listed once `lifeloop replay` reproduced it twice).")
    var capsules: String?

    enum Kind: Sendable {
        case inProcess(Perturbation)
        case process(fixedHash: Bool)

        var argument: String {
            switch self {
            case .inProcess(let perturbation): return perturbation.argument
            case .process(let fixed): return fixed ? "process-fixed-hash" : "process"
            }
        }

        var label: String {
            switch self {
            case .inProcess(let perturbation): return perturbation.description
            case .process(let fixed): return fixed ? "a separate process with SWIFT_DETERMINISTIC_HASHING=1"
                : "a separate process (its own hash seed)"
            }
        }
    }

    static let allKinds: [Kind] = Perturbation.standard.map { .inProcess($0) } + [.process(fixedHash: false), .process(fixedHash: true)]

    func run() throws {
        guard runs >= 2 else { throw inputError("--runs \(runs): a check needs at least 2 runs (the baseline and one more)") }
        let runner = try loadRunner(scenario.file)
        let range: ClosedRange<UInt64>
        if let seeds {
            do { range = try SeedRange.parse(seeds) } catch { throw inputError("--seeds \(seeds): \(error)") }
        } else {
            range = runner.scenario.seeds ?? 0...0
        }
        let quoted = scenario.file.contains(" ") ? "'\(scenario.file)'" : scenario.file
        let check = ScenarioCheck(runner: runner) { seed, argument in "lifeloop check \(quoted) --seeds \(seed) --perturb \(argument)" }
        if let child {
            try runChild(child, check: check, seed: range.lowerBound)
            return
        }
        var kinds: [Kind]
        if let perturb {
            switch perturb {
            case "process": kinds = [.process(fixedHash: false)]
            case "process-fixed-hash": kinds = [.process(fixedHash: true)]
            default:
                do { kinds = [.inProcess(try Perturbation.parse(perturb))] } catch { throw inputError("--perturb \(error)") }
            }
            // With --runs, the perturbation runs that many times less the baseline (random
            // delays differ each time).
            if runs != 9 { kinds = Array(repeating: kinds[0], count: runs - 1) }
        } else {
            kinds = (0..<(runs - 1)).map { Self.allKinds[$0 % Self.allKinds.count] }
        }
        var diverged = 0
        var seedCount = 0
        var failures: [Capsules.Failure] = []
        for seed in range {
            seedCount += 1
            let baseline: [(turn: UInt64, digest: TraceDigest)]
            do { baseline = try check.baseline(seed: seed) } catch { throw inputError("\(scenario.file): seed \(seed): \(error)") }
            for kind in kinds {
                if let report = try compare(kind, check: check, seed: seed, baseline: baseline) {
                    print(report.description)
                    diverged += 1
                    let first = report.description.split(separator: "\n").first.map(String.init) ?? ""
                    failures.append(Capsules.Failure(seed: seed, mode: "check", perturbation: kind.argument,
                                                     key: ScenarioCheck.failureKey(report), message: first))
                    break
                }
            }
            if !quietOptions.quiet { writeStandardError("seed \(seed): \(kinds.count + 1) runs checked\n") }
        }
        if let capsules {
            let listed = try Capsules.write(failures, scenarioFile: scenario.file, scenario: runner.scenario, directory: capsules)
            writeStandardError("\(listed.count) capsule\(listed.count == 1 ? "" : "s") in \(capsules)\n")
        }
        let runsText = "\(seedCount) seed\(seedCount == 1 ? "" : "s") × \(kinds.count + 1) runs"
        if diverged > 0 {
            print("check: \(runsText): \(diverged) seed\(diverged == 1 ? "" : "s") not deterministic")
            throw ExitCode(1)
        }
        print("check: \(runsText): every turn's digest agrees")
    }

    private func compare(_ kind: Kind, check: ScenarioCheck, seed: UInt64,
                         baseline: [(turn: UInt64, digest: TraceDigest)]) throws -> DivergenceReport? {
        switch kind {
        case .inProcess(let perturbation):
            do { return try check.compare(seed: seed, perturbation: perturbation, baseline: baseline) } catch {
                throw inputError("\(scenario.file): seed \(seed) under \(perturbation): \(error)")
            }
        case .process(let fixed):
            let lines = try childOutput(seed: seed, mode: "digests", fixedHash: fixed)
            let got = lines.split(separator: "\n").map { line -> (UInt64, String) in
                let parts = line.split(separator: " ")
                return (UInt64(parts.first ?? "") ?? 0, String(parts.last ?? ""))
            }
            let expected = baseline.map { ($0.turn, $0.digest.description) }
            var turn: UInt64?
            for index in 0..<max(expected.count, got.count) {
                guard index < expected.count, index < got.count else {
                    turn = index < expected.count ? expected[index].0 : got[index].0
                    break
                }
                if expected[index] != got[index] { turn = min(expected[index].0, got[index].0); break }
            }
            guard let turn else { return nil }
            let eventLines = try childOutput(seed: seed, mode: "events", fixedHash: fixed)
            let decoder = JSONDecoder()
            var events: [TraceEvent] = []
            var inputs: [(turn: UInt64, input: String)] = []
            for line in eventLines.split(separator: "\n") {
                if line.hasPrefix("input ") {
                    let parts = line.dropFirst(6).split(separator: " ", maxSplits: 1)
                    inputs.append((UInt64(parts[0]) ?? 0, String(parts.count > 1 ? parts[1] : "")))
                } else if let event = try? decoder.decode(TraceEvent.self, from: Data(line.utf8)) {
                    events.append(event)
                }
            }
            return try check.explain(seed: seed, turn: turn, perturbation: .none, got: (events, inputs),
                                     label: kind.label, argument: kind.argument)
        }
    }

    /// The baseline run in a child process: its turn digests, or its events and inputs.
    private func childOutput(seed: UInt64, mode: String, fixedHash: Bool) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0] : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0])
        if let path = Bundle.main.executablePath { process.executableURL = URL(fileURLWithPath: path) }
        process.arguments = ["check", scenario.file, "--seeds", "\(seed)", "--child", mode]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = fixedHash ? "1" : nil
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw inputError("\(scenario.file): seed \(seed) in a separate process failed (status \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func runChild(_ mode: String, check: ScenarioCheck, seed: UInt64) throws {
        switch mode {
        case "digests":
            let run = try check.run(seed: seed, perturbation: .none, events: false)
            var out = ""
            for (turn, digest) in run.turnDigests { out += "\(turn) \(digest)\n" }
            writeStandardOutput(out)
        case "events":
            let run = try check.run(seed: seed, perturbation: .none, events: true)
            let encoder = JSONEncoder()
            var out = Data()
            for input in run.inputs { out += Data("input \(input.turn) \(input.input)\n".utf8) }
            for event in run.events {
                out += try encoder.encode(event)
                out += Data("\n".utf8)
            }
            writeStandardOutput(out)
        default:
            throw inputError("--child \(mode): unknown")
        }
    }
}
