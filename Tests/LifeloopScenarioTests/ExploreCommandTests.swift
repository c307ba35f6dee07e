import Foundation
@testable import LifeloopScenario
import Testing

/// `lifeloop explore`, run as a user would: the real binary, its worker processes, the
/// files it writes, and `lifeloop run` on the findings it wrote.
@Suite("ExploreCommand")
struct ExploreCommandTests {
    private func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "lifeloop-explore-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func map(_ folder: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: folder + "/map.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func exploreFindsTheFourPlantedFaultsAndEachFindingReplaysWithRun() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["explore", "sample:ExploreFaults", "--out", folder, "--seed", "0"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("actions/s"))
        let findings = try #require(try map(folder)["findings"] as? [[String: Any]])
        let byKind = Dictionary(findings.map { (($0["kind"] as? String) ?? "", $0) }) { first, _ in first }
        #expect(Set(byKind.keys) == ["crash", "hang", "leak", "diagnostic"])
        #expect((byKind["crash"]?["message"] as? String)?.contains("Reset everything traps on purpose") == true)
        #expect((byKind["leak"]?["message"] as? String)?.contains("ProfileViewController") == true)
        #expect((byKind["diagnostic"]?["message"] as? String)?.hasPrefix("unsatisfiableConstraints") == true)
        #expect((byKind["crash"]?["steps"] as? Int) == 3)

