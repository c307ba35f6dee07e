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

    /// A nib launches as its File's Owner's controller: the project's class, with the nib's
    /// view, outlets and actions.
    @Test func aXibLaunchesWithItsFilesOwnersClass() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sources = directory + "/Greeting"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try """
            import UIKit

            class GreetingViewController: UIViewController {
                @IBOutlet weak var nameLabel: UILabel!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    nameLabel.text = "Who?"
                }

                @IBAction func greet(_ sender: UIButton) {
                    title = "Hello, " + (nameLabel.text ?? "")
                }
            }
            """.write(toFile: sources + "/GreetingViewController.swift", atomically: true, encoding: .utf8)
        let xib = directory + "/GreetingViewController.xib"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="GreetingViewController" customModule="Greeting" customModuleProvider="target">
                        <connections>
                            <outlet property="nameLabel" destination="name-label" id="outlet-name"/>
                            <outlet property="view" destination="root-view" id="outlet-view"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="root-view">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <subviews>
                            <label opaque="NO" contentMode="left" text="Name" id="name-label" userLabel="name">
                                <rect key="frame" x="20" y="100" width="200" height="30"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="greet-button" userLabel="greet">
                                <rect key="frame" x="20" y="150" width="100" height="44"/>
                                <state key="normal" title="Greet"/>
                                <connections>
                                    <action selector="greet:" destination="-1" eventType="touchUpInside" id="action-greet"/>
                                </connections>
                            </button>
                        </subviews>
                    </view>
                </objects>
            </document>
            """.write(toFile: xib, atomically: true, encoding: .utf8)
        let output = try CLI.run(["launch", xib, "--sources", sources, "--tap", "greet"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let loaded = try #require(lines.firstIndex(of: "GreetingViewController viewDidLoad"), "\(output.stdout)")
        let tapped = try #require(lines.firstIndex(of: "greet touchUpInside"))
        // The project's action ran on its File's Owner: it set the title from the outlet.
        let titled = try #require(lines.lastIndex(of: "GreetingViewController setTitle"), "\(output.stdout)")
        #expect(loaded < tapped && tapped < titled)
        #expect(!output.stdout.contains("unknownClass") && !output.stdout.contains("undefinedKey"), "\(output.stdout)")
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
