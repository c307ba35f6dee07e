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

    @OptionGroup var scenario: ScenarioFileArgument

    @OptionGroup var seedOptions: SeedOptions

    @OptionGroup var appearanceOptions: AppearanceOptions

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

    @Flag(help: "Send requests no rule of the scenario's network matches to the real network (host clock only).")
    var allowNetwork = false

    func run() throws {
        if let timeline { try checkPicturePath(timeline, option: "--timeline") }
        if let frames { try checkPicturePath(frames, option: "--frames") }
        let runner = try loadRunner(scenario.file, appearance: appearanceOptions)
        let result: RunResult
        do {
            var options = RunOptions(tracePath: trace, perfettoPath: perfetto, digest: true)
            options.allowNetwork = allowNetwork
            options.timeline = timeline != nil
            options.keepFrames = frames != nil
            result = try runner.run(seed: seedOptions.seed, options: options)
        } catch {
            throw inputError("\(scenario.file): \(error)")
        }
        var report = ExperimentReport(scenario: runner.scenario)
        report.add(result, rerun: rerunCommand(scenario.file, flags: appearanceOptions.flags)(seedOptions.seed))
        report.cover(seedOptions.seed...seedOptions.seed)
        let context = [("seed", "\(seedOptions.seed)"), ("digest", JSONText.quoted(result.digest?.description ?? ""))]
        switch format {
        case .text:
            print("seed \(seedOptions.seed), digest \(result.digest?.description ?? "-"), \(statusText(result.status))")
            print(SingleRunText.render(result, scenario: runner.scenario), terminator: "")
            if !result.status.isPassed { print("re-run with its trace: \(rerunCommand(scenario.file, flags: appearanceOptions.flags)(seedOptions.seed))") }
        case .json:
            print(report.json(context: context), terminator: "")
        case .csv:
            print(SeedRows.csvHeader + SeedRows.render(result, format: .csv), terminator: "")
        }
        if let timeline, let drawn = result.timeline {
            try writePicture(drawn.svg(title: "\(runner.scenario.name), seed \(seedOptions.seed)"), to: timeline)
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
func loadRunner(_ file: String, appearance: AppearanceOptions? = nil) throws -> ScenarioRunner {
    var scenario: Scenario
    do {
        scenario = try ScenarioFile.load(path: file)
    } catch {
        throw inputError("\(error)")
    }
    try appearance?.apply(to: &scenario)
    do {
        return try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
    } catch {
        throw inputError("\(error)")
    }
}

/// The command that re-runs one seed with its trace; `flags` are passed on as given
/// (the appearance flags, which change what a seed draws).
func rerunCommand(_ file: String, flags: [String] = []) -> @Sendable (UInt64) -> String {
    let quoted = file.contains(" ") ? "'\(file)'" : file
    let extra = flags.map { " " + ($0.contains(" ") || $0.contains(",") ? "'\($0)'" : $0) }.joined()
    return { "lifeloop run \(quoted) --seed \($0)\(extra) --trace seed-\($0).jsonl" }
}

func statusText(_ status: RunStatus) -> String {
    switch status {
    case .passed: return "passed"
    case .failed(let message): return "FAILED: \(message)"
    }
}

/// One run as people read it: figures of that run, per window, never percentiles over a
/// single value (those are `experiment`'s, over many seeds).
///
///     scenario NAME (HASH), virtual clock: 169 turns, 10000.000 ms; launch: first commit …, settled …
///     window  frames  dropped  dropped %  hitch ms  hitch ms/s  band  work p50 ms  work p99 ms  overrun max ms
///     main-thread passes per window (ms):   window  pass  n  total  max
///     inputs (latency to the frame that shows them, ms):  input  n  min  max
///     main-thread callbacks (ms):  callback  n  total  max
enum SingleRunText {
    static func render(_ result: RunResult, scenario: Scenario) -> String {
        let metrics = result.metrics
        func ms(_ nanoseconds: Int64) -> String { String(format: "%.3f", Double(nanoseconds) / 1e6) }
        var out = "scenario \(scenario.name) (\(scenario.hash)), \(scenario.clock.rawValue) clock: "
        out += "\(result.turns) turns, \(ms(Int64(clamping: result.endTime))) ms"
        let launch = [("first commit", "launch.firstCommitMs"), ("settled", "launch.settleMs")].compactMap { label, name in
            metrics[name].map { "\(label) \(ms($0.values.max)) ms" }
        }
        if !launch.isEmpty { out += "; launch: " + launch.joined(separator: ", ") }
        out += "\n"

        // Frames, per window, and all windows together when there are several.
        var rows: [[String]] = []
        func row(_ name: String, frames: Int, dropped: Int, hitch: Int64, animated: Int64, work: ValueHistogram?,
                 overrun: ValueHistogram?) -> [String] {
            let vsyncs = frames + dropped
            let droppedPercent = vsyncs == 0 ? 0 : Double(dropped) * 100 / Double(vsyncs)
            let ratio = animated == 0 ? 0 : (Double(hitch) / 1e6) / (Double(animated) / 1e9)
            let hasFrames = frames > 0
            return [name, "\(frames)", "\(dropped)", String(format: "%.3f", droppedPercent), ms(hitch), String(format: "%.1f", ratio),
                    HitchBand(msPerSecond: ratio).rawValue,
                    hasFrames ? work.map { ms($0.value(atPercentile: 50)) } ?? "-" : "-",
                    hasFrames ? work.map { ms($0.value(atPercentile: 99)) } ?? "-" : "-",
                    hasFrames ? overrun.map { ms($0.max) } ?? "-" : "-"]
        }
        for window in result.windows {
            rows.append(row(window.window, frames: window.frameCount, dropped: window.droppedFrames, hitch: window.hitchNanoseconds,
                            animated: window.animatedNanoseconds, work: window.frameDurationCpu, overrun: window.frameOverrun))
        }
        if result.windows.count > 1 {
            var work = ValueHistogram()
            var overrun = ValueHistogram()
            for window in result.windows {
                work.merge(window.frameDurationCpu)
                overrun.merge(window.frameOverrun)
            }
            rows.append(row("all", frames: result.windows.reduce(0) { $0 + $1.frameCount },
                            dropped: result.windows.reduce(0) { $0 + $1.droppedFrames },
                            hitch: result.windows.reduce(0) { $0 + $1.hitchNanoseconds },
                            animated: result.windows.reduce(0) { $0 + $1.animatedNanoseconds }, work: work, overrun: overrun))
        }
        out += table(["window", "frames", "dropped", "dropped %", "hitch ms", "hitch ms/s", "band", "work p50 ms", "work p99 ms",
                      "overrun max ms"], rows)

        // The main thread's passes (layout, display…), named `pass.KIND@WINDOW`.
        var passes: [[String]] = []
        for window in result.windows {
            for metric in metrics.sorted where metric.name.hasPrefix("pass.") && metric.name.hasSuffix("@" + window.window) {
                let kind = metric.name.dropFirst(5).dropLast(window.window.count + 1)
                passes.append([window.window, String(kind), "\(metric.values.count)", ms(metric.values.sum), ms(metric.values.max)])
            }
        }
        if !passes.isEmpty {
            out += "main-thread passes per window (ms):\n"
            out += table(["window", "pass", "n", "total", "max"], passes, indent: "  ")
        }
        let inputs = metrics.sorted.filter { $0.name.hasPrefix("latency.") }.map { metric in
            [String(metric.name.dropFirst(8)), "\(metric.values.count)", ms(metric.values.min), ms(metric.values.max)]
        }
        if !inputs.isEmpty {
            out += "inputs (latency from the input to the frame that shows it, ms):\n"
            out += table(["input", "n", "min", "max"], inputs, indent: "  ")
        }
        let callbacks = metrics.sorted.filter { $0.name.hasPrefix("callback.") }.map { metric in
            [String(metric.name.dropFirst(9)), "\(metric.values.count)", ms(metric.values.sum), ms(metric.values.max)]
        }
        if !callbacks.isEmpty {
            out += "main-thread callbacks (ms):\n"
            out += table(["callback", "n", "total", "max"], callbacks, indent: "  ")
        }
        // Anything else the run measured (marks, jobs…), by name.
        let shown = ["launch.", "pass.", "latency.", "callback.", "run."]
        let windowPrefixes = result.windows.map { $0.window + "." } + ["all."]
        let others = metrics.sorted.filter { metric in
            !shown.contains { metric.name.hasPrefix($0) } && !windowPrefixes.contains { metric.name.hasPrefix($0) }
        }.map { metric -> [String] in
            func shownValue(_ value: Int64) -> String {
                metric.unit == .count ? "\(value)" : String(format: "%.3f", metric.display(value))
            }
            let unit = metric.unit == .nanoseconds ? "ms" : metric.unit == .count ? "count" : "ratio"
            return [metric.name, unit, "\(metric.values.count)", shownValue(metric.values.min), shownValue(metric.values.max)]
        }
        if !others.isEmpty {
            out += "other figures:\n"
            out += table(["metric", "unit", "n", "min", "max"], others, indent: "  ")
        }
        return out
    }

    /// Columns padded to their widest cell; the first left-aligned, the others right-aligned.
    static func table(_ header: [String], _ rows: [[String]], indent: String = "") -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            indent + cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}
