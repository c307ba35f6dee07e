import Foundation

/// The port step as a command runs it: `SRC... --output DIR`. Both `lifeloop port` and
/// the `lifeloop-port` tool (which the build-tool plugin runs) use it.
public enum PortTool {
    /// Input the command cannot use: a missing file, an unreadable one, two inputs that
    /// would be written to the same place. Exit status 2.
    public struct InputError: Error, CustomStringConvertible {
        /// What is wrong with the input, naming it.
        public var description: String
        /// An input error that says this.
        public init(_ description: String) { self.description = description }
    }

    /// The files to port and where each is written: a file SRC goes to `DIR/<its name>`,
    /// the `*.swift` files under a directory SRC to `DIR/<their path under SRC>`. A
    /// `suffix` goes before `.swift` (`Model.swift` to `Model.ported.swift` with
    /// `.ported`): a copy compiled in the same module as its original's name then gives
    /// no `#fileID` clash warning.
    ///
    /// A symbolic link under a directory SRC (to a file or a folder) is not followed: it
    /// could bring in a file from anywhere on the machine. `skipped` hears about each one,
    /// as a line naming it. A `suffix` that could lead out of `output` (a path separator,
    /// `..`) is refused.
    public static func plan(sources: [String], output: String, suffix: String = "",
                            skipped: (String) -> Void = { _ in }) throws(InputError) -> [(input: String, output: String)] {
        try checkSuffix(suffix)
        var plan: [(String, String)] = []
        var outputs: [String: String] = [:]
        let manager = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        for source in sources {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: source, isDirectory: &isDirectory) else {
                throw InputError("\(source): no such file or directory")
            }
            let root = URL(fileURLWithPath: source).standardizedFileURL
            var pairs: [(String, String)] = []
            if isDirectory.boolValue {
                guard let enumerator = manager.enumerator(atPath: root.path) else {
                    throw InputError("\(source): cannot list the directory")
                }
                var relatives: [String] = []
                for case let relative as String in enumerator {
                    let path = root.appendingPathComponent(relative).path
                    if isSymbolicLink(path) {
                        // The enumerator does not descend into a linked folder; say so for
                        // it as for a linked file.
                        var isLinkedDirectory: ObjCBool = false
                        let linksToDirectory = manager.fileExists(atPath: path, isDirectory: &isLinkedDirectory) && isLinkedDirectory.boolValue
                        if relative.hasSuffix(".swift") || linksToDirectory {
                            let target = (try? manager.destinationOfSymbolicLink(atPath: path)).map { " (to \($0))" } ?? ""
                            skipped("\(path): note: skipped: it is a symbolic link\(target), which the port step does not follow; "
                                    + "give the file or folder it links to if it belongs to the module")
                        }
                        continue
                    }
                    guard relative.hasSuffix(".swift") else { continue }
                    var isSubdirectory: ObjCBool = false
                    if manager.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isSubdirectory),
                       !isSubdirectory.boolValue {
                        relatives.append(relative)
                    }
                }
                for relative in relatives.sorted() {
                    pairs.append((root.appendingPathComponent(relative).path, outputURL.appendingPathComponent(suffixed(relative, suffix)).path))
                }
                if relatives.isEmpty { throw InputError("\(source): no *.swift files in the directory") }
            } else {
                pairs.append((root.path, outputURL.appendingPathComponent(suffixed(root.lastPathComponent, suffix)).path))
            }
            for (input, target) in pairs {
                if let other = outputs[target], other != input {
                    throw InputError("\(input) and \(other) would both be written to \(target): give their directory instead, "
                                     + "or port them into separate output directories")
                }
                if outputs[target] == nil {
                    outputs[target] = input
                    plan.append((input, target))
                }
            }
        }
        if plan.isEmpty { throw InputError("no Swift files given") }
        return plan
    }

    /// Refuses a suffix that is not part of a file name: one with a path separator or `..`
    /// would write outside the output directory.
    public static func checkSuffix(_ suffix: String) throws(InputError) {
        if suffix.contains("/") || suffix.contains("\\") || suffix.contains("..") || suffix.contains("\0") {
            throw InputError("--suffix '\(suffix)': a suffix is part of a file name, so it cannot hold a path separator (/) "
                             + "or '..': the ported files must stay in the output directory")
        }
    }

    /// Why a file operation on `path` failed, in words: the system's reason when the error
    /// carries one, else what is in the way on the path (a file where a folder should be, a
    /// folder that cannot be written).
    static func reason(_ error: Error, path: String, isDirectory wantsDirectory: Bool = false) -> String {
        var current: NSError? = error as NSError
        while let error = current {
            if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
            current = error.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        let manager = FileManager.default
        var ancestor = URL(fileURLWithPath: path).standardizedFileURL
        while ancestor.path != "/" {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                if ancestor.path == URL(fileURLWithPath: path).standardizedFileURL.path {
                    if wantsDirectory && !isDirectory.boolValue { return "\(path) is a file, not a directory" }
                    if !wantsDirectory && isDirectory.boolValue { return "\(path) is a directory" }
                    if !manager.isWritableFile(atPath: path) { return "\(path) is not writable (permission denied)" }
                } else if !isDirectory.boolValue {
                    return "\(ancestor.path) is not a directory"
                } else if !manager.isWritableFile(atPath: ancestor.path) {
                    return "the directory \(ancestor.path) is not writable (permission denied)"
                }
                break
            }
            ancestor.deleteLastPathComponent()
        }
        let nsError = error as NSError
        if let reason = nsError.localizedFailureReason { return reason }
        return "the system refused (\(nsError.domain) code \(nsError.code))"
    }

    /// Whether `path` is itself a symbolic link (not what it links to).
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// `name` with `suffix` before its `.swift`.
    public static func suffixed(_ name: String, _ suffix: String) -> String {
        guard !suffix.isEmpty, name.hasSuffix(".swift") else { return name }
        return String(name.dropLast(".swift".count)) + suffix + ".swift"
    }

    /// Reads, ports and writes the files; prints each diagnostic on stderr. Returns the
    /// exit status: 0, 1 when the port step reported errors (the files are written all
    /// the same), 2 on unusable input.
    public static func run(sources: [String], output: String, suffix: String = "", printError: (String) -> Void) -> Int32 {
        do {
            let plan = try plan(sources: sources, output: output, suffix: suffix) { printError($0 + "\n") }
            var inputs: [PortSource] = []
            for (input, _) in plan {
                guard let data = FileManager.default.contents(atPath: input) else {
                    throw InputError("\(input): cannot read the file")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw InputError("\(input): not UTF-8 text")
                }
                inputs.append(PortSource(path: input, text: text))
            }
            let result = Porter.port(inputs)
            for (file, (_, target)) in zip(result.files, plan) {
                let directory = URL(fileURLWithPath: target).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    throw InputError("\(target): cannot write the ported file: cannot create the directory \(directory.path): "
                                     + reason(error, path: directory.path, isDirectory: true))
                }
                // Unchanged output is not rewritten, so builds do not redo work.
                if FileManager.default.contents(atPath: target) != Data(file.text.utf8) {
                    do {
                        try Data(file.text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
                    } catch {
                        throw InputError("\(target): cannot write the ported file: " + reason(error, path: target))
                    }
                }
            }
            for diagnostic in result.diagnostics { printError(diagnostic.description + "\n") }
            return result.hasErrors ? 1 : 0
        } catch let error as InputError {
            printError("error: \(error.description)\n")
            return 2
        } catch {
            printError("error: \(error)\n")
            return 2
        }
    }
}
