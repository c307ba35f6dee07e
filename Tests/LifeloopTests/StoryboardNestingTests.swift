import Foundation
import Testing
@testable import Lifeloop

/// Chains of containers (navigation controllers whose root is the next one, container
/// views embedding the next scene) are refused past a documented depth, in the readers
/// (so `validate` and `launch` say the same) and when a definition built in code is
/// instantiated, instead of overflowing the stack.
@Suite("Storyboard nesting")
struct StoryboardNestingTests {
    typealias IB = InterfaceBuilderTests

    /// `count` navigation controllers, each the next one's root, then a plain controller.
    static func navigationChain(_ count: Int) -> String {
        var scenes = ""
        for index in 0..<count {
            scenes += """
                <scene sceneID="s\(index)"><objects><navigationController id="n\(index)" sceneMemberID="viewController"><connections><segue destination="n\(index + 1)" kind="relationship" relationship="rootViewController" id="r\(index)"/></connections></navigationController></objects></scene>

                """
        }
        scenes += IB.scene("n\(count)")
        return IB.storyboard(initial: "n0", scenes)
    }

    /// The same as JSON: `count` navigation controllers, then a plain controller.
    static func jsonChain(_ count: Int) -> String {
        var scenes: [String] = []
        for index in 0..<count {
            scenes.append(#"{"id": "n\#(index)", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "n\#(index + 1)"}]}"#)
        }
        scenes.append(#"{"id": "n\#(count)"}"#)
        return #"{"initialScene": "n0", "scenes": [\#(scenes.joined(separator: ","))]}"#
    }

    @Test("a chain of 1,000 navigation controllers is refused by the Xcode reader, naming the file, line and depth")
    func thousandNavigationControllers() throws {
        let error = try #require(IB.parseError(Self.navigationChain(1_000), file: "Chain.storyboard"))
        #expect(error.file == "Chain.storyboard")
        #expect(error.line != nil)
        #expect(error.problem.contains("nest 1001 controllers"), "\(error)")
        #expect(error.problem.contains("at most \(StoryboardFileReader.maxContainmentDepth)"), "\(error)")
        #expect(error.problem.contains("n0 → n1"), "\(error)")
    }

    @Test("the deepest chain allowed loads and launches; one more controller is refused, through loadStoryboard as launch does")
    func limit() throws {
        let limit = StoryboardFileReader.maxContainmentDepth
        // `limit - 1` navigation controllers and the plain root: `limit` controllers.
        let (app, window, _) = try IB.launch(Self.navigationChain(limit - 1))
        var controller = window.rootViewController
        var nested = 0
        while let current = controller {
            nested += 1
            controller = (current as? NavigationController)?.viewControllers.first
        }
        #expect(nested == limit)
        #expect(app.diagnostics.filter { $0.kind == .invalidHierarchy }.isEmpty)

        let dir = try IB.folder()
        let path = try IB.write(Self.navigationChain(limit), "Deep.storyboard", in: dir)
        #expect(throws: StoryboardError.self) { try app.loadStoryboard(path: path) }
        #expect(throws: StoryboardError.self) { try StoryboardDefinition.load(path: path) }
    }

    @Test("embeds nest the same way: a chain of container views is counted too")
    func embedChain() throws {
        var scenes = ""
        let count = 200
        for index in 0...count {
            let container = index < count ? """
                <containerView id="c\(index)"><rect key="frame" x="0" y="0" width="100" height="100"/><connections><segue destination="e\(index + 1)" kind="embed" id="x\(index)"/></connections></containerView>
                """ : ""
            scenes += IB.scene("e\(index)", subviews: container)
        }
        let error = try #require(IB.parseError(IB.storyboard(initial: "e0", scenes)))
        #expect(error.problem.contains("nest \(count + 1) controllers"), "\(error)")
    }

    @Test("a JSON storyboard's chain is refused at the segue's field; cycles are still named")
    func jsonChainAndCycle() throws {
        let error = try #require(StoryboardFileTests.storyboardError(Self.jsonChain(1_000)))
        #expect(error.field == "scenes[0].segues[0].destination")
        #expect(error.problem.contains("nest 1001 controllers"))
        #expect(throws: Never.self) {
            try StoryboardDefinition.parse(Array(Self.jsonChain(StoryboardFileReader.maxContainmentDepth - 1).utf8), name: "M", file: "M.json")
        }
        // A long cycle is found without recursion.
        var scenes: [String] = []
        for index in 0..<5_000 {
            scenes.append(#"{"id": "n\#(index)", "class": "NavigationController", "segues": [{"kind": "relationship", "destination": "n\#((index + 1) % 5_000)"}]}"#)
        }
        let cycle = try #require(StoryboardFileTests.storyboardError(#"{"initialScene": "n0", "scenes": [\#(scenes.joined(separator: ","))]}"#))
        #expect(cycle.problem.hasPrefix("embed and relationship segues make a cycle: n0 → n1"))
    }

    @Test("a definition built in code that chains deeper is cut at the limit with a diagnostic, not a crash")
    func definitionInCode() throws {
        let count = 1_000
        var scenes: [SceneDefinition] = []
        for index in 0..<count {
            scenes.append(SceneDefinition(id: "n\(index)", className: "NavigationController",
                                          segues: [SegueDefinition(identifier: "", kind: .relationship, destination: "n\(index + 1)")]))
        }
        scenes.append(SceneDefinition(id: "n\(count)"))
        let app = try Application(clock: .virtual)
        let storyboard = app.storyboard(StoryboardDefinition(name: "Code", initialScene: "n0", scenes: scenes))
        let root = storyboard.instantiateInitialViewController()
        #expect(root != nil)
        #expect(app.diagnostics.contains { $0.kind == .invalidHierarchy && $0.message.contains("nest more than") })
    }
}
