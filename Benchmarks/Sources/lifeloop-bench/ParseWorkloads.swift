import Foundation
import Lifeloop
import LifeloopSamples

/// The parse rows: a generated 20 MB storyboard (400 scenes of 900 labelled views) read by
/// Lifeloop (`StoryboardDefinition.parse`: JSONReader, then the checked definitions) and by
/// Foundation's `JSONSerialization` (the tree alone, which the old storyboard path built
/// before checking it): throughput, and peak memory ÷ file size.
///
/// Peak memory is measured in child processes of this executable, one per reader: each
/// resets its high-water mark (`/proc/self/clear_refs`), notes its resident size, reads the
/// file and parses it, then prints `VmHWM` less that size. `wait4`'s `ru_maxrss` is not used
/// because a child spawned from this large process starts with the parent's mark.
///
/// `BENCH_ONLY=parse` runs only these; a full run measures them first, in a child process,
/// so their 20 MB allocations leave nothing in the heap of the other rows.
enum ParseWorkloads {
    static let childFlag = "--parse-peak-rss"

    /// Runs this group when selected; returns whether the bench is done.
    static func runIfSelected(_ arguments: [String]) throws -> Bool {
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
        if arguments.count == 4, arguments[1] == childFlag {
            try childPeak(reader: arguments[2], path: arguments[3])
            return true
        }
        if only == "parse" {
            try run()
            return true
        }
        if only == nil || only == "" {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.environment = ProcessInfo.processInfo.environment.merging(["BENCH_ONLY": "parse"]) { $1 }
            try process.run()
            process.waitUntilExit()
        }
        return false
    }

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-bench-parse-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Large.storyboard.json"
        try Data(GeneratedStoryboard.flat(scenes: 400, viewsPerScene: 900).utf8).write(to: URL(fileURLWithPath: path))
        let bytes = try InputFile.read(path: path)
        let data = Data(bytes)
        let megabytes = Double(bytes.count) / 1e6

        print("\nparse (a \(String(format: "%.1f", megabytes)) MB storyboard: 400 scenes of 900 labelled views; release;")
        print("  best of 10 for Lifeloop's rows, of 3 for JSONSerialization's, which takes seconds)")
        let ours = try bestSeconds(of: 10) {
            let storyboard = try StoryboardDefinition.parse(bytes, name: "Large", file: path)
            precondition(storyboard.scenes.count == 400)
        }
        // The reader alone, through public API: the same text wrapped as {"x": …} reads
        // whole, then the storyboard layer refuses it at once for its unknown first key.
        let wrapped = Array("{\"x\": ".utf8) + bytes + Array("}".utf8)
        let reader = try bestSeconds(of: 10) {
            do {
                _ = try StoryboardDefinition.parse(wrapped, name: "Large", file: path)
                preconditionFailure("the wrapped storyboard must be refused")
            } catch let error as StoryboardError {
                precondition(error.field == "x")
            }
        }
        let foundation = try bestSeconds(of: 3) {
            let tree = try JSONSerialization.jsonObject(with: data)
            precondition((tree as? [String: Any])?["scenes"] != nil)
        }
        let oursPeak = try peakRatio(reader: "lifeloop", path: path, size: bytes.count)
        let foundationPeak = try peakRatio(reader: "foundation", path: path, size: bytes.count)
        row("Lifeloop (JSONReader + definitions)", megabytes / ours, oursPeak)
        row("JSONReader alone", megabytes / reader, nil)
        row("JSONSerialization (tree only)", megabytes / foundation, foundationPeak)

        print("\nparse goals")
        ScenarioWorkloads.goal("peak memory ÷ file size, Lifeloop", oursPeak, "≤ 10×", oursPeak <= 10)
        ScenarioWorkloads.goal("JSONReader alone, MB/s", megabytes / reader, "≥ 200", megabytes / reader >= 200)
        ScenarioWorkloads.goal("Lifeloop / JSONSerialization MB/s", foundation / ours, "≥ 1×", foundation / ours >= 1)
    }

    static func row(_ name: String, _ megabytesPerSecond: Double, _ peak: Double?) {
        print("  " + name.padding(toLength: 38, withPad: " ", startingAt: 0)
              + String(format: "%8.1f MB/s", megabytesPerSecond)
              + (peak.map { String(format: "   peak %6.2f× the file above baseline", $0) } ?? ""))
    }

    static func bestSeconds(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = MonotonicClock.nanoseconds
            try body()
            best = min(best, Double(MonotonicClock.nanoseconds - start) / 1e9)
        }
        return best
    }

    /// Runs a child that parses `path` with `reader`; its peak above its start ÷ `size`.
    static func peakRatio(reader: String, path: String, size: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [childFlag, reader, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let kib = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
        return kib * 1024 / Double(size)
    }

    /// The child's side: prints, in KiB, how far the resident size peaked above where it was
    /// before the file was read.
    static func childPeak(reader: String, path: String) throws {
        resetPeak()
        let start = status("VmRSS:")
        if reader == "lifeloop" {
            let storyboard = try StoryboardDefinition.load(path: path)
            precondition(storyboard.scenes.count == 400)
        } else {
            let tree = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            precondition((tree as? [String: Any])?["scenes"] != nil)
        }
        print(status("VmHWM:") - start)
    }

    /// Sets the peak resident size to the current one (proc(5), `clear_refs` 5).
    static func resetPeak() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// A `/proc/self/status` field in KiB.
    static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) } ?? 0
    }
}
