import Foundation
import Lifeloop
import LifeloopPictures
import LifeloopSamples
import LifeloopScenario
import Testing

enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Samples/Scenarios").path
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

    static func runner(_ name: String) throws -> ScenarioRunner {
        try ScenarioRunner(scenario: ScenarioFile.load(path: samples + "/" + name), catalog: SampleCatalog.apps)
    }
}

/// Compares `text` with the golden file `name`. On a mismatch it writes the new text next
/// to the golden (`name.new`) and says how to accept it: `LIFELOOP_ACCEPT_GOLDENS=1`
/// rewrites the goldens instead of comparing.
func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = Paths.goldens + "/" + name
    try FileManager.default.createDirectory(atPath: Paths.goldens, withIntermediateDirectories: true)
    if ProcessInfo.processInfo.environment["LIFELOOP_ACCEPT_GOLDENS"] == "1" {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
        try text.write(toFile: path + ".new", atomically: true, encoding: .utf8)
        Issue.record("no golden file \(path); wrote \(path).new. Look at it, then accept it with LIFELOOP_ACCEPT_GOLDENS=1 swift test --filter Golden",
                     sourceLocation: sourceLocation)
        return
    }
    if golden != text {
        try text.write(toFile: path + ".new", atomically: true, encoding: .utf8)
        let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(goldenLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(goldenLines.count, newLines.count)
        Issue.record("""
            \(name) differs from its golden at line \(first + 1); the new picture is \(path).new \
            (diff it, view it with rsvg-convert), and if it is right accept it with \
            LIFELOOP_ACCEPT_GOLDENS=1 swift test --filter Golden
            """, sourceLocation: sourceLocation)
    } else {
        try? FileManager.default.removeItem(atPath: path + ".new")
    }
}

@Suite("Golden pictures") struct GoldenPictureTests {
    @Test func snapshotOfThreeWindowsMidPresentation() throws {
        // 300 ms: the pro window is presenting Compose (its present lands at 180–260 ms
        // and takes about 500 ms), so Compose's view is drawn at its mid-animation frame.
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: .time(300_000_000), window: "pro")
        let result = try Paths.runner("three-windows.yaml").run(seed: 1, options: options)
        var snapshot = try #require(result.snapshot)
        snapshot.style = .debug
        let compose = try #require(snapshot.nodes.first { $0.label == "Compose.view" })
        #expect(compose.rect.minY > 0 && compose.rect.minY < 844, "mid-animation: between off screen and in place")
        try expectGolden(snapshot.svg(), "three-windows-seed1-pro-300ms.svg")
    }

    @Test func snapshotOfTheGalleryMidPush() throws {
        // 520 ms: Detail slides in over Home (pushed at 400 ms); the banner's badge is hidden.
        var options = RunOptions()
        options.snapshot = SnapshotRequest(moment: .time(520_000_000))
        let result = try Paths.runner("gallery.yaml").run(seed: 0, options: options)
        var snapshot = try #require(result.snapshot)
        snapshot.style = .debug
        let detail = try #require(snapshot.nodes.first { $0.label == "Detail.root" })
        #expect(detail.rect.minX > 0 && detail.rect.minX < 414, "mid-push: Detail between the right edge and its place")
        #expect(snapshot.nodes.first { $0.label == "Home.bannerBadge" }?.isHidden == true)
        try expectGolden(snapshot.svg(), "gallery-seed0-520ms.svg")
    }

    @Test func timelineOfFeedJobs() throws {
        var options = RunOptions()
        options.timeline = true
        let result = try Paths.runner("feed-jobs.yaml").run(seed: 1, options: options)
        let timeline = try #require(result.timeline)
        #expect(timeline.lanes.map(\.kind).contains(.worker), "the feed's jobs run on worker lanes")
        #expect(!timeline.flows.isEmpty, "arrows from submits to completions")
        try expectGolden(timeline.svg(title: "feed-jobs, seed 1"), "feed-jobs-seed1-timeline.svg")
    }

    @Test func frameChartOfThreeWindowsPhone() throws {
        var options = RunOptions()
        options.keepFrames = true
        let result = try Paths.runner("three-windows.yaml").run(seed: 1, options: options)
        let frames = result.frames.filter { $0.window == "phone" }
        #expect(frames.count == result.windows.first { $0.window == "phone" }?.frameCount)
        try expectGolden(FrameChart(title: "three-windows, seed 1, window phone", frames: frames).svg(),
                         "three-windows-seed1-phone-frames.svg")
    }
}

