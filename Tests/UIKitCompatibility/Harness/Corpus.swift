import UIKit

/// An entry that does not compile, and why: the features the UIKit module still lacks.
struct BlockedEntry: Sendable {
    let name: String
    let blockers: [String]
}

enum Corpus {
    /// Everything in `Package.swift`'s UIKitCompatibilityTests sources, compiled unchanged.
    static let compiled: [CorpusEntry] = [
        CorpusEntry(name: "ApiDemoResizingViewController", file: "ResizingViewController.swift",
                    kind: .controller { ResizingViewController() }),
        CorpusEntry(name: "ExampleUIScrollView", file: "ExampleUIScrollView.swift",
                    kind: .controller { ExampleUIScrollView() }),
        CorpusEntry(name: "FileExplorerImageViewController", file: "ImageViewController.swift",
                    kind: .controller { ImageViewController(image: UIImage(named: "photo")!) }),
        CorpusEntry(name: "SpringingViewController", file: "ViewController.swift",
                    kind: .controller { ViewController() }),
        CorpusEntry(name: "KxLifeCycleViewController", file: "LifeCycleViewController.swift",
                    kind: .controller { LifeCycleViewController() }),
        CorpusEntry(name: "BadgeSwift", file: "BadgeSwift.swift", kind: .view {
            let badge = BadgeSwift()
            badge.text = "7"
            return badge
        }, draws: true),
        CorpusEntry(name: "ConvexHullView", file: "View.swift",
                    kind: .view { View(frame: CGRect(x: 0, y: 0, width: 200, height: 200)) }, draws: true),
        CorpusEntry(name: "DrawClosureView", file: "DrawClosureView.swift", kind: .view {
            DrawClosureView {
                UIColor.red.setFill()
                UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).fill()
            }
        }, draws: true),
        CorpusEntry(name: "FeedItemManualView", file: "FeedItemManualView.swift",
                    kind: .view { FeedItemManualView(frame: CGRect(x: 0, y: 0, width: 320, height: 200)) }),
        CorpusEntry(name: "HighlightCutOutView", file: "HighlightCutOutView.swift", kind: .view {
            let view = HighlightCutOutView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            view.fillColor = UIColor.black.withAlphaComponent(0.6)
            view.cutOutPath = UIBezierPath(ovalIn: CGRect(x: 50, y: 50, width: 100, height: 100))
            return view
        }, draws: true),
        CorpusEntry(name: "JellyRoundedView", file: "RoundedView.swift",
                    kind: .view { RoundedView(frame: CGRect(x: 0, y: 0, width: 200, height: 120)) }),
        CorpusEntry(name: "LoopThumbView", file: "ThumbView.swift",
                    kind: .view { ThumbView(frame: CGRect(x: 0, y: 0, width: 30, height: 30)) }),
        CorpusEntry(name: "MailIndicatorView", file: "IndicatorView.swift",
                    kind: .view { IndicatorView(frame: CGRect(x: 0, y: 0, width: 12, height: 12)) }, draws: true),
        CorpusEntry(name: "ShapeCustomView", file: "CustomView.swift",
                    kind: .view { CustomView(frame: CGRect(x: 0, y: 0, width: 200, height: 200)) }, draws: true),
        CorpusEntry(name: "SimulatorGraphView", file: "SimulatorGraphView.swift",
                    kind: .view { SimulatorGraphView(frame: CGRect(x: 0, y: 0, width: 300, height: 150)) }),
        CorpusEntry(name: "BarButtonItemDemoViewController", file: "BarButtonItemDemoViewController.swift",
                    // Its bar items' menus run `menuHandler`, a local function that captures
                    // the controller, which owns the items: a cycle that keeps it alive.
                    kind: .controller { BarButtonItemDemoViewController() }, keepsItselfAlive: true),
        CorpusEntry(name: "ResizeKnob", file: "ResizeKnob.swift",
                    kind: .view { ResizeKnob(frame: CGRect(x: 0, y: 0, width: 12, height: 12)) }),
        CorpusEntry(name: "Swift2048ScoreView", file: "AccessoryViews.swift", kind: .view {
            ScoreView(backgroundColor: .black, textColor: .white, font: UIFont.boldSystemFont(ofSize: 16), radius: 6)
        }),
        CorpusEntry(name: "CWARoundedRectView", file: "RoundedRectView.swift", kind: .view {
            RoundedRectView(lineWidth: 2, fillColor: .white, strokeColor: .systemBlue)
        }),
        CorpusEntry(name: "TofuCircularProgressView", file: "CircularProgressView.swift",
                    kind: .view { CircularProgressView() }),
    ]

    /// The files built through the port step, or sharing a file or class name with a
    /// file above: UIKitCompatibilityPortedTests (`Tests/UIKitCompatibilityPorted`) runs them.
    static let ported: [(name: String, file: String)] = [
        ("CookbookFaceView", "CustomView.swift"),
        ("GradientView", "GradientView.swift"),
        ("TroposTextViewController", "TextViewController.swift"),
        ("ContextMenuKeyboardMenu", "KeyboardMenuViewController.swift"),
        ("SnapchatMenuViewController", "ViewController.swift"),
        // Its own target, UIKitCompatibilitySaveTheDotTests: its class is `ViewController` too.
        ("SaveTheDotViewController", "ViewController.swift"),
    ]

    /// The rest of the corpus, with what stops each from compiling.
    static let blocked: [BlockedEntry] = []
}
