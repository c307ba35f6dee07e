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
    public static func plan(sources: [String], output: String, suffix: String = "") throws(InputError) -> [(input: String, output: String)] {
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
                for case let relative as String in enumerator where relative.hasSuffix(".swift") {
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
            let plan = try plan(sources: sources, output: output, suffix: suffix)
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
                    // Unchanged output is not rewritten, so builds do not redo work.
                    if FileManager.default.contents(atPath: target) != Data(file.text.utf8) {
                        try Data(file.text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
                    }
                } catch {
                    throw InputError("\(target): cannot write the ported file: \(error.localizedDescription)")
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
