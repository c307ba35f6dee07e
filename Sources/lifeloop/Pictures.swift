import ArgumentParser
import Foundation
import LifeloopPictures
import LifeloopScenario

/// `lifeloop snapshot FILE [--at MOMENT] [--window LABEL] -o out.svg|out.png`.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a window of a scenario run at a named moment, as SVG or PNG.",
        discussion: """
            MOMENT: a step number (3, or step:3: right after the script's third step), a time after \
            launch (250ms, 1.5s: the end of the turn at that instant), turn:N (the end of turn N) or \
            end (the default: the end of the run, once it has settled). \
            The picture is the window as the phone shows it (UIKit's chrome, no debugging ink); \
            --debug draws the wireframe instead: every view a rectangle at its presentation frame \
            (mid-animation values included) with its label, hidden views dashed. \
            PNG needs librsvg (Debian's librsvg2-bin). Exit status: 0 written, 2 bad input.
            """
    )

    @OptionGroup var scenario: ScenarioFileArgument

    @Option(help: "The moment: a step number, a time (250ms), turn:N or end (the default: the settled end of the run).")
    var at: String = "end"

    @Option(help: "The window's label (default: the key window).")
    var window: String?

    @OptionGroup var seedOptions: SeedOptions

    @Option(name: .shortAndLong, help: "Where to write: a .svg or .png path.")
    var output: String

    @Flag(help: "Draw the debugging wireframe (every view outlined and labelled) instead of the phone's picture.")
    var debug = false

    @Option(help: "The app's appearance: light or dark (default: the scenario's, else light).")
    var appearance: String?

    func run() throws {
        let moment: SnapshotRequest.Moment
        do { moment = try .parse(at) } catch { throw inputError("--at \(error)") }
        try checkPicturePath(output, option: "-o")
        let runner = try loadRunner(scenario.file)
        if case .afterStep(let step) = moment, step > runner.scenario.steps.count {
            throw inputError("--at \(at): \(scenario.file) has \(runner.scenario.steps.count) script steps")
        }
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: moment, window: window)
        switch appearance {
        case nil: break
        case "light": options.appearanceStyle = .light
        case "dark": options.appearanceStyle = .dark
        case let other?: throw inputError("--appearance \(other): an appearance is light or dark")
        }
        let result: RunResult
        do { result = try runner.run(seed: seedOptions.seed, options: options) } catch { throw inputError("\(scenario.file): \(error)") }
        guard var snapshot = result.snapshot else {
            if case .failed(let message) = result.status { throw inputError("\(scenario.file): \(message)") }
            throw inputError("\(scenario.file): the run ended (turn \(result.turns), \(result.endTime / 1_000_000)ms) before the moment \(moment)")
        }
        if debug { snapshot.style = .debug }
        try writePicture(snapshot, to: output)
    }
}

/// Checks a picture path's extension before anything runs.
func checkPicturePath(_ path: String, option: String) throws {
    let lower = path.lowercased()
    guard lower.hasSuffix(".svg") || lower.hasSuffix(".png") else {
        throw inputError("\(option) \(path): a picture is written as .svg or .png")
    }
    do { try AtomicFile.checkTarget(path) } catch { throw inputError("\(option) \(error)") }
    if lower.hasSuffix(".png"), !PNGConverter.isAvailable() {
        throw inputError("\(option) \(path): writing PNG needs librsvg (rsvg-convert), which is not installed; install Debian's librsvg2-bin (apt-get install -y librsvg2-bin), or write .svg")
    }
}

/// Writes a window snapshot atomically: SVG text, or a PNG drawn straight from the
/// snapshot (one pixel a point); a failure is exit status 2 with the path and the reason.
func writePicture(_ snapshot: WindowSnapshot, to path: String) throws {
    do {
        let bytes = path.lowercased().hasSuffix(".png") ? try snapshot.png(for: path) : Array(snapshot.svg().utf8)
        try AtomicFile.write(bytes, to: path)
    } catch {
        throw inputError("\(error)")
    }
}

/// Writes a picture atomically (SVG text, or PNG through librsvg); a failure is exit
/// status 2 with the path and the reason (the converter's words, or the system's).
func writePicture(_ svg: String, to path: String) throws {
    do {
        let bytes = path.lowercased().hasSuffix(".png") ? try PNGConverter.png(svg: svg, for: path) : Array(svg.utf8)
        try AtomicFile.write(bytes, to: path)
    } catch {
        throw inputError("\(error)")
    }
}
