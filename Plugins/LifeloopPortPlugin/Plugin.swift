import Foundation
import PackagePlugin

/// Builds a target from UIKit sources written for iOS, unchanged, through Lifeloop's port
/// step.
///
/// The iOS sources live in the target's folder, and the target excludes them; the plugin
/// ports every excluded `*.swift` file under the folder (all at once, as one module) into
/// its work directory, and the target compiles the ported copies. Its own sources (a
/// `main.swift` that launches the app on Lifeloop) compile as they are:
///
/// ```swift
/// .executableTarget(
///     name: "MyApp",
///     dependencies: [.product(name: "UIKit", package: "Lifeloop")],
///     exclude: ["iOS"],   // Sources/MyApp/iOS/**.swift: ported, not compiled as written
///     plugins: [.plugin(name: "LifeloopPortPlugin", package: "Lifeloop")]
/// )
/// ```
///
/// SwiftPM compiles every `.swift` file of a target that is not excluded, and a plugin can
/// add sources but not remove any: excluding the originals is what keeps them from being
/// compiled twice. Compiler errors in the ported copies name the original files and lines.
/// Errors of the port step itself (key-value writes, swizzling) fail the build, at the
/// original file and line.
@main
struct LifeloopPortPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `directoryURL` needs tools version 6.1 (this package is 6.0): `Path`, deprecated there.
        let directory = URL(fileURLWithPath: target.directory.string)
        let compiled = Set(target.sourceFiles(withSuffix: "swift").map { $0.url.standardizedFileURL.path })
        var inputs: [URL] = []
        if let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                let path = url.standardizedFileURL.path
                if !compiled.contains(path) { inputs.append(url.standardizedFileURL) }
            }
        }
        inputs.sort { $0.path < $1.path }
        guard !inputs.isEmpty else {
            Diagnostics.warning("LifeloopPortPlugin: target \(target.name) excludes no Swift files under \(directory.path): "
                                + "put the iOS sources in a folder of the target and exclude it (exclude: [\"iOS\"])")
            return []
        }
        var names: [String: URL] = [:]
        for input in inputs {
            if let other = names[input.lastPathComponent] {
                Diagnostics.error("LifeloopPortPlugin: \(input.path) and \(other.path) have the same file name; "
                                  + "a Swift module cannot compile two files of one name")
                return []
            }
            names[input.lastPathComponent] = input
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Ported")
        let tool = try context.tool(named: "lifeloop-port")
        return [
            .buildCommand(
                displayName: "Porting \(inputs.count) UIKit source\(inputs.count == 1 ? "" : "s") of \(target.name) to Lifeloop",
                executable: tool.url,
                // The copies are named Name.ported.swift: a copy named as its original would
                // share its #fileID, which the compiler warns about.
                arguments: inputs.map(\.path) + ["--output", output.path, "--suffix", ".ported"],
                inputFiles: inputs,
                outputFiles: inputs.map { output.appendingPathComponent(String($0.lastPathComponent.dropLast(6)) + ".ported.swift") }
            ),
        ]
    }
}
