import ArgumentParser
import Foundation
import LifeloopCore
import LifeloopPictures
import LifeloopSamples
import LifeloopScenario

/// `lifeloop run FILE`: one scenario, one seed; prints its report.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario file with one seed and print its report.",
        discussion: "Exit status: 0 passed, 1 a check failed (expect, strict diagnostics, budget), 2 bad input."
    )

    @Argument(help: "The scenario file (YAML or JSON).")
    var file: String

    @Option(help: "The seed costs and timings are drawn from.")
    var seed: UInt64 = 0

    @Option(help: "Stream the trace to this file as JSON Lines while running.")
    var trace: String?

    @Option(help: "Write a Chrome trace-event JSON file for Perfetto (ui.perfetto.dev).")
    var perfetto: String?

    @Option(help: "Draw the run's timeline (lanes per window, the loop and workers) to this .svg or .png.")
    var timeline: String?

    @Option(help: "Draw one bar per frame against the frame budget, per window, to this .svg or .png (one file per window: NAME-WINDOW.svg when there are several).")
    var frames: String?

    @Option(help: "The report's format: text or json.")
    var format: ReportFormat = .text

    func run() throws {
        if let timeline { try checkPicturePath(timeline, option: "--timeline") }
        if let frames { try checkPicturePath(frames, option: "--frames") }
        let runner = try loadRunner(file)
        let result: RunResult
        do {
            var options = RunOptions(tracePath: trace, perfettoPath: perfetto, digest: true)
            options.timeline = timeline != nil
            options.keepFrames = frames != nil
            result = try runner.run(seed: seed, options: options)
        } catch {
            throw inputError("\(file): \(error)")
        }
        var report = ExperimentReport(scenario: runner.scenario)
        report.add(result, rerun: rerunCommand(file)(seed))
        report.cover(seed...seed)
        let context = [("seed", "\(seed)"), ("digest", JSONText.quoted(result.digest?.description ?? ""))]
        switch format {
        case .text:
            print("seed \(seed), digest \(result.digest?.description ?? "-"), \(statusText(result.status))")
            print(report.text(), terminator: "")
        case .json:
            print(report.json(context: context), terminator: "")
        case .csv:
            print(SeedRows.csvHeader + SeedRows.render(result, format: .csv), terminator: "")
        }
        if let timeline, let drawn = result.timeline {
            try writePicture(drawn.svg(title: "\(runner.scenario.name), seed \(seed)"), to: timeline)
        }
        if let frames {
            for (path, chart) in frameCharts(result, scenario: runner.scenario.name, path: frames) {
                try writePicture(chart.svg(), to: path)
            }
        }
        if !result.status.isPassed { throw ExitCode(1) }
    }
}

/// One frame chart per window that presented frames: at `path` when there is one window,
/// else at `path` with `-WINDOW` before the extension.
func frameCharts(_ result: RunResult, scenario: String, path: String) -> [(String, FrameChart)] {
    var windows: [String] = []
    for frame in result.frames where !windows.contains(frame.window) { windows.append(frame.window) }
    if windows.isEmpty { windows = result.windows.map(\.window).prefix(1).map { $0 } }
    return windows.map { window in
        let chart = FrameChart(title: "\(scenario), seed \(result.seed), window \(window)",
                               frames: result.frames.filter { $0.window == window })
        guard windows.count > 1, let dot = path.lastIndex(of: ".") else { return (path, chart) }
        return (String(path[..<dot]) + "-" + window + String(path[dot...]), chart)
    }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case csv
}

/// Bad input: the message goes to stderr, and the command exits with status 2.
func inputError(_ message: String) -> ExitCode {
    writeStandardError("lifeloop: " + message + "\n")
    return ExitCode(2)
}

/// Loads a scenario and its app: every problem is bad input, exit status 2.
func loadRunner(_ file: String) throws -> ScenarioRunner {
    do {
        let scenario = try ScenarioFile.load(path: file)
        return try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
    } catch {
        throw inputError("\(error)")
    }
}

func rerunCommand(_ file: String) -> @Sendable (UInt64) -> String {
    let quoted = file.contains(" ") ? "'\(file)'" : file
    return { "lifeloop run \(quoted) --seed \($0) --trace seed-\($0).jsonl" }
}

func statusText(_ status: RunStatus) -> String {
    switch status {
    case .passed: return "passed"
    case .failed(let message): return "FAILED: \(message)"
    }
}
