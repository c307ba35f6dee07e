import Foundation
import Testing

/// An app's own sources that say `import Combine`, run by `lifeloop launch --sources`: they
/// compile against OpenCombine (through LifeloopCombine), and what they schedule on the main
/// queue, the main run loop and its timers runs on the app's loop at the virtual clock's
/// times. The app prints nothing: each subscriber sets the controller's title, and the
/// trace's `setTitle` events carry it, with the loop's time.
@Suite struct CombineSourcesTests {
    static let controller = """
        import Combine
        import Foundation
        import UIKit

        final class Model {
            @Published var count = 0
        }

        class ViewController: UIViewController {
            @IBOutlet weak var valueLabel: UILabel!
            let model = Model()
            let sent = PassthroughSubject<String, Never>()
            let current = CurrentValueSubject<Int, Never>(7)
            var bag = Set<AnyCancellable>()
            var timer: AnyCancellable?
            var ticks = 0

            override func viewDidLoad() {
                super.viewDidLoad()
                Just("just").sink { [weak self] in self?.title = $0 }.store(in: &bag)
                current.map { "current \\($0)" as String? }.assign(to: \\.title, on: self).store(in: &bag)
                model.$count
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] count in
                        self?.valueLabel.text = "\\(count)"
                        self?.title = "count \\(count)"
                    }
                    .store(in: &bag)
                timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    .sink { [weak self] _ in
                        guard let self else { return }
                        self.ticks += 1
                        self.title = "tick \\(self.ticks)"
                        if self.ticks == 3 { self.timer?.cancel() }
                    }
                sent.sink { [weak self] in self?.title = $0 }.store(in: &bag)
                sent.delay(for: .milliseconds(500), scheduler: DispatchQueue.main)
                    .sink { [weak self] in self?.title = "delayed " + $0 }
                    .store(in: &bag)
                sent.delay(for: 0.25, scheduler: RunLoop.main)
                    .sink { [weak self] in self?.title = "run loop " + $0 }
                    .store(in: &bag)
                NotificationCenter.default.publisher(for: Notification.Name("Bump"))
                    .receive(on: RunLoop.main)
                    .sink { [weak self] _ in self?.model.count += 10 }
                    .store(in: &bag)
            }

            @IBAction func plus(_ sender: UIButton) {
                model.count += 1
                sent.send("sent \\(model.count)")
                NotificationCenter.default.post(name: Notification.Name("Bump"), object: nil)
            }
        }
        """

    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ViewController" customModule="Ticker" customModuleProvider="target">
                    <connections>
                        <outlet property="valueLabel" destination="value-label" id="outlet-value"/>
                        <outlet property="view" destination="root-view" id="outlet-view"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root-view">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
                        <label opaque="NO" contentMode="left" text="-" id="value-label" userLabel="value">
                            <rect key="frame" x="20" y="100" width="200" height="30"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="plus-button" userLabel="plus">
                            <rect key="frame" x="20" y="150" width="100" height="44"/>
                            <state key="normal" title="+"/>
                            <connections>
                                <action selector="plus:" destination="-1" eventType="touchUpInside" id="action-plus"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    /// The app's folder (`Ticker/ViewController.swift`) and its nib, in a new folder.
    private func writeApp() throws -> (directory: String, xib: String, sources: String) {
        let directory = NSTemporaryDirectory() + "combine-sources-\(UUID().uuidString)"
        let sources = directory + "/Ticker"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try Self.controller.write(toFile: sources + "/ViewController.swift", atomically: true, encoding: .utf8)
        let xib = directory + "/ViewController.xib"
        try Self.xib.write(toFile: xib, atomically: true, encoding: .utf8)
        return (directory, xib, sources)
    }

    /// The trace's events as (time in ms, label, event, detail).
    private func events(_ jsonl: String) throws -> [(ms: Int, label: String, event: String, detail: String)] {
        try jsonl.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let nanoseconds = try #require(object["time"] as? Int, "\(line)")
            return (nanoseconds / 1_000_000, object["label"] as? String ?? "", object["event"] as? String ?? "",
                    object["detail"] as? String ?? "")
        }
    }

    @Test func combineRunsOnTheAppsLoopUnderTheVirtualClock() throws {
        let app = try writeApp()
        defer { try? FileManager.default.removeItem(atPath: app.directory) }
        let output = try CLI.run(["launch", app.xib, "--sources", app.sources, "--tap", "plus", "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        // No diagnostic either: a `realTime` one would mean something ran off the virtual clock.
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let trace = try events(output.stdout)
        #expect(!trace.contains { $0.event == "unknownClass" || $0.event == "undefinedKey" }, "\(output.stdout)")

        let titles = trace.filter { $0.label == "ViewController" && $0.event == "setTitle" }.map { "\($0.ms) \($0.detail)" }
        #expect(titles == [
            // In viewDidLoad: Just and a CurrentValueSubject deliver at once.
            "0 just", "0 current 7",
            // @Published's first value, through receive(on: DispatchQueue.main): a later turn.
            "0 count 0",
            // Timer.publish on the main run loop: every virtual second, until cancelled.
            "1000 tick 1", "2000 tick 2", "3000 tick 3",
            // The tap: the subject at once; @Published through the main queue; the notification
            // through receive(on: RunLoop.main), then the main queue again.
            "3000 sent 1", "3000 count 1", "3000 count 11",
            // delay on RunLoop.main (a timer) and on DispatchQueue.main (dispatch_after).
            "3250 run loop sent 1", "3500 delayed sent 1",
        ], "\(output.stdout)")
        // The run loop's timers: Timer.publish's three times and no more once cancelled (the
        // launch settled), then the one of delay on RunLoop.main.
        #expect(trace.filter { $0.label == "Timer" && $0.event == "fire" }.map(\.ms) == [1000, 2000, 3000, 3250])
        // The tap came after the third tick, once the launch had settled.
        let tap = try #require(trace.firstIndex { $0.label == "plus" && $0.event == "touchUpInside" })
        let third = try #require(trace.firstIndex { $0.event == "setTitle" && $0.detail == "tick 3" })
        let sent = try #require(trace.firstIndex { $0.event == "setTitle" && $0.detail == "sent 1" })
        #expect(third < tap && tap < sent)
    }

    @Test func twoRunsGiveTheSameTrace() throws {
        let app = try writeApp()
        defer { try? FileManager.default.removeItem(atPath: app.directory) }
        let arguments = ["launch", app.xib, "--sources", app.sources, "--tap", "plus", "--tap", "plus", "--format", "jsonl"]
        let first = try CLI.run(arguments)
        let second = try CLI.run(arguments)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdout.contains("\"detail\":\"count 22\""), "\(first.stdout)")
        let firstLines = first.stdout.split(separator: "\n"), secondLines = second.stdout.split(separator: "\n")
        let divergence = zip(firstLines, secondLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(firstLines.count, secondLines.count)
        #expect(!first.stdout.isEmpty && first.stdout == second.stdout,
                "first divergence at line \(divergence + 1): \(firstLines.dropFirst(divergence).first ?? "(end)") / \(secondLines.dropFirst(divergence).first ?? "(end)")")
    }
}
