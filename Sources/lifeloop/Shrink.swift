import ArgumentParser
import Foundation
import Lifeloop
import LifeloopCore
import LifeloopSamples
import LifeloopScenario

/// `lifeloop shrink FILE --seed N`: the smallest scenario that still fails the same way.
struct Shrink: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cut a failing scenario down to what its failure needs (delta debugging).",
        discussion: """
            Runs the scenario with the seed, notes its failure key (the failing expect, or the \
            diagnostic kind and label; with --check the kind and label of the first divergent event), \
            then cuts the script's steps, jobs, windows and costs with ddmin, moves each cost toward a \
            fixed value and then zero and each step's timing toward zero, keeping only cuts after which \
            the run fails with the same key. The shrunk scenario is run twice more before it is written. \
            Exit status: 0 shrunk and reproduced, 1 the shrunk scenario did not fail the same way twice, \
            2 bad input (including a seed that passes).
            """
    )

    @Argument(help: "The failing scenario file (YAML or JSON).")
    var file: String

    @Option(parsing: .unconditional, help: "The seed that fails.")
    var seed: UInt64

    @Flag(help: "Shrink a determinism failure: a candidate fails when `lifeloop check`'s in-process perturbations make its trace differ.")
    var check = false

    @Option(help: "Where the shrunk scenario goes (default: FILE's name with .shrunk.yaml, next to it, so relative paths still resolve).")
    var out: String?

    @Option(parsing: .unconditional, help: "The most candidate runs (default 5000).")
    var maxRuns: Int = 5_000

    func run() throws {
        guard maxRuns >= 1 else { throw inputError("--max-runs \(maxRuns): expected at least 1") }
        let original = try loadRunner(file)
        let text: String
        do { text = String(decoding: try InputFile.read(path: file), as: UTF8.self) } catch {
            throw inputError("\(file): cannot read the scenario file: \(error)")
        }
        let directory = Self.directory(of: file)
        let target = out ?? Self.defaultOutput(file)
        do { try AtomicFile.checkTarget(target) } catch { throw inputError("--out \(error)") }
        let seed = self.seed
        let check = self.check
        let test: (String) -> String? = { candidate in
            Self.failureKey(of: candidate, file: target, directory: directory, seed: seed, check: check)
        }
        var shrinker: ScenarioShrinker
        do {
            shrinker = try ScenarioShrinker.start(text: text, file: file, name: original.scenario.name, test: test)
        } catch {
            throw inputError("\(error)\(check ? " under the check's perturbations" : "") with seed \(seed)")
        }
        shrinker.maxRuns = maxRuns
        let outcome = shrinker.shrink()
        print("shrink: failure key: \(outcome.key)")
        let parts = ["steps", "jobs", "windows", "costs"].map { "\($0) \(outcome.before[$0] ?? 0) → \(outcome.after[$0] ?? 0)" }
        print("shrink: \(parts.joined(separator: ", ")), in \(outcome.runs) runs")
        // Re-run twice before saying it is done: a shrunk scenario must fail on its own.
        let again = (0..<2).map { _ in test(outcome.text) }
        do { try AtomicFile.write(outcome.text, to: target) } catch { throw inputError("\(error)") }
        print("shrink: wrote \(target)")
        guard again.allSatisfy({ $0 == outcome.key }) else {
            let got = again.map { $0 ?? "passed" }.joined(separator: "; ")
            print("shrink: the shrunk scenario did not fail the same way twice more (\(got)): the failure is not deterministic")
            throw ExitCode(1)
        }
        print("shrink: done: the shrunk scenario failed the same way twice more")
        print("  lifeloop run \(target) --seed \(seed)")
    }

    /// The candidate's failure key, or nil when it passes or is not a valid scenario.
    static func failureKey(of text: String, file: String, directory: String, seed: UInt64, check: Bool) -> String? {
        guard let scenario = try? ScenarioFile.parse(text, file: file, directory: directory),
              let runner = try? ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps) else { return nil }
        if check {
            let checker = ScenarioCheck(runner: runner)
            guard let baseline = try? checker.baseline(seed: seed) else { return nil }
            for perturbation in Perturbation.standard {
                guard let report = try? checker.compare(seed: seed, perturbation: perturbation, baseline: baseline) else { continue }
                return ScenarioCheck.failureKey(report)
            }
            return nil
        }
        let body = { try runner.run(seed: seed) }
        let result: RunResult?
        if runner.threading == .mainThread, MainThread.isCurrent {
            result = try? body()
        } else {
            result = try? runOnThread(body)
        }
        guard let result, !result.status.isPassed else { return nil }
        return result.failureKey
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func defaultOutput(_ path: String) -> String {
        let directory = path.contains("/") ? directory(of: path) + "/" : ""
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return directory + name + ".shrunk.yaml"
    }
}
