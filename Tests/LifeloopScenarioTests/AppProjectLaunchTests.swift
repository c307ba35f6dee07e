import Foundation
import Testing

/// An iOS app as Xcode knows it, unchanged, run by `lifeloop`: `Samples/HelloApp` is an
/// Xcode 16 project (a synchronized folder, an `@main` app delegate, a scene delegate
/// Info.plist names with `$(PRODUCT_MODULE_NAME)`, a storyboard in `Base.lproj`).
@Suite struct AppProjectLaunchTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let project = checkout + "/Samples/HelloApp/HelloApp.xcodeproj"

    /// The lines of `all` that are in `wanted`, in order.
    static func projected(_ output: String, _ wanted: Set<String>) -> [String] {
        output.split(separator: "\n").map(String.init).filter { wanted.contains($0) }
    }

    @Test func launchRunsTheProjectAsIOSLaunchesIt() throws {
        let output = try CLI.run(["launch", Self.project, "--tap", "greet"])
        #expect(output.status == 0, "\(output.stderr)")
        let wanted: Set = ["AppDelegate#1 willFinishLaunchingWithOptions", "AppDelegate#1 didFinishLaunchingWithOptions",
                           "AppDelegate#1 configurationForConnecting", "ViewController initWithCoder", "SceneDelegate#1 willConnectTo",
                           "ViewController viewDidLoad", "ViewController viewWillAppear", "SceneDelegate#1 sceneWillEnterForeground",
                           "SceneDelegate#1 sceneDidBecomeActive", "ViewController viewDidAppear", "greet touchUpInside"]
        #expect(Self.projected(output.stdout, wanted) == [
            "AppDelegate#1 willFinishLaunchingWithOptions", "AppDelegate#1 didFinishLaunchingWithOptions",
            "AppDelegate#1 configurationForConnecting", "ViewController initWithCoder", "SceneDelegate#1 willConnectTo",
            "ViewController viewDidLoad", "ViewController viewWillAppear", "SceneDelegate#1 sceneWillEnterForeground",
            "SceneDelegate#1 sceneDidBecomeActive", "ViewController viewDidAppear", "greet touchUpInside",
        ], "\(output.stdout.prefix(3000))")
        #expect(!output.stderr.contains("unknownClass") && !output.stderr.contains("undefinedKey"), "\(output.stderr)")
        // The folder holding the project names it too, and the same input gives the same trace.
        let again = try CLI.run(["launch", Self.checkout + "/Samples/HelloApp", "--tap", "greet"])
        #expect(again.status == 0 && again.stdout == output.stdout, "\(again.stderr)")
    }

    @Test func badProjectsAreErrorsNamingThem() throws {
        let missing = try CLI.run(["launch", "/nowhere/App.xcodeproj"])
        #expect(missing.status == 2 && missing.stderr.contains("/nowhere/App.xcodeproj: no such file or folder"), "\(missing.stderr)")
        let target = try CLI.run(["launch", Self.project, "--target", "Nope"])
        #expect(target.status == 2 && target.stderr.contains("no target named 'Nope'") && target.stderr.contains("HelloApp"), "\(target.stderr)")
        let stray = try CLI.run(["launch", Self.checkout + "/Samples/HelloApp/HelloApp/Base.lproj/Main.storyboard", "--target", "HelloApp"])
        #expect(stray.status == 2 && stray.stderr.contains("--target is for an Xcode project"), "\(stray.stderr)")
        // A copy with an error in each of two files: both are reported, each at its file and line.
        let folder = NSTemporaryDirectory() + "broken-app-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.checkout + "/Samples/HelloApp", toPath: folder)
        for (file, line) in [("ViewController.swift", "        greeting.text = undefinedGreeting\n"),
                             ("SceneDelegate.swift", "        let broken: Int = \"text\"\n")] {
            let path = folder + "/HelloApp/" + file
            var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let index = try #require(lines.firstIndex { $0.contains("func ") && $0.contains("{") })
            lines.insert(String(line.dropLast()), at: index + 1)
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let broken = try CLI.run(["launch", folder])
        #expect(broken.status == 2, "\(broken.stdout)\(broken.stderr)")
        #expect(broken.stderr.contains("ViewController.swift:") && broken.stderr.contains("undefinedGreeting"), "\(broken.stderr)")
        #expect(broken.stderr.contains("SceneDelegate.swift:") && broken.stderr.contains("cannot convert"), "\(broken.stderr)")
    }

    @Test func aScenarioRunsAProjectAndMovesItThroughItsLifecycle() throws {
        let folder = NSTemporaryDirectory() + "project-scenario-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = folder + "/hello.yaml"
        try """
            lifeloop: 1
            app:
              project: \(Self.project)
            script:
              - tap: greet
              - appState: background
              - appState: foreground
              - expect: {sequence: ["greet touchUpInside", "SceneDelegate#1 sceneDidEnterBackground", "SceneDelegate#1 sceneWillEnterForeground", "SceneDelegate#1 sceneDidBecomeActive"]}
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let first = try CLI.run(["run", scenario, "--format", "json"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let again = try CLI.run(["run", scenario, "--format", "json"])
        func digest(_ text: String) -> String? {
            guard let range = text.range(of: "\"digest\": \"") else { return nil }
            return String(text[range.upperBound...].prefix(16))
        }
        #expect(digest(first.stdout) != nil && digest(first.stdout) == digest(again.stdout), "\(first.stdout.prefix(500))")
        // A bad state and a target without a project are refused at their lines.
        try """
            lifeloop: 1
            app:
              project: \(Self.project)
            script:
              - appState: asleep
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["run", scenario])
        #expect(refused.status == 2 && refused.stderr.contains("hello.yaml:5") && refused.stderr.contains("appState: 'to' is one of"), "\(refused.stderr)")
        try """
            lifeloop: 1
            app:
              sample: Concurrency
              target: HelloApp
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let target = try CLI.run(["run", scenario])
        #expect(target.status == 2 && target.stderr.contains("hello.yaml:4") && target.stderr.contains("target names an Xcode project's target"), "\(target.stderr)")
    }

    /// A second launch of an unchanged app loads the module built by the first: it runs
    /// with no compiler on PATH. A changed file is built again.
    @Test func aSecondLaunchComesFromTheBuildCache() throws {
        let cache = NSTemporaryDirectory() + "build-cache-\(UUID().uuidString)"
        let folder = NSTemporaryDirectory() + "cached-app-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.copyItem(atPath: Self.checkout + "/Samples/HelloApp", toPath: folder)
        let first = try CLI.run(["launch", folder, "--tap", "greet"], environment: ["LIFELOOP_CACHE_DIR": cache])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).count == 1)
        let noCompiler = ["LIFELOOP_CACHE_DIR": cache, "PATH": "/usr/bin:/bin"]
        let second = try CLI.run(["launch", folder, "--tap", "greet"], environment: noCompiler)
        #expect(second.status == 0 && second.stdout == first.stdout, "\(second.stderr)")
        // A changed file is a new build, which here has no compiler to run.
        let controller = folder + "/HelloApp/ViewController.swift"
        try (try String(contentsOfFile: controller, encoding: .utf8) + "\n// changed\n").write(toFile: controller, atomically: true, encoding: .utf8)
        let changed = try CLI.run(["launch", folder], environment: noCompiler)
        #expect(changed.status == 2 && changed.stderr.contains("swiftc"), "\(changed.stderr)")
    }

    /// An Apple framework Lifeloop does not model, and a package that is not in the
    /// build, are errors naming the module and saying which it is.
    @Test func frameworksOutOfScopeAreNamed() throws {
        let folder = NSTemporaryDirectory() + "framework-app-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.checkout + "/Samples/HelloApp", toPath: folder)
        try "import MapKit\nimport Alamofire\n".write(toFile: folder + "/HelloApp/Map.swift", atomically: true, encoding: .utf8)
        let failed = try CLI.run(["launch", folder], environment: ["LIFELOOP_BUILD_CACHE": "0"])
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(failed.stderr.contains("no such module 'MapKit'") && failed.stderr.contains("MapKit is an Apple framework Lifeloop does not model"), "\(failed.stderr)")
        #expect(failed.stderr.contains("Alamofire is not in the build: third-party packages and pods are not supported"), "\(failed.stderr)")
    }

    /// An installed lifeloop (scripts/install.sh, as `make install` runs it) builds and
    /// launches an app away from the build folder: it finds its modules under
    /// PREFIX/lib/lifeloop.
    @Test func anInstalledLifeloopBuildsAnApp() throws {
        let products = URL(fileURLWithPath: CLI.executable).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: products + "/lifeloop-port") else { return }
        let prefix = NSTemporaryDirectory() + "lifeloop-prefix-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: Self.checkout + "/scripts/install.sh")
        install.arguments = [products, prefix]
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: prefix + "/lib/lifeloop/Modules/UIKit.swiftmodule"))
        let launched = Process()
        launched.executableURL = URL(fileURLWithPath: prefix + "/bin/lifeloop")
        launched.arguments = ["launch", Self.project, "--labels", "SceneDelegate#1"]
        launched.currentDirectoryURL = URL(fileURLWithPath: prefix)
        var environment = ProcessInfo.processInfo.environment
        environment["LIFELOOP_BUILD_CACHE"] = "0"
        launched.environment = environment
        let pipe = Pipe()
        launched.standardOutput = pipe
        launched.standardError = pipe
        try launched.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        launched.waitUntilExit()
        #expect(launched.terminationStatus == 0, "\(output)")
        #expect(output.contains("SceneDelegate#1 sceneDidBecomeActive"), "\(output)")
    }

    /// A project from before Swift 4 (no SWIFT_VERSION: Xcode 7's Swift 2) that does not
    /// compile says so after the compiler's errors.
    @Test func aSwift2ProjectIsSaidToBeOne() throws {
        let folder = NSTemporaryDirectory() + "swift2-app-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.checkout + "/Samples/HelloApp", toPath: folder)
        let pbxproj = folder + "/HelloApp.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8).replacingOccurrences(of: "SWIFT_VERSION = 5.0;", with: "")
        try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        try "import UIKit\nlet old = UIScreen.mainScreen().bounds\n".write(toFile: folder + "/HelloApp/Old.swift", atomically: true, encoding: .utf8)
        let failed = try CLI.run(["launch", folder], environment: ["LIFELOOP_BUILD_CACHE": "0"])
        #expect(failed.status == 2 && failed.stderr.contains("Old.swift:2") && failed.stderr.contains("mainScreen"), "\(failed.stderr)")
        #expect(failed.stderr.contains("sets no SWIFT_VERSION") && failed.stderr.contains("Swift 2"), "\(failed.stderr)")
    }
}
