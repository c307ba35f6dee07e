import Foundation
import LifeloopPictures
@testable import LifeloopSnapshotTesting
import Testing
import UIKit

/// A small UIKit screen, as an app would write it.
final class GreetingViewController: UIViewController {
    let greeting = UILabel(frame: CGRect(x: 16, y: 100, width: 240, height: 28))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        greeting.traceLabel = "greeting"
        greeting.text = "Hello"
        view.addSubview(greeting)
    }
}

@Suite("swift-snapshot-testing strategies")
struct StrategyTests {
    let directory = NSTemporaryDirectory() + "lifeloop-snapshot-testing-\(UUID().uuidString)"

    @Test func svgAndTreeRecordThenCompareThenCatchAChange() throws {
        try withTestApp { app in
            let screen = GreetingViewController()
            app.show(screen)
            // The first run records (and says so: a recording is never a pass).
            let recorded = verifySnapshot(of: screen, as: .lifeloopSVG, named: "greeting", record: .all,
                                          snapshotDirectory: directory)
            #expect(recorded?.contains("Record mode is on") == true)
            #expect(verifySnapshot(of: screen, as: .lifeloopTree, named: "greeting", record: .all,
                                   snapshotDirectory: directory) != nil)
            #expect(verifySnapshot(of: screen.greeting as UIView, as: .lifeloopTree, named: "label", record: .all,
                                   snapshotDirectory: directory) != nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(files.contains { $0.hasSuffix(".greeting.svg") })
            #expect(files.contains { $0.hasSuffix(".greeting.txt") })

            // The same state compares equal.
            #expect(verifySnapshot(of: screen, as: .lifeloopSVG, named: "greeting", record: .never,
                                   snapshotDirectory: directory) == nil)
            #expect(verifySnapshot(of: screen, as: .lifeloopTree, named: "greeting", record: .never,
                                   snapshotDirectory: directory) == nil)
            #expect(verifySnapshot(of: screen.greeting as UIView, as: .lifeloopTree, named: "label", record: .never,
                                   snapshotDirectory: directory) == nil)

            // A change fails, with the line diff swift-snapshot-testing prints.
            screen.greeting.text = "Goodbye"
            app.settle()
            let failure = verifySnapshot(of: screen, as: .lifeloopTree, named: "greeting", record: .never,
                                         snapshotDirectory: directory)
            #expect(failure?.contains("−    staticText greeting \"Hello\" 16,100 240x28") == true)
            #expect(failure?.contains("+    staticText greeting \"Goodbye\" 16,100 240x28") == true)
            #expect(verifySnapshot(of: screen, as: .lifeloopSVG, named: "greeting", record: .never,
                                   snapshotDirectory: directory) != nil)
        }
    }

    @Test func aControllerInNoWindowIsShownInOne() throws {
        try withTestApp { app in
            let screen = GreetingViewController()
            let tree = Snapshotting<UIViewController, String>.lifeloopTree
            var text: String?
            tree.snapshot(screen).run { text = $0 }
            #expect(text?.hasPrefix("window snapshot (key)") == true)
            #expect(screen.view.window != nil)
            _ = app
        }
    }

    @Test func pngRecordsThenComparesWhenRsvgConvertIsThere() throws {
        guard PNGConverter.isAvailable() else {
            #expect(throws: LifeloopPNGUnavailable.self) { try Snapshotting<UIViewController, Data>.lifeloopPNG() }
            return
        }
        try withTestApp { app in
            let screen = GreetingViewController()
            app.show(screen)
            let png = try Snapshotting<UIViewController, Data>.lifeloopPNG()
            #expect(verifySnapshot(of: screen, as: png, named: "greeting", record: .all, snapshotDirectory: directory) != nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            let file = try #require(files.first { $0.hasSuffix(".greeting.png") })
            let bytes = try #require(FileManager.default.contents(atPath: directory + "/" + file))
            #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "a PNG file")
            #expect(verifySnapshot(of: screen, as: png, named: "greeting", record: .never, snapshotDirectory: directory) == nil)
        }
    }

    @Test func pngWithoutLibrsvgIsAClearError() {
        let failing = SVGRasterizer { () throws(RasterLibraries.LoadFailure) in throw RasterLibraries.LoadFailure(description: "test: no librsvg") }
        #expect {
            try pngStrategy(environment: ["PATH": "/nonexistent"], rasterizer: failing)
        } throws: { error in
            "\(error)".contains("needs librsvg, which cannot be opened, and rsvg-convert, which is not on PATH; install Debian's librsvg2-bin")
        }
    }
}
