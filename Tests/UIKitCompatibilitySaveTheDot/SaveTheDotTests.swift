import Foundation
import Testing
import UIKit

/// SaveTheDot's game controller (a `UIViewPropertyAnimator` per dot, a `CADisplayLink`
/// clock, keyframe animations and touches), built through the port step in a target of its
/// own: its class is named `ViewController`, as another ported corpus file's is. Its
/// storyboard is not in the corpus, so the labels it connects are made here.
final class SaveTheDotScreen: ViewController {
    override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .white
        for (index, name) in ["clock", "start", "best"].enumerated() {
            let label = UILabel(frame: CGRect(x: 20, y: 60 + CGFloat(index) * 40, width: 280, height: 30))
            label.traceLabel = "SaveTheDot.\(name)"
            root.addSubview(label)
            switch index {
            case 0: clockLabel = label
            case 1: startLabel = label
            default: bestTimeLabel = label
            }
        }
        view = root
    }
}

@Suite("UIKit corpus, SaveTheDot")
struct SaveTheDotTests {
    static let entry = CorpusEntry(name: "SaveTheDotViewController", file: "ViewController.swift",
                                   kind: .controller { SaveTheDotScreen() })

    @Test func runsABalancedLifecycle() throws {
        try CorpusRun.expectBalancedLifecycle(Self.entry)
    }
}
