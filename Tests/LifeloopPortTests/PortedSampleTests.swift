import Foundation
import LifeloopPort
import Testing

/// `Samples/PortedApp` is built through the plugin by `make ported-sample` (a package of its
/// own: minutes to build) and, as `PortedAppSample`, by this package's own build. Here its
/// iOS sources go through the same port step and are typechecked, with its launcher,
/// against the UIKit module this build made; and the built sample runs its storyboard.
@Suite("Port step: the PortedApp sample")
struct PortedSampleTests {
    static let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules").path
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: swiftc != nil && FileManager.default.fileExists(atPath: modules + "/UIKit.swiftmodule"),
                   "needs swiftc on PATH and the build's Modules"))
    func theSamplesSourcesTypecheckAfterThePortStep() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-port-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = Self.packageDirectory.appendingPathComponent("Samples/PortedApp/Sources/PortedApp")
        var errors = ""
        let status = PortTool.run(sources: [target.appendingPathComponent("iOS").path],
                                  output: directory.appendingPathComponent("Ported").path, suffix: ".ported") { errors += $0 }
        #expect(status == 0, "\(errors)")
        #expect(errors.isEmpty, "\(errors)")
        let ported = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Ported").path)
            .sorted().map { directory.appendingPathComponent("Ported/\($0)").path }
        #expect(ported.map { ($0 as NSString).lastPathComponent } == ["CounterViewController.ported.swift", "Ticker.ported.swift"])
        let clibuv = Self.packageDirectory.appendingPathComponent("Sources/CLibUV").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.swiftc))
        process.arguments = ["-typecheck", "-swift-version", "5", "-module-name", "PortedApp",
                             "-module-cache-path", directory.appendingPathComponent("cache").path,
                             "-I", Self.modules, "-I", clibuv, "-Xcc", "-fmodule-map-file=\(clibuv)/module.modulemap",
                             target.appendingPathComponent("main.swift").path] + ported
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let diagnostics = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(diagnostics)")
        #expect(!diagnostics.contains("warning:"), "\(diagnostics)")
    }

    static let sample = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("PortedAppSample").path

    /// The sample as this package's build made it through LifeloopPortPlugin: its
    /// Main.storyboard (Xcode's XML) gives the navigation controller and the counter scene,
    /// made with init(coder:), its label and buttons reach the outlets by name before
    /// awakeFromNib, and the taps, the bar button, the timer and the notification all go
    /// through selectors.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sample), "needs the PortedAppSample executable this package builds"))
    func theBuiltSampleRunsItsStoryboard() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.sample)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("label: 1"), "\(output)")
        #expect(lines.contains("label after reset: 0"), "\(output)")
        #expect(lines.contains("diagnostics: 0"), "\(output)")
        #expect(lines.contains { $0.hasPrefix("tick (every second)") }, "\(output)")
        let trace = lines.drop { $0 != "--- trace ---" }.dropFirst()
        #expect(Array(trace.prefix(2)) == ["Counter initWithCoder", "Counter awakeFromNib"], "\(output)")
        #expect(trace.contains("Counter viewDidAppear"), "\(output)")
    }
}
