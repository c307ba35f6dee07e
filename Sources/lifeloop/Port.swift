import ArgumentParser
import LifeloopPort

/// `lifeloop port SRC... --output DIR`: UIKit sources rewritten to compile on Linux.
struct Port: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite UIKit Swift sources (@IBOutlet, @IBAction, @objc, #selector) to compile on Linux.",
        discussion: """
            Ports all the given files as one module: a file goes to DIR/<its name>, the *.swift \
            files under a directory to DIR/<their path under it> (symbolic links in a directory are \
            skipped, with a note). The copies name the original \
            files and lines (#sourceLocation), so compiler errors point at the originals. \
            Diagnostics go to stderr as path:line:column: error: message. Exit status: 0, 1 when \
            there were errors (the files are written all the same), 2 on unusable input.
            """
    )

    @Argument(help: "The Swift files, or directories of them, of one module.")
    var sources: [String]

    @Option(name: [.short, .long], help: "The directory to write the ported files to.")
    var output: String

    @Option(help: ArgumentHelp("Inserted before .swift in the written names (e.g. .ported); no / or '..'.",
                               discussion: "A copy compiled under its original's name shares its #fileID, which swiftc warns about."))
    var suffix: String = ""

    func run() throws {
        let status = PortTool.run(sources: sources, output: output, suffix: suffix) { writeStandardError($0) }
        if status != 0 { throw ExitCode(status) }
    }
}
