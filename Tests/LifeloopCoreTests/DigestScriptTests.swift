import Foundation
import Testing
@testable import LifeloopCore

/// `scripts/trace-digest.py`, an implementation of the digest written from its
/// documentation alone, gives the digest the trace computed, for a streamed trace whose
/// strings take every length around a word's 8 bytes, multi-byte UTF-8 and escapes.
@Suite struct DigestScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/trace-digest.py").path

    static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: python != nil, "needs python3"))
    func theScriptComputesTheTracesDigest() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = Trace(mode: .digestOnly)
        try trace.stream(toFileAtPath: path)
        let texts = (0...17).map { String(repeating: "x", count: $0) } + ["é 🙂 日本語", "quote\"\n\u{01}", "View#12"]
        for (index, text) in texts.enumerated() {
            trace.record(time: UInt64(index) * 16_666_667, turn: UInt64(index / 3), window: index % 2 == 0 ? "" : text,
                         label: text, name: "viewWillAppear", detail: texts[texts.count - 1 - index])
        }
        trace.record(time: .max, turn: .max, window: "w", label: "", name: "", detail: "")
        trace.closeStream()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [Self.script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed == trace.digest.description + "\n")
    }
}
