import Foundation
import Testing
import Lifeloop
@testable import LifeloopScenario

/// `app: {bundle: FOLDER}`: the folder an app's `UIStoryboard(name:bundle:)` and nib
/// lookups read from, for any kind of app.
@Suite struct BundleScenarioTests {
    /// An Xcode storyboard whose initial controller's view holds one labelled view.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="first-vc">
            <scenes>
                <scene sceneID="first-scene">
                    <objects>
                        <viewController storyboardIdentifier="First" id="first-vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="first-view">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label text="Hello from the bundle" id="hello" userLabel="hello">
                                        <rect key="frame" x="20" y="100" width="300" height="30"/>
                                    </label>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// An app that reads its storyboard by name from the bundle, as `UIStoryboard(name:
    /// "Main", bundle: nil)` does in an app delegate; it fails to launch without one.
    static func catalog() -> AppCatalog {
        var catalog = AppCatalog()
        catalog.register(AppDefinition(name: "BundledApp", threading: .anyThread) { context in
            guard let root = Storyboard(name: "Main", bundle: nil).instantiateInitialViewController() else {
                struct NoStoryboard: Error, CustomStringConvertible { var description: String { "no Main storyboard in the bundle" } }
                throw NoStoryboard()
            }
            let window = Window(screen: context.windows[0].screen, label: context.windows[0].label)
            window.rootViewController = root
            window.makeKeyAndVisible()
        })
        return catalog
    }

    @Test func aSwiftAppReadsItsStoryboardFromTheScenariosBundleFolder() throws {
        let directory = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/Resources", withIntermediateDirectories: true)
        try Self.storyboard.write(toFile: directory + "/Resources/Main.storyboard", atomically: true, encoding: .utf8)
        let scenario = try ScenarioFile.parse("""
            lifeloop: 1
            app: {swift: BundledApp, bundle: Resources}
            script:
              - settle: true
            """, file: directory + "/bundled.yaml", directory: directory)
        #expect(scenario.bundle == directory + "/Resources")
        let result = try ScenarioRunner(scenario: scenario, catalog: Self.catalog()).runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.result.status == .passed)
        #expect(result.events.contains { $0.label == "hello" }, "the storyboard's label joined the window")
    }

    @Test func withoutTheBundleTheSameAppCannotFindItsStoryboard() throws {
        let directory = try Fixtures.temporaryDirectory()
        let scenario = try ScenarioFile.parse("lifeloop: 1\napp: {swift: BundledApp}\n", file: directory + "/plain.yaml", directory: directory)
        #expect(scenario.bundle == nil)
        #expect(throws: (any Error).self) { try ScenarioRunner(scenario: scenario, catalog: Self.catalog()).run(seed: 0) }
    }

    @Test func aBundleThatIsNotAFolderIsAnErrorNamingItsPlace() throws {
        let directory = try Fixtures.temporaryDirectory()
        do {
            _ = try ScenarioFile.parse("lifeloop: 1\napp: {sample: SeedSegue, bundle: Missing}\n", file: directory + "/bad.yaml", directory: directory)
            Issue.record("a missing bundle folder was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("bad.yaml:2:"), "\(text)")
            #expect(text.contains("bundle 'Missing' is not a folder"), "\(text)")
        }
        do {
            _ = try ScenarioFile.parse("lifeloop: 1\napp: {bundle: \(directory)}\n", file: directory + "/none.yaml", directory: directory)
            Issue.record("an app with only a bundle was accepted")
        } catch {
            #expect("\(error)".contains("app needs one of storyboard"), "\(error)")
        }
    }
}
