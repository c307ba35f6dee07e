import Foundation
import Testing
import UIKit

/// The corpus files that build through the port step (`@IBOutlet`, `@objc`, `#selector`,
/// key-value reads), or that share a file or class name with another corpus file: `iOS/`
/// links each one, under a name of its own, from `Corpus/`; the port plugin ports them
/// and this target compiles the ported copies. Each runs the corpus lifecycle.
enum PortedCorpus {
    static let entries: [CorpusEntry] = [
        CorpusEntry(name: "CookbookFaceView", file: "CustomView.swift",
                    kind: .view { CustomView(frame: CGRect(x: 0, y: 0, width: 200, height: 200)) }, draws: true),
        CorpusEntry(name: "GradientView", file: "GradientView.swift", kind: .view {
            let view = GradientView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
            view.colors = [.systemBlue, .systemGreen]
            view.bottomBorderColor = .black
            return view
        }, draws: true),
        CorpusEntry(name: "TroposTextViewController", file: "TextViewController.swift", kind: .controller {
            let controller = TroposTextScreen()
            controller.text = "Partly cloudy, 18°. Light winds from the west, clearing in the evening."
            return controller
        }),
        CorpusEntry(name: "ContextMenuKeyboardMenu", file: "KeyboardMenuViewController.swift",
                    kind: .controller { KeyboardMenuViewController() }),
        CorpusEntry(name: "SnapchatMenuViewController", file: "ViewController.swift",
                    kind: .controller { SnapchatMenuScreen() }),
    ]
}

/// Tropos's text controller with the text view its storyboard connects.
final class TroposTextScreen: TextViewController {
    override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .darkGray
        let textView = UITextView(frame: root.bounds)
        textView.backgroundColor = .clear
        root.addSubview(textView)
        view = root
        self.textView = textView
    }
}

/// SnapchatMenu's controller with the paging scroll view its storyboard connects.
final class SnapchatMenuScreen: ViewController {
    override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        let scrollView = UIScrollView(frame: root.bounds)
        scrollView.isPagingEnabled = true
        root.addSubview(scrollView)
        view = root
        self.scrollView = scrollView
    }
}

@Suite("UIKit corpus, ported")
struct PortedCorpusTests {
    @Test(arguments: PortedCorpus.entries.map(\.name))
    func runsABalancedLifecycle(_ name: String) throws {
        let entry = try #require(PortedCorpus.entries.first { $0.name == name })
        try CorpusRun.expectBalancedLifecycle(entry)
    }
}
