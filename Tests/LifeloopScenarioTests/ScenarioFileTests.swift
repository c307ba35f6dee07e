import Foundation
import Lifeloop
import Testing
@testable import LifeloopScenario
#if canImport(Glibc)
import Glibc
#endif

/// The two keys every scenario needs, so each error test starts its own text at line 3.
private let header = "lifeloop: 1\napp: {sample: MultiWindow}\n"

/// The error parsing `text` gives, or nil when it parses.
private func parseError(_ text: String, directory: String = "/nonexistent") -> ScenarioError? {
    do {
        _ = try ScenarioFile.parse(text, file: "test.yaml", directory: directory)
        return nil
    } catch {
        return error
    }
}

/// Parsing `text` fails at this line, column and field, with a message containing `message`.
private func expectError(_ text: String, line: Int, column: Int, field: String, message: String,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let error = parseError(text) else {
        Issue.record("expected an error, but the text parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.file == "test.yaml", sourceLocation: sourceLocation)
    #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
    #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
    #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
}

/// A fresh folder of its own for one test; tests run in parallel.
private func makeTemporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ScenarioFileTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// 64-bit FNV-1a, written out again so the hash is checked against an independent copy.
private func fnv1a(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 14_695_981_039_346_656_037
    for byte in bytes { value = (value ^ UInt64(byte)) &* 1_099_511_628_211 }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

/// The scenario without what legitimately differs between a YAML and a JSON spelling:
/// the file, the hash, and the line and column of each location (the field paths stay).
private func comparable(_ scenario: Scenario) -> Scenario {
    func strip(_ location: ScenarioLocation) -> ScenarioLocation {
        ScenarioLocation(line: 0, column: 0, field: location.field)
    }
    var result = scenario
    result.file = ""
    result.hash = ""
    result.appLocation = result.appLocation.map(strip)
    result.windows = result.windows.map { window in
        var window = window
        window.rootLocation = window.rootLocation.map(strip)
        window.tabLocations = window.tabLocations.map(strip)
        return window
    }
    result.costs = result.costs.map { rule in
        var rule = rule
        rule.location = strip(rule.location)
        return rule
    }
    result.jobs = result.jobs.map { job in
        var job = job
        job.location = strip(job.location)
        return job
    }
    result.steps = result.steps.map { step in
        var step = step
        step.location = strip(step.location)
        return step
    }
    return result
}

/// The format page's example, with `window: phone` declared.
private let fullExample = """
    lifeloop: 1
    name: seed-segue-jitter
    app:
      storyboard: ../SeedSegue/Main.storyboard.json
    clock: virtual
    workers: 2
    unloadPolicy: modern
    viewIsAppearing: false
    strict: false
    duration: 10s
    settleBudget: 60s
    seeds: 0..99
    windows:
      - label: phone
        screen: phone
        size: [390, 844]
        refreshRate: 120
        root: A
        container: navigation
    costs:
      B.viewDidLoad: 40ms
      "*.viewWillAppear": {uniform: [1ms, 3ms]}
      layout: 2ms
      display: {lognormal: {median: 1ms, p99: 4ms}}
    jobs:
      - label: fetchFeed
        on: Feed.viewDidAppear
        cost: {uniform: [100ms, 300ms]}
        then: {layout: Feed.list}
    script:
      - at: 500ms
        tap: A.button
      - after: {uniform: [100ms, 200ms]}
        push: Detail
        window: phone
        animated: false
      - present: B
        style: pageSheet
      - dismiss: true
      - pop: true
      - popToRoot: true
      - selectTab: 1
      - interactivePop: {progress: [0.2, 0.5, 0.7], every: 16ms, then: finish}
      - rotate: true
      - resize: [600, 800]
      - hide: true
      - show: true
      - makeKey: true
      - memoryWarning: true
      - advance: 1s
      - settle: true
      - mark: start scrolling
      - mark: end scrolling
      - job: fetchFeed
      - expect: {sequence: ["B viewDidAppear", "A viewDidDisappear"]}
      - expect: {metric: droppedFrames, window: phone, max: 3}

    """

/// The same scenario as JSON.
private let fullExampleJSON = """
    {
      "lifeloop": 1,
      "name": "seed-segue-jitter",
      "app": {"storyboard": "../SeedSegue/Main.storyboard.json"},
      "clock": "virtual", "workers": 2, "unloadPolicy": "modern",
      "viewIsAppearing": false, "strict": false,
      "duration": "10s", "settleBudget": "60s", "seeds": "0..99",
      "windows": [
        {"label": "phone", "screen": "phone", "size": [390, 844], "refreshRate": 120,
         "root": "A", "container": "navigation"}
      ],
      "costs": {
        "B.viewDidLoad": "40ms",
        "*.viewWillAppear": {"uniform": ["1ms", "3ms"]},
        "layout": "2ms",
        "display": {"lognormal": {"median": "1ms", "p99": "4ms"}}
      },
      "jobs": [
        {"label": "fetchFeed", "on": "Feed.viewDidAppear", "cost": {"uniform": ["100ms", "300ms"]},
         "then": {"layout": "Feed.list"}}
      ],
      "script": [
        {"at": "500ms", "tap": "A.button"},
        {"after": {"uniform": ["100ms", "200ms"]}, "push": "Detail", "window": "phone", "animated": false},
        {"present": "B", "style": "pageSheet"},
        {"dismiss": true}, {"pop": true}, {"popToRoot": true}, {"selectTab": 1},
        {"interactivePop": {"progress": [0.2, 0.5, 0.7], "every": "16ms", "then": "finish"}},
        {"rotate": true}, {"resize": [600, 800]}, {"hide": true}, {"show": true}, {"makeKey": true},
        {"memoryWarning": true}, {"advance": "1s"}, {"settle": true},
        {"mark": "start scrolling"}, {"mark": "end scrolling"}, {"job": "fetchFeed"},
        {"expect": {"sequence": ["B viewDidAppear", "A viewDidDisappear"]}},
        {"expect": {"metric": "droppedFrames", "window": "phone", "max": 3}}
      ]
    }
    """

@Suite struct ScenarioFileTests {
    // MARK: Whole files

    @Test func theFormatPagesExampleLoadsIntoTheModel() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("scenarios"), seeds = folder.appendingPathComponent("SeedSegue")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        let storyboard = Data("{\"scenes\": []}".utf8)
        try storyboard.write(to: seeds.appendingPathComponent("Main.storyboard.json"))
        let path = scenarios.appendingPathComponent("jitter.yaml").path
        try Data(fullExample.utf8).write(to: URL(fileURLWithPath: path))

        let scenario = try ScenarioFile.load(path: path)

        #expect(scenario.name == "seed-segue-jitter")
        #expect(scenario.file == path)
        #expect(scenario.app == .storyboard(path: scenarios.path + "/../SeedSegue/Main.storyboard.json"))
        #expect(scenario.clock == .virtual)
        #expect(scenario.workers == 2)
        #expect(scenario.duration == .seconds(10))
        #expect(scenario.settleBudget == .seconds(60))
        #expect(scenario.seeds == 0...99)
        #expect(scenario.hash == fnv1a(Array(fullExample.utf8) + Array(storyboard)))

        let window = try #require(scenario.windows.first)
        #expect(scenario.windows.count == 1)
        #expect(window.label == "phone")
        #expect(window.screen.size == Size(width: 390, height: 844))
        #expect(window.screen.refreshRate == 120)
        #expect(window.screen.scale == Screen.phone.scale)
        #expect(window.root == "A")
        #expect(window.container == .navigation)

        #expect(scenario.costs.map(\.target) == [
            .callback(controller: "B", event: "viewDidLoad"), .callback(controller: "*", event: "viewWillAppear"),
            .layoutPass(window: nil), .displayPass(window: nil),
        ])
        #expect(scenario.costs.map(\.cost) == [
            .fixed(.milliseconds(40)), .uniform(.milliseconds(1), .milliseconds(3)), .fixed(.milliseconds(2)),
            .lognormal(median: .milliseconds(1), p99: .milliseconds(4)),
        ])
        #expect(scenario.costs.first?.location == ScenarioLocation(line: 21, column: 3, field: "costs.B.viewDidLoad"))

        let job = try #require(scenario.jobs.first)
        #expect(job.label == "fetchFeed")
        #expect(job.trigger?.controller == "Feed" && job.trigger?.event == "viewDidAppear")
        #expect(job.cost == .uniform(.milliseconds(100), .milliseconds(300)))
        #expect(job.completion == .layout(view: "Feed.list"))
        #expect(job.location == ScenarioLocation(line: 26, column: 5, field: "jobs[0]"))

        #expect(scenario.steps.count == 21)
        let first = try #require(scenario.steps.first)
        #expect(first.timing == .at(.fixed(.milliseconds(500))))
        #expect(first.action == .tap(label: "A.button"))
        #expect(first.animated)
        #expect(first.location == ScenarioLocation(line: 32, column: 10, field: "script[0].tap"))
        let second = scenario.steps[1]
        #expect(second.timing == .after(.uniform(.milliseconds(100), .milliseconds(200))))
        #expect(second.action == .push(scene: "Detail"))
        #expect(second.window == "phone")
        #expect(!second.animated)
        #expect(scenario.steps[2].action == .present(scene: "B", style: .pageSheet))
        #expect(scenario.steps[2].timing == .after(.fixed(.zero)))
        #expect(scenario.steps[6].action == .selectTab(index: 1))
        #expect(scenario.steps[7].action
            == .interactivePop(progress: [0.2, 0.5, 0.7], interval: .milliseconds(16), finish: true))
        #expect(scenario.steps[9].action == .resize(Size(width: 600, height: 800)))
        #expect(scenario.steps[14].action == .advance(.seconds(1)))
        #expect(scenario.steps[16].action == .markStart("scrolling"))
        #expect(scenario.steps[17].action == .markEnd("scrolling"))
        #expect(scenario.steps[18].action == .startJob(label: "fetchFeed"))
        #expect(scenario.steps[19].action == .expectSequence(["B viewDidAppear", "A viewDidDisappear"]))
        #expect(scenario.steps[20].action == .expectMetric(metric: .droppedFrames, window: "phone", atMost: 3))
    }

    @Test func theSameScenarioInJSONParsesToAnEqualModel() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("scenarios"), seeds = folder.appendingPathComponent("SeedSegue")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: seeds.appendingPathComponent("Main.storyboard.json"))

        let yaml = try ScenarioFile.parse(fullExample, file: "jitter.yaml", directory: scenarios.path)
        let json = try ScenarioFile.parse(fullExampleJSON, file: "jitter.json", directory: scenarios.path)

        #expect(comparable(json) == comparable(yaml))
        #expect(json.hash != yaml.hash)
        #expect(json.steps.first?.location.field == "script[0].tap")
    }

    @Test func uikitVersionIsReadInEveryWrittenForm() throws {
        for (written, major) in [("17", 17), ("12.4", 12), ("\"iOS 13\"", 13), ("ios5", 5)] {
            let scenario = try ScenarioFile.parse(header + "uikitVersion: \(written)\nunloadPolicy: modern\n",
                                                  file: "test.yaml", directory: "/nonexistent")
            #expect(scenario.uikitVersion.major == major)
            #expect(scenario.unloadPolicy == .modern)
        }
    }

    @Test func anUnsupportedUIKitVersionIsAnError() {
        expectError(header + "uikitVersion: 2\n", line: 3, column: 15, field: "uikitVersion",
                    message: "uikitVersion is a major iOS version from 3 to 26 (12, 12.4 or \"iOS 12\"), found '2'")
        expectError(header + "uikitVersion: twelve\n", line: 3, column: 15, field: "uikitVersion", message: "found 'twelve'")
        expectError(header + "uikitVersion: [12]\n", line: 3, column: 15, field: "uikitVersion",
                    message: "expected a UIKit version such as 12 or \"iOS 17\", found a list")
    }

    @Test func listPrefetchingIsOffUnlessTheFileTurnsItOn() throws {
        let script = "script:\n  - tap: A\n"
        #expect(try !ScenarioFile.parse(header + script, file: "test.yaml", directory: "/nonexistent").listPrefetching)
        #expect(try ScenarioFile.parse(header + "listPrefetching: true\n" + script, file: "test.yaml",
                                       directory: "/nonexistent").listPrefetching)
        expectError(header + "listPrefetching: 1\n", line: 3, column: 18, field: "listPrefetching",
                    message: "expected true or false, found")
    }

    @Test func defaultsFillWhatTheFileLeavesOut() throws {
        let scenario = try ScenarioFile.parse(header + "script:\n  - tap: A\n",
                                              file: "flows/check.out.yaml", directory: "flows")
        #expect(scenario.name == "check.out")
        #expect(scenario.app == .registered(name: "MultiWindow"))
        #expect(scenario.clock == .virtual)
        #expect(scenario.workers == 2)
        #expect(scenario.uikitVersion == .iOS12 && scenario.unloadPolicy == nil && scenario.viewIsAppearing == nil)
        #expect(scenario.windows == [WindowSpec(label: "main", screen: .phone)])
        #expect(scenario.settleBudget == .seconds(60))
        #expect(scenario.duration == nil && scenario.seeds == nil)
        let step = try #require(scenario.steps.first)
        #expect(step.timing == .after(.fixed(.zero)))
        #expect(step.animated)
        #expect(step.window == nil)
    }

    @Test func sampleAndSwiftAppsAreRegisteredNames() throws {
        let sample = try ScenarioFile.parse("lifeloop: 1\napp: {sample: CoreTour}\n", file: "a.yaml", directory: ".")
        let swift = try ScenarioFile.parse("lifeloop: 1\napp: {swift: MyApp}\n", file: "b.yaml", directory: ".")
        #expect(sample.app == .registered(name: "CoreTour"))
        #expect(swift.app == .registered(name: "MyApp"))
    }

    @Test func screenPresetsAndOverrides() throws {
        let text = header + """
            windows:
              - {label: big, screen: tablet}
              - {label: old, screen: legacy, refreshRate: 30}
              - {label: custom, size: [390.5, 844]}
            costs:
              layout@big: 1ms
              display@old: 2ms

            """
        let scenario = try ScenarioFile.parse(text, file: "w.yaml", directory: ".")
        #expect(scenario.windows.map(\.screen) == [
            .tablet, Screen(size: Size(width: 320, height: 480), scale: 1, statusBarInset: 20, refreshRate: 30),
            Screen(size: Size(width: 390.5, height: 844), scale: 3, statusBarInset: 20),
        ])
        #expect(scenario.costs.map(\.target) == [.layoutPass(window: "big"), .displayPass(window: "old")])
    }

    @Test func durationsReadExactlyInEachUnit() throws {
        let text = header + """
            script:
              - advance: 1.5s
              - advance: 250us
              - advance: 12ns
              - advance: 0.5ms
              - advance: 0ms

            """
        let scenario = try ScenarioFile.parse(text, file: "d.yaml", directory: ".")
        #expect(scenario.steps.map(\.action) == [
            .advance(.milliseconds(1500)), .advance(.microseconds(250)), .advance(.nanoseconds(12)),
            .advance(.microseconds(500)), .advance(.zero),
        ])
    }

    @Test func parsedTextIsHashedAsItsUTF8() throws {
        let text = header + "name: héllo\n"
        let scenario = try ScenarioFile.parse(text, file: "h.yaml", directory: ".")
        #expect(scenario.hash == fnv1a(Array(text.utf8)))
        #expect(scenario.hash.count == 16)
        #expect(FNV1a().hex == "cbf29ce484222325")
        var a = FNV1a()
        a.combine("a".utf8)
        #expect(a.hex == "af63dc4c8601ec8c")
    }

    @Test func aStoryboardPathResolvesAgainstTheDirectoryUnlessAbsolute() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("Main.json"))
        let relative = try ScenarioFile.parse("lifeloop: 1\napp: {storyboard: Main.json}\n", file: "s.yaml",
                                              directory: folder.path)
        #expect(relative.app == .storyboard(path: folder.path + "/Main.json"))
        let absolutePath = folder.appendingPathComponent("Main.json").path
        let absolute = try ScenarioFile.parse("lifeloop: 1\napp: {storyboard: \"\(absolutePath)\"}\n", file: "s.yaml",
                                              directory: "/elsewhere")
        #expect(absolute.app == .storyboard(path: absolutePath))
    }

    // MARK: Reading files

    @Test func aMissingScenarioFileIsAnError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("absent.yaml").path
        let error = try #require(loadError(path))
        #expect(error.file == path && error.field == "" && error.line == nil)
        #expect(error.message.contains("No such file or directory"))
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(loadError(path))
        #expect(error.file == path && error.field == "")
        #expect(error.message.contains("is a FIFO, not a regular file"))
    }

    @Test func devZeroIsRefused() throws {
        let error = try #require(loadError("/dev/zero"))
        #expect(error.file == "/dev/zero" && error.field == "")
        #expect(error.message.contains("is a character device, not a regular file"))
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = try #require(loadError(folder.path))
        #expect(error.message.contains("is a directory"))
    }

    @Test func aFileOverMaxBytesIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.yaml").path
        try Data((header + "name: " + String(repeating: "x", count: 100) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(loadError(path, maxBytes: 50))
        #expect(error.file == path && error.field == "")
        #expect(error.message.contains("over the limit of 50 bytes"))
        #expect(try ScenarioFile.load(path: path, maxBytes: 1000).name == String(repeating: "x", count: 100))
    }

    @Test func aFileThatIsNotUTF8IsAnErrorAtTheBadByte() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("latin1.yaml").path
        try Data(Array("lifeloop: 1\nname: caf".utf8) + [0xE9] + Array("\n".utf8)).write(to: URL(fileURLWithPath: path))
        let error = try #require(loadError(path))
        #expect(error.line == 2 && error.column == 10)
        #expect(error.message.contains("not UTF-8"))
        #expect(error.message.contains("0xE9"))
    }

    @Test func aLoadedFileIsNamedAfterItselfAndResolvesNextToItself() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("Main.json"))
        let path = folder.appendingPathComponent("checkout.json").path
        let text = "{\"lifeloop\": 1, \"app\": {\"storyboard\": \"Main.json\"}}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let scenario = try ScenarioFile.load(path: path)
        #expect(scenario.name == "checkout")
        #expect(scenario.app == .storyboard(path: folder.path + "/Main.json"))
        #expect(scenario.hash == fnv1a(Array(text.utf8) + Array("{}".utf8)))
    }

    @Test func aMissingStoryboardIsAnErrorAtAppStoryboard() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = try #require(parseError("lifeloop: 1\napp: {storyboard: Main.json}\n", directory: folder.path))
        #expect(error.line == 2 && error.column == 19)
        #expect(error.field == "app.storyboard")
        #expect(error.message.contains(folder.path + "/Main.json"))
        #expect(error.message.contains("No such file or directory"))
    }

    // MARK: YAML itself

    @Test func aYAMLSyntaxErrorReportsItsLineAndColumn() {
        expectError("lifeloop: 1\napp: {sample: A\nname: x\n", line: 3, column: 5, field: "",
                    message: "YAML syntax error")
    }

    @Test func aDuplicateKeyIsAnError() {
        expectError("lifeloop: 1\napp: {sample: A}\nlifeloop: 1\n", line: 1, column: 1, field: "",
                    message: "the key 'lifeloop' appears more than once")
    }

    @Test func anEmptyFileIsAnError() {
        expectError("# nothing\n", line: 1, column: 1, field: "", message: "the file is empty")
    }

    @Test func aControlCharacterIsAnErrorAtItsPlace() {
        expectError(header + "name: a\u{7}b\n", line: 3, column: 8, field: "", message: "YAML cannot read this text")
    }

    /// A billion laughs with an alias as a key: Yams' duplicate-key check hashed the
    /// 10⁹-node key in full, so composing this 500-byte file never finished. The guard
    /// counts what the aliases expand to before Yams composes anything.
    @Test func aliasesThatExpandToAHugeTreeAreAnErrorNotAHang() {
        var text = header + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "name: {*a8: 1}\n"
        // a4 expands to 111,111 nodes; the tenth *a4 in a5 passes a million.
        expectError(text, line: 8, column: 10 + 9 * 5, field: "", message: "aliases expand this document to more than 1000000 nodes")
        #expect(YAMLBombGuard.check("a: &a [1, 2]\nb: [*a, *a]\nc: {*a: 1}\n") == nil, "small aliases stay allowed")
        #expect(YAMLBombGuard.check("a: *missing\n") == nil, "an unknown alias is left to Yams")
        #expect(YAMLBombGuard.check("") == nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let shallow = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        expectError(header + "name: \(shallow)\n", line: 3, column: 7, field: "name", message: "found a list")
        let deep = String(repeating: "[", count: 5000)
        expectError(header + "name: \(deep)\n", line: 3, column: 8, field: "",
                    message: "nests lists and maps too deeply")
    }

    @Test func hugeNumbersAreErrorsNotTraps() {
        expectError(header + "workers: 99999999999999999999999\n", line: 3, column: 10, field: "workers",
                    message: "too large")
        expectError(header + "duration: 99999999999999999999s\n", line: 3, column: 11, field: "duration",
                    message: "too long")
        expectError(header + "duration: 9300000000s\n", line: 3, column: 11, field: "duration", message: "too long")
        expectError(header + "seeds: 0..99999999999999999999999\n", line: 3, column: 8, field: "seeds",
                    message: "A..B")
    }

    // MARK: Top level

    @Test func theVersionIsRequired() {
        expectError("app: {sample: A}\n", line: 1, column: 1, field: "lifeloop", message: "missing `lifeloop: 1`")
    }

    @Test func anotherVersionIsNotSupported() {
        expectError("lifeloop: 2\napp: {sample: A}\nnewKey: true\n", line: 1, column: 11, field: "lifeloop",
                    message: "format version 2 is not supported by this reader (it reads 1)")
    }

    @Test func theVersionIsAWholeNumber() {
        expectError("lifeloop: \"1\"\napp: {sample: A}\n", line: 1, column: 11, field: "lifeloop",
                    message: "whole number")
    }

    @Test func theAppIsRequired() {
        expectError("lifeloop: 1\nname: x\n", line: 1, column: 1, field: "app", message: "missing `app`")
    }

    @Test func theAppHasExactlyOneSource() {
        expectError("lifeloop: 1\napp:\n  sample: A\n  swift: B\n", line: 4, column: 3, field: "app",
                    message: "exactly one of storyboard, project, sample or swift, not both sample and swift")
    }

    @Test func theAppNeedsASource() {
        expectError("lifeloop: 1\napp: {}\n", line: 2, column: 6, field: "app", message: "needs one of storyboard")
    }

    @Test func anUnknownTopLevelKeyListsTheKeys() {
        expectError(header + "wokers: 3\n", line: 3, column: 1, field: "wokers",
                    message: "unknown key 'wokers' in the scenario (did you mean 'workers'?); the keys are: lifeloop, name")
    }

    @Test func workersAreOneToSixtyFour() {
        expectError(header + "workers: 65\n", line: 3, column: 10, field: "workers", message: "workers is 1...64, found 65")
    }

    @Test func anUnknownClockListsTheClocks() {
        expectError(header + "clock: wall\n", line: 3, column: 8, field: "clock",
                    message: "unknown clock 'wall'; the choices are: virtual, host")
    }

    @Test func seedsRunForwards() {
        expectError(header + "seeds: 9..3\n", line: 3, column: 8, field: "seeds", message: "seeds 9..3 run backwards")
    }

    @Test func aBooleanIsTrueOrFalse() {
        expectError(header + "strict: yes\n", line: 3, column: 9, field: "strict", message: "expected true or false")
    }

    // MARK: Durations and distributions

    @Test func aDurationNeedsAUnit() {
        expectError(header + "duration: 10\n", line: 3, column: 11, field: "duration", message: "'10' needs a unit")
    }

    @Test func aNegativeDurationIsAnError() {
        expectError(header + "settleBudget: -5s\n", line: 3, column: 15, field: "settleBudget",
                    message: "negative durations are errors")
    }

    @Test func aDurationFinerThanANanosecondIsAnError() {
        expectError(header + "script:\n  - advance: 0.5ns\n", line: 4, column: 14, field: "script[0].advance",
                    message: "finer than a nanosecond")
    }

    @Test func uniformLowIsAtMostHigh() {
        expectError(header + "costs:\n  B.viewDidLoad: {uniform: [30ms, 10ms]}\n", line: 4, column: 35,
                    field: "costs.B.viewDidLoad", message: "uniform low (30ms) is above its high (10ms)")
    }

    @Test func uniformTakesTwoBounds() {
        expectError(header + "costs:\n  B.viewDidLoad: {uniform: [30ms]}\n", line: 4, column: 28,
                    field: "costs.B.viewDidLoad.uniform", message: "uniform takes two durations [LOW, HIGH]; found 1")
    }

    @Test func lognormalP99IsAtLeastItsMedian() {
        expectError(header + "costs:\n  B.viewDidLoad: {lognormal: {median: 5ms, p99: 2ms}}\n", line: 4, column: 49,
                    field: "costs.B.viewDidLoad", message: "lognormal p99 (2ms) is below its median (5ms)")
    }

    @Test func lognormalMedianIsAboveZero() {
        expectError(header + "costs:\n  B.viewDidLoad: {lognormal: {median: 0ms, p99: 2ms}}\n", line: 4, column: 39,
                    field: "costs.B.viewDidLoad", message: "lognormal median must be above 0")
    }

    @Test func anUnknownDistributionListsTheKinds() {
        expectError(header + "costs:\n  B.viewDidLoad: {normal: 3ms}\n", line: 4, column: 19,
                    field: "costs.B.viewDidLoad.normal", message: "the keys are: uniform, lognormal")
    }

    // MARK: Windows

    @Test func windowLabelsAreUnique() {
        expectError(header + "windows:\n  - label: a\n  - label: a\n", line: 5, column: 12, field: "windows[1].label",
                    message: "window label 'a' is already used by windows[0]")
    }

    @Test func windowLabelsAreNotEmpty() {
        expectError(header + "windows:\n  - label: \"\"\n", line: 4, column: 12, field: "windows[0].label",
                    message: "expected a window label, found an empty string")
    }

    @Test func aWindowNeedsALabel() {
        expectError(header + "windows:\n  - screen: tablet\n", line: 4, column: 5, field: "windows[0].label",
                    message: "a window needs a label")
    }

    @Test func refreshRateIsOneToFourHundredEighty() {
        expectError(header + "windows:\n  - label: a\n    refreshRate: 500\n", line: 5, column: 18,
                    field: "windows[0].refreshRate", message: "refreshRate is 1...480 Hz, found 500")
    }

    @Test func aWindowSizeIsPositive() {
        expectError(header + "windows:\n  - label: a\n    size: [0, 10]\n", line: 5, column: 12,
                    field: "windows[0].size[0]", message: "size width must be above 0")
    }

    @Test func tabsExcludeRootAndContainer() {
        expectError(header + "windows:\n  - label: a\n    root: A\n    tabs: [B, C]\n", line: 6, column: 5,
                    field: "windows[0].tabs", message: "tabs replace root and container")
    }

    @Test func anUnknownWindowKeyListsTheKeys() {
        expectError(header + "windows:\n  - label: a\n    refresh: 60\n", line: 5, column: 5, field: "windows[0].refresh",
                    message: "(did you mean 'refreshRate'?); the keys are: label, screen, size, refreshRate, root, container, tabs")
    }

    // MARK: Costs

    @Test func aCostWindowMustBeDeclared() {
        // With `windows:` declared; without it the app may make its own, checked by the runner.
        expectError(header + "windows:\n  - label: main\ncosts:\n  layout@tablet: 2ms\n", line: 6, column: 3,
                    field: "costs.layout@tablet",
                    message: "unknown window 'tablet' in layout@tablet; the windows are: main")
    }

    @Test func aCostKeyIsACallbackOrAPass() {
        expectError(header + "costs:\n  viewDidLoad: 2ms\n", line: 4, column: 3, field: "costs.viewDidLoad",
                    message: "unknown cost 'viewDidLoad'; a cost key is Controller.callback")
    }

    @Test func onlyAWholeStarMatchesAnyController() throws {
        expectError(header + "costs:\n  \"B*.viewDidLoad\": 2ms\n", line: 4, column: 3, field: "costs.B*.viewDidLoad",
                    message: "only a whole `*` matches any controller")
        let scenario = try ScenarioFile.parse(header + "costs:\n  \"*.anyCallback_2\": 2ms\n", file: "c.yaml", directory: ".")
        #expect(scenario.costs.first?.target == .callback(controller: "*", event: "anyCallback_2"))
    }

    // MARK: Jobs

    @Test func jobLabelsAreUnique() {
        expectError(header + "jobs:\n  - {label: j, cost: 1ms}\n  - {label: j, cost: 1ms}\n", line: 5, column: 13,
                    field: "jobs[1].label", message: "job label 'j' is already used by jobs[0]")
    }

    @Test func aJobNeedsACost() {
        expectError(header + "jobs:\n  - label: j\n", line: 4, column: 5, field: "jobs[0].cost", message: "a job needs a cost")
    }

    @Test func aJobCompletionDoesOneThing() {
        expectError(header + "jobs:\n  - label: j\n    cost: 1ms\n    then: {push: A, present: B}\n", line: 6, column: 21,
                    field: "jobs[0].then", message: "then does one thing, not both push and present")
    }

    @Test func aJobCompletionIsNothingOrAMap() throws {
        expectError(header + "jobs:\n  - label: j\n    cost: 1ms\n    then: none\n", line: 6, column: 11,
                    field: "jobs[0].then", message: "then is `nothing` or one of")
        let text = header + """
            jobs:
              - {label: a, cost: 1ms, then: nothing}
              - {label: b, cost: 1ms, then: {present: S, style: fullScreen, window: main}}
              - {label: c, cost: 1ms, then: {display: V}}

            """
        let scenario = try ScenarioFile.parse(text, file: "j.yaml", directory: ".")
        #expect(scenario.jobs.map(\.completion) == [
            .nothing, .present(scene: "S", style: .fullScreen, window: "main"), .display(view: "V"),
        ])
    }

    // MARK: Steps

    @Test func aStepCannotStartBeforeTimeZero() {
        expectError(header + "script:\n  - at: -5ms\n    tap: A.button\n", line: 4, column: 9, field: "script[0].at",
                    message: "a step before time 0")
    }

    @Test func aStepHasAtOrAfterNotBoth() {
        expectError(header + "script:\n  - at: 1s\n    after: 2s\n    tap: A\n", line: 5, column: 5,
                    field: "script[0].after", message: "not both")
    }

    @Test func aStepHasOneAction() {
        expectError(header + "script:\n  - push: A\n    present: B\n", line: 5, column: 5, field: "script[0].present",
                    message: "a step has one action, and this one has push and present")
    }

    @Test func aStepNeedsAnAction() {
        expectError(header + "script:\n  - after: 1s\n", line: 4, column: 5, field: "script[0]",
                    message: "a step needs an action: tap, push, present")
    }

    @Test func anUnknownActionListsTheActions() {
        expectError(header + "script:\n  - pusj: A\n", line: 4, column: 5, field: "script[0].pusj",
                    message: "unknown action 'pusj' (did you mean 'push'?); the actions are: tap, push, present, dismiss")
    }

    @Test func styleGoesOnlyWithPresent() {
        expectError(header + "script:\n  - push: A\n    style: pageSheet\n", line: 5, column: 5, field: "script[0].style",
                    message: "style goes only with present")
    }

    @Test func anUnknownPresentationStyleListsTheStyles() {
        expectError(header + "script:\n  - present: A\n    style: sheet\n", line: 5, column: 12, field: "script[0].style",
                    message: "'style' is one of automatic, fullScreen, overFullScreen, pageSheet, formSheet, currentContext, overCurrentContext, popover")
    }

    @Test func aStepWindowMustBeDeclared() {
        expectError(header + "windows:\n  - label: main\nscript:\n  - {push: A, window: tablet}\n", line: 6, column: 23,
                    field: "script[0].window",
                    message: "unknown window 'tablet'; the windows are: main")
    }

    @Test func aFlagActionIsWrittenTrue() {
        expectError(header + "script:\n  - pop: false\n", line: 4, column: 10, field: "script[0].pop",
                    message: "write `pop: true`")
    }

    @Test func aJobStepNamesADeclaredJob() {
        expectError(header + "jobs:\n  - {label: fetch, cost: 1ms}\nscript:\n  - job: fetsh\n", line: 6, column: 10,
                    field: "script[0].job", message: "unknown job 'fetsh' (did you mean 'fetch'?); the jobs are: fetch")
    }

    @Test func selectTabIsNotNegative() {
        expectError(header + "script:\n  - selectTab: -1\n", line: 4, column: 16, field: "script[0].selectTab",
                    message: "selectTab: 'index' must be a whole number from 0")
    }

    @Test func resizeIsPositive() {
        expectError(header + "script:\n  - resize: [600, -1]\n", line: 4, column: 19, field: "script[0].resize[1]",
                    message: "resize: 'height' must be above 0")
    }

    @Test func interactivePopProgressIsInZeroToOne() {
        expectError(header + "script:\n  - interactivePop: {progress: [0.2, 1.5], then: finish}\n", line: 4, column: 38,
                    field: "script[0].interactivePop.progress[1]", message: "'progress' must be a list of 1 to 10000 numbers from 0 to 1; [1] is 1.5")
    }

    @Test func interactivePopProgressIsNotEmpty() {
        expectError(header + "script:\n  - interactivePop: {progress: [], then: cancel}\n", line: 4, column: 32,
                    field: "script[0].interactivePop.progress", message: "'progress' must be a list of 1 to 10000 numbers from 0 to 1; found 0")
    }

    @Test func interactivePopNeedsThen() throws {
        expectError(header + "script:\n  - interactivePop: {progress: [0.2]}\n", line: 4, column: 21,
                    field: "script[0].interactivePop", message: "interactivePop: 'then' is required: finish or cancel")
        let scenario = try ScenarioFile.parse(header + "script:\n  - interactivePop: {progress: [1], then: cancel}\n",
                                              file: "p.yaml", directory: ".")
        #expect(scenario.steps.first?.action == .interactivePop(progress: [1], interval: .milliseconds(16), finish: false))
    }

    @Test func aMarkEndNeedsAnEarlierStart() {
        expectError(header + "script:\n  - mark: end scrolling\n  - mark: start scrolling\n", line: 4, column: 11,
                    field: "script[0].mark", message: "`mark: end scrolling` has no earlier `mark: start scrolling`")
    }

    @Test func aMarkStartIsEnded() {
        expectError(header + "script:\n  - mark: start scrolling\n  - tap: A\n", line: 4, column: 11, field: "script[0].mark",
                    message: "interval 'scrolling' is started but never ended")
    }

    @Test func aMarkIsStartOrEnd() {
        expectError(header + "script:\n  - mark: begin scrolling\n", line: 4, column: 11, field: "script[0].mark",
                    message: "a mark is `start NAME` or `end NAME`")
    }

    @Test func anExpectSequenceIsNotEmpty() {
        expectError(header + "script:\n  - expect: {sequence: []}\n", line: 4, column: 24, field: "script[0].expect.sequence",
                    message: "at least one")
    }

    @Test func anExpectSequenceHoldsText() {
        expectError(header + "script:\n  - expect: {sequence: [\"A viewDidLoad\", 3, []]}\n", line: 4, column: 45,
                    field: "script[0].expect.sequence[2]", message: "expected a \"label event\" line, found a list")
    }

    @Test func anExpectIsEitherASequenceOrAMetric() {
        expectError(header + "script:\n  - expect: {sequence: [\"A viewDidLoad\"], max: 3}\n", line: 4, column: 43,
                    field: "script[0].expect.max", message: "'max' does not go with sequence")
    }

    @Test func anExpectMetricIsAKnownMetric() {
        expectError(header + "script:\n  - expect: {metric: dropedFrames, max: 1}\n", line: 4, column: 22,
                    field: "script[0].expect.metric",
                    message: "unknown metric 'dropedFrames' (did you mean 'droppedFrames'?); the choices are: droppedFrames,")
    }

    @Test func anExpectMetricNeedsAMax() {
        expectError(header + "script:\n  - expect: {metric: frameCount}\n", line: 4, column: 13, field: "script[0].expect",
                    message: "needs max")
    }
}

/// The error loading `path` gives, or nil when it loads.
private func loadError(_ path: String, maxBytes: Int = ScenarioFile.defaultMaxBytes) -> ScenarioError? {
    do {
        _ = try ScenarioFile.load(path: path, maxBytes: maxBytes)
        return nil
    } catch {
        return error
    }
}
