import Foundation
import LifeloopPictures
import LifeloopSamples
import LifeloopScenario
import Testing

/// `lifeloop snapshot`, `run --timeline/--frames` and `experiment --html`, run as real
/// processes writing real files.
@Suite struct PictureCommandTests {
    let gallery = Fixtures.samples + "/gallery.yaml"

    @Test func snapshotWritesTheWindowAtAMoment() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["snapshot", gallery, "--at", "520ms", "-o", directory + "/mid.svg", "--debug"])
        #expect(output.status == 0, "\(output.stderr)")
        let svg = try String(contentsOfFile: directory + "/mid.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("data-label=\"Detail.image\""), "mid-push, Detail is in the window")
        // After step 1 (a job at 100 ms), nothing was pushed yet.
        let early = try CLI.run(["snapshot", gallery, "--at", "step:1", "-o", directory + "/early.svg", "--debug"])
        #expect(early.status == 0, "\(early.stderr)")
        let earlySVG = try String(contentsOfFile: directory + "/early.svg", encoding: .utf8)
        #expect(earlySVG.contains("data-label=\"Home.banner\"") && !earlySVG.contains("Detail.image"))
        // The same moment twice: the same bytes.
        _ = try CLI.run(["snapshot", gallery, "--at", "520ms", "-o", directory + "/again.svg", "--debug"])
        #expect(try String(contentsOfFile: directory + "/again.svg", encoding: .utf8) == svg)
    }

    @Test func snapshotWithoutAMomentDrawsTheSettledEndOfTheRun() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["snapshot", gallery, "-o", directory + "/end.svg", "--debug"])
        #expect(output.status == 0, "\(output.stderr)")
        let svg = try String(contentsOfFile: directory + "/end.svg", encoding: .utf8)
        // The script pushes Detail at 400 ms and pops it 800 ms later: at the end, Home again.
        #expect(svg.contains("data-label=\"Home.banner\"") && !svg.contains("Detail.image"))
        let named = try CLI.run(["snapshot", gallery, "--at", "end", "-o", directory + "/named.svg", "--debug"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOfFile: directory + "/named.svg", encoding: .utf8) == svg)
        // Not the launch: the end's turn is the last step's or later.
        _ = try CLI.run(["snapshot", gallery, "--at", "step:5", "-o", directory + "/last-step.svg", "--debug"])
        let lastStep = try String(contentsOfFile: directory + "/last-step.svg", encoding: .utf8)
        func turn(_ svg: String) -> Int? {
            guard let range = svg.range(of: #"turn (\d+)"#, options: .regularExpression) else { return nil }
            return Int(svg[range].dropFirst(5))
        }
        let endTurn = try #require(turn(svg))
        let lastStepTurn = try #require(turn(lastStep))
        #expect(endTurn >= lastStepTurn)
    }

    @Test func snapshotAsPNGThroughRsvgConvert() throws {
        guard PNGConverter.converterPath() != nil else { return }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["snapshot", gallery, "--at", "turn:5", "-o", directory + "/a.png"])
        #expect(output.status == 0, "\(output.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.png"))
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // The PNG is the snapshot drawn straight (one pixel a point), not its SVG redrawn.
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: .turn(5), window: nil)
        let runner = try ScenarioRunner(scenario: ScenarioFile.load(path: gallery), catalog: SampleCatalog.apps)
        let snapshot = try #require(try runner.run(seed: 0, options: options).snapshot)
        #expect([UInt8](data) == (try snapshot.png()))
    }

    @Test func snapshotBadInputIsExitStatusTwoNamingTheInput() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let badMoment = try CLI.run(["snapshot", gallery, "--at", "soon", "-o", directory + "/a.svg"])
        #expect(badMoment.status == 2)
        #expect(badMoment.stderr.contains("--at 'soon'"))
        let noStep = try CLI.run(["snapshot", gallery, "--at", "99", "-o", directory + "/a.svg"])
        #expect(noStep.status == 2)
        #expect(noStep.stderr.contains("has 5 script steps"))
        let noWindow = try CLI.run(["snapshot", gallery, "--at", "1", "--window", "tv", "-o", directory + "/a.svg"])
        #expect(noWindow.status == 2)
        #expect(noWindow.stderr.contains("no window 'tv'") && noWindow.stderr.contains("main"))
        let badName = try CLI.run(["snapshot", gallery, "--at", "1", "-o", directory + "/a.gif"])
        #expect(badName.status == 2)
        #expect(badName.stderr.contains("a.gif"))
        let never = try CLI.run(["snapshot", gallery, "--at", "turn:100000", "-o", directory + "/a.svg"])
        #expect(never.status == 2)
        #expect(never.stderr.contains("before the moment at turn 100000"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/a.svg"), "nothing written on bad input")
    }

    /// Without `rsvg-convert` on `PATH`, librsvg still draws the PNG in the process where
    /// its libraries open; where they do not either, the error says what to install.
    @Test func pngWithoutTheConverterSaysWhatToInstall() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["snapshot", gallery, "--at", "1", "-o", directory + "/a.png"], environment: ["PATH": directory])
        let run = try CLI.run(["run", gallery, "--timeline", directory + "/t.png"], environment: ["PATH": directory])
        if PNGConverter.isAvailable(environment: ["PATH": directory]) {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(FileManager.default.contents(atPath: directory + "/a.png")?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: directory + "/t.png"))
        } else {
            #expect(output.status == 2)
            #expect(output.stderr.contains("librsvg2-bin"))
            #expect(run.status == 2)
            #expect(run.stderr.contains("--timeline") && run.stderr.contains("librsvg"))
        }
    }

    @Test func runDrawsTheTimelineAndTheFrameChart() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["run", gallery, "--seed", "3", "--timeline", directory + "/t.svg", "--frames", directory + "/f.svg"])
        #expect(output.status == 0, "\(output.stderr)")
        let timeline = try String(contentsOfFile: directory + "/t.svg", encoding: .utf8)
        for lane in ["window main", "loop", "worker 0"] { #expect(timeline.contains("data-lane=\"\(lane)\""), "\(lane)") }
        #expect(timeline.contains("data-flow=\"loadFeed\""), "arrows from submits to completions")
        #expect(timeline.contains("data-category=\"transition\""))
        let frames = try String(contentsOfFile: directory + "/f.svg", encoding: .utf8)
        #expect(frames.contains("data-role=\"budget\""))
        #expect(frames.contains("data-frame=\"0\""))
    }

    @Test func experimentWritesASelfContainedReportPage() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["experiment", gallery, "--seeds", "0..11", "--quiet", "--html", directory + "/report.html"])
        #expect(output.status == 0, "\(output.stderr)")
        let page = try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(!page.contains("<script"), "readable without script")
        #expect(!page.contains("http://") || !page.contains("src=\"http"), "nothing fetched")
        #expect(page.components(separatedBy: "<svg").count - 1 >= 4, "histograms, frame charts and timelines inline")
        #expect(page.contains("Slowest seeds") && page.contains("Timeline of seed"))
        #expect(page.contains("lifeloop run \(gallery) --seed"), "replay commands")
        #expect(page.contains("data-percentile=\"P99\""))
    }

    @Test func experimentDrawsFrameHistogramsPerWindow() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["experiment", Fixtures.samples + "/three-windows.yaml", "--seeds", "0..5", "--quiet",
                                  "--frames", directory + "/h.svg"])
        #expect(output.status == 0, "\(output.stderr)")
        for window in ["phone", "pro"] {
            let svg = try String(contentsOfFile: directory + "/h-\(window).svg", encoding: .utf8)
            for marker in ["P50", "P95", "P99"] { #expect(svg.contains("data-percentile=\"\(marker)\""), "\(window) \(marker)") }
            #expect(svg.contains("data-role=\"budget\""))
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/h-tablet.svg"), "the tablet never animates")
    }

    @Test func aFailingSeedIsOnThePageWithItsReplayCommand() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/strict.yaml"
        try """
            lifeloop: 1
            app: {storyboard: \(Fixtures.samples)/../SeedSegue/Main.storyboard.json}
            script:
              - expect: {metric: frameCount, max: -1}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["experiment", path, "--seeds", "0..2", "--quiet", "--html", directory + "/r.html"])
        #expect(output.status == 1)
        let page = try String(contentsOfFile: directory + "/r.html", encoding: .utf8)
        #expect(page.contains("3 failed"))
        #expect(page.contains("lifeloop run \(path) --seed 1 --trace seed-1.jsonl"))
        let bad = try CLI.run(["experiment", path, "--seeds", "0..2", "--quiet", "--html", directory + "/r.pdf"])
        #expect(bad.status == 2 && bad.stderr.contains("--html"))
    }
}
