import Foundation
import Lifeloop
import LifeloopPictures
import LifeloopTesting
import Testing

/// A fresh folder of its own for one test.
func temporaryFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "lifeloop-testing-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Snapshot goldens")
struct GoldenTests {
    @Test func theViewTreeIsStableText() throws {
        try withTestApp { app in
            let counter = CounterScreen(label: "Counter")
            let window = app.show(counter)
            app.tap(labelled: "plus")
            let tree = LifeloopSnapshot.tree(of: window)
            #expect(tree == """
                window main (key) 414x736
                  other View#1 [view of Counter] 0,0 414x736
                    staticText value "1" 20,120 200x30
                    button plus "+" 20,170 100x44

                """)
            #expect(tree == LifeloopSnapshot.tree(of: window), "the same state, the same text")
            let labelOnly = LifeloopSnapshot.tree(of: counter.valueLabel)
            #expect(labelOnly == "staticText value \"1\" 20,120 200x30\n")
            let svg = LifeloopSnapshot.svg(of: counter.valueLabel)
            // The phone's picture, cropped to the label: its text, not the button's.
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"208\" height=\"38\" viewBox=\"16 116 208 38\">"))
            #expect(svg.contains(">1</text>") && !svg.contains(">+</text>"))
        }
    }

    @Test func recordThenCompareThenFailWithThreeFiles() throws {
        let folder = try temporaryFolder("goldens")
        let failures = try temporaryFolder("failures")
        try withTestApp { app in
            let counter = CounterScreen(label: "Counter")
            let window = app.show(counter)
            let recording = SnapshotGoldens(directory: folder, environment: ["LIFELOOP_ACCEPT_GOLDENS": "1"])
            #expect(recording.isRecording)
            #expect(recording.assertSnapshot(of: window, as: .svg, named: "counter"))
            #expect(recording.assertSnapshot(of: window, as: .tree, named: "counter"))
            #expect(FileManager.default.fileExists(atPath: folder + "/counter.svg"))
            #expect(FileManager.default.fileExists(atPath: folder + "/counter.tree.txt"))

            let log = FailureLog()
            var comparing = SnapshotGoldens(directory: folder, environment: [:], failureDirectory: failures,
                                            reporter: .capturing(log))
            #expect(!comparing.isRecording)
            #expect(comparing.assertSnapshot(of: window, as: .svg, named: "counter"))
            #expect(comparing.assertSnapshot(of: counter, as: .tree, named: "counter"))
            #expect(log.messages.isEmpty)

            app.tap(labelled: "plus")
            #expect(!comparing.assertSnapshot(of: window, as: .svg, named: "counter"))
            #expect(!comparing.assertSnapshot(of: window, as: .tree, named: "counter"))
            #expect(log.messages.count == 2)
            let svgFailure = log.messages[0], treeFailure = log.messages[1]
            #expect(svgFailure.contains("counter.svg differs from its golden \(folder)/counter.svg at line"))
            for file in ["counter.expected.svg", "counter.actual.svg", "counter.diff.svg"] {
                #expect(svgFailure.contains(failures + "/" + file))
                #expect(FileManager.default.fileExists(atPath: failures + "/" + file))
            }
            if PNGConverter.converterPath() != nil {
                #expect(FileManager.default.fileExists(atPath: failures + "/counter.diff.png"))
            } else {
                #expect(svgFailure.contains("rsvg-convert is not installed"))
            }
            #expect(treeFailure.contains("  -     staticText value \"0\" 20,120 200x30"))
            #expect(treeFailure.contains("  +     staticText value \"1\" 20,120 200x30"))
            for file in ["counter.expected.txt", "counter.actual.txt", "counter.diff.txt"] {
                #expect(FileManager.default.fileExists(atPath: failures + "/" + file))
            }
            let diff = try String(contentsOfFile: failures + "/counter.diff.txt", encoding: .utf8)
            #expect(diff.hasPrefix("--- expected\n+++ actual\n"))
            #expect(treeFailure.contains("record it with LIFELOOP_ACCEPT_GOLDENS=1"))

            comparing.failureDirectory = nil
            _ = comparing
        }
    }

    @Test func aMissingGoldenFailsNamingThePathToRecord() throws {
        let folder = try temporaryFolder("missing")
        let log = FailureLog()
        try withTestApp { app in
            let window = app.show(CounterScreen(label: "Counter"))
            let goldens = SnapshotGoldens(directory: folder, environment: [:], reporter: .capturing(log))
            #expect(!goldens.assertSnapshot(of: window, as: .tree, named: "home"))
        }
        let message = try #require(log.messages.first)
        #expect(message.hasPrefix("no golden at \(folder)/home.tree.txt; nothing was compared. Record it with LIFELOOP_ACCEPT_GOLDENS=1"))
        #expect(message.contains("actual  : "))
        #expect(!FileManager.default.fileExists(atPath: folder + "/home.tree.txt"), "nothing recorded outside record mode")
    }

    @Test func theDiffPictureHoldsBothAndTheirDifference() {
        let a = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\"><rect width=\"10\" height=\"10\"/></svg>\n"
        let b = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\"><rect width=\"20\" height=\"10\"/></svg>\n"
        let diff = SnapshotGoldens.diffPicture(expected: a, actual: b, title: "t")
        #expect(diff.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"392\" height=\"74\">"))
        #expect(diff.contains("mix-blend-mode:difference"))
        #expect(diff.components(separatedBy: "<rect width=\"20\"").count == 3, "actual: its panel and the difference")
    }
}