@Suite("Pictures") struct PictureTests {
    @Test func theSameRunDrawsTheSameBytes() throws {
        var options = RunOptions()
        options.timeline = true
        options.keepFrames = true
        options.snapshot = SnapshotRequest(moment: .afterStep(3))
        let runner = try Paths.runner("three-windows.yaml")
        let first = try runner.run(seed: 7, options: options)
        let second = try runner.run(seed: 7, options: options)
        #expect(first.snapshot?.svg() == second.snapshot?.svg())
        #expect(first.timeline?.svg() == second.timeline?.svg())
        #expect(FrameChart(title: "t", frames: first.frames).svg() == FrameChart(title: "t", frames: second.frames).svg())
        #expect(first.snapshot != nil && !first.frames.isEmpty)
    }

    @Test func hiddenViewsAreDashedAndTheirSubviewsLeftOut() throws {
        let app = try Application()
        let window = Window(screen: Screen(size: Size(width: 200, height: 300), statusBarInset: 20), label: "w")
        let shown = View(frame: Rect(x: 10, y: 30, width: 100, height: 100))
        shown.traceLabel = "shown"
        shown.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let hidden = View(frame: Rect(x: 20, y: 150, width: 50, height: 50))
        hidden.traceLabel = "hidden"
        hidden.isHidden = true
        let inside = View(frame: Rect(x: 1, y: 1, width: 10, height: 10))
        inside.traceLabel = "insideHidden"
        hidden.addSubview(inside)
        window.addSubview(shown)
        window.addSubview(hidden)
        window.makeKeyAndVisible()
        try app.loop.runUntilIdle()
        let svg = WindowSnapshot(window, style: .debug).svg()
        #expect(svg.contains("data-label=\"shown\""))
        #expect(svg.contains("fill=\"#ff0000\""), "the background colour")
        #expect(svg.contains("fill-opacity=\"0.5\""), "its alpha")
        let hiddenRect = try #require(svg.split(separator: "\n").first { $0.contains("data-label=\"hidden\"") })
        #expect(hiddenRect.contains("stroke-dasharray"), "a hidden view is dashed")
        #expect(!svg.contains("insideHidden"), "a hidden view's subviews are left out")
        #expect(svg.contains("data-role=\"key-window\""), "the key window is marked")
        #expect(svg.contains("data-role=\"status-bar\""), "the status bar inset is drawn")
        try app.close()
    }

    @Test func svgNumbersAndEscaping() {
        #expect(svgNumber(0) == "0")
        #expect(svgNumber(-0.001) == "0")
        #expect(svgNumber(1.5) == "1.5")
        #expect(svgNumber(2.005) == "2.01" || svgNumber(2.005) == "2")
        #expect(svgNumber(-3.25) == "-3.25")
        #expect(svgNumber(.nan) == "0")
        #expect(xmlEscaped("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
    }

    @Test func pngNeedsRsvgConvertAndSaysWhatToInstall() throws {
        let directory = NSTemporaryDirectory() + "lifeloop-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(PNGConverter.converterPath(environment: ["PATH": directory]) == nil)
        #expect(throws: PNGConverter.Failure.self) { try PNGConverter.write(svg: "<svg/>", to: directory + "/a.gif") }
        guard PNGConverter.converterPath() != nil else { return }
        let svg = SVGDocument(width: 10, height: 10).render()
        try PNGConverter.writePNG(svg: svg, to: directory + "/a.png")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.png"))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature")
    }
}

