// The UIKit survey's syntax side: what UseSurvey records of a file, as the survey script
// reads it (chains with their calls' labels, declared types, overrides, protocol methods,
// the clause of an `#if` an iOS build takes).
import LifeloopPort
import Testing

@Suite struct UseSurveyTests {
    let source = """
    import UIKit
    import SnapKit
    class Feed: UIViewController, UITableViewDataSource {
        @IBOutlet weak var label: UILabel!
        let button = UIButton(type: .system)
        let font = UIFont.systemFont(ofSize: 12)
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor.red
            label.textAlignment = .center
            self.view.layer.cornerRadius = 4
            navigationController?.pushViewController(UIViewController(), animated: true)
            UIView.animate(withDuration: 0.3) { self.view.alpha = 0 }
        }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
        @objc func tableViewTapped(_ sender: Any) {}
        override var prefersStatusBarHidden: Bool { true }
        required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
    }
    #if os(macOS)
    let mac = NSColor.red
    #else
    let phone = UIColor.blue
    #endif
    """

    @Test func chainsKeepTheirCallsLabelsTrailingClosuresAndUnwraps() throws {
        let survey = UseSurvey.survey(source: source)
        let animate = try #require(survey.chains.first { $0.root == "UIView" })
        #expect(animate.links == [.init(name: "animate", labels: ["withDuration"], trailing: [0])])
        let layer = try #require(survey.chains.first { $0.links.last?.name == "cornerRadius" })
        #expect(layer.root == "self")
        #expect(layer.links.map(\.name) == ["view", "layer", "cornerRadius"])
        let push = try #require(survey.chains.first { $0.root == "navigationController" })
        #expect(push.rootUnwrap == "?")
        #expect(push.links.first?.labels == ["_", "animated"])
        let button = try #require(survey.chains.first { $0.root == "UIButton" })
        #expect(button.links.first?.name == "init")
        #expect(button.links.first?.implicitArguments == [0: "system"])
        let alignment = try #require(survey.chains.first { $0.root == "label" })
        #expect(alignment.assignedImplicit == "center")
        #expect(alignment.enclosing == "Feed")
    }

    @Test func variablesTakeTheirWrittenOrInitialisedTypeButNotAFactorysName() {
        let survey = UseSurvey.survey(source: source)
        #expect(survey.variables["label"] == "UILabel")
        #expect(survey.variables["button"] == "UIButton")
        #expect(survey.variables["tableView"] == "UITableView")
        #expect(survey.variables["font"] == nil)
    }

    @Test func classesListOverridesAndMethodsButNotActionTargets() throws {
        let survey = UseSurvey.survey(source: source)
        let feed = try #require(survey.declarations.first { $0.name == "Feed" })
        #expect(feed.inherits == ["UIViewController", "UITableViewDataSource"])
        #expect(feed.overrides.contains("override func viewDidLoad()"))
        #expect(feed.overrides.contains("override var prefersStatusBarHidden: Bool {get}"))
        #expect(feed.overrides.contains("required init?(coder aDecoder: NSCoder)"))
        #expect(feed.functions == ["tableView(_:numberOfRowsInSection:)"])
        #expect(survey.imports == ["UIKit", "SnapKit"])
    }

    @Test func namesBoundByPatternsAndClosuresAreDeclared() {
        let survey = UseSurvey.survey(source: """
            if let cell = table.cellForRow(at: path) {}
            for item in items {}
            load { continuation, error in }
            """)
        #expect(["cell", "item", "continuation", "error"].allSatisfy(survey.declaredNames.contains))
    }

    @Test func onlyTheClauseAnIOSBuildTakesIsSurveyed() {
        let survey = UseSurvey.survey(source: source)
        #expect(survey.chains.contains { $0.root == "UIColor" && $0.links.first?.name == "blue" })
        #expect(!survey.chains.contains { $0.root == "NSColor" })
        #expect(UseSurvey.survey(source: "#if DEBUG\nlet a = UIColor.red\n#else\nlet b = UIColor.blue\n#endif\n")
            .chains.count == 2)
    }
}
