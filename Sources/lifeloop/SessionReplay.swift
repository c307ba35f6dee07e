import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopHost
import LifeloopSamples
import LifeloopScenario

/// `lifeloop replay SESSION.jsonl`: a daemon session recording (`app.launch` with
/// `record`) run again from its launch and inputs, every trace event compared with the
/// recorded one. Exit status: 0 replayed identically, 1 diverged, 2 bad input.
enum SessionReplay {
    /// Whether the file is a daemon session recording (its first line says so).
    static func isSessionRecording(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: handle.readData(ofLength: 64), as: UTF8.self)
        return start.hasPrefix(#"{"header":{"#) && (try? handle.seek(toOffset: 0)) != nil && {
            let line = String(decoding: handle.readData(ofLength: 1 << 20), as: UTF8.self).prefix { $0 != "\n" }
            return (try? JSON.parse(String(line)))?["header"]?["format"]?.string == "lifeloop-session"
        }()
    }

    static func run(_ path: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= 1 << 30 else { throw inputError("\(path): a session recording is at most 1 GiB; this one is \(size) bytes") }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw inputError("\(path): cannot read the recording: \(error.localizedDescription)")
        }
        var header: JSON?, trailer: JSON?
        var events: [String] = []
        var inputs: [JSON] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let value: JSON
            do { value = try JSON.parse(String(line)) } catch { throw inputError("\(path):\(index + 1): \(error.message)") }
            if let found = value["header"] { header = found } else if let found = value["trailer"] { trailer = found }
            else if var found = value["session"]?.object {
                found["input"] = found.removeValue(forKey: "method")
                inputs.append(.object(found))
            }
            else if value["input"] != nil { continue }
            else if value["seq"] != nil { events.append(String(line)) }
            else { throw inputError("\(path):\(index + 1): not a line of a session recording (header, event, input, session or trailer)") }
        }
        guard let header else { throw inputError("\(path): no header line") }
        guard let trailer else { throw inputError("\(path): no trailer: the recording was cut short (the app was killed), so it cannot be replayed") }
        guard header["fromSeq"]?.int == 0 else {
            throw inputError("\(path): the recording starts at seq \(header["fromSeq"]?.int ?? -1) (record.start mid-session); only a recording made from the launch (app.launch with record) can be replayed")
        }
        guard header["launch"] != nil else {
            throw inputError("\(path): the recording does not say how the app was launched (made by an older lifeloopd)")
        }
        let session: JSON = ["document": header["document"] ?? .null, "launch": header["launch"] ?? [:], "clock": header["clock"] ?? "virtual",
                             "seed": header["seed"] ?? 0, "scenario": header["scenario"] ?? "", "inputs": .array(inputs),
                             "turn": trailer["turn"] ?? 0, "digest": trailer["digest"] ?? "", "now": trailer["now"] ?? 0]
        let export: ScenarioExport
        do { export = try ScenarioExport(session: session) } catch { throw inputError("\(path): \(error.message)") }
        var template = Array((NSTemporaryDirectory() + "lifeloop-replay-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw inputError("cannot make a temporary directory") }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenarioPath = directory + "/session.yaml"
        try AtomicFile.write(Array(export.text.utf8), to: scenarioPath)
        let runner = try loadRunner(scenarioPath)
        let replayed: [TraceEvent]
        let result: RunResult
        do {
            (result, replayed) = try runner.runReturningEvents(seed: UInt64(clamping: export.seed), options: RunOptions(keepEvents: true, digest: true))
        } catch {
            throw inputError("\(path): \(error)")
        }
        for (index, recorded) in events.enumerated() {
            let got = index < replayed.count ? replayed[index].jsonLine : "(no event)"
            if got != recorded {
                print("replay of \(path) diverged at event \(index) (of \(events.count) recorded):")
                print("  recorded: \(recorded)")
                print("  replayed: \(got)")
                throw ExitCode(1)
            }
        }
        let digest = result.digest?.description ?? "-"
        guard digest == export.digest else {
            print("replay of \(path): every recorded event came back, but the digest is \(digest), not \(export.digest)")
            throw ExitCode(1)
        }
        for note in export.notes { print("note: \(note)") }
        print("replayed \(path): \(events.count) events, turn \(export.turn), digest \(digest), every event as recorded")
    }
}
