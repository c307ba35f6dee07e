import ArgumentParser
import Foundation
import Lifeloop
import LifeloopCore
import LifeloopScenario

/// Failure capsules for `experiment --capsules DIR` and `check --capsules DIR`, and their
/// replay by `lifeloop replay CAPSULE`.
enum Capsules {
    /// A failing seed to put in a capsule.
    struct Failure {
        var seed: UInt64
        var mode: String
        var perturbation: String?
        var key: String?
        var message: String
    }

    /// Writes one capsule per failure into `directory`; each is listed (returned) only once
    /// `lifeloop replay` reproduced it twice, in a process of its own.
    static func write(_ failures: [Failure], scenarioFile: String, scenario: Scenario, directory: String) throws -> [UInt64: String] {
        guard !failures.isEmpty else { return [:] }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw inputError("--capsules \(directory): cannot create the directory: \(error.localizedDescription)")
        }
        let contents: (text: String, files: [(path: String, bytes: [UInt8])])
        do { contents = try Capsule.contents(ofScenarioAt: scenarioFile, name: scenario.name) } catch {
            throw inputError("--capsules: \(error)")
        }
        var listed: [UInt64: String] = [:]
        for failure in failures {
            let name = "\(safeName(scenario.name))-seed-\(failure.seed)\(failure.mode == "check" ? "-check" : "").llcap"
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            let header = Capsule.Header(scenario: scenario.name, scenarioHash: scenario.hash, seed: failure.seed, mode: failure.mode,
                                        perturbation: failure.perturbation, failureKey: failure.key ?? "", message: failure.message,
                                        clock: scenario.clock.rawValue)
            let capsule = Capsule(header: header, files: [(Capsule.scenarioPath, Array(contents.text.utf8))] + contents.files)
            switch make(capsule, at: path) {
            case .success:
                listed[failure.seed] = path
                writeStandardError("capsule \(path): seed \(failure.seed) replayed twice\n")
            case .failure(let reason):
                writeStandardError("capsule for seed \(failure.seed) not listed: \(reason)\n")
            }
        }
        return listed
    }

    private static func make(_ capsule: Capsule, at path: String) -> Result<Void, Problem> {
        let temp = NSTemporaryDirectory() + "lifeloop-capsule-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        do {
            try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
            var recording: String?
            if capsule.header.mode == "run", capsule.header.clock == ClockMode.host.rawValue {
                // The host clock's reads are the run: record the capsule's own copy of the scenario.
                for file in capsule.files {
                    let target = temp + "/" + file.path
                    try FileManager.default.createDirectory(atPath: Shrink.directory(of: target), withIntermediateDirectories: true)
                    try AtomicFile.write(file.bytes, to: target)
                }
                recording = temp + "/run.llrec"
                let status = child(["record", temp + "/" + Capsule.scenarioPath, "--seed", "\(capsule.header.seed)", "-o", recording!])
                guard status == 0 || status == 1 else { return .failure(Problem("recording the seed again failed (status \(status))")) }
            }
            let candidate = temp + "/candidate.llcap"
            try capsule.write(to: candidate, recordingPath: recording)
            for attempt in 1...2 {
                let status = child(["replay", candidate, "--quiet"])
                guard status == 0 else { return .failure(Problem("replay \(attempt) of 2 did not reproduce the failure (status \(status))")) }
            }
            try AtomicFile.write(try InputFile.read(path: candidate, maxBytes: Int.max), to: path)
            return .success(())
        } catch {
            return .failure(Problem("\(error)"))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs this executable with `arguments`, its output to stderr; its exit status.
    private static func child(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExperimentCommand.executablePath)
        process.arguments = arguments
        process.standardOutput = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? -1 : process.terminationStatus
    }

    private static func safeName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    // MARK: Replay

    /// `lifeloop replay CAPSULE`: the capsule's files in a fresh folder, its seed run again
    /// (under its perturbation, on its recording), and the failure key compared.
    static func replay(_ path: String, quiet: Bool) throws {
        let temp = NSTemporaryDirectory() + "lifeloop-replay-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        do { try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true) } catch {
            throw inputError("cannot create a folder for the capsule's files: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let (capsule, recording): (Capsule, String?)
        do { (capsule, recording) = try Capsule.extract(path, into: temp) } catch { throw inputError("\(error)") }
        let header = capsule.header
        let scenarioPath = temp + "/" + Capsule.scenarioPath
        let runner = try loadRunner(scenarioPath)
        var got: String?
        var attempts = 1
        if header.mode == "check" {
            // Nondeterminism shows by chance (two runs that draw the same unseeded number
            // agree): a capsule of a check gets up to five tries to diverge again.
            got = try checkKey(runner: runner, file: scenarioPath, seed: header.seed, perturbation: header.perturbation ?? "none")
            while got == nil, attempts < Self.checkReplayAttempts {
                attempts += 1
                got = try checkKey(runner: runner, file: scenarioPath, seed: header.seed, perturbation: header.perturbation ?? "none")
            }
        } else {
            var options = RunOptions()
            options.clock = ClockMode(rawValue: header.clock)
            options.replayPath = recording
            let body = { try runner.run(seed: header.seed, options: options) }
            let result: RunResult
            do { result = runner.threading == .mainThread ? try body() : try runOnThread(body) } catch {
                throw inputError("\(path): seed \(header.seed): \(error)")
            }
            got = result.status.isPassed ? nil : result.failureKey
        }
        let expected = header.failureKey
        let same = got != nil && (expected.isEmpty || got == expected)
        if !quiet || !same {
            print("capsule \(path): \(header.scenario) seed \(header.seed)\(header.perturbation.map { " under \($0)" } ?? "") "
                  + "(Lifeloop \(header.lifeloopVersion), scenario hash \(header.scenarioHash))")
        }
        let tries = header.mode == "check" ? " in \(attempts) tr\(attempts == 1 ? "y" : "ies")" : ""
        guard same else {
            print("  did not reproduce\(tries): expected \(expected.isEmpty ? "a failure" : expected), got \(got ?? "a passing run")")
            throw ExitCode(1)
        }
        if !quiet { print("  reproduced: \(got!)\(attempts > 1 ? " (on try \(attempts))" : "")\n  \(header.message)") }
    }

    /// How many times `replay` runs a check capsule's seed twice before it says the
    /// divergence did not come back.
    static let checkReplayAttempts = 5

    /// The key of the check's first divergence of `seed` under `perturbation`, nil when
    /// every turn agrees.
    static func checkKey(runner: ScenarioRunner, file: String, seed: UInt64, perturbation: String) throws -> String? {
        if perturbation == "process" || perturbation == "process-fixed-hash" {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ExperimentCommand.executablePath)
            process.arguments = ["check", file, "--seeds", "\(seed)", "--perturb", perturbation, "--quiet"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 1 else { return nil }
            return ScenarioCheck.failureKey(printed: String(decoding: data, as: UTF8.self))
        }
        let parsed: Perturbation
        do { parsed = try Perturbation.parse(perturbation) } catch { throw inputError("perturbation \(perturbation): \(error)") }
        let check = ScenarioCheck(runner: runner)
        let baseline = try check.baseline(seed: seed)
        return try check.compare(seed: seed, perturbation: parsed, baseline: baseline).map(ScenarioCheck.failureKey)
    }
}
