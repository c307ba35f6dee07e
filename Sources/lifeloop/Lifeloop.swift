import ArgumentParser
import LifeloopCore

/// The `lifeloop` command: thin; the work is in the libraries.
@main
struct Lifeloop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifeloop",
        abstract: "A headless runtime for UIKit-style apps on a libuv run loop.",
        subcommands: [Demo.self, Launch.self, Validate.self, Run.self, Snapshot.self, ExperimentCommand.self, Merge.self, Check.self, Shrink.self, Explore.self, Record.self, Replay.self, Ctl.self, MCP.self, Port.self, HostApp.self, HostZygote.self],
        defaultSubcommand: Demo.self
    )

    /// Installs Lifeloop's executors before anything runs, so an app on this process's
    /// main thread owns the main actor, the main queue and the default executor.
    static func main() {
        MainThread.installExecutors()
        // As `main(nil)` does, and then stdout is checked: a report or trace that did not
        // reach it is exit status 2, not a success.
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch let error as LaunchError {
            // Bad input (a file, a --tap label, sources that do not build): exit status 2.
            checkStandardOutput()
            exit(withError: inputError(error.message))
        } catch {
            if (error as? ExitCode)?.rawValue != 2 { checkStandardOutput() }
            exit(withError: error)
        }
        checkStandardOutput()
        exit()
    }
}
