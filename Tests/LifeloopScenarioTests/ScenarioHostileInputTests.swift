import Foundation
@testable import Lifeloop
@testable import LifeloopScenario
import LifeloopSamples
import Testing

/// Scenario files that name legal but extreme numbers (times near the end of the clock,
/// costs of centuries, huge sizes): the run never traps, and what cannot work is an error
/// that names the place in the file.
///
/// The runs go through the built `lifeloop` binary, so that a trap fails one test (as a
/// signal status) instead of ending the test process.
@Suite struct ScenarioHostileInputTests {
    static let feed = Fixtures.samples + "/Feed.storyboard.json"
    static let maxNanoseconds = "9223372036854775807ns"

    /// Writes `body` after a header naming the Feed storyboard in a navigation window,
    /// runs `lifeloop run` on it, and returns the output and the file's path.
    func run(_ body: String, refreshRate: Int = 60, extra: [String] = []) throws -> (CLI.Output, String) {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/hostile.yaml"
        let text = """
            lifeloop: 1
            app: {storyboard: \(Self.feed)}
            windows:
              - label: main
                refreshRate: \(refreshRate)
                container: navigation

            """ + body
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["run", path] + extra.map { $0.replacingOccurrences(of: "DIR", with: directory) })
        return (output, path)
    }

    /// Exit statuses 0 (passed) and 1 (a check failed) are outcomes; anything else from
    /// these files (a trap's signal, bad input) is not.
    func expectNoTrap(_ output: CLI.Output, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.status == 0 || output.status == 1, "\(comment): status \(output.status)\n\(output.stderr)",
                sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("runtime failure"),
                "\(comment): \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stdout.contains("virtual clock: ") && output.stdout.contains(" turns, "), "\(comment): the report is printed", sourceLocation: sourceLocation)
    }

    @Test func twoAdvancesOfTheLargestDurationDoNotTrap() throws {
        let (output, _) = try run("""
            script:
              - advance: \(Self.maxNanoseconds)
              - advance: \(Self.maxNanoseconds)
            """)
        expectNoTrap(output, "2 × (2^63 − 1) ns")
    }

    @Test func aPushAfterTheLargestWholeSecondsDoesNotTrap() throws {
        let (output, _) = try run("""
            script:
              - advance: 9223372036s
              - push: Detail
            """)
        expectNoTrap(output, "push at 292 years")
        #expect(output.status == 0, "\(output.stdout)")
    }

    @Test func framesAfterAYearAndAHalfAt480HzDoNotTrap() throws {
        // 1.3e9 s × 480 Hz passes 2^64 in a product of nanoseconds and the rate.
        let (output, _) = try run("""
            script:
              - push: Detail
              - advance: 1300000000s
              - pop: true
            """, refreshRate: 480)
        expectNoTrap(output, "frames at 41 years, 480 Hz")
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("\n  pop "), "the pop's latency is measured at its vsync")
    }

    @Test func aLayoutCostOfTheLargestDurationDoesNotTrap() throws {
        let (output, _) = try run("""
            costs:
              layout: \(Self.maxNanoseconds)
            script:
              - push: Detail
            """)
        expectNoTrap(output, "layout cost 2^63 − 1 ns")
    }

    @Test func aJobOfTheLargestCostNearTheEndOfTheClockDoesNotTrapItsPictures() throws {
        let (output, _) = try run("""
            jobs:
              - label: slow
                cost: \(Self.maxNanoseconds)
            script:
              - advance: \(Self.maxNanoseconds)
              - job: slow
              - push: Detail
            """, extra: ["--perfetto", "DIR/p.json", "--timeline", "DIR/t.svg", "--frames", "DIR/f.svg", "--trace", "DIR/t.jsonl"])
        expectNoTrap(output, "job of 292 years at 292 years")
    }

    @Test func reachingTheEndOfTheClockFailsTheRunAtTheStep() throws {
        let (output, path) = try run("""
            script:
              - advance: \(Self.maxNanoseconds)
              - advance: \(Self.maxNanoseconds)
              - advance: \(Self.maxNanoseconds)
              - push: Detail
            """)
        expectNoTrap(output, "3 × (2^63 − 1) ns")
        #expect(output.status == 1)
        #expect(output.stdout.contains("\(path):10:14: script[2].advance: virtual time reached the end of the clock"),
                "\(output.stdout)")
    }

    @Test func costsThatReachTheEndOfTheClockMidAnimationEndTheRun() throws {
        // Each frame's passes cost 2^63 − 1 ns: the launch's layout and display leave the
        // clock just short of its end, and the push's commit reaches it, where the push's
        // frames would follow each other at the same instant forever.
        let (output, path) = try run("""
            costs:
              layout: \(Self.maxNanoseconds)
              display: \(Self.maxNanoseconds)
            script:
              - push: Detail
              - advance: 1s
            """)
        expectNoTrap(output, "costs to the end of the clock")
        #expect(output.status == 1)
        #expect(output.stdout.contains("\(path):11:11: script[0].push: virtual time reached the end of the clock"),
                "\(output.stdout)")
    }

    @Test func everyTimeOfTheScriptAtTheLargestDurationDoesNotTrap() throws {
        let (output, _) = try run("""
            duration: \(Self.maxNanoseconds)
            script:
              - at: \(Self.maxNanoseconds)
                push: Detail
              - after: {uniform: [\(Self.maxNanoseconds), \(Self.maxNanoseconds)]}
                pop: true
              - interactivePop: {progress: [0.2, 0.5], every: \(Self.maxNanoseconds), then: finish}
              - mark: start a
              - advance: \(Self.maxNanoseconds)
              - mark: end a
            """)
        expectNoTrap(output, "at, after, every and mark at the largest duration")
    }

    @Test func aHugeWindowSizeIsRefusedAtItsPlace() throws {
        let (output, path) = try run("""
            script:
              - resize: [1e308, 100]
            """)
        #expect(output.status == 2)
        #expect(output.stderr.contains("\(path):8:14: script[0].resize[0]: resize: 'width' must be above 0 and at most 100000 points"),
                "\(output.stderr)")
    }

    // MARK: Many jobs

    /// A script that starts each of thousands of jobs by its own step: the runner finds a
    /// step's job through an index by label (built once), not by a search of the job list
    /// per step, which made such a scenario quadratic.
    @Test func aScriptStartsEachOfManyJobsThroughTheRunnersIndex() throws {
        let count = 3_000
        var yaml = "lifeloop: 1\napp: {storyboard: Feed.storyboard.json}\njobs:\n"
        for index in 0..<count { yaml += "  - {label: j\(index), cost: 1ms}\n" }
        yaml += "  - {label: spare, cost: 2ms}\n"
        yaml += "script:\n"
        for index in 0..<count { yaml += "  - job: j\(index)\n" }
        let runner = try Fixtures.runner(yaml: yaml)
        #expect(runner.jobIndex.count == count + 1)
        for index in [0, 1, count / 2, count - 1] {
            #expect(runner.job(labelled: "j\(index)")?.label == "j\(index)")
            #expect(runner.jobIndex["j\(index)"] == index)
        }
        #expect(runner.job(labelled: "missing") == nil)
        let (result, events) = try runner.runReturningEvents(seed: 1, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed)
        let submitted = events.filter { $0.name == "jobSubmit" }.map(\.label)
        #expect(submitted.count == count)
        #expect(Set(submitted).count == count, "each step started its own job")
    }

    @Test func theFirstOfTwoJobsWithOneLabelIsTheOneAStepStarts() throws {
        // A Scenario built in code may repeat a label (a file may not): the first wins,
        // as it did when the list was searched.
        var scenario = try ScenarioFile.parse("lifeloop: 1\napp: {storyboard: Feed.storyboard.json}\n", file: "test.yaml",
                                              directory: Fixtures.samples)
        let location = ScenarioLocation(line: 1, column: 1, field: "jobs")
        scenario.jobs = [JobSpec(label: "a", cost: .fixed(.milliseconds(1)), location: location),
                         JobSpec(label: "a", cost: .fixed(.milliseconds(2)), location: location)]
        let runner = try ScenarioRunner(scenario: scenario)
        #expect(runner.job(labelled: "a")?.cost == .fixed(.milliseconds(1)))
    }

    // MARK: Every error names file:line:column

    /// A scenario's text (with `BAD` for a path to a file that is not a storyboard) and
    /// where its error is.
    struct BadInput: Sendable, CustomStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let field: String
        var description: String { "\(field) at \(line):\(column)" }
    }

    static let feedHeader = "lifeloop: 1\napp: {storyboard: Feed.storyboard.json}\n"

    static let badInputs: [BadInput] = [
        // The app, checked when the runner loads it.
        BadInput(text: "lifeloop: 1\napp: {storyboard: BAD}\n", line: 2, column: 19, field: "app.storyboard"),
        BadInput(text: "lifeloop: 1\napp: {sample: Nope}\n", line: 2, column: 15, field: "app.sample"),
        BadInput(text: "lifeloop: 1\napp: {swift: Nope}\n", line: 2, column: 14, field: "app.swift"),
        BadInput(text: "lifeloop: 1\napp: {storyboard: Missing.json}\n", line: 2, column: 19, field: "app.storyboard"),
        // Names checked against the app.
        BadInput(text: feedHeader + "windows:\n  - label: main\n    root: Nope\n", line: 5, column: 11, field: "windows[0].root"),
        BadInput(text: feedHeader + "windows:\n  - label: main\n    tabs: [Feed, Nope]\n", line: 5, column: 18,
                 field: "windows[0].tabs[1]"),
        BadInput(text: feedHeader + "windows:\n  - label: a\n  - label: b\n    root: Nope\n", line: 6, column: 11,
                 field: "windows[1].root"),
        BadInput(text: feedHeader + "jobs:\n  - label: j\n    cost: 1ms\n    then: {push: Nope}\n", line: 4, column: 5,
                 field: "jobs[0]"),
        BadInput(text: feedHeader + "jobs:\n  - label: j\n    cost: 1ms\n    then: {layout: Nope}\n", line: 4, column: 5,
                 field: "jobs[0]"),
        BadInput(text: feedHeader + "script:\n  - tap: Nope\n", line: 4, column: 10, field: "script[0].tap"),
        BadInput(text: feedHeader + "script:\n  - push: Nope\n", line: 4, column: 11, field: "script[0].push"),
        BadInput(text: feedHeader + "script:\n  - present: Nope\n", line: 4, column: 14, field: "script[0].present"),
        BadInput(text: "lifeloop: 1\napp: {sample: MultiWindow}\nscript:\n  - rotate: true\n    window: nope\n", line: 4,
                 column: 13, field: "script[0].rotate"),
        // Read from the file alone.
        BadInput(text: "", line: 1, column: 1, field: ""),
        BadInput(text: "app: {sample: SeedSegue}\n", line: 1, column: 1, field: "lifeloop"),
        BadInput(text: "lifeloop: 2\napp: {sample: SeedSegue}\n", line: 1, column: 11, field: "lifeloop"),
        BadInput(text: "lifeloop: 1\nlifeloop: 1\n", line: 1, column: 1, field: ""),
        BadInput(text: "lifeloop: 1\n\tapp: x\n", line: 2, column: 1, field: ""),
        BadInput(text: "- 1\n", line: 1, column: 1, field: ""),
        BadInput(text: feedHeader + "workers: 0\n", line: 3, column: 10, field: "workers"),
        BadInput(text: feedHeader + "workerz: 2\n", line: 3, column: 1, field: "workerz"),
        BadInput(text: feedHeader + "seeds: 5..1\n", line: 3, column: 8, field: "seeds"),
        BadInput(text: feedHeader + "duration: -1s\n", line: 3, column: 11, field: "duration"),
        BadInput(text: feedHeader + "settleBudget: 0ms\n", line: 3, column: 15, field: "settleBudget"),
        BadInput(text: feedHeader + "windows: []\n", line: 3, column: 10, field: "windows"),
        BadInput(text: feedHeader + "windows:\n  - label: main\n    refreshRate: 0\n", line: 5, column: 18,
                 field: "windows[0].refreshRate"),
        BadInput(text: feedHeader + "windows:\n  - label: main\n    size: [1e308, 10]\n", line: 5, column: 12,
                 field: "windows[0].size[0]"),
        BadInput(text: feedHeader + "costs:\n  layout@other: 1ms\n", line: 4, column: 3, field: "costs.layout@other"),
        BadInput(text: feedHeader + "costs:\n  Feed.viewDidLoad: {uniform: [3ms, 1ms]}\n", line: 4, column: 37,
                 field: "costs.Feed.viewDidLoad"),
        BadInput(text: feedHeader + "jobs:\n  - cost: 1ms\n", line: 4, column: 5, field: "jobs[0].label"),
        BadInput(text: feedHeader + "jobs:\n  - label: j\n    cost: 99999999999s\n", line: 5, column: 11, field: "jobs[0].cost"),
        BadInput(text: feedHeader + "script:\n  - advance: 5\n", line: 4, column: 14, field: "script[0].advance"),
        BadInput(text: feedHeader + "script:\n  - pusj: Detail\n", line: 4, column: 5, field: "script[0].pusj"),
        BadInput(text: feedHeader + "script:\n  - mark: start a\n", line: 4, column: 11, field: "script[0].mark"),
        BadInput(text: feedHeader + "script:\n  - job: nope\n", line: 4, column: 10, field: "script[0].job"),
        BadInput(text: feedHeader + "script:\n  - selectTab: -1\n", line: 4, column: 16, field: "script[0].selectTab"),
        BadInput(text: feedHeader + "script:\n  - resize: [10, 0]\n", line: 4, column: 18, field: "script[0].resize[1]"),
    ]

    @Test(arguments: badInputs)
    func everyBadInputIsNamedByFileLineAndColumn(_ input: BadInput) throws {
        let directory = try Fixtures.temporaryDirectory()
        let bad = directory + "/Bad.json"
        try "{\"not\": \"a storyboard\"}".write(toFile: bad, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.feed, toPath: directory + "/Feed.storyboard.json")
        let path = directory + "/bad.yaml"
        try input.text.replacingOccurrences(of: "BAD", with: bad).write(toFile: path, atomically: true, encoding: .utf8)
        let error: ScenarioError
        do {
            let runner = try ScenarioRunner(scenario: ScenarioFile.load(path: path), catalog: SampleCatalog.apps)
            Issue.record("\(input): no error; the scenario runs \(runner.scenario.steps.count) steps")
            return
        } catch let caught {
            error = caught
        }
        #expect(error.line == input.line && error.column == input.column, "\(input): \(error)")
        #expect(error.field == input.field, "\(input): \(error)")
        let prefix = "\(path):\(input.line):\(input.column): " + (input.field.isEmpty ? "" : input.field + ": ")
        #expect(error.description.hasPrefix(prefix), "\(error)")
    }

    // MARK: Too many nodes

    @Test func aDocumentWithTooManyNodesWithoutAliasesSaysSo() throws {
        let text = "lifeloop: 1\nname: [" + Array(repeating: "0", count: YAMLBombGuard.maxExpandedNodes).joined(separator: ",") + "]\n"
        let error = try #require(parseError(text))
        #expect(error.line == 2, "\(error)")
        #expect(error.message.contains("this document has more than 1000000 nodes"), "\(error)")
        #expect(!error.message.contains("alias"), "no alias is in the file: \(error)")
    }

    @Test func aDocumentThatAliasesExpandPastTheLimitNamesTheAliases() throws {
        // 100 values, 100 aliases of them, 100 aliases of those: a million and more nodes
        // from a file of some hundred.
        func list(_ item: String) -> String { "[" + Array(repeating: item, count: 100).joined(separator: ",") + "]" }
        let text = "lifeloop: 1\na: &a \(list("0"))\nb: &b \(list("*a"))\nc: \(list("*b"))\n"
        let error = try #require(parseError(text))
        #expect(error.message.contains("aliases expand this document to more than 1000000 nodes"), "\(error)")
        #expect(error.message.contains("as written"), "\(error)")
    }

    func parseError(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioFile.parse(text, file: "big.yaml", directory: Fixtures.samples)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Files that cannot be read

    @Test func aMissingScenarioFileIsOneClearSentence() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/absent.yaml"
        let output = try CLI.run(["run", path])
        #expect(output.status == 2)
        #expect(output.stderr == "lifeloop: \(path): cannot read the scenario file: No such file or directory\n")
    }

    @Test func aMissingStoryboardIsOneClearSentenceAtItsPlace() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = directory + "/s.yaml"
        try "lifeloop: 1\napp: {storyboard: Gone.json}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = try CLI.run(["run", path])
        #expect(output.status == 2)
        #expect(output.stderr == "lifeloop: \(path):2:19: app.storyboard: cannot read the storyboard file "
                    + "'\(directory)/Gone.json': No such file or directory\n")
    }

    @Test func aDirectoryGivenAsAScenarioOrAReportIsOneClearSentence() throws {
        let directory = try Fixtures.temporaryDirectory()
        let run = try CLI.run(["run", directory])
        #expect(run.stderr == "lifeloop: \(directory): cannot read the scenario file: it is a directory, not a regular file\n")
        let merge = try CLI.run(["merge", directory + "/absent.json"])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("\(directory)/absent.json: cannot read the report file: No such file or directory"),
                "\(merge.stderr)")
    }

    // MARK: The arithmetic, directly

    @Test func aVsyncAfterAnyInstantIsTheNextOnTheGrid() {
        #expect(ScenarioProbe.vsync(after: 0, rate: 60) == 16_666_666)
        #expect(ScenarioProbe.vsync(after: 16_666_666, rate: 60) == 33_333_333)
        #expect(ScenarioProbe.vsync(after: 999_999_999, rate: 480) == 1_000_000_000)
        // 1.3e9 s at 480 Hz: the product of instant and rate passes 64 bits.
        let late: UInt64 = 1_300_000_000 * 1_000_000_000
        let next = ScenarioProbe.vsync(after: late, rate: 480)
        #expect(next > late && next - late <= 1_000_000_000 / 480 + 1)
        #expect(ScenarioProbe.vsync(after: .max - 1, rate: 480) == .max)
        #expect(ScenarioProbe.vsync(after: .max, rate: 1) == .max)
    }

    @Test func windowFramesOfCenturiesSaturate() {
        var frames = WindowFrames(window: "main")
        let frame = PresentedFrame(window: "main", start: .max - 10, workEnd: .max, presented: .max, period: 16_666_666,
                                   dropped: .max, frameTime: .max)
        frames.record(frame)
        frames.record(frame)
        var all = WindowFrames(window: "all")
        all.merge(frames)
        all.merge(frames)
        #expect(all.droppedFrames == .max)
        #expect(all.animatedNanoseconds == .max)
        #expect(all.droppedPercentMilli > 0)
    }

    @Test func histogramsTakeTheLargestValuesPastTheirExactLimit() {
        var histogram = ValueHistogram()
        for _ in 0...ValueHistogram.exactLimit { histogram.record(.max) }
        histogram.record(.min)
        #expect(histogram.max == .max)
        #expect(histogram.value(atPercentile: 99) > 0)
    }
}