        // Each scenario replays its finding with `lifeloop run`.
        func run(_ kind: String) throws -> CLI.Output {
            let file = try #require(byKind[kind]?["file"] as? String)
            #expect(FileManager.default.fileExists(atPath: folder + "/" + file.replacingOccurrences(of: ".yaml", with: ".llcap")))
            return try CLI.run(["run", folder + "/" + file], environment: ["SWIFT_BACKTRACE": "enable=no"])
        }
        let crash = try run("crash")
        #expect(crash.status != 0 && crash.status != 1, "a trap ends the process")
        #expect(crash.stderr.contains("Reset everything traps on purpose"))
        let hang = try run("hang")
        #expect(hang.status == 1)
        #expect(hang.stdout.contains("did not settle within its budget"))
        let leak = try run("leak")
        #expect(leak.status == 1)
        #expect(leak.stdout.contains("ProfileViewController#1 dealloc"))
        let diagnostic = try run("diagnostic")
        #expect(diagnostic.status == 1)
        #expect(diagnostic.stdout.contains("strict mode: unsatisfiableConstraints"))
    }

    @Test func theSameSeedWalksTheSameMap() throws {
        let first = temporaryFolder()
        let second = temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        for folder in [first, second] {
            let output = try CLI.run(["explore", "sample:Contacts", "--out", folder, "--seed", "5", "--no-shrink"])
            #expect(output.status == 0, "\(output.stderr)")
        }
        let one = try map(first)
        let two = try map(second)
        #expect((one["edges"] as? [[String: AnyHashable]]) == (two["edges"] as? [[String: AnyHashable]]))
        #expect(((one["screens"] as? [Any])?.count ?? 0) >= 2)
    }

    @Test func aStoryboardTargetCountsTheScenesItReachedAndTapsViewsWithActions() throws {
        let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios/Mail.storyboard.json").path
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["explore", storyboard, "--out", folder, "--no-shrink"])
        #expect(output.status == 0, "\(output.stderr)")
        let coverage = try #require(try map(folder)["coverage"] as? [String: Any])
        #expect(coverage["storyboardScenes"] as? Int == 7)
        let reached = try #require(coverage["storyboardScenesReached"] as? [String])
        #expect(reached.contains("Message"))
        #expect(output.stdout.contains("of 7 storyboard scenes reached"))
    }

    @Test func aScenarioTargetRunsItsScriptBeforeTheCrawl() throws {
        let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/Scenarios/login.yaml").path
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["explore", scenario, "--out", folder, "--no-shrink"])
        #expect(output.status == 0, "\(output.stderr)")
        let screens = try #require(try map(folder)["screens"] as? [[String: Any]])
        // The script signed in: the crawl starts on the welcome page.
        #expect((screens.first?["controllers"] as? [String])?.last == "WelcomeViewController")
        #expect((screens.first?["reachedBy"] as? [String]) == [])
    }

    @Test func anXcodeProjectTargetIsBuiltAndCrawled() throws {
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/HelloApp/HelloApp.xcodeproj").path
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["explore", project, "--out", folder, "--no-shrink"])
        #expect(output.status == 0, "\(output.stderr)")
        let screens = try #require(try map(folder)["screens"] as? [[String: Any]])
        #expect(screens.first?["controllers"] as? [String] == ["ViewController"])
        let edges = try #require(try map(folder)["edges"] as? [[String: Any]])
        #expect(edges.contains { $0["outcome"] as? String == "screen" })
        // The project's storyboard scenes count, as a storyboard target's do.
        let coverage = try #require(try map(folder)["coverage"] as? [String: Any])
        #expect(coverage["storyboardScenes"] as? Int == 1)
        #expect(coverage["storyboardScenesReached"] as? [String] == ["ViewController"])
        #expect(output.stdout.contains("1 of 1 storyboard scenes reached"))
    }

    /// A scene of an Xcode storyboard: its controller element with these attributes.
    private static func storyboard(_ controllers: [String], initial: String) -> String {
        var scenes = ""
        for (index, attributes) in controllers.enumerated() {
            scenes += "<scene sceneID=\"s\(index)\"><objects><viewController \(attributes) sceneMemberID=\"viewController\">"
                + "<view key=\"view\" contentMode=\"scaleToFill\" id=\"v\(index)\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/></view>"
                + "</viewController></objects></scene>"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" "
            + "version=\"3.0\" toolsVersion=\"22505\" targetRuntime=\"iOS.CocoaTouch\" useAutolayout=\"YES\" "
            + "initialViewController=\"\(initial)\"><scenes>\(scenes)</scenes></document>"
    }

    @Test func anXcodeProjectsScenesAreItsStoryboardsLessTheLaunchScreenEachStoryboardOnce() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["Base", "en"] {
            try FileManager.default.createDirectory(atPath: folder + "/\(language).lproj", withIntermediateDirectories: true)
        }
        let main = Self.storyboard([#"customClass="ListViewController" id="a""#, #"storyboardIdentifier="Detail" id="b""#,
                                    #"id="c-3-d""#], initial: "a")
        try main.write(toFile: folder + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        try Self.storyboard([#"customClass="Other" id="x""#], initial: "x")
            .write(toFile: folder + "/en.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        try Self.storyboard([#"id="launch""#], initial: "launch")
            .write(toFile: folder + "/Base.lproj/LaunchScreen.storyboard", atomically: true, encoding: .utf8)
        try Self.storyboard([#"customClass="SettingsViewController" id="s""#], initial: "s")
            .write(toFile: folder + "/Settings.storyboard", atomically: true, encoding: .utf8)
        let target = XcodeProject.Target(
            name: "App", productType: "com.apple.product-type.application", sources: [],
            resources: [folder + "/en.lproj/Main.storyboard", folder + "/Base.lproj/Main.storyboard",
                        folder + "/Base.lproj/LaunchScreen.storyboard", folder + "/Settings.storyboard", folder + "/Assets.xcassets"],
            frameworks: [], packageProducts: [], buildSettings: ["LAUNCH": "LaunchScreen"], configuration: "Debug", moduleName: "App",
            swiftVersion: "5.0", infoPlist: nil, infoDictionary: ["UILaunchStoryboardName": .string("$(LAUNCH)")], mainStoryboard: "Main")
        // Labels as the controllers' trace labels: identifier, else class, else the object id.
        #expect(ExploreTarget.storyboardScenes(of: target) == ["ListViewController", "Detail", "c-3-d", "SettingsViewController"])
    }

    @Test func badInputIsRefusedNamingIt() throws {
        let unknown = try CLI.run(["explore", "sample:NoSuchApp", "--out", temporaryFolder()])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no sample named 'NoSuchApp'"))
        let missing = try CLI.run(["explore", "/nonexistent/app.yaml", "--out", temporaryFolder()])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/app.yaml"))
        let negative = try CLI.run(["explore", "sample:ExploreFaults", "--max-actions", "-3"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--max-actions -3: expected at least 1"))
        let seconds = try CLI.run(["explore", "sample:ExploreFaults", "--max-seconds", "-1"])
        #expect(seconds.status == 2)
        #expect(seconds.stderr.contains("--max-seconds -1.0: expected a positive number of seconds"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "needs chromium: make browser-deps"))
    func theMapPageRendersEachScreenAsANodeInHeadlessChromium() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try CLI.run(["explore", "sample:ExploreFaults", "--out", folder, "--no-shrink"])
        #expect(output.status == 0, "\(output.stderr)")
        let page = try String(contentsOfFile: folder + "/map.html", encoding: .utf8)
        #expect(!page.contains("<script"))
        #expect(page.contains("src=\"data:image/png;base64,"))
        let profile = folder + "/profile"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--dump-dom",
                             "file://" + folder + "/map.html"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let nodes = dom.components(separatedBy: "class=\"screen node\"").count - 1
        let screens = try #require(try map(folder)["screens"] as? [Any])
        #expect(nodes == screens.count)
        #expect(nodes == 6)
        #expect(dom.contains("Reset everything traps on purpose"))
    }
}
