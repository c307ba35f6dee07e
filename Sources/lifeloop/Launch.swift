import Foundation
import ArgumentParser
import Lifeloop
import LifeloopScenario

/// `lifeloop launch FILE`: launches an app from a storyboard file on the virtual clock,
/// taps the named views in order, settles and prints the trace.
struct Launch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Launch an app (an Xcode project, or a storyboard file), tap views, and print its trace."
    )

    @Argument(help: ArgumentHelp("The app: an Xcode project (*.xcodeproj, or the folder holding one), or a storyboard file: Xcode's *.storyboard, a *.xib (its File's Owner becomes the root controller), or Lifeloop's JSON.",
                                 discussion: "A project's app target is built through the port step and launched as iOS launches it: its @main app delegate, Info.plist's main storyboard or scene manifest."))
    var storyboard: String

    @Option(help: "The project's target to launch, when it has several application targets.")
    var target: String?

    @Option(help: "The app's bundle folder, where nibs (*.xib, *.json) and storyboards are found by name (default: an Xcode storyboard's own folder).")
    var bundle: String?

    @Option(name: .customLong("module"), help: "A Swift module in which the file's custom classes are looked up when it names none (customModuleProvider=\"target\"); repeat for more.")
    var modules: [String] = []

    @Option(help: ArgumentHelp("The folder of the app's own Swift files: built through the port step and loaded, so that the classes the storyboard names exist.",
                               discussion: "They are compiled as the first --module's name, else the one customModule the storyboard names, else the folder's name."))
    var sources: String?

    @Option(name: .customLong("tap"), help: "The label of a view to tap once the app has settled; repeat in order.")
    var taps: [String] = []

    @OptionGroup var formatOptions: TraceFormatOptions

    @Option(help: "Keep only events of these labels (comma-separated).")
    var labels: String?

    func run() throws {
        // The trace goes to stdout as it is recorded, so no event stays in memory however
        // large the storyboard (the digest still covers every event).
        let output = TraceOutput(format: formatOptions.format, labels: labels)
        let app = try Application(clock: .virtual, traceMode: .digestOnly)
        app.trace.sink = { output.write($0) }
        // Also on failure, so what the app did before a bad tap is not lost.
        defer { output.flush() }
        if let bundle { app.bundlePath = bundle }
        app.moduleNames = modules
        if Self.isProject(storyboard) {
            var prepared: AppProject?
            // The bundle folder stays while the app runs: it loads storyboards and files later.
            defer { prepared?.removeBundle() }
            do {
                let project = try AppProject.prepare(path: storyboard, target: target)
                prepared = project
                try project.launch(in: app)
            } catch let error as ProjectSources.Failure {
                throw LaunchError(message: error.description)
            } catch let error as AppLaunchError {
                throw LaunchError(message: "\(storyboard): \(error.description)")
            }
            try app.settle()
            try tapAndFinish(app, output)
            return
        }
        if target != nil { throw LaunchError(message: "--target is for an Xcode project, and '\(storyboard)' is not one") }
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
        try tapAndFinish(app, output)
    }

    /// Whether `path` names an Xcode project: a `.xcodeproj` folder, its `project.pbxproj`,
    /// or a folder (not a storyboard file) that holds one.
    static func isProject(_ path: String) -> Bool {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix("/project.pbxproj") || trimmed == "project.pbxproj" { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Taps the `--tap` views in order, settling after each, then ends the trace and
    /// prints the diagnostics.
    private func tapAndFinish(_ app: Application, _ output: TraceOutput) throws {
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
