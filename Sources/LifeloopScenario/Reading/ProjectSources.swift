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

    /// Folders (or file lists) already loaded in this process, with their modules.
    private static let loaded = Locked<[String: Module]>([:])

    /// A built and loaded module of an app's sources.
    public struct Module: @unchecked Sendable {
        /// The module's name, for the app's `moduleNames`.
        public let name: String
        /// The library's handle (never closed: its classes live as long as the process).
        let handle: UnsafeMutableRawPointer

        /// A new instance of the class marked `@main` or `@UIApplicationMain` in the
        /// sources (the port step generates the maker); nil when none is marked. Call it
        /// on the app's loop thread, as UIKit makes the delegate on the main thread.
        public func makeMainDelegate() -> AnyObject? {
            guard let symbol = dlsym(handle, "lifeloop_main_delegate") else { return nil }
            typealias Maker = @convention(c) () -> UnsafeMutableRawPointer
            let make = unsafeBitCast(symbol, to: Maker.self)
            return Unmanaged<AnyObject>.fromOpaque(make()).takeRetainedValue()
        }
    }

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
        if let known = loaded.withLock({ $0[folder] }) { return known.name }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "sources '\(directory)' is not a folder of Swift files")
        }
        let files = swiftFiles(under: folder)
        guard !files.isEmpty else { throw Failure(description: "sources '\(directory)' holds no .swift files") }
        let name = try module.map { try checkedModuleName($0) } ?? inferredModule(folder: folder, searchRoots: searchRoots)
        return try load(files: files, module: name, describedAs: "sources '\(directory)'", key: folder).name
    }

    /// Builds and loads `files` (an Xcode target's Swift sources) as module `module`.
    /// - Parameters:
    ///   - files: The Swift files, by path.
    ///   - module: The module's name (the target's `PRODUCT_MODULE_NAME`).
    ///   - describedAs: How errors name the app (`project 'X.xcodeproj' target 'X'`).
    /// - Throws: ``Failure``: the port step's or the compiler's errors, every one at once,
    ///   each at the user's file and line; a program that cannot load the library.
    public static func load(files: [String], module: String, describedAs: String) throws -> Module {
        try load(files: files, module: checkedModuleName(module), describedAs: describedAs,
                 key: files.sorted().joined(separator: "\n") + "\n" + module)
    }

    private static func load(files: [String], module name: String, describedAs directory: String, key folder: String) throws -> Module {
        if let known = loaded.withLock({ $0[folder] }) { return known }
        let binaries = URL(fileURLWithPath: executablePath()).deletingLastPathComponent()
        // A build folder keeps the modules beside the program; an installed one (make
        // install) in ../lib/lifeloop.
        let support = [binaries.path, binaries.deletingLastPathComponent().appendingPathComponent("lib/lifeloop").path]
            .first { FileManager.default.fileExists(atPath: $0 + "/Modules/UIKit.swiftmodule") }
        guard let support else {
            throw Failure(description: "\(directory): building them needs the Lifeloop modules this program was built with, in \(binaries.path)/Modules or \(binaries.deletingLastPathComponent().path)/lib/lifeloop/Modules, and neither has a UIKit module; run the lifeloop of a Lifeloop build folder (swift build) or of an installation (make install)")
        }
        let modules = support + "/Modules"
        // The C modules Swift modules there use (OpenCombine's helpers), by their maps.
        let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: support)) ?? []).sorted()
            .filter { $0.hasSuffix(".build") }.map { support + "/" + $0 + "/module.modulemap" }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let cache = BuildCache(files: files, module: name, program: executablePath())
        if let cached = cache?.library, let handle = dlopen(cached, RTLD_NOW | RTLD_GLOBAL) {
            let module = Module(name: name, handle: handle)
            loaded.withLock { $0[folder] = module }
            return module
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-sources-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let ported = work.appendingPathComponent("ported").path
        let library = work.appendingPathComponent("lib\(name).so").path

        let port = try tool(near: binaries, named: "lifeloop-port", fallback: ("lifeloop", ["port"]))
        let portRun = try run(port.path, port.arguments + files + ["--output", ported, "--suffix", ".ported"])
        // Status 1: the port step reported errors but wrote every file; the compiler's
        // errors are reported with its, so that one build shows them all.
        guard portRun.status == 0 || portRun.status == 1 else {
            throw Failure(description: "\(directory): the port step failed:\n\(portRun.output)")
        }
        let portedFiles = swiftFiles(under: ported)
        guard let swiftc = findOnPath("swiftc") else {
            throw Failure(description: "\(directory): building them needs swiftc on PATH")
        }
        // The compiler stops at the first missing module: every import of one is reported
        // here first, all at once.
        let missing = missingImports(in: files, modules: modules, swiftc: swiftc)
        if !missing.isEmpty {
            throw Failure(description: "\(directory): the sources import modules that are not in the build:\n" + missing.joined(separator: "\n"))
        }
        // Every file is compiled, also after one fails, so that every error is reported; the
        // plain style gives one `file:line:column: error:` line per diagnostic.
        let compile = try run(swiftc, ["-emit-library", "-module-name", name, "-swift-version", "5", "-parse-as-library", "-g",
                                       "-continue-building-after-errors", "-diagnostic-style", "llvm",
                                       "-I", modules, "-module-cache-path", work.appendingPathComponent("cache").path,
                                       // `import Combine` is OpenCombine, through LifeloopCombine; OpenCombine needs its C helpers' module map, which SwiftPM keeps outside Modules.
                                       "-module-alias", "Combine=LifeloopCombine",
                                       // Foundation on Apple platforms has URLSession; on Linux it is FoundationNetworking's.
                                       "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                                       "-o", library] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] } + portedFiles)
        let portErrors = portRun.status == 0 ? "" : "\(directory): the port step failed:\n\(portRun.output)"
        guard compile.status == 0 else {
            let output = explainingMissingModules(originalLocations(in: compile.output, portedFiles: portedFiles))
            throw Failure(description: (portErrors.isEmpty ? "" : portErrors + "\n")
                            + "\(directory): the sources do not compile against Lifeloop:\n\(output)")
        }
        guard portErrors.isEmpty else { throw Failure(description: portErrors) }
        // Loaded from the cache's copy when there is one: the file stays while the process
        // runs (a backtrace or a sanitizer reads it), where the build folder is deleted.
        cache?.store(library)
        let loadable = cache?.library ?? library
        guard let handle = dlopen(loadable, RTLD_NOW | RTLD_GLOBAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            let hint = reason.contains("undefined symbol")
                ? " (this program does not export Lifeloop's symbols to the libraries it loads; the lifeloop command does)" : ""
            throw Failure(description: "\(directory): cannot load the built module \(name): \(reason)\(hint)")
        }
        let module = Module(name: name, handle: handle)
        loaded.withLock { $0[folder] = module }
        return module
    }

    /// Apple frameworks an app may import that Lifeloop does not model.
    static let appleFrameworks: Set<String> = [
        "ARKit", "AVFoundation", "AVKit", "Accounts", "AddressBook", "AddressBookUI", "AppTrackingTransparency", "AudioToolbox",
        "AuthenticationServices", "CallKit", "CarPlay", "CloudKit", "Contacts", "ContactsUI", "CoreAudio", "CoreBluetooth", "CoreData",
        "CoreHaptics", "CoreImage", "CoreLocation", "CoreML", "CoreMedia", "CoreMotion", "CoreNFC", "CoreSpotlight", "CoreTelephony",
        "CoreText", "CoreVideo", "EventKit", "EventKitUI", "GLKit", "GameController", "GameKit", "GameplayKit", "HealthKit",
        "HomeKit", "ImageIO", "Intents", "IntentsUI", "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI", "Messages",
        "Metal", "MetalKit", "MobileCoreServices", "MultipeerConnectivity", "NaturalLanguage", "Network", "NotificationCenter",
        "OpenGLES", "PassKit", "PDFKit", "Photos", "PhotosUI", "PushKit", "QuickLook", "ReplayKit", "SafariServices", "SceneKit",
        "Security", "Social", "Speech", "SpriteKit", "StoreKit", "SwiftData", "SwiftUI", "SystemConfiguration", "UniformTypeIdentifiers",
        "UserNotifications", "UserNotificationsUI", "Vision", "VisionKit", "WatchConnectivity", "WebKit", "WidgetKit", "iAd",
    ]

    /// Clang modules and aliases a file may import beside the Swift modules on disk.
    static let otherModules: Set<String> = ["Combine", "Glibc", "SwiftGlibc", "CoreFoundation", "Darwin", "os"]

    /// `FILE:LINE:COLUMN: error: no such module 'X'` and its note for every import of a
    /// module that is neither beside this program, nor the toolchain's, nor an alias.
    static func missingImports(in files: [String], modules: String, swiftc: String) -> [String] {
        let toolchain = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path
        func exists(_ module: String) -> Bool {
            otherModules.contains(module) || FileManager.default.fileExists(atPath: modules + "/\(module).swiftmodule")
                || FileManager.default.fileExists(atPath: toolchain + "/\(module).swiftmodule")
        }
        var lines: [String] = []
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                while let first = words.first, first.hasPrefix("@") || ["public", "private", "internal", "fileprivate", "package"].contains(first) {
                    words.removeFirst()
                }
                guard words.count >= 2, words[0] == "import" else { continue }
                let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
                let path = words.count >= 3 && kinds.contains(String(words[1])) ? words[2] : words[1]
                let module = String(path.prefix { $0 != "." && $0 != ";" })
                guard !module.isEmpty, !exists(module) else { continue }
                let column = (line.range(of: module).map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0) + 1
                lines.append("\(file):\(index + 1):\(column): error: no such module '\(module)'")
                lines.append(moduleNote(module))
            }
        }
        return lines
    }

    /// What a module that is not in the build is.
    static func moduleNote(_ module: String) -> String {
        appleFrameworks.contains(module)
            ? "note: \(module) is an Apple framework Lifeloop does not model; the app's sources can use UIKit, Foundation (with URLSession), Dispatch and Combine"
            : "note: \(module) is not in the build: third-party packages and pods are not supported; the app's sources can use UIKit, Foundation, Dispatch and Combine"
    }

    /// The compiler's output with each `no such module 'X'` followed by what it means
    /// here: an Apple framework Lifeloop does not model, or a package or pod that is not in
    /// the build.
    static func explainingMissingModules(_ output: String) -> String {
        var lines: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(String(line))
            guard let range = line.range(of: "error: no such module '"), let end = line[range.upperBound...].firstIndex(of: "'") else { continue }
            lines.append(moduleNote(String(line[range.upperBound..<end])))
        }
        return lines.joined(separator: "\n")
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
    ///
    /// With `posix_spawn` and `waitpid`, not Foundation's `Process`: `Process` watches its
    /// child with a Dispatch source, which, made on the app's thread, is the app's
    /// real-time source as far as the virtual clock can tell (a `realTime` diagnostic the
    /// app did not cause).
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0,
              fcntl(pipe[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(pipe[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw Failure(description: "cannot run \(path): no pipe for its output: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(pipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        // WIFEXITED: the exit status; killed by a signal: 128 + the signal, as shells say.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, String(decoding: output, as: UTF8.self))
    }

    /// The compiler's output with every place in a ported copy given as the original's:
    /// the user's own lines already are (the copies' `#sourceLocation`); a line the port
    /// step generated (the members that reach outlets and methods by name) is given as the
    /// closing brace of the class they were generated for, and the copy's path never
    /// appears (it is deleted with the work folder).
    static func originalLocations(in output: String, portedFiles: [String]) -> String {
        var text = output
        for ported in portedFiles {
            guard text.contains(ported), let copy = try? String(contentsOfFile: ported, encoding: .utf8) else { continue }
            let places = originalPlaces(ofLinesIn: copy)
            let original = places.compactMap { $0?.file }.first ?? ported
            var lines: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix(ported + ":") else {
                    lines.append(line.replacingOccurrences(of: ported, with: original))
                    continue
                }
                // `PORTED:LINE:COLUMN: severity: message`
                let rest = line.dropFirst(ported.count + 1)
                let fields = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                if fields.count == 3, let number = Int(fields[0]), number >= 1, number <= places.count,
                   let place = places[number - 1] {
                    lines.append("\(place.file):\(place.line):1:\(fields[2]) (in the code the port step generates for "
                                 + "the class that ends here)")
                } else {
                    lines.append(line.replacingOccurrences(of: ported, with: original))
                }
            }
            text = lines.joined(separator: "\n")
        }
        return withoutRepeats(text)
    }

    /// The output without a diagnostic said twice (the module's interface and its files
    /// are compiled by separate jobs, which report the same declaration's error each).
    static func withoutRepeats(_ output: String) -> String {
        var blocks: [[Substring]] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let isHeader = line.hasPrefix("/") && (line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: "))
            if isHeader || blocks.isEmpty { blocks.append([line]) } else { blocks[blocks.count - 1].append(line) }
        }
        var seen: Set<[Substring]> = []
        return blocks.filter { !$0[0].hasPrefix("/") || seen.insert($0).inserted }.flatMap { $0 }.joined(separator: "\n")
    }

    /// For each line of a ported copy, its place in the original: the user's lines where
    /// `#sourceLocation` puts them, a generated line at the place after its block (the
    /// closing brace of its class), a line of the generated end of the file at the
    /// original's last line; nil for the directives themselves.
    static func originalPlaces(ofLinesIn copy: String) -> [(file: String, line: Int)?] {
        let lines = copy.split(separator: "\n", omittingEmptySubsequences: false)
        var places: [(file: String, line: Int)?] = Array(repeating: nil, count: lines.count)
        var current: (file: String, line: Int)?
        var pending: [Int] = []
        var last: (file: String, line: Int)?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("#sourceLocation(file: \""), let place = directive(line) {
                for generated in pending { places[generated] = place }
                pending = []
                current = place
            } else if line.hasPrefix("#sourceLocation()") {
                current = nil
            } else if let place = current {
                places[index] = place
                last = place
                current = (place.file, place.line + 1)
            } else {
                pending.append(index)
            }
        }
        if let last { for generated in pending { places[generated] = last } }
        return places
    }

    /// The file and line of `#sourceLocation(file: "F", line: N)`.
    private static func directive(_ line: Substring) -> (file: String, line: Int)? {
        guard let close = line.range(of: "\", line: ", options: .backwards),
              let number = Int(line[close.upperBound...].prefix { $0.isNumber }) else { return nil }
        let quoted = line[line.index(line.startIndex, offsetBy: "#sourceLocation(file: \"".count)..<close.lowerBound]
        var file = ""
        var escaped = false
        for character in quoted {
            if escaped {
                file.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                file.append(character)
            }
        }
        return (file, number)
    }
}
