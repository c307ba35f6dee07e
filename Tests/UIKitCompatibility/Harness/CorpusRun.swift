import Foundation
import LifeloopPictures
import Testing
import UIKit

// Shared by the corpus targets: the files compiled as they are (UIKitCompatibilityTests)
// and the files built through the port step (UIKitCompatibilityPortedTests, which links
// this file).

/// One file of the corpus (`Corpus/<name>/`): where it is, and how to make what it defines.
struct CorpusEntry: Sendable {
    enum Kind: Sendable {
        /// A view controller, made by the closure.
        case controller(@Sendable () -> UIViewController)
        /// A view, made by the closure, shown in a plain host controller.
        case view(@Sendable () -> UIView)
    }

    let name: String
    /// The file compiled unchanged (or ported unchanged), relative to the entry's folder.
    let file: String
    let kind: Kind
    /// Whether its `draw(_:)` draws (so the snapshot has a display list).
    var draws = false
    /// Whether the file's own code keeps its controller alive (a retain cycle that would
    /// leak it on iOS too): the run then expects no release.
    var keepsItselfAlive = false
}

/// The corpus run: each compiled file's controller (or view, in a host controller) is
/// shown in a window's navigation stack, pushed and popped, presented and dismissed; its
/// trace must show a balanced lifecycle. Each run makes its own app on its own thread.
enum CorpusRun {
    /// Shows a view made by `make` in its own controller's view.
    final class Host: UIViewController {
        let make: () -> UIView
        init(make: @escaping () -> UIView) {
            self.make = make
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let shown = make()
            shown.traceLabel = "CorpusView"
            if shown.frame.size == .zero { shown.sizeToFit() }
            if shown.frame.size == .zero { shown.frame.size = CGSize(width: 120, height: 44) }
            shown.frame.origin = CGPoint(x: 20, y: 100)
            view.addSubview(shown)
        }
    }

    struct Run {
        var lines: [String]
        var snapshots: [String]
        var diagnostics: [String]
    }

    /// Push, pop, present, dismiss, release: the whole trace and two snapshots.
    static func exercise(_ entry: CorpusEntry) throws -> Run {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let root = UIViewController(nibName: nil, label: "Root")
        let navigation = UINavigationController(rootViewController: root, label: "Nav")
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try app.settle()
        var snapshots: [String] = []
        weak var made: UIViewController?
        do {
            let controller: UIViewController
            switch entry.kind {
            case .controller(let make): controller = make()
            case .view(let make): controller = Host(make: make)
            }
            controller.traceLabel = "Corpus"
            made = controller
            navigation.pushViewController(controller, animated: true)
            try app.settle()
            snapshots.append(window.snapshot(style: .debug))
            navigation.popViewController(animated: true)
            try app.settle()
            root.present(controller, animated: true)
            try app.settle()
            snapshots.append(window.snapshot(style: .debug))
            controller.dismiss(animated: true)
            try app.settle()
        }
        try app.settle()
        let run = Run(lines: app.trace.lines, snapshots: snapshots, diagnostics: app.diagnostics.map(\.message))
        if entry.keepsItselfAlive {
            // Its own cycle runs through its bar items (on iOS as here): broken once the run
            // is recorded, so that what outlives a run is only ever Lifeloop's doing.
            made?.navigationItem.leftBarButtonItems = nil
            made?.navigationItem.rightBarButtonItems = nil
            made?.toolbarItems = nil
        }
        return run
    }

    /// Runs `entry` and checks its lifecycle: two balanced appearance rounds, one load,
    /// a release, snapshots of its view (and, for a view, that it was drawn).
    static func expectBalancedLifecycle(_ entry: CorpusEntry) throws {
        let name = entry.name
        let run = try exercise(entry)
        let mine = run.lines.filter { $0.hasPrefix("Corpus ") }.map { String($0.dropFirst("Corpus ".count)) }
        let appearance = mine.filter { ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"].contains($0) }
        // Pushed then popped, presented then dismissed: two full rounds, in order.
        #expect(appearance == Array(repeating: ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"],
                                    count: 2).flatMap { $0 }, "\(name): \(mine)")
        #expect(mine.filter { $0 == "viewDidLoad" }.count == 1, "\(name) loads its view once")
        if entry.keepsItselfAlive {
            #expect(!mine.contains("dealloc"), "\(name) keeps itself alive, on iOS as here")
        } else {
            #expect(mine.contains("dealloc"), "\(name) is released once popped and dismissed")
        }
        #expect(run.snapshots.allSatisfy { $0.contains("<svg") && $0.contains("view of Corpus") })
        if case .view = entry.kind {
            let view = run.lines.filter { $0.hasPrefix("CorpusView ") }
            #expect(view.filter { $0 == "CorpusView willMoveToWindow" }.count
                    == view.filter { $0 == "CorpusView didMoveToWindow" }.count)
            #expect(view.contains("CorpusView drawRect"), "\(name) was drawn")
            #expect(run.snapshots[0].contains("data-label=\"CorpusView\""))
            if entry.draws {
                #expect(run.snapshots[0].contains("data-role=\"drawing\""), "\(name)'s draw(_:) display list is in the snapshot")
            }
        }
    }
}
