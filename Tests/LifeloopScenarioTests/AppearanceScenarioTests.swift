import Foundation
import Lifeloop
import LifeloopPictures
import LifeloopSamples
import LifeloopScenario
import Testing

/// A scenario's top-level `appearance:`: the app launches light or dark (and at a Dynamic
/// Type size), and its pictures follow; `lifeloop snapshot --appearance` overrides it.
@Suite("Appearance in scenario files")
struct AppearanceScenarioTests {
    static func scenario(_ appearance: String) -> String {
        """
        lifeloop: 1
        app:
          sample: LoginApp
        appearance: \(appearance)
        script:
          - settle: true
        """
    }

    @Test func theTopLevelKeyReadsAStyleOrAStyleAndASize() throws {
        let dark = try ScenarioFile.parse(Self.scenario("dark"), file: "a.yaml", directory: ".")
        #expect(dark.appearanceStyle == .dark && dark.contentSize == nil)
        let both = try ScenarioFile.parse(Self.scenario("{style: light, contentSize: extraLarge}"), file: "a.yaml", directory: ".")
        #expect(both.appearanceStyle == .light && both.contentSize == .extraLarge)
        #expect(throws: (any Error).self) { try ScenarioFile.parse(Self.scenario("purple"), file: "a.yaml", directory: ".") }
    }

    @Test func aDarkScenarioLaunchesDarkAndItsPictureIsDark() throws {
        let scenario = try ScenarioFile.parse(Self.scenario("dark"), file: "a.yaml", directory: ".")
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: .end, window: nil)
        let dark = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps).run(seed: 0, options: options)
        let darkSVG = try #require(dark.snapshot).svg()
        #expect(darkSVG.contains("fill=\"#1d1d1d\""), "a dark navigation bar")
        options.appearanceStyle = .light
        let light = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps).run(seed: 0, options: options)
        let lightSVG = try #require(light.snapshot).svg()
        #expect(lightSVG.contains("fill=\"#f9f9f9\"") && !lightSVG.contains("fill=\"#1d1d1d\""), "the option wins over the file")
    }
}
