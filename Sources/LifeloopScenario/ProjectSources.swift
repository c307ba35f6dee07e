import Foundation
import LifeloopCore

/// An app's own Swift sources, built into a library that this process loads, so that the
/// classes its storyboards and nibs name exist: `lifeloop launch Main.storyboard --sources
/// DIR`, a scenario's `app: {storyboard: FILE, sources: DIR}`, the daemon's `sources`.
///
/// The files are taken unchanged: the port step rewrites copies of them (`@IBOutlet`,
/// `@IBAction`, `@objc`, `#selector`), `swiftc` compiles the copies as one module against
/// the Lifeloop modules this program was built with (the `Modules` folder beside it), and
/// the library is loaded into the process. Only a program that exports Lifeloop's symbols
/// to what it loads can do this: the `lifeloop` command does (and so the daemon's apps).
///
/// A folder is built and loaded once per process; loading is process-wide by nature.
public enum ProjectSources {
    /// What went wrong, naming the folder or file.
    public struct Failure: Error, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Folders already loaded in this process, with their modules.
    private static let loaded = Locked<[String: String]>([:])

    /// Builds and loads the Swift files under `directory` as module `module` (default: the
    /// one custom module the storyboards under `searchRoots` name, else the folder's name as
    /// an identifier); returns the module's name, for the app's `moduleNames`.
    /// - Parameters:
    ///   - directory: The folder of the app's Swift files (searched recursively).
    ///   - module: The module name, or nil to infer it.
    ///   - searchRoots: Storyboards and nibs (files or folders) whose `customModule` names
    ///     the module.
    /// - Throws: ``Failure`` naming the folder: no Swift files, the port step's or the
    ///   compiler's errors, a program that cannot load the library.
    public static func load(directory: String, module: String? = nil, searchRoots: [String] = []) throws -> String {
        let folder = URL(fileURLWithPath: directory).standardizedFileURL.path
        if let known = loaded.withLock({ $0[folder] }) { return known }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "sources '\(directory)' is not a folder of Swift files")
        }
        let files = swiftFiles(under: folder)
        guard !files.isEmpty else { throw Failure(description: "sources '\(directory)' holds no .swift files") }
        let name = try module.map { try checkedModuleName($0) } ?? inferredModule(folder: folder, searchRoots: searchRoots)
        let binaries = URL(fileURLWithPath: executablePath()).deletingLastPathComponent()
        let modules = binaries.appendingPathComponent("Modules").path
        guard FileManager.default.fileExists(atPath: modules + "/UIKit.swiftmodule") else {
            throw Failure(description: "sources '\(directory)': building them needs the Lifeloop modules this program was built with, in \(modules), which has no UIKit module; run the lifeloop of a Lifeloop build folder (swift build)")
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-sources-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let ported = work.appendingPathComponent("ported").path
        let library = work.appendingPathComponent("lib\(name).so").path

        let port = try tool(near: binaries, named: "lifeloop-port", fallback: ("lifeloop", ["port"]))
        let portRun = try run(port.path, port.arguments + files + ["--output", ported, "--suffix", ".ported"])
        guard portRun.status == 0 else {
            throw Failure(description: "sources '\(directory)': the port step failed:\n\(portRun.output)")
        }
        let portedFiles = swiftFiles(under: ported)
        guard let swiftc = findOnPath("swiftc") else {
            throw Failure(description: "sources '\(directory)': building them needs swiftc on PATH")
        }
        let compile = try run(swiftc, ["-emit-library", "-module-name", name, "-swift-version", "5", "-parse-as-library", "-g",
                                       "-I", modules, "-module-cache-path", work.appendingPathComponent("cache").path,
                                       "-o", library] + portedFiles)
        guard compile.status == 0 else {
            throw Failure(description: "sources '\(directory)' do not compile against Lifeloop:\n\(compile.output)")
        }
        guard dlopen(library, RTLD_NOW | RTLD_GLOBAL) != nil else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            let hint = reason.contains("undefined symbol")
                ? " (this program does not export Lifeloop's symbols to the libraries it loads; the lifeloop command does)" : ""
            throw Failure(description: "sources '\(directory)': cannot load the built module \(name): \(reason)\(hint)")
        }
        loaded.withLock { $0[folder] = name }
        return name
    }

    /// The `.swift` files under `folder`, sorted, skipping hidden folders and build folders.
    static func swiftFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let parts = relative.split(separator: "/")
            if parts.contains(where: { $0.hasPrefix(".") || $0 == "Tests" || $0.hasSuffix("Tests") }) { continue }
            if relative.hasSuffix(".swift") { files.append(folder + "/" + relative) }
        }
        return files.sorted()
    }

    /// The one `customModule` the storyboards and nibs under `searchRoots` name, else the
    /// folder's name made an identifier.
    static func inferredModule(folder: String, searchRoots: [String]) throws -> String {
        var names = Set<String>()
        for root in searchRoots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { continue }
            let documents = isDirectory.boolValue
                ? (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
                    .filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.map { root + "/" + $0 } ?? [])
                : [root]
            for document in documents {
                guard let text = try? String(contentsOfFile: document, encoding: .utf8) else { continue }
                var rest = text[...]
                while let range = rest.range(of: "customModule=\"") {
                    rest = rest[range.upperBound...]
                    if let end = rest.firstIndex(of: "\"") { names.insert(String(rest[..<end])) }
                }
            }
        }
        if names.count == 1, let only = names.first, let name = try? checkedModuleName(only) { return name }
        let base = URL(fileURLWithPath: folder).lastPathComponent
        var identifier = String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if identifier.first.map({ $0.isNumber }) ?? true { identifier = "App" + identifier }
        return identifier
    }

    static func checkedModuleName(_ name: String) throws -> String {
        guard let first = name.first, first.isLetter || first == "_",
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name != "UIKit", name != "Lifeloop" else {
            throw Failure(description: "module '\(name)' is not a usable module name (letters, digits and _, not UIKit or Lifeloop)")
        }
        return name
    }

    private static func executablePath() -> String {
        if let path = Bundle.main.executablePath { return path }
        return CommandLine.arguments[0]
    }

    /// `named` beside this program, else `fallback` beside it with its arguments.
    private static func tool(near folder: URL, named: String, fallback: (String, [String])) throws -> (path: String, arguments: [String]) {
        let direct = folder.appendingPathComponent(named).path
        if FileManager.default.isExecutableFile(atPath: direct) { return (direct, []) }
        let other = folder.appendingPathComponent(fallback.0).path
        if FileManager.default.isExecutableFile(atPath: other) { return (other, fallback.1) }
        throw Failure(description: "the port step needs \(named) or \(fallback.0) beside this program, in \(folder.path)")
    }

    private static func findOnPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to its end: its exit status and its output and errors together.
    private static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "cannot run \(path): \(error.localizedDescription)")
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
