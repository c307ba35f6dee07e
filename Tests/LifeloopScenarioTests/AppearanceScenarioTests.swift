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

    // MARK: Sweeping appearance across seeds

    static let sweep = "{style: [light, dark], contentSize: [large, accessibilityExtraExtraExtraLarge]}"

    @Test func listsAreDrawnPerSeedFromTheSeedsOwnStream() throws {
        let scenario = try ScenarioFile.parse(Self.scenario(Self.sweep), file: "a.yaml", directory: ".")
        #expect(scenario.sweepsAppearance)
        #expect(scenario.appearanceStyles == [.light, .dark])
        #expect(scenario.contentSizes == [.large, .accessibilityExtraExtraExtraLarge])
        let drawn = (0..<64).map { scenario.appearance(forSeed: $0) }
        #expect(Set(drawn.compactMap(\.style)) == [.light, .dark], "both styles are drawn over 64 seeds")
        #expect(Set(drawn.compactMap(\.contentSize)) == [.large, .accessibilityExtraExtraExtraLarge])
        // The same seed draws the same, from a scenario read again.
        let again = try ScenarioFile.parse(Self.scenario(Self.sweep), file: "a.yaml", directory: ".")
        #expect((0..<64).map { again.appearance(forSeed: $0).style } == drawn.map(\.style))
        // A list of one is that value, fixed.
        let one = try ScenarioFile.parse(Self.scenario("{style: [dark]}"), file: "a.yaml", directory: ".")
        #expect(!one.sweepsAppearance && one.appearanceStyle == .dark)
    }

    @Test func badListsAreErrorsNamingTheValue() throws {
        for (text, expected) in [("{style: [light, purple]}", "purple"), ("{style: []}", "at least one"),
                                 ("{style: [dark, dark]}", "listed twice"), ("{contentSize: [large, huge]}", "huge"),
                                 ("{style: [light], colour: red}", "colour")] {
            do {
                _ = try ScenarioFile.parse(Self.scenario(text), file: "a.yaml", directory: ".")
                Issue.record("\(text) was read")
            } catch {
                #expect("\(error)".contains(expected), "\(text): \(error)")
                #expect("\(error)".contains("a.yaml:"), "the error names the file")
            }
        }
    }

    @Test func eachSeedLaunchesInWhatItDrewAndTheReportCountsThem() throws {
        let scenario = try ScenarioFile.parse(Self.scenario(Self.sweep), file: "a.yaml", directory: ".")
        let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: .end, window: nil)
        var seen: Set<TraitCollection.Style> = []
        for seed: UInt64 in 0..<8 {
            let result = try runner.run(seed: seed, options: options)
            let appearance = try #require(result.appearance)
            #expect(appearance.style == scenario.appearance(forSeed: seed).style)
            let svg = try #require(result.snapshot).svg()
            #expect(svg.contains("fill=\"#1d1d1d\"") == (appearance.style == .dark), "seed \(seed) is drawn \(appearance.name)")
            seen.insert(appearance.style)
        }
        #expect(seen.count == 2, "8 seeds drew both styles")
        let report = Experiment(runner: runner, seeds: 0...39, jobs: 2).run()
        #expect(report.appearances.reduce(0) { $0 + $1.runs } == 40)
        #expect(report.appearances.map(\.name) == report.appearances.map(\.name).sorted())
        #expect(report.appearances.count == 4, "\(report.appearances)")
        #expect(report.text().contains("appearances drawn (4)"))
        // The JSON report keeps the tallies, and merging two halves adds them up.
        let read = try ExperimentReport.parse(bytes: Array(report.json().utf8), file: "r.json")
        #expect(read.appearances == report.appearances)
        var first = Experiment(runner: runner, seeds: 0...19, jobs: 1).run()
        try first.merge(Experiment(runner: runner, seeds: 20...39, jobs: 1).run())
        #expect(first.appearances == report.appearances)
        // A scenario that draws nothing reports no tallies.
        let plain = try ScenarioRunner(scenario: try ScenarioFile.parse(Self.scenario("dark"), file: "a.yaml", directory: "."),
                                       catalog: SampleCatalog.apps)
        #expect(Experiment(runner: plain, seeds: 0...3, jobs: 1).run().appearances.isEmpty)
    }

    @Test func aReportsAppearancesThatCannotBeTrueAreRefusedNamingTheField() throws {
        let scenario = try ScenarioFile.parse(Self.scenario(Self.sweep), file: "a.yaml", directory: ".")
        let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
        let json = Experiment(runner: runner, seeds: 0...7, jobs: 1).run().json()
        let first = try #require(Experiment(runner: runner, seeds: 0...7, jobs: 1).run().appearances.first)
        let entry = "{\"name\": \"\(first.name)\", \"runs\": \(first.runs), \"failed\": \(first.failed)}"
        #expect(json.contains(entry))
        for (bad, expected) in [
            ("{\"name\": \"\(first.name)\", \"runs\": \(first.runs), \"failed\": \(first.runs + 1)}", "failed ≤ runs"),
            ("{\"name\": \"\(first.name)\", \"runs\": 9999, \"failed\": 0}", "more runs than the report"),
            (entry + ", " + entry, "listed twice"),
            ("{\"name\": \"\(first.name)\", \"runs\": 1, \"failed\": 0, \"colour\": 1}", "colour"),
        ] {
            let text = json.replacingOccurrences(of: entry, with: bad)
            do {
                _ = try ExperimentReport.parse(bytes: Array(text.utf8), file: "r.json")
                Issue.record("read: \(bad)")
            } catch {
                #expect("\(error)".contains("appearances"), "names the field: \(error)")
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
