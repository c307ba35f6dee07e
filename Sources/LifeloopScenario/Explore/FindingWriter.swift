import Foundation

/// Writes each finding of a crawl as `DIR/findings/NNN-KIND.yaml`, shrunk to the fewest
/// steps that still fail the same way, and a capsule beside it (`NNN-KIND.llcap`).
///
/// Every candidate runs in a child process (`lifeloop explore --check-scenario FILE`): a
/// crash ends that process, not the crawl. A candidate's failure key is what `lifeloop run`
/// reports, or `crash: MESSAGE` with the trap's message.
struct FindingWriter {
    let options: ExploreOptions
    var onProgress: ((String) -> Void)?

    /// Writes the findings' files and returns the findings with their files and keys.
    func write(_ findings: [ExploreFinding], name: String) throws -> [ExploreFinding] {
        let folder = options.outputDirectory + "/findings"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written: [ExploreFinding] = []
        for (index, original) in findings.enumerated() {
            var finding = original
            let stem = String(format: "%03d", index + 1) + "-" + finding.kind
            let file = folder + "/" + stem + ".yaml"
            var text = try FindingScenario.text(base: options.baseScenario, finding: finding, settleBudget: options.settleBudget)
            let header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("#") }
                .map { $0 + "\n" }.joined()
            let steps = finding.path.count
            var after = steps
            let scratch = folder + "/." + stem + ".candidate.yaml"
            defer { unlink(scratch) }
            let key = failureKey(of: text, scratch: scratch)
            // A wall-clock hang's candidates each take the whole wall budget to judge: it is
            // written as found.
            if options.shrink, let key, steps > 1, finding.detail != "wall" {
                do {
                    var shrinker = try ScenarioShrinker.start(text: text, file: file, name: "explore-\(name)-\(stem)") { candidate in
                        failureKey(of: candidate, scratch: scratch)
                    }
                    shrinker.maxRuns = options.maxShrinkRuns
                    let outcome = shrinker.shrink()
                    if outcome.key == key {
                        text = header + outcome.text
                        after = countActions(outcome.text)
                    }
                } catch {
                    onProgress?("\(stem): not shrunk: \(error)")
                }
            }
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            finding.file = "findings/" + stem + ".yaml"
            finding.failureKey = key
            finding.steps = (steps, after)
            if let key { writeCapsule(file: file, capsule: folder + "/" + stem + ".llcap", key: key, message: finding.message) }
            onProgress?("wrote \(finding.file!)" + (key == nil ? " (its run did not fail again: not reproduced)" : ""))
            written.append(finding)
        }
        return written
    }

    /// The actions in a shrunk scenario's script (its steps but the settles and expects).
    private func countActions(_ text: String) -> Int {
        guard let tree = try? ScenarioTree.parse(text, file: "shrunk"), case .list(let items)? = tree["script"] else { return 0 }
        return items.filter { item in
            guard case .map(let entries) = item, let first = entries.first else { return false }
            return !["settle", "expect", "advance", "mark"].contains(first.key)
        }.count
    }

    /// The failure key of a scenario text run once in a child process; nil when it passes
    /// or is not a scenario.
    func failureKey(of text: String, scratch: String) -> String? {
        guard (try? text.write(toFile: scratch, atomically: true, encoding: .utf8)) != nil else { return nil }
        return Self.failureKey(ofFileAt: scratch, options: options)
    }

    /// The failure key of the scenario file at `path`, run once in a child process.
    static func failureKey(ofFileAt path: String, options: ExploreOptions) -> String? {
        let log = path + ".log"
        defer { unlink(log) }
        guard let process = try? WorkerProcess(executable: options.executable, arguments: options.checkArguments(path), stderrPath: log) else {
            return nil
        }
        let limit = max(options.hangSeconds * 2, 10)
        while true {
            switch process.next(within: limit) {
            case .line(let line):
                if line == "explore-check: passed" { process.kill(); return nil }
                if line.hasPrefix("explore-check: invalid") { process.kill(); return nil }
                if line.hasPrefix("explore-check: failed: ") {
                    process.kill()
                    return String(line.dropFirst("explore-check: failed: ".count))
                }
            case .died(let status, let stderr):
                return "crash: " + ExploreFinding.crashMessage(stderr: stderr, status: status)
            case .timedOut:
                process.kill()
                return "hang: no answer within \(Int(limit)) s of wall time"
            }
        }
    }

    private func writeCapsule(file: String, capsule: String, key: String, message: String) {
        guard let scenario = try? ScenarioFile.load(path: file),
              let contents = try? Capsule.contents(ofScenarioAt: file, name: scenario.name) else { return }
        let header = Capsule.Header(scenario: scenario.name, scenarioHash: scenario.hash, seed: options.seed, mode: "run",
                                    perturbation: nil, failureKey: key, message: message, clock: scenario.clock.rawValue)
        var files = contents.files
        files.insert((Capsule.scenarioPath, Array(contents.text.utf8)), at: 0)
        do { try Capsule(header: header, files: files).write(to: capsule) } catch {
            onProgress?("capsule \(capsule) not written: \(error)")
        }
    }
}
