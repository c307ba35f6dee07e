import Foundation
import Testing

/// An app's own UIKit sources and storyboard, unchanged, run by `lifeloop`: the sources go
/// through the port step, compile against this build's Lifeloop and load into the process,
/// and the storyboard's custom classes are theirs. The project is Samples/PortedApp's iOS
/// folder (an Xcode storyboard naming `customModule="PortedApp"`, outlets, outlet
/// collections, actions, `#selector`, `@objc optional`).
@Suite struct ProjectSourcesTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let storyboard = checkout + "/Samples/PortedApp/Sources/PortedApp/Resources/Main.storyboard"
    static let sources = checkout + "/Samples/PortedApp/Sources/PortedApp/iOS"

    private func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "project-sources-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func launchRunsTheStoryboardWithTheProjectsOwnClasses() throws {
        // Without the sources, the storyboard's class does not exist: a plain controller
        // stands in, and its outlets have no property to go to.
        let without = try CLI.run(["launch", Self.storyboard, "--labels", "Counter"])
        #expect(without.stdout.contains("Counter unknownClass") && without.stdout.contains("Counter undefinedKey"), "\(without.stdout)")

        let output = try CLI.run(["launch", Self.storyboard, "--sources", Self.sources, "--tap", "plus"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // L02: the coder init, then awakeFromNib once outlets are connected, then the view.
        let initIndex = try #require(lines.firstIndex(of: "Counter initWithCoder"))
        let awake = try #require(lines.firstIndex(of: "Counter awakeFromNib"))
        let loaded = try #require(lines.firstIndex(of: "Counter viewDidLoad"))
        #expect(initIndex < awake && awake < loaded)
        // The ported action is wired: the tap reaches the button's touchUpInside.
        #expect(lines.contains("plus touchUpInside"))
        #expect(!output.stdout.contains("unknownClass") && !output.stdout.contains("undefinedKey"), "\(output.stdout)")
    }

    @Test func aScenarioAndTheDaemonTakeSourcesToo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = directory + "/counter.yaml"
        try """
            lifeloop: 1
            app:
              storyboard: \(Self.storyboard)
              sources: \(Self.sources)
            windows:
              - {label: main, screen: phone}
            script:
              - settle: true
              - expect: {sequence: ["Counter awakeFromNib", "Counter viewDidLoad", "Counter viewDidAppear"]}
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let first = try CLI.run(["run", scenario, "--format", "json"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let again = try CLI.run(["run", scenario, "--format", "json"])
        let digest = { (text: String) in text.split(separator: "\n").first { $0.contains("\"digest\"") } }
        #expect(digest(first.stdout) != nil && digest(first.stdout) == digest(again.stdout))
    }

    @Test func badSourcesAreErrorsNamingThem() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Not a folder.
        let missing = try CLI.run(["launch", Self.storyboard, "--sources", directory + "/nowhere"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("nowhere") && missing.stderr.contains("not a folder"), "\(missing.stderr)")
        // A folder without Swift files.
        let empty = try CLI.run(["launch", Self.storyboard, "--sources", directory])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("no .swift files"), "\(empty.stderr)")
        // A compile error names the user's own file and line (the port step's #sourceLocation).
        let broken = directory + "/Broken"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try """
            import UIKit

            class CounterViewController: UIViewController {
                @IBOutlet weak var valueLabel: UILabel!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    valueLabel.text = undefinedName
                }
            }
            """.write(toFile: broken + "/CounterViewController.swift", atomically: true, encoding: .utf8)
        let failed = try CLI.run(["launch", Self.storyboard, "--sources", broken])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("CounterViewController.swift:7"), "\(failed.stderr)")
        #expect(failed.stderr.contains("undefinedName"), "\(failed.stderr)")
        // A scenario's `sources:` with a sample is refused at its line.
        let scenario = directory + "/bad.yaml"
        try """
            lifeloop: 1
            app:
              sample: Concurrency
              sources: \(directory)
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["run", scenario])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("bad.yaml:4") && refused.stderr.contains("sources go with a storyboard"), "\(refused.stderr)")
    }
}
