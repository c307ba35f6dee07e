import Dispatch
import Foundation
import Lifeloop
import LifeloopCore
import XCTest

/// What a test target of one's own gets from the one documented line: XCTest runs test
/// methods on the process's main thread, `MainThread.installExecutors()` (once, in
/// `setUp`) lets an `Application` made there own it, and under the virtual clock every
/// block the app sends to a queue runs on its loop, in a known turn.
final class DispatchInATestTargetTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        MainThread.installExecutors()
    }

    /// Records on the app's loop; the blocks that call it run there under the virtual clock.
    final class Recorder: @unchecked Sendable {
        // @unchecked: used only on the loop's thread (the scheduler runs blocks there).
        let loop: EventLoop
        init(_ loop: EventLoop) { self.loop = loop }
        func callAsFunction(_ event: String) { loop.record(label: "Loader", event: event) }
    }

    final class Loader: ViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            guard let loop = application?.loop else { return }
            let record = Recorder(loop)
            let images = DispatchQueue(label: "com.test.images")
            let group = DispatchGroup()
            for index in 0..<3 {
                images.async(group: group) { DispatchQueue.main.async { record("image\(index)") } }
            }
            DispatchQueue.global().async {
                let parsed = (1...100).reduce(0, +)
                DispatchQueue.main.async { record("parsed \(parsed)") }
            }
            group.notify(queue: .main) { record("allImages") }
            // Code that checks where it runs.
            let key = DispatchSpecificKey<String>()
            images.setSpecific(key: key, value: "images")
            images.async {
                dispatchPrecondition(condition: .onQueue(images))
                dispatchPrecondition(condition: .notOnQueue(.main))
                let specific = DispatchQueue.getSpecific(key: key) ?? "none"
                DispatchQueue.main.async { record("specific \(specific)") }
            }
            // A timer added to the main run loop by hand.
            let timer = Timer(fire: Date(timeIntervalSinceNow: 0.05), interval: 0, repeats: false) { _ in record("timer") }
            RunLoop.main.add(timer, forMode: .common)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(120)) {
                DispatchQueue.main.async { record("late") }
            }
        }
    }

    /// One run: the trace's lines and its digest.
    func runOnce() throws -> (lines: [String], digest: String) {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let window = Window(screen: .phone, label: "main")
        window.rootViewController = Loader(label: "Loader")
        window.makeKeyAndVisible()
        try app.settle()
        let lines = app.trace.events.map { "\($0.turn) \($0.time) \($0.label) \($0.name)" }
        return (lines, "\(app.trace.digest)")
    }

    func testQueuesGroupsAndDelaysRunOnTheLoopTheSameWayEveryTime() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        let first = try runOnce()
        // The scheduler ran the blocks (without it, libdispatch's threads would have, and
        // none of these events would be in the trace).
        XCTAssertEqual(first.lines.filter { $0.hasSuffix("com.test.images dispatch") }.count, 4, first.lines.joined(separator: "\n"))
        // The group's notify goes to the main queue at the last leave, before the global
        // block that was submitted after the image blocks runs.
        let names = ["image0", "image1", "image2", "allImages", "parsed 5050", "specific images", "timer", "late"]
        let loader = first.lines.filter { line in names.contains { line.hasSuffix(" Loader \($0)") } }
        XCTAssertEqual(loader.map { $0.split(separator: " ").dropFirst(3).joined(separator: " ") }, names)
        XCTAssertEqual(loader.last?.split(separator: " ")[1], "120000000", "asyncAfter waits 120 ms of virtual time")
        XCTAssertEqual(loader.first { $0.hasSuffix(" timer") }?.split(separator: " ")[1], "50000000", "the timer fires at its fire date")
        for _ in 0..<20 {
            XCTAssertEqual(try runOnce().digest, first.digest)
        }
    }
}