/// For random view trees, each view's rectangle in the snapshot (model and SVG) is its
/// frame converted to window coordinates: the sum of its ancestors' frame origins less
/// their bounds origins.
@Suite("Snapshot geometry") struct SnapshotPropertyTests {
    @Test(arguments: 0..<20) func everyRectIsTheFrameInWindowCoordinates(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let app = try Application()
        let window = Window(screen: .phone, label: "w\(seed)")
        var views: [View] = [window]
        var expected: [String: Rect] = [:]
        for index in 0..<Int.random(in: 5...40, using: &random) {
            let parent = views.randomElement(using: &random)!
            let view = View(frame: Rect(x: Double(Int.random(in: -50...300, using: &random)) / 4,
                                        y: Double(Int.random(in: -50...600, using: &random)) / 4,
                                        width: Double(Int.random(in: 0...800, using: &random)) / 4,
                                        height: Double(Int.random(in: 0...800, using: &random)) / 4))
            view.traceLabel = "v\(index)"
            if Bool.random(using: &random) {
                view.bounds = Rect(origin: Point(x: Double(Int.random(in: -20...20, using: &random)),
                                                 y: Double(Int.random(in: -20...20, using: &random))),
                                   size: view.bounds.size)
            }
            parent.addSubview(view)
            views.append(view)
        }
        window.makeKeyAndVisible()
        try app.loop.runUntilIdle()
        // The reference: walk up the superview chain.
        for view in views.dropFirst() {
            var rect = view.frame
            var current = view.superview
            while let ancestor = current, ancestor !== window {
                rect.origin.x += ancestor.frame.minX - ancestor.bounds.minX
                rect.origin.y += ancestor.frame.minY - ancestor.bounds.minY
                current = ancestor.superview
            }
            rect.origin.x -= window.bounds.minX
            rect.origin.y -= window.bounds.minY
            expected[view.traceLabel] = rect
        }
        let snapshot = WindowSnapshot(window, style: .debug)
        #expect(snapshot.nodes.count == views.count)
        let svg = snapshot.svg()
        for node in snapshot.nodes.dropFirst() {
            let want = try #require(expected[node.label])
            #expect(abs(node.rect.minX - want.minX) < 1e-9 && abs(node.rect.minY - want.minY) < 1e-9, "\(node.label)")
            #expect(node.rect.size == want.size, "\(node.label)")
            let line = try #require(svg.split(separator: "\n").first { $0.contains("data-label=\"\(node.label)\"") })
            #expect(line.hasPrefix("<rect x=\"\(svgNumber(want.minX))\" y=\"\(svgNumber(want.minY))\" width=\"\(svgNumber(want.width))\" height=\"\(svgNumber(want.height))\""),
                    "\(line)")
        }
        try app.close()
    }
}

@Suite("Timeline probe") struct TimelineProbeTests {
    @Test func aPlainAppsPushIsOnItsWindowsLane() throws {
        let app = try Application()
        let probe = TimelineProbe(app: app)
        app.probe = probe
        let root = ViewController(label: "Root")
        let navigation = NavigationController(rootViewController: root, label: "Nav")
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.loop.runUntilIdle()
        navigation.pushViewController(ViewController(label: "Next"), animated: true)
        try app.loop.runUntilIdle()
        let timeline = probe.recorder.result()
        let lane = try #require(timeline.lanes.firstIndex { $0.name == "window main" })
        #expect(timeline.spans.contains { $0.lane == lane && $0.name == "Next viewDidAppear" && $0.category == "callback" })
        #expect(timeline.spans.contains { $0.lane == lane && $0.category == "transition" && $0.name == "push" })
        #expect(timeline.instants.contains { $0.lane == lane && $0.category == "frame" })
        let svg = timeline.svg()
        #expect(svg.contains("data-lane=\"window main\"") && svg.contains("data-category=\"transition\""))
        app.probe = nil
        try app.close()
    }
}

/// Views that draw clip paths: each view's clip ids must be its own in the document and the
/// same in every process (they were made from the label's `hashValue`, which Swift seeds per
/// process, so two views of one label at one depth shared their ids).
@Suite("Snapshot drawing ids") struct SnapshotDrawingIDTests {
    final class Clipped: View {
        override func draw(_ rect: Rect) {
            let context = UIGraphicsGetCurrentContext()!
            context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.clip()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
    }

    @Test func twoDrawingsOfOneLabelHaveTheirOwnIDsAndNoHash() throws {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let root = ViewController(label: "Root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try app.loop.runUntilIdle()
        for x in [0.0, 50] {
            let view = Clipped(frame: Rect(x: x, y: 100, width: 40, height: 40))
            view.traceLabel = "twin"
            root.view.addSubview(view)
        }
        try app.loop.runUntilIdle()
        let svg = WindowSnapshot(window, style: .debug).svg()
        let ids = svg.split(separator: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }.filter { $0.contains("clip") }
        #expect(ids.count >= 2)
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.allSatisfy { $0.hasPrefix("d1-") || $0.hasPrefix("d2-") }, "\(ids)")
        try app.close()
    }
}

