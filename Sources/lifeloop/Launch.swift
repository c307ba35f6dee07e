import Foundation
import ArgumentParser
import Lifeloop
import LifeloopScenario

/// `lifeloop launch FILE`: launches an app from a storyboard file on the virtual clock,
/// taps the named views in order, settles and prints the trace.
struct Launch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Launch an app from a storyboard file, tap views, and print its trace."
    )

    @Argument(help: "The storyboard file: Xcode's *.storyboard, a *.xib (its File's Owner becomes the root controller), or Lifeloop's JSON.")
    var storyboard: String

    @Option(help: "The app's bundle folder, where nibs (*.xib, *.json) and storyboards are found by name (default: an Xcode storyboard's own folder).")
    var bundle: String?

    @Option(name: .customLong("module"), help: "A Swift module in which the file's custom classes are looked up when it names none (customModuleProvider=\"target\"); repeat for more.")
    var modules: [String] = []

    @Option(help: ArgumentHelp("The folder of the app's own Swift files: built through the port step and loaded, so that the classes the storyboard names exist.",
                               discussion: "They are compiled as the first --module's name, else the one customModule the storyboard names, else the folder's name."))
    var sources: String?

    @Option(name: .customLong("tap"), help: "The label of a view to tap once the app has settled; repeat in order.")
    var taps: [String] = []

    @Option(help: "How to print the trace: lines (label event) or jsonl.")
    var format: Demo.Format = .lines

    @Option(help: "Keep only events of these labels (comma-separated).")
    var labels: String?

    func run() throws {
        // The trace goes to stdout as it is recorded, so no event stays in memory however
        // large the storyboard (the digest still covers every event).
        let output = TraceOutput(format: format, labels: labels)
        let app = try Application(clock: .virtual, traceMode: .digestOnly)
        app.trace.sink = { output.write($0) }
        // Also on failure, so what the app did before a bad tap is not lost.
        defer { output.flush() }
        if let bundle { app.bundlePath = bundle }
        app.moduleNames = modules
        if let sources {
            do {
                let module = try ProjectSources.load(directory: sources, module: modules.first,
                                                     searchRoots: [storyboard] + (bundle.map { [$0] } ?? []))
                if !app.moduleNames.contains(module) { app.moduleNames.append(module) }
            } catch let error as ProjectSources.Failure {
                throw LaunchError(message: error.description)
            }
        }
        let loaded: Storyboard
        do {
            loaded = try app.loadStoryboard(path: storyboard)
        } catch let error as StoryboardError {
            throw LaunchError(message: "\(error)")
        }
        app.launch(storyboard: loaded)
        try app.settle()
        for label in taps {
            guard let view = app.view(labelled: label) else {
                throw LaunchError(message: "no view labelled '\(label)' is on screen to tap")
            }
            app.tap(view)
            try app.settle()
        }
        try output.finish()
        for diagnostic in app.diagnostics {
            writeStandardError("diagnostic: \(diagnostic)\n")
        }
    }
}

/// A problem with what `launch` was given to run, not with how it was called: printed
/// without the usage text, exit status 2 (bad input).
struct LaunchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
