import Foundation
import LifeloopHost
import Testing

/// `app.describe`'s nested form through a real daemon and app process: the element tree's
/// elements, so a navigation bar and its back button are there (and the back button's id
/// taps it), and a hidden view is not.
@Suite struct NestedDescribeThroughTheDaemonTests {
    /// Every node of the reply's windows' `views`, depth first.
    static func nodes(_ reply: JSON) -> [JSON] {
        func flatten(_ nodes: [JSON]) -> [JSON] { nodes.flatMap { [$0] + flatten($0["subviews"]?.array ?? []) } }
        return flatten(reply["windows"]?.array?.flatMap { $0["views"]?.array ?? [] } ?? [])
    }

    @Test func theNavigationBarAndBackButtonAreDescribedAndTheHiddenFieldIsNot() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let client = try daemon.client()
        let app = try #require(try client.call("app.launch", ["sample": "AgentTour", "seed": 4])["app"]?.string)
        func call(_ method: String, _ params: [String: JSON] = [:]) throws -> JSON {
            var all = params
            all["app"] = .string(app)
            return try client.call(method, .object(all))
        }
        _ = try call("app.settle")
        _ = try call("app.push", ["scene": "Form", "animated": false])
        _ = try call("app.settle")
        let described = try call("app.describe", ["detail": true])
        let all = Self.nodes(described)
        let bar = try #require(all.first { $0["type"] == "navigationBar" }, "\(described.text.prefix(1500))")
        #expect(bar["accessibilityIdentifier"] == "Form" && bar["label"] == nil)
        let back = try #require(bar["subviews"]?.array?.first { $0["type"] == "backButton" }, "\(bar.text)")
        #expect(back["accessibilityLabel"] == "Home" && back["hittable"] == true && back["class"] == "UINavigationBarBackButton")
        // The bar lies over the navigation controller's view: both under the same node.
        let container = try #require(all.first { node in node["subviews"]?.array?.contains { $0["type"] == "navigationBar" } == true })
        #expect(container["subviews"]?.array?.contains { $0["label"] == "Form.view" } == true, "\(container.text.prefix(800))")
        // A hidden field is not described; a shown one has its placeholder.
        #expect(!all.contains { $0["label"] == "Form.hidden" })
        #expect(!described.text.contains("hiddenField"))
        let name = try #require(all.first { $0["label"] == "Form.name" })
        #expect(name["type"] == "textField" && name["placeholder"] == "name")

        // The back button's id, read from the nested describe, taps it.
        let id = try #require(back["id"]?.string)
        _ = try call("app.tap", ["view": .string("@" + id)])
        _ = try call("app.settle")
        let after = Self.nodes(try call("app.describe"))
        #expect(after.first { $0["type"] == "navigationBar" }?["subviews"]?.array?.contains { $0["type"] == "backButton" } == false)
        #expect(after.contains { $0["label"] == "Home.view" } && !after.contains { $0["label"] == "Form.view" })
    }
}
